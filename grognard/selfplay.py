"""Batch self-play: many seeded games between agents, in one process or several."""

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


def run(matches: list[Match], jobs: int = 1) -> Iterator[Outcome]:
    """Play ``matches``, yielding outcomes in order; ``jobs`` > 1 uses local processes."""
    if jobs <= 1:
        yield from map(play_match, matches)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_match, matches, chunksize=max(1, len(matches) // (jobs * 8)))


def summarise(outcomes: list[Outcome], sides: tuple[str, ...], wall: float) -> dict[str, Any]:
    """The JSON summary: games, wins per side and draws, decisions per second."""
    results = {s: 0 for s in sides} | {"draw": 0}
    for o in outcomes:
        results[o.winner or "draw"] += 1
    decisions = sum(o.decisions for o in outcomes)
    return {
        "games": len(outcomes),
        "results": results,
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
) -> dict[str, Any]:
    """Run ``games`` games with seeds ``seed``, ``seed+1``...; write records to ``out`` if given."""
    g = load_game(game)
    matches = [Match(game, scenario, seed + i, players, options=dict(options or {})) for i in range(games)]
    outcomes: list[Outcome] = []
    t0 = time.perf_counter()
    for o in run(matches, jobs):
        outcomes.append(o)
        if out is not None:
            records.save(o.record, out / f"{scenario}-seed{o.seed}.json")
        if on_game:
            on_game(o)
    return summarise(outcomes, g.sides, time.perf_counter() - t0)
