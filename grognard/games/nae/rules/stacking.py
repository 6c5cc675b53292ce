"""11 Stacking: one force per side and zone. A moving force may enter a zone held by a force of its side only to
pass through it or to absorb it (12.2); an evasion or a retreat may only end in a zone holding no other force of its
side. At the end of a move the forces of a side sharing a zone consolidate (12.2.2), two armies forming a group of
armies, a garrison rejoining the force outside an unbesieged fortress (15.1, 15.3)."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S


def room_for(st: State, zone: str, side: str) -> bool:
    """11: may a force of ``side`` stand in ``zone`` without making two forces of that side there?"""
    return not S.forces_in(st, zone, side)


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


def consolidate(st: State, fid: str) -> None:
    """11 / 12.2.2: at the end of a move, other forces of the side in the zone (on the same side of the fortress
    walls) join the moving force (``merge``); those that cannot are eliminated, their generals going to the
    reserve."""
    f = S.force(st, fid)
    for other in S.forces_in(st, f["zone"], f["side"]):
        if other == fid or other not in st.g["forces"] or st.g["forces"][other]["in_fortress"] != f["in_fortress"]:
            continue  # 15.1: a garrison and a force outside its fortress are apart
        fid = merge(st, fid, other) or _eliminate(st, other, fid)


def _eliminate(st: State, fid: str, keep: str) -> str:
    S.remove_force(st, fid, "11", f"{S.name_of(st, fid)} exceeds the stacking limit and is eliminated")
    return keep


def rejoin_garrisons(st: State) -> None:
    """15.3 / 11: units of a side inside an unbesieged fortress while a force of that side stands outside in the
    zone (15.1: part of a force withdrew there while the rest tried to evade) join it, or it joins them; what the
    command rules cannot hold is eliminated."""
    for zone, fort in st.g["fortresses"].items():
        if fort["siege"] is not None:
            continue
        for side in S.SIDES:
            out = S.outside(st, zone, side)
            inside = [o for o in S.forces_in(st, zone, side) if st.g["forces"][o]["in_fortress"]]
            if len(out) != 1 or not inside:
                continue
            outside = out[0]
            for other in inside:
                st.g["forces"][other]["in_fortress"] = False
                outside = merge(st, outside, other) or _eliminate(st, other, outside)
