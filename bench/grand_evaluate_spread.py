"""How noisy ``ai_grand.evaluate`` is at the search's horizon, and how well a lead there foretells one at the year's
end (prints; never asserted in tests). Heuristic mirror games of SCENARIO (seeds FROM..TO-1); at every EVERY-th
decision of SEAT at a step of ``ai_grand.SEARCHED`` before the last year, outside the interphase, the heuristic's move
and its second choice are each played on K paired determinizations, to the horizon ``ai_grand.search_horizon`` names
and to the year's end (5.3-5.4: the conquests and the victory level read). Per decision: the spread (standard
deviation) of the heuristic's move's scores over the determinizations, in the search's [0, 1] units, and the second
choice's mean lead at both ends; then, for the steps the search plays out (``READ_AT_THE_HORIZON``) and for the others
(cards, activations: round 9 leaves them to the heuristic), the quantiles of the spread, the correlation of the two
leads, and how often a lead at the horizon keeps its sign at the year's end.

Usage: python bench/grand_evaluate_spread.py SCENARIO SEAT FROM TO [--every N] [--k K]
(e.g. 1809 empire 0 3 --every 4 --k 8)
"""

from __future__ import annotations

import argparse
import random
import statistics

from grognard.agents import make_agent
from grognard.agents.heuristic import game_ai
from grognard.agents.search import SearchAgent, ranked
from grognard.core.registry import load_game
from grognard.games.nae import ai_grand


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scenario")
    p.add_argument("seat", choices=("empire", "coalition"))
    p.add_argument("first", type=int)
    p.add_argument("end", type=int, help="the seed after the last")
    p.add_argument("--every", type=int, default=4, help="sample every N-th searched decision")
    p.add_argument("--k", type=int, default=8, help="paired determinizations a decision")
    a = p.parse_args()
    judge = SearchAgent(0, iterations=None, seconds=1e9, rollout=5000)
    rng = random.Random(7)
    spreads: dict[bool, list[float]] = {True: [], False: []}  # by step: read at the horizon or not
    pairs: dict[bool, list[tuple[float, float]]] = {True: [], False: []}  # the second choice's mean lead at the
    # horizon and at the year's end
    for seed in range(a.first, a.end):
        st = load_game("nae").new_state(a.scenario, seed=seed)
        agent = make_agent("heuristic", seed)
        n = 0
        while not st.over:
            side = str(st.active)
            legal = st.legal_actions()
            step = str(st.step)
            if (side == a.seat and len(legal) > 1 and not ai_grand.last_year(st) and step in ai_grand.SEARCHED
                    and st.g["phase"] != "interphase"):
                n += 1
                if n % a.every == 0:
                    read = step in ai_grand.READ_AT_THE_HORIZON
                    horizon = ai_grand.search_horizon(st, side)
                    ai = game_ai(st)
                    (hint, _), (other, _) = ranked(ai, st, side, legal, 2)
                    year = st.g["year"]
                    end_of_year = (lambda s, y=year: s.g["year"] != y)  # noqa: E731
                    scores, near, far = [], [], []
                    for _ in range(a.k):
                        det = st.determinize(side, rng)
                        h = judge._playout(det.copy(), hint, side, ai, None, horizon)
                        o = judge._playout(det.copy(), other, side, ai, None, horizon)
                        hy = judge._playout(det.copy(), hint, side, ai, None, end_of_year)
                        oy = judge._playout(det, other, side, ai, None, end_of_year)
                        assert h is not None and o is not None and hy is not None and oy is not None
                        scores.append(h)
                        near.append(o - h)
                        far.append(oy - hy)
                    sd = statistics.stdev(scores)
                    spreads[read].append(sd)
                    pairs[read].append((statistics.mean(near), statistics.mean(far)))
                    print(f"seed {seed} {year} {st.g['phase']} round {st.g['round']} {step}: spread {sd:.4f}; "
                          f"{st.game.label(st, other)} against {st.game.label(st, hint)}: lead "
                          f"{pairs[read][-1][0]:+.4f} at the horizon, {pairs[read][-1][1]:+.4f} at the year's end",
                          flush=True)
            st.apply(agent.choose(st, side))
    for read in (True, False):
        if len(spreads[read]) > 2:
            print("steps read at the horizon (searched):" if read else "cards, activations (not searched):")
            summary(spreads[read], pairs[read])


def summary(spreads: list[float], pairs: list[tuple[float, float]]) -> None:
    q = statistics.quantiles(spreads, n=10)
    print(f"  spread of the heuristic's move's score over {len(spreads)} decisions: "
          f"median {statistics.median(spreads):.4f}, p10 {q[0]:.4f}, p90 {q[-1]:.4f}")
    near, far = [x for x, _ in pairs], [y for _, y in pairs]
    if len(pairs) > 2 and statistics.pstdev(near) and statistics.pstdev(far):
        print(f"  correlation of the leads (horizon, year's end): {statistics.correlation(near, far):+.2f}")
    for cut in (0.005, 0.01, 0.02, 0.03, 0.05):
        ahead = [(x, y) for x, y in pairs if x >= cut]
        if ahead:
            kept = sum(y > 0 for _, y in ahead)
            print(f"  second choice ahead by {cut} or more at the horizon: {len(ahead)} decisions, ahead at the year's "
                  f"end in {kept}, mean lead there {statistics.mean(y for _, y in ahead):+.4f}")


if __name__ == "__main__":
    main()
