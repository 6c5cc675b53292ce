"""13 supply: sources, links at most 2 MP apart, blocked zones, the attacker's line through its entry zone
(14.5.4), and 13.6.2 attrition (the worked example: 7 steps, -1 +2 +3, die 4 -> 8 -> 2 losses, first French)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import supply
from tests.games.nae.rules.helpers import board, play, put, rolls


def test_13_2_own_capital_and_fortresses_are_sources_far_away_is_unsupplied():
    st = board()
    near = put(st, "reims", ["fr_i"])
    far = put(st, "kalisz", ["fr_ii"])
    assert supply.force_supplied(st, near) and not supply.force_supplied(st, far)


def test_13_3_a_fixed_depot_extends_the_line_and_an_enemy_force_blocks_it():
    st = board()
    for zone in ("cologne", "coblenz", "trier"):  # 1815: Prussian
        S.set_control(st, zone, "france")
    fid = put(st, "cologne", ["fr_i"])  # beyond the Rhine: not within 2 MP of a French link
    assert not supply.force_supplied(st, fid)
    S.add_fixed_depot(st, "coblenz", "france")
    assert supply.force_supplied(st, fid)
    put(st, "coblenz", ["pr_i"])  # 13.3: a zone with enemy units breaks the line
    assert not supply.force_supplied(st, fid)


def test_13_3_a_depot_in_an_enemy_controlled_zone_is_no_link():
    st = board()
    fid = put(st, "liege", ["fr_i"])
    S.add_fixed_depot(st, "brussels", "france")  # British-held city
    assert supply.supplied_zones(st, "france") == supply.supplied_zones(board(), "france")
    assert supply.force_supplied(st, fid) is False


def test_13_2_a_besieged_fortress_is_no_source_and_its_garrison_is_unsupplied():
    st = board()
    garrison = put(st, "metz", ["fr_i"])
    S.set_in_fortress(st, garrison, True)
    assert supply.force_supplied(st, garrison)
    S.set_fortress(st, "metz", siege=0)
    S.set_fortress(st, "metz", besieger=put(st, "metz", ["pr_i", "pr_ii"]))
    assert not supply.force_supplied(st, garrison)


def test_14_5_4_the_attackers_line_runs_through_its_entry_zone():
    """14.5.4 (Lannes entering the battle zone through the marsh), mirrored for Prussia at Warsaw: Thorn is a
    link; "2 PM pour le marais + 1 PM pour la zone de Thorn" = 3 MP: unsupplied; entering from Thorn's zone, 1 MP:
    supplied. Updated for issue 9 (item 2): the line is counted from the force (it stood in the marsh before)."""
    st = board()
    S.set_fortress(st, "warsaw", active=False)  # keep Thorn as the only link near Warsaw
    prussians = put(st, "warsaw", ["pr_i"])
    assert not supply.force_supplied(st, prussians, via="pultusk")
    assert supply.force_supplied(st, prussians, via="thorn")


def test_13_6_2_attrition_example_7_steps_mostly_french_poor_zone_forced_march_3():
    st = board([4])
    fid = put(st, "reims", {"fr_i": 2, "fr_ii": 2, "bav_1": 2, "wur_1": 1}, commander="napoleon")
    mods = supply.attrition_mods(st, fid, forced_march=3, poor=True)
    st.g["forces"][fid]["depots"] = []
    supply.push_attrition(st, fid, mods, "test")
    st._advance()
    roll = rolls(st, "13.6")[0]
    assert sorted(map(tuple, roll["mods"])) == sorted([("forced march 3 MP", 3), ("poor zone", 2),
                                                       ("mostly French", -1)])
    assert roll["total"] == 8 and roll["row"] == "column 6-8 steps: 2"
    assert st.step == "losses" and st.frame["n"] == 2
    assert sorted(st.legal_actions()) == [("loss", "fr_i"), ("loss", "fr_ii")]  # EN 13.6: first loss French


def test_13_4_spending_a_depot_gives_minus_2():
    st = board([4])
    fid = put(st, "reims", ["fr_i"], commander="napoleon", depots=1)
    supply.push_attrition(st, fid, [("test", 0)], "test")
    st._advance()
    assert st.step == "attrition.depot"
    st.apply(("depot", "mobile"))
    roll = rolls(st, "13.6")[0]
    assert ["depot spent", -2] in roll["mods"] and st.g["forces"][fid]["depots"] == []


def test_13_1_unsupplied_markers_follow_a_fresh_computation():
    st = board()
    fid = put(st, "kalisz", ["fr_ii"])
    supply.update_supply(st)
    assert st.g["forces"][fid]["unsupplied"]


def test_13_4_only_a_depot_of_the_commanders_nation_may_be_spent_carried_or_fixed_in_the_zone():
    """Example 1805 round 6: Koutouzov's force carries Bellegarde's Austrian depot, which cannot be spent."""
    st = board([6])
    kutuzov = put(st, "vienna", ["ru_i", "au_i"], commander="koutouzov")
    st.g["forces"][kutuzov]["depots"] = ["austria"]
    assert supply.spendable_depots(st, kutuzov) == []
    S.add_fixed_depot(st, "vienna", "russia")
    assert supply.spendable_depots(st, kutuzov) == ["fixed"]
    supply.push_attrition(st, kutuzov, [], "test")
    st._advance()
    st.apply(("depot", "fixed"))
    assert st.g["fixed_depots"] == [] and ["depot spent", -2] in rolls(st, "13.6")[0]["mods"]


def test_13_5_a_part_picked_up_unsupplied_tests_attrition_alone():
    """13.5 note: « chaque partie de la nouvelle force garde son statut [...] Seule la partie non ravitaillée subira
    un éventuel test d'attrition »: Blücher, supplied at Reims, calls in Bülow cut off at Troyes (9.1); only
    Bülow's 2 steps test, at the end of the activation (13.6.1)."""
    st = board([1], turn="coalition")
    st.g["ap_reserve"]["coalition"] = 3
    blucher = put(st, "reims", ["pr_i", "pr_ii"], commander="blucher", army="armee_elbe")
    bulow = put(st, "troyes", ["pr_iii"], commander="bulow")
    play(st, ("op", None), ("force", blucher), ("force", bulow), ("done", None), ("forced_march", 0), ("done", None))
    test, = rolls(st, "13.6")
    assert "(2 steps, end of its move)" in test["text"] and not st.g["forces"][blucher]["unsupplied"]


def test_13_5_an_unsupplied_army_tests_without_the_supplied_part_it_picks_up():
    st = board([1], turn="coalition")
    st.g["ap_reserve"]["coalition"] = 3
    blucher = put(st, "troyes", ["pr_i", "pr_ii"], commander="blucher", army="armee_elbe")
    bulow = put(st, "reims", ["pr_iii"], commander="bulow")
    play(st, ("op", None), ("force", blucher), ("force", bulow), ("done", None), ("forced_march", 0), ("done", None))
    test, = rolls(st, "13.6")
    assert "(4 steps, end of its move)" in test["text"]  # Blücher's two corps, not Bülow's
