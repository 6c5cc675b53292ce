"""Time of the interphase phases written so far, budget (7.3), neutral movement (7.5) and strategic redeployment
(7.6), played with random choices from the 1805 set-up in 1806 (prints; never asserted in tests). The
interphase driver is not wired yet, so the phases are pushed on the position the rule tests use.

Usage: PYTHONPATH=. python bench/interphase_bench.py [GAMES]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from grognard.games.nae.rules import budget, redeployment
from tests.games.nae.rules.grand import board_1806, forces_1805


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    times: list[float] = []
    actions = 0
    for seed in range(games):
        rng = random.Random(seed)
        st = board_1806(dice=[rng.randint(1, 6) for _ in range(200)])
        forces_1805(st)
        st.core["stack"].clear()
        st.push("round")
        start = time.process_time()
        redeployment.push_strategic_redeployment(st)
        redeployment.push_neutral_movement(st)
        budget.push_budget_phase(st)
        st._advance()
        while st.step != "round":
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
            actions += 1
        times.append(time.process_time() - start)
    total = sum(times)
    print(f"{games} interphases (7.3, 7.5, 7.6) with random choices: median {statistics.median(times) * 1000:.0f} ms "
          f"CPU each, {actions / games:.0f} actions each, {actions / total:.0f} actions/s")


if __name__ == "__main__":
    main()
