"""11 Stacking: one force per side and zone. A moving force may enter a zone held by a force of its side only to
pass through it or to absorb it (12.2); an evasion or a retreat may only end in a zone holding no other force of its
side. At the end of a move the forces of a side sharing a zone consolidate (12.2.2), a garrison rejoining the force
outside an unbesieged fortress (15.1, 15.3)."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S


def room_for(st: State, zone: str, side: str) -> bool:
    """11: may a force of ``side`` stand in ``zone`` without making two forces of that side there?"""
    return not S.forces_in(st, zone, side)


def consolidate(st: State, fid: str) -> None:
    """11 / 12.2.2: at the end of a move, other forces of the side in the zone are taken in when the command
    rules allow, or take in the moving force (a higher-ranked general); otherwise their units are eliminated and
    their generals go to the reserve."""
    from grognard.games.nae.rules import command

    f = S.force(st, fid)
    for other in S.forces_in(st, f["zone"], f["side"]):
        if other == fid or other not in st.g["forces"] or st.g["forces"][other]["in_fortress"]:
            continue
        if command.may_absorb(st, fid, other):
            command.absorb(st, fid, other)
        elif command.may_absorb(st, other, fid):
            command.absorb(st, other, fid)
            fid = other
        else:
            S.remove_force(st, other, "11", f"{S.name_of(st, other)} exceeds the stacking limit and is eliminated")


def rejoin_garrisons(st: State) -> None:
    """15.3 / 11: units of a side inside an unbesieged fortress while a force of that side stands outside in the
    zone (15.1: part of a force withdrew there while the rest tried to evade) join it, or it joins them; what the
    command rules cannot hold is eliminated."""
    from grognard.games.nae.rules import command

    for zone, fort in st.g["fortresses"].items():
        if fort["siege"] is not None:
            continue
        for side in S.SIDES:
            out = S.outside(st, zone, side)
            inside = [o for o in S.forces_in(st, zone, side) if st.g["forces"][o]["in_fortress"]]
            if len(out) != 1 or not inside:
                continue
            for other in inside:
                st.g["forces"][other]["in_fortress"] = False
                if command.may_absorb(st, out[0], other):
                    command.absorb(st, out[0], other)
                elif command.may_absorb(st, other, out[0]):
                    command.absorb(st, other, out[0])
                    out = [other]
                else:
                    S.remove_force(st, other, "11", f"{S.name_of(st, other)} exceeds the stacking limit and is "
                                                    "eliminated")
