"""17 Naval war: fleets in ports, at sea and in blockade boxes; their activation for AP (17.1) and their movement
with the fleet MF (17.2.1), stacking (17.2.2), the Bosphorus and the limited areas (17.2.2-17.2.3) and the
relocation of fleets whose port is captured (17.2.1).

``st.g["fleets"]``: fleet id -> {power, at: "port" | "sea" | "blockade", where: the port zone (port, blockade box)
or the sea zone}. A port's blockade box lies in its first sea zone (17.2.6). The fleets of one side at one place
form a squadron (17.2.2). An activation frame lists the fleets it moved in ``fleets_moved``.

Encounters with enemy fleets (interception, evasion, combat, blockade: 17.2.4-17.2.6, 17.3) are not implemented yet:
a squadron may not enter a sea zone where an enemy squadron is at sea or a port whose blockade box holds one, nor
leave a blockaded port."""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import weather
from grognard.games.nae.schema.scenario import PORT_CAPACITY, SQUADRON_MAX

Loc = tuple[str, str]  # (at, where)


# -- the fleets on the board ------------------------------------------------------------------------------------

def place_fleets(st: State, zones: dict[str, str]) -> None:
    """20.x set-up: every fleet of a [[place]] record, in its port (``zones``: a port picked instead of the file's),
    sea zone or blockade box."""
    sc = S.data().scenarios[st.g["scenario"]]
    fleets: dict[str, dict[str, Any]] = {}
    for pid, p in sc.places.items():
        if p.zone is not None:
            at, where = "port", zones.get(pid, p.zone)
        elif p.sea is not None:
            at, where = "sea", p.sea
        else:
            at, where = "blockade", str(p.blockade)
        for fl in p.fleets:
            fleets[fl] = {"power": S.data().counters.fleets[fl].power, "at": at, "where": where}
    st.g["fleets"] = fleets


def fleet_name(fl: str) -> str:
    return S.data().counters.fleets[fl].name


def loc(st: State, fl: str) -> Loc:
    x = st.g["fleets"][fl]
    return x["at"], x["where"]


def sea_of(at: str, where: str) -> str | None:
    """The sea zone of a place: a sea zone itself, or the one holding a blockade box (17.2.6); None for a port."""
    if at == "sea":
        return where
    return S.data().map.zones[where].seas[0] if at == "blockade" else None


def place_name(at: str, where: str) -> str:
    if at == "sea":
        return S.data().map.seas[where].name
    name = S.zone_name(where)
    return f"the blockade box of {name}" if at == "blockade" else f"the port of {name}"


def fleets_at(st: State, at: str, where: str, side: str | None = None) -> list[str]:
    """The fleets at a place (of ``side`` if given), in id order."""
    return [fl for fl, x in st.g["fleets"].items() if x["at"] == at and x["where"] == where
            and (side is None or S.side_of(st, x["power"]) == side)]


def squadron_name(st: State, fleets: list[str]) -> str:
    return ", ".join(fleet_name(fl) for fl in fleets)


def friendly_port(st: State, zone: str, side: str) -> bool:
    """17.2.1: a port of the side (controlled by one of its powers)."""
    return S.controller(st, zone) == side


def iced(st: State, zone: str) -> bool:
    """17.2.3 / 16: in the winter rounds no fleet moves north of the Baltic ice limit, into or out of its ports."""
    return S.data().map.zones[zone].iced and weather.winter(st)


# -- 17.2.2-17.2.3 where a squadron may sail --------------------------------------------------------------------

def passage_refusal(st: State, side: str, a: str, b: str) -> str | None:
    """17.2.2: the Bosphorus is open to all while Turkey is neutral, then only to the side holding Constantinople;
    Gibraltar has no influence on naval movement."""
    for p in S.data().map.passages.values():
        if set(p.seas) == {a, b} and p.controlled:
            turkey = S.data().map.zones[p.zone].owner
            if S.side_of(st, turkey) is not None and S.controller(st, p.zone) != side:
                return f"the {p.name} is closed to the {side} (its side does not hold {S.zone_name(p.zone)}), 17.2.2"
    return None


def _outside(st: State, fl: str, area_seas: tuple[str, ...]) -> bool:
    at, where = loc(st, fl)
    seas = S.data().map.zones[where].seas if at == "port" else (sea_of(at, where),)
    return not any(s in area_seas for s in seas)


def area_refusal(st: State, fleets: list[str], sea: str) -> str | None:
    """17.2.3: fleets with a limited area (MF in a circle) stay in it; Russia may have one fleet outside its waters."""
    c = S.data().counters
    for area_id in sorted({c.fleets[fl].area for fl in fleets if c.fleets[fl].area}):
        area = c.areas[str(area_id)]
        if sea in area.seas:
            continue
        mine = [fl for fl in fleets if c.fleets[fl].area == area_id]
        power = c.fleets[mine[0]].power
        others = [fl for fl, x in st.g["fleets"].items() if fl not in fleets and x["power"] == power
                  and c.fleets[fl].area == area_id and _outside(st, fl, area.seas)]
        if len(mine) + len(others) > area.outside_allowed:
            return f"{squadron_name(st, mine)} may not leave the {area.name}, 17.2.3"
    return None


def enemy_at_sea(st: State, sea: str, side: str) -> list[str]:
    return fleets_at(st, "sea", sea, S.other(side))


def blockaders(st: State, port: str, side: str) -> list[str]:
    """The enemy fleets in the blockade box of ``port`` (17.2.6)."""
    return fleets_at(st, "blockade", port, S.other(side))


def moves(st: State, side: str, fleets: list[str], at: str, where: str, came_from: str | None = None) -> list[
        tuple[Loc, int]]:
    """17.2.1: the places a squadron at (at, where) may reach with one more move, and their MP: out of a friendly
    port onto one of its sea zones (1 MP), out of a blockade box onto its sea zone (0 MP), into an adjacent sea zone
    (1 MP), into a friendly port of the sea zone (1 MP, its box being friendly)."""
    m = S.data().map
    out: list[tuple[Loc, int]] = []
    if at == "port":
        if iced(st, where) or blockaders(st, where, side):
            return []  # blockaded: the automatic interception (17.2.6) is not implemented yet
        targets = [(("sea", s), 1) for s in m.zones[where].seas]
    elif at == "blockade":
        targets = [(("sea", str(sea_of(at, where))), 0)]
    else:
        targets = [(("sea", s), 1) for s in m.seas[where].adjacent if passage_refusal(st, side, where, s) is None]
        targets += [(("port", z.id), 1) for z in m.ports() if where in z.seas and friendly_port(st, z.id, side)
                    and not iced(st, z.id) and not blockaders(st, z.id, side)
                    and len(fleets_at(st, "port", z.id, side)) + len(fleets) <= PORT_CAPACITY]
    for (kind, target), cost in targets:
        if kind == "sea" and (area_refusal(st, fleets, target) or (enemy_at_sea(st, target, side)
                                                                   and target != where)):
            continue
        out.append(((kind, target), cost))
    return out


# -- 17.1 activation ---------------------------------------------------------------------------------------------

def activation_choices(st: State, f: Frame) -> list[Action]:
    """17.1: each fleet costs 1 AP (a card's AP, never an event's count of forces)."""
    if f["count"] is not None or f["ap"] < 1:
        return []
    done = f.get("fleets_moved", [])
    return [("fleet", fl) for fl, x in st.g["fleets"].items()
            if fl not in done and S.side_of(st, x["power"]) == f["side"]
            and not (x["at"] == "port" and iced(st, x["where"]))]


def activate(st: State, f: Frame, fl: str) -> None:
    """17.1: the first fleet of a squadron is activated; the others at its place may join it (1 AP each)."""
    f["ap"] -= 1
    f.setdefault("fleets_moved", []).append(fl)
    at, where = loc(st, fl)
    st.note(f"{f['side']} activates {fleet_name(fl)} in {place_name(at, where)} (1 AP)", rule="17.1")
    st.push("naval.squadron", side=f["side"], fleets=[fl], at=at, where=where)


class Squadron:
    """17.1: the other fleets of the place join the squadron for 1 AP each (3 fleets at most, 17.2.2); an activated
    squadron takes in no other fleet on its way (17.2.1)."""

    name: ClassVar[str] = "naval.squadron"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"Squadron of {squadron_name(st, f['fleets'])} in {place_name(f['at'], f['where'])}: activate "
                "another fleet with it (1 AP each), or set sail.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        act = _activation(st)
        out: list[Action] = []
        if act["ap"] >= 1 and len(f["fleets"]) < SQUADRON_MAX:
            out = [("fleet", fl) for fl in fleets_at(st, f["at"], f["where"], f["side"])
                   if fl not in act.get("fleets_moved", [])]
        return [*out, ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, fl = action
        if verb == "fleet":
            act = _activation(st)
            act["ap"] -= 1
            act.setdefault("fleets_moved", []).append(fl)
            f["fleets"].append(fl)
            st.note(f"{fleet_name(fl)} joins the squadron (1 AP)", rule="17.1")
            return
        mf = min(S.data().counters.fleets[x].mf for x in f["fleets"])
        st.replace("naval.move", side=f["side"], fleets=f["fleets"], at=f["at"], where=f["where"], mp=mf)


def _activation(st: State) -> Frame:
    stack: list[Frame] = st.core["stack"]
    return next(x for x in reversed(stack) if x["step"] == "activation")


# -- 17.2.1 movement ---------------------------------------------------------------------------------------------

class NavalMove:
    """17.2.1: the squadron spends its MP (the fleet MF) one move at a time; it may leave fleets behind."""

    name: ClassVar[str] = "naval.move"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"Squadron of {squadron_name(st, f['fleets'])} in {place_name(f['at'], f['where'])}, {f['mp']} MP "
                "left: move, leave a fleet here, or stop.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        out: list[Action] = [("sea" if kind == "sea" else "zone", target)
                             for (kind, target), cost in moves(st, f["side"], f["fleets"], f["at"], f["where"])
                             if cost <= f["mp"]]
        if len(f["fleets"]) > 1:
            out += [("drop_fleet", fl) for fl in f["fleets"]]
        return [*out, ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        if verb == "done":
            st.pop()
            end_move(st, f["side"], f["at"], f["where"])
            return
        if verb == "drop_fleet":
            f["fleets"].remove(arg)
            st.note(f"{fleet_name(arg)} stays in {place_name(f['at'], f['where'])}", rule="17.2.1")
            return
        kind = "sea" if verb == "sea" else "port"
        cost = dict(moves(st, f["side"], f["fleets"], f["at"], f["where"]))[(kind, arg)]
        f["mp"] -= cost
        f["at"], f["where"] = kind, arg
        for fl in f["fleets"]:
            st.g["fleets"][fl].update(at=kind, where=arg)
        st.note(f"Squadron of {squadron_name(st, f['fleets'])} sails into {place_name(kind, arg)} ({cost} MP)",
                rule="17.2.1")
        if kind == "port":  # a squadron entering a port ends its move there
            st.pop()
            end_move(st, f["side"], kind, arg)


def end_move(st: State, side: str, at: str, where: str) -> None:
    """17.2.2: at the end of a move, one squadron of a side at sea in a zone, of 3 fleets at most: the owner
    eliminates the excess."""
    if at == "sea" and len(fleets_at(st, at, where, side)) > SQUADRON_MAX:
        st.push("naval.excess", side=side, at=at, where=where)


class Excess:
    """17.2.2: the owner eliminates fleets until his squadron there has 3."""

    name: ClassVar[str] = "naval.excess"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"More than {SQUADRON_MAX} fleets in {place_name(f['at'], f['where'])}: eliminate one (17.2.2)."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("scuttle", fl) for fl in fleets_at(st, f["at"], f["where"], f["side"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        eliminate(st, action[1], "17.2.2", "in excess of a squadron of 3")
        if len(fleets_at(st, f["at"], f["where"], f["side"])) <= SQUADRON_MAX:
            st.pop()


def eliminate(st: State, fl: str, rule: str, why: str) -> None:
    del st.g["fleets"][fl]
    st.g["reserve"].setdefault("fleets", []).append(fl)  # like units, rebuilt only in a budget phase (7)
    st.note(f"{fleet_name(fl)} is eliminated ({why})", rule=rule)


# -- 17.2.1 a captured port --------------------------------------------------------------------------------------

def port_distances(st: State, side: str, fleets: list[str], start: str) -> dict[str, int]:
    """MP from the port ``start`` to each friendly port a squadron of ``fleets`` may reach (17.2.1 costs)."""
    m = S.data().map
    dist: dict[str, int] = {}
    seen = {s: 1 for s in m.zones[start].seas if area_refusal(st, fleets, s) is None}
    todo = deque(sorted(seen))
    while todo:
        sea = todo.popleft()
        for z in m.ports():
            if sea in z.seas and z.id != start and friendly_port(st, z.id, side) and not iced(st, z.id) \
                    and len(fleets_at(st, "port", z.id, side)) + len(fleets) <= PORT_CAPACITY:
                dist[z.id] = min(dist.get(z.id, 99), seen[sea] + 1)
        for nxt in m.seas[sea].adjacent:
            if nxt not in seen and passage_refusal(st, side, sea, nxt) is None \
                    and area_refusal(st, fleets, nxt) is None:
                seen[nxt] = seen[sea] + 1
                todo.append(nxt)
    return dist


def port_taken(st: State, zone: str) -> None:
    """17.2.1: fleets in a port the enemy captures at once sail to the nearest friendly port within their MF (the
    player chooses among equidistant ones); with none in reach they are lost."""
    for side in S.SIDES:
        fleets = [fl for fl in fleets_at(st, "port", zone, side) if not friendly_port(st, zone, side)]
        if not fleets:
            continue
        mf = min(S.data().counters.fleets[fl].mf for fl in fleets)
        dist = {z: d for z, d in port_distances(st, side, fleets, zone).items() if d <= mf}
        if not dist:
            for fl in fleets:
                eliminate(st, fl, "17.2.1", f"{S.zone_name(zone)} is captured and no friendly port is in reach")
            continue
        best = min(dist.values())
        nearest = sorted(z for z, d in dist.items() if d == best)
        if len(nearest) == 1:
            relocate(st, fleets, nearest[0])
        else:
            st.push("naval.relocate", side=side, fleets=fleets, ports=nearest)


def relocate(st: State, fleets: list[str], port: str) -> None:
    for fl in fleets:
        st.g["fleets"][fl].update(at="port", where=port)
    st.note(f"{squadron_name(st, fleets)} leave(s) the captured port for {S.zone_name(port)}", rule="17.2.1")


class Relocate:
    """17.2.1: the owner of fleets whose port was captured chooses among the equidistant nearest friendly ports."""

    name: ClassVar[str] = "naval.relocate"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{squadron_name(st, f['fleets'])} must leave a captured port: choose the friendly port to sail to."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("zone", z) for z in f["ports"]]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        relocate(st, f["fleets"], action[1])


def label(st: State, action: Action) -> str | None:
    """Menu labels of the naval actions (None: not a naval action)."""
    verb, arg = action
    step = st.step
    if verb == "fleet" and step == "activation":
        return f"Activate {fleet_name(arg)} in {place_name(*loc(st, arg))} (1 AP)"
    if verb == "fleet":
        return f"Add {fleet_name(arg)} to the squadron (1 AP)"
    if verb == "drop_fleet":
        return f"Leave {fleet_name(arg)} here"
    if verb == "scuttle":
        return f"Eliminate {fleet_name(arg)}"
    if step == "naval.move":
        f = st.frame
        if verb == "done":
            return "Stop here"
        kind = "sea" if verb == "sea" else "port"
        cost = dict(moves(st, f["side"], f["fleets"], f["at"], f["where"])).get((kind, arg), 0)
        return f"Sail into {place_name(kind, arg)} ({cost} MP)"
    if step == "naval.squadron" and verb == "done":
        return "Set sail"
    if step == "naval.relocate":
        return f"Sail to {S.zone_name(arg)}"
    return None


STEPS = (Squadron(), NavalMove(), Excess(), Relocate())
