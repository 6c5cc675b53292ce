"""The grand campaigns in random self-play (prints; never asserted in tests): the median CPU time of one full game
(1805-1814 or 1809-1814), decisions per second, and how results and game lengths spread over N games.

Usage: python bench/grand_campaign_bench.py [SCENARIO] [GAMES] [PLAYER]   (PLAYER: random, heuristic...)
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from grognard.selfplay import Match, play_match


def main() -> None:
    scenario = sys.argv[1] if len(sys.argv) > 1 else "1805"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    player = sys.argv[3] if len(sys.argv) > 3 else "random"
    times: list[float] = []
    lengths: list[int] = []
    results: Counter[str] = Counter()
    for seed in range(games):
        t0 = time.process_time()
        out = play_match(Match("nae", scenario, seed, {"empire": player, "coalition": player}))
        times.append(time.process_time() - t0)
        lengths.append(out.decisions)
        results[str(out.winner or "both lose")] += 1
    deciles = ", ".join(str(round(d)) for d in statistics.quantiles(lengths, n=10)) if games > 1 else lengths[0]
    print(f"nae {scenario}, {games} {player} games: median {statistics.median(times) * 1000:.0f} ms CPU per game "
          f"(max {max(times) * 1000:.0f} ms), {sum(lengths) / sum(times):,.0f} decisions/s")
    print(f"  results: {dict(sorted(results.items()))}")
    print(f"  decisions per game: min {min(lengths)}, deciles {deciles}, max {max(lengths)}")


if __name__ == "__main__":
    main()
