"""The heuristic agent: the game's priority rules (``grognard.games.<game>.ai``), each with its reason."""

from __future__ import annotations

import importlib
from types import ModuleType

from grognard.core.machine import Action, State


def game_ai(st: State) -> ModuleType:
    """The module holding a game's rules of play (``policy``) and evaluation function (``evaluate``)."""
    name = st.game.name
    try:
        return importlib.import_module(f"grognard.games.{name}.ai")
    except ModuleNotFoundError:
        raise ValueError(f"game {name!r} has no computer player rules (grognard.games.{name}.ai)") from None


class HeuristicAgent:
    """Follows the game's priority rules; ``last_reason`` says why it chose its last move."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # the rules are deterministic: the seed is kept for a uniform constructor
        self.last_reason = ""

    def choose(self, state: State, side: str) -> Action:
        action, reason = game_ai(state).policy(state, side)
        self.last_reason = game_ai(state).describe_choice(state, action, reason)
        return action
