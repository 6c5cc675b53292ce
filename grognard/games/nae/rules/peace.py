"""18.1-18.2.3, 8.1.3, 8.1.4: what the conquests of the conquest phase bring, in the summary's order (5.3): a
conquered minor without combat units integrated or allied (18.1), the *Tambours de Guerre* (27C) and *Tilsit* (26F)
windows (18.2.1 exceptions 2 and 3), the surrenders confirmed (control markers, forced peace, VP), forced alliances
(8.1.4), peace terms (18.2.2: annexations, the victor's extra card or resources), (6) fortresses reactivated, (8) the
former belligerents redeployed (18.2.3) and the loser's « réorganisation totale » (a new army commander), and (9) the
forced peaces' yearly tests (18.2.3). ``conquest.conquest_phase``
pushes the step ``conquest.terms`` when the game goes on."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, cards, command, conquest, diplomacy, naval, siege, stacking
from grognard.games.nae.schema.cards import ImposePeace

TAMBOURS = "27C"  # 8.1.4 and 18.2.1 say 27C, 18.2.2 22C (docs/nae-data.md)
TILSIT = "26F"  # 8.2.3 says 26F, 18.2.1 27F (docs/nae-data.md)
ANNEXATIONS = 3  # 18.2.2; 4 once the loser fought on with Tambours de Guerre
MISSING_PROVINCE_RESOURCES = 4  # 18.2.2: « 4 ressources par province manquante »
PEACE_ENDS = 5  # 18.2.3: « Tel est le cas sur un résultat de 5+ »
LATER_YEARS_BONUS = 2  # 18.2.3: « chaque année à compter de la deuxième accorde un bonus de +2 »


def _name(power: str) -> str:
    return S.data().map.powers[power].name


def minor_allies(st: State, major: str) -> list[str]:
    """The minors allied to ``major`` that share its fate, national revolts excepted (glossary « Révolte
    nationale »: « leur sort ne dépend pas des puissances majeures de la coalition »; 8.3.3: « Le sort du Tyrol est
    indépendant des conséquences d'une conquête de l'Autriche »): a forced peace and its end leave them fighting for
    the Coalition, and a victor cannot take them."""
    powers = S.data().map.powers
    return sorted(m for m, a in st.g["ally_of"].items() if a == major and powers[m].kind != "revolt")


def _end_year(st: State) -> int:
    return S.data().scenarios[st.g["scenario"]].header.end_year


def in_game(st: State, cid: str) -> bool:
    """The card may be in its side's hand: it is in the hand or the pile, a union the other side knows (its
    complement, the played pile and the cards out of the game, is public)."""
    side = S.data().cards.cards[cid].side
    return cid in st.g["hands"][side] or cid in st.g["decks"][side]


def victor_of(st: State, power: str, by: str) -> str:
    """The conqueror of a major (8.1.3 « la même puissance »): the major of ``by`` holding its capital, else the
    side's leading power."""
    capital = S.data().map.powers[power].capital
    holder = st.g["control"].get(str(capital))
    major = S.major_of(st, holder) if holder else None
    if major and S.data().map.powers[major].kind == "major" and S.side_of(st, major) == by:
        return major
    return "france" if by == "empire" else "britain"


# -- surrender (18.2.1-18.2.2, 8.1.3) ----------------------------------------------------------------------------

def surrender(st: State, power: str, by: str, card: bool = False) -> dict[str, Any]:
    """18.2.1: the major is conquered. The conqueror's control markers leave its territory and its own markers
    outside it are removed (5.3); it and its minor allies take a forced peace (8.1.3), for the rest of the game if
    the same power beats it a second time; the Empire's conquest is +1 VP, any major's +1 escalade (example 1805),
    unless a card imposed the peace (``card``: *Tilsit*'s own VP and escalade stand for them). Returns what the
    later steps need."""
    g = st.g
    victor = victor_of(st, power, by)
    # glossary « Guerre de Libération »: « L'Espagne subit alors une paix forcée suivie d'une alliance forcée
    # gratuite » (the war ends: 7.3.1's Madrid exception and 18.2.1's exception 1 with it)
    liberation = power == "spain" and by == "empire" and diplomacy.in_war_of_liberation(st)
    if liberation:
        diplomacy.end_war_of_liberation(st)
    defeats = g.setdefault("defeats", {}).setdefault(power, [])
    twice = victor in defeats
    diplomacy.record_defeat(st, power, victor)  # 8.1.3 / 8.2.3, and the reform after a second defeat
    if power not in g["conquered"]:
        g["conquered"].append(power)
    for zone, holder in sorted(g["control"].items()):
        home = conquest.territory_of(st, zone)
        if home == power and S.side_of(st, holder) == by:
            S.set_control(st, zone, power)
        elif holder == power and home != power:
            S.set_control(st, zone, home)
    siege.refresh_sieges(st)  # 15.3: a fortress it held abroad, back with its home, may be its besieger's side's
    g["status"][power] = "forced_peace"
    S.set_side(st, power, None)
    for minor in minor_allies(st, power):
        S.set_side(st, minor, None)  # 8.1.3 (EN): its unconquered minor allies submit with it
    g["forced"][power] = {"with": victor, "until": _end_year(st) if twice else None,
                          "then": "at_war" if power == "britain" else "neutral", "since": g["year"]}
    st.note(f"{_name(power)} surrenders to {_name(victor)}: a forced peace"
            + (" until the end of the game (beaten a second time by the same power)" if twice else "")
            + ("; its ports join the Continental Blockade while it stays out of the Coalition"
               if victor == "france" else ""), rule="18.2.1")
    if not card:
        conquest.award_event(st, f"major_conquered_by_{by}", "18.2.1", f"{_name(power)} conquered")
    return {"power": power, "by": by, "victor": victor, "former": S.other(by),
            "annex": ANNEXATIONS + (1 if power in g.get("fought_on", []) else 0),
            "alliance": by == "empire" and power != "britain"
            and (power in g.get("fought_on", []) or len(defeats) >= 2), "free_alliance": liberation}


def impose_forced_alliance(st: State, power: str, why: str) -> None:
    """8.1.4: the forced peace just imposed on ``power`` becomes a forced alliance until the end of the game."""
    st.g["status"][power] = "forced_alliance"
    st.g["forced"][power].update(until=_end_year(st), then=None)
    st.note(f"{why[0].upper()}{why[1:]}: {_name(power)} is a forced ally of France until the end of the game",
            rule="8.1.4")


def end_forced(st: State, power: str) -> None:
    """8.1.3 / 18.2.3: the forced peace ends: the power becomes neutral (Britain rejoins the Coalition), and the
    conqueror's units still on its National Territory are destroyed; a scenario's forced peace may instead turn
    into a forced alliance (1809: Prussia), until the end of the game."""
    g = st.g
    x = g["forced"].pop(power)
    then = x["then"] or "neutral"
    g["status"][power] = then
    if then == "forced_alliance":
        g["forced"][power] = {"with": x["with"], "until": _end_year(st), "then": None}
        st.note(f"The forced peace of {_name(power)} ends: it is a forced ally of {_name(x['with'])}", rule="8.1.4")
        return
    winner_side = S.side_of(st, x["with"])
    minors = minor_allies(st, power)
    # « A l'issue de la paix forcée, le conquérant doit évacuer le territoire national. Si cela n'est pas le cas, ses
    # unités sont détruites »; decided: the minor allies that shared the peace (« ne peuvent pas déclarer la guerre
    # au pays conquis et à ses mineurs alliés durant la paix forcée ») are evacuated too, neutral again with it (a
    # French corps stood in a neutral Baden, 1805 heuristic seed 6)
    for fid in sorted(fid for fid, f in g["forces"].items() if f["side"] == winner_side
                      and conquest.territory_of(st, f["zone"]) in (power, *minors)):
        where = _name(conquest.territory_of(st, S.force(st, fid)["zone"]))
        S.remove_force(st, fid, "18.2.3", f"{S.name_of(st, fid)} had not left {where} and is destroyed")
    side = "coalition" if then == "at_war" else None
    S.set_side(st, power, side)
    for minor in minors:
        S.set_side(st, minor, side)
    S.follow_sides(st, [power, *minors])
    if side is None:  # 8.1.1: neutral again, their units leave other nations' forces (a Swiss corps under Bernadotte)
        for p in (power, *minors):
            diplomacy.stand_down(st, p)
    st.note(f"The forced peace of {_name(power)} ends: it is "
            + ("back in the Coalition" if side else then.replace("_", " ")), rule="18.2.3")
    diplomacy.ports_follow(st)  # 17.2.1 / 17.2.6: fleets in its ports or their boxes


def check_forced_peaces(st: State) -> None:
    """18.2.3 (9): each forced peace older than this year ends on 1d6 >= 5, +2 from its second test on (the
    example: Austria rolls 3, then 4 + 2 = 6, two years); one the scenario or a second defeat sets lasts until
    its year (then the status it names)."""
    g = st.g
    for power in sorted(g["forced"]):
        x = g["forced"][power]
        if x["until"] is not None:
            if g["year"] >= x["until"] and x["until"] < _end_year(st):
                end_forced(st, power)
            continue
        if x.get("since", g["year"] - 1) >= g["year"]:
            continue
        tests = x.get("tests", 0)
        roll = st.roll(1, rule="18.2.3", why=f"{_name(power)} tests the end of its forced peace",
                       mods=[("from the second year", LATER_YEARS_BONUS if tests else 0)],
                       table=lambda t: ("5+: the peace ends", True) if t >= PEACE_ENDS else ("1-4: it goes on", False))
        x["tests"] = tests + 1
        if roll.result:
            end_forced(st, power)


# -- annexations (18.2.2) ----------------------------------------------------------------------------------------

def province_owner(st: State, province: str) -> str:
    owner: str = st.g.get("territory", {}).get(province, S.data().map.provinces[province].owner)
    return owner


def annexable(st: State, loser: str, by: str) -> list[str]:
    """18.2.2: provinces of the loser's National Territory without a key zone of an original one (red border;
    Mazovie excepted, data), adjacent to the National Territory of a power of the victor's side."""
    m = S.data().map
    out = []
    for pid, p in m.provinces.items():
        if province_owner(st, pid) != loser or p.red_border or (pid == MAZOVIA and by != "empire"):
            continue
        if any(S.side_of(st, conquest.territory_of(st, n)) == by
               for z in m.zones_of(pid) for n in m.neighbours(z.id)):
            out.append(pid)
    return out


MAZOVIA = "mazovie"  # 18.2.2 « La Mazovie bien que contenant une zone clef (Varsovie) peut être annexée pour créer
POLAND = "poland"  # la Pologne »: only the Empire annexes it, and only to Poland (8.3.5)


def polish_annexation(st: State) -> None:
    """8.3.5 route 2: « si le joueur impérial obtient en conditions de paix la Mazovie où est située Varsovie; il
    faudra annexer au moins une autre province marquée du symbole de la Pologne pour bénéficier du point de
    victoire; le général et le corps polonais intègrent la réserve [...] Le second corps polonais n'est ajouté à la
    réserve que dès lors que la Pologne comprend la Mazovie et deux autres provinces polonaises. Dans les 2 cas la
    Pologne est créé [...] sous protectorat de l'Empire et 2 points d'escalade sont enregistrés »: called as a
    province joins Poland. Poland's flag puts Poniatowski and the 1st corps in the reserve (their ``e`` key)."""
    from grognard.games.nae.rules import victory

    g = st.g
    if POLAND not in g.get("flags", []):
        diplomacy.create_entity(st, POLAND)
        victory.apply_vp_event(st, "poland_created", "Poland is created by the peace terms")
    polish = [pid for pid, p in S.data().map.provinces.items() if p.polish and province_owner(st, pid) == POLAND]
    if MAZOVIA not in polish:
        return
    for more, flag, event in ((1, "poland_vp", "poland_second_province"), (2, "poland_2p", None)):
        if len(polish) > more and flag not in g["flags"]:
            g["flags"] = sorted([*g["flags"], flag])
            if event:
                victory.apply_vp_event(st, event, "Poland holds Mazovia and another Polish province")
            else:
                st.note("Poland holds Mazovia and two more Polish provinces: its 2nd corps enters the reserve",
                        rule="8.3.5")


def minors_to_take(st: State, loser: str) -> list[str]:
    """18.2.2: a minor still allied to the loser may replace a province, one the loser conquered this phase too
    (18.1 made it the loser's ally)."""
    return minor_allies(st, loser)


def recipients(st: State, by: str) -> list[str]:
    """18.2.2: « Le vainqueur peut répartir les attributions de province comme il veut entre les pays de son
    camp »: its majors at war and its allied minors."""
    m = S.data().map
    return [p for p, s in st.g["sides"].items() if s == by and m.powers[p].kind in ("major", "minor", "entity")
            and st.g["status"].get(p) in ("at_war", "allied", "protectorate")]


# (province, minor it joins) -> the flag its annexation raises (read by the card assignment table, 6.3, and the
# budget's reserve, 7.3.2), its log line and section. 8.3.3: « Le Royaume de Bavière est créé par l'empire en
# rattachant la province du Tyrol à la Bavière [...] alors automatiquement créé »; example 8.6: « annexer la Vénétie
# pour compléter le royaume d'Italie ce qui permet d'intégrer le second corps Italien dans la réserve » (the V units)
ANNEXATION_FLAGS = {
    ("tyrol", "bavaria"): ("kingdom_of_bavaria", "The Kingdom of Bavaria is created: a card more at each draw",
                           "8.3.3"),
    ("venetie", "italy"): ("venetia", "Venetia completes the Kingdom of Italy: its V units enter the reserve",
                           "18.2.2"),
}


def annex_province(st: State, province: str, to: str, rule: str) -> None:
    """The province joins ``to``'s National Territory (its marker) and control."""
    m = S.data().map
    S.set_territory(st, province, to)
    for z in m.zones_of(province):
        if z.id in st.g["control"]:
            S.set_control(st, z.id, to)
    st.note(f"{m.provinces[province].name} is annexed to {_name(to)}'s National Territory", rule=rule)
    if to == POLAND:
        polish_annexation(st)  # 8.3.5: created with its side before the sieges are looked at
    siege.refresh_sieges(st)  # 15.3: a fortress annexed to its besieger's side is besieged no more (Valencia)
    diplomacy.ports_follow(st)  # 17.2.1: the enemy's fleets leave its ports as from a captured port (Valencia)
    flag, why, section = ANNEXATION_FLAGS.get((province, to), (None, "", ""))
    flags = st.g.get("flags", [])  # a grand campaign's (20.2 / 20.3)
    if flag is not None and S.side_of(st, to) == "empire" and flag not in flags:
        st.g["flags"] = sorted([*flags, flag])
        st.note(why, rule=section)


def integrate_minor(st: State, minor: str, to: str, rule: str) -> None:
    """18.1 / 18.2.2: the minor becomes part of ``to``'s National Territory (its units leave the game)."""
    g = st.g
    for pid in [p for p in S.data().map.provinces if province_owner(st, p) == minor]:
        annex_province(st, pid, to, rule)
    _drop_units(st, minor, rule)
    S.set_side(st, minor, None)
    S.set_ally_of(st, minor, None)
    g["status"][minor] = "not_in_play"
    diplomacy.dissolve_entities(st)  # 8.3.1 / 8.3.2: a member integrated composes it no more


def ally_minor(st: State, minor: str, by: str, major: str, rule: str) -> None:
    """18.2.2: the minor becomes an ally of the conqueror; its forces change sides (its units in another
    nation's force leave it)."""
    g = st.g
    for fid in sorted(g["forces"]):
        f = g["forces"][fid]
        if f["power"] == minor and all(S.unit(u).power == minor for u in f["units"]):
            S.set_force_side(st, fid, by)
    _drop_units(st, minor, rule, only_mixed=True)
    S.set_side(st, minor, by)
    S.set_ally_of(st, minor, major)
    g["status"][minor] = "allied"
    st.note(f"{_name(minor)} becomes an ally of {_name(major)}", rule=rule)
    diplomacy.ports_follow(st)  # 17.2.1 / 17.2.6: fleets in its ports or their boxes
    diplomacy.dissolve_entities(st)  # 8.3.1 / 8.3.2: a member taken by the Coalition at its peace terms


def _drop_units(st: State, minor: str, rule: str, only_mixed: bool = False) -> None:
    for fid in sorted(st.g["forces"]):
        f = st.g["forces"][fid]
        if only_mixed and f["power"] == minor:
            continue
        for uid in [u for u in f["units"] if S.unit(u).power == minor]:
            S.eliminate(st, f, uid)
        S.check_force(st, fid, rule)


# -- redeployment (18.2.3) ---------------------------------------------------------------------------------------

def distances(start: str) -> dict[str, int]:
    """Least MP from ``start`` to every zone over land (12.1; whole-MF links left out)."""
    m = S.data().map
    dist = {start: 0}
    heap = [(0, start)]
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist[here]:
            continue
        for there in m.neighbours(here):
            step = m.enter_cost(here, there)
            if step is not None and d + step < dist.get(there, d + step + 1):
                dist[there] = d + step
                heapq.heappush(heap, (d + step, there))
    return dist


def nearest_fortresses(st: State, fid: str, loser: str) -> list[str]:
    """18.2.3: « la zone frontière la plus proche en nombre de points de mouvement contenant une forteresse »,
    read as the nearest fortress zone outside the territory of the loser and of the minor allies sharing its peace
    that the force's side controls (the example: Vienna -> Ulm, Brünn -> Neminov); the equally near ones are the
    owner's choice. Britain conquered: a French
    coastal fortress on the Manche. None where enemy forces stand outside the fortress (11: the sides share a zone
    only across a fortress wall, as ``naval.landing_port`` reads it): a redeployment is no attack (a 1809 game
    redeployed Joseph's army to a Lérida that Wellington besieged)."""
    f = S.force(st, fid)
    m = S.data().map
    if loser == "britain":
        return sorted(z for z in st.g["fortresses"] if conquest.territory_of(st, z) == "france"
                      and "manche" in m.zones[z].seas and not S.outside(st, z, S.other(f["side"])))
    dist = distances(f["zone"])
    out = {p for p in peace_camp(st, loser) if p == loser or S.side_of(st, p) is None}  # (its allies at peace too)
    near = [z for z in st.g["fortresses"] if z in dist and conquest.territory_of(st, z) not in out
            and S.controller(st, z) == f["side"] and not S.outside(st, z, S.other(f["side"]))]
    best = min((dist[z] for z in near), default=None)
    return sorted(z for z in near if dist[z] == best)


def redeployments(st: State, c: dict[str, Any]) -> list[dict[str, Any]]:
    """18.2.3: the conqueror's forces on the loser's territory (may stay), its former allies' forces there (must
    leave), each to the nearest friendly fortress; the loser's forces abroad to its key zones. « Toutes les forces
    précédemment alliées à la puissance vaincue se trouvant dans le territoire national du pays vaincu doivent être
    replacées »: decided, a former ally's garrison inside a fortress the terms just gave the victor (a province
    annexed, or a minor ally taken in its place, 18.2.2) leaves it too, the same way (a Russian corps held a Saxon
    Wittenberg integrated into France, 1805 heuristic seed 1); and the former allies on the territory of a minor
    ally sharing the loser's peace leave it too (8.1.3: « ne peuvent pas déclarer la guerre au pays conquis et à
    ses mineurs alliés »; a Russian force stood in a Bavaria allied to Austria, neutral with it when its peace ended,
    1805 heuristic seed 13)."""
    power = c["power"]
    camp = peace_camp(st, power)
    out = []
    for fid in sorted(st.g["forces"]):
        f = st.g["forces"][fid]
        ground = conquest.territory_of(st, f["zone"])
        home = ground == power
        own = f["power"] in camp
        taken = f["in_fortress"] and S.controller(st, f["zone"]) == c["by"]
        if home and not own and f["side"] == c["by"]:
            out.append({"fid": fid, "stay": True, "to": "fortress"})
        elif (ground in camp or taken) and not own and f["side"] == c["former"]:
            out.append({"fid": fid, "stay": False, "to": "fortress"})
        elif own and not home:
            out.append({"fid": fid, "stay": False, "to": "key"})
    return out


def peace_camp(st: State, loser: str) -> set[str]:
    """8.1.3: the powers a major's forced peace takes out of the war: it and its minor allies (not a national
    revolt allied to it, which fights on: glossary « Révolte nationale »)."""
    return {loser, *minor_allies(st, loser)}


def part_forces(st: State, loser: str) -> list[str]:
    """18.2.3 with 10.1 / 11: the loser (and its minor allies, 8.1.3) leaves the war, its side's other nations do
    not, so no force may keep both. The text is silent on a force of one holding units of the other (an Austrian
    army with Russian corps, 10.1: « des unités alliées majeures »); decided, from 18.2.3's own two sentences: the
    other nations' units in the loser's forces are « forces précédemment alliées à la puissance vaincue » (replaced
    at the nearest fortress zone outside its territory if they stand on it, staying where they are abroad), and the
    loser's units in other nations' forces « appartenant au pays défait » (back to its key zones if abroad). So each
    such group leaves its force where it stands, before the redeployments: a group of armies of both splits into its
    armies (9.1); otherwise the units of one nation go under the highest-ranked general of that nation in the force
    (10.2), as many as he may command (10.1), the rest as corps alone; the nation's other subordinates return to the
    reserve (10.1: « si ce pas est détruit le général retourne dans la réserve »). Returns the new forces."""
    g = st.g
    new: list[str] = []
    camp = peace_camp(st, loser)
    for fid in sorted(g["forces"]):
        f = g["forces"][fid]
        if f["side"] is None or not f["group"]:
            continue
        camps = [S.general(a.commander).power in camp for a in S.armies(f) if a.commander]
        if len(camps) == 2 and camps[0] != camps[1]:
            new.append(command.split_group(st, fid, 1))
    for fid in sorted(g["forces"]):
        f = g["forces"].get(fid)
        if f is None or f["side"] is None:
            continue
        mine = f["power"] in camp
        for nation in sorted({S.major_of(st, S.unit(u).power) for u in f["units"]
                              if (S.unit(u).power in camp) != mine}):
            new += _part_nation(st, fid, [p for p in g["sides"] if S.major_of(st, p) == nation
                                          and (p in camp) != mine])
    return new


def _part_nation(st: State, fid: str, nations: list[str]) -> list[str]:
    """The units of one nation (a major and its minor allies: ``nations``) leave force ``fid``
    (``part_forces``)."""
    f = S.force(st, fid)
    uids = sorted((u for u in f["units"] if S.unit(u).power in nations), key=lambda u: (-f["units"][u], u))
    theirs = sorted((gid for gid in S.subordinates(f) if S.general(gid).power in nations),
                    key=lambda gid: S.general(gid).rank)
    out = []
    if theirs:
        leader = theirs[0]
        S.drop_subordinate(f, leader)
        led: dict[str, int] = {}
        for u in uids:
            if command.within_command(st, leader, None, {**led, u: f["units"][u]}):
                led[u] = f["units"][u]
        if led:
            for index in range(len(S.armies(f))):  # (a group's armies are parted one at a time, 9.1)
                part = [u for u in led if u in S.armies(f)[index].units]
                if part:
                    st.note(f"{S.general(leader).name} leaves {S.name_of(st, fid)} with the units of his nation",
                            rule="18.2.3")
                    out.append(command.detach(st, fid, part, general=leader, note=""))
                    break
        if not out:
            st.g["removed"].append(leader)
            st.note(f"{S.general(leader).name} leaves {S.name_of(st, fid)} for the reserve", rule="18.2.3")
        for gid in theirs[1:]:
            S.drop_subordinate(f, gid)
            st.g["removed"].append(gid)
            st.note(f"{S.general(gid).name} leaves {S.name_of(st, fid)} for the reserve", rule="18.2.3")
        uids = [u for u in uids if u in f["units"]]
    for u in uids:
        st.note(f"{S.unit_name(u)} leaves {S.name_of(st, fid)}", rule="18.2.3")
        out.append(command.detach(st, fid, [u], note=""))
    S.check_force(st, fid, "18.2.3")
    return out


def move_force(st: State, fid: str, zone: str, rule: str) -> None:
    """Place a force elsewhere without moving (no attrition): it lifts any siege it laid, and joins a force of its
    side already there (11)."""
    for z, fort in st.g["fortresses"].items():
        if fort["besieger"] == fid:
            S.set_fortress(st, z, besieger=None, siege=None)
    S.move_force(st, fid, zone)
    S.set_in_fortress(st, fid, False)
    st.note(f"{S.name_of(st, fid)} is redeployed to {S.zone_name(zone)}, without attrition", rule=rule)
    stacking.consolidate(st, fid)


def home_ports(st: State, power: str) -> list[str]:
    """The ports of ``power``'s National Territory (18.2.2 annexations read), in map order."""
    return [z.id for z in S.data().map.zones.values() if z.port and conquest.territory_of(st, z.id) == power]


def fleets_abroad(st: State, power: str) -> list[str]:
    """18.2.3: the loser's fleets not in a port of its National Territory."""
    fleets = S.data().counters.fleets
    ports = home_ports(st, power)
    return [fl for fl in sorted(st.g["fleets"]) if fleets[fl].power == power
            and not (st.g["fleets"][fl]["at"] == "port" and st.g["fleets"][fl]["where"] in ports)]


def port_room(st: State, power: str) -> list[str]:
    """18.2.3: the home ports with room for a fleet (``naval.port_has_room``), all of them if none has room."""
    ports = home_ports(st, power)
    return [z for z in ports if naval.port_has_room(st, z)] or ports


def fleet_home(st: State, fleet: str, port: str, rule: str = "18.2.3") -> None:
    st.g["fleets"][fleet].update(at="port", where=port)
    st.note(f"{naval.fleet_name(fleet)} is repositioned in {S.zone_name(port)}", rule=rule)


# -- the step ----------------------------------------------------------------------------------------------------

def tilsit_targets(st: State, surrendering: list[str]) -> list[str]:
    """26F: Coalition majors at war, not Britain, not already surrendering, whose army the Empire crushed this
    year (``g["crushed"]``, battle.py) and on whose National Territory French combat units stand."""
    card = S.data().cards.cards[TILSIT]
    eff = next(e for e in card.effect if isinstance(e, ImposePeace))
    crushed = {p for year, p in st.g.get("crushed", []) if year == st.g["year"]}
    out = []
    for p in conquest.at_war_majors(st, "coalition"):
        if p in eff.exclude or p in surrendering or (eff.decisive_victory and p not in crushed):
            continue
        steps = sum(v for f in st.g["forces"].values() if f["side"] == "empire"
                    and conquest.territory_of(st, f["zone"]) == p for u, v in f["units"].items()
                    if S.unit(u).power == "france")
        if steps >= eff.steps_in_territory:
            out.append(p)
    return out


def reorganizable(st: State, loser: str, done: list[str]) -> list[str]:
    """18.2.3: « une réorganisation totale des forces est possible avec changement de général d'armée le cas
    échéant »: the commanders of the loser's armies on the map, each army once (``done``: the army markers whose
    general was replaced in this reorganization)."""
    return sorted(f["commander"] for f in st.g["forces"].values() if f["army"] and f["commander"]
                  and S.major_of(st, S.general(f["commander"]).power) == loser and f["army"] not in done)


def replace_commander(st: State, gid: str, side: str) -> None:
    """18.2.3: the army's general returns to the reserve, free to lead another army at once (a reorganization, not
    the 10.3 relief that keeps him out until the next budget); a general of the reserve of his nation is placed with
    the army and the highest-ranked of him and its subordinates takes command (10.2, ``cards.Replace``)."""
    fid = next(i for i, f in st.g["forces"].items() if f["commander"] == gid)
    S.force(st, fid)["commander"] = None
    st.note(f"{S.general(gid).name} leaves the command of {S.data().counters.armies[S.force(st, fid)['army']].name}"
            " for the reserve", rule="18.2.3")
    st.push("relieve.replace", fid=fid, side=side, power=S.general(gid).power)


def _window(st: State, cid: str, side: str, powers: list[str], kind: str) -> None:
    """Open a card window when the card may be in the side's hand and the side holds any card (a window opened
    only for the card itself would show the hand, 6.6)."""
    if powers and in_game(st, cid) and st.g["hands"][side]:
        st.push("conquest.choice", kind=kind, side=side, powers=powers, card=cid)


class Terms:
    """5.3 steps 3-9 after the conquests are found (``conquest.conquest_phase``), one phase at a time; each
    choice is a ``conquest.choice`` pushed on top."""

    name: ClassVar[str] = "conquest.terms"

    def run(self, st: State, f: Frame) -> None:
        phase = f["phase"]
        if phase == "integrate":
            if f["minors"]:
                power, by = f["minors"].pop(0)
                if not conquest.has_combat_units(power) and S.side_of(st, power) == by:
                    st.push("conquest.choice", kind="integrate", side=by, powers=[power])
                return
            f["phase"] = "tambours"
            _window(st, TAMBOURS, "coalition", [p for p, by in f["surrenders"] if by == "empire"], "tambours")
        elif phase == "tambours":
            f["phase"] = "tilsit"
            _window(st, TILSIT, "empire", tilsit_targets(st, [p for p, _ in f["surrenders"]]), "tilsit")
        elif phase == "tilsit":
            f["phase"] = "confirm"
            f["confirmed"] = [surrender(st, p, by, card=p in f.get("imposed", [])) for p, by in f["surrenders"]]
        elif phase == "confirm":
            f["phase"] = "alliance"
            for c in f["confirmed"]:
                if c["free_alliance"]:
                    impose_forced_alliance(st, c["power"], "its War of Liberation lost, a free forced alliance "
                                                           "(glossary « Guerre de Libération »)")
            f["queue"] = [c["power"] for c in f["confirmed"] if c["alliance"] and not c["free_alliance"]]
        elif phase == "alliance":
            if f["queue"]:
                power = f["queue"].pop(0)
                if st.g["hands"]["empire"]:
                    st.push("conquest.choice", kind="alliance", side="empire", powers=[power])
                return
            f["phase"] = "terms"
            f["queue"] = [dict(c, left=c["annex"], reward=True) for c in f["confirmed"]]
        elif phase == "terms":
            self.terms(st, f)
        elif phase == "fortresses":
            f["phase"] = "redeploy"
            conquest.reactivate_fortresses(st, supplied_only=False)
            f["parted"] = [fid for c in f["confirmed"] for fid in part_forces(st, c["power"])]
            # 8.1.3: parted, the forces of the powers in forced peace are at war with nobody (``victory_phase`` does
            # it for every such power), so no redeployment takes the parted units in again (11)
            S.follow_sides(st, sorted(set().union(*(peace_camp(st, c["power"]) for c in f["confirmed"]))))
            queue = [dict(r, loser=c["power"]) for c in f["confirmed"] for r in redeployments(st, c)]
            # the parted units leave the loser's territory first, so no force coming home takes them in again (11)
            f["queue"] = sorted(queue, key=lambda r: r["fid"] not in f["parted"])
            f["fleets"] = [[fl, c["power"]] for c in f["confirmed"] for fl in fleets_abroad(st, c["power"])]
        elif phase == "redeploy" and f.get("fleets"):
            self.fleets(st, f)
        elif phase == "redeploy":
            self.redeploy(st, f)
        elif phase == "reorganize":
            f["phase"] = "tests"
            for c in reversed(f["confirmed"]):
                side = budget.manager(st, c["power"])
                if side is not None and reorganizable(st, c["power"], []):
                    st.push("conquest.choice", kind="reorganize", side=side, powers=[c["power"]], dismissed=[])
        else:
            st.pop()
            check_forced_peaces(st)

    def terms(self, st: State, f: Frame) -> None:
        """18.2.2: the victor annexes its provinces (or minors) one at a time, then takes its reward."""
        if not f["queue"]:
            f["phase"] = "fortresses"
            return
        c = f["queue"][0]
        power, by = c["power"], c["by"]
        if c["left"] and (annexable(st, power, by) or minors_to_take(st, power)):
            st.push("conquest.choice", kind="annex", side=by, powers=[power], victor=c["victor"])
            c["left"] -= 1
            return
        if c["left"]:
            penalty = st.g.setdefault("budget_penalty", {})
            penalty[power] = penalty.get(power, 0) + MISSING_PROVINCE_RESOURCES * c["left"]
            st.note(f"No province of {_name(power)} is left to annex: {MISSING_PROVINCE_RESOURCES * c['left']} "
                    f"resources come off its next budget", rule="18.2.2")
            c["left"] = 0
        f["queue"].pop(0)
        st.push("conquest.choice", kind="reward", side=by, powers=[c["victor"]])

    def fleets(self, st: State, f: Frame) -> None:
        """18.2.3: « repositionnement des flottes dans les ports du territoire national », as the text offers it
        to the loser (« une réorganisation totale des forces est possible »): the side running it (7.3.2, as for the
        reorganization) chooses each fleet's home port among those with room; one port, or no side: the first."""
        fleet, loser = f["fleets"].pop(0)
        ports = port_room(st, loser)
        side = budget.manager(st, loser)
        if not ports:
            return
        if len(ports) == 1 or side is None:
            fleet_home(st, fleet, ports[0])
            return
        st.push("conquest.choice", kind="fleet", side=side, fleet=fleet, zones=ports, powers=[loser])

    def redeploy(self, st: State, f: Frame) -> None:
        while f["queue"]:
            r = f["queue"].pop(0)
            if r["fid"] not in st.g["forces"]:
                continue
            key = r["to"] == "key"
            zones = conquest.key_zones(r["loser"]) if key else nearest_fortresses(st, r["fid"], r["loser"])
            here = S.force(st, r["fid"])["zone"]
            if not zones or (zones == [here] and not r["stay"]):
                continue
            # the owner chooses: the loser's forces, at peace now, are the side's that runs it (7.3.2)
            side = S.force(st, r["fid"])["side"] or budget.manager(st, r["loser"])
            if side is None or (len(zones) == 1 and not r["stay"]):
                move_force(st, r["fid"], zones[0], "18.2.3")
                continue
            st.push("conquest.choice", kind="redeploy", side=side, fid=r["fid"], zones=zones, stay=r["stay"],
                    powers=[r["loser"]])
            return
        for fid in f.get("parted", []):  # 11: the parted units that stayed abroad make one force of their side there
            if fid in st.g["forces"]:
                stacking.consolidate(st, fid)
        f["phase"] = "reorganize"


PROMPTS = {
    "integrate": "{p} is conquered and has no combat units: make it your ally or integrate it into your National "
                 "Territory (18.1).",
    "tambours": "{p} meets the surrender conditions: you may play a card (Tambours de Guerre: it fights on).",
    "tilsit": "You may play a card (Tilsit: impose a forced peace on {p} without conquest).",
    "alliance": "You may discard a card to impose a forced alliance on {p} (8.1.4).",
    "annex": "Annex a province of {p}, or take one of its minor allies (18.2.2).",
    "recipient": "Give the annexed territory to a power of your side (18.2.2).",
    "reward": "The reward of {p}: an extra card at the next draw or 4 resources at the next budget (18.2.2).",
    "redeploy": "{force}: choose the fortress it is redeployed to (18.2.3).",
    "fleet": "{force}: choose the port of {p}'s National Territory it is repositioned in (18.2.3).",
    "reorganize": "{p}'s full reorganization: you may replace the general of one of its armies, or finish (18.2.3).",
}


class Choice:
    """One decision of the conquest phase (the frame's ``kind`` says which)."""

    name: ClassVar[str] = "conquest.choice"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        names = " or ".join(_name(p) for p in f["powers"])
        force = S.name_of(st, f["fid"]) if f.get("fid") else naval.fleet_name(f["fleet"]) if f.get("fleet") else ""
        return PROMPTS[f["kind"]].format(p=names, force=force)

    def choices(self, st: State, f: Frame) -> list[Action]:
        kind, side = f["kind"], f["side"]
        hand = st.g["hands"][side]
        if kind == "integrate":
            return [("ally", f["powers"][0]), ("integrate", f["powers"][0])]
        if kind in ("tambours", "tilsit"):
            verb = "fight_on" if kind == "tambours" else "impose"
            return [(verb, p) for p in f["powers"] if f["card"] in hand] + [("done", None)]
        if kind == "alliance":
            return [("discard", c) for c in hand] + [("pass", None)]
        if kind == "annex":
            loser = f["powers"][0]
            return ([("annex", p) for p in annexable(st, loser, side)]
                    + [("take_minor", p) for p in minors_to_take(st, loser)])
        if kind == "recipient":
            if f.get("province") == MAZOVIA:
                return [("annex_to", POLAND)]  # 18.2.2 exception, 8.3.5 route 2
            out = [("annex_to", p) for p in recipients(st, side)]
            return out + ([("ally", f["minor"])] if f.get("minor") else [])
        if kind == "reward":
            return [("reward_card", None), ("reward_resources", None)]
        if kind == "reorganize":
            return [("done", None), *(("dismiss", g) for g in reorganizable(st, f["powers"][0], f["dismissed"]))]
        return [("zone", z) for z in f["zones"]] + ([("stay", None)] if f.get("stay") else [])

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        verb, arg = action
        kind, side = f["kind"], f["side"]
        st.pop()
        if verb in ("done", "pass"):
            return
        if kind == "reorganize":
            army = next(x["army"] for x in st.g["forces"].values() if x["commander"] == arg)
            st.push("conquest.choice", **{**{k: v for k, v in f.items() if k != "step"},
                                          "dismissed": [*f["dismissed"], army]})
            replace_commander(st, arg, side)
            return
        if kind == "integrate":
            if verb == "integrate":
                integrate_minor(st, arg, S.major_of(st, arg), "18.1")
            else:
                st.note(f"{_name(arg)} stays an ally of {_name(S.major_of(st, arg))}", rule="18.1")
        elif kind == "tambours":
            self.play(st, side, f["card"], f"{_name(arg)} fights on")
            st.g.setdefault("fought_on", []).append(arg)
            terms = st.frame
            terms["surrenders"] = [s for s in terms["surrenders"] if s[0] != arg]
        elif kind == "tilsit":
            self.play(st, side, f["card"], f"peace is imposed on {_name(arg)} without conquest")
            st.frame["surrenders"].append([arg, "empire"])
            st.frame.setdefault("imposed", []).append(arg)
        elif kind == "alliance":
            st.g["hands"][side].remove(arg)
            st.g["discards"][side].append(arg)
            st.commit()
            impose_forced_alliance(st, f["powers"][0], f"the Empire discards {S.data().cards.cards[arg].title}")
        elif kind == "annex":
            st.push("conquest.choice", kind="recipient", side=side, powers=f["powers"], victor=f["victor"],
                    province=arg if verb == "annex" else None, minor=arg if verb == "take_minor" else None)
        elif kind == "recipient":
            if f.get("province"):
                annex_province(st, f["province"], arg, "18.2.2")
            elif verb == "ally":
                ally_minor(st, f["minor"], side, f["victor"], "18.2.2")
            else:
                integrate_minor(st, f["minor"], arg, "18.2.2")
        elif kind == "reward":
            reward = "card" if verb == "reward_card" else "resources"
            st.g.setdefault("peace_rewards", []).append({"power": f["powers"][0], "reward": reward})
            st.note(f"{_name(f['powers'][0])} takes " + ("an extra card at the next draw" if reward == "card"
                                                         else "4 resources at the next budget"), rule="18.2.2")
        elif kind == "fleet":
            fleet_home(st, f["fleet"], arg)
        elif verb == "zone":
            move_force(st, f["fid"], arg, "18.2.3")
        else:
            st.note(f"{S.name_of(st, f['fid'])} stays on {_name(f['powers'][0])}'s territory", rule="18.2.3")

    @staticmethod
    def play(st: State, side: str, cid: str, what: str) -> None:
        card = S.data().cards.cards[cid]
        st.g["hands"][side].remove(cid)
        (st.g["out"] if card.gold_star else st.g["discards"][side]).append(cid)
        st.note(f"The {S.side_name(side)} plays {card.title} as an event: {what}", rule="6.4")
        st.commit()  # the other side has seen the card
        cards.event_played(st, cid)  # 6.2: its VP and escalade (26F: +1 each)


STEPS = (Terms(), Choice())


def label(st: State, action: Action) -> str | None:
    """Menu text of this chapter's actions (None: not one of them)."""
    verb, arg = action
    if st.step != "conquest.choice":
        return None
    m = S.data().map
    texts: dict[str, Callable[[], str]] = {
        "ally": lambda: f"Make {_name(arg)} an ally" if st.frame["kind"] == "integrate" else
        f"Make {_name(arg)} an ally of {_name(st.frame['victor'])}",
        "integrate": lambda: f"Integrate {_name(arg)} into {_name(S.major_of(st, arg))}'s National Territory",
        "fight_on": lambda: f"Play Tambours de Guerre: {_name(arg)} fights on",
        "impose": lambda: f"Play Tilsit: impose a forced peace on {_name(arg)}",
        "discard": lambda: f"Discard {S.data().cards.cards[arg].title}",
        "annex": lambda: f"Annex {m.provinces[arg].name}",
        "take_minor": lambda: f"Take {_name(arg)} instead of a province",
        "annex_to": lambda: f"Give it to {_name(arg)}",
        "reward_card": lambda: "An extra card at the next draw",
        "reward_resources": lambda: "4 resources at the next budget",
        "zone": lambda: f"{'Reposition in' if st.frame['kind'] == 'fleet' else 'Redeploy to'} {S.zone_name(arg)}",
        "stay": lambda: "Stay where it is",
        "dismiss": lambda: f"Replace {S.general(arg).name} at the head of his army",
        "done": lambda: "Finish the reorganization" if st.frame["kind"] == "reorganize" else "Play no card",
        "pass": lambda: "Impose no forced alliance",
    }
    return texts[verb]() if verb in texts else None
