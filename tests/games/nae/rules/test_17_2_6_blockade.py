"""17.2.6 blockade boxes (entering one, relief, the port's squadron coming out to fight, leaving a blockaded port
through an automatic interception), 17.3.2 pursuit into the box and 17.3.3 combat in a port."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import GAME, board, play, rolls


def fleets(st, **where):
    st.g["fleets"] = {fl: {"power": S.data().counters.fleets[fl].power, "at": at, "where": w}
                      for fl, (at, w) in where.items()}


def _british_enter_brests_box(dice, **more):
    st = board(dice, turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_calder=("sea", "bay_of_biscay"), **more)
    play(st, ("card", "11C"), ("fleet", "gb_calder"), ("done", None))
    assert GAME.label(st, ("blockade", "brest")) == "Sail into the blockade box of Brest (1 MP)"
    play(st, ("blockade", "brest"))
    return st


def test_17_2_6_entering_the_box_of_an_empty_enemy_port_blockades_it_and_ends_the_activation():
    st = _british_enter_brests_box([])
    assert st.g["fleets"]["gb_calder"] == {"power": "britain", "at": "blockade", "where": "brest"}
    assert st.step == "activation" and any(e["text"] == "Brest is blockaded" for e in st.log)


def test_17_2_6_the_squadron_in_the_port_may_let_the_blockade_be():
    st = _british_enter_brests_box([], fr_ganteaume=("port", "brest"))
    assert st.active == "empire" and st.legal_actions() == [("attack", None), ("decline", None)]
    assert GAME.label(st, ("attack", None)) == "Come out and fight in the blockade box"
    play(st, ("decline", None))
    assert st.g["fleets"]["gb_calder"]["at"] == "blockade" and st.step == "activation"


def test_17_2_6_beaten_in_the_box_the_entering_squadron_falls_back_into_the_sea_zone():
    st = _british_enter_brests_box([1, 5], fr_ganteaume=("port", "brest"))
    play(st, ("attack", None))  # 1 against 5, without the fortress of Brest: a difference of 4
    assert len(rolls(st, "17.3.1")[1]["dice"]) == 1
    assert "gb_calder" not in st.g["fleets"]  # its only fleet is lost
    st = _british_enter_brests_box([3, 2], fr_ganteaume=("port", "brest"))
    play(st, ("attack", None))
    assert st.g["fleets"]["gb_calder"]["at"] == "blockade" and st.g["fleets"]["fr_ganteaume"]["at"] == "port"


def test_17_2_6_a_relief_brings_no_interception():
    st = _british_enter_brests_box([], fr_ganteaume=("port", "brest"), gb_fleet_1=("blockade", "brest"))
    assert st.step == "activation" and "relieves the blockade" in st.log[-1]["text"]


def _french_sortie(dice):
    st = board(dice, hands={"empire": [], "coalition": []})
    fleets(st, fr_ganteaume=("port", "brest"), gb_cornwallis=("blockade", "brest"))
    play(st, ("op", None), ("fleet", "fr_ganteaume"), ("done", None), ("sea", "bay_of_biscay"))
    return st


def test_17_2_6_a_squadron_leaving_a_blockaded_port_is_intercepted_automatically():
    st = _french_sortie([6, 1])
    assert rolls(st, "17.3.1")[1]["row"] == "difference 4: the Coalition's squadron loses 1 fleet(s)"
    assert "gb_cornwallis" not in st.g["fleets"]
    assert st.step == "naval.move" and st.g["fleets"]["fr_ganteaume"]["where"] == "bay_of_biscay"
    assert st.frame["mp"] == 7
    st = _french_sortie([2, 6])  # 2 against 6 + 1 (Cornwallis's tactical bonus)
    assert "fr_ganteaume" not in st.g["fleets"] and st.step == "activation"


def test_17_2_6_the_beaten_sortie_stays_in_its_port():
    st = _french_sortie([1, 2])  # 1 against 3: no loss
    assert st.g["fleets"]["fr_ganteaume"]["at"] == "port" and st.step == "activation"


def test_17_3_3_combat_in_a_fortress_port_one_more_die_and_the_first_loss_cancelled():
    st = board([6, 1, 1], turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_collingwood=("blockade", "toulon"), fr_emeriau=("port", "toulon"))
    play(st, ("card", "11C"), ("fleet", "gb_collingwood"), ("done", None))
    assert GAME.label(st, ("attack_port", "toulon")) == "Attack the fleets in the port of Toulon (1 MP)"
    play(st, ("attack_port", "toulon"))  # 6 + 2 = 8 against 1 + 1 (Toulon's fortress die)
    brit, french = rolls(st, "17.3.3")
    assert brit["total"] == 8 and len(french["dice"]) == 2 and "with 1 fortress dice" in french["text"]
    assert french["row"] == "difference 6: the Empire's squadron loses 1 fleet(s)"
    assert st.g["fleets"]["fr_emeriau"]["at"] == "port"  # the first loss is cancelled by the fortress
    assert ("attack_port", "toulon") not in st.legal_actions()  # 17.3.3: once a round
    assert st.step == "naval.move" and st.g["fleets"]["gb_collingwood"]["at"] == "blockade"


def test_17_3_2_the_victor_may_follow_the_vanquished_into_its_port_box():
    st = board([6, 1], turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_calder=("sea", "manche"), fr_ganteaume=("sea", "bay_of_biscay"))
    play(st, ("card", "11C"), ("fleet", "gb_calder"), ("done", None), ("sea", "bay_of_biscay"), ("decline", None),
         ("attack_sea", "bay_of_biscay"), ("stand", None))
    # 6 against 1: a difference of 5 sinks the only French fleet; retry with a difference of 2
    assert "fr_ganteaume" not in st.g["fleets"]
    st = board([4, 2], turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_calder=("sea", "manche"), fr_ganteaume=("sea", "bay_of_biscay"))
    play(st, ("card", "11C"), ("fleet", "gb_calder"), ("done", None), ("sea", "bay_of_biscay"), ("decline", None),
         ("attack_sea", "bay_of_biscay"), ("stand", None), ("zone", "brest"))
    assert st.active == "coalition" and st.legal_actions() == [("blockade", "brest"), ("decline", None)]
    assert GAME.label(st, ("blockade", "brest")) == "Follow it into the blockade box of Brest (free)"
    play(st, ("blockade", "brest"))
    assert st.g["fleets"]["gb_calder"] == {"power": "britain", "at": "blockade", "where": "brest"}
    assert st.step == "activation"


def _french_enter_blockaded_brest(dice):
    st = board(dice)
    fleets(st, fr_ganteaume=("sea", "bay_of_biscay"), gb_cornwallis=("blockade", "brest"))
    play(st, ("op", None), ("fleet", "fr_ganteaume"), ("done", None), ("zone", "brest"))
    assert st.active == "coalition" and st.legal_actions() == [("intercept_box", "brest"), ("decline", None)]
    assert "enters the port of Brest" in st.prompt
    return st


def test_17_2_1_a_squadron_entering_its_blockaded_port_may_be_intercepted_and_enters_it_even_beaten():
    st = _french_enter_blockaded_brest([4, 1, 3])
    play(st, ("intercept_box", "brest"))  # 4 + 2: intercepts; 1 against 3 + 1: no loss
    assert rolls(st, "17.3.1")[1]["row"] == "difference 3: the Empire's squadron retreats without loss"
    assert st.g["fleets"]["fr_ganteaume"]["at"] == "port" and st.g["fleets"]["gb_cornwallis"]["at"] == "blockade"
    assert st.step == "activation"
    st = _french_enter_blockaded_brest([3])
    play(st, ("intercept_box", "brest"))  # fails: the squadron sails in, and may sail on
    assert st.g["fleets"]["fr_ganteaume"]["where"] == "brest" and st.step == "naval.move" and st.frame["mp"] == 7
