"""18 Conquests, as far as 1815 needs them: control markers at the conquest phase (3.2) and the conquest of
France (18.2.1). Peace conditions (18.2.2-3) do not arise: the scenario ends with this phase."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import naval, supply


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
        S.set_fortress(st, zone, active=True)
        st.note(f"The fortress of {S.zone_name(zone)} is reactivated for its controller", rule="15.5")


def adjust_control(st: State) -> None:
    """3.2 at the conquest phase: a side's forces alone in a zone take it back (the side that controlled it at the
    start) or, if supplied, take it."""
    outside: dict[str, list[str]] = {}  # zone -> forces outside its fortress; only control changes below
    for fid, f in st.g["forces"].items():
        if not f["in_fortress"]:
            outside.setdefault(f["zone"], []).append(fid)
    for zone in sorted(st.g["control"]):
        here = outside.get(zone, [])
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
            S.set_control(st, zone, owner)
        elif not st.g["forces"][fid]["unsupplied"]:
            S.set_control(st, zone, S.major_of(st, st.g["forces"][fid]["power"]))
        else:
            continue
        st.note(f"{side} takes control of {S.zone_name(zone)}", rule="3.2")
        naval.port_taken(st, zone)  # 17.2.1: its fleets leave a captured port


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


def conquered_minor(st: State, power: str, by: str) -> bool:
    """18.1: is the minor ``power`` conquered by side ``by``? Its capital and all its fortresses are controlled by
    that side, each linked to a source of the conqueror (the major holding the capital); Naples falls with its
    capital alone, linked too (3.2: « Seules les zones contrôlées qui peuvent tracer une ligne de ravitaillement
    comptent pour [...] la conquête »)."""
    m = S.data().map
    capital = m.powers[power].capital
    if capital is None or S.controller(st, capital) != by:
        return False
    major = S.major_of(st, st.g["control"][capital])
    zones = [capital] if power == "naples" else [capital, *(z.id for z in m.zones.values()
                                                            if z.owner == power and z.fortress)]
    reach = supply.supplied_zones(st, major)
    return all(S.controller(st, z) == by and z in reach for z in zones)


def conquer_minor(st: State, power: str, by: str) -> None:
    """18.1: the minor's combat units on the map are destroyed and it becomes an ally of the conqueror (the major
    holding its capital), so the zones it controls change sides with it."""
    major = S.major_of(st, st.g["control"][str(S.data().map.powers[power].capital)])
    for fid in list(st.g["forces"]):
        f = st.g["forces"][fid]
        for uid in [u for u in f["units"] if S.unit(u).power == power]:
            S.eliminate(st, f, uid)
        if not f["units"]:
            S.remove_force(st, fid, "18.1", f"{S.name_of(st, fid) if f['commander'] else 'A force'} is gone with "
                                            f"its nation's army")
        else:
            S.check_force(st, fid, "18.1")
    S.set_side(st, power, by)
    S.set_ally_of(st, power, major)
    st.g["conquered"].append(power)
    st.note(f"{S.data().map.powers[power].name} is conquered by the {by} and becomes an ally of "
            f"{S.data().map.powers[major].name}; its units on the map are destroyed", rule="18.1")


def conquest_phase(st: State) -> None:
    """5.3 (summary steps 1-9) as far as 1815 needs them: (1) control markers adjusted; (2) conquests of minors, by
    the Coalition then by the Empire (18.1), then of France, the only major whose conquest decides the 1815 game
    (18.2.1, 20.1); (6) empty fortresses reactivated for their controller. Steps 3-5 and 8-9 (Tambours de Guerre,
    Tilsit, forced alliances, redeployment, forced peaces) have no object in 1815, which ends with this phase; step
    7 (supplied demoralized forces rally) was already done at the end of the activation phase (14.9.3), or comes
    right after this phase under the option ``rally_at_conquest`` (docs/nae-rules.md)."""
    adjust_control(st)
    m = S.data().map
    for by in ("coalition", "empire"):
        for power in [p for p, side in st.g["sides"].items() if m.powers[p].kind == "minor" and side not in (None, by)]:
            if power not in st.g["conquered"] and conquered_minor(st, power, by):
                conquer_minor(st, power, by)
    for power in ("france",):
        if is_conquered(st, power) and power not in st.g["conquered"]:
            st.g["conquered"].append(power)
            st.note(f"{S.data().map.powers[power].name} is conquered", rule="18.2.1")
    reactivate_fortresses(st, supplied_only=False)
