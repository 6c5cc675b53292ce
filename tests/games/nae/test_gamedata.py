"""The aggregated data set: every file loads, in order, and the references between files resolve."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grognard.core.errors import DataError
from grognard.games.nae.gamedata import DATA_DIR, NaeData, load_data


def test_load_data_loads_everything(data: NaeData) -> None:
    assert data.map.zones and data.counters.units and data.cards.cards and data.tables
    assert list(data.scenarios) == ["1815", "1805", "1809"]
    assert all(sid == sc.header.id for sid, sc in data.scenarios.items())


def test_default_data_is_loaded_once(data: NaeData) -> None:
    assert load_data() is data
    assert load_data(DATA_DIR) is data


def test_scenario_references_resolve(data: NaeData) -> None:
    c = data.counters
    for sc in data.scenarios.values():
        for p in sc.places.values():
            assert p.zone is None or p.zone in data.map.zones
            assert p.sea is None or p.sea in data.map.seas
            assert p.blockade is None or data.map.zones[p.blockade].port
            assert all(u.id in c.units for u in p.units)
            assert all(g in c.generals for g in (*([p.commander] if p.commander else []), *p.generals))
            assert all(f in c.fleets for f in p.fleets)
            assert p.army is None or p.army in c.armies
        cards = sc.header.cards
        for side in (cards.empire, cards.coalition):
            assert all(cid in data.cards.cards for cid in (*side.deck, *side.remove, *side.hand))
        for e in sc.events.values():
            assert e.card is None or e.card in data.cards.cards
        assert set(sc.statuses) == set(data.map.powers)


def test_permanent_cards_in_hand_match_the_powers_at_war_1805(data: NaeData) -> None:
    # 6.3 / 20.2: each power at war holds its permanent card
    perm = data.cards.permanents()
    sc = data.scenarios["1805"]
    held = {perm[p].id for p, s in sc.statuses.items() if s.status == "at_war" and p in perm}
    assert held == set(sc.header.cards.empire.hand) | set(sc.header.cards.coalition.hand)


def test_a_copy_of_the_data_loads_separately(data: NaeData, tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    other = load_data(copy)
    assert other is not data and list(other.scenarios) == list(data.scenarios)


def test_scenario_id_must_match_its_file(tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    path = copy / "scenarios" / "1805.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('id = "1805"', 'id = "1806"', 1), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_data(copy)
    assert (exc.value.file, exc.value.record, exc.value.field) == (str(path), "scenario", "id")


def test_a_broken_scenario_stops_the_load(tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    path = copy / "scenarios" / "1809.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('zone = "riga"', 'zone = "reval_x"', 1), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_data(copy)
    assert (exc.value.file, exc.value.record, exc.value.field) == (str(path), "place ru_riga", "zone")
