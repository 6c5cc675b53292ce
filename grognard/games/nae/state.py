"""The runtime model of a Napoleon against Europe game: the layout of ``st.g`` and small accessors.

``st.g`` is plain JSON data (see ``grognard.core.machine``)::

    scenario   "1815"
    year       1815
    round      activation round being played (2..6 in 1815; 5 bad weather, 6 winter, 16)
    last_round last activation round of the year (6; 7 with Campagne d'Hiver)
    turn       side acting in this round ("empire" acts first, 5.2)
    sides      power -> "empire" | "coalition" | None (neutral or out of play), minors follow their major
    ally_of    minor power -> the major it is allied to (13.2: minors use their major's supply)
    status     power -> its diplomatic status (8.1); forced: power -> {with, until, then} for a forced peace or
               alliance (3.5, 3.6)
    forces     force id -> {
                 side, power (nationality of the commander, or of the lone unit), zone,
                 commander (general id or None for a lone unit), army (army marker id or None),
                 subs [subordinate general ids], units {unit id: current combat value (= steps)},
                 depots [the major power of each mobile depot carried, 13.4], demoralized, unsupplied,
                 in_fortress (inside its zone's fortress),
                 group (None, or the second army of a group of armies, 6.1: {army, commander, subs, units [ids of
                 its units, whose values stay in ``units``], demoralized [leading army, second army]}; the force's
                 own commander leads the whole, 10.2; ``demoralized`` is then the group's, 14.9.3)}
    next_force counter for new force ids
    fortresses zone -> {level, active (False: destroyed/"empty" marker, 15.5), siege (marker value or None),
                 besieger (force id or None)}
    control    zone -> power controlling it; only zones with a fortress, port or city are ever controlled (3.2)
    fixed_depots [{zone, power}]
    reserve    {"units": [...]} eliminated units (rebuilt only in a budget phase, which 1815 never reaches)
    removed    generals off the map: removed by the scenario, wounded (14.7), or sent to the reserve (10.3, 12.2,
               a destroyed force), which in the one-year 1815 game is for good
    hands / decks / discards  side -> [card ids]; out: gold-star cards removed from the game (6.2)
    ap_reserve side -> AP stored (9.2)
    conquered  majors conquered this game (18), and minors
    territory, defeats, fought_on, budget_penalty, peace_rewards, crushed: the conquest phase's
               records (18, 8.1.3-8.1.4), created when first needed: see ``rules/conquest.py``; ``territory``
               (province -> the power whose National Territory it joined) is also set by the 1809 set-up (20.3)

The grand campaigns (20.2, 20.3) add (never set in 1815, whose games stay as they were)::

    vp         the victory level (19), escalade: the escalade level (6.1) or None where its rules are off (1809)
    periods    card periods in play ("epic", "punishments"); punishments: side -> its Punishments cards set aside
               until the escalade reaches 15 (6.1)
    flags      scenario events in play and political entities created (20.3 "Evènements en cours", 8.3): card
               ids, event ids and entity ids, as the card assignment table (6.3) and the budget (rules/budget.py:
               "war_of_liberation", "poland", "venetia", "poland_2p", an "E" counter's event key, "24F"/"25F") read
    declared   powers the sides declared war on this year (7.1); war_on: majors ever declared war on (3.2)
    events_played  card ids played as events this game (19.3 "Europe Napoléonienne a été jouée", silver stars)
    phase      the phase of the year being played: "interphase", "activation", "conquest", "victory" (5)
    sieges_due the fortresses Austria must still besiege (20.2 special rule 1)
    budget     during the budget phase only (7.3, rules/budget.py): transfers received and pending, fleets built,
               steps restored and depots placed per army, units withdrawn, each side's minors' steps
    double_resources  (optional) powers whose next budget is doubled (3.5)

Writes to where forces stand and to what supply reads go through the setters below, never straight into ``st.g``:
``add_force`` / ``take_force`` / ``move_force`` / ``set_in_fortress`` / ``set_force_side`` (``g["forces"]``, each
force's zone, whether it stands in the fortress, its side), ``set_control``, ``set_fortress``, ``set_side``,
``set_ally_of``, ``set_territory``, ``add_fixed_depot`` / ``remove_fixed_depot`` / ``set_fixed_depots``. They drop
the caches derived from those (``st.derived``: the zone -> forces index, the supply cache key), which are rebuilt
when next read; ``check_derived`` (run after every action by the tests) fails on a cache a direct write left stale.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import msgspec

from grognard.core.machine import State
from grognard.games.nae.gamedata import NaeData, load_data
from grognard.games.nae.schema.counters import General, Unit

SIDES = ("empire", "coalition")

Force = dict[str, Any]


@cache
def data() -> NaeData:
    """The built-in data set (loaded once per process)."""
    return load_data()


def other(side: str) -> str:
    return "coalition" if side == "empire" else "empire"


def side_name(side: str) -> str:
    """A side as the rulebook names it in text (« L'Empire », « La Coalition »): "Empire", "Coalition"; the log
    writes "The Empire plays …", "joins the Coalition"."""
    return side.capitalize()


def unit(uid: str) -> Unit:
    return data().counters.units[uid]


def unit_name(uid: str) -> str:
    """A unit with its nation, as the log and menus name it ("Prussian II Corps"), unless its name says it already
    ("Swiss Corps", "Turkish Corps 1") or it is a special unit, named after a person or body ("Uxbridge")."""
    u = unit(uid)
    power = data().map.powers[u.power]
    if u.special or power.adjective in u.name or power.name in u.name:
        return u.name
    return f"{power.adjective} {u.name}"


class UnitFacts(NamedTuple):
    """What the hot rules read of a unit counter, precomputed once (10.1 command limits, 14.2 combat value)."""

    power: str
    reserve_cavalry: bool
    special: bool


@cache
def unit_facts() -> dict[str, UnitFacts]:
    return {uid: UnitFacts(u.power, u.kind == "reserve_cavalry", u.special) for uid, u in data().counters.units.items()}


def general(gid: str) -> General:
    return data().counters.generals[gid]


def force(st: State, fid: str) -> Force:
    f: Force = st.g["forces"][fid]
    return f


def forces_in(st: State, zone: str, side: str | None = None) -> list[str]:
    """Force ids in ``zone`` (of ``side`` if given), in the order of ``g["forces"]``."""
    here = zone_index(st).forces.get(zone, ())
    if side is None:
        return list(here)
    forces = st.g["forces"]
    return [fid for fid in here if forces[fid]["side"] == side]


def outside(st: State, zone: str, side: str) -> list[str]:
    """Forces of ``side`` in ``zone`` standing outside its fortress, in the order of ``g["forces"]``."""
    forces = st.g["forces"]
    return [fid for fid in zone_index(st).forces.get(zone, ()) if forces[fid]["side"] == side
            and not forces[fid]["in_fortress"]]


def enemy_zones(st: State, side: str | None) -> tuple[str, ...]:
    """The zones where forces of another side than ``side`` stand outside the fortress, sorted (13.3: they block
    its supply lines)."""
    index = zone_index(st)
    zones = index.enemy.get(side)
    if zones is None:
        zones = index.enemy[side] = _enemy_zones(st, index, side)
    return zones


def _enemy_zones(st: State, index: ZoneIndex, side: str | None) -> tuple[str, ...]:
    forces = st.g["forces"]
    out = []
    for z, fids in index.forces.items():
        for fid in fids:
            f = forces[fid]
            if f["side"] != side and not f["in_fortress"]:
                out.append(z)
                break
    return tuple(sorted(out))


# Setters of what the derived caches read, and the caches (see the module docstring) ----------------------------

_ZONES = "zones"  # st.derived key: ``zone_index``
_BOARD = "board"  # st.derived key: ``board_key``


class ZoneIndex(NamedTuple):
    """Where the forces stand. Built in one pass (as cheap as two scans of the forces), never changed but for
    ``enemy``, filled as asked (a state holding this index has not changed what it reads)."""

    forces: dict[str, list[str]]  # zone -> the forces there, in the order of ``g["forces"]`` (none: left out)
    enemy: dict[str | None, tuple[str, ...]]  # side -> ``enemy_zones``


def zone_index(st: State) -> ZoneIndex:
    index: ZoneIndex | None = st.derived.get(_ZONES)
    if index is None:
        index = st.derived[_ZONES] = _zone_index(st)
    return index


def _zone_index(st: State) -> ZoneIndex:
    here: dict[str, list[str]] = {}
    for fid, f in st.g["forces"].items():
        zone = f["zone"]
        if zone in here:
            here[zone].append(fid)
        else:
            here[zone] = [fid]
    return ZoneIndex(here, {})


def board_key(st: State) -> bytes:
    """What a supply network is built on apart from the forces (``supply._links`` reads it: sides, alliances,
    control, fortresses, fixed depots, annexed provinces), packed to bytes, a cache key that hashes once; packed
    again only after a setter changed it."""
    key: bytes | None = st.derived.get(_BOARD)
    if key is None:
        key = st.derived[_BOARD] = _board_key(st)
    return key


def _board_key(st: State) -> bytes:
    g = st.g
    return _pack((g["sides"], g["ally_of"], g["control"], g["fortresses"], g["fixed_depots"], g.get("territory")))


_pack = msgspec.msgpack.Encoder().encode


def check_derived(st: State) -> None:
    """Raise if a cached index or key differs from a fresh one: a write that bypassed the setters (the tests run
    this after every action)."""
    index: ZoneIndex | None = st.derived.get(_ZONES)
    fresh = _zone_index(st)
    if index is not None and (index.forces != fresh.forces or any(
            zones != _enemy_zones(st, fresh, side) for side, zones in index.enemy.items())):
        raise AssertionError("the zone -> forces index is stale: a force was moved, added or removed, or went into "
                             "or out of its fortress, without the setters of grognard.games.nae.state")
    if _BOARD in st.derived and st.derived[_BOARD] != _board_key(st):
        raise AssertionError("the supply cache key is stale: control, fortresses, sides, alliances, annexed provinces "
                             "or fixed depots were written without the setters of grognard.games.nae.state")


def add_force(st: State, fid: str, f: Force) -> None:
    """Put force ``f`` on the map under ``fid`` (last in ``g["forces"]``)."""
    st.g["forces"][fid] = f
    st.derived.pop(_ZONES, None)


def take_force(st: State, fid: str) -> Force:
    """Take force ``fid`` off the map (to put it back, changed or under another id, with ``add_force``)."""
    f: Force = st.g["forces"].pop(fid)
    st.derived.pop(_ZONES, None)
    return f


def move_force(st: State, fid: str, zone: str) -> None:
    """Force ``fid`` now stands in ``zone``."""
    st.g["forces"][fid]["zone"] = zone
    st.derived.pop(_ZONES, None)


def set_force_side(st: State, fid: str, side: str | None) -> None:
    """Force ``fid`` now fights for ``side`` (its nation changed sides, 18.2.2)."""
    st.g["forces"][fid]["side"] = side
    st.derived.pop(_ZONES, None)


def set_in_fortress(st: State, fid: str, inside: bool) -> None:
    """Force ``fid`` now stands inside its zone's fortress, or outside it."""
    st.g["forces"][fid]["in_fortress"] = inside
    st.derived.pop(_ZONES, None)


def set_control(st: State, zone: str, power: str) -> None:
    """``power`` now controls ``zone`` (3.2)."""
    st.g["control"][zone] = power
    st.derived.pop(_BOARD, None)


def set_fortress(st: State, zone: str, **values: Any) -> None:
    """Change the fortress of ``zone``: ``active``, ``siege``, ``besieger`` (15)."""
    st.g["fortresses"][zone].update(values)
    st.derived.pop(_BOARD, None)


def set_side(st: State, power: str, side: str | None) -> None:
    """``power`` now fights for ``side`` (None: neutral or out of play)."""
    st.g["sides"][power] = side
    st.derived.pop(_BOARD, None)


def set_ally_of(st: State, power: str, major: str | None) -> None:
    """Minor ``power`` is now allied to ``major``, whose supply its units use (13.2); None: to no major."""
    if major is None:
        st.g["ally_of"].pop(power, None)
    else:
        st.g["ally_of"][power] = major
    st.derived.pop(_BOARD, None)


def set_territory(st: State, province: str, power: str) -> None:
    """``province`` now belongs to the National Territory of ``power`` (18.2.2 annexations, 18.1)."""
    st.g.setdefault("territory", {})[province] = power
    st.derived.pop(_BOARD, None)


def add_fixed_depot(st: State, zone: str, power: str) -> None:
    set_fixed_depots(st, [*st.g["fixed_depots"], {"zone": zone, "power": power}])


def remove_fixed_depot(st: State, zone: str, power: str) -> None:
    """One fixed depot of ``power`` leaves ``zone``."""
    depots = list(st.g["fixed_depots"])
    depots.remove({"zone": zone, "power": power})
    set_fixed_depots(st, depots)


def set_fixed_depots(st: State, depots: list[dict[str, str]]) -> None:
    st.g["fixed_depots"] = depots
    st.derived.pop(_BOARD, None)


def side_of(st: State, power: str) -> str | None:
    s: str | None = st.g["sides"].get(power)
    return s


def status_of(st: State, power: str) -> str:
    """8.1: a power's diplomatic status (at_war, neutral, allied, forced_peace, forced_alliance, protectorate,
    not_in_play)."""
    s: str = st.g["status"][power]
    return s


def major_of(st: State, power: str) -> str:
    """The major power whose supply a power's units use (13.2, 13.3)."""
    m: str = st.g["ally_of"].get(power, power)
    return m


def controller(st: State, zone: str) -> str | None:
    """Side controlling a zone, or None when it is open to all (3.2: no fortress, port or city)."""
    power = st.g["control"].get(zone)
    return None if power is None else side_of(st, power)


def owner(st: State, zone: str) -> str:
    """The power whose National Territory holds ``zone``: the map's owner, unless its province was annexed (20.3
    set-up, 18.1, 18.2.2: ``territory``)."""
    z = data().map.zones[zone]
    territory: dict[str, str] = st.g.get("territory") or {}
    return territory.get(z.province, z.owner)


def follow_sides(st: State, powers: list[str]) -> None:
    """A force fights for the side of its nation (its commander's, or its lone unit's): when these powers change
    side -- a declaration of war (7.1), a forced peace once its redeployments are done, its end (8.1.3, 18.2) --
    their forces follow; a neutral's are at war with nobody (side None, 8.1.1)."""
    taken = set(st.g.get("expeditions", []))  # 40F: the forced ally's units the Empire controls stay its own
    for fid, f in st.g["forces"].items():
        if f["power"] in powers and not set(f["units"]) <= taken:
            set_force_side(st, fid, st.g["sides"].get(f["power"]))
            if f["side"] is None:  # 15.2: a power at war with nobody besieges nobody
                for zone in [z for z, fort in st.g["fortresses"].items() if fort["besieger"] == fid]:
                    set_fortress(st, zone, besieger=None, siege=None)


def grand_campaign(st: State) -> bool:
    """A scenario with a victory level and years of interphases (20.2, 20.3), not the one-year 1815 game."""
    return data().scenarios[st.g["scenario"]].header.victory_level is not None


def is_neutral_ground(st: State, zone: str) -> bool:
    """12.1: a neutral's zone may never be entered."""
    power = st.g["control"].get(zone) or owner(st, zone)
    return st.g["sides"].get(power) is None


def limited_ok(units: dict[str, int], zone: str) -> bool:
    """Militia and National Guard (limited movement) never leave their own territory (glossary Milices)."""
    owner = data().map.zones[zone].owner
    return all(not unit(u).limited or unit(u).power == owner for u in units)


def combat_value(f: Force) -> int:
    """14.2: combat values of the engaged units, special units excluded."""
    facts = unit_facts()
    return sum(v for uid, v in f["units"].items() if not facts[uid].special)


def steps(f: Force) -> int:
    """Loss steps in the force: each unit's current value, a special unit counting one (10.1)."""
    return sum(f["units"].values())


def generals_of(f: Force) -> list[str]:
    out = ([f["commander"]] if f["commander"] else []) + list(f["subs"])
    if f["group"]:
        out += [f["group"]["commander"], *f["group"]["subs"]]
    return out


def subordinates(f: Force) -> list[str]:
    """The subordinate generals of the force's army, or of both armies of a group (14.5.6)."""
    return list(f["subs"]) + (list(f["group"]["subs"]) if f["group"] else [])


def drop_subordinate(f: Force, gid: str) -> None:
    """A subordinate leaves whichever army of the force he served in."""
    for subs in (f["subs"], f["group"]["subs"] if f["group"] else []):
        if gid in subs:
            subs.remove(gid)


def is_army(f: Force) -> bool:
    return f["army"] is not None


class Army(NamedTuple):
    """One army of a force (or the force itself when it has no Army marker): its marker, commander, subordinates
    and units with their values."""

    army: str | None
    commander: str | None
    subs: list[str]
    units: dict[str, int]


def armies(f: Force) -> list[Army]:
    """The force as armies: one, or the two of a group of armies (6.1), the leading army first."""
    if not f["group"]:
        return [Army(f["army"], f["commander"], f["subs"], f["units"])]
    g = f["group"]
    second = {u: v for u, v in f["units"].items() if u in g["units"]}
    first = {u: v for u, v in f["units"].items() if u not in g["units"]}
    return [Army(f["army"], f["commander"], f["subs"], first), Army(g["army"], g["commander"], g["subs"], second)]


def army_demoralized(f: Force, index: int) -> bool:
    """14.9.3: is army ``index`` of the force (see ``armies``) demoralized? Each army of a group keeps its own."""
    return bool(f["group"]["demoralized"][index]) if f["group"] else bool(f["demoralized"])


def set_demoralized(f: Force, value: bool, index: int | None = None) -> None:
    """Demoralize or rally the force (``index``: one army of a group). 14.9.3: a group fighting together suffers
    the penalties only if its demoralized army holds more of the steps than the other."""
    if not f["group"]:
        f["demoralized"] = value
        return
    flags = f["group"]["demoralized"]
    for i in range(2):
        if index is None or index == i:
            flags[i] = value
    refresh_group(f)


def refresh_group(f: Force) -> None:
    """14.9.3: a group's own flag, after its armies' flags or steps changed."""
    if f["group"]:
        steps = [sum(a.units.values()) for a in armies(f)]
        flags = f["group"]["demoralized"]
        f["demoralized"] = sum(s for s, d in zip(steps, flags, strict=True) if d) * 2 > sum(steps)


def demoralized_armies(f: Force) -> list[int]:
    """The armies of the force (see ``armies``) that are demoralized."""
    return [i for i in range(len(armies(f))) if army_demoralized(f, i)]


def initiative(f: Force) -> int:
    """9.1: a force led by a general costs his initiative, a group of two armies one more (3 at most); a lone unit
    costs 1 AP."""
    if not f["commander"]:
        return 1
    own = general(f["commander"]).initiative
    return min(3, own + 1) if f["group"] else own


def base_mf(f: Force) -> int:
    """12.1: the lowest printed MF among the force's units."""
    return min(unit(uid).mf for uid in f["units"])


def name_of(st: State, fid: str) -> str:
    """How a force reads in prompts: its commander (and army), or its lone unit."""
    f = force(st, fid)
    if f["commander"]:
        text = general(f["commander"]).name
        if f["army"]:
            text += f" ({data().counters.armies[f['army']].name})"
        if f["group"]:
            g = f["group"]
            text += f" and {general(g['commander']).name} ({data().counters.armies[g['army']].name})"
        return text
    return unit_name(next(iter(f["units"])))


def zone_name(zone: str) -> str:
    return data().map.zones[zone].name


def new_force(st: State, side: str | None, power: str, zone: str, commander: str | None = None, army: str | None = None,
              subs: list[str] | None = None, units: dict[str, int] | None = None,
              depots: list[str] | None = None) -> str:
    """Put a new force on the map and return its id; ``side`` None: a neutral's force (8.1.1), at war with nobody."""
    fid = f"f{st.g['next_force']}"
    st.g["next_force"] += 1
    add_force(st, fid, {
        "side": side, "power": power, "zone": zone, "commander": commander, "army": army,
        "subs": list(subs or []), "units": dict(units or {}), "depots": list(depots or []),
        "demoralized": False, "unsupplied": False, "in_fortress": False, "group": None,
    })
    return fid


def remove_force(st: State, fid: str, rule: str, why: str) -> None:
    """A force leaves the map: its generals go to the reserve, which in 1815 means out of play (10.3, 14.10)."""
    f = take_force(st, fid)
    for gid in generals_of(f):
        st.g["removed"].append(gid)
    for uid in f["units"]:
        st.g["reserve"]["units"].append(uid)
    gone = ", ".join(general(g).name for g in generals_of(f))
    st.note(f"{why}" + (f"; {gone} leave(s) the map" if gone else ""), rule=rule)
    for zone, fort in st.g["fortresses"].items():
        if fort["besieger"] == fid:
            set_fortress(st, zone, besieger=None, siege=None)


def take_depot(f: Force, power: str | None = None) -> str:
    """Remove one mobile depot from the force, of ``power`` if given (13.4), else the one least useful to its
    commander (another nation's first); returns its power."""
    own = general(f["commander"]).power if f["commander"] else f["power"]
    depot = power if power is not None else sorted(f["depots"], key=lambda p: (p == own, p))[0]
    f["depots"].remove(depot)
    return depot


def lose_step(st: State, fid: str, uid: str) -> bool:
    """One loss on a unit: full -> reduced, reduced (or one-sided) -> eliminated. True if it was eliminated."""
    f = force(st, fid)
    u = unit(uid)
    if f["units"][uid] == u.steps and u.reduced is not None:
        f["units"][uid] = u.reduced
        return False
    eliminate(st, f, uid)
    return True


def eliminate(st: State, f: Force, uid: str) -> None:
    """The unit leaves the map for the reserve of units to build."""
    del f["units"][uid]
    if f["group"] and uid in f["group"]["units"]:
        f["group"]["units"].remove(uid)
    st.g["reserve"]["units"].append(uid)


def check_force(st: State, fid: str, rule: str) -> None:
    """A force with no combat value left is gone; a general alone returns to the reserve (10.3, 12.2.1). In a group
    of armies, an army without combat units leaves: its marker, generals and special units (2.1) go (2.3)."""
    f = st.g["forces"].get(fid)
    if f is None:
        return
    if combat_value(f) == 0:
        who = general(f["commander"]).name if f["commander"] else "The force"
        remove_force(st, fid, rule, f"{who} has no combat unit left")
        return
    if not f["group"]:
        return
    for i, a in enumerate(armies(f)):
        if combat_value({"units": a.units}) == 0:
            dissolve_army(st, fid, i, rule)
            return
    refresh_group(f)


def dissolve_army(st: State, fid: str, index: int, rule: str) -> None:
    """An army of a group of armies leaves the map (no combat unit left, or no general to lead it): its units,
    generals and special units go, and the other army is the force (2.1, 2.3, 10.3)."""
    f = force(st, fid)
    gone = armies(f)[index]
    keep = armies(f)[1 - index]
    for uid in gone.units:
        eliminate(st, f, uid)
    st.g["removed"] += [g for g in [gone.commander, *gone.subs] if g]
    demoralized = army_demoralized(f, 1 - index)
    f.update(army=keep.army, commander=keep.commander, subs=list(keep.subs), group=None, demoralized=demoralized)
    f["power"] = general(keep.commander).power if keep.commander else f["power"]
    st.note(f"{data().counters.armies[gone.army].name if gone.army else 'An army'} leaves the group of armies and "
            "the map", rule=rule)


def lasting_card_effects(st: State) -> list[dict[str, Any]]:
    """Combat cards whose effects outlast their battle (43F, 25C attrition modifiers), kept in ``st.g["card_effects"]``
    as {card, side, fid (the force that played it), round, turn}."""
    out: list[dict[str, Any]] = st.g.setdefault("card_effects", [])
    return out
