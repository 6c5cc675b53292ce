"""Batch self-play: many seeded games between agents, in one process, in local processes or on a Ray cluster.

A game is a ``Match`` (game, scenario, seed, agents by spec): whoever plays it, the same match gives the same game
(agents are seeded from the match; a search with a time budget is the one exception)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grognard.agents import make_agent
from grognard.core import record as records
from grognard.core.registry import load_game
from grognard.ratings import Game, Rating, bradley_terry, wilson

DEFAULT_MAX_DECISIONS = 200_000


@dataclass(frozen=True)
class Match:
    game: str
    scenario: str
    seed: int
    players: dict[str, str]
    max_decisions: int = DEFAULT_MAX_DECISIONS
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    seed: int
    winner: str | None  # a side, or None for a draw
    decisions: int
    seconds: float
    record: dict[str, Any]


def play_match(m: Match) -> Outcome:
    """Play one game to its end; agents are seeded from the game seed."""
    game = load_game(m.game)
    st = game.new_state(m.scenario, seed=m.seed, options=m.options)
    agents = {side: make_agent(kind, m.seed * 7919 + i) for i, (side, kind) in enumerate(m.players.items())}
    checks: dict[str, str] = {}
    t0 = time.perf_counter()
    n = 0
    while not st.over:
        if n >= m.max_decisions:
            raise RuntimeError(f"{m.game} {m.scenario} seed {m.seed}: no result after {n} decisions")
        side = st.active
        st.apply(agents[side].choose(st, side))  # type: ignore[index]
        n += 1
        if n % records.CHECK_EVERY == 0:
            checks[str(n)] = st.digest()
    seconds = time.perf_counter() - t0
    rec = records.make_record(st, digests=checks, players=m.players)
    return Outcome(m.seed, st.result["winner"] if st.result else None, n, seconds, rec)


def run(matches: list[Match], jobs: int = 1, ray: str | None = None) -> Iterator[Outcome]:
    """Play ``matches``, yielding outcomes in order; ``jobs`` > 1 uses local processes, ``ray`` a Ray cluster
    ("local" starts one on this machine, else the address of a running cluster's head)."""
    if ray is not None:
        yield from _run_on_ray(matches, ray)
        return
    if jobs <= 1:
        yield from map(play_match, matches)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_match, matches, chunksize=max(1, len(matches) // (jobs * 8)))


def _run_on_ray(matches: list[Match], address: str) -> Iterator[Outcome]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("Ray is not installed: pip install 'grognard[ray]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=None if address == "local" else address, include_dashboard=False,
                 log_to_driver=False)
    try:
        remote = ray.remote(play_match)
        pending = [remote.remote(m) for m in matches]
        for ref in pending:
            yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def summarise(outcomes: list[Outcome], sides: tuple[str, ...], wall: float) -> dict[str, Any]:
    """The JSON summary: games, wins per side and draws, win rates with Wilson 95% intervals, decisions per
    second."""
    results = {s: 0 for s in sides} | {"draw": 0}
    for o in outcomes:
        results[o.winner or "draw"] += 1
    decisions = sum(o.decisions for o in outcomes)
    n = len(outcomes)
    return {
        "games": n,
        "results": results,
        "win_rate": {k: round(v / n, 4) if n else 0.0 for k, v in results.items()},
        "ci95": {k: [round(x, 4) for x in wilson(v, n)] for k, v in results.items()},
        "decisions_per_s": round(decisions / wall, 1) if wall > 0 else 0.0,
        "decisions": {
            "min": min((o.decisions for o in outcomes), default=0),
            "max": max((o.decisions for o in outcomes), default=0),
            "mean": round(decisions / len(outcomes), 1) if outcomes else 0,
        },
    }


def selfplay(
    game: str,
    scenario: str,
    games: int,
    seed: int,
    players: dict[str, str],
    jobs: int = 1,
    out: Path | None = None,
    on_game: Callable[[Outcome], None] | None = None,
    options: dict[str, bool] | None = None,
    ray: str | None = None,
) -> dict[str, Any]:
    """Run ``games`` games with seeds ``seed``, ``seed+1``...; write records to ``out`` if given."""
    g = load_game(game)
    matches = [Match(game, scenario, seed + i, players, options=dict(options or {})) for i in range(games)]
    outcomes: list[Outcome] = []
    t0 = time.perf_counter()
    for o in run(matches, jobs, ray):
        outcomes.append(o)
        if out is not None:
            records.save(o.record, out / f"{scenario}-seed{o.seed}.json")
        if on_game:
            on_game(o)
    return summarise(outcomes, g.sides, time.perf_counter() - t0)


def tournament(
    game: str,
    scenario: str,
    agents: list[str],
    games: int,
    seed: int,
    jobs: int = 1,
    on_game: Callable[[Outcome], None] | None = None,
    options: dict[str, bool] | None = None,
    ray: str | None = None,
) -> dict[str, Any]:
    """Every pairing of ``agents`` plays ``games`` games in each seating (the same seeds both ways); returns the
    results per seating and a Bradley-Terry rating table with the first side's advantage."""
    g = load_game(game)
    if len(set(agents)) < 2:
        raise ValueError("a tournament needs at least two different agents")
    names = list(dict.fromkeys(agents))
    seatings = [(a, b) for a in names for b in names if a != b]
    sides = g.sides
    matches = []
    for first, second in seatings:
        players = {sides[0]: first, sides[1]: second} | {s: second for s in sides[2:]}
        matches += [Match(game, scenario, seed + i, players, options=dict(options or {})) for i in range(games)]
    played: list[Game] = []
    pairs: dict[str, dict[str, int]] = {}
    for m, o in zip(matches, run(matches, jobs, ray), strict=True):
        first, second = m.players[sides[0]], m.players[sides[1]]
        score = 1.0 if o.winner == sides[0] else 0.5 if o.winner is None else 0.0
        played.append(Game(first, second, score))
        key = f"{first} ({sides[0]}) vs {second} ({sides[1]})"
        tally = pairs.setdefault(key, {s: 0 for s in sides} | {"draw": 0})
        tally[o.winner or "draw"] += 1
        if on_game:
            on_game(o)
    ratings, advantage = bradley_terry(names, played)
    return {
        "games": len(played),
        "pairings": {k: v | {"ci95": {s: [round(x, 4) for x in wilson(n, sum(v.values()))] for s, n in v.items()}}
                     for k, v in pairs.items()},
        "ratings": [rating_row(r) for r in ratings],
        "first_side_advantage": {"side": sides[0], "elo": round(advantage, 1)},
    }


def rating_row(r: Rating) -> dict[str, Any]:
    return {"agent": r.name, "elo": round(r.elo, 1), "ci95": [round(r.low, 1), round(r.high, 1)],
            "games": r.games, "score": r.score}
