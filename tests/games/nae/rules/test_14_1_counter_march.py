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
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "namur"), ("stand", None))
    play(st, ("force", ney))
    assert st.step == "cards.window" and st.legal_actions() == [("card", "2F"), ("done", None)]
    play(st, ("card", "2F"), ("done", None))
    roll = rolls(st, "14.1")[0]
    assert roll["mods"] == [["tactical value", 2], ["combat card", 2]] and roll["row"] == "arrives"
    assert ney not in st.g["forces"] and "fr_iii" in st.g["forces"][davout]["units"]
