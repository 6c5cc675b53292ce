"""Finding games by name: built-in games, or any module that defines ``GAME``."""

from __future__ import annotations

import importlib
from functools import cache

from grognard.core.machine import Game

# Playable built-in games; a game is listed here once its rules run a scenario end to end.
BUILTIN: dict[str, str] = {"nae": "grognard.games.nae.game"}


@cache
def load_game(name: str) -> Game:
    """The game ``name``: a built-in id, or a dotted module path whose module defines ``GAME``."""
    module_name = BUILTIN.get(name, name)
    if name not in BUILTIN and "." not in name:
        known = ", ".join(BUILTIN) or "none yet"
        raise ValueError(f"unknown game {name!r}; built-in games: {known}; or give a module path like pkg.module")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise ValueError(f"cannot load game {name!r}: {exc}") from None
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise ValueError(f"module {module_name!r} defines no GAME")
    return game
