"""5 Turn sequence: activation rounds (1815 and 1805 open in round 2, 1809 in a round 1 the Coalition plays alone, then
rounds 2-6 or 7), the Empire first in each round (5.2); the end of the activation phase (5.2.1); then the conquest
phase (5.3, 18) and the victory phase (5.4, 19, 20.1), which in the grand campaigns leads to the next year's
interphase (``interphase``) until the last year."""

from __future__ import annotations

from typing import ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation, cards, conquest, diplomacy, events, posture, siege, supply, victory
from grognard.games.nae.schema.scenario import MandatorySieges

RALLY_AT_CONQUEST_OPTION = "rally_at_conquest"
"""The other reading of when demoralized forces rally (docs/nae-rules.md, decisions): at the conquest phase, after
the conquests are checked (5.3), instead of at the end of the activation phase (14.9.3)."""


def rally_supplied(st: State, rule: str) -> None:
    """14.9.3 / 5.3: supplied demoralized forces lose their marker (« sauf si elle n'est pas ravitaillée »)."""
    for fid, force in st.g["forces"].items():
        if S.demoralized_armies(force) and not force["unsupplied"]:
            S.set_demoralized(force, False)
            st.note(f"{S.name_of(st, fid)} is supplied and rallies", rule=rule)


# 20.2 special rule 1 -------------------------------------------------------------------------------------------
# « Les forces autrichiennes doivent assiéger Mantoue et Ulm. Mantoue ne peut être assiégée que par la force
# autrichienne commandée par Charles, Ulm par une force commandée par un général. Tant que cela n'est pas fait, la
# Coalition ne peut entreprendre aucune autre action (navale, diplomatique, etc.). L'obligation prend fin si une
# force de l'Empire entre ou traverse une zone du territoire national autrichien. » Read here: until then the
# Coalition's action is an activation (a card for its AP or the 1-AP operation: no event, no pass), which
# activates only Austrian forces that may lay one of the sieges still due, and no fleet.


def siege_duty(st: State) -> MandatorySieges | None:
    """The 20.2 mandatory sieges still binding (``st.g["sieges_due"]``: their fortresses not yet besieged)."""
    due = st.g.get("sieges_due")
    if not due:
        return None
    rule = next(r for r in S.data().scenarios[st.g["scenario"]].rules.values() if isinstance(r, MandatorySieges))
    return rule


def may_lay_due_siege(st: State, fid: str) -> bool:
    """20.2 rule 1: may this force lay one of the sieges still due (Mantua: Charles's force; Ulm: a general's)?"""
    rule = siege_duty(st)
    f = S.force(st, fid)
    if rule is None or f["power"] != rule.power or not f["commander"]:
        return False
    return any(s.zone in st.g["sieges_due"] and (s.general is None or s.general in S.generals_of(f))
               for s in rule.sieges)


def update_siege_duty(st: State) -> None:
    """20.2 rule 1: a siege laid as the rule asks is done; an Empire force in Austria's National Territory ends
    the whole obligation."""
    rule = siege_duty(st)
    if rule is None:
        return
    enemy = S.other(str(S.side_of(st, rule.power)))
    if any(f["side"] == enemy and S.owner(st, f["zone"]) == rule.lifted_if_enemy_enters
           for f in st.g["forces"].values()):
        st.g["sieges_due"] = []
        st.note("An Empire force stands in Austria: the Austrian forces are free of their sieges", rule=rule.src)
        return
    for s in rule.sieges:
        fort = st.g["fortresses"].get(s.zone)
        besieger = st.g["forces"].get(fort["besieger"]) if fort and fort["besieger"] else None
        done = besieger is not None and besieger["power"] == rule.power and besieger["commander"] is not None and (
            s.general is None or s.general in S.generals_of(besieger))
        if s.zone in st.g["sieges_due"] and (done or S.controller(st, s.zone) == S.side_of(st, rule.power)):
            st.g["sieges_due"].remove(s.zone)
            st.note(f"The siege of {S.zone_name(s.zone)} the scenario asks of Austria is laid", rule=rule.src)


class Round:
    """5.2 / 9: the side to act plays a card for AP or as an event, makes a 1-AP operation, or passes."""

    name: ClassVar[str] = "round"

    def actor(self, st: State, f: Frame) -> str:
        return str(st.g["turn"])

    def prompt(self, st: State, f: Frame) -> str:
        w = S.data().tables.weather(st.g["round"])
        return (f"{st.g['year']}, round {st.g['round']} ({w.name.lower()}): play a card for its AP or as an event, "
                "make a 1-AP operation, or pass.")

    def choices(self, st: State, f: Frame) -> list[Action]:
        side = st.g["turn"]
        hand = st.g["hands"][side]
        out: list[Action] = [("card", c) for c in hand if cards.ap_value(st, c) > 0]
        rule = siege_duty(st)
        if rule is not None and S.side_of(st, rule.power) == side:
            return [*out, ("op", None)]  # 20.2 rule 1: no other action until the sieges are laid
        out += [("event", c) for c in hand if events.playable(st, side, c)]
        out += diplomacy.round_choices(st, side)  # 5.2 items 5, 7, 8: grand campaigns only
        return [*out, ("op", None), ("pass", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        side = st.g["turn"]
        verb, arg = action
        st.replace("round.end")
        if diplomacy.round_handles(st, action):
            diplomacy.resolve_round(st, side, action)
        elif verb == "card":
            cards.discard(st, side, arg, "for its AP")
            activation.push_activation(st, side, cards.ap_value(st, arg), f"{cards.title(arg)} for AP")
        elif verb == "event":
            cards.play_event(st, side, arg)
        elif verb == "op":
            st.note(f"The {S.side_name(side)} makes a 1-AP operation without a card", rule="9.1")
            activation.push_activation(st, side, 1, "1-AP operation")
        else:
            st.note(f"The {S.side_name(side)} passes", rule="5.2")


class RoundEnd:
    """Next side, next round, or the end of the activation phase after the last round."""

    name: ClassVar[str] = "round.end"

    def run(self, st: State, f: Frame) -> None:
        side = st.g["turn"]
        st.pop()
        if side == "empire":
            st.g["turn"] = "coalition"
            st.push("round")
        else:
            st.g["turn"] = "empire"
            if st.g["round"] < st.g["last_round"]:
                st.g["round"] += 1
                st.push("round")
            else:
                st.push("year.end", phase="sieges")
        siege.enforce_sieges(st)  # 11: at the end of an action no force stays before a fortress it cannot besiege
        update_siege_duty(st)
        posture.update_posture(st)  # 20.2 special rule 2 (optional)


class YearEnd:
    """5.2.1 end of the activation phase, then 5.3 conquest and 5.4 victory."""

    name: ClassVar[str] = "year.end"

    def run(self, st: State, f: Frame) -> None:
        phase = f["phase"]
        if phase == "sieges":
            f["phase"] = "sieges_held"
            # 5.2.1 (a) / 15.2: a last, free siege attack on every besieged fortress
            for zone in sorted(st.g["fortresses"], reverse=True):
                fid = st.g["fortresses"][zone]["besieger"]
                if fid is not None and siege.may_attack(st, fid):
                    siege.push_siege_attack(st, fid)
        elif phase in ("sieges_held", "attrition_held"):
            f["phase"] = "attrition" if phase == "sieges_held" else "rally"
            # 15.3: « Si le nombre d'unités nécessaire au maintien du siège n'est plus réuni, le siège est levé et
            # les forces assiégeantes doivent se redéployer dans une zone adjacente »: a besieger a repulsed siege
            # attack or its attrition left too weak lifts the siege at once and withdraws
            siege.enforce_sieges(st)
        elif phase == "attrition":
            f["phase"] = "attrition_held"
            supply.update_supply(st, rule="5.2.1")
            for fid in sorted(st.g["forces"], reverse=True):
                force = st.g["forces"][fid]
                if force["side"] is None:
                    continue  # 8.1.1 / 8.1.3: at war with nobody (a forced peace), no siege or supply tests it
                fort = st.g["fortresses"].get(force["zone"])
                besieged = force["in_fortress"] and fort is not None and fort["siege"] is not None
                if besieged or force["unsupplied"] or S.demoralized_armies(force):
                    poor = force["zone"] in supply.graph().poor
                    supply.push_attrition(st, fid, supply.attrition_mods(st, fid, poor=poor, cards_apply=False),
                                          "end of the activation phase", rule="5.2.1")
        elif phase == "rally":
            f["phase"] = "conquest"
            if not st.setup["options"].get(RALLY_AT_CONQUEST_OPTION):
                rally_supplied(st, "14.9.3")
            supply.update_supply(st, rule="5.2.1")
            conquest.reactivate_fortresses(st, supplied_only=True)
        elif phase == "conquest":
            f["phase"] = "victory"
            if S.grand_campaign(st):
                st.g["phase"] = "conquest"
            conquest.conquest_phase(st)
            if st.setup["options"].get(RALLY_AT_CONQUEST_OPTION):
                rally_supplied(st, "5.3")  # the conquest summary's step 7, after the conquests (18.2.1)
        elif S.grand_campaign(st):
            victory.victory_phase(st)  # 5.4: the grand campaigns go on to the next year, or end in 1814
        else:
            result, text = victory.final_result(st)
            st.finish(result, text)


STEPS = (Round(), RoundEnd(), YearEnd())
