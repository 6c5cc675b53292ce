"""Computer players. Every agent answers ``choose(state, side) -> Action`` and keeps in ``last_reason`` the sentence
a client prints for its move.

Specs (``make_agent``): ``random``; ``heuristic``; ``search`` with parameters (``search:iterations=400``,
``search:seconds=2,rollout=40,width=3,wide=7``); levels ``ai:easy`` (the heuristic), ``ai:normal`` (search, 2 s per
decision), ``ai:hard`` (search, 8 s per decision)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from grognard.agents.heuristic import HeuristicAgent
from grognard.agents.random_agent import RandomAgent
from grognard.agents.search import SearchAgent
from grognard.core.machine import Action, State


class Agent(Protocol):
    last_reason: str

    def choose(self, state: State, side: str) -> Action: ...


LEVELS = {"easy": "heuristic", "normal": "search:seconds=2", "hard": "search:seconds=8"}
SEARCH_PARAMS: dict[str, Callable[[str], int | float]] = {
    "iterations": int, "seconds": float, "rollout": int, "width": int, "wide": int}
AGENTS = ("random", "heuristic", "search", *(f"ai:{level}" for level in LEVELS))


def make_agent(spec: str, seed: int) -> Agent:
    """An agent by spec, seeded so that self-play is reproducible (a search with a time budget is not)."""
    kind, _, params = spec.partition(":")
    if kind == "ai":
        if params not in LEVELS:
            raise ValueError(f"unknown level {spec!r}; levels: {', '.join('ai:' + k for k in LEVELS)}")
        return make_agent(LEVELS[params], seed)
    if kind in ("random", "heuristic") and not params:
        return RandomAgent(seed) if kind == "random" else HeuristicAgent(seed)
    if kind == "search":
        args: dict[str, int | float | None] = {}
        for item in filter(None, params.split(",")):
            key, _, value = item.partition("=")
            if key not in SEARCH_PARAMS:
                known = ", ".join(SEARCH_PARAMS)
                raise ValueError(f"unknown search parameter {key!r} in {spec!r}; parameters: {known}")
            try:
                args[key] = SEARCH_PARAMS[key](value)
            except ValueError:
                raise ValueError(f"search parameter {key} needs a number, not {value!r}") from None
        if "seconds" in args and "iterations" not in args:
            args["iterations"] = None
        return SearchAgent(seed, **args)  # type: ignore[arg-type]
    raise ValueError(f"unknown agent {spec!r}; agents: {', '.join(AGENTS)}, search:iterations=N")


__all__ = ["AGENTS", "LEVELS", "Agent", "HeuristicAgent", "RandomAgent", "SearchAgent", "make_agent"]
