"""The grand campaigns in the terminal: the real ``grognard play`` in a pseudo-terminal resumes a 1805 game at its
1806 interphase (reached by the heuristic players) and the Empire types its way through the declarations of war,
the hand building and the budget events to a budget, with the board showing the stage of the year, the victory
level, the diplomatic table and the purse."""

from __future__ import annotations

import re

import pexpect

from grognard import load_game
from grognard.agents import make_agent
from grognard.core import record as records
from tests.play.test_terminal_pty import number_of, spawn, typed

PROMPT = "empire> "


def test_terminal_grand_1806_interphase_typed_in_a_pseudo_terminal(tmp_path):
    st = load_game("nae").new_state("1805", seed=3)
    agents = {side: make_agent("heuristic", 3 + i) for i, side in enumerate(("empire", "coalition"))}
    while st.g["phase"] != "interphase":
        st.apply(agents[st.active].choose(st, st.active))
    saved = tmp_path / "1805.json"
    records.save(records.make_record(st, players={"empire": "human", "coalition": "heuristic"}), saved)
    child = spawn(["play", "--load", str(saved)], tmp_path)
    child.expect(PROMPT)
    shown = " ".join(str(child.before).split())
    assert "1806 interphase: declarations of war (7.1); empire to act." in shown  # 5.1: no round is played
    assert "Victory level 5 (19), escalade 0 (Punishments at 15) (6.1)." in shown
    assert "may declare war on neutral powers: no force may enter a power's territory this year" in shown  # 7.1
    assert "majors: France at war (Empire); Britain at war (Coalition)" in shown  # the diplomatic table (8.1)
    assert "Prussia neutral" in shown and "allied (Empire): Holland of France" in shown
    menu = str(child.before)
    typed(child, "why prussia", "Prussia", PROMPT)  # a command at an interphase step answers and asks again
    menu = typed(child, number_of(menu, "Declare no (more) war"), PROMPT)
    assert "1806 interphase: hand building (7.2)" in menu
    menu = typed(child, number_of(menu, "Keep these cards and draw"), PROMPT)
    assert "1806 interphase: budget phase (7.3); empire to act." in " ".join(menu.split())
    menu = typed(child, number_of(menu, "Play no more budget events: on to the budgets"), PROMPT)
    shown = " ".join(menu.split())
    assert "Budget of Turkey: 4 resources left" in shown  # 7.3.2: the Empire runs neutral Turkey's budget
    assert "Build Turkish Corps 1 at full strength (" in shown  # each purchase with its price
    board = " ".join(typed(child, "b", PROMPT).split())
    assert "Budget (7.3): Turkey has 4 resources left, spent by the Empire. Turkey is neutral: the Empire spends its " \
        "resources (7.3.2)." in board  # why the Empire spends a neutral's budget
    assert "Each major collects its resources and spends them" in board  # what the stage asks (7.3)
    build = re.search(r"\d+\. (Build Turkish Corps 1 at full strength \([^)]*\))", menu)
    assert build is not None
    typed(child, number_of(menu, build.group(1)), "Choose the reinforcement zone", PROMPT)  # 7.3.4
    again = " ".join(typed(child, "u", "Taken back", PROMPT).split())  # undo within one's own turn
    assert "empire: Budget of Turkey: 4 resources left" in again  # the purchase taken back, the purse whole
    typed(child, number_of(menu, "Finish (what is left is lost)"), "Budget of Spain", PROMPT)
    child.sendeof()
    child.expect("Input closed")
    child.expect(pexpect.EOF)


def test_terminal_grand_19_3_the_end_of_the_1809_campaign_typed_in_a_pseudo_terminal(tmp_path):
    """The Empire's last move of 1814 (the heuristic players having played 1809-1814) resumed in ``grognard play``:
    the Empire passes, the computer plays the Coalition, the year ends with its conquest and victory phases (5.3,
    5.4), and the terminal says who won and by which victory record (19.3), with its conditions."""
    st = load_game("nae").new_state("1809", seed=3)
    agents = {side: make_agent("heuristic", 3 + i) for i, side in enumerate(("empire", "coalition"))}
    while (st.g["year"], st.g["round"], st.active) != (1814, st.g["last_round"], "empire"):
        st.apply(agents[st.active].choose(st, st.active))
    saved = tmp_path / "1809.json"
    records.save(records.make_record(st, players={"empire": "human", "coalition": "heuristic"}), saved)
    child = spawn(["play", "--load", str(saved)], tmp_path)
    child.expect(PROMPT)
    menu = str(child.before)
    assert "1814, round 6 of 6" in menu
    child.sendline(number_of(menu, "Pass"))
    for _ in range(20):  # the Empire's answers at the end of the year (its attrition losses): the first choice
        if child.expect([PROMPT, "Game over"]) == 1:
            break
        child.sendline("1")
    else:
        raise AssertionError("the game does not end")
    child.expect("Save the finished game")
    end = " ".join(str(child.before).split())
    child.sendline("")
    child.expect(pexpect.EOF)
    assert "The Empire wins. Decided by 19.3: At the end the Empire wins if it controls every key zone of its " \
        "National Territory" in end
    assert "(the Empire controls every key zone of France; the Empire controls Mantua; Napoleonic Europe has been " \
        "played as an event)" in end


def test_terminal_grand_11_fog_of_war_board_typed_in_a_pseudo_terminal(tmp_path):
    """11, option ``fog_of_war`` (``-o``): the Empire's board names the enemy's stacks by their commander and says
    what the fog hides, no bare « ? »; its own stacks keep their strength and units."""
    child = spawn(["play", "nae", "1805", "--empire", "human", "--coalition", "ai:easy", "--seed", "11",
                   "-o", "fog_of_war"], tmp_path)
    child.expect(PROMPT)
    board = " ".join(typed(child, "b", PROMPT).split())
    assert "Mack at Salzburg: strength, units and depots hidden by the fog of war (11) [supplied]" in board
    assert "? combat" not in board and "? depot" not in board
    assert re.search(r"Napoleon \(Grande Armée\) at \w+: \d+ combat", board)  # one's own stacks as before
    child.sendeof()
    child.expect("Input closed")
    child.expect(pexpect.EOF)
