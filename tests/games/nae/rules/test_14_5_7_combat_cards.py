"""6.6 / 14.5.7 combat cards: windows before and after the dice (attacker first), and on an evasion."""

from __future__ import annotations

from tests.games.nae.rules.helpers import board, play, put, rolls


def test_14_5_7_riflemen_cancel_the_spearhead_and_orderly_retreat_stops_the_pursuit():
    st = board([3, 3, 1, 1, 1, 4], hands={"empire": [], "coalition": ["29C", "35C"]})
    napoleon = put(st, "lille", ["fr_garde", "fr_cav_reserve", "fr_ii", "fr_cav_garde"], commander="napoleon",
                   army="grande_armee", subs=["murat"])
    blucher = put(st, "brussels", ["pr_i", "pr_ii", "pr_landwehr_1"], commander="blucher")
    play(st, ("op", None), ("force", napoleon), ("forced_march", 0), ("zone", "brussels"), ("stand", None))
    assert st.step == "cards.window" and st.active == "coalition"
    assert st.legal_actions() == [("card", "29C"), ("done", None)]  # Orderly Retreat waits for the dice
    play(st, ("card", "29C"), ("done", None))
    att = rolls(st, "14.6")[0]
    assert not [m for m in att["mods"] if m[0].startswith("spearhead")] and att["total"] == 13
    play(st, ("loss", "pr_landwehr_1"), ("loss", "pr_i"), ("loss", "pr_i"))
    assert st.step == "cards.window" and st.legal_actions() == [("card", "35C"), ("done", None)]
    play(st, ("card", "35C"), ("done", None))
    demo = rolls(st, "14.9.1")[0]
    assert "= 3)" in demo["text"] and demo["row"] == "demoralized"  # 3 + 1 - 3 + 2
    assert not rolls(st, "14.9.2") and any("called off" in e["text"] for e in st.log)
    assert st.g["forces"][blucher]["demoralized"]
    assert st.g["discards"]["coalition"] == ["29C", "35C"]


def test_12_5_turning_movement_takes_3_from_the_evasion_roll():
    st = board([6, 1, 1, 1, 1, 1, 1, 1, 1], hands={"empire": ["19F"], "coalition": []})
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    put(st, "luxembourg", ["pr_i"], commander="blucher")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "luxembourg"), ("evade", None))
    assert st.active == "empire" and st.legal_actions() == [("card", "19F"), ("done", None)]
    play(st, ("card", "19F"), ("done", None))
    roll = rolls(st, "12.5")[0]
    assert roll["mods"] == [["cavalry superiority", 1], ["combat card", -3]] and roll["row"] == "caught"
