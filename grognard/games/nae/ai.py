"""How a computer plays Napoleon against Europe: the priority rules of the heuristic player and the evaluation
function the search scores its truncated rollouts with.

Each rule is a small function ``rule(st, side, legal) -> (action, reason) | None`` named after what a strong player
does, with its reason in one line; a step's rules are tried in order and the first that answers decides. Rules read
only what ``side`` may see (its own hand, the board, the played cards), so the heuristic needs no determinization.
The 1815 objectives (20.1): the Coalition wins by removing Napoléon or by conquering France (18.2.1: Paris, Lyon,
Bordeaux and Antwerp) once France has no non-demoralized army; otherwise France wins."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from functools import cache
from typing import Any

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation, battle, cards, conquest, diplomacy, movement, naval, siege, supply
from grognard.games.nae.schema.cards import ActivateForces, CombatBonus, EnterUnits, MoraleModifier

Choice = tuple[Action, str]
Rule = Callable[[State, str, list[Action]], Choice | None]

NAPOLEON = "napoleon"
SAFE_ODDS = 1.0  # a march ends next to enemies no stronger than the force
HUNT_LEAD = -3  # the Coalition attacks Napoléon unless the dice are hopeless
HUNT_RANGE = 4  # borders within which a Coalition force joins the hunt
HUNT_MIN = 4  # combat value of a force worth sending after Napoléon


# -- the board as a player reads it ---------------------------------------------------------------------------

def borders_from(zone: str, enterable: Callable[[str], bool] = lambda z: True) -> dict[str, int]:
    """Borders to cross from ``zone`` to every zone reached through ``enterable`` ones (breadth first over land
    borders)."""
    m = S.data().map
    out = {zone: 0}
    todo = deque([zone])
    while todo:
        here = todo.popleft()
        for nxt in m.neighbours(here):
            if nxt not in out and enterable(nxt):
                out[nxt] = out[here] + 1
                todo.append(nxt)
    return out


@cache
def distances(zone: str) -> dict[str, int]:
    """Borders to cross from ``zone`` to every zone."""
    return borders_from(zone)


def dist(a: str, b: str) -> int:
    return distances(a).get(b, 99)


@cache
def french_keys() -> tuple[str, ...]:
    return tuple(conquest.key_zones("france"))


class Board:
    """The forces by zone, read once per decision (the rules below ask the same questions many times)."""

    def __init__(self, st: State) -> None:
        self.outside: dict[tuple[str, str], list[str]] = {}
        self.value: dict[tuple[str, str], int] = {}
        self.napoleon: str | None = None
        self.memo: dict[Any, Any] = {}  # what other rules found this decision (``ai_naval``'s routes and plans)
        for fid, f in st.g["forces"].items():
            key = (f["zone"], f["side"])
            self.value[key] = self.value.get(key, 0) + S.combat_value(f)
            if not f["in_fortress"]:
                self.outside.setdefault(key, []).append(fid)
            if self.napoleon is None and NAPOLEON in S.generals_of(f):
                self.napoleon = fid


_board: list[Any] = [None, None]  # [state, its Board or None until asked] while ``policy`` or ``evaluate`` runs


def board(st: State) -> Board:
    if _board[0] is st:
        if _board[1] is None:
            _board[1] = Board(st)
        return _board[1]  # type: ignore[no-any-return]
    return Board(st)


def napoleon_force(st: State) -> str | None:
    return board(st).napoleon


def strength(st: State, zone: str, side: str, reach: int = 0) -> int:
    """Combat value of ``side``'s forces within ``reach`` (0 or 1) borders of ``zone``, fortresses included."""
    values = board(st).value
    total = values.get((zone, side), 0)
    if reach:
        total += sum(values.get((z, side), 0) for z in S.data().map.neighbours(zone))
    return total


def odds(a: int, d: int) -> str:
    """The odds as a player says them: 3:2, 2:1, 1:2."""
    if d <= 0:
        return "no defender"
    r = a / d
    if r >= 1:
        return f"{round(r)}:1" if r >= 1.75 or r < 1.25 else "3:2"
    return f"1:{round(1 / r)}" if r <= 0.57 or r > 0.8 else "2:3"


def dice_text(lead: float, whose: str = "") -> str:
    """``edge``'s lead as a reason reads it: the 14.2 outright destruction rather than its ±99 stand-in."""
    if abs(lead) >= 99:
        return "the odds destroy " + ("the defender" if lead > 0 else "the attacker") + " outright (14.2)"
    return f"dice {lead:+.0f}{whose}"


def edge(st: State, att: str, foes: list[str], zone: str, came_from: str) -> float:
    """The attacker's expected lead on the battle dice (14.5): odds column, terrain and border, the generals'
    tactical values, cavalry superiority, the best elite corps and supply; +99 when the odds destroy the defender
    outright (5:1, 14.2), -99 when they destroy the attacker (1:5)."""
    t = S.data().tables
    me = S.force(st, att)
    a = S.combat_value(me)
    d = sum(S.combat_value(S.force(st, x)) for x in foes)
    if d == 0:
        return 99.0
    if a == 0:
        return -99.0
    row = t.odds_row(a, d)
    if row.destroys:
        return 99.0 if row.destroys == "defender" else -99.0
    foe = S.force(st, max(foes, key=lambda x: S.combat_value(S.force(st, x))))
    terrain = t.terrain[S.data().map.zones[zone].terrain]
    crossed = zone != came_from and came_from not in battle.NO_ENTRY  # a sortie or a standing battle crosses none
    border = t.borders[S.data().map.feature_of(came_from, zone).id] if crossed else None
    lead = float(row.modifier + terrain.attacker_modifier - terrain.defender_modifier)
    if border is not None:
        lead += border.army_attacker_modifier if S.is_army(me) else border.attacker_modifier
    lead += battle.tactical(me, True) - battle.tactical(foe, False)
    lead += _best_stars(me) - _best_stars(foe)
    mc, fc = battle.cavalry_count(me), battle.cavalry_count(foe)
    lead += 1 if mc > fc else -1 if fc > mc else 0
    # 15.2: a sortie fights with the garrison's supply (a sea line), the others through their entry zone (14.5.4)
    fed = supply.force_supplied(st, att) if siege.besieged(st, att) else supplied_from(st, att, came_from, zone)
    lead -= 3 * (not fed) - 3 * foe["unsupplied"]
    return lead


def supplied_from(st: State, fid: str, came_from: str, zone: str) -> bool:
    """13.1 / 14.5.4: would the force be supplied fighting in ``zone`` entered from ``came_from`` (its line runs
    through the entry zone)? The marker it carries is stale: supply is checked again when it is activated."""
    net = supply.supply_network(st, S.force(st, fid)["power"])
    if zone == came_from or came_from in battle.NO_ENTRY:  # no move in (14.5.4 as battle.py reads it)
        return zone in net.dist
    cost = S.data().map.enter_cost(zone, came_from)
    return (came_from in net.dist and came_from not in net.blocked and cost is not None
            and net.dist[came_from] + cost <= supply.link_limit())


def _best_stars(f: S.Force) -> int:
    return max((S.unit(u).stars or 0 for u in f["units"] if not S.unit(u).special), default=0)


def attack_ok(st: State, side: str, fid: str, foes: list[str], zone: str) -> bool:
    """A battle worth fighting. The Coalition trades steps gladly (it has twice France's men): even dice and 3:2
    numbers suffice; against Napoléon even dice with any superiority, or twice his numbers and at most 2 down on
    the dice. France fights only with a clear lead, and never risks Napoléon next to a stronger enemy."""
    f = S.force(st, fid)
    lead = edge(st, fid, foes, zone, f["zone"])
    mine = S.combat_value(f)
    theirs = sum(S.combat_value(S.force(st, x)) for x in foes)
    if side == "coalition":
        hunting = any(NAPOLEON in S.generals_of(S.force(st, x)) for x in foes)
        if hunting:  # in the last round no later battle is worth the steps saved: any odds but 1:5
            return lead > -99 if last_round(st) else lead >= HUNT_LEAD
        return lead >= 0 and mine * 2 >= theirs * 3
    if NAPOLEON in S.generals_of(f) and strength(st, zone, S.other(side), 1) > mine:
        return False
    return lead >= 2 and mine * 2 >= theirs * 3


def objectives(st: State, side: str) -> list[str]:
    """Zones the side marches on. The Coalition: Napoléon's force, then the French key zones it does not hold. The
    Empire: its key zones an enemy stands next to (it wins by holding on)."""
    nap = napoleon_force(st)
    if side == "coalition":
        if nap is not None:
            return [S.force(st, nap)["zone"]]
        return [z for z in french_keys() if S.controller(st, z) != "coalition"]
    return [z for z in french_keys() if S.controller(st, z) == "empire" and strength(st, z, "coalition", 1)]


def goal_distance(st: State, side: str, zone: str) -> int:
    goals = objectives(st, side)
    return min((dist(zone, g) for g in goals), default=0)


def enemy_forces_in(st: State, zone: str, side: str) -> list[str]:
    return board(st).outside.get((zone, S.other(side)), [])


# -- the evaluation function ----------------------------------------------------------------------------------

def evaluate(st: State, side: str) -> float:
    """How good the position is for ``side``, from -1 (lost) to 1 (won): the result when the game is over, else
    the victory conditions weighed with steps, supply, morale and control (a logistic of an Empire score)."""
    if st.over:
        winner = st.result["winner"] if st.result else None
        return 0.0 if winner is None else (1.0 if winner == side else -1.0)
    _board[:] = [st, None]
    try:
        if S.grand_campaign(st):
            from grognard.games.nae import ai_grand  # the grand campaigns' objectives (19); 1815's below

            return ai_grand.evaluate(st, side)
        value = _evaluate(st)
    finally:
        _board[:] = [None, None]
    return value if side == "empire" else -value


def _evaluate(st: State) -> float:
    g = st.g
    score = 0.0
    nap = napoleon_force(st)
    score += 3.0 if nap is not None else -6.0  # 20.1: Napoléon removed is the Coalition's victory
    if nap is not None:
        score += 0.25 * S.combat_value(S.force(st, nap))  # the steps the Coalition must still destroy to win
    steps = {"empire": 0, "coalition": 0}
    for f in g["forces"].values():
        value = S.combat_value(f)
        steps[f["side"]] += value
        sign = 1 if f["side"] == "empire" else -1
        if f["unsupplied"]:
            score -= sign * 0.05 * value  # 13: unsupplied forces fight worse and wither
        if f["demoralized"]:
            score -= sign * 0.05 * value
    score += 0.08 * steps["empire"] - 0.04 * steps["coalition"]  # the Coalition has twice the men to spend
    armies = sum(1 for f in g["forces"].values() for i, a in enumerate(S.armies(f))
                 if a.army and f["side"] == "empire" and not S.army_demoralized(f, i))
    score += 1.0 * min(armies, 2)  # 20.1: France wins with a non-demoralized army
    for z in french_keys():
        if S.controller(st, z) == "coalition":
            score -= 1.2  # 18.2.1: every key zone held brings the conquest of France closer
    if nap is not None:
        nz = S.force(st, nap)["zone"]
        danger = strength(st, nz, "coalition", 1) - strength(st, nz, "empire", 1)
        score -= 0.08 * max(0, danger)  # Napoléon next to a stronger enemy may be caught
    # the Coalition's approach: its strength near Paris counts before the battles are fought
    near = sum(S.combat_value(f) / (1 + dist(f["zone"], "paris")) for f in g["forces"].values()
               if f["side"] == "coalition")
    score -= 0.15 * near
    return math.tanh(score / 6)


# -- rules by step --------------------------------------------------------------------------------------------

def _first(legal: list[Action], verb: str) -> Action | None:
    return next((a for a in legal if a[0] == verb), None)


def keep_combat_cards(st: State, cid: str) -> bool:
    """A card with a strong combat use (a combat bonus or morale) is kept for the decisive battle."""
    card = S.data().cards.cards[cid]
    return any(isinstance(e, (CombatBonus, MoraleModifier)) and card.use_of(e) == "combat" for e in cards.leaves(card))


def event_worth(st: State, side: str, cid: str) -> int:
    """An event's worth in AP: forces it activates (about 2 AP each), units it brings (Fatherland in Danger, the
    Conscripts, the Chouans: 3), a seventh round for a Coalition that needs time (4)."""
    card = S.data().cards.cards[cid]
    worth = 0
    for e in card.effects("event"):
        if isinstance(e, ActivateForces):
            worth += 2 * e.count
        elif isinstance(e, EnterUnits):
            worth += 3
    if cid in ("31F", "5C"):
        worth += 3
    if side == "coalition":
        worth = coalition_event_worth(st, cid, worth)
    return worth


def strikers(st: State) -> list[str]:
    """Coalition forces able to fight Napoléon this round: strong, not demoralized, within two zones of him."""
    nap = napoleon_force(st)
    if nap is None:
        return []
    nz = S.force(st, nap)["zone"]
    return [fid for fid, f in st.g["forces"].items() if f["side"] == "coalition" and f["commander"]
            and not f["demoralized"] and S.combat_value(f) >= HUNT_MIN and dist(f["zone"], nz) <= 2
            and not siege.besieged(st, fid)]


def coalition_event_worth(st: State, cid: str, worth: int) -> int:
    """The Coalition's events in the hunt for Napoléon: a Major Campaign (12C) or the Treaty of Chaumont (54C) only
    when two strong forces can strike him this round (else their forces are not worth the card's AP); the Winter
    Campaign (16C) gives the round back later, so it is played in a round when no force can strike him."""
    near = strikers(st)
    if cid == "12C":
        return worth if len(near) >= 2 else 0
    if cid == "54C":
        return worth if len({S.major_of(st, S.force(st, x)["power"]) for x in near}) >= 2 else 0
    if cid == "16C":
        return 0 if any(hunt_value(st, x) >= 300 for x in near) else 5
    return worth


def threatened_key(st: State, side: str) -> str | None:
    """A key zone of France an enemy stronger than its defenders stands next to."""
    if side != "empire":
        return None
    for z in french_keys():
        if S.controller(st, z) == "empire" and strength(st, z, "coalition", 1) > strength(st, z, "empire", 0):
            return z
    return None


def good_attack(st: State, side: str, fid: str) -> tuple[str, int, int] | None:
    """An enemy force next to ``fid`` worth attacking (``attack_ok``): the strongest such."""
    f = S.force(st, fid)
    mine = S.combat_value(f)
    best = None
    for z in S.data().map.neighbours(f["zone"]):
        foes = enemy_forces_in(st, z, side)
        if not foes:
            continue
        theirs = sum(S.combat_value(S.force(st, x)) for x in foes)
        if attack_ok(st, side, fid, foes, z) and (best is None or theirs > best[2]):
            best = (z, mine, theirs)
    return best


def play_event_worth_more(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Play an event when it is worth more than the card's AP."""
    best = max((a for a in legal if a[0] == "event"), key=lambda a: event_worth(st, side, a[1]), default=None)
    if best is None:
        return None
    worth = event_worth(st, side, best[1])
    if worth > cards.ap_value(st, best[1]) and (side == "coalition" or worth >= 4):
        return best, f"its event is worth more than its {cards.ap_value(st, best[1])} AP"
    return None


def empire_holds_on(st: State, side: str, legal: list[Action]) -> Choice | None:
    """France wins by holding on: pass unless a key zone is threatened or a good attack is there."""
    if side != "empire":
        return None
    if threatened_key(st, side) or any(good_attack(st, side, fid) for fid, f in st.g["forces"].items()
                                       if f["side"] == side and f["commander"]):
        return None
    return ("pass", None), "France wins by holding on: nothing is threatened and no attack is worth the risk"


def activate_with_a_spare_card(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Play for AP the card worth the most AP among those not kept for battle."""
    plays = [a for a in legal if a[0] == "card"]
    if not plays:
        return None
    spare = [a for a in plays if not keep_combat_cards(st, a[1])] or plays
    best = max(spare, key=lambda a: (cards.ap_value(st, a[1]), a[1]))
    return best, f"{cards.ap_value(st, best[1])} AP to move, the combat cards kept for the decisive battle"


def operation_without_card(st: State, side: str, legal: list[Action]) -> Choice | None:
    """With no card to spare, a 1-AP operation still moves a corps."""
    if side == "coalition" and _first(legal, "op"):
        return ("op", None), "no card to spare: a 1-AP operation"
    return None


def pass_turn(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Nothing worth an action: pass (the hand is kept; no card is drawn in 1815)."""
    return ("pass", None), "nothing worth doing"


def force_value(st: State, side: str, fid: str) -> float:
    """What activating force ``fid`` is worth: an attack worth fighting (Napoléon's force first), the defence of a
    threatened key zone, or (the Coalition) a strong force closing on Napoléon or a key zone. Small forces far
    from anything are not worth the AP: what is left goes to the reserve for the armies (9.2)."""
    f = S.force(st, fid)
    if siege.besieged(st, fid):
        return sortie_value(st, side, fid)
    value = S.combat_value(f)
    if side == "coalition":
        hunt = hunt_value(st, fid)
        if hunt:
            return hunt
    attack = good_attack(st, side, fid)
    if attack:
        return 100.0 + attack[2]
    key = threatened_key(st, side)
    if key and f["zone"] != key and dist(f["zone"], key) <= 2 and NAPOLEON not in S.generals_of(f):
        return 50.0 + value
    if side != "coalition" or f["in_fortress"]:
        return 0.0
    target = march_target(st, side, fid)
    here = dist(f["zone"], target)
    if not any(dist(z, target) < here and not enemy_forces_in(st, z, side)
               for z in S.data().map.neighbours(f["zone"])):
        return 0.0  # no step nearer without a battle it should not fight: keep the AP
    if value < 4 and not (f["zone"] in french_keys() or dist(f["zone"], "paris") <= 2):
        return 0.0
    return value * (2 if S.is_army(f) else 1) / (1 + here)


def sortie_value(st: State, side: str, fid: str) -> float:
    """15.2: a besieged force is activated only to attack its besiegers, when the battle is worth fighting (it
    fights unsupplied unless a sea line feeds the fortress); a victory lifts the siege and frees it."""
    f = S.force(st, fid)
    foes = enemy_forces_in(st, f["zone"], side)
    if not foes or not attack_ok(st, side, fid, foes, f["zone"]):
        return 0.0
    return 100.0 + sum(S.combat_value(S.force(st, x)) for x in foes)


def army_strike_value(st: State, army: str) -> float:
    """9.1: one army of a group activated alone when it alone has 5:1 odds against Napoléon next door (14.2): the
    other army can strike after it for its own AP if he evades, and he evades an army led by a general of his
    initiative without the +1 the group's higher initiative gives him (12.5)."""
    nap = napoleon_force(st)
    if nap is None:
        return 0.0
    f = S.force(st, activation.owner_of(st, "army", army))
    nf = S.force(st, nap)
    part = next(a for a in S.armies(f) if a.army == army)
    value = S.combat_value({"units": part.units})
    t = S.data().tables
    if dist(f["zone"], nf["zone"]) > 1:
        return 0.0
    row = t.odds_row(value, S.combat_value(nf))
    if row.destroys == "defender":
        return 450.0 + value
    if last_round(st) and row.modifier >= 1 and not row.destroys:
        return 420.0 + value
    return 0.0


def hunter(st: State, fid: str) -> bool:
    """A Coalition force that takes part in the hunt for Napoléon: one that can reach him within two marches (a
    force in a fortress marches out when activated)."""
    nap = napoleon_force(st)
    f = S.force(st, fid)
    return nap is not None and dist(f["zone"], S.force(st, nap)["zone"]) <= HUNT_RANGE


def on_the_way(st: State, here: str, zone: str) -> bool:
    """A move that brings a hunter nearer Napoléon."""
    nap = napoleon_force(st)
    return nap is not None and dist(zone, S.force(st, nap)["zone"]) < dist(here, S.force(st, nap)["zone"])


def hunt_value(st: State, fid: str) -> float:
    """20.1: removing Napoléon wins the game for the Coalition, and France's armies rally when supplied, so every
    force that can reach him strikes and those a march away close in; 0 for the others. A strike is open to a force
    two zones away with the MP to get there (``strike_entry``), and the force that fights him best goes first
    (``strike_quality``): Wellington from Brussels marches through Blücher's zone at Namur, takes him in (11) and
    strikes with both armies, where Blücher alone would strike first at 1:1 (round 6: in the three opening
    positions the oracle turned this way, 117, 138 and 132 fair futures won in 200 against 99, 118 and 118)."""
    if not hunter(st, fid):
        return 0.0
    f = S.force(st, fid)
    nz = S.force(st, str(napoleon_force(st)))["zone"]
    d = dist(f["zone"], nz)
    value = S.combat_value(f)
    if d <= 2 and crushes_napoleon(st, fid):
        return 400.0 + value  # 14.2: 5:1 destroys him, the game is won
    if d <= 1 and attack_ok(st, "coalition", fid, enemy_forces_in(st, nz, "coalition"), nz):
        return 300.0 + value + 2 * strike_quality(st, fid, nz, f["zone"])
    if d == 2:
        via = strike_entry(st, fid, nz)
        if via is not None:
            return 300.0 + value + 2 * strike_quality(st, fid, nz, via)
    if value >= HUNT_MIN:
        return 150.0 + value / (1 + d)
    return 0.0


def strike_quality(st: State, fid: str, nz: str, via: str) -> float:
    """How well ``fid`` fights Napoléon entering from ``via``: its dice lead (``edge``) and its morale (14.9: the
    force that holds its morale stays in the hunt)."""
    foes = enemy_forces_in(st, nz, "coalition")
    return edge(st, fid, foes, nz, via) + battle.force_morale(st, S.force(st, fid))


def strike_entry(st: State, fid: str, nz: str) -> str | None:
    """12.1: a zone free of enemies between ``fid`` and Napoléon's zone, both borders within the force's MP, from
    which the battle is worth fighting (``attack_ok``); None if there is none."""
    f = S.force(st, fid)
    m = S.data().map
    mp = movement.movement_factor(st, fid)
    foes = enemy_forces_in(st, nz, "coalition")
    for z in sorted(set(m.neighbours(f["zone"])) & set(m.neighbours(nz))):
        a, b = m.enter_cost(f["zone"], z), m.enter_cost(z, nz)
        if a is None or b is None or a + b > mp or enemy_forces_in(st, z, "coalition"):
            continue
        lead = edge(st, fid, foes, nz, z)
        if lead > -99 if last_round(st) else lead >= HUNT_LEAD:
            return z
    return None


def march_target(st: State, side: str, fid: str) -> str:
    """Where a Coalition force heads: a friendly force near Napoléon stronger than itself, to concentrate before
    the battle, when it is too weak to fight him alone; else the nearest objective."""
    f = S.force(st, fid)
    nap = napoleon_force(st)
    if side == "coalition" and nap is not None:
        nz = S.force(st, nap)["zone"]
        mine = S.combat_value(f)
        if mine < 1.5 * S.combat_value(S.force(st, nap)):
            friends = [(o["zone"]) for x, o in st.g["forces"].items()
                       if x != fid and o["side"] == side and not o["in_fortress"] and dist(o["zone"], nz) <= 2
                       and S.combat_value(o) >= mine]
            if friends:
                return min(friends, key=lambda z: (dist(f["zone"], z), z))
    goals = objectives(st, side)
    return min(goals, key=lambda g: (dist(f["zone"], g), g)) if goals else f["zone"]


def activate_best_force(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Move the force that gains most: a good attack, a threatened key zone, a strong force nearing its goal."""
    options = [(force_value(st, side, a[1]), a) for a in legal if a[0] == "force"]
    if side == "coalition":
        options += [(army_strike_value(st, a[1]), a) for a in legal if a[0] == "army"]
    options = [o for o in options if o[0] > 0]
    if not options:
        return None
    value, best = max(options, key=lambda o: o[0])
    why = ("it alone destroys Napoléon at 5:1, the other army strikes after it" if value >= 450 else
           "it can strike Napoléon" if value >= 300 else "it closes in on Napoléon" if value >= 150 else
           "an attack at good odds" if value >= 100 else
           "a key zone of France is threatened" if value >= 50 else "concentrate on the objective")
    fid = activation.owner_of(st, "army", best[1]) if best[0] == "army" else best[1]
    return best, f"activate {S.name_of(st, fid)}: {why}"


def finish_activation(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Stop when no force gains by moving: unused AP go to the reserve (9.2)."""
    return ("done", None), "no other force gains by moving"


def march_attack(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Attack an enemy force next door when the dice favour it (``attack_ok``), the biggest prize first."""
    fid = st.frame["fid"]
    f = S.force(st, fid)
    mine = S.combat_value(f)
    best = None
    for a in legal:
        if a[0] != "zone":
            continue
        foes = enemy_forces_in(st, a[1], side)
        if not foes or not (attack_ok(st, side, fid, foes, a[1]) or campaign_support(st, side, fid, foes)):
            continue
        theirs = sum(S.combat_value(S.force(st, x)) for x in foes)
        napoleon = any(NAPOLEON in S.generals_of(S.force(st, x)) for x in foes)
        if side == "coalition" and not napoleon and hunter(st, fid) and not on_the_way(st, f["zone"], a[1]):
            continue
        if best is None or (napoleon, theirs) > best[3]:
            best = (a, foes[0], theirs, (napoleon, theirs))
    if best is None:
        return None
    a, foe, theirs, _ = best
    lead = edge(st, fid, enemy_forces_in(st, a[1], side), a[1], f["zone"])
    m1 = battle.force_morale(st, f)
    m2 = battle.force_morale(st, S.force(st, foe))
    return a, (f"{S.name_of(st, fid)} attacks {S.name_of(st, foe)} at {S.zone_name(a[1])}: odds {odds(mine, theirs)}, "
               f"{dice_text(lead)}, morale {m1} against {m2}")


def march_to_best_entry(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Strike from the best side: a Coalition force about to strike Napoléon first steps into the neighbour of his
    zone from which the battle goes best (``edge``: a supply line through the entry zone, 14.5.4, -3 without; the
    border crossed, 14.5.3), when it keeps the MP to strike from there and the dice gain at least 1."""
    nap = napoleon_force(st)
    if side != "coalition" or nap is None:
        return None
    fid = st.frame["fid"]
    here = S.force(st, fid)["zone"]
    nz = S.force(st, nap)["zone"]
    foes = enemy_forces_in(st, nz, side)
    m = S.data().map
    if not foes or here == nz or hunt_value(st, fid) < 300:
        return None
    now = edge(st, fid, foes, nz, here) if ("zone", nz) in legal else None
    best: tuple[float, str] | None = None
    for a in legal:
        z = a[1]
        if a[0] != "zone" or z == nz or z not in m.neighbours(nz) or enemy_forces_in(st, z, side):
            continue
        c1, c2 = m.enter_cost(here, z), m.enter_cost(z, nz)
        if c1 is None or c2 is None or c1 + c2 > st.frame["mp"]:
            continue
        lead = edge(st, fid, foes, nz, z)
        if best is None or (lead, z) > best:
            best = (lead, z)
    if best is None or (now is not None and best[0] < now + 1):
        return None
    if not (best[0] > -99 if last_round(st) else best[0] >= HUNT_LEAD):
        return None
    return ("zone", best[1]), (f"{S.name_of(st, fid)} strikes Napoléon from {S.zone_name(best[1])}, "
                               f"{dice_text(best[0])}")


def march_siege(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Besiege the fortresses the victory conditions need."""
    if not _first(legal, "siege"):
        return None
    zone = S.force(st, st.frame["fid"])["zone"]
    nap = napoleon_force(st)
    if nap is not None and S.force(st, nap)["zone"] == zone and S.force(st, nap)["in_fortress"]:
        return ("siege", None), f"besiege {S.zone_name(zone)}: Napoléon is shut in its fortress"
    if side == "coalition" and hunter(st, st.frame["fid"]):
        return None
    if side == "coalition" or zone in french_keys():
        return ("siege", None), f"besiege {S.zone_name(zone)}: the victory conditions need it"
    return None


def march_flag(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Take control of a key zone or city where the force stands."""
    if not _first(legal, "flag"):
        return None
    zone = S.force(st, st.frame["fid"])["zone"]
    if zone in french_keys() or side == "coalition":
        return ("flag", None), f"take control of {S.zone_name(zone)}"
    return None


def march_sortie(st: State, side: str, legal: list[Action]) -> Choice | None:
    """15.2: a besieged force attacks its besiegers when the battle is worth fighting (``sortie_value``), else stays
    inside."""
    if ("attack", None) not in legal:
        return None
    fid = st.frame["fid"]
    if not sortie_value(st, side, fid):
        return ("done", None), f"{S.name_of(st, fid)} stays behind its walls: a sortie would fight at bad odds"
    foe = enemy_forces_in(st, S.force(st, fid)["zone"], side)[0]
    return ("attack", None), f"{S.name_of(st, fid)} makes a sortie against {S.name_of(st, foe)} to end the siege"


def march_rally(st: State, side: str, legal: list[Action]) -> Choice | None:
    """A demoralized force rallies before anything else (14.9.4), unless it can strike Napoléon instead when it
    counts most: at 5:1 (14.2: he is destroyed without dice) or in the last round (no later battle to rally for)."""
    if not _first(legal, "rally"):
        return None
    if napoleon_in_reach(st, side, legal) is not None and (crushes_napoleon(st, st.frame["fid"])
                                                           or last_round(st)):
        return None
    return ("rally", None), "a demoralized army rallies before it fights (14.9.4)"


def last_round(st: State) -> bool:
    """The activation round after which the game is scored (5.2; 16C adds a seventh)."""
    return bool(st.g["round"] >= st.g["last_round"])


def napoleon_in_reach(st: State, side: str, legal: list[Action]) -> Action | None:
    """The move into Napoléon's zone, if the force may make it now."""
    nap = napoleon_force(st)
    if side != "coalition" or nap is None:
        return None
    move = ("zone", S.force(st, nap)["zone"])
    return move if move in legal else None


def crushes_napoleon(st: State, fid: str) -> bool:
    """14.2: would ``fid`` have 5:1 odds against Napoléon's force (he is destroyed outright, no dice rolled)?"""
    nap = napoleon_force(st)
    if nap is None:
        return False
    t = S.data().tables
    return t.odds_row(S.combat_value(S.force(st, fid)), S.combat_value(S.force(st, nap))).destroys == "defender"


def safe_zone(st: State, side: str, zone: str, mine: int) -> bool:
    """No enemy force stronger than ``mine`` stands in or next to ``zone``."""
    return strength(st, zone, S.other(side), 1) <= SAFE_ODDS * mine


def march_on(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Close on the target (``march_target``) along safe zones, never into an enemy at bad odds."""
    fid = st.frame["fid"]
    f = S.force(st, fid)
    mine = S.combat_value(f)
    here = f["zone"]
    target = march_target(st, side, fid)
    goal = dist(here, target)
    options = []
    for a in legal:
        if a[0] != "zone" or enemy_forces_in(st, a[1], side):
            continue
        d = dist(a[1], target)
        if d >= goal:
            continue
        if (side == "empire" or NAPOLEON in S.generals_of(f)) and not safe_zone(st, side, a[1], mine):
            continue
        options.append((d, surround_penalty(st, side, fid, a[1]), S.data().map.enter_cost(here, a[1]) or 0, a))
    if not options:
        return None
    best = min(options, key=lambda o: (o[0], o[1], o[2], o[3][1]))[3]
    why = "concentrates before the battle" if target in [o["zone"] for o in st.g["forces"].values()
                                                          if o["side"] == side] else "marches on its objective"
    return best, f"{S.name_of(st, fid)} {why}, by {S.zone_name(best[1])}"


def surround_penalty(st: State, side: str, fid: str, zone: str) -> int:
    """Next to Napoléon, a Coalition force takes a zone no friend holds: from there it marches to the guns of every
    battle fought against him (14.1) and closes one more of his ways out (12.4); 1 if a friend is there."""
    nap = napoleon_force(st)
    if side != "coalition" or nap is None or dist(zone, S.force(st, nap)["zone"]) != 1:
        return 0
    return int(any(x != fid for x in board(st).outside.get((zone, side), [])))


def lay_depot_before_leaving_supply(st: State, side: str, legal: list[Action]) -> Choice | None:
    """13.3: a Coalition force about to march out of its supply network sets up a mobile depot as a fixed one
    where it stands (a link; free), so that it still fights supplied: unsupplied, it rolls 3 less (14.5)."""
    if side != "coalition" or ("fixed_depot", None) not in legal:
        return None
    fid = st.frame["fid"]
    here = S.force(st, fid)["zone"]
    net = supply.supply_network(st, S.force(st, fid)["power"])
    if here not in net.dist or net.dist[here] == 0:
        return None  # out of the network already, or on a link
    if S.controller(st, here) not in (side, None):
        return None  # no line crosses a zone the enemy controls: a depot there links nothing (13.3)
    target = march_target(st, side, fid)
    ahead = [a[1] for a in legal if a[0] == "zone" and dist(a[1], target) < dist(here, target)]
    if not ahead or all(z in net.dist for z in ahead):
        return None
    return ("fixed_depot", None), f"a fixed depot at {S.zone_name(here)} keeps the supply line open"


def march_stop(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Nothing better to do: the march ends (attrition tests only if forced or unsupplied)."""
    if _first(legal, "done"):
        return ("done", None), "the march ends here"
    return None


def march_forced_on(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Must go on (12.2.1): the move nearest the objective."""
    zones = [a for a in legal if a[0] == "zone"]
    if not zones:
        return None
    best = min(zones, key=lambda a: (goal_distance(st, side, a[1]), a[1]))
    return best, "the force may not stop here"


def no_forced_march(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Forced marches cost steps (12.3): none unless the force attacks."""
    return (("forced_march", 0) if ("forced_march", 0) in legal else legal[0]), "no forced march: it costs steps"


def intercept_when_stronger(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Intercept a moving force only where the battle is worth fighting (and never with Napoléon)."""
    f = st.frame
    prey = NAPOLEON in S.generals_of(S.force(st, f["fid"]))
    for a in legal:
        if a[0] == "intercept":
            me = S.force(st, a[1])
            if side == "coalition" and not (prey and spare_cards(st, side)):
                continue  # a card pays for it (a round's AP), and it fails two times in three: Napoléon, spare cards
            if NAPOLEON not in S.generals_of(me) and attack_ok(st, side, a[1], [f["fid"]], f["zone"]):
                mover = S.combat_value(S.force(st, f["fid"]))
                return a, f"{S.name_of(st, a[1])} intercepts at odds {odds(S.combat_value(me), mover)}"
    return ("decline", None), "no force strong enough to intercept"


def cheapest_intercept_card(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Pay for an interception with the cheapest card, combat cards last."""
    plays = [a for a in legal if a[0] == "card"]
    if not plays:
        return None
    best = min(plays, key=lambda a: (keep_combat_cards(st, a[1]), cards.ap_value(st, a[1]), a[1]))
    return best, "the cheapest card that pays for the interception"


def evade_when_outmatched(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Stand when the attacker has no lead on the dice; otherwise withdraw into a fortress or evade. Napoléon
    stands only with the lead himself."""
    f = st.frame
    me, foe = S.force(st, f["fid"]), S.force(st, f["mover"])
    came_from = st.core["stack"][-2].get("came_from", f["zone"])
    if came_from in battle.NO_ENTRY:  # a sortie or an event's standing battle (8.3.3) crosses no border (14.5.4)
        came_from = f["zone"]
    lead = edge(st, f["mover"], [f["fid"]], f["zone"], came_from)
    a, d = S.combat_value(foe), S.combat_value(me)
    limit = -1 if NAPOLEON in S.generals_of(me) else 0
    if side == "coalition" and NAPOLEON in S.generals_of(foe) and lead < 99:
        return ("stand", None), f"{S.name_of(st, f['fid'])} stands: every battle costs Napoléon steps"
    if lead <= limit:
        return ("stand", None), f"{S.name_of(st, f['fid'])} stands: odds {odds(a, d)}, {dice_text(-lead, ' for it')}"
    # a Coalition force shut in a fortress comes out only by a sortie, unsupplied (15.2): it evades first
    for verb in (("evade", "fortress") if side == "coalition" else ("fortress", "evade")):
        if (verb, None) in legal:
            return (verb, None), (f"{S.name_of(st, f['fid'])} is outmatched (odds {odds(a, d)}, "
                                  f"{dice_text(lead, ' against it')}): it withdraws")
    return ("stand", None), "no way out: it stands"


def safest_zone(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Retreat or evade to the zone farthest from the enemy, nearest friends and Paris."""
    zones = [a for a in legal if a[0] == "zone"]
    if not zones:
        return None

    def danger(z: str) -> tuple[int, int, str]:
        return (strength(st, z, S.other(side), 1) - strength(st, z, side, 1), dist(z, "paris"), z)

    best = min(zones, key=lambda a: danger(a[1]))
    return best, f"to {S.zone_name(best[1])}, away from the enemy"


def best_morale(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Morale: the highest; a spearhead and a subordinate: the strongest (their bonus is worth the risk)."""
    if legal[0][0] == "morale":
        return max(legal, key=lambda a: a[1]), "fight with the best morale"
    if legal[0][0] == "engage":
        return legal[0], "every bonus counts in battle"
    named = [a for a in legal if a[1] is not None]
    if not named:
        return legal[0], "nobody to designate"
    if named[0][0] == "spearhead":
        best = max(named, key=lambda a: (S.unit(a[1]).stars, a[1]))
        return best, f"{S.unit(best[1]).name} leads the assault"
    best = max(named, key=lambda a: (S.general(a[1]).attack + S.general(a[1]).defence, a[1]))
    return best, f"{S.general(best[1]).name} lends his tactical value"


def spread_losses(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Reduce full-strength units before eliminating any, the least valuable first; a depot before a step."""
    if ("depot", None) in legal:
        return ("depot", None), "a depot is cheaper than a step"
    force = S.force(st, st.frame["fid"])

    def cost(a: Action) -> tuple[int, int, int, str]:
        u = S.unit(a[1])
        full = force["units"][a[1]] == u.steps and u.reduced is not None
        return (0 if full else 1, u.stars, int(u.morale or 0), a[1])

    best = min(legal, key=cost)
    return best, f"{S.unit(best[1]).name} takes the loss"


def _battle_of(st: State, f: Frame) -> Frame:
    return st.core["stack"][f["target"]]


def spare_cards(st: State, side: str) -> int:
    """Cards beyond one per activation round still to play (5.2): a card spent in battle is a round without AP,
    and a 1-AP operation cannot move a group of armies."""
    rounds = st.g["last_round"] - st.g["round"] + (1 if st.g["turn"] == "empire" and side == "coalition" else 0)
    return max(0, len(st.g["hands"][side]) - rounds)


def combat_card_for_big_battle(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Combat cards are spent in the decisive battles: Napoléon's, or one of at least 8 steps."""
    plays = [a for a in legal if a[0] == "card"]
    if not plays or not spare_cards(st, side):
        return None
    f = st.frame
    ctx = _battle_of(st, f)
    forces = [st.g["forces"].get(ctx.get(k)) for k in ("att", "dfn")]
    forces = [x for x in forces if x is not None]
    decisive = any(NAPOLEON in S.generals_of(x) for x in forces) or sum(S.combat_value(x) for x in forces) >= 16
    if f["window"] in ("evasion", "countermarch", "contact") or decisive:
        best = max(plays, key=lambda a: (S.data().cards.cards[a[1]].value, a[1]))
        return best, f"{cards.title(best[1])}: a decisive moment"
    return None


def done(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Carry on: keep the cards and the forces where they are."""
    if ("done", None) in legal:
        return ("done", None), "carry on"
    return None


def countermarch_to_help(st: State, side: str, legal: list[Action]) -> Choice | None:
    """March to the sound of the guns with a force that is not Napoléon's (he joins only his own battles) and that
    the force in the battle takes in whole: else the consolidation eliminates the units and generals beyond
    command (11, 14.1), as a third army joining a group of two did with nine corps (1815 seed 39)."""
    into = _battle_of(st, st.frame)["att" if st.frame["role"] == "attacker" else "dfn"]
    forces = [a for a in legal if a[0] == "force" and NAPOLEON not in S.generals_of(S.force(st, a[1]))
              and battle.may_join(st, into, a[1])]
    if not forces:
        return None
    best = max(forces, key=lambda a: (S.combat_value(S.force(st, a[1])), a[1]))
    return best, f"{S.name_of(st, best[1])} marches to the sound of the guns"


def campaign_followers(st: State, side: str, fid: str, zone: str) -> list[str]:
    """Forces of a Major Campaign still to be activated that can join a battle in ``zone`` (12.6)."""
    camp = activation.campaign(st)
    if camp is None or not camp["count"]:
        return []
    return [x for x, o in st.g["forces"].items() if o["side"] == side and x != fid and not o["in_fortress"]
            and 0 < dist(o["zone"], zone) <= 2 and S.combat_value(o) >= HUNT_MIN and not activation.moved(st, x)]


def campaign_support(st: State, side: str, fid: str, foes: list[str]) -> bool:
    """In a Major Campaign a Coalition force goes in against Napoléon to wait there for the others (12.6)."""
    nap = napoleon_force(st)
    return side == "coalition" and nap in foes and bool(campaign_followers(st, side, fid, S.force(st, nap)["zone"]))


def wait_to_strike_together(st: State, side: str, legal: list[Action]) -> Choice | None:
    """A Major Campaign force facing Napoléon waits for the campaign's other forces, to fight him together (12.6):
    the odds and the losses he takes grow with every force that joins."""
    if ("wait", None) not in legal or NAPOLEON not in S.generals_of(S.force(st, st.frame["dfn"])):
        return None
    zone = S.force(st, st.frame["dfn"])["zone"]
    if not campaign_followers(st, side, st.frame["fid"], zone):
        return None
    return ("wait", None), f"wait at {S.zone_name(zone)} for the other forces of the campaign to strike together"


def attack_now(st: State, side: str, legal: list[Action]) -> Choice | None:
    """A Major Campaign attacks at once rather than wait for the others (12.6)."""
    if legal and legal[0][0] in ("attack", "wait"):
        a = _first(legal, "attack")
        return (a or legal[0]), "strike before the enemy reinforces"
    return None


def spend_depot(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Spend a depot on the attrition test: depots are cheaper than steps (13.4)."""
    if ("depot", None) in legal or _first(legal, "depot"):
        return _first(legal, "depot") or legal[0], "a depot spares the steps (13.4)"
    return None


def diplomatic_worth(st: State, side: str, target: str) -> float:
    """What bringing ``target`` in is worth, in cards of the hand: a major's army counts as three, and each
    card-granting key zone is a card drawn at once (8.2.3); in the grand campaigns nothing if the enemy would
    conquer it at once (``ai_grand.exposed``)."""
    joins = S.data().tables.cards_on_joining(target, side, diplomacy.entities(st))  # type: ignore[arg-type]
    if S.grand_campaign(st):
        from grognard.games.nae import ai_grand  # imports this module: loaded on first use

        if ai_grand.exposed(st, side, target):
            return 0.0  # a power the enemy would conquer at once gives it a victory point (19.1)
        joins += ai_grand.protectorate_worth(st, side, target)  # 8.1.5: an ally now, a protectorate next
    return (3.0 if diplomacy.is_major(target) else 1.0) + joins


def best_diplomatic_target(st: State, side: str, cid: str, phase: str) -> tuple[float, str] | None:
    """The target where the card's chance times the target's worth is highest, less the AP given up."""
    scored = [(diplomacy.success_chance(st, side, cid, t, phase) * diplomatic_worth(st, side, t)
               - 0.3 * cards.ap_value(st, cid), t) for t in diplomacy.card_targets(st, side, cid, phase)]
    return max(scored, key=lambda x: (x[0], x[1])) if scored else None


def diplomatic_move(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.4 / 5.2: play a political event; make a protectorate (+1 VP, 8.1.5) or end a foreign war with the weakest
    card that will do; make a diplomatic action worth the card; otherwise keep the cards for the campaign."""
    phase = "diplomacy" if st.step == "diplomacy.phase" else "activation"
    events = [a for a in legal if a[0] == "event" and st.step == "diplomacy.phase"]
    if events:
        return events[0], "a political event the situation allows"
    if ("free_attempt", None) in legal:
        return ("free_attempt", None), "a free diplomatic attempt at +2 (8.1.3)"
    for verb, why in (("protectorate", "a protectorate is a victory point (8.1.5)"),
                      ("end_war", "bring the units back from the foreign war (6.5)")):
        uses = [a for a in legal if a[0] == verb]
        if uses:
            return min(uses, key=lambda a: (cards.ap_value(st, a[1]), a[1])), why
    offers = [(best, a) for a in legal if a[0] == "diplomacy"
              and (best := best_diplomatic_target(st, side, a[1], phase)) is not None]
    if offers:
        (score, target), action = max(offers, key=lambda x: (x[0][0], x[1][1]))
        if score > 0.5:
            return action, f"a fair chance to bring {diplomacy.name(target)} in (8.2)"
    return None


def diplomatic_target(st: State, side: str, legal: list[Action]) -> Choice | None:
    """The country (or foreign war) the card is played on: the best bet for a diplomatic action."""
    f = st.frame
    if f["use"] == "diplomacy":
        best = best_diplomatic_target(st, side, f["card"], f["phase"])
        if best is not None:
            return ("target", best[1]), f"the best chance and worth: {diplomacy.name(best[1])}"
    return None


def send_the_least(st: State, side: str, legal: list[Action]) -> Choice | None:
    """6.5: the Coalition sends the weakest units and generals to the foreign war."""
    def cost(a: Action) -> tuple[float, str]:
        if a[0] == "unit":
            return float(S.unit(a[1]).steps + S.unit(a[1]).stars), a[1]
        if a[0] == "general":
            g = S.general(a[1])
            return float(g.attack + g.defence - g.initiative), a[1]  # a low initiative is the better general
        return 0.0, a[1]
    return min(legal, key=cost), "the least the army can spare"


def call_in_forces(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Call in the forces next door: concentrate before the battle (9.1)."""
    forces = [a for a in legal if a[0] == "force"]
    if forces:
        return forces[0], "concentrate before battle"
    return None


def place_near_threat(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Reinforcements enter nearest Paris, which every Coalition plan aims at."""
    zones = [a for a in legal if a[0] == "zone"]
    if not zones:
        return None
    best = min(zones, key=lambda a: (dist(a[1], "paris"), a[1]))
    return best, f"reinforce near Paris: {S.zone_name(best[1])}"


def squadron_strength(fleets: list[str]) -> float:
    """17.3.1: what a squadron fires on average: one die (3.5) plus its tactical bonus per fleet."""
    return sum(3.5 + S.data().counters.fleets[fl].tactical for fl in fleets)


def naval_fight_when_not_weaker(st: State, side: str, legal: list[Action]) -> Choice | None:
    """Intercept, stand, or come out of port against a squadron that fires no more than ours (17.2.4-17.2.6);
    otherwise let it pass, evade or stay in port."""
    f = st.frame
    mover = naval.moving_fleets(st)
    if st.step == "naval.intercept":
        at, where = f["candidates"][0]
        ours = naval.fleets_at(st, at, where, side) + (naval.fleets_at(st, "sea", f["sea"], side) if at != "sea"
                                                       else [])
        yes = legal[0]
    elif st.step == "naval.evade":
        ours, yes = naval.fleets_at(st, "sea", f["sea"], side), ("stand", None)
    else:
        ours, yes = naval.fleets_at(st, "port", f["port"], side), ("attack", None)
    if squadron_strength(ours) >= squadron_strength(mover):
        return yes, "our squadron fires at least as hard"
    no = next(a for a in legal if a != yes)
    return no, "the enemy squadron is stronger"


def declare_no_war(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.1: widen the war no further (a neutral attacked joins the enemy, 3.2)."""
    return (("done", None), "a neutral attacked would join the enemy") if ("done", None) in legal else None


def keep_the_hand(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.2: keep every card the hand may hold; above its size, discard the card worth the fewest AP first."""
    if ("done", None) in legal:
        return ("done", None), "keep the cards and draw"
    discards = [a for a in legal if a[0] == "discard"]
    if not discards:
        return None
    worst = min(discards, key=lambda a: (S.data().cards.cards[a[1]].value, a[1]))
    return worst, "the hand is over its size: the weakest card goes"


def reinforce_a_general(st: State, side: str, legal: list[Action]) -> Choice | None:
    """7.3.4: a new unit joins a force led by a general (an army first), else goes to the capital."""
    zones = [a for a in legal if a[0] == "zone"]
    if not zones:
        return None
    capital = S.data().map.powers[S.unit(st.frame["uid"]).power].capital

    def worth(a: Action) -> tuple[int, int, str]:
        here = [S.force(st, fid) for fid in S.outside(st, a[1], side)]
        led = max((2 if f["army"] else 1 for f in here if f["commander"]), default=0)
        return -led, 0 if a[1] == capital else 1, str(a[1])

    best = min(zones, key=worth)
    return best, "the new unit joins a general" if worth(best)[0] < 0 else "the new unit musters at the capital"


def nelson_when_losing(st: State, side: str, legal: list[Action]) -> Choice | None:
    """10C: Nelson's squadron re-rolls its dice only when they lose the naval battle."""
    battle, f = st.core["stack"][-2], st.frame
    mine, theirs = battle["totals"] if f["role"] == "att" else battle["totals"][::-1]
    if mine < theirs and ("card", naval.NELSON) in legal:
        return ("card", naval.NELSON), "Nelson re-rolls a losing total"
    return ("decline", None), "the dice stand"


def take_first_offered(st: State, side: str, legal: list[Action]) -> Choice | None:
    """A step without a rule of its own: take the first choice the rules offer (the default of the step)."""
    return legal[0], "the usual choice"


RULES: dict[str, tuple[Rule, ...]] = {
    "round": (play_event_worth_more, empire_holds_on, activate_with_a_spare_card, diplomatic_move,
              operation_without_card, pass_turn),
    "activation": (activate_best_force, finish_activation),
    "diplomacy.phase": (diplomatic_move, done),
    "diplomacy.target": (diplomatic_target, take_first_offered),
    "diplomacy.fw_units": (send_the_least,),
    "march": (march_sortie, march_rally, lay_depot_before_leaving_supply, march_to_best_entry, march_attack,
              march_siege, march_flag, march_on, march_stop, march_forced_on),
    "march.declare": (no_forced_march,),
    "intercept": (intercept_when_stronger,),
    "intercept.card": (cheapest_intercept_card, take_first_offered),
    "evade": (evade_when_outmatched,),
    "evade.where": (safest_zone,),
    "retreat": (safest_zone,),
    "battle.choose": (best_morale,),
    "losses": (spread_losses,),
    "cards.window": (combat_card_for_big_battle, done),
    "countermarch": (countermarch_to_help, done),
    "campaign.hold": (wait_to_strike_together, attack_now, take_first_offered),
    "attrition.depot": (spend_depot, take_first_offered),
    "pickup": (call_in_forces, done),
    "place": (place_near_threat,),
    "detach": (done, take_first_offered),
    "send": (done, take_first_offered),
    "swap": (done, take_first_offered),
    "naval.intercept": (naval_fight_when_not_weaker,),
    "naval.evade": (naval_fight_when_not_weaker,),
    "naval.sortie": (naval_fight_when_not_weaker,),
    "naval.nelson": (nelson_when_losing,),
    "interphase.war": (declare_no_war,),
    "interphase.hands": (keep_the_hand,),
    "budget.place": (reinforce_a_general,),
}


def rules_for(st: State) -> dict[str, tuple[Rule, ...]]:
    """The rules by step: 1815's, or the grand campaigns' (``ai_grand``: several fronts, the interphase)."""
    if S.grand_campaign(st):
        from grognard.games.nae import ai_grand  # imports this module: loaded on first use

        return ai_grand.RULES
    return RULES


def policy(st: State, side: str, legal: list[Action] | None = None) -> Choice:
    """The heuristic's move and its reason."""
    legal = st.legal_actions() if legal is None else legal
    _board[:] = [st, None]
    try:
        for rule in (*rules_for(st).get(str(st.step), ()), take_first_offered):
            choice = rule(st, side, legal)
            if choice is not None and choice[0] in legal:
                return choice
        return legal[0], "the usual choice"
    finally:
        _board[:] = [None, None]


def describe_choice(st: State, action: Action, reason: str) -> str:
    """The sentence a client prints for a computer move."""
    return f"{st.game.label(st, action)}: {reason}"


Horizon = Callable[[State], bool]  # where a search's playout stops (True) to be scored by ``evaluate``


def search_plan(st: State, side: str) -> tuple[bool, Horizon | None]:
    """The search's hook (``grognard/agents/search.py``): is the step worth searching, and where does a playout
    stop to be scored by ``evaluate`` (None: at the end of the game)? 1815: every step, played to the end; the
    grand campaigns: ``ai_grand.search_plan``."""
    if S.grand_campaign(st):
        from grognard.games.nae import ai_grand  # imports this module: loaded on first use

        return ai_grand.search_plan(st, side)
    return True, None
