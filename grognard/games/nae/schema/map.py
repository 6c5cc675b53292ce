"""The Napoleon against Europe board: powers, provinces, land zones, borders and sea zones.

Loaded from ``data/powers.toml`` and ``data/map.toml``; every reference is checked and every failure is a
``DataError`` naming file, record and field. Movement costs follow 12.1: the terrain cost of the entered zone
plus the cost of the border feature crossed.
"""

from __future__ import annotations

import heapq
import itertools
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from grognard.core.data import Record, check_provenance, check_ref, convert, read_toml, records_from
from grognard.core.errors import DataError

T = TypeVar("T")

POWER_KINDS = ("major", "minor", "entity", "revolt")
KEY_SIDES = ("empire", "coalition", "owner_ally")


class Power(Record):
    """A major or minor power, a political entity the Empire may create (8.3) or a national revolt."""

    name: str
    name_fr: str
    adjective: str  # how its units are named in the log: "Prussian II Corps"
    kind: str
    capital: str | None = None
    provinces: tuple[str, ...] = ()
    protectorate: bool = False  # 8.1.5: a minor the Empire may make a protectorate


class Terrain(Record):
    """Zone terrain and the MP it costs to enter (12.1)."""

    name: str
    name_fr: str
    mp: int


class Feature(Record):
    """A zone-edge feature whose MP cost is added to the entered zone's cost (12.1)."""

    name: str
    name_fr: str
    mp: int
    retreat_loss: bool = False
    blocks_free_activation: bool = False
    blocks_supply: bool = False
    whole_mf: bool = False


class Sea(Record):
    """A sea zone (17) and the sea zones adjacent to it."""

    name: str
    name_fr: str
    adjacent: tuple[str, ...]
    ice_limit: bool = False


class Passage(Record):
    """A naval passage between two sea zones governed by a land zone (17.2.2)."""

    name: str
    name_fr: str
    seas: tuple[str, ...]
    zone: str
    controlled: bool


class KeyGroup(Record):
    """Key zones that together grant one card (6.3) to ``side``."""

    name: str
    name_fr: str
    side: str
    zones: tuple[str, ...]
    permanent: str | None = None
    note: str = ""


class Province(Record):
    """A province (3.1 frontiers): the unit of annexation (18.2.2) and of the R / W / Polish markings."""

    name: str
    name_fr: str
    owner: str
    national: bool
    rhine: bool = False
    westphalia: bool = False
    polish: bool = False
    red_border: bool = False
    feudal: bool = False

    @property
    def annexable(self) -> bool:
        """18.2.2: provinces with key zones inside a red border cannot be annexed."""
        return not self.red_border


class Zone(Record):
    """A land zone with everything printed in it (3.1)."""

    name: str
    name_fr: str
    province: str
    owner: str
    terrain: str
    lat: float
    lon: float
    poor: bool = False
    city: bool = False
    port: bool = False
    fortress: int = 0
    capital: str | None = None
    key: str | None = None
    seas: tuple[str, ...] = ()
    iced: bool = False
    island: bool = False
    continental: bool = True
    aliases: tuple[str, ...] = ()

    @property
    def blockade_box(self) -> str | None:
        """17.2.6: every port has one blockade box, lying in its first sea zone."""
        return self.seas[0] if self.port else None


class Border(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """An undirected land border between two zones; zones sharing only a vertex have none (12.1)."""

    a: str
    b: str
    feature: str
    src: str
    sea: str | None = None
    always_open: bool = False


def _norm(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form used by name look-ups."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "".join(c for c in ascii_text if c.isalnum())


@dataclass(frozen=True)
class MapData:
    """The whole board, records in file order, with the land graph built once."""

    powers: dict[str, Power]
    terrains: dict[str, Terrain]
    features: dict[str, Feature]
    seas: dict[str, Sea]
    passages: dict[str, Passage]
    keys: dict[str, KeyGroup]
    provinces: dict[str, Province]
    zones: dict[str, Zone]
    borders: tuple[Border, ...]
    _adj: dict[str, dict[str, Border]] = field(repr=False)
    _names: dict[str, str] = field(repr=False)
    _province_names: dict[str, str] = field(repr=False)

    def neighbours(self, zone: str) -> list[str]:
        """Zones sharing a border with ``zone`` (vertex-only contacts excluded)."""
        return list(self._adj[zone])

    def border(self, a: str, b: str) -> Border | None:
        """The border between two zones, or None if they are not adjacent."""
        return self._adj.get(a, {}).get(b)

    def feature_of(self, a: str, b: str) -> Feature:
        """The feature on the a-b border; KeyError if the zones are not adjacent."""
        border = self.border(a, b)
        if border is None:
            raise KeyError(f"{a} and {b} are not adjacent")
        return self.features[border.feature]

    def enter_cost(self, src: str, dst: str) -> int | None:
        """MP to move from ``src`` into adjacent ``dst`` (12.1); None for a whole-MF link (Alexandretta-Acre)."""
        feature = self.feature_of(src, dst)
        if feature.whole_mf:
            return None
        return self.terrains[self.zones[dst].terrain].mp + feature.mp

    def move_cost(self, path: Sequence[str]) -> int:
        """Total MP of a path of adjacent zones, the first being the starting zone (12.1)."""
        total = 0
        for src, dst in itertools.pairwise(path):
            cost = self.enter_cost(src, dst)
            if cost is None:
                raise ValueError(f"{src}-{dst} costs the whole MF (12.1)")
            total += cost
        return total

    def cheapest(self, a: str, b: str) -> int | None:
        """Least MP from zone ``a`` to zone ``b`` over land and straits, or None if unreachable (Dijkstra)."""
        dist = {a: 0}
        heap = [(0, a)]
        while heap:
            d, here = heapq.heappop(heap)
            if here == b:
                return d
            if d > dist[here]:
                continue
            for there in self._adj[here]:
                step = self.enter_cost(here, there)
                if step is not None and d + step < dist.get(there, d + step + 1):
                    dist[there] = d + step
                    heapq.heappush(heap, (d + step, there))
        return None

    def ports(self) -> list[Zone]:
        """Every port (each has a blockade box, 17.2.6)."""
        return [z for z in self.zones.values() if z.port]

    def zones_of(self, province: str) -> list[Zone]:
        """Zones of a province, in file order."""
        return [z for z in self.zones.values() if z.province == province]

    def capitals_of(self, power: str) -> list[Zone]:
        """Zones printed as capitals of ``power`` (Russia has two, 14.4)."""
        return [z for z in self.zones.values() if z.capital == power]

    def find(self, name: str) -> Zone:
        """The zone whose id, English or French name or alias matches ``name`` (case and accents ignored)."""
        zid = self._names.get(_norm(name))
        if zid is None:
            raise KeyError(f"no zone named {name!r}")
        return self.zones[zid]

    def find_province(self, name: str) -> Province:
        """The province whose id, English or French name matches ``name`` (case and accents ignored)."""
        pid = self._province_names.get(_norm(name))
        if pid is None:
            raise KeyError(f"no province named {name!r}")
        return self.provinces[pid]

    def resolve(self, name: str) -> list[Zone]:
        """A scenario place: one zone if ``name`` names a zone, else every zone of the named province."""
        try:
            return [self.find(name)]
        except KeyError:
            return self.zones_of(self.find_province(name).id)


def _records(doc: dict[str, Any], table: str, kind: type[T], file: str) -> dict[str, T]:
    out = records_from(doc, table, kind, file)
    for rid, rec in out.items():
        check_provenance(rec.src, file, f"{table} {rid}")  # type: ignore[attr-defined]
    return out


def _load_powers(path: Path) -> dict[str, Power]:
    file = str(path)
    powers = _records(read_toml(path), "power", Power, file)
    for pid, p in powers.items():
        if p.kind not in POWER_KINDS:
            raise DataError(file, f"kind must be one of {POWER_KINDS}", record=f"power {pid}", field="kind")
    return powers


def _load_borders(doc: dict[str, Any], file: str, zones: dict[str, Zone], features: dict[str, Feature],
                  seas: dict[str, Sea]) -> tuple[tuple[Border, ...], dict[str, dict[str, Border]]]:
    raw = doc.get("border")
    if not isinstance(raw, list):
        raise DataError(file, "no [[border]] records")
    adj: dict[str, dict[str, Border]] = {zid: {} for zid in zones}
    out: list[Border] = []
    for i, item in enumerate(raw):
        label = f"border {item.get('a')}-{item.get('b')}" if isinstance(item, dict) else f"border #{i + 1}"
        b = convert(item, Border, file, label)
        check_provenance(b.src, file, label)
        check_ref(b.a, zones, file, label, "a", "zone")
        check_ref(b.b, zones, file, label, "b", "zone")
        check_ref(b.feature, features, file, label, "feature", "feature")
        if b.a == b.b:
            raise DataError(file, "a zone cannot border itself", record=label, field="b")
        if b.b in adj[b.a]:
            raise DataError(file, f"duplicate border {b.a}-{b.b}", record=label, field="b")
        if b.feature == "strait":
            if b.sea is None:
                raise DataError(file, "a strait names the sea zone that closes it", record=label, field="sea")
            check_ref(b.sea, seas, file, label, "sea", "sea zone")
        elif b.sea is not None or b.always_open:
            raise DataError(file, "only a strait has a sea zone or is always open", record=label, field="sea")
        adj[b.a][b.b] = b
        adj[b.b][b.a] = b
        out.append(b)
    return tuple(out), adj


def _name_index(records: dict[str, Any], file: str, table: str, with_aliases: bool) -> dict[str, str]:
    """Map every normalised id/name/alias to its record, refusing a name shared by two records."""
    index: dict[str, str] = {}
    for rid, rec in records.items():
        names = [rid, rec.name, rec.name_fr, *(rec.aliases if with_aliases else ())]
        for name in names:
            key = _norm(name)
            if not key:
                raise DataError(file, "empty name", record=f"{table} {rid}", field="aliases")
            other = index.setdefault(key, rid)
            if other != rid:
                raise DataError(file, f"name {name!r} already used by {table} {other}", record=f"{table} {rid}",
                                field="aliases" if name in rec.aliases else "name")
    return index


def _check_zone(z: Zone, file: str, m: dict[str, Any]) -> None:
    label = f"zone {z.id}"
    check_ref(z.province, m["provinces"], file, label, "province", "province")
    check_ref(z.owner, m["powers"], file, label, "owner", "power")
    if z.owner != m["provinces"][z.province].owner:
        raise DataError(file, f"owner differs from its province's owner {m['provinces'][z.province].owner!r}",
                        record=label, field="owner")
    check_ref(z.terrain, m["terrains"], file, label, "terrain", "terrain")
    if z.capital is not None:
        check_ref(z.capital, m["powers"], file, label, "capital", "power")
    if z.key is not None:
        check_ref(z.key, m["keys"], file, label, "key", "key group")
        if z.id not in m["keys"][z.key].zones:
            raise DataError(file, f"key group {z.key!r} does not list this zone", record=label, field="key")
    if z.fortress not in (0, 1, 2):
        raise DataError(file, "fortress must be 0 (none), 1 (fortress) or 2 (citadel)", record=label, field="fortress")
    if not (-90 <= z.lat <= 90):
        raise DataError(file, "latitude out of range", record=label, field="lat")
    if not (-180 <= z.lon <= 180):
        raise DataError(file, "longitude out of range", record=label, field="lon")
    for sea in z.seas:
        check_ref(sea, m["seas"], file, label, "seas", "sea zone")
    if z.port and not z.seas:
        raise DataError(file, "a port must open onto a sea zone", record=label, field="seas")
    if not z.port and z.seas:
        raise DataError(file, "only a port opens onto sea zones", record=label, field="seas")
    if z.iced and not (z.port and any(m["seas"][s].ice_limit for s in z.seas)):
        raise DataError(file, "only a port on a sea with an ice limit can be iced", record=label, field="iced")


def load_map(data_dir: Path) -> MapData:
    """Load and cross-check ``powers.toml`` and ``map.toml`` from ``data_dir``."""
    powers = _load_powers(data_dir / "powers.toml")
    path = data_dir / "map.toml"
    file = str(path)
    doc = read_toml(path)
    m: dict[str, Any] = {"powers": powers}
    m["terrains"] = _records(doc, "terrain", Terrain, file)
    m["features"] = _records(doc, "feature", Feature, file)
    m["seas"] = seas = _records(doc, "sea", Sea, file)
    m["passages"] = _records(doc, "passage", Passage, file)
    m["keys"] = _records(doc, "key", KeyGroup, file)
    m["provinces"] = provinces = _records(doc, "province", Province, file)
    m["zones"] = zones = _records(doc, "zone", Zone, file)

    for sid, sea in seas.items():
        for other in sea.adjacent:
            check_ref(other, seas, file, f"sea {sid}", "adjacent", "sea zone")
            if other == sid:
                raise DataError(file, "a sea zone cannot be adjacent to itself", record=f"sea {sid}", field="adjacent")
            if sid not in seas[other].adjacent:
                raise DataError(file, f"adjacency not symmetric: {other} does not list {sid}", record=f"sea {sid}",
                                field="adjacent")
        if len(set(sea.adjacent)) != len(sea.adjacent):
            raise DataError(file, "duplicate adjacent sea zone", record=f"sea {sid}", field="adjacent")
    for pid, p in provinces.items():
        check_ref(p.owner, powers, file, f"province {pid}", "owner", "power")
    for z in zones.values():
        _check_zone(z, file, m)
    for kid, k in m["keys"].items():
        if k.side not in KEY_SIDES:
            raise DataError(file, f"side must be one of {KEY_SIDES}", record=f"key {kid}", field="side")
        for zid in k.zones:
            check_ref(zid, zones, file, f"key {kid}", "zones", "zone")
        if k.permanent is not None:
            check_ref(k.permanent, powers, file, f"key {kid}", "permanent", "power")
    for pid, p in m["passages"].items():
        for sea in p.seas:
            check_ref(sea, seas, file, f"passage {pid}", "seas", "sea zone")
        check_ref(p.zone, zones, file, f"passage {pid}", "zone", "zone")

    pfile = str(data_dir / "powers.toml")
    for pid, p in powers.items():
        if p.capital is not None:
            check_ref(p.capital, zones, pfile, f"power {pid}", "capital", "zone")
        for prov in p.provinces:
            check_ref(prov, provinces, pfile, f"power {pid}", "provinces", "province")

    borders, adj = _load_borders(doc, file, zones, m["features"], seas)
    return MapData(
        powers=powers,
        terrains=m["terrains"],
        features=m["features"],
        seas=seas,
        passages=m["passages"],
        keys=m["keys"],
        provinces=provinces,
        zones=zones,
        borders=borders,
        _adj=adj,
        _names=_name_index(zones, file, "zone", with_aliases=True),
        _province_names=_name_index(provinces, file, "province", with_aliases=False),
    )
