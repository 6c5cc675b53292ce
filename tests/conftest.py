import os

import pytest

from grognard import load_game
from grognard.core.registry import ENV

# Duel, the fixture game, is registered like any game from outside Grognard (workers and subprocesses inherit it).
os.environ[ENV] = ",".join(x for x in (os.environ.get(ENV), "tests.fixtures.duel") if x)


@pytest.fixture(autouse=True)
def _user_data_in_tmp(tmp_path_factory, monkeypatch):
    """The terminal game autosaves in the user's data directory: never the real one in tests."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))


@pytest.fixture
def duel():
    return load_game("tests.fixtures.duel")
