"""18 Conquests (5.3): control markers adjusted (3.2), then the conquests of minors (18.1) and majors (18.2.1) in the
summary's order (Coalition minors, Empire minors, Coalition majors, Empire majors). What the conquests bring --
the card windows, forced alliances, peace terms, redeployment and the forced peaces' yearly tests -- is in
``peace``; this module finds the conquests and pushes ``peace``'s step when there is anything to decide.

The state keys this chapter adds (created when first needed, so a game without conquests keeps its digest):
``territory`` province -> the power whose National Territory it joined (18.2.2 annexations, 18.1 a minor
integrated); ``defeats`` major -> the majors that conquered it, in order (8.1.3 a second defeat, 8.1.4);
``fought_on`` majors that played *Tambours de Guerre* (8.1.4, 18.2.2); ``budget_penalty`` power -> resources
taken from its next budget (18.2.2); ``peace_rewards`` [{power, reward}] the victor's extra card or +4 resources
at the next interphase (18.2.2); ``vp`` and ``escalade`` (see ``award``)."""

from __future__ import annotations

from functools import cache

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
        side = S.side_of(st, power)  # None: a major in forced peace (18.2.3 reactivates its fortresses)
        if side is not None and S.outside(st, zone, S.other(side)):
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
        if S.controller(st, zone) == side or S.is_neutral_ground(st, zone):
            continue  # 8.1.3, 8.1.4: a conqueror standing on the ground of a forced peace or alliance takes nothing
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
        who = f"The {S.side_name(side)}" if side else S.data().map.powers[st.g["control"][zone]].name  # a neutral
        st.note(f"{who} takes control of {S.zone_name(zone)}", rule="3.2")
        naval.port_taken(st, zone)  # 17.2.1: its fleets leave a captured port


def territory_of(st: State, zone: str) -> str:
    """The power whose National Territory ``zone`` is: its printed owner, unless its province was annexed (18.2.2)
    or its minor integrated (18.1) into another's."""
    z = S.data().map.zones[zone]
    owner: str = st.g.get("territory", {}).get(z.province, z.owner)
    return owner


def award(st: State, vp: int, escalade: int, rule: str, why: str) -> None:
    """VP and escalade from conquests (6.12: +1 and +1 for a major the Empire conquers, example 1805; -1 VP for a
    French protectorate the Coalition conquers, 19.1): in the grand campaigns through the victory track's own
    functions (19: an automatic victory is checked at each move); a one-year 1815 board has no track, so the
    conquest keeps the count in ``g["vp"]`` and ``g["escalade"]`` itself."""
    g = st.g
    if S.grand_campaign(st):
        from grognard.games.nae.rules import victory

        victory.add_escalade(st, escalade, rule, why)
        victory.add_vp(st, vp, rule, why)
        return
    g["vp"] = g.get("vp", 0) + vp
    g["escalade"] = g.get("escalade", 0) + escalade
    parts = [f"VP {vp:+d} (now {g['vp']})" if vp else "", f"escalade {escalade:+d} (now {g['escalade']})"
             if escalade else ""]
    st.note(f"{why}: {', '.join(p for p in parts if p)}", rule=rule)


def award_event(st: State, event_id: str, rule: str, why: str) -> None:
    """``award`` with the VP and escalade of a line of the victory-point events table (tables.toml ``vp_event``), the
    one place those numbers are kept."""
    ev = S.data().tables.vp_event(event_id)
    award(st, ev.vp, ev.escalade, rule, why)


def key_zones(power: str) -> list[str]:
    """Key zones of a major's National Territory (18.2.1); for Britain only London counts (exception 4)."""
    return list(_key_zones(power))


@cache  # read from the map only
def _key_zones(power: str) -> tuple[str, ...]:
    if power == "britain":
        return ("london",)
    m = S.data().map
    return tuple(z.id for z in m.zones.values() if z.key is not None and z.owner == power)


def _spain_after_dos_de_mayo(st: State) -> bool:
    """18.2.1 exception 1: « l'Espagne n'est conquise que si Madrid et tous les ports de la péninsule ibérique à
    l'exception de Gibraltar sont contrôlés par la France », after Dos de Mayo (18.2.1 says 19C, the glossary 22C:
    docs/nae-data.md); the glossary: « La guerre ne peut se terminer que si [...] »: while Spain fights its War of
    Liberation (the 1809 set-up too, 20.3)."""
    m = S.data().map
    ports = [z.id for z in m.zones.values() if z.port and z.owner in ("spain", "portugal")]
    return all(st.g["control"].get(z) == "france" for z in ["madrid", *ports])


def is_conquered(st: State, power: str) -> bool:
    """18.2.1: (a) every key zone enemy-held and linked to a source of the conqueror, or (b) all but one held by
    supplied enemy forces, the capital lost, and no non-demoralized army of the power on its territory."""
    from grognard.games.nae.rules import diplomacy  # (diplomacy reads the conquests)

    if power == "spain" and diplomacy.in_war_of_liberation(st):
        return _spain_after_dos_de_mayo(st)
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
                    and territory_of(st, f["zone"]) == power
                    for f in st.g["forces"].values() for i, a in enumerate(S.armies(f)))
    return held >= len(keys) - 1 and capital is not None and S.controller(st, capital) != side and not army_home


def conquered_minor(st: State, power: str, by: str) -> bool:
    """18.1: is the minor ``power`` conquered by side ``by``? Its capital and all its fortresses (those annexed to
    it too, 18.2.2) are controlled by that side, each linked to a source of the conqueror (the major holding the
    capital); Naples falls with its capital alone, linked too (3.2: « Seules les zones contrôlées qui peuvent tracer
    une ligne de ravitaillement comptent pour [...] la conquête »). The Grand Duchy of Warsaw falls only with
    France."""
    if power == "poland" and "france" not in st.g["conquered"]:
        return False
    m = S.data().map
    capital = m.powers[power].capital
    if capital is None or S.controller(st, capital) != by:
        return False
    major = S.major_of(st, st.g["control"][capital])
    zones = [capital] if power == "naples" else [capital, *(z.id for z in m.zones.values()
                                                            if territory_of(st, z.id) == power and z.fortress)]
    reach = supply.supplied_zones(st, major)
    return all(S.controller(st, z) == by and z in reach for z in zones)


def has_combat_units(power: str) -> bool:
    """18.1: does the minor have combat units in the game (else its conqueror may integrate it instead)?"""
    return any(u.power == power for u in S.data().counters.units.values())


def conquer_minor(st: State, power: str, by: str) -> None:
    """18.1: the minor's combat units and fleets are destroyed and it becomes an ally of the conqueror (the major
    holding its capital), so the zones it controls change sides with it; its destroyed fortresses are reactivated.
    A French protectorate taken by the Coalition loses the status and its VP (8.1.5, 19.1). Naples conquered by
    the Empire leaves Sicily a Coalition minor of its own; Sicily conquered by the Empire joins Naples (18.1)."""
    m = S.data().map
    major = S.major_of(st, st.g["control"][str(m.powers[power].capital)])
    former = S.major_of(st, power)
    for fid in list(st.g["forces"]):
        f = st.g["forces"][fid]
        for uid in [u for u in f["units"] if S.unit(u).power == power]:
            S.eliminate(st, f, uid)
        if not f["units"]:
            S.remove_force(st, fid, "18.1", f"{S.name_of(st, fid) if f['commander'] else 'A force'} is gone with "
                                            f"its nation's army")
        else:
            S.check_force(st, fid, "18.1")
    fleets = S.data().counters.fleets
    for fl in sorted(x for x in st.g["fleets"] if fleets[x].power == power):
        naval.eliminate(st, fl, "18.1", f"{m.powers[power].name} is conquered")
    if by == "empire" and power == "naples":
        sicily_stands(st, former)
    if st.g["status"].get(power) == "protectorate" and by == "coalition":
        award_event(st, "protectorate_lost", "8.1.5", f"{m.powers[power].name} is no longer a French protectorate")
    S.set_side(st, power, by)
    S.set_ally_of(st, power, major)
    st.g["status"][power] = "allied"
    if power not in st.g["conquered"]:
        st.g["conquered"].append(power)
    for z in m.zones.values():
        fort = st.g["fortresses"].get(z.id)
        if fort and not fort["active"] and territory_of(st, z.id) == power:
            S.set_fortress(st, z.id, active=True)
        if fort and fort["besieger"] is not None and S.controller(st, z.id) == by \
                and st.g["forces"][fort["besieger"]]["side"] == by:
            # 15.3: the fortresses it still held are the conqueror's side's now, and no side besieges its own (the
            # enemy's sieges of the conqueror's other fortresses go on: a 1809 game lifted Charles's of Landau)
            S.set_fortress(st, z.id, besieger=None, siege=None)
            st.note(f"The siege of {S.zone_name(z.id)} is lifted", rule="15.3")
    st.note(f"{m.powers[power].name} is conquered by the {S.side_name(by)} and becomes an ally of "
            f"{m.powers[major].name}; its units on the map are destroyed", rule="18.1")
    from grognard.games.nae.rules import diplomacy  # (diplomacy reads the conquests)

    diplomacy.ports_follow(st)  # 17.2.1 / 17.2.6: fleets in its ports or their boxes
    if power == SICILY and by == "empire":
        sicily_joins_naples(st)
    diplomacy.dissolve_entities(st)  # 8.3.1 / 8.3.2: its last member taken by the Coalition


SICILY = "sicily"  # 18.1: the minor Naples leaves when the Empire takes it


def sicily_stands(st: State, former: str) -> None:
    """18.1: « la Sicile reste alliée à la Coalition et devient un mineur coalisé indépendant de Naples »: its
    provinces become its own National Territory (``territory``), allied to Naples' former major, holding the
    zones Naples held there."""
    m = S.data().map
    g = st.g
    for province in m.powers[SICILY].provinces:
        S.set_territory(st, province, SICILY)
        for z in m.zones_of(province):
            if g["control"].get(z.id) == "naples":
                S.set_control(st, z.id, SICILY)
    g["status"][SICILY] = "allied"
    S.set_side(st, SICILY, "coalition")
    S.set_ally_of(st, SICILY, former)
    st.note(f"Sicily stays with the Coalition, a minor allied to {m.powers[former].name}, apart from Naples",
            rule="18.1")


def sicily_joins_naples(st: State) -> None:
    """18.1: « Si l'Empire conquiert la Sicile, mineur coalisé, elle est obligatoirement intégrée au Royaume de
    Naples »: its provinces go back to Naples' National Territory and Sicily leaves the game."""
    g = st.g
    for province in S.data().map.powers[SICILY].provinces:
        S.set_territory(st, province, "naples")
    g["status"][SICILY] = "not_in_play"
    S.set_side(st, SICILY, None)
    S.set_ally_of(st, SICILY, None)
    st.note("Sicily is integrated into the Kingdom of Naples", rule="18.1")


def at_war_majors(st: State, side: str) -> list[str]:
    """Majors fighting on ``side`` (at war, or allied to it: 8.1.2), in map order."""
    m = S.data().map
    return [p for p, s in st.g["sides"].items() if s == side and m.powers[p].kind == "major"
            and st.g["status"].get(p) in ("at_war", "allied")]


def game_goes_on(st: State) -> bool:
    """Peace terms, windows and redeployments shape the turns to come: none when the game ends with this phase."""
    return bool(st.g["year"] < S.data().scenarios[st.g["scenario"]].header.end_year)


def conquest_phase(st: State) -> None:
    """5.3 (summary steps 1-9): (1) control markers adjusted; (2) conquests of minors, by the Coalition then by the
    Empire (18.1), then the majors meeting the surrender conditions, those the Coalition conquers then those the
    Empire conquers (18.2.1). France conquered decides the game (19.3, 20.1) and takes no peace terms (it has no
    diplomatic status, 8.1). When the game goes on, the rest -- a minor's integration (18.1), *Tambours de Guerre*,
    *Tilsit*, forced alliances, (6) fortresses, peace terms, (8) redeployment and (9) the forced peaces' tests --
    is ``peace``'s step, pushed here; otherwise (6) the empty fortresses are reactivated at once. Step 7
    (supplied demoralized forces rally) was already done at the end of the activation phase (14.9.3), or comes
    right after the conquests are checked under the option ``rally_at_conquest`` (docs/nae-rules.md)."""
    adjust_control(st)
    m = S.data().map
    minors: list[list[str]] = []
    for by in ("coalition", "empire"):
        for power in [p for p, side in st.g["sides"].items() if m.powers[p].kind == "minor" and side not in (None, by)]:
            if conquered_minor(st, power, by):
                conquer_minor(st, power, by)
                minors.append([power, by])
    surrenders: list[list[str]] = []
    for by in ("coalition", "empire"):
        for power in at_war_majors(st, S.other(by)):
            if (power == "france" and power in st.g["conquered"]) or not is_conquered(st, power):
                continue
            if power == "france":
                st.g["conquered"].append(power)
                st.note(f"{m.powers[power].name} is conquered", rule="18.2.1")
            else:
                st.note(f"{m.powers[power].name} meets the surrender conditions", rule="18.2.1")
                surrenders.append([power, by])
    if game_goes_on(st):
        st.push("conquest.terms", phase="integrate", minors=minors, fresh=[list(x) for x in minors],
                surrenders=surrenders, confirmed=[])
    else:
        reactivate_fortresses(st, supplied_only=False)


def note_crushed(st: State, fid: str) -> None:
    """Battle hook (14.2 odds, 14.9.1, 14.9.3, 14.10): the armies of force ``fid``, which just lost a battle and is
    demoralized or destroyed, are recorded as crushed this year (``g["crushed"]``: [year, power]), the condition of
    *Tilsit* (26F, 18.2.1 exception 3)."""
    armies = S.data().counters.armies
    crushed = st.g.setdefault("crushed", [])
    for a in S.armies(S.force(st, fid)):
        entry = [st.g["year"], armies[a.army].power] if a.army else None
        if entry and entry not in crushed:
            crushed.append(entry)
