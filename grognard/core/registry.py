"""Finding games by name: only registered games load, so no record, saved state or request can make the program
import a module it names. The built-in games are registered here; a game outside Grognard (a test fixture, a
plugin) is registered by whoever runs the program, in the environment: ``GROGNARD_GAMES=pkg.module`` (the game is
then named ``pkg.module``) or ``GROGNARD_GAMES=name=pkg.module``, several separated by commas."""

from __future__ import annotations

import importlib
import os
import reprlib
from functools import cache

from grognard.core.machine import Game

# Playable built-in games; a game is listed here once its rules run a scenario end to end.
BUILTIN: dict[str, str] = {"nae": "grognard.games.nae.game"}
ENV = "GROGNARD_GAMES"


def registered() -> dict[str, str]:
    """Game name -> module defining ``GAME``: the built-in games, then those named in ``$GROGNARD_GAMES``."""
    games = dict(BUILTIN)
    for entry in os.environ.get(ENV, "").split(","):
        name, _, module = entry.strip().partition("=")
        if name:
            games.setdefault(name, module or name)
    return games


def load_game(name: str) -> Game:
    """The registered game ``name``."""
    games = registered()
    if not isinstance(name, str) or name not in games:
        known = ", ".join(games)
        raise ValueError(f"unknown game {reprlib.repr(name)}; registered games: {known} "
                         f"(a game outside Grognard is registered in ${ENV})")
    return _import(games[name])


@cache
def _import(module_name: str) -> Game:
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"cannot load game module {module_name!r}: {exc}") from None
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise ValueError(f"module {module_name!r} defines no GAME")
    return game
