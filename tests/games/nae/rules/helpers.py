"""Hand-made Napoleon against Europe positions for rule tests: an empty 1815 board with forces put where needed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grognard import load_game
from grognard.core.machine import State
from grognard.games.nae import state as S

GAME = load_game("nae")


def board(dice: Sequence[int] = (), *, round_no: int = 2, turn: str = "empire",
          hands: dict[str, list[str]] | None = None) -> State:
    """The 1815 scenario with every force and fleet removed, scripted dice and chosen hands, at the start of a round."""
    st = GAME.new_state("1815", seed=1, dice=list(dice))
    for fid in list(st.g["forces"]):
        S.take_force(st, fid)
    st.g["fleets"].clear()
    S.set_fixed_depots(st, [])
    st.g["round"], st.g["turn"] = round_no, turn
    st.g["hands"] = hands or {"empire": [], "coalition": []}
    st.log.clear()
    return st


def put(st: State, zone: str, units: dict[str, int] | Sequence[str], *, commander: str | None = None,
        army: str | None = None, subs: Sequence[str] = (), depots: int = 0, side: str | None = None) -> str:
    """Put a force in ``zone``; ``units`` as ids (full strength) or {id: current value}."""
    values = dict(units) if isinstance(units, dict) else {u: S.unit(u).steps for u in units}
    power = S.general(commander).power if commander else S.unit(next(iter(values))).power
    side = side or S.side_of(st, power)
    assert side is not None
    return S.new_force(st, side, power, zone, commander, army, list(subs), values, [S.major_of(st, power)] * depots)


def push(st: State, step: str, **args: Any) -> None:
    """Run a step of the rules directly on a position (then the automatic steps that follow)."""
    st.push(step, **args)
    st._advance()


def play(st: State, *actions: tuple[str, Any]) -> None:
    for action in actions:
        st.apply(action)


def rolls(st: State, rule: str) -> list[dict[str, Any]]:
    """Log entries of the die rolls made under ``rule``."""
    return [e for e in st.log if e.get("rule") == rule and "dice" in e]


def designate(st: State) -> None:
    """14.4-14.5.6: each owner takes the first of his battle designations (an elite corps at the head of the assault,
    his special units engaged, a subordinate lending his value), for the tests that are not about them."""
    while st.step == "battle.choose":
        st.apply(st.legal_actions()[0])
