"""Agents: specs, the heuristic's reasons on every step, and a search that never reads hidden information."""

import random

import pytest

from grognard import load_game
from grognard.agents import HeuristicAgent, RandomAgent, SearchAgent, make_agent
from grognard.games.nae import ai


def test_specs_name_levels_and_parameters():
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent("heuristic", 1), HeuristicAgent)
    assert isinstance(make_agent("ai:easy", 1), HeuristicAgent)
    normal, hard = make_agent("ai:normal", 1), make_agent("ai:hard", 1)
    assert (normal.seconds, normal.iterations) == (2.0, None)
    assert hard.seconds == 8.0
    s = make_agent("search:iterations=400,rollout=10", 1)
    assert isinstance(s, SearchAgent) and (s.iterations, s.rollout, s.seconds) == (400, 10, None)


@pytest.mark.parametrize("spec", ["ai:impossible", "minimax", "search:depth=3", "search:iterations=many", "random:x"])
def test_bad_specs_are_refused_with_the_choices(spec):
    with pytest.raises(ValueError, match=r"unknown|needs a number"):
        make_agent(spec, 0)


def test_heuristic_plays_both_sides_to_the_end_with_a_reason_for_every_move():
    st = load_game("nae").new_state("1815", seed=2)
    agents = {"empire": HeuristicAgent(0), "coalition": HeuristicAgent(0)}
    steps = set()
    while not st.over:
        side = st.active
        action = agents[side].choose(st, side)
        assert action in st.legal_actions()
        assert agents[side].last_reason.startswith(st.game.label(st, action))
        steps.add(st.step)
        st.apply(action)
    assert {"round", "activation", "march", "losses"} <= steps


def test_heuristic_keeps_napoleon_out_of_bad_battles():
    """Keep Napoléon safe: his force attacks only with a lead on the dice and 3:2 numbers."""
    st = load_game("nae").new_state("1815", seed=4)
    agents = {"empire": HeuristicAgent(0), "coalition": RandomAgent(4)}
    while not st.over:
        side = st.active
        action = agents[side].choose(st, side)
        if side == "empire" and st.step == "march" and action[0] == "zone":
            fid = st.frame["fid"]
            foes = ai.enemy_forces_in(st, action[1], side)
            if foes and ai.NAPOLEON in ai.S.generals_of(ai.S.force(st, fid)):
                assert ai.attack_ok(st, side, fid, foes, action[1])
                assert ai.edge(st, fid, foes, action[1], ai.S.force(st, fid)["zone"]) >= 2
        st.apply(action)


def test_evaluation_is_the_result_at_the_end_and_zero_sum_before():
    st = load_game("nae").new_state("1815", seed=1)
    assert ai.evaluate(st, "empire") == pytest.approx(-ai.evaluate(st, "coalition"))
    assert -1 < ai.evaluate(st, "empire") < 1
    while not st.over:
        st.apply(st.legal_actions()[-1])  # pass to the end
    winner = st.result["winner"]
    assert ai.evaluate(st, winner) == 1.0


def _mid_game():
    st = load_game("nae").new_state("1815", seed=6)
    agents = {"empire": HeuristicAgent(0), "coalition": HeuristicAgent(0)}
    while not (st.active == "empire" and st.g["round"] >= 3 and len(st.legal_actions()) > 2):
        assert not st.over
        st.apply(agents[st.active].choose(st, st.active))
    return st


def test_search_with_an_iteration_budget_is_deterministic():
    st = _mid_game()
    choices = {make_agent("search:iterations=12,rollout=6", 7).choose(st, "empire") for _ in range(2)}
    assert len(choices) == 1


def test_search_choice_ignores_the_hidden_truth():
    """Same seed, same information state, different hidden truths (the Coalition's hand and both piles, the dice
    to come) -> the same action."""
    st = _mid_game()
    other = st.copy()
    pool = other.g["hands"]["coalition"] + other.g["decks"]["coalition"]
    random.Random(1).shuffle(pool)
    n = len(other.g["hands"]["coalition"])
    other.g["hands"]["coalition"], other.g["decks"]["coalition"] = pool[:n], pool[n:]
    other.g["decks"]["empire"].reverse()
    other.core["rng"] = [7, 7, 7, 7]
    assert other.digest() != st.digest()
    agents = [make_agent("search:iterations=16,rollout=8", 3) for _ in range(2)]
    assert agents[0].choose(st, "empire") == agents[1].choose(other, "empire")
    assert agents[0].last_reason == agents[1].last_reason
