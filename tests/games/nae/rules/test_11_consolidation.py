"""11 / 10.2 / 12.2.2: forces of a side that end up in one zone consolidate: a retreat (14.10) or an evasion (12.5)
may end on a force of its side it can join; forces that cannot join keep what the commanding general may lead, and
only the excess is eliminated."""

from __future__ import annotations

from grognard.games.nae.rules import battle, movement, stacking
from tests.games.nae.rules.helpers import board, put


def test_14_10_a_beaten_defender_retreats_onto_a_friendly_force_and_they_consolidate():
    st = board()
    wellington = put(st, "brussels", {"gb_elite_1": 1}, commander="wellington")
    hill = put(st, "antwerp", ["gb_corps_1"], commander="hill")
    put(st, "lille", ["fr_i"], commander="ney")
    assert "antwerp" in battle.retreat_options(st, wellington, "brussels", "lille")
    battle.move_retreat(st, wellington, "antwerp")
    st._advance()
    assert hill not in st.g["forces"] and st.g["forces"][wellington]["units"] == {"gb_elite_1": 1, "gb_corps_1": 2}
    assert "hill" in st.g["removed"]  # 12.2.2: Wellington outranks Hill, who is no army's subordinate


def test_12_5_a_force_may_evade_onto_a_friendly_force_it_can_join():
    st = board()
    blucher = put(st, "namur", ["pr_i"], commander="blucher")
    put(st, "liege", ["pr_ii"], commander="bulow")
    assert "liege" in movement.evasion_destinations(st, blucher, "namur", "lille")
    put(st, "brussels", ["gb_elite_1", "gb_elite_2"], commander="wellington", army="armee_peninsule")
    assert "brussels" in movement.evasion_destinations(st, blucher, "namur", "lille")  # Wellington's army takes him


def test_11_forces_that_cannot_join_keep_what_the_senior_general_may_lead():
    st = board()
    ney = put(st, "reims", ["fr_i", "fr_ii", "fr_iii"], commander="ney")  # command 6
    grouchy = put(st, "reims", ["fr_iv", "fr_v"], commander="grouchy")
    stacking.consolidate(st, grouchy)
    assert grouchy not in st.g["forces"] and len(st.g["forces"][ney]["units"]) == 3
    assert {"fr_iv", "fr_v"} <= set(st.g["reserve"]["units"]) and "grouchy" in st.g["removed"]
