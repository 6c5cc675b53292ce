"""Scenario set-ups of Napoleon against Europe (rule 20) as typed records.

A scenario file (``data/scenarios/<year>.toml``) holds one ``[scenario]`` table (start, end, markers, cards) and
arrays of records: ``[[status]]`` (diplomatic status of every power), ``[[annex]]`` and ``[[control]]`` (territory
changes before the start), ``[[event]]`` (events already in play), ``[[removed]]`` (counters out of play, set aside
or in the reserve), ``[[rule]]`` (special rules, typed by ``kind``), ``[[victory]]`` (victory conditions) and
``[[place]]`` (the set-up, counter by counter). Every choice the rules leave open is resolved in the file; the
alternatives the players may pick instead are kept in ``choices`` so the game can offer them.

``load_scenario`` checks every reference against the map, counters and cards, that no counter is placed twice,
that each land unit starts where its owner may stand, and the stacking and command limits (rules 10.1, 11, 17).
"""

from __future__ import annotations

from collections import Counter as Tally
from pathlib import Path
from typing import Any, Literal, NoReturn

import msgspec

from grognard.core.data import Record, check_provenance, check_ref, convert, read_toml, records_from
from grognard.core.errors import DataError
from grognard.games.nae.schema.cards import Cards
from grognard.games.nae.schema.counters import Counters
from grognard.games.nae.schema.map import MapData

Side = Literal["empire", "coalition"]
StatusKind = Literal["at_war", "neutral", "allied", "protectorate", "forced_peace", "forced_alliance", "not_in_play"]
Period = Literal["epic", "punishments"]
SetupStep = Literal["neutrals", "coalition", "empire"]
Fate = Literal["removed", "eliminated", "set_aside", "reserve"]
Result = Literal["empire", "coalition", "draw", "both_lose"]
ConditionKind = Literal[
    "conquered",  # power has been conquered (18.2.1)
    "has_army",  # power has an army on the map (optionally non-demoralised)
    "general_removed",  # the general is out of play
    "controls_key_zones",  # side controls every key zone of power's National Territory (19.3)
    "controls_zone",  # side controls zone
    "card_played",  # the card's event has been played
    "victory_level_at_least",
    "victory_level_at_most",
]
ChoiceWhat = Literal["zone", "sea", "blockade", "commander", "generals", "units", "fleets", "depots"]

PORT_CAPACITY = 3  # 2.1 / 17: a port holds at most 3 fleets
SQUADRON_MAX = 3  # 17: a squadron is 1-3 fleets
ARMY_SUBORDINATES = 3  # 10.1
ARMY_CAVALRY_STEPS = 2  # 10.1: at most 2 reserve-cavalry steps per army
ARMIES_PER_ZONE = 2  # 11: a group of at most two armies is one force


class _Sub(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """A nested record (no id of its own)."""


# --------------------------------------------------------------------------------------------------- header


class SideCards(_Sub, kw_only=True):
    """One side's cards at the start: draw pile, removed cards, fixed hand and random draws."""

    deck: tuple[str, ...] = ()  # explicit draw pile (1815); empty: every card of the scenario's periods
    remove: tuple[str, ...] = ()  # cards taken out of the game (1809)
    hand: tuple[str, ...] = ()  # cards in hand before the random draw (permanents, named cards)
    draw: int  # cards then drawn at random from the pile
    events_used: tuple[str, ...] = ()  # once-only events already played (1809: 3C Saint Empire)
    note: str = ""


class CardSetup(_Sub, kw_only=True):
    src: str
    periods: tuple[Period, ...]  # periods in play at the start (6.1)
    single_deck: bool = False  # 1809: Epic and Punishments shuffled together
    empire: SideCards
    coalition: SideCards


class Header(_Sub, kw_only=True):
    id: str
    src: str
    name: str
    name_fr: str
    start_year: int
    start_round: int
    first_player: Side
    start_round_only: Side | None = None  # 1809: only the Coalition plays the start round
    end_year: int
    end_phase: Literal["conquest", "victory"]
    victory_level: int | None = None  # victory marker (19); None: the scenario does not use it
    escalade_level: int | None = None
    escalade_applies: bool
    setup_order: tuple[SetupStep, ...]
    default_result: Result  # result when no victory condition holds at the end
    cards: CardSetup
    note: str = ""


# --------------------------------------------------------------------------------------------------- politics


class Status(Record, kw_only=True):
    """Diplomatic status of one power (id = power id) at the start (8.1)."""

    status: StatusKind
    side: Side | None = None  # at_war majors: their side
    ally_of: str | None = None  # allied / protectorate: the major it is allied to
    with_power: str | None = None  # forced peace / alliance: the conqueror
    until_year: int | None = None  # forced peace: last year it lasts
    then: StatusKind | None = None  # status after until_year (1809 Prussia: forced alliance)
    note: str = ""


class Annex(Record, kw_only=True):
    """A province whose National Territory changed before the start (18.2.2)."""

    province: str
    to: str  # power whose National Territory it joins
    note: str = ""


class Control(Record, kw_only=True):
    """Zones controlled at the start by another power than their owner (3.2)."""

    power: str
    provinces: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    except_zones: tuple[str, ...] = ()
    note: str = ""


class Event(Record, kw_only=True):
    """An event already in play at the start."""

    card: str | None = None  # the card whose event it is, when there is one
    entity: str | None = None  # the political entity it created or affects
    text: str


class Removed(Record, kw_only=True):
    """Counters out of the set-up: removed from play, eliminated, set aside, or waiting in the reserve."""

    fate: Fate
    power: str | None = None
    generals: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    fleets: tuple[str, ...] = ()
    # selection rules resolved against the counters (1805: marks E/V/2P, entry after 1805, special units)
    marks: tuple[str, ...] = ()
    entry_after: int | None = None
    special_units: bool = False
    may_return_by_event: bool = False
    text: str


# --------------------------------------------------------------------------------------------------- rules


class Rule(Record, tag_field="kind", kw_only=True):
    """A scenario special rule; ``kind`` selects the structure the engine reads."""

    text: str
    optional: bool = False


class RoyalistSupply(Rule, tag="royalist_supply", kw_only=True):
    """20.1: royalist units are supplied in these provinces, elsewhere only from a controlled port with a depot."""

    power: str
    provinces: tuple[str, ...]
    fallback_depot_power: str


class ArmyReplacements(Rule, tag="army_replacements", kw_only=True):
    """20.1: steps restored in an army in each round it is activated."""

    power: str
    steps_per_army: int
    except_winter: bool


class Siege(_Sub, kw_only=True):
    zone: str
    general: str | None = None  # None: any force commanded by a general


class MandatorySieges(Rule, tag="mandatory_sieges", kw_only=True):
    """20.2 rule 1: the power must besiege these fortresses before its side may do anything else."""

    power: str
    sieges: tuple[Siege, ...]
    blocks_other_actions: bool
    lifted_if_enemy_enters: str  # the obligation ends once an enemy force enters this power's National Territory


class CardRestriction(Rule, tag="card_restriction", kw_only=True):
    """20.2 rule 1: an event that may not target a general during the side's first activation."""

    side: Side
    card: str
    target: str
    during: Literal["first_activation"]


class ArmyPosture(Rule, tag="army_posture", kw_only=True):
    """20.2 rule 2 (optional): an army must stay next to enemy territory until the enemy enters its country."""

    power: str
    army: str
    allowed_minors: tuple[str, ...]


Rules = RoyalistSupply | ArmyReplacements | MandatorySieges | CardRestriction | ArmyPosture


# --------------------------------------------------------------------------------------------------- victory


class Condition(_Sub, kw_only=True):
    kind: ConditionKind
    power: str | None = None
    side: Side | None = None
    zone: str | None = None
    general: str | None = None
    card: str | None = None
    value: int | None = None
    non_demoralised: bool = False
    negate: bool = False


class Victory(Record, kw_only=True):
    """One way to win: ``result`` if every condition in ``all_of`` holds (records of one result are OR-ed)."""

    result: Result
    when: Literal["immediate", "end"]
    all_of: tuple[Condition, ...]
    text: str


# --------------------------------------------------------------------------------------------------- placements


class UnitRef(_Sub, kw_only=True):
    id: str
    reduced: bool = False


class Choice(_Sub, kw_only=True):
    """An alternative the rules leave to the player at set-up; ``default`` is what this file places."""

    what: ChoiceWhat
    text: str  # the rule's words
    options: tuple[str, ...] = ()  # explicit alternatives; empty: any eligible counter of the power
    default: tuple[str, ...]
    note: str


class Place(Record, kw_only=True):
    """Counters set up together: in a land zone, a sea zone or a port's blockade box (exactly one)."""

    power: str  # the power setting them up (the force's commander's nation)
    zone: str | None = None
    sea: str | None = None
    blockade: str | None = None  # port zone whose blockade box holds the fleets
    army: str | None = None  # army marker
    commander: str | None = None
    generals: tuple[str, ...] = ()  # subordinate generals of the army
    units: tuple[UnitRef, ...] = ()
    mobile_depots: int = 0  # depot counters of ``power`` (1.4; depots are a pool, not named counters)
    fixed_depots: int = 0
    fleets: tuple[str, ...] = ()
    occupies: bool = False  # the rules put this force in a zone its side does not control (see note)
    note: str = ""
    choices: tuple[Choice, ...] = ()


class Scenario(msgspec.Struct, frozen=True, kw_only=True):
    """A validated scenario: header plus records keyed by id, in file order."""

    file: str
    header: Header
    statuses: dict[str, Status]
    annexes: dict[str, Annex]
    controls: dict[str, Control]
    events: dict[str, Event]
    removed: dict[str, Removed]
    rules: dict[str, Rules]
    victory: dict[str, Victory]
    places: dict[str, Place]
    out_of_play: tuple[str, ...]  # counters removed, eliminated or set aside (explicit lists + selection rules)

    @property
    def id(self) -> str:
        return self.header.id

    def side_of(self, power: str) -> Side | None:
        """The side a power fights on at the start, following alliances; None if neutral or out of the war."""
        seen: set[str] = set()
        while power not in seen:
            seen.add(power)
            st = self.statuses[power]
            if st.status == "at_war":
                return st.side
            if st.status in ("allied", "protectorate") and st.ally_of:
                power = st.ally_of
                continue
            return None
        return None

    def placed(self, power: str | None = None) -> list[Place]:
        return [p for p in self.places.values() if power is None or p.power == power]


_TABLES: dict[str, type[Any]] = {
    "status": Status,
    "annex": Annex,
    "control": Control,
    "event": Event,
    "removed": Removed,
    "rule": Rules,
    "victory": Victory,
    "place": Place,
}
_OPTIONAL_TABLES = ("annex", "control", "event", "removed", "rule")


def load_scenario(path: Path, mapdata: MapData, counters: Counters, cards: Cards) -> Scenario:
    """Load and validate one scenario file against the map, counters and cards."""
    file = str(path)
    doc = read_toml(path)
    known = set(_TABLES) | {"scenario"}
    for key in doc:
        if key not in known:
            raise DataError(file, f"unknown table [{key}]", field=key)
    if "scenario" not in doc:
        raise DataError(file, "no [scenario] table", record="scenario")
    header = convert(doc["scenario"], Header, file, "scenario")
    tables: dict[str, dict[str, Any]] = {}
    for table, kind in _TABLES.items():
        if table in _OPTIONAL_TABLES and table not in doc:
            tables[table] = {}
            continue
        tables[table] = records_from(doc, table, kind, file)
    for table, recs in tables.items():
        for rid, rec in recs.items():
            check_provenance(rec.src, file, f"{table} {rid}")
    check_provenance(header.src, file, "scenario")
    check_provenance(header.cards.src, file, "scenario")
    world = _World(mapdata, counters, cards)
    sc = Scenario(
        file=file,
        header=header,
        statuses=tables["status"],
        annexes=tables["annex"],
        controls=tables["control"],
        events=tables["event"],
        removed=tables["removed"],
        rules=tables["rule"],
        victory=tables["victory"],
        places=tables["place"],
        out_of_play=(),
    )
    _Checker(sc, world).run()
    return msgspec.structs.replace(sc, out_of_play=_resolve_out_of_play(sc, world))


# --------------------------------------------------------------------------------------------------- validation


class _World:
    """The map, counters and cards seen from a scenario: id lookups the checks need."""

    def __init__(self, mapdata: MapData, counters: Counters, cards: Cards) -> None:
        self.counters = counters
        self.cards = cards
        self.powers: dict[str, Any] = mapdata.powers
        self.zones: dict[str, Any] = mapdata.zones
        self.seas: dict[str, Any] = mapdata.seas
        self.provinces: dict[str, list[str]] = {}
        for zid, zone in mapdata.zones.items():
            if zone.province:
                self.provinces.setdefault(zone.province, []).append(zid)

    def is_major(self, power: str) -> bool:
        return bool(self.powers[power].kind == "major")

    def has_port(self, zone: str) -> bool:
        return bool(self.zones[zone].port)

    def owner(self, zone: str) -> str:
        """The power whose territory the zone is at the 1805 start (National Territory or minor)."""
        return str(self.zones[zone].owner)


def _resolve_out_of_play(sc: Scenario, world: _World) -> tuple[str, ...]:
    """Every counter id the ``[[removed]]`` records take out of the set-up, selection rules applied."""
    out: dict[str, None] = {}
    c = world.counters
    for rec in sc.removed.values():
        if rec.fate == "reserve":
            continue
        for cid in (*rec.generals, *rec.units, *rec.fleets):
            out[cid] = None
        if rec.marks or rec.entry_after is not None or rec.special_units:
            marks = set(rec.marks)
            for u in c.units.values():
                if (marks & set(u.marks)) or (rec.special_units and u.special) or _after(u.entry, rec.entry_after):
                    out[u.id] = None
            for g in c.generals.values():
                if (marks & set(g.marks)) or _after(g.entry, rec.entry_after):
                    out[g.id] = None
    return tuple(out)


def _after(year: int | None, limit: int | None) -> bool:
    return year is not None and limit is not None and year > limit


class _Checker:
    """Cross-checks of one scenario; the first failure raises a DataError naming file, record and field."""

    def __init__(self, sc: Scenario, world: _World) -> None:
        self.sc = sc
        self.w = world
        self.file = sc.file

    def fail(self, record: str, field: str | None, message: str) -> NoReturn:
        raise DataError(self.file, message, record=record, field=field)

    def ref(self, value: str, known: Any, record: str, field: str, what: str) -> None:
        check_ref(value, known, self.file, record, field, what)

    def run(self) -> None:
        self.header()
        self.cards()
        self.statuses()
        self.territory()
        self.events_and_removals()
        self.rules()
        self.victory()
        self.places()

    # ----------------------------------------------------------------------------------------------- header

    def header(self) -> None:
        h = self.sc.header
        rec = "scenario"
        if not 1 <= h.start_round <= 6:
            self.fail(rec, "start_round", f"round {h.start_round} is not an activation round 1-6 (5.2)")
        if h.start_round_only is not None and h.start_round_only != h.first_player:
            self.fail(rec, "start_round_only", "the side playing the start round alone must be the first player")
        if h.end_year < h.start_year:
            self.fail(rec, "end_year", "the scenario ends before it starts")
        if h.escalade_applies and h.escalade_level is None:
            self.fail(rec, "escalade_level", "escalade applies but no escalade marker position is given")
        if not h.escalade_applies and h.escalade_level is not None:
            self.fail(rec, "escalade_level", "escalade does not apply: leave the escalade marker out")
        if len(set(h.setup_order)) != len(h.setup_order):
            self.fail(rec, "setup_order", "a side is listed twice")

    # ----------------------------------------------------------------------------------------------- cards

    def cards(self) -> None:
        cs = self.sc.header.cards
        known = self.w.cards.cards
        if len(set(cs.periods)) != len(cs.periods) or not cs.periods:
            self.fail("scenario", "cards.periods", "periods must be a non-empty list without repeats")
        for side in ("empire", "coalition"):
            sc: SideCards = getattr(cs, side)
            seen: dict[str, str] = {}
            for name in ("deck", "remove", "hand", "events_used"):
                for cid in getattr(sc, name):
                    field = f"cards.{side}.{name}"
                    self.ref(cid, known, "scenario", field, "card")
                    if known[cid].side != side:
                        self.fail("scenario", field, f"card {cid} belongs to the {known[cid].side} deck")
                    if name == "events_used":
                        continue
                    if cid in seen:
                        self.fail("scenario", field, f"card {cid} is already listed in {seen[cid]}")
                    seen[cid] = name
            for cid in sc.events_used:
                if cid not in sc.hand and cid not in sc.deck and cid not in self._pile(side):
                    self.fail("scenario", f"cards.{side}.events_used", f"card {cid} is not in play")
            if sc.draw < 0:
                self.fail("scenario", f"cards.{side}.draw", "cannot draw a negative number of cards")
            if sc.draw > len(self._pile(side)):
                self.fail("scenario", f"cards.{side}.draw", f"only {len(self._pile(side))} cards in the pile")

    def _pile(self, side: str) -> list[str]:
        """The draw pile at the start: the explicit deck, or every card of the periods in play minus removals."""
        sc: SideCards = getattr(self.sc.header.cards, side)
        if sc.deck:
            return [c for c in sc.deck if c not in sc.hand]
        periods = self.sc.header.cards.periods
        out = []
        for card in self.w.cards.cards.values():
            if card.side != side or card.period not in periods or card.permanent is not None:
                continue
            if card.id in sc.remove or card.id in sc.hand:
                continue
            out.append(card.id)
        return out

    # ----------------------------------------------------------------------------------------------- politics

    def statuses(self) -> None:
        st = self.sc.statuses
        for pid, s in st.items():
            rec = f"status {pid}"
            self.ref(pid, self.w.powers, rec, "id", "power")
            major = self.w.is_major(pid)
            if s.status == "at_war":
                if s.side is None:
                    self.fail(rec, "side", "a power at war needs its side")
                if not major:
                    self.fail(rec, "status", "only a major power is at war on its own; a minor is allied to one")
            elif s.side is not None:
                self.fail(rec, "side", "only a power at war has a side of its own")
            if s.status in ("allied", "protectorate"):
                if s.ally_of is None:
                    self.fail(rec, "ally_of", f"status {s.status} needs the major it is allied to")
                self.ref(s.ally_of, st, rec, "ally_of", "power with a status")
                if not self.w.is_major(s.ally_of):
                    self.fail(rec, "ally_of", f"{s.ally_of!r} is not a major power")
            elif s.ally_of is not None:
                self.fail(rec, "ally_of", f"status {s.status} has no ally")
            if s.status == "protectorate" and (major or s.ally_of != "france"):
                self.fail(rec, "status", "a protectorate is a minor attached to France (8.1.5)")
            if s.status in ("forced_peace", "forced_alliance"):
                if s.with_power is None:
                    self.fail(rec, "with_power", f"status {s.status} needs the power that imposed it")
                self.ref(s.with_power, st, rec, "with_power", "power with a status")
            elif s.with_power is not None:
                self.fail(rec, "with_power", f"status {s.status} is imposed by nobody")
            if (s.until_year is None) != (s.then is None):
                self.fail(rec, "then", "until_year and then go together")
            if s.until_year is not None and s.until_year < self.sc.header.start_year:
                self.fail(rec, "until_year", "the status ends before the scenario starts")
        for pid in self.w.powers:
            if pid not in st:
                self.fail("status", "id", f"power {pid!r} has no status (every power and minor needs one)")
        if st["france"].status != "at_war" or st["france"].side != "empire":
            self.fail("status france", "status", "France is always at war on the Empire side (8.1)")
        if st["britain"].status == "neutral":
            self.fail("status britain", "status", "Britain is never neutral (8.1)")

    def territory(self) -> None:
        for aid, a in self.sc.annexes.items():
            rec = f"annex {aid}"
            self.ref(a.province, self.w.provinces, rec, "province", "province")
            self.ref(a.to, self.w.powers, rec, "to", "power")
        for cid, c in self.sc.controls.items():
            rec = f"control {cid}"
            self.ref(c.power, self.w.powers, rec, "power", "power")
            if not c.provinces and not c.zones:
                self.fail(rec, "zones", "name the provinces or zones controlled")
            for p in c.provinces:
                self.ref(p, self.w.provinces, rec, "provinces", "province")
            for z in (*c.zones, *c.except_zones):
                self.ref(z, self.w.zones, rec, "zones" if z in c.zones else "except_zones", "zone")
            inside = {z for p in c.provinces for z in self.w.provinces[p]}
            for z in c.except_zones:
                if z not in inside:
                    self.fail(rec, "except_zones", f"zone {z!r} is not in the provinces listed")
        self.controller = self._start_control()

    def _start_control(self) -> dict[str, str]:
        """Power controlling each land zone at the start: owner, then annexations, then control records (3.2)."""
        ctrl = {zid: self.w.owner(zid) for zid in self.w.zones}
        for a in self.sc.annexes.values():
            for z in self.w.provinces[a.province]:
                ctrl[z] = a.to
        for c in self.sc.controls.values():
            zones = [z for p in c.provinces for z in self.w.provinces[p] if z not in c.except_zones]
            for z in (*zones, *c.zones):
                ctrl[z] = c.power
        return ctrl

    def events_and_removals(self) -> None:
        for eid, e in self.sc.events.items():
            rec = f"event {eid}"
            if e.card is not None:
                self.ref(e.card, self.w.cards.cards, rec, "card", "card")
            if e.entity is not None:
                self.ref(e.entity, self.w.powers, rec, "entity", "power")
        c = self.w.counters
        for rid, r in self.sc.removed.items():
            rec = f"removed {rid}"
            if r.power is not None:
                self.ref(r.power, self.w.powers, rec, "power", "power")
            for field, ids, known, what in (
                ("generals", r.generals, c.generals, "general"),
                ("units", r.units, c.units, "unit"),
                ("fleets", r.fleets, c.fleets, "fleet"),
            ):
                for cid in ids:
                    self.ref(cid, known, rec, field, what)
                    if r.power is not None and known[cid].power != r.power:
                        self.fail(rec, field, f"{what} {cid!r} belongs to {known[cid].power}, not {r.power}")
            for m in r.marks:
                if m not in ("E", "V", "2P"):
                    self.fail(rec, "marks", f"unknown counter mark {m!r} (E, V or 2P)")

    # ----------------------------------------------------------------------------------------------- rules

    def rules(self) -> None:
        w = self.w
        for rid, r in self.sc.rules.items():
            rec = f"rule {rid}"
            if isinstance(r, RoyalistSupply):
                self.ref(r.power, w.powers, rec, "power", "power")
                self.ref(r.fallback_depot_power, w.powers, rec, "fallback_depot_power", "power")
                for p in r.provinces:
                    self.ref(p, w.provinces, rec, "provinces", "province")
            elif isinstance(r, ArmyReplacements):
                self.ref(r.power, w.powers, rec, "power", "power")
            elif isinstance(r, MandatorySieges):
                self.ref(r.power, w.powers, rec, "power", "power")
                self.ref(r.lifted_if_enemy_enters, w.powers, rec, "lifted_if_enemy_enters", "power")
                for s in r.sieges:
                    self.ref(s.zone, w.zones, rec, "sieges.zone", "zone")
                    if not w.zones[s.zone].fortress:
                        self.fail(rec, "sieges.zone", f"zone {s.zone!r} has no fortress to besiege")
                    if s.general is not None:
                        self.ref(s.general, w.counters.generals, rec, "sieges.general", "general")
            elif isinstance(r, CardRestriction):
                self.ref(r.card, w.cards.cards, rec, "card", "card")
                self.ref(r.target, w.counters.generals, rec, "target", "general")
            elif isinstance(r, ArmyPosture):
                self.ref(r.power, w.powers, rec, "power", "power")
                self.ref(r.army, w.counters.armies, rec, "army", "army marker")
                for m in r.allowed_minors:
                    self.ref(m, w.powers, rec, "allowed_minors", "power")

    def victory(self) -> None:
        w = self.w
        results = set()
        for vid, v in self.sc.victory.items():
            rec = f"victory {vid}"
            results.add(v.result)
            if not v.all_of:
                self.fail(rec, "all_of", "a victory needs at least one condition")
            for cond in v.all_of:
                needs = {
                    "conquered": ("power",),
                    "has_army": ("power",),
                    "general_removed": ("general",),
                    "controls_key_zones": ("side", "power"),
                    "controls_zone": ("side", "zone"),
                    "card_played": ("card",),
                    "victory_level_at_least": ("value",),
                    "victory_level_at_most": ("value",),
                }[cond.kind]
                for name in needs:
                    if getattr(cond, name) is None:
                        self.fail(rec, f"all_of.{name}", f"condition {cond.kind} needs {name}")
                if cond.power is not None:
                    self.ref(cond.power, w.powers, rec, "all_of.power", "power")
                if cond.zone is not None:
                    self.ref(cond.zone, w.zones, rec, "all_of.zone", "zone")
                if cond.general is not None:
                    self.ref(cond.general, w.counters.generals, rec, "all_of.general", "general")
                if cond.card is not None:
                    self.ref(cond.card, w.cards.cards, rec, "all_of.card", "card")
        if not results & {"empire", "coalition"}:
            self.fail("victory", "result", "no side can win")

    # ----------------------------------------------------------------------------------------------- set-up

    def camp(self, power: str) -> str:
        """Who a power stands with at the start: its side, or the neutral major it belongs with."""
        side = self.sc.side_of(power)
        if side is not None:
            return side
        s = self.sc.statuses[power]
        if s.status == "allied" and s.ally_of:
            return f"neutral {s.ally_of}"
        return f"neutral {power}"

    def places(self) -> None:
        c = self.w.counters
        out = set(_resolve_out_of_play(self.sc, self.w))
        placed: dict[str, str] = {}
        depots: Tally[str] = Tally()
        for pid, p in self.sc.places.items():
            rec = f"place {pid}"
            self.ref(p.power, self.w.powers, rec, "power", "power")
            if self.sc.statuses[p.power].status == "not_in_play":
                self.fail(rec, "power", f"{p.power} is not in play in this scenario")
            where = [f for f in ("zone", "sea", "blockade") if getattr(p, f) is not None]
            if len(where) != 1:
                self.fail(rec, "zone", "give exactly one of zone, sea or blockade")
            if p.zone is not None:
                self.ref(p.zone, self.w.zones, rec, "zone", "zone")
            if p.sea is not None:
                self.ref(p.sea, self.w.seas, rec, "sea", "sea zone")
            if p.blockade is not None:
                self.ref(p.blockade, self.w.zones, rec, "blockade", "zone")
                if not self.w.has_port(p.blockade):
                    self.fail(rec, "blockade", f"zone {p.blockade!r} has no port, so no blockade box (17.2.6)")
            land = bool(p.units or p.commander or p.generals or p.army or p.mobile_depots or p.fixed_depots)
            if land and p.zone is None:
                self.fail(rec, "units", "land counters need a land zone")
            if not land and not p.fleets:
                self.fail(rec, "units", "the record places nothing")
            if p.fleets and p.zone is not None and not self.w.has_port(p.zone):
                self.fail(rec, "fleets", f"zone {p.zone!r} has no port for fleets (17)")
            if (p.occupies or p.choices) and not p.note:
                self.fail(rec, "note", "say why: occupations and resolved choices need a note")
            ids: list[tuple[str, str, dict[str, Any], str]] = []
            if p.army is not None:
                ids.append(("army", p.army, c.armies, "army marker"))
            if p.commander is not None:
                ids.append(("commander", p.commander, c.generals, "general"))
            ids += [("generals", g, c.generals, "general") for g in p.generals]
            ids += [("units", u.id, c.units, "unit") for u in p.units]
            ids += [("fleets", f, c.fleets, "fleet") for f in p.fleets]
            for field, cid, known, what in ids:
                self.ref(cid, known, rec, field, what)
                if cid in placed:
                    self.fail(rec, field, f"{what} {cid!r} is already placed by {placed[cid]}")
                if cid in out:
                    self.fail(rec, field, f"{what} {cid!r} is removed or set aside in this scenario")
                placed[cid] = rec
                owner = known[cid].power
                if self.sc.statuses[owner].status == "not_in_play":
                    self.fail(rec, field, f"{what} {cid!r} belongs to {owner}, not in play")
                if self.camp(owner) != self.camp(p.power):
                    self.fail(rec, field, f"{what} {cid!r} of {owner} is not on the side of {p.power}")
            for u in p.units:
                if u.reduced and c.units[u.id].reduced is None:
                    self.fail(rec, "units", f"unit {u.id!r} has no reduced side")
            depots[p.power] += p.mobile_depots + p.fixed_depots
            if p.mobile_depots < 0 or p.fixed_depots < 0:
                self.fail(rec, "mobile_depots", "negative depot count")
            self.choices(p, rec)
            if p.zone is not None:
                self.stands(p, rec)
        for power, n in depots.items():
            if n > c.depot_count(power):
                self.fail("place", "mobile_depots", f"{power} places {n} depots but has {c.depot_count(power)}")
        self.stacking()
        self.fleet_limits()

    def choices(self, p: Place, rec: str) -> None:
        present = {
            "zone": {p.zone}, "sea": {p.sea}, "blockade": {p.blockade}, "commander": {p.commander},
            "generals": set(p.generals), "units": {u.id for u in p.units}, "fleets": set(p.fleets),
            "depots": {k for k, n in (("mobile", p.mobile_depots), ("fixed", p.fixed_depots)) if n},
        }
        for ch in p.choices:
            if not ch.default:
                self.fail(rec, "choices.default", "a choice needs the default this file places")
            for d in ch.default:
                if d not in present[ch.what]:
                    self.fail(rec, "choices.default", f"default {d!r} is not what the record places as {ch.what}")
                if ch.options and d not in ch.options:
                    self.fail(rec, "choices.default", f"default {d!r} is not one of the options")
            known = {
                "zone": self.w.zones, "sea": self.w.seas, "blockade": self.w.zones,
                "commander": self.w.counters.generals, "generals": self.w.counters.generals,
                "units": self.w.counters.units, "fleets": self.w.counters.fleets, "depots": {"mobile": 1, "fixed": 1},
            }[ch.what]
            for o in ch.options:
                self.ref(o, known, rec, "choices.options", ch.what)

    def may_stand(self, power: str, zone: str) -> bool:
        """3.2 / 8.1: a power starts on its own or allied ground (a neutral on its own or its minors' ground)."""
        ctrl = self.controller[zone]
        if ctrl == power:
            return True
        if self.sc.statuses[ctrl].status == "not_in_play":
            return False
        return self.camp(ctrl) == self.camp(power)

    def stands(self, p: Place, rec: str) -> None:
        zone = p.zone
        assert zone is not None
        c = self.w.counters
        who = [("units", u.id, c.units[u.id].power) for u in p.units]
        who += [("fleets", f, c.fleets[f].power) for f in p.fleets]
        if p.commander:
            who.append(("commander", p.commander, c.generals[p.commander].power))
        if p.mobile_depots or p.fixed_depots:
            who.append(("mobile_depots", "depot", p.power))
        for field, cid, power in who:
            if p.occupies or self.may_stand(power, zone):
                continue
            ctrl = self.controller[zone]
            self.fail(rec, field, f"{cid!r} of {power} may not start in {zone!r}, held by {ctrl} "
                      "(set occupies = true with a note if the rules put it there)")
        for u in p.units:
            unit = c.units[u.id]
            if unit.limited and self.controller[zone] != unit.power and self.w.owner(zone) != unit.power:
                self.fail(rec, "units", f"{u.id!r} has limited movement and must start in its own territory")

    def stacking(self) -> None:
        """Rule 11: one force per side and zone (a group of two armies is one force); 10.1 command limits."""
        by_zone: dict[tuple[str, str], list[tuple[str, Place]]] = {}
        for pid, p in self.sc.places.items():
            if p.zone is None or not (p.units or p.commander or p.army):
                continue
            by_zone.setdefault((p.zone, self.camp(p.power)), []).append((pid, p))
        for (zone, _camp), forces in by_zone.items():
            if len(forces) > 1:
                armies = [pid for pid, p in forces if p.army]
                if len(armies) != len(forces) or len(armies) > ARMIES_PER_ZONE:
                    names = ", ".join(pid for pid, _ in forces)
                    self.fail(f"place {forces[-1][0]}", "zone",
                              f"two forces of one side in {zone!r} ({names}); rule 11 allows one force per zone")
            for pid, p in forces:
                self.force(p, f"place {pid}")

    def force(self, p: Place, rec: str) -> None:
        c = self.w.counters
        units = [(c.units[u.id], 1 if u.reduced else c.units[u.id].steps) for u in p.units]
        steps = sum(s for _, s in units)
        if p.generals and p.army is None:
            self.fail(rec, "generals", "subordinate generals serve only in an army (10.1)")
        if p.army is not None and p.commander is None:
            self.fail(rec, "commander", "an army marker needs its commanding general (2.3)")
        if p.commander is None:
            if len(units) > 1:
                self.fail(rec, "units", f"{len(units)} units without a general are {len(units)} forces (rule 11)")
            for u, _ in units:
                if u.special or u.kind == "reserve_cavalry":
                    self.fail(rec, "units", f"{u.id!r} may only stand inside an army (2.1, glossary Armée)")
            return
        gen = c.generals[p.commander]
        if not units:
            self.fail(rec, "units", f"general {gen.id!r} has no unit and would go back to the reserve (2.2)")
        cap = gen.command * (2 if p.army else 1)
        if steps > cap:
            self.fail(rec, "units", f"{steps} steps exceed {gen.id}'s command {cap} (10.1)")
        own = sum(s for u, s in units if u.power == gen.power)
        for other in dict.fromkeys(u.power for u, _ in units if u.power != gen.power and self.w.is_major(u.power)):
            allied = sum(s for u, s in units if u.power == other)
            if allied > cap // 2 or allied >= own:
                self.fail(rec, "units", f"{allied} {other} steps exceed what {gen.id} may command (10.1, 8.1.2)")
        if p.army is None:
            for u, _ in units:
                if u.special or u.kind == "reserve_cavalry":
                    self.fail(rec, "units", f"{u.id!r} may only stand inside an army (2.1, glossary Armée)")
            return
        army = c.armies[p.army]
        if army.power != gen.power:
            self.fail(rec, "army", f"{army.id} must be commanded by a {army.power} general (2.3)")
        cav = sum(s for u, s in units if u.kind == "reserve_cavalry")
        if cav > ARMY_CAVALRY_STEPS:
            self.fail(rec, "units", f"{cav} reserve cavalry steps; an army holds at most {ARMY_CAVALRY_STEPS} (10.1)")
        if len(p.generals) > ARMY_SUBORDINATES:
            self.fail(rec, "generals", f"an army has at most {ARMY_SUBORDINATES} subordinate generals (10.1)")
        present = {u.power for u, _ in units}
        for g in p.generals:
            sub = c.generals[g]
            if sub.power == gen.power:
                if sub.rank <= gen.rank:
                    self.fail(rec, "generals", f"{g} outranks or equals {gen.id} and cannot serve under him (10.2)")
            elif self.w.is_major(sub.power) and sub.power not in present:
                self.fail(rec, "generals", f"{g} needs {sub.power} steps in the army (10.1)")

    def fleet_limits(self) -> None:
        """17: at most 3 fleets in a port; a squadron (one side's fleets in a sea zone or blockade box) 1-3."""
        c = self.w.counters
        ports: Tally[str] = Tally()
        squadrons: Tally[tuple[str, str]] = Tally()
        for pid, p in self.sc.places.items():
            for f in p.fleets:
                camp = self.camp(c.fleets[f].power)
                if p.zone is not None:
                    ports[p.zone] += 1
                    if ports[p.zone] > PORT_CAPACITY:
                        self.fail(f"place {pid}", "fleets", f"port {p.zone!r} holds at most {PORT_CAPACITY} fleets")
                else:
                    key = (f"sea {p.sea}" if p.sea else f"blockade {p.blockade}", camp)
                    squadrons[key] += 1
                    if squadrons[key] > SQUADRON_MAX:
                        self.fail(f"place {pid}", "fleets", f"more than {SQUADRON_MAX} fleets of one side in {key[0]}")
