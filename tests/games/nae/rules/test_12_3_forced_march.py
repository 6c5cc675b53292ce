"""12.3 forced march: declared before moving, attrition test with +1 per MP before the first battle, the extra
MP still usable after a victory; 14.2 odds of 5:1 destroy the weaker side."""

from __future__ import annotations

from tests.games.nae.rules.helpers import board, play, put, rolls


def test_12_3_mf3_plus_3_battle_after_1_mp_tests_at_plus_3_and_keeps_5_mp_after_victory():
    # attrition: 1 + 3 = 4 on the 9-11 column -> 1*, extra die 1 -> no extra loss
    st = board([1, 1], turn="coalition")
    blucher = put(st, "namur", ["pr_i", "pr_ii", "pr_iii", "pr_landwehr_1", "pr_landwehr_2"], commander="blucher",
                  army="armee_elbe")
    french = put(st, "reims", ["fr_x"])
    play(st, ("op", None), ("force", blucher), ("forced_march", 3))
    assert st.frame["mp"] == 6
    play(st, ("zone", "reims"))
    test = rolls(st, "13.6")[0]
    assert ["forced march 3 MP", 3] in test["mods"] and test["total"] == 4 and test["row"].endswith("1*")
    assert st.step == "losses" and st.active == "coalition"
    play(st, ("loss", "pr_landwehr_1"))
    # 9 against 2 rounds to 5:1 (0.5 up): the French corps is destroyed without dice
    assert french not in st.g["forces"]
    assert any("Odds of 5:1" in e["text"] for e in st.log)
    assert st.step == "march" and st.frame["mp"] == 5 and st.g["forces"][blucher]["zone"] == "reims"


def test_12_3_a_demoralized_force_cannot_force_march():
    st = board()
    fid = put(st, "reims", ["fr_i"])
    st.g["forces"][fid]["demoralized"] = True
    play(st, ("op", None), ("force", fid))
    assert st.step == "march"
