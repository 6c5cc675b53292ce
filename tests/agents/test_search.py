"""The search's budget rules: routine steps stop early, steps that decide games keep their candidates and widen.

The playouts are replaced by fixed scores per move (``_playout``), so the tests check the bookkeeping itself: which
moves are played out, for how many simulations, and which one is chosen."""

from __future__ import annotations

from grognard.agents import make_agent
from grognard.agents.heuristic import HeuristicAgent
from grognard.agents.search import LATE, PATIENCE, SearchAgent, patient, ranked
from grognard.core.machine import Action, State
from grognard.core.registry import load_game
from grognard.games.nae import ai


def _coalition_choice() -> State:
    """The Coalition's first step with more than seven moves (seed 3: its choice of cards for round 2)."""
    st = load_game("nae").new_state("1815", seed=3)
    h = HeuristicAgent(0)
    while not (st.active == "coalition" and len(st.legal_actions()) > 7):
        st.apply(h.choose(st, str(st.active)))
    return st


def _scored(monkeypatch, scores: dict[Action, float], default: float) -> list[Action]:
    """Every playout of a move scores ``scores[move]`` (``default`` for the others); returns the moves played."""
    played: list[Action] = []

    def playout(self, st, action, side, ai_, deadline, horizon):
        played.append(action)
        return scores.get(action, default)

    monkeypatch.setattr(SearchAgent, "_playout", playout)
    return played


def test_patient_drops_routine_and_trailing_candidates():
    """A candidate is kept for PATIENCE simulations; then only if some playouts ended otherwise than the heuristic's
    move's (the step decides games) and it does not trail; after LATE, only if it leads."""
    assert patient(PATIENCE - 1, -2.0, 2.0)
    assert not patient(PATIENCE, 0.0, 0.0)  # every playout ended alike: a routine step
    assert not patient(PATIENCE, -1.0, 3.0)  # trails
    assert patient(PATIENCE, 0.0, 2.0) and patient(LATE - 1, 0.0, 4.0)  # even, but the step decides games
    assert not patient(LATE, 0.0, 4.0) and patient(LATE, 1.0, 5.0)


def test_search_answers_a_routine_step_after_patience(monkeypatch):
    """When every move's playouts end alike the search stops after PATIENCE simulations of its first three
    candidates and plays the heuristic's move: no widening, the budget is left unspent."""
    st = _coalition_choice()
    _scored(monkeypatch, {}, 0.5)
    agent = make_agent("search:iterations=300", 1)
    assert agent.choose(st, "coalition") == ai.policy(st, "coalition")[0]
    assert (agent.last_tried, agent.last_iterations) == (3, 3 * PATIENCE)


def test_search_widens_at_a_step_that_decides_games(monkeypatch):
    """The heuristic's second and third choices lose where its first wins: they are dropped after PATIENCE
    simulations and the budget left goes to its next choices, two at a time; the fifth wins every playout and
    is played once its lead passes the sign test."""
    st = _coalition_choice()
    moves = [a for a, _ in ranked(ai, st, "coalition", st.legal_actions(), 7)]
    played = _scored(monkeypatch, {moves[0]: 0.5, moves[1]: 0.0, moves[2]: 0.0, moves[4]: 1.0}, 0.5)
    agent = make_agent("search:iterations=300,wide=7", 1)
    assert agent.choose(st, "coalition") == moves[4]
    assert agent.last_tried == 5 and set(played) == set(moves[:5])
    assert "games against the heuristic's" in agent.last_reason
    narrow = make_agent("search:iterations=300,wide=3", 1)
    assert narrow.choose(st, "coalition") == moves[0] and narrow.last_tried == 3


def test_switch_reports_the_candidates_own_expected_score(monkeypatch):
    """The expected score a switch reports is its own playouts' mean: the heuristic's move scored 0.9 before the
    widening and 0.5 after it, the fifth move (tried only after it) 1.0 in every playout, so 100% (the heuristic's
    mean over all simulations plus the lead over fewer ones said 101%)."""
    st = _coalition_choice()
    moves = [a for a, _ in ranked(ai, st, "coalition", st.legal_actions(), 7)]
    first = []

    def playout(self, st_, action, side, ai_, deadline, horizon):
        if action == moves[0]:
            first.append(action)
            return 0.9 if len(first) <= PATIENCE else 0.5
        return {moves[1]: 0.0, moves[2]: 0.0, moves[4]: 1.0}.get(action, 0.5)

    monkeypatch.setattr(SearchAgent, "_playout", playout)
    agent = make_agent("search:iterations=300,wide=7", 1)
    assert agent.choose(st, "coalition") == moves[4]
    assert "expected score 100% in " in agent.last_reason
