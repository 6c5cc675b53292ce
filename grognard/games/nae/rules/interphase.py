"""5.1 / 7 The interphase of the grand campaigns (20.2, 20.3), before each year's activation phase: the driver that
runs its phases in order, 7.1 declarations of war and 7.2 hand building.

Phase order (7.1-7.6): declarations of war, hand building, budget, diplomacy, movement of neutral majors, strategic
redeployment; ``PHASES`` lists them, each the function that pushes its steps."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, cards, diplomacy, forced, redeployment, siege, stacking, supply, victory


def push_declarations(st: State) -> None:
    """7.1 (5.1.1): the declarations of war, the Coalition then the Empire."""
    st.push("interphase.war")


def push_hand_building(st: State) -> None:
    """7.2 (5.1.2): hand building."""
    st.push("interphase.hands.start")


PHASES: tuple[Callable[[State], None], ...] = (
    push_declarations, push_hand_building, budget.push_budget_phase, diplomacy.push_diplomatic_phase,
    redeployment.push_neutral_movement, redeployment.push_strategic_redeployment)
"""The interphase's phases in their order (5.1): each function pushes its phase's steps, which pop when done."""

ORDER = ("coalition", "empire")  # 7.1, 7.2, 7.4: the Coalition first, then the Empire


class Interphase:
    """5.1: runs the interphase's phases one after the other, then opens the year's activation phase in round 1
    with the Empire first (5.2)."""

    name: ClassVar[str] = "interphase"

    def run(self, st: State, f: Frame) -> None:
        i = f["phase"]
        if i < len(PHASES):
            f["phase"] = i + 1
            PHASES[i](st)
            return
        if i == len(PHASES):
            f["phase"] = i + 1
            # 15.2-15.3 before round 1: a besieger the interphase left too weak (units withdrawn at the budget, the
            # siege lifted as a redeployment passed) withdraws, and a force outside a fortress the enemy holds lays
            # siege or withdraws, as at the end of any action (a French corps of one step stood outside Bavarian
            # Würzburg into the 1810 activation phase, 1805 random seed 152)
            siege.enforce_sieges(st)
            if st.frame is not f:
                return  # its owner chooses where it withdraws first
        st.g.update(phase="activation", round=1, turn="empire")
        st.note(f"The {st.g['year']} activation phase begins", rule="5.2")
        supply.update_supply(st, rule="13.1")
        st.replace("round")


# 7.1 Declarations of war -------------------------------------------------------------------------------------

def war_targets(st: State, side: str) -> list[str]:
    """7.1: « La Coalition puis l'Empire effectuent leurs déclarations de guerre aux puissances majeures ou mineures
    neutres »; a minor allied to a neutral major is reached through its major (« Une déclaration de guerre à une
    puissance vaut déclaration de guerre à tous ses alliés »). And a major in forced peace or forced alliance, by the
    side opposed to its conqueror only: 18.2.3 « L'adversaire du conquérant ne pourra quant à lui pas pénétrer sur le
    territoire de la puissance en paix forcée, à moins de lui déclarer la guerre » (8.1.3: « ce qui conduirait le pays
    vaincu à devenir automatiquement allié du conquérant »; 8.1.4: « SAUF à lui déclarer la guerre et donc à le
    transformer en allié « normal » de l'Empire »); its conqueror's side may not (« Le conquérant et ses alliés ne
    peuvent pas déclarer la guerre au pays conquis [...] durant la paix forcée »). Not a conquered Britain: 8.1.3's
    « Exception : [...] l'Angleterre [...] se comporte comme une nation neutre. A l'issue de chaque période de paix
    forcée, l'Angleterre rejoint automatiquement la coalition » sets aside the rule that makes the loser its
    conqueror's ally, so the Coalition has no declaration to make on it."""
    return [p for p, s in st.g["status"].items()
            if s == "neutral"
            or (s in forced.FORCED and p != "britain" and forced.conqueror_side(st, p) == S.other(side))]


def allies_of(st: State, power: str) -> list[str]:
    """The minors allied to ``power`` (8.1.2), which a declaration against it reaches too."""
    return [p for p, a in st.g["ally_of"].items() if a == power and st.g["status"].get(p) == "allied"]


def declare_war(st: State, side: str, power: str) -> None:
    """7.1 / 3.2: ``side`` declares war on the neutral ``power``, which joins the other side with its allies: a
    major at war, a minor as an ally of France or of Britain (« un pays mineur neutre attaqué devient allié de la
    France ou de l'Angleterre »). Their forces on the map change sides; a minor's units, kept off the map while it
    was neutral, deploy at once anywhere in its territory (7.3.3, 8.2.3: ``diplomacy.deploy_minor``). The first
    declaration on a major raises the escalade by 1; the victor's declaration on a major it defeated brings in the
    Punishments cards at once, with 8.1.3's other penalties (``war_on_former_loser``)."""
    g = st.g
    foe = S.other(side)
    major = S.data().map.powers[power].kind == "major"
    joining = [power, *allies_of(st, power)]
    was_forced = g["forced"].pop(power, None) is not None  # 8.1.3 / 8.1.4: now an ally of its conqueror
    if major:
        g["status"][power] = "at_war"
    else:
        g["status"][power] = "allied"
        S.set_ally_of(st, power, diplomacy.patron(st, power, foe))
    for p in joining:
        S.set_side(st, p, foe)
    S.follow_sides(st, joining)
    g["declared"].append(power)
    names = ", ".join(S.data().map.powers[p].name for p in joining)
    st.note(f"The {S.side_name(side)} declares war on {S.data().map.powers[power].name}: {names} join(s) the "
            f"{S.side_name(foe)}", rule="7.1")
    if major:
        if diplomacy.defeated_by(st, power, side):
            war_on_former_loser(st, side, power)
        elif power not in g["war_on"]:
            victory.apply_vp_event(st, "first_declaration_on_major", f"first declaration of war on "
                                                                     f"{S.data().map.powers[power].name}")
        if power not in g["war_on"]:
            g["war_on"].append(power)
    if was_forced:
        # 11: its forces and its conqueror's, sharing zones by 8.1.3's exception, are now one side's
        for fid in sorted(fid for fid, f in g["forces"].items() if f["power"] in joining):
            if fid in g["forces"]:
                stacking.consolidate(st, fid)
    for p in reversed(joining):
        if S.data().map.powers[p].kind == "minor":
            diplomacy.deploy_minor(st, foe, p)
    diplomacy.ports_follow(st)  # 17.2.1 / 17.2.6: fleets in its ports or their boxes


def war_on_former_loser(st: State, side: str, power: str) -> None:
    """8.1.3 (7.1 « voir 8.1.3 »): « Si le vainqueur déclare la guerre au vaincu à l'issue de la paix forcée [...] le
    vaincu double ses ressources lors de la phase de budget et les cartes « Les Châtiments » sont ajoutées de suite
    à la pioche de chaque camp quel que soit le niveau d'escalade. Le camp adverse reçoit 3 tentatives diplomatiques
    gratuites avec un bonus de +2 ». The victor is the side of a major that conquered ``power`` (``defeats``): the
    other side declaring war on it is a declaration like any other (7.1)."""
    ev = S.data().tables.vp_event("redeclaration_on_defeated_major")
    victory.apply_vp_event(st, ev.id, f"war declared again on {S.data().map.powers[power].name}")
    if ev.punishments:
        cards.bring_punishments(st, "8.1.3")
    doubled = st.g.setdefault("double_resources", [])
    if power not in doubled:
        doubled.append(power)
        st.note(f"{S.data().map.powers[power].name} doubles its resources at this budget phase", rule="8.1.3")
    diplomacy.grant_free_attempts(st, S.other(side))


class Declarations:
    """7.1: the Coalition, then the Empire, declares war on any neutral powers it chooses, or on none."""

    name: ClassVar[str] = "interphase.war"

    def actor(self, st: State, f: Frame) -> str:
        return ORDER[f.get("i", 0)]

    def prompt(self, st: State, f: Frame) -> str:
        return f"{st.g['year']} declarations of war: declare war on a neutral power, or declare no more."

    def choices(self, st: State, f: Frame) -> list[Action]:
        return [*(("declare", p) for p in war_targets(st, self.actor(st, f))), ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        side = self.actor(st, f)
        if action[0] == "declare":
            declare_war(st, side, action[1])
            return
        st.note(f"The {S.side_name(side)} makes no more declarations of war", rule="7.1")
        if f.get("i", 0) + 1 < len(ORDER):
            f["i"] = f.get("i", 0) + 1
        else:
            st.pop()


# 7.2 Hand building -------------------------------------------------------------------------------------------

class HandBuilding:
    """7.2 / 6.3: each side (Coalition first) discards what it will not keep, gets back its permanent cards and
    draws up to the size its key zones and events give, 6 to 10: « A l'issue, le nombre total de cartes en main du
    joueur doit être égal au nombre défini » (5.1.2), so a side holding more must discard down to it. The
    Punishments cards come in first if the escalade reached 15 (6.1)."""

    name: ClassVar[str] = "interphase.hands"

    def actor(self, st: State, f: Frame) -> str:
        return ORDER[f["i"]]

    def prompt(self, st: State, f: Frame) -> str:
        side = self.actor(st, f)
        keep = len(set(st.g["hands"][side]) | set(f["perms"]))
        return (f"{st.g['year']} hand building: your hand will hold {f['size']} cards ({keep} now, with your "
                f"permanent cards); discard the cards you do not keep, then draw.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        side = self.actor(st, f)
        hand = st.g["hands"][side]
        out: list[Action] = [("discard", c) for c in hand if not S.data().cards.cards[c].cannot_discard]
        out += cards.hand_building_events(st, side, f)  # 52C (6.3)
        if len(set(hand) | set(f["perms"])) <= f["size"]:
            out.append(("done", None))
        return out

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        side = self.actor(st, f)
        if action[0] == "event":
            cards.play_hand_building_event(st, side, action[1], f)
            return
        if action[0] == "discard":
            st.g["hands"][side].remove(action[1])
            st.g["discards"][side].append(action[1])
            # the played pile is open to both sides (6.4, the view's ``discards``): so is what goes onto it
            st.note(f"The {S.side_name(side)} discards {cards.title(action[1])}", rule="7.2")
            return
        cards.complete_hand(st, side, f["size"], f["perms"])
        if f["i"] + 1 < len(ORDER):
            f["i"] += 1
            f["size"], f["perms"] = cards.hand_entitlement(st, ORDER[f["i"]])
            cards.drop_lapsed_permanents(st, ORDER[f["i"]], f["perms"])
        else:
            st.pop()


class HandStart:
    """6.1 / 7.2: the Punishments cards join the decks if the escalade reached 15; then the first side's hand."""

    name: ClassVar[str] = "interphase.hands.start"

    def run(self, st: State, f: Frame) -> None:
        if st.g.get("escalade") is not None and st.g["escalade"] >= cards.punishments_at() and \
                "punishments" not in st.g["periods"]:
            cards.bring_punishments(st, "6.1")
        size, perms = cards.hand_entitlement(st, ORDER[0])
        cards.drop_lapsed_permanents(st, ORDER[0], perms)
        st.replace("interphase.hands", i=0, size=size, perms=perms)


STEPS = (Interphase(), Declarations(), HandBuilding(), HandStart())
