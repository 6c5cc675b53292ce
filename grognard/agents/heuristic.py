"""The heuristic agent: the game's priority rules (``grognard.games.<game>.ai``), each with its reason."""

from __future__ import annotations

import importlib
import random
from types import ModuleType

from grognard.core.machine import Action, State


def game_ai(st: State) -> ModuleType:
    """The module holding a game's rules of play (``policy``) and evaluation function (``evaluate``)."""
    name = st.game.name
    try:
        return importlib.import_module(f"grognard.games.{name}.ai")
    except ModuleNotFoundError:
        raise ValueError(f"game {name!r} has no computer player rules (grognard.games.{name}.ai)") from None


def seen_by(st: State, side: str, rng: random.Random) -> State:
    """The position as ``side`` may read it: ``st`` itself, or, where the board hides pieces (a fog of war), a
    determinized copy with the other side's hidden stacks dealt again, so the rules of play never read them."""
    return st.determinize(side, rng) if st.game.board_hidden(st) else st


class HeuristicAgent:
    """Follows the game's priority rules; ``last_reason`` says why it chose its last move."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)  # the rules are deterministic; it deals a fog of war's hidden stacks
        self.last_reason = ""

    def choose(self, state: State, side: str) -> Action:
        view = seen_by(state, side, self.rng)
        action, reason = game_ai(state).policy(view, side, state.legal_actions())
        self.last_reason = game_ai(state).describe_choice(view, action, reason)
        return action
