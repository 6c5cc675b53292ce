"""10 Command and hierarchy, and the absorption of one force by another (12.2.1 / 12.2.2) that they govern.

A force led by a general absorbs a whole force of its side that is not an army, if its general outranks the
other's (same power) and the command limits still hold; it may also take only some units of another force (partial
absorption) or leave units behind on its way, alone or with a subordinate general of its army. Two armies of a side
in one zone form a group of armies (6.1, glossary "Armée"): one force, led per 10.2, each army keeping its marker,
generals, units and command limits; the group may split again."""

from __future__ import annotations

from typing import ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S

ARMY_CAVALRY_STEPS = 2  # 10.1
ARMY_SUBORDINATES = 3  # 10.1


_WITHIN: dict[tuple[str, str | None, tuple[tuple[str, int], ...]], bool] = {}


def within_command(st: State, commander: str, army: str | None, units: dict[str, int]) -> bool:
    """10.1: steps <= command (x2 at the head of an army), reserve cavalry and special units only in an army
    (at most 2 cavalry steps), allied major steps at most half the limit and fewer than the general's own.
    Remembered: the answer depends on the arguments and the counters only."""
    key = (commander, army, tuple(units.items()))
    ok = _WITHIN.get(key)
    if ok is None:
        if len(_WITHIN) >= 1 << 16:
            _WITHIN.clear()
        ok = _WITHIN[key] = _within_command(commander, army, units)
    return ok


def _within_command(commander: str, army: str | None, units: dict[str, int]) -> bool:
    g = S.general(commander)
    cap = g.command * (2 if army else 1)
    if sum(units.values()) > cap:
        return False
    facts = S.unit_facts()
    cavalry = own = 0
    special = False
    others: dict[str, int] = {}  # steps of each other power
    for u, v in units.items():
        fact = facts[u]
        cavalry += v if fact.reserve_cavalry else 0
        special = special or fact.special
        if fact.power == g.power:
            own += v
        else:
            others[fact.power] = others.get(fact.power, 0) + v
    if not army and (cavalry or special):
        return False
    if cavalry > ARMY_CAVALRY_STEPS:
        return False
    majors = S.data().map.powers
    return not any(majors[power].kind == "major" and (allied > cap // 2 or allied >= own)
                   for power, allied in others.items())


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


def army_for(st: State, fid: str, units: dict[str, int]) -> int | None:
    """10.1: which army of force ``fid`` (0 = the leading one, 1 = the second of a group) may also command ``units``;
    None if none may (or the force has no general)."""
    for i, a in enumerate(S.armies(S.force(st, fid))):
        if a.commander and within_command(st, a.commander, a.army, {**a.units, **units}):
            return i
    return None


def add_units(f: S.Force, units: dict[str, int], index: int) -> None:
    """The units join army ``index`` of the force (see ``army_for``)."""
    f["units"].update(units)
    if index == 1:
        f["group"]["units"] += list(units)


def may_absorb(st: State, fid: str, other: str) -> bool:
    """12.2: may force ``fid`` take in the whole of force ``other``?"""
    return absorb_refusal(st, fid, other) is None


def absorb_refusal(st: State, fid: str, other: str) -> str | None:
    """Why force ``fid`` may not take in the whole of force ``other`` (with the rule), or None if it may."""
    f, o = S.force(st, fid), S.force(st, other)
    if o["side"] != f["side"]:
        return "it is an enemy force, 12.2"
    if not f["commander"]:
        return "a force with no general takes in no other force, 12.2"
    if o["army"]:
        return "an army is never absorbed: two armies form a group of armies, 12.2.1"
    if o["in_fortress"] != f["in_fortress"]:
        return "one of them is inside the fortress walls and the other outside, 15.1"
    if o["commander"] and not commands(st, f, o, {**f["units"], **o["units"]}):
        return (f"{S.general(o['commander']).name} outranks {S.general(f['commander']).name}: a lower-ranked general "
                "never commands a higher-ranked one, 10.2")
    if army_for(st, fid, o["units"]) is None:
        return (f"{S.general(f['commander']).name} may not command its units too (steps, reserve cavalry or allied "
                "steps beyond his limits), 10.1")
    return None


def absorb(st: State, fid: str, other: str) -> None:
    """12.2: units, depots and markers pass to ``fid``; the other general becomes a subordinate of an army or
    returns to the reserve (in 1815, for good). An army past its 3 subordinates asks its owner who goes to the
    reserve (12.2.2, ``ask_subordinates``), wherever the forces meet (a move, a call-in, a retreat, an evasion, a
    counter-march, an interception, a Major Campaign): the caller's step goes on once he has chosen."""
    f = S.force(st, fid)
    index = army_for(st, fid, st.g["forces"][other]["units"]) or 0
    o = S.take_force(st, other)
    add_units(f, o["units"], index)
    f["depots"] += o["depots"]
    if o["demoralized"]:
        S.set_demoralized(f, True, index)  # 14.9.3: stacking with a demoralized force demoralizes
    S.refresh_group(f)
    text = f"{S.name_of(st, fid)} absorbs " + (S.general(o["commander"]).name if o["commander"] else
                                                S.unit_name(next(iter(o["units"]))))
    if o["commander"]:
        a = S.armies(f)[index]
        gen, lead = S.general(o["commander"]), S.general(a.commander) if a.commander else None
        outranked = lead is not None and (lead.power != gen.power or lead.rank < gen.rank)  # 10.2
        if a.army and outranked and lead is not None and may_serve(lead.power, o["commander"]):
            a.subs.append(o["commander"])
            text += " as a subordinate general"
            ask_subordinates(st, a, f["side"] or _runner(st, f["power"]))
        else:
            st.g["removed"].append(o["commander"])
            text += f"; {S.general(o['commander']).name} returns to the reserve"
    _hand_over_siege(st, other, fid)
    st.note(text, rule="12.2")
    enforce_limits(st, fid)  # 10.1: e.g. an allied major's general with no step of his nation in the army


def _runner(st: State, power: str) -> str:
    """7.5 / 7.3.2: a neutral's force has no side (8.1.1); the side that moves it decides for it."""
    from grognard.games.nae.rules import budget

    return str(budget.manager(st, S.major_of(st, power)))


def may_serve(power: str, gid: str) -> bool:
    """10.1: an army of ``power`` takes as subordinates « 3 généraux subordonnés de son pays ou pays majeur allié »:
    never a minor's general (Sweden's, Poland's), who returns to the reserve when his force joins it (10.2: « le
    général de rang inférieur retourne dans la réserve SAUF s'il intègre une armée »)."""
    own = S.general(gid).power
    return own == power or S.data().map.powers[own].kind == "major"


def may_hand_over(st: State, fid: str, other: str) -> bool:
    """10.2: a general who may not be absorbed by army ``other`` (it is led by a lower-ranked general) « peut
    volontairement rejoindre une armée commandée par un général de rang inférieur, lui laisser ses unités puis
    retourner à la réserve », if the army may command them (10.1)."""
    f, o = S.force(st, fid), S.force(st, other)
    return bool(f["commander"] and not f["army"] and o["army"] and o["side"] == f["side"]
                and o["in_fortress"] == f["in_fortress"] and not may_absorb(st, other, fid)
                and army_for(st, other, f["units"]) is not None)


def hand_over(st: State, fid: str, other: str) -> None:
    """10.2 / 12.2.2: the general leaves all his units to the army and returns to the reserve."""
    f = S.force(st, fid)
    gid, f["commander"] = f["commander"], None
    st.g["removed"].append(gid)
    st.note(f"{S.general(gid).name} leaves his units to {S.name_of(st, other)} and returns to the reserve",
            rule="10.2")
    absorb(st, other, fid)


def rekey(st: State, old: str, new: str) -> None:
    """The force ``old`` goes on under the id ``new`` (a frame, e.g. a battle, refers to that id)."""
    S.add_force(st, new, S.take_force(st, old))
    _hand_over_siege(st, old, new)


def _hand_over_siege(st: State, old: str, new: str) -> None:
    for zone, fort in st.g["fortresses"].items():
        if fort["besieger"] == old:
            S.set_fortress(st, zone, besieger=new)  # 15.4: the absorbing force keeps the siege marker


# Groups of armies (6.1, glossary "Armée", 9.1, 12.2.1) ----------------------------------------------------------

def may_group(st: State, fid: str, other: str) -> bool:
    """Glossary "Armée": up to two armies of a side stack in a zone as one force, a group of armies."""
    f, o = S.force(st, fid), S.force(st, other)
    return bool(fid != other and f["army"] and o["army"] and not f["group"] and not o["group"]
                and f["side"] == o["side"] and f["in_fortress"] == o["in_fortress"])


def form_group(st: State, fid: str, other: str, keep: str | None = None) -> str:
    """The two armies become one force led by the general who commands the other (10.2); returns its id (``keep``
    if given, e.g. the force fighting a battle). 14.9.3: each army keeps its own demoralization, the group's being
    that of the army holding more of the steps; 13.5: unsupplied if at least half of them are."""
    f, o = S.force(st, fid), S.force(st, other)
    lead, second = (fid, other) if commands(st, f, o, {**f["units"], **o["units"]}) else (other, fid)
    first, second_f = S.take_force(st, lead), S.take_force(st, second)
    total = S.steps(first) + S.steps(second_f)
    unsupplied = sum(S.steps(x) for x in (first, second_f) if x["unsupplied"])
    flags = [first["demoralized"], second_f["demoralized"]]
    first["group"] = {"army": second_f["army"], "commander": second_f["commander"], "subs": list(second_f["subs"]),
                      "units": list(second_f["units"]), "demoralized": [False, False]}
    first["units"].update(second_f["units"])
    first["depots"] += second_f["depots"]
    for i, flag in enumerate(flags):
        S.set_demoralized(first, flag, i)
    first["unsupplied"] = unsupplied > 0 and unsupplied * 2 >= total
    at = keep or lead
    S.add_force(st, lead, first)
    if at != lead:
        rekey(st, lead, at)
    _hand_over_siege(st, second, at)
    st.note(f"{S.name_of(st, at)} form a group of armies", rule="6.1")
    return at


def split_group(st: State, fid: str, index: int) -> str:
    """9.1: army ``index`` of the group goes its own way as a force of its own, returned, with the mobile depots of
    its nation."""
    f = S.force(st, fid)
    go, stay = S.armies(f)[index], S.armies(f)[1 - index]
    assert go.commander is not None and stay.commander is not None
    nation = S.major_of(st, S.general(go.commander).power)
    depots = [d for d in f["depots"] if d == nation]  # each army takes its own nation's depots
    new = S.new_force(st, f["side"], S.general(go.commander).power, f["zone"], go.commander, go.army, list(go.subs),
                      dict(go.units), depots)
    for uid in go.units:
        del f["units"][uid]
    S.force(st, new).update(demoralized=S.army_demoralized(f, index), unsupplied=f["unsupplied"])
    f.update(army=stay.army, commander=stay.commander, subs=list(stay.subs), group=None,
             power=S.general(stay.commander).power, depots=[d for d in f["depots"] if d != nation],
             demoralized=S.army_demoralized(f, 1 - index))
    st.note(f"{S.name_of(st, new)} leaves the group of armies", rule="9.1")
    return new


def detach(st: State, fid: str, uids: list[str], general: str | None = None, depots: int = 0,
           note: str | None = None) -> str:
    """Units (with a subordinate general and mobile depots, or a corps alone) leave force ``fid`` (9.1, 12.2.1,
    15.1); returns the new force, standing in the same zone with the markers of the army they leave (14.9.3:
    demoralized stays demoralized). ``note``: the log line ("" for none; by default, that they march apart)."""
    f = S.force(st, fid)
    index = next(i for i, a in enumerate(S.armies(f)) if uids[0] in a.units)
    demoralized = S.army_demoralized(f, index)
    units = {u: f["units"].pop(u) for u in uids}
    if f["group"]:
        f["group"]["units"] = [u for u in f["group"]["units"] if u not in units]
    power = S.general(general).power if general else S.unit(uids[0]).power
    carried = [S.take_depot(f, S.major_of(st, power) if S.major_of(st, power) in f["depots"] else None)
               for _ in range(depots)]
    new = S.new_force(st, f["side"], power, f["zone"], general, None, [], units, carried)
    S.force(st, new).update(demoralized=demoralized, unsupplied=f["unsupplied"])
    S.set_in_fortress(st, new, f["in_fortress"])
    S.refresh_group(f)
    text = f"{S.name_of(st, new)} leaves {S.name_of(st, fid)} to march apart" if note is None else note
    if text:
        st.note(text, rule="9.1")
    enforce_limits(st, fid)  # 10.1: e.g. an allied subordinate whose nation's last step left
    return new


def enforce_limits(st: State, fid: str) -> None:
    """10.1 whenever steps change: steps beyond what a general may command are eliminated at once, one step at a
    time (allied major steps first, the ones that make the excess), and a subordinate of an allied major whose last
    step in the army is gone returns to the reserve."""
    f = st.g["forces"].get(fid)
    if f is None or not f["commander"]:
        S.check_force(st, fid, "10.1")
        return
    for index in range(len(S.armies(f))):
        a = S.armies(f)[index]
        if not a.commander:
            continue
        own = S.general(a.commander).power
        while a.units and not within_command(st, a.commander, a.army, a.units):
            uid = min(a.units, key=lambda u: (S.unit(u).power == own, -a.units[u], u))
            S.lose_step(st, fid, uid)
            st.note(f"A step of {S.unit_name(uid)} exceeds what {S.general(a.commander).name} may command and is "
                    "eliminated", rule="10.1")
            a = S.armies(f)[index]
        powers = {S.unit(u).power for u in a.units}
        majors = S.data().map.powers
        for gid in [g for g in a.subs if S.general(g).power not in (own, *powers)
                    and majors[S.general(g).power].kind == "major"]:
            a.subs.remove(gid)
            st.g["removed"].append(gid)
            st.note(f"{S.general(gid).name} has no step of his nation left in the army: he returns to the reserve",
                    rule="10.1")
    S.check_force(st, fid, "10.1")


def may_swap(st: State, fid: str, uid: str) -> bool:
    """9.1: in an activated group of armies, may unit ``uid`` pass to the other army (each keeps a combat unit and
    stays within its commander's limits)?"""
    f = S.force(st, fid)
    if not f["group"] or uid not in f["units"]:
        return False
    a, b = S.armies(f)
    src, dst = (a, b) if uid in a.units else (b, a)
    rest = _without(src.units, uid)
    return bool(S.combat_value({"units": rest}) and dst.commander and src.commander
                and within_command(st, src.commander, src.army, rest)
                and within_command(st, dst.commander, dst.army, {**dst.units, uid: f["units"][uid]}))


def swap(st: State, fid: str, uid: str) -> None:
    f = S.force(st, fid)
    g = f["group"]
    if uid in g["units"]:
        g["units"].remove(uid)
        to = f["commander"]
    else:
        g["units"].append(uid)
        to = g["commander"]
    S.refresh_group(f)
    st.note(f"{S.unit_name(uid)} passes to {S.general(to).name}'s army", rule="9.1")


def _without(units: dict[str, int], uid: str) -> dict[str, int]:
    return {u: v for u, v in units.items() if u != uid}


def may_take(st: State, fid: str, other: str, uid: str) -> bool:
    """12.2.1 / 12.2.2 partial absorption: may force ``fid`` take unit ``uid`` out of force ``other``? Taking the
    last unit is a whole absorption. A general never takes steps of a higher-ranked one nor of a lower-ranked army
    commander (unless he leads an army himself, EN), and the other general keeps a combat unit within his limits.
    A group of armies gives units only by splitting first (9.1)."""
    f, o = S.force(st, fid), S.force(st, other)
    if (not f["commander"] or o["in_fortress"] != f["in_fortress"] or o["side"] != f["side"] or uid not in o["units"]
            or o["group"]):
        return False
    if len(o["units"]) == 1:
        return may_absorb(st, fid, other)
    if o["commander"]:
        if not commands(st, f, o, {**f["units"], **o["units"]}) or (o["army"] and not f["army"]):
            return False
        rest = _without(o["units"], uid)
        if not S.combat_value({"units": rest}) or not within_command(st, o["commander"], o["army"], rest):
            return False
    return army_for(st, fid, {uid: o["units"][uid]}) is not None


def take(st: State, fid: str, other: str, uid: str) -> None:
    """12.2.1: the unit passes to ``fid`` (the last one: the whole force is absorbed)."""
    o = S.force(st, other)
    if len(o["units"]) == 1:
        absorb(st, fid, other)
        return
    unit = {uid: o["units"][uid]}
    f, index = S.force(st, fid), army_for(st, fid, unit) or 0
    add_units(f, unit, index)
    if S.army_demoralized(o, next(i for i, a in enumerate(S.armies(o)) if uid in a.units)):
        S.set_demoralized(f, True, index)  # 14.9.3: taking units of a demoralized force is stacking with it
        S.refresh_group(f)
    del o["units"][uid]
    st.note(f"{S.name_of(st, fid)} takes {S.unit_name(uid)} from {S.name_of(st, other)}", rule="12.2")


def may_leave(st: State, fid: str, uid: str) -> bool:
    """12.2.1 / 12.2.2: may force ``fid`` leave unit ``uid`` in its zone? Its general keeps a combat unit; the unit
    joins the force of its side already there within that general's command (two lone units would be two forces,
    11), or stands alone (not a special unit, which has no combat value of its own)."""
    f = S.force(st, fid)
    if not f["commander"] or uid not in f["units"]:
        return False
    for a in S.armies(f):
        rest = _without(a.units, uid)
        if not S.combat_value({"units": rest}) or not (a.commander and within_command(st, a.commander, a.army, rest)):
            return False
    here = [o for o in S.forces_in(st, f["zone"], f["side"]) if o != fid and not st.g["forces"][o]["in_fortress"]]
    if not here:
        return not S.unit(uid).special and S.unit(uid).kind != "reserve_cavalry"  # 10.1: those serve in an army
    return army_for(st, here[0], {uid: f["units"][uid]}) is not None


def leave(st: State, fid: str, uid: str) -> str:
    """12.2.1: the unit stays behind; returns the force it now belongs to."""
    f = S.force(st, fid)
    here = [o for o in S.forces_in(st, f["zone"], f["side"]) if o != fid and not st.g["forces"][o]["in_fortress"]]
    new = detach(st, fid, [uid], note=f"{S.name_of(st, fid)} leaves {S.unit_name(uid)} behind in "
                                      f"{S.zone_name(f['zone'])}")
    if not here:
        return new
    absorb(st, here[0], new)  # 12.2.2: it joins the force of its side there
    return here[0]


def general_left_with(st: State, fid: str, gid: str) -> str | None:
    """12.2.1 / 10.3: the lone unit left in the zone that subordinate ``gid`` of army ``fid`` may take command of."""
    f = S.force(st, fid)
    if gid not in S.subordinates(f):
        return None
    for o in S.forces_in(st, f["zone"], f["side"]):
        x = S.force(st, o)
        if o != fid and not x["commander"] and not x["in_fortress"] and within_command(st, gid, None, x["units"]):
            return o
    return None


def leave_general(st: State, fid: str, gid: str, other: str) -> None:
    """12.2.1: a subordinate of the army stays behind in command of the units left there."""
    S.drop_subordinate(S.force(st, fid), gid)
    o = S.force(st, other)
    o["commander"], o["power"] = gid, S.general(gid).power
    st.note(f"{S.general(gid).name} stays in {S.zone_name(o['zone'])} in command of the units left there", rule="12.2")


class ArmySubordinates:
    """12.2.2: « s'il advenait que l'armée comprenne plus de trois généraux, le joueur choisit librement quels
    généraux il souhaite retourner dans la réserve sans considération du rang hiérarchique ou de la nationalité »."""

    name: ClassVar[str] = "army.subordinates"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"{S.general(f['commander']).name}'s army has more than {ARMY_SUBORDINATES} subordinate generals: "
                "choose one to return to the reserve.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("dismiss", g) for g in _army_of(st, f["commander"]).subs]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        army = _army_of(st, f["commander"])
        army.subs.remove(action[1])
        st.g["removed"].append(action[1])
        st.note(f"{S.general(action[1]).name} returns to the reserve ({ARMY_SUBORDINATES} subordinates at most)",
                rule="12.2.2")
        if len(army.subs) <= ARMY_SUBORDINATES:
            st.pop()


def ask_subordinates(st: State, army: S.Army, side: str) -> None:
    """12.2.2: an army with more than 3 subordinates: its owner's decision comes next (pushed on the stack, so the
    step that merged the forces resumes once he has chosen; callers do not pop after merging)."""
    if len(army.subs) > ARMY_SUBORDINATES and army.commander and not any(
            x["step"] == ArmySubordinates.name and x["commander"] == army.commander for x in st.core["stack"]):
        st.push(ArmySubordinates.name, commander=army.commander, side=side)


def _army_of(st: State, gid: str) -> S.Army:
    return next(a for f in st.g["forces"].values() for a in S.armies(f) if a.commander == gid)


STEPS = (ArmySubordinates(),)
