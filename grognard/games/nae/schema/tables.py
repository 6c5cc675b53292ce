"""Player-aid tables of Napoleon against Europe: typed records, loader and one-call lookups.

``load_tables(data_dir, mapdata)`` reads ``tables.toml`` and returns a frozen ``Tables``. Rules code asks it:

- ``odds(att, dfn) -> (a, d)`` and ``odds_row(att, dfn) -> OddsRow`` (14.2, rounding 0.4);
- ``battle_level(att, dfn) -> BattleLevel`` (14.3) and ``combat(level, roll) -> CombatResult`` (14.6);
- ``attrition(steps, roll) -> AttritionResult`` and ``attrition_extra_loss(die) -> bool`` (13.6);
- ``siege(roll) -> SiegeResult`` and ``next_siege_marker(value) -> int`` (15.4);
- ``naval(difference) -> NavalRow`` (17.3.1), ``weather(round) -> Weather`` (16);
- ``is_difficult(mp) -> bool`` (glossary; MP costs themselves come from ``MapData.enter_cost``);
- ``test(id) -> DieTest`` for interception, evasion, counter-march, wound, demoralisation, pursuit, rally...;
- ``step_cost(kind, stars) -> float``, ``income(power, enemy_held, flags) -> int`` (7.3);
- ``card_entitlement(...)``, ``permanent_cards(...)``, ``hand_size(n)``, ``cards_on_joining(...)`` (6.3, 8.2.3);
- ``diplomacy_bonus(side, target) -> int`` (8.2.3), ``vp_event(id)``, ``constant(id)``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import msgspec

from grognard.core.data import Record, check_provenance, check_ref, read_toml, records_from
from grognard.core.errors import DataError
from grognard.games.nae.schema.map import MapData

Side = Literal["empire", "coalition"]
SIDES: tuple[Side, ...] = ("empire", "coalition")
MAJOR_POWERS = ("france", "britain", "austria", "russia", "prussia", "spain", "turkey")

# Ids the rules code looks up; an owner's replacement file must keep them.
REQUIRED_TESTS = (
    "interception", "evasion", "counter_march", "wound", "demoralisation", "pursuit", "rally",
    "attrition_extra_loss", "forced_peace_end", "foreign_war_end", "diplomacy", "naval_interception",
    "naval_evasion",
)
REQUIRED_COMBAT_MODIFIERS = ("cavalry_superiority", "unsupplied", "spearhead", "interceptor", "amphibious_landing")
REQUIRED_ATTRITION_MODIFIERS = (
    "forced_march", "poor_zone", "winter", "depot_spent", "national_territory", "all_french", "mostly_french",
    "all_russian", "counter_march", "demoralised",
)
REQUIRED_SIEGE_MODIFIERS = ("besieger_attack_tactical", "army", "siege_marker", "citadel", "fortress")
REQUIRED_PRODUCTION = (
    "infantry", "reserve_cavalry", "militia", "special_unit", "elite_surcharge", "depot", "army_marker", "fleet",
)
REQUIRED_CONSTANTS = (
    "difficult_terrain_mp", "hand_min", "hand_max", "escalade_punishments", "victory_empire_automatic",
    "victory_coalition_automatic", "key_zone_loss",
)
BATTLE_LEVELS = ("skirmish", "minor", "major")
# Never diplomatic targets: France has no status, Britain is never neutral (3.1), Italy and Switzerland are
# protectorates from 1805 (8.1.5).
NEVER_TARGETS = ("france", "britain", "italy", "switzerland")

_COMBAT_RESULT = re.compile(r"^(?P<losses>\d+)(?P<plus>\+)?(?P<cav>C)?$")
_ATTRITION_RESULT = re.compile(r"^(?P<losses>\d+)(?P<star>\*)?$")


# --- records as written in tables.toml ------------------------------------------------------------------------


class _Sub(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of nested sub-records."""


class Terrain(Record, kw_only=True):
    """Battle modifiers in a zone of this terrain (14.5.3); its MP cost is on the map (map.toml, 12.1)."""

    name: str
    name_fr: str
    attacker_modifier: int
    defender_modifier: int


class Border(Record, kw_only=True):
    """Battle effects of a zone-edge feature (14.1, 14.5.3); its MP cost, retreat loss and supply and
    free-activation effects are on the map (map.toml ``feature``, 12.1, 13.3, 14.10, 9.1)."""

    name: str
    name_fr: str
    attacker_modifier: int
    army_attacker_modifier: int
    blocks_counter_march: bool
    closed_by_enemy_fleet: bool


class OddsRow(Record, kw_only=True):
    """One odds column: attacker:defender, the attacker's modifier, and which side it destroys (14.2)."""

    attacker: int
    defender: int
    modifier: int
    destroys: Literal["attacker", "defender"] | None = None


class BattleLevel(Record, kw_only=True):
    """Battle level and the conditions selecting it (14.3); a level without conditions is the fallback."""

    name: str
    name_fr: str
    column: str
    min_total: int | None = None
    max_total: int | None = None
    min_weaker_side: int | None = None
    demoralisation: bool

    def matches(self, total: Fraction, weaker: Fraction) -> bool:
        return (
            (self.min_total is None or total >= self.min_total)
            and (self.max_total is None or total <= self.max_total)
            and (self.min_weaker_side is None or weaker >= self.min_weaker_side)
        )


class RollRow(_Sub, kw_only=True):
    """A band of modified rolls as written: inclusive bounds, open at the table's ends."""

    min: int | None = None
    max: int | None = None
    result: str
    src: str


class _RawTable(Record, kw_only=True):
    rows: tuple[RollRow, ...]


class _RawAttritionColumn(Record, kw_only=True):
    steps_min: int
    steps_max: int | None = None
    rows: tuple[RollRow, ...]


class Modifier(Record, kw_only=True):
    """A die modifier: ``value`` times the quantity named by ``per`` (once, per MP, per star, per point...)."""

    value: int
    per: Literal["once", "mp", "step", "star", "point", "general"]


class SiegeResult(Record, kw_only=True):
    """Outcome of a siege attack (15.4)."""

    name: str
    name_fr: str
    besieger_losses: int
    fortress_falls: bool
    garrison: Literal["stays", "reinforcements", "destroyed"]


class SiegeMarker(Record, kw_only=True):
    value: int


class NavalRow(_Sub, kw_only=True):
    """Naval combat: what the loser suffers for a band of differences (17.3.1)."""

    min: int | None = None
    max: int | None = None
    fleets_lost: int
    destroyed: bool
    src: str


class _RawNavalTable(Record, kw_only=True):
    rows: tuple[NavalRow, ...]


class DieTest(Record, kw_only=True):
    """A 1d6 test (0.4). ``at_least``: total >= target; ``at_most``: total <= a rating the rules compute;
    ``excess``: yields max(0, total - target) (pursuit losses)."""

    kind: Literal["at_least", "at_most", "excess"]
    target: int | None = None
    modifiers: tuple[Modifier, ...]

    def modifier(self, modifier_id: str) -> int:
        for mod in self.modifiers:
            if mod.id == modifier_id:
                return mod.value
        raise KeyError(f"test {self.id!r} has no modifier {modifier_id!r}")

    def passes(self, total: int, rating: int | None = None) -> bool:
        if self.kind == "at_least":
            assert self.target is not None
            return total >= self.target
        if self.kind == "at_most":
            if rating is None:
                raise ValueError(f"test {self.id!r} needs the rating to compare with")
            return total <= rating
        raise ValueError(f"test {self.id!r} yields an excess, not a pass")

    def excess(self, total: int) -> int:
        if self.kind != "excess":
            raise ValueError(f"test {self.id!r} is a pass/fail test")
        assert self.target is not None
        return max(0, total - self.target)


class Weather(Record, kw_only=True):
    name: str
    name_fr: str
    first_round: int
    last_round: int
    mf_modifier: int
    winter: bool


class Production(Record, kw_only=True):
    """A production-table line (7.3.2); ``powers`` empty means every major power."""

    cost: float
    per: Literal["step", "counter", "card", "star_step"]
    powers: tuple[str, ...] = ()
    unit_kinds: tuple[str, ...] = ()


class KeyZone(_Sub, kw_only=True):
    """A National-Territory key zone whose enemy control costs resources, unless ``unless`` holds (7.3.1)."""

    zone: str
    unless: str | None = None


class Resources(Record, kw_only=True):
    base: int
    key_zones: tuple[KeyZone, ...]


class PermanentCard(Record, kw_only=True):
    """Permanent card of a power (id), returned to ``side``'s hand while ``capital`` is not enemy-held."""

    card: str
    side: Side
    capital: str


class CardAssignment(Record, kw_only=True):
    """A Card Assignment Table line (6.3): a key zone, group of key zones or entity giving cards."""

    side: Literal["empire", "coalition", "ally"]
    country: str
    zones: tuple[str, ...]
    cards: int = 1
    enemy_control: Literal["deny", "transfer"] = "deny"
    entity: str | None = None
    unless: str | None = None


class Diplomacy(Record, kw_only=True):
    empire: int
    coalition: int


class VpEvent(Record, kw_only=True):
    vp: int
    escalade: int
    punishments: bool = False
    repeat: Literal["once", "per_budget"]


class Constant(Record, kw_only=True):
    value: int | float


# --- typed results and rows -----------------------------------------------------------------------------------


class CombatResult(_Sub, kw_only=True):
    """Enemy steps eliminated, with the tie-breaking "+" and the cavalry "C" marks (14.6)."""

    losses: int
    plus: bool = False
    cavalry: bool = False

    @property
    def label(self) -> str:
        return f"{self.losses}{'+' if self.plus else ''}{'C' if self.cavalry else ''}"

    @classmethod
    def parse(cls, text: str) -> CombatResult:
        m = _COMBAT_RESULT.match(text)
        if not m:
            raise ValueError(f"combat result {text!r} is not '<losses>[+][C]'")
        return cls(losses=int(m["losses"]), plus=bool(m["plus"]), cavalry=bool(m["cav"]))


class AttritionResult(_Sub, kw_only=True):
    """Steps lost; ``star`` = roll another die for a possible extra loss (13.6.2)."""

    losses: int
    star: bool = False

    @property
    def label(self) -> str:
        return f"{self.losses}{'*' if self.star else ''}"

    @classmethod
    def parse(cls, text: str) -> AttritionResult:
        m = _ATTRITION_RESULT.match(text)
        if not m:
            raise ValueError(f"attrition result {text!r} is not '<losses>[*]'")
        return cls(losses=int(m["losses"]), star=bool(m["star"]))


class CombatRow(_Sub, kw_only=True):
    min: int | None
    max: int | None
    result: CombatResult
    src: str


class AttritionRow(_Sub, kw_only=True):
    min: int | None
    max: int | None
    result: AttritionResult
    src: str


class SiegeRow(_Sub, kw_only=True):
    min: int | None
    max: int | None
    result: SiegeResult
    src: str


class CombatColumn(_Sub, kw_only=True):
    id: str
    src: str
    rows: tuple[CombatRow, ...]


class AttritionColumn(_Sub, kw_only=True):
    id: str
    src: str
    steps_min: int
    steps_max: int | None
    rows: tuple[AttritionRow, ...]


def _in_band(row: Any, value: int) -> bool:
    return (row.min is None or value >= row.min) and (row.max is None or value <= row.max)


def round_half_up(x: Fraction) -> int:
    """0.4: round to the nearest integer, 0.5 rounding up."""
    return math.floor(x + Fraction(1, 2))


def other_side(side: str) -> Side:
    return "coalition" if side == "empire" else "empire"


def battle_winner(attacker: CombatResult, defender: CombatResult) -> Literal["attacker", "defender"]:
    """14.6: higher result wins; on a tie a lone "+" wins, otherwise the attacker loses."""
    if attacker.losses != defender.losses:
        return "attacker" if attacker.losses > defender.losses else "defender"
    if attacker.plus and not defender.plus:
        return "attacker"
    return "defender"


# --- the tables -----------------------------------------------------------------------------------------------


class Tables(msgspec.Struct, frozen=True, kw_only=True):
    """All player-aid tables, keyed by id in file order."""

    terrain: dict[str, Terrain]
    borders: dict[str, Border]
    odds_rows: tuple[OddsRow, ...]
    battle_levels: dict[str, BattleLevel]
    combat_tables: dict[str, CombatColumn]
    combat_modifiers: dict[str, Modifier]
    attrition_columns: tuple[AttritionColumn, ...]
    attrition_modifiers: dict[str, Modifier]
    siege_results: dict[str, SiegeResult]
    siege_rows: tuple[SiegeRow, ...]
    siege_modifiers: dict[str, Modifier]
    siege_markers: tuple[SiegeMarker, ...]
    naval_rows: tuple[NavalRow, ...]
    tests: dict[str, DieTest]
    weather_rows: tuple[Weather, ...]
    production: dict[str, Production]
    resources: dict[str, Resources]
    permanent: dict[str, PermanentCard]
    card_assignments: dict[str, CardAssignment]
    diplomacy: dict[str, Diplomacy]
    vp_events: dict[str, VpEvent]
    constants: dict[str, Constant]

    # 14.2 ----------------------------------------------------------------------------------------------------
    def odds(self, att: float | Fraction, dfn: float | Fraction) -> tuple[int, int]:
        """Combat odds as (attacker, defender), one side being 1, rounded per 0.4 (9 vs 6 -> 2:1)."""
        a, d = Fraction(att), Fraction(dfn)
        if a <= 0 or d <= 0:
            raise ValueError(f"combat totals must be positive, got {att} vs {dfn}")
        if a >= d:
            return (round_half_up(a / d), 1)
        return (1, round_half_up(d / a))

    def odds_row(self, att: float | Fraction, dfn: float | Fraction) -> OddsRow:
        """The odds column for these totals; odds beyond the table's ends use its end columns."""
        a, d = self.odds(att, dfn)
        first, last = self.odds_rows[0], self.odds_rows[-1]
        if d > first.defender:
            return first
        if a > last.attacker:
            return last
        return next(r for r in self.odds_rows if (r.attacker, r.defender) == (a, d))

    # 14.3 / 14.6 ---------------------------------------------------------------------------------------------
    def battle_level(self, att: float | Fraction, dfn: float | Fraction) -> BattleLevel:
        a, d = Fraction(att), Fraction(dfn)
        return next(lvl for lvl in self.battle_levels.values() if lvl.matches(a + d, min(a, d)))

    def combat(self, level: str, roll: int) -> CombatResult:
        """Enemy steps eliminated for a modified 2d6 ``roll`` on the ``level`` column."""
        return next(r.result for r in self.combat_tables[level].rows if _in_band(r, roll))

    def combat_modifier(self, modifier_id: str) -> int:
        return self.combat_modifiers[modifier_id].value

    # 13.6 ----------------------------------------------------------------------------------------------------
    def attrition_column(self, steps: int) -> AttritionColumn:
        if steps < 1:
            raise ValueError(f"an attrition test needs at least one step, got {steps}")
        return next(
            c for c in self.attrition_columns if steps >= c.steps_min and (c.steps_max is None or steps <= c.steps_max)
        )

    def attrition(self, steps: int, roll: int) -> AttritionResult:
        """Steps lost by a force of ``steps`` steps on a modified 1d6 ``roll``."""
        return next(r.result for r in self.attrition_column(steps).rows if _in_band(r, roll))

    def attrition_modifier(self, modifier_id: str) -> int:
        return self.attrition_modifiers[modifier_id].value

    def attrition_extra_loss(self, die: int) -> bool:
        """A "*" result: does this extra die add one more loss?"""
        return self.tests["attrition_extra_loss"].passes(die)

    # 15.4 ----------------------------------------------------------------------------------------------------
    def siege(self, roll: int) -> SiegeResult:
        return next(r.result for r in self.siege_rows if _in_band(r, roll))

    def siege_modifier(self, modifier_id: str) -> int:
        return self.siege_modifiers[modifier_id].value

    def next_siege_marker(self, value: int) -> int:
        """Marker after an attempt that did not take the fortress (+1, at most the last marker)."""
        return min(value + 1, self.siege_markers[-1].value)

    # 17.3.1 / 16 / 12.1 --------------------------------------------------------------------------------------
    def naval(self, difference: int) -> NavalRow:
        """What the loser of a naval combat suffers; a difference of 0 is a tie, settled by the rule."""
        if difference < 1:
            raise ValueError(f"naval difference must be at least 1, got {difference}")
        return next(r for r in self.naval_rows if _in_band(r, difference))

    def weather(self, round_no: int) -> Weather:
        for w in self.weather_rows:
            if w.first_round <= round_no <= w.last_round:
                return w
        raise ValueError(f"no activation round {round_no}")

    def is_difficult(self, mp: int) -> bool:
        return mp >= self.constants["difficult_terrain_mp"].value

    def test(self, test_id: str) -> DieTest:
        return self.tests[test_id]

    # 7.3 -----------------------------------------------------------------------------------------------------
    def step_cost(self, kind: str, stars: int = 0) -> float:
        """Resource cost of building or restoring one step of ``kind`` (a production line or a unit kind of
        units.toml) with ``stars`` elite stars: 7.3.2, elite corps 1.5, French elite reserve cavalry 2.5."""
        line = self.production.get(kind) or next(p for p in self.production.values() if kind in p.unit_kinds)
        surcharge = self.production["elite_surcharge"]
        extra = surcharge.cost * (stars if surcharge.per == "star_step" else min(stars, 1))
        return line.cost + extra

    def income(self, power: str, enemy_held: Collection[str], flags: Collection[str] = ()) -> int:
        """Budget income: base minus the key-zone loss for each NT key zone the enemy holds (7.3.1)."""
        rec = self.resources[power]
        lost = sum(1 for kz in rec.key_zones if kz.zone in enemy_held and not (kz.unless and kz.unless in flags))
        return max(0, rec.base - lost * int(self.constants["key_zone_loss"].value))

    # 6.3 / 8.2.3 ---------------------------------------------------------------------------------------------
    def _beneficiary(self, rec: CardAssignment, alliance_of: Mapping[str, str]) -> str | None:
        ally = alliance_of.get(rec.country)
        if rec.side == "ally":
            return ally if ally in SIDES else None
        return None if ally == other_side(rec.side) else rec.side

    def card_entitlement(
        self,
        side: Side,
        alliance_of: Mapping[str, str],
        controller_of: Mapping[str, str],
        flags: Collection[str] = (),
    ) -> tuple[CardAssignment, ...]:
        """Card Assignment Table lines giving ``side`` cards. ``alliance_of``: country -> side it is allied to
        (anything else = neutral, forced peace or forced alliance); ``controller_of``: zone -> side holding it
        with a supply line; ``flags``: entities created and state flags ("kingdom_of_bavaria", "poland")."""
        out = []
        for rec in self.card_assignments.values():
            if (rec.entity and rec.entity not in flags) or (rec.unless and rec.unless in flags):
                continue
            owner = self._beneficiary(rec, alliance_of)
            if owner is None:
                continue
            enemy = other_side(owner)
            if any(controller_of.get(z) == enemy for z in rec.zones):
                if rec.enemy_control == "transfer" and enemy == side:
                    out.append(rec)
            elif owner == side:
                out.append(rec)
        return tuple(out)

    def permanent_cards(
        self, side: Side, alliance_of: Mapping[str, str], controller_of: Mapping[str, str]
    ) -> tuple[PermanentCard, ...]:
        """Permanent cards returned to ``side``: power in the side and its capital not enemy-held (6.2)."""
        return tuple(
            p
            for p in self.permanent.values()
            if p.side == side and alliance_of.get(p.id) == side and controller_of.get(p.capital) != other_side(side)
        )

    def hand_size(self, cards: int, may_exceed_max: bool = False) -> int:
        """Hand size at the hand-building step: entitlement clamped to [hand_min, hand_max] (6.3)."""
        low = int(self.constants["hand_min"].value)
        high = int(self.constants["hand_max"].value)
        return max(low, cards if may_exceed_max else min(high, cards))

    def cards_on_joining(self, country: str, side: Side, flags: Collection[str] = ()) -> int:
        """Cards drawn at once when ``country`` joins ``side`` (8.2.3): its card-granting key zones."""
        return sum(
            rec.cards
            for rec in self.card_assignments.values()
            if rec.country == country
            and rec.zones
            and rec.side in ("ally", side)
            and not (rec.unless and rec.unless in flags)
            and not (rec.entity and rec.entity not in flags)
        )

    def diplomacy_bonus(self, side: Side, target: str) -> int:
        row = self.diplomacy[target]
        return row.empire if side == "empire" else row.coalition

    def vp_event(self, event_id: str) -> VpEvent:
        return self.vp_events[event_id]

    def constant(self, constant_id: str) -> int | float:
        return self.constants[constant_id].value


# --- loading and validation -----------------------------------------------------------------------------------


def _fail(file: str, record: str, field: str, message: str) -> DataError:
    return DataError(file, message, record=record, field=field)


def _check_bands(rows: tuple[Any, ...], file: str, record: str, *, first_min: int | None = None) -> None:
    """Rows must cover every roll once: ascending, contiguous, open at both ends (or from ``first_min``)."""
    if not rows:
        raise _fail(file, record, "rows", "a table needs at least one row")
    for i, row in enumerate(rows):
        check_provenance(row.src, file, f"{record} rows[{i}]")
        if i == 0:
            if row.min != first_min:
                want = "no min (open below)" if first_min is None else f"min = {first_min}"
                raise _fail(file, record, f"rows[{i}].min", f"the first row must have {want}")
        elif row.min is None or row.min != rows[i - 1].max + 1:
            expected = rows[i - 1].max + 1
            what = "gap" if row.min is not None and row.min > expected else "overlap"
            raise _fail(file, record, f"rows[{i}].min", f"{what}: row must start at {expected}, after rows[{i - 1}]")
        if i == len(rows) - 1:
            if row.max is not None:
                raise _fail(file, record, f"rows[{i}].max", "the last row must have no max (open above)")
        elif row.max is None:
            raise _fail(file, record, f"rows[{i}].max", "only the last row may be open above")
        elif row.min is not None and row.max < row.min:
            raise _fail(file, record, f"rows[{i}].max", f"max {row.max} is below min {row.min}")


def _check_monotone(keys: list[tuple[int, ...]], file: str, record: str, what: str) -> None:
    for i in range(1, len(keys)):
        if keys[i] < keys[i - 1]:
            raise _fail(file, record, f"rows[{i}].result", f"{what} must not get worse as the roll rises")


def _parse_rows(raw: _RawTable | _RawAttritionColumn, parse: Any, row_type: Any, file: str, record: str) -> tuple:
    out = []
    for i, row in enumerate(raw.rows):
        try:
            result = parse(row.result)
        except ValueError as exc:
            raise _fail(file, record, f"rows[{i}].result", str(exc)) from None
        out.append(row_type(min=row.min, max=row.max, result=result, src=row.src))
    return tuple(out)


def _require(found: Mapping[str, Any], required: Iterable[str], file: str, table: str) -> None:
    for rid in required:
        if rid not in found:
            message = f"required [[{table}]] record {rid!r} is missing"
            raise DataError(file, message, record=f"{table} {rid}", field="id")


def _check_odds(rows: tuple[OddsRow, ...], file: str) -> None:
    # Weakest to strongest: 1:n ... 1:2, 1:1, 2:1 ... m:1, one step at a time.
    ratios = [Fraction(r.attacker, r.defender) for r in rows]
    for r in rows:
        if min(r.attacker, r.defender) != 1 or max(r.attacker, r.defender) < 1:
            raise _fail(file, f"odds {r.id}", "attacker", "odds must read 1:n or n:1")
    for i in range(1, len(rows)):
        prev, cur = rows[i - 1], rows[i]
        step_ok = (cur.defender == 1 and cur.attacker == prev.attacker + 1 and prev.defender == 1) or (
            cur.attacker == 1 and prev.attacker == 1 and cur.defender == prev.defender - 1
        )
        if not step_ok or ratios[i] <= ratios[i - 1]:
            raise _fail(file, f"odds {cur.id}", "attacker", f"odds must rise one step at a time after {prev.id}")
        if cur.modifier < prev.modifier and cur.destroys is None and prev.destroys is None:
            raise _fail(file, f"odds {cur.id}", "modifier", "the modifier must not fall as the odds rise")
    if not any((r.attacker, r.defender) == (1, 1) for r in rows):
        raise DataError(file, "the odds table needs a 1:1 column", record="odds", field="attacker")
    for i, r in enumerate(rows):
        if r.destroys == "attacker" and i != 0:
            raise _fail(file, f"odds {r.id}", "destroys", "only the weakest column may destroy the attacker")
        if r.destroys == "defender" and i != len(rows) - 1:
            raise _fail(file, f"odds {r.id}", "destroys", "only the strongest column may destroy the defender")


def _check_against_map(terrain: dict[str, Terrain], borders: dict[str, Border], mapdata: MapData, file: str) -> None:
    """Every terrain and edge feature of the map has its battle effects here, and nothing else is here."""
    for tid in mapdata.terrains:
        check_ref(tid, terrain, file, f"terrain {tid}", "id", "terrain (map.toml has it)")
    for tid in terrain:
        check_ref(tid, mapdata.terrains, file, f"terrain {tid}", "id", "map.toml terrain")
    for fid in mapdata.features:
        check_ref(fid, borders, file, f"border {fid}", "id", "border (map.toml has it)")
    for bid in borders:
        check_ref(bid, mapdata.features, file, f"border {bid}", "id", "map.toml feature")


def load_tables(data_dir: Path, mapdata: MapData) -> Tables:
    """Load and validate ``data_dir/tables.toml`` against the map (zones, powers, terrains, key groups)."""
    path = data_dir / "tables.toml"
    file = str(path)
    doc = read_toml(path)

    def table(name: str, kind: type) -> dict[str, Any]:
        recs = records_from(doc, name, kind, file)
        for rid, rec in recs.items():
            check_provenance(rec.src, file, f"{name} {rid}")
        return recs

    zones, powers = mapdata.zones, mapdata.powers

    terrain = table("terrain", Terrain)
    borders = table("border", Border)
    _check_against_map(terrain, borders, mapdata, file)

    odds_rows = tuple(table("odds", OddsRow).values())
    _check_odds(odds_rows, file)

    levels = table("battle_level", BattleLevel)
    for rid in BATTLE_LEVELS:
        if rid not in levels:
            raise DataError(file, f"battle level {rid!r} is missing", record=f"battle_level {rid}", field="id")
    level_list = list(levels.values())
    for lvl in level_list[:-1]:
        if lvl.min_total is None and lvl.max_total is None and lvl.min_weaker_side is None:
            raise _fail(file, f"battle_level {lvl.id}", "min_total", "only the last level may have no condition")
    last = level_list[-1]
    if last.min_total is not None or last.max_total is not None or last.min_weaker_side is not None:
        raise _fail(file, f"battle_level {last.id}", "min_total", "the last level is the fallback: no condition")

    combat_tables: dict[str, CombatColumn] = {}
    for rid, raw in table("combat_table", _RawTable).items():
        record = f"combat_table {rid}"
        check_ref(rid, levels, file, record, "id", "battle level")
        _check_bands(raw.rows, file, record)
        rows = _parse_rows(raw, CombatResult.parse, CombatRow, file, record)
        _check_monotone([(r.result.losses, r.result.plus) for r in rows], file, record, "combat results")
        combat_tables[rid] = CombatColumn(id=rid, src=raw.src, rows=rows)
    for rid in levels:
        if rid not in combat_tables:
            raise DataError(file, f"no combat table for battle level {rid!r}", record=f"combat_table {rid}", field="id")

    combat_modifiers = table("combat_modifier", Modifier)
    _require(combat_modifiers, REQUIRED_COMBAT_MODIFIERS, file, "combat_modifier")

    columns: list[AttritionColumn] = []
    for rid, raw in table("attrition_column", _RawAttritionColumn).items():
        record = f"attrition_column {rid}"
        expected = 1 if not columns else (columns[-1].steps_max or 0) + 1
        if columns and columns[-1].steps_max is None:
            raise _fail(file, f"attrition_column {columns[-1].id}", "steps_max", "only the last column may be open")
        if raw.steps_min != expected:
            what = "gap" if raw.steps_min > expected else "overlap"
            raise _fail(file, record, "steps_min", f"{what}: column must start at {expected} steps")
        if raw.steps_max is not None and raw.steps_max < raw.steps_min:
            raise _fail(file, record, "steps_max", "steps_max is below steps_min")
        _check_bands(raw.rows, file, record)
        rows = _parse_rows(raw, AttritionResult.parse, AttritionRow, file, record)
        _check_monotone([(r.result.losses, r.result.star) for r in rows], file, record, "attrition results")
        columns.append(
            AttritionColumn(id=rid, src=raw.src, steps_min=raw.steps_min, steps_max=raw.steps_max, rows=rows)
        )
    if columns[-1].steps_max is not None:
        raise _fail(file, f"attrition_column {columns[-1].id}", "steps_max", "the last column must be open above")
    attrition_modifiers = table("attrition_modifier", Modifier)
    _require(attrition_modifiers, REQUIRED_ATTRITION_MODIFIERS, file, "attrition_modifier")

    siege_results = table("siege_result", SiegeResult)
    order = {rid: i for i, rid in enumerate(siege_results)}
    siege_tables = table("siege_table", _RawTable)
    if list(siege_tables) != ["siege"]:
        raise DataError(file, "exactly one [[siege_table]] with id 'siege'", record="siege_table", field="id")
    raw_siege = siege_tables["siege"]
    _check_bands(raw_siege.rows, file, "siege_table siege")
    siege_rows = []
    for i, row in enumerate(raw_siege.rows):
        check_ref(row.result, siege_results, file, "siege_table siege", f"rows[{i}].result", "siege result")
        siege_rows.append(SiegeRow(min=row.min, max=row.max, result=siege_results[row.result], src=row.src))
    _check_monotone([(order[r.result.id],) for r in siege_rows], file, "siege_table siege", "siege results")
    siege_modifiers = table("siege_modifier", Modifier)
    _require(siege_modifiers, REQUIRED_SIEGE_MODIFIERS, file, "siege_modifier")
    markers = tuple(table("siege_marker", SiegeMarker).values())
    for i, m in enumerate(markers):
        if m.value != i:
            raise _fail(file, f"siege_marker {m.id}", "value", f"siege markers must run 0, 1, 2...: expected {i}")

    naval_tables = table("naval_table", _RawNavalTable)
    if list(naval_tables) != ["naval"]:
        raise DataError(file, "exactly one [[naval_table]] with id 'naval'", record="naval_table", field="id")
    naval_rows = naval_tables["naval"].rows
    _check_bands(naval_rows, file, "naval_table naval", first_min=1)
    _check_monotone(
        [(r.destroyed, r.fleets_lost) for r in naval_rows], file, "naval_table naval", "naval results"
    )

    tests = table("test", DieTest)
    _require(tests, REQUIRED_TESTS, file, "test")
    for t in tests.values():
        record = f"test {t.id}"
        if (t.kind == "at_most") != (t.target is None):
            raise _fail(file, record, "target", "'at_most' tests take no target; the others need one")
        for i, mod in enumerate(t.modifiers):
            check_provenance(mod.src, file, f"{record} modifiers[{i}]")

    weather = tuple(table("weather", Weather).values())
    expected_round = 1
    for w in weather:
        if w.first_round != expected_round or w.last_round < w.first_round:
            message = f"weather rounds must run on from round {expected_round}"
            raise _fail(file, f"weather {w.id}", "first_round", message)
        expected_round = w.last_round + 1

    production = table("production", Production)
    _require(production, REQUIRED_PRODUCTION, file, "production")
    priced: dict[str, str] = {}
    for p in production.values():
        if p.cost < 0:
            raise _fail(file, f"production {p.id}", "cost", "a cost cannot be negative")
        for i, pw in enumerate(p.powers):
            check_ref(pw, MAJOR_POWERS, file, f"production {p.id}", f"powers[{i}]", "major power")
        for i, kind in enumerate(p.unit_kinds):
            if kind in priced:
                message = f"unit kind {kind!r} already priced by production {priced[kind]!r}"
                raise _fail(file, f"production {p.id}", f"unit_kinds[{i}]", message)
            priced[kind] = p.id
    if production["elite_surcharge"].per not in ("step", "star_step"):
        raise _fail(file, "production elite_surcharge", "per", "the elite surcharge is per 'step' or 'star_step'")

    resources = table("resources", Resources)
    for pw in MAJOR_POWERS:
        if pw not in resources:
            raise DataError(file, f"no resources for major power {pw!r}", record=f"resources {pw}", field="id")
    for r in resources.values():
        check_ref(r.id, MAJOR_POWERS, file, f"resources {r.id}", "id", "major power")
        for i, kz in enumerate(r.key_zones):
            check_ref(kz.zone, zones, file, f"resources {r.id}", f"key_zones[{i}].zone", "zone")
            z = zones[kz.zone]
            if z.owner != r.id or (z.key is None and z.capital != r.id):
                message = f"zone {kz.zone!r} is not a key zone or capital of {r.id} on the map"
                raise _fail(file, f"resources {r.id}", f"key_zones[{i}].zone", message)

    permanent = table("permanent_card", PermanentCard)
    for p in permanent.values():
        check_ref(p.id, MAJOR_POWERS, file, f"permanent_card {p.id}", "id", "major power")
        check_ref(p.capital, zones, file, f"permanent_card {p.id}", "capital", "zone")

    assignments = table("card_assignment", CardAssignment)
    for a in assignments.values():
        record = f"card_assignment {a.id}"
        check_ref(a.country, powers, file, record, "country", "power")
        for i, z in enumerate(a.zones):
            check_ref(z, zones, file, record, f"zones[{i}]", "zone")
        if a.cards < 1:
            raise _fail(file, record, "cards", "a line gives at least one card")
        if not a.zones and a.entity is None:
            raise _fail(file, record, "zones", "a line without zones must name the entity that gives the card")
        if a.enemy_control == "transfer" and a.side == "ally":
            raise _fail(file, record, "enemy_control", "a transfer needs a fixed side")
        group = mapdata.keys.get(a.id)
        if group is not None and sorted(group.zones) != sorted(a.zones):
            raise _fail(file, record, "zones", f"map.toml key group {a.id!r} holds {list(group.zones)}")
    for kid, group in mapdata.keys.items():
        # Every key group of the map gives a card: either a permanent card or a Card Assignment line.
        if group.permanent is not None:
            perm = permanent.get(group.permanent)
            if perm is None or perm.capital not in group.zones:
                message = f"map.toml key group {kid!r} is the permanent card of {group.permanent}"
                raise DataError(file, message, record=f"permanent_card {group.permanent}", field="capital")
        elif kid not in assignments:
            message = f"map.toml key group {kid!r} has no line"
            raise DataError(file, message, record=f"card_assignment {kid}", field="id")

    diplomacy = table("diplomacy", Diplomacy)
    for d in diplomacy.values():
        check_ref(d.id, powers, file, f"diplomacy {d.id}", "id", "power")
        if d.id in NEVER_TARGETS:
            raise _fail(file, f"diplomacy {d.id}", "id", f"{d.id} is never a diplomatic target (3.1, 8.1.5)")
    for pid, power in powers.items():
        if power.kind in ("major", "minor") and pid not in NEVER_TARGETS and pid not in diplomacy:
            raise DataError(file, f"no diplomacy bonuses for {pid!r}", record=f"diplomacy {pid}", field="id")

    vp_events = table("vp_event", VpEvent)
    constants = table("constant", Constant)
    _require(constants, REQUIRED_CONSTANTS, file, "constant")

    return Tables(
        terrain=terrain,
        borders=borders,
        odds_rows=odds_rows,
        battle_levels=levels,
        combat_tables=combat_tables,
        combat_modifiers=combat_modifiers,
        attrition_columns=tuple(columns),
        attrition_modifiers=attrition_modifiers,
        siege_results=siege_results,
        siege_rows=tuple(siege_rows),
        siege_modifiers=siege_modifiers,
        siege_markers=markers,
        naval_rows=naval_rows,
        tests=tests,
        weather_rows=weather,
        production=production,
        resources=resources,
        permanent=permanent,
        card_assignments=assignments,
        diplomacy=diplomacy,
        vp_events=vp_events,
        constants=constants,
    )
