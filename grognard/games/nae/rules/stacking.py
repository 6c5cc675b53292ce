"""11 Stacking: one force per side and zone. A moving force may enter a zone held by a force of its side only to
pass through it or to join it (12.2); an evasion or a retreat may end where a force of its side stands only if the
two can join. At the end of a move the forces of a side sharing a zone consolidate (12.2.2), two armies forming a
group of armies, a garrison rejoining the force outside an unbesieged fortress (15.1, 15.3); units beyond the
command limits are eliminated."""

from __future__ import annotations

from typing import ClassVar

from grognard.core.machine import Frame, State
from grognard.games.nae import state as S


def may_merge(st: State, fid: str, other: str) -> bool:
    """May the two forces become one (see ``merge``)?"""
    from grognard.games.nae.rules import command

    return (command.may_absorb(st, fid, other) or command.may_absorb(st, other, fid)
            or command.may_group(st, fid, other))


def merge(st: State, fid: str, other: str) -> str | None:
    """11 / 12.2.2: two forces of a side in one zone become one when the command rules allow: one takes in the
    other (the higher-ranked general leads), or two armies form a group of armies. Returns the force that remains,
    or None when they cannot join."""
    from grognard.games.nae.rules import command

    if command.may_absorb(st, fid, other):
        command.absorb(st, fid, other)
        return fid
    if command.may_absorb(st, other, fid):
        command.absorb(st, other, fid)
        return other
    if command.may_group(st, fid, other):
        return command.form_group(st, fid, other)
    return None


def consolidate(st: State, fid: str, garrisons: bool = True) -> str:
    """11 / 12.2.2: at the end of a move, other forces of the side in the zone (on the same side of the fortress
    walls) join the moving force (``merge``), or, when they cannot, are squeezed into one (``squeeze``); a garrison
    of an unbesieged fortress rejoins the force outside (``rejoin_garrisons``; not while the force outside is still
    evading, ``garrisons`` False). Returns the moving force's id, or that of the force it went into."""
    f = S.force(st, fid)
    side = f["side"]
    for other in S.forces_in(st, f["zone"], side):
        o = st.g["forces"].get(other)
        if other == fid or o is None or o["in_fortress"] != f["in_fortress"]:
            continue  # 15.1: a garrison and a force outside its fortress are apart
        if side is None and (o["side"] is not None or S.major_of(st, o["power"]) != S.major_of(st, f["power"])):
            continue  # 8.1.1 / 8.1.3: a force at war with nobody joins only its own nation's (18.2.3, 8.1.1 moves)
        fid = merge(st, fid, other) or squeeze(st, fid, other)
    if garrisons:
        rejoin_garrisons(st, f["zone"])
    return fid


def squeeze(st: State, fid: str, other: str) -> str:
    """11: two forces of a side that cannot join: the general who would command the other (10.2) keeps the units of
    both within his limits (10.1), the excess units are eliminated and the other generals go to the reserve; two
    lone units: the moving one stays. Returns the force that remains."""
    from grognard.games.nae.rules import command

    f, o = S.force(st, fid), S.force(st, other)
    keep, drop = fid, other
    if o["commander"] and (not f["commander"] or not command.commands(st, f, o, {**f["units"], **o["units"]})):
        keep, drop = other, fid
    k = S.force(st, keep)
    gone = S.take_force(st, drop)
    lost = []
    for uid, value in sorted(gone["units"].items(), key=lambda x: (-x[1], x[0])):
        index = command.army_for(st, keep, {uid: value}) if k["commander"] else None
        if index is None:
            lost.append(uid)
            st.g["reserve"]["units"].append(uid)
        else:
            command.add_units(k, {uid: value}, index)
    k["depots"] += gone["depots"]
    if gone["demoralized"]:
        S.set_demoralized(k, True)  # 14.9.3
    st.g["removed"] += S.generals_of(gone)
    for zone, fort in st.g["fortresses"].items():
        if fort["besieger"] == drop:
            S.set_fortress(st, zone, besieger=keep)
    names = ", ".join(S.unit_name(u) for u in lost) or "no unit"
    st.note(f"{S.name_of(st, keep)} takes in what it may command of another force of its side: {names} eliminated"
            + (f"; {', '.join(S.general(g).name for g in S.generals_of(gone))} to the reserve"
               if S.generals_of(gone) else ""), rule="11")
    return keep


def rejoin_garrisons(st: State, zone: str | None = None) -> None:
    """15.3 / 11: units of a side inside an unbesieged fortress while a force of that side stands outside in the
    zone (15.1: part of a force withdrew there while the rest tried to evade) join it, or it joins them; what the
    command rules cannot hold is eliminated (``squeeze``). ``zone``: in that zone only."""
    garrisons: dict[tuple[str, str], list[str]] = {}
    for fid, f in st.g["forces"].items():
        if f["in_fortress"] and zone in (None, f["zone"]):
            garrisons.setdefault((f["zone"], f["side"]), []).append(fid)
    for (where, side), inside in garrisons.items():
        fort = st.g["fortresses"].get(where)
        out = S.outside(st, where, side)
        if fort is None or fort["siege"] is not None or len(out) != 1:
            continue
        outside = out[0]
        for other in inside:
            S.set_in_fortress(st, other, False)
            outside = merge(st, outside, other) or squeeze(st, outside, other)


class Join:
    """11 / 10.2: a force that ended a retreat where a force of its side stands consolidates with it (after the
    losses the retreat cost it)."""

    name: ClassVar[str] = "join"

    def run(self, st: State, f: Frame) -> None:
        st.pop()
        if f["fid"] in st.g["forces"]:
            consolidate(st, f["fid"])


STEPS = (Join(),)
