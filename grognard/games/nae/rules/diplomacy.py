"""8 Diplomacy of the grand campaigns: the statuses (8.1) others read, diplomatic actions (8.2), protectorates
(8.1.5), the diplomatic phase (7.4, 5.1.4), the diplomatic choices of an activation round (5.2 items 5, 7, 8) and
the political events (8.3 entities, Iberian access, War of Liberation, revolts, military reform, the Continental
Blockade, foreign wars). Foreign wars themselves are in ``foreign_wars`` (6.5), the Iberian restrictions and the
blockade's test in ``iberia`` (12.1, glossary).

State kept here (all created on first use, so the 1815 game never carries them)::

    defeats        major -> the majors that conquered it, in order (8.1.3, 8.2.3; the conquest rules' record)
    diplo_majors   side -> the year it last made a diplomatic action on a major (8.2.1: one a turn)
    diplo_round    side -> [year, round] of its last diplomatic action on a minor in an activation round (5.2: once
                   every two rounds)
    events_played  cards played as events (the ``card_played`` conditions: 24F, 25F, 20F, 22C...)
    flags          political entities created (8.3: "rhine", "westphalia", "poland", "kingdom_of_bavaria"), the
                   flags the hand-building table reads; "war_of_liberation" while Spain fights it (glossary; 22C or
                   the 1809 set-up), which the budget (7.3.1 Madrid) and the conquest (18.2.1) read
    budget_mods    [{power, value, why}] resources changes for the next budget phase (34F)
    hand_mods      [{side, value, unless}] lasting hand-size changes (35F Corsairs)
    iberia         {steps: French steps allowed into Iberia, portugal: invadable, open: all restrictions lifted}
    reforms        majors whose E units join the reserve at the next budget phase (military reform)
    vp, escalade   the victory and escalade levels (19, glossary; escalade None where its rules are off), until
                   ``victory.add_vp`` takes them over
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import battle, cards, command, forced, foreign_wars, siege, stacking, victory
from grognard.games.nae.schema.cards import (
    AtWar,
    Card,
    CardPlayed,
    ChangeStatus,
    Choice,
    ContinentalBlockade,
    Controls,
    CreateEntity,
    Defeated,
    Deploy,
    DiplomacyBonus,
    EnemyStepsIn,
    ForcedAlliance,
    GeneralOutside,
    HandSize,
    IberiaAccess,
    InPeriod,
    KingdomOfBavaria,
    MarkedMinors,
    MilitaryReform,
    NotOnMap,
    Protectorate,
    RejoinCoalition,
    Resources,
    Revolt,
    Round,
    StartForeignWar,
    Status,
    WarOfLiberation,
    Year,
)

JOINS_AS_ALLY_OF = {"empire": "france", "coalition": "britain"}  # 8.2.3: « allié de la France ou de l'Angleterre »
PATRON_ORDER = ("britain", "austria", "russia", "prussia", "spain", "turkey")  # 10.2's order of the majors
NEVER_TARGETS = ("france", "britain")  # 3.1: France has no status, Britain never becomes neutral


# 8.1 Statuses ----------------------------------------------------------------------------------------------------

def grand_campaign(st: State) -> bool:
    """The scenarios of several years (20.2, 20.3), where the diplomacy of 7.4 and 8 is played; 1815 has none."""
    h = S.data().scenarios[st.g["scenario"]].header
    return h.end_year > h.start_year


def is_major(power: str) -> bool:
    return S.data().map.powers[power].kind == "major"


def is_neutral(st: State, power: str) -> bool:
    """8.1.1: at war with nobody."""
    return S.status_of(st, power) == "neutral"


def is_protectorate(st: State, power: str) -> bool:
    """8.1.5: a minor attached to the Empire for good."""
    return S.status_of(st, power) == "protectorate"


def in_forced_peace(st: State, power: str) -> bool:
    return S.status_of(st, power) == "forced_peace"


def in_forced_alliance(st: State, power: str) -> bool:
    return S.status_of(st, power) == "forced_alliance"


def allied_with(st: State, power: str, side: str) -> bool:
    """8.1.2: the power fights on ``side`` (at war, an ally or a protectorate)."""
    return S.side_of(st, power) == side and S.status_of(st, power) in ("at_war", "allied", "protectorate")


def punishments(st: State) -> bool:
    """6.1: the Punishments period: its cards are in play (``g["periods"]``, from the scenario's at the start, until
    the escalade or a re-declaration brings them in)."""
    periods = st.g.get("periods") or S.data().scenarios[st.g["scenario"]].header.cards.periods
    return "punishments" in periods


REFORMED_BY_DEFEATS = ("austria", "prussia")  # glossary « Réforme militaire »: after their second defeat


def record_defeat(st: State, power: str, conqueror: str) -> None:
    """8.1.3: the major ``conqueror`` conquered the major ``power`` (18.2) or forced its peace (Tilsit), kept in
    ``defeats`` (power -> its conquerors in order): later diplomatic actions on it get -1 for the conqueror's side
    and +2 for the other (8.2.3). Austria and Prussia reform their armies once defeated twice (glossary « Réforme
    militaire »)."""
    defeats = st.g.setdefault("defeats", {}).setdefault(power, [])
    defeats.append(conqueror)
    if power in REFORMED_BY_DEFEATS and len(defeats) == 2:
        military_reform(st, (power,))


def defeated_by(st: State, power: str, side: str) -> bool:
    """Was ``power`` ever defeated by a major of ``side`` (France for the Empire)?"""
    return any(("empire" if c == "france" else S.side_of(st, c) or "coalition") == side
               for c in st.g.get("defeats", {}).get(power, []))


def entities(st: State) -> list[str]:
    """8.3: the political entities created so far (and "kingdom_of_bavaria"), among the game's flags."""
    out: list[str] = st.g.get("flags", [])
    return out


def events_played(st: State) -> list[str]:
    out: list[str] = st.g.get("events_played", [])
    return out


def event_was_played(st: State, cid: str) -> bool:
    return cid in events_played(st)


def name(power: str) -> str:
    return S.data().map.powers[power].name


@cache  # these read the map and counters only
def territory(power: str) -> tuple[str, ...]:
    """The zones of a power's territory (3.1), in file order."""
    return tuple(z.id for z in S.data().map.zones.values() if z.owner == power)


@cache
def has_units(power: str) -> bool:
    return any(u.power == power for u in S.data().counters.units.values())


@cache
def coastal(power: str) -> bool:
    return any(z.port for z in S.data().map.zones.values() if z.owner == power)


ENTITY_MARKERS = {"rhine": "R", "westphalia": "W"}  # 8.3.1, 8.3.2: the entities made of marked minors


@cache
def marked_members(marker: str) -> tuple[str, ...]:
    """Minors with a province marked R (8.3.1) or W (8.3.2)."""
    field = "rhine" if marker == "R" else "westphalia"
    m = S.data().map
    return tuple(sorted({p.owner for p in m.provinces.values()
                         if getattr(p, field) and m.powers[p.owner].kind == "minor"}))


def entity_member(st: State, power: str) -> bool:
    """8.3.1, 8.3.2: a minor inside a created entity is immune to diplomacy like a protectorate."""
    return any(e in entities(st) and power in marked_members(marker) for e, marker in ENTITY_MARKERS.items())


# Cards drawn and lost --------------------------------------------------------------------------------------------

def play_card_event(st: State, side: str, cid: str, why: str) -> None:
    """6.4: a card played as an event outside the round's event menu (a diplomatic action's bonus card, a
    diplomatic-phase event): shown to all, a gold star leaves the game, its escalade and VP apply (6.2)."""
    card = S.data().cards.cards[cid]
    st.g["hands"][side].remove(cid)
    (st.g["out"] if card.gold_star or card.foreign_war else st.g["discards"][side]).append(cid)
    st.note(f"The {S.side_name(side)} plays {cards.title(cid)} as an event {why}: {card.text}", rule="6.4")
    st.commit()
    cards.event_played(st, cid)


# 8.1.1 / 8.2.3 Whose ally a joining minor is ------------------------------------------------------------------------

def patron(st: State, minor: str, side: str) -> str | None:
    """8.1.1 / 8.2.3: the major a minor joining ``side`` is allied to, whose supply its units use (13.2): France or
    Britain (8.1.1: « il rejoint automatiquement le camp adverse ; ils passent sous alliance de la France ou de
    l'Angleterre »). The text is silent on a conquered Britain sitting out its forced peace, when « elle se comporte
    comme une nation neutre » (8.1.3). Decided, from 8.1.2's « alliée soit à la France soit à la Coalition »: the
    minor is then the ally of the Coalition major at war nearest to its capital (least MP over land, 12.1; equally
    near ones, or none reachable, in the order of 10.2's list of nations), the one whose armies and supply can
    reach it; with no Coalition major at war it joins as an ally of none and draws its supply from its own capital
    (13.2). It stays that major's ally when Britain rejoins the Coalition (8.1.2: « Un pays mineur une fois allié
    ne peut jamais revenir à la neutralité »). The order is ``PATRON_ORDER``."""
    first = JOINS_AS_ALLY_OF[side]
    if S.side_of(st, first) == side:
        return first
    from grognard.games.nae.rules import conquest, peace

    majors = [p for p in PATRON_ORDER if p in conquest.at_war_majors(st, side)]
    if not majors:
        return None
    m = S.data().map
    start = m.powers[minor].capital or territory(minor)[0]
    dist = peace.distances(start)
    near = {p: min((d for z, d in dist.items() if conquest.territory_of(st, z) == p), default=10**6) for p in majors}
    return min(majors, key=lambda p: (near[p], majors.index(p)))


# 8.2.3 Joining a side --------------------------------------------------------------------------------------------

def join(st: State, power: str, side: str, rule: str) -> None:
    """8.2.3 / 8.1.1: ``power`` joins ``side``: a major goes to war with its minor allies, a minor becomes an ally of
    France or Britain; minors deploy their units, a French ally changing sides breaks off (8.2.3), and the side draws
    a card for each card-granting key zone of the newcomers."""
    g = st.g
    before = g["sides"].get(power)
    protectorate = g["status"].get(power) == "protectorate"
    victor = forced.conqueror_side(st, power)  # 8.1.4: a forced alliance (or peace) broken by the event
    followers = [m for m, a in sorted(g["ally_of"].items()) if a == power and S.status_of(st, m) == "allied"]
    g["forced"].pop(power, None)
    if is_major(power):
        g["status"][power] = "at_war"
        S.set_side(st, power, side)
        S.set_ally_of(st, power, None)
        minors = [m for m in followers if g["sides"].get(m) != side]
    else:
        g["status"][power] = "allied"
        S.set_side(st, power, side)
        S.set_ally_of(st, power, patron(st, power, side))
        minors = [power]
    for m in minors:
        S.set_side(st, m, side)
    others = [name(m) for m in minors if m != power]
    st.note(f"{name(power)} joins the {S.side_name(side)}" + (f" with {', '.join(others)}" if others else ""),
            rule=rule)
    if before == S.other(side):
        break_off(st, power, side)
    if protectorate and side == "coalition" and S.grand_campaign(st):
        # 19.1: a protectorate's point goes with it (« ce qui fait perdre à la France ce point de victoire tant
        # qu'elle n'aura pas [...] réinstauré le protectorat »), taken by an event (8.1.5 « SAUF évènement ») as by
        # a conquest (``conquest.conquer_minor``)
        victory.apply_vp_event(st, "protectorate_lost", f"{name(power)} is no longer a French protectorate")
    joined = {power, *minors}
    taken = set(g.get("expeditions", []))  # 40F: the units the Empire controls stay its own (37C alone frees them)
    entering = []
    for fid, f in list(g["forces"].items()):  # 8.2.3: a major's forces on the map enter the war with it
        if f["power"] in joined and all(S.unit(u).power in joined for u in f["units"]) and f["side"] != side \
                and not set(f["units"]) <= taken:
            S.set_force_side(st, fid, side)
            entering.append(fid)
    if victor is not None and victor != side:
        forced.part(st, power, victor)
    for fid in entering:  # 11: one force of a side in a zone (a neutral Prussian corps beside a Russian force in
        if fid in g["forces"]:  # Warsaw joined the Coalition, 1809 heuristic seed 17)
            stacking.consolidate(st, fid)
    flags = entities(st)
    n = sum(S.data().tables.cards_on_joining(p, side, flags) for p in [power, *[m for m in minors if m != power]])
    if n:
        cards.draw(st, side, n, "8.2.3", f"key zones of {name(power)}")
    for m in reversed(minors):
        deploy_minor(st, side, m)
    # 15.3: no side besieges a fortress of its own (its besieger changed sides, or it did); 15.2-15.3: a force left
    # outside a fortress its old ally now holds lays siege at once, or withdraws if too weak to (Holland joining the
    # Coalition in the diplomatic phase left a French-led Danish corps outside Dutch Amsterdam into the next round)
    siege.enforce_sieges(st)
    ports_follow(st)
    dissolve_entities(st)  # 8.3.1 / 8.3.2: its last member joining the Coalition


def ports_follow(st: State) -> None:
    """17.2.1 / 17.2.6: after a change of sides the ports follow their powers. Fleets in a port now the enemy's
    leave it as from a captured port (17.2.1); fleets in the blockade box of a port now their own blockade it no
    more (17.2.6, ``naval.blockade_ends``). A neutral's port keeps what the set-up put there (20.2: Villeneuve in
    Cadiz)."""
    from grognard.games.nae.rules import naval

    fleets = st.g["fleets"]
    for zone in sorted({x["where"] for x in fleets.values() if x["at"] == "port"
                        and S.controller(st, x["where"]) not in (None, S.side_of(st, x["power"]))}):
        naval.port_taken(st, zone)
    for port in sorted({x["where"] for x in fleets.values() if x["at"] == "blockade"}):
        naval.blockade_ends(st, port)
    # 17.2.2: « Une escadre ne peut jamais excéder 3 flottes »: a squadron at sea grown past 3 by a power joining its
    # side loses the excess, the owner's choice, as at the end of a move (a Spanish fleet beside three British ones)
    at_sea = {(side, x["where"]) for x in fleets.values() if x["at"] == "sea"
              and (side := S.side_of(st, x["power"])) is not None}
    for side, sea in sorted(at_sea):
        naval.end_move(st, side, "sea", sea)


def _on_map(st: State, uid: str) -> bool:
    return any(uid in f["units"] for f in st.g["forces"].values())


def deploy_minor(st: State, side: str, power: str) -> None:
    """7.1 / 7.3.3 / 8.2.3: a minor entering the war, by a declaration of war or by diplomacy, deploys at once every
    unit it has off the map « dans n'importe quelle zone de leur territoire ; toutes les unités du mineur sont
    disponibles sauf celles disposant d'une marque spéciale comme « E », « V », « 2P » » (8.2.3; 7.3.3: « toutes ses
    unités sont déployées sur la carte dès qu'il est attaqué »). The side places them one by one."""
    aside = st.g.get("set_aside", [])
    units = [u.id for u in S.data().counters.units.values()
             if u.power == power and not u.marks and not _on_map(st, u.id) and u.id not in aside]
    if units:
        st.push("diplomacy.deploy.start", side=side, power=power, units=units)


def deploy_options(st: State, side: str, power: str, uid: str) -> list[str]:
    """8.2.3: a zone of the minor's territory, free of enemy forces and neither held by the enemy nor by a power at
    peace (12.1), alone or joining a force there within command (11)."""
    out = []
    for zone in territory(power):
        if S.forces_in(st, zone, S.other(side)) or S.controller(st, zone) == S.other(side) or \
                forced.closed_ground(st, zone, side):
            continue  # 12.1: « Il est interdit de pénétrer dans une zone d'un pays neutre » (Finland held by Russia)
        here = S.forces_in(st, zone, side)
        if not here:
            out.append(zone)
        elif len(here) == 1:
            f = S.force(st, here[0])
            if f["commander"] and not f["in_fortress"] and command.within_command(
                    st, f["commander"], f["army"], {**f["units"], uid: S.unit(uid).steps}):
                out.append(zone)
    return out


def break_off(st: State, power: str, side: str) -> None:
    """8.2.3: a minor allied to France goes over to the Coalition. Its units stacked with French units outside its
    territory go to the nearest Coalition zone within their MF, or are destroyed; inside its territory each side
    loses one step, and the minor's survivors part as those outside do if French units still stand there (11); its
    fortresses go back to it unless a French unit alone holds the zone."""
    g = st.g
    own = set(territory(power))
    for fid in sorted(g["forces"]):
        f = g["forces"].get(fid)
        if f is None:
            continue
        mine = [u for u in f["units"] if S.unit(u).power == power]
        if not mine or f["side"] == side:
            continue  # a force of the new side has taken its units in already (below): they stay
        if len(mine) == len(f["units"]) and (not f["commander"] or S.general(f["commander"]).power == power):
            S.set_force_side(st, fid, side)
            continue
        values = {u: f["units"][u] for u in mine}
        for u in mine:
            del f["units"][u]
            if f["group"] and u in f["group"]["units"]:
                f["group"]["units"].remove(u)
        zone = f["zone"]
        if zone in own:
            lost = sorted(values)[0]
            # the French step comes off a combat unit, a special unit only if none is left, none if nothing is
            french = sorted(f["units"], key=lambda u: (S.unit_facts()[u].special, u))[:1]
            st.note(f"{S.unit_name(lost)}{''.join(f' and {S.unit_name(x)}' for x in french)} each lose a step as "
                    f"they part in {S.zone_name(zone)}", rule="8.2.3")
            for x in french:
                S.lose_step(st, fid, x)
            S.check_force(st, fid, "8.2.3")
            u = S.unit(lost)
            if values[lost] == u.steps and u.reduced is not None:
                values[lost] = u.reduced
            else:
                del values[lost]
                g["reserve"]["units"].append(lost)
            if not values:
                continue
            french = g["forces"].get(fid)
            if french is None or zone in g["fortresses"]:
                # 11: the two sides share a zone only across a fortress wall: the minor's units hold its fortress,
                # which « revien[t] à [son] propriétaire d'origine sauf si une unité française occupe seule la zone »
                # (or stand outside the French holding it)
                inside = french is not None and not french["in_fortress"]
                S.set_in_fortress(st, S.new_force(st, side, power, zone, units=values), inside)
                continue
            # no fortress of its own to hold there: they part as those outside its territory do (below)
        S.check_force(st, fid, "8.2.3")
        _part_for_nearest(st, values, zone, side, power)
    for zone in sorted(own):
        if zone not in g["control"]:
            continue
        french_alone = S.forces_in(st, zone) and not S.forces_in(st, zone, side)
        S.set_control(st, zone, "france" if french_alone else power)


def _part_for_nearest(st: State, values: dict[str, int], zone: str, side: str, power: str) -> None:
    """8.2.3: « doivent tenter de rejoindre la zone coalisée la plus proche dans le rayon de son facteur de mouvement ;
    s'il n'en existe pas, elles sont détruites »."""
    g = st.g
    dest = nearest_zone(st, zone, side, min(S.unit(u).mf for u in values))
    if dest is None:
        g["reserve"]["units"] += sorted(values)
        st.note(f"{', '.join(S.unit_name(u) for u in sorted(values))} find(s) no zone of the {S.side_name(side)} "
                f"within reach of {S.zone_name(zone)} and are destroyed", rule="8.2.3")
        return
    joined = S.new_force(st, side, power, dest, units=values)
    st.note(f"{', '.join(S.unit_name(u) for u in sorted(values))} leave(s) the French in "
            f"{S.zone_name(zone)} for {S.zone_name(dest)}", rule="8.2.3")
    # 11: « Il ne peut y avoir qu'une seule force d'un même camp dans une zone à l'issue d'un round
    # d'activation »: they join the side's force already there
    stacking.consolidate(st, joined, garrisons=False)


def nearest_zone(st: State, start: str, side: str, mf: int) -> str | None:
    """The nearest zone (fewest MP, then file order) controlled by ``side`` within ``mf`` MP of ``start`` (12.1
    costs), crossing no zone the enemy holds; not one where enemy forces stand outside the fortress (a besieged
    zone: 11, the two sides share a zone only across a fortress wall)."""
    m = S.data().map
    order = {z: i for i, z in enumerate(m.zones)}
    seen: dict[str, int] = {start: 0}
    heap = [(0, order[start], start)]
    best: tuple[int, int, str] | None = None
    while heap:
        cost, i, zone = heapq.heappop(heap)
        if cost > seen.get(zone, cost):
            continue
        if zone != start and S.controller(st, zone) == side and not S.outside(st, zone, S.other(side)):
            if best is None or (cost, i) < best[:2]:
                best = (cost, i, zone)
            continue
        for nxt in m.neighbours(zone):
            step = m.enter_cost(zone, nxt)
            if step is None or S.controller(st, nxt) == S.other(side) or S.is_neutral_ground(st, nxt):
                continue
            c = cost + step
            if c <= mf and c < seen.get(nxt, mf + 1):
                seen[nxt] = c
                heapq.heappush(heap, (c, order[nxt], nxt))
    return best[2] if best else None


class DeployStart:
    """Drops the units with no zone to enter before the first question (8.2.3)."""

    name: ClassVar[str] = "diplomacy.deploy.start"

    def run(self, st: State, f: Frame) -> None:
        st.replace("diplomacy.deploy", **{k: v for k, v in f.items() if k != "step"})
        skip_undeployable(st, st.frame)


def skip_undeployable(st: State, f: Frame) -> None:
    while f["units"] and not deploy_options(st, f["side"], f["power"], f["units"][0]):
        st.note(f"{S.unit_name(f['units'].pop(0))} finds no zone to deploy in and stays out", rule="8.2.3")
    if not f["units"]:
        st.pop()


class DeployUnits:
    """8.2.3: the side places each unit of a minor entering the war in a zone of its territory."""

    name: ClassVar[str] = "diplomacy.deploy"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{name(f['power'])} enters the war: choose where {S.unit_name(f['units'][0])} deploys."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("zone", z) for z in deploy_options(st, f["side"], f["power"], f["units"][0])]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        uid, zone = f["units"].pop(0), action[1]
        u = S.unit(uid)
        here = S.forces_in(st, zone, f["side"])
        if here:
            S.force(st, here[0])["units"][uid] = u.steps
        else:
            S.new_force(st, f["side"], u.power, zone, units={uid: u.steps})
        if uid in st.g["reserve"]["units"]:
            st.g["reserve"]["units"].remove(uid)
        st.note(f"{S.unit_name(uid)} deploys in {S.zone_name(zone)}", rule="8.2.3")
        skip_undeployable(st, f)


# 8.2 Diplomatic actions ------------------------------------------------------------------------------------------

def min_value(target: str) -> int:
    """8.2.3: the card's value needed: 3 on a major, 2 on a minor with units, 1 on a minor without."""
    t = S.data().tables
    if is_major(target):
        return int(t.constant("diplomacy_card_major"))
    return int(t.constant("diplomacy_card_minor_with_units" if has_units(target) else
                          "diplomacy_card_minor_without_units"))


def bonus_effect(st: State, side: str, cid: str, target: str, phase: str) -> DiplomacyBonus | None:
    """The diplomatic bonus the card gives on ``target`` when played as its event in ``phase`` (8.2.3), if any."""
    card = S.data().cards.cards[cid]
    if phase not in card.phases or not requires_hold(st, side, card):
        return None
    return _target_bonus(card, target)


def _target_bonus(card: Card, target: str) -> DiplomacyBonus | None:
    """The diplomatic bonus of ``card`` on ``target``, its phase and conditions aside (``bonus_effect``)."""
    for e in card.effects("event"):
        if not isinstance(e, DiplomacyBonus) or (e.targets and target not in e.targets):
            continue
        kind_ok = {"any": True, "major": is_major(target), "minor": not is_major(target),
                   "coastal_minor": not is_major(target) and coastal(target)}[e.target_kind]
        if kind_ok:
            return e
    return None


def eligible(st: State, side: str, target: str, phase: str, ignore_protectorate: bool = False) -> bool:
    """8.2.1 / 8.2.2: may ``side`` make a diplomatic action on ``target`` in ``phase``?"""
    g = st.g
    if target in NEVER_TARGETS or target not in S.data().tables.diplomacy or g["status"].get(target) in (
            None, "not_in_play"):
        return False
    status = S.status_of(st, target)
    if is_major(target):  # 8.2.1: a neutral major, in the diplomatic phase, one a turn
        return (phase == "diplomacy" and status == "neutral"
                and g.get("diplo_majors", {}).get(side) != g["year"])
    if status == "neutral":
        return True
    if side != "coalition" or g["sides"].get(target) != "empire":
        return False  # 8.2.2: never a Coalition ally
    if (status == "protectorate" or entity_member(st, target)) and not ignore_protectorate:
        return False
    if punishments(st):
        return True
    # 8.2.2 « ne contenant pas au moins un pas de combat de son camp » during the Epic period
    zones = set(territory(target))
    return not any(f["side"] == "empire" and f["zone"] in zones and S.combat_value(f) > 0
                   for f in g["forces"].values())


def card_targets(st: State, side: str, cid: str, phase: str) -> list[str]:
    """The targets ``side`` may make a diplomatic action on with card ``cid`` in ``phase`` (8.2.3 card value, or an
    event allowing a lower one: Intrigues)."""
    value = cards.ap_value(st, cid)
    card = S.data().cards.cards[cid]
    bonuses = phase in card.phases and requires_hold(st, side, card)  # as ``bonus_effect``: the same for every target
    out = []
    for target in S.data().tables.diplomacy:
        bonus = _target_bonus(card, target) if bonuses else None
        if not eligible(st, side, target, phase, ignore_protectorate=bool(bonus and bonus.ignore_protectorate)):
            continue
        if value >= min_value(target) or (bonus and bonus.min_value_override):
            out.append(target)
    return out


def action_mods(st: State, side: str, cid: str | None, target: str, phase: str) -> list[tuple[str, int]]:
    """8.2.3: the modifiers of a diplomatic roll on ``target`` with card ``cid``."""
    t = S.data().tables
    test = t.test("diplomacy")
    mods = [("diplomacy table", t.diplomacy_bonus(side, target))]  # type: ignore[arg-type]
    bonus = bonus_effect(st, side, cid, target, phase) if cid else None
    if bonus and cid:
        mods.append((S.data().cards.cards[cid].title, bonus.value))
    if defeated_by(st, target, S.other(side)):
        mods.append((f"{name(target)} defeated by the {S.side_name(S.other(side))}",
                     test.modifier("defeated_by_opponent")))
    if defeated_by(st, target, side):
        mods.append((f"{name(target)} defeated by the {S.side_name(side)}", test.modifier("defeated_by_self")))
    return mods


def success_chance(st: State, side: str, cid: str, target: str, phase: str) -> float:
    """The chance that a diplomatic action succeeds (what the computer players weigh)."""
    test = S.data().tables.test("diplomacy")
    mod = sum(v for _, v in action_mods(st, side, cid, target, phase))
    return sum(1 for d in range(1, 7) if test.passes(d + mod)) / 6


def diplomatic_action(st: State, side: str, cid: str, target: str, phase: str) -> None:
    """8.2.3: play the card (as its event when it gives a bonus on the target), roll 1d6 + the table's bonus + the
    card's + 2 on a major the other side defeated - 1 on one this side defeated; 6+ and the target joins."""
    t = S.data().tables
    bonus = bonus_effect(st, side, cid, target, phase)
    why = f"for a diplomatic action on {name(target)}"
    if bonus:
        play_card_event(st, side, cid, why)
    else:
        cards.discard(st, side, cid, why)
    if is_major(target):
        st.g.setdefault("diplo_majors", {})[side] = st.g["year"]
    test = t.test("diplomacy")
    mods = action_mods(st, side, cid, target, phase)
    joins = f"{name(target)} joins the {S.side_name(side)}"
    r = st.roll(1, rule="8.2.3", why=f"The {S.side_name(side)}'s diplomatic action on {name(target)}",
                mods=mods, table=lambda x: (joins, True) if test.passes(x) else ("no effect", False))
    if r.result:
        join(st, target, side, "8.2.3")


# 8.1.5 Protectorates ---------------------------------------------------------------------------------------------

def protectorate_candidates(st: State) -> list[str]:
    """8.1.5: the Empire's allied minors that may become protectorates."""
    return [p.id for p in S.data().map.powers.values() if p.protectorate and st.g["status"].get(p.id) == "allied"
            and st.g["sides"].get(p.id) == "empire"]


PROTECTORATE_MIN_VALUE = 2  # 8.1.5 « une carte de valeur 2 minimum »


def establish_protectorate(st: State, power: str, rule: str) -> None:
    st.g["status"][power] = "protectorate"
    st.note(f"{name(power)} becomes a French protectorate", rule=rule)
    victory.apply_vp_event(st, "protectorate_established", f"{name(power)} a protectorate")


# Events of the diplomatic phase ----------------------------------------------------------------------------------

def status_is(st: State, power: str, wanted: str) -> bool:
    """A card's ``status`` condition: "empire"/"coalition" = an ally or belligerent of that side (not a
    protectorate), else the status itself."""
    if wanted in S.SIDES:
        return S.side_of(st, power) == wanted and S.status_of(st, power) in ("at_war", "allied")
    return S.status_of(st, power) == wanted


def _marked(st: State, c: MarkedMinors) -> int:
    """8.3.1 "R" minors allied to the Empire; 8.3.2 "W" provinces « contrôlées par l'Empire (alliée ou appartenir
    au territoire nationale français) »: a province counts with the power that annexed it (18.2.2, 1809: Hanovre and
    Magdebourg are French), else with its own."""
    if c.marker == "R":
        return sum(1 for p in marked_members("R") if allied_with(st, p, "empire"))
    annexed = st.g.get("territory", {})
    return sum(1 for p in S.data().map.provinces.values()
               if p.westphalia and S.side_of(st, annexed.get(p.id, p.owner)) == "empire")


def enemy_steps_in(st: State, side: str, power: str) -> int:
    """2C: the combat steps of ``side``'s enemy standing in ``power``'s National Territory."""
    zones = set(territory(power))
    return sum(v for f in st.g["forces"].values() if f["side"] == S.other(side) and f["zone"] in zones
               for u, v in f["units"].items() if not S.unit(u).special)


POLITICAL_CHECKS: dict[type, Callable[[State, str, Any], bool]] = {
    AtWar: lambda st, side, c: S.side_of(st, c.power) == S.other(side),
    Defeated: lambda st, side, c: all(defeated_by(st, p, "empire") for p in c.powers),
    CardPlayed: lambda st, side, c: all(event_was_played(st, x) for x in c.cards),
    MarkedMinors: lambda st, side, c: _marked(st, c) >= c.min,
    Controls: lambda st, side, c: all(S.controller(st, z) == side for z in c.zones),
    Status: lambda st, side, c: any(status_is(st, c.power, s) for s in c.statuses),
    KingdomOfBavaria: lambda st, side, c: "kingdom_of_bavaria" in entities(st),
    ForcedAlliance: lambda st, side, c: any(in_forced_alliance(st, p) for p in c.powers),
    InPeriod: lambda st, side, c: punishments(st) == (c.period == "punishments"),
    NotOnMap: lambda st, side, c: not any(_on_map(st, u) for u in c.units),
    Year: lambda st, side, c: st.g["year"] >= c.min,
    Round: lambda st, side, c: st.g["round"] in c.rounds,
    EnemyStepsIn: lambda st, side, c: enemy_steps_in(st, side, c.power) >= c.min,
    GeneralOutside: lambda st, side, c: any(
        c.general in S.generals_of(f) and S.data().map.zones[f["zone"]].owner != c.power
        for f in st.g["forces"].values()),
}
"""The conditions a card played outside a battle reads (the others, of battles, never hold there)."""


def cond_holds(st: State, side: str, c: Any) -> bool:
    """One condition of a card played by ``side`` outside a battle; conditions of battles never hold here."""
    check = POLITICAL_CHECKS.get(type(c))
    return bool(check and check(st, side, c))


def requires_hold(st: State, side: str, card: Card) -> bool:
    """The card's conditions to be played as an event."""
    return all(cond_holds(st, side, c) for c in card.requires)


HANDLED = (StartForeignWar, Resources, Protectorate, ChangeStatus, RejoinCoalition, MilitaryReform, WarOfLiberation,
           IberiaAccess, CreateEntity, Revolt, HandSize, ContinentalBlockade, Deploy)


def event_playable(st: State, side: str, cid: str, phase: str) -> bool:
    """A political event this module plays in ``phase`` (the diplomatic phase, or an activation round for the
    events the round's own menu does not know)."""
    card = S.data().cards.cards[cid]
    effects = [e for e in card.effects("event") if all(cond_holds(st, side, c) for c in e.requires)]
    if phase not in card.phases or not effects or not requires_hold(st, side, card):
        return False
    if any(isinstance(e, Choice) or not isinstance(e, HANDLED) for e in effects):
        return False
    if card.foreign_war and not foreign_wars.may_start_foreign_war(st):
        return False
    for e in effects:
        if isinstance(e, CreateEntity) and e.entity in entities(st):
            return False
        if isinstance(e, Deploy) and (e.where != "zone" or (e.when == "now" and S.forces_in(st, str(e.zone),
                                                                                            S.other(side)))):
            return False  # units entering at once need their zone free of the enemy
        if isinstance(e, Revolt) and not revolt_room(st, e):
            return False
        if isinstance(e, Protectorate) and not all(m in protectorate_candidates(st) for m in e.minors):
            return False
    return True


def play_event(st: State, side: str, cid: str) -> None:
    """Play a political event: each of its effects in order."""
    card = S.data().cards.cards[cid]
    play_card_event(st, side, cid, "")
    rule = "6.4"
    for e in card.effects("event"):
        if not all(cond_holds(st, side, c) for c in e.requires):
            continue
        if isinstance(e, StartForeignWar):
            foreign_wars.start_foreign_war(st, card)
        elif isinstance(e, Resources):
            st.g.setdefault("budget_mods", []).append({"power": e.power, "value": e.value, "why": card.title})
            st.note(f"{name(e.power)}: {e.value:+d} resources at the next budget phase", rule=rule)
        elif isinstance(e, Protectorate):
            for m in e.minors:
                establish_protectorate(st, m, "8.1.5")
        elif isinstance(e, ChangeStatus):
            change_status(st, e.power, e.status)
        elif isinstance(e, RejoinCoalition):
            change_status(st, e.power, "coalition")
        elif isinstance(e, MilitaryReform):
            military_reform(st, e.powers)
        elif isinstance(e, WarOfLiberation):
            war_of_liberation(st)
        elif isinstance(e, IberiaAccess):
            iberia = st.g.setdefault("iberia", {"steps": 0, "portugal": False, "open": False})
            iberia["steps"] += e.steps
            iberia["portugal"] = iberia["portugal"] or e.portugal
            st.note(f"The Empire may send {iberia['steps']} French steps into the Iberian peninsula"
                    + ("; Portugal may be invaded" if iberia["portugal"] else ""), rule="12.1")
        elif isinstance(e, CreateEntity):
            create_entity(st, e.entity)
        elif isinstance(e, Deploy):
            deploy(st, side, e, card.title)
        elif isinstance(e, Revolt):
            revolt(st, e)
        elif isinstance(e, ContinentalBlockade):
            st.g["blockade"] = cid
            st.note("The Continental Blockade is declared: +1 VP at each budget phase while it is in place",
                    rule="8")
        elif isinstance(e, HandSize):
            cards.add_hand_mod(st, side if e.side == "own" else S.other(side), e)


def change_status(st: State, power: str, status: str) -> None:
    """An event changes a power's status (8.1: « sauf événement »): it joins a side, or returns to neutrality."""
    if status in S.SIDES:
        join(st, power, status, "8.1")
        return
    st.g["status"][power] = "neutral"
    S.set_side(st, power, None)
    st.g["forced"].pop(power, None)
    if power == "spain":
        end_war_of_liberation(st)
    st.note(f"{name(power)} becomes neutral", rule="8.1.1")
    stand_down(st, power)
    leave_neutral_ground(st, power)
    dissolve_entities(st)  # 8.3.1 / 8.3.2: a member neutral again composes it no more


def stand_down(st: State, power: str) -> None:
    """8.1.1: the forces of a power made neutral by an event are at war with nobody (side None) and stay on its
    territory; those abroad go home to its nearest key zone, as a conquered power's forces do (18.2.3: « ses unités
    hors de son territoire national sont replacées dans ses zones clés »), and its fleets abroad to its ports. Its
    units in another nation's force, and other nations' units in its forces, leave them (as 18.2.2 parts a minor's
    units from a force of another nation): a neutral's militia never follows a belligerent's army out of its
    territory."""
    from grognard.games.nae.rules import conquest, peace

    for fid in sorted(st.g["forces"]):
        f = st.g["forces"].get(fid)
        if f is None or f["side"] is None:
            continue
        mine = f["power"] == power
        for uid in [u for u in f["units"] if (S.unit(u).power == power) != mine]:
            S.eliminate(st, f, uid)
        S.check_force(st, fid, "8.1.1")
        if not mine or fid not in st.g["forces"]:
            continue
        S.set_force_side(st, fid, None)
        for z, fort in st.g["fortresses"].items():
            if fort["besieger"] == fid:
                S.set_fortress(st, z, besieger=None, siege=None)
    # then those abroad go home, where every force of the power is at war with nobody already, so that one coming
    # home joins the one standing there (11; 53F: La Romana's force came to Madrid beside Palafox's, 1809 seed 5)
    for fid in sorted(fid for fid, f in st.g["forces"].items() if f["side"] is None and f["power"] == power
                      and conquest.territory_of(st, f["zone"]) != power):
        if fid not in st.g["forces"]:
            continue  # taken in by a force redeployed before it (11)
        dist = peace.distances(S.force(st, fid)["zone"])
        keys = sorted((dist.get(z, 10**6), z) for z in conquest.key_zones(power))
        peace.move_force(st, fid, keys[0][1], "8.1.1")
    # its fleets abroad sail home too, as a conquered power's are repositioned in its ports (18.2.3), to the first
    # with room (17.2.2): a neutral's fleet may not lie in a belligerent's port (a Spanish fleet in Hamburg after
    # 53F Valençay, 1805 heuristic seed 17)
    for fleet in peace.fleets_abroad(st, power):
        ports = peace.port_room(st, power)
        if ports:
            peace.fleet_home(st, fleet, ports[0], "8.1.1")


def leave_neutral_ground(st: State, power: str) -> None:
    """12.1: « Il est interdit de pénétrer dans le territoire d'une puissance neutre »: a power made neutral by an
    event (53F Valençay: the French left Spain) sees every side's force on its territory redeployed, without
    attrition, to the nearest fortress its side holds outside it, as the former belligerents of 18.2.3 are (the
    first of the equally near; destroyed if there is none)."""
    from grognard.games.nae.rules import conquest, peace

    for fid in sorted(fid for fid, f in st.g["forces"].items() if f["side"] is not None
                      and conquest.territory_of(st, f["zone"]) == power):
        if fid not in st.g["forces"]:
            continue  # taken in by a force redeployed before it (11)
        zones = peace.nearest_fortresses(st, fid, power)
        if zones:
            peace.move_force(st, fid, zones[0], "12.1")
        else:
            S.remove_force(st, fid, "12.1", f"{S.name_of(st, fid)} has no fortress of its side to go to: destroyed")


def military_reform(st: State, powers: tuple[str, ...]) -> None:
    """Glossary « Réforme militaire »: the power's E units join the reserve of units to build at the next budget."""
    reforms = st.g.setdefault("reforms", [])
    for p in powers:
        if p not in reforms:
            reforms.append(p)
            st.note(f"{name(p)} reforms its army: its E units join the reserve at the next budget phase",
                    rule="7.3")


LIBERATION = "war_of_liberation"  # the flag (``g["flags"]``) Spain carries while it fights its War of Liberation


def in_war_of_liberation(st: State) -> bool:
    """Glossary « Guerre de Libération »: Spain is fighting it (22C played, or the 1809 set-up, 20.3)."""
    return LIBERATION in st.g.get("flags", ())  # (a one-year 1815 board has no flags)


def end_war_of_liberation(st: State) -> None:
    if in_war_of_liberation(st):
        st.g["flags"].remove(LIBERATION)


def war_of_liberation(st: State) -> None:
    """Glossary « Guerre de Libération » (22C Dos de Mayo): Spain rises and joins the Coalition; every Iberian
    restriction is lifted (12.1)."""
    if not in_war_of_liberation(st):
        st.g.setdefault("flags", []).append(LIBERATION)
    st.g.setdefault("iberia", {"steps": 0, "portugal": True, "open": True}).update(portugal=True, open=True)
    join(st, "spain", "coalition", "8.1")


ENTITY_RULES = {"rhine": "8.3.1", "westphalia": "8.3.2", "poland": "8.3.5"}


def create_entity(st: State, entity: str) -> None:
    """8.3: the Empire creates a political entity (20F the Confederation of the Rhine, 45F Westphalia, 22F Poland),
    a minor protectorate with its capital; its members become immune to diplomacy (8.3.1, 8.3.2) and Warsaw stops
    being a Prussian key zone (8.3.5). Its victory points and escalade are its card's."""
    st.g.setdefault("flags", []).append(entity)
    st.g["status"][entity] = "protectorate"
    S.set_side(st, entity, "empire")
    S.set_ally_of(st, entity, "france")
    power = S.data().map.powers[entity]
    st.note(f"{power.name} is created (capital {S.zone_name(str(power.capital))}), a French protectorate",
            rule=ENTITY_RULES.get(entity, "8.3"))


def dissolve_entities(st: State) -> None:
    """8.3.1 / 8.3.2: « La Confédération disparaît définitivement lorsque tous les mineurs la composants sont
    conquis ou alliés à la coalition » (the same sentence for Westphalia). Read: an entity stands while one of the
    minors marked R (W) fights for the Empire; a marked minor neutral, conquered by or allied to the Coalition, or
    integrated into a major's territory, composes it no more. The text does not say what « disparaît » takes with
    it; decided, the plain reading: the entity leaves play as a minor integrated at a peace does (18.2.2, status
    not in play): its units leave the map for good (never built again, 7.3.3 counts only minors in play), its card
    (8.3.1's extra card) and its members' immunity to diplomacy (``entity_member``) go with its flag, and the
    Empire loses the victory points its creation gave, as a lost protectorate does (19.1's Naples example;
    ``vp_event`` ``<entity>_gone``); the escalade, the war's measure, stays. Its capital and zones are its members'
    own territory, which keep their own statuses; the cards that created it stay played (45F still counts for 19.3's
    end victory, which reads the card)."""
    for entity, marker in ENTITY_MARKERS.items():
        if entity not in entities(st) or any(S.side_of(st, p) == "empire" for p in marked_members(marker)):
            continue
        g = st.g
        g["flags"].remove(entity)
        g["status"][entity] = "not_in_play"
        S.set_side(st, entity, None)
        S.set_ally_of(st, entity, None)
        st.note(f"{name(entity)} disappears: none of its members fights for the Empire any more; its units leave "
                "the game", rule=ENTITY_RULES[entity])
        for fid in sorted(g["forces"]):
            f = g["forces"][fid]
            for uid in [u for u in f["units"] if S.unit(u).power == entity]:
                S.eliminate(st, f, uid)
            S.check_force(st, fid, ENTITY_RULES[entity])
        victory.apply_vp_event(st, f"{entity}_gone", f"{name(entity)} has disappeared")
        siege.refresh_sieges(st)  # 15.3: a besieger that lost its entity's corps may be too weak


def deploy(st: State, side: str, e: Deploy, why: str) -> None:
    """Units and generals a card brings into a named zone: at once (45F: the Westphalian corps and Jérôme at Kassel)
    or at the next budget phase (22F: Poniatowski and the 1st Polish corps at Warsaw), kept in ``budget_deploys``."""
    zone = str(e.zone)
    if e.when == "next_budget":
        st.g.setdefault("budget_deploys", []).append({"zone": zone, "units": list(e.units),
                                                      "generals": list(e.generals), "why": why})
        st.note(f"{why}: {', '.join([*(S.general(g).name for g in e.generals), *(S.unit_name(u) for u in e.units)])}"
                f" arrive(s) at {S.zone_name(zone)} at the next budget phase", rule="8.3")
        return
    units = {u: S.unit(u).steps for u in e.units}
    commander = e.generals[0] if e.generals else None
    fid = S.new_force(st, side, S.unit(e.units[0]).power, zone, commander=commander, subs=list(e.generals[1:]),
                      units=units)
    for u in e.units:
        if u in st.g["reserve"]["units"]:
            st.g["reserve"]["units"].remove(u)
    st.note(f"{why}: {', '.join([*(S.general(g).name for g in e.generals), *(S.unit_name(u) for u in e.units)])} "
            f"enter(s) play at {S.zone_name(zone)}", rule="8.3")
    stacking.consolidate(st, fid)  # 11: with the side's force already there (45F: a French force in Kassel)


TYROL = "tyrol"  # 8.3.3: the rising whose appearance may bring a battle


def revolt_room(st: State, e: Revolt) -> bool:
    """May the rising's corps appear: not on the map yet, its zone free of forces; 8.3.3, for the Tyrolean corps,
    « Si des troupes du joueur impérial sont au Tyrol au moment du jeu de cette carte, une bataille s'engage entre
    elles et le corps tyrolien » (Empire troops outside Innsbruck's fortress) and « Si un corps coalisé sans général
    est présent au Tyrol ..., l'apparition du corps tyrolien impose l'élimination automatique du corps coalisé ».
    Decided: the battle is with the Empire force in the zone the corps appears in (Innsbruck; a battle needs both
    in one zone, 14); an Empire garrison shut in the fortress alone, or a Coalition force under a general there
    (the text says nothing of them), keep the card from being played as an event."""
    if any(_on_map(st, u) for u in e.units):
        return False
    forces = st.g["forces"]
    here = S.forces_in(st, e.zone)
    if e.entity != TYROL:
        return not here
    return all((forces[x]["side"] == "empire" and not forces[x]["in_fortress"])
               or (forces[x]["side"] == "coalition" and not forces[x]["commander"]) for x in here)


def revolt(st: State, e: Revolt) -> None:
    """Glossary « Révolte nationale »: the revolt's corps rises in its zone, Coalition-controlled, a minor allied to
    Austria (Tyrol, 8.3.3) or to Britain; for Tyrol a Coalition corps without general standing there is eliminated
    and Empire troops there fight the corps (8.3.3, ``revolt_room``)."""
    ally = "austria" if e.entity == TYROL else "britain"
    if e.entity == TYROL:
        for fid in S.forces_in(st, e.zone, "coalition"):
            S.remove_force(st, fid, "8.3.3", f"{S.name_of(st, fid)}, without a general, is eliminated as the Tyrolean "
                                             "corps appears (11)")
    st.g["status"][e.entity] = "allied"
    S.set_side(st, e.entity, "coalition")
    S.set_ally_of(st, e.entity, ally)
    if S.is_neutral_ground(st, e.zone):  # 21C in a neutral Turkey: « tant que leurs zones d'apparition restent sous
        S.set_control(st, e.zone, e.entity)  # contrôle de la coalition » (glossary): the rising holds its zone
    for uid in e.units:
        u = S.unit(uid)
        fid = S.new_force(st, "coalition", u.power, e.zone, units={uid: u.steps})
        if uid in st.g["reserve"]["units"]:
            st.g["reserve"]["units"].remove(uid)
        st.note(f"{u.name} rises in {S.zone_name(e.zone)}", rule="8.3.3" if e.entity == TYROL else "6.4")
        stacking.consolidate(st, fid)  # 11: one force of a side in a zone
    foes = S.outside(st, e.zone, "empire")
    if e.entity == TYROL and foes:  # « Une tentative d'esquive des troupes impériales est possible »
        push_standing_battle(st, S.outside(st, e.zone, "coalition")[0], foes[0], "8.3.3", evade=True)


# 8.1.4 / 8.3.3 Battles the political events bring --------------------------------------------------------------

def push_standing_battle(st: State, att: str, dfn: str, rule: str, evade: bool, fortress: bool = False) -> None:
    """A battle in the zone both forces stand in, brought by an event rather than a move (``battle.STANDING``):
    ``att`` attacks ``dfn``; ``evade``: the defender may first try to evade or withdraw into its fortress (12.5,
    8.3.3); ``fortress``: beaten, it may fall back into the zone's fortress (8.1.4)."""
    zone = S.force(st, dfn)["zone"]
    st.note(f"{S.name_of(st, att)} attacks {S.name_of(st, dfn)} in {S.zone_name(zone)}", rule=rule)
    st.push("diplomacy.battle", att=att, dfn=dfn, zone=zone, came_from=battle.STANDING, rule=rule,
            phase="evade" if evade else "battle", fortress=fortress)


class StandingBattle:
    """The battle's course: the defender's evasion (``movement.Evade`` reads this frame's ``came_from``), the battle
    (14, counter-marches of both sides included), then control of the zone: a force left alone outside takes it if
    its side may (3.2; 8.1.4: « les unités de l'Empire prennent le contrôle des zones qu'elles sont seules à
    occuper »)."""

    name: ClassVar[str] = "diplomacy.battle"

    def run(self, st: State, f: Frame) -> None:
        from grognard.games.nae.rules import movement

        forces = st.g["forces"]
        here = [x for x in (f["att"], f["dfn"]) if x in forces and forces[x]["zone"] == f["zone"]
                and not forces[x]["in_fortress"]]
        if f["phase"] == "evade":
            f["phase"] = "battle"
            dfn = S.force(st, f["dfn"])
            options = movement.evasion_options(st, f["dfn"], f["zone"], f["came_from"])
            if len(here) == 2 and options:
                st.push("evade", fid=f["dfn"], mover=f["att"], zone=f["zone"], side=dfn["side"], options=options,
                        entry_cost=0)
            return
        if f["phase"] == "battle":
            f["phase"] = "after"
            if len(here) == 2:
                st.push("battle", att=f["att"], dfn=f["dfn"], zone=f["zone"], came_from=f["came_from"],
                        interceptor_from=None, fortress_for=f["dfn"] if f["fortress"] else None)
            return
        st.pop()
        for fid in here:
            force = forces[fid]
            if force["zone"] == f["zone"] and not S.outside(st, f["zone"], S.other(force["side"])) and \
                    f["zone"] in st.g["control"] and S.controller(st, f["zone"]) != force["side"] and \
                    not forced.closed_ground(st, f["zone"], force["side"]):
                S.set_control(st, f["zone"], S.major_of(st, force["power"]))
                st.note(f"{S.name_of(st, fid)}, alone in {S.zone_name(f['zone'])}, takes control of it", rule=f["rule"])
        for fid in (f["att"], f["dfn"]):
            force = forces.get(fid)
            if force is not None and force["in_fortress"] and force["zone"] == f["zone"] and f["fortress"]:
                # 8.1.4: « se replier immédiatement dans la forteresse dont elles prennent le contrôle »
                S.set_control(st, f["zone"], S.major_of(st, force["power"]))
                st.note(f"{S.name_of(st, fid)} holds the fortress of {S.zone_name(f['zone'])}", rule=f["rule"])


# 3.5 Free diplomatic attempts --------------------------------------------------------------------------------------

def grant_free_attempts(st: State, side: str, n: int = 3) -> None:
    """8.1.3: the winner declares war again on a major it defeated: the other side gets three free diplomatic
    attempts at +2, on minors or neutral majors, even in forced peace or forced alliance (the declaration rules call
    this)."""
    free = st.g.setdefault("free_attempts", {})
    free[side] = free.get(side, 0) + n
    st.note(f"The {S.side_name(side)} receives {n} free diplomatic attempts at +2", rule="8.1.3")


def free_targets(st: State, side: str) -> list[str]:
    """8.1.3: minors or majors, neutral or in forced peace or forced alliance, no ally of either side."""
    return [p for p in S.data().tables.diplomacy if st.g["status"].get(p) in ("neutral", "forced_peace",
                                                                              "forced_alliance")]


def free_attempt(st: State, side: str, target: str) -> None:
    st.g["free_attempts"][side] -= 1
    t = S.data().tables
    test = t.test("diplomacy")
    mods = [("diplomacy table", t.diplomacy_bonus(side, target)),  # type: ignore[arg-type]
            ("free attempt", test.modifier("free_attempt"))]
    joins = f"{name(target)} joins the {S.side_name(side)}"
    r = st.roll(1, rule="8.1.3", why=f"The {S.side_name(side)}'s free diplomatic attempt on {name(target)}",
                mods=mods, table=lambda x: (joins, True) if test.passes(x) else ("no effect", False))
    if r.result:
        join(st, target, side, "8.1.3")


# 7.4 The diplomatic phase ----------------------------------------------------------------------------------------

MAX_CARDS = 2  # 5.1.4 « un maximum de 2 cartes de sa main »


def push_diplomatic_phase(st: State) -> None:
    """7.4 / 5.1.4: the Coalition, then the Empire, each plays up to two cards (the interphase driver calls this)."""
    st.push("diplomacy.phase", side="coalition", played=0)


def phase_choices(st: State, side: str, phase: str) -> list[Action]:
    """The diplomatic uses of each card of the hand: a diplomatic action, a protectorate (Empire), a political
    event, an attempt to end a foreign war (Coalition; in the activation phase only in a winter round)."""
    out: list[Action] = []
    for cid in st.g["hands"][side]:
        if card_targets(st, side, cid, phase):
            out.append(("diplomacy", cid))
        if (side == "empire" and cards.ap_value(st, cid) >= PROTECTORATE_MIN_VALUE
                and protectorate_candidates(st)):
            out.append(("protectorate", cid))
        if side == "coalition" and foreign_wars.foreign_wars(st) and (phase == "diplomacy"
                                                                      or foreign_wars.winter(st)):
            out.append(("end_war", cid))
        if event_playable(st, side, cid, phase):
            out.append(("event", cid))
    return out


def start_use(st: State, side: str, action: Action, phase: str) -> None:
    """Carry out a diplomatic use of a card: an event at once, the others after their target is chosen."""
    verb, cid = action
    if verb == "event":
        play_event(st, side, cid)
    else:
        st.push("diplomacy.target", side=side, card=cid, use=verb, phase=phase)
        st.commit()  # the other side sees the step: taking it back would tell what the hand allowed


class Phase:
    """7.4: the side plays a card for a diplomatic use, or ends its part of the phase."""

    name: ClassVar[str] = "diplomacy.phase"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return (f"{st.g['year']} diplomatic phase: play a card ({MAX_CARDS - f['played']} left) for a diplomatic "
                "action, a protectorate, an event or to end a foreign war, or stop.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        uses = phase_choices(st, f["side"], "diplomacy") if f["played"] < MAX_CARDS else []
        if st.g.get("free_attempts", {}).get(f["side"]) and free_targets(st, f["side"]):
            uses.append(("free_attempt", None))  # 8.1.3: no card, not counted among the two
        return [*uses, ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "done":
            st.note(f"The {S.side_name(f['side'])} ends its diplomacy", rule="7.4")
            if f["side"] == "coalition":
                f.update(side="empire", played=0)
            else:
                st.pop()
            return
        if action[0] == "free_attempt":
            st.push("diplomacy.target", side=f["side"], card=None, use="free", phase="diplomacy")
            return
        f["played"] += 1
        start_use(st, f["side"], action, "diplomacy")


class Target:
    """8.2 / 8.1.5 / 6.5: the country the card is played on, or the foreign war it tries to end."""

    name: ClassVar[str] = "diplomacy.target"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        what = {"diplomacy": "the country of this diplomatic action", "protectorate": "the minor to make a "
                "protectorate", "end_war": "the foreign war to end", "free": "the country of a free attempt"}[f["use"]]
        return f"{cards.title(f['card'])}: choose {what}." if f["card"] else f"Choose {what}."

    def choices(self, st: State, f: Frame) -> list[Action]:
        if f["use"] == "diplomacy":
            return [("target", p) for p in card_targets(st, f["side"], f["card"], f["phase"])]
        if f["use"] == "protectorate":
            return [("target", p) for p in protectorate_candidates(st)]
        if f["use"] == "free":
            return [("target", p) for p in free_targets(st, f["side"])]
        return [("war", w["card"]) for w in foreign_wars.foreign_wars(st)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        side, cid, arg = f["side"], f["card"], action[1]
        if f["use"] == "diplomacy":
            if f["phase"] == "activation":
                st.g.setdefault("diplo_round", {})[side] = [st.g["year"], st.g["round"]]
            diplomatic_action(st, side, cid, arg, f["phase"])
        elif f["use"] == "free":
            free_attempt(st, side, arg)
        elif f["use"] == "protectorate":
            cards.discard(st, side, cid, f"to make {name(arg)} a protectorate")
            establish_protectorate(st, arg, "8.1.5")
        else:
            foreign_wars.end_war_attempt(st, cid, arg)


# 5.2 The diplomatic choices of an activation round ---------------------------------------------------------------

ROUND_VERBS = ("diplomacy", "protectorate", "end_war")


def round_choices(st: State, side: str) -> list[Action]:
    """5.2 items 5, 7, 8 (grand campaigns only): a protectorate (Empire), the winter attempt to end a foreign war
    (Coalition), a diplomatic action on a minor once every two rounds; and the political events the round's own
    menu does not play."""
    if not grand_campaign(st):
        return []
    last = st.g.get("diplo_round", {}).get(side)
    recent = last is not None and last[0] == st.g["year"] and st.g["round"] - last[1] < 2
    from grognard.games.nae.rules.events import EVENTS

    return [a for a in phase_choices(st, side, "activation")
            if not (a[0] == "diplomacy" and recent) and not (a[0] == "event" and a[1] in EVENTS)]


def round_handles(st: State, action: Action) -> bool:
    """Whether an action of the round is this module's (Round.resolve hands it over)."""
    from grognard.games.nae.rules.events import EVENTS

    return grand_campaign(st) and (action[0] in ROUND_VERBS or (action[0] == "event" and action[1] not in EVENTS))


def resolve_round(st: State, side: str, action: Action) -> None:
    st.note(f"The {S.side_name(side)} makes a diplomatic move", rule="5.2")
    start_use(st, side, action, "activation")


def label(st: State, action: Action) -> str | None:
    """How this module's actions read in a menu (None: not one of them)."""
    verb, arg = action
    if verb == "diplomacy":
        return f"Play {cards.title(arg)} for a diplomatic action (8.2)"
    if verb == "protectorate":
        return f"Discard {cards.title(arg)} to establish a protectorate (8.1.5)"
    if verb == "end_war":
        return f"Play {cards.title(arg)} to try to end a foreign war (6.5)"
    if verb == "war":
        return f"The foreign war of {S.data().cards.cards[arg].title}"
    if verb == "target":
        return f"{name(arg)} ({S.status_of(st, arg).replace('_', ' ')})"
    if verb == "free_attempt":
        return "Make a free diplomatic attempt at +2 (8.1.3)"
    return None


STEPS = (Phase(), Target(), DeployStart(), DeployUnits(), StandingBattle())
