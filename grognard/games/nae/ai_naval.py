"""How a computer plays the naval war (17) in the grand campaigns: each rule a small named function with its reason,
plugged into ``ai_grand.RULES`` by step. Britain's army reaches the Continent only by sea, so its idle corps sail to
an allied front or land in an undefended enemy port (17.2.7-17.2.8) and come home when beaten; squadrons blockade
the enemy's ports with a stronger squadron (17.2.6), attack a weaker squadron at sea, and break a blockade only at
good odds; a home port keeps a fleet while an enemy squadron is free to sail (18.2.1: London is a key zone).

A squadron's purpose (``Plan``) is never kept in the state: it is found again from the board at each of its steps
(the activation, the fleets joining it, each move), so a plan spoiled by an interception is replaced by the best
one left. Rules read only the board (fleets, forces, ports, control): no hand, no hidden card."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache
from typing import Any

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import ai
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation, cards, iberia, naval, supply, weather
from grognard.games.nae.schema.scenario import PORT_CAPACITY, SQUADRON_MAX

Choice = ai.Choice
Place = tuple[str, str]  # (at, where) as ``naval.loc``: ("port", zone), ("sea", sea), ("blockade", port zone)

GOOD_ODDS = 1.5  # a squadron seeks a battle only firing half as hard again as the enemy (17.3.1: the difference)
BLOCKADE_ODDS = 1.25  # a blockade box may be fought for by the port's squadron (17.2.6): a stronger squadron only
MIN_VALUE = 2.0  # a plan worth a card's AP (a landing, a blockade, a battle at good odds)


@dataclass(frozen=True)
class Plan:
    """A squadron's purpose: ``kind`` (land, assault, evacuate, blockade, attack, break), the fleets it takes, where
    it sets out from, the force it carries (picked up in ``pickup``), the place it makes for and the port it lands
    in, blockades or breaks out of."""

    value: float
    kind: str
    fleets: tuple[str, ...]
    start: Place
    goal: Place
    port: str | None = None
    force: str | None = None
    pickup: str | None = None
    why: str = ""


# -- the seas as a squadron reads them ---------------------------------------------------------------------------

def memo(st: State) -> dict[Any, Any]:
    """What this decision has already found (``ai.board`` is made anew for each ``ai.policy`` call)."""
    return ai.board(st).memo


def strength(fleets: list[str] | tuple[str, ...]) -> float:
    return ai.squadron_strength(list(fleets))


def fleet_index(st: State) -> dict[tuple[str, str, str | None], list[str]]:
    """The fleets by place and side (``naval.fleets_at`` for every place at once), read once a decision."""
    kept = memo(st)
    if "fleets" not in kept:
        index: dict[tuple[str, str, str | None], list[str]] = {}
        for fl, x in sorted(st.g["fleets"].items()):
            index.setdefault((x["at"], x["where"], S.side_of(st, x["power"])), []).append(fl)
        kept["fleets"] = index
    return kept["fleets"]  # type: ignore[no-any-return]


def fleets_of(st: State, at: str, where: str, side: str) -> list[str]:
    return fleet_index(st).get((at, where, side), [])


def foe_fire(st: State, sea: str, side: str) -> float:
    """What the enemy fleets that may intercept a squadron entering ``sea`` fire (17.2.4: the squadron at sea
    there, then those blockading its ports)."""
    kept = memo(st)
    if ("fire", sea, side) not in kept:
        foe = S.other(side)
        squadrons = [fleets_of(st, "sea", sea, foe)]
        squadrons += [fleets_of(st, "blockade", p, foe) for p in box_ports(sea)]
        kept["fire", sea, side] = max(strength(x) for x in squadrons)
    return kept["fire", sea, side]  # type: ignore[no-any-return]


@cache
def port_seas(sea: str) -> tuple[str, ...]:
    """The ports that open onto ``sea`` (17.2.1)."""
    return tuple(z.id for z in S.data().map.ports() if sea in z.seas)


@cache
def box_ports(sea: str) -> tuple[str, ...]:
    """The ports whose blockade box lies in ``sea`` (17.2.6)."""
    return tuple(z.id for z in S.data().map.ports() if z.seas[0] == sea)


def sail(st: State, side: str, fleets: tuple[str, ...], at: str, where: str) -> list[tuple[Place, int]]:
    """``naval.moves`` without the attacks on a port, read from the fleet index (a planner's shortcut: the move
    itself is checked against the legal actions)."""
    limited = any(S.data().counters.fleets[fl].area for fl in fleets)  # 17.2.3: only these read the fleets
    key = ("sail", side, fleets if limited else len(fleets), at, where)
    kept = memo(st)
    if key not in kept:
        kept[key] = _sail(st, side, fleets, at, where)
    return kept[key]  # type: ignore[no-any-return]


def _sail(st: State, side: str, fleets: tuple[str, ...], at: str, where: str) -> list[tuple[Place, int]]:
    m = S.data().map
    if at == "port":
        return [] if naval.iced(st, where) else [(("sea", s), 1) for s in m.zones[where].seas]
    if at == "blockade":
        return [(("sea", str(naval.sea_of(at, where))), 0)]
    out: list[tuple[Place, int]] = [(("sea", s), 1) for s in m.seas[where].adjacent
                                    if naval.passage_refusal(st, side, where, s) is None
                                    and naval.area_refusal(st, list(fleets), s) is None]
    out += [(("port", z), 1) for z in port_seas(where) if S.controller(st, z) == side and not naval.iced(st, z)
            and len(fleets_of(st, "port", z, side)) + len(fleets) <= PORT_CAPACITY]
    out += [(("blockade", z), 1) for z in box_ports(where) if S.controller(st, z) == S.other(side)
            and len(fleets_of(st, "blockade", z, side)) + len(fleets) <= SQUADRON_MAX]
    return out


def routes(st: State, side: str, fleets: tuple[str, ...], start: Place, mp: int,
           cargo: bool) -> dict[Place, tuple[int, Place | None]]:
    """17.2.1: the places a squadron of ``fleets`` at ``start`` reaches with ``mp``, each with its MP and the place
    it is entered from: out of ports and boxes onto the sea, across the seas, into friendly ports and enemy boxes. It
    sails out of a blockaded port only when breaking out is its purpose (not here), and through no sea where the
    enemy may intercept it with as much fire as ours (17.2.4; with troops aboard, none at all: they sink with it)."""
    limited = any(S.data().counters.fleets[fl].area for fl in fleets)  # 17.2.3: only these read the fleets
    # with troops aboard every threat is avoided: only the number of fleets counts (ports' room, 17.2.2)
    key = ("routes", side, fleets if limited else len(fleets) if cargo else strength(fleets), start, mp, cargo)
    kept = memo(st)
    if key not in kept:
        kept[key] = _routes(st, side, fleets, start, mp, cargo)
    return kept[key]  # type: ignore[no-any-return]


def _routes(st: State, side: str, fleets: tuple[str, ...], start: Place, mp: int,
            cargo: bool) -> dict[Place, tuple[int, Place | None]]:
    mine = strength(fleets)
    best: dict[Place, tuple[int, Place | None]] = {start: (0, None)}
    todo: list[tuple[int, Place]] = [(0, start)]
    while todo:
        cost, here = heapq.heappop(todo)
        if cost > best[here][0] or (here != start and here[0] != "sea"):
            continue
        if here[0] == "port" and fleets_of(st, "blockade", here[1], S.other(side)):
            continue
        for (kind, where), step in sail(st, side, fleets, *here):
            if cost + step > mp:
                continue
            if kind == "sea" and where != naval.sea_of(*here):
                threat = foe_fire(st, where, side)
                if threat and (cargo or threat >= mine):
                    continue
            if kind == "port" and fleets_of(st, "blockade", where, S.other(side)):
                continue  # 17.2.1: its blockaders may intercept it on the way in
            place = (kind, where)
            if place not in best or cost + step < best[place][0]:
                best[place] = (cost + step, here)
                heapq.heappush(todo, (cost + step, place))
    return best


def first_step(reach: dict[Place, tuple[int, Place | None]], start: Place, goal: Place) -> Place | None:
    """The first move on the way found by ``routes`` from ``start`` to ``goal``."""
    if goal not in reach or goal == start:
        return None
    here = goal
    while reach[here][1] != start:
        came = reach[here][1]
        assert came is not None
        here = came
    return here


def free_enemy_fleets(st: State, side: str) -> bool:
    """Some enemy fleet may sail without first fighting through a blockade (17.2.6): at sea, or in an unblockaded
    port."""
    foe = S.other(side)
    for x in st.g["fleets"].values():
        if S.side_of(st, x["power"]) != foe:
            continue
        if x["at"] == "sea" or (x["at"] == "port" and not naval.blockaders(st, x["where"], foe)):
            return True
    return False


def home_ports(st: State, side: str) -> set[str]:
    """The ports among the key zones of the side's majors at war (18.2.1): London falls to a landing."""
    from grognard.games.nae import ai_grand

    return {z for p in ai_grand.own_majors(st, side) for z in ai_grand.key_zones(p)
            if S.data().map.zones[z].port}


def available(st: State, side: str, place: Place, moved: list[str]) -> list[str]:
    """The side's fleets at ``place`` a plan may take, strongest first: not yet moved in this activation, carrying
    no troops; a home port keeps its weakest fleet while an enemy squadron is free to sail."""
    fleets = [fl for fl in naval.fleets_at(st, *place, side) if fl not in moved]
    fleets = naval.free_fleets(st, fleets)
    fleets.sort(key=lambda fl: (-S.data().counters.fleets[fl].tactical, fl))
    if (place[0] == "port" and place[1] in home_ports(st, side) and fleets
            and len(naval.fleets_at(st, *place, side)) == len(fleets) and free_enemy_fleets(st, side)):
        fleets = fleets[:-1]
    return fleets


def at_post(st: State, side: str, place: Place) -> bool:
    """A squadron blockading a port that holds enemy fleets stays on its post (17.2.6)."""
    return place[0] == "blockade" and bool(naval.fleets_at(st, "port", place[1], S.other(side)))


# -- where troops go by sea ----------------------------------------------------------------------------------------

def by_sea_only(st: State, side: str, fid: str) -> bool:
    """A force that reaches neither the enemy nor an objective by land (Britain's corps, an island's): the sea is its
    only way to the war (17.2.7)."""
    from grognard.games.nae import ai_grand

    reach = ai_grand.open_distances(st, S.force(st, fid)["zone"])
    return not any(z in reach for z in ai_grand.front(st, side))


def beaten(st: State, side: str, force: S.Force) -> bool:
    """A force of a power whose homeland lies over the sea, in a port next to an enemy stronger than the side's
    forces there (or, aboard, in the port it embarked in): better brought home by sea than destroyed (17.2.7); an
    allied capital is held to the end (18.1)."""
    from grognard.games.nae import ai_grand

    zone = force["zone"]
    capital = S.data().map.powers[force["power"]].capital
    if capital in ai_grand.open_distances(st, zone) or zone in ai_grand.allied_capitals(st, side):
        return False
    return ai.strength(st, zone, S.other(side), 1) > ai.SAFE_ODDS * ai.strength(st, zone, side, 0)


def passengers(st: State, side: str) -> list[tuple[str, str]]:
    """The forces that wait for a squadron, with what they want: (force, "go") an idle force of a major that
    reaches the war only by sea (a minor's army stays home: Bernadotte's Swedes were shipped from Stralsund to
    San Sebastián in a 1805 game), (force, "back") a beaten one. Whole forces outside a fortress in a friendly port,
    not moved."""
    kept = memo(st)
    if ("passengers", side) not in kept:
        kept["passengers", side] = _passengers(st, side)
    return kept["passengers", side]  # type: ignore[no-any-return]


def _passengers(st: State, side: str) -> list[tuple[str, str]]:
    out = []
    for fid, f in st.g["forces"].items():
        if (f["side"] != side or f["in_fortress"] or not S.data().map.zones[f["zone"]].port
                or not naval.landing_port(st, f["zone"], side) or activation.moved(st, fid)
                or S.combat_value(f) == 0):
            continue
        if beaten(st, side, f):
            out.append((fid, "back"))
        elif S.data().map.powers[f["power"]].kind == "major" and by_sea_only(st, side, fid) \
                and not ai.strength(st, f["zone"], S.other(side), 1) and not last_guard(st, side, fid):
            out.append((fid, "go"))
    return out


def last_guard(st: State, side: str, fid: str) -> bool:
    """The only force in a zone the side must hold (18.2.1: London; 18.1: an allied minor's capital, Naples in
    1805): it stays home."""
    from grognard.games.nae import ai_grand

    zone = S.force(st, fid)["zone"]
    return (zone in ai_grand.guarded(st, side) or zone in ai_grand.allied_capitals(st, side)) \
        and len(S.forces_in(st, zone, side)) == 1


def landing_worth(st: State, side: str, f: S.Force, port: str, assault: bool) -> tuple[float, str] | None:
    """What landing force ``f`` in ``port`` gains: joining an allied front (a friendly port with enemies within
    two borders, the side's forces there or next door, where its supply line reaches: ``supplied``), or taking an
    undefended enemy port (17.2.8), more if it is an objective (18) or a key zone of France in the last year
    (19.3) where its line reaches, or a port the Continental Blockade in place needs (25F: its VP denied); None
    where the enemy next door is stronger than what would stand there."""
    mine = S.combat_value(f) + (0 if assault else ai.strength(st, port, side, 0))
    if not S.limited_ok(f["units"], port) or not ai.safe_zone(st, side, port, mine):
        return None
    fed = port in supplied(st, S.major_of(st, f["power"]))
    if assault:
        from grognard.games.nae import ai_grand

        worth, why = 2.0, [f"take the undefended port of {S.zone_name(port)} (17.2.8)"]
        if fed and port in ai_grand.targets(st, side):
            worth, why = worth + 1.5, [f"take {S.zone_name(port)}, an objective (18)"]
        keys = ai.french_keys()
        if side == "coalition" and ai_grand.last_year(st) and port in keys:
            if all(S.controller(st, z) == "empire" for z in keys):  # the Empire's end victory needs them all
                worth, why = worth + 4.0, [f"take {S.zone_name(port)}: the Empire's end victory needs every key "
                                           "zone of France (19.3)"]
            elif fed:  # the Coalition's needs them all held and supplied (3.2)
                worth, why = worth + 3.0, [f"hold {S.zone_name(port)} at the end: a key zone of France (19.3)"]
        if side == "coalition" and port in blockade_needs(st):
            worth, why = worth + 2.0, [*why, "it breaks the Continental Blockade (25F: its VP denied)"]
        return worth, "; ".join(why)
    foe = S.other(side)
    near = [o for o in st.g["forces"].values() if o["side"] == foe and ai.dist(o["zone"], port) <= 2]
    friends = ai.strength(st, port, side, 1)
    if not near or not friends or not fed:
        return None
    return 3.0, f"join the front at {S.zone_name(port)}"


def supplied(st: State, major: str) -> frozenset[str]:
    """13.3: where a force of ``major`` is supplied, read once a decision. Landed out of supply, a force fights at
    -3 (13.5) and withers, and the zones it holds count neither for a conquest (18.1-18.2.1) nor for the victory
    (3.2: « Seules les zones contrôlées qui peuvent tracer une ligne de ravitaillement comptent pour la victoire »):
    an objective is worth a landing only where the line reaches (1805 seed 5: a British corps unsupplied in
    Bordeaux kept it from the Russians, whose line reached it, and the Coalition's end victory was lost)."""
    kept = memo(st)
    if ("supplied", major) not in kept:
        kept["supplied", major] = frozenset(supply.supplied_zones(st, major))
    return kept["supplied", major]  # type: ignore[no-any-return]


def blockade_needs(st: State) -> frozenset[str]:
    """The ports whose loss ends the Continental Blockade now in place (25F: +1 VP a budget phase), read once a
    decision; none when it is not declared or already broken."""
    kept = memo(st)
    if "blockade" not in kept:
        kept["blockade"] = frozenset(iberia.blockade_ports(st) if iberia.blockade_in_place(st) else ())
    return kept["blockade"]  # type: ignore[no-any-return]


def cargo_plans(st: State, side: str, fid: str, want: str, fleets: tuple[str, ...], start: Place, mp: int,
                pickup: str) -> list[Plan]:
    """Where a squadron at ``start`` (its force picked up in ``pickup`` or already aboard) may carry force ``fid``
    with ``mp``: a front or an undefended port for a force that goes, the nearest safe friendly port for one that
    comes back."""
    reach = routes(st, side, fleets, start, mp, cargo=True)
    force = st.g["aboard"][fid]["force"] if fid in st.g["aboard"] else S.force(st, fid)
    out = []
    if want == "back":
        for place, (cost, _) in reach.items():
            if place[0] == "port" and place[1] != pickup and naval.landing_port(st, place[1], side) \
                    and not ai.strength(st, place[1], S.other(side), 1) and S.limited_ok(force["units"], place[1]):
                home = S.data().map.zones[place[1]].owner == force["power"]  # its own land first
                out.append(Plan(5.0 + home - cost / 10, "evacuate", fleets, start, place, place[1], fid, pickup,
                                f"bring {naval.cargo_name(force)} back to {S.zone_name(place[1])}"))
        return out
    for place, (cost, _) in reach.items():
        if place[0] == "port" and place[1] != pickup and naval.landing_port(st, place[1], side):
            worth = landing_worth(st, side, force, place[1], assault=False)
            if worth:
                out.append(Plan(worth[0] - cost / 10, "land", fleets, start, place, place[1], fid, pickup, worth[1]))
    if weather.winter(st) or S.steps(force) > naval.ASSAULT_STEPS:
        return out  # 17.2.8: no assault in winter, 2 steps at most
    for z in open_ports(st, side):
        sea = ("sea", z.seas[0])
        if sea in reach and reach[sea][0] + naval.ASSAULT_MP <= mp:
            worth = landing_worth(st, side, force, z.id, assault=True)
            if worth:
                out.append(Plan(worth[0] - reach[sea][0] / 10, "assault", fleets, start, sea, z.id, fid, pickup,
                                worth[1]))
    return out


def open_ports(st: State, side: str) -> list[Any]:
    """The enemy ports an assault takes unopposed (17.2.8), read once a decision."""
    kept = memo(st)
    if ("open", side) not in kept:
        kept["open", side] = [z for z in S.data().map.ports() if naval.unopposed(st, z.id, side)]
    return kept["open", side]  # type: ignore[no-any-return]


# -- the plans of a squadron -------------------------------------------------------------------------------------

def fleet_mf(fleets: list[str] | tuple[str, ...]) -> int:
    return min(S.data().counters.fleets[fl].mf for fl in fleets)


def plans_from(st: State, side: str, place: Place, pool: list[str], spare: int, mp: int | None = None) -> list[Plan]:
    """The plans a squadron setting out from ``place`` with ``mp`` (its fleets' MF if None) may follow with fleets
    of ``pool`` (strongest first), taking at most ``spare`` of them: transports, blockades, attacks at sea, a break
    out of a blockaded port."""
    pool = pool[:max(spare, 0)]
    if not pool:
        return []
    mf = fleet_mf(pool) if mp is None else mp
    out: list[Plan] = []
    waiting = passengers(st, side)
    if waiting:
        reach = routes(st, side, tuple(pool), place, mf, cargo=True)
        for fid, want in waiting:
            port = ("port", S.force(st, fid)["zone"])
            need = naval.fleets_needed(S.force(st, fid))
            if port not in reach or need > len(pool):
                continue
            fleets = tuple(pool[:need])
            out += cargo_plans(st, side, fid, want, fleets, port, mf - reach[port][0], port[1])
        out = [Plan(p.value, p.kind, p.fleets, place, p.goal, p.port, p.force, p.pickup, p.why) for p in out]
    foe = S.other(side)
    reach = routes(st, side, tuple(pool), place, mf, cargo=False)
    for n in range(1, len(pool) + 1):
        fleets = tuple(pool[:n])
        mine = strength(fleets)
        for (kind, where) in reach:
            if kind == "blockade":
                theirs = strength(naval.fleets_at(st, "port", where, foe))
                there = strength(naval.fleets_at(st, "blockade", where, side))  # a blockade already strong enough
                if theirs and there < BLOCKADE_ODDS * theirs <= mine + there and (kind, where) != place:
                    out.append(Plan(2.0 + len(naval.fleets_at(st, "port", where, foe)) - n / 10, "blockade", fleets,
                                    place, (kind, where), where,
                                    why=f"blockade {S.zone_name(where)} with a stronger squadron (17.2.6)"))
            elif kind == "sea":
                theirs = strength(naval.enemy_at_sea(st, where, side))
                if theirs and mine >= GOOD_ODDS * theirs:
                    out.append(Plan(3.0 + len(naval.enemy_at_sea(st, where, side)) - n / 10, "attack", fleets,
                                    place, (kind, where),
                                    why=f"attack the weaker squadron in {naval.place_name(kind, where)}"))
        if place[0] == "port" and naval.blockaders(st, place[1], side):
            theirs = strength(naval.blockaders(st, place[1], side))
            if mine >= GOOD_ODDS * theirs:
                sea = ("sea", str(S.data().map.zones[place[1]].seas[0]))
                out.append(Plan(3.0 + len(naval.blockaders(st, place[1], side)) - n / 10, "break", fleets, place, sea,
                                place[1], why=f"break the blockade of {S.zone_name(place[1])} at good odds"))
    return out


def best(plans: list[Plan]) -> Plan | None:
    plans = [p for p in plans if p.value >= MIN_VALUE]
    return max(plans, key=lambda p: (p.value, -len(p.fleets), p.kind, p.goal, p.force or ""), default=None)


def side_plans(st: State, side: str, spare: int, legal: list[Action] | None = None) -> Plan | None:
    """The best plan of any of the side's squadrons that may still be activated (``legal``'s fleets if given)."""
    key = ("side", side, spare, None if legal is None else tuple(a for a in legal if a[0] == "fleet"))
    kept = memo(st)
    if key not in kept:
        kept[key] = _side_plans(st, side, spare, legal)
    return kept[key]  # type: ignore[no-any-return]


def work_at_sea(st: State, side: str) -> bool:
    """Is there anything for the side's squadrons to do (a quick look before the routes are traced): an enemy
    squadron at sea, an enemy port whose fleets our blockade does not hold at odds, a blockaded port of ours, a
    force waiting for a squadron?"""
    foe = S.other(side)
    for (at, where, whose), fleets in fleet_index(st).items():
        if whose == foe and (at == "sea" or (at == "port" and strength(fleets_of(st, "blockade", where, side))
                                             < BLOCKADE_ODDS * strength(fleets))):
            return True
        if whose == side and at == "port" and fleets_of(st, "blockade", where, foe):
            return True
    return bool(passengers(st, side))


def _side_plans(st: State, side: str, spare: int, legal: list[Action] | None) -> Plan | None:
    if not work_at_sea(st, side):
        return None
    moved: list[str] = []
    act = activation.activation_frame(st)
    if act is not None:
        moved = act.get("fleets_moved", [])
    allowed = None if legal is None else {a[1] for a in legal if a[0] == "fleet"}
    places = sorted({naval.loc(st, fl) for fl, x in st.g["fleets"].items() if S.side_of(st, x["power"]) == side
                     and (allowed is None or fl in allowed)})
    plans: list[Plan] = []
    for place in places:
        if at_post(st, side, place):
            continue
        pool = [fl for fl in available(st, side, place, moved) if allowed is None or fl in allowed]
        plans += plans_from(st, side, place, pool, spare)
    return best(plans)


# -- the rules ---------------------------------------------------------------------------------------------------

def spare_card(st: State, side: str, legal: list[Action], need: int) -> Action | None:
    """The card worth the fewest AP that pays ``need`` fleets, the combat cards and victory cards kept."""
    plays = [a for a in legal if a[0] == "card" and cards.ap_value(st, a[1]) >= need
             and not ai.keep_combat_cards(st, a[1]) and not S.data().cards.cards[a[1]].vp]
    return min(plays, key=lambda a: (cards.ap_value(st, a[1]), a[1]), default=None)


def sail_when_useful(st: State, side: str, legal: list[Action]) -> Choice | None:
    """9 / 17.1: no force gains by marching but a squadron has a purpose: play the cheapest card that pays its
    fleets (1 AP each)."""
    most = max((cards.ap_value(st, a[1]) for a in legal if a[0] == "card"), default=0)
    plan = side_plans(st, side, most)
    if plan is None:
        return None
    card = spare_card(st, side, legal, len(plan.fleets))
    if card is None:
        return None
    return card, f"{cards.ap_value(st, card[1])} AP for the fleets: {plan.why}"


def fleets_paid(act: Frame) -> int:
    """The fleets the activation ``act`` may still pay for (17.1: 1 AP each; an event's fleets are free)."""
    if act.get("fleet_event"):
        return SQUADRON_MAX
    return 0 if act["count"] is not None else int(act["ap"])


def activate_a_landing(st: State, side: str, legal: list[Action]) -> Choice | None:
    """17.2.7-17.2.8: a squadron carries a corps that reaches the war only by sea to a front or an undefended port,
    or brings a beaten one home; first, before the land forces spend the AP."""
    plan = side_plans(st, side, fleets_paid(st.frame), legal)
    if plan is None or plan.kind not in ("land", "assault", "evacuate"):
        return None
    return ("fleet", plan.fleets[0]), f"activate {naval.fleet_name(plan.fleets[0])}: {plan.why}"


def activate_a_squadron(st: State, side: str, legal: list[Action]) -> Choice | None:
    """17.2.4-17.2.6: with the AP the land forces left, a squadron blockades, attacks a weaker squadron or breaks a
    blockade."""
    plan = side_plans(st, side, fleets_paid(st.frame), legal)
    if plan is None:
        return None
    return ("fleet", plan.fleets[0]), f"activate {naval.fleet_name(plan.fleets[0])}: {plan.why}"


def squadron_plan(st: State, side: str) -> Plan | None:
    """The plan of the squadron being formed (``naval.squadron``): its fleets and those it may still take."""
    f = st.frame
    act = activation.activation_frame(st)
    assert act is not None
    moved = act.get("fleets_moved", [])
    place = (f["at"], f["where"])
    extra = [fl for fl in available(st, side, place, moved) if fl not in f["fleets"]]
    spare = len(f["fleets"]) + min(fleets_paid(act), SQUADRON_MAX - len(f["fleets"]))
    pool = list(f["fleets"]) + extra
    plans = [p for p in plans_from(st, side, place, pool, spare) if set(f["fleets"]) <= set(p.fleets)]
    return best(plans)


def join_the_squadron(st: State, side: str, legal: list[Action]) -> Choice | None:
    """17.1: the fleets the squadron's plan needs join it (1 AP each); then it sets sail."""
    plan = squadron_plan(st, side)
    if plan is not None:
        for fl in plan.fleets:
            if ("fleet", fl) in legal:
                return ("fleet", fl), f"{naval.fleet_name(fl)} joins: {plan.why}"
    return ("done", None), "the squadron sets sail"


def move_plan(st: State, side: str) -> Plan | None:
    """The plan of the moving squadron (``naval.move``) from where it is, with the MP it has left: its troops'
    landing if it carries some, else the best other purpose of these fleets."""
    f = st.frame
    place: Place = (f["at"], f["where"])
    fleets = tuple(f["fleets"])
    aboard = naval.carried(st, list(fleets))
    if aboard:
        fid = aboard[0]
        force = st.g["aboard"][fid]["force"]
        want = "back" if beaten(st, side, force) else "go"
        plans = cargo_plans(st, side, fid, want, fleets, place, f["mp"], force["zone"])  # never back where it embarked
        if not plans:  # 17.2.7: troops at sea at the end of the move are lost: any friendly port will do
            reach = routes(st, side, fleets, place, f["mp"], cargo=False)
            units = st.g["aboard"][fid]["force"]["units"]
            ports = [(c, p) for p, (c, _) in reach.items() if p[0] == "port"
                     and naval.landing_port(st, p[1], side) and S.limited_ok(units, p[1])]
            if ports:
                port = min(ports)[1]
                return Plan(1.0, "land", fleets, place, port, port[1], fid, None, "no better port within reach")
            return None
        return max(plans, key=lambda p: (p.value, p.kind, p.goal))
    if at_post(st, side, place):
        return None
    plans = plans_from(st, side, place, list(fleets), len(fleets), f["mp"])
    return best([p for p in plans if len(p.fleets) == len(fleets)] or plans)


def follow_the_plan(st: State, side: str, legal: list[Action]) -> Choice | None:
    """17.2.1-17.2.8: the squadron embarks the force it came for, sails the way to its goal and lands, assaults,
    blockades or attacks there; a squadron that sailed out of a port for a fight goes back into port; else it
    stops."""
    f = st.frame
    place: Place = (f["at"], f["where"])
    plan = move_plan(st, side)
    choice = plan_step(st, side, legal, plan) if plan is not None else None
    if choice is not None:
        return choice
    if place[0] == "sea" and f["start"][0] == "port":
        return home_again(st, side, legal)
    return ("done", None), "the squadron has done what it sailed for"


def plan_step(st: State, side: str, legal: list[Action], plan: Plan) -> Choice | None:
    """The next action of the moving squadron's ``plan`` (None: none is open to it)."""
    place: Place = (st.frame["at"], st.frame["where"])
    if plan.force and plan.force not in st.g["aboard"]:
        if place == ("port", plan.pickup) and ("embark", plan.force) in legal:
            return ("embark", plan.force), f"{S.name_of(st, plan.force)} embarks: {plan.why}"
        if plan.pickup is not None and place != ("port", plan.pickup):
            return step_towards(st, side, legal, ("port", plan.pickup), plan.why)
    if place == plan.goal:
        if plan.kind in ("land", "evacuate") and ("disembark", plan.force) in legal:
            cargo = naval.cargo_name(st.g["aboard"][plan.force]["force"])
            return ("disembark", plan.force), f"{plan.why}: {cargo} lands"
        if plan.kind == "assault" and ("assault", plan.port) in legal:
            return ("assault", plan.port), plan.why
        if plan.kind == "attack" and ("attack_sea", plan.goal[1]) in legal:
            return ("attack_sea", plan.goal[1]), plan.why
        return ("done", None), plan.why
    if plan.kind == "break" and place == ("port", plan.port):
        return (("sea", plan.goal[1]), plan.why) if ("sea", plan.goal[1]) in legal else None
    return step_towards(st, side, legal, plan.goal, plan.why)


def step_towards(st: State, side: str, legal: list[Action], goal: Place, why: str) -> Choice | None:
    f = st.frame
    place: Place = (f["at"], f["where"])
    fleets = tuple(f["fleets"])
    reach = routes(st, side, fleets, place, f["mp"], cargo=bool(naval.carried(st, list(fleets))))
    nxt = first_step(reach, place, goal)
    if nxt is None:
        return None
    action = (naval.VERB_OF[nxt[0]], nxt[1])
    return (action, f"towards {naval.place_name(*goal)}: {why}") if action in legal else None


def home_again(st: State, side: str, legal: list[Action]) -> Choice | None:
    """A squadron that sailed out for a fight and has no other purpose goes back into the nearest friendly port
    (17.2.6: a squadron left at sea may be attacked)."""
    f = st.frame
    place: Place = (f["at"], f["where"])
    reach = routes(st, side, tuple(f["fleets"]), place, f["mp"], cargo=False)
    start = tuple(f["start"])
    ports = sorted((c, p != start, p) for p, (c, _) in reach.items() if p[0] == "port")  # its own port first
    if not ports:
        return ("done", None), "no friendly port within reach"
    goal = ports[0][2]
    return step_towards(st, side, legal, goal, "back into port") or (("done", None), "no way back into port")


def land_the_strongest(st: State, side: str, legal: list[Action]) -> Choice | None:
    """17.2.8: of the forces the assault may land (2 steps at most), the strongest goes ashore."""
    aboard = st.g["aboard"]
    options = [a for a in legal if a[0] == "land_enemy" and a[1] in aboard]
    best_one = max(options, key=lambda a: (S.combat_value(aboard[a[1]]["force"]), a[1]), default=None)
    if best_one is None:
        return None
    return best_one, f"{naval.cargo_name(aboard[best_one[1]]['force'])} lands: the strongest the assault may land"


# -- 19.3 the Empire's answer: the coast of France in the last year ----------------------------------------------

COAST_REACH = 5  # borders from which a force marches to guard a port of France (two activations at most)


def coast_ports(st: State, side: str) -> list[str]:
    """19.3: in the last year, the key zones of France on the coast while a Coalition corps waits for a squadron:
    one British landing there denies the Empire's end victory (1809 mirror: 11 of 20 games ended with a British
    Bordeaux); the Empire guards them, or retakes them."""
    from grognard.games.nae import ai_grand

    if side != "empire" or not ai_grand.last_year(st):
        return []
    threat = any(want == "go" for _, want in passengers(st, "coalition"))
    return [z for z in ai.french_keys() if S.data().map.zones[z].port and (threat or S.controller(st, z) != side)]


def coast_guard(st: State, side: str, port: str) -> str | None:
    """The force that goes to guard ``port`` (or retake it): the nearest (by the zones it may enter), then the
    weakest of the side's forces within ``COAST_REACH`` borders stronger than the enemy there; never Napoléon's, a
    besieged one or the garrison of a key zone."""
    from grognard.games.nae import ai_grand
    from grognard.games.nae.rules import siege

    reach = ai_grand.open_distances(st, port)
    least = max(1, ai.strength(st, port, S.other(side), 0) + 1)  # a port the enemy holds is retaken by a battle
    options = [(reach[f["zone"]], S.combat_value(f), fid) for fid, f in st.g["forces"].items()
               if f["side"] == side and not f["in_fortress"] and S.combat_value(f) >= least
               and reach.get(f["zone"], COAST_REACH + 1) <= COAST_REACH and ai.NAPOLEON not in S.generals_of(f)
               and not siege.besieged(st, fid) and not ai_grand.garrison(st, side, fid)]
    return min(options)[2] if options else None


def unguarded(st: State, side: str) -> list[str]:
    """The ports of ``coast_ports`` with no force of the side in them (held by the enemy or empty)."""
    return [z for z in coast_ports(st, side) if not S.forces_in(st, z, side)]


def guard_the_coast(st: State, side: str, legal: list[Action]) -> Choice | None:
    """19.3: in the last year the Empire sends a force to each key zone of France on the coast left empty while a
    British corps may land there, or taken by one."""
    for port in unguarded(st, side):
        fid = coast_guard(st, side, port)
        if fid is not None and ("force", fid) in legal:
            return ("force", fid), f"activate {S.name_of(st, fid)}: guard {S.zone_name(port)} against a landing (19.3)"
    return None


def march_to_the_coast(st: State, side: str, legal: list[Action]) -> Choice | None:
    """19.3: the guard of an empty key zone of France on the coast marches there and stays."""
    from grognard.games.nae import ai_grand

    fid = st.frame["fid"]
    zone = S.force(st, fid)["zone"]
    if zone in coast_ports(st, side) and len(S.forces_in(st, zone, side)) == 1 and ("done", None) in legal:
        return ("done", None), f"{S.name_of(st, fid)} guards {S.zone_name(zone)} against a landing (19.3)"
    for port in unguarded(st, side):
        if coast_guard(st, side, port) != fid:
            continue
        reach = ai_grand.open_distances(st, port)
        steps = [a for a in legal if a[0] == "zone" and reach.get(a[1], COAST_REACH + 1) < reach.get(zone, 99)]
        if steps:
            best_one = min(steps, key=lambda a: (reach[a[1]], a[1]))
            return best_one, f"{S.name_of(st, fid)} marches to guard {S.zone_name(port)}, by {S.zone_name(best_one[1])}"
    return None


def guard_when_needed(st: State, side: str, legal: list[Action]) -> Choice | None:
    """19.3: no force gains by marching but a key zone of France on the coast lies empty in the last year: play the
    cheapest card that pays its guard's activation."""
    for port in unguarded(st, side):
        fid = coast_guard(st, side, port)
        if fid is None:
            continue
        card = spare_card(st, side, legal, S.initiative(S.force(st, fid)))
        if card is not None:
            return card, f"{cards.ap_value(st, card[1])} AP to guard {S.zone_name(port)} against a landing (19.3)"
    return None
