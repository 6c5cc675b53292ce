"""Shared fixtures: the NAE data set, loaded once (load_data caches the default folder)."""

import pytest

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
