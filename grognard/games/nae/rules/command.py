"""10 Command and hierarchy, and the absorption of one force by another (12.2.1 / 12.2.2) that they govern.

A force led by a general absorbs a whole force of its side that is not an army, if its general outranks the
other's (same power) and the command limits still hold; it may also take only some units of another force (partial
absorption) or leave units behind on its way, alone or with a subordinate general of its army. Armies merging into a
group of armies is not part of this slice."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S

ARMY_CAVALRY_STEPS = 2  # 10.1
ARMY_SUBORDINATES = 3  # 10.1


def within_command(st: State, commander: str, army: str | None, units: dict[str, int]) -> bool:
    """10.1: steps <= command (x2 at the head of an army), reserve cavalry and special units only in an army
    (at most 2 cavalry steps), allied major steps at most half the limit and fewer than the general's own."""
    g = S.general(commander)
    cap = g.command * (2 if army else 1)
    if sum(units.values()) > cap:
        return False
    cavalry = sum(v for u, v in units.items() if S.unit(u).kind == "reserve_cavalry")
    if not army and (cavalry or any(S.unit(u).special for u in units)):
        return False
    if cavalry > ARMY_CAVALRY_STEPS:
        return False
    own = sum(v for u, v in units.items() if S.unit(u).power == g.power)
    majors = S.data().map.powers
    for power in sorted({S.unit(u).power for u in units} - {g.power}):
        if majors[power].kind == "major":
            allied = sum(v for u, v in units.items() if S.unit(u).power == power)
            if allied > cap // 2 or allied >= own:
                return False
    return True


NATION_ORDER = ("britain", "france", "austria", "russia", "prussia", "sweden", "spain", "turkey")  # 10.2


def commands(st: State, f: S.Force, o: S.Force, units: dict[str, int]) -> bool:
    """10.2: would the general of ``f`` command the general of ``o`` in one force holding ``units``? Within one power
    the better rank (1 is the highest); between allies the general with the Army marker, then the one with the most
    combat points of his nation in the force, then the nationality order (Britain or France, Austria, Russia...)."""
    mine, theirs = S.general(f["commander"]), S.general(o["commander"])
    if mine.power == theirs.power:
        return mine.rank < theirs.rank
    if bool(f["army"]) != bool(o["army"]):
        return bool(f["army"])

    def points(power: str) -> int:
        return sum(v for u, v in units.items() if S.unit(u).power == power and not S.unit(u).special)

    if points(mine.power) != points(theirs.power):
        return points(mine.power) > points(theirs.power)
    rank = {p: i for i, p in enumerate(NATION_ORDER)}
    return rank.get(mine.power, len(rank)) < rank.get(theirs.power, len(rank))


def may_absorb(st: State, fid: str, other: str) -> bool:
    """12.2: may force ``fid`` take in the whole of force ``other``?"""
    f, o = S.force(st, fid), S.force(st, other)
    if not f["commander"] or o["army"] or o["in_fortress"] or o["side"] != f["side"]:
        return False
    units = {**f["units"], **o["units"]}
    if o["commander"] and not commands(st, f, o, units):
        return False  # 10.2: a lower-ranked general never commands a higher-ranked one
    return within_command(st, f["commander"], f["army"], units)


def absorb(st: State, fid: str, other: str) -> None:
    """12.2: units, depots and markers pass to ``fid``; the other general becomes a subordinate of an army or
    returns to the reserve (in 1815, for good)."""
    f = S.force(st, fid)
    o = st.g["forces"].pop(other)
    f["units"].update(o["units"])
    f["depots"] += o["depots"]
    if o["demoralized"]:
        f["demoralized"] = True  # 14.9.3: stacking with a demoralized force demoralizes
    text = f"{S.name_of(st, fid)} absorbs " + (S.general(o["commander"]).name if o["commander"] else
                                                S.unit(next(iter(o["units"]))).name)
    if o["commander"]:
        if f["army"] and len(f["subs"]) < ARMY_SUBORDINATES:
            f["subs"].append(o["commander"])
            text += " as a subordinate general"
        else:
            st.g["removed"].append(o["commander"])
            text += f"; {S.general(o['commander']).name} returns to the reserve"
    for fort in st.g["fortresses"].values():
        if fort["besieger"] == other:
            fort["besieger"] = fid  # 15.4: the absorbing force keeps the siege marker
    st.note(text, rule="12.2")


def _without(units: dict[str, int], uid: str) -> dict[str, int]:
    return {u: v for u, v in units.items() if u != uid}


def may_take(st: State, fid: str, other: str, uid: str) -> bool:
    """12.2.1 / 12.2.2 partial absorption: may force ``fid`` take unit ``uid`` out of force ``other``? Taking the
    last unit is a whole absorption. A general never takes steps of a higher-ranked one nor of a lower-ranked army
    commander (unless he leads an army himself, EN), and the other general keeps a combat unit within his limits."""
    f, o = S.force(st, fid), S.force(st, other)
    if not f["commander"] or o["in_fortress"] or o["side"] != f["side"] or uid not in o["units"]:
        return False
    if len(o["units"]) == 1:
        return may_absorb(st, fid, other)
    units = {**f["units"], uid: o["units"][uid]}
    if o["commander"]:
        if not commands(st, f, o, {**f["units"], **o["units"]}) or (o["army"] and not f["army"]):
            return False
        rest = _without(o["units"], uid)
        if not S.combat_value({"units": rest}) or not within_command(st, o["commander"], o["army"], rest):
            return False
    return within_command(st, f["commander"], f["army"], units)


def take(st: State, fid: str, other: str, uid: str) -> None:
    """12.2.1: the unit passes to ``fid`` (the last one: the whole force is absorbed)."""
    o = S.force(st, other)
    if len(o["units"]) == 1:
        absorb(st, fid, other)
        return
    S.force(st, fid)["units"][uid] = o["units"].pop(uid)
    st.note(f"{S.name_of(st, fid)} takes {S.unit(uid).name} from {S.name_of(st, other)}", rule="12.2")


def may_leave(st: State, fid: str, uid: str) -> bool:
    """12.2.1 / 12.2.2: may force ``fid`` leave unit ``uid`` in its zone? Its general keeps a combat unit; the unit
    joins the force of its side already there within that general's command (two lone units would be two forces,
    11), or stands alone (not a special unit, which has no combat value of its own)."""
    f = S.force(st, fid)
    if not f["commander"] or uid not in f["units"] or not S.combat_value({"units": _without(f["units"], uid)}):
        return False
    here = [o for o in S.forces_in(st, f["zone"], f["side"]) if o != fid and not st.g["forces"][o]["in_fortress"]]
    if not here:
        return not S.unit(uid).special
    o = S.force(st, here[0])
    return bool(o["commander"]) and within_command(st, o["commander"], o["army"], {**o["units"], uid: f["units"][uid]})


def leave(st: State, fid: str, uid: str) -> str:
    """12.2.1: the unit stays behind; returns the force it now belongs to."""
    f = S.force(st, fid)
    value = f["units"].pop(uid)
    here = [o for o in S.forces_in(st, f["zone"], f["side"]) if o != fid and not st.g["forces"][o]["in_fortress"]]
    if here:
        S.force(st, here[0])["units"][uid] = value
        st.note(f"{S.name_of(st, fid)} leaves {S.unit(uid).name} with {S.name_of(st, here[0])}", rule="12.2")
        return here[0]
    new = S.new_force(st, f["side"], S.unit(uid).power, f["zone"], units={uid: value})
    st.note(f"{S.name_of(st, fid)} leaves {S.unit(uid).name} behind in {S.zone_name(f['zone'])}", rule="12.2")
    return new


def general_left_with(st: State, fid: str, gid: str) -> str | None:
    """12.2.1 / 10.3: the lone unit left in the zone that subordinate ``gid`` of army ``fid`` may take command of."""
    f = S.force(st, fid)
    if gid not in f["subs"]:
        return None
    for o in S.forces_in(st, f["zone"], f["side"]):
        x = S.force(st, o)
        if o != fid and not x["commander"] and not x["in_fortress"] and within_command(st, gid, None, x["units"]):
            return o
    return None


def leave_general(st: State, fid: str, gid: str, other: str) -> None:
    """12.2.1: a subordinate of the army stays behind in command of the units left there."""
    S.force(st, fid)["subs"].remove(gid)
    o = S.force(st, other)
    o["commander"], o["power"] = gid, S.general(gid).power
    st.note(f"{S.general(gid).name} stays in {S.zone_name(o['zone'])} in command of the units left there", rule="12.2")
