"""Determinism: a game is the same whatever the process did before. The rules and the agents keep process-wide
caches (supply networks, command limits, distances): a cache whose key missed a fact its answer depends on, or whose
answer a caller changed, would make a game depend on what was played earlier in the process. So seeded games must
reach the same digests with every cache emptied after each action, and a record must replay to its digest after
other games warmed the caches, and in a fresh process with another string hashing."""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import grognard.agents
import grognard.games.nae
from grognard.agents import make_agent
from grognard.core.machine import Action, State
from grognard.core.record import make_record
from tests.games.nae.rules.helpers import GAME

ROOT = Path(__file__).resolve().parents[3]
# Kept: the data set, read from its files once per process and never changed, and the supply graph built from the
# map alone (a frozen dataclass): rebuilding them after every action would cost seconds; every other cache derived
# from them is emptied.
LOADED = {"grognard.games.nae.state.data", "grognard.games.nae.gamedata._default",
          "grognard.games.nae.rules.supply.graph"}
# A module-level memo: an annotated empty dict (``_TRACED: dict[...] = {}``), filled as the rules ask.
MEMO = re.compile(r"^(_[A-Z_]+): dict\[.*\] = \{\}$", re.M)
EVERY_OPTION = dict.fromkeys(GAME.options, True)


def _modules() -> list[ModuleType]:
    out = []
    for pkg in (grognard.games.nae, grognard.agents):
        out.append(pkg)
        out += [importlib.import_module(m.name) for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")]
    return out


def _caches() -> tuple[list[Callable[[], None]], list[str]]:
    """The ``cache_clear`` of every ``functools.cache`` of the NAE rules and the agents (the data set's loaders
    apart), and the ``clear`` of every module-level memo, with the memos' names."""
    clears: list[Callable[[], None]] = []
    memos = []
    for mod in _modules():
        for name, obj in vars(mod).items():
            if (hasattr(obj, "cache_clear") and getattr(obj, "__module__", None) == mod.__name__
                    and f"{mod.__name__}.{name}" not in LOADED):
                clears.append(obj.cache_clear)
        for name in MEMO.findall(Path(str(mod.__file__)).read_text()):
            memo = getattr(mod, name)
            assert isinstance(memo, dict), f"{mod.__name__}.{name} is no dict"
            clears.append(memo.clear)
            memos.append(f"{mod.__name__}.{name}")
    return clears, memos


CLEARS, MEMOS = _caches()


def empty_caches() -> None:
    for clear in CLEARS:
        clear()


def play(scenario: str, seed: int, agent: str, options: dict[str, bool], emptied: bool,
         decisions: int | None = None) -> State:
    """A seeded game between two ``agent``s (seeded as self-play seeds them), ``decisions`` long at most; ``emptied``:
    every cache emptied after each action (the agents read them too)."""
    st = GAME.new_state(scenario, seed=seed, options=options)
    agents = {side: make_agent(agent, seed * 7919 + i) for i, side in enumerate(GAME.sides)}
    if emptied:
        empty_caches()
    while not st.over and (decisions is None or len(st.actions) < decisions):
        st.apply(agents[st.active].choose(st, st.active))
        if emptied:
            empty_caches()
    return st


def first_difference(a: list[Action], b: list[Action]) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def test_the_caches_emptied_are_found() -> None:
    # the search of the memos finds those the supply trace and the command limits keep (not an empty list)
    assert {"grognard.games.nae.rules.supply._TRACED", "grognard.games.nae.rules.supply._LINKS",
            "grognard.games.nae.rules.supply._SIDES", "grognard.games.nae.rules.supply._OPEN",
            "grognard.games.nae.rules.command._WITHIN", "grognard.games.nae.rules.activation._DETACHABLE"} <= set(MEMOS)
    assert len(CLEARS) > len(MEMOS)


GAMES = [  # (scenario, seed, agent, options, decisions): a few seconds in all
    ("1815", 0, "heuristic", {}, None),
    ("1815", 4, "random", EVERY_OPTION, None),
    ("1805", 13, "heuristic", {}, 800),
    ("1809", 1, "heuristic", EVERY_OPTION, 500),
    ("1805", 2, "random", EVERY_OPTION, 1500),
    ("1809", 3, "random", {}, None),
]


def test_games_are_the_same_with_every_cache_emptied_after_each_action() -> None:
    for scenario, seed, agent, options, decisions in GAMES:
        warm = play(scenario, seed, agent, options, False, decisions)
        cold = play(scenario, seed, agent, options, True, decisions)
        at = first_difference(warm.actions, cold.actions)
        assert warm.actions == cold.actions, f"{scenario} seed {seed}: the decisions differ from decision {at}"
        assert warm.digest() == cold.digest(), f"{scenario} seed {seed}: the states differ"


def _record() -> dict[str, Any]:
    return make_record(play("1809", 6, "random", EVERY_OPTION, False))


def test_a_record_replays_to_its_digest_after_other_games_warmed_the_caches() -> None:
    empty_caches()
    record = _record()
    for scenario, seed in (("1805", 7), ("1809", 8), ("1815", 9)):  # other games fill the caches with their boards
        play(scenario, seed, "random", EVERY_OPTION, False)
    assert GAME.replay(record).digest() == record["digest"]  # checked every 100 actions too (ReplayMismatch)


def test_a_record_replays_to_its_digest_in_a_fresh_process_with_another_hashing() -> None:
    record = _record()
    code = ("import json, sys; from grognard import load_game; "
            "print(load_game('nae').replay(json.load(sys.stdin)).digest())")
    env = {**os.environ, "PYTHONHASHSEED": "4242", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(record), capture_output=True, text=True,
                         env=env, check=True, cwd=ROOT)
    assert out.stdout.strip() == record["digest"]
