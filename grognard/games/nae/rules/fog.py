"""11, the optional fog of war (glossary « Brouillard de guerre »), the option ``fog_of_war``: « il n'est pas possible
d'examiner le contenu des piles ou le verso des flottes de l'adversaire. Seul le général commandant une force ou une
unité seule dans une zone est visible. »

Read here: of the other side's force (a neutral's forces stand open: they are nobody's adversary) a side sees where
it stands, its nation, its commanding general, and the markers laid on the stack (demoralized, unsupplied, inside
the fortress, the Army marker under its commander: what designates the force); not its units, subordinates, the
second army of a group of armies, nor its mobile depots. A lone unit is seen whole. A battle reveals the forces that
fight it while it lasts (« the forces fight openly »: odds, morale, losses); the stack is closed again afterwards.
Of the other side's fleets a side sees the front (flag, initiative, movement), not the back (the admiral's name and
the tactical value): they are shown without their ids, names nor tactical value.

What it hides, it hides from every view (``redact_board``, ``redact_summary``, ``redact_web``), from the log
(``log_entries``: a line naming a hidden piece is kept whole for its owner and given to the others with the piece
replaced by « a unit », « a general », « an army » or « a French fleet »; an attrition test of a hidden force and the
losses it takes are its owner's alone, the others reading that the force tested attrition), from the step the others
are told the game is at (``shown_step``), and from the battle forecast (none against a hidden force); and
``resample`` redraws it in the copies agents search on."""

from __future__ import annotations

import random
import re
import unicodedata
from functools import cache
from typing import Any

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import command

FOG_OPTION = "fog_of_war"

BATTLE_FRAMES = frozenset({"battle", "battle.roll", "battle.after"})  # frames naming the two forces fighting
PRIVATE_FRAMES = frozenset({"attrition", "attrition.depot", "losses"})  # their lines tell a force's content
# The steps the side not to act may be told (the others depend on what the force holds: a depot to spend, several
# units to take a loss on); below them the game is at the nearest of these.
PUBLIC_STEPS = frozenset({"round", "activation", "march", "battle", "battle.roll", "battle.after", "intercept",
                          "intercept.card", "cards.window", "evade"})


def on(st: State) -> bool:
    return bool(st.setup["options"].get(FOG_OPTION))


def revealed(st: State) -> set[str]:
    """The forces fighting a battle now (14: both stacks are open while it lasts)."""
    out: set[str] = set()
    for f in st.core["stack"]:
        if f["step"] in BATTLE_FRAMES:
            out.update((f["att"], f["dfn"]))
    return out


def hidden(st: State, fid: str, viewer: str | None, open_: set[str] | None = None) -> bool:
    """Is the content of force ``fid`` hidden from ``viewer`` (None: a spectator, who sees neither side's)?"""
    f = st.g["forces"][fid]
    if f["side"] is None or f["side"] == viewer or not f["commander"]:
        return False
    return fid not in (revealed(st) if open_ is None else open_)


# -- views -----------------------------------------------------------------------------------------------------------

def masked(f: S.Force) -> S.Force:
    """A hidden force as the board shows it: where, whose, its commander and Army marker and the markers on it."""
    return {**f, "subs": [], "units": {}, "depots": [], "group": None, "hidden": True}


def fleet_tokens(st: State, viewer: str | None) -> dict[str, str]:
    """The other side's fleets under a name that tells nothing of their back: the power and a number, counted in the
    order of what shows (power, place, initiative, movement), so that fleets alike in all that swap names unseen."""
    counters = S.data().counters.fleets
    theirs = [fl for fl, x in st.g["fleets"].items() if S.side_of(st, x["power"]) not in (None, viewer)]
    theirs.sort(key=lambda fl: (st.g["fleets"][fl]["power"], st.g["fleets"][fl]["at"], st.g["fleets"][fl]["where"],
                                counters[fl].initiative, counters[fl].mf, fl))
    out: dict[str, str] = {}
    count: dict[str, int] = {}
    for fl in theirs:
        power = st.g["fleets"][fl]["power"]
        count[power] = count.get(power, 0) + 1
        out[fl] = f"{power}_fleet_{count[power]}"
    return out


def redact_board(st: State, viewer: str | None, view: dict[str, Any]) -> None:
    """``public_view``'s copy of ``st.g`` as ``viewer`` may see it: hidden forces masked, the other side's fleets
    (and the forces they carry) without their ids."""
    open_ = revealed(st)
    view["forces"] = {fid: masked(f) if hidden(st, fid, viewer, open_) else f for fid, f in st.g["forces"].items()}
    tokens = fleet_tokens(st, viewer)
    view["fleets"] = {tokens.get(fl, fl): ({k: x[k] for k in ("power", "at", "where")} if fl in tokens else x)
                      for fl, x in st.g["fleets"].items()}
    aboard = {}
    for fid, x in st.g.get("aboard", {}).items():
        theirs = any(fl in tokens for fl in x["fleets"])
        aboard[fid] = {**x, "force": masked(x["force"]) if theirs and x["force"]["commander"] else x["force"],
                       "fleets": [tokens.get(fl, fl) for fl in x["fleets"]]}
    view["aboard"] = aboard


def redact_summary(st: State, viewer: str | None, summary: dict[str, Any]) -> dict[str, Any]:
    """``describe.summary`` as ``viewer`` may see it (the terminal and the browser read it)."""
    if not on(st):
        return summary
    open_ = revealed(st)
    forces = []
    for f in summary["forces"]:
        if hidden(st, f["id"], viewer, open_):
            cmd = st.g["forces"][f["id"]]["commander"]
            f = {**f, "name": S.general(cmd).name, "combat": "?", "units": [], "depots": "?", "hidden": True,
                 "generals": [g for g in f["generals"] if g["id"] == cmd and g["role"] == "commander"][:1]}
        forces.append(f)
    tokens = fleet_tokens(st, viewer)
    fleets = []
    for x in summary["fleets"]:
        if x["id"] in tokens:
            power = S.data().map.powers[x["power"]]
            x = {**x, "id": tokens[x["id"]], "name": f"{power.adjective} fleet", "tactical": "?",
                 "carrying": ["a force" for _ in x["carrying"]]}
        fleets.append(x)
    fleets.sort(key=lambda x: x["id"])
    return {**summary, "forces": forces, "fleets": fleets}


def redact_web(st: State, viewer: str | None, view: dict[str, Any]) -> dict[str, Any]:
    """The browser's additions to a view (``webview.annotate``): no figures of a hidden force, no forecast of a
    battle against one (what decides it stays unseen until it is fought)."""
    if not on(st):
        return view
    open_ = revealed(st)
    view["forces"] = {fid: _figures(st, fid) if hidden(st, fid, viewer, open_) else info
                      for fid, info in view["forces"].items()}
    if view["forecasts"]:
        legal = [(a[0], a[1]) for a in view["legal"]]
        view["forecasts"] = {i: fc for i, fc in view["forecasts"].items()
                             if not any(hidden(st, fid, viewer, open_) for fid in foes(st, legal[int(i)]))}
    return view


def _figures(st: State, fid: str) -> dict[str, Any]:
    """The browser's figures of a hidden force: its commander's name and initiative (9.1), nothing it holds."""
    general = S.general(st.g["forces"][fid]["commander"])
    return {"name": general.name, "combat": "?", "steps": "?", "initiative": general.initiative, "morale": "?",
            "cavalry": "?", "hidden": True}


def foes(st: State, action: tuple[str, Any]) -> list[str]:
    """The enemy forces the battle an action commits to would be fought against (``webview._forecast_for``)."""
    verb, arg = action
    f = st.frame
    if st.step == "march" and verb == "zone" and arg != "fortress":
        return S.outside(st, arg, S.other(S.force(st, f["fid"])["side"]))
    if st.step == "intercept" and verb == "intercept":
        return [f["fid"]]
    if st.step == "evade" and verb == "stand":
        return [f["mover"]]
    return []


def shown_step(st: State, viewer: str | None) -> str | None:
    """The step the side not to act is told: the innermost of ``PUBLIC_STEPS`` on the stack (or the outermost
    step), never one that is asked only because of what a hidden force holds."""
    step = st.step
    if not on(st) or step is None or viewer == st.active:
        return step
    stack = st.core["stack"]
    return next((f["step"] for f in reversed(stack) if f["step"] in PUBLIC_STEPS), stack[0]["step"])


# -- the log ---------------------------------------------------------------------------------------------------------

@cache
def _names() -> tuple[re.Pattern[str], dict[str, list[tuple[str, str]]]]:
    """Every piece's name in the log (a unit with and without its nation, a general, an Army marker, a fleet), as
    one pattern, longest first, and name -> the (kind, id) it may mean."""
    d = S.data()
    names: dict[str, list[tuple[str, str]]] = {}
    for uid, u in d.counters.units.items():
        for name in {S.unit_name(uid), u.name}:
            names.setdefault(name, []).append(("unit", uid))
    for gid, g in d.counters.generals.items():
        names.setdefault(g.name, []).append(("general", gid))
    for aid, a in d.counters.armies.items():
        names.setdefault(a.name, []).append(("army", aid))
    for fl, x in d.counters.fleets.items():
        names.setdefault(x.name, []).append(("fleet", fl))
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)"), names


def _power(kind: str, pid: str) -> str:
    c = S.data().counters
    table: Any = {"unit": c.units, "general": c.generals, "army": c.armies, "fleet": c.fleets}[kind]
    return str(table[pid].power)


class Seen:
    """What a viewer sees of the other side's pieces now: the units of lone forces and of forces in battle, the
    generals and Army markers leading forces (all of a force in battle), and what is off the map in the open (the
    units of the reserve, the generals removed: both in every view)."""

    def __init__(self, st: State) -> None:
        self.st = st
        open_ = revealed(st)
        self.units: set[str] = set(st.g["reserve"]["units"])
        self.generals: set[str] = set(st.g["removed"])
        self.armies: set[str] = set()
        for fid, f in st.g["forces"].items():
            if fid in open_ or not f["commander"]:
                self.units.update(f["units"])
            if fid in open_:
                self.generals.update(S.generals_of(f))
                self.armies.update(a.army for a in S.armies(f) if a.army)
            elif f["commander"]:
                self.generals.add(f["commander"])
                if f["army"]:
                    self.armies.add(f["army"])

    def shown(self, kind: str, pid: str, viewer: str | None) -> bool:
        side = S.side_of(self.st, _power(kind, pid))
        if side is None or side == viewer:
            return True
        return {"unit": pid in self.units, "general": pid in self.generals, "army": pid in self.armies,
                "fleet": False}[kind]

    def redact(self, text: str, viewer: str | None) -> str:
        pattern, names = _names()

        def swap(m: re.Match[str]) -> str:
            meant = names[m.group(0)]
            if all(self.shown(kind, pid, viewer) for kind, pid in meant):
                return m.group(0)
            kind, pid = meant[0]
            word = {"unit": "a unit", "general": "a general", "army": "an army"}.get(kind)
            if word is None:
                word = f"a {S.data().map.powers[_power(kind, pid)].adjective} fleet"
            return word[0].upper() + word[1:] if m.start() == 0 else word

        return pattern.sub(swap, text)


def redact_text(st: State, text: str, viewer: str | None) -> str:
    """``text`` (a menu label, naming the other side's forces) without the pieces the fog hides from ``viewer``."""
    return Seen(st).redact(text, viewer)


def names_hidden_piece(st: State, target: str, viewer: str | None) -> bool:
    """Does ``target`` (what a player asks ``why`` about) name a piece the fog hides from ``viewer``, which the
    answer would locate?"""
    _, names = _names()
    key = _fold(target)
    meant = [m for name, ms in names.items() if _fold(name) == key for m in ms if m[0] in ("unit", "general")]
    counters = S.data().counters
    meant += [(kind, pid) for kind, table in (("unit", counters.units), ("general", counters.generals))
              for pid in table if pid.casefold() == key]
    seen = Seen(st)
    return bool(meant) and not any(seen.shown(kind, pid, viewer) for kind, pid in meant)


def _fold(text: str) -> str:
    """Without case nor accents, as players type names (``why.find_force`` reads them so)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.strip()) if not unicodedata.combining(c)).casefold()


def _private_owner(st: State) -> tuple[str, str] | None:
    """(side, force) when the step writing the line tests or strikes a hidden force outside battle: its attrition
    test, the depot it spends, the losses it takes, whose figures tell what it holds."""
    stack = st.core["stack"]
    if not stack:
        return None
    f = stack[-1]
    fid = f.get("fid")
    if f["step"] not in PRIVATE_FRAMES or fid not in st.g["forces"]:
        return None
    force = st.g["forces"][fid]
    if force["side"] is None or not force["commander"] or fid in revealed(st):
        return None
    return force["side"], fid


def log_entries(st: State, entry: dict[str, Any]) -> list[dict[str, Any]]:
    """``Game.log_entries`` under the fog: the line whole for the sides that may read it, redacted copies for the
    others (``to`` / ``not_to``)."""
    if not on(st) or "to" in entry:
        return [entry]
    private = _private_owner(st)
    if private is not None:
        side, fid = private
        out = [{**entry, "to": side}]
        if st.step == "attrition" and entry["text"].startswith("Attrition of"):  # the test, not its extra die
            name = S.general(st.g["forces"][fid]["commander"]).name
            out.append({"text": f"{name}'s force tests attrition ({st.frame['why']}); the fog of war hides the "
                                "result", "rule": entry.get("rule", "13.6"), "not_to": [side]})
        return out
    seen = Seen(st)
    texts = {v: _redacted(seen, entry, v) for v in (*S.SIDES, None)}
    if all(t == entry for t in texts.values()):
        return [entry]
    out = []
    for v in S.SIDES:
        if texts[v] != texts[None]:
            out.append({**texts[v], "to": v})
    out.append({**texts[None], "not_to": [v for v in S.SIDES if texts[v] != texts[None]]})
    return out


def _redacted(seen: Seen, entry: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    out = {**entry, "text": seen.redact(entry["text"], viewer)}
    if "mods" in entry:
        out["mods"] = [[seen.redact(str(label), viewer), v] for label, v in entry["mods"]]
    return out


# -- the copies agents search on ------------------------------------------------------------------------------------

def resample(st: State, viewer: str, rng: random.Random) -> None:
    """Deal again, in a copy for ``viewer``'s search, the units of the other side's hidden forces among them: what it
    sees stays (where each force stands, its commander and Army marker, the lone units, the forces in battle); the
    pool of units, each at its strength, is dealt from its sorted order, so that two truths ``viewer`` cannot tell
    apart give the same copy for the same ``rng``. Each force gets a combat unit and keeps within its commander's
    limits (10.1), and militia stay home (12.1); a deal that cannot place every unit so is drawn again (a few times,
    then the stacks stay as they are). Forces of a group of armies keep their units (each army's share is fixed by
    its markers). Their mobile depots and the armies' subordinates are dealt again too."""
    if not on(st):
        return
    open_ = revealed(st)
    forces = st.g["forces"]
    for side in S.SIDES:
        if side == viewer:
            continue
        fids = sorted((fid for fid in forces if forces[fid]["side"] == side and hidden(st, fid, viewer, open_)
                       and not forces[fid]["group"]), key=lambda fid: (forces[fid]["zone"], forces[fid]["commander"]))
        if len(fids) < 2:
            continue
        pool = sorted((u, v) for fid in fids for u, v in forces[fid]["units"].items())
        for _ in range(RESAMPLE_TRIES):
            dealt = _deal(st, fids, pool, rng)
            if dealt is not None:
                for fid in fids:
                    forces[fid]["units"] = dealt[fid]
                break
        _deal_depots(st, fids, rng)
        _deal_subordinates(st, fids, rng)


def _deal_depots(st: State, fids: list[str], rng: random.Random) -> None:
    """The hidden forces' mobile depots (13.4) dealt again, each to a force led by a general of its nation."""
    forces = st.g["forces"]
    nation = {fid: S.major_of(st, S.general(forces[fid]["commander"]).power) for fid in fids}
    pool = sorted(d for fid in fids for d in forces[fid]["depots"])
    home = {fid: list(forces[fid]["depots"]) for fid in fids}
    for fid in fids:
        forces[fid]["depots"] = [d for d in home[fid] if d not in nation.values()]  # another nation's: kept
    for depot in pool:
        takers = [fid for fid in fids if nation[fid] == depot]
        if takers:
            forces[takers[rng.randrange(len(takers))]]["depots"].append(depot)


RESAMPLE_TRIES = 8


def _deal_subordinates(st: State, fids: list[str], rng: random.Random) -> None:
    """The hidden armies' subordinate generals dealt again among them (10.1: at most three an army, each of the
    army's nation or of a nation among its units; one that fits nowhere stays where he was)."""
    forces = st.g["forces"]
    armies = [fid for fid in fids if forces[fid]["army"]]
    home = {g: fid for fid in armies for g in forces[fid]["subs"]}
    for fid in armies:
        forces[fid]["subs"] = []
    for gid in sorted(home):
        power = S.general(gid).power
        takers = [fid for fid in armies if len(forces[fid]["subs"]) < command.ARMY_SUBORDINATES and (
            power == S.general(forces[fid]["commander"]).power
            or any(S.unit(u).power == power for u in forces[fid]["units"]))]
        forces[takers[rng.randrange(len(takers))] if takers else home[gid]]["subs"].append(gid)


def _deal(st: State, fids: list[str], pool: list[tuple[str, int]],
          rng: random.Random) -> dict[str, dict[str, int]] | None:
    """One random deal of ``pool`` among ``fids`` within the rules, or None if a unit found no place."""
    units = list(pool)
    rng.shuffle(units)
    units.sort(key=lambda x: not S.unit(x[0]).limited)  # militia first: few zones are theirs
    dealt: dict[str, dict[str, int]] = {fid: {} for fid in fids}
    for fid in fids:  # a combat unit for each first
        pick = next(((u, v) for u, v in units if not S.unit(u).special and _fits(st, fid, dealt[fid], u, v)), None)
        if pick is None:
            return None
        units.remove(pick)
        dealt[fid][pick[0]] = pick[1]
    for u, v in units:
        open_fids = [fid for fid in fids if _fits(st, fid, dealt[fid], u, v)]
        if not open_fids:
            return None
        dealt[open_fids[rng.randrange(len(open_fids))]][u] = v
    return dealt


def _fits(st: State, fid: str, units: dict[str, int], uid: str, value: int) -> bool:
    f = st.g["forces"][fid]
    return S.limited_ok({uid: value}, f["zone"]) and command.within_command(st, f["commander"], f["army"],
                                                                          {**units, uid: value})
