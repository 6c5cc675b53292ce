"""Decisions per second of random self-play (prints throughput; never asserted in tests).

Usage: python bench/selfplay_bench.py [GAME] [SCENARIO] [GAMES]
"""

from __future__ import annotations

import sys
import time

from grognard.selfplay import Match, play_match


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "nae"
    scenario = sys.argv[2] if len(sys.argv) > 2 else "1815"
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    players = {"empire": "random", "coalition": "random"}
    t0 = time.perf_counter()
    decisions = sum(play_match(Match(game, scenario, seed, players)).decisions for seed in range(games))
    wall = time.perf_counter() - t0
    print(f"{game} {scenario}: {games} games, {decisions} decisions, "
          f"{decisions / wall:,.0f} decisions/s, {games / wall:,.1f} games/s")


if __name__ == "__main__":
    main()
