"""The grand campaigns in self-play (prints; never asserted in tests): the median CPU time of one full game
(1805-1814 or 1809-1814), decisions per second, and how results, final victory levels and game lengths spread over
N games. ``--check`` checks the land-war invariants after every action and the Unsupplied markers against a fresh
trace after every supply check, as the random self-play tests do (``tests.games.nae.rules.test_selfplay``): slower,
so its CPU figures are not the engine's. ``--ops`` prints instead what each operation a search makes costs on the
grand-campaign states of random games (CPU µs, median and p95): the legal list, ``apply`` (and trusted, on a search
copy), ``copy`` (and for search), ``determinize`` and the grand heuristic's ``evaluate``.

Usage: python bench/grand_campaign_bench.py [SCENARIO] [GAMES] [PLAYER] [--coalition PLAYER] [--first SEED]
       [--seeds A-B] [--check] [--each] [--ops [--every K]]
PLAYER: random, heuristic, search:iterations=N... (the Empire's, and the Coalition's unless --coalition is given).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from pathlib import Path
from typing import Any
from unittest import mock

from grognard.agents import make_agent
from grognard.core.registry import load_game
from grognard.games.nae import ai_grand


def play(scenario: str, seed: int, players: dict[str, str], check: bool) -> tuple[str, int, int, str]:
    """One game, agents seeded as ``grognard.selfplay.play_match`` seeds them: (result, decisions, final VP, the
    year and round it ended in)."""
    checker: Any = None
    patch: Any = nullcontext()
    if check:
        from grognard.games.nae.rules import supply

        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository's root, where ``tests`` is
        from tests.games.nae.rules import test_selfplay as checker

        patch = mock.patch.object(supply, "update_supply", checker.checked_update(supply.update_supply))
    with patch:
        st = load_game("nae").new_state(scenario, seed=seed)
        if checker is not None:
            assert checker.fresh_supply_matches(st), f"seed {seed}: Unsupplied markers differ from a fresh trace"
        agents = {side: make_agent(kind, seed * 7919 + i) for i, (side, kind) in enumerate(players.items())}
        n = 0
        while not st.over:
            side = st.active
            if side not in agents:  # the rules asked nobody: an engine fault, reported with its seed
                raise RuntimeError(f"no side to ask at step {st.step} (decision {n})")
            st.apply(agents[side].choose(st, side))
            n += 1
            if checker is not None:
                checker.check(st)
    winner = st.result["winner"] if st.result else None
    return str(winner or "both lose"), n, int(st.g["vp"]), f"{st.g['year']} round {st.g['round']}"


def timed(fn: Callable[[], Any], into: list[float]) -> Any:
    t0 = time.process_time()
    out = fn()
    into.append(time.process_time() - t0)
    return out


OPERATIONS = ("legal_actions", "apply", "apply(check=False)", "copy", "copy(for_search)", "determinize", "evaluate")


def operations(scenario: str, seeds: Iterable[int], every: int) -> tuple[dict[str, list[float]], int]:
    """CPU seconds of each operation along random games: the legal list and the apply of every decision; one
    decision in ``every``, the copies, a determinization for the side to act, the evaluation, and the trusted apply
    of the same action on a search copy (alternately before and after the checked one: the first warms the supply
    caches). Returns the costs and the number of decisions."""
    game = load_game("nae")
    rnd = random.Random(2)
    costs: dict[str, list[float]] = {name: [] for name in OPERATIONS}
    n = 0
    for seed in seeds:
        st = game.new_state(scenario, seed=seed)
        while not st.over:
            legal = timed(st.legal_actions, costs["legal_actions"])
            action = legal[int(rnd.random() * len(legal))]
            applies: list[Callable[[], Any]] = [lambda s=st, a=action: timed(lambda: s.apply(a), costs["apply"])]
            if n % every == 0:
                side = str(st.active)
                trial = st.copy(for_search=True)
                ops: list[tuple[str, Callable[[], Any]]] = [
                    ("copy", st.copy), ("copy(for_search)", lambda s=st: s.copy(for_search=True)),
                    ("determinize", lambda s=st, who=side, k=n: s.determinize(who, random.Random(k))),
                    ("evaluate", lambda s=st, who=side: ai_grand.evaluate(s, who))]
                k = n // every % len(ops)  # each in turn first: the first after an apply runs on colder caches
                for name, op in ops[k:] + ops[:k]:
                    timed(op, costs[name])
                applies.append(lambda t=trial, a=action: timed(lambda: t.apply(a, check=False),
                                                               costs["apply(check=False)"]))
            for run in applies if n % 2 else reversed(applies):
                run()
            n += 1
    return costs, n


def print_operations(scenario: str, seeds: range, every: int) -> None:
    costs, n = operations(scenario, seeds, every)
    print(f"nae {scenario}: CPU per operation over {n:,} decisions of {len(seeds)} random games (seeds "
          f"{seeds[0]}-{seeds[-1]}; copies, determinize and evaluate at one decision in {every}), µs:")
    print(f"  {'operation':<20} {'median':>8} {'p95':>8} {'samples':>8}")
    for name, xs in costs.items():
        xs.sort()
        print(f"  {name:<20} {statistics.median(xs) * 1e6:8.1f} {xs[int(len(xs) * 0.95)] * 1e6:8.1f} {len(xs):8,}")
    per = sum(costs["legal_actions"]) + sum(costs["apply"])
    print(f"  random playout: {n / per:,.0f} decisions/s (legal list and checked apply of every decision)")


def spread(values: list[int]) -> str:
    if len(values) < 10:
        return ", ".join(str(v) for v in sorted(values))
    deciles = ", ".join(str(round(d)) for d in statistics.quantiles(values, n=10))
    return f"min {min(values)}, deciles {deciles}, max {max(values)}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scenario", nargs="?", default="1805")
    p.add_argument("games", nargs="?", type=int, default=100)
    p.add_argument("player", nargs="?", default="random")
    p.add_argument("--coalition", default=None, help="the Coalition's player (default: the same as the Empire's)")
    p.add_argument("--first", type=int, default=0, help="the first seed")
    p.add_argument("--seeds", default=None, help="seeds A-B, both included (instead of GAMES and --first), to split "
                   "a long run")
    p.add_argument("--check", action="store_true", help="check the land-war invariants after every action")
    p.add_argument("--each", action="store_true", help="print each game's result, length and final level")
    p.add_argument("--ops", action="store_true", help="the cost of each operation a search makes, on random games")
    p.add_argument("--every", type=int, default=10, help="--ops: time copies and determinize at one decision in K")
    a = p.parse_intermixed_args()
    players = {"empire": a.player, "coalition": a.coalition or a.player}
    times: list[float] = []
    lengths: list[int] = []
    vps: list[int] = []
    results: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    if a.seeds:
        lo, _, hi = a.seeds.partition("-")
        seeds = range(int(lo), int(hi or lo) + 1)
    else:
        seeds = range(a.first, a.first + a.games)
    if a.ops:
        print_operations(a.scenario, seeds, a.every)
        return
    for seed in seeds:
        t0 = time.process_time()
        try:
            result, n, vp, end = play(a.scenario, seed, players, a.check)
        except AssertionError as e:  # an invariant broken (--check): reported with its seed, the run goes on
            results["invariant broken"] += 1
            print(f"  seed {seed}: invariant broken: {e or 'see the traceback of a replay'}", flush=True)
            continue
        except Exception as e:  # any fault of the engine: counted and reported with its seed, the run goes on
            results["exception"] += 1
            print(f"  seed {seed}: exception {type(e).__name__}: {e}", flush=True)
            continue
        times.append(time.process_time() - t0)
        lengths.append(n)
        vps.append(vp)
        results[result] += 1
        ends[end] += 1
        if a.each:
            print(f"  seed {seed}: {result} in {end}, {n} decisions, victory level {vp}, {times[-1]:.2f} s CPU",
                  flush=True)
    who = a.player if a.coalition is None else f"{a.player} (Empire) against {a.coalition} (Coalition)"
    if not times:
        print(f"nae {a.scenario}: no game finished: {dict(results)}")
        return
    checked = ", invariants checked" if a.check else ""
    print(f"nae {a.scenario}, {len(seeds)} {who} games (seeds {seeds[0]}-{seeds[-1]}){checked}: median "
          f"{statistics.median(times) * 1000:.0f} ms CPU per game (max {max(times) * 1000:.0f} ms), "
          f"{sum(lengths) / sum(times):,.0f} decisions/s")
    print(f"  results: {dict(sorted(results.items()))}")
    print(f"  final victory level: {spread(vps)}")
    print(f"  game ended in: {dict(sorted(ends.items()))}")
    print(f"  decisions per game: {spread(lengths)}")


if __name__ == "__main__":
    main()
