"""9 Activations: the worked examples of 9.1 (what 3 AP buy) and 9.2 (the AP reserve over rounds 2-6)."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import board, play, put


def activate(st, fid):
    """Activate a force and stop it where it stands (no forced march, no move)."""
    play(st, ("force", fid), ("forced_march", 0))
    if st.step == "march":
        play(st, ("done", None))


def test_9_1_three_ap_activate_three_initiative_1_generals():
    st = board(hands={"empire": ["13F"], "coalition": []})
    ones = [put(st, "reims", ["fr_i"], commander="davout"), put(st, "paris", ["fr_ii"], commander="lannes"),
            put(st, "lille", ["fr_iii"], commander="massena")]
    play(st, ("card", "13F"))
    assert st.frame["ap"] == 3
    for fid in ones:
        activate(st, fid)
    assert st.step == "activation" and st.frame["ap"] == 0 and st.legal_actions() == [("done", None)]


def test_9_1_three_ap_activate_initiative_1_and_2_or_one_initiative_3():
    st = board(hands={"empire": ["13F"], "coalition": []})
    one = put(st, "reims", ["fr_i"], commander="davout")
    two = put(st, "paris", ["fr_ii"], commander="ney")
    three = put(st, "lille", ["fr_iii"], commander="grouchy")
    play(st, ("card", "13F"))
    assert {a[1] for a in st.legal_actions()} == {one, two, three, None}
    activate(st, one)
    assert {a[1] for a in st.legal_actions()} == {two, None}  # 2 AP left: Grouchy (3) is out of reach
    activate(st, two)
    assert st.frame["ap"] == 0
    st = board(hands={"empire": ["13F"], "coalition": []})
    three = put(st, "lille", ["fr_iii"], commander="grouchy")
    lone = put(st, "reims", ["fr_i"])
    play(st, ("card", "13F"))
    activate(st, three)
    assert st.frame["ap"] == 0 and ("force", lone) not in st.legal_actions()


def test_9_2_reserve_sequence_of_rounds_2_to_6():
    """9.2 example (Coalition): round 2, a 3-AP card, 1 AP used, 2 stored; round 4, a 3-AP card and the reserve
    activate two initiative-2 generals; round 6, a 1-AP operation and the reserve activate an initiative-2 general,
    and 1 AP is left in the reserve. Round 5's AP-giving event and fleet do not exist in 1815: a 1-AP operation
    used for nothing stores its AP instead."""
    st = board(turn="coalition", hands={"empire": [], "coalition": ["1C", "39C", "6C"]})
    S.set_side(st, "spain", None)  # no Grande Coalition (6.2): the cards give their printed AP, as in the example
    blucher = put(st, "liege", ["pr_i"], commander="blucher")
    bulow = put(st, "namur", ["pr_ii"], commander="bulow")
    kleist = put(st, "coblenz", ["pr_iii"], commander="kleist")
    yorck = put(st, "cologne", ["pr_iv"], commander="yorck")
    play(st, ("card", "1C"))
    activate(st, blucher)
    play(st, ("done", None))
    assert st.g["ap_reserve"]["coalition"] == 2  # round 2: 2 AP stored
    play(st, ("pass", None), ("pass", None))  # round 3
    play(st, ("pass", None), ("card", "39C"))
    assert st.g["round"] == 4 and st.frame["ap"] == 3 + 2
    activate(st, bulow)
    activate(st, kleist)
    play(st, ("done", None))
    assert st.g["ap_reserve"]["coalition"] == 1  # round 4: 1 reserve AP used, the other kept
    play(st, ("pass", None), ("op", None), ("done", None))
    assert st.g["ap_reserve"]["coalition"] == 2  # round 5: 2 AP in reserve, as in the example
    play(st, ("pass", None), ("op", None))
    assert st.g["round"] == 6 and st.frame["ap"] == 1 + 2
    activate(st, yorck)
    play(st, ("done", None))
    assert st.g["ap_reserve"]["coalition"] == 1  # lost at the end of the turn (9.2)


def test_9_2_the_reserve_is_not_usable_with_an_event_activating_forces_without_ap():
    st = board(hands={"empire": ["6F"], "coalition": []})
    st.g["ap_reserve"]["empire"] = 2
    fid = put(st, "reims", ["fr_i"], commander="ney")
    play(st, ("event", "6F"))
    assert st.frame["count"] == 2 and st.frame["ap"] == 0 and st.g["ap_reserve"]["empire"] == 2
    activate(st, fid)
    play(st, ("done", None))
    assert st.g["ap_reserve"]["empire"] == 2
