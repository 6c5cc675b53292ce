"""18 Conquests, as far as 1815 needs them: control markers at the conquest phase (3.2) and the conquest of
France (18.2.1). Peace conditions (18.2.2-3) do not arise: the scenario ends with this phase."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import supply


def reactivate_fortresses(st: State, supplied_only: bool) -> None:
    """5.2.1 (d) / 15.5: a conquered fortress becomes an active fortress of its controller (if supplied)."""
    cache: dict[str, set[str]] = {}
    for zone, fort in st.g["fortresses"].items():
        if fort["active"]:
            continue
        power = st.g["control"][zone]
        if S.outside(st, zone, S.other(str(S.side_of(st, power)))):
            continue  # 3.2: the other side's forces stand there, and will take the zone back
        major = S.major_of(st, power)
        if supplied_only:
            if major not in cache:
                cache[major] = supply.supplied_zones(st, major)
            if zone not in cache[major]:
                continue
        fort["active"] = True
        st.note(f"The fortress of {S.zone_name(zone)} is reactivated for its controller", rule="15.5")


def adjust_control(st: State) -> None:
    """3.2 at the conquest phase: a side's forces alone in a zone take it back (the side that controlled it at the
    start) or, if supplied, take it."""
    for zone in sorted(st.g["control"]):
        here = [fid for fid in S.forces_in(st, zone) if not st.g["forces"][fid]["in_fortress"]]
        sides = {st.g["forces"][fid]["side"] for fid in here}
        if len(sides) != 1:
            continue
        fid = here[0]
        side = st.g["forces"][fid]["side"]
        if S.controller(st, zone) == side:
            continue
        fort = st.g["fortresses"].get(zone)
        if fort and fort["active"]:
            continue  # an active enemy fortress is taken only by siege (15.4)
        owner = st.g["initial_control"][zone]
        if S.side_of(st, owner) == side:
            st.g["control"][zone] = owner
        elif not st.g["forces"][fid]["unsupplied"]:
            st.g["control"][zone] = S.major_of(st, st.g["forces"][fid]["power"])
        else:
            continue
        st.note(f"{side} takes control of {S.zone_name(zone)}", rule="3.2")


def key_zones(power: str) -> list[str]:
    """Key zones of a major's National Territory (18.2.1)."""
    m = S.data().map
    return [z.id for z in m.zones.values() if z.key is not None and z.owner == power]


def is_conquered(st: State, power: str) -> bool:
    """18.2.1: (a) every key zone enemy-held and linked to a source of the conqueror, or (b) all but one held by
    supplied enemy forces, the capital lost, and no non-demoralized army of the power on its territory."""
    side = S.side_of(st, power)
    enemy = S.other(str(side))
    keys = key_zones(power)
    m = S.data().map
    cache: dict[str, set[str]] = {}

    def linked(zone: str) -> bool:
        holder = st.g["control"].get(zone)
        if holder is None or S.side_of(st, holder) != enemy:
            return False
        major = S.major_of(st, holder)
        if major not in cache:
            cache[major] = supply.supplied_zones(st, major)
        return zone in cache[major]

    if keys and all(linked(z) for z in keys):
        return True
    held = sum(1 for z in keys if S.controller(st, z) == enemy
               and any(not st.g["forces"][fid]["unsupplied"] for fid in S.outside(st, z, enemy)))
    capital = m.powers[power].capital
    armies = S.data().counters.armies
    army_home = any(a.army and armies[a.army].power == power and not S.army_demoralized(f, i)
                    and m.zones[f["zone"]].owner == power
                    for f in st.g["forces"].values() for i, a in enumerate(S.armies(f)))
    return held >= len(keys) - 1 and capital is not None and S.controller(st, capital) != side and not army_home


def conquest_phase(st: State) -> None:
    """5.3 (summary steps 1-9) as far as 1815 needs them: (1) control markers adjusted; (2) conquest of France, the
    only major whose conquest decides the 1815 game (18.2.1, 20.1); (6) empty fortresses reactivated for their
    controller. Steps 3-5 and 8-9 (Tambours de Guerre, Tilsit, forced alliances, redeployment, forced peaces) have
    no object in 1815, which ends with this phase; step 7 (supplied demoralized forces rally) was already done at the
    end of the activation phase and nothing has moved since."""
    adjust_control(st)
    for power in ("france",):
        if is_conquered(st, power) and power not in st.g["conquered"]:
            st.g["conquered"].append(power)
            st.note(f"{S.data().map.powers[power].name} is conquered", rule="18.2.1")
    reactivate_fortresses(st, supplied_only=False)
