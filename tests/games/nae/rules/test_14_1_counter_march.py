"""14.1 counter-march, from the example of play: Jean rolls 4 + 1 (defence) = 5 and joins; his attrition test
3 + 1 (one MP marched) = 4 costs nothing; he then consolidates with the force in the battle (12.2.2)."""

from __future__ import annotations

from grognard.games.nae.rules.battle import counter_march_candidates
from tests.games.nae.rules.helpers import board, play, put, rolls


def test_14_1_jean_marches_to_the_guns_and_joins_charles():
    st = board([1, 4, 3])
    davout = put(st, "stuttgart", ["fr_i", "fr_ii"], commander="davout")
    charles = put(st, "ulm", ["au_i", "au_ii"], commander="charles")
    jean = put(st, "munich", ["au_iii"], commander="jean")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "ulm"), ("stand", None))
    assert st.step == "countermarch" and st.active == "coalition"
    assert st.legal_actions() == [("force", jean), ("done", None)]
    play(st, ("force", jean))
    cm = rolls(st, "14.1")
    assert cm[0]["mods"] == [["tactical value", 1]] and cm[0]["row"] == "arrives"
    assert cm[1]["mods"] == [["counter-march MP", 1]] and cm[1]["total"] == 4 and cm[1]["row"].endswith(": 0")
    assert jean not in st.g["forces"] and "jean" in st.g["removed"]  # Charles is no army commander
    assert "au_iii" in st.g["forces"][charles]["units"]


def test_14_1_no_counter_march_across_a_mountain_without_pass():
    st = board()
    over_the_pyrenees = put(st, "toulouse", ["fr_i"], commander="davout")
    next_door = put(st, "barcelona", ["fr_iii"], commander="ney")
    napoleon = put(st, "lerida", ["fr_ii"], commander="napoleon")
    ctx = {"att": napoleon, "dfn": "none", "zone": "lerida", "tried": [], "interceptor_from": None}
    assert counter_march_candidates(st, ctx, "attacker") == [next_door]
    assert over_the_pyrenees in st.g["forces"]


def test_14_1_sound_of_the_guns_adds_2_to_a_counter_march():
    st = board([2, 1], hands={"empire": ["2F"], "coalition": []})
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    ney = put(st, "soissons", ["fr_iii"], commander="ney")
    put(st, "namur", ["pr_i"])
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "namur"), ("done", None), ("stand", None))
    play(st, ("force", ney))
    assert st.step == "cards.window" and st.legal_actions() == [("card", "2F"), ("done", None)]
    play(st, ("card", "2F"), ("done", None))
    roll = rolls(st, "14.1")[0]
    assert roll["mods"] == [["tactical value", 2], ["combat card", 2]] and roll["row"] == "arrives"
    assert ney not in st.g["forces"] and "fr_iii" in st.g["forces"][davout]["units"]


def test_14_1_a_subordinate_counter_marches_apart_from_his_army_with_the_units_he_takes():
    st = board([5, 1], turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    blucher = put(st, "namur", ["pr_i", "pr_ii"], commander="blucher")
    put(st, "lille", ["fr_i", "fr_ii"], commander="davout")
    napoleon = put(st, "soissons", ["fr_iii", "fr_iv", "fr_v"], commander="napoleon", army="grande_armee",
                   subs=["ney"])
    play(st, ("op", None), ("force", blucher), ("forced_march", 0), ("zone", "lille"), ("stand", None))
    assert st.step == "countermarch" and ("subordinate", "ney") in st.legal_actions()
    play(st, ("subordinate", "ney"), ("unit", "fr_iii"), ("done", None))
    assert rolls(st, "14.1")[0]["text"].startswith("Counter-march of Ney") and rolls(st, "14.1")[0]["row"] == "arrives"
    assert "ney" not in st.g["forces"][napoleon]["subs"] and "fr_iii" not in st.g["forces"][napoleon]["units"]
    assert ("subordinate", "ney") not in st.legal_actions()  # one try
    play(st, ("done", None))
    davout = next(f for f in st.g["forces"].values() if f["commander"] == "davout")
    assert davout["units"] == {"fr_i": 2, "fr_ii": 2, "fr_iii": 2}  # Ney's corps joined; Ney outranked: reserve


def test_14_1_a_general_sends_part_of_his_force_and_takes_it_back_if_the_march_fails():
    st = board([1], turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    blucher = put(st, "namur", ["pr_i", "pr_ii"], commander="blucher")
    put(st, "lille", ["fr_i", "fr_ii"], commander="davout")
    napoleon = put(st, "soissons", ["fr_iii", "fr_iv"], commander="napoleon")
    play(st, ("op", None), ("force", blucher), ("forced_march", 0), ("zone", "lille"), ("stand", None))
    play(st, ("force", napoleon))
    assert st.step == "send" and ("leave", "fr_iv") in st.legal_actions()
    play(st, ("leave", "fr_iv"), ("done", None))
    assert rolls(st, "14.1")[0]["row"] == "does not arrive"
    assert st.g["forces"][napoleon]["units"] == {"fr_iii": 2, "fr_iv": 2}  # together again in Soissons


def test_14_1_a_counter_march_attrition_test_takes_the_winter_and_poor_zone_modifiers():
    """13.6.2 / 16: like every other test, in winter (round 6) and when it enters a poor zone (Clermont)."""
    st = board([6, 1], round_no=6)
    davout = put(st, "lyon", ["fr_i", "fr_ii"], commander="davout")
    put(st, "clermont", ["au_i"], commander="schwarzenberg")
    ney = put(st, "bourges", ["fr_iii"], commander="ney")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "clermont"), ("stand", None))
    play(st, ("force", ney))
    test = rolls(st, "14.1")[1]
    assert test["mods"] == [["poor zone", 2], ["winter", 2], ["counter-march MP", 2], ["all French", -2]]


def test_14_1_a_counter_march_beyond_the_command_limits_is_offered_and_the_surplus_eliminated():
    """14.1: « Une fois la zone de bataille rejointe [...] une consolidation est obligatoirement réalisée; éliminez
    les unités et généraux en surplus selon les cas »: Jean's 6 steps march to Charles (4 steps, command 7), who
    keeps what he may command (11, 10.1); the rest is eliminated and Jean goes to the reserve."""
    st = board([1, 6, 1])
    davout = put(st, "stuttgart", ["fr_i", "fr_ii"], commander="davout")
    charles = put(st, "ulm", ["au_i", "au_ii"], commander="charles")
    jean = put(st, "munich", ["au_iii", "au_iv", "au_v"], commander="jean")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "ulm"), ("stand", None))
    assert st.step == "countermarch" and ("force", jean) in st.legal_actions()
    play(st, ("force", jean))
    assert st.step == "send"  # he could leave the surplus behind; he marches with all
    play(st, ("done", None))
    assert rolls(st, "14.1")[0]["row"] == "arrives"
    assert jean not in st.g["forces"] and "jean" in st.g["removed"]
    assert st.g["forces"][charles]["units"] == {"au_i": 2, "au_ii": 2, "au_iii": 2}
    assert {"au_iv", "au_v"} <= set(st.g["reserve"]["units"])
