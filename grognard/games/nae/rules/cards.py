"""6 Cards: the 1815 hands (20.1), activation values (6.2), playing a card for its AP or as an event (6.4), discards
and gold stars, the card windows of battles, evasions and counter-marches (6.6, 14.5.7), and card effects that last
beyond the moment they are played. Hand building (6.3) and reshuffles (6.1) do not arise in the one-year 1815 game:
nothing in its decks draws a card."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.schema.cards import (
    AdmiralLossTest,
    AttritionModifier,
    AutoEvasion,
    Cancel,
    Card,
    CavalrySuperiority,
    Choice,
    CombatBonus,
    Commander,
    CommanderDefence,
    CommanderPower,
    CounterMarchModifier,
    EnemyCommander,
    EnemyDemoralized,
    EvasionModifier,
    ForcedMarch,
    ForceIsArmy,
    FortressZone,
    HandSize,
    InterceptionModifier,
    InteriorLines,
    InTerritory,
    MoraleModifier,
    Outnumbered,
    PowersInBattle,
    PursuitModifier,
    RelieveGeneral,
    Reroll,
    Role,
    SiegeModifier,
    Supplied,
    Unsupplied,
    WoundTest,
    Year,
)
from grognard.games.nae.schema.counters import General
from grognard.games.nae.schema.scenario import CardRestriction
from grognard.games.nae.schema.tables import CardAssignment


def deal(st: State, side: str, deck: list[str], draw: int, hand: list[str] | None = None) -> None:
    """20.1-20.3: shuffle the scenario's pile and draw the hand (after the cards the scenario puts in it)."""
    pile = list(deck)
    st.shuffle(pile)
    st.g["decks"][side] = pile
    st.g["hands"][side] = list(hand or []) + [pile.pop() for _ in range(min(draw, len(pile)))]
    rule = "20.1" if hand is None else S.data().scenarios[st.g["scenario"]].header.src
    st.note(f"The {S.side_name(side)} draws {min(draw, len(st.g['hands'][side]))} cards", rule=rule)
    st.note(f"Your hand: {', '.join(title(c) for c in st.g['hands'][side])}", rule=rule, to=side)


def period(cid: str) -> str:
    return str(S.data().cards.cards[cid].period)


def scenario_cards(scenario: str, side: str) -> list[str]:
    """Every card of ``side`` in the scenario (6.1): the 1815 pile; in the grand campaigns every card of the side
    but those the scenario removes (20.3: the red-dot cards)."""
    sc = S.data().scenarios[scenario].header.cards
    mine = getattr(sc, side)
    if mine.deck:
        return list(mine.deck)
    return [c.id for c in S.data().cards.cards.values() if c.side == side and c.id not in mine.remove]


def permanent_cards(side: str) -> list[str]:
    """6.2: the side's permanent cards, never part of the draw pile."""
    return [c.id for c in S.data().cards.cards.values() if c.side == side and c.permanent]


def scenario_pile(st: State, side: str) -> list[str]:
    """The cards a grand campaign shuffles at the start: all the side's cards but those already in hand and the
    permanent cards, which wait in the played pile until a hand building returns them (6.3)."""
    mine = getattr(S.data().scenarios[st.g["scenario"]].header.cards, side)
    perms = permanent_cards(side)
    st.g["discards"][side] = [c for c in perms if c not in mine.hand and c in scenario_cards(st.g["scenario"], side)]
    return [c for c in scenario_cards(st.g["scenario"], side) if c not in mine.hand and c not in perms]


def draw(st: State, side: str, n: int, rule: str, why: str) -> list[str]:
    """Draw ``n`` cards into the hand; an empty pile is first rebuilt from the played pile, shuffled (6.1: « toutes
    ses cartes jouées ou défaussées » except the gold stars gone and the permanent cards, which only a hand
    building returns). Fewer cards come if both piles run dry."""
    g = st.g
    got: list[str] = []
    for _ in range(n):
        if not g["decks"][side]:
            perms = set(permanent_cards(side))
            pile = [c for c in g["discards"][side] if c not in perms]
            if not pile:
                break
            g["discards"][side] = [c for c in g["discards"][side] if c in perms]
            st.shuffle(pile)
            g["decks"][side] = pile
            st.note(f"The {S.side_name(side)}'s pile is empty: its {len(pile)} played cards are shuffled into a new "
                    "pile",
                    rule="6.1")
        got.append(g["decks"][side].pop())
    g["hands"][side] += got
    st.note(f"The {S.side_name(side)} draws {len(got)} card(s): {why}", rule=rule)
    if got:
        st.note(f"You draw: {', '.join(title(c) for c in got)}", rule=rule, to=side)
    return got


def punishments_at() -> int:
    """6.1: « Lorsque ce niveau atteint 15 points » (tables.toml constant ``escalade_punishments``)."""
    return int(S.data().tables.constant("escalade_punishments"))


def bring_punishments(st: State, rule: str) -> None:
    """6.1: the Punishments cards are shuffled with each side's pile and played pile into one new pile (the
    permanent cards stay where they are: a hand building returns them)."""
    g = st.g
    if "punishments" in g["periods"]:
        return  # already in play (1809 deals both periods from the start): nothing to bring
    g["periods"] = [*g["periods"], "punishments"]
    for side in S.SIDES:
        perms = set(permanent_cards(side))
        pile = g["punishments"][side] + g["decks"][side] + [c for c in g["discards"][side] if c not in perms]
        g["discards"][side] = [c for c in g["discards"][side] if c in perms]
        g["punishments"][side] = []
        st.shuffle(pile)
        g["decks"][side] = pile
    st.note("The Punishments cards come into play: each side's cards are shuffled into one new pile", rule=rule)


def _alliances(st: State) -> dict[str, str]:
    """6.3: power -> the side it is allied to; neutrals and powers in forced peace or alliance are in none."""
    return {p: str(s) for p, s in st.g["sides"].items()
            if s is not None and st.g["status"].get(p) in ("at_war", "allied", "protectorate")}


def _held(st: State, zones: set[str]) -> dict[str, str]:
    """6.3 / 3.2: zone -> the side holding it with a supply line (« seules les zones contrôlées qui peuvent tracer
    une ligne de ravitaillement comptent »)."""
    from grognard.games.nae.rules import supply

    reach: dict[str, set[str]] = {}
    out = {}
    for z in sorted(zones):
        power = st.g["control"].get(z)
        side = S.side_of(st, power) if power else None
        if side is None or power is None:
            continue
        major = S.major_of(st, power)
        if major not in reach:
            reach[major] = supply.supplied_zones(st, major)
        if z in reach[major]:
            out[z] = side
    return out


def hand_entitlement(st: State, side: str, no_maximum: bool = False) -> tuple[int, list[str]]:
    """6.3 / 7.2: the hand size of ``side`` (its card assignment lines, its permanent cards, the cards owed it by
    conquests (18.2.2), between 6 and 10, or above 10 once 52C is played: ``no_maximum``), less what lasting
    events take off (35F Corsairs), and the permanent cards it is entitled to: one per allied major at war whose
    capital the enemy does not hold."""
    t = S.data().tables
    alliance = _alliances(st)
    zones = {z for rec in t.card_assignments.values() for z in rec.zones} | {p.capital for p in t.permanent.values()}
    held = _held(st, zones)
    lines = t.card_entitlement(side, alliance, held, st.g["flags"])
    perms = [p.card for p in t.permanent_cards(side, alliance, held)
             if st.g["status"].get(p.id) == "at_war" and p.card not in st.g["out"]]  # 51C: 1F gone for good
    owed = len(peace_cards(st, side))
    total = sum(rec.cards for rec in lines) + len(perms) + owed
    detail = ", ".join([*(_assignment_name(rec) for rec in lines),
                        *(f"permanent card {c} {S.data().cards.cards[c].title}" for c in perms)]
                       + ([f"{owed} owed by conquest (18.2.2)"] if owed else []))
    size = t.hand_size(total, may_exceed_max=no_maximum)
    st.note(f"The {S.side_name(side)} is entitled to {total} card(s) ({detail or 'nothing'}): its hand holds {size}",
            rule="6.3")
    for mod in st.g.get("hand_mods", []):
        if mod["side"] != side:
            continue
        if mod["unless"] == "corsairs_box_fleet" and corsairs_box(st):
            st.note(f"A fleet of the {S.side_name(side)} in the Corsairs box keeps the Corsairs from shrinking the "
                    "hand", rule="17.2.9")
            continue
        size = max(len(perms), size + int(mod["value"]))  # never below the permanent cards it keeps
        st.note(f"A lasting event (the Corsairs) changes the {S.side_name(side)}'s hand by {int(mod['value']):+d}: "
                f"it holds {size}",
                rule="17.2.9")
    return size, perms


def _assignment_name(rec: CardAssignment) -> str:
    """6.3: a line of the card assignment table as the play aid prints it: its key zones, and the new political
    entity (8.3) that gives the card (« Munich and Innsbruck (Bavaria) »)."""
    zones = " and ".join(S.zone_name(z) for z in rec.zones)
    entity = f" ({S.data().map.powers[rec.country].name})" if rec.entity else ""
    return f"{zones}{entity}" + (f" ({rec.cards} cards)" if rec.cards > 1 else "")


# 6.3 Events of the hand building (52C) and lasting hand-size changes (35F) ------------------------------------------

HAND_BUILDING_EVENTS = ("52C",)  # cards whose event is played at the side's own hand building (phase "interphase")


def hand_building_events(st: State, side: str, f: Frame) -> list[Action]:
    """52C Misères de la Guerre, offered only to its holder at its own hand building, before it draws: « permet à la
    Coalition de s'affranchir de la limite maximale » (6.3)."""
    return [("event", c) for c in st.g["hands"][side] if c in HAND_BUILDING_EVENTS and not f.get("no_max")
            and S.data().cards.cards[c].side == side]


def play_hand_building_event(st: State, side: str, cid: str, f: Frame) -> None:
    """Play 52C: this hand building's size is worked out again without the 10-card maximum."""
    reveal_event(st, side, cid, "6.3")
    f["no_max"] = True
    f["size"], f["perms"] = hand_entitlement(st, side, no_maximum=True)


def add_hand_mod(st: State, side: str, e: HandSize) -> None:
    """35F Corsaires (17.2.9): « réduit la main de carte coalisée sauf si la Coalition dispose d'une flotte dans la
    case Corsaires au moment de la phase de constitution des mains », at every later hand building. We take the card
    off the size the table gives (after its 6-10 bounds): off the entitlement, a Coalition above 10 would lose
    nothing."""
    st.g.setdefault("hand_mods", []).append({"side": side, "value": e.value, "unless": e.unless})
    st.note(f"The {S.side_name(side)}'s hand is {e.value:+d} card(s) at each hand-building phase"
            + (" unless it has a fleet in the Corsairs box" if e.unless else ""), rule="17.2.9")


# 17.2.9 The Corsairs box ------------------------------------------------------------------------------------------

def corsairs_box(st: State) -> list[str]:
    """The fleets in the Corsairs box (``g["corsairs"]``), off the map."""
    out: list[str] = st.g.get("corsairs", [])
    return out


def corsairs_choices(st: State, f: Frame) -> list[Action]:
    """17.2.9: « Pour placer une flotte dans la case Corsaires, le joueur coalisé retire de la carte la flotte
    souhaitée et la positionne dans la case en dépensant un PA. La flotte de cette case pourra être repositionnée dans
    un port du territoire national lors d'un round d'activation ultérieur en dépensant un nouveau PA. » AP of a card
    (not an event's count of forces), in the grand campaigns, for a fleet carrying no troops."""
    from grognard.games.nae.rules import budget, naval

    moved = f.get("fleets_moved", [])
    event = f.get("fleet_event")
    if event and event["corsairs"] and S.grand_campaign(st):  # 1C: « a fleet may be placed in the Corsairs box »
        return [("corsairs", fl) for fl in event["fleets"] if fl in st.g["fleets"] and fl not in moved
                and not naval.carried(st, [fl])]
    if f["side"] != "coalition" or f["count"] is not None or f["ap"] < 1 or not S.grand_campaign(st):
        return []
    out: list[Action] = [("corsairs", fl) for fl, x in sorted(st.g["fleets"].items()) if fl not in moved
                         and S.side_of(st, x["power"]) == "coalition" and not naval.carried(st, [fl])]
    fleets = S.data().counters.fleets
    out += [("corsairs_back", fl) for fl in corsairs_box(st)
            if fl not in moved and budget.fleet_ports(st, fleets[fl].power)]
    return out


def corsairs(st: State, f: Frame, action: Action) -> None:
    """Spend the AP: the fleet goes into the Corsairs box, or comes back from it to a port the owner picks."""
    verb, fl = action
    event = f.get("fleet_event")
    free = bool(event and event["corsairs"]) and verb == "corsairs"
    if free:
        event["corsairs"] = False  # one fleet
    else:
        f["ap"] -= 1
    f.setdefault("fleets_moved", []).append(fl)
    name = S.data().counters.fleets[fl].name
    if verb == "corsairs":
        del st.g["fleets"][fl]
        st.g.setdefault("corsairs", []).append(fl)
        st.note(f"{name} leaves the map for the Corsairs box ({'event' if free else '1 AP'})", rule="17.2.9")
        return
    st.push("corsairs.port", side=f["side"], fleet=fl)


class CorsairsPort:
    """17.2.9: the port of its National Territory where a fleet back from the Corsairs box is placed."""

    name: ClassVar[str] = "corsairs.port"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return f"{S.data().counters.fleets[f['fleet']].name} leaves the Corsairs box: choose its home port."

    def choices(self, st: State, f: Frame) -> list[Action]:
        from grognard.games.nae.rules import budget

        return [("zone", z) for z in budget.fleet_ports(st, S.data().counters.fleets[f["fleet"]].power)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        st.pop()
        fl = f["fleet"]
        st.g["corsairs"].remove(fl)
        st.g["fleets"][fl] = {"power": S.data().counters.fleets[fl].power, "at": "port", "where": action[1]}
        st.note(f"{S.data().counters.fleets[fl].name} leaves the Corsairs box for {S.zone_name(action[1])} (1 AP)",
                rule="17.2.9")


def label(st: State, action: Action) -> str | None:
    """Menu text of this module's own verbs (None: not one of them)."""
    verb, arg = action
    if verb == "corsairs":
        return f"Send {S.data().counters.fleets[arg].name} to the Corsairs box (1 AP, 17.2.9)"
    if verb == "corsairs_back":
        return f"Bring {S.data().counters.fleets[arg].name} back from the Corsairs box to a home port (1 AP, 17.2.9)"
    return None


def peace_cards(st: State, side: str) -> list[dict[str, Any]]:
    """18.2.2: the extra cards a victor of ``side`` chose as its peace reward (``peace_rewards``), owed at this
    hand building (example 1806: « Conquête de l'Autriche »)."""
    return [r for r in st.g.get("peace_rewards", []) if r["reward"] == "card" and S.side_of(st, r["power"]) == side]


def drop_lapsed_permanents(st: State, side: str, perms: list[str]) -> None:
    """6.3: a permanent card whose power is no longer an ally at war with its capital free (not in ``perms``)
    leaves the hand for the played pile (« une carte permanente par puissance majeure alliée en guerre »)."""
    for cid in [c for c in st.g["hands"][side] if c in permanent_cards(side) and c not in perms]:
        st.g["hands"][side].remove(cid)
        st.g["discards"][side].append(cid)
        st.note(f"The {S.side_name(side)} does not get its permanent card {title(cid)} this year", rule="6.3")


def complete_hand(st: State, side: str, size: int, perms: list[str]) -> None:
    """7.2 (3-4): the permanent cards come back to the hand, then the side draws up to its hand size."""
    g = st.g
    back = [c for c in perms if c not in g["hands"][side]]
    for cid in back:
        for pile in (g["discards"][side], g["decks"][side]):
            if cid in pile:
                pile.remove(cid)
        g["hands"][side].append(cid)
    if back:
        st.note(f"The {S.side_name(side)} takes back its permanent card(s) "
                f"{', '.join(title(c) for c in back)}", rule="6.3")
    draw(st, side, max(0, size - len(g["hands"][side])), "7.2", f"hand building up to {size}")
    paid = peace_cards(st, side)
    if paid:
        g["peace_rewards"] = [r for r in g["peace_rewards"] if r not in paid]


def title(cid: str) -> str:
    card = S.data().cards.cards[cid]
    return f"{cid} {card.title} ({card.value})"


GRANDE_COALITION_MAJORS = ("britain", "russia", "prussia", "austria", "spain", "turkey")  # 6.2


def grande_coalition(st: State) -> bool:
    """6.2: the Coalition holds at least five of its six possible major powers (1815: all but Turkey)."""
    return sum(1 for p in GRANDE_COALITION_MAJORS if st.g["sides"].get(p) == "coalition") >= 5


def ap_value(st: State, cid: str) -> int:
    """6.2: a card's activation value; a Grande Coalition adds 1 to the Coalition's cards « lors de la période des
    Châtiments », i.e. while the Punishments cards are in play (1815 deals both periods), « SAUF pour les Cartes
    de Combat (CC) »: only the cards marked CC, not those merely played in combat (15C, 25C, 43C)."""
    card = S.data().cards.cards[cid]
    periods = S.data().scenarios[st.g["scenario"]].header.cards.periods
    bonus = card.side == "coalition" and "punishments" in periods and not card.combat and grande_coalition(st)
    return card.value + (1 if bonus else 0)


def discard(st: State, side: str, cid: str, why: str) -> None:
    """6.4: a card played for its AP or to intercept goes to the played pile (a gold star counts only for an event)."""
    st.g["hands"][side].remove(cid)
    st.g["discards"][side].append(cid)
    st.note(f"The {S.side_name(side)} plays {title(cid)} {why}", rule="6.4")
    st.commit()  # the other side has seen the card: no undo past it, as past a die roll


def play_event(st: State, side: str, cid: str) -> None:
    """6.4: the event of a card played as the side's action; a gold-star card then leaves the game."""
    from grognard.games.nae.rules.events import EVENTS

    card = reveal_event(st, side, cid, "6.4")
    EVENTS[cid](st, side, card)


def reveal_event(st: State, side: str, cid: str, rule: str) -> Card:
    """6.2 / 6.4: the card leaves the hand for the played pile (a gold-star card for the box), shown to both sides,
    and its event is recorded (VP, escalade)."""
    card = S.data().cards.cards[cid]
    st.g["hands"][side].remove(cid)
    (st.g["out"] if card.gold_star else st.g["discards"][side]).append(cid)
    st.note(f"The {S.side_name(side)} plays {title(cid)} as an event: {card.text}", rule=rule)
    st.commit()  # the other side has seen the card: no undo past it
    event_played(st, cid)
    return card


def event_played(st: State, cid: str) -> None:
    """6.2 / 5.7: in the grand campaigns a card played as an event is recorded (silver stars, 19.3 « Europe
    Napoléonienne a été jouée ») and moves the escalade and victory markers by its ESC and VP values."""
    if not S.grand_campaign(st):
        return
    from grognard.games.nae.rules import victory

    card = S.data().cards.cards[cid]
    if cid not in st.g["events_played"]:
        st.g["events_played"].append(cid)
    victory.add_escalade(st, card.escalade, "6.2", f"{card.title} played as an event")
    victory.add_vp(st, card.vp, "6.2", f"{card.title} played as an event")


# 6.6 / 14.5.7 Combat cards -------------------------------------------------------------------------------------
# A window is a moment of a battle (or evasion, counter-march) when each side, the attacker first, may play combat
# cards. Only a card's effects of that window's kinds are used, and only those it gives as a combat card ("use",
# 6.4/6.6). Outside a battle: "interior_lines" (12.6, on an enemy Major Campaign) takes combat effects too, while
# "contact" (3F, the active force entering an enemy's zone) takes an event played during the side's activation.

def leaves(card: Card) -> list[Any]:
    """The card's effects, a choice's options counted one by one (each is tagged with its own use)."""
    out: list[Any] = []
    for e in card.effect:
        out += [x for option in e.options for x in option] if isinstance(e, Choice) else [e]
    return out


def effect_window(e: Any) -> str | None:
    """The window an effect is played in: "evasion", "countermarch", "before" the dice, "after" them,
    "demoralized" (after a failed demoralization test), "contact", "interior_lines", "naval" (a naval battle's fire),
    or None (not in a window)."""
    if isinstance(e, (EvasionModifier, AutoEvasion)):
        return "evasion"
    if isinstance(e, CounterMarchModifier):
        return "countermarch"
    if isinstance(e, CombatBonus) and e.when in ("battle", "attack", "defence", "major_battle"):
        return "before"
    if isinstance(e, CavalrySuperiority):
        return "before"
    if isinstance(e, MoraleModifier):
        return "before" if e.test == "battle" else "after"
    if isinstance(e, Cancel):
        return {"cavalry_superiority": "before", "spearhead": "before", "pursuit": "after", "evasion": "contact",
                "counter_march": "contact", "retreat_loss": "after"}.get(e.what)
    if isinstance(e, PursuitModifier):
        return "after"
    if isinstance(e, WoundTest) and e.target == "enemy_subordinate":
        return "after"
    if isinstance(e, RelieveGeneral):
        return "demoralized"
    if isinstance(e, InteriorLines):
        return "interior_lines"
    if isinstance(e, (Reroll, AdmiralLossTest)) and e.fleet is not None:
        return "naval"  # 10C, in a naval battle (``naval.Nelson``)
    return None


def window_use(window: str) -> str:
    """6.4: the contact window takes a card played as an event (3F), every other window a combat card."""
    return "event" if window == "contact" else "combat"


def _own(ctx: Frame, role: str) -> str:
    return str(ctx["att"] if role == "attacker" else ctx["dfn"])


def _foe(ctx: Frame, role: str) -> str:
    return str(ctx["dfn"] if role == "attacker" else ctx["att"])


def _commander_power(f: S.Force) -> str:
    return S.general(f["commander"]).power if f["commander"] else S.unit(next(iter(f["units"]))).power


def holds(st: State, c: Any, ctx: Frame, role: str) -> bool:
    """A card condition seen from the side playing it in this battle; unknown conditions never hold."""
    me, foe = st.g["forces"].get(_own(ctx, role)), st.g["forces"].get(_foe(ctx, role))
    if me is None or foe is None:
        return False
    zone = S.data().map.zones[ctx["zone"]]
    checks: dict[type, Any] = {
        Supplied: lambda: not me["unsupplied"],
        Unsupplied: lambda: me["unsupplied"],
        Commander: lambda: me["commander"] == c.general,
        EnemyCommander: lambda: (foe["commander"] == c.general) != c.negate,
        CommanderPower: lambda: _commander_power(me) == c.power,
        CommanderDefence: lambda: bool(me["commander"]) and S.general(me["commander"]).defence >= c.min,
        Role: lambda: role == c.role,
        ForceIsArmy: lambda: S.is_army(me),
        InTerritory: lambda: zone.owner == c.power,
        FortressZone: lambda: bool(zone.fortress) and S.controller(st, zone.id) == me["side"],
        EnemyDemoralized: lambda: foe["demoralized"],
        Outnumbered: lambda: S.combat_value(me) < S.combat_value(foe),
        PowersInBattle: lambda: len({S.major_of(st, S.unit(u).power) for u in me["units"]}) >= c.min,
        Year: lambda: st.g["year"] >= c.min,
    }
    check = checks.get(type(c))
    return bool(check and check())


def barred_by_scenario(st: State, cid: str, ctx: Frame, role: str) -> bool:
    """20.2 special rule 1: « L'Empire ne peut pas jouer l'évènement Colonne de Marche sur Mack lors de sa première
    activation » (the scenario's first round, its side's turn)."""
    h = S.data().scenarios[st.g["scenario"]].header
    first = st.g["year"] == h.start_year and st.g["round"] == h.start_round
    me, foe = st.g["forces"].get(_own(ctx, role)), st.g["forces"].get(_foe(ctx, role))
    return first and me is not None and foe is not None and any(
        isinstance(r, CardRestriction) and r.card == cid and r.side == me["side"] == st.g["turn"]
        and r.target in S.generals_of(foe) for r in S.data().scenarios[st.g["scenario"]].rules.values())


def usable_effects(st: State, cid: str, window: str, ctx: Frame, role: str) -> list[Any]:
    """The card's effects that apply in this window for this side."""
    card = S.data().cards.cards[cid]
    if not all(holds(st, c, ctx, role) for c in card.requires) or barred_by_scenario(st, cid, ctx, role):
        return []
    out = []
    for e in leaves(card):
        if card.use_of(e) != window_use(window) or effect_window(e) != window:
            continue
        if not all(holds(st, c, ctx, role) for c in e.requires):
            continue
        if isinstance(e, EvasionModifier) and (role == "defender") != (e.side == "own"):
            continue  # only the evading force rolls
        if isinstance(e, AutoEvasion) and (role != "defender" or not S.force(st, _own(ctx, role))["commander"]):
            continue  # 28C: one of the card player's forces led by a general, attacked
        if isinstance(e, CounterMarchModifier) and e.side != "own":
            continue
        if isinstance(e, WoundTest) and not ctx.get("subs", {}).get("defender" if role == "attacker" else "attacker"):
            continue  # the enemy used no subordinate's value
        if isinstance(e, Cancel) and e.what == "retreat_loss" and (role != "defender" or ctx.get("winner") in (
                None, role)):
            continue  # 37F: « Your force attacked », beaten: only it retreats
        out.append(e)
    return out


def combat_cards(st: State, side: str, window: str, ctx: Frame, role: str) -> list[str]:
    return [c for c in st.g["hands"][side] if usable_effects(st, c, window, ctx, role)]


def open_windows(st: State, window: str) -> None:
    """Push this window for both sides of the battle on top of the stack, the attacker deciding first (6.6).
    Event cards whose effects still last (14C, 30C) join the battle first."""
    depth = len(st.core["stack"]) - 1
    ctx = st.core["stack"][depth]
    bring_round_cards(st, ctx)
    for role in ("defender", "attacker"):
        fid = _own(ctx, role)
        if fid in st.g["forces"]:
            open_window(st, S.force(st, fid)["side"], role, window, depth)


def open_window(st: State, side: str, role: str, window: str, target: int, fid: str | None = None) -> None:
    """Push this window for one side holding any card (``target``: the battle frame; ``fid``: the force the cards
    are played for when it is not the one in the battle, a counter-marching force).

    Any card, not only a playable one: opening the window only for a playable card would tell the other side
    what the hand holds (hand sizes are public, their contents are not)."""
    if st.g["hands"][side]:
        st.push("cards.window", side=side, role=role, window=window, target=target, fid=fid)


def acting_for(ctx: Frame, role: str, fid: str | None) -> Frame:
    """The battle as seen by the force ``fid`` a card is played for (a counter-marching force): the same frame,
    its cards shared, with ``fid`` in ``role``'s place."""
    return ctx if fid is None else {**ctx, ("att" if role == "attacker" else "dfn"): fid}


def counter_march_effects(st: State, ctx: Frame, role: str, fid: str) -> list[CounterMarchModifier]:
    """14.1: the counter-march modifiers the cards ``role`` played in this battle give force ``fid``'s roll, their
    conditions (25C, 43C: a Prussian-led force) read on that force."""
    mine = acting_for(ctx, role, fid)
    out: list[CounterMarchModifier] = []
    for cid in ctx["cards"][role]:
        card = S.data().cards.cards[cid]
        if all(holds(st, c, mine, role) for c in card.requires):
            out += [e for e in leaves(card) if isinstance(e, CounterMarchModifier) and e.side == "own"
                    and all(holds(st, c, mine, role) for c in e.requires)]
    return out


def open_demoralized_window(st: State, battle: Frame) -> None:
    """47F Disgrace: once the loser of ``battle`` (a frame on the stack) has failed its demoralization test, the
    winner may play cards of the "demoralized" window (battle.after calls this right after the test)."""
    depth = next(i for i, x in enumerate(st.core["stack"]) if x is battle)
    winner = _own(battle, battle["winner"])
    loser = st.g["forces"].get(_foe(battle, battle["winner"]))
    if winner in st.g["forces"] and loser is not None and loser["demoralized"]:
        open_window(st, S.force(st, winner)["side"], battle["winner"], "demoralized", depth)


def offer_contact_cards(st: State, mover: str, dfn: str, zone: str, came_from: str) -> None:
    """3F Column of March: when the active force ``mover`` enters ``zone`` holding the enemy force ``dfn``, its side
    may play the card before the enemy decides to evade (movement's contact step calls this once per enemy force,
    then asks ``cancelled(st, dfn, "evasion")``). Like every window it opens whenever the side holds a card: opened
    only for a playable one, it would keep the enemy waiting (or ask him at once to evade) depending on the hand."""
    st.push("cards.context", att=mover, dfn=dfn, zone=zone, came_from=came_from,
            cards={"attacker": [], "defender": []})
    open_window(st, S.force(st, mover)["side"], "attacker", "contact", len(st.core["stack"]) - 1)


def offer_interior_lines(st: State, attacker: str, dfn: str, zone: str, came_from: str) -> None:
    """12.6 Interior Lines (15C, 1F): after the first force of an enemy Major Campaign enters the zone of ``dfn``
    and before the first battle, the defender's side may play the card; movement then asks
    ``fights_separately(st, dfn)``."""
    st.push("cards.context", att=attacker, dfn=dfn, zone=zone, came_from=came_from,
            cards={"attacker": [], "defender": []})
    open_window(st, S.force(st, dfn)["side"], "defender", "interior_lines", len(st.core["stack"]) - 1)


def cavalry_superiority(st: State, ctx: Frame, role: str, by_count: bool) -> bool:
    """14.5.2: has ``role`` cavalry superiority in this battle? A card giving it (17F, 21F, 26C) decides, unless both
    sides played one; else the count of cavalry units does (``by_count``)."""
    mine = bool(played_effects(st, ctx, role, CavalrySuperiority))
    theirs = bool(played_effects(st, ctx, "defender" if role == "attacker" else "attacker", CavalrySuperiority))
    return mine if mine != theirs else by_count


def played_effects(st: State, ctx: Frame, role: str, kind: type[Any]) -> list[Any]:
    """Effects of ``kind`` that ``role``'s cards played in this battle give (requirements checked at play)."""
    out = []
    for cid in ctx["cards"][role]:
        card = S.data().cards.cards[cid]
        for e in leaves(card):
            if not isinstance(e, kind) or not all(holds(st, c, ctx, role) for c in e.requires):
                continue
            if isinstance(e, EvasionModifier) and (role == "defender") != (e.side == "own"):
                continue  # an own evasion bonus helps only the evading force
            out.append(e)
    return out


class CardWindow:
    """6.6: play combat cards one at a time, or stop."""

    name: ClassVar[str] = "cards.window"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        when = {"evasion": "on this evasion", "before": "before the battle dice", "after": "after the battle dice",
                "countermarch": "on this counter-march", "demoralized": "now that the enemy is demoralized",
                "contact": "as your force meets the enemy", "interior_lines": "against this Major Campaign"}
        kind = "event" if window_use(f["window"]) == "event" else "combat"
        return f"You may play {kind} cards {when[f['window']]}: choose one, or carry on."

    def choices(self, st: State, f: Frame) -> list[Action]:
        ctx = acting_for(st.core["stack"][f["target"]], f["role"], f.get("fid"))
        return [("card", c) for c in combat_cards(st, f["side"], f["window"], ctx, f["role"])] + [("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "done":
            st.pop()
            return
        cid = action[1]
        ctx = acting_for(st.core["stack"][f["target"]], f["role"], f.get("fid"))
        effects = usable_effects(st, cid, f["window"], ctx, f["role"])
        card = S.data().cards.cards[cid]
        st.g["hands"][f["side"]].remove(cid)
        as_event = window_use(f["window"]) == "event"
        (st.g["out"] if card.gold_star else st.g["discards"][f["side"]]).append(cid)  # 14.5.7: even if countered
        ctx["cards"][f["role"]].append(cid)
        st.note(f"The {S.side_name(f['side'])} plays {title(cid)} as {'an event' if as_event else 'a combat card'}: "
                f"{card.text}",
                rule="6.4" if as_event else "14.5.7")
        st.commit()  # the other side has seen the card: no undo past it
        # 6.6 « Les évènements avec la mention CC accordent des bonus lors de la résolution des batailles »: a combat
        # card's use is its event, so 6.2's ESC and VP apply (44C Leipzig's VP -1), as its gold star does (6.4)
        event_played(st, cid)
        record_lasting_effects(st, f["side"], cid, _own(ctx, f["role"]), target=_foe(ctx, f["role"]))
        for e in effects:
            if isinstance(e, WoundTest):
                wound_by_card(st, ctx, f["role"], e)
            if isinstance(e, RelieveGeneral):
                relieve_general(st, _foe(ctx, f["role"]))
        if any(isinstance(e, AutoEvasion) for e in effects):
            evade_automatically(st, f)


class CardContext:
    """The situation a card window outside a battle looks at (3F, 12.6): it closes once the window is done."""

    name: ClassVar[str] = "cards.context"

    def run(self, st: State, f: Frame) -> None:
        st.pop()


def evade_automatically(st: State, window: Frame) -> None:
    """28C Rearguard: the evasion succeeds without a roll (12.5); the evader only chooses where it goes."""
    from grognard.games.nae.rules.movement import evasion_destinations

    ctx = st.core["stack"][window["target"]]
    fid = ctx["dfn"]
    st.note(f"{S.name_of(st, fid)} evades automatically", rule="12.5")
    st.core["stack"][window["target"]] = {
        "step": "evade.where", "fid": fid, "side": window["side"],
        "options": evasion_destinations(st, fid, ctx["zone"], ctx["came_from"])}
    st.pop()  # the window closes: the evasion is decided


def relieve_general(st: State, fid: str) -> None:
    """47F Disgrace (10.3): the commanding general leaves the map (back in the reserve at next year's budget, which
    1815 never reaches); "un général de la réserve, s'il en existe, est choisi et placé dans la zone de l'armée ; le
    général avec le rang le plus élevé parmi ceux présents dans la zone est promu" (``Replace``)."""
    f = st.g["forces"].get(fid)
    if f is None or not f["commander"]:
        return
    gid = f["commander"]
    st.g["removed"].append(gid)
    st.note(f"{S.general(gid).name} is relieved of his command", rule="10.3")
    f["commander"] = None  # until the replacement is picked
    st.push("relieve.replace", fid=fid, side=f["side"], power=S.general(gid).power)


def reserve_generals(st: State, power: str) -> list[str]:
    """10.3: the generals of ``power`` in the reserve: in play (this year, and their event played: Jérôme comes with
    45F, 2.1), on no force, not removed, not in the Foreign Wars box (6.5: out of play until the war ends)."""
    from grognard.games.nae.rules import budget

    on_map = {g for f in st.g["forces"].values() for g in S.generals_of(f)}
    removed = set(st.g["removed"]) | budget.away(st, "generals")
    year, flags = st.g["year"], budget.flags(st)
    return [gid for gid, g in _generals_of(power) if gid not in on_map and gid not in removed
            and (g.entry is None or g.entry <= year) and (g.removal is None or g.removal > year)
            and (g.event is None or g.event in flags)]


@cache
def _generals_of(power: str) -> tuple[tuple[str, General], ...]:
    return tuple((gid, g) for gid, g in S.data().counters.generals.items() if g.power == power)


class Replace:
    """10.3: the owner picks a general of the reserve of the relieved general's nation, placed with the force; the
    highest-ranked of him and the subordinates of that nation takes command (the others stay subordinates, an army
    holding 3 at most). With no general at all, the force keeps its strongest unit and loses the others (11: one
    force per zone), or in a group of armies his army leaves the map and the other goes on."""

    name: ClassVar[str] = "relieve.replace"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        return "Choose the general of the reserve placed with the force whose general was relieved."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [("general", g) for g in reserve_generals(st, f["power"])] or [("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        from grognard.games.nae.rules import command

        st.pop()
        force = st.g["forces"].get(f["fid"])
        if force is None:
            return
        present = [g for g in force["subs"] if S.general(g).power == f["power"]]
        present += [action[1]] if action[0] == "general" else []
        if present:
            best = min(present, key=lambda g: (S.general(g).rank, g))
            subs = [g for g in [*force["subs"], *present] if g != best]
            force["commander"], force["subs"] = best, list(dict.fromkeys(subs))[:3] if force["army"] else []
            st.g["removed"] += [g for g in present if g != best and g not in force["subs"]]
            st.note(f"{S.general(best).name} takes command", rule="10.3")
            command.enforce_limits(st, f["fid"])  # 10.1: no more steps than he may command
            return
        if force["group"]:
            S.dissolve_army(st, f["fid"], 0, "10.3")  # the other army of the group goes on alone
            return
        keep = max(force["units"], key=lambda u: (force["units"][u], u))
        for uid in [u for u in force["units"] if u != keep]:
            S.eliminate(st, force, uid)
        force.update(commander=None, army=None, subs=[], group=None)
        st.note(f"No general is left to lead it: only {S.unit_name(keep)} stays, the rest is eliminated", rule="11")


# Lasting effects: effects that outlast the moment the card is played, kept in st.g["card_effects"] ---------------
# 43F / 25C attrition modifiers; 3F (the caught force may not evade, nothing counter-marches to its battle); 12.6
# Interior Lines; event cards whose modifiers last until the side's next turn (14C, 30C).

ROUND_KINDS = (EvasionModifier, InterceptionModifier, CombatBonus)  # an event's modifiers, until the next turn


def lasting(card_id: str) -> list[Any]:
    """Effects of a card that outlast the window it is played in."""
    card = S.data().cards.cards[card_id]
    return [e for e in leaves(card)
            if isinstance(e, (AttritionModifier, InteriorLines))
            or (isinstance(e, SiegeModifier) and card.use_of(e) == "event")
            or (isinstance(e, ForcedMarch) and e.attrition_modifier and card.use_of(e) == "combat")
            or (isinstance(e, Cancel) and e.what in ("evasion", "counter_march", "retreat_loss"))
            or (isinstance(e, ROUND_KINDS) and card.use_of(e) == "event")]


def record_lasting_effects(st: State, side: str, cid: str, fid: str | None, target: str | None = None) -> None:
    """Keep the card while its effects last (those of two rounds ago have lapsed): ``fid`` is the force that played
    it, ``target`` the enemy force it was played against."""
    if not lasting(cid):
        return
    effects = S.lasting_card_effects(st)
    effects[:] = [r for r in effects if r["round"] >= st.g["round"] - 1 or r.get("year")]
    record = {"card": cid, "side": side, "fid": fid, "target": target, "round": st.g["round"], "turn": st.g["turn"]}
    if fid is None and any(getattr(e, "duration", None) == "turn" and e.side == "enemy" for e in lasting(cid)):
        record["year"] = st.g["year"]  # 40C, 41C: « for the rest of the turn », the year (5.2.1 clears them)
    effects.append(record)


def _this_turn(st: State) -> list[dict[str, Any]]:
    """Lasting effects recorded in the current side's turn of this round (one activation)."""
    return [r for r in st.g.get("card_effects", []) if r["round"] == st.g["round"] and r["turn"] == st.g["turn"]]


def cancelled(st: State, fid: str, what: str) -> bool:
    """3F Column of March, this activation: may force ``fid`` not evade ("evasion", not even into a fortress), or
    may no force counter-march to its battle ("counter_march")?"""
    return any(r["target"] == fid and any(isinstance(e, Cancel) and e.what == what for e in lasting(r["card"]))
               for r in _this_turn(st))


def retreat_loss_cancelled(st: State, fid: str) -> bool:
    """37F The Berezina: « if it must retreat, crossing an unbridged river or a mountain without pass costs it no step
    (14.10) »: played by force ``fid`` this activation, beaten after the dice or on the evasion that came before (its
    automatic evasion: « Your force attacked this round evades automatically »)."""
    return any(r["fid"] == fid and any(isinstance(e, Cancel) and e.what == "retreat_loss" for e in lasting(r["card"]))
               for r in _this_turn(st))


def fights_separately(st: State, fid: str) -> bool:
    """12.6: Interior Lines were played for force ``fid`` against this Major Campaign: it fights each attacking force
    separately, in the order the moving side chooses."""
    return any(r["fid"] == fid and any(isinstance(e, InteriorLines) for e in lasting(r["card"]))
               for r in _this_turn(st))


def until_next_turn(st: State, r: dict[str, Any]) -> bool:
    """An event's modifiers last until its side's next turn: through the other side's turn that follows."""
    return bool(r["round"] == st.g["round"] or (r["round"] == st.g["round"] - 1 and st.g["turn"] != r["side"]))


def round_effects(st: State, side: str) -> list[str]:
    """Event cards ``side`` played whose modifiers last until its next turn (14C, 30C)."""
    return [r["card"] for r in st.g.get("card_effects", []) if r["side"] == side and until_next_turn(st, r)
            and any(isinstance(e, ROUND_KINDS) for e in lasting(r["card"]))]


def bring_round_cards(st: State, ctx: Frame) -> None:
    """Each side's lasting event cards (14C, 30C) take part in this battle or evasion like combat cards played in it."""
    for role in ("attacker", "defender"):
        f = st.g["forces"].get(_own(ctx, role))
        if f is not None:
            ctx["cards"][role] += [c for c in round_effects(st, f["side"]) if c not in ctx["cards"][role]]


def interception_mods(st: State, fid: str) -> list[tuple[str, int]]:
    """12.4 modifiers on an interception by ``fid`` from its side's lasting event cards (14C Outposts: +2)."""
    side = S.force(st, fid)["side"]
    return [(f"{S.data().cards.cards[c].title} card", e.value) for c in round_effects(st, side)
            for e in lasting(c) if isinstance(e, InterceptionModifier) and e.side == "own"]


def attrition_card_mods(st: State, fid: str, forced_march: int) -> list[tuple[str, int]]:
    """13.6.2 modifiers from combat cards played earlier: 43F -1 for the force that played it, in France's National
    Territory, this activation; 25C -1 on this round's forced-march tests of the side's Prussian-led forces; the
    event 54F -2 for every force of the side, this activation."""
    f = S.force(st, fid)
    out = year_attrition_mods(st, fid)
    for r in st.g.get("card_effects", []):
        if r["round"] != st.g["round"] or r["side"] != f["side"]:
            continue
        card = S.data().cards.cards[r["card"]]
        for e in lasting(r["card"]):
            if isinstance(e, AttritionModifier):
                ok = (r["fid"] in (fid, None) and e.side == "own"  # None: 54F, every force of the side
                      and (e.duration == "turn" or r["turn"] == st.g["turn"])
                      and (e.territory is None or S.data().map.zones[f["zone"]].owner == e.territory))
                value = e.value
            elif isinstance(e, ForcedMarch):
                ok = forced_march > 0 and all(_commander_power(f) == c.power for c in card.requires
                                              if isinstance(c, CommanderPower))
                value = e.attrition_modifier
            else:
                continue
            if ok:
                out.append((f"{card.title} card", value))
    return out


def year_attrition_mods(st: State, fid: str) -> list[tuple[str, int]]:
    """13.6.2 modifiers on force ``fid`` from the enemy's events lasting « for the rest of the turn », the year:
    40C +2 in Russia, 41C +2 in Portugal; they reach the tests of the activation phase's end too (5.2.1)."""
    f = S.force(st, fid)
    owner = S.data().map.zones[f["zone"]].owner
    return [(f"{S.data().cards.cards[r['card']].title} card", e.value) for r in st.g.get("card_effects", [])
            if r.get("year") == st.g["year"] and r["side"] != f["side"] for e in lasting(r["card"])
            if isinstance(e, AttritionModifier) and e.side == "enemy" and e.territory == owner]


def siege_card_mods(st: State, fid: str) -> list[tuple[str, int]]:
    """15.4 modifiers on a siege attack by ``fid`` from the enemy's year-long event cards (41C: -2 against
    Lisbon)."""
    f = S.force(st, fid)
    return [(f"{S.data().cards.cards[r['card']].title} card", e.value) for r in st.g.get("card_effects", [])
            if r.get("year") == st.g["year"] and r["side"] != f["side"] for e in lasting(r["card"])
            if isinstance(e, SiegeModifier) and e.side == "enemy" and e.zone == f["zone"]]


def wound_by_card(st: State, ctx: Frame, role: str, e: WoundTest) -> None:
    """11C Wound: the enemy subordinate who lent his tactical value is removed on one of the card's results."""
    foe_role = "defender" if role == "attacker" else "attacker"
    gid = ctx["subs"][foe_role]
    r = st.roll(1, rule="14.7", why=f"Wound card against {S.general(gid).name}",
                table=lambda x: ("wounded" if x in e.on else "unhurt", x in e.on))
    foe = st.g["forces"].get(_foe(ctx, role))
    if r.result and foe is not None and gid in S.subordinates(foe):
        S.drop_subordinate(foe, gid)
        st.g["removed"].append(gid)
        ctx["subs"][foe_role] = None


STEPS = (CardWindow(), CardContext(), Replace(), CorsairsPort())
