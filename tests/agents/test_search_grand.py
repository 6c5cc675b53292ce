"""The search on the grand campaigns (``ai_grand.search_plan``): routine steps answered at once, playouts cut at a
horizon and scored by the evaluation, a lead test for such scores; and 1815's search unchanged, step for step."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from grognard.agents import make_agent, search
from grognard.agents.heuristic import HeuristicAgent
from grognard.agents.search import EDGE, PATIENCE, passes
from grognard.core.machine import State
from grognard.core.registry import load_game
from grognard.games.nae import ai, ai_grand
from tests.agents.test_determinize import hidden_twin


def _until(scenario: str, seed: int, stop: Callable[[State], bool]) -> State:
    st = load_game("nae").new_state(scenario, seed=seed)
    h = HeuristicAgent(0)
    while not stop(st):
        assert not st.over
        st.apply(h.choose(st, str(st.active)))
    return st


def _play_to(st: State, done: Callable[[State], bool]) -> State:
    """The heuristics' play on a copy of ``st``, up to where ``done`` says a playout stops."""
    st = st.copy()
    st.apply(ai.policy(st, str(st.active))[0])
    while not (st.over or done(st)):
        st.apply(ai.policy(st, str(st.active))[0])
    return st


def test_1815_search_is_unchanged_step_for_step():
    """1815 has no plan (every step searched, played to the end): a search decision pinned with its playouts, moves
    tried and reason (checked equal to the code before the grand campaigns' plan, then re-pinned for round 6's
    Coalition heuristic, which the playouts follow, and for round 7's: the same move, fewer playouts)."""
    assert ai.search_plan(load_game("nae").new_state("1815", seed=1), "empire") == (True, None)
    st = _until("1815", 1000, lambda s: s.active == "coalition" and s.g["round"] >= 2 and s.step == "activation"
                and len(s.legal_actions()) > 2)
    agent = make_agent("search:iterations=40", 5)
    assert agent.choose(st, "coalition") == ("force", "f6")
    assert (agent.last_iterations, agent.last_tried) == (12, 3)
    assert agent.last_reason == ("Activate Wellington (Army of the Peninsula) at Brussels (1 AP): expected score 25% "
                                 "in 4 simulations (2 other moves tried); activate Wellington (Army of the "
                                 "Peninsula): it can strike Napoléon")


def test_grand_routine_steps_are_answered_at_once():
    """A march step (not in ``SEARCHED``) with several moves: the heuristic's move, no playout."""
    st = _until("1809", 0, lambda s: s.step == "march" and len(s.legal_actions()) > 2)
    side = str(st.active)
    assert ai.search_plan(st, side) == (False, None)
    agent = make_agent("search:iterations=50", 1)
    assert agent.choose(st, side) == ai.policy(st, side)[0]
    assert agent.last_iterations == 0


def test_grand_horizon_in_the_activation_phase_is_the_sides_next_turn():
    """5.2: from the Coalition's first turn of 1809 a playout stops when its round-2 turn begins (its own move and
    the Empire's answer played)."""
    st = load_game("nae").new_state("1809", seed=0)
    end = _play_to(st, ai_grand.search_horizon(st, "coalition"))
    assert (end.step, end.g["turn"], end.g["round"], end.g["year"]) == ("round", "coalition", 2, 1809)


def test_grand_cards_and_diplomacy_follow_the_heuristic_until_the_last_year():
    """Round 9: what a card, an activation or a diplomatic action brings shows at the year's conquest phase, which
    the next turn's evaluation does not read: before the last year those steps are answered with the heuristic's
    move, no playout; a battle's step is searched; in the last year's activation phase, played to the result, the
    round's choice is searched again."""
    st = load_game("nae").new_state("1809", seed=0)
    assert st.step == "round" and len(st.legal_actions()) > 2
    assert ai.search_plan(st, "coalition") == (False, None)
    agent = make_agent("search:iterations=50", 1)
    assert agent.choose(st, "coalition") == ai.policy(st, "coalition")[0]
    assert agent.last_iterations == 0
    diplomacy = _until("1809", 0, lambda s: s.step == "diplomacy.phase")
    assert ai.search_plan(diplomacy, str(diplomacy.active)) == (False, None)
    evade = _until("1809", 0, lambda s: s.step == "evade")
    assert ai.search_plan(evade, str(evade.active))[0]
    last = _until("1809", 0, lambda s: s.g["year"] == 1814 and s.step == "round")
    assert ai.search_plan(last, str(last.active))[0]


def test_grand_horizon_in_the_last_year_is_the_result():
    """19.3: in 1814's activation phase a playout is played to the end of the game and scored by its result (the
    key zones held with supply, Mantua and 45F), not by the evaluation."""
    st = _until("1809", 0, lambda s: s.g["year"] == 1814 and s.step == "round")
    searched, done = ai.search_plan(st, str(st.active))
    assert searched and done is not None
    end = _play_to(st, done)
    assert end.over and end.g["year"] == 1814 and end.g["phase"] == "victory"


def test_grand_search_is_deterministic_and_ignores_the_hidden_truth():
    """At a searched step of 1809 (the Empire's first evasion) the playouts are scored at the horizon; the same seed
    and information state with other hidden cards and dice give the same move and reason."""
    st = _until("1809", 0, lambda s: s.active == "empire" and s.step == "evade")
    other = hidden_twin(st, 1, [7, 7, 7, 7])
    assert other.digest() != st.digest()
    agents = [make_agent("search:iterations=12", 3) for _ in range(2)]
    assert agents[0].choose(st, "empire") == agents[1].choose(other, "empire")
    assert agents[0].last_reason == agents[1].last_reason and agents[0].last_iterations > 0


def test_evaluation_scores_need_a_mean_edge_and_the_sign_test():
    """Scores at a horizon are small and never even: a lead passes after PATIENCE simulations when it is worth
    EDGE a simulation and Z times the root of the summed squared differences."""
    assert not passes(0.2, 0.01, EDGE, PATIENCE - 1)  # too few simulations
    assert passes(0.2, 0.01, EDGE, PATIENCE)
    assert not passes(EDGE * 6 - 1e-6, 1e-6, EDGE, 6)  # consistent but too small to matter
    assert not passes(0.05, 0.01, EDGE, 6)  # noise: 0.05 < 1.5 x 0.1


def test_time_budget_holds_when_every_step_is_slow(monkeypatch: pytest.MonkeyPatch):
    """A loaded machine (a fake clock: every heuristic step takes 0.3 s): the 2-s budget counts from the call, the
    ranking included, and a playout stops before a step that could overrun it, so the decision takes at most 2 s."""
    st = _until("1809", 0, lambda s: s.active == "empire" and s.step == "evade")
    clock = [0.0]
    policy = ai.policy

    def slow(*args: Any) -> Any:
        clock[0] += 0.3
        return policy(*args)

    monkeypatch.setattr(search, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    monkeypatch.setattr(ai, "policy", slow)
    agent = make_agent("search:seconds=2", 1)
    agent.choose(st, "empire")
    assert 0 < clock[0] <= 2.0
