"""11 (optional fog of war) for the computer players: the heuristic and the search read the board only through
``State.determinize`` when it hides the other side's stacks, so twins that differ only in a hidden stack get the same
move and the same reason."""

from __future__ import annotations

import random

import pytest

from grognard.agents import make_agent
from grognard.agents.heuristic import seen_by
from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import fog
from tests.games.nae.rules.helpers import GAME
from tests.games.nae.rules.test_11_fog_of_war import FOG, stacks


def swapped(st: State, side: str) -> State | None:
    """A twin of ``st`` in which two of ``side``'s hidden stacks of one nation have swapped their last units: the
    same information state for the other side (the same pool of hidden units), a different truth."""
    hidden = [fid for fid in stacks(st, side) if fog.hidden(st, fid, S.other(side))]
    for a in hidden:
        for b in hidden:
            fa, fb = st.g["forces"][a], st.g["forces"][b]
            if a < b and fa["power"] == fb["power"] and list(fa["units"])[-1] != list(fb["units"])[-1]:
                twin = st.copy()
                ta, tb = twin.g["forces"][a], twin.g["forces"][b]
                ua, ub = list(ta["units"])[-1], list(tb["units"])[-1]
                ta["units"][ub] = tb["units"].pop(ub)
                tb["units"][ua] = ta["units"].pop(ua)
                return twin
    return None


def test_11_without_the_fog_the_heuristic_reads_the_position_itself() -> None:
    st = GAME.new_state("1815", seed=2)
    assert seen_by(st, "empire", random.Random(1)) is st


@pytest.mark.parametrize("spec", ["heuristic", "search:iterations=6,rollout=8"])
def test_11_the_computer_moves_alike_whatever_a_hidden_stack_holds(spec: str) -> None:
    """Through a whole fogged 1815 game played by the heuristic, at every 7th decision: a twin whose hidden enemy
    stacks hold other units gets the same move and reason from a computer player seeded alike."""
    st = GAME.new_state("1815", seed=4, options=FOG)
    players = {side: make_agent("heuristic", 1) for side in S.SIDES}
    checked = 0
    for n in range(400):
        if st.over:
            break
        side = str(st.active)
        twin = swapped(st, S.other(side)) if n % 7 == 0 and len(st.legal_actions()) > 1 else None
        if twin is not None:
            agents = [make_agent(spec, 9) for _ in range(2)]
            assert agents[0].choose(st, side) == agents[1].choose(twin, side), (n, st.step)
            assert agents[0].last_reason == agents[1].last_reason
            checked += 1
        st.apply(players[side].choose(st, side))
    assert checked >= 10
