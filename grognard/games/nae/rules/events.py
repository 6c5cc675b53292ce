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
from grognard.games.nae.rules import activation, budget, cards, command, diplomacy, movement, redeployment, supply
from grognard.games.nae.schema.cards import (
    ActivateFleets,
    ActivateForces,
    AmphibiousLimit,
    AttritionTest,
    Card,
    Choice,
    CommanderPower,
    ControlForcedAllyUnits,
    Defect,
    Deploy,
    DeployFromReserve,
    DiplomacyBonus,
    EnterUnits,
    ExtraMp,
    ForcedAlliance,
    ForcedMarch,
    GrantAp,
    LiftBlockade,
    MilitaryReform,
    NavalEvacuation,
    NavalInterceptionModifier,
    Reactivate,
    RemoveCard,
    Resources,
    Revolt,
    Supplied,
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


def schulmeister(st: State, side: str, card: Card) -> None:
    """12F Schulmeister: an enemy force moved by France (``movement.MoveEnemy``), then the activation of the force
    commanded by Napoléon (pushed first, it comes after the move)."""
    _activate(st, side, card)
    if movement.enemy_forces_to_move(st, side):
        st.push("move_enemy", side=side, fid=None, mp=0, why=f"{card.title} (event)")


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


KINDS = {"infantry": INFANTRY, "militia": ("militia", "national_guard", "landwehr")}  # the unit_kind of a card


def conscripts(st: State, side: str, card: Card) -> None:
    """31F The Conscripts: 2 free infantry steps, restoring reduced units on reinforcement zones or rebuilding
    eliminated units there at reduced strength; 38F Fouché the same with 2 National Guard steps."""
    effect = next(e for e in card.effect if isinstance(e, DeployFromReserve))
    kind = {} if effect.unit_kind == "infantry" else {"kinds": list(KINDS[effect.unit_kind])}
    st.push("conscripts", side=side, power=effect.power, steps=effect.steps, why=card.title, **kind)


def conscript_choices(st: State, f: Frame) -> list[Action]:
    """What the steps may go to: reduced units on the reinforcement zones (only those this event built, when it
    deploys from the reserve: 3C), units of the reserve rebuilt there."""
    zones = reinforcement_zones(st, f["power"])
    kinds = f.get("kinds", INFANTRY)
    out: list[Action] = []
    for force in st.g["forces"].values():
        if force["zone"] in zones and force["side"] == f["side"]:
            out += [("restore", u) for a in S.armies(force) for u, v in a.units.items()
                    if S.unit(u).power == f["power"] and S.unit(u).kind in kinds and v < S.unit(u).steps
                    and ("built" not in f or u in f["built"])
                    and (not a.commander or command.within_command(st, a.commander, a.army, {**a.units, u: v + 1}))]
    for u in st.g["reserve"]["units"]:
        unit = S.unit(u)
        if unit.power == f["power"] and unit.kind in kinds and place_options(st, f["side"], u):
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
            restore_step(st, uid)
            if f["steps"] == 0:
                st.pop()
        else:
            if "built" in f:
                f["built"].append(uid)
            if f["steps"] == 0:
                st.replace("place", side=f["side"], units=[uid], why=f["why"], reduced=True)
            else:
                st.push("place", side=f["side"], units=[uid], why=f["why"], reduced=True)


def restore_step(st: State, uid: str) -> None:
    """6.4: an event's step restores a reduced unit where it stands."""
    force = next(x for x in st.g["forces"].values() if uid in x["units"])
    force["units"][uid] += 1
    st.note(f"{S.unit_name(uid)} is restored by one step", rule="6.4")


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


def entering_side(st: State, side: str, uid: str) -> str | None:
    """The side a unit an event brings in fights for: the card player's, or none for a unit of a neutral, a power
    in forced peace or a forced ally, whose forces are at war with nobody (8.1.1, 8.1.3-8.1.4; a Coalition event
    put an Austrian corps beside the forced ally's own force in Graz, two forces in a zone)."""
    status = S.status_of(st, S.major_of(st, S.unit(uid).power))
    return None if status in ("neutral", "forced_peace", "forced_alliance") else side


def _joinable(st: State, zone: str, side: str | None) -> list[str]:
    """The forces of ``side`` in ``zone`` (a neutral's too: ``side`` None is no wildcard here)."""
    return [fid for fid in S.forces_in(st, zone) if st.g["forces"][fid]["side"] == side]


def place_options(st: State, side: str, uid: str) -> list[str]:
    """Where a unit may enter: a reinforcement zone empty of its side, or joining a force there within command."""
    out = []
    for zone in reinforcement_zones(st, S.unit(uid).power):
        here = _joinable(st, zone, entering_side(st, side, uid))
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
        uid = f["units"][0]
        zones = place_options(st, f["side"], uid)
        if f.get("supplied"):  # 7.3 optional: « sur un site de renforts ravitaillé »
            zones = [z for z in zones if z in supply.supplied_zones(st, S.unit(uid).power)]
        return [("zone", z) for z in zones]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        uid = f["units"].pop(0)
        zone = action[1]
        u = S.unit(uid)
        value = (u.reduced or u.steps) if f.get("reduced") else u.steps
        side = entering_side(st, f["side"], uid)
        here = _joinable(st, zone, side)
        if here:
            S.force(st, here[0])["units"][uid] = value
        else:
            S.new_force(st, side, u.power, zone, units={uid: value})
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


# Events of the grand campaigns -------------------------------------------------------------------------------------

def eckmuhl(st: State, side: str, card: Card) -> None:
    """36F Eckmühl: one French force, +2 MP."""
    _activate(st, side, card)


def malet(st: State, side: str, card: Card) -> None:
    """51C Malet: Napoléon outside France's National Territory, Génie Napoléon (1F) leaves the game wherever it is (a
    permanent card: where it lies is public, 6.3), never to come back at a hand building."""
    gone = next(e for e in card.effect if isinstance(e, RemoveCard)).card
    owner = S.data().cards.cards[gone].side
    for pile in (st.g["hands"][owner], st.g["decks"][owner], st.g["discards"][owner]):
        if gone in pile:
            pile.remove(gone)
    if gone not in st.g["out"]:
        st.g["out"].append(gone)
    st.note(f"{cards.title(gone)} is removed from the game", rule="6.4")


def deploy_units(st: State, side: str, card: Card) -> None:
    """2C Holy Russia, 9C and 45C the Landwehr: the card's units not in play enter at once on their power's
    reinforcement zones (7.3.4), its general then takes command of one of them (2C: Tchigatchov); 2C then activates
    one Russian force (pushed first: it runs once the units are in place)."""
    if any(isinstance(e, ActivateForces) for e in card.effects("event")):
        _activate(st, side, card)
    e = _deploy(st, side, card)
    if e.generals:
        st.push("events.general.start", side=side, generals=list(e.generals), why=card.title)
    st.push("place.start", side=side, units=[u for u in e.units if not on_map(st, u)], why=card.title)


def _deploy(st: State, side: str, card: Card) -> Deploy:
    return next(e for e in card.effects("event") if isinstance(e, Deploy)
                and all(diplomacy.cond_holds(st, side, c) for c in e.requires))


def general_forces(st: State, side: str, gid: str) -> list[str]:
    """Where a general a card brings may take command: a force of his nation without a general on one of its
    reinforcement zones, within his command (10.1)."""
    g = S.general(gid)
    zones = reinforcement_zones(st, g.power)
    return [fid for fid, f in sorted(st.g["forces"].items()) if f["side"] == side and f["zone"] in zones
            and not f["commander"] and not f["in_fortress"] and f["power"] == g.power
            and command.within_command(st, gid, None, f["units"])]


class EventGeneral:
    """The general of a card takes command of one of the forces it brought (or of his nation's on a reinforcement
    zone); with none to lead, he waits in the reserve (10.3) for a budget phase."""

    name: ClassVar[str] = "events.general"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{f['why']}: choose the force {S.general(f['generals'][0]).name} takes command of."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("force", fid) for fid in general_forces(st, f["side"], f["generals"][0])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        gid = f["generals"].pop(0)
        force = S.force(st, action[1])
        force["commander"] = gid
        st.note(f"{S.general(gid).name} takes command in {S.zone_name(force['zone'])}", rule="6.4")
        skip_generals(st, f)


def skip_generals(st: State, f: Frame) -> None:
    on_map = {g for x in st.g["forces"].values() for g in S.generals_of(x)}
    f["generals"] = [g for g in f["generals"] if g not in on_map and g not in st.g["removed"]]
    while f["generals"] and not general_forces(st, f["side"], f["generals"][0]):
        st.note(f"{S.general(f['generals'].pop(0)).name} finds no force to lead and waits in the reserve",
                rule="10.3")
    if not f["generals"]:
        st.pop()


class EventGeneralStart:
    name: ClassVar[str] = "events.general.start"

    def run(self, st: State, f: Frame) -> None:
        st.replace("events.general", **{k: v for k, v in f.items() if k != "step"})
        skip_generals(st, st.frame)


def army_options(st: State, side: str, card: Card) -> list[str]:
    """18F, 23C, 55C, 26C: the side's supplied armies (the leading army of a group) the card's special
    unit may join: led by the card's general or a general of its nation, within command (10.1)."""
    e = _deploy(st, side, card)
    uid = e.units[0]
    nation = next((c.power for c in card.requires if isinstance(c, CommanderPower)), None)
    out = []
    for fid, f in st.g["forces"].items():
        a = S.armies(f)[0]
        if f["side"] != side or not a.army or not a.commander or f["unsupplied"] or f["in_fortress"]:
            continue
        if (e.commander and a.commander != e.commander) or (nation and S.general(a.commander).power != nation):
            continue
        if command.within_command(st, a.commander, a.army, {**a.units, uid: S.unit(uid).steps}):
            out.append(fid)
    return sorted(out)


def special_unit(st: State, side: str, card: Card) -> None:
    """18F Cavalry of the Guard, 23C King's German Legion, 55C Uxbridge, 26C Chevalier Guards: the special unit
    joins a supplied army (2.1: « une unité spéciale entre en jeu avec sa carte »)."""
    st.push("events.army", side=side, card=card.id)


class EventArmy:
    name: ClassVar[str] = "events.army"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        card = S.data().cards.cards[f["card"]]
        return f"{card.title}: choose the army {S.unit_name(_deploy(st, f['side'], card).units[0])} joins."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("force", fid) for fid in army_options(st, f["side"], S.data().cards.cards[f["card"]])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        uid = _deploy(st, f["side"], S.data().cards.cards[f["card"]]).units[0]
        fid = action[1]
        S.force(st, fid)["units"][uid] = S.unit(uid).steps
        if uid in st.g["reserve"]["units"]:
            st.g["reserve"]["units"].remove(uid)
        st.note(f"{S.unit_name(uid)} joins {S.name_of(st, fid)} in {S.zone_name(S.force(st, fid)['zone'])}",
                rule="2.1")


def attrition_targets(st: State, side: str, card: Card) -> list[str]:
    """33C, 53C, 34C: the enemy forces the card's attrition test may strike (in its territory, if it names one)."""
    e = next(x for x in card.effects("event") if isinstance(x, AttritionTest))
    return [fid for fid, f in sorted(st.g["forces"].items()) if f["side"] == S.other(side)
            and (e.territory is None or S.data().map.zones[f["zone"]].owner == e.territory)]


def event_attrition(st: State, fid: str, card: Card) -> None:
    """The test of 13.6.2 with its usual modifiers and the card's."""
    from grognard.games.nae.rules import supply, weather

    e = next(x for x in card.effects("event") if isinstance(x, AttritionTest))
    poor = S.force(st, fid)["zone"] in supply.graph().poor
    mods = supply.attrition_mods(st, fid, poor=poor, winter=weather.winter(st), extra=[(card.title, e.modifier)])
    supply.push_attrition(st, fid, mods, card.title, rule="6.4")


def attrition_event(st: State, side: str, card: Card) -> None:
    """33C Cossacks, 53C Guerrilla: one enemy force the player picks takes an attrition test (+1); 34C General
    Winter: every enemy force in Russia does (+2)."""
    e = next(x for x in card.effects("event") if isinstance(x, AttritionTest))
    if e.target == "enemy_forces":
        for fid in reversed(attrition_targets(st, side, card)):
            event_attrition(st, fid, card)
        return
    st.push("events.attrition", side=side, card=card.id)


class EventAttrition:
    name: ClassVar[str] = "events.attrition"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.data().cards.cards[f['card']].title}: choose the enemy force that takes an attrition test."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("force", fid) for fid in attrition_targets(st, f["side"], S.data().cards.cards[f["card"]])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        event_attrition(st, action[1], S.data().cards.cards[f["card"]])


GRENADIERS_OPTION = "austrian_grenadiers"
GRENADIERS = "au_grenadiers"  # the Grenadiers corps of the optional rule (units.toml: marked E, set aside in 1805)


def holy_empire(st: State, side: str, card: Card) -> None:
    """3C Holy Empire (silver star): one of its three options, those whose conditions hold; with the optional rule
    of 7.3 the Grenadiers corps enters first (``grenadiers``)."""
    st.push("events.option", side=side, card=card.id)
    if st.setup["options"].get(GRENADIERS_OPTION):
        grenadiers(st, side)


def grenadiers(st: State, side: str) -> None:
    """7.3 (optional, glossary « Réforme militaire »): « lorsque le joueur coalisé joue la carte permanente
    autrichienne en tant qu'évènement, le corps de Grenadiers est déployé *immédiatement* sur la carte sur un site de
    renforts ravitaillé » -- a reinforcement zone of Austria (7.3.4) its supply reaches, alone or into the force
    there; a corps already in play (on the map, or eliminated into the reserve) stays where it is."""
    if on_map(st, GRENADIERS) or GRENADIERS in st.g["reserve"]["units"]:
        return
    zones = set(place_options(st, side, GRENADIERS)) & supply.supplied_zones(st, S.unit(GRENADIERS).power)
    if not zones:
        st.note(f"{S.unit_name(GRENADIERS)} find no supplied reinforcement zone and stay out", rule="7.3")
        return
    if GRENADIERS in st.g.get("set_aside", []):
        st.g["set_aside"].remove(GRENADIERS)
    st.push("place", side=side, units=[GRENADIERS], why="Holy Empire, the Grenadiers (7.3 optional)", supplied=True)


def option_ok(st: State, side: str, option: tuple[Any, ...]) -> bool:
    """An option of a choice the engine can carry out now."""
    for e in option:
        if not all(diplomacy.cond_holds(st, side, c) for c in e.requires):
            return False
        if isinstance(e, DeployFromReserve) and not any(
                S.unit(u).power == e.power and S.unit(u).kind in KINDS[e.unit_kind] and place_options(st, side, u)
                for u in st.g["reserve"]["units"]):
            return False
        if isinstance(e, MilitaryReform) and not reformable(st, e):
            return False
    return True


def reformable(st: State, e: MilitaryReform) -> list[str]:
    """3C: « La réforme ne s'appliquera pas, grâce à cette carte, à la nation qui n'a pas encore été vaincue »
    (glossary « Réforme militaire »), nor to one already reformed."""
    return [p for p in e.powers if st.g.get("defeats", {}).get(p) and p not in st.g.get("reforms", [])
            and p not in st.g.get("reformed", [])]


class EventOption:
    name: ClassVar[str] = "events.option"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.data().cards.cards[f['card']].title}: choose one of the event's options."

    def choices(self, st: State, f: Frame) -> list[Action]:
        card = S.data().cards.cards[f["card"]]
        choice = next(e for e in card.effect if isinstance(e, Choice))
        return [("option", i) for i, o in enumerate(choice.options) if option_ok(st, f["side"], o)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        card = S.data().cards.cards[f["card"]]
        side = f["side"]
        for e in next(e for e in card.effect if isinstance(e, Choice)).options[action[1]]:
            if isinstance(e, DeployFromReserve):
                st.push("conscripts", side=side, power=e.power, steps=e.steps, why=card.title,
                        kinds=list(KINDS[e.unit_kind]), built=[])
            elif isinstance(e, Resources):
                st.g.setdefault("budget_mods", []).append({"power": e.power, "value": e.value, "why": card.title})
                st.note(f"{diplomacy.name(e.power)}: {e.value:+d} resources at the next budget phase", rule="6.4")
            elif isinstance(e, MilitaryReform):
                diplomacy.military_reform(st, tuple(reformable(st, e)))


def label(st: State, action: Action) -> str | None:
    """Menu text of this module's steps (None: not one of them)."""
    verb, arg = action
    if verb == "force" and st.step in ("events.general", "events.army", "events.attrition", "events.join_army",
                                       "events.boulogne"):
        f = S.force(st, arg)
        what = {"events.general": "Take command of", "events.army": "Join", "events.attrition": "Strike",
                "events.join_army": "Join", "events.boulogne": "Move"}[st.step]
        return f"{what} {S.name_of(st, arg)} at {S.zone_name(f['zone'])}"
    if verb != "option" or st.step != "events.option":
        return None
    card = S.data().cards.cards[st.frame["card"]]
    choice = next(e for e in card.effect if isinstance(e, Choice))
    words = {DeployFromReserve: "free steps from the reserve", Resources: "resources at the next budget",
             MilitaryReform: "military reform of the defeated powers"}
    return "; ".join(words.get(type(e), type(e).__name__) for e in choice.options[arg])


ARMY_KINDS = {"cavalry": ("reserve_cavalry",), "any": None}  # 52F, 42F: the units a step may go to


def army_steps(st: State, side: str, card: Card) -> None:
    """52F Guards of Honour (1 French reserve-cavalry step), 42F Allied Contingents (2 steps of allied minors):
    free steps inside a supplied French army, restoring a reduced unit of it or bringing one of the reserve back
    there at reduced strength."""
    e = next(x for x in card.effect if isinstance(x, DeployFromReserve))
    st.push("events.army_steps", side=side, power=e.power, kind=e.unit_kind, steps=e.steps, why=card.title)


def _fits(st: State, f: Frame, uid: str) -> bool:
    u = S.unit(uid)
    kinds = ARMY_KINDS[f["kind"]]
    if (kinds is not None and u.kind not in kinds) or u.special:
        return False
    if f["power"] == "minor":
        return S.data().map.powers[u.power].kind != "major" and diplomacy.allied_with(st, u.power, f["side"])
    return bool(u.power == f["power"])


def french_armies(st: State, side: str, uid: str | None = None, value: int = 0) -> list[str]:
    """The side's supplied French armies (the leading army of a group), those that may take the unit ``uid`` at
    ``value`` within command (10.1) if one is given."""
    out = []
    for fid, f in sorted(st.g["forces"].items()):
        a = S.armies(f)[0]
        if (f["side"] == side and a.army and a.commander and not f["unsupplied"] and not f["in_fortress"]
                and S.data().counters.armies[a.army].power == "france"
                and (uid is None or command.within_command(st, a.commander, a.army, {**a.units, uid: value}))):
            out.append(fid)
    return out


def army_step_choices(st: State, f: Frame) -> list[Action]:
    out: list[Action] = []
    for fid in french_armies(st, f["side"]):
        a = S.armies(S.force(st, fid))[0]
        out += [("restore", u) for u, v in sorted(a.units.items()) if _fits(st, f, u) and v < S.unit(u).steps
                and command.within_command(st, a.commander, a.army, {**a.units, u: v + 1})]
    out += [("build", u) for u in st.g["reserve"]["units"] if _fits(st, f, u)
            and french_armies(st, f["side"], u, S.unit(u).reduced or S.unit(u).steps)]
    return out


class ArmySteps:
    name: ClassVar[str] = "events.army_steps"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{f['why']}: {f['steps']} step(s) left: restore a reduced unit of an army or bring one back into it."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [*army_step_choices(st, f), ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, uid = action
        if verb == "done":
            st.pop()
            return
        f["steps"] -= 1
        if f["steps"] == 0:
            st.pop()
        if verb == "restore":
            restore_step(st, uid)
        else:
            st.push("events.join_army", side=f["side"], unit=uid)


class JoinArmy:
    """The army a unit brought back by an event joins, at reduced strength."""

    name: ClassVar[str] = "events.join_army"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"Choose the army {S.unit_name(f['unit'])} joins."

    def choices(self, st: State, f: Frame) -> list[Action]:
        u = S.unit(f["unit"])
        return [("force", fid) for fid in french_armies(st, f["side"], f["unit"], u.reduced or u.steps)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        uid, u = f["unit"], S.unit(f["unit"])
        S.force(st, action[1])["units"][uid] = u.reduced or u.steps
        st.g["reserve"]["units"].remove(uid)
        st.note(f"{u.name} joins {S.name_of(st, action[1])} at reduced strength", rule="6.4")


def rest_of_the_year(st: State, side: str, card: Card) -> None:
    """40C Scorched Earth, 41C Lines of Torres Vedras: until the year's end, enemy forces in Russia (Portugal) get +2
    on their attrition tests (41C: -2 on their siege attacks against Lisbon)."""
    cards.record_lasting_effects(st, side, card.id, None)


# 40F Expeditionary Corps and 37C Tauroggen -------------------------------------------------------------------------
# 8.1.4: « Les forces de l'allié forcé ne sont pas contrôlées par l'Empire mais le choix d'une alliance forcée permet à
# l'Empire de jouer la carte Corps Expéditionnaires (40F) »; the English rules: « the only way to control some of its
# units, which then count as minor allies ». The units and general the Empire takes are listed in
# ``g["expeditions"]``: their forces fight for the Empire whatever their nation's status (``S.follow_sides``).

def expeditions(st: State) -> list[str]:
    out: list[str] = st.g.get("expeditions", [])
    return out


def expeditionary_corps(st: State, side: str, card: Card) -> None:
    """40F: the Empire picks up to 4 steps and 1 general of one forced ally, from its forces on the map."""
    e = next(x for x in card.effect if isinstance(x, ControlForcedAllyUnits))
    st.push("events.expedition", side=side, card=card.id, power=None, steps=e.steps, generals=e.max_generals)


def _forced_allies(st: State, card: Card) -> list[str]:
    powers = next(c.powers for c in card.requires if isinstance(c, ForcedAlliance))
    return [p for p in powers if diplomacy.in_forced_alliance(st, p)]


def _joins(st: State, zone: str, side: str, units: dict[str, int]) -> bool:
    """May these units stand in ``zone`` for ``side``: alone, or joining its force there within command (11)?"""
    here = S.forces_in(st, zone, side)
    if not here:
        return True
    f = S.force(st, here[0])
    return bool(len(here) == 1 and f["commander"] and not f["in_fortress"] and not f["group"]
                and command.within_command(st, f["commander"], f["army"], {**f["units"], **units}))


def expedition_choices(st: State, f: Frame) -> list[Action]:
    card = S.data().cards.cards[f["card"]]
    powers = [f["power"]] if f["power"] else _forced_allies(st, card)
    out: list[Action] = []
    for x in st.g["forces"].values():
        if x["side"] is not None or x["power"] not in powers or x["in_fortress"]:
            continue
        out += [("unit", u) for u, v in sorted(x["units"].items()) if S.unit(u).power in powers
                and not S.unit(u).special and v <= f["steps"] and _joins(st, x["zone"], f["side"], {u: v})]
        if f["generals"]:
            mine = S.forces_in(st, x["zone"], f["side"])
            out += [("general", g) for g in S.subordinates(x) if S.general(g).power in powers and len(mine) == 1
                    and not S.force(st, mine[0])["commander"]
                    and set(S.force(st, mine[0])["units"]) <= set(expeditions(st))
                    and command.within_command(st, g, None, S.force(st, mine[0])["units"])]
    return [*out, ("done", None)]


class Expedition:
    name: ClassVar[str] = "events.expedition"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"Expeditionary Corps: choose the units ({f['steps']} step(s) left) and the general ({f['generals']} "
                "left) of the forced ally the Empire takes under its control, or stop.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        return expedition_choices(st, f)

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        if verb == "done":
            st.pop()
            return
        src_id = next(k for k, x in st.g["forces"].items() if arg in (x["units"] if verb == "unit" else
                                                                        S.generals_of(x)))
        src = S.force(st, src_id)
        zone = src["zone"]
        f["power"] = S.unit(arg).power if verb == "unit" else S.general(arg).power
        st.g.setdefault("expeditions", []).append(arg)
        if verb == "general":
            S.drop_subordinate(src, arg)
            S.force(st, S.forces_in(st, zone, f["side"])[0])["commander"] = arg
            f["generals"] -= 1
            st.note(f"{S.general(arg).name} leads the Empire's expeditionary corps in {S.zone_name(zone)}",
                    rule="8.1.4")
            return
        value = src["units"][arg]
        del src["units"][arg]
        if src["group"] and arg in src["group"]["units"]:
            src["group"]["units"].remove(arg)
        S.check_force(st, src_id, "8.1.4")
        here = S.forces_in(st, zone, f["side"])
        if here:
            S.force(st, here[0])["units"][arg] = value
        else:
            S.new_force(st, f["side"], f["power"], zone, units={arg: value})
        f["steps"] -= value
        st.note(f"{S.unit_name(arg)} joins the Empire as an expeditionary corps in {S.zone_name(zone)}", rule="8.1.4")


def tauroggen(st: State, side: str, card: Card) -> None:
    """37C Tauroggen: the units of ``power`` under Empire control (40F) pass to the Coalition. A force that is all
    theirs changes sides where it stands; units stacked with French ones leave them for the nearest Coalition zone
    within their MF, or are destroyed (the parting of 8.2.3, outside their territory)."""
    power = next(e.power for e in card.effect if isinstance(e, Defect))
    ours = [x for x in expeditions(st) if (S.unit(x).power if x in S.data().counters.units
                                           else S.general(x).power) == power]
    for fid in sorted(st.g["forces"]):
        f = st.g["forces"].get(fid)
        if f is None or f["side"] == side:
            continue
        if all(u in ours for u in [*f["units"], *S.generals_of(f)]):
            S.set_force_side(st, fid, side)
            st.note(f"{S.name_of(st, fid)} goes over to the Coalition in {S.zone_name(f['zone'])}", rule="6.4")
            continue
        units = {u: v for u, v in f["units"].items() if u in ours}
        for gid in [g for g in S.generals_of(f) if g in ours]:
            if f["commander"] == gid:
                f["commander"] = None
            else:
                S.drop_subordinate(f, gid)
            st.g["removed"].append(gid)
            st.note(f"{S.general(gid).name} leaves the Empire's service", rule="6.4")
        for u in units:
            del f["units"][u]
            if f["group"] and u in f["group"]["units"]:
                f["group"]["units"].remove(u)
        if units:
            S.check_force(st, fid, "6.4")
            dest = diplomacy.nearest_zone(st, f["zone"], side, min(S.unit(u).mf for u in units))
            if dest is None or not _joins(st, dest, side, units):
                st.g["reserve"]["units"] += sorted(units)
                st.note(f"{', '.join(S.unit_name(u) for u in sorted(units))} find(s) no Coalition zone within reach "
                        "and are destroyed", rule="8.2.3")
            elif S.forces_in(st, dest, side):
                S.force(st, S.forces_in(st, dest, side)[0])["units"].update(units)
            else:
                S.new_force(st, side, power, dest, units=units)
    st.g["expeditions"] = [x for x in expeditions(st) if x not in ours]


def admiralty(st: State, side: str, card: Card) -> None:
    """1C Admiralty, 49C Walcheren (17.1): the fleets the card names move without AP, with their transport and
    landings (17.2.7-17.2.8); 49C lets one assault land 4 steps; 1C may put one fleet in the Corsairs box (17.2.9).
    No force is activated."""
    from grognard.games.nae.rules import naval

    e = next(x for x in card.effect if isinstance(x, ActivateFleets))
    limit = next((x.steps for x in card.effect if isinstance(x, AmphibiousLimit)), 0)
    activation.push_event_activation(st, side, 0, f"{card.title} (event)")
    st.frame["fleet_event"] = {"fleets": naval.event_fleets(st, side, e.powers, e.minor_allies),
                               "assault_steps": limit, "corsairs": e.corsairs_box}


def foul_weather(st: State, side: str, card: Card) -> None:
    """10F Foul Weather: an enemy blockade is blown off (17.2.6) and the enemy's naval interception rolls suffer
    (17.2.4)."""
    from grognard.games.nae.rules import naval

    mod = next(x for x in card.effect if isinstance(x, NavalInterceptionModifier))
    naval.add_interception_modifier(st, card.id, S.other(side) if mod.side == "enemy" else side, mod.value)
    lift = next(x for x in card.effect if isinstance(x, LiftBlockade))
    for _ in range(lift.count):
        st.push("naval.gale", side=side, card=card.id)


def sir_john_moore(st: State, side: str, card: Card) -> None:
    """6C Sir John Moore: a British force in a port zone is shipped home without fleets (the evacuation of
    Corunna)."""
    e = next(x for x in card.effect if isinstance(x, NavalEvacuation))
    st.push("naval.evacuation", side=side, power=e.power, fid=None, card=card.id)

# 4F The Camp of Boulogne, 54F Requisitions, 49F Montmirail ---------------------------------------------------------

def boulogne_forces(st: State, side: str) -> list[str]:
    """4F: the French forces that may move « as in strategic redeployment »: those 7.6 lets move (supplied, outside a
    fortress), led by France (« one French force »)."""
    return [fid for fid in redeployment.movers(st, "france", "strategic") if S.force(st, fid)["power"] == "france"
            and S.force(st, fid)["side"] == side]


def camp_of_boulogne(st: State, side: str, card: Card) -> None:
    """4F The Camp of Boulogne: « one French force is activated and moves as in strategic redeployment, up to double
    its MF, and cannot be intercepted (attrition test if it goes beyond its base MF, 7.6) »: the move of
    ``redeployment`` (7.6: never into a zone with enemy units, enemy control, an unbesieged enemy fortress, or
    where it would be unsupplied; absorptions allowed), in a fair-weather round of the activation phase."""
    st.push("events.boulogne", side=side, why=card.title)


class Boulogne:
    """4F: the French force that moves; the 7.6 move runs above a "redeploy" frame (the record of 7.6's moves),
    which ``events.boulogne.end`` closes once the move and its attrition test are done."""

    name: ClassVar[str] = "events.boulogne"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{f['why']}: choose the French force that moves as in strategic redeployment (7.6)."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("force", fid) for fid in boulogne_forces(st, f["side"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        fid, side = action[1], f["side"]
        force = S.force(st, fid)
        mp = redeployment.allowance(st, fid, "strategic")
        st.replace("redeploy", power="france", side=side, mode="strategic", moved=[fid])
        st.push("events.boulogne.end")
        st.note(f"{S.name_of(st, fid)} moves from {S.zone_name(force['zone'])} with {mp} MP as in strategic "
                "redeployment", rule="7.6")
        st.push("redeploy.move", fid=fid, side=side, power="france", mode="strategic", mp=mp, spent=0, poor=False,
                nt=force["zone"] in budget.national_zones(st, "france"))


class BoulogneEnd:
    """4F: once the 7.6 move and its attrition test are done, closes it and the "redeploy" frame it recorded in."""

    name: ClassVar[str] = "events.boulogne.end"

    def run(self, st: State, f: Frame) -> None:
        st.pop()
        st.pop()  # the "redeploy" frame the move recorded itself in


def requisitions(st: State, side: str, card: Card) -> None:
    """54F Requisitions: « -2 to the attrition tests of your forces this activation ». Played as the round's action
    (6.4), the card's event is the activation its own AP pays for, as if played for its AP (9.1: with the AP
    reserve), every attrition test of the side's forces in it taking the -2 (``cards.attrition_card_mods``)."""
    cards.record_lasting_effects(st, side, card.id, None)
    activation.push_activation(st, side, cards.ap_value(st, card.id), f"{card.title} (event)")


def montmirail(st: State, side: str, card: Card) -> None:
    """49F Montmirail: Napoléon's force; « after a battle won it may be activated a second time this round with its
    full MF » (12.2.1: the exception to « units move once per round » the card makes)."""
    _activate(st, side, card)
    again = next(e for e in card.effect if isinstance(e, Reactivate))
    frame = activation.activation_frame(st)
    assert frame is not None
    frame["reactivate"] = again.commander


def note_victory(st: State, fid: str) -> None:
    """49F: the force the card reactivates has won a battle as the mover (``movement.after_battle``)."""
    f = activation.activation_frame(st)
    if f is not None and f.get("reactivate") and f["reactivate"] == S.force(st, fid)["commander"]:
        f["won"] = True


def reactivate(st: State, f: Frame) -> bool:
    """49F, when the activation would end: after a battle won, Napoléon's force may be activated once more (its units
    and army freed from 12.2.1's record, the others' kept); True if the activation goes on."""
    if not f.pop("won", False):
        return False
    gid = f.pop("reactivate")
    fid = next((i for i, x in st.g["forces"].items() if x["commander"] == gid), None)
    if fid is None:
        return False
    force = S.force(st, fid)
    f["count"] = 1
    f["moved"] = [u for u in f["moved"] if u not in force["units"]]
    f["armies"] = [a for a in f["armies"] if a not in {x.army for x in S.armies(force)}]
    st.note(f"{S.name_of(st, fid)} won a battle: it may be activated a second time this round with its full MF",
            rule="6.4")
    return True


STEPS = (PlaceStart(), Place(), Conscripts(), EventGeneral(), EventGeneralStart(), EventArmy(), EventAttrition(),
         EventOption(), Expedition(), ArmySteps(), JoinArmy(), Boulogne(), BoulogneEnd())


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
    "12F": schulmeister,
    "13F": major_campaign_empire,
    "12C": major_campaign_coalition,
    "54C": treaty_of_chaumont,
    "16C": winter_campaign,
    "14C": outposts,
    "30C": trachenberg_plan,
    "36F": eckmuhl,
    "38F": conscripts,
    "51C": malet,
    "2C": deploy_units,
    "9C": deploy_units,
    "45C": deploy_units,
    "18F": special_unit,
    "23C": special_unit,
    "55C": special_unit,
    "26C": special_unit,
    "33C": attrition_event,
    "34C": attrition_event,
    "53C": attrition_event,
    "3C": holy_empire,
    "40F": expeditionary_corps,
    "37C": tauroggen,
    "40C": rest_of_the_year,
    "42F": army_steps,
    "52F": army_steps,
    "41C": rest_of_the_year,
    "1C": admiralty,
    "49C": admiralty,
    "10F": foul_weather,
    "6C": sir_john_moore,
    "4F": camp_of_boulogne,
    "54F": requisitions,
    "49F": montmirail,
}


FORCE_CONDITIONS = (Supplied, CommanderPower)  # read on the army a special unit joins (``army_options``)


def playable(st: State, side: str, cid: str, phase: str = "activation") -> bool:
    """6.4: an event the engine plays in ``phase`` (the round's action, or the budget phase for the cards that name
    it: 18F, 31F, 3C...), its conditions met (political ones by ``diplomacy``, those of the army it reaches here), a
    silver star's not played yet this game, with something for it to do."""
    if cid not in EVENTS:
        return False
    card = S.data().cards.cards[cid]
    if phase not in card.phases or not card.effects("event"):
        return False
    if card.silver_star and cid in st.g.get("events_played", []):
        return False  # 6.2: « l'évènement ne peut être joué qu'une fois au cours de la partie »
    if not all(isinstance(c, FORCE_CONDITIONS) or diplomacy.cond_holds(st, side, c) for c in card.requires):
        return False  # no event before its history allows it (5C: 1814), nor without its conditions
    if cid == "16C":
        return bool(st.g["last_round"] <= 6)
    if cid == "5C":
        revolt = next(e for e in card.effect if isinstance(e, Revolt))
        return not S.forces_in(st, revolt.zone)  # no force already in the rising's zone
    handler = EVENTS[cid]
    if handler is deploy_units:
        deploys = [e for e in card.effects("event") if isinstance(e, Deploy)
                   and all(diplomacy.cond_holds(st, side, c) for c in e.requires)]
        return bool(deploys) and any(not on_map(st, u) and place_options(st, side, u) for u in deploys[0].units)
    if handler is special_unit:
        deploys = [e for e in card.effects("event") if isinstance(e, Deploy)]
        return bool(deploys) and not on_map(st, deploys[0].units[0]) and bool(army_options(st, side, card))
    if handler is attrition_event:
        return bool(attrition_targets(st, side, card))
    if handler is expeditionary_corps:
        return len(expedition_choices(st, {"side": side, "card": cid, "power": None, "steps": 4, "generals": 0})) > 1
    if handler is tauroggen:
        power = next(e.power for e in card.effect if isinstance(e, Defect))
        return any(u in expeditions(st) and S.unit(u).power == power for f in st.g["forces"].values()
                   for u in f["units"])
    if handler is army_steps:
        e = next(x for x in card.effect if isinstance(x, DeployFromReserve))
        return bool(army_step_choices(st, {"side": side, "power": e.power, "kind": e.unit_kind}))
    if handler in (admiralty, foul_weather, sir_john_moore):
        return naval_event_playable(st, side, card)
    if handler is camp_of_boulogne:
        return bool(boulogne_forces(st, side))
    if handler is holy_empire:
        choice = next(e for e in card.effect if isinstance(e, Choice))
        return any(option_ok(st, side, o) for o in choice.options)
    return True


def naval_event_playable(st: State, side: str, card: Card) -> bool:
    """1C, 49C: a fleet to move; 10F: an enemy blockade to lift; 6C: a force to ship."""
    from grognard.games.nae.rules import naval

    for e in card.effect:
        if isinstance(e, ActivateFleets):
            return bool(naval.activation_choices(st, {"side": side, "fleet_event": {
                "fleets": naval.event_fleets(st, side, e.powers, e.minor_allies)}}))
        if isinstance(e, LiftBlockade):
            return bool(naval.gale_ports(st, side))
        if isinstance(e, NavalEvacuation):
            return bool(naval.evacuees(st, side, e.power))
    return False


# 6.4 Which card uses the engine plays -----------------------------------------------------------------------------
# An event is played from one of these places: the round's event menu (``EVENTS``), the diplomacy module (a
# political event, or the bonus of a diplomatic action), the contact window (3F), the conquest phase (26F, 27C) or
# the hand building (52C). A combat card's effects apply in a battle window (``cards.effect_window``) or last beyond
# it (``cards.lasting``). ``missing_uses`` is the audit ``docs/nae-rules.md`` and the tests read.

def event_played_by(card: Card) -> str | None:
    """Where the engine plays ``card``'s event (None: nowhere, or the card has no event use)."""
    from grognard.games.nae.rules import budget, diplomacy, peace

    effects = card.effects("event")
    if not effects:
        return None
    if card.id in EVENTS:
        return "round"
    if all(isinstance(e, GrantAp) for e in effects):
        return "round"  # 5F: « its AP may also be used for an activation »: the card played for its AP (9.1)
    if card.id in (peace.TILSIT, peace.TAMBOURS):
        return "conquest"
    if card.id in cards.HAND_BUILDING_EVENTS:
        return "hand building"
    if "budget" in card.phases and (budget.purse_event(card) or budget.smuggling(card)):
        return "budget"
    if all(cards.effect_window(e) == "contact" for e in effects):
        return "contact"
    political = all(type(c) in diplomacy.POLITICAL_CHECKS for e in (card, *effects) for c in e.requires)
    if political and any(p in card.phases for p in ("diplomacy", "activation")) and all(
            isinstance(e, diplomacy.HANDLED) and not (isinstance(e, Deploy) and e.where != "zone") for e in effects):
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
