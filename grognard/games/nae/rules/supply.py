"""13 Supply: sources, supply lines of links at most 2 MP apart on land and of any length by sea (between ports
free of blockade, never across a sea zone held by enemy fleets alone: 13.3, 17.2.6; nor, on land, across a strait
whose sea zone they hold), the Unsupplied marker and attrition tests."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import chain, compress
from operator import getitem, not_
from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, forced, naval
from grognard.games.nae.schema.scenario import RoyalistSupply
from grognard.games.nae.schema.tables import AttritionColumn

Step = tuple[str, int, tuple[Any, ...]]
"""One step of a path out of a zone: (zone entered, MP from the start, the steps that continue the path)."""


@dataclass(frozen=True)
class Graph:
    """Static graph of supply lines (12.1, 13.3): paths on land out of each zone, ports and sea zones.

    ``_trace`` handles sets of zones as the bits of an int (``bit``: zone -> its bit, in the map's order), whose
    unions and intersections cost a few machine words instead of a walk over each zone."""

    poor: frozenset[str]
    # zone -> the tree of paths of at most the link limit in MP out of it, no zone twice on a path, each step's MP
    # those of moving the other way, toward the zone (13.3: a line is counted from the force to the relay)
    reach: dict[str, tuple[Step, ...]]
    # the same trees flattened in depth-first order for ``_trace``: (zone, MP, index just past its subtree)
    flat: dict[str, tuple[tuple[str, int, int], ...]]
    # the zones of each tree, and those at each least MP (``by_mp``): a tree with no blocked zone is taken whole
    near: dict[str, tuple[int, int]]
    ports: dict[str, tuple[str, ...]]  # port -> the sea zones it opens onto (13.3 sea lines)
    seas: dict[str, tuple[str, ...]]  # sea zone -> adjacent sea zones
    bit: dict[str, int]
    zone_at: tuple[str, ...]  # bit number -> zone
    width: int  # bits of one set of zones; zones at d MP are shifted by d times this in one int (``by_mp``)
    # byte i of a set of zones -> that byte's value -> the zones of its bits (``zones_of``)
    by_byte: tuple[tuple[tuple[str, ...], ...], ...]

    def bits(self, zones: Iterable[str]) -> int:
        bit = self.bit
        out = 0
        for z in zones:
            out |= bit[z]
        return out

    def at_mp(self, by_mp: int, d: int) -> int:
        """The zones at ``d`` MP among zones by MP packed in one int."""
        return by_mp >> d * self.width & (1 << self.width) - 1

    def zones_of(self, bits: int) -> Iterator[str]:
        """The zones of a set of bits, looked up a byte at a time (in C: no Python loop over the zones)."""
        return chain.from_iterable(map(getitem, self.by_byte, bits.to_bytes(len(self.by_byte), "little")))


@cache
def graph() -> Graph:
    m = S.data().map
    outbound: dict[str, list[tuple[str, int]]] = {z: [] for z in m.zones}
    for z in m.zones:
        for n in m.neighbours(z):
            cost = link_cost(n, z)  # 14.5.4 example: "2 PM pour le marais + 1 PM pour la zone de Thorn"
            if cost is None:
                continue  # 13.3: no line across a mountain without pass
            outbound[z].append((n, cost))
    limit = link_limit()

    def walk(here: str, d: int, path: tuple[str, ...]) -> tuple[Step, ...]:
        return tuple((there, d + cost, walk(there, d + cost, (*path, there))) for there, cost in outbound[here]
                     if d + cost <= limit and there not in path)

    reach = {z: walk(z, 0, (z,)) for z in m.zones}
    flat = {z: _flatten(tree) for z, tree in reach.items()}
    order = list(m.zones)
    bit = {z: 1 << i for i, z in enumerate(order)}
    width = 8 * len(order[::8])
    by_byte = tuple(tuple(tuple(order[8 * i + j] for j in range(8) if b >> j & 1 and 8 * i + j < len(order))
                          for b in range(256)) for i in range(width // 8))
    return Graph(frozenset(z.id for z in m.zones.values() if z.poor), reach, flat,
                 {z: _bits_by_mp(_least(steps), bit, width) for z, steps in flat.items()},
                 {z.id: z.seas for z in m.ports()}, {s.id: s.adjacent for s in m.seas.values()}, bit, tuple(order),
                 width, by_byte)


def link_cost(src: str, dst: str) -> int | None:
    """13.3: the MP a supply line counts from ``src`` into adjacent ``dst`` (12.1 costs), None where no line crosses
    (a mountain without pass). « Exception : la ligne existe entre les zones d'Alexandretta et d'Acre bien qu'il
    faille un round de mouvement pour se déplacer entre les deux cases »: across that whole-MF link the line counts
    the zone entered, as across an open border."""
    m = S.data().map
    feature = m.feature_of(src, dst)
    if feature.blocks_supply:
        return None
    cost = m.enter_cost(src, dst)
    return m.terrains[m.zones[dst].terrain].mp + feature.mp if cost is None and feature.whole_mf else cost


@cache
def straits() -> dict[str, tuple[tuple[str, str], ...]]:
    """Zone -> (zone across, sea zone) of each strait out of it that enemy fleets may close (12.1, 13.3)."""
    m = S.data().map
    out: dict[str, list[tuple[str, str]]] = {}
    for b in m.borders:
        if b.sea is not None and not b.always_open:
            out.setdefault(b.a, []).append((b.b, b.sea))
            out.setdefault(b.b, []).append((b.a, b.sea))
    return {z: tuple(v) for z, v in out.items()}


def _flatten(tree: tuple[Step, ...]) -> tuple[tuple[str, int, int], ...]:
    out: list[tuple[str, int, int]] = []

    def visit(steps: tuple[Step, ...]) -> None:
        for there, d, further in steps:
            at = len(out)
            out.append((there, d, 0))
            visit(further)
            out[at] = (there, d, len(out))

    visit(tree)
    return tuple(out)


def _least(steps: tuple[tuple[str, int, int], ...]) -> dict[str, int]:
    least: dict[str, int] = {}
    for there, d, _ in steps:
        least[there] = min(d, least.get(there, d))
    return least


def _bits_by_mp(least: dict[str, int], bit: dict[str, int], width: int) -> tuple[int, int]:
    """Zones at their least MP -> (the bits of them all, ``by_mp``: those at d MP shifted by d times ``width``, so
    that one ``|`` adds a tree's zones at every distance)."""
    every = by_mp = 0
    for z, d in least.items():
        every |= bit[z]
        by_mp |= bit[z] << d * width
    return every, by_mp


@dataclass(frozen=True)
class Links:
    """What a major's network is built on, apart from where the enemy forces stand (13.2-13.3)."""

    sources: tuple[str, ...]
    links: frozenset[str]  # fortresses and fixed depots that may relay a line
    sea_ports: tuple[str, ...]  # sources and links that are ports, free of enemy control
    held: frozenset[str]  # zones no line may cross: enemy-controlled zones and neutral ground

    @cached_property
    def link_bits(self) -> int:
        return _bits_of(self.links)

    @cached_property
    def held_bits(self) -> int:
        return _bits_of(self.held)


_BITS: dict[frozenset[str], int] = {}


def _bits_of(zones: frozenset[str]) -> int:
    """``Graph.bits`` of a set of zones, remembered: the powers of a side share their held zones, and boards recur."""
    hit = _BITS.get(zones)
    if hit is None:
        if len(_BITS) >= _CACHE_MAX:
            _BITS.clear()
        hit = _BITS[zones] = graph().bits(zones)
    return hit


def _links(st: State, power: str) -> Links:
    """13.2 sources: own NT fortresses, the capital, allied minors' fortress capitals (a besieged or destroyed one
    is none); 13.3 links: active unbesieged fortresses of the side, fixed depots of the power; 13.3: a line cannot
    cross an enemy-controlled zone or neutral ground, but a besieged enemy fortress no longer blocks it.
    ``power`` a minor: its major's network, plus its own capital, fortress or not (13.2 "la capitale de son pays";
    only "la capitale d'un allié mineur" used by a major must be a fortress)."""
    side = S.side_of(st, power)
    own, power = power, S.major_of(st, power)
    m = S.data().map
    sources = []
    forts, held = _side_links(st, side)
    links = list(forts)
    territory = st.g.get("territory", {})
    for zone in forts:
        owner = territory.get(m.zones[zone].province, m.zones[zone].owner)  # 18.1, 18.2.2: annexed provinces
        if owner == power or (st.g["ally_of"].get(owner) == power and m.zones[zone].capital == owner):
            sources.append(zone)
    for capital in (m.powers[power].capital, m.powers[own].capital):
        fort = st.g["fortresses"].get(capital or "")
        if (capital and S.controller(st, capital) == side and capital not in sources
                and (fort is None or (fort["active"] and fort["siege"] is None))):
            sources.append(capital)
    links += [z for z in forced.relay_fortresses(st, side) if z not in links]  # 8.1.4: relays, never sources
    for d in st.g["fixed_depots"]:
        if d["power"] == power and d["zone"] not in links:
            links.append(d["zone"])
    ports = graph().ports
    sea_ports = tuple(z for z in (*sorted(sources), *links) if z in ports and z not in held)
    return Links(tuple(sorted(sources)), frozenset(links), sea_ports, held)


def _side_links(st: State, side: str | None) -> tuple[tuple[str, ...], frozenset[str]]:
    """What ``_links`` reads the same for every power of a side: its fortresses that may relay a line (active,
    unbesieged, 13.3) and the zones no line of it may cross (``Links.held``). Remembered per board: several powers
    of a side are traced on one board."""
    key = (side, S.board_key(st), forced.key(st))
    hit = _SIDES.get(key)
    if hit is None:
        control, sides = st.g["control"], st.g["sides"]
        forts = tuple(zone for zone, fort in st.g["fortresses"].items()
                      if fort["active"] and fort["siege"] is None and sides.get(control.get(zone)) == side)
        friends = {p for p, s in sides.items() if s == side} | forced.open_powers(st, side)  # 8.1.3, 8.1.4
        besieged = {zone for zone, fort in st.g["fortresses"].items() if fort["siege"] is not None}
        # zones of powers not of the side (mapped in C over every controlled zone), less the besieged fortresses
        held = frozenset(compress(control, map(not_, map(friends.__contains__, control.values())))) - besieged
        if len(_SIDES) >= _CACHE_MAX:
            _SIDES.clear()
        hit = _SIDES[key] = (forts, held)
    return hit


def link_limit() -> int:
    return int(S.data().tables.constants["supply_link_max_mp"].value)


@dataclass(frozen=True)
class Network:
    """A major's supply network (13.2-13.3): the MP from the nearest link of each zone a line reaches, the zones no
    line may cross, and the sea zones its sea lines reach."""

    dist: dict[str, int]
    blocked: frozenset[str]
    seas: frozenset[str]


_LINKS: dict[tuple[object, ...], Links] = {}
_SIDES: dict[tuple[object, ...], tuple[tuple[str, ...], frozenset[str]]] = {}
_TRACED: dict[tuple[object, ...], Network] = {}
_CACHE_MAX = 512  # entries kept in each cache; a game revisits few distinct positions of what supply reads


def links_key(st: State, power: str) -> tuple[object, ...]:
    """Everything ``_links`` reads from the state (``S.board_key``, annexed provinces included, 18.2.2): equal bytes
    are equal data, so an equal key always means an equal network (the fortresses' levels and besiegers make it finer
    than needed, never coarser)."""
    return power, S.board_key(st), forced.key(st)


def blocked_by(st: State, side: str | None, avoid: str | tuple[str, ...] | None = None) -> tuple[str, ...]:
    """13.3: zones holding forces of the other side outside a fortress (and ``avoid``: one zone or several)."""
    zones = S.enemy_zones(st, side)
    shared = forced.shared_zones(st, zones, side)  # 8.1.3: the loser's forces do not block its conqueror
    if shared:
        zones = tuple(z for z in zones if z not in shared)
    extra = [z for z in ((avoid,) if isinstance(avoid, str) else avoid or ()) if z not in zones]
    return tuple(sorted({*zones, *extra})) if extra else zones


def supply_network(st: State, power: str, avoid: str | tuple[str, ...] | None = None) -> Network:
    """The supply network of ``power`` (a major, or a minor: 13.2), traced once per position (keyed on everything
    the trace reads: ``links_key`` and the enemy forces' zones; equal keys give equal networks); callers must not
    modify it.
    ``avoid``: a zone (or zones) no line may cross either (13.3: those enemy forces came from into a battle)."""
    side = S.side_of(st, power)
    if side is None:
        return Network({}, frozenset(), frozenset())  # a power out of play has no network
    base = links_key(st, power)
    links = _LINKS.get(base)
    if links is None:
        if len(_LINKS) >= _CACHE_MAX:
            _LINKS.clear()
        links = _LINKS[base] = _links(st, power)
    enemies = blocked_by(st, side, avoid)
    # The trace reads the enemies only as blocked zones: keyed on those not held anyway, an enemy force moving
    # within zones its side controls traces nothing again; and the board only through ``links``: a change of the
    # board elsewhere (a siege level, a control the side does not see) traces nothing again either.
    sea = naval.sea_blocks(st, side)
    held = links.held
    key = (links, tuple(z for z in enemies if z not in held), sea)
    hit = _TRACED.get(key)
    if hit is None:
        if len(_TRACED) >= _CACHE_MAX:
            _TRACED.clear()
        hit = _TRACED[key] = _trace(links, enemies, sea)
    return hit


def sea_reach(seas: list[str], closed: frozenset[str] = frozenset()) -> set[str]:
    """13.3: the sea zones a sea line reaches from ``seas``, at unlimited length, never through the ``closed`` ones
    (held by enemy fleets alone)."""
    g = graph()
    out = {sea for sea in seas if sea not in closed}
    todo = list(out)
    while todo:
        for there in g.seas[todo.pop()]:
            if there not in out and there not in closed:
                out.add(there)
                todo.append(there)
    return out


def trace_supply(st: State, power: str) -> Network:
    """A fresh trace of the network of ``power``, bypassing the caches of networks."""
    side = S.side_of(st, power)
    if side is None:
        return Network({}, frozenset(), frozenset())
    return _trace(_links(st, power), blocked_by(st, side), naval.sea_blocks(st, side))


_OPEN: dict[tuple[str, int, frozenset[str]], tuple[int, int]] = {}
_NOWHERE: frozenset[str] = frozenset()


def _open_tree(start: str, cut: int, shut: frozenset[str]) -> tuple[int, int]:
    """The tree of paths out of ``start`` when the zones ``cut`` (bits, of that tree) are blocked and the straits
    to the zones ``shut`` closed, as ``Graph.near`` gives a whole one: the zones it may relay through (a line may
    end in a blocked zone but not cross it, 13.3), and every zone it reaches at each least MP. Remembered: it
    depends on the static graph and its arguments only."""
    key = (start, cut, shut)
    hit = _OPEN.get(key)
    if hit is None:
        least: dict[str, int] = {}
        g = graph()
        bit, paths = g.bit, g.flat[start]
        i, end, first = 0, len(paths), 0  # first: the index of the next first step out of ``start``
        while i < end:
            there, d, past = paths[i]
            if i == first:
                first = past
                if there in shut:
                    i = past
                    continue
            least[there] = min(d, least.get(there, d))
            i = past if bit[there] & cut else i + 1
        if len(_OPEN) >= _CACHE_MAX * 16:
            _OPEN.clear()
        every, by_mp = _bits_by_mp(least, bit, g.width)
        hit = _OPEN[key] = (every & ~cut, by_mp)
    return hit


def _trace(links: Links, enemies: tuple[str, ...],
           sea: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())) -> Network:
    """The supply trace (13.2-13.3). Land: links at most 2 MP apart back to a source. Sea: from a port of the
    network, lines run to every port on a sea zone they reach; only unbesieged ports with an active fortress or a
    fixed depot (or a source) are links of a sea route. Land and sea segments combine. ``sea``: the sea zones held
    by enemy fleets alone and the blockaded ports (``naval.sea_blocks``), which no sea line uses (13.3, 17.2.6)."""
    g = graph()
    bit, zone_at, near, ports = g.bit, g.zone_at, g.near, g.ports
    blocked = links.held.union(enemies)
    blocked_bits = links.held_bits | g.bits(enemies)
    closed, blockaded = sea
    strait = straits() if closed else {}
    link_bits = links.link_bits
    sea_ports = [z for z in links.sea_ports if z not in blocked and z not in blockaded]
    seas: set[str] = set()
    at = 0  # the zones at each MP from a link, as ``Graph.near``'s ``by_mp`` (0 MP: the network, taken last)
    network = g.bits(links.sources)
    queue = list(links.sources)
    while queue:
        start = queue.pop()
        if blocked_bits & bit[start]:
            continue  # 13.3: a source where enemy units stand supplies its own zone (a battle there), no further
        if start in ports and start not in blockaded and not seas.issuperset(ports[start]):
            seas |= sea_reach([z for z in ports[start] if z not in seas], closed)
            for port in sea_ports:
                if not network & bit[port] and not seas.isdisjoint(ports[port]):
                    network |= bit[port]
                    queue.append(port)
        zones, by_mp = near[start]
        cut = blocked_bits & zones
        # 13.3: « Les détroits bloquent les lignes de ravitaillement si la zone maritime est contrôlée par des
        # flottes du camp adverse »; a strait (2 MP at least) is only ever the first step of a path
        shut = frozenset(there for there, sea_zone in strait[start] if sea_zone in closed) if start in strait \
            else _NOWHERE
        if cut or shut:  # some paths are closed: the open part of the tree, walked once per such case
            zones, by_mp = _OPEN.get((start, cut, shut)) or _open_tree(start, cut, shut)
        at |= by_mp
        new = zones & link_bits & ~network
        network |= new
        while new:  # a few links at most: bit by bit
            low = new & -new
            queue.append(zone_at[low.bit_length() - 1])
            new ^= low
    best: dict[str, int] = {}
    for d in reversed(range(1, link_limit() + 1)):  # the least distance of each zone last
        best.update(dict.fromkeys(g.zones_of(g.at_mp(at, d)), d))
    best.update(dict.fromkeys(g.zones_of(network), 0))  # every link reached, each the start of its own paths
    return Network(best, blocked, frozenset(seas))


def supplied_zones(st: State, power: str) -> set[str]:
    """Zones where a force of ``power`` (a major) is supplied."""
    return set(supply_network(st, power).dist)


def royalist_rule(st: State, power: str) -> RoyalistSupply | None:
    """20.1: the royalist rising's own supply rule, if this power has one."""
    return _royalist_rules(st.g["scenario"]).get(power)


@cache
def _royalist_rules(scenario: str) -> dict[str, RoyalistSupply]:
    rules = [r for r in S.data().scenarios[scenario].rules.values() if isinstance(r, RoyalistSupply)]
    return {r.power: r for r in reversed(rules)}  # the first rule of a power, as a scan would find it


def royalist_network(st: State, rule: RoyalistSupply) -> Network:
    """20.1: outside its provinces a royalist force's source must be a controlled port with a depot of
    ``fallback_depot_power`` (British); the line to it is an ordinary one over that major's links (13.3)."""
    side = S.side_of(st, rule.power)
    if side is None:
        return Network({}, frozenset(), frozenset())
    # keyed on the rising too: its side picks the depots that are sources, and another rising may share the depots
    base = ("royalist", rule.power, *links_key(st, rule.fallback_depot_power))
    sea = naval.sea_blocks(st, side)
    key = (base, blocked_by(st, side), sea)
    hit = _TRACED.get(key)
    if hit is None:
        major = _links(st, rule.fallback_depot_power)
        ports = graph().ports
        sources = tuple(sorted({d["zone"] for d in st.g["fixed_depots"] if d["power"] == rule.fallback_depot_power
                                and d["zone"] in ports and S.controller(st, d["zone"]) == side}))
        sea_ports = tuple(z for z in (*sources, *major.sea_ports) if z not in major.held)
        if len(_TRACED) >= _CACHE_MAX:
            _TRACED.clear()
        hit = _TRACED[key] = _trace(Links(sources, major.links, sea_ports, major.held), key[1], sea)
    return hit


def force_supplied(st: State, fid: str, cache_: dict[str, Any] | None = None, via: str | None = None,
                   avoid: str | tuple[str, ...] | None = None) -> bool:
    """Is the force supplied where it stands? ``via``: 14.5.4, an attacker's line runs through its entry zone;
    ``avoid``: 13.3, a defender's line may not cross the zone(s) the attacking forces came from. ``cache_``: a dict the
    caller keeps while the position does not change (networks by power)."""
    f = S.force(st, fid)
    if f["side"] is None:
        return True  # 8.1.1: a neutral's forces, at war with nobody, stay at home and never lack supply
    where = f["zone"]
    rule = royalist_rule(st, f["power"])
    if rule is not None and S.data().map.zones[where].province in rule.provinces:
        return True  # 20.1 royalist supply
    # 13.2: a minor's force uses its major's network and its own capital
    net_power = f["power"] if rule is None else rule.power
    if avoid is not None:
        net = supply_network(st, net_power, avoid) if rule is None else royalist_network(st, rule)
    elif cache_ is not None and net_power in cache_:
        net = cache_[net_power]
    else:
        net = supply_network(st, net_power) if rule is None else royalist_network(st, rule)
        if cache_ is not None:
            cache_[net_power] = net
    if f["in_fortress"]:
        fort = st.g["fortresses"].get(where)
        if fort is not None and fort["siege"] is not None:
            # 13.3: a besieged fortress is no link, but a sea line supplies its defenders, « d'un port vers un autre
            # port, les 2 étant libres de blocus » (17.2.6: a blockade means « aucun ravitaillement par mer »)
            return (where not in naval.sea_blocks(st, f["side"])[1]
                    and not net.seas.isdisjoint(graph().ports.get(where, ())))
    if via is not None:
        cost = link_cost(where, via)  # 14.5.4: from the force back into its entry zone
        return via in net.dist and via not in net.blocked and cost is not None and net.dist[via] + cost <= link_limit()
    return where in net.dist


def update_supply(st: State, rule: str = "13.1") -> None:
    """Place or remove Unsupplied markers on every force (13.1)."""
    cache_: dict[str, Network] = {}
    for fid, f in st.g["forces"].items():
        ok = force_supplied(st, fid, cache_)
        if f["unsupplied"] == ok:
            f["unsupplied"] = not ok
            st.note(f"{S.name_of(st, fid)} in {S.zone_name(f['zone'])} is {'now supplied' if ok else 'unsupplied'}",
                    rule=rule)


# 13.6 Attrition ---------------------------------------------------------------------------------------------


def attrition_mods(st: State, fid: str, *, forced_march: int = 0, poor: bool = False, winter: bool = False,
                   national: bool = False, extra: list[tuple[str, int]] | None = None,
                   cards_apply: bool = True) -> list[tuple[str, int]]:
    """13.6.2 modifiers for a test on force ``fid``; depot spending and the nationality of the steps tested are
    added by the test step. ``cards_apply``: False at the end of the activation phase (5.2.1), which no card
    played in a round reaches (but the events lasting the year: 40C, 41C)."""
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
    if f["demoralized"]:
        mods.append(("demoralized", t.attrition_modifier("demoralised")))
    card_mods = cards.attrition_card_mods(st, fid, forced_march) if cards_apply else cards.year_attrition_mods(st, fid)
    return mods + card_mods + list(extra or [])


def nationality_mods(units: dict[str, int]) -> list[tuple[str, int]]:
    """13.6.2: all-French -2, mostly French -1, all-Russian -1 (steps of the units tested)."""
    t = S.data().tables
    total = sum(units.values())
    by_power: dict[str, int] = {}
    for uid, v in units.items():
        by_power[S.unit(uid).power] = by_power.get(S.unit(uid).power, 0) + v
    french = by_power.get("france", 0)
    if total and french == total:
        return [("all French", t.attrition_modifier("all_french"))]
    if french * 2 > total:
        return [("mostly French", t.attrition_modifier("mostly_french"))]
    if total and by_power.get("russia", 0) == total:
        return [("all Russian", t.attrition_modifier("all_russian"))]
    return []


def first_loss_power(units: dict[str, int]) -> str | None:
    """EN 13.6: a majority bonus means the first loss is taken from that nationality."""
    mods = nationality_mods(units)
    if mods and mods[0][0] == "mostly French":
        return "france"
    return None


def deciding_side(st: State, fid: str) -> str | None:
    """The side that decides for a force: its own; a neutral's force (side None: 8.1.1, a forced peace) is run by
    the side that manages its power (7.3.2, 7.5); None if nobody does."""
    from grognard.games.nae.rules import budget

    f = S.force(st, fid)
    return f["side"] or budget.manager(st, S.major_of(st, f["power"]))


def push_attrition(st: State, fid: str, mods: list[tuple[str, int]], why: str, rule: str = "13.6",
                   units: list[str] | None = None) -> None:
    """Queue an attrition test, one per army of a group of armies (13.6.2), on ``units`` if given (the activated
    steps: 13.6.2); the owner first decides whether to spend a mobile depot (13.4)."""
    f = S.force(st, fid)
    armies = [list(a.units) for a in S.armies(f)] if f["group"] else [list(f["units"])]
    parts = [[u for u in a if units is None or u in units] for a in armies]
    owner = deciding_side(st, fid)
    for among in reversed([p for p in parts if p]):
        st.push("attrition", fid=fid, mods=[list(m) for m in mods], why=why, rule=rule, depot=False, among=among)
        if owner is not None and spendable_depots(st, fid):
            st.push("attrition.depot", fid=fid, side=owner)


def spendable_depots(st: State, fid: str) -> list[str]:
    """13.4: the depots the force may spend on an attrition test: a mobile depot it carries, or a fixed depot in its
    zone, of its commanding general's nation ("mobile" / "fixed"); one per force and activation."""
    from grognard.games.nae.rules import activation

    f = S.force(st, fid)
    frame = activation.activation_frame(st)
    if not f["commander"] or (frame is not None and fid in frame["depots_spent"]):
        return []
    nation = S.major_of(st, S.general(f["commander"]).power)
    out = ["mobile"] if nation in f["depots"] else []
    if any(d["zone"] == f["zone"] and d["power"] == nation for d in st.g["fixed_depots"]):
        out.append("fixed")
    return out


class AttritionDepot:
    """13.4: spend a depot of the commander's nation, carried or fixed in the zone, for -2 on the attrition test."""

    name: ClassVar[str] = "attrition.depot"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.name_of(st, f['fid'])} must test attrition: spend a depot of its nation for -2?"

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("depot", kind) for kind in spendable_depots(st, f["fid"])] + [("keep", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        from grognard.games.nae.rules import activation

        verb, kind = action
        if verb == "depot":
            force = S.force(st, f["fid"])
            nation = S.major_of(st, S.general(force["commander"]).power)
            if kind == "mobile":
                S.take_depot(force, nation)
            else:
                S.remove_fixed_depot(st, force["zone"], nation)
            frame = activation.activation_frame(st)
            if frame is not None:
                frame["depots_spent"].append(f["fid"])
            st.note(f"{S.name_of(st, f['fid'])} spends a {kind} depot", rule="13.4")
        st.pop(depot=verb == "depot")


def _column_name(c: AttritionColumn) -> str:
    """13.6.2: a column of the attrition table as the play aid heads it, by the force's steps (« colonne 6-8 »)."""
    return f"column {c.steps_min}-{c.steps_max} steps" if c.steps_max is not None else f"column {c.steps_min}+ steps"


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
        units = {u: v for u, v in force["units"].items() if u in f["among"]}
        if not units:
            st.pop()  # that army of the group is gone
            return
        mods = [(str(a), int(b)) for a, b in f["mods"]] + nationality_mods(units)
        if f["depot"]:
            mods.append(("depot spent", t.attrition_modifier("depot_spent")))
        n = sum(units.values())
        who = _army_name(force, f["among"]) if force["group"] else S.name_of(st, fid)
        steps = f"{n} step{'' if n == 1 else 's'}"
        roll = st.roll(1, rule=f["rule"], why=f"Attrition of {who} ({steps}, {f['why']})", mods=mods,
                       table=lambda total: (f"{_column_name(t.attrition_column(n))}: {t.attrition(n, total).label}",
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

            push_losses(st, fid, losses, rule="13.6.2", why="attrition", first_power=first_loss_power(units),
                        among=f["among"])


def _army_name(force: S.Force, among: list[str]) -> str:
    """The army of a group whose units are ``among`` (13.6.2: each army tests apart)."""
    a = next(a for a in S.armies(force) if not set(a.units).isdisjoint(among))
    return f"{S.general(a.commander).name}'s army" if a.commander else "an army"


STEPS = (AttritionDepot(), Attrition())
