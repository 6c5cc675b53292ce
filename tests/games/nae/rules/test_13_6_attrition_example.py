"""13.6.2 attrition tests of the example of play (digest 8.1-8.5), with the example's dice: the table row, the "*"
extra die and which unit may take the first loss. The forces are rebuilt on the 1815 board with the example's step
counts and nationalities (only the composition matters to the test)."""

from __future__ import annotations

from grognard.games.nae.rules import supply
from tests.games.nae.rules.helpers import board, play, put, rolls


def attrition(st, fid, mods):
    """Test force ``fid`` (13.6.2): the test step adds the nationality of the steps tested to ``mods``."""
    supply.push_attrition(st, fid, mods, "example")
    st._advance()
    roll = rolls(st, "13.6")[0]
    return roll, rolls(st, "13.6.2"), sorted(tuple(m) for m in roll["mods"])


def test_13_6_2_round_2_marmont_5_steps_mostly_french_forced_march_3():
    """Marmont, 3 French + 2 Dutch steps: d 5 +3 (FM) -1 (French majority) = 7 -> 1*; extra die 3: no more loss;
    the first loss is French (VI corps reduced)."""
    st = board([5, 3])
    fid = put(st, "reims", {"fr_vi": 1, "fr_i": 2, "nl_1": 2}, commander="marmont", side="empire")
    mods = supply.attrition_mods(st, fid, forced_march=3)
    roll, extra, used = attrition(st, fid, mods)
    assert used == sorted([("forced march 3 MP", 3), ("mostly French", -1)])
    assert roll["total"] == 7 and roll["row"] == "column 3-5 steps: 1*"
    assert [e["dice"] for e in extra] == [[3]] and extra[0]["row"] == "no extra loss"
    assert st.step == "losses" and st.frame["n"] == 1
    assert sorted(st.legal_actions()) == [("loss", "fr_i"), ("loss", "fr_vi")]  # EN 13.6: the first loss French


def test_13_6_2_round_4_koutouzov_8_russian_steps_forced_march_3_poor_zone():
    """Koutouzov, 8 Russian steps: d 3 +3 (FM) +2 (poor zone) -1 (all Russian) = 7 -> 1*; extra die 2: nothing."""
    st = board([3, 2])
    fid = put(st, "vilna", {"ru_i": 2, "ru_ii": 2, "ru_iii": 2, "ru_iv": 2}, commander="koutouzov",
              subs=["buxhowden"])
    mods = supply.attrition_mods(st, fid, forced_march=3, poor=True)
    roll, extra, used = attrition(st, fid, mods)
    assert used == sorted([("forced march 3 MP", 3), ("poor zone", 2), ("all Russian", -1)])
    assert roll["total"] == 7 and roll["row"] == "column 6-8 steps: 1*"
    assert [e["dice"] for e in extra] == [[2]] and extra[0]["row"] == "no extra loss"
    assert st.step == "losses" and st.frame["n"] == 1


def test_13_6_2_round_5_napoleon_12_french_steps_extra_die_5_gives_a_second_loss():
    """Napoléon, 12 French steps: d 4 +1 (FM) -2 (all French) = 3 -> 1*; extra die 5 -> a second loss."""
    st = board([4, 5])
    fid = put(st, "reims", {u: 2 for u in ("fr_i", "fr_ii", "fr_iii", "fr_iv", "fr_garde", "fr_ix")},
              commander="napoleon")
    mods = supply.attrition_mods(st, fid, forced_march=1)
    roll, extra, used = attrition(st, fid, mods)
    assert used == sorted([("forced march 1 MP", 1), ("all French", -2)])
    assert roll["total"] == 3 and roll["row"] == "column 12-14 steps: 1*"
    assert [e["dice"] for e in extra] == [[5]] and extra[0]["row"] == "one more loss"
    assert st.step == "losses" and st.frame["n"] == 2
    st.apply(("loss", "fr_ix"))
    st.apply(("loss", "fr_ix"))  # the Emperor eliminates his non-elite corps
    assert "fr_ix" not in st.g["forces"][fid]["units"]


def test_13_6_2_round_6_koutouzov_with_an_austrian_corps_has_no_russian_bonus():
    """Koutouzov with Bellegarde's Austrian corps, 7 steps: d 2 +2 (winter) +2 (FM) = 6 -> 1 loss, taken on the
    Austrian corps (no Russian bonus: the force is not all Russian, so no first-loss constraint either)."""
    st = board([2], round_no=6)
    fid = put(st, "vilna", {"ru_i": 2, "ru_ii": 2, "ru_iii": 1, "au_i": 2}, commander="koutouzov")
    mods = supply.attrition_mods(st, fid, forced_march=2, winter=True)
    roll, extra, used = attrition(st, fid, mods)
    assert used == sorted([("forced march 2 MP", 2), ("winter", 2)])
    assert roll["total"] == 6 and roll["row"] == "column 6-8 steps: 1" and extra == []
    assert ("loss", "au_i") in st.legal_actions() and len(st.legal_actions()) == 4
    st.apply(("loss", "au_i"))
    assert st.g["forces"][fid]["units"]["au_i"] == 1 and st.step != "losses"


def test_13_6_2_example_only_the_activated_steps_present_are_tested_9_minus_2_dropped_is_7():
    """13.6.2 example: 6 French + 3 minor steps force-march +3 (MF 3 + 3), cross a poor zone, leave 2 French steps
    behind and end absorbing a 3-step French force: 9 - 2 = 7 steps tested (column 6-8), -1 mostly French +2 poor
    +3 forced march, die 4 -> 8 -> 2 losses, the first French; the 3 absorbed steps are neither counted nor hit."""
    st = board([4, 1])
    st.g["ap_reserve"]["empire"] = 2
    napoleon = put(st, "rome", {"fr_i": 2, "fr_ii": 2, "fr_iii": 2, "bav_1": 2, "wur_1": 1}, commander="napoleon",
                   army="grande_armee")
    oudinot = put(st, "naples", {"fr_iv": 2, "fr_vi": 1}, commander="oudinot")
    play(st, ("op", None), ("force", napoleon), ("done", None), ("forced_march", 3), ("zone", "abruzzi"),
         ("leave", "fr_iii"), ("zone", "naples"), ("absorb", oudinot), ("done", None))
    roll = rolls(st, "13.6")[0]
    assert roll["text"].startswith("Attrition of Napoleon (Grande Armée) (7 steps")
    assert sorted(map(tuple, roll["mods"])) == sorted([("forced march 3 MP", 3), ("poor zone", 2),
                                                       ("mostly French", -1)])
    assert roll["total"] == 8 and roll["row"] == "column 6-8 steps: 2"
    assert sorted(st.legal_actions()) == [("loss", "fr_i"), ("loss", "fr_ii")]  # the first French, not absorbed
