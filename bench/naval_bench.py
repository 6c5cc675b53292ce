"""The naval war of heuristic grand campaigns (prints; never asserted in tests): per game the squadrons' transports
(17.2.7 embarkations), landings (in a friendly port, 17.2.7; assaults, 17.2.8), naval combat rounds (17.3), ports
blockaded (17.2.6), the result and final victory level; the CPU ms per decision (``time.process_time``).

Usage: python bench/naval_bench.py SCENARIO GAMES [--first SEED] [--each]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import Counter

from grognard.agents import make_agent
from grognard.core.registry import load_game

COUNTED = {  # what a log line says -> the column it counts in
    "embark(s) at": "embark",
    "land(s) at": "land",
    "the amphibious assault": "assault",
    "on landing": "assault",
    "land(s) before the fortress": "assault",
    "is blockaded": "blockade",
    "Naval combat: the": "fire",
}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of k successes in n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def play(scenario: str, seed: int) -> tuple[str, int, Counter[str], int, float]:
    """One heuristic mirror game, agents seeded as ``grand_campaign_bench`` seeds them: (result, final VP, the
    counts, decisions, CPU seconds)."""
    st = load_game("nae").new_state(scenario, seed=seed)
    agents = {side: make_agent("heuristic", seed * 7919 + i) for i, side in enumerate(("empire", "coalition"))}
    n = 0
    t0 = time.process_time()
    while not st.over:
        st.apply(agents[st.active].choose(st, st.active))
        n += 1
    cpu = time.process_time() - t0
    counts: Counter[str] = Counter()
    for e in st.log:
        for text, column in COUNTED.items():
            if text in e.get("text", ""):
                counts[column] += 1
    counts["fire"] //= 2  # both squadrons fire in each round
    return str((st.result or {}).get("winner")), int(st.g["vp"]), counts, n, cpu


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("scenario")
    p.add_argument("games", type=int)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--each", action="store_true")
    a = p.parse_args()
    results: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    vps, decisions, cpu = [], 0, 0.0
    for seed in range(a.first, a.first + a.games):
        result, vp, counts, n, t = play(a.scenario, seed)
        results[result] += 1
        totals.update(counts)
        vps.append(vp)
        decisions += n
        cpu += t
        if a.each:
            print(f"seed {seed}: {result} VP {vp} {dict(sorted(counts.items()))} {n} decisions {t:.1f} s", flush=True)
    g = a.games
    print(f"{a.scenario} heuristic mirror, {g} games, seeds {a.first}-{a.first + g - 1}")
    for r, k in sorted(results.items()):
        lo, hi = wilson(k, g)
        print(f"  {r}: {k}/{g} = {k / g:.0%} (Wilson 95% {lo:.0%}-{hi:.0%})")
    print(f"  final VP median {statistics.median(vps)} (min {min(vps)}, max {max(vps)})")
    print("  per game: " + ", ".join(f"{c} {totals[c] / g:.2f}" for c in
                                      ("embark", "land", "assault", "blockade", "fire")))
    print(f"  {1000 * cpu / decisions:.2f} ms of CPU per decision ({decisions} decisions)")


if __name__ == "__main__":
    main()
