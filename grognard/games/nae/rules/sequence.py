"""5 Turn sequence of the 1815 scenario: activation rounds 2-6, the Empire first in each round (5.2); the end of
the activation phase (5.2.1); then the conquest phase (5.3, 18) and the victory check (5.4, 20.1)."""

from __future__ import annotations

from typing import ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation, cards, conquest, diplomacy, events, siege, supply, victory

RALLY_AT_CONQUEST_OPTION = "rally_at_conquest"
"""The other reading of when demoralized forces rally (docs/nae-rules.md, decisions): at the conquest phase, after
the conquests are checked (5.3), instead of at the end of the activation phase (14.9.3)."""


def rally_supplied(st: State, rule: str) -> None:
    """14.9.3 / 5.3: supplied demoralized forces lose their marker (« sauf si elle n'est pas ravitaillée »)."""
    for fid, force in st.g["forces"].items():
        if S.demoralized_armies(force) and not force["unsupplied"]:
            S.set_demoralized(force, False)
            st.note(f"{S.name_of(st, fid)} is supplied and rallies", rule=rule)


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
            st.note(f"{side} makes a 1-AP operation without a card", rule="9.1")
            activation.push_activation(st, side, 1, "1-AP operation")
        else:
            st.note(f"{side} passes", rule="5.2")


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


class YearEnd:
    """5.2.1 end of the activation phase, then 5.3 conquest and 5.4 victory."""

    name: ClassVar[str] = "year.end"

    def run(self, st: State, f: Frame) -> None:
        phase = f["phase"]
        if phase == "sieges":
            f["phase"] = "attrition"
            # 5.2.1 (a) / 15.2: a last, free siege attack on every besieged fortress
            for zone in sorted(st.g["fortresses"], reverse=True):
                fid = st.g["fortresses"][zone]["besieger"]
                if fid is not None and siege.may_attack(st, fid):
                    siege.push_siege_attack(st, fid)
        elif phase == "attrition":
            f["phase"] = "rally"
            supply.update_supply(st, rule="5.2.1")
            for fid in sorted(st.g["forces"], reverse=True):
                force = st.g["forces"][fid]
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
            conquest.conquest_phase(st)
            if st.setup["options"].get(RALLY_AT_CONQUEST_OPTION):
                rally_supplied(st, "5.3")  # the conquest summary's step 7, after the conquests (18.2.1)
        else:
            result, text = victory.final_result(st)
            st.finish(result, text)


STEPS = (Round(), RoundEnd(), YearEnd())
