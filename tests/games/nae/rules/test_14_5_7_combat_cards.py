"""6.6 / 14.5.7 combat cards: windows before and after the dice (attacker first), and on an evasion."""

from __future__ import annotations

from tests.games.nae.rules.helpers import board, play, put, rolls


def test_14_5_7_riflemen_cancel_the_spearhead_and_orderly_retreat_stops_the_pursuit():
    st = board([3, 3, 1, 1, 1, 4], hands={"empire": [], "coalition": ["29C", "35C"]})
    napoleon = put(st, "lille", ["fr_garde", "fr_cav_reserve", "fr_ii", "fr_cav_garde"], commander="napoleon",
                   army="grande_armee", subs=["murat"])
    blucher = put(st, "brussels", ["pr_i", "pr_ii", "pr_landwehr_1"], commander="blucher")
    play(st, ("op", None), ("force", napoleon), ("forced_march", 0), ("zone", "brussels"), ("stand", None),
         ("spearhead", "fr_garde"), ("engage", "fr_cav_garde"), ("subordinate", "murat"))
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
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "luxembourg"), ("done", None),
         ("evade", None))
    assert st.active == "empire" and st.legal_actions() == [("card", "19F"), ("done", None)]
    play(st, ("card", "19F"), ("done", None))
    roll = rolls(st, "12.5")[0]
    assert roll["mods"] == [["cavalry superiority", 1], ["combat card", -3]] and roll["row"] == "caught"


def test_12_5_rearguard_evades_without_a_roll():
    """28C Rearguard, played in the evasion window of an attacked force led by a general: no evasion roll."""
    st = board([], hands={"empire": [], "coalition": ["28C"]})
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    blucher = put(st, "luxembourg", ["pr_i"], commander="blucher")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "luxembourg"), ("evade", None))
    assert st.active == "coalition" and st.legal_actions() == [("card", "28C"), ("done", None)]
    play(st, ("card", "28C"))
    assert st.step == "evade.where" and not rolls(st, "12.5")
    zone = st.legal_actions()[0][1]
    play(st, st.legal_actions()[0])
    assert st.g["forces"][blucher]["zone"] == zone != "luxembourg" and "28C" in st.g["discards"]["coalition"]


def test_12_5_rearguard_needs_a_force_led_by_a_general():
    st = board([], hands={"empire": [], "coalition": ["28C"]})
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    put(st, "luxembourg", ["pr_i"], commander="blucher")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "luxembourg"), ("evade", None))
    ctx = st.core["stack"][st.frame["target"]]
    st.g["forces"][ctx["dfn"]]["commander"] = None
    assert st.legal_actions() == [("done", None)]


def test_13_6_2_campaign_of_france_gives_minus_1_to_the_forces_attrition_this_activation():
    """43F played in a battle in France: +1 to the dice there, and -1 to the force's later attrition tests this
    activation (while it stays in France); not for other forces, nor in the next round."""
    from grognard.games.nae.rules import supply

    st = board([1] * 20, hands={"empire": ["43F"], "coalition": []})
    napoleon = put(st, "reims", ["fr_i", "fr_ii", "fr_iii"], commander="napoleon")
    other = put(st, "lille", ["fr_iv"], commander="ney")
    put(st, "troyes", ["pr_i"], commander="blucher")
    play(st, ("op", None), ("force", napoleon), ("forced_march", 2), ("zone", "troyes"), ("done", None),
         ("stand", None), ("spearhead", "fr_i"))
    assert st.step == "cards.window" and ("card", "43F") in st.legal_actions()
    play(st, ("card", "43F"))
    assert ("The Campaign of France card", -1) in supply.attrition_mods(st, napoleon)
    assert ("The Campaign of France card", -1) not in supply.attrition_mods(st, other)
    st.g["turn"] = "coalition"
    assert ("The Campaign of France card", -1) not in supply.attrition_mods(st, napoleon)


def test_13_6_2_marshal_forwards_gives_minus_1_to_prussian_forced_marches_this_round():
    """25C played as a combat card (its counter-march bonus): its -1 applies to this round's forced-march attrition
    tests of Prussian-led forces, not to other tests, other leaders, or the next round."""
    from grognard.games.nae.rules import cards, supply

    st = board()
    blucher = put(st, "liege", ["pr_i"], commander="blucher")
    russians = put(st, "namur", ["ru_i"], commander="koutouzov")
    cards.record_lasting_effects(st, "coalition", "25C", blucher)
    assert ("Marshal Forwards card", -1) in supply.attrition_mods(st, blucher, forced_march=2)
    assert ("Marshal Forwards card", -1) not in supply.attrition_mods(st, blucher)
    assert ("Marshal Forwards card", -1) not in supply.attrition_mods(st, russians, forced_march=2)
    st.g["round"] += 1
    assert ("Marshal Forwards card", -1) not in supply.attrition_mods(st, blucher, forced_march=2)
