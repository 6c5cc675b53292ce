"""15 Fortresses and sieges: laying and lifting a siege, siege attacks, a fortress's fall; and the 20.1 rule of
French army replacements, which rides on an army's activation."""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, command, naval, supply, weather
from grognard.games.nae.schema.scenario import ArmyReplacements


def cover_steps(level: int) -> int:
    """15.1 / 15.2: a siege needs at least 2 loss steps ("pas de pertes") per fortress level."""
    return int(S.data().tables.constants["siege_cover_steps_per_level"].value) * level


def lay_siege(st: State, fid: str) -> None:
    """15.2: no enemy unit left outside, enough steps: a Siege 0 marker goes on the fortress."""
    f = S.force(st, fid)
    zone = f["zone"]
    fort = st.g["fortresses"].get(zone)
    if not fort or not fort["active"] or fort["siege"] is not None or S.controller(st, zone) in (f["side"], None):
        return
    if S.outside(st, zone, S.other(f["side"])) or S.steps(f) < cover_steps(fort["level"]):
        return
    S.set_fortress(st, zone, siege=0, besieger=fid)
    st.note(f"{S.name_of(st, fid)} lays siege to {S.zone_name(zone)} (Siege 0)", rule="15.2")


_BESIEGER = itemgetter("besieger")


def refresh_sieges(st: State) -> None:
    """15.3: a siege is lifted when its besiegers leave or fall below the steps it needs (marker back to 0), or when
    the fortress is now of the besieger's side (a minor changing sides, 8.2.3)."""
    forts = st.g["fortresses"]
    for zone, fort in list(compress(forts.items(), map(_BESIEGER, forts.values()))):  # the few besieged, found in C
        fid = fort["besieger"]
        f = st.g["forces"].get(fid)
        if f is not None and f["zone"] == zone and S.controller(st, zone) == f["side"]:
            S.set_fortress(st, zone, siege=None, besieger=None)
            st.note(f"The siege of {S.zone_name(zone)} is lifted: the fortress is of its besieger's side", rule="15.3")
        elif f is None or f["zone"] != zone or S.steps(f) < cover_steps(fort["level"]):
            S.set_fortress(st, zone, siege=None, besieger=None)
            st.note(f"The siege of {S.zone_name(zone)} is lifted", rule="15.3")
            if f is not None and f["zone"] == zone:
                st.g["lifted"].append(fid)  # too weak to go on with it: it must withdraw (``enforce_sieges``)


def enforce_sieges(st: State) -> None:
    """11 / 15.2 / 15.3, at the end of each side's action: a force left outside an enemy fortress that holds enemy
    troops, or whose siege was lifted for lack of steps, lays siege if it can; if too weak to, it withdraws to an
    adjacent zone under the retreat rules (14.10), a supplied one if it can, or is destroyed with nowhere to go."""
    refresh_sieges(st)
    lifted, st.g["lifted"] = st.g["lifted"], []
    stands = _stands(st)
    for zone in sorted({zone for zone, _, inside in stands if not inside}):
        fort = st.g["fortresses"].get(zone)
        if not fort or not fort["active"] or fort["siege"] is not None:
            continue
        for side in S.SIDES:
            if S.controller(st, zone) in (side, None):
                continue  # the side's own fortress (the cheap test first)
            outside = stands.get((zone, side, False), [])
            if len(outside) != 1:
                continue
            if not (stands.get((zone, S.other(side), True)) or outside[0] in lifted):
                continue
            fid = outside[0]
            lay_siege(st, fid)
            if fort["besieger"] != fid:
                _withdraw(st, fid, zone)
            stands = _stands(st)  # forces may have moved or gone from here on


def _withdraw(st: State, fid: str, zone: str) -> None:
    """15.3: a force too weak to besiege withdraws under the retreat rules (14.10), to a supplied zone if it can."""
    from grognard.games.nae.rules import battle

    f = S.force(st, fid)
    options = [z for z in battle.retreat_options(st, fid, zone, None) if z != "fortress"]
    fed = supply.supplied_zones(st, S.major_of(st, f["power"]))
    options = [z for z in options if z in fed] or options
    why = "is too weak to besiege the fortress and must withdraw"
    if not options:
        S.remove_force(st, fid, "15.3", f"{S.name_of(st, fid)} {why} but has nowhere to go: it is destroyed")
    elif len(options) == 1:
        st.note(f"{S.name_of(st, fid)} {why}", rule="15.3")
        battle.move_retreat(st, fid, options[0])
    else:
        st.push("retreat", fid=fid, side=f["side"], options=options, why=why)


def _stands(st: State) -> dict[tuple[str, str, bool], list[str]]:
    """The forces by zone, side and whether inside the fortress, in id order (one pass for ``enforce_sieges``)."""
    out: dict[tuple[str, str, bool], list[str]] = {}
    for fid, f in st.g["forces"].items():
        out.setdefault((f["zone"], f["side"], bool(f["in_fortress"])), []).append(fid)
    return out


# 15.2 (English) sorties -----------------------------------------------------------------------------------------

SORTIE = "fortress"  # a sortie comes out of the fortress of the battle zone, and a beaten one falls back into it


def besieged(st: State, fid: str) -> bool:
    """15.2: is the force shut in its fortress under siege?"""
    f = S.force(st, fid)
    fort = st.g["fortresses"].get(f["zone"])
    return bool(f["in_fortress"] and fort is not None and fort["siege"] is not None)


def sortie_choices(st: State, fid: str) -> list[Action]:
    """15.2 (English): « A besieged unit can be activated to attack the besieging units »; the French text is silent
    and 9.1 lets any force be activated. Shut in, the activated force attacks its besiegers ("attack") or stays
    ("done"): it cannot march out past them (12.1: a force stops in a zone with an unbesieged enemy force). A lone
    corps needs its second AP for the battle (9.1)."""
    from grognard.games.nae.rules import activation

    f = S.force(st, fid)
    fight = bool(S.outside(st, f["zone"], S.other(f["side"]))) and activation.can_pay(st, fid)
    return [("attack", None), ("done", None)] if fight else [("done", None)]


def sortie(st: State, m: Frame) -> None:
    """15.2 (English): the sortie is a battle in the fortress's zone, the besieged force attacking, with no MP spent
    and no border crossed. The besiegers may not evade (12.5: « Lorsqu'une force adverse pénètre dans une zone »:
    nobody enters theirs). While it fights the force keeps its place in the fortress: it is supplied as the garrison
    is (13.3: « ravitaille les unités qui la défendent si une ligne de ravitaillement maritime peut être tracée »,
    the English: « considered out of supply unless it is in a coastal fortress » with a sea line), and beaten it
    falls back inside (14.10; 11: « une retraite vers une autre zone ou dans une forteresse assiégée »), which ends
    its activation (12). Victorious, the besiegers retreat, the siege is lifted (15.3) and it may march out with
    the MP it has."""
    fid = m["fid"]
    f = S.force(st, fid)
    zone = f["zone"]
    dfn = S.outside(st, zone, S.other(f["side"]))[0]
    st.note(f"{S.name_of(st, fid)} makes a sortie from {S.zone_name(zone)} against {S.name_of(st, dfn)}", rule="15.2")
    st.push("contact", fid=fid, zone=zone, came_from=SORTIE, asked=[dfn], fought=[], offered=[dfn], hold=False)


def may_attack(st: State, fid: str) -> bool:
    """15.2: the besieger makes a siege attack only if supplied (unsupplied, it may still lay the Siege 0 marker)
    and still strong enough to besiege (15.3)."""
    f = S.force(st, fid)
    fort = st.g["fortresses"].get(f["zone"])
    return bool(fort and fort["besieger"] == fid and fort["active"] and S.steps(f) >= cover_steps(fort["level"])
                and supply.force_supplied(st, fid))


def push_siege_attack(st: State, fid: str) -> None:
    st.push("siege", fid=fid)


class SiegeAttack:
    """15.4: 1d6 + attack value + army + Siege marker (citadel -2) on the siege table."""

    name: ClassVar[str] = "siege"

    def run(self, st: State, f: Frame) -> None:
        st.pop()
        fid = f["fid"]
        if fid not in st.g["forces"]:
            return
        t = S.data().tables
        force = S.force(st, fid)
        zone = force["zone"]
        fort = st.g["fortresses"][zone]
        # 13.1: « Le ravitaillement est vérifié au moment [...] de la résolution d'un siège »; the marker follows
        # the check (15.2: only a supplied besieger attacks, so a marker left from an earlier check goes)
        supplied = supply.force_supplied(st, fid)
        if force["unsupplied"] == supplied:
            force["unsupplied"] = not supplied
            st.note(f"{S.name_of(st, fid)} in {S.zone_name(zone)} is {'now supplied' if supplied else 'unsupplied'}",
                    rule="13.1")
        mods = []
        if force["commander"]:
            attack = S.general(force["commander"]).attack
            mods.append(("attack value", t.siege_modifier("besieger_attack_tactical") * attack))
        if S.is_army(force):
            mods.append(("army", t.siege_modifier("army")))
        mods.append(("Siege marker", t.siege_modifier("siege_marker") * fort["siege"]))
        mods.append(("citadel" if fort["level"] == 2 else "fortress",
                     t.siege_modifier("citadel" if fort["level"] == 2 else "fortress")))
        mods += cards.siege_card_mods(st, fid)  # 41C
        roll = st.roll(1, rule="15.4", why=f"Siege attack by {S.name_of(st, fid)} on {S.zone_name(zone)}", mods=mods,
                       table=lambda x: (t.siege(x).name, t.siege(x)))
        res = roll.result
        if res.fortress_falls:
            fall(st, zone, fid, res.garrison)
            return
        S.set_fortress(st, zone, siege=t.next_siege_marker(fort["siege"]))
        if res.besieger_losses:
            from grognard.games.nae.rules.battle import push_losses

            push_losses(st, fid, res.besieger_losses, rule="15.4", why="repulsed siege attack")


def fall(st: State, zone: str, fid: str, garrison: str) -> None:
    """15.4 / 15.5: the fortress falls, is destroyed (empty marker) and the besieger's side controls the zone."""
    force = S.force(st, fid)
    for gid in S.forces_in(st, zone, S.other(force["side"])):
        name = f"The garrison of {S.zone_name(zone)} ({S.name_of(st, gid)})"
        if garrison == "reinforcements":
            honours(st, gid, name)
        else:
            S.remove_force(st, gid, "15.4", f"{name} is destroyed")
    S.set_fortress(st, zone, active=False, siege=None, besieger=None)
    S.set_control(st, zone, S.major_of(st, force["power"]))
    st.note(f"{S.zone_name(zone)} falls to {S.name_of(st, fid)}: empty fortress, controlled by its side", rule="15.5")
    naval.port_taken(st, zone)  # 17.2.1: its fleets leave a captured port


def honours(st: State, gid: str, name: str) -> None:
    """15.4 « Honneurs de la Guerre : la forteresse est prise et les forces assiégées (unités de combat, généraux et
    dépôts) reviennent en renfort lors de la prochaine phase de budget »: the units wait off the map, out of the
    reserve of units to build, and the budget places them free at their strength (``budget.Returning``, as
    6.5 brings back a foreign war's); the generals return to the reserve at that budget as any general removed
    does (7.3.6); the mobile depots go back to their power's pool of counters, which the budget builds from
    (7.3.5: a depot only ever enters play as a bought one)."""
    f = S.take_force(st, gid)
    st.g["removed"] += S.generals_of(f)
    st.g.setdefault("honours", []).append({"units": dict(f["units"])})
    gone = ", ".join(S.general(g).name for g in S.generals_of(f))
    st.note(f"{name} marches out with the honours of war: its units come back at the next budget phase"
            + (f"; {gone} leave(s) the map" if gone else ""), rule="15.4")


def reactivation_choices(st: State, fid: str) -> list[tuple[str, str]]:
    """15.5: a conquered (empty) fortress of the force's side is reactivated at once by spending a mobile depot
    or detaching one step (reducing a unit or leaving a one-step unit in it)."""
    f = S.force(st, fid)
    fort = st.g["fortresses"].get(f["zone"])
    if not fort or fort["active"] or S.controller(st, f["zone"]) != f["side"]:
        return []
    out = [("reactivate", "depot")] if f["depots"] else []
    if S.combat_value(f) > 1:
        out += [("reactivate", uid) for uid in f["units"] if not S.unit(uid).special]
    return out


def reactivate(st: State, fid: str, how: str) -> None:
    """15.5; the step detached may cost the force more (10.1: allied steps beyond the general's command), even its
    last combat unit: the caller checks that it is still there."""
    f = S.force(st, fid)
    name, zone = S.name_of(st, fid), f["zone"]
    if how == "depot":
        S.take_depot(f)
    else:
        S.lose_step(st, fid, how)
        command.enforce_limits(st, fid)  # 10.1 (it checks the force too)
    S.set_fortress(st, zone, active=True)
    st.note(f"{name} reactivates the fortress of {S.zone_name(zone)}", rule="15.5")


def army_replacements(st: State, fid: str) -> None:
    """20.1: « La France peut placer en remplacement 2 pas de pertes par armée à chaque round où l'armée est
    activée sauf durant le round d'hiver »: up to 2 steps on its reduced units (French ones: allied minors have
    their own replacements, 7.3.3) in an army (in each army of a group), within the command limits (10.1). The
    French player chooses which units get them; when they fit all the units that lack steps there is no choice."""
    force = S.force(st, fid)
    armies = S.data().counters.armies
    for rule in S.data().scenarios[st.g["scenario"]].rules.values():
        if not isinstance(rule, ArmyReplacements) or (rule.except_winter and weather.winter(st)):
            continue
        for index, a in enumerate(S.armies(force)):
            if a.army is None or armies[a.army].power != rule.power:
                continue
            frame = {"fid": fid, "index": index, "power": rule.power, "left": rule.steps_per_army,
                     "side": force["side"]}
            lacking = sum(S.unit(u).steps - v for u, v in a.units.items() if S.unit(u).power == rule.power)
            if lacking <= rule.steps_per_army:
                while replacement_candidates(st, frame):
                    give_replacement(st, frame, replacement_candidates(st, frame)[0])
            elif replacement_candidates(st, frame):
                st.push("replacements", **frame)


def replacement_candidates(st: State, f: Frame) -> list[str]:
    """20.1: the reduced units of the army's nation that may take one more step within its general's command."""
    if not f["left"]:
        return []
    a = S.armies(S.force(st, f["fid"]))[f["index"]]
    return [uid for uid, v in a.units.items() if S.unit(uid).power == f["power"] and v < S.unit(uid).steps
            and a.commander and command.within_command(st, a.commander, a.army, {**a.units, uid: v + 1})]


def give_replacement(st: State, f: Frame, uid: str) -> None:
    S.force(st, f["fid"])["units"][uid] += 1
    f["left"] -= 1
    st.note(f"{S.unit_name(uid)} receives a replacement step", rule="20.1")


class Replacements:
    """20.1: the French player picks the reduced unit that gets each replacement step of the activated army."""

    name: ClassVar[str] = "replacements"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"{S.name_of(st, f['fid'])} receives {f['left']} replacement step(s) (20.1): choose the reduced unit "
                "that gets the next one.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("replace", uid) for uid in replacement_candidates(st, f)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        give_replacement(st, f, action[1])
        if not replacement_candidates(st, f):
            st.pop()
