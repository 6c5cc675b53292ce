"""14 battle: odds, level, morale, modifiers, 2d6 resolution, losses within the constraints, demoralization,
pursuit (the digest's 4 + 3 + 2 + 1 = 10 -> 4 losses) and retreat."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import battle
from tests.games.nae.rules.helpers import board, play, put, rolls


def test_14_4_morale_4_steps_at_3_3_at_2_2_at_5_is_3():
    st = board()
    fid = put(st, "reims", {"pr_i": 2, "pr_ii": 2, "pr_landwehr_1": 2, "pr_landwehr_2": 1, "pr_elite": 2})
    assert battle.force_morale(st, st.g["forces"][fid]) == 3


def test_14_4_a_capital_held_by_the_enemy_costs_one_morale():
    st = board()
    assert battle.unit_morale(st, "fr_x") == 4
    S.set_control(st, "paris", "prussia")
    assert battle.unit_morale(st, "fr_x") == 3


def test_14_5_2_one_cavalry_step_and_a_cavalry_general_beat_one_cavalry_step():
    st = board()
    a = st.g["forces"][put(st, "kalisz", {"ru_cav_reserve": 1, "ru_iii": 2}, commander="platov")]
    b = st.g["forces"][put(st, "reims", {"fr_cav_reserve": 1, "fr_ii": 2}, commander="davout")]
    assert battle.cavalry_count(a) > battle.cavalry_count(b)


def test_14_napoleon_beats_blucher_demoralizes_him_and_pursues_4_3_2_1_is_10_for_4_losses():
    st = board([3, 3, 1, 1, 1, 1, 4])
    napoleon = put(st, "lille", ["fr_garde", "fr_cav_reserve", "fr_ii", "fr_cav_garde"], commander="napoleon",
                   army="grande_armee", subs=["murat"])
    blucher = put(st, "brussels", ["pr_i", "pr_ii", "pr_landwehr_1"], commander="blucher")
    play(st, ("op", None), ("force", napoleon), ("forced_march", 0), ("zone", "brussels"))
    assert st.active == "coalition" and ("stand", None) in st.legal_actions()
    play(st, ("stand", None))
    # 14.5.5 / 14.5.6: the owner may pick an elite corps (a starred reserve cavalry too) to head the assault,
    # engages his special units or not, and may have a subordinate lend his value
    assert st.step == "battle.choose" and st.active == "empire"
    assert st.legal_actions() == [("spearhead", "fr_garde"), ("spearhead", "fr_cav_reserve"), ("spearhead", "fr_ii"),
                                  ("spearhead", None)]
    play(st, ("spearhead", "fr_garde"))
    assert st.legal_actions() == [("engage", "fr_cav_garde"), ("hold_back", "fr_cav_garde")]
    play(st, ("engage", "fr_cav_garde"))
    assert st.legal_actions() == [("subordinate", "murat"), ("subordinate", None)]
    play(st, ("subordinate", "murat"))
    texts = [e["text"] for e in st.log]
    assert any("odds 1:1" in t for t in texts) and any("Minor battle" in t for t in texts)
    att = rolls(st, "14.6")[0]
    assert att["mods"] == [["cavalry superiority", 1], ["spearhead French Imperial Guard", 2], ["Guard Cavalry", 1],
                           ["Napoleon", 3], ["Murat (subordinate)", 2]]
    assert att["total"] == 15 and att["row"] == "8-21: 4C"
    assert rolls(st, "14.7")[0]["row"] == "unhurt"
    # 14.8: four losses, at least two on units of morale >= the force's morale 3
    assert st.active == "coalition" and st.frame["n"] == 4
    play(st, ("loss", "pr_landwehr_1"), ("loss", "pr_landwehr_1"))
    assert sorted(st.legal_actions()) == [("loss", "pr_i"), ("loss", "pr_ii")]
    play(st, ("loss", "pr_i"), ("loss", "pr_i"))
    demo = rolls(st, "14.9.1")[0]
    assert demo["row"] == "demoralized"  # 3 + 1 - 4 = 0: fails whatever the die
    pursuit = rolls(st, "14.9.2")[0]
    assert pursuit["total"] == 10 and pursuit["row"] == "4 pursuit losses"
    play(st, ("loss", "pr_ii"), ("loss", "pr_ii"))
    assert blucher not in st.g["forces"] and "blucher" in st.g["removed"]
    assert st.step == "march" and st.frame["mp"] == 3
    assert st.g["control"]["brussels"] == "france"  # 3.2: a won battle gives the zone


def test_14_9_1_morale_3_blucher_1_three_more_losses_demoralized_above_1():
    for die, result in ((2, "demoralized"), (1, "holds")):
        st = board([die, 1])
        winner = put(st, "reims", ["fr_x"])
        loser = put(st, "namur", ["pr_i", "pr_ii"], commander="blucher")
        f = st.push("battle.after", att=winner, dfn=loser, zone="namur", winner="attacker", loser_morale=3,
                    losers_tactical=1, diff=3)
        battle.BattleAfter().demoralize(st, f, winner, loser)
        assert rolls(st, "14.9.1")[0]["row"] == result
        assert st.g["forces"][loser]["demoralized"] == (result == "demoralized")


def test_14_9_3_a_demoralized_force_demoralized_again_is_destroyed():
    st = board([6])
    winner = put(st, "reims", ["fr_x"])
    loser = put(st, "namur", ["pr_i"], commander="blucher")
    st.g["forces"][loser]["demoralized"] = True
    f = {"att": winner, "dfn": loser, "zone": "namur", "loser_morale": 3, "losers_tactical": 1, "diff": 0}
    battle.BattleAfter().demoralize(st, f, winner, loser)
    assert loser not in st.g["forces"]


def test_14_10_a_beaten_attacker_falls_back_and_its_activation_ends():
    st = board([1, 1, 6, 6, 1])
    st.g["ap_reserve"]["empire"] = 2
    ney = put(st, "reims", ["fr_x", "fr_xi"], commander="ney")
    put(st, "luxembourg", ["pr_i", "pr_ii"], commander="blucher")
    play(st, ("op", None), ("force", ney), ("forced_march", 0), ("zone", "luxembourg"))
    if st.step == "evade":
        play(st, ("stand", None))
    while st.step == "losses":
        play(st, st.legal_actions()[0])
    assert st.g["forces"][ney]["zone"] == "reims"
    assert st.step == "activation" and ("force", ney) not in st.legal_actions()


def test_14_10_a_beaten_defender_never_retreats_into_the_attackers_entry_zone():
    st = board()
    fid = put(st, "namur", ["pr_i"], commander="blucher")
    options = battle.retreat_options(st, fid, "namur", "reims")
    assert options and "reims" not in options
    assert all(st.g["control"].get(z) is None or battle.S.controller(st, z) == "coalition" for z in options)


def test_14_5_5_a_special_unit_held_back_gives_no_bonus_and_takes_no_forced_loss():
    st = board([3, 3, 1, 1, 1, 1, 4])
    napoleon = put(st, "lille", ["fr_garde", "fr_cav_reserve", "fr_ii", "fr_cav_garde"], commander="napoleon",
                   army="grande_armee", subs=["murat"])
    put(st, "brussels", ["pr_i", "pr_ii", "pr_landwehr_1"], commander="blucher")
    play(st, ("op", None), ("force", napoleon), ("forced_march", 0), ("zone", "brussels"), ("stand", None))
    play(st, ("spearhead", "fr_ii"), ("hold_back", "fr_cav_garde"), ("subordinate", "murat"))
    att = rolls(st, "14.6")[0]
    assert att["mods"] == [["cavalry superiority", 1], ["spearhead French II Corps", 1], ["Napoleon", 3],
                           ["Murat (subordinate)", 2]]  # the held-back Guard Cavalry still counts as cavalry
    assert att["total"] == 13


def test_14_8_the_spearhead_then_special_units_take_the_first_losses():
    """Updated for issue 9 (item 6): the loss on Uxbridge stands outside the total, so of 3 losses only 2 count and
    the spearhead's loss is the half owed by morale 5; the last may fall on the morale-4 corps."""
    st = board()
    fid = put(st, "brussels", ["gb_elite_1", "gb_corps_1", "gb_uxbridge"], commander="wellington",
              army="armee_peninsule")
    battle.push_losses(st, fid, 3, rule="14.8", why="test", spearhead="gb_elite_1", specials=["gb_uxbridge"],
                       morale=5)
    st._advance()
    assert st.legal_actions() == [("loss", "gb_elite_1")]
    play(st, ("loss", "gb_elite_1"))
    assert st.legal_actions() == [("loss", "gb_uxbridge")]
    play(st, ("loss", "gb_uxbridge"))
    assert sorted(st.legal_actions()) == [("loss", "gb_corps_1"), ("loss", "gb_elite_1")]


def test_14_8_a_loss_a_special_unit_takes_by_choice_stands_outside_the_total():
    """14.8: "La perte sur l'unité engagée « en tête d'assaut » est prise en compte dans le total, mais pas les pertes
    sur les unités spéciales". Of 3 losses, one on Uxbridge (held back): half of the other 2 on morale 5."""
    st = board()
    fid = put(st, "brussels", ["gb_elite_1", "gb_corps_1", "gb_uxbridge"], commander="wellington",
              army="armee_peninsule")
    battle.push_losses(st, fid, 3, rule="14.8", why="test", morale=5)
    st._advance()
    play(st, ("loss", "gb_uxbridge"))
    assert sorted(st.legal_actions()) == [("loss", "gb_corps_1"), ("loss", "gb_elite_1")]
    play(st, ("loss", "gb_corps_1"))
    assert st.legal_actions() == [("loss", "gb_elite_1")]


def test_14_5_5_the_spearhead_and_the_subordinate_are_the_owners_choice_and_may_be_declined():
    st = board([1, 1, 6, 6, 1, 1, 1])
    napoleon = put(st, "lille", ["fr_garde", "fr_ii"], commander="napoleon", army="grande_armee", subs=["murat"])
    put(st, "brussels", ["pr_i", "pr_ii", "pr_landwehr_1"], commander="blucher")
    play(st, ("op", None), ("force", napoleon), ("forced_march", 0), ("zone", "brussels"), ("stand", None))
    play(st, ("spearhead", None), ("subordinate", None))
    att = rolls(st, "14.6")[0]
    assert att["mods"] == [["odds", -1], ["Napoleon", 3]] and not rolls(st, "14.7")  # no subordinate, no wound test
    while st.active == "coalition":
        play(st, st.legal_actions()[0])
    assert sorted(st.legal_actions()) == [("loss", "fr_garde"), ("loss", "fr_ii")]  # no forced first loss


def test_14_9_4_a_demoralized_force_winning_at_5_to_1_rallies():
    st = board()
    davout = put(st, "reims", ["fr_i", "fr_ii", "fr_iii"], commander="davout")
    st.g["forces"][davout]["demoralized"] = True
    put(st, "soissons", {"pr_landwehr_1": 1})
    play(st, ("op", None), ("force", davout), ("zone", "soissons"))  # 14.9.3: demoralized, no forced march
    assert any("odds 5:1" in e["text"] or "odds 6:1" in e["text"] for e in st.log)
    assert not st.g["forces"][davout]["demoralized"] and any("wins and rallies" in e["text"] for e in st.log)


def test_14_4_a_card_lowering_the_enemys_morale_counts_against_the_enemy_not_its_player():
    st = board()
    ctx = {"att": "x", "dfn": "y", "cards": {"attacker": ["7F"], "defender": ["16F"]}}
    assert battle.morale_cards(st, ctx, "defender", "battle") == -1 and battle.morale_cards(st, ctx, "attacker",
                                                                                           "battle") == 0
    assert battle.morale_cards(st, ctx, "attacker", "demoralization") == -2  # 16F against the attacker's test


def test_14_9_2_optional_rule_each_cavalry_step_or_general_of_the_pursued_takes_1_from_the_pursuit():
    from tests.games.nae.rules.helpers import GAME

    st = GAME.new_state("1815", seed=1, dice=[4, 1], options={"pursuit_cavalry_screen": True})
    for fid in list(st.g["forces"]):
        S.take_force(st, fid)
    winner = put(st, "reims", ["fr_x"], commander="napoleon")
    loser = put(st, "namur", ["pr_i", "pr_ii"], commander="blucher")  # Blücher is a cavalry general
    f = st.push("battle.after", att=winner, dfn=loser, zone="namur", winner="attacker", loser_morale=3,
                losers_tactical=1, diff=3)
    battle.BattleAfter().demoralize(st, f, winner, loser)
    assert ["enemy cavalry", -1] in rolls(st, "14.9.2")[0]["mods"]
