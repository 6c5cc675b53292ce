"""The grand heuristic against a player in the grand campaigns (prints; never asserted in tests): each side's wins
with their Wilson 95% interval, how the final victory level and escalade spread, the year the Punishments cards
came in, the majors conquered (18.2) and by whom, and the CPU milliseconds of each heuristic decision (median, p95,
max). Agents are seeded as ``grand_campaign_bench.play`` seeds them, so a seed replays the same game there.

Usage: python bench/grand_heuristic_bench.py SCENARIO GAMES EMPIRE COALITION [--first SEED]
EMPIRE, COALITION: random or heuristic.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from grognard.agents import make_agent
from grognard.core.registry import load_game
from grognard.ratings import wilson


def play(scenario: str, seed: int, players: dict[str, str], times: list[float]) -> dict[str, object]:
    """One game; the CPU seconds of every heuristic decision are added to ``times``."""
    st = load_game("nae").new_state(scenario, seed=seed)
    agents = {side: make_agent(kind, seed * 7919 + i) for i, (side, kind) in enumerate(players.items())}
    punished = None if "punishments" not in st.g.get("periods", ()) else st.g["year"]
    conquests: list[str] = []
    seen = 0
    while not st.over:
        side = str(st.active)
        t0 = time.process_time()
        action = agents[side].choose(st, side)
        if players[side] == "heuristic":
            times.append(time.process_time() - t0)
        st.apply(action)
        if punished is None and "punishments" in st.g.get("periods", ()):
            punished = st.g["year"]
        for e in st.log[seen:]:
            text = str(e.get("text", ""))
            if e.get("rule") == "18.2.1" and " surrenders to " in text:  # « X surrenders to Y: a forced peace »
                power, victor = text.split(":")[0].split(" surrenders to ")
                conquests.append(f"{power} to {victor} {st.g['year']}")
        seen = len(st.log)
    winner = st.result["winner"] if st.result else None
    return {"winner": winner or "both lose", "vp": st.g["vp"], "escalade": st.g.get("escalade"),
            "punished": punished, "conquests": conquests, "end": f"{st.g['year']} round {st.g['round']}"}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scenario")
    p.add_argument("games", type=int)
    p.add_argument("empire")
    p.add_argument("coalition")
    p.add_argument("--first", type=int, default=0)
    a = p.parse_args()
    players = {"empire": a.empire, "coalition": a.coalition}
    times: list[float] = []
    games = []
    for seed in range(a.first, a.first + a.games):
        g = play(a.scenario, seed, players, times)
        games.append(g)
        print(f"  seed {seed}: {g['winner']} in {g['end']}, victory level {g['vp']}, escalade {g['escalade']}, "
              f"Punishments {g['punished'] or 'never'}, conquered: {', '.join(g['conquests']) or 'none'}", flush=True)
    n = len(games)
    print(f"nae {a.scenario}, Empire {a.empire} vs Coalition {a.coalition}, {n} games (seeds {a.first}-"
          f"{a.first + n - 1}):")
    for side in ("empire", "coalition", "both lose"):
        k = sum(1 for g in games if g["winner"] == side)
        lo, hi = wilson(k, n)
        print(f"  {side}: {k}/{n} = {100 * k / n:.1f}% (Wilson 95% {100 * lo:.1f}-{100 * hi:.1f})")
    print(f"  final victory level: {sorted(int(str(g['vp'])) for g in games)}")
    if any(g["escalade"] is not None for g in games):
        print(f"  final escalade: {sorted(int(str(g['escalade'])) for g in games)}")
        print(f"  Punishments in: {dict(sorted(Counter(str(g['punished'] or 'never') for g in games).items()))}")
    majors = Counter(c.rsplit(" ", 1)[0] for g in games for c in g["conquests"])  # type: ignore[attr-defined]
    print(f"  majors conquered (surrenders, all games): {dict(majors.most_common())}")
    if times:
        times.sort()
        print(f"  heuristic decision CPU: median {1000 * statistics.median(times):.2f} ms, p95 "
              f"{1000 * times[int(0.95 * len(times))]:.2f} ms, max {1000 * times[-1]:.1f} ms over {len(times):,}")


if __name__ == "__main__":
    main()
