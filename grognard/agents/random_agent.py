"""The random agent: a uniform choice among the legal actions (a baseline and a fuzzer)."""

from __future__ import annotations

import random

from grognard.core.machine import Action, State


class RandomAgent:
    def __init__(self, seed: int = 0) -> None:
        # The agent's randomness lives outside the game state: it is the player's, not the dice's.
        self.rng = random.Random(seed)
        self.last_reason = ""

    def choose(self, state: State, side: str) -> Action:
        legal = state.legal_actions()
        action = legal[int(self.rng.random() * len(legal))]
        self.last_reason = f"{state.game.label(state, action)}: drawn at random among {len(legal)} choices"
        return action
