"""The 110 cards of Napoleon against Europe (6): two decks, Empire "nF" and Coalition "nC", 55 cards each.

``cards.toml`` holds one ``[[card]]`` record per printed card. Its event is described twice: ``text`` (one line of
English for people) and ``effect`` (a list of typed effects for the engine). Effects and their conditions
(``requires``) are tagged tables, ``{kind = "combat_bonus", value = 1}``; the vocabulary is the set of classes below
and is documented in ``docs/nae-data/cards.md``. An effect of kind ``choice`` offers alternative lists of effects
("A OR B" on the card face).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Union

import msgspec

from grognard.core.data import Record, check_provenance, read_toml, records_from
from grognard.core.errors import DataError

if TYPE_CHECKING:  # typing only: the loaders of the map and counters import nothing from here
    from grognard.games.nae.schema.counters import Counters
    from grognard.games.nae.schema.map import MapData

Side = Literal["empire", "coalition"]
Period = Literal["epic", "punishments"]
Phase = Literal["budget", "diplomacy", "activation", "combat", "conquest", "interphase"]
Who = Literal["own", "enemy"]
When = Literal["now", "next_budget"]

LETTER: dict[str, str] = {"empire": "F", "coalition": "C"}  # 6.1: Empire cards "nF", Coalition cards "nC"
DECK_SIZE = 55  # 1: 110 cards; 5.9/20.1 cite up to 50F and 54C, so 55 + 55 (an authoring decision, see the doc)
MAX_VALUE = 3  # 6.2: activation value 0-3
# 5.1: the four permanent cards and the side that receives them (6.2: only the Coalition gets Austria's and Russia's)
PERMANENT_SIDE: dict[str, str] = {
    "france": "empire", "britain": "coalition", "russia": "coalition", "austria": "coalition",
}


class _Struct(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


# --- Conditions ("requires"): when an event, or one of its effects, may be used -----------------------------------


class Cond(_Struct, tag_field="kind", kw_only=True):
    pass


class AtWar(Cond, tag="at_war"):
    power: str  # the card's side is at war with this major


class Defeated(Cond, tag="defeated"):
    powers: tuple[str, ...]  # each already conquered (forced peace) at least once by the Empire


class CardPlayed(Cond, tag="card_played"):
    cards: tuple[str, ...]  # these events were played earlier in the game


class MarkedMinors(Cond, tag="marked_minors"):
    marker: Literal["R", "W"]  # 8.3.1 "R" minors allied to the Empire, 8.3.2 "W" provinces it controls
    min: int


class Controls(Cond, tag="controls"):
    zones: tuple[str, ...]  # the card's side controls (3.2, supplied) every zone


class Status(Cond, tag="status"):
    power: str
    statuses: tuple[Literal["neutral", "empire", "coalition", "forced_peace", "forced_alliance", "protectorate"], ...]


class EnemyStepsIn(Cond, tag="enemy_steps_in"):
    power: str  # enemy combat steps inside this power's National Territory
    min: int


class KingdomOfBavaria(Cond, tag="kingdom_of_bavaria"):
    pass  # 8.3.3: Tyrol awarded to an Empire-allied Bavaria


class ForcedAlliance(Cond, tag="forced_alliance"):
    powers: tuple[str, ...]  # at least one of them is a forced ally of the Empire (8.1.4)


class Round(Cond, tag="round"):
    rounds: tuple[int, ...]  # activation rounds (16: 5 bad weather, 6-7 winter)


class InPeriod(Cond, tag="period"):
    period: Period


class Commander(Cond, tag="commander"):
    general: str  # the card-player's force is commanded by this general


class EnemyCommander(Cond, tag="enemy_commander"):
    general: str
    negate: bool = False  # True: the enemy force is NOT commanded by him


class CommanderPower(Cond, tag="commander_power"):
    power: str  # nationality of the card-player's commanding general


class ForceIsArmy(Cond, tag="force_is_army"):
    pass


class Supplied(Cond, tag="supplied"):
    pass  # 13.5: some combat cards need a supplied force


class Unsupplied(Cond, tag="unsupplied"):
    pass


class InTerritory(Cond, tag="in_territory"):
    power: str  # the force or battle zone lies in this power's National Territory


class FortressZone(Cond, tag="fortress_zone"):
    pass  # the battle zone holds a fortress controlled by the card's side


class EnemyDemoralized(Cond, tag="enemy_demoralized"):
    pass  # the enemy force has just failed its demoralization test (14.9.1)


class PowersInBattle(Cond, tag="powers_in_battle"):
    min: int  # major powers with steps in the card-player's force


class GeneralOutside(Cond, tag="general_outside"):
    general: str  # this general stands outside the National Territory of `power`
    power: str


class Outnumbered(Cond, tag="outnumbered"):
    pass  # the card-player's combat value is lower than the enemy's (14.2)


class NotOnMap(Cond, tag="not_on_map"):
    units: tuple[str, ...]


class CommanderDefence(Cond, tag="commander_defence"):
    min: int  # the card-player's force is led by a general of at least this defence value (12.6 Interior Lines)


class Role(Cond, tag="role"):
    role: Literal["attacker", "defender"]  # the card-player's force attacks, or defends, in this battle (14)


class Year(Cond, tag="year"):
    min: int  # the game turn is this year or later: no event before its history allows it


Condition = Union[  # noqa: UP007 (msgspec needs a Union of tagged Structs)
    AtWar, Defeated, CardPlayed, MarkedMinors, Controls, Status, EnemyStepsIn, KingdomOfBavaria, ForcedAlliance,
    Round, InPeriod, Commander, EnemyCommander, CommanderPower, ForceIsArmy, Supplied, Unsupplied, InTerritory,
    FortressZone, EnemyDemoralized, PowersInBattle, GeneralOutside, Outnumbered, NotOnMap, CommanderDefence, Role,
    Year,
]


# --- Effects -----------------------------------------------------------------------------------------------------


Use = Literal["event", "combat"]


class Eff(_Struct, tag_field="kind", kw_only=True):
    requires: tuple[Condition, ...] = ()
    # How the card is played for this effect: "event" (in one of the card's other phases) or "combat" (as a combat
    # card in a battle, 6.6). None: "combat" on a card played only in the combat phase, else "event" (Card.use_of).
    use: Use | None = None


# Activation and land movement (9, 12)
class ActivateForces(Eff, tag="activate_forces"):
    count: int  # forces activated without paying AP (9.1)
    power: str | None = None  # only forces of this nationality
    commander: str | None = None  # only the force this general commands
    max_initiative: int | None = None  # None: any initiative
    fight_together: bool = False  # 12.6 Major Campaign: may combine in one battle (countered by interior_lines)
    distinct_powers: bool = False  # each force of a different major power


class GrantAp(Eff, tag="grant_ap"):
    ap: int  # AP usable at once, with the AP reserve (9.2)


class ForcedMarch(Eff, tag="forced_march"):
    max_mp: int = 3  # 12.3: +1 to +3 MP
    no_attrition: bool = False  # no attrition test for it (1F)
    attrition_modifier: int = 0  # added to the forced-march test


class ExtraMp(Eff, tag="extra_mp"):
    value: int
    after_victory: bool = False  # given back after each battle won this activation


class StrategicMove(Eff, tag="strategic_move"):
    mf_multiplier: int = 2  # moves as in strategic redeployment (7.6): up to double MF
    no_interception: bool = True


class Reactivate(Eff, tag="reactivate"):
    commander: str | None = None  # the force may be activated a second time this round after a victory


class InteriorLines(Eff, tag="interior_lines"):
    pass  # 12.6: fight each Major Campaign attacker separately


class MoveEnemyForce(Eff, tag="move_enemy_force"):
    through_supplied_zones: bool = True  # Schulmeister: base MF, supplied zones, no opposing forces


class ExtraRound(Eff, tag="extra_round"):
    pass  # a 7th (winter) activation round (5.2)


class AutoEvasion(Eff, tag="auto_evasion"):
    power: str | None = None  # the force evades without a roll (12.5)


class NavalEvacuation(Eff, tag="naval_evacuation"):
    power: str  # a force in a port zone is shipped to a friendly port without fleets or interception


# Naval (17)
class ActivateFleets(Eff, tag="activate_fleets"):
    powers: tuple[str, ...]
    minor_allies: bool = False
    transport: bool = False
    amphibious: bool = False
    corsairs_box: bool = False  # may place a fleet in the Corsairs box (EN 17.2.9)


class AmphibiousLimit(Eff, tag="amphibious_limit"):
    steps: int  # 17.2.8: max 2 steps per assault unless an event


class LiftBlockade(Eff, tag="lift_blockade"):
    count: int  # enemy blockading squadrons sent back to their sea zone


class NavalInterceptionModifier(Eff, tag="naval_interception_modifier"):
    value: int
    side: Who = "enemy"


class Reroll(Eff, tag="reroll"):
    roll: Literal["combat", "naval_combat"]
    fleet: str | None = None  # only the squadron holding this fleet


class AdmiralLossTest(Eff, tag="admiral_loss_test"):
    fleet: str  # 17.3.4: fleet and card removed if 1d6 + per destroyed enemy fleet >= threshold
    threshold: int
    per_enemy_fleet_destroyed: int


# Battle (14)
class CombatBonus(Eff, tag="combat_bonus"):
    value: int
    side: Who = "own"
    when: Literal["battle", "attack", "defence", "major_battle", "naval", "amphibious_assault"] = "battle"


class EvasionModifier(Eff, tag="evasion_modifier"):
    value: int
    side: Who = "enemy"


class InterceptionModifier(Eff, tag="interception_modifier"):
    value: int
    side: Who = "own"


class CounterMarchModifier(Eff, tag="counter_march_modifier"):
    value: int
    side: Who = "own"


class MoraleModifier(Eff, tag="morale_modifier"):
    value: int
    side: Who = "own"
    test: Literal["battle", "demoralization"] = "battle"  # force morale (14.4) or only the test (14.9.1)


class PursuitModifier(Eff, tag="pursuit_modifier"):
    value: int
    side: Who = "own"


class Cancel(Eff, tag="cancel"):
    what: Literal["cavalry_superiority", "pursuit", "spearhead", "evasion", "counter_march", "retreat_loss"]
    side: Who = "enemy"


class CavalrySuperiority(Eff, tag="cavalry_superiority"):
    side: Who = "own"  # 14.5.2: the side counts as having cavalry superiority


class WoundTest(Eff, tag="wound_test"):
    target: Literal["enemy_subordinate", "enemy_commander"]
    on: tuple[int, ...]  # die results that wound (14.7)


class RelieveGeneral(Eff, tag="relieve_general"):
    target: Literal["enemy_commander"]  # to the reserve until next year's budget (10.3)


class AttritionModifier(Eff, tag="attrition_modifier"):
    value: int
    side: Who = "own"
    territory: str | None = None  # only forces inside this power's National Territory
    duration: Literal["activation", "turn"] = "activation"


class AttritionTest(Eff, tag="attrition_test"):
    target: Literal["enemy_force", "enemy_forces"]  # one chosen force, or every force
    modifier: int = 0
    territory: str | None = None


class SiegeModifier(Eff, tag="siege_modifier"):
    value: int
    side: Who = "own"
    zone: str | None = None


# Diplomacy and politics (8, 18)
class DiplomacyBonus(Eff, tag="diplomacy_bonus"):
    value: int
    targets: tuple[str, ...] = ()  # empty: any eligible target
    target_kind: Literal["any", "major", "minor", "coastal_minor"] = "any"
    min_value_override: bool = False  # the card's value suffices whatever the target (Intrigues)
    ignore_protectorate: bool = False  # may target a French protectorate (8.1.5 "except by event")


class CreateEntity(Eff, tag="create_entity"):
    entity: str  # 8.3 political entity


class Protectorate(Eff, tag="protectorate"):
    minors: tuple[str, ...]  # 8.1.5 without discarding a card


class ImposePeace(Eff, tag="impose_peace"):
    """18.2.1 exc. 3: forced peace on a major at war with the card's side, without conquering it."""

    exclude: tuple[str, ...] = ()  # majors it cannot force (26F: Britain)
    decisive_victory: bool = False  # the side won a battle this turn that demoralized or destroyed its army
    steps_in_territory: int = 0  # the side's combat steps needed in its National Territory


class FightOn(Eff, tag="fight_on"):
    annexations: int = 4  # 18.2.2
    forced_alliance: bool = True  # 8.1.4 case 1


class RejoinCoalition(Eff, tag="rejoin_coalition"):
    power: str  # 8.1.4: a forced ally rejoins the Coalition


class ChangeStatus(Eff, tag="change_status"):
    power: str
    status: Literal["neutral", "empire", "coalition"]


class Defect(Eff, tag="defect"):
    power: str  # its units under Empire control pass to the Coalition


class ControlForcedAllyUnits(Eff, tag="control_forced_ally_units"):
    steps: int  # 8.1.4: units of a forced ally the Empire controls as minor allies
    max_generals: int = 1


class WarOfLiberation(Eff, tag="war_of_liberation"):
    pass  # glossary: Spain joins the Coalition; Iberian restrictions lifted (12.1)


class IberiaAccess(Eff, tag="iberia_access"):
    steps: int  # 12.1: French steps allowed into the Iberian peninsula
    portugal: bool = True  # Portugal becomes invadable


class ContinentalBlockade(Eff, tag="continental_blockade"):
    vp_per_budget: int  # while in place (glossary)
    seas: tuple[str, ...] = ()  # the continental ports on these seas must be held (glossary: St Petersburg to Zara)
    except_ports: tuple[str, ...] = ()  # ports on those seas beyond the blockade's ends


class CancelBlockadeVp(Eff, tag="cancel_blockade_vp"):
    budgets: int


class MilitaryReform(Eff, tag="military_reform"):
    powers: tuple[str, ...]  # glossary: their E units join the reserve


class Revolt(Eff, tag="revolt"):
    entity: str  # glossary "Révolte nationale"
    units: tuple[str, ...]
    zone: str
    supply_source: str


class StartForeignWar(Eff, tag="start_foreign_war"):
    pass  # 6.5: the card's foreign_war units go to the Foreign Wars box


# Resources, cards and units (6.3, 7.3)
class Resources(Eff, tag="resources"):
    power: str  # a major, or "ally": one Coalition/Empire major of the player's choice
    value: int
    when: When = "now"


class DrawCards(Eff, tag="draw_cards"):
    n: int


class HandSize(Eff, tag="hand_size"):
    side: Who = "own"
    value: int = 0
    no_maximum: bool = False  # 52C: the 10-card maximum does not apply
    unless: Literal["corsairs_box_fleet"] | None = None
    persistent: bool = False  # every later hand-building phase


class Deploy(Eff, tag="deploy"):
    where: Literal["zone", "reinforcement_zone", "army", "army_of_commander"]
    units: tuple[str, ...] = ()
    generals: tuple[str, ...] = ()
    zone: str | None = None
    commander: str | None = None
    when: When = "now"


class DeployFromReserve(Eff, tag="deploy_from_reserve"):
    power: str  # a major, or "minor": any allied minor
    steps: int
    unit_kind: Literal["infantry", "cavalry", "militia", "any"] = "any"
    where: Literal["reinforcement_zone", "army"] = "reinforcement_zone"


class EnterUnits(Eff, tag="enter_units"):
    event: str  # the counters' "E" event key: every unit bearing it
    when: When = "now"  # now: placed on reinforcement zones at once; next_budget: joins the reserve


class RemoveCard(Eff, tag="remove_card"):
    card: str


Leaf = Union[  # noqa: UP007
    ActivateForces, GrantAp, ForcedMarch, ExtraMp, StrategicMove, Reactivate, InteriorLines, MoveEnemyForce,
    ExtraRound, AutoEvasion, NavalEvacuation, ActivateFleets, AmphibiousLimit, LiftBlockade,
    NavalInterceptionModifier, Reroll, AdmiralLossTest, CombatBonus, EvasionModifier, InterceptionModifier,
    CounterMarchModifier, MoraleModifier, PursuitModifier, Cancel, CavalrySuperiority, WoundTest, RelieveGeneral,
    AttritionModifier, AttritionTest, SiegeModifier, DiplomacyBonus, CreateEntity, Protectorate, ImposePeace,
    FightOn, RejoinCoalition, ChangeStatus, Defect, ControlForcedAllyUnits, WarOfLiberation, IberiaAccess,
    ContinentalBlockade, CancelBlockadeVp, MilitaryReform, Revolt, StartForeignWar, Resources, DrawCards, HandSize,
    Deploy, DeployFromReserve, EnterUnits, RemoveCard,
]


class Choice(Eff, tag="choice"):
    options: tuple[tuple[Leaf, ...], ...]  # "A OR B": the player applies one option


Effect = Union[Leaf, Choice]  # noqa: UP007

EFFECT_KINDS: tuple[str, ...] = tuple(c.__struct_config__.tag for c in (*Leaf.__args__, Choice))  # type: ignore[attr-defined]
CONDITION_KINDS: tuple[str, ...] = tuple(c.__struct_config__.tag for c in Condition.__args__)  # type: ignore[attr-defined]


# --- Cards -------------------------------------------------------------------------------------------------------


class ForeignWar(_Struct):
    """6.5: what a GE/FW event sends to the Foreign Wars box (the Coalition player picks the counters)."""

    power: str
    steps: int = 0
    generals: int = 0
    fleets: int = 0


class Card(Record, kw_only=True):
    """One printed card (6.2)."""

    number: int
    side: Side
    title: str
    title_fr: str
    period: Period
    value: int  # activation points
    phases: tuple[Phase, ...]  # when the event may be played
    gold_star: bool = False  # removed from the game when played as an event
    silver_star: bool = False  # event once per game; the card stays for its AP
    combat: bool = False  # CC (6.6)
    foreign_war: ForeignWar | None = None  # GE/FW (6.5)
    escalade: int = 0  # ESC applied when played as an event
    vp: int = 0  # victory level change when played as an event
    red_dot: bool = False  # removed in the 1809 scenario (20.3)
    permanent: str | None = None  # "carte permanente": the power whose card it is
    cannot_discard: bool = False  # 6.3: never discarded at hand building
    blue_title: bool = False  # more rules on the player aid
    requires: tuple[Condition, ...] = ()  # conditions to play the event
    text: str
    effect: tuple[Effect, ...]

    def use_of(self, e: Eff) -> Use:
        """When an effect applies: played as an event, or as a combat card (6.4, 6.6)."""
        if e.use is not None:
            return e.use
        return "combat" if self.phases == ("combat",) else "event"

    def effects(self, use: Use) -> tuple[Eff, ...]:
        """The top-level effects (a choice counts as one) used when the card is played this way."""
        return tuple(e for e in self.effect if self.use_of(e) == use)


class Cards(msgspec.Struct, frozen=True, kw_only=True):
    """Both decks, keyed by card id ("1F", "54C"), in file order."""

    cards: dict[str, Card]

    def get(self, side: str, number: int) -> Card:
        """The card with this printed number in this side's deck."""
        return self.cards[f"{number}{LETTER[side]}"]

    def of(self, side: str) -> list[Card]:
        return [c for c in self.cards.values() if c.side == side]

    def draw_pile(self, side: str, period: str) -> list[Card]:
        """Cards of one period shuffled into the draw deck (6.1: permanent cards are not part of it)."""
        return [c for c in self.of(side) if c.period == period and c.permanent is None]

    def red_dot(self, side: str) -> list[int]:
        return [c.number for c in self.of(side) if c.red_dot]

    def permanents(self) -> dict[str, Card]:
        """Permanent card of each power that has one."""
        return {c.permanent: c for c in self.cards.values() if c.permanent is not None}


# --- Loading -----------------------------------------------------------------------------------------------------

_PATH = re.compile(r" - at `\$(?P<path>[^`]*)`")
_ID = re.compile(r"^(?P<n>[1-9][0-9]*)(?P<l>[FC])$")
# Effect and condition fields that name other records: field -> namespace checked by _check_refs.
_REF_FIELDS: dict[str, str] = {
    "power": "power", "powers": "power", "targets": "power", "minors": "power", "territory": "power",
    "entity": "power", "zone": "zone", "zones": "zone", "supply_source": "zone", "units": "unit",
    "generals": "general", "general": "general", "commander": "general", "fleet": "fleet", "event": "event",
    "card": "card", "cards": "card", "exclude": "power",
}
_POWER_WILDCARDS = frozenset({"ally", "minor"})  # resources / deploy_from_reserve: the player picks


def load_cards(data_dir: Path, mapdata: MapData, counters: Counters) -> Cards:
    """Load ``cards.toml`` and check it: 55 cards a side, ids = number + deck letter, effects and references."""
    path = data_dir / "cards.toml"
    file = str(path)
    doc = read_toml(path)
    raw = doc.get("card")
    if not isinstance(raw, list):
        raise DataError(file, "no [[card]] records", record="card", field="card")
    for i, item in enumerate(raw):  # typed conversion with the full field path, before records_from
        name = item.get("id") if isinstance(item, dict) else None
        label = f"card {name}" if isinstance(name, str) else f"card #{i + 1}"
        _convert(item, file, label)
    cards = records_from(doc, "card", Card, file)
    names = {
        "power": set(mapdata.powers),
        "zone": set(mapdata.zones),
        "unit": set(counters.units),
        "general": set(counters.generals),
        "fleet": set(counters.fleets),
        "event": {u.e for u in counters.units.values() if u.e}
        | {g.event for g in counters.generals.values() if g.event},
        "card": set(cards),
    }
    numbers: dict[tuple[str, int], str] = {}
    for cid, card in cards.items():
        rec = f"card {cid}"
        check_provenance(card.src, file, rec)
        _check_card(card, file, rec)
        other = numbers.setdefault((card.side, card.number), cid)
        if other != cid:
            raise DataError(file, f"number {card.number} already used by card {other}", record=rec, field="number")
        for field, value in _walk(card):
            _check_ref(field, value, names, file, rec)
    for side, letter in LETTER.items():
        count = sum(1 for c in cards.values() if c.side == side)
        if count != DECK_SIZE:
            raise DataError(file, f"the {side} deck has {count} cards, expected {DECK_SIZE} ({letter} cards)",
                            record=f"{side} deck", field="side")
    return Cards(cards=cards)


def _convert(item: Any, file: str, record: str) -> None:
    """Convert one raw card; an error names the full field path (e.g. ``effect[2].value``)."""
    try:
        msgspec.convert(item, Card, strict=True)
    except msgspec.ValidationError as exc:
        text = str(exc)
        m = _PATH.search(text)
        path = m.group("path").lstrip(".") if m else ""
        message = text[: m.start()] if m else text
        if message.startswith(("Object missing required field", "Object contains unknown field")):
            name = message.split("`")[1]
            path = f"{path}.{name}" if path else name
        raise DataError(file, message, record=record, field=path or None) from None


def _check_card(card: Card, file: str, rec: str) -> None:
    m = _ID.match(card.id)
    if not m or int(m["n"]) != card.number or m["l"] != LETTER[card.side]:
        want = f"{card.number}{LETTER[card.side]}"
        raise DataError(file, f"id must be the printed number then the deck letter ({want!r})", record=rec, field="id")
    if not 1 <= card.number <= DECK_SIZE:
        raise DataError(file, f"number must be 1-{DECK_SIZE}", record=rec, field="number")
    if not 0 <= card.value <= MAX_VALUE:
        raise DataError(file, f"activation value must be 0-{MAX_VALUE} (6.2)", record=rec, field="value")
    if not card.phases or len(set(card.phases)) != len(card.phases):
        raise DataError(file, "phases must be a non-empty list without repeats", record=rec, field="phases")
    if card.combat and "combat" not in card.phases:
        raise DataError(file, "a combat card (CC) is played in the combat phase", record=rec, field="phases")
    if card.gold_star and card.silver_star:
        raise DataError(file, "a card has a gold or a silver star, not both", record=rec, field="silver_star")
    if not card.effect:
        raise DataError(file, "an event needs at least one effect", record=rec, field="effect")
    if not card.text.strip():
        raise DataError(file, "empty effect text", record=rec, field="text")
    _check_uses(card, file, rec)
    starts_war = any(k == "start_foreign_war" for k in _kinds(card.effect))
    if starts_war != (card.foreign_war is not None):
        raise DataError(file, "a foreign_war table goes with a start_foreign_war effect, and only with it",
                        record=rec, field="foreign_war")
    if card.permanent is not None:
        if PERMANENT_SIDE.get(card.permanent) != card.side:
            raise DataError(file, f"no {card.side} permanent card for {card.permanent!r} (6.2)", record=rec,
                            field="permanent")
        if card.period != "epic":
            raise DataError(file, "permanent cards are in hand from the start (20.2): period epic", record=rec,
                            field="period")


def _check_uses(card: Card, file: str, rec: str) -> None:
    """Each effect's ``use`` matches the card's phases; a card played both in combat and in another phase tags every
    effect; every phase listed has an effect used in it."""
    mixed = "combat" in card.phases and len(card.phases) > 1
    used: set[str] = set()

    def walk(effects: tuple[Any, ...], path: str, inherited: str | None) -> None:
        for i, e in enumerate(effects):
            here = f"{path}[{i}]"
            if isinstance(e, Choice):
                if e.use is not None and mixed:
                    raise DataError(file, "tag the effects of each option, not the choice", record=rec,
                                    field=f"{here}.use")
                for j, option in enumerate(e.options):
                    walk(option, f"{here}.options[{j}]", inherited)
                continue
            use = e.use or inherited
            if use is None and mixed:
                raise DataError(file, "a card played in combat and in another phase says for each effect whether "
                                "it is used as an event or as a combat card (use)", record=rec, field=f"{here}.use")
            use = use or card.use_of(e)
            if use == "combat" and "combat" not in card.phases:
                raise DataError(file, "an effect used as a combat card needs the combat phase", record=rec,
                                field=f"{here}.use")
            if use == "event" and card.phases == ("combat",):
                raise DataError(file, "an effect used as an event needs a phase other than combat", record=rec,
                                field=f"{here}.use")
            used.add(use)

    walk(card.effect, "effect", None)
    for use in ("combat", "event"):
        listed = "combat" in card.phases if use == "combat" else any(p != "combat" for p in card.phases)
        if listed and use not in used:
            raise DataError(file, f"the card lists a phase for its {use} use but no effect has use = {use!r}",
                            record=rec, field="phases")


def _kinds(effects: tuple[Effect, ...]) -> list[str]:
    out: list[str] = []
    for e in effects:
        out.append(e.__struct_config__.tag)  # type: ignore[attr-defined]
        if isinstance(e, Choice):
            for option in e.options:
                out.extend(_kinds(option))
    return out


def _walk(node: Any, path: str = "") -> list[tuple[str, Any]]:
    """(field path, value) of every reference-bearing field in a card's effects, conditions and foreign war."""
    out: list[tuple[str, Any]] = []
    if isinstance(node, msgspec.Struct):
        for name in node.__struct_fields__:
            value = getattr(node, name)
            sub = f"{path}.{name}" if path else name
            if isinstance(node, Card) and name not in ("requires", "effect", "foreign_war", "permanent"):
                continue
            if isinstance(node, ForeignWar) and name != "power":  # the others are counts
                continue
            if name in _REF_FIELDS or (isinstance(node, Card) and name == "permanent"):
                if value is not None:
                    out.append((sub, value))
            elif isinstance(value, (msgspec.Struct, tuple)):
                out.extend(_walk(value, sub))
    elif isinstance(node, tuple):
        for i, item in enumerate(node):
            out.extend(_walk(item, f"{path}[{i}]"))
    return out


def _check_ref(field: str, value: Any, names: dict[str, set[str]], file: str, rec: str) -> None:
    leaf = re.sub(r"\[\d+\]$", "", field).rsplit(".", 1)[-1]
    space = "power" if leaf == "permanent" else _REF_FIELDS[leaf]
    for item in value if isinstance(value, tuple) else (value,):
        if space == "power" and leaf in ("power",) and item in _POWER_WILDCARDS:
            continue
        if item not in names[space]:
            raise DataError(file, f"unknown {space} {item!r}", record=rec, field=field)
