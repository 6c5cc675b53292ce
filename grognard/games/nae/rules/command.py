"""10 Command and hierarchy, and the absorption of one force by another (12.2.1 / 12.2.2) that they govern.

A force led by a general absorbs a whole force of its side that is not an army, if its general outranks the
other's (same power) and the command limits still hold. Dropping units off en route and armies merging are not
part of this slice."""

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


def may_absorb(st: State, fid: str, other: str) -> bool:
    """12.2: may force ``fid`` take in the whole of force ``other``?"""
    f, o = S.force(st, fid), S.force(st, other)
    if not f["commander"] or o["army"] or o["in_fortress"] or o["side"] != f["side"]:
        return False
    if o["commander"]:
        mine, theirs = S.general(f["commander"]), S.general(o["commander"])
        if theirs.power != mine.power or theirs.rank <= mine.rank:
            return False  # 10.2: a lower-ranked general never commands a higher-ranked one
    return within_command(st, f["commander"], f["army"], {**f["units"], **o["units"]})


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
