"""How a computer plays the grand campaigns (20.2 1805-1814, 20.3 1809-1814): the heuristic's rules for the steps
where the one-year 1815 rules do not fit (several fronts, the interphase, the victory track), and the evaluation
function the search scores its rollouts with there. ``ai.policy`` and ``ai.evaluate`` dispatch here when the
scenario has a victory level (``S.grand_campaign``); the battle steps (interception, evasion, losses, retreats,
combat cards) keep ``ai``'s rules, which read no scenario objective.

The objectives (19, 18): the victory level moves with conquests of majors (+1 for the Empire, -1 for the Coalition),
protectorates and the political events; at the end the Coalition wins holding every key zone of France, the Empire
holding them, Mantua and *Europe Napoléonienne* (45F). So each side marches on the key zones of the enemy majors at
war and the capitals of the enemy minors (conquest, 18.1-18.2), guards its own key zones, rebuilds the armies that
face the enemy and redeploys towards the fronts. Rules read only what the side may see: the board, its own hand."""

from __future__ import annotations

import math
from collections import deque
from functools import cache

from grognard.core.machine import Action, State
from grognard.games.nae import ai, ai_naval
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, cards, conquest, diplomacy, movement, peace, siege, stacking, supply
from grognard.games.nae.schema.cards import (
    CancelBlockadeVp,
    CardPlayed,
    Deploy,
    DeployFromReserve,
    DrawCards,
    EnterUnits,
    Resources,
    Status,
)

Choice = ai.Choice
Rule = ai.Rule

MARCH_MIN = 3  # combat value of a force worth an activation to march on an objective
REDEPLOY_MIN = 2  # combat value of a force worth redeploying towards a front (7.6)
FAR = 99
UNIT_EFFECTS = (Deploy, DeployFromReserve, EnterUnits)  # events that bring units or steps into play


# -- the fronts as a side reads them ----------------------------------------------------------------------------

def is_major(power: str) -> bool:
    return S.data().map.powers[power].kind == "major"


@cache
def key_zones(power: str) -> tuple[str, ...]:
    """18.2.1 ``conquest.key_zones``, read once: they are printed on the map."""
    return tuple(conquest.key_zones(power))


def own_majors(st: State, side: str) -> list[str]:
    """The majors at war on ``side`` (their key zones are the ones it must guard, 18.2.1)."""
    return [p for p, s in st.g["sides"].items() if s == side and is_major(p) and S.status_of(st, p) == "at_war"]


def targets(st: State, side: str) -> list[str]:
    """19 / 18: the zones whose capture brings a conquest: the key zones of the enemy majors at war (London stays
    out of reach by land) and the capitals of the enemy minors, not yet held; for both sides also the zones the
    Empire's end victory needs (Mantua, ``end_zones``), to take or to deny, and the side's own key zones the enemy
    holds (18.2.1: held, they bring the power's conquest; 19.3: France's decide the end). In the last year a
    minor's capital counts only if it is a protectorate: a minor ally won then brings nothing the end reads."""
    foe = S.other(side)
    out: list[str] = []
    final = last_year(st)
    for power, s in st.g["sides"].items():
        if s != foe:
            continue
        if is_major(power):
            if S.status_of(st, power) == "at_war" and power != "britain":
                out += [z for z in key_zones(power) if S.controller(st, z) != side]
        elif not final or S.status_of(st, power) == "protectorate":  # 19.1: a protectorate lost is a level
            capital = S.data().map.powers[power].capital
            if capital in S.data().map.zones and S.controller(st, capital) != side:
                out.append(capital)
    out += [z for z in end_zones(st) if S.controller(st, z) != side]
    out += [z for z in guarded(st, side) if S.controller(st, z) == foe]  # retaken, a key zone saves its power
    return sorted(set(out) | set(supply_gaps(st, side)))


def last_year(st: State) -> bool:
    """19.3: the scenario's last year, whose victory phase reads the key zones (and the level)."""
    return bool(st.g["year"] >= S.data().scenarios[st.g["scenario"]].header.end_year)


def end_zones(st: State) -> list[str]:
    """19.3: the zones besides France's key zones that the Empire's end victory needs (Mantua): the Empire takes
    and holds them, the Coalition takes one to deny it (the scenario's ``controls_zone`` conditions)."""
    return list(scenario_end_zones(st.g["scenario"]))


@cache
def scenario_end_zones(scenario: str) -> tuple[str, ...]:
    return tuple(str(c.zone) for v in S.data().scenarios[scenario].victory.values() if v.result == "empire"
                 for c in v.all_of if c.kind == "controls_zone" and c.side == "empire" and not c.negate)


@cache
def end_card_allies(scenario: str) -> tuple[tuple[str, str], ...]:
    """19.3: (card, power) for each power whose status the Empire's end-victory card needs on its side (45F
    *Europe Napoléonienne*: « Naples ... empire, protectorate »), read from the scenario and the card."""
    return tuple((cid, c.power) for cid in victory_cards_played(scenario) for c in S.data().cards.cards[cid].requires
                 if isinstance(c, Status) and "empire" in c.statuses)


@cache
def victory_cards_played(scenario: str) -> tuple[str, ...]:
    """19.3: the cards the scenario's Empire victory records ask to have been played (45F)."""
    return tuple(str(c.card) for v in S.data().scenarios[scenario].victory.values() if v.result == "empire"
                 for c in v.all_of if c.kind == "card_played")


@cache
def end_cards(scenario: str) -> tuple[str, ...]:
    """19.3: the cards the Empire's end victory needs played: 45F and the cards its event requires (20F, 24F)."""
    needed = victory_cards_played(scenario)
    return needed + tuple(p for cid in needed for c in S.data().cards.cards[cid].requires
                          if isinstance(c, CardPlayed) for p in c.cards)


def end_capitals(st: State, side: str) -> list[str]:
    """19.3: the capitals of the minors the Empire's end-victory card still needs and the Coalition holds as an ally
    (Naples, for 45F): conquered, the minor becomes the Empire's ally (18.1)."""
    if side != "empire":
        return []
    m = S.data().map
    return [m.powers[p].capital for cid, p in end_card_allies(st.g["scenario"])
            if not diplomacy.event_was_played(st, cid) and S.side_of(st, p) == "coalition" and not is_major(p)
            and m.powers[p].capital in m.zones]


def cut_off(st: State, side: str) -> list[str]:
    """The side's strong forces out of supply in enemy ground (a besieger most of all: unsupplied it may not roll
    on the siege table, 15.2; 13.5: -3 in battle)."""
    forts = st.g["fortresses"]
    return [fid for fid, f in st.g["forces"].items()
            if f["side"] == side and f["unsupplied"] and not f["in_fortress"] and S.controller(st, f["zone"]) != side
            and (S.combat_value(f) >= 2 * MARCH_MIN or (f["zone"] in forts and forts[f["zone"]]["besieger"] == fid))]


def line_back(st: State, side: str, fid: str) -> list[str]:
    """13.3: the first zone of its supply network on the shortest way back from force ``fid`` (where it is fed
    again), and the enemy-controlled zones on that way: a supplied force takes the open ones by planting its flag
    (3.2), a siege takes the fortresses (15.5: reactivated, a fortress is a link)."""
    m = S.data().map
    enemy = set(S.enemy_zones(st, side))
    f = S.force(st, fid)
    net = supply.supply_network(st, f["power"])
    came: dict[str, str | None] = {f["zone"]: None}
    todo = deque([f["zone"]])
    end = None
    limit = supply.link_limit()  # 13.3: no line crosses a mountain without a pass
    while todo and end is None:
        here = todo.popleft()
        for nxt in m.neighbours(here):
            if (nxt in came or S.is_neutral_ground(st, nxt) or nxt in enemy
                    or (m.enter_cost(nxt, here) or FAR) > limit):
                continue
            came[nxt] = here
            if nxt in net.dist and nxt not in net.blocked:
                end = nxt
                break
            todo.append(nxt)
    out = []
    last = end
    while end is not None:
        if end != f["zone"] and (end == last or S.controller(st, end) not in (side, None)):
            out.append(end)
        end = came[end]
    return out


def supply_gaps(st: State, side: str) -> list[str]:
    """The zones to take to reopen the supply lines of the side's forces cut off (``line_back``)."""
    return sorted({z for fid in cut_off(st, side) for z in line_back(st, side, fid)
                   if S.controller(st, z) not in (side, None)})


def front(st: State, side: str) -> list[str]:
    """Where the war is for ``side``: the enemy's forces and the objectives (``targets``)."""
    foe = S.other(side)
    zones = {f["zone"] for f in st.g["forces"].values() if f["side"] == foe}
    return sorted(zones | set(targets(st, side)))


def open_distances(st: State, zone: str) -> dict[str, int]:
    """Borders to cross from ``zone`` to every zone a side's force may enter: neutral ground is closed (12.1).
    Kept with the board (callers must not change it): neutral ground reads the control, sides and annexed provinces
    only, whose changes make a new ``S.board_key``."""
    board = S.board_key(st)
    kept = st.derived.get(_OPEN)
    if kept is None or kept[0] is not board:
        kept = st.derived[_OPEN] = (board, {})
    out: dict[str, int] | None = kept[1].get(zone)
    if out is None:
        out = kept[1][zone] = ai.borders_from(zone, lambda z: not S.is_neutral_ground(st, z))
    return out


_OPEN = "ai_grand.open_distances"  # st.derived key: (the board key, zone -> ``open_distances``)


def distance_to(zone: str, zones: list[str]) -> int:
    return min((ai.dist(zone, z) for z in zones), default=FAR)


def guarded(st: State, side: str) -> list[str]:
    """The zones a side must hold (18.2.1, 19.3): its majors' key zones, for the Empire also the zones its end
    victory needs (Mantua, ``end_zones``)."""
    keys = [z for p in own_majors(st, side) for z in key_zones(p)]
    return keys + (end_zones(st) if side == "empire" else [])


def allied_capitals(st: State, side: str) -> list[str]:
    """18.1 / 19.1: the capitals of the side's allied minors and protectorates: taken, the minor is conquered (its
    cards and units lost; a French protectorate costs a victory point)."""
    m = S.data().map
    return [m.powers[p].capital for p, s in st.g["sides"].items() if s == side and not is_major(p)
            and m.powers[p].capital in m.zones and S.status_of(st, p) in ("at_war", "allied", "protectorate")]


def threatened_key(st: State, side: str) -> str | None:
    """A zone the side must hold (``guarded``), or an allied minor's capital, held by it, next to an enemy stronger
    than its defenders (18.2.1: defended, a key zone keeps the power in the war; an ally's capital keeps the ally)."""
    foe = S.other(side)
    for z in guarded(st, side) + allied_capitals(st, side):
        if S.controller(st, z) == side and ai.strength(st, z, foe, 1) > ai.strength(st, z, side, 0):
            return z
    return None


def garrison(st: State, side: str, fid: str) -> bool:
    """The only force holding a zone the side must hold (``guarded``) with an enemy within two borders: it stays
    (18.2.1)."""
    f = S.force(st, fid)
    zone = f["zone"]
    keys = set(guarded(st, side))
    if zone not in keys or len(S.forces_in(st, zone, side)) > 1:
        return False
    foe = S.other(side)
    return any(o["side"] == foe and ai.dist(o["zone"], zone) <= 2 for o in st.g["forces"].values()) \
        or zone in ai_naval.coast_ports(st, side)  # 19.3: a landing there in the last year ends the Empire's hopes


def siege_due(st: State, side: str, zone: str) -> bool:
    """An active enemy fortress no one besieges yet, in a zone the victory needs (15, 18)."""
    fort = st.g["fortresses"].get(zone)
    return (fort is not None and fort["active"] and fort["siege"] is None and S.controller(st, zone) == S.other(side)
            and zone in targets(st, side))


def exposed(st: State, side: str, power: str) -> bool:
    """8.2 / 18: a power brought into the war on ``side`` that the enemy would conquer at once: every zone whose
    loss conquers it (a major's key zones, all but one of them, 18.2.1; a minor's capital, 18.1) already held by
    the enemy or next to enemy forces stronger than the power's own and its new friends' there. Conquered, it gives
    the enemy a victory point (a major, a protectorate: 19.1) and its cards and units: better left out."""
    m = S.data().map
    foe = S.other(side)
    zones = key_zones(power) if is_major(power) else [m.powers[power].capital]
    zones = [z for z in zones if z in m.zones]
    if not zones:
        return False
    reserve = minor_strength(st, power)

    def lost(z: str) -> bool:
        near = {z, *m.neighbours(z)}
        own = reserve + sum(S.combat_value(f) for f in st.g["forces"].values()
                            if f["power"] == power and f["side"] != foe and f["zone"] in near)
        holder = st.g["control"].get(z)  # its own zones change sides with it
        return ((holder not in (None, power) and S.side_of(st, holder) == foe)
                or ai.strength(st, z, foe, 1) > own + ai.strength(st, z, side, 1))

    return sum(1 for z in zones if lost(z)) >= max(1, len(zones) - 1)


# -- the activation phase ---------------------------------------------------------------------------------------

def force_value(st: State, side: str, fid: str, goals: list[str], threat: str | None) -> float:
    """What activating ``fid`` is worth: an attack worth fighting, the defence of a threatened key zone, a siege
    the victory needs, or a strong force closing on the nearest objective (army first). A lone garrison of a key
    zone with the enemy near stays; small forces are not worth the AP."""
    f = S.force(st, fid)
    value = S.combat_value(f)
    if value == 0 or siege.besieged(st, fid):
        return 0.0
    near = [z for z in S.data().map.neighbours(f["zone"])  # 12.1: the zones it may enter (cost, limited units)
            if movement.may_enter(st, fid, f["zone"], z, S.base_mf(f))]
    attack = ai.good_attack(st, side, fid)
    if attack and attack[0] in near and worth_the_detour(st, side, fid, attack[0], attack[2]):
        return 100.0 + attack[2]
    if threat and f["zone"] != threat and ai.dist(f["zone"], threat) <= 2 and ai.NAPOLEON not in S.generals_of(f) \
            and best_step(st, side, fid, threat, near) is not None:  # an activation that cannot move is AP lost
        return 50.0 + value
    if garrison(st, side, fid):
        return 0.0
    if value < MARCH_MIN:
        point = rally_point(st, side, fid)
        if point is None or best_step(st, side, fid, point, near) is None:
            return 0.0
        return value / (2 + open_distances(st, point).get(f["zone"], FAR))  # after the marches: spare AP
    if not f["in_fortress"] and (siege_due(st, side, f["zone"]) or siege.may_attack(st, fid)):
        return 80.0 + value  # 15.3: a siege left is lifted, and the fortress behind cuts the supply line (13.3)
    if f["zone"] in goals and not f["unsupplied"] and movement.may_flag(st, fid):
        return 70.0 + value  # 3.2: the flag reopens a supply line or takes an objective
    target = march_target(st, side, fid)
    if target is None or best_step(st, side, fid, target, near) is None:
        return 0.0  # no safe step nearer: keep the AP
    return value * (2 if S.is_army(f) else 1) / (1 + open_distances(st, target).get(f["zone"], FAR))


def activate_best_force(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Move the force that gains most: a good attack, a threatened key zone, a siege, a march on an objective."""
    goals = targets(st, side)
    threat = threatened_key(st, side)
    options = [(force_value(st, side, a[1], goals, threat), a) for a in legal if a[0] == "force"]
    options = [o for o in options if o[0] > 0]
    if not options:
        return None
    value, best = max(options, key=lambda o: (o[0], o[1][1]))
    why = ("an attack at good odds" if value >= 100 else "a siege the victory needs" if value >= 80 else
           "its flag takes an objective or reopens a supply line" if value >= 70 else
           "a key zone is threatened" if value >= 50 else "it marches on an objective")
    return best, f"activate {S.name_of(st, best[1])}: {why}"


def worth_an_activation(st: State, side: str) -> bool:
    goals = targets(st, side)
    threat = threatened_key(st, side)
    return any(f["side"] == side and force_value(st, side, fid, goals, threat) > 0
               for fid, f in st.g["forces"].items())


def victory_card(cid: str) -> bool:
    """A card whose event moves the victory track for its side (Tilsit, Erfurt, Napoleonic Europe up, Malet down:
    19; a side's cards move it only its own way)."""
    return (S.data().cards.cards[cid].vp or 0) != 0


def kept_card(st: State, side: str, cid: str) -> bool:
    """A card kept for its event rather than spent for AP, a diplomatic use or a discard: it moves the victory
    track (``victory_card``), raises an escalade the side wants (``escalade_wanted``) or is one the Empire's end
    victory needs played once the Punishments bring 45F in (``end_cards``: 24F *The Snare of Bayonne*; before,
    its AP move the war: 1805 seed 2's Grande Armée stood at Innsbruck for want of them)."""
    return (victory_card(cid) or (escalade_wanted(st, side) and escalating_card(cid))
            or (side == "empire" and cid in end_cards(st.g["scenario"]) and diplomacy.punishments(st)))


def play_end_card_event(st: State, side: str, legal: list[Action]) -> Choice | None:
    """19.3: the event of a card the Empire's end victory needs (``end_cards``: 20F, 24F, 45F) is played as soon as
    the rules allow it; one that moves neither track (24F *The Snare of Bayonne*) only once the Punishments are
    in, when 45F may follow: played in 1805 it cost a round of the war on Austria and opened Spain's rising
    (22C *Dos de Mayo* needs it) years before 45F could come."""
    if side != "empire":
        return None
    now = diplomacy.punishments(st)
    best = next((a for a in legal if a[0] == "event" and a[1] in end_cards(st.g["scenario"])
                 and (now or victory_card(a[1]) or escalating_card(a[1]))), None)
    return (best, "the end victory needs its event played (45F, 19.3)") if best else None


def diplomatic_move(st: State, side: str, legal: list[Action]) -> Choice | None:
    """8.2 / 8.1.5 (``ai.diplomatic_move``) with the cards kept for their event (``kept_card``) left out of the
    diplomatic actions and protectorates: 45F went for a protectorate (1805 seed 0)."""
    return ai.diplomatic_move(st, side, [a for a in legal if a[0] == "event" or not isinstance(a[1], str)
                                         or a[1] not in st.g["hands"][side] or not kept_card(st, side, a[1])])


def activate_when_useful(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Play the card worth the most AP when some force gains by moving; else keep the hand. The combat cards are
    kept for the decisive battle while another card will do, and the cards kept for their event (``kept_card``:
    Tilsit, Erfurt, Napoleonic Europe, 19; Maria Walewska, 6.1) always: the hand carries them to their moment
    (7.2)."""
    if not worth_an_activation(st, side):
        return None
    plays = [a for a in legal if a[0] == "card"]
    if not plays:
        return None
    spare = ([a for a in plays if not ai.keep_combat_cards(st, a[1]) and not kept_card(st, side, a[1])]
             or [a for a in plays if not kept_card(st, side, a[1])])
    if not spare:
        return None  # a card kept for its event is never spent for AP (20F and 45F went in a sixth round, 1805 seed 0)
    best = max(spare, key=lambda a: (cards.ap_value(st, a[1]), a[1]))
    return best, f"{cards.ap_value(st, best[1])} AP to move, the combat and victory cards kept"


def on_campaign(st: State, side: str) -> bool:
    """Napoléon's army marches on or fights for an enemy major's key zone (``force_value``, ``march_target``)."""
    nap = ai.napoleon_force(st)
    if side != "empire" or nap is None:
        return False
    if force_value(st, side, nap, targets(st, side), threatened_key(st, side)) <= 0:
        return False
    return ai.good_attack(st, side, nap) is not None or march_target(st, side, nap) in enemy_keys(st, side)


def enemy_keys(st: State, side: str) -> set[str]:
    """18.2.1: the key zones of the enemy majors at war (Britain's London beyond the sea left out)."""
    return {z for p, s in st.g["sides"].items() if s == S.other(side) and is_major(p) and p != "britain"
            and S.status_of(st, p) == "at_war" for z in key_zones(p)}


def war_first(st: State, side: str, legal: list[Action]) -> Choice | None:
    """5.2 / 7.4: while Napoléon's army is on campaign (``on_campaign``) the Empire's rounds go to the war: a
    diplomatic action, a protectorate or an event the diplomatic phase also allows waits for that phase of the
    interphase (two cards a year, no round lost); only an event the activation phase alone allows and is kept for
    (22F Maria Walewska) or one worth more than its AP goes first. In 1805 seed 3 two of the six rounds went on
    Egypt while the Grande Armée stood at Strasbourg, and Austria was never beaten."""
    if not on_campaign(st, side):
        return None
    for a in legal:
        if a[0] == "event" and kept_card(st, side, a[1]) and "diplomacy" not in S.data().cards.cards[a[1]].phases:
            return a, "its event may be played in the activation phase only"
    return ai.play_event_worth_more(st, side, legal) or activate_when_useful(st, side, legal)


def pass_when_nothing_gains(st: State, side: str, legal: list[Action]) -> Choice | None:
    """No force gains by moving: pass and keep the cards for a round when one does."""
    return (("pass", None), "no force gains by moving: the cards are kept") if ("pass", None) in legal else None


def march_attack(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Attack an enemy force next door when the dice favour it (``ai.attack_ok``), the biggest prize first."""
    fid = st.frame["fid"]
    f = S.force(st, fid)
    best: tuple[int, Action, list[str]] | None = None
    for a in legal:
        if a[0] != "zone":
            continue
        foes = ai.enemy_forces_in(st, a[1], side)
        if not foes or not ai.attack_ok(st, side, fid, foes, a[1]):
            continue
        theirs = sum(S.combat_value(S.force(st, x)) for x in foes)
        if not worth_the_detour(st, side, fid, a[1], theirs):
            continue
        if best is None or theirs > best[0]:
            best = (theirs, a, foes)
    if best is None:
        return None
    theirs, a, foes = best
    lead = ai.edge(st, fid, foes, a[1], f["zone"])
    return a, (f"{S.name_of(st, fid)} attacks {S.name_of(st, foes[0])} at {S.zone_name(a[1])}: odds "
               f"{ai.odds(S.combat_value(f), theirs)}, {ai.dice_text(lead)}")


REMNANT = 4  # a beaten enemy force is a remnant below a quarter of the attacker's value (and this many steps)


def worth_the_detour(st: State, side: str, fid: str, zone: str, theirs: int) -> bool:
    """18.2.1: an attack that leads the force away from its objective (``march_target``) is worth it only on a
    real army (at least a quarter of its value), not on a remnant: in 1805 the Grande Armée chased Mack's
    remnants from Ulm to Innsbruck, Munich and Regensburg while Vienna, the conquest of Austria, lay open (seed 1).
    Attacks on the way, and any by a small force, stay good."""
    f = S.force(st, fid)
    mine = S.combat_value(f)
    if theirs >= max(REMNANT, mine / 4) or mine < 2 * REMNANT:
        return True
    target = march_target(st, side, fid)
    if target is None:
        return True
    back = open_distances(st, target)
    return back.get(zone, FAR) <= back.get(f["zone"], FAR)


def march_siege(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Attack the fortress the force besieges (15.4): a key zone or a capital the conquest needs (18), or a
    fortress on its way, which stops it (12.1) and, left behind, cuts its supply line (13.3); a force leaving it
    lifts the siege (15.3) and marched back and forth past Venice for two years (1805 seed 1)."""
    if ("siege", None) not in legal:
        return None
    zone = S.force(st, st.frame["fid"])["zone"]
    why = "its conquest needs it" if zone in targets(st, side) else "the fortress blocks the way and the supply line"
    return ("siege", None), f"besiege {S.zone_name(zone)}: {why}"


def march_reactivate(st: State, side: str, legal: list[Action]) -> Choice | None:
    """15.5: a fortress taken is reactivated at once, as the example of play does with Salzburg: an active fortress
    is a link of the supply line (13.3) and a refuge. A spare depot pays for it, else the weakest step."""
    options = [a for a in legal if a[0] == "reactivate"]
    if not options:
        return None
    f = S.force(st, st.frame["fid"])
    if ("reactivate", "depot") in options and len(f["depots"]) > 1:
        return ("reactivate", "depot"), f"reactivate the fortress of {S.zone_name(f['zone'])} with a spare depot"
    steps = [a for a in options if a[1] != "depot"]
    if not steps:
        return None
    best = min(steps, key=lambda a: (S.unit(a[1]).steps + S.unit(a[1]).stars, a[1]))
    return best, f"reactivate the fortress of {S.zone_name(f['zone'])}: a link for the supply line"


def march_flag(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Take control of the zone where the force stands (3.2): control makes supply, conquests and hand size."""
    if ("flag", None) not in legal:
        return None
    return ("flag", None), f"take control of {S.zone_name(S.force(st, st.frame['fid'])['zone'])}"


def march_target(st: State, side: str, fid: str) -> str | None:
    """Where the force heads: the threatened key zone it defends (Napoléon's army only France's and Mantua,
    ``leads_the_war``); a force too small to march alone, the army it joins (``rally_point``); else the nearest
    objective (for all but Napoléon's army a capital 45F needs first, ``end_capitals``) or, when the enemy round
    it is stronger than the force, a friendly force within three borders on the way, to concentrate before the
    battle (two corps beaten one after the other are worth less than one army)."""
    f = S.force(st, fid)
    threat = threatened_key(st, side)
    if threat and ai.dist(f["zone"], threat) <= 2 and (threat in guarded(st, side) or not leads_the_war(f)):
        return threat
    if S.combat_value(f) < MARCH_MIN:
        return rally_point(st, side, fid)
    reach = open_distances(st, f["zone"])
    if fid in cut_off(st, side):
        back = [z for z in line_back(st, side, fid) if z in reach]
        if back:
            return min(back, key=lambda g: (reach[g], g))  # 13.3: reopen the line before anything else
    goals = [g for g in targets(st, side) if g in reach]
    needed = [g for g in goals if g in end_capitals(st, side)]
    if needed and not leads_the_war(f):
        goals = needed  # 19.3: Naples for 45F, the Army of Italy's first objective (Masséna's 1806 march)
    elif S.is_army(f):  # an army marches on the enemy majors (18.2.1); the minors' capitals are for corps nearby
        minors = {S.data().map.powers[p].capital for p, x in st.g["sides"].items() if x and not is_major(p)}
        goals = [g for g in goals if g not in minors or reach[g] <= 1] or goals
    if not goals:
        return None
    target = open_goal(st, side, fid, sorted(goals, key=lambda g: (reach[g], g)))
    mine = S.combat_value(f)
    if ai.strength(st, target, S.other(side), 1) <= mine:
        return target
    back = open_distances(st, target)
    friends = [o["zone"] for x, o in st.g["forces"].items()
               if x != fid and o["side"] == side and not o["in_fortress"] and o["zone"] != f["zone"]
               and S.combat_value(o) >= MARCH_MIN and back.get(o["zone"], FAR) <= reach[target]
               and reach.get(o["zone"], FAR) <= 3]
    return min(friends, key=lambda z: (reach[z], z)) if friends else target


def leads_the_war(f: S.Force) -> bool:
    """18.2.1: Napoléon's army marches on the enemy majors' key zones and does not turn back for an allied minor's
    capital (``threatened_key``), which the corps nearby defend: in 1806 (1805 seed 0) it went Passau, Munich,
    Passau, Budweis, Pilsen, Regensburg, Pilsen after Munich's and Stuttgart's threats, and Austria held out to
    1811. France's key zones and Mantua (``guarded``) still call it back."""
    return ai.NAPOLEON in S.generals_of(f)


JOIN_REACH = 4  # borders within which a force too small to march alone goes to join an army


def rally_point(st: State, side: str, fid: str) -> str | None:
    """9.1 / 11: where a force too small to march on an objective alone (below ``MARCH_MIN``) goes: the zone of the
    nearest army of its side within ``JOIN_REACH`` borders, nearer the front than it, that may take it in (the
    two consolidate there, 11). In 1805 the VI Corps and Marmont joined the Grande Armée on the Danube; left in
    Hanover and Holland they sat out the war (1805 heuristic games). None: it stays where it is, and always in a
    zone the side must hold (``guarded``: France's key zones keep their garrisons against a landing, 17.2.8)."""
    f = S.force(st, fid)
    if f["zone"] in guarded(st, side):
        return None
    reach = open_distances(st, f["zone"])
    goals = front(st, side)
    here = distance_to(f["zone"], goals)
    armies = [(reach[o["zone"]], o["zone"]) for x, o in st.g["forces"].items()
              if x != fid and o["side"] == side and S.is_army(o) and not o["in_fortress"]
              and S.combat_value(o) >= 2 * MARCH_MIN and reach.get(o["zone"], FAR) <= JOIN_REACH
              and distance_to(o["zone"], goals) < here and stacking.may_merge(st, x, fid)]
    return min(armies)[1] if armies else None


OPEN_GOALS = 4  # nearest objectives tried for a safe way before the force waits for the nearest


def open_goal(st: State, side: str, fid: str, goals: list[str]) -> str:
    """Of the objectives, nearest first, the first the force has a safe step towards (``best_step``): a Grande
    Armée facing a stronger Spanish army on the way to Madrid sat in Toulouse for three years (1805 seed 1) while
    Berlin and Hanover lay open; the nearest if none is open."""
    f = S.force(st, fid)
    near = [z for z in S.data().map.neighbours(f["zone"]) if movement.may_enter(st, fid, f["zone"], z, S.base_mf(f))]
    return next((g for g in goals[:OPEN_GOALS] if best_step(st, side, fid, g, near) is not None), goals[0])


def best_step(st: State, side: str, fid: str, target: str, zones: list[str]) -> str | None:
    """Of ``zones`` next to the force, the one nearest ``target`` (cheapest first), not neutral, with no enemy in
    it and no enemy stronger than the force and the friends there next door; None if no zone gets nearer."""
    f = S.force(st, fid)
    back = open_distances(st, target)
    here = back.get(f["zone"], FAR)
    mine = S.combat_value(f)
    options = []
    for z in zones:
        d = back.get(z, FAR)  # 12.1: a neutral's zone may never be entered
        if d >= here or ai.enemy_forces_in(st, z, side):
            continue
        if ai.strength(st, z, S.other(side), 1) > mine + ai.strength(st, z, side, 0):
            continue
        options.append((d, S.data().map.enter_cost(f["zone"], z) or 0, z))
    return min(options)[2] if options else None


def keep_the_supply_line(st: State, side: str, legal: list[Action]) -> Choice | None:
    """13.3: a force about to march out of its supply network on the way to its target leaves a mobile depot as a
    fixed one where it stands (a link 2 MP further on), on a zone its side controls; unsupplied it could not
    besiege (15.2), rolls 3 less in battle (14.5) and withers (13.6). Both sides: the 1815 rule is the Coalition's."""
    if ("fixed_depot", None) not in legal:
        return None
    fid = st.frame["fid"]
    f = S.force(st, fid)
    here = f["zone"]
    if S.controller(st, here) != side:
        return None  # 13.3: no line crosses a zone the enemy controls
    net = supply.supply_network(st, f["power"])
    if net.dist.get(here, FAR) == 0 or here not in net.dist:
        return None  # on a link already, or out of the network (a depot there links nothing)
    target = march_target(st, side, fid)
    if target is None or target == here:
        return None
    back = open_distances(st, target)
    ahead = [a[1] for a in legal if a[0] == "zone" and back.get(a[1], FAR) < back.get(here, FAR)]
    if not ahead or all(z in net.dist for z in ahead):
        return None
    return ("fixed_depot", None), f"a fixed depot at {S.zone_name(here)} carries the supply line on"


def march_on(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Close on the target (``march_target``) by the safest nearer zone (``best_step``)."""
    fid = st.frame["fid"]
    target = march_target(st, side, fid)
    if target is None:
        return None
    step = best_step(st, side, fid, target, [a[1] for a in legal if a[0] == "zone"])
    if step is None:
        return None
    joins = any(o["zone"] == target for x, o in st.g["forces"].items() if x != fid and o["side"] == side)
    why = "concentrates with the force at" if joins else "marches on"
    return ("zone", step), f"{S.name_of(st, fid)} {why} {S.zone_name(target)}, by {S.zone_name(step)}"


def nearest_the_front(st: State, side: str, legal: list[Action]) -> Action | None:
    """The zone offered nearest the side's front (ties by zone id), None when no zone is offered."""
    zones = [a for a in legal if a[0] == "zone"]
    if not zones:
        return None
    goals = front(st, side)
    return min(zones, key=lambda a: (distance_to(a[1], goals), a[1]))


def march_forced_on(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Must go on (12.2.1): the move nearest the objective."""
    best = nearest_the_front(st, side, legal)
    return (best, "the force may not stop here") if best else None


# -- 7.1 declarations of war and 7.2 hand building --------------------------------------------------------------

def minor_strength(st: State, power: str) -> int:
    """The steps a neutral minor brings into the war (its units wait off the map while it is neutral, 7.1)."""
    reserve = st.g["reserve"]["units"]
    return sum(S.unit(u).steps for u in reserve if S.unit(u).power == power)


WAR_ODDS = 1.0  # the Empire's strength near a major's key zones against all it would meet, to declare war on it
WAR_REACH = 4  # borders from the major's key zones within which the Empire's forces count: a campaign's marches
WAR_FOES = 2  # borders from them within which the enemy's forces would join the defence
PUNISHING_ODDS = 0.5  # the same, for a declaration that brings the Punishments in while the Empire wants them


def war_odds(st: State, side: str, power: str) -> tuple[int, int]:
    """7.1 / 18.2.1: (ours, theirs) for a war on the neutral major ``power``: the side's forces in the field within
    ``WAR_REACH`` borders of its key zones, against its forces on the map, the units its allied minors deploy at
    once (3.2, 8.2.3) and the enemy's forces within ``WAR_FOES`` borders of those key zones."""
    keys = [z for z in key_zones(power) if z in S.data().map.zones]
    foe = S.other(side)
    joining = {power, *(p for p, a in st.g["ally_of"].items() if a == power and S.status_of(st, p) == "allied")}

    def near(zone: str, reach: int) -> bool:
        return any(ai.dist(zone, k) <= reach for k in keys)

    ours = sum(S.combat_value(f) for f in st.g["forces"].values()
               if f["side"] == side and not f["in_fortress"] and near(f["zone"], WAR_REACH))
    theirs = (sum(S.combat_value(f) for f in st.g["forces"].values() if f["power"] in joining)
              + sum(minor_strength(st, p) for p in joining if not is_major(p))
              + sum(S.combat_value(f) for f in st.g["forces"].values()
                    if f["side"] == foe and near(f["zone"], WAR_FOES)))
    return ours, theirs


def declare_on_a_major_it_can_beat(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.1 / 18.2 / 6.1: the Empire goes to war on a neutral major (Prussia 1806) when its armies near the major's
    key zones outweigh all they would meet (``war_odds``): conquered, the major gives a victory point and a point
    of escalade (example 8.6), and a first declaration another point; a declaration on a major it beat before
    brings the Punishments in at once (« quel que soit le niveau d'escalade », 8.1.3), the cards its end victory
    needs (45F, 19.3): while the Empire wants them (``escalade_wanted``) it declares on lesser odds
    (``PUNISHING_ODDS``), since no other road leads to its end victory, though the beaten major doubles its
    resources and the Coalition gets three free diplomatic attempts (8.1.3). Not in the last year: no conquest would
    follow. The Coalition never: the power would join the Empire (3.2)."""
    if side != "empire" or last_year(st):
        return None
    best: tuple[float, str] | None = None
    for a in legal:
        if a[0] != "declare" or not is_major(a[1]) or not key_zones(a[1]):
            continue
        ours, theirs = war_odds(st, side, a[1])
        odds = PUNISHING_ODDS if diplomacy.defeated_by(st, a[1], side) and escalade_wanted(st, side) else WAR_ODDS
        if ours >= odds * max(theirs, MARCH_MIN) and (best is None or ours / max(theirs, 1) > best[0]):
            best = (ours / max(theirs, 1), a[1])
    if best is None:
        return None
    power = best[1]
    ours, theirs = war_odds(st, side, power)
    again = " and brings the Punishments in (8.1.3)" if diplomacy.defeated_by(st, power, side) else ""
    return ("declare", power), (f"war on {S.data().map.powers[power].name}: {ours} steps near its key zones against "
                                f"{theirs}; its conquest is a victory point and escalade (18.2){again}")


def protectorate_worth(st: State, side: str, target: str) -> float:
    """8.1.5 / 19.1: what a minor brought in as the Empire's ally is worth beyond its cards when it may become a
    protectorate (Denmark, Sweden, Portugal, Saxony, Naples, Egypt): the next card of value 2 makes it one, a
    victory point and a point of escalade. Nothing for the Coalition, nor in the last year (a diplomatic action
    there leaves no round for the protectorate)."""
    power = S.data().map.powers[target]
    return 2.0 if side == "empire" and power.protectorate and not is_major(target) and not last_year(st) else 0.0


def entity_minor(power: str) -> bool:
    """8.3.1 / 8.3.2: a minor with provinces marked for the Confederation of the Rhine (R) or Westphalia (W)."""
    return any(pr.rhine or pr.westphalia for pr in S.data().map.provinces.values() if pr.owner == power)


def declare_on_a_weak_minor(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.1 / 18.1: war on a neutral minor pays when the side can conquer it at once: its capital lies within a
    border of a force of the side at least three times its steps. Conquered, it becomes the side's ally (cards,
    minor steps, 7.3.3). The majors are ``declare_on_a_major_it_can_beat``'s. The Coalition leaves the minors of
    the Rhine and Westphalia alone (``entity_minor``): attacked, one becomes France's ally (3.2), and each one
    allied brings the Empire closer to 20F and 45F (8.3), the cards its victory needs (19.3), while the
    Coalition's conquest of it may never come (1805 seed 2: Mecklenburg and Nassau, conquered years later or never)."""
    best: tuple[int, str] | None = None
    for a in legal:
        if a[0] != "declare" or is_major(a[1]) or (side == "coalition" and entity_minor(a[1])):
            continue
        capital = S.data().map.powers[a[1]].capital
        if capital not in S.data().map.zones or any(p == a[1] for p in st.g["ally_of"].values()):
            continue  # a minor with allies of its own would bring them in too
        theirs = minor_strength(st, a[1])
        ours = max((S.combat_value(f) for f in st.g["forces"].values()
                    if f["side"] == side and not f["in_fortress"] and ai.dist(f["zone"], capital) <= 1), default=0)
        if ours >= 3 * max(theirs, 1) and (best is None or ours - theirs > best[0]):
            best = (ours - theirs, a[1])
    if best is None:
        return None
    return ("declare", best[1]), (f"{S.data().map.powers[best[1]].name} is weak and next to our army: conquered "
                                   "it becomes our ally (18.1)")


DIG_VALUE = 2  # the most AP a card may be worth to be discarded for a fresh draw (``dig_for_the_end_cards``)


def dig_for_the_end_cards(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.2 / 19.3: once the Punishments are in, while a card the Empire's end victory needs (``end_cards``: 45F,
    20F, 24F) is neither played nor in its hand, the Empire discards the cards of ``DIG_VALUE`` AP or less it keeps
    for no event or battle (``kept_card``, ``ai.keep_combat_cards``): the hand is drawn back to its size, so
    each discard is one more blind draw from the pile that holds them. (1805 seed 0: 45F never drawn in six
    years, the hand kept whole each year.)"""
    if side != "empire" or not diplomacy.punishments(st):
        return None
    hand = st.g["hands"][side]
    if all(diplomacy.event_was_played(st, c) or c in hand for c in end_cards(st.g["scenario"])):
        return None
    spare = [a for a in legal if a[0] == "discard" and not kept_card(st, side, a[1])
             and not ai.keep_combat_cards(st, a[1]) and S.data().cards.cards[a[1]].value <= DIG_VALUE]
    if not spare:
        return None
    worst = min(spare, key=lambda a: (S.data().cards.cards[a[1]].value, a[1]))
    return worst, "one more draw for the cards the end victory needs (45F, 19.3)"


def keep_the_best_cards(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.2: keep every card the hand may hold (each low card has an event or a combat use, and a draw is blind);
    above its size, keep the cards kept for their event (``kept_card``) and discard the fewest AP first and, among
    equals, a card with no combat use before one kept for the decisive battle."""
    if ("done", None) in legal:
        return ("done", None), "keep the cards and draw"
    discards = [a for a in legal if a[0] == "discard"]
    if not discards:
        return None
    worst = min(discards, key=lambda a: (kept_card(st, side, a[1]), S.data().cards.cards[a[1]].value,
                                         ai.keep_combat_cards(st, a[1]), a[1]))
    return worst, "the hand is over its size: the weakest card goes"


# -- 7.3 the budget ---------------------------------------------------------------------------------------------

def unit_zone(st: State, uid: str) -> str | None:
    return next((f["zone"] for f in st.g["forces"].values() if uid in f["units"]), None)


def spend_value(st: State, side: str, a: Action, goals: list[str]) -> float:
    """What a budget item is worth (0: not bought). Steps first where the fights are (restored in the armies that
    face the enemy, then new units), then armies, generals and depots; Britain's free fleet while it has few, else
    its free card, then cards bought; its last resources go to an ally at war with units to rebuild."""
    verb, arg = a
    power = st.frame["power"]
    if verb == "restore":
        zone = unit_zone(st, arg)
        return 6.0 - min(3, distance_to(zone, goals) if zone else 3) / 2
    if verb == "army":
        return 5.5
    if verb == "build":
        return 4.0 + S.unit(arg).steps / 10
    if verb == "general":
        return 3.5 if general_post(st, side, arg, goals) is not None else 0.0
    if verb == "build_reduced":
        return 3.0
    if verb == "depot":
        return 4.5 if needs_depots(st, side, power) else 2.0
    if verb == "free_fleet":
        fleets = sum(1 for x in st.g["fleets"].values() if x["power"] == power)
        return 2.5 if fleets < 4 else 0.0
    if verb == "free_card":
        return 2.4
    if verb == "buy_card":
        return 1.5
    if verb == "transfer":
        return 1.0 if power == "britain" and S.status_of(st, arg) == "at_war" and budget.pool(st, arg) else 0.0
    return 0.0


def needs_depots(st: State, side: str, power: str) -> bool:
    """13.3 / 7.3.5: an army of ``power`` has no mobile depot left to carry its supply line into enemy ground (at
    half a resource, the cheapest thing that keeps a siege going: an unsupplied besieger may not attack, 15.2)."""
    return any(not S.force(st, fid)["depots"] for fid in budget.depot_armies(st, power, side))


def spend_where_it_counts(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.3.2: buy the item worth most (``spend_value``); finish when nothing is worth its price."""
    goals = front(st, side)
    scored = [(spend_value(st, side, a, goals), a) for a in legal]
    value, best = max(scored, key=lambda x: (x[0], str(x[1][1])))
    if value <= 0:
        return ("done", None), "nothing more worth its price"
    return best, "rebuild and reinforce where the next fights are"


def place_towards_the_front(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.3.4: a new unit joins an army (else a general: a lone unit has no one to lead it), the one nearest the
    fighting; with no general to join, the reinforcement zone nearest the fighting."""
    zones = [a for a in legal if a[0] == "zone"]
    if not zones:
        return None
    goals = front(st, side)

    def key(a: Action) -> tuple[int, int, str]:
        here = [S.force(st, fid) for fid in S.outside(st, a[1], side)]
        led = max((2 if f["army"] else 1 for f in here if f["commander"]), default=0)
        return -led, min(FAR, distance_to(a[1], goals)), a[1]

    best = min(zones, key=key)
    return best, f"the new unit goes towards the front: {S.zone_name(best[1])}"


def general_post(st: State, side: str, gid: str, goals: list[str]) -> str | None:
    """7.3.6: the force a general of the reserve is worth placing with: one of his own nation within three borders
    of the fighting, the nearest and strongest first (a Russian general sent to command a Swedish corps in
    Stockholm helps no one); None if there is none."""
    power = S.general(gid).power
    posts = [fid for fid in budget.general_forces(st, gid, side)
             if S.force(st, fid)["power"] == power and distance_to(S.force(st, fid)["zone"], goals) <= 3]
    return min(posts, key=lambda fid: (distance_to(S.force(st, fid)["zone"], goals),
                                       -S.combat_value(S.force(st, fid)), fid), default=None)


def strongest_nearest_front(st: State, side: str, legal: list[Action], why: str) -> Choice | None:
    forces = [a for a in legal if a[0] == "force"]
    if not forces:
        return None
    goals = front(st, side)
    best = min(forces, key=lambda a: (distance_to(S.force(st, a[1])["zone"], goals),
                                      -S.combat_value(S.force(st, a[1])), a[1]))
    return best, f"{why}: {S.name_of(st, best[1])}"


def general_to_the_front(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.3.6: a general goes to a force of his nation nearest the fighting (``general_post``)."""
    post = general_post(st, side, st.frame["gid"], front(st, side))
    if post is not None and ("force", post) in legal:
        return ("force", post), f"the general joins {S.name_of(st, post)}, nearest the fighting"
    return strongest_nearest_front(st, side, legal, "the general joins the force nearest the fighting")


def army_for_the_front(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.3.5: the new army marker goes to the force nearest the fighting (an army fights and rebuilds better)."""
    return strongest_nearest_front(st, side, legal, "the army is formed nearest the fighting")


def depot_for_the_front(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.3.5: the depot goes to an army without one, nearest the fighting, which will march out of supply first
    (13.3)."""
    bare = [a for a in legal if a[0] == "force" and not S.force(st, a[1])["depots"]]
    return strongest_nearest_front(st, side, bare or legal, "the depot goes to the army nearest the fighting")


def minors_steps_first(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.3.3: restore, then build whole units, then place generals; reduced builds last."""
    for verb in ("restore", "build", "general", "build_reduced"):
        choice = next((a for a in legal if a[0] == verb), None)
        if choice is not None:
            return choice, "the allied minors' steps rebuild their units"
    return None


BUDGET_HAND = 4  # cards a side keeps for the year's rounds before it spends one on a budget event (7.3)


def budget_event_worth(st: State, side: str, cid: str) -> float:
    """7.3 / 6.4: what a budget event is worth against keeping the card (0: keep it). Always worth it: the
    Continental Blockade (25F, a victory point at every budget in which it holds), Smuggling (50C: that point
    denied), a victory point (39F) and cards drawn (7C: two for one). While the hand keeps ``BUDGET_HAND`` cards:
    units and steps free (the Conscripts, Fouché, the Landwehr, the special units: a unit is 1-2 resources for
    each step, and steps outlast the 2-3 AP of one round) and resources now, except a card kept for the decisive
    battle or a victory card."""
    card = S.data().cards.cards[cid]
    effects = card.effects("event")
    if cid == "25F" or any(isinstance(e, CancelBlockadeVp) for e in effects):
        return 10.0
    if victory_card(cid):
        return 9.0
    if effects and all(isinstance(e, DrawCards) for e in effects):
        return 8.0
    if len(st.g["hands"][side]) <= BUDGET_HAND or ai.keep_combat_cards(st, cid):
        return 0.0
    money = sum(e.value for e in effects if isinstance(e, Resources))
    return 1.0 + money / 4 + sum(1 for e in effects if isinstance(e, UNIT_EFFECTS)) - card.value / 10


def budget_events(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.3 (the budget's events): play the event worth most (``budget_event_worth``), one at a time; else keep the
    cards for the campaign."""
    scored = [(budget_event_worth(st, side, a[1]), a) for a in legal if a[0] == "event"]
    value, best = max(scored, key=lambda x: (x[0], x[1][1]), default=(0.0, ("done", None)))
    if value <= 0:
        return ("done", None), "the cards are kept for the campaign"
    why = ("the Continental Blockade's victory point: played as soon as it may be" if value >= 10
           else "a victory point now" if value >= 9 else "more cards than it costs" if value >= 8
           else "its units and resources outlast the card's AP")
    return best, why


PUNISHMENTS_AT = 15  # 6.1 « Lorsque ce niveau atteint 15 points, les cartes Les Châtiments [...] »


def escalade_wanted(st: State, side: str) -> bool:
    """6.1 / 19.3: the Empire of 1805 wants the escalade until the Punishments come in: its only end victory needs
    45F *Europe Napoléonienne*, a Punishments card (the escalade is off in 1809, 20.3, which starts among them)."""
    return side == "empire" and st.g.get("escalade") is not None and not diplomacy.punishments(st)


def escalating_card(cid: str) -> bool:
    return (S.data().cards.cards[cid].escalade or 0) > 0


def play_escalating_event(st: State, side: str, legal: list[Action]) -> Choice | None:
    """6.1: an Empire that wants the escalade (``escalade_wanted``) plays the events that raise it as soon as the
    rules allow (9F Persia, 22F Maria Walewska's Poland: « 2 points d'escalade sont enregistrés », 8.3.5)."""
    if not escalade_wanted(st, side):
        return None
    best = next((a for a in legal if a[0] == "event" and escalating_card(a[1])), None)
    return (best, "its event raises the escalade towards the Punishments and 45F (6.1, 19.3)") if best else None


def play_victory_event(st: State, side: str, legal: list[Action]) -> Choice | None:
    """19: an event that moves the victory track the side's way (Malet, Erfurt, Napoleonic Europe, the King of
    Rome) is played as soon as the rules allow it: a level is worth more than any round's AP."""
    best = next((a for a in legal if a[0] == "event" and victory_card(a[1])), None)
    return (best, "its event moves the victory track our way") if best is not None else None


# -- 18 the conquest phase's choices ---------------------------------------------------------------------------

def province_worth(st: State, side: str, pid: str) -> float:
    """18.2.2: what a province annexed is worth: for the Empire the markings of the new entities (Polish for
    Poland, 8.3.5; W for Westphalia, 8.3.2; R for the Confederation, 8.3.1), the provinces that make a kingdom
    (Tyrol, Venetia); for both its fortresses (links and sources, 13.2) and ports (the blockade, 18.1)."""
    m = S.data().map
    p = m.provinces[pid]
    worth = 0.0
    if side == "empire":
        worth += 3 * (p.polish or p.westphalia or any(k[0] == pid for k in peace.ANNEXATION_FLAGS)) + 2 * p.rhine
    for z in m.zones_of(pid):
        worth += (z.id in st.g["fortresses"]) + 0.5 * bool(z.port)
    return worth


def conquest_choice(st: State, side: str, legal: list[Action]) -> Choice | None:
    """18: the conquest phase's decisions. A minor without units stays an ally when it counts towards a new
    entity or may become a protectorate (8.3, 8.1.5: victory points), else joins the National Territory (a supply
    source, 13.2); Tilsit imposes its peace (+1 VP); Tambours de Guerre fights on; a forced alliance is worth the
    weakest card not kept for its event (it lasts to the end, 8.1.4); the best province (``province_worth``) goes
    to the kingdom it completes, else to the victor; an extra card is the reward (more AP or an event than 4
    resources' steps); redeployed forces go nearest the fighting."""
    kind = st.frame["kind"]
    verbs = {a[0] for a in legal}
    if kind == "integrate":
        minor = S.data().map.powers[legal[0][1]]
        marked = entity_minor(minor.id)
        keep = ("ally", minor.id) if (minor.protectorate or marked or side == "coalition") else ("integrate", minor.id)
        return keep, "an ally counts for the new entities and protectorates" if keep[0] == "ally" else \
            "its capital becomes a supply source of the National Territory"
    if "impose" in verbs or "fight_on" in verbs:
        best = next(a for a in legal if a[0] in ("impose", "fight_on"))
        return best, ("Tilsit: a peace and a victory point" if best[0] == "impose"
                      else "Tambours de Guerre: the power fights on")
    if kind == "alliance":
        cards_ = [a for a in legal if a[0] == "discard" and not S.data().cards.cards[a[1]].cannot_discard
                  and not kept_card(st, side, a[1])]  # 45F went for Prussia's forced alliance (1805 seed 0)
        if not cards_:
            return ("pass", None), "no card may be spared"
        worst = min(cards_, key=lambda a: (S.data().cards.cards[a[1]].permanent is not None,
                                           S.data().cards.cards[a[1]].value, ai.keep_combat_cards(st, a[1]), a[1]))
        return worst, "a forced alliance lasts to the end of the game (8.1.4)"
    if kind == "annex":
        def worth(a: Action) -> tuple[float, str]:
            return (2.0 if a[0] == "take_minor" else province_worth(st, side, a[1])), a[1]
        best = max(legal, key=worth)
        return best, "the province worth most to the victory and supply"
    if kind == "recipient":
        province = st.frame.get("province")
        for (pid, minor), _ in peace.ANNEXATION_FLAGS.items():
            if pid == province and ("annex_to", minor) in legal:
                return ("annex_to", minor), f"it completes a kingdom of {S.data().map.powers[minor].name}"
        victor = st.frame.get("victor")
        if ("annex_to", victor) in legal:
            return ("annex_to", victor), "the victor takes it"
        return None
    if kind == "reward":
        return ("reward_card", None), "a card more: AP or an event"
    zones = [a for a in legal if a[0] == "zone"]
    if zones:
        goals = front(st, side)
        best = min(zones, key=lambda a: (distance_to(a[1], goals), a[1]))
        return best, "nearest the fighting"
    return None


def dismiss_the_weakest(st: State, side: str, legal: list[Action]) -> Choice | None:
    """12.2.2: the subordinate with the weakest ratings returns to the reserve."""
    def rating(a: Action) -> tuple[int, str]:
        g = S.general(a[1])
        return g.attack + g.defence + g.command - g.initiative, a[1]
    worst = min((a for a in legal if a[0] == "dismiss"), key=rating, default=None)
    return (worst, "the weakest general goes back to the reserve") if worst else None


def deploy_towards_the_front(st: State, side: str, legal: list[Action]) -> Choice | None:
    """8.2.3 / 17: a minor entering the war deploys, and a fleet is placed, nearest the fighting."""
    best = nearest_the_front(st, side, legal)
    return (best, f"nearest the fighting: {S.zone_name(best[1])}") if best else None


# -- 7.5 / 7.6 redeployment -------------------------------------------------------------------------------------

def redeploy_value(st: State, side: str, fid: str, goals: list[str]) -> float:
    """A force worth redeploying: strong enough, not already at the front, not the garrison of a key zone."""
    f = S.force(st, fid)
    value = S.combat_value(f)
    if value < REDEPLOY_MIN or garrison(st, side, fid):
        return 0.0
    d = distance_to(f["zone"], goals)
    if d <= 1 or d >= FAR:
        return 0.0
    return value * (2 if S.is_army(f) else 1) + d / 10


def redeploy_towards_the_front(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.6: move the strongest force far from the fighting towards it (the neutral majors of 7.5 stay home: they
    are not at war, 8.1.1)."""
    if st.frame["mode"] != "strategic":
        return ("done", None), "a neutral power's army stays home"
    goals = front(st, side)
    options = [(redeploy_value(st, side, a[1], goals), a) for a in legal if a[0] == "force"]
    options = [o for o in options if o[0] > 0]
    if not options:
        return ("done", None), "every force worth moving stands at the front"
    best = max(options, key=lambda o: (o[0], o[1][1]))[1]
    return best, f"{S.name_of(st, best[1])} redeploys towards the front"


def redeploy_step(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.6: the zone nearest the front where no stronger enemy stands next door, within the printed MF (beyond it
    an attrition test costs steps) unless the front is still far; stop when no zone gets nearer."""
    f = st.frame
    force = S.force(st, f["fid"])
    goals = front(st, side)
    here = distance_to(force["zone"], goals)
    left_base = S.base_mf(force) - f["spent"]
    mine = S.combat_value(force)
    options = []
    for a in legal:
        if a[0] != "zone":
            continue
        cost = S.data().map.enter_cost(force["zone"], a[1]) or 0
        d = distance_to(a[1], goals)
        if d >= here or not ai.safe_zone(st, side, a[1], mine) or (cost > left_base and d <= 3):
            continue
        options.append((d, cost, a[1], a))
    if options:
        best = min(options)[3]
        return best, f"towards the front, by {S.zone_name(best[1])}"
    if ("done", None) in legal:
        return ("done", None), "near enough the front"
    return None


def redeploy_fleets_stay(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.5: a neutral's fleet stays in port (17: fleets leave port only for a fight at good odds)."""
    return (("done", None), "the fleet stays in port") if ("done", None) in legal else None


# -- the evaluation function -----------------------------------------------------------------------------------

def evaluate(st: State, side: str) -> float:
    """How good a grand-campaign position is for ``side`` (the game not over), from -1 to 1: the victory level
    (19: 20 wins for the Empire, 0 for the Coalition), France's key zones (19.3), the enemy key zones held
    (conquests, 18.2.1), the escalade (``escalade_score``), steps, supply and morale."""
    g = st.g
    start = S.data().scenarios[g["scenario"]].header.victory_level or 0
    score = 0.6 * (g["vp"] - start) + escalade_score(st)
    for z in ai.french_keys():
        if S.controller(st, z) == "coalition":
            score -= 1.5  # 19.3: every key zone of France held brings the Coalition's end victory closer
    for power, s in g["sides"].items():
        if s == "coalition" and is_major(power) and power != "britain":
            score += 0.5 * sum(1 for z in key_zones(power) if S.controller(st, z) == "empire")
    steps = {"empire": 0, "coalition": 0}
    for f in g["forces"].values():
        if f["side"] not in steps:
            continue
        value = S.combat_value(f)
        steps[f["side"]] += value
        sign = 1 if f["side"] == "empire" else -1
        if f["unsupplied"] or f["demoralized"]:
            score -= sign * 0.05 * value  # 13, 14.9: they fight worse and wither
    score += 0.05 * steps["empire"] - 0.03 * steps["coalition"]  # the Coalition has more men to spend
    score += 1.0 if ai.napoleon_force(st) is not None else 0.0
    value = math.tanh(score / 6)
    return value if side == "empire" else -value


def escalade_score(st: State) -> float:
    """6.1 / 19.3, for the Empire: in 1805 its only end victory needs 45F, a Punishments card, so each point of
    escalade up to 15 is a step towards it, the Punishments in are worth the rest of the way, and 45F played is
    one of 19.3's three conditions (1809 starts among the Punishments with the escalade off: nothing)."""
    g = st.g
    if g.get("escalade") is None:
        return 0.0
    played = diplomacy.event_was_played(st, "45F")
    return 0.1 * min(g["escalade"], PUNISHMENTS_AT) + 0.5 * diplomacy.punishments(st) + 1.5 * played


RULES: dict[str, tuple[Rule, ...]] = {
    **ai.RULES,
    "round": (war_first, play_end_card_event, play_victory_event, play_escalating_event, ai.play_event_worth_more,
              diplomatic_move, activate_when_useful, ai_naval.sail_when_useful, ai_naval.guard_when_needed,
              pass_when_nothing_gains),
    "activation": (ai_naval.activate_a_landing, ai_naval.guard_the_coast, activate_best_force,
                   ai_naval.activate_a_squadron, ai.finish_activation),
    "naval.squadron": (ai_naval.join_the_squadron,),
    "naval.move": (ai_naval.follow_the_plan,),
    "naval.landing": (ai_naval.land_the_strongest,),
    "march": (ai_naval.march_to_the_coast, ai.march_rally, march_attack, march_siege, march_reactivate, march_flag,
              keep_the_supply_line, march_on, ai.march_stop, march_forced_on),
    "diplomacy.phase": (play_end_card_event, diplomatic_move, ai.done),
    "interphase.war": (declare_on_a_major_it_can_beat, declare_on_a_weak_minor, ai.declare_no_war),
    "interphase.hands": (dig_for_the_end_cards, keep_the_best_cards),
    "budget.spend": (spend_where_it_counts,),
    "budget.place": (place_towards_the_front,),
    "budget.general": (general_to_the_front,),
    "budget.army": (army_for_the_front,),
    "budget.depot": (depot_for_the_front,),
    "budget.minors": (minors_steps_first,),
    "redeploy": (redeploy_towards_the_front,),
    "redeploy.move": (redeploy_step,),
    "redeploy.fleet": (redeploy_fleets_stay,),
    "place": (place_towards_the_front,),
    "budget.events": (budget_events,),
    "conquest.choice": (conquest_choice,),
    "army.subordinates": (dismiss_the_weakest,),
    "diplomacy.deploy": (deploy_towards_the_front,),
}
"""The grand campaigns' rules by step: ``ai.RULES`` with the steps whose 1815 rules do not fit replaced."""


# -- the search's hook (grognard/agents/search.py, through ai.search_plan; kept apart from the heuristic's rules) --

SEARCHED = frozenset({
    "round", "activation",  # 9: which card, event or force: the activation phase's choices
    "intercept", "evade", "campaign.hold", "battle.choose", "cards.window",  # 12, 14: battles
    "naval.intercept", "naval.evade", "naval.sortie", "naval.nelson",  # 17: naval fights
    "interphase.war", "diplomacy.phase", "diplomacy.target",  # 7.1, 8: war and diplomacy
    "conquest.choice"})  # 18: peace terms
"""The steps the search plays out where its playouts run to the result (the last year, out of its interphase;
elsewhere ``READ_AT_THE_HORIZON``); at every other (marches, losses, retreats, budget, redeployment: most of a game's
1,500-3,000 decisions) the heuristic's move is played at once."""

READ_AT_THE_HORIZON = frozenset({
    "intercept", "evade", "campaign.hold", "battle.choose", "cards.window",  # 12, 14: at the side's next turn
    "naval.intercept", "naval.evade", "naval.sortie", "naval.nelson",  # 17: likewise
    "conquest.choice"})  # 18: at the year's end
"""The steps of ``SEARCHED`` searched where a playout is scored by ``evaluate`` (before the last year, and in its
interphase): those whose worth the horizon reads, a battle's steps won and lost, the peace terms' conquests. What a
card, an activation, a declaration or a diplomatic action brings shows at the year's conquest phase, which the next
turn's evaluation does not see: round 8's search switched there on leads that did not last to the year's end (ten
such switches of a 1809 game: +0.036 a simulation at the next turn, -0.001 at the year's end; docs/agents.md,
"Round 9"), so those steps follow the heuristic until the last year's playouts run to the result."""

TURN_ORDER = {"empire": 0, "coalition": 1}  # 5.2: the Empire acts first in each round


def search_plan(st: State, side: str) -> tuple[bool, ai.Horizon | None]:
    """Searched or routine (``SEARCHED``; where playouts are scored by ``evaluate``, ``READ_AT_THE_HORIZON``), and
    where a playout stops to be scored (``search_horizon``)."""
    to_the_result = last_year(st) and st.g["phase"] != "interphase"
    if str(st.step) not in (SEARCHED if to_the_result else READ_AT_THE_HORIZON):
        return False, None
    return True, search_horizon(st, side)


def search_horizon(st: State, side: str) -> ai.Horizon:
    """Where a playout from ``st`` stops: in the activation phase at ``side``'s next turn (its move and the enemy's
    answer), or when the year ends if it ends first (5.3-5.4: the conquests and the victory level are read), but
    in the scenario's last year at the end of the game (19.3: the result, not the evaluation, says whether
    France's key zones are held with supply, Mantua kept and 45F played); in the conquest and victory phases
    when the year ends (the interphase's steps are not searched: ``READ_AT_THE_HORIZON``)."""
    g = st.g
    if last_year(st):
        return lambda s: False  # 19.3: to the result, 130-190 decisions from the last activation phase's start
    year = g["year"]
    if g["phase"] != "activation":
        return lambda s: s.g["year"] != year
    here = (g["round"], TURN_ORDER[g["turn"]])

    def done(s: State) -> bool:
        h = s.g
        if h["year"] != year:
            return True
        return (h["phase"] == "activation" and h["turn"] == side and s.step == "round"
                and (h["round"], TURN_ORDER[h["turn"]]) > here)

    return done
