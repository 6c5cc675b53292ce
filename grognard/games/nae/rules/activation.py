"""9 Activations: AP from a card (plus the AP reserve) or a card-less 1-AP operation; a force costs its general's
initiative, a lone unit 1 AP (9.1); unused AP go to the reserve (9.2). Events that activate forces without AP use
the same step with a count of forces instead of AP; an activated army may call in adjacent forces (9.1, in
``movement``). A Major Campaign (12.6) lets its forces wait in an enemy's zone for the others to fight together:
the frame keeps them in ``waiting`` (their saved march), the defenders that lost their right to evade in
``no_evade`` and those offered Interior Lines in ``interior_lines``."""

from __future__ import annotations

from typing import ClassVar

from grognard.core.machine import Action, Frame, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import movement


def push_activation(st: State, side: str, ap: int, why: str) -> None:
    """Spend ``ap`` AP plus the whole AP reserve (what is left returns to the reserve, 9.2)."""
    reserve = st.g["ap_reserve"][side]
    st.g["ap_reserve"][side] = 0
    if reserve:
        st.note(f"{side} adds {reserve} AP from its reserve", rule="9.2")
    st.push("activation", side=side, ap=ap + reserve, count=None, why=why, activated=[], power=None,
            commander=None, max_initiative=None, distinct_powers=False, powers_used=[], fm_max=3,
            fm_attrition=True, fm_mod=0, extra_mp=0, together=False, waiting=[], no_evade=[], interior_lines=[])


def push_event_activation(st: State, side: str, count: int, why: str, *, power: str | None = None,
                          commander: str | None = None, max_initiative: int | None = None,
                          distinct_powers: bool = False, fm_max: int = 3, fm_attrition: bool = True,
                          fm_mod: int = 0, extra_mp: int = 0, fight_together: bool = False) -> None:
    """An event activating ``count`` forces without AP (9.2: the reserve cannot be used with it);
    ``fight_together``: a Major Campaign (12.6)."""
    st.push("activation", side=side, ap=0, count=count, why=why, activated=[], power=power, commander=commander,
            max_initiative=max_initiative, distinct_powers=distinct_powers, powers_used=[], fm_max=fm_max,
            fm_attrition=fm_attrition, fm_mod=fm_mod, extra_mp=extra_mp, together=fight_together, waiting=[],
            no_evade=[], interior_lines=[])


def activation_frame(st: State) -> Frame | None:
    """The frame of the activation under way (the topmost "activation"), if any."""
    stack: list[Frame] = st.core["stack"]
    return next((f for f in reversed(stack) if f["step"] == "activation"), None)


def campaign(st: State) -> Frame | None:
    """The activation frame if it is a Major Campaign whose forces may fight together (12.6)."""
    f = activation_frame(st)
    return f if f is not None and f.get("together") else None


def moved(st: State, fid: str) -> bool:
    """Has force ``fid`` been activated (or left behind by a moving force) in this activation?"""
    f = activation_frame(st)
    return f is not None and fid in f["activated"]


def mark_moved(st: State, fid: str) -> None:
    """12.2.1: units left behind have moved this round: their force is not activated again (an army may be)."""
    f = activation_frame(st)
    if f is not None and fid not in f["activated"] and not S.is_army(S.force(st, fid)):
        f["activated"].append(fid)


def may_activate(st: State, f: Frame, fid: str) -> bool:
    force = S.force(st, fid)
    if force["side"] != f["side"] or fid in f["activated"]:
        return False
    fort = st.g["fortresses"].get(force["zone"])
    if force["in_fortress"] and fort is not None and fort["siege"] is not None:
        return False  # besieged: sorties against the besiegers are not part of this slice
    if f["count"] is None:
        return S.initiative(force) <= int(f["ap"])
    if f["count"] <= 0:
        return False
    if f["commander"] is not None and force["commander"] != f["commander"]:
        return False
    if f["power"] is not None and force["power"] != f["power"]:
        return False
    if f["max_initiative"] is not None and S.initiative(force) > f["max_initiative"]:
        return False
    return not (f["distinct_powers"] and S.major_of(st, force["power"]) in f["powers_used"])


class Activation:
    name: ClassVar[str] = "activation"

    def actor(self, st: State, f: Frame) -> str:
        return str(f["side"])

    def prompt(self, st: State, f: Frame) -> str:
        left = f"{f['ap']} AP" if f["count"] is None else f"{f['count']} force(s) to activate"
        return f"{f['why']}: you have {left}. Choose the force to activate, or finish."

    def choices(self, st: State, f: Frame) -> list[Action]:
        out: list[Action] = [("force", fid) for fid in st.g["forces"] if may_activate(st, f, fid)]
        return [*out, ("done", None)]

    def resolve(self, st: State, f: Frame, action: Action) -> None:
        if action[0] == "done":
            if resume_waiting(st, f):
                return
            if f["count"] is None and f["ap"]:
                st.g["ap_reserve"][f["side"]] += f["ap"]
                st.note(f"{f['side']} puts {f['ap']} AP in reserve", rule="9.2")
            st.pop()
            return
        fid = action[1]
        force = S.force(st, fid)
        if f["count"] is None:
            f["ap"] -= S.initiative(force)
        else:
            f["count"] -= 1
        f["activated"].append(fid)
        f["powers_used"].append(S.major_of(st, force["power"]))
        movement.start_march(st, fid, fm_max=f["fm_max"], fm_attrition=f["fm_attrition"], fm_mod=f["fm_mod"],
                             extra_mp=f["extra_mp"])


def resume_waiting(st: State, f: Frame) -> bool:
    """12.6 / 11: a force of the Major Campaign still waiting in an enemy's zone when no other force joins it fights
    there now (both sides may not end the round in one zone); its move goes on after a victory."""
    while f["waiting"]:
        w = f["waiting"].pop(0)
        force = st.g["forces"].get(w["fid"])
        if force is None or force["zone"] != w["zone"] or not S.outside(st, w["zone"], S.other(force["side"])):
            continue
        st.note(f"{S.name_of(st, w['fid'])} no longer waits for the other forces of the campaign", rule="12.6")
        st.push("march", **{**w["march"], "ended": False})
        st.push("contact", fid=w["fid"], zone=w["zone"], came_from=w["came_from"], asked=[], fought=[],
                hold=False)
        return True
    return False


STEPS = (Activation(),)
