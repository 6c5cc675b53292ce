"""The whole Napoleon against Europe data set: map, counters, cards, tables and scenarios, loaded and cross-checked.

Loaders run in dependency order (map -> counters -> cards -> tables -> scenarios); each checks its references
against the ones before it, so a data set that loads is consistent. The default data directory is loaded once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from grognard.core.errors import DataError
from grognard.games.nae.schema.cards import Cards, load_cards
from grognard.games.nae.schema.counters import Counters, load_counters
from grognard.games.nae.schema.map import MapData, load_map
from grognard.games.nae.schema.scenario import Scenario, load_scenario
from grognard.games.nae.schema.tables import Tables, load_tables

DATA_DIR = Path(__file__).parent / "data"
SCENARIO_ORDER = ("1815", "1805", "1809")  # introductory scenario first (20.1, 20.2, 20.3)


@dataclass(frozen=True)
class NaeData:
    """Every data file of the game, validated."""

    map: MapData
    counters: Counters
    cards: Cards
    tables: Tables
    scenarios: dict[str, Scenario]


def load_data(data_dir: Path = DATA_DIR) -> NaeData:
    """Load and cross-check the data set of ``data_dir`` (the built-in one is loaded once and shared)."""
    if Path(data_dir) == DATA_DIR:
        return _default()
    return _load(Path(data_dir))


@cache
def _default() -> NaeData:
    return _load(DATA_DIR)


def _load(data_dir: Path) -> NaeData:
    mapdata = load_map(data_dir)
    counters = load_counters(data_dir, mapdata)
    cards = load_cards(data_dir, mapdata, counters)
    tables = load_tables(data_dir, mapdata)
    scenarios: dict[str, Scenario] = {}
    files = sorted((data_dir / "scenarios").glob("*.toml"), key=_scenario_key)
    if not files:
        raise DataError(str(data_dir / "scenarios"), "no scenario files")
    for path in files:
        sc = load_scenario(path, mapdata, counters, cards)
        if sc.id != path.stem:
            raise DataError(str(path), f"scenario id {sc.id!r} differs from the file name", record="scenario",
                            field="id")
        scenarios[sc.id] = sc
    return NaeData(map=mapdata, counters=counters, cards=cards, tables=tables, scenarios=scenarios)


def _scenario_key(path: Path) -> tuple[int, str]:
    """Known scenarios in rule order, any other file after them by name."""
    rank = SCENARIO_ORDER.index(path.stem) if path.stem in SCENARIO_ORDER else len(SCENARIO_ORDER)
    return rank, path.stem
