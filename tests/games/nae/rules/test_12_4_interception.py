"""12.4 interception: Blücher (cavalry general, initiative 1) against Davout (initiative 1) needs a card of value
1 or more and gets +1 for cavalry superiority: success on a die of 4+."""

from __future__ import annotations

from tests.games.nae.rules.helpers import board, play, put, rolls


def _davout_enters_thorn(die: int):
    st = board([die, 1, 1], hands={"empire": [], "coalition": ["14C", "11C"]})
    davout = put(st, "danzig", ["fr_i", "fr_ii"], commander="davout")
    blucher = put(st, "konigsberg", ["pr_i", "pr_ii", "pr_iii"], commander="blucher")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "thorn"))
    assert st.active == "coalition" and st.legal_actions() == [("intercept", blucher), ("decline", None)]
    play(st, ("intercept", blucher))
    # both values >= Blücher's initiative 1; giving up is always offered so the step reveals nothing about the hand
    assert sorted(st.legal_actions()) == [("card", "11C"), ("card", "14C"), ("decline", None)]
    play(st, ("card", "14C"))
    assert "14C" in st.g["discards"]["coalition"]
    return st, davout, blucher


def test_12_4_blucher_intercepts_davout_on_a_4():
    st, _davout, _blucher = _davout_enters_thorn(4)
    roll = rolls(st, "12.4")[0]
    assert roll["mods"] == [["cavalry superiority", 1]] and roll["total"] == 5 and roll["row"] == "intercepts"
    assert st.step == "send"  # 12.4: it may leave units behind, then the steps that go test attrition
    st.apply(("done", None))
    assert rolls(st, "12.4")[1]["text"].startswith("Attrition of Blücher (6 steps")


def test_12_4_blucher_fails_on_a_3_and_davout_goes_on():
    st, davout, blucher = _davout_enters_thorn(3)
    assert rolls(st, "12.4")[0]["row"] == "fails"
    assert st.g["forces"][blucher]["zone"] == "konigsberg" and st.g["forces"][davout]["zone"] == "thorn"
    assert st.g["fortresses"]["thorn"]["besieger"] == davout  # 15.2: the Prussian fortress stops him


def test_12_4_interception_is_offered_whatever_the_cards_then_needs_the_initiative():
    # Asking only when a fitting card is held would tell the Empire about the Coalition hand.
    st = board(hands={"empire": [], "coalition": ["11C"]})  # value 2
    davout = put(st, "danzig", ["fr_i", "fr_ii"], commander="davout")
    hohenlohe = put(st, "konigsberg", ["pr_i"], commander="hohenlohe")  # initiative 3
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "thorn"))
    assert st.legal_actions() == [("intercept", hohenlohe), ("decline", None)]
    play(st, ("intercept", hohenlohe))
    assert st.legal_actions() == [("decline", None)]
    play(st, ("decline", None))
    assert st.active == "empire" and "11C" in st.g["hands"]["coalition"]


def test_12_4_no_interception_without_a_card():
    st = board(hands={"empire": [], "coalition": []})
    davout = put(st, "danzig", ["fr_i", "fr_ii"], commander="davout")
    put(st, "konigsberg", ["pr_i"], commander="blucher")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "thorn"))
    assert st.active == "empire"


def test_12_4_the_interceptor_may_leave_part_of_its_units_behind():
    st = board([4, 1, 1, 1, 1], hands={"empire": [], "coalition": ["14C"]})
    davout = put(st, "danzig", ["fr_i", "fr_ii"], commander="davout")
    blucher = put(st, "konigsberg", ["pr_i", "pr_ii"], commander="blucher")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "thorn"))
    play(st, ("intercept", blucher), ("card", "14C"), ("leave", "pr_i"), ("done", None))
    assert rolls(st, "12.4")[1]["text"].startswith("Attrition of Blücher (2 steps")  # 13.6.2: not those left
    left = next(fid for fid, f in st.g["forces"].items() if f["units"] == {"pr_i": 2})
    assert st.g["forces"][left]["zone"] == "konigsberg"
    assert st.g["forces"][blucher]["zone"] == "thorn" and st.g["forces"][blucher]["units"] == {"pr_ii": 2}
