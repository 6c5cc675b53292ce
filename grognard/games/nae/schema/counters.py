"""Counters of Napoleon against Europe: land units, special units, generals, fleets, depots and army markers.

Three data files under ``data/``:

- ``units.toml``: ``[[unit]]`` (one per printed land counter, special units included), ``[[depot_pool]]`` (depot
  counters per power) and ``[[army]]`` (army markers);
- ``generals.toml``: ``[[general]]``;
- ``fleets.toml``: ``[[area]]`` (limited movement areas, 17.2.3) and ``[[fleet]]``.

``load_counters`` checks every reference (powers against the map, fleet areas and their sea zones, Turkish feudal
provinces, replacement generals) and every value range; a failure is a ``DataError`` naming file, record and field.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from grognard.core.data import Record, check_provenance, check_ref, read_toml, records_from
from grognard.core.errors import DataError

if TYPE_CHECKING:  # the map module imports nothing from here; typing only
    from grognard.games.nae.schema.map import MapData

UnitKind = Literal[
    "corps",  # ordinary infantry corps
    "elite",  # elite corps: 1 or 2 stars (2.1)
    "guard",  # Garde corps: elite with 2 stars
    "reserve_cavalry",  # "C": only inside an army (glossary "Armée")
    "militia",  # limited movement (glossary "Milices")
    "national_guard",  # French militia, limited movement
    "landwehr",  # Austrian and Prussian reform units (E)
    "feudal",  # Turkish feudal corps "F", set up in its province's fortress
    "special",  # the four special units (2.1): no combat value, a bonus
    "revolt",  # national revolt corps: Chouans, Serbs, Tyroleans (glossary)
]

# What brings an "E" counter into play (2.1, 3.9, 3.10): a card event, the military reform or a new entity.
EVENTS: dict[str, str] = {
    "la_patrie_en_danger": "card La Patrie en danger (France)",
    "sainte_russie": "card Sainte Russie (2C)",
    "military_reform": "Austrian/Prussian military reform: Saint Empire (3C), Scharnhorst, Landwehr or two defeats",
    "triomphe_erfurt": "card Triomphe d'Erfurt (20F) creating the Confederation of the Rhine (8.3.1)",
    "europe_napoleonienne": "card Europe Napoléonienne (45F) creating Westphalia (8.3.2)",
    "poland": "creation of Poland (8.3.5): Marie Walewska (22F) or peace conditions",
    "tyrol": "card Tyrol (18C) (8.3.3)",
    "serbes": "Serbian revolt card (glossary)",
    "chouans": "Chouans revolt card (glossary)",
}

MAX_STEPS = 2  # 2.1: a unit has one or two loss steps
MAX_STARS = 2  # 2.1: one or two stars
MAX_TACTICAL = 3  # the best known general value (Napoléon 3-3, example of play)
MAX_INITIATIVE = 4
MIN_FLEET_TACTICAL = -1


class Unit(Record, kw_only=True):
    """One land counter. ``steps`` is its combat value at full strength (2.1)."""

    name: str
    name_fr: str
    power: str
    kind: UnitKind
    steps: int
    reduced: int | None = None  # combat value of the reduced side; None: no back side
    morale: int | None = None  # None only for special units (14.8: they have no morale)
    mf: int
    stars: int = 0
    cavalry: bool = False  # "C": counts for cavalry superiority and pursuit (14.5.2, 14.9.2)
    limited: bool = False  # MF in a rectangle: never leaves its National Territory
    bonus: int | None = None  # special units: combat bonus (14.5.5)
    card: str | None = None  # special units: title of the card that first brings them
    e: str | None = None  # "E": key of EVENTS
    v: bool = False  # "V": enters once Venetia is Italian (8.3.4)
    p2: bool = False  # "2P": enters with Poland's further provinces (8.3.5)
    no_rebuild: bool = False  # dot: never rebuilt once eliminated
    feudal: str | None = None  # "F": the Turkish province whose fortress it starts in
    cost: float | None = None  # resources per step (7.3.2); None where the rules give no figure
    entry: int | None = None
    removal: int | None = None

    @property
    def marks(self) -> tuple[str, ...]:
        """The letters printed on the counter, as the set-up rules name them (20.2: "E, V or 2P")."""
        found = (("E", self.e is not None), ("V", self.v), ("2P", self.p2), ("F", self.feudal is not None))
        return tuple(letter for letter, present in found if present)

    @property
    def special(self) -> bool:
        return self.kind == "special"


class DepotPool(Record):
    """The depot counters of one power (1.4); each is fixed on one side, mobile on the other."""

    power: str
    count: int
    cost: float  # per counter (example 1806 budget: 2 depots cost 1)


class Army(Record):
    """An army marker (2.3, 1.7)."""

    name: str
    name_fr: str
    power: str
    cost: float  # rebuild cost (example 1806 budget)


class General(Record, kw_only=True):
    """One general (2.2, 10)."""

    name: str
    name_fr: str
    power: str
    rank: int  # 10.2: 1 = highest, unique within the power
    initiative: int  # 9.1: AP cost of the force; lower is better
    command: int  # 10.1: steps commanded, doubled at the head of an army
    attack: int
    defence: int
    cavalry: bool = False
    entry: int | None = None
    removal: int | None = None
    replaced_by: str | None = None  # 2.2: leaves play when this general becomes available
    event: str | None = None  # "E": key of EVENTS

    @property
    def marks(self) -> tuple[str, ...]:
        return ("E",) if self.event is not None else ()


class FleetArea(Record, kw_only=True):
    """A limited movement area (MF in a circle, 17.2.3)."""

    name: str
    name_fr: str
    seas: tuple[str, ...]  # sea zone ids of the map
    outside_allowed: int = 0  # fleets of the power that may be outside at once (Russia: 1)


class Fleet(Record, kw_only=True):
    """One fleet counter (2.1, 17): one loss step."""

    name: str
    name_fr: str
    power: str
    admiral: str | None = None
    initiative: int  # 17.2.4-5: added to the die; higher is better
    mf: int
    tactical: int  # 17.3.1: added to each of its combat dice
    area: str | None = None
    cost: float | None = None


class Counters(msgspec.Struct, frozen=True, kw_only=True):
    """Every counter of the game, keyed by id in file order."""

    units: dict[str, Unit]
    depots: dict[str, DepotPool]
    armies: dict[str, Army]
    generals: dict[str, General]
    areas: dict[str, FleetArea]
    fleets: dict[str, Fleet]

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]

    def generals_of(self, power: str) -> list[General]:
        return [g for g in self.generals.values() if g.power == power]

    def fleets_of(self, power: str) -> list[Fleet]:
        return [f for f in self.fleets.values() if f.power == power]

    def depot_count(self, power: str) -> int:
        return sum(d.count for d in self.depots.values() if d.power == power)


def load_counters(data_dir: Path, mapdata: MapData) -> Counters:
    """Load and validate ``units.toml``, ``generals.toml`` and ``fleets.toml`` of ``data_dir``."""
    powers = mapdata.powers
    units_file = data_dir / "units.toml"
    generals_file = data_dir / "generals.toml"
    fleets_file = data_dir / "fleets.toml"

    doc = read_toml(units_file)
    f = str(units_file)
    units = records_from(doc, "unit", Unit, f)
    depots = records_from(doc, "depot_pool", DepotPool, f)
    armies = records_from(doc, "army", Army, f)
    _check_all(f, "unit", units.values(), powers)
    _check_all(f, "depot_pool", depots.values(), powers)
    _check_all(f, "army", armies.values(), powers)
    provinces = _feudal_provinces(mapdata)
    for u in units.values():
        _check_unit(u, f, provinces)
    for d in depots.values():
        _at_least(d.count, 1, f, f"depot_pool {d.id}", "count")
        _at_least(d.cost, 0, f, f"depot_pool {d.id}", "cost")
    for a in armies.values():
        _at_least(a.cost, 0, f, f"army {a.id}", "cost")

    f = str(generals_file)
    generals = records_from(read_toml(generals_file), "general", General, f)
    _check_all(f, "general", generals.values(), powers)
    _check_generals(generals, f)

    doc = read_toml(fleets_file)
    f = str(fleets_file)
    areas = records_from(doc, "area", FleetArea, f)
    fleets = records_from(doc, "fleet", Fleet, f)
    for area in areas.values():
        check_provenance(area.src, f, f"area {area.id}")
        for sea in area.seas:
            check_ref(sea, mapdata.seas, f, f"area {area.id}", "seas", "sea zone")
        _at_least(area.outside_allowed, 0, f, f"area {area.id}", "outside_allowed")
    _check_all(f, "fleet", fleets.values(), powers)
    for fl in fleets.values():
        rec = f"fleet {fl.id}"
        _between(fl.initiative, 0, 3, f, rec, "initiative")
        _between(fl.mf, 1, 9, f, rec, "mf")
        _between(fl.tactical, MIN_FLEET_TACTICAL, MAX_TACTICAL, f, rec, "tactical")
        if fl.area is not None:
            check_ref(fl.area, areas, f, rec, "area", "fleet area")
        if fl.cost is not None:
            _at_least(fl.cost, 0, f, rec, "cost")

    return Counters(units=units, depots=depots, armies=armies, generals=generals, areas=areas, fleets=fleets)


def _feudal_provinces(mapdata: MapData) -> set[str]:
    """Provinces the map marks as homes of a Turkish feudal corps (2.1, 20.2)."""
    return {p.id for p in mapdata.provinces.values() if p.feudal}


def _check_all(file: str, table: str, records: Iterable[Any], powers: dict[str, Any]) -> None:
    for r in records:
        check_provenance(r.src, file, f"{table} {r.id}")
        check_ref(r.power, powers, file, f"{table} {r.id}", "power", "power")


def _check_unit(u: Unit, f: str, provinces: set[str]) -> None:
    rec = f"unit {u.id}"
    _between(u.steps, 1, MAX_STEPS, f, rec, "steps")
    _between(u.stars, 0, MAX_STARS, f, rec, "stars")
    _between(u.mf, 1, 6, f, rec, "mf")
    if u.reduced is not None and not 0 < u.reduced < u.steps:
        raise DataError(f, "a reduced side must be weaker than the full side", record=rec, field="reduced")
    if u.special:
        # 2.1: no combat value, one step, a bonus; no morale (14.8)
        if u.steps != 1 or u.reduced is not None:
            raise DataError(f, "a special unit has one step and no reduced side", record=rec, field="steps")
        if u.morale is not None:
            raise DataError(f, "a special unit has no morale", record=rec, field="morale")
        if u.bonus is None or u.bonus < 1:
            raise DataError(f, "a special unit needs a combat bonus >= 1", record=rec, field="bonus")
        if not u.card:
            raise DataError(f, "a special unit needs the card that brings it", record=rec, field="card")
    else:
        if u.morale is None:
            raise DataError(f, "missing morale", record=rec, field="morale")
        _between(u.morale, 1, 6, f, rec, "morale")
        for name in ("bonus", "card"):
            if getattr(u, name) is not None:
                raise DataError(f, f"only special units have a {name}", record=rec, field=name)
    # 2.1: elite and Garde corps carry stars; an elite reserve cavalry may (French, 7.3.2); nothing else
    if (u.kind in ("elite", "guard") and u.stars == 0) or (
        u.stars > 0 and u.kind not in ("elite", "guard", "reserve_cavalry")
    ):
        raise DataError(f, f"stars {u.stars} do not fit kind {u.kind!r}", record=rec, field="stars")
    if u.kind == "reserve_cavalry" and not u.cavalry:
        raise DataError(f, "reserve cavalry must carry the cavalry flag", record=rec, field="cavalry")
    if u.cavalry and u.kind not in ("reserve_cavalry", "special"):
        raise DataError(f, "only reserve cavalry and special units are cavalry", record=rec, field="cavalry")
    if u.limited != (u.kind in ("militia", "national_guard")):
        raise DataError(f, "limited movement is exactly the militia and National Guard", record=rec, field="limited")
    if (u.feudal is not None) != (u.kind == "feudal"):
        raise DataError(f, "a feudal corps (and only it) names its province", record=rec, field="feudal")
    if u.feudal is not None:
        check_ref(u.feudal, provinces, f, rec, "feudal", "feudal province")
    if u.e is not None:
        check_ref(u.e, EVENTS, f, rec, "e", "entry event")
    if u.cost is not None:
        _at_least(u.cost, 0, f, rec, "cost")
    _check_years(u.entry, u.removal, f, rec)


def _check_generals(generals: dict[str, General], f: str) -> None:
    ranks: dict[tuple[str, int], str] = {}
    for g in generals.values():
        rec = f"general {g.id}"
        _at_least(g.rank, 1, f, rec, "rank")
        other = ranks.setdefault((g.power, g.rank), g.id)
        if other != g.id:
            raise DataError(f, f"rank {g.rank} already held by {other!r} (10.2: ranks are unique per power)",
                            record=rec, field="rank")
        _between(g.initiative, 1, MAX_INITIATIVE, f, rec, "initiative")
        _between(g.command, 1, 12, f, rec, "command")
        _between(g.attack, 0, MAX_TACTICAL, f, rec, "attack")
        _between(g.defence, 0, MAX_TACTICAL, f, rec, "defence")
        _check_years(g.entry, g.removal, f, rec)
        if g.event is not None:
            check_ref(g.event, EVENTS, f, rec, "event", "entry event")
        if g.replaced_by is not None:
            check_ref(g.replaced_by, generals, f, rec, "replaced_by", "general")
            successor = generals[g.replaced_by]
            if successor.id == g.id or successor.power != g.power:
                raise DataError(f, "the replacing general must be another general of the same power",
                                record=rec, field="replaced_by")
            if successor.entry is None:
                raise DataError(f, f"{successor.id!r} has no entry year, so the replacement never happens",
                                record=rec, field="replaced_by")


def _check_years(entry: int | None, removal: int | None, f: str, rec: str) -> None:
    for name, year in (("entry", entry), ("removal", removal)):
        if year is not None:
            _between(year, 1805, 1815, f, rec, name)
    if entry is not None and removal is not None and removal <= entry:
        raise DataError(f, "removal year must follow the entry year", record=rec, field="removal")


def _between(value: float, low: float, high: float, f: str, rec: str, field: str) -> None:
    if not low <= value <= high:
        raise DataError(f, f"{value} is outside {low}..{high}", record=rec, field=field)


def _at_least(value: float, low: float, f: str, rec: str, field: str) -> None:
    if value < low:
        raise DataError(f, f"{value} is below {low}", record=rec, field=field)
