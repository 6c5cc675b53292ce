"""12.2.1: the units of a force move only once in a round, whatever force they end up in; the exception: a force
that joins an army may move again with that army when the army is activated (with the AP for both)."""

from __future__ import annotations

from tests.games.nae.rules.helpers import board, play, put


def test_12_2_1_a_force_that_took_in_units_which_moved_is_not_activated_again():
    st = board()
    st.g["ap_reserve"]["empire"] = 2
    ney = put(st, "reims", ["fr_i"], commander="ney")
    davout = put(st, "paris", ["fr_ii"], commander="davout")
    play(st, ("op", None), ("force", ney), ("forced_march", 0), ("zone", "paris"), ("done", None))
    assert ney not in st.g["forces"] and st.g["forces"][davout]["units"] == {"fr_i": 2, "fr_ii": 2}
    assert st.frame["ap"] == 1 and ("force", davout) not in st.legal_actions()
    assert ("unit", "fr_i") not in st.legal_actions() and ("unit", "fr_ii") in st.legal_actions()  # fr_ii stayed


def test_12_2_1_an_army_does_not_call_in_a_force_that_has_moved():
    st = board()
    st.g["ap_reserve"]["empire"] = 1
    corps = put(st, "paris", ["fr_i"])
    fresh = put(st, "troyes", ["fr_ii"])
    napoleon = put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    play(st, ("op", None), ("force", corps), ("forced_march", 0), ("zone", "soissons"), ("done", None))
    play(st, ("force", napoleon))
    assert st.step == "pickup" and ("force", fresh) in st.legal_actions()
    assert ("force", corps) not in st.legal_actions()


def test_12_2_1_an_army_joined_by_a_force_that_moved_may_still_be_activated():
    st = board()
    st.g["ap_reserve"]["empire"] = 1
    corps = put(st, "paris", ["fr_i"])
    napoleon = put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    play(st, ("op", None), ("force", corps), ("forced_march", 0), ("zone", "reims"), ("done", None))
    assert st.g["forces"][napoleon]["units"] == {"fr_garde": 2, "fr_i": 2}
    assert ("force", napoleon) in st.legal_actions()
