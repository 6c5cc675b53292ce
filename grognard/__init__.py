"""Grognard: Napoleonic grand-strategy board wargames with every rule enforced."""

from grognard.core.errors import DataError, IllegalAction
from grognard.core.machine import Action, Game, State
from grognard.core.registry import load_game

__all__ = ["Action", "DataError", "Game", "IllegalAction", "State", "load_game"]
