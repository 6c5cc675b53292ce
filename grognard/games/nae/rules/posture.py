"""20.2 special rule 2 (optional, French text only), the option ``prussian_army_posture``: « (Optionnel) L'armée
prussienne : tant qu'une force adverse n'a pas pénétré dans le territoire de la Prusse, l'armée prussienne doit
demeurer dans une zone adjacente à un territoire adverse (territoire national ou mineur allié), cette zone peut être
située dans un pays mineur allié à la Prusse (Saxe, Hesse ou Clèves). »

Read here (the scenario's ``army_posture`` record names the army and the minors): the force of that army marker,
while its power is at war, stands on a post -- a zone of its own National Territory, or of one of the named minors
while allied to it, next to a zone of the enemy's territory (the National Territory of an enemy major or of an
enemy's allied minor). Once on a post it moves from post to post only (12.1, 7.6: each zone entered is a post), so it
« demeure »; an army not yet on a post goes where it will until it reaches one. The first enemy force to enter a
zone of the power's National Territory frees it for the rest of the game (``g["posture_lifted"]``)."""

from __future__ import annotations

from functools import cache

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.schema.scenario import ArmyPosture

POSTURE_OPTION = "prussian_army_posture"


@cache
def _rule(scenario: str) -> ArmyPosture | None:
    return next((r for r in S.data().scenarios[scenario].rules.values() if isinstance(r, ArmyPosture)), None)


def binding(st: State) -> ArmyPosture | None:
    """The posture rule in force: the option on, the scenario's record, no enemy force in the power's territory yet."""
    if not st.setup["options"].get(POSTURE_OPTION) or st.g.get("posture_lifted"):
        return None
    return _rule(st.g["scenario"])


def on_post(st: State, rule: ArmyPosture, zone: str, side: str) -> bool:
    """Is ``zone`` a post of the army of ``side``: its power's territory or a named minor allied to it, next to a
    zone of enemy territory?"""
    owner = S.owner(st, zone)
    if owner != rule.power and not (owner in rule.allowed_minors and st.g["ally_of"].get(owner) == rule.power):
        return False
    enemy = S.other(side)
    return any(S.side_of(st, S.owner(st, z)) == enemy for z in S.data().map.neighbours(zone))


def posture_refusal(st: State, fid: str, src: str, dst: str) -> str | None:
    """Why the posture forbids force ``fid`` to enter ``dst`` from ``src`` (None: it does not)."""
    rule = binding(st)
    if rule is None:
        return None
    f = S.force(st, fid)
    side = f["side"]
    if side is None or rule.army not in (f["army"], f["group"]["army"] if f["group"] else None):
        return None
    if not on_post(st, rule, src, side) or on_post(st, rule, dst, side):
        return None
    name = S.data().counters.armies[rule.army].name
    return (f"the {name} stays in a zone next to enemy territory until an enemy force enters "
            f"{S.data().map.powers[rule.power].name}, and {S.zone_name(dst)} is not one (20.2 special rule 2, "
            "optional)")


def update_posture(st: State, fid: str | None = None) -> None:
    """The first enemy force in the power's National Territory (``fid``, one that just moved, or any at the end of
    an action) lifts the rule for good."""
    rule = binding(st)
    if rule is None:
        return
    side = S.side_of(st, rule.power)
    if side is None:
        return
    forces = st.g["forces"]
    candidates = [forces[fid]] if fid is not None and fid in forces else forces.values()
    if any(f["side"] == S.other(side) and S.owner(st, f["zone"]) == rule.power for f in candidates):
        st.g["posture_lifted"] = True
        st.note(f"An enemy force has entered {S.data().map.powers[rule.power].name}: the "
                f"{S.data().counters.armies[rule.army].name} is free to move", rule="20.2")
