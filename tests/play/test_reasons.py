"""The computer's reasons in plain words (round 7): the search's figures ("expected score 43% in 28 simulations")
leave the sentence a player reads, for a detail the browser shows on hover."""

from __future__ import annotations

from grognard import load_game
from grognard.agents import make_agent
from grognard.play.reasons import plain_reason
from tests.play.test_terminal import flat, session


def test_a_search_move_reads_as_the_heuristic_sentence_with_the_figures_apart():
    st = load_game("nae").new_state("1815", seed=3)
    agent = make_agent("search:iterations=6", 1)
    action = agent.choose(st.copy(), st.active)
    label = st.game.label(st, action)
    why, detail = plain_reason(label, agent.last_reason)
    assert "expected score" in agent.last_reason
    assert why and "expected score" not in why and "simulation" not in why
    assert detail.startswith("it looked ahead") and "it rates its chances from here at" in detail


def test_each_form_of_the_search_sentence():
    assert plain_reason("Pass", "Pass: expected score 43% in 28 simulations (6 other moves tried); nothing to do") == (
        "nothing to do",
        "it looked ahead 28 simulated games and tried 6 other moves; it rates its chances from here at 43%")
    why, detail = plain_reason("Pass", "Pass: expected score 55% in 40 simulations, +3 games against the heuristic's "
                               "Move to Namur (1 MP)")
    assert why == "looking ahead, it judged this better than its first idea (Move to Namur (1 MP))"
    assert detail == ("it looked ahead 40 simulated games: +3 games won against Move to Namur (1 MP); it rates its "
                      "chances from here at 55%")
    assert plain_reason("Pass", "Pass: expected score 20% in 9 simulations, -0.125 a simulation against the "
                        "heuristic's Stop here")[1].startswith("it looked ahead 9 simulated games: -0.125 a game")
    assert plain_reason("Finish", "the only choice") == ("the only choice", "")  # a sentence not from the search
    # a heuristic's sentence that says the move again reads once: "No forced march: it costs steps"
    assert plain_reason("No forced march", "No forced march: no forced march: it costs steps") == ("it costs steps", "")
    assert plain_reason("Engage Uxbridge", "Engage Uxbridge: Engage Uxbridge") == ("", "")


def test_terminal_the_computer_move_is_said_in_plain_words():
    class Searching:
        last_reason = ""

        def choose(self, state, side):
            self.last_reason = ("Pass: expected score 12% in 30 simulations (4 other moves tried); "
                                "nothing worth the cards")
            return ("pass", None)

    st = load_game("nae").new_state("1815", seed=1)
    st, out = session([lambda: str(len(st.legal_actions()))], st=st, agents={"coalition": Searching()})
    text = flat(out.getvalue())
    assert "coalition (computer): Pass: nothing worth the cards" in text
    assert "expected score" not in text and "simulations" not in text


def test_terminal_r_names_the_rulebook_section_of_a_rule_number():
    _st, out = session(["r 14.5.7", "r 99", "q", ""])
    text = flat(out.getvalue())
    assert "14.5 Combat modifiers (chapter 14 Battle, rulebook p. 20)" in text
    assert "No section 99 in this game's rulebook." in text
