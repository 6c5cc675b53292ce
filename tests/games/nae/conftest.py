"""Shared fixtures: the NAE data set, loaded once (load_data caches the default folder); every NAE action checks
the state's derived caches."""

from typing import Any

import pytest

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.gamedata import NaeData, load_data
from grognard.games.nae.schema.cards import Cards
from grognard.games.nae.schema.counters import Counters
from grognard.games.nae.schema.map import MapData
from grognard.games.nae.schema.tables import Tables


@pytest.fixture(scope="session")
def data() -> NaeData:
    return load_data()


@pytest.fixture(scope="session")
def mapdata(data: NaeData) -> MapData:
    return data.map


@pytest.fixture(scope="session")
def board(data: NaeData) -> MapData:
    return data.map


@pytest.fixture(scope="session")
def counters(data: NaeData) -> Counters:
    return data.counters


@pytest.fixture(scope="session")
def cards(data: NaeData) -> Cards:
    return data.cards


@pytest.fixture(scope="session")
def t(data: NaeData) -> Tables:
    return data.tables


@pytest.fixture(autouse=True)
def _derived_caches_checked(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """After every action on a NAE state, its cached zone -> forces index and supply key must equal fresh ones: a
    write to ``st.g`` that bypassed the setters of ``grognard.games.nae.state`` fails here, loudly. (The 2,000
    random games of ``test_selfplay`` check them with their other invariants, once per action.)"""
    if request.module.__name__.endswith("test_selfplay"):
        return
    apply = State.apply

    def checked(st: State, *args: Any, **kwargs: Any) -> None:
        apply(st, *args, **kwargs)
        if st.game.name == "nae":
            S.check_derived(st)

    monkeypatch.setattr(State, "apply", checked)
