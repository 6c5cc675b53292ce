"""7.3 Budget phase: each major power's resources (7.3.1), spent by the side that runs it (7.3.2) on units of its
reserve at full or reduced strength, restored steps, armies (7.3.5), depots and fleets; the allied minors' steps
(7.3.3); new units on the reinforcement zones (7.3.4); the generals of the reserve (7.3.6); voluntary removals
(7.3.7). Entered through ``push_budget_phase``; one item per action, "done" to finish a power.

Hooks other rules fill in ``st.g`` before the phase (all optional): ``flags`` (events and entities in play:
"war_of_liberation", "poland", "venetia", "poland_2p", the ``e`` key of an "E" counter, and the card ids of
"24F"/"25F" once played as events) and ``double_resources`` (powers attacked again after a forced peace, 3.5); from
the conquest phase (``rules/conquest.py``): ``territory`` (annexed provinces), ``budget_penalty`` (18.2.2: 4
resources a missing province) and the "resources" entries of ``peace_rewards`` (18.2.2: +4 instead of a card);
from diplomacy and the cards (``rules/diplomacy.py``, ``rules/foreign_wars.py``): ``budget_mods`` (resources
changes of events, 34F), ``reforms`` (majors whose E units join the reserve: « Réforme militaire »),
``budget_deploys`` (units and generals arriving at this phase, 22F) and ``fw_returning`` (foreign wars ended: their
units come back as reinforcements, 6.5); from the sieges (``rules/siege.py``): ``honours`` (15.4: the garrisons out
with the honours of war, whose units come back the same way). The phase uses them all up; the reforms stay
recorded in ``reformed``."""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, command, naval, stacking, supply
from grognard.games.nae.schema.cards import CancelBlockadeVp, Card, DrawCards, Resources

ORDER = ("turkey", "spain", "prussia", "austria", "russia", "britain", "france")  # 7.3
# 7.3.2: « L'Empire gère la production de l'Espagne et de la Turquie tant qu'elles sont neutres. La Coalition gère
# la production de la Prusse, de l'Autriche et de la Russie tant qu'elles sont neutres. »
NEUTRAL_MANAGER = {"spain": "empire", "turkey": "empire", "prussia": "coalition", "austria": "coalition",
                   "russia": "coalition"}
SPAIN_TRANSFER_EVENTS = ("24F", "25F")  # 7.3.1: Piège de Bayonne and Blocus continental
SIDE_MINOR_PHASE = {"britain": "coalition", "france": "empire"}  # the side spends its minors' steps (7.3.3) here
MARK_FLAGS = {"V": "venetia", "2P": "poland_2p"}
REFORM = "military_reform"  # the ``e`` key of the Austrian and Prussian E units (glossary « Réforme militaire »)


def flags(st: State) -> list[str]:
    out: list[str] = st.g.get("flags", [])
    return out


def manager(st: State, power: str) -> str | None:
    """7.3.2: the side that spends a major's resources (and moves it in 7.5): its own side at war; for a neutral the
    split of 7.3.2; for a forced peace or alliance (EN 7.3) the side opposed to its conqueror; None: out of play."""
    status = S.status_of(st, power)
    if status in ("at_war", "allied", "protectorate"):
        return S.side_of(st, power)
    if status == "neutral":
        return NEUTRAL_MANAGER.get(power)
    if status in ("forced_peace", "forced_alliance"):
        winner = S.side_of(st, st.g["forced"][power]["with"])
        return S.other(winner) if winner else None
    return None


def is_enemy_of(st: State, power: str, other: str) -> bool:
    """Is ``other`` (a controlling power) an enemy of ``power`` for its key zones (7.3.1)?"""
    if S.major_of(st, other) == power or other == power:
        return False
    side = S.side_of(st, power)
    return side is None or S.side_of(st, other) != side


def income(st: State, power: str) -> tuple[int, list[str]]:
    """7.3.1: the resources of the player aid, -4 per key zone of the National Territory under enemy control
    (Madrid during the War of Liberation and Warsaw once Poland exists excepted), the adjustments of other rules,
    doubled for a power attacked again after its forced peace (3.5). Returns the total and its explanation."""
    t = S.data().tables
    rec = t.resources[power]
    held = [kz.zone for kz in rec.key_zones
            if (c := st.g["control"].get(kz.zone)) is not None and is_enemy_of(st, power, c)]
    total = t.income(power, held, flags(st))
    why = [f"{rec.base} printed"]
    lost = [z for z in held if all(kz.zone != z or not (kz.unless and kz.unless in flags(st)) for kz in rec.key_zones)]
    if lost:
        why.append(f"-{int(t.constant('key_zone_loss'))} for each key zone held by the enemy: "
                   + ", ".join(S.zone_name(z) for z in lost))
    for mod in st.g.get("budget_mods", []):
        if mod["power"] == power:
            total += int(mod["value"])
            why.append(f"{int(mod['value']):+d} for {mod['why']}")
    penalty = int(st.g.get("budget_penalty", {}).get(power, 0))
    if penalty:
        total -= penalty
        why.append(f"-{penalty} for the provinces missing at its peace terms (18.2.2)")
    reward = int(t.constant("conquest_reward_resources"))
    for r in st.g.get("peace_rewards", []):
        if r["power"] == power and r["reward"] == "resources":
            total += reward
            why.append(f"+{reward} taken after its conquest instead of a card (18.2.2)")
    if power in st.g.get("double_resources", []):
        total *= 2
        why.append("doubled: attacked again after its forced peace (3.5)")
    return max(0, total), why


# --- what a power has to build with -----------------------------------------------------------------------------


def on_map_units(st: State) -> set[str]:
    out = {u for f in st.g["forces"].values() for u in f["units"]}
    out.update(u for x in st.g.get("aboard", {}).values() for u in x["force"]["units"])
    return out


def away(st: State, kind: str) -> set[str]:
    """The ``kind`` ("units", "generals", "fleets") in the Foreign Wars box, or on their way back from it: out of the
    reserve until the war ends and they return (6.5: « Ces unités ne reviennent pas en jeu avant qu'un mécanisme du
    jeu ne mette fin à cette guerre »)."""
    # 15.4: a garrison out with the honours of war waits for the next budget phase as they do
    wars = [*st.g.get("foreign_wars", []), *st.g.get("fw_returning", []), *st.g.get("honours", [])]
    # and those back this budget phase until their power's budget places them: another power's budget spent
    # first (7.3) does not build them again (a random 1805 game built the Russian Army of the Danube twice)
    back = (st.g.get("budget") or {}).get("returning") or {}
    keys = (kind, "honours") if kind == "units" else (kind,)  # a power's entry holds both kinds of units back
    return {x for w in [*wars, *back.values()] for key in keys for x in w.get(key, ())}


def _out_for_good(st: State) -> frozenset[str]:
    """Counters the scenario took out of the game (20.2, 20.3), but for those it puts in the reserve."""
    return _scenario_out(st.g["scenario"])


@cache
def _scenario_out(scenario: str) -> frozenset[str]:
    sc = S.data().scenarios[scenario]
    return frozenset(x for r in sc.removed.values() if r.fate != "reserve" for x in (*r.units, *r.fleets, *r.generals))


def available(st: State, uid: str) -> bool:
    """Is a counter in play this year: dated in (entry, removal), its E, V or 2P event happened (2.1, 20.2), not a
    special unit never yet in play (they come with their card, 2.1), not a dotted unit once eliminated (never
    rebuilt)?"""
    u = S.unit(uid)
    year = st.g["year"]
    if u.special and uid not in st.g["reserve"]["units"]:
        return False  # 2.1: a special unit comes into play with its card; once eliminated it may be rebuilt (7.3.5)
    if (u.entry is not None and u.entry > year) or (u.removal is not None and u.removal <= year):
        return False
    if u.e is not None and u.e not in flags(st) and not (u.e == REFORM and u.power in st.g.get("reformed", [])):
        return False
    if any(MARK_FLAGS[m] not in flags(st) for m in ("V", "2P") if m in u.marks):
        return False
    return not (u.no_rebuild and uid in st.g["reserve"]["units"])


def pool(st: State, power: str) -> list[str]:
    """7.3.2: the units of ``power``'s reserve: its counters in play and off the map (a unit withdrawn in this phase
    comes back only next year, 7.3.7)."""
    b = st.g["budget"]
    here = on_map_units(st) | _out_for_good(st) | set(b["withdrawn"]) | away(st, "units")
    return [uid for uid in _units_of(power) if uid not in here and available(st, uid)]


@cache
def _units_of(power: str) -> tuple[str, ...]:
    return tuple(u.id for u in S.data().counters.units_of(power))


def loss_steps(uid: str) -> int:
    u = S.unit(uid)
    return 2 if u.reduced is not None else 1


@cache  # reads the counters and tables only
def step_cost(uid: str) -> float:
    """7.3.2: « Le coût des unités est exprimé en points de ressources par pas de perte » (elite +0.5 a star)."""
    u = S.unit(uid)
    return S.data().tables.step_cost(u.kind, u.stars)


def national_zones(st: State, power: str) -> frozenset[str]:
    """The zones of ``power``'s National Territory: a major's national provinces, a minor's own zones, and the
    provinces annexed to it or minors integrated into it (18, ``st.g["territory"]``: province -> power)."""
    return _national(power, tuple(sorted(st.g.get("territory", {}).items())))


@cache
def _national(power: str, annexed: tuple[tuple[str, str], ...]) -> frozenset[str]:
    m = S.data().map
    joined = dict(annexed)
    major = m.powers[power].kind == "major"
    return frozenset(z.id for z in m.zones.values()
                     if joined.get(z.province, z.owner if m.provinces[z.province].national or not major else None)
                     == power)


@cache
def _connected(power: str, annexed: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """7.3.4: the National-Territory zones joined by land to the capital (not Gibraltar, Malta, or French Illyria
    cut off by Italy)."""
    m = S.data().map
    nt = _national(power, annexed)
    capital = m.powers[power].capital
    if capital is None or capital not in nt:
        return ()
    seen, todo = {capital}, deque([capital])
    while todo:
        z = todo.popleft()
        for n in m.neighbours(z):
            if n in nt and n not in seen and not m.zones[n].island:
                seen.add(n)
                todo.append(n)
    return tuple(sorted(seen))


class Memo:
    """What one menu asks many times of a position it does not change, kept by the caller for that menu only: whether
    each force is supplied (and the networks traced for it), the zones where a new unit may be placed, by what of the
    unit decides it (``place_zones``), each reinforcement zone's force a new unit joins (``landings``), the forces a
    general of each power may join before his command is checked (``general_forces``), and the force holding each
    unit (``force_of``)."""

    __slots__ = ("_landing", "_where", "networks", "places", "posts", "supplied")

    def __init__(self) -> None:
        self.supplied: dict[str, bool] = {}
        self.networks: dict[str, supply.Network] = {}
        self.places: dict[tuple[str, bool, bool, int], list[str]] = {}
        self.posts: dict[tuple[str, str], list[str]] = {}
        self._landing: dict[str, list[tuple[str, S.Army | None]]] = {}
        self._where: dict[str, str] | None = None

    def landings(self, st: State, power: str) -> list[tuple[str, S.Army | None]]:
        out = self._landing.get(power)
        if out is None:
            out = self._landing[power] = _landings(st, power)
        return out

    def force_of(self, st: State, uid: str) -> str | None:
        """The force holding unit ``uid`` (None: off the map)."""
        if self._where is None:
            self._where = {u: fid for fid, f in st.g["forces"].items() for u in f["units"]}
        return self._where.get(uid)


_REINFORCEMENT = "reinforcement"  # st.derived key: (zone index, board key, power -> ``reinforcement_zones``)


def reinforcement_zones(st: State, power: str) -> list[str]:
    """7.3.4: the capital, or a fortress of the National Territory not besieged, neither place occupied by enemy
    forces, and connected by land to the capital through the National Territory. Kept with the position (callers must
    not change the list): it reads where forces stand and the board only, so it holds while the zone index and the
    board key that ``grognard.games.nae.state`` rebuilds after any change of those are the same objects."""
    index, board = S.zone_index(st), S.board_key(st)
    kept = st.derived.get(_REINFORCEMENT)
    if kept is None or kept[0] is not index or kept[1] is not board:
        kept = st.derived[_REINFORCEMENT] = (index, board, {})
    zones: list[str] | None = kept[2].get(power)
    if zones is None:
        zones = kept[2][power] = _reinforcement_zones(st, power)
    return zones


def _reinforcement_zones(st: State, power: str) -> list[str]:
    capital = S.data().map.powers[power].capital
    side = S.side_of(st, power)  # a neutral's (None) is at war with nobody but the sides' forces (8.1.1)
    foes = {f["zone"] for f in st.g["forces"].values() if f["side"] is not None and f["side"] != side}
    forts, control = st.g["fortresses"], st.g["control"]
    out = []
    for z in _connected(power, tuple(sorted(st.g.get("territory", {}).items()))):
        fort = forts.get(z)
        if z != capital and (fort is None or not fort["active"] or fort["siege"] is not None):
            continue
        c = control.get(z)
        if z in foes or (c is not None and is_enemy_of(st, power, c)):
            continue
        out.append(z)
    return out


def choose(st: State, step: str, **frame: Any) -> None:
    """Ask the side to act through sub-step ``step``, or do it at once when it offers one choice only."""
    f = st.push(step, **frame)
    options = st.game.steps[step].choices(st, f)
    if len(options) == 1:
        st.game.steps[step].resolve(st, f, options[0])


def _cost_text(x: float) -> str:
    return f"{x:g}"


def _price(x: float) -> str:
    return f"({x:g} resource{'' if x == 1 else 's'})"


# --- the phase ----------------------------------------------------------------------------------------------------


def push_budget_phase(st: State) -> None:
    """7.3: the budget phase, power by power in the order Turkey, Spain, Prussia, Austria, Russia, Britain,
    France. Called by the interphase driver."""
    st.push("budget", queue=list(ORDER))


class Budget:
    """7.3: opens the phase (generals of the year and the wounded come to the reserve, 7.3.6 / 14.7), then each
    power's income and spending, the side's minors' steps after Britain and France (7.3.3)."""

    name: ClassVar[str] = "budget"

    def run(self, st: State, f: Frame) -> None:
        if "budget" not in st.g:
            open_phase(st)
            st.push("budget.events", side=EVENT_ORDER[0])
            return
        if not f["queue"]:
            close_phase(st)
            st.pop()
            return
        power = f["queue"].pop(0)
        side = SIDE_MINOR_PHASE.get(power)
        if side is not None and st.g["budget"]["minor_steps"][side]:
            st.push("budget.minors", side=side, steps=st.g["budget"]["minor_steps"][side])
        start_power(st, power)


def open_phase(st: State) -> None:
    """7.3.6 / 14.7: generals off the map come back to the reserve (those the scenario removed for good stay out);
    7.3.3: each side's steps for its minors."""
    gone = _out_for_good(st)
    back = [g for g in st.g["removed"] if g not in gone]
    st.g["removed"] = [g for g in st.g["removed"] if g in gone]
    if back:
        st.note("Generals back in the reserve (wounded, relieved or sent back): "
                + ", ".join(S.general(g).name for g in sorted(set(back))), rule="7.3.6")
    year = st.g["year"]
    new = [g.name for g in S.data().counters.generals.values() if g.entry == year]
    if new:
        st.note(f"Generals of {year} enter the reserve: " + ", ".join(new), rule="7.3.6")
    reform(st)
    returning = foreign_wars_back(st)
    arrivals(st)
    st.g["budget"] = {"received": {}, "pending": {}, "fleets": [], "army_steps": {}, "army_depots": {},
                      "withdrawn": [], "depots_withdrawn": {}, "returning": returning,
                      "minor_steps": {s: minor_steps(st, s) for s in S.SIDES}}


def reform(st: State) -> None:
    """Glossary « Réforme militaire »: « les unités marquées E sont intégrées lors de la prochaine phase de budget
    dans la réserve d'unités à construire » (``reforms``, left by the cards and by a second defeat)."""
    for power in st.g.pop("reforms", []):
        st.g.setdefault("reformed", []).append(power)
        st.note(f"{S.data().map.powers[power].name}'s military reform: its E units join the reserve of units to "
                "build", rule="7.3")


def foreign_wars_back(st: State) -> dict[str, dict[str, Any]]:
    """6.5: « les unités reviennent en renforts lors de la phase de budget suivante »: the generals of the foreign
    wars ended go back to the reserve (placed by 7.3.6), the units and fleets are placed free in their power's
    budget (``start_power``); and 15.4 the units of the garrisons out with the honours of war (``honours``, by their
    major). Returns power -> {"units": {unit: steps}, "fleets": [fleet], "honours": {unit: steps}} to place."""
    out: dict[str, dict[str, Any]] = {}
    for war in st.g.pop("fw_returning", []):
        title = S.data().cards.cards[war["card"]].title
        back = [*(S.unit_name(u) for u in war["units"]), *(S.general(g).name for g in war["generals"]),
                *(S.data().counters.fleets[x].name for x in war["fleets"])]
        st.note(f"Back from the foreign war ({title}): {', '.join(back) or 'nothing'}", rule="6.5")
        for uid, steps in war["units"].items():
            out.setdefault(S.unit(uid).power, {"units": {}, "fleets": []})["units"][uid] = steps
        for fl in war["fleets"]:
            out.setdefault(S.data().counters.fleets[fl].power, {"units": {}, "fleets": []})["fleets"].append(fl)
    for garrison in st.g.pop("honours", []):  # 15.4: « reviennent en renfort lors de la prochaine phase de budget »
        for uid, steps in garrison["units"].items():
            major = S.major_of(st, S.unit(uid).power)  # a minor's units come with its major's budget (7.3.3)
            out.setdefault(major, {"units": {}, "fleets": []}).setdefault("honours", {})[uid] = steps
    return out


def arrivals(st: State) -> None:
    """8.3 / 22F: the units and generals an event brings « gratuitement » into a named zone at this budget phase
    (``budget_deploys``). Where the zone is held by the enemy or the side's force there cannot take them in (11,
    10.1), the units join the reserve of units to build and the generals the reserve."""
    from grognard.games.nae.rules import stacking

    for d in st.g.pop("budget_deploys", []):
        zone, units, gens = d["zone"], list(d["units"]), list(d["generals"])
        power = S.unit(units[0]).power if units else S.general(gens[0]).power
        side = S.side_of(st, power)
        who = ", ".join([*(S.general(g).name for g in gens), *(S.unit_name(u) for u in units)])
        held = (c := st.g["control"].get(zone)) is not None and S.side_of(st, c) != side
        if side is None or held or S.outside(st, zone, S.other(side)):
            st.g["reserve"]["units"] += [u for u in units if u not in st.g["reserve"]["units"]]
            st.note(f"{d['why']}: {S.zone_name(zone)} is not free, so {who} go(es) to the reserve", rule="8.3")
            continue
        for u in units:
            if u in st.g["reserve"]["units"]:
                st.g["reserve"]["units"].remove(u)
        fid = S.new_force(st, side, power, zone, commander=gens[0] if gens else None, subs=gens[1:],
                          units={u: S.unit(u).steps for u in units})
        here = [o for o in S.outside(st, zone, side) if o != fid]
        if here and stacking.merge(st, here[0], fid) is None:
            S.take_force(st, fid)
            st.g["reserve"]["units"] += units
            st.note(f"{d['why']}: the force in {S.zone_name(zone)} cannot take in {who} (11, 10.1), who go(es) to "
                    "the reserve", rule="8.3")
            continue
        st.note(f"{d['why']}: {who} arrive(s) free in {S.zone_name(zone)}", rule="8.3")


def close_phase(st: State) -> None:
    del st.g["budget"]
    st.g.pop("budget_mods", None)  # 34F and the like: for this phase only
    st.g.pop("budget_penalty", None)  # 18.2.2: used up
    st.g.pop("double_resources", None)
    rewards = [r for r in st.g.get("peace_rewards", []) if r["reward"] != "resources"]  # cards: the hands' (7.2)
    if "peace_rewards" in st.g:
        if rewards:
            st.g["peace_rewards"] = rewards
        else:
            del st.g["peace_rewards"]
    supply.update_supply(st, rule="7.3")


def allied_minors_with_units(st: State, side: str) -> list[str]:
    """7.3.3: the side's allied minors « disposant d'unités » (counters of their own; new entities and revolts
    count on their own). Glossary « Révolte nationale »: a revolt counts « comme un mineur allié tant que leurs
    zones d'apparition restent sous contrôle de la coalition (Pour la phase de budget notamment) »."""
    m = S.data().map
    powers = {u.power for u in S.data().counters.units.values() if not u.special}
    return sorted(p for p, pw in m.powers.items() if pw.kind != "major" and p in powers
                  and S.side_of(st, p) == side and st.g["status"].get(p) in ("allied", "protectorate")
                  and (pw.kind != "revolt" or revolt_holds(st, p)))


@cache
def revolt_zones() -> dict[str, str]:
    """Revolt -> the zone it rises in (its card's event)."""
    from grognard.games.nae.schema.cards import Revolt

    return {e.entity: e.zone for c in S.data().cards.cards.values() for e in c.effect if isinstance(e, Revolt)}


def revolt_holds(st: State, revolt: str) -> bool:
    """Glossary « Révolte nationale »: is the revolt's zone still the Coalition's, neither controlled by the Empire
    nor held by its forces?"""
    zone = revolt_zones()[revolt]
    return S.controller(st, zone) != "empire" and not S.outside(st, zone, "empire")


def minor_steps(st: State, side: str) -> int:
    """7.3.3: one step per two allied minors with units, an odd one giving nothing."""
    per = int(S.data().tables.constant("minors_per_reinforcement_step"))
    return len(allied_minors_with_units(st, side)) // per


def start_power(st: State, power: str) -> None:
    side = manager(st, power)
    back = st.g["budget"]["returning"].pop(power, None)
    if side is None or power not in S.data().tables.resources:
        if back:
            st.note(f"Nobody runs {S.data().map.powers[power].name}: what came back from the foreign war waits in "
                    "its reserve", rule="6.5")
        return
    total, why = income(st, power)
    st.note(f"{S.data().map.powers[power].name} has {total} resources ({'; '.join(why)}), spent by the "
            f"{S.side_name(side)}",
            rule="7.3.1")
    free = "free" if power == "britain" else None
    st.push("budget.spend", power=power, side=side, purse=float(total), free=free, bought=False, received=False)
    if back:
        st.push("budget.returning", power=power, side=side, units=back["units"], fleets=back["fleets"],
                honours=back.get("honours", {}))


EVENT_ORDER = ("coalition", "empire")  # the order of the interphase's other phases (7.1, 7.2, 7.4)


def event_choices(st: State, side: str) -> list[Action]:
    """6.4: « Cards can be played in the budget ... phase; effects are immediate » (example: « lors de la phase de
    budget, la carte « Rothschild » est jouée et accorde deux cartes supplémentaires qui sont piochées immédiatement :
    l'une d'elles « City » accorde un bonus de ressources ; le joueur coalisé peut la jouer de suite et dépenser les
    points de ressource dans cette phase de budget »); EN 7.3: at the very start of the phase. The side's budget
    cards whose events are played here: resources (7.3.1) and cards drawn, 50C Smuggling, the political events
    diplomacy plays (``diplomacy.event_playable``) and the events the round's menu also plays whose card names the
    budget phase (``events.playable``: special units, free steps, units entering play, 40F)."""
    from grognard.games.nae.rules import diplomacy, events

    out: list[Action] = []
    for cid in st.g["hands"][side]:
        card = S.data().cards.cards[cid]
        if "budget" not in card.phases:
            continue
        if (purse_event(card) and diplomacy.requires_hold(st, side, card)) or \
                (smuggling(card) and smuggling_playable(st, side, card)) or \
                diplomacy.event_playable(st, side, cid, "budget") or events.playable(st, side, cid, "budget"):
            out.append(("event", cid))
    return out


def purse_event(card: Card) -> bool:
    """A card whose event gives resources or cards only (8C The City, 51F, 17C, 19C Pitt, 7C Rothschild)."""
    effects = card.effects("event")
    return bool(effects) and all(isinstance(e, (Resources, DrawCards)) for e in effects)


def smuggling(card: Card) -> bool:
    """50C Smuggling: « The Continental Blockade gives no VP in this budget phase »."""
    effects = card.effects("event")
    return bool(effects) and all(isinstance(e, CancelBlockadeVp) for e in effects)


def smuggling_playable(st: State, side: str, card: Card) -> bool:
    """50C needs the blockade declared (its ``card_played`` 25F) and in place: otherwise there is no VP to cancel."""
    from grognard.games.nae.rules import diplomacy, iberia

    return diplomacy.requires_hold(st, side, card) and not st.g["budget"].get("smuggling") and \
        iberia.blockade_in_place(st)


def blockade_vp(st: State) -> None:
    """6.12 / glossary « Blocus continental »: « Pour obtenir le gain automatique en point de victoire il faut que le
    blocus soit en place »; 25F: « +1 VP in each budget phase in which it is in place ». Checked once the budget
    events are played, so that 50C Smuggling, played among them, cancels it."""
    from grognard.games.nae.rules import iberia, victory

    if not iberia.blockade_in_place(st):
        return
    if st.g["budget"].get("smuggling"):
        st.note("Smuggling: the Continental Blockade, in place, gives no VP in this budget phase", rule="6.4")
        return
    victory.apply_vp_event(st, "continental_blockade", "the Continental Blockade is in place")


class Events:
    """6.4 / EN 7.3: before any power spends, the Coalition then the Empire play the budget events they wish, one at a
    time; a side is asked even when it holds none it may play (what it holds stays hidden)."""

    name: ClassVar[str] = "budget.events"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{st.g['year']} budget phase: play a card as a budget event (6.4), or go on to the budgets."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("done", None), *event_choices(st, f["side"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        from grognard.games.nae.rules import diplomacy, events

        side = f["side"]
        if action[0] == "done":
            if side == EVENT_ORDER[0]:
                f.update(side=EVENT_ORDER[1])
            else:
                st.pop()
                reform(st)  # the reforms of events played now (3C « à l'instant où elle est jouée », 46C)
                blockade_vp(st)
            return
        card = S.data().cards.cards[action[1]]
        if smuggling(card):
            diplomacy.play_card_event(st, side, card.id, "in the budget phase")
            st.g["budget"]["smuggling"] = True
            return
        if events.playable(st, side, card.id, "budget"):
            cards.play_event(st, side, card.id)
            return
        if not purse_event(card):
            diplomacy.play_event(st, side, card.id)
            return
        diplomacy.play_card_event(st, side, card.id, "in the budget phase")
        for e in card.effects("event"):
            if not all(diplomacy.cond_holds(st, side, c) for c in e.requires):
                continue
            if isinstance(e, DrawCards):
                cards.draw(st, side, e.n, "6.4", card.title)
            elif e.power == "ally":  # 19C Pitt: « one Coalition major power » of the side's choice
                st.push("budget.ally", side=side, value=e.value, why=card.title)
            else:  # played here, « now » and « at its next budget » both mean this phase
                add_resources(st, e.power, e.value, card.title)


def add_resources(st: State, power: str, value: int, why: str) -> None:
    """7.3.1: « Ce nombre peut varier en raison d'évènements »: ``value`` resources for ``power`` in this phase."""
    st.g.setdefault("budget_mods", []).append({"power": power, "value": value, "why": why})
    st.note(f"{S.data().map.powers[power].name}: {value:+d} resources in this budget phase ({why})", rule="7.3.1")


def ally_targets(st: State, side: str) -> list[str]:
    """The majors of ``side`` at war that have a budget (7.3.1) to receive an event's resources."""
    return [p for p in ORDER if S.side_of(st, p) == side and S.status_of(st, p) == "at_war"]


class Ally:
    """19C Pitt: « one Coalition major power gets +4 resources now, beyond the 4-per-budget transfer limit »."""

    name: ClassVar[str] = "budget.ally"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{f['why']}: choose the major power that receives {f['value']:+d} resources in this budget phase."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("ally", p) for p in ally_targets(st, f["side"])] or [("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        if action[0] == "ally":
            add_resources(st, action[1], f["value"], f["why"])


class Returning:
    """6.5: the units and fleets back from a foreign war, and 15.4 the units of a garrison out with the honours of
    war, come in as free reinforcements of their power, placed one by one as new units are (7.3.4); one with no
    room waits in the reserve, to be built."""

    name: ClassVar[str] = "budget.returning"

    def run(self, st: State, f: Frame) -> None:
        key, rule, verb = (("units", "6.5", "comes back from the foreign war") if f["units"] else
                           ("honours", "15.4", "comes back after the honours of war"))
        if f[key]:
            uid = sorted(f[key])[0]
            steps = f[key].pop(uid)
            if place_zones(st, f["side"], uid, steps):
                choose(st, "budget.place", uid=uid, value=steps, cost=0, side=f["side"], pays=None,
                       rule=rule, verb=verb)
            else:
                st.note(f"{S.unit_name(uid)} finds no reinforcement zone and waits in the reserve", rule=rule)
        elif f["fleets"]:
            fleet = f["fleets"].pop(0)
            if fleet_ports(st, f["power"]):
                choose(st, "budget.fleet", fleet=fleet, power=f["power"], side=f["side"], free=True,
                       why="back from the foreign war")
            else:
                st.note(f"{S.data().counters.fleets[fleet].name} finds no port and waits in the reserve", rule="6.5")
        else:
            st.pop()


def runs(st: State, side: str, f: S.Force) -> bool:
    """7.3.2: the forces a side's budget reaches: its own, and those of the neutral (forced peace, forced alliance)
    majors it runs, which stand on the map at war with nobody (side None, 8.1.1)."""
    if f["side"] is not None:
        return bool(f["side"] == side)
    return manager(st, S.major_of(st, f["power"])) == side


def _armies_of(st: State, side: str, memo: Memo | None = None) -> list[tuple[str, str, S.Army]]:
    """(force id, army marker, army) of the side's armies that are supplied (7.3.5)."""
    out = []
    for fid, f in st.g["forces"].items():
        if (f["army"] is None and not f["group"]) or not runs(st, side, f) or not _force_supplied(st, fid, memo):
            continue
        for a in S.armies(f):
            if a.army is not None:
                out.append((fid, a.army, a))
    return out


def _force_supplied(st: State, fid: str, memo: Memo | None = None) -> bool:
    """13: is the force supplied? A neutral's (or forced-peace, forced-alliance power's) force, whose counters its
    managing side holds, is at war with nobody (8.1.1): supplied inside its own National Territory."""
    if memo is not None and fid in memo.supplied:
        return memo.supplied[fid]
    f = S.force(st, fid)
    major = S.major_of(st, f["power"])
    if S.side_of(st, major) is None:
        ok = f["zone"] in national_zones(st, major)
    else:
        ok = supply.force_supplied(st, fid, None if memo is None else memo.networks)
    if memo is not None:
        memo.supplied[fid] = ok
    return ok


def restore_where(st: State, side: str, uid: str, memo: Memo | None = None) -> tuple[str, str | None] | None:
    """7.3.2 / 7.3.5: where a reduced unit may get its step back: (force id, None) on a reinforcement zone of its
    nation, or (force id, army marker) in a supplied army that restored fewer than 2 steps this phase; None if
    nowhere. The step must stay within its general's command (10.1)."""
    u = S.unit(uid)
    b = st.g["budget"]
    forces = st.g["forces"]
    if memo is None:
        holders = [fid for fid, f in forces.items() if uid in f["units"]]
    else:  # a unit stands in one force
        holders = [fid] if (fid := memo.force_of(st, uid)) is not None else []
    for fid in holders:
        f = forces[fid]
        if not runs(st, side, f) or f["units"][uid] >= u.steps:
            continue
        index = next(i for i, a in enumerate(S.armies(f)) if uid in a.units)
        a = S.armies(f)[index]
        if a.commander and not command.within_command(st, a.commander, a.army, {**a.units, uid: u.steps}):
            return None
        if f["zone"] in reinforcement_zones(st, u.power):
            return fid, None
        cap = int(S.data().tables.constant("army_restore_reduced_max"))
        if a.army is not None and b["army_steps"].get(a.army, 0) < cap and _force_supplied(st, fid, memo):
            return fid, a.army
    return None


def place_zones(st: State, side: str, uid: str, value: int, memo: Memo | None = None) -> list[str]:
    """7.3.4: the reinforcement zones of the unit's nation where it may be placed: alone, or joining the side's
    force there within its general's command (11, 10.1); reserve cavalry only into an army standing there."""
    u = S.unit(uid)
    if u.special:
        return special_zones(st, side, uid, memo)
    if memo is None:
        return _place_zones(st, side, uid, value, memo)
    # the answer reads of the unit only these (``command.within_command`` reads its power and kind only)
    key = (u.power, u.limited, u.kind == "reserve_cavalry", value)
    zones = memo.places.get(key)
    if zones is None:
        zones = memo.places[key] = _place_zones(st, side, uid, value, memo)
    return zones


def _place_zones(st: State, side: str, uid: str, value: int, memo: Memo | None) -> list[str]:
    u = S.unit(uid)
    cavalry = u.kind == "reserve_cavalry"
    out = []
    for z, a in _landings(st, u.power) if memo is None else memo.landings(st, u.power):
        if u.limited and not S.limited_ok({uid: value}, z):
            continue
        if a is None:
            if not cavalry:
                out.append(z)
            continue
        if cavalry and a.army is None:
            continue
        if a.commander and command.within_command(st, a.commander, a.army, {**a.units, uid: value}):
            out.append(z)
    return out


def _landings(st: State, power: str) -> list[tuple[str, S.Army | None]]:
    """The reinforcement zones of ``power`` (7.3.4), each with the leading army of the first force of its side there
    outside the fortress (the one a new unit joins, 11), or None."""
    own = S.side_of(st, power)
    out: list[tuple[str, S.Army | None]] = []
    for z in reinforcement_zones(st, power):
        here = S.outside(st, z, own)
        out.append((z, S.armies(S.force(st, here[0]))[0] if here else None))
    return out


def special_zones(st: State, side: str, uid: str, memo: Memo | None = None) -> list[str]:
    """7.3.5: « un nombre illimité d'unités spéciales » into each supplied army of the unit's nation, within its
    general's command (10.1)."""
    power = S.unit(uid).power
    armies = S.data().counters.armies
    return sorted({S.force(st, fid)["zone"] for fid, aid, a in _armies_of(st, side, memo)
                   if armies[aid].power == power and not S.force(st, fid)["group"] and a.commander
                   and command.within_command(st, a.commander, a.army, {**a.units, uid: 1})})


def place_unit(st: State, side: str, uid: str, value: int, zone: str, rule: str, verb: str = "is built") -> None:
    """Put a new unit on the map in ``zone``, joining the side's force there (11)."""
    u = S.unit(uid)
    if uid in st.g["reserve"]["units"]:
        st.g["reserve"]["units"].remove(uid)
    fside = S.side_of(st, u.power)  # a neutral's unit is at war with nobody (8.1.1)
    fid = S.new_force(st, fside, u.power, zone, units={uid: value})
    here = [o for o in S.outside(st, zone, fside) if o != fid]
    if u.special and not here:  # 7.3.5: « dans chaque armée ravitaillée », one inside its fortress's walls too
        here = [o for o in S.forces_in(st, zone, fside) if o != fid and st.g["forces"][o]["army"]]
        S.set_in_fortress(st, fid, bool(here))
    if here:
        stacking.merge(st, here[0], fid)
    stacking.rejoin_garrisons(st, zone)  # 15.3 / 11: the garrison of an unbesieged fortress joins it (one force)
    strength = "full strength" if value == u.steps else "reduced"
    st.note(f"{S.unit_name(uid)} {verb} ({strength}) in {S.zone_name(zone)}", rule=rule)


def army_candidates(st: State, power: str, side: str, memo: Memo | None = None) -> list[str]:
    """7.3.5: « Pour créer une armée, il faut un général, un marqueur Armée et au moins 2 pas de perte déployés dans
    une zone ravitaillée »: the side's forces led by a general of the marker's nation (EN), without an army."""
    need = int(S.data().tables.constant("army_create_min_steps"))
    return [fid for fid, f in st.g["forces"].items()
            if runs(st, side, f) and f["army"] is None and f["commander"] and not f["in_fortress"]
            and S.general(f["commander"]).power == power and S.steps(f) >= need and _force_supplied(st, fid, memo)]


def free_markers(st: State, power: str) -> list[str]:
    used = {f["army"] for f in st.g["forces"].values()}  # the markers of ``S.armies``: a group's second one too
    used.update(f["group"]["army"] for f in st.g["forces"].values() if f["group"])
    return [aid for aid, a in S.data().counters.armies.items() if a.power == power and aid not in used]


def depots_left(st: State, power: str) -> int:
    """1.4: the depot counters of ``power`` not on the map (mobile with a force, or fixed)."""
    pools = [p.count for p in S.data().counters.depots.values() if p.power == power]
    used = sum(f["depots"].count(power) for f in st.g["forces"].values())
    used += sum(1 for d in st.g["fixed_depots"] if d["power"] == power)
    used += st.g["budget"]["depots_withdrawn"].get(power, 0)  # 7.3.7: not before next year
    return sum(pools) - used


def depot_armies(st: State, power: str, side: str, memo: Memo | None = None) -> list[str]:
    """7.3.5: supplied armies of ``power``'s marker that got fewer than 2 depots this phase (« seuls des dépôts de
    la même nationalité que le marqueur d'armée peuvent être déployés »)."""
    cap = int(S.data().tables.constant("army_reinforce_depots_max"))
    armies = S.data().counters.armies
    b = st.g["budget"]
    return sorted({fid for fid, aid, _ in _armies_of(st, side, memo)
                   if armies[aid].power == power and b["army_depots"].get(aid, 0) < cap})


def _posts(st: State, power: str, side: str, memo: Memo) -> list[str]:
    """7.3.6: the forces where a general of ``power`` could be placed, before his command is checked."""
    zones = set(reinforcement_zones(st, power))
    powers = S.data().map.powers
    facts = S.unit_facts()
    own = S.side_of(st, power)
    out = []
    for fid, f in st.g["forces"].items():
        if f["side"] != own or f["in_fortress"] or f["group"] or not runs(st, side, f):
            continue  # a general leads the forces of his nation's side only (a neutral's, its own: 8.1.1)
        if f["zone"] in zones or (f["army"] and _force_supplied(st, fid, memo)) or any(
                powers[p].kind != "major" and f["zone"] in reinforcement_zones(st, p)
                for p in {facts[u].power for u in f["units"]}):
            out.append(fid)
    return out


def general_forces(st: State, gid: str, side: str, memo: Memo | None = None) -> list[str]:
    """7.3.6: where a general of the reserve may be placed, always with a combat unit: a force on a reinforcement
    zone of his nation (or of an allied minor, on its units), or a supplied army. He commands a force without a
    general (within his command, 10.1), or joins an army as a subordinate (3 at most) or takes it over when he
    outranks its general (10.2)."""
    g = S.general(gid)
    memo = Memo() if memo is None else memo
    posts = memo.posts.get((g.power, side))
    if posts is None:
        posts = memo.posts[g.power, side] = _posts(st, g.power, side, memo)
    cap = int(S.data().tables.constant("army_subordinates_max"))
    out = []
    for fid in posts:
        f = st.g["forces"][fid]
        if f["commander"] is None:
            if command.within_command(st, gid, None, f["units"]):
                out.append(fid)
        elif f["army"] and len(f["subs"]) < cap and S.general(f["commander"]).power == g.power and (
                g.rank > S.general(f["commander"]).rank or command.within_command(st, gid, f["army"], f["units"])):
            out.append(fid)  # 10.2: he takes over the army if he outranks its general, and must command it (10.1)
    return out


def deploy_general(st: State, gid: str, fid: str) -> None:
    f = S.force(st, fid)
    g = S.general(gid)
    if f["commander"] is None:
        f["commander"], f["power"] = gid, g.power
        text = f"takes command of {S.unit_name(next(iter(f['units'])))}"
    elif g.rank < S.general(f["commander"]).rank:
        f["subs"].append(f["commander"])
        f["commander"] = gid
        text = f"takes command of the {S.data().counters.armies[f['army']].name} (10.2: higher rank)"
    else:
        f["subs"].append(gid)
        text = f"joins {S.name_of(st, fid)} as a subordinate"
    st.note(f"{g.name} leaves the reserve and {text} in {S.zone_name(f['zone'])}", rule="7.3.6")


def fleet_pool(st: State, power: str) -> list[str]:
    """7.3.2: fleets of ``power`` off the map (minors' fleets are gone for good once destroyed, 7.3.3)."""
    gone = _out_for_good(st)
    return [fl.id for fl in S.data().counters.fleets_of(power)
            if fl.id not in st.g["fleets"] and fl.id not in gone and fl.id not in st.g["budget"]["withdrawn"]
            and fl.id not in away(st, "fleets")
            and fl.id not in st.g.get("corsairs", [])]  # 17.2.9: a fleet in the Corsairs box is not off the map


def fleet_ports(st: State, power: str) -> list[str]:
    """7.3.4: « Les flottes sont déployées dans des zones du territoire national comprenant un port » (held), and
    with room: « Port : ... Il peut être occupé par un maximum de 3 flottes » (glossary)."""
    ports = _national_ports(power, tuple(sorted(st.g.get("territory", {}).items())))
    return [z for z in ports if not ((c := st.g["control"].get(z)) is not None and is_enemy_of(st, power, c))
            and naval.port_has_room(st, z)]


@cache
def _national_ports(power: str, annexed: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    m = S.data().map
    return tuple(sorted(z for z in _national(power, annexed) if m.zones[z].port))


def may_transfer(st: State, giver: str, receiver: str) -> str | None:
    """7.3.1 / 8.1.2: why ``giver`` may not pass a resource point to ``receiver`` (None: it may): allied majors of
    one side at war, at most 4 received per phase, Spain to France only once 24F and 25F are played."""
    side = S.side_of(st, giver)
    if receiver == giver or side is None or S.side_of(st, receiver) != side:
        return "resources pass only between allied major powers of one side, 7.3.1"
    if S.status_of(st, giver) not in ("at_war", "allied") or S.status_of(st, receiver) not in ("at_war", "allied"):
        return "a neutral, or a power in forced peace or alliance, is no ally to transfer with, 7.3.1"
    if giver == "spain" and receiver == "france" and not all(c in flags(st) for c in SPAIN_TRANSFER_EVENTS):
        return "Spain sends France no resources until Piège de Bayonne and Blocus continental are played, 7.3.1"
    cap = int(S.data().tables.constant("resource_transfer_max"))
    if st.g["budget"]["received"].get(receiver, 0) >= cap:
        return f"a power receives at most {cap} resources a turn from all its allies, 7.3.1"
    return None


def draw_card(st: State, side: str, why: str) -> None:
    """Britain's extra card (7.3.2): the top card of the side's pile (nothing if it is empty)."""
    deck = st.g["decks"][side]
    if not deck:
        st.note(f"The {S.side_name(side)}'s pile is empty: no card for {why}", rule="7.3.2")
        return
    cid = deck.pop()
    st.g["hands"][side].append(cid)
    st.note(f"The {S.side_name(side)} draws a card ({why})", rule="7.3.2")
    st.note(f"You draw {cid} {S.data().cards.cards[cid].title}", rule="7.3.2", to=side)
    st.commit()


class Spend:
    """7.3.2: the side running a power spends its resources one item at a time, then finishes (what is left is
    lost, after any transfer)."""

    name: ClassVar[str] = "budget.spend"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        extra = " (transferred: spend them now)" if f["received"] else ""
        free = " Britain also takes a free fleet or a free card." if f["free"] else ""
        return (f"Budget of {S.data().map.powers[f['power']].name}: {_cost_text(f['purse'])} resources left{extra}. "
                f"Build, restore, create an army, place generals, or finish.{free}")

    def choices(self, st: State, f: Frame) -> list[Action]:
        power, side, purse = f["power"], f["side"], f["purse"]
        memo = Memo()
        # The first choice is the usual one (what an agent without a rule of its own takes): restore, then build
        # whole units; reduced builds, transfers and withdrawals come after "done".
        out: list[Action] = []
        later: list[Action] = []
        for uid in sorted({u for fr in st.g["forces"].values() for u in fr["units"] if S.unit(u).power == power}):
            if step_cost(uid) <= purse and restore_where(st, side, uid, memo):
                out.append(("restore", uid))
        for uid in pool(st, power):
            cost = step_cost(uid)
            if cost * loss_steps(uid) <= purse and place_zones(st, side, uid, S.unit(uid).steps, memo):
                out.append(("build", uid))
            reduced = S.unit(uid).reduced
            if reduced is not None and cost <= purse and place_zones(st, side, uid, reduced, memo):
                later.append(("build_reduced", uid))
        army_cost = S.data().tables.production["army_marker"].cost
        if army_cost <= purse and army_candidates(st, power, side, memo):
            out += [("army", a) for a in free_markers(st, power)]
        if (S.data().tables.production["depot"].cost <= purse and depots_left(st, power) > 0
                and depot_armies(st, power, side, memo)):
            out.append(("depot", "mobile"))
        if not f["received"]:
            out += [("general", g) for g in _reserve_generals(st, power) if general_forces(st, g, side, memo)]
        ports = fleet_ports(st, power)
        once = power != "britain" and power in st.g["budget"]["fleets"]  # 7.3.2: one a phase, Britain unlimited
        if ports and not once:
            fleet_cost = S.data().tables.production["fleet"].cost
            out += [("fleet", fl) for fl in fleet_pool(st, power) if fleet_cost <= purse]
            if f["free"]:
                out += [("free_fleet", fl) for fl in fleet_pool(st, power)]
        if f["free"]:
            out.append(("free_card", None))
        if power == "britain" and not f["bought"] and purse >= S.data().tables.production["extra_card"].cost:
            out.append(("buy_card", None))
        if purse >= 1 and not f["received"]:
            later += [("transfer", p) for p in ORDER if may_transfer(st, power, p) is None]
        if not f["received"]:  # 7.3.7: units, subordinate generals and fleets in port may be withdrawn
            mine = [fr for fr in st.g["forces"].values() if runs(st, side, fr)]
            later += [("remove_unit", u) for fr in mine for u in fr["units"] if S.unit(u).power == power]
            later += [("dismiss", g) for fr in mine for g in S.subordinates(fr) if S.general(g).power == power]
            later += [("relieve", fr["commander"]) for fr in mine if fr["army"] and fr["commander"]
                      and S.general(fr["commander"]).power == power]  # 10.3
            later += [("scuttle", fl) for fl, x in st.g["fleets"].items() if x["power"] == power and x["at"] == "port"]
            later += [("remove_depot", fid) for fid, fr in st.g["forces"].items() if runs(st, side, fr)
                      and power in fr["depots"]]
            later += [("remove_fixed_depot", z) for z in sorted({d["zone"] for d in st.g["fixed_depots"]
                                                                 if d["power"] == power})]
        return [*out, ("done", None), *later]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        power, side = f["power"], f["side"]
        b = st.g["budget"]
        prod = S.data().tables.production
        if verb in ("build", "build_reduced"):
            u = S.unit(arg)
            value = u.steps if verb == "build" else int(u.reduced or u.steps)
            cost = step_cost(arg) * (loss_steps(arg) if verb == "build" else 1)
            choose(st, "budget.place", uid=arg, value=value, cost=cost, side=side, pays="purse")
        elif verb == "restore":
            restore(st, f, arg, "purse", step_cost(arg))
        elif verb == "army":
            choose(st, "budget.army", marker=arg, power=power, side=side)
        elif verb == "depot":
            choose(st, "budget.depot", power=power, side=side)
        elif verb == "general":
            choose(st, "budget.general", gid=arg, side=side)
        elif verb in ("fleet", "free_fleet"):
            if verb == "fleet":
                f["purse"] -= prod["fleet"].cost
            else:
                f["free"] = None
            b["fleets"].append(power)
            choose(st, "budget.fleet", fleet=arg, power=power, side=side, free=verb == "free_fleet")
        elif verb == "free_card":
            f["free"] = None
            draw_card(st, side, "Britain's free card instead of a fleet, 7.3.2")
        elif verb == "buy_card":
            f["purse"] -= prod["extra_card"].cost
            f["bought"] = True
            draw_card(st, side, f"{_cost_text(prod['extra_card'].cost)} British resources, 7.3.2")
        elif verb == "transfer":
            f["purse"] -= 1
            b["received"][arg] = b["received"].get(arg, 0) + 1
            b["pending"][arg] = b["pending"].get(arg, 0) + 1
            st.note(f"{S.data().map.powers[power].name} transfers 1 resource to {S.data().map.powers[arg].name}",
                    rule="7.3.1")
        elif verb == "remove_unit":
            withdraw(st, side, arg)
        elif verb == "dismiss":
            force = next(x for x in st.g["forces"].values() if arg in S.subordinates(x))
            S.drop_subordinate(force, arg)
            st.g["removed"].append(arg)
            st.note(f"{S.general(arg).name} is withdrawn to the reserve (placed again next year at the earliest)",
                    rule="7.3.7")
        elif verb == "relieve":
            relieve(st, side, arg)
        elif verb in ("remove_depot", "remove_fixed_depot"):
            withdraw_depot(st, power, verb, arg)
        elif verb == "scuttle":
            del st.g["fleets"][arg]
            b["withdrawn"].append(arg)
            st.note(f"{S.data().counters.fleets[arg].name} is withdrawn from the map (rebuilt next year at the "
                    "earliest)", rule="7.3.7")
        else:
            finish(st, f)


def _reserve_generals(st: State, power: str) -> list[str]:
    gone = _out_for_good(st)
    return [g for g in cards.reserve_generals(st, power) if g not in gone]


def restore(st: State, f: Frame, uid: str, pays: str, cost: float) -> None:
    where = restore_where(st, f["side"], uid)
    assert where is not None
    fid, army = where
    force = S.force(st, fid)
    force["units"][uid] = S.unit(uid).steps
    S.refresh_group(force)
    if army is not None:
        st.g["budget"]["army_steps"][army] = st.g["budget"]["army_steps"].get(army, 0) + 1
    f[pays] -= cost
    how = f"in the {S.data().counters.armies[army].name}" if army else f"on {S.zone_name(force['zone'])}"
    st.note(f"{S.unit_name(uid)} is restored to full strength {how} ({_cost_text(cost)})",
            rule="7.3.5" if army else "7.3.2")


def withdraw(st: State, side: str, uid: str) -> None:
    """7.3.7: « Chaque joueur peut volontairement décider de retirer de la carte des unités »; back next year."""
    fid = next(i for i, x in st.g["forces"].items() if uid in x["units"])
    force = S.force(st, fid)
    S.eliminate(st, force, uid)
    st.g["budget"]["withdrawn"].append(uid)
    st.note(f"{S.unit_name(uid)} is withdrawn from the map (rebuilt next year at the earliest)", rule="7.3.7")
    S.check_force(st, fid, "7.3.7")
    if fid in st.g["forces"] and not S.force(st, fid)["commander"] and len(S.force(st, fid)["units"]) > 1:
        command.enforce_limits(st, fid)


def relieve(st: State, side: str, gid: str) -> None:
    """10.3: « Un général d'armée ne peut être démis de ses fonctions que lors de la phase de budget ou par un
    événement. Dans les deux cas, le général démis est retiré de la carte et réintègrera la réserve lors de la phase
    de budget de l'année suivante. Un général de la réserve, s'il en existe, est choisi et placé dans la zone de
    l'armée ; le général avec le rang le plus élevé parmi ceux présents dans la zone est promu à la tête de
    l'armée » (7.3.7: the side's voluntary withdrawals). The commander of an army leading its force (a group's
    second army is led from within the group: its commander is not offered); the choice of his successor is
    the event's (``cards.Replace``)."""
    fid = next(x for x, f in st.g["forces"].items() if f["commander"] == gid)
    force = S.force(st, fid)
    st.g["removed"].append(gid)
    force["commander"] = None  # until the successor is picked
    st.note(f"{S.general(gid).name} is relieved of the command of {S.data().counters.armies[force['army']].name} "
            "(back in the reserve next year)", rule="10.3")
    st.push("relieve.replace", fid=fid, side=side, power=S.general(gid).power)


def withdraw_depot(st: State, power: str, verb: str, where: str) -> None:
    """7.3.7: « des dépôts ravitaillés ou non » may be withdrawn too: a mobile depot of the power from a force, or a
    fixed depot of the power; back in the pool, placed again next year at the earliest."""
    if verb == "remove_depot":
        S.force(st, where)["depots"].remove(power)
        text = f"A mobile depot of {S.name_of(st, where)} in {S.zone_name(S.force(st, where)['zone'])}"
    else:
        S.remove_fixed_depot(st, where, power)
        text = f"The fixed depot in {S.zone_name(where)}"
    gone = st.g["budget"]["depots_withdrawn"]
    gone[power] = gone.get(power, 0) + 1
    st.note(f"{text} is withdrawn (placed again next year at the earliest)", rule="7.3.7")


def finish(st: State, f: Frame) -> None:
    name = S.data().map.powers[f["power"]].name
    if f["purse"] > 0:
        st.note(f"{name}'s {_cost_text(f['purse'])} unspent resource(s) are lost", rule="7.3.2")
    if f["free"]:
        st.note("Britain forgoes its free fleet or card", rule="7.3.2")
    st.pop()
    pending = st.g["budget"]["pending"]
    for power in [p for p in ORDER if pending.get(p)][::-1]:
        st.push("budget.spend", power=power, side=f["side"], purse=float(pending.pop(power)), free=None,
                bought=True, received=True)


class Place:
    """7.3.4: the reinforcement zone where a new unit appears."""

    name: ClassVar[str] = "budget.place"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"Choose the reinforcement zone where {S.unit_name(f['uid'])} is placed (7.3.4)."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("zone", z) for z in place_zones(st, f["side"], f["uid"], f["value"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        if f["pays"] is not None:
            st.frame[f["pays"]] -= f["cost"]
        place_unit(st, f["side"], f["uid"], f["value"], action[1], f.get("rule", "7.3.4"), f.get("verb", "is built"))


class CreateArmy:
    """7.3.5: the force that receives the new Army marker."""

    name: ClassVar[str] = "budget.army"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"Choose the force that becomes the {S.data().counters.armies[f['marker']].name} (7.3.5)."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("force", fid) for fid in army_candidates(st, f["power"], f["side"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        cost = S.data().tables.production["army_marker"].cost
        st.frame["purse"] -= cost
        S.force(st, action[1])["army"] = f["marker"]
        st.note(f"{S.name_of(st, action[1])} is created in {S.zone_name(S.force(st, action[1])['zone'])} "
                f"({_cost_text(cost)})", rule="7.3.5")


class Depot:
    """7.3.5: the supplied army that receives a new mobile depot (2 at most a phase)."""

    name: ClassVar[str] = "budget.depot"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return "Choose the army that receives the mobile depot (7.3.5)."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("force", fid) for fid in depot_armies(st, f["power"], f["side"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        cost = S.data().tables.production["depot"].cost
        st.frame["purse"] -= cost
        force = S.force(st, action[1])
        force["depots"].append(f["power"])
        army = next(a.army for a in S.armies(force) if a.army and
                    S.data().counters.armies[a.army].power == f["power"])
        b = st.g["budget"]["army_depots"]
        b[army] = b.get(army, 0) + 1
        st.note(f"A mobile depot joins {S.name_of(st, action[1])} ({_cost_text(cost)})", rule="7.3.5")


class DeployGeneral:
    """7.3.6: the force a general of the reserve joins."""

    name: ClassVar[str] = "budget.general"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"Choose the force {S.general(f['gid']).name} joins (7.3.6)."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("force", fid) for fid in general_forces(st, f["gid"], f["side"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        deploy_general(st, f["gid"], action[1])


class PlaceFleet:
    """7.3.4: the National-Territory port where a new fleet appears."""

    name: ClassVar[str] = "budget.fleet"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"Choose the port of the National Territory where {S.data().counters.fleets[f['fleet']].name} is placed."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("zone", z) for z in fleet_ports(st, f["power"])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        st.g["fleets"][f["fleet"]] = {"power": f["power"], "at": "port", "where": action[1]}
        how = f.get("why") or ("free (Britain, 7.3.2)" if f["free"] else
                               _cost_text(S.data().tables.production["fleet"].cost))
        st.note(f"{S.data().counters.fleets[f['fleet']].name} is built in {S.zone_name(action[1])} ({how})",
                rule="7.3.2")


def minor_units(st: State, side: str) -> list[str]:
    """The units of the side's allied minors with units (7.3.3)."""
    minors = set(allied_minors_with_units(st, side))
    return [u.id for u in S.data().counters.units.values() if u.power in minors]


def minor_generals(st: State, side: str, memo: Memo) -> list[Action]:
    """7.3.6: the reserve generals of the side's allied minors (Sweden, Poland) that may be placed."""
    return [("general", g) for p in allied_minors_with_units(st, side) for g in _reserve_generals(st, p)
            if general_forces(st, g, side, memo)]


class Minors:
    """7.3.3: the side spends its minors' steps on any allied minor's units, built or restored as it likes."""

    name: ClassVar[str] = "budget.minors"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"The {S.side_name(f['side'])}'s allied minors have {f['steps']} step(s) (7.3.3): build or restore "
                "their units, place their generals (7.3.6), or finish.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        side, steps = f["side"], f["steps"]
        memo = Memo()
        out: list[Action] = []
        later: list[Action] = []
        if steps < 1:
            return [*minor_generals(st, side, memo), ("done", None)]
        on_map = on_map_units(st)
        mine = minor_units(st, side)
        spare = set(_out_for_good(st)) | set(st.g["budget"]["withdrawn"]) | on_map
        out += minor_generals(st, side, memo)
        for uid in mine:
            u = S.unit(uid)
            if uid in spare or not available(st, uid):
                if uid in on_map and restore_where(st, side, uid, memo):
                    out.append(("restore", uid))
                continue
            if loss_steps(uid) <= steps and place_zones(st, side, uid, u.steps, memo):
                out.append(("build", uid))
            if u.reduced is not None and place_zones(st, side, uid, u.reduced, memo):
                later.append(("build_reduced", uid))
        return [*out, ("done", None), *later]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        if verb == "done":
            if f["steps"]:
                st.note(f"The {S.side_name(f['side'])}'s {f['steps']} unused minor step(s) are lost", rule="7.3.3")
            st.pop()
        elif verb == "restore":
            restore(st, f, arg, "steps", 1)
        elif verb == "general":
            choose(st, "budget.general", gid=arg, side=f["side"])
        else:
            u = S.unit(arg)
            value = u.steps if verb == "build" else int(u.reduced or u.steps)
            choose(st, "budget.place", uid=arg, value=value, cost=loss_steps(arg) if verb == "build" else 1,
                   side=f["side"], pays="steps")


def label(st: State, action: Action) -> str | None:
    """Menu texts of the budget's actions (None: not a budget action)."""
    verb, arg = action
    if not str(st.step).startswith("budget"):
        return None
    prod = S.data().tables.production
    if verb == "build":  # the price in resources (7.3.2), so that a purse can be planned from the menu
        return f"Build {S.unit_name(arg)} at full strength {_price(step_cost(arg) * loss_steps(arg))}"
    if verb == "build_reduced":
        return f"Build {S.unit_name(arg)} reduced {_price(step_cost(arg))}"
    if verb == "restore":
        return f"Restore {S.unit_name(arg)} to full strength {_price(step_cost(arg))}"
    if verb == "army":
        return f"Create the {S.data().counters.armies[arg].name} {_price(prod['army_marker'].cost)}"
    if verb == "depot":
        return f"Build a mobile depot for an army {_price(prod['depot'].cost)}"
    if verb == "general":
        return f"Place {S.general(arg).name} from the reserve"
    if verb == "fleet":
        return f"Build the fleet {S.data().counters.fleets[arg].name} {_price(prod['fleet'].cost)}"
    if verb == "free_fleet":
        return f"Take the fleet {S.data().counters.fleets[arg].name} free"
    if verb == "free_card":
        return "Take a free card instead of a free fleet"
    if verb == "buy_card":
        return "Buy an extra card for 4 resources"
    if verb == "transfer":
        return f"Transfer 1 resource to {S.data().map.powers[arg].name}"
    if verb == "remove_unit":
        return f"Withdraw {S.unit_name(arg)} from the map"
    if verb == "dismiss":
        return f"Withdraw {S.general(arg).name} to the reserve"
    if verb == "relieve":
        return f"Relieve {S.general(arg).name} of his army's command (a general of the reserve replaces him)"
    if verb == "scuttle":
        return f"Withdraw the fleet {S.data().counters.fleets[arg].name} from the map"
    if verb == "ally":
        return f"{S.data().map.powers[arg].name} receives the resources"
    if verb == "remove_depot":
        return f"Withdraw a mobile depot from {S.name_of(st, arg)}"
    if verb == "remove_fixed_depot":
        return f"Withdraw the fixed depot in {S.zone_name(arg)}"
    if verb == "zone":
        return f"In {S.zone_name(arg)}"
    if verb == "force":
        return f"{S.name_of(st, arg)} in {S.zone_name(S.force(st, arg)['zone'])}"
    if verb == "done" and st.step == "budget.events":
        return "Play no more budget events: on to the budgets"
    if verb == "done" and st.step == "budget.ally":
        return "No major power of the side can receive them"
    if verb == "done":
        return "Finish (what is left is lost)"
    return None


def refusal(st: State, f: Frame, action: Action) -> str:
    """Why a budget action is not offered now (for ``why``)."""
    verb, arg = action
    power = f.get("power")
    if verb in ("build", "build_reduced") and power:
        if arg not in pool(st, power):
            return (f"{S.unit_name(arg)} is not in the reserve of {power} this year (on the map, withdrawn, or not in "
                    "play), 7.3.2")
        cost = step_cost(arg) * (loss_steps(arg) if verb == "build" else 1)
        if cost > f["purse"]:
            return f"it costs {_cost_text(cost)} and {_cost_text(f['purse'])} are left, 7.3.2"
        return "no reinforcement zone can take it (capital or free fortress of the National Territory, stacking), 7.3.4"
    if verb == "restore":
        return restore_refusal(st, f["side"], arg, f.get("purse", f.get("steps", 0)), step_cost(arg))
    if verb == "transfer" and power:
        return may_transfer(st, power, arg) or "nothing is left to transfer"
    return f"it is not offered: {st.prompt}"


def restore_refusal(st: State, side: str, uid: str, purse: float, cost: float) -> str:
    """Why a unit on the map is not offered for restoring (7.3.2, 7.3.5)."""
    fid = next((i for i, x in st.g["forces"].items() if uid in x["units"]), None)
    if fid is None or S.force(st, fid)["side"] != side:
        return "it is not one of the side's units on the map"
    force = S.force(st, fid)
    if force["units"][uid] >= S.unit(uid).steps:
        return "it is at full strength"
    if cost > purse:
        return f"a step costs {_cost_text(cost)} and {_cost_text(purse)} are left, 7.3.2"
    a = next(x for x in S.armies(force) if uid in x.units)
    if a.commander and not command.within_command(st, a.commander, a.army, {**a.units, uid: S.unit(uid).steps}):
        return f"{S.general(a.commander).name} could not command the restored step, 10.1"
    if a.army is None:
        return ("it is neither on a reinforcement zone (capital or free fortress of its National Territory, 7.3.4) "
                "nor in an army, 7.3.2")
    if not _force_supplied(st, fid):
        return "its army is not supplied, and it is not on a reinforcement zone, 7.3.2"
    return "its army has had its 2 reduced units restored this phase, 7.3.5"


def place_refusal(st: State, f: Frame, zone: str) -> str:
    """Why a zone is not offered for a new unit (7.3.4, 11, 10.1)."""
    uid, side = f["uid"], f["side"]
    u = S.unit(uid)
    name = S.zone_name(zone)
    if u.special:
        return f"a special unit joins a supplied army of its nation, and none in {name} can take it, 7.3.5"
    if zone not in reinforcement_zones(st, u.power):
        return (f"{name} is no reinforcement zone of {S.data().map.powers[u.power].name}: the capital or an unbesieged "
                "fortress of the National Territory, free of enemy forces and connected by land to the capital, 7.3.4")
    here = S.outside(st, zone, side)
    if u.kind == "reserve_cavalry" and not any(S.force(st, x)["army"] for x in here):
        return "reserve cavalry is placed only into an army standing on a reinforcement zone, 7.3.4"
    if here and not S.force(st, here[0])["commander"]:
        return f"a lone unit already stands in {name}: two units without a general never share a zone, 11"
    if not S.limited_ok({uid: f["value"]}, zone):
        return "militia never leave their National Territory, 12.1"
    return f"the general in {name} could not command it, 10.1"


def explain(st: State, target: str) -> str | None:
    """``why`` at a budget step: ``target`` names a unit counter (id or name); why building or restoring it is or is
    not offered (None: not a unit)."""
    from grognard.games.nae.why import _fold

    key = _fold(target)
    uid = next((u for u in S.data().counters.units if key in (u, _fold(S.unit(u).name), _fold(S.unit_name(u)))), None)
    if uid is None:
        return None
    name = S.unit_name(uid)
    legal = st.legal_actions()
    offered = [a[0] for a in legal if a[1] == uid and a[0] in ("build", "build_reduced", "restore")]
    if offered:
        return f"{name} is one of the choices now ({', '.join(offered)})."
    f = st.frame
    if f["step"] != "budget.spend":
        return f"{name} is not asked for now: {st.prompt}"
    if S.unit(uid).power != f["power"]:
        return f"{name} is not of {S.data().map.powers[f['power']].name}, whose budget this is, 7.3.2."
    verb, done = ("restore", "restored") if uid in on_map_units(st) else ("build", "built")
    return f"{name} cannot be {done}: {refusal(st, f, (verb, uid))}."


STEPS = (Budget(), Spend(), Place(), CreateArmy(), Depot(), DeployGeneral(), PlaceFleet(), Minors(), Returning(),
         Events(), Ally())
