"""Card events of the 1815 decks played as a side's action in an activation round (6.4), one function per card,
read from the card's effects used as an event (cards.toml ``use``): activations of forces without AP (9.1, 12.6
played as successive activations) with an optional forced march (12.3) or extra MP, modifiers lasting until the
side's next turn (14C, 30C), the extra winter round (16C), units entering play (50F, 31F) and the royalist rising
(5C). Events played in a window rather than as the round's action (3F at contact) are in ``cards``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation, cards, command
from grognard.games.nae.schema.cards import (
    ActivateForces,
    Card,
    Choice,
    DeployFromReserve,
    DiplomacyBonus,
    EnterUnits,
    ExtraMp,
    ForcedMarch,
    Revolt,
    Year,
)


def _activate(st: State, side: str, card: Card, effects: tuple[Any, ...] | None = None) -> None:
    """Activate the forces the card names; its forced march and extra MP (if any) apply to each of them."""
    effects = card.effects("event") if effects is None else effects
    act = next(e for e in effects if isinstance(e, ActivateForces))
    fm = next((e for e in effects if isinstance(e, ForcedMarch)), None)
    extra = next((e for e in effects if isinstance(e, ExtraMp)), None)
    activation.push_event_activation(
        st, side, act.count, f"{card.title} (event)", power=act.power, commander=act.commander,
        max_initiative=act.max_initiative, distinct_powers=act.distinct_powers,
        fm_max=fm.max_mp if fm else 3, fm_attrition=not (fm and fm.no_attrition),
        fm_mod=fm.attrition_modifier if fm else 0, extra_mp=extra.value if extra and not extra.after_victory else 0,
        victory_mp=extra.value if extra and extra.after_victory else 0,
        fight_together=act.fight_together)


def genius_of_napoleon(st: State, side: str, card: Card) -> None:
    """1F The Genius of Napoléon, its event option: Napoléon's force, forced march without attrition test (its
    Interior Lines option, 12.6, is played on the enemy's Major Campaign: ``cards.offer_interior_lines``)."""
    choice = next(e for e in card.effect if isinstance(e, Choice))
    _activate(st, side, card, next(o for o in choice.options if all(card.use_of(e) == "event" for e in o)))


def central_position(st: State, side: str, card: Card) -> None:
    """32F The Central Position: Napoléon's force, which gains +1 MP after each battle it wins."""
    _activate(st, side, card)


def emperors_orders(st: State, side: str, card: Card) -> None:
    """6F The Emperor's Orders: two French forces of initiative 2 or better."""
    _activate(st, side, card)


def soldiers_legs(st: State, side: str, card: Card) -> None:
    """27F The Soldiers' Legs: two French forces, each with +1 MP."""
    _activate(st, side, card)


def grumblers(st: State, side: str, card: Card) -> None:
    """8F The Grumblers: one French force, forced march with -2 on its attrition test."""
    _activate(st, side, card)


def major_campaign_empire(st: State, side: str, card: Card) -> None:
    """13F Major Campaign: three forces (fighting together, 12.6, is not part of this slice)."""
    _activate(st, side, card)


def major_campaign_coalition(st: State, side: str, card: Card) -> None:
    """12C Major Campaign: three forces (fighting together, 12.6, is not part of this slice)."""
    _activate(st, side, card)


def treaty_of_chaumont(st: State, side: str, card: Card) -> None:
    """54C Treaty of Chaumont: three forces of three different major powers."""
    _activate(st, side, card)


def wellington(st: State, side: str, card: Card) -> None:
    """39C Wellington as an activation event: one British force (its defence bonus is its combat-card use)."""
    _activate(st, side, card)


def outposts(st: State, side: str, card: Card) -> None:
    """14C Outposts: until the side's next turn, +2 to its interception rolls and +1 to its evasion rolls."""
    cards.record_lasting_effects(st, side, card.id, None)


def trachenberg_plan(st: State, side: str, card: Card) -> None:
    """30C The Trachenberg Plan: until the side's next turn, +2 to its evasions from Napoléon, +1 to its combat dice
    against forces he does not command."""
    cards.record_lasting_effects(st, side, card.id, None)


def winter_campaign(st: State, side: str, card: Card) -> None:
    """16C Winter Campaign: a 7th activation round, in winter (5.2, 16)."""
    st.g["last_round"] = 7
    st.note("A seventh, winter round will be played", rule="16")


def fatherland_in_danger(st: State, side: str, card: Card) -> None:
    """50F The Fatherland in Danger: the French units marked E not yet in play go to reinforcement zones."""
    effect = next(e for e in card.effect if isinstance(e, EnterUnits))
    units = [u.id for u in S.data().counters.units.values() if u.e == effect.event and not on_map(st, u.id)]
    st.push("place.start", side=side, units=units, why=card.title)


def chouans(st: State, side: str, card: Card) -> None:
    """5C The Chouans: the royalist corps rises in Vendée (supplied there by the 20.1 rule)."""
    revolt = next(e for e in card.effect if isinstance(e, Revolt))
    for uid in revolt.units:
        u = S.unit(uid)
        S.new_force(st, side, u.power, revolt.zone, units={uid: u.steps})
        if uid in st.g["reserve"]["units"]:
            st.g["reserve"]["units"].remove(uid)
        st.note(f"{u.name} rises in {S.zone_name(revolt.zone)}", rule="6.4")


INFANTRY = ("corps", "elite", "guard", "landwehr", "militia", "national_guard")


def conscripts(st: State, side: str, card: Card) -> None:
    """31F The Conscripts: 2 free infantry steps, restoring reduced units on reinforcement zones or rebuilding
    eliminated units there at reduced strength."""
    effect = next(e for e in card.effect if isinstance(e, DeployFromReserve))
    st.push("conscripts", side=side, power=effect.power, steps=effect.steps, why=card.title)


def conscript_choices(st: State, f: Frame) -> list[Action]:
    zones = reinforcement_zones(st, f["power"])
    out: list[Action] = []
    for force in st.g["forces"].values():
        if force["zone"] in zones and force["side"] == f["side"]:
            out += [("restore", u) for a in S.armies(force) for u, v in a.units.items()
                    if S.unit(u).power == f["power"] and S.unit(u).kind in INFANTRY and v < S.unit(u).steps
                    and (not a.commander or command.within_command(st, a.commander, a.army, {**a.units, u: v + 1}))]
    for u in st.g["reserve"]["units"]:
        unit = S.unit(u)
        if unit.power == f["power"] and unit.kind in INFANTRY and place_options(st, f["side"], u):
            out.append(("build", u))
    return out


class Conscripts:
    name: ClassVar[str] = "conscripts"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{f['why']}: {f['steps']} step(s) left: choose a reduced unit to restore or a unit to rebuild."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [*conscript_choices(st, f), ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, uid = action
        if verb == "done":
            st.pop()
            return
        f["steps"] -= 1
        if verb == "restore":
            force = next(x for x in st.g["forces"].values() if uid in x["units"])
            force["units"][uid] += 1
            st.note(f"{S.unit_name(uid)} is restored by one step", rule="6.4")
            if f["steps"] == 0:
                st.pop()
        elif f["steps"] == 0:
            st.replace("place", side=f["side"], units=[uid], why=f["why"], reduced=True)
        else:
            st.push("place", side=f["side"], units=[uid], why=f["why"], reduced=True)


def on_map(st: State, uid: str) -> bool:
    return any(uid in f["units"] for f in st.g["forces"].values())


def reinforcement_zones(st: State, power: str) -> list[str]:
    """7.3.4: the capital and the fortresses of the power's National Territory it holds, not besieged (15.2: not
    even with a supply line by sea) and free of enemy forces."""
    m = S.data().map
    side = S.side_of(st, power)
    out = []
    for z in m.zones.values():
        if z.owner != power or not (z.capital == power or z.fortress) or S.controller(st, z.id) != side:
            continue
        fort = st.g["fortresses"].get(z.id)
        if (fort and fort["siege"] is not None) or S.forces_in(st, z.id, S.other(str(side))):
            continue
        out.append(z.id)
    return out


def place_options(st: State, side: str, uid: str) -> list[str]:
    """Where a unit may enter: a reinforcement zone empty of its side, or joining a force there within command."""
    out = []
    for zone in reinforcement_zones(st, S.unit(uid).power):
        here = S.forces_in(st, zone, side)
        if not here:
            out.append(zone)
        elif len(here) == 1:
            f = S.force(st, here[0])
            if f["commander"] and not f["in_fortress"] and command.within_command(
                    st, f["commander"], f["army"], {**f["units"], uid: S.unit(uid).steps}):
                out.append(zone)
    return out


class Place:
    """Put each entering unit on a reinforcement zone, alone or into the force there."""

    name: ClassVar[str] = "place"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{f['why']}: choose the reinforcement zone where {S.unit_name(f['units'][0])} enters."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("zone", z) for z in place_options(st, f["side"], f["units"][0])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        uid = f["units"].pop(0)
        zone = action[1]
        u = S.unit(uid)
        value = (u.reduced or u.steps) if f.get("reduced") else u.steps
        here = S.forces_in(st, zone, f["side"])
        if here:
            S.force(st, here[0])["units"][uid] = value
        else:
            S.new_force(st, f["side"], u.power, zone, units={uid: value})
        if uid in st.g["reserve"]["units"]:
            st.g["reserve"]["units"].remove(uid)
        st.note(f"{u.name} enters play in {S.zone_name(zone)}", rule="6.4")
        skip_unplaceable(st, f)


def skip_unplaceable(st: State, f: Frame) -> None:
    """A unit with no zone to enter stays out of play (6.4: not enough room for the event)."""
    while f["units"] and not place_options(st, f["side"], f["units"][0]):
        st.note(f"{S.unit_name(f['units'].pop(0))} finds no reinforcement zone and stays out", rule="6.4")
    if not f["units"]:
        st.pop()


class PlaceStart:
    """Drops the units that cannot enter before the first question is asked."""

    name: ClassVar[str] = "place.start"

    def run(self, st: State, f: Frame) -> None:
        st.replace("place", **{k: v for k, v in f.items() if k != "step"})
        skip_unplaceable(st, st.frame)


STEPS = (PlaceStart(), Place(), Conscripts())


EVENTS: dict[str, Callable[[State, str, Card], None]] = {
    "50F": fatherland_in_danger,
    "27F": soldiers_legs,
    "31F": conscripts,
    "39C": wellington,
    "5C": chouans,
    "1F": genius_of_napoleon,
    "32F": central_position,
    "6F": emperors_orders,
    "8F": grumblers,
    "13F": major_campaign_empire,
    "12C": major_campaign_coalition,
    "54C": treaty_of_chaumont,
    "16C": winter_campaign,
    "14C": outposts,
    "30C": trachenberg_plan,
}


def playable(st: State, side: str, cid: str) -> bool:
    """6.4: an activation-phase event this slice implements, whose forces exist."""
    if cid not in EVENTS:
        return False
    card = S.data().cards.cards[cid]
    if cid == "16C" and st.g["last_round"] > 6:
        return False
    if any(isinstance(c, Year) and st.g["year"] < c.min for c in card.requires):
        return False  # no event before its history allows it (5C: 1814)
    if cid == "5C":
        revolt = next(e for e in card.effect if isinstance(e, Revolt))
        if S.forces_in(st, revolt.zone) or any(on_map(st, u) for u in revolt.units):
            return False  # NotOnMap, and no force already in the rising's zone
    elif any(not isinstance(c, Year) for c in card.requires):
        return False
    return "activation" in card.phases and bool(card.effects("event"))


# 6.4 Which card uses the engine plays -----------------------------------------------------------------------------
# An event is played from one of these places: the round's event menu (``EVENTS``), the diplomacy module (a
# political event, or the bonus of a diplomatic action), the contact window (3F), the conquest phase (26F, 27C) or
# the hand building (52C). A combat card's effects apply in a battle window (``cards.effect_window``) or last beyond
# it (``cards.lasting``). ``missing_uses`` is the audit ``docs/nae-rules.md`` and the tests read.

def event_played_by(card: Card) -> str | None:
    """Where the engine plays ``card``'s event (None: nowhere, or the card has no event use)."""
    from grognard.games.nae.rules import diplomacy, peace

    effects = card.effects("event")
    if not effects:
        return None
    if card.id in EVENTS:
        return "round"
    if card.id in (peace.TILSIT, peace.TAMBOURS):
        return "conquest"
    if card.id in cards.HAND_BUILDING_EVENTS:
        return "hand building"
    if all(cards.effect_window(e) == "contact" for e in effects):
        return "contact"
    if any(p in card.phases for p in ("diplomacy", "activation")) and all(
            isinstance(e, diplomacy.HANDLED) for e in effects):
        return "diplomacy"
    if "diplomacy" in card.phases and all(isinstance(e, DiplomacyBonus) for e in effects):
        return "diplomatic action"
    return None


def combat_applied(card: Card) -> bool:
    """Do all of ``card``'s combat effects apply in a battle (or outlast it)?"""
    lasting = cards.lasting(card.id)
    return all(cards.effect_window(e) is not None or e in lasting
               for e in cards.leaves(card) if card.use_of(e) == "combat")


def missing_uses(card: Card) -> list[str]:
    """The uses ("event", "combat") ``card`` offers that no rule of the engine plays: it is then played for its AP
    (or, for a combat card, not at all) in those uses."""
    out = []
    if any(p != "combat" for p in card.phases) and event_played_by(card) is None:
        out.append("event")
    if "combat" in card.phases and not combat_applied(card):
        out.append("combat")
    return out
