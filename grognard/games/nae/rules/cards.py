"""6 Cards: the 1815 hands (20.1), playing a card for its AP or as an event (6.4), discards, and the combat-card
windows of battles and evasions (6.6, 14.5.7). Hand building (6.3) does not arise in the one-year 1815 game."""

from __future__ import annotations

from typing import Any, ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.schema.cards import (
    AttritionModifier,
    AutoEvasion,
    Cancel,
    CombatBonus,
    Commander,
    CommanderPower,
    CounterMarchModifier,
    EnemyCommander,
    EnemyDemoralized,
    EvasionModifier,
    ForcedMarch,
    ForceIsArmy,
    FortressZone,
    InTerritory,
    MoraleModifier,
    Outnumbered,
    PowersInBattle,
    PursuitModifier,
    Supplied,
    Unsupplied,
    WoundTest,
)


def deal(st: State, side: str, deck: list[str], draw: int) -> None:
    """20.1: shuffle the scenario's pile and draw the hand."""
    pile = list(deck)
    st.shuffle(pile)
    st.g["decks"][side] = pile
    st.g["hands"][side] = [pile.pop() for _ in range(min(draw, len(pile)))]
    st.note(f"{side} draws {len(st.g['hands'][side])} cards", rule="20.1")
    st.note(f"Your hand: {', '.join(title(c) for c in st.g['hands'][side])}", rule="20.1", to=side)


def title(cid: str) -> str:
    card = S.data().cards.cards[cid]
    return f"{cid} {card.title} ({card.value})"


def value(cid: str) -> int:
    return S.data().cards.cards[cid].value


def discard(st: State, side: str, cid: str, why: str) -> None:
    """6.4: a played card goes to the played pile; a gold-star event leaves the game."""
    st.g["hands"][side].remove(cid)
    st.g["discards"][side].append(cid)
    st.note(f"{side} plays {title(cid)} {why}", rule="6.4")


def play_event(st: State, side: str, cid: str) -> None:
    from grognard.games.nae.rules.events import EVENTS

    card = S.data().cards.cards[cid]
    st.g["hands"][side].remove(cid)
    (st.g["out"] if card.gold_star else st.g["discards"][side]).append(cid)
    st.note(f"{side} plays {title(cid)} as an event: {card.text}", rule="6.4")
    EVENTS[cid](st, side, card)


# 6.6 / 14.5.7 Combat cards -------------------------------------------------------------------------------------
# A window is a moment of a battle (or evasion) when each side, the attacker first, may play combat cards. Only
# a card's effects of that window's kinds are used: its other effects belong to its activation-phase use.

def effect_window(e: Any) -> str | None:
    """The window an effect is played in: "evasion", "before" the dice, "after" them, or None (not here)."""
    if isinstance(e, (EvasionModifier, AutoEvasion)):
        return "evasion"
    if isinstance(e, CounterMarchModifier):
        return "countermarch"
    if isinstance(e, CombatBonus) and e.when in ("battle", "attack", "defence", "major_battle"):
        return "before"
    if isinstance(e, MoraleModifier):
        return "before" if e.test == "battle" else "after"
    if isinstance(e, Cancel):
        return {"cavalry_superiority": "before", "spearhead": "before", "pursuit": "after"}.get(e.what)
    if isinstance(e, PursuitModifier):
        return "after"
    if isinstance(e, WoundTest) and e.target == "enemy_subordinate":
        return "after"
    return None


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
        ForceIsArmy: lambda: S.is_army(me),
        InTerritory: lambda: zone.owner == c.power,
        FortressZone: lambda: bool(zone.fortress) and S.controller(st, zone.id) == me["side"],
        EnemyDemoralized: lambda: foe["demoralized"],
        Outnumbered: lambda: S.combat_value(me) < S.combat_value(foe),
        PowersInBattle: lambda: len({S.major_of(st, S.unit(u).power) for u in me["units"]}) >= c.min,
    }
    check = checks.get(type(c))
    return bool(check and check())


def usable_effects(st: State, cid: str, window: str, ctx: Frame, role: str) -> list[Any]:
    """The card's effects that apply in this window for this side."""
    card = S.data().cards.cards[cid]
    if "combat" not in card.phases or not all(holds(st, c, ctx, role) for c in card.requires):
        return []
    out = []
    for e in card.effect:
        if effect_window(e) != window or not all(holds(st, c, ctx, role) for c in e.requires):
            continue
        if isinstance(e, EvasionModifier) and (role == "defender") != (e.side == "own"):
            continue  # only the evading force rolls
        if isinstance(e, AutoEvasion) and (role != "defender" or not S.force(st, _own(ctx, role))["commander"]):
            continue  # 28C: one of the card player's forces led by a general, attacked
        if isinstance(e, CounterMarchModifier) and e.side != "own":
            continue
        if isinstance(e, WoundTest) and not ctx.get("subs", {}).get("defender" if role == "attacker" else "attacker"):
            continue  # the enemy used no subordinate's value
        out.append(e)
    return out


def combat_cards(st: State, side: str, window: str, ctx: Frame, role: str) -> list[str]:
    return [c for c in st.g["hands"][side] if usable_effects(st, c, window, ctx, role)]


def open_windows(st: State, window: str) -> None:
    """Push this window for both sides of the battle on top of the stack, the attacker deciding first (6.6)."""
    depth = len(st.core["stack"]) - 1
    ctx = st.core["stack"][depth]
    for role in ("defender", "attacker"):
        fid = _own(ctx, role)
        if fid in st.g["forces"]:
            open_window(st, S.force(st, fid)["side"], role, window, depth)


def open_window(st: State, side: str, role: str, window: str, target: int) -> None:
    """Push this window for one side holding any card (``target``: the battle frame).

    Any card, not only a playable one: opening the window only for a playable card would tell the other side
    what the hand holds (hand sizes are public, their contents are not)."""
    if st.g["hands"][side]:
        st.push("cards.window", side=side, role=role, window=window, target=target)


def played_effects(st: State, ctx: Frame, role: str, kind: type) -> list[Any]:
    """Effects of ``kind`` that ``role``'s cards played in this battle give (requirements checked at play)."""
    return [e for cid in ctx["cards"][role] for e in S.data().cards.cards[cid].effect
            if isinstance(e, kind) and all(holds(st, c, ctx, role) for c in e.requires)]


class CardWindow:
    """6.6: play combat cards one at a time, or stop."""

    name: ClassVar[str] = "cards.window"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        when = {"evasion": "on this evasion", "before": "before the battle dice", "after": "after the battle dice",
                "countermarch": "on this counter-march"}
        return f"You may play combat cards {when[f['window']]}: choose one, or carry on."

    def choices(self, st: State, f: Frame) -> list[Action]:
        ctx = st.core["stack"][f["target"]]
        return [("card", c) for c in combat_cards(st, f["side"], f["window"], ctx, f["role"])] + [("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "done":
            st.pop()
            return
        cid = action[1]
        ctx = st.core["stack"][f["target"]]
        effects = usable_effects(st, cid, f["window"], ctx, f["role"])
        card = S.data().cards.cards[cid]
        st.g["hands"][f["side"]].remove(cid)
        (st.g["out"] if card.gold_star else st.g["discards"][f["side"]]).append(cid)
        ctx["cards"][f["role"]].append(cid)
        st.note(f"{f['side']} plays {title(cid)} as a combat card: {card.text}", rule="14.5.7")
        record_lasting_effects(st, f["side"], cid, _own(ctx, f["role"]))
        for e in effects:
            if isinstance(e, WoundTest):
                wound_by_card(st, ctx, f["role"], e)
        if any(isinstance(e, AutoEvasion) for e in effects):
            evade_automatically(st, f)


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


# Lasting effects: a combat card's attrition modifiers apply to tests after its battle ---------------------------

def lasting(card_id: str) -> list[Any]:
    """Effects of a combat card that outlast its battle: attrition modifiers (43F) and forced-march attrition
    modifiers (25C)."""
    card = S.data().cards.cards[card_id]
    return [e for e in card.effect if isinstance(e, AttritionModifier)
            or (isinstance(e, ForcedMarch) and e.attrition_modifier)]


def record_lasting_effects(st: State, side: str, cid: str, fid: str) -> None:
    """Keep the card for this round's attrition tests (effects of earlier rounds have lapsed)."""
    if not lasting(cid):
        return
    effects = S.lasting_card_effects(st)
    effects[:] = [r for r in effects if r["round"] == st.g["round"]]
    effects.append({"card": cid, "side": side, "fid": fid, "round": st.g["round"], "turn": st.g["turn"]})


def attrition_card_mods(st: State, fid: str, forced_march: int) -> list[tuple[str, int]]:
    """13.6.2 modifiers from combat cards played earlier: 43F -1 for the force that played it, in France's National
    Territory, this activation; 25C -1 on this round's forced-march tests of the side's Prussian-led forces."""
    f = S.force(st, fid)
    out: list[tuple[str, int]] = []
    for r in st.g.get("card_effects", []):
        if r["round"] != st.g["round"] or r["side"] != f["side"]:
            continue
        card = S.data().cards.cards[r["card"]]
        for e in lasting(r["card"]):
            if isinstance(e, AttritionModifier):
                ok = (r["fid"] == fid and (e.duration == "turn" or r["turn"] == st.g["turn"])
                      and (e.territory is None or S.data().map.zones[f["zone"]].owner == e.territory))
                value = e.value
            else:
                ok = forced_march > 0 and all(_commander_power(f) == c.power for c in card.requires
                                              if isinstance(c, CommanderPower))
                value = e.attrition_modifier
            if ok:
                out.append((f"{card.title} card", value))
    return out


def wound_by_card(st: State, ctx: Frame, role: str, e: WoundTest) -> None:
    """11C Wound: the enemy subordinate who lent his tactical value is removed on one of the card's results."""
    foe_role = "defender" if role == "attacker" else "attacker"
    gid = ctx["subs"][foe_role]
    r = st.roll(1, rule="14.7", why=f"Wound card against {S.general(gid).name}",
                table=lambda x: ("wounded" if x in e.on else "unhurt", x in e.on))
    foe = st.g["forces"].get(_foe(ctx, role))
    if r.result and foe is not None and gid in foe["subs"]:
        foe["subs"].remove(gid)
        st.g["removed"].append(gid)
        ctx["subs"][foe_role] = None


STEPS = (CardWindow(),)
