"""11 Stacking: one force per side and zone. A moving force may enter a zone held by a force of its side only to
absorb it (12.2); an evasion or a retreat may only end in a zone holding no other force of its side."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S


def room_for(st: State, zone: str, side: str) -> bool:
    """11: may a force of ``side`` stand in ``zone`` without making two forces of that side there?"""
    return not S.forces_in(st, zone, side)


def consolidate(st: State, fid: str) -> None:
    """11 / 12.2.2: at the end of a move, other forces of the side in the zone are taken in when the command
    rules allow; otherwise their units are eliminated and their generals go to the reserve."""
    from grognard.games.nae.rules import command

    f = S.force(st, fid)
    for other in S.forces_in(st, f["zone"], f["side"]):
        if other == fid or st.g["forces"][other]["in_fortress"]:
            continue
        if command.may_absorb(st, fid, other):
            command.absorb(st, fid, other)
        else:
            S.remove_force(st, other, "11", f"{S.name_of(st, other)} exceeds the stacking limit and is eliminated")
