"""Computer players. Every agent answers ``choose(state, side) -> Action``."""

from __future__ import annotations

from typing import Protocol

from grognard.agents.random_agent import RandomAgent
from grognard.core.machine import Action, State


class Agent(Protocol):
    def choose(self, state: State, side: str) -> Action: ...


AGENTS: dict[str, type] = {"random": RandomAgent}


def make_agent(kind: str, seed: int) -> Agent:
    """An agent by name, seeded so that self-play is reproducible."""
    try:
        return AGENTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown agent {kind!r}; agents: {', '.join(AGENTS)}") from None


__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent"]
