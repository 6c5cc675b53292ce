"""13 Supply: sources, supply lines of links at most 2 MP apart, the Unsupplied marker and attrition tests."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards
from grognard.games.nae.schema.scenario import RoyalistSupply


@dataclass(frozen=True)
class Graph:
    """Static land graph: for each zone its neighbours and the MP to enter them (12.1, 13.3)."""

    outbound: dict[str, tuple[tuple[str, int], ...]]  # zone -> (neighbour, MP to enter it from zone)
    poor: frozenset[str]
    # zone -> every path of at most the link limit in MP out of it: (end zone, MP, zones crossed on the way)
    reach: dict[str, tuple[tuple[str, int, tuple[str, ...]], ...]]


@cache
def graph() -> Graph:
    m = S.data().map
    outbound: dict[str, list[tuple[str, int]]] = {z: [] for z in m.zones}
    for z in m.zones:
        for n in m.neighbours(z):
            cost = m.enter_cost(z, n)
            if cost is None or m.feature_of(z, n).blocks_supply:
                continue  # 13.3: no line across a mountain without pass; the desert link is not traced here
            outbound[z].append((n, cost))
    limit = link_limit()
    reach: dict[str, list[tuple[str, int, tuple[str, ...]]]] = {z: [] for z in m.zones}

    def walk(start: str, here: str, d: int, crossed: tuple[str, ...]) -> None:
        for there, cost in outbound[here]:
            if d + cost <= limit and there != start and there not in crossed:
                reach[start].append((there, d + cost, crossed))
                walk(start, there, d + cost, (*crossed, there))

    for z in m.zones:
        walk(z, z, 0, ())
    return Graph({z: tuple(v) for z, v in outbound.items()}, frozenset(z.id for z in m.zones.values() if z.poor),
                 {z: tuple(v) for z, v in reach.items()})


def _blocked(st: State, side: str) -> set[str]:
    """13.3: zones a line of ``side`` cannot cross: enemy units (unless besieged), unbesieged enemy fortresses,
    enemy-controlled zones, neutral ground."""
    enemy = S.other(side)
    sides = st.g["sides"]
    out = {f["zone"] for f in st.g["forces"].values() if f["side"] == enemy and not f["in_fortress"]}
    out.update(zone for zone, power in st.g["control"].items() if sides.get(power) != side)
    return out


def _sources_and_links(st: State, power: str) -> tuple[list[str], set[str]]:
    side = S.side_of(st, power)
    m = S.data().map
    sources = []
    links = set()
    control, sides = st.g["control"], st.g["sides"]
    for zone, fort in st.g["fortresses"].items():
        if not fort["active"] or fort["siege"] is not None or sides.get(control.get(zone)) != side:
            continue
        links.add(zone)
        owner = m.zones[zone].owner
        if owner == power or (st.g["ally_of"].get(owner) == power and m.zones[zone].capital == owner):
            sources.append(zone)  # 13.2: own NT fortresses, allied minors' fortress capitals
    capital = m.powers[power].capital
    if capital and S.controller(st, capital) == side and capital not in sources:
        sources.append(capital)
    for d in st.g["fixed_depots"]:
        if d["power"] == power:
            links.add(d["zone"])
    return sorted(sources), links


def link_limit() -> int:
    return int(S.data().tables.constants["supply_link_max_mp"].value)


_TRACED: dict[tuple[object, ...], tuple[dict[str, int], frozenset[str]]] = {}
_TRACED_MAX = 512  # supply networks kept; a game revisits few distinct positions of what supply reads


def supply_key(st: State, power: str) -> tuple[object, ...]:
    """Everything a supply trace reads from the state (13.2-13.3): sides, alliances, control, fortresses, fixed
    depots and where enemy forces stand outside fortresses. Equal keys give equal networks."""
    g = st.g
    side = g["sides"].get(power)
    return (power, tuple(g["sides"].items()), tuple(g["ally_of"].items()), tuple(g["control"].items()),
            tuple((f["active"], f["siege"] is None) for f in g["fortresses"].values()),
            tuple((d["zone"], d["power"]) for d in g["fixed_depots"]),
            tuple(sorted({f["zone"] for f in g["forces"].values() if f["side"] != side and not f["in_fortress"]})))


def supply_distances(st: State, power: str) -> tuple[dict[str, int], frozenset[str]]:
    """For ``power`` (a major): each zone a supply line reaches, with the MP from the nearest link of the
    network (links at most 2 MP apart back to a source, 13.2-13.3); and the zones no line may cross.

    Traced once per position (keyed on what the trace reads); callers must not modify the results."""
    key = supply_key(st, power)
    hit = _TRACED.get(key)
    if hit is None:
        if len(_TRACED) >= _TRACED_MAX:
            _TRACED.clear()
        hit = _TRACED[key] = trace_supply(st, power)
    return hit


def trace_supply(st: State, power: str) -> tuple[dict[str, int], frozenset[str]]:
    """The supply trace itself (see ``supply_distances``)."""
    side = S.side_of(st, power)
    if side is None:
        return {}, frozenset()
    g = graph()
    blocked = _blocked(st, side)
    sources, links = _sources_and_links(st, power)
    best: dict[str, int] = {}
    network = set(sources)
    queue = list(sources)
    while queue:
        start = queue.pop()
        best[start] = 0
        for there, d, crossed in g.reach[start]:
            if crossed and not blocked.isdisjoint(crossed):
                continue  # a line may end in a blocked zone (a battle there) but not cross it
            if d < best.get(there, d + 1):
                best[there] = d
            if there in links and there not in network and there not in blocked:
                network.add(there)
                queue.append(there)
    return best, frozenset(blocked)


def supplied_zones(st: State, power: str) -> set[str]:
    """Zones where a force of ``power`` (a major) is supplied."""
    return set(supply_distances(st, power)[0])


def royalist_rule(st: State, power: str) -> RoyalistSupply | None:
    """20.1: the royalist rising's own supply rule, if this power has one."""
    for rule in S.data().scenarios[st.g["scenario"]].rules.values():
        if isinstance(rule, RoyalistSupply) and rule.power == power:
            return rule
    return None


def force_supplied(st: State, fid: str, cache_: dict[str, set[str]] | None = None, via: str | None = None) -> bool:
    """Is the force supplied where it stands? ``via``: 14.5.4, an attacker's line runs through its entry zone."""
    f = S.force(st, fid)
    where = f["zone"]
    if f["in_fortress"]:
        fort = st.g["fortresses"].get(f["zone"])
        if fort is not None and fort["siege"] is not None:
            return False  # 13.3: a besieged fortress is no link (sea supply lines are not traced)
    rule = royalist_rule(st, f["power"])
    if rule is not None:
        return S.data().map.zones[where].province in rule.provinces  # 20.1 royalist supply
    major = S.major_of(st, f["power"])
    if via is not None:
        dist, blocked = supply_distances(st, major)
        cost = S.data().map.enter_cost(via, where)
        return via in dist and via not in blocked and cost is not None and dist[via] + cost <= link_limit()
    if cache_ is None:
        return where in supplied_zones(st, major)
    if major not in cache_:
        cache_[major] = supplied_zones(st, major)
    return where in cache_[major]


def update_supply(st: State, rule: str = "13.1") -> None:
    """Place or remove Unsupplied markers on every force (13.1)."""
    cache_: dict[str, set[str]] = {}
    for fid, f in st.g["forces"].items():
        ok = force_supplied(st, fid, cache_)
        if f["unsupplied"] == ok:
            f["unsupplied"] = not ok
            st.note(f"{S.name_of(st, fid)} in {S.zone_name(f['zone'])} is {'now supplied' if ok else 'unsupplied'}",
                    rule=rule)


# 13.6 Attrition ---------------------------------------------------------------------------------------------


def attrition_mods(st: State, fid: str, *, forced_march: int = 0, poor: bool = False, winter: bool = False,
                   national: bool = False, extra: list[tuple[str, int]] | None = None) -> list[tuple[str, int]]:
    """13.6.2 modifiers for a test on force ``fid``; depot spending is added by the test step."""
    t = S.data().tables
    f = S.force(st, fid)
    mods: list[tuple[str, int]] = []
    if forced_march:
        mods.append((f"forced march {forced_march} MP", t.attrition_modifier("forced_march") * forced_march))
    if poor:
        mods.append(("poor zone", t.attrition_modifier("poor_zone")))
    if winter:
        mods.append(("winter", t.attrition_modifier("winter")))
    if national:
        mods.append(("inside its National Territory", t.attrition_modifier("national_territory")))
    mods += nationality_mods(f)
    if f["demoralized"]:
        mods.append(("demoralized", t.attrition_modifier("demoralised")))
    return mods + cards.attrition_card_mods(st, fid, forced_march) + list(extra or [])


def nationality_mods(f: S.Force) -> list[tuple[str, int]]:
    """13.6.2: all-French -2, mostly French -1, all-Russian -1 (steps of combat units)."""
    t = S.data().tables
    total = sum(f["units"].values())
    by_power: dict[str, int] = {}
    for uid, v in f["units"].items():
        by_power[S.unit(uid).power] = by_power.get(S.unit(uid).power, 0) + v
    french = by_power.get("france", 0)
    if total and french == total:
        return [("all French", t.attrition_modifier("all_french"))]
    if french * 2 > total:
        return [("mostly French", t.attrition_modifier("mostly_french"))]
    if total and by_power.get("russia", 0) == total:
        return [("all Russian", t.attrition_modifier("all_russian"))]
    return []


def first_loss_power(f: S.Force) -> str | None:
    """EN 13.6: a majority bonus means the first loss is taken from that nationality."""
    mods = nationality_mods(f)
    if mods and mods[0][0] == "mostly French":
        return "france"
    return None


def push_attrition(st: State, fid: str, mods: list[tuple[str, int]], why: str, rule: str = "13.6") -> None:
    """Queue an attrition test; the owner first decides whether to spend a mobile depot (13.4)."""
    st.push("attrition", fid=fid, mods=[list(m) for m in mods], why=why, rule=rule, depot=False)
    f = S.force(st, fid)
    if f["depots"] > 0 and f["commander"]:
        st.push("attrition.depot", fid=fid, side=f["side"])


class AttritionDepot:
    """13.4: spend a mobile depot of the force for -2 on its attrition test."""

    name: ClassVar[str] = "attrition.depot"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.name_of(st, f['fid'])} must test attrition: spend one of its mobile depots for -2?"

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("depot", None), ("keep", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "depot":
            S.force(st, f["fid"])["depots"] -= 1
            st.note(f"{S.name_of(st, f['fid'])} spends a mobile depot", rule="13.4")
        st.pop(depot=action[0] == "depot")


class Attrition:
    """13.6.2: 1d6 + modifiers on the column of the force's steps; "*" rolls again for one more loss."""

    name: ClassVar[str] = "attrition"

    def run(self, st: State, f: Frame) -> None:
        fid = f["fid"]
        if fid not in st.g["forces"]:
            st.pop()
            return
        t = S.data().tables
        force = S.force(st, fid)
        mods = [(str(a), int(b)) for a, b in f["mods"]]
        if f["depot"]:
            mods.append(("depot spent", t.attrition_modifier("depot_spent")))
        n = S.steps(force)
        roll = st.roll(1, rule=f["rule"], why=f"Attrition of {S.name_of(st, fid)} ({n} steps, {f['why']})", mods=mods,
                       table=lambda total: (f"column {t.attrition_column(n).id}: {t.attrition(n, total).label}",
                                            t.attrition(n, total)))
        losses = roll.result.losses
        if roll.result.star:
            extra = st.roll(1, rule="13.6.2", why="Attrition extra die",
                            table=lambda d: ("one more loss" if t.attrition_extra_loss(d) else "no extra loss",
                                             t.attrition_extra_loss(d)))
            losses += 1 if extra.result else 0
        st.pop()
        if losses:
            from grognard.games.nae.rules.battle import push_losses

            push_losses(st, fid, losses, rule="13.6.2", why="attrition", first_power=first_loss_power(force))


STEPS = (AttritionDepot(), Attrition())
