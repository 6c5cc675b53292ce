"""7.5 Movement of the neutral majors (and of majors in forced peace or forced alliance) and 7.6 strategic land
redeployment, both in the interphase. Entered through ``push_neutral_movement`` and
``push_strategic_redeployment``; the side picks a force, moves it zone by zone, then finishes."""

from __future__ import annotations

from collections import deque
from typing import ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, command, forced, movement, naval, siege, stacking, supply

NEUTRAL_STATUSES = ("neutral", "forced_peace", "forced_alliance")  # 7.5 heading; digest 9.1 #15


def push_neutral_movement(st: State) -> None:
    """7.5: the side running each neutral major (7.3.2 split; EN: forced peace or alliance too) moves its land units
    at their base MF inside its National Territory, no forced march."""
    for power in reversed(budget.ORDER):
        side = budget.manager(st, power) if S.status_of(st, power) in NEUTRAL_STATUSES else None
        if side is not None and (movers(st, power, "neutral") or any(
                x["power"] == power and fleet_destinations(st, fl, side) for fl, x in st.g["fleets"].items())):
            st.push("redeploy", power=power, side=side, mode="neutral", moved=[])


def push_strategic_redeployment(st: State) -> None:
    """7.6: « Les redéploiements stratégiques s'effectuent dans l'ordre suivant : Turquie, Espagne, Prusse,
    Autriche, Russie, Angleterre et France », each power at war (EN: not the neutral, forced peace or alliance)."""
    for power in reversed(budget.ORDER):
        side = S.side_of(st, power)
        if side is not None and S.status_of(st, power) not in NEUTRAL_STATUSES and movers(st, power, "strategic"):
            st.push("redeploy", power=power, side=side, mode="strategic", moved=[])


def movers(st: State, power: str, mode: str, moved: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The forces that may still move in this phase, not inside a fortress: in 7.5 the neutral major's own (« les
    unités terrestres des puissances neutres »; its minor allies' units stay); in 7.6 the supplied forces of
    ``power`` and its minors' lone units (« Les forces ravitaillées de chaque camp »)."""
    out = []
    networks: dict[str, supply.Network] = {}  # by power: the position does not change here
    for fid, f in st.g["forces"].items():
        if fid in moved or f["in_fortress"] or S.major_of(st, f["power"]) != power:
            continue
        if mode == "neutral" and f["power"] != power:
            continue
        if mode == "strategic" and not supply.force_supplied(st, fid, networks):
            continue
        out.append(fid)
    return out


def allowance(st: State, fid: str, mode: str) -> int:
    """7.5: the base MF; 7.6: « Une force sans général se déplace de son facteur de mouvement inscrit sur le pion.
    Une force commandée par un général peut doubler son facteur de mouvement. »"""
    f = S.force(st, fid)
    mf = S.base_mf(f)
    if mode == "strategic" and f["commander"]:
        return mf * int(S.data().tables.constant("redeployment_mf_multiplier"))
    return mf


def unmoved_mp(st: State, units: dict[str, int]) -> int:
    """7.6 / 12.6: the MP left to units taken in on the way, which have not moved: their MF doubled, since a general
    now leads them; merged forces go on with the smaller MP left of the two (12.6)."""
    mf = min(S.unit(u).mf for u in units)
    return mf * int(S.data().tables.constant("redeployment_mf_multiplier"))


def enter_refusal(st: State, m: Frame, dst: str) -> str | None:
    """Why the moving force may not enter ``dst`` now (None: it may). The movement rules (12.1, 11), then: 7.5
    inside the power's National Territory; 7.6 « à condition qu'elles ne pénètrent pas dans une zone comprenant des
    unités adverses, ou comprenant une forteresse adverse non assiégée, ou comprenant un marqueur de contrôle
    adverse, ou dans laquelle la force ne serait pas ravitaillée » (EN: an enemy depot too)."""
    fid = m["fid"]
    f = S.force(st, fid)
    left = m["mp"] - m["spent"]
    name = S.zone_name(dst)
    if m["mode"] == "neutral":
        if dst not in budget.national_zones(st, m["power"]):
            return f"a neutral's units move only inside its National Territory, and {name} is outside it, 7.5"
        ground = forced.ground_of(st, dst)
        if ground != m["power"] and st.g["status"].get(ground) == "neutral":
            # 12.1: a zone of its National Territory another neutral holds (1809: Russia's Białystok) is that
            # neutral's ground; entering it would put the force on neutral ground once its power goes to war
            return f"{name} is held by {S.data().map.powers[ground].name}, a neutral power, 7.5 / 12.1"
        return neutral_refusal(st, fid, f["zone"], dst, left)
    reason = movement.enter_refusal(st, fid, f["zone"], dst, left)
    if reason:
        return reason
    side = f["side"]
    if S.forces_in(st, dst, S.other(side)) or any(
            d["zone"] == dst and S.side_of(st, d["power"]) == S.other(side) for d in st.g["fixed_depots"]):
        return f"enemy units stand in {name}, 7.6"
    fort = st.g["fortresses"].get(dst)
    besieged = fort is not None and fort["active"] and fort["siege"] is not None
    if S.controller(st, dst) == S.other(side) and not besieged:  # EN 3.2: the besieger controls the zone
        if fort is not None and fort["active"]:
            return f"{name} holds an enemy fortress that no one besieges, 7.6"
        return f"{name} is under enemy control, 7.6"
    if dst not in supply.supply_network(st, S.major_of(st, f["power"])).dist:  # ``supplied_zones``, unbuilt
        return f"the force would not be supplied in {name}, 7.6"
    return None


def moved(st: State) -> list[str]:
    """The forces that have moved in this phase (kept by the "redeploy" frame under the moving force's)."""
    out: list[str] = next(x for x in reversed(st.core["stack"]) if x["step"] == "redeploy")["moved"]
    return out


def neutral_refusal(st: State, fid: str, src: str, dst: str, left: int) -> str | None:
    """7.5: the movement costs (12.1), militia at home, and stacking with the power's own forces (12.2.1) inside its
    National Territory; the neutral-ground ban of 12.1 is for the others' forces."""
    m = S.data().map
    cost = m.enter_cost(src, dst)
    name = S.zone_name(dst)
    if cost is None:
        return f"the way from {S.zone_name(src)} into {name} costs a force's whole MF, at the start of a move, 12.1"
    if cost > left:
        return f"entering {name} costs {cost} MP and {left} MP are left, 12.1"
    f = S.force(st, fid)
    if not S.limited_ok(f["units"], dst):
        return f"militia and National Guards never leave their National Territory, and {name} is outside it, 12.1"
    forces = st.g["forces"]
    victor = forced.conqueror_side(st, S.major_of(st, f["power"]))  # 8.1.3: they may share a zone
    if any(forces[o]["side"] not in (f["side"], victor) for o in S.forces_in(st, dst) if not forces[o]["in_fortress"]):
        return f"another side's force stands in {name}, 7.5"
    stuck = not all(stacking.may_merge(st, fid, o) for o in S.outside(st, dst, f["side"]))
    if stuck and not any((c := m.enter_cost(dst, z)) is not None and c <= left - cost
                         for z in m.neighbours(dst)):
        return (f"the force in {name} cannot join this one, so it may only be passed through, and no MP would be "
                "left to go on, 12.2.1")
    return None


def absorb_candidates(st: State, m: Frame) -> list[str]:
    """7.6: « Les échanges d'unités et les absorptions totales ou partielles entre généraux d'une même zone sont
    autorisés en respectant la hiérarchie » (forces that have not redeployed yet)."""
    if m["mode"] != "strategic":
        return []
    f = S.force(st, m["fid"])
    return [o for o in S.outside(st, f["zone"], f["side"])
            if o != m["fid"] and o not in moved(st) and command.may_absorb(st, m["fid"], o)]


def take_candidates(st: State, m: Frame) -> list[Action]:
    if m["mode"] != "strategic":
        return []
    f = S.force(st, m["fid"])
    others = [o for o in S.outside(st, f["zone"], f["side"]) if o != m["fid"] and o not in moved(st)]
    return [("take", u) for o in others for u in S.force(st, o)["units"]
            if len(S.force(st, o)["units"]) > 1 and command.may_take(st, m["fid"], o, u)]


def may_stop(st: State, m: Frame) -> bool:
    """11: the force may end its move only where it can join the side's other force."""
    f = S.force(st, m["fid"])
    return all(stacking.may_merge(st, m["fid"], o) for o in S.outside(st, f["zone"], f["side"]) if o != m["fid"])


def fleet_destinations(st: State, fl: str, side: str) -> list[tuple[str, str]]:
    """7.5: « Les flottes peuvent se déplacer à condition de terminer dans un port de son territoire national ou dans
    une zone de mer adjacente à un port du territoire national »: within the fleet's MF (17.2.1 costs: out of port
    1, sea to sea 1, into port 1), its movement area (17.2.3) and the passages (17.2.2). A blockaded fleet stays."""
    m = S.data().map
    x = st.g["fleets"][fl]
    if x["at"] == "blockade":
        return []
    mf = S.data().counters.fleets[fl].mf
    power = x["power"]
    ports = set(budget.fleet_ports(st, power))
    near = {sea for z in ports for sea in m.zones[z].seas}
    start = {sea: 1 for sea in m.zones[x["where"]].seas} if x["at"] == "port" else {x["where"]: 0}
    seen = {sea: c for sea, c in start.items() if naval.area_refusal(st, [fl], sea) is None}
    todo = deque(sorted(seen))
    while todo:
        sea = todo.popleft()
        for nxt in m.seas[sea].adjacent:
            if nxt not in seen and seen[sea] + 1 <= mf and naval.passage_refusal(st, side, sea, nxt) is None \
                    and naval.area_refusal(st, [fl], nxt) is None:
                seen[nxt] = seen[sea] + 1
                todo.append(nxt)
    out = [("sea", sea) for sea in sorted(seen) if seen[sea] <= mf and sea in near and (x["at"], x["where"]) != (
        "sea", sea)]
    out += [("zone", z) for z in sorted(ports) if z != x["where"] and any(
        seen.get(sea, mf) + 1 <= mf for sea in m.zones[z].seas)]
    return out


class Redeploy:
    """7.5 / 7.6: the side picks the next force of the power to move, or finishes the power."""

    name: ClassVar[str] = "redeploy"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        what = "Movement of the neutral" if f["mode"] == "neutral" else "Strategic redeployment of"
        return f"{what} {S.data().map.powers[f['power']].name}: choose a force to move, or finish."

    def choices(self, st: State, f: Frame) -> list[Action]:
        out: list[Action] = [("done", None), *(("force", fid) for fid in movers(st, f["power"], f["mode"], f["moved"]))]
        if f["mode"] == "neutral":
            out += [("fleet", fl) for fl, x in st.g["fleets"].items() if x["power"] == f["power"]
                    and fl not in f["moved"] and fleet_destinations(st, fl, f["side"])]
        return out

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "done":
            st.pop()
            return
        if action[0] == "fleet":
            f["moved"].append(action[1])
            st.push("redeploy.fleet", fleet=action[1], side=f["side"])
            return
        fid = action[1]
        force = S.force(st, fid)
        f["moved"].append(fid)
        mp = allowance(st, fid, f["mode"])
        st.note(f"{S.name_of(st, fid)} moves from {S.zone_name(force['zone'])} with {mp} MP",
                rule="7.5" if f["mode"] == "neutral" else "7.6")
        st.push("redeploy.move", fid=fid, side=f["side"], power=f["power"], mode=f["mode"], mp=mp, spent=0,
                poor=False, nt=force["zone"] in budget.national_zones(st, f["power"]))


class Move:
    """7.5 / 7.6: the force enters a zone, takes in a force or units of its zone (7.6), takes up a fixed depot as a
    mobile one (7.6), or stops; in 7.6 a move beyond the base MF ends with an attrition test, without winter or
    forced-march penalties."""

    name: ClassVar[str] = "redeploy.move"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        force = S.force(st, f["fid"])
        return (f"{S.name_of(st, f['fid'])} in {S.zone_name(force['zone'])}, {f['mp'] - f['spent']} MP left: "
                "move on, take in a force, or stop here.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        force = S.force(st, f["fid"])
        out: list[Action] = [("zone", z) for z in S.data().map.neighbours(force["zone"])
                             if enter_refusal(st, f, z) is None]
        out += [("absorb", o) for o in absorb_candidates(st, f)]
        out += take_candidates(st, f)
        if f["mode"] == "strategic" and force["commander"] and movement.own_fixed_depot(st, f["fid"]):
            out.append(("mobile_depot", None))
        # A force passing through a friend it cannot join stops there if no way on is open (11 then applies)
        return [("done", None), *out] if may_stop(st, f) or not out else out

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        fid = f["fid"]
        force = S.force(st, fid)
        rule = "7.5" if f["mode"] == "neutral" else "7.6"
        if verb == "zone":
            f["spent"] += S.data().map.enter_cost(force["zone"], arg) or 0
            S.move_force(st, fid, arg)
            siege.refresh_sieges(st)  # 15.3: « Si le siège est levé (retrait des assiégeants ...) »
            f["poor"] = f["poor"] or arg in supply.graph().poor
            f["nt"] = f["nt"] and arg in budget.national_zones(st, S.major_of(st, force["power"]))
            st.note(f"{S.name_of(st, fid)} enters {S.zone_name(arg)} ({f['spent']} MP spent)", rule=rule)
        elif verb == "absorb":
            left = unmoved_mp(st, S.force(st, arg)["units"])
            command.absorb(st, fid, arg)
            f["mp"] = min(f["mp"], f["spent"] + left)  # 12.6: the smaller MP left of the two
        elif verb == "take":
            other = next(o for o in S.outside(st, force["zone"], force["side"]) if arg in S.force(st, o)["units"])
            command.take(st, fid, other, arg)
            f["mp"] = min(f["mp"], f["spent"] + unmoved_mp(st, {arg: 1}))
        elif verb == "mobile_depot":
            depot = movement.own_fixed_depot(st, fid)
            assert depot is not None
            S.remove_fixed_depot(st, depot["zone"], depot["power"])
            force["depots"].append(depot["power"])
            st.note(f"{S.name_of(st, fid)} takes up the fixed depot of {S.zone_name(force['zone'])} as a mobile "
                    "depot", rule="7.6")
        else:
            st.pop()
            stop(st, f)


class MoveFleet:
    """7.5: where a neutral major's fleet goes."""

    name: ClassVar[str] = "redeploy.fleet"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"Move {naval.fleet_name(f['fleet'])} to a port of its National Territory or a sea zone next to one "
                "(7.5), or leave it.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("done", None), *fleet_destinations(st, f["fleet"], f["side"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        verb, arg = action
        if verb == "done":
            return
        x = st.g["fleets"][f["fleet"]]
        x["at"], x["where"] = ("port", arg) if verb == "zone" else ("sea", arg)
        where = S.zone_name(arg) if verb == "zone" else S.data().map.seas[arg].name
        st.note(f"{naval.fleet_name(f['fleet'])} moves to {where}", rule="7.5")


def stop(st: State, m: Frame) -> None:
    """End of a force's move: it joins the side's force in its zone, or, stopped where it could only pass through,
    the general who would command keeps what he may lead (11); in 7.6, beyond its base MF, the attrition test (« ni
    les pénalités d'hiver ni de marche forcée ne s'appliquent »)."""
    fid = m["fid"]
    force = S.force(st, fid)
    zone, side = force["zone"], force["side"]
    for o in [o for o in S.outside(st, zone, side) if o != fid]:
        fid = stacking.merge(st, fid, o) or stacking.squeeze(st, fid, o)
    stacking.rejoin_garrisons(st, zone)  # 15.3 / 11: a garrison of an unbesieged fortress joins the force outside
    fid = next(iter(S.outside(st, zone, side)), fid)
    moved(st).append(fid)
    base = S.base_mf(S.force(st, fid))
    if m["mode"] == "strategic" and m["spent"] > base:
        mods = supply.attrition_mods(st, fid, poor=m["poor"], national=m["nt"], cards_apply=False)
        supply.push_attrition(st, fid, mods, f"strategic redeployment of {m['spent']} MP beyond the base MF {base}",
                              rule="7.6")


def label(st: State, action: Action) -> str | None:
    verb, arg = action
    if st.step == "redeploy.fleet":
        if verb == "zone":
            return f"To the port of {S.zone_name(arg)}"
        return f"To the {S.data().map.seas[arg].name}" if verb == "sea" else "Leave it where it is"
    if st.step == "redeploy":
        if verb == "fleet":
            return f"Move the fleet {naval.fleet_name(arg)}"
        if verb == "force":
            f = S.force(st, arg)
            return f"Move {S.name_of(st, arg)} from {S.zone_name(f['zone'])}"
        return "Finish this power's moves" if verb == "done" else None
    if st.step != "redeploy.move":
        return None
    m = st.frame
    if verb == "zone":
        here = S.force(st, m["fid"])["zone"]
        return f"Move to {S.zone_name(arg)} ({S.data().map.enter_cost(here, arg)} MP)"
    if verb == "absorb":
        return f"Take in {S.name_of(st, arg)}"
    if verb == "take":
        return f"Take {S.unit_name(arg)} from the force here"
    if verb == "mobile_depot":
        return "Take up the fixed depot here as a mobile depot"
    return "Stop here" if verb == "done" else None


STEPS = (Redeploy(), Move(), MoveFleet())
