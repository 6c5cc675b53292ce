"""17 Naval war: fleets in ports, at sea and in blockade boxes; their activation for AP (17.1) and their movement with
the fleet MF (17.2.1), stacking (17.2.2), the Bosphorus and the limited areas (17.2.2-17.2.3), the relocation of fleets
whose port is captured, intercepted on their way (17.2.1); interception of a squadron entering a sea zone (or evading
into one, 17.2.5) by the enemy squadron at sea there, then by those blockading its ports (17.2.4); attacks on enemy
squadrons at sea (which may evade, 17.2.5) or in a blockade box; blockade boxes (17.2.6); naval combat (17.3.1), retreat
(17.3.2) and combat in a port (17.3.3); transport between friendly ports (17.2.7); what fleets close to supply lines
(13.3) and to land moves across a strait (12.1).

``st.g["fleets"]``: fleet id -> {power, at: "port" | "sea" | "blockade", where: the port zone (port, blockade box)
or the sea zone}. A port's blockade box lies in its first sea zone (17.2.6). The fleets of one side at one place
form a squadron (17.2.2). An activation frame lists the fleets it moved in ``fleets_moved``; ``ports_attacked``
lists [year, round, port] (17.3.3: a port is attacked once a round). ``st.g["aboard"]``: force id -> {force (taken off
the map while at sea), fleets carrying it} (17.2.7).

Landings in a port (17.2.7-17.2.8): unopposed, against its fortress alone, or against the enemy fleets and troops
holding it (the fleets fought in the port first, then a landing battle through ``battle``'s ``FROM_SEA``), and the
naval cards' effects (1C, 49C, 10F, 6C, 10C) are here too; the Corsairs box (17.2.9) is in ``cards``."""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import weather
from grognard.games.nae.schema.cards import AdmiralLossTest, Reroll
from grognard.games.nae.schema.scenario import PORT_CAPACITY, SQUADRON_MAX

Loc = tuple[str, str]  # (at, where)


# -- the fleets on the board ------------------------------------------------------------------------------------

def place_fleets(st: State, picks: dict[str, dict[str, Any]]) -> None:
    """20.x set-up: every fleet of a [[place]] record, in its port, sea zone or blockade box; ``picks``: the port
    ("zone") and the fleets ("fleets") the players chose instead of the file's (20.1 set-up choices)."""
    sc = S.data().scenarios[st.g["scenario"]]
    fleets: dict[str, dict[str, Any]] = {}
    for pid, p in sc.places.items():
        pick = picks.get(pid, {})
        if p.zone is not None:
            at, where = "port", pick.get("zone", p.zone)
        elif p.sea is not None:
            at, where = "sea", p.sea
        else:
            at, where = "blockade", str(p.blockade)
        for fl in pick.get("fleets", p.fleets):
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


def port_has_room(st: State, port: str) -> bool:
    """Glossary « Port : ... Il peut être occupé par un maximum de 3 flottes »: fewer than 3 fleets lie in it."""
    return len(fleets_at(st, "port", port)) < PORT_CAPACITY


def squadron_name(st: State, fleets: list[str]) -> str:
    return ", ".join(fleet_name(fl) for fl in fleets)


def friendly_port(st: State, zone: str, side: str) -> bool:
    """17.2.1: a port of the side (controlled by one of its powers)."""
    return S.controller(st, zone) == side


def landing_port(st: State, zone: str, side: str) -> bool:
    """17.2.7: a friendly port troops may land in: none where enemy forces stand outside its fortress (11: the two
    sides share a zone only across a fortress wall; landing among them is 17.2.8's opposed assault)."""
    return friendly_port(st, zone, side) and not S.outside(st, zone, S.other(side))


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
                return (f"the {p.name} is closed to the {S.side_name(side)} (its side does not hold "
                        f"{S.zone_name(p.zone)}), 17.2.2")
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


def boxes_in(st: State, sea: str, side: str) -> list[str]:
    """The ports whose blockade box, lying in ``sea``, holds fleets of ``side`` (17.2.6)."""
    return sorted({x["where"] for x in st.g["fleets"].values() if x["at"] == "blockade"
                   and sea_of("blockade", x["where"]) == sea and S.side_of(st, x["power"]) == side})


def sea_blocks(st: State, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """13.3 / 17.2.6, what stops the sea lines of ``side``: the sea zones held by enemy fleets alone at sea (« ne
    peut pas traverser de zones de mer occupées exclusivement par des flottes adverses en mer »), and the ports
    whose blockade box holds enemy fleets (« aucun ravitaillement par mer »; lines run between ports « libres de
    blocus »)."""
    enemy_seas, own_seas, boxes = set(), set(), set()
    for x in st.g["fleets"].values():
        s = S.side_of(st, x["power"])
        if x["at"] == "sea" and s is not None:  # a neutral's fleets are no enemy's
            (own_seas if s == side else enemy_seas).add(x["where"])
        elif x["at"] == "blockade" and s not in (side, None):
            boxes.add(x["where"])
    return frozenset(enemy_seas - own_seas), frozenset(boxes)


def strait_closed(st: State, a: str, b: str, side: str) -> str | None:
    """12.1: « Il n'est pas possible de traverser un détroit si une flotte adverse en mer est présente dans la zone
    maritime correspondante » (the strait inside Denmark always open); why the way is closed, or None."""
    border = S.data().map.border(a, b)
    if border is None or border.sea is None or border.always_open or not enemy_at_sea(st, border.sea, side):
        return None
    return f"an enemy fleet at sea in the {S.data().map.seas[border.sea].name} closes the strait, 12.1"


def moves(st: State, side: str, fleets: list[str], at: str, where: str) -> list[tuple[Loc, int]]:
    """17.2.1: the places a squadron at (at, where) may reach with one more move, and their MP: out of a friendly
    port onto one of its sea zones (1 MP; out of a blockaded port through a battle in the box, 17.2.6), out of a
    blockade box onto its sea zone (0 MP), into an adjacent sea zone (1 MP), into a friendly port of the sea zone
    (1 MP, its box being friendly), into the blockade box of an enemy port lying in the sea zone (1 MP), from that box
    into the enemy port to attack its fleets (1 MP, once a round per port, 17.3.3)."""
    m = S.data().map
    if at == "port":
        if iced(st, where):
            return []
        targets = [(("sea", s), 1) for s in m.zones[where].seas]
    elif at == "blockade":
        targets = [(("sea", str(sea_of(at, where))), 0)]
        if fleets_at(st, "port", where, S.other(side)) and [st.g["year"], st.g["round"], where] not in st.g.get(
                "ports_attacked", []):
            targets.append((("attack_port", where), 1))
    else:
        targets = [(("sea", s), 1) for s in m.seas[where].adjacent if passage_refusal(st, side, where, s) is None]
        targets += [(("port", z.id), 1) for z in m.ports() if where in z.seas and friendly_port(st, z.id, side)
                    and not iced(st, z.id)
                    and len(fleets_at(st, "port", z.id, side)) + len(fleets) <= PORT_CAPACITY]
        targets += [(("blockade", z.id), 1) for z in m.ports() if z.seas[0] == where
                    and S.controller(st, z.id) == S.other(side)
                    and len(fleets_at(st, "blockade", z.id, side)) + len(fleets) <= SQUADRON_MAX]
    return [((kind, target), cost) for (kind, target), cost in targets
            if kind != "sea" or area_refusal(st, fleets, target) is None]


# -- 17.1 activation ---------------------------------------------------------------------------------------------

def activation_choices(st: State, f: Frame) -> list[Action]:
    """17.1: each fleet costs 1 AP (a card's AP, never an event's count of forces); an event activating fleets (1C,
    49C) moves those it names without AP."""
    done = f.get("fleets_moved", [])
    if f.get("fleet_event"):
        pool = [fl for fl in f["fleet_event"]["fleets"] if fl in st.g["fleets"]]
    elif f["count"] is not None or f["ap"] < 1:
        return []
    else:
        pool = [fl for fl, x in st.g["fleets"].items() if S.side_of(st, x["power"]) == f["side"]]
    return [("fleet", fl) for fl in pool if fl not in done and not (loc(st, fl)[0] == "port"
                                                                  and iced(st, loc(st, fl)[1]))]


def free_by_event(f: Frame, fl: str) -> bool:
    """17.1: is ``fl`` one of the fleets the activation's event moves without AP?"""
    return bool(f.get("fleet_event")) and fl in f["fleet_event"]["fleets"]


def activate(st: State, f: Frame, fl: str) -> None:
    """17.1: the first fleet of a squadron is activated; the others at its place may join it (1 AP each, none for
    an event's fleets)."""
    cost = "event" if free_by_event(f, fl) else "1 AP"
    if cost == "1 AP":
        f["ap"] -= 1
    f.setdefault("fleets_moved", []).append(fl)
    at, where = loc(st, fl)
    st.note(f"The {S.side_name(f['side'])} activates {fleet_name(fl)} in {place_name(at, where)} ({cost})", rule="17.1")
    st.push("naval.squadron", side=f["side"], fleets=[fl], at=at, where=where)


def event_fleets(st: State, side: str, powers: tuple[str, ...], minor_allies: bool) -> list[str]:
    """1C / 49C: the fleets of the side's ``powers`` (and, with ``minor_allies``, of its minor powers) an event
    activates."""
    kinds = S.data().map.powers
    return [fl for fl, x in sorted(st.g["fleets"].items()) if S.side_of(st, x["power"]) == side
            and (x["power"] in powers or (minor_allies and kinds[x["power"]].kind != "major"))]


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
        if len(f["fleets"]) < SQUADRON_MAX:
            out = [("fleet", fl) for fl in fleets_at(st, f["at"], f["where"], f["side"])
                   if fl not in act.get("fleets_moved", []) and (free_by_event(act, fl) or act["ap"] >= 1)]
        return [*out, ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, fl = action
        if verb == "fleet":
            act = _activation(st)
            cost = "event" if free_by_event(act, fl) else "1 AP"
            if cost == "1 AP":
                act["ap"] -= 1
            act.setdefault("fleets_moved", []).append(fl)
            f["fleets"].append(fl)
            st.note(f"{fleet_name(fl)} joins the squadron ({cost})", rule="17.1")
            return
        mf = min(S.data().counters.fleets[x].mf for x in f["fleets"])
        st.replace("naval.move", side=f["side"], fleets=f["fleets"], at=f["at"], where=f["where"], mp=mf,
                   came_from=[f["at"], f["where"]], start=[f["at"], f["where"]])


def _activation(st: State) -> Frame:
    stack: list[Frame] = st.core["stack"]
    return next(x for x in reversed(stack) if x["step"] == "activation")


# -- 17.2.1 movement ---------------------------------------------------------------------------------------------

class NavalMove:
    """17.2.1: the squadron spends its MP (the fleet MF) one move at a time; it may leave fleets behind, and attack
    the enemy squadrons of its sea zone, at sea or blockading (17.2.4: at no MP cost, the rule giving none)."""

    name: ClassVar[str] = "naval.move"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"Squadron of {squadron_name(st, f['fleets'])} in {place_name(f['at'], f['where'])}, {f['mp']} MP "
                "left: move, attack, leave a fleet here, or stop.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        out: list[Action] = [(VERB_OF[kind], target)
                             for (kind, target), cost in moves(st, f["side"], f["fleets"], f["at"], f["where"])
                             if cost <= f["mp"]]
        if f["at"] == "sea":
            if enemy_at_sea(st, f["where"], f["side"]):
                out.append(("attack_sea", f["where"]))
            out += [("attack_box", port) for port in boxes_in(st, f["where"], S.other(f["side"]))]
        out += [("embark", fid) for fid in embarkable(st, f)]
        if f["at"] == "port" and landing_port(st, f["where"], f["side"]):
            out += [("disembark", fid) for fid in carried(st, f["fleets"])
                    if S.limited_ok(st.g["aboard"][fid]["force"]["units"], f["where"])
                    and landing_room(st, f, f["where"], fid)]
        out += [("assault", port) for port in assault_ports(st, f)]
        if len(f["fleets"]) > 1:
            out += [("drop_fleet", fl) for fl in free_fleets(st, f["fleets"])]
        return [*out, ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        if verb == "done":
            finish_move(st)
            return
        if verb == "embark":
            embark(st, f, arg)
            return
        if verb == "disembark":
            if f["where"] in f.get("assaults", {}):
                f["assaults"][f["where"]] += S.steps(st.g["aboard"][arg]["force"])
            land(st, arg, f["where"])
            return
        if verb == "assault":
            assault(st, f, arg)
            return
        if verb == "drop_fleet":
            f["fleets"].remove(arg)
            st.note(f"{fleet_name(arg)} stays in {place_name(f['at'], f['where'])}", rule="17.2.1")
            return
        if verb == "attack_sea":
            st.note(f"The {S.side_name(f['side'])} attacks the squadron at sea in "
                    f"{place_name('sea', arg)}", rule="17.2.4")
            st.push("naval.evade", side=S.other(f["side"]), sea=arg, came_from=f["came_from"])
            return
        if verb == "attack_box":
            st.note(f"The {S.side_name(f['side'])} attacks the blockading squadron of "
                    f"{S.zone_name(arg)}", rule="17.2.4")
            push_battle(st, f, fleets_at(st, "blockade", arg, S.other(f["side"])), "blockade", arg)
            return
        kind = KIND_OF[verb]
        cost = dict(moves(st, f["side"], f["fleets"], f["at"], f["where"]))[(kind, arg)]
        came_from = [f["at"], f["where"]]
        f["mp"] -= cost
        if kind == "attack_port":
            attack_port(st, f, arg, cost)
            return
        enemies = blockaders(st, f["where"], f["side"]) if f["at"] == "port" else []
        if enemies:  # 17.2.6: the blockaders intercept a squadron leaving the port automatically
            st.note(f"Squadron of {squadron_name(st, f['fleets'])} sails out of {S.zone_name(f['where'])} ({cost} MP):"
                    " the blockading squadron intercepts it", rule="17.2.6")
            f["came_from"] = came_from
            push_battle(st, f, enemies, "blockade", f["where"], kind="sortie", then=arg)
            return
        if kind == "port" and blockaders(st, arg, f["side"]):  # 17.2.1: the blockaders may intercept it
            f["came_from"] = came_from
            st.push("naval.intercept", side=S.other(f["side"]), sea=f["where"], candidates=[["blockade", arg]],
                    joined=[], success=False, port_entry=arg)
            return
        move_to(st, f, kind, arg, cost, came_from)


KIND_OF = {"sea": "sea", "zone": "port", "blockade": "blockade", "attack_port": "attack_port"}
VERB_OF = {kind: verb for verb, kind in KIND_OF.items()}


def move_to(st: State, f: Frame, kind: str, arg: str, cost: int, came_from: list[str]) -> None:
    """The squadron of the move ``f`` arrives: a blockade box sets up a blockade (17.2.6); a new sea zone may bring
    interceptions (17.2.4)."""
    had = fleets_at(st, kind, arg, f["side"]) if kind == "blockade" else []
    f["at"], f["where"] = kind, arg
    for fl in f["fleets"]:
        st.g["fleets"][fl].update(at=kind, where=arg)
    st.note(f"Squadron of {squadron_name(st, f['fleets'])} sails into {place_name(kind, arg)} ({cost} MP)",
            rule="17.2.1")
    if kind == "port":  # it may sail out again (1 MP): only a retreat into a port ends the move (17.3.2)
        return
    if kind == "blockade":
        f["came_from"] = came_from
        enter_box(st, f, arg, had)
        return
    if sea_of(*came_from) != arg:  # it enters a new sea zone (not out of its own blockade box)
        f["came_from"] = came_from
        push_interceptions(st, f)


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
        return [("scuttle", fl) for fl in losses_order(st, fleets_at(st, f["at"], f["where"], f["side"]))]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        eliminate(st, action[1], "17.2.2", "in excess of a squadron of 3")
        if len(fleets_at(st, f["at"], f["where"], f["side"])) <= SQUADRON_MAX:
            st.pop()


def eliminate(st: State, fl: str, rule: str, why: str) -> None:
    """A fleet is lost, with the troops it carries (17.2.7)."""
    for fid in carried(st, [fl]):
        lose_cargo(st, fid, rule, "goes down with its fleet")
    del st.g["fleets"][fl]
    st.g["reserve"].setdefault("fleets", []).append(fl)  # like units, rebuilt only in a budget phase (7)
    st.note(f"{fleet_name(fl)} is eliminated ({why})", rule=rule)


# -- 17.2.7 naval transport --------------------------------------------------------------------------------------

def carried(st: State, fleets: list[str]) -> list[str]:
    """The forces aboard these fleets (``st.g["aboard"]``: force id -> {force, fleets carrying it})."""
    return [fid for fid, x in st.g["aboard"].items() if not set(x["fleets"]).isdisjoint(fleets)]


def free_fleets(st: State, fleets: list[str]) -> list[str]:
    busy = {fl for x in st.g["aboard"].values() for fl in x["fleets"]}
    return [fl for fl in fleets if fl not in busy]


def cargo_name(force: S.Force) -> str:
    """A force aboard (off the map) as prompts name it: its commander, or its lone unit."""
    return S.general(force["commander"]).name if force["commander"] else S.unit_name(next(iter(force["units"])))


def fleets_needed(force: S.Force) -> int:
    """17.2.7: each fleet carries 2 loss steps, a depot, a general and an Army marker."""
    markers = [a.army for a in S.armies(force) if a.army]
    return max(-(-S.steps(force) // 2), len(S.generals_of(force)), len(markers), len(force["depots"]), 1)


def embarkable(st: State, f: Frame) -> list[str]:
    """17.2.7: forces of the side in the friendly port the squadron is in (outside its fortress, whole), that have
    not moved this round and fit in its free fleets."""
    from grognard.games.nae.rules import activation

    if f["at"] != "port":
        return []
    room = len(free_fleets(st, f["fleets"]))
    return [fid for fid in S.outside(st, f["where"], f["side"])
            if not activation.moved(st, fid) and fleets_needed(S.force(st, fid)) <= room]


def embark(st: State, f: Frame, fid: str) -> None:
    from grognard.games.nae.rules import activation

    force = S.take_force(st, fid)
    activation.mark_moved(st, force["units"])  # 17.2.7: no land move after the landing this round
    fleets = free_fleets(st, f["fleets"])[:fleets_needed(force)]
    st.g["aboard"][fid] = {"force": force, "fleets": fleets}
    st.note(f"{cargo_name(force)} embark(s) at {S.zone_name(f['where'])} on {squadron_name(st, fleets)} "
            "(0 MP)", rule="17.2.7")


def land(st: State, fid: str, port: str) -> None:
    """17.2.7: the force lands in a friendly port (0 MP) and joins the side's forces there (11)."""
    from grognard.games.nae.rules import stacking

    force = st.g["aboard"].pop(fid)["force"]
    S.add_force(st, fid, force)
    S.move_force(st, fid, port)
    st.note(f"{S.name_of(st, fid)} land(s) at {S.zone_name(port)} (0 MP)", rule="17.2.7")
    stacking.consolidate(st, fid)


# -- 17.2.8 landings in an enemy port ---------------------------------------------------------------------------

ASSAULT_MP = 3  # 17.2.1: the box (1 MP), the enemy port (1 MP), the landing (1 MP): « un assaut maritime, 3 PM »
ASSAULT_STEPS = 2  # 17.2.8: « Un assaut maritime ne peut comprendre que 2 pas de perte maximum SAUF évènement »


def unopposed(st: State, port: str, side: str) -> bool:
    """17.2.7 / 17.2.8: an enemy port with no enemy force, no enemy fleet and no active fortress, where « le
    débarquement [...] sans opposition est considéré comme un assaut maritime automatiquement réussi »."""
    fort = st.g["fortresses"].get(port)
    return (S.controller(st, port) == S.other(side) and not S.forces_in(st, port, S.other(side))
            and not fleets_at(st, "port", port, S.other(side)) and not (fort and fort["active"]))


def assault_limit(st: State) -> int:
    """17.2.8: 2 steps an assault, unless the activation's event allows more (49C, once in its activation)."""
    event = _activation(st).get("fleet_event") or {}
    return max(ASSAULT_STEPS, int(event.get("assault_steps", 0)))


def landing_room(st: State, f: Frame, port: str, fid: str) -> bool:
    """17.2.8: the steps landed in one assault (the first landing and those that follow it into the port in the
    same move) stay within the assault's limit."""
    if port not in f.get("assaults", {}):
        return True
    return bool(f["assaults"][port] + S.steps(st.g["aboard"][fid]["force"]) <= assault_limit(st))


def enemy_fortress(st: State, port: str, side: str) -> bool:
    """An active fortress of the enemy of ``side`` in ``port`` (15)."""
    fort = st.g["fortresses"].get(port)
    return bool(fort and fort["active"] and S.controller(st, port) == S.other(side))


def fortress_only(st: State, port: str, side: str) -> bool:
    """17.2.8: an enemy port whose active fortress holds no enemy force and no enemy fleet: « un combat a lieu
    entre l'escadre et la forteresse préalablement à l'assaut maritime »."""
    return enemy_fortress(st, port, side) and not S.forces_in(st, port, S.other(side)) \
        and not fleets_at(st, "port", port, S.other(side))


def opposed(st: State, port: str, side: str) -> bool:
    """17.2.8: « Si le port de destination est occupé par une force adverse ou est une forteresse contrôlée par
    l'adversaire, un assaut maritime a lieu »: a port of either side's with enemy troops outside its fortress, or an
    enemy port with enemy fleets or troops inside its active fortress. A port whose fleets were already attacked this
    round is closed to it (17.3.3: « un même port ne peut être attaqué qu'une seule fois par round »)."""
    enemy = S.other(side)
    if fleets_at(st, "port", port, enemy) and [st.g["year"], st.g["round"], port] in st.g.get("ports_attacked", []):
        return False
    if S.outside(st, port, enemy):
        return S.controller(st, port) in (side, enemy)
    return S.controller(st, port) == enemy and bool(fleets_at(st, "port", port, enemy) or (
        enemy_fortress(st, port, side) and S.forces_in(st, port, enemy)))


def assault_forces(st: State, f: Frame, port: str) -> list[str]:
    """17.2.8: the forces aboard the squadron that may land in ``port`` in one assault (before an enemy fortress,
    those strong enough to besiege it, 15.2: « la force terrestre doit alors assiéger la forteresse »)."""
    from grognard.games.nae.rules import siege

    limit = assault_limit(st)
    fort = st.g["fortresses"].get(port)
    least = siege.cover_steps(fort["level"]) if fort and enemy_fortress(st, port, f["side"]) else 0
    return [fid for fid in carried(st, f["fleets"]) if least <= S.steps(st.g["aboard"][fid]["force"]) <= limit
            and S.limited_ok(st.g["aboard"][fid]["force"]["units"], port)]


def assault_ports(st: State, f: Frame) -> list[str]:
    """17.2.8: from a sea zone, the ports whose blockade box lies in it where the squadron may land a force
    (``assault_refusal``)."""
    if squadron_refusal(st, f) is not None:
        return []
    return [z.id for z in S.data().map.ports() if z.seas[0] == f["where"] and port_refusal(st, f, z.id) is None]


def squadron_refusal(st: State, f: Frame) -> str | None:
    """17.2.8: why the moving squadron ``f`` may make no assault now (None: it may, on a port that allows one)."""
    if f["at"] != "sea":
        return "the squadron sets out from the sea zone holding the port's blockade box, 17.2.6"
    if weather.winter(st):
        return "« Il n'est pas possible d'effectuer un assaut maritime [...] durant les rounds d'hiver », 17.2.8"
    if f["mp"] < ASSAULT_MP:
        return f"an assault costs {ASSAULT_MP} MP (the box, the port, the landing) and {f['mp']} are left, 17.2.1"
    if f.get("assault_failed"):
        return ("its force has been destroyed in an assault: « cette escadre ne peut pas mener d'autre assaut "
                "maritime au-cours de son activation », 17.2.8")
    if not carried(st, f["fleets"]):
        return "the squadron carries no troops, 17.2.7"
    return None


def port_refusal(st: State, f: Frame, port: str) -> str | None:
    """17.2.8: why the squadron may not assault ``port`` from its sea zone (None: it may)."""
    side, enemy = f["side"], S.other(f["side"])
    if S.controller(st, port) == side and not S.outside(st, port, enemy):
        return "it is a friendly port: the squadron sails in and lands its troops there (17.2.7)"
    if S.controller(st, port) not in (side, enemy):
        return "it is not an enemy port, 17.2.8"
    if not (unopposed(st, port, side) or fortress_only(st, port, side) or opposed(st, port, side)):
        return "its fleets have been attacked this round already: « un même port ne peut être attaqué qu'une seule " \
               "fois par round », 17.3.3"
    if not assault_forces(st, f, port):
        fort = st.g["fortresses"].get(port)
        if fort and enemy_fortress(st, port, side):
            from grognard.games.nae.rules import siege

            return (f"no force aboard can land: {assault_limit(st)} steps at most an assault (17.2.8), and at least "
                    f"{siege.cover_steps(fort['level'])} to besiege its fortress (15.2)")
        return f"no force aboard can land: {assault_limit(st)} steps at most an assault (17.2.8, « SAUF évènement »)"
    return None


def assault_refusal(st: State, f: Frame, port: str) -> str | None:
    """17.2.8: why the squadron of the move ``f`` may not assault the zone ``port`` now (None: it may)."""
    zone = S.data().map.zones[port]
    if not zone.port:
        return "it has no port: « Il n'est pas possible d'effectuer un assaut maritime dans une zone qui ne contient " \
               "pas de port », 17.2.8"
    reason = squadron_refusal(st, f)
    if reason is None and zone.seas[0] != f["where"]:
        reason = f"its blockade box lies in {S.data().map.seas[zone.seas[0]].name}, 17.2.6"
    return reason or port_refusal(st, f, port)


def assault(st: State, f: Frame, port: str) -> None:
    """17.2.1 / 17.2.8: the squadron passes the blockade box into the enemy port (its owner then lands a force).
    Enemy fleets in the port are fought there first (17.3.3, ``fleets_first``); a fortress without them fights the
    squadron; enemy troops there fight the landed force (``naval.assault``)."""
    came_from = [f["at"], f["where"]]
    if fleets_at(st, "port", port, S.other(f["side"])):
        fleets_first(st, f, port, came_from)
        return
    f["mp"] -= ASSAULT_MP
    enemy = "enemy " if S.controller(st, port) == S.other(f["side"]) else ""
    st.note(f"Squadron of {squadron_name(st, f['fleets'])} enters the {enemy}port of {S.zone_name(port)} to land "
            f"troops ({ASSAULT_MP} MP)", rule="17.2.8")
    enter_port(st, f, port, came_from, fortress=enemy_fortress(st, port, f["side"]))


def fleets_first(st: State, f: Frame, port: str, came_from: list[str]) -> None:
    """17.2.8: « Si des flottes adverses occupent le port de destination, il faut les détruire préalablement par
    combat naval »: the squadron enters the blockade box and attacks the port (17.2.6: « une escadre peut pénétrer
    dans un port occupé par une escadre adverse et un combat naval a lieu dans le port »), with its fortress dice and
    one round (17.3.3; the port counts as attacked this round). The landing follows only if no enemy fleet is left
    (``after_fleets``); the landing's MP is spent then."""
    f["mp"] -= ASSAULT_MP - 1
    f["at"], f["where"], f["came_from"] = "blockade", port, came_from
    for fl in f["fleets"]:
        st.g["fleets"][fl].update(at="blockade", where=port)
    st.g.setdefault("ports_attacked", []).append([st.g["year"], st.g["round"], port])
    st.note(f"Squadron of {squadron_name(st, f['fleets'])} attacks the fleets in the port of {S.zone_name(port)} "
            f"before landing its troops ({ASSAULT_MP - 1} MP)", rule="17.2.8")
    push_battle(st, f, fleets_at(st, "port", port, S.other(f["side"])), "port", port, kind="port")
    st.frame["assault"] = came_from


def after_fleets(st: State, move: Frame, b: Frame) -> None:
    """17.2.8: after the combat in the port, the landing goes on if the squadron won and no enemy fleet is left
    there; otherwise the squadron stays in the blockade box with its troops and may go on (17.3.3)."""
    port = b["where"]
    if b["loser"] != "dfn" or fleets_at(st, "port", port, S.other(move["side"])):
        st.note(f"Enemy fleets are still in the port of {S.zone_name(port)}: no landing", rule="17.2.8")
        return
    move["mp"] -= 1
    st.note(f"Squadron of {squadron_name(st, move['fleets'])} enters the port of {S.zone_name(port)} to land troops "
            "(1 MP)", rule="17.2.8")
    enter_port(st, move, port, b["assault"], fortress=False)  # its fortress fired in the port combat (17.3.3)


def enter_port(st: State, f: Frame, port: str, came_from: list[str], *, fortress: bool) -> None:
    """17.2.8: the squadron is in the port; unopposed, its force lands and takes it (``naval.landing``); otherwise
    ``naval.assault`` runs the assault (the fight with the fortress first if ``fortress``)."""
    f["at"], f["where"] = "port", port
    for fl in f["fleets"]:
        st.g["fleets"][fl].update(at="port", where=port)
    if unopposed(st, port, f["side"]):
        st.push("naval.landing", side=f["side"], port=port)
    else:
        st.push("naval.assault", side=f["side"], port=port, came_from=came_from,
                phase="fortress" if fortress else "land", fid=None)


def fortress_fight(st: State, move: Frame, port: str) -> bool:
    """17.2.8: « Si le port est une forteresse sans escadre adverse, un combat a lieu entre l'escadre et la
    forteresse préalablement à l'assaut maritime [...] le port se défend avec un dé de combat et l'escadre du joueur
    actif doit obtenir un résultat supérieur »; a tie is fought again only « si le port ne contient qu'une
    forteresse » (with enemy troops there too, a tie is no higher result: the fortress holds). The squadron loses no
    fleet (the fortress only keeps it out)."""
    enemy = S.other(move["side"])
    again = fortress_only(st, port, move["side"])
    def row(mine: int) -> Any:
        return lambda x: ("the squadron lands" if mine > x else "the fortress holds" if mine < x or not again
                          else "tie: another round", None)

    while True:
        mine = fire(st, move["side"], move["fleets"], "17.2.8", None, enemy)
        theirs = st.roll(1, rule="17.2.8", why=f"The fortress of {S.zone_name(port)} fires on the landing squadron",
                         table=row(mine)).total
        if mine != theirs or not again:
            return mine > theirs


class Assault:
    """17.2.8, an opposed assault, one phase after another: a fortress without fleets fights the squadron first
    (beaten, the squadron falls back to the sea zone it came from and may go on); the force lands; enemy troops
    outside the fortress fight it (``battle.FROM_SEA``: at -3, destroyed if beaten); then before an enemy fortress it
    lays siege and has two siege attacks, and the zone not taken, it is destroyed."""

    name: ClassVar[str] = "naval.assault"

    def run(self, st: State, f: Frame) -> None:
        from grognard.games.nae.rules import battle, siege

        move = _move_frame(st)
        port, side = f["port"], f["side"]
        if f["phase"] == "fortress":
            if fortress_fight(st, move, port):
                f["phase"] = "land"
                return
            st.pop()
            move["at"], move["where"] = f["came_from"]
            for fl in move["fleets"]:
                st.g["fleets"][fl].update(at=move["at"], where=move["where"])
            st.note(f"The squadron falls back into {place_name(*f['came_from'])}", rule="17.2.8")
            return
        if f["phase"] == "land":
            f["phase"] = "landed"
            st.push("naval.landing", side=side, port=port, assault=True)
            return
        fid = f["fid"]
        if f["phase"] == "landed":
            f["phase"] = "won"
            enemies = S.outside(st, port, S.other(side))
            if enemies:
                st.note(f"{S.name_of(st, fid)} fights {S.name_of(st, enemies[0])} on landing", rule="17.2.8")
                battle.start_battle(st, fid, enemies[0], port, battle.FROM_SEA)
                return
        if f["phase"] == "won" and fid in st.g["forces"] and not S.outside(st, port, S.other(side)):
            if not enemy_fortress(st, port, side):
                st.pop()
                taken(st, move, fid, port)
                return
            f["phase"] = "second"
            siege.lay_siege(st, fid)
            if besieged_by(st, port, side):
                st.note(f"{S.name_of(st, fid)} has two siege attacks", rule="17.2.8")
                siege.push_siege_attack(st, fid)
                return
        if f["phase"] == "second" and S.controller(st, port) != side and fid in st.g["forces"] and \
                besieged_by(st, port, side):
            f["phase"] = "end"
            siege.push_siege_attack(st, fid)
            return
        st.pop()
        if S.controller(st, port) == side and fid in st.g["forces"] and not S.outside(st, port, S.other(side)):
            return
        move["assault_failed"] = True
        if fid in st.g["forces"]:
            S.remove_force(st, fid, "17.2.8", f"{S.name_of(st, fid)} has not taken {S.zone_name(port)} and is "
                           "destroyed")
        move["at"], move["where"] = "sea", str(sea_of("blockade", port))  # « les flottes se repositionnent dans la
        for fl in move["fleets"]:                                           # zone maritime du port »
            st.g["fleets"][fl].update(at="sea", where=move["where"])


def besieged_by(st: State, port: str, side: str) -> bool:
    """15.2: is the fortress of ``port`` under a siege of ``side`` (laid by the landed force, or by a force of its
    side already there, 17.2.8: the landed force makes its two siege attacks all the same)?"""
    besieger = st.g["fortresses"][port]["besieger"]
    return besieger in st.g["forces"] and st.g["forces"][besieger]["side"] == side


def taken(st: State, move: Frame, fid: str, port: str) -> None:
    """17.2.8: the landed force won its battle and no enemy fortress stands: the port is its side's (3.2: « avoir
    remporté [...] un assaut maritime »)."""
    from grognard.games.nae.rules import stacking

    if S.controller(st, port) != move["side"]:
        S.set_control(st, port, S.major_of(st, S.force(st, fid)["power"]))
        st.note(f"{S.name_of(st, fid)} wins the amphibious assault and takes control of {S.zone_name(port)}",
                rule="3.2")
        port_taken(st, port)
    stacking.consolidate(st, fid)


def assault_landing(st: State, f: Frame, fid: str) -> None:
    """17.2.7 / 17.2.8: the force lands unopposed: an assault won at once, which gives the zone to its side (3.2:
    « avoir remporté [...] un assaut maritime »); the fleets may sail on, 1 MP to go back to the port's sea zone."""
    from grognard.games.nae.rules import stacking

    port = f["where"]
    steps = S.steps(st.g["aboard"][fid]["force"])
    f.setdefault("assaults", {})[port] = steps
    event = _activation(st).get("fleet_event")
    if event and steps > ASSAULT_STEPS:
        event["assault_steps"] = 0  # 49C: « one assault may land up to 4 steps »
    force = st.g["aboard"].pop(fid)["force"]
    S.add_force(st, fid, force)
    S.move_force(st, fid, port)
    st.note(f"{S.name_of(st, fid)} land(s) unopposed at {S.zone_name(port)} ({steps} steps): the amphibious assault "
            "succeeds", rule="17.2.8")
    S.set_control(st, port, S.major_of(st, force["power"]))
    st.note(f"{S.name_of(st, fid)} takes control of {S.zone_name(port)}", rule="3.2")
    stacking.consolidate(st, fid)


def land_opposed(st: State, f: Frame, fid: str) -> None:
    """17.2.8: the force lands in the port zone, outside its fortress, to fight the troops there or besiege it."""
    force = st.g["aboard"].pop(fid)["force"]
    port = f["where"]
    f.setdefault("assaults", {})[port] = S.steps(force)
    S.add_force(st, fid, force)
    S.move_force(st, fid, port)
    where = f"before the fortress of {S.zone_name(port)}" if enemy_fortress(st, port, f["side"]) and not \
        S.outside(st, port, S.other(f["side"])) else f"at {S.zone_name(port)} ({S.steps(force)} steps)"
    st.note(f"{S.name_of(st, fid)} land(s) {where}", rule="17.2.8")


class Landing:
    """17.2.8: the squadron in the port lands one of its forces (within the assault's steps)."""

    name: ClassVar[str] = "naval.landing"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"Your squadron is in the port of {S.zone_name(f['port'])}: choose the force that lands."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("land_enemy", fid) for fid in assault_forces(st, _move_frame(st), f["port"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        if f.get("assault"):
            st.frame["fid"] = action[1]
            land_opposed(st, _move_frame(st), action[1])
        else:
            assault_landing(st, st.frame, action[1])


def lose_cargo(st: State, fid: str, rule: str, why: str) -> None:
    """The force aboard is lost with its fleet, or left at sea at the end of the round (17.2.7)."""
    x = st.g["aboard"].pop(fid)
    S.add_force(st, fid, x["force"])
    S.remove_force(st, fid, rule, f"{S.name_of(st, fid)} {why}")


def unload(st: State, move: Frame) -> None:
    """17.2.7: at the end of its move the squadron's troops land if it is in a friendly port they may enter;
    troops left at sea are eliminated."""
    for fid in carried(st, move["fleets"]):
        units = st.g["aboard"][fid]["force"]["units"]
        if move["at"] == "port" and landing_port(st, move["where"], move["side"]) and S.limited_ok(
                units, move["where"]) and landing_room(st, move, move["where"], fid):
            if move["where"] in move.get("assaults", {}):
                move["assaults"][move["where"]] += S.steps(st.g["aboard"][fid]["force"])
            land(st, fid, move["where"])
        else:
            lose_cargo(st, fid, "17.2.7", "is still at sea at the end of the move and is eliminated")


def losses_order(st: State, fleets: list[str]) -> list[str]:
    """17.2.7: the fleets that carry no troops are lost first; then the carrying ones, with their cargo."""
    alive = [fl for fl in fleets if fl in st.g["fleets"]]
    return free_fleets(st, alive) or alive


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
            sail_away(st, side, fleets, zone, nearest[0])
        else:
            st.push("naval.relocate", side=side, fleets=fleets, ports=nearest, start=zone)
    blockade_ends(st, zone)


def blockade_ends(st: State, port: str) -> None:
    """17.2.6: the squadron in the blockade box of a port now its own side's (captured, or gone over to its side,
    ``diplomacy.ports_follow``), once the enemy's fleets have left it, blockades it no more (« un blocus portuaire
    a lieu lorsqu'une flotte occupe la case « Blocus » d'un port adverse », glossary) and stands in the box's sea
    zone, as one whose blockade is lifted (« devra se positionner dans la zone maritime adjacente au port »)."""
    side = S.controller(st, port)
    out = fleets_at(st, "blockade", port, side) if side is not None else []
    if not out or fleets_at(st, "port", port, S.other(str(side))):
        return  # (enemy fleets still in the port: they leave it past the box, 17.2.1, ``Relocation``)
    sea = str(sea_of("blockade", port))
    for fl in out:
        st.g["fleets"][fl].update(at="sea", where=sea)
    st.note(f"{squadron_name(st, out)} no longer blockades {S.zone_name(port)}, now a port of its side: it stands in "
            f"{place_name('sea', sea)}", rule="17.2.6")
    end_move(st, str(side), "sea", sea)


def sea_route(st: State, side: str, fleets: list[str], start: str, dest: str) -> list[str]:
    """The sea zones of a shortest way from the port ``start`` to the port ``dest`` (17.2.1 costs, the first found
    in map order)."""
    m = S.data().map
    parent: dict[str, str | None] = {s: None for s in sorted(m.zones[start].seas)
                                     if area_refusal(st, fleets, s) is None}
    todo = deque(parent)
    while todo:
        sea = todo.popleft()
        if sea in m.zones[dest].seas:
            route = [sea]
            while parent[route[-1]] is not None:
                route.append(str(parent[route[-1]]))
            return route[::-1]
        for nxt in m.seas[sea].adjacent:
            if nxt not in parent and passage_refusal(st, side, sea, nxt) is None \
                    and area_refusal(st, fleets, nxt) is None:
                parent[nxt] = sea
                todo.append(nxt)
    raise ValueError(f"no way by sea from {start} to {dest}")


def sail_away(st: State, side: str, fleets: list[str], start: str, dest: str) -> None:
    """17.2.1: « Les flottes qui se ré déploient de la sorte restent sujettes à interception par l'adversaire tout
    au long du parcours de leur relocalisation »: the squadron sails its way (``Relocation``)."""
    st.note(f"{squadron_name(st, fleets)} must leave the captured port of {S.zone_name(start)} for "
            f"{S.zone_name(dest)}", rule="17.2.1")
    st.push("naval.relocation", side=side, fleets=list(fleets), start=start, dest=dest,
            route=sea_route(st, side, fleets, start, dest), expect=["port", start], sortie=False)


class Relocation:
    """17.2.1, the way of fleets leaving a captured port, one place after another: out of a blockaded port the
    blockaders intercept them automatically (a battle in the box, after which the survivors sail on); in each sea
    zone the enemy squadrons there may intercept them (17.2.4); the blockaders of the friendly port they make for
    may intercept them, and they enter it « même en cas de défaite ». Each stage is a squadron moving without MP
    (``passive``); a squadron beaten at sea retreats (17.3.2) and its way ends there."""

    name: ClassVar[str] = "naval.relocation"

    def run(self, st: State, f: Frame) -> None:
        fleets = [fl for fl in f["fleets"] if fl in st.g["fleets"] and list(loc(st, fl)) == f["expect"]]
        side, start, dest = f["side"], f["start"], f["dest"]
        if not fleets or f["expect"] == ["port", dest]:
            st.pop()
            blockade_ends(st, start)
            return
        f["fleets"] = fleets
        at, where = f["expect"]
        if at == "port" and not f["sortie"] and blockaders(st, start, side):
            f["sortie"] = True
            st.note(f"The squadron blockading {S.zone_name(start)} intercepts {squadron_name(st, fleets)}",
                    rule="17.2.1")
            move = self._stage(st, f, fleets)
            push_battle(st, move, blockaders(st, start, side), "blockade", start, kind="relocation")
            return
        if at != "port":
            blockade_ends(st, start)  # they are out: the box of a port now its side's is no blockade (17.2.6)
        came_from = [at, where]
        if f["route"]:
            sea = f["route"].pop(0)
            self._move(st, f, fleets, "sea", sea)
            intercept = interception(st, side, sea)
            if intercept is not None:
                self._stage(st, f, fleets, came_from)
                st.push("naval.intercept", **intercept)
            return
        if blockaders(st, dest, side):  # 17.2.1: the blockaders of the friendly port may intercept
            self._stage(st, f, fleets, came_from)
            f["expect"] = ["port", dest]
            st.push("naval.intercept", side=S.other(side), sea=where, candidates=[["blockade", dest]], joined=[],
                    success=False, port_entry=dest)
            return
        self._move(st, f, fleets, "port", dest)

    @staticmethod
    def _move(st: State, f: Frame, fleets: list[str], at: str, where: str) -> None:
        for fl in fleets:
            st.g["fleets"][fl].update(at=at, where=where)
        f["expect"] = [at, where]
        st.note(f"{squadron_name(st, fleets)} sail(s) into {place_name(at, where)}", rule="17.2.1")

    @staticmethod
    def _stage(st: State, f: Frame, fleets: list[str], came_from: list[str] | None = None) -> Frame:
        at, where = f["expect"]
        back = came_from or [at, where]
        return st.push("naval.move", side=f["side"], fleets=list(fleets), at=at, where=where, mp=0, came_from=back,
                       start=back, passive=True)


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
        sail_away(st, f["side"], f["fleets"], f["start"], action[1])


def finish_move(st: State) -> None:
    """The squadron's activation ends (the move frame is on top): its troops land or are lost (17.2.7), and its
    side's squadron there keeps 3 fleets (17.2.2)."""
    move = st.pop()
    move["fleets"] = [fl for fl in move["fleets"] if fl in st.g["fleets"]]
    unload(st, move)
    if move["fleets"]:
        end_move(st, move["side"], move["at"], move["where"])


def enter_box(st: State, f: Frame, port: str, had: list[str]) -> None:
    """17.2.6: a squadron entering the blockade box of an enemy port: relieving a blockade in place brings no
    interception; otherwise the enemy squadron in the port may come out and fight in the box (without its
    fortress); the blockade is then in place, and setting it up ends the activation (17.3.2)."""
    if had:
        st.note(f"The squadron relieves the blockade of {S.zone_name(port)} (no interception)", rule="17.2.6")
        finish_move(st)
    elif fleets_at(st, "port", port, S.other(f["side"])):
        st.push("naval.sortie", side=S.other(f["side"]), port=port)
    else:
        st.note(f"{S.zone_name(port)} is blockaded", rule="17.2.6")
        finish_move(st)


class Sortie:
    """17.2.6: the squadron in the port chooses to fight the squadron entering its blockade box, or not."""

    name: ClassVar[str] = "naval.sortie"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"An enemy squadron enters the blockade box of {S.zone_name(f['port'])}: come out and fight it?"

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("attack", None), ("decline", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        if action[0] == "attack":
            push_battle(st, _move_frame(st), fleets_at(st, "port", f["port"], f["side"]), "blockade", f["port"],
                        kind="box_entry")
        else:
            st.note(f"{S.zone_name(f['port'])} is blockaded", rule="17.2.6")
            finish_move(st)


def attack_port(st: State, f: Frame, port: str, cost: int) -> None:
    """17.3.3: from the blockade box, an attack on the enemy fleets in the port; a port is attacked once a round."""
    st.g.setdefault("ports_attacked", []).append([st.g["year"], st.g["round"], port])
    st.note(f"Squadron of {squadron_name(st, f['fleets'])} attacks the fleets in the port of {S.zone_name(port)} "
            f"({cost} MP)", rule="17.3.3")
    push_battle(st, f, fleets_at(st, "port", port, S.other(f["side"])), "port", port, kind="port")


def port_dice(st: State, port: str, side: str) -> int:
    """17.3.3: each level of an active fortress gives its holder's squadron defending in the port one more die."""
    fort = st.g["fortresses"].get(port)
    return int(fort["level"]) if fort and fort["active"] and S.controller(st, port) == side else 0


class Pursue:
    """17.3.2: the victor may follow the vanquished into the blockade box of the port it retreated into, for free,
    to set up the blockade; either way its activation is over."""

    name: ClassVar[str] = "naval.pursue"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"The beaten squadron retreated into {S.zone_name(f['port'])}: follow it to blockade the port?"

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("blockade", f["port"]), ("decline", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        move = st.frame
        if action[0] == "blockade":
            move["at"], move["where"] = "blockade", f["port"]
            for fl in move["fleets"]:
                st.g["fleets"][fl].update(at="blockade", where=f["port"])
            st.note(f"{S.zone_name(f['port'])} is blockaded", rule="17.3.2")
        finish_move(st)


# -- 17.2.4 interception -----------------------------------------------------------------------------------------

def best_initiative(fleets: list[str]) -> int:
    return max(S.data().counters.fleets[fl].initiative for fl in fleets)


def moving_fleets(st: State) -> list[str]:
    """The fleets of the squadron moving now."""
    return list(_move_frame(st)["fleets"])


def _move_frame(st: State) -> Frame:
    stack: list[Frame] = st.core["stack"]
    return next(x for x in reversed(stack) if x["step"] == "naval.move")


def _candidates(st: State, f: Frame) -> list[list[str]]:
    """17.2.4: the enemy squadron at sea, then each blockading squadron of the sea zone, that may still try; a
    blockading squadron only if the squadron at sea that would fight, with those that joined it, stays within 3
    fleets (a squadron in a port never intercepts)."""
    at_sea = 0 if f.get("port_entry") else len(fleets_at(st, "sea", f["sea"], f["side"]))
    out = []
    for at, where in f["candidates"]:
        size = len(fleets_at(st, at, where, f["side"]))
        if size and (at == "sea" or at_sea + len(f["joined"]) + size <= SQUADRON_MAX):
            out.append([at, where])
    return out


def interception(st: State, mover_side: str, sea: str) -> dict[str, Any] | None:
    """17.2.4: the interception step of a squadron of ``mover_side`` entering ``sea``: the enemy squadrons there
    that may try (None: none may)."""
    side = S.other(mover_side)
    candidates = ([["sea", sea]] if fleets_at(st, "sea", sea, side) else []) + [
        ["blockade", port] for port in boxes_in(st, sea, side)]
    f = {"side": side, "sea": sea, "candidates": candidates, "joined": [], "success": False}
    f["candidates"] = _candidates(st, f)
    return f if f["candidates"] else None


def push_interceptions(st: State, move: Frame) -> None:
    """17.2.4: a squadron enters a sea zone; the enemy squadrons there may try to intercept it."""
    f = interception(st, move["side"], move["where"])
    if f is not None:
        st.push("naval.intercept", **f)


def evasion_interceptions(st: State, side: str, fleets: list[str], came_from: str, sea: str) -> bool:
    """17.2.5: « Le joueur qui esquive dans une zone adjacente s'expose aux interceptions des flottes adverses en
    mer selon la procédure normale »: the evading squadron enters ``sea`` as a squadron moving without MP (a
    passive move: whatever comes of it, it stops there); False if no enemy squadron there may try."""
    f = interception(st, side, sea)
    if f is None:
        return False
    st.push("naval.move", side=side, fleets=list(fleets), at="sea", where=sea, mp=0, came_from=["sea", came_from],
            start=["sea", came_from], passive=True)
    st.push("naval.intercept", **f)
    return True


class Intercept:
    """17.2.4: each squadron in turn may try: 1d6 + the best initiative of its fleets, 6+. A successful blockading
    squadron leaves its box for the sea zone (the blockade is lifted if the box is left empty)."""

    name: ClassVar[str] = "naval.intercept"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        mover = _move_frame(st)
        where = f"the port of {S.zone_name(f['port_entry'])}" if f.get("port_entry") else place_name("sea", f["sea"])
        return f"The squadron of {squadron_name(st, mover['fleets'])} enters {where}: try to intercept it?"

    def choices(self, st: State, f: Frame) -> list[Action]:
        at, where = f["candidates"][0]
        return [("intercept_sea" if at == "sea" else "intercept_box", where), ("decline", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, where = action
        at, _ = f["candidates"].pop(0)
        if verb != "decline":
            fleets = fleets_at(st, at, where, f["side"])
            test = S.data().tables.test("naval_interception")
            ini = best_initiative(fleets)
            roll = st.roll(1, rule="17.2.4", why=f"Interception by {squadron_name(st, fleets)}",
                           mods=[("best fleet initiative", ini * test.modifier("best_initiative")),
                                 *interception_mods(st, f["side"])],
                           table=lambda x: ("intercepts" if test.passes(x) else "fails", test.passes(x)))
            if roll.result:
                f["success"] = True
                if at == "blockade":
                    f["joined"] += fleets
        f["candidates"] = _candidates(st, f)
        if f["candidates"]:
            return
        port = f.get("port_entry")
        if port and f["success"]:
            st.pop()
            push_battle(st, _move_frame(st), f["joined"], "blockade", port, kind="port_entry")
            return
        if not f["success"]:
            st.pop()
            if port:
                move_to(st, st.frame, "port", port, 1, st.frame["came_from"])
            if st.frame.get("passive"):  # 17.2.1, 17.2.5: the squadron moving without MP got through
                finish_move(st)
            return
        for fl in f["joined"]:
            port = st.g["fleets"][fl]["where"]
            st.g["fleets"][fl].update(at="sea", where=f["sea"])
            if not fleets_at(st, "blockade", port):
                st.note(f"The blockade of {S.zone_name(port)} is lifted", rule="17.2.6")
        st.pop()
        push_battle(st, _move_frame(st), fleets_at(st, "sea", f["sea"], f["side"]), "sea", f["sea"])


# -- 10F Foul Weather: blockaders blown off, the enemy's interceptions hampered (17.2.4, 17.2.6) ------------------

def gale_ports(st: State, side: str) -> list[str]:
    """The ports whose blockade box holds a squadron of the enemy of ``side`` (10F: one of them is blown off)."""
    return sorted({x["where"] for x in st.g["fleets"].values() if x["at"] == "blockade"
                   and S.side_of(st, x["power"]) == S.other(side)})


def lift_blockade(st: State, port: str, cid: str) -> None:
    """10F: the enemy squadron in the blockade box of ``port`` is blown back to the box's sea zone, where its side
    keeps one squadron of 3 fleets at most (17.2.2); the blockade is lifted (17.2.6)."""
    fleets = fleets_at(st, "blockade", port)
    owner = str(S.side_of(st, st.g["fleets"][fleets[0]]["power"]))
    sea = str(sea_of("blockade", port))
    for fl in fleets:
        st.g["fleets"][fl].update(at="sea", where=sea)
    st.note(f"{S.data().cards.cards[cid].title}: {squadron_name(st, fleets)} blown off into {place_name('sea', sea)};"
            f" the blockade of {S.zone_name(port)} is lifted", rule="17.2.6")
    end_move(st, owner, "sea", sea)


def add_interception_modifier(st: State, cid: str, side: str, value: int) -> None:
    """10F: ``side``'s naval interception rolls take ``value`` this round and the next (the side playing it acts
    first in a round, 5.2: « this round » alone would end before any of its squadrons could sail)."""
    mods = [m for m in st.g.get("naval_mods", []) if active_mod(st, m)]
    mods.append({"card": cid, "side": side, "value": value, "year": st.g["year"], "round": st.g["round"]})
    st.g["naval_mods"] = mods
    st.note(f"{S.data().cards.cards[cid].title}: the {S.side_name(side)}'s naval interception rolls get {value:+d} "
            "this round and the next", rule="17.2.4")


def active_mod(st: State, m: dict[str, Any]) -> bool:
    return bool(m["year"] == st.g["year"] and st.g["round"] - m["round"] in (0, 1))


def interception_mods(st: State, side: str) -> list[tuple[str, int]]:
    """The modifiers of ``side``'s naval interception rolls the cards still in force give (10F)."""
    return [(f"{S.data().cards.cards[m['card']].title} ({m['card']})", int(m["value"]))
            for m in st.g.get("naval_mods", []) if m["side"] == side and active_mod(st, m)]


class Gale:
    """10F: the player chooses the enemy blockade blown off."""

    name: ClassVar[str] = "naval.gale"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return "Foul weather: choose the enemy blockade the storm lifts."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("blockade", port) for port in gale_ports(st, f["side"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        lift_blockade(st, action[1], f["card"])


# -- 6C Sir John Moore: a naval evacuation without fleets -------------------------------------------------------

def evacuees(st: State, side: str, power: str) -> list[str]:
    """6C: the forces of ``power`` in a port zone (outside its fortress) with a port to go to."""
    return [fid for fid, x in st.g["forces"].items() if x["side"] == side and x["power"] == power
            and not x["in_fortress"] and S.data().map.zones[x["zone"]].port and evacuation_ports(st, fid)]


def evacuation_ports(st: State, fid: str) -> list[str]:
    """6C: the ports of the force's side (no enemy force there, its units allowed there) it may be shipped to."""
    force = S.force(st, fid)
    side = force["side"]
    return [z.id for z in S.data().map.ports() if z.id != force["zone"] and friendly_port(st, z.id, side)
            and not S.forces_in(st, z.id, S.other(side)) and S.limited_ok(force["units"], z.id)]


def evacuate(st: State, fid: str, port: str, cid: str) -> None:
    """6C: the force is shipped to the port, without fleets and without interception (the event is the side's
    action of the round: nothing moves after it)."""
    from grognard.games.nae.rules import stacking

    start = S.force(st, fid)["zone"]
    S.move_force(st, fid, port)
    st.note(f"{S.data().cards.cards[cid].title}: {S.name_of(st, fid)} is shipped from {S.zone_name(start)} to "
            f"{S.zone_name(port)} without fleets", rule="17.2.7")
    stacking.consolidate(st, fid)


class Evacuation:
    """6C: the player chooses the force shipped, then its port."""

    name: ClassVar[str] = "naval.evacuation"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        if f["fid"] is None:
            return "Sir John Moore: choose the force shipped home."
        return f"Sir John Moore: choose the port {S.name_of(st, f['fid'])} is shipped to."

    def choices(self, st: State, f: Frame) -> list[Action]:
        if f["fid"] is None:
            return [("force", fid) for fid in evacuees(st, f["side"], f["power"])]
        return [("zone", z) for z in evacuation_ports(st, f["fid"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if f["fid"] is None:
            f["fid"] = action[1]
            return
        st.pop()
        evacuate(st, f["fid"], action[1], f["card"])


# -- 17.2.5 evasion ----------------------------------------------------------------------------------------------

class Evade:
    """17.2.5: a squadron at sea attacked by the moving squadron may try to evade: 1d6 + best initiative, 6+; it then
    goes into a friendly port of the zone or an adjacent sea zone, not the one the mover came from."""

    name: ClassVar[str] = "naval.evade"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"Your squadron in {place_name('sea', f['sea'])} is attacked: try to evade, or stand and fight?"

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("evade", None), ("stand", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        fleets = fleets_at(st, "sea", f["sea"], f["side"])
        st.pop()
        if action[0] == "evade":
            test = S.data().tables.test("naval_evasion")
            roll = st.roll(1, rule="17.2.5", why=f"Evasion of {squadron_name(st, fleets)}",
                           mods=[("best fleet initiative", best_initiative(fleets) * test.modifier("best_initiative"))],
                           table=lambda x: ("evades" if test.passes(x) else "fails", test.passes(x)))
            if roll.result:
                dest = retreats(st, f["side"], fleets, f["sea"], f["came_from"], active=False)
                if dest:
                    st.push("naval.retreat", side=f["side"], fleets=fleets, sea=f["sea"], dest=dest, why="evade",
                            mover=False)
                return
        push_battle(st, _move_frame(st), fleets, "sea", f["sea"])


# -- 17.3 naval combat -------------------------------------------------------------------------------------------

def push_battle(st: State, move: Frame, defenders: list[str], at: str, where: str, kind: str = "sea",
                then: str | None = None) -> None:
    """A naval combat of the moving squadron against ``defenders`` at (at, where). ``kind``: "sea" (at sea or
    against blockaders in their box), "sortie" (out of a blockaded port, then on into the sea zone ``then``),
    "box_entry" (the port's squadron against the one entering its box), "port" (an attack into the port),
    "port_entry" (the blockaders against a squadron entering their friendly port, which enters it whatever the
    result, 17.2.1)."""
    sea = where if at == "sea" else S.data().map.zones[where].seas[0]
    st.push("naval.battle", side=move["side"], att=list(move["fleets"]), dfn=list(defenders), at=at, where=where,
            sea=sea, came_from=move["came_from"], phase="fire", loser=None, lost=0, destroyed=False, tie=None,
            kind=kind, then=then, start=move["start"], pursue=None)


def fire(st: State, side: str, fleets: list[str], rule: str, vs: int | None, other: str, extra: int = 0) -> int:
    """17.3.1: one die per fleet, each with its fleet's tactical bonus, and ``extra`` dice of a port's fortress
    (17.3.3); the first side's row is its total, the second side's the table's row for the difference."""
    bonus = sum(S.data().counters.fleets[fl].tactical for fl in fleets)
    t = S.data().tables

    def row(total: int) -> tuple[str, Any]:
        if vs is None:  # the first side: its total awaits the other's
            return f"total {total}", None
        diff = vs - total
        if diff == 0:
            return "tie", None
        r = t.naval(abs(diff))
        loser = side if diff > 0 else other  # vs is the first side's total
        what = "destroyed" if r.destroyed else (f"loses {r.fleets_lost} fleet(s)" if r.fleets_lost else
                                                 "retreats without loss")
        return f"difference {abs(diff)}: the {S.side_name(loser)}'s squadron {what}", None

    fort = f" with {extra} fortress dice" if extra else ""
    roll = st.roll(len(fleets) + extra, rule=rule, why=f"Naval combat: the {S.side_name(side)}'s squadron "
                   f"({squadron_name(st, fleets)}) fires{fort}", mods=[("fleet tactical bonuses", bonus)],
                   table=row)
    return roll.total


class Battle:
    """17.3.1: simultaneous fire; the higher total wins; the loser loses fleets by the difference (table), its owner
    choosing which, and its survivors retreat (17.3.2). A tie: the inactive player may withdraw (and lose) or stay;
    then the active player may withdraw (and lose) or fight another round. A defeat, or a retreat into a port, ends
    the moving squadron's activation; a victory lets it go on."""

    name: ClassVar[str] = "naval.battle"

    def run(self, st: State, f: Frame) -> None:
        enemy = S.other(f["side"])
        f["att"] = [fl for fl in f["att"] if fl in st.g["fleets"]]
        f["dfn"] = [fl for fl in f["dfn"] if fl in st.g["fleets"]]
        if f["phase"] == "fire":
            if f["tie"] is not None:  # a side withdrew after a tie: it lost, without losses
                f.update(loser=f["tie"], phase="losses")
                return
            port = f["kind"] == "port"
            rule = "17.3.3" if port else "17.3.1"
            a = fire(st, f["side"], f["att"], rule, None, enemy)
            d = fire(st, enemy, f["dfn"], rule, a, f["side"], port_dice(st, f["where"], enemy) if port else 0)
            f.update(totals=[a, d], phase="judge")
            role = nelson_role(st, f)
            if role is not None:
                st.push("naval.nelson", side="coalition", role=role)
        elif f["phase"] == "judge":
            port = f["kind"] == "port"
            a, d = f["totals"]
            if a == d and port:  # 17.3.3: one round only
                f["phase"] = "end"
                return
            if a == d:
                f["phase"] = "fire"  # another round unless a side withdraws
                st.push("naval.tie", side=enemy, stage="inactive")
                return
            r = S.data().tables.naval(abs(a - d))
            f.update(loser="dfn" if a > d else "att", lost=r.fleets_lost, destroyed=r.destroyed, phase="losses")
            if port and a > d and port_dice(st, f["where"], enemy) and f["lost"] and not f["destroyed"]:
                f["lost"] -= 1
                st.note("The squadron defending in a fortress port cancels its first loss", rule="17.3.3")
        elif f["phase"] == "losses":
            f["phase"] = "retreat"
            loser = f[f["loser"]]
            owner = f["side"] if f["loser"] == "att" else enemy
            if f["destroyed"] or f["lost"] >= len(loser):
                for fl in list(loser):
                    eliminate(st, fl, "17.3.1", "sunk in the battle")
            elif f["lost"]:
                st.push("naval.losses", side=owner, fleets=loser, left=f["lost"])
        elif f["phase"] == "retreat":
            f["phase"] = "end"
            mover = f["loser"] == "att"
            loser = [fl for fl in f[f["loser"]] if fl in st.g["fleets"]]
            owner = f["side"] if mover else enemy
            if not loser or forced_retreat(st, f, loser):
                return
            dest = retreats(st, owner, loser, f["sea"], f["came_from"], active=mover)
            if dest:
                st.push("naval.retreat", side=owner, fleets=loser, sea=f["sea"], dest=dest, why="retreat",
                        mover=mover)
            else:
                for fl in loser:
                    eliminate(st, fl, "17.3.2", "no retreat open to it")
        else:
            st.pop()
            if f.get("nelson"):
                nelson_loss_test(st, f)
            move = _move_frame(st)
            move["fleets"] = [fl for fl in move["fleets"] if fl in st.g["fleets"]]
            if f["kind"] == "port_entry" and move["fleets"]:  # 17.2.1: into the port even if beaten, blockaded
                move_to(st, move, "port", f["where"], 1, move["came_from"])
            if f["loser"] == "att" or f.get("into_port") or not move["fleets"] or f["kind"] == "box_entry" \
                    or move.get("passive"):
                if f["kind"] == "box_entry" and f["loser"] == "dfn":
                    st.note(f"{S.zone_name(f['where'])} is blockaded", rule="17.2.6")
                if f["pursue"] and f["loser"] == "dfn" and move["fleets"]:
                    st.push("naval.pursue", side=f["side"], port=f["pursue"])
                    return
                st.note("The naval activation ends", rule="17.3.2")
                finish_move(st)  # the battle stood right above the squadron's move
            elif f["kind"] == "sortie":
                move_to(st, move, "sea", str(f["then"]), 1, ["port", f["where"]])
            elif f.get("assault"):
                after_fleets(st, move, f)


# -- 10C Nelson: his squadron re-rolls its combat dice once; the only admiral tested for his loss (17.3.4) --------

NELSON = "10C"


def nelson_role(st: State, f: Frame) -> str | None:
    """The role ("att", "dfn") of the Coalition squadron in the battle if Nelson's fleet is in it, 10C not played in
    it yet and the Coalition holds any card; None otherwise. Any card, as ``cards.open_window`` asks: asking only
    when 10C is held would tell the Empire it is."""
    if f.get("nelson") or not st.g["hands"].get("coalition"):
        return None
    fleet = _nelson_effect(Reroll).fleet
    return next((role for role in ("att", "dfn") if fleet in f[role]), None)


def _nelson_effect(kind: type[Any]) -> Any:
    return next(e for e in S.data().cards.cards[NELSON].effect if isinstance(e, kind))


def nelson_reroll(st: State, f: Frame, role: str) -> None:
    """10C: the Coalition plays the card and its squadron fires again; its new total stands."""
    from grognard.games.nae.rules import cards

    cards.discard(st, "coalition", NELSON, "in the naval battle")
    f["nelson"] = role
    f["foes"] = list(f["dfn" if role == "att" else "att"])
    port = f["kind"] == "port"
    extra = port_dice(st, f["where"], "coalition") if port and role == "dfn" else 0
    index = 0 if role == "att" else 1
    other = f["totals"][1 - index]
    f["totals"][index] = fire(st, "coalition", f[role], "17.3.4", other, S.other("coalition"), extra)


def nelson_loss_test(st: State, f: Frame) -> None:
    """17.3.4: « Sauf Nelson (10C), les amiraux ne subissent pas de test de mortalité »: after the battle he fought
    with the card, 1d6 + 1 per enemy fleet destroyed; on the threshold his fleet and the card leave the game."""
    test = _nelson_effect(AdmiralLossTest)
    if test.fleet not in st.g["fleets"]:
        return
    sunk = sum(1 for fl in f["foes"] if fl not in st.g["fleets"])
    roll = st.roll(1, rule="17.3.4", why=f"Loss test of {fleet_name(test.fleet)} (Nelson, 10C)",
                   mods=[("enemy fleets destroyed", sunk * test.per_enemy_fleet_destroyed)],
                   table=lambda x: (f"{x} ≥ {test.threshold}: Nelson falls" if x >= test.threshold
                                    else f"{x} < {test.threshold}: Nelson survives", x >= test.threshold))
    if not roll.result:
        return
    for fid in carried(st, [test.fleet]):
        lose_cargo(st, fid, "17.3.4", "goes down with Nelson's fleet")
    del st.g["fleets"][test.fleet]
    discards = st.g["discards"]["coalition"]
    if NELSON in discards:
        discards.remove(NELSON)
        st.g["out"].append(NELSON)
    st.note(f"{fleet_name(test.fleet)} and the Nelson card (10C) are removed from the game", rule="17.3.4")


class Nelson:
    """10C: after both squadrons fire, the Coalition may play Nelson to re-roll its squadron's dice."""

    name: ClassVar[str] = "naval.nelson"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        battle = st.core["stack"][-2]
        a, d = battle["totals"]
        return (f"Naval battle: the {S.side_name(battle['side'])}'s {a} against {d}. Play Nelson (10C) to re-roll "
                "the dice of Nelson's squadron?")

    def choices(self, st: State, f: Frame) -> list[Action]:
        held: list[Action] = [("card", NELSON)] if NELSON in st.g["hands"]["coalition"] else []
        return [*held, ("decline", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        if action[0] == "card":
            nelson_reroll(st, st.frame, f["role"])


class Tie:
    """17.3.1: after a tie the inactive player withdraws (and loses) or stays; if he stays, the active player
    withdraws (and loses) or fights another round."""

    name: ClassVar[str] = "naval.tie"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return "The naval combat is a tie: withdraw (and lose the battle) or go on?"

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("stand", None) if f["stage"] == "inactive" else ("attack", None), ("withdraw", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "withdraw":
            st.note(f"The {S.side_name(f['side'])} withdraws after the tie and loses the battle", rule="17.3.1")
            st.pop(tie="dfn" if f["stage"] == "inactive" else "att")
        elif f["stage"] == "inactive":
            st.note(f"The {S.side_name(f['side'])} stays", rule="17.3.1")
            f.update(side=S.other(f["side"]), stage="active")
        else:
            st.note(f"The {S.side_name(f['side'])} fights another round", rule="17.3.1")
            st.pop()


class Losses:
    """17.3.1: the owner chooses the fleets he loses."""

    name: ClassVar[str] = "naval.losses"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"Your squadron lost the naval combat: choose a fleet to lose ({f['left']} to go)."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("scuttle", fl) for fl in losses_order(st, f["fleets"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        eliminate(st, action[1], "17.3.1", "sunk in the battle")
        f["left"] -= 1
        if not f["left"]:
            st.pop()


def forced_retreat(st: State, f: Frame, loser: list[str]) -> bool:
    """Where the rules send the loser without a choice (True: done): out of a blockaded port, the beaten squadron
    stays in it (17.2.6); a squadron beaten entering a box goes to the sea zone, the port's squadron stays in the port
    (17.2.6); in a port combat the defender stays in the port, the attacker back in the box if it blockaded the port
    at the start of its activation, else in the sea zone (17.3.3)."""
    mover = f["loser"] == "att"
    kind = f["kind"]
    if kind == "relocation" and mover:
        return True  # 17.2.1: « Les unités survivantes au combat peuvent ensuite terminer leur mouvement »
    if kind == "sea" or (kind in ("sortie", "port_entry", "relocation") and not mover):
        return False
    stays = (not mover) or kind in ("sortie", "port_entry") or (
        kind == "port" and f["start"] == ["blockade", f["where"]])
    if not stays:
        move = _move_frame(st)
        move["at"], move["where"] = "sea", f["sea"]
        for fl in loser:
            st.g["fleets"][fl].update(at="sea", where=f["sea"])
        st.note(f"{squadron_name(st, loser)} fall(s) back into {place_name('sea', f['sea'])}", rule="17.2.6")
    return True


def retreats(st: State, side: str, fleets: list[str], sea: str, came_from: list[str], *, active: bool) -> list[
        list[str]]:
    """17.3.2: into a friendly port of the zone (both sides), or: the active player back where he came from, the
    other into an adjacent sea zone except the one the active squadron came from (17.2.5 the same for an evasion)."""
    m = S.data().map
    out = [["port", z.id] for z in m.ports() if sea in z.seas and friendly_port(st, z.id, side)
           and not iced(st, z.id) and not blockaders(st, z.id, side)
           and len(fleets_at(st, "port", z.id, side)) + len(fleets) <= PORT_CAPACITY]
    if active:
        back = list(came_from)
        if back[0] != "port" or (friendly_port(st, back[1], side) and back not in out):
            out.append(back)
    else:
        entry = sea_of(*came_from)
        out += [["sea", s] for s in m.seas[sea].adjacent if s != entry and passage_refusal(st, side, sea, s) is None
                and area_refusal(st, fleets, s) is None]
    return out


class Retreat:
    """17.3.2 / 17.2.5: the retreating (or evading) squadron chooses where it goes."""

    name: ClassVar[str] = "naval.retreat"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        what = "evades" if f["why"] == "evade" else "retreats"
        return f"Your squadron ({squadron_name(st, f['fleets'])}) {what}: choose where it goes."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [(VERB_OF[at], where) for at, where in f["dest"]]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, where = action
        at = KIND_OF[verb]
        for fl in f["fleets"]:
            st.g["fleets"][fl].update(at=at, where=where)
        rule = "17.2.5" if f["why"] == "evade" else "17.3.2"
        st.note(f"{squadron_name(st, f['fleets'])} {'evade(s)' if f['why'] == 'evade' else 'retreat(s)'} into "
                f"{place_name(at, where)}", rule=rule)
        st.pop()
        if at == "port" and f["why"] == "retreat":
            st.frame["into_port"] = True  # 17.3.2: a retreat into a port ends the active squadron's activation
            mover_side = S.other(f["side"])
            if not f["mover"] and len(fleets_at(st, "blockade", where, mover_side)) + len(
                    _move_frame(st)["fleets"]) <= SQUADRON_MAX:
                st.frame["pursue"] = where  # 17.3.2: the victor may follow it
        if f["mover"]:  # its activation ends where it retreated (``finish_move``)
            move = _move_frame(st)
            move["at"], move["where"] = at, where
        elif not (f["why"] == "evade" and at == "sea"
                  and evasion_interceptions(st, f["side"], f["fleets"], f["sea"], where)):
            end_move(st, f["side"], at, where)


def assault_label(st: State, port: str) -> str:
    """17.2.8: what the assault on ``port`` will meet, in the order it meets it."""
    side = st.frame["side"]
    enemy = S.other(side)
    name = S.zone_name(port)
    if not opposed(st, port, side):
        return f"Land troops in the enemy port of {name} ({ASSAULT_MP} MP: through its blockade box, 17.2.8)"
    parts = []
    if fleets_at(st, "port", port, enemy):
        parts.append("fight the enemy fleets in its port")
    elif enemy_fortress(st, port, side):
        parts.append("beat its fortress")
    parts.append("land and fight the enemy troops there at -3, with no retreat" if S.outside(st, port, enemy)
                 else "land")
    if enemy_fortress(st, port, side):
        parts.append("besiege the fortress")
    return f"Assault {name}: {', then '.join(parts)} ({ASSAULT_MP} MP, 17.2.8)"


def label(st: State, action: Action) -> str | None:
    """Menu labels of the naval actions (None: not a naval action)."""
    verb, arg = action
    step = st.step
    if step == "naval.gale":
        fleets = squadron_name(st, fleets_at(st, "blockade", arg))
        return f"Blow the squadron blockading {S.zone_name(arg)} ({fleets}) off to sea"
    if step == "naval.evacuation":
        return f"Ship {S.name_of(st, arg)}" if verb == "force" else f"Ship it to {S.zone_name(arg)}"
    if step == "naval.nelson":
        return "Play Nelson (10C): re-roll the squadron's dice" if verb == "card" else "Keep the dice"
    if verb == "fleet" and step == "activation":
        cost = "event" if free_by_event(st.frame, arg) else "1 AP"
        return f"Activate {fleet_name(arg)} in {place_name(*loc(st, arg))} ({cost})"
    if verb == "fleet" and step == "diplomacy.fw_units":
        return f"Send {fleet_name(arg)} to the foreign war"
    if verb == "fleet" and step == "naval.squadron":
        return f"Add {fleet_name(arg)} to the squadron ({'event' if free_by_event(_activation(st), arg) else '1 AP'})"
    if verb == "assault":
        return assault_label(st, arg)
    if verb == "land_enemy":
        return f"Land {cargo_name(st.g['aboard'][arg]['force'])} at {S.zone_name(st.frame['port'])}"
    if verb == "drop_fleet":
        return f"Leave {fleet_name(arg)} here"
    if verb == "embark":
        force = S.force(st, arg)
        return (f"Embark {S.name_of(st, arg)} ({S.steps(force)} steps, {fleets_needed(force)} fleet(s), "
                "0 MP)")
    if verb == "disembark":
        return f"Land {cargo_name(st.g['aboard'][arg]['force'])} at {S.zone_name(st.frame['where'])} (0 MP)"
    if verb == "scuttle" and step == "naval.excess":
        return f"Eliminate {fleet_name(arg)}"
    if verb == "scuttle" and step == "naval.losses":
        return f"Lose {fleet_name(arg)}"
    if verb in ("intercept_sea", "intercept_box"):
        fleets = fleets_at(st, "sea" if verb == "intercept_sea" else "blockade", arg, st.frame["side"])
        where = place_name("sea", arg) if verb == "intercept_sea" else f"the blockade of {S.zone_name(arg)}"
        return f"Intercept with {squadron_name(st, fleets)} from {where} (needs 6+ with initiative)"
    if verb == "attack_sea":
        return f"Attack the enemy squadron at sea in {place_name('sea', arg)}"
    if verb == "attack_box":
        return f"Attack the enemy squadron blockading {S.zone_name(arg)}"
    if step == "naval.intercept":
        return "Let it pass"
    if step == "naval.evade":
        return "Try to evade (needs 6+ with initiative)" if verb == "evade" else "Stand and fight"
    if step == "naval.tie":
        return {"withdraw": "Withdraw and lose the battle", "stand": "Stay", "attack": "Fight another round"}[verb]
    if step == "naval.retreat":
        place = place_name(KIND_OF[verb], arg)
        return f"{'Evade' if st.frame['why'] == 'evade' else 'Retreat'} into {place}"
    if step == "naval.sortie":
        return "Come out and fight in the blockade box" if verb == "attack" else "Let the blockade be set up"
    if step == "naval.pursue":
        return f"Follow it into the blockade box of {S.zone_name(arg)} (free)" if arg else "Stay at sea"
    if step == "naval.move":
        f = st.frame
        if verb == "done":
            return "Stop here"
        kind = KIND_OF[verb]
        cost = dict(moves(st, f["side"], f["fleets"], f["at"], f["where"])).get((kind, arg), 0)
        if kind == "attack_port":
            return f"Attack the fleets in the port of {S.zone_name(arg)} ({cost} MP)"
        return f"Sail into {place_name(kind, arg)} ({cost} MP)"
    if step == "naval.squadron" and verb == "done":
        return "Set sail"
    if step == "naval.relocate":
        return f"Sail to {S.zone_name(arg)}"
    return None


STEPS = (Squadron(), NavalMove(), Excess(), Relocate(), Intercept(), Evade(), Battle(), Tie(), Losses(), Retreat(),
         Sortie(), Pursue(), Gale(), Evacuation(), Nelson(), Landing(), Assault(), Relocation())
