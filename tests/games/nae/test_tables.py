"""Player-aid tables: every number the rulebook shows (digest 8, 8.8, 9.3) is reproduced, and broken copies of
tables.toml fail with errors naming file, record and field."""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from pathlib import Path

import pytest

from grognard.core.errors import DataError
from grognard.games.nae.schema.map import MapData, load_map
from grognard.games.nae.schema.tables import (
    AttritionResult,
    CombatResult,
    Tables,
    battle_winner,
    load_tables,
    round_half_up,
)

DATA_DIR = Path(__file__).resolve().parents[3] / "grognard" / "games" / "nae" / "data"


@functools.cache
def _map() -> MapData:
    return load_map(DATA_DIR)


def cm(t: Tables, mod: str) -> int:
    return t.combat_modifier(mod)


def am(t: Tables, mod: str) -> int:
    return t.attrition_modifier(mod)


def sm(t: Tables, mod: str) -> int:
    return t.siege_modifier(mod)


def R(label: str) -> CombatResult:
    return CombatResult.parse(label)


def A(label: str) -> AttritionResult:
    return AttritionResult.parse(label)


# --- 0.4 rounding and 14.2 odds --------------------------------------------------------------------------------


def test_0_4_half_rounds_up() -> None:
    assert round_half_up(Fraction(3, 2)) == 2
    assert round_half_up(Fraction(5, 4)) == 1
    assert round_half_up(Fraction(7, 5)) == 1


def test_14_odds_9_vs_6_is_2_to_1(t: Tables) -> None:
    assert t.odds(9, 6) == (2, 1)


def test_14_odds_8_vs_10_is_1_to_1(t: Tables) -> None:
    assert t.odds(8, 10) == (1, 1)


def test_14_2_odds_6_vs_8_is_1_to_1(t: Tables) -> None:
    assert t.odds(6, 8) == (1, 1)


def test_14_2_odds_5_vs_4_is_1_to_1_not_the_books_1_to_2(t: Tables) -> None:
    assert t.odds(5, 4) == (1, 1)


def test_14_2_fixed_depot_alone_counts_half(t: Tables) -> None:
    depot = t.constant("fixed_depot_alone_value")
    assert depot == 0.5
    assert t.odds(2, depot) == (4, 1)
    assert t.odds_row(2, depot).destroys is None
    assert t.odds(3, depot) == (6, 1)
    assert t.odds_row(3, depot).destroys == "defender"


def test_14_2_five_to_one_destroys_the_weaker_side_either_way(t: Tables) -> None:
    assert t.odds_row(10, 2).destroys == "defender"
    assert t.odds_row(30, 2).destroys == "defender"
    assert t.odds_row(2, 10).destroys == "attacker"
    assert t.odds(9, 2) == (5, 1)  # 4.5 rounds up (0.4)
    assert t.odds_row(9, 2).destroys == "defender"


def test_14_2_four_and_a_bit_to_one_is_4_to_1(t: Tables) -> None:
    assert t.odds(17, 4) == (4, 1)
    assert t.odds_row(17, 4).destroys is None


def test_9_3_odds_1_to_2_is_minus_1_and_1_to_1_is_0(t: Tables) -> None:
    assert t.odds_row(6, 12).modifier == -1
    assert t.odds_row(13, 9).modifier == 0


def test_odds_modifiers_rise_with_the_odds(t: Tables) -> None:
    mods = [r.modifier for r in t.odds_rows if r.destroys is None]
    assert mods == sorted(mods)


# --- 14.3 battle level -----------------------------------------------------------------------------------------


def test_14_3_6_plus_8_is_a_minor_battle(t: Tables) -> None:
    assert t.battle_level(6, 8).id == "minor"
    assert t.battle_level(6, 8).column == "8-21"


def test_14_3_22_with_weaker_side_9_is_minor(t: Tables) -> None:
    assert t.battle_level(13, 9).id == "minor"


def test_14_3_22_with_both_sides_10_or_more_is_major(t: Tables) -> None:
    assert t.battle_level(12, 10).id == "major"
    assert t.battle_level(12, 10).column == "22+"


def test_14_3_total_7_is_a_skirmish_and_8_is_not(t: Tables) -> None:
    assert t.battle_level(4, 3).id == "skirmish"
    assert t.battle_level(4, 4).id == "minor"


def test_14_9_1_no_demoralisation_after_a_skirmish(t: Tables) -> None:
    assert not t.battle_levels["skirmish"].demoralisation
    assert t.battle_levels["minor"].demoralisation and t.battle_levels["major"].demoralisation


# --- 9.3 partial combat results table -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "roll", "label"),
    [
        ("skirmish", 6, "0"),
        ("skirmish", 8, "0+"),
        ("minor", 6, "1+"),
        ("minor", 8, "1+"),
        ("minor", 13, "3"),
        ("minor", 15, "4C"),
        ("minor", 16, "4+C"),
    ],
)
def test_9_3_combat_table_known_points(t: Tables, level: str, roll: int, label: str) -> None:
    assert t.combat(level, roll) == R(label)
    assert t.combat(level, roll).label == label


def test_14_6_every_roll_has_a_result_in_every_column(t: Tables) -> None:
    for level in t.battle_levels:
        results = [t.combat(level, roll) for roll in range(-15, 40)]
        keys = [(r.losses, r.plus) for r in results]
        assert keys == sorted(keys)


def test_14_6_higher_result_wins(t: Tables) -> None:
    assert battle_winner(R("4C"), R("1+")) == "attacker"
    assert battle_winner(R("1+"), R("4+C")) == "defender"


def test_14_6_tie_lone_plus_wins_else_attacker_loses() -> None:
    assert battle_winner(R("0"), R("0+")) == "defender"
    assert battle_winner(R("2+"), R("2")) == "attacker"
    assert battle_winner(R("2"), R("2")) == "defender"
    assert battle_winner(R("1+"), R("1+")) == "defender"


# --- 9.3 attrition --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("steps", "roll", "label"),
    [
        (2, 4, "0"),
        (5, 7, "1*"),
        (6, 4, "1"),
        (8, 6, "1"),
        (8, 7, "1*"),
        (7, 8, "2"),
        (10, 1, "0"),
        (12, 3, "1*"),
    ],
)
def test_9_3_attrition_known_points(t: Tables, steps: int, roll: int, label: str) -> None:
    assert t.attrition(steps, roll) == A(label)


def test_13_6_2_six_to_eight_is_one_column(t: Tables) -> None:
    col = t.attrition_column(7)
    assert (col.steps_min, col.steps_max) == (6, 8)
    assert t.attrition_column(6) is col and t.attrition_column(8) is col


def test_9_3_attrition_star_extra_die_2_or_3_nothing_5_one_more(t: Tables) -> None:
    assert not t.attrition_extra_loss(2)
    assert not t.attrition_extra_loss(3)
    assert t.attrition_extra_loss(5)


def test_13_6_attrition_never_lighter_for_a_bigger_force(t: Tables) -> None:
    for roll in range(-6, 16):
        keys = [(t.attrition(s, roll).losses, t.attrition(s, roll).star) for s in range(1, 40)]
        assert keys == sorted(keys), roll


def test_13_6_2_example_seven_steps_mostly_french_poor_zone_fm3(t: Tables) -> None:
    mods = am(t, "mostly_french") + am(t, "poor_zone") + 3 * am(t, "forced_march")
    assert mods == 4
    assert t.attrition(9 - 2, 4 + mods) == A("2")


def test_12_3_forced_march_attrition_is_plus_one_per_mp_requested(t: Tables) -> None:
    assert t.attrition_modifiers["forced_march"].per == "mp"
    assert 3 * am(t, "forced_march") == 3


# --- 9.3 siege ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "result"), [(4, "stable"), (5, "stable"), (6, "honours"), (7, "honours"), (8, "breach")]
)
def test_9_3_siege_known_points(t: Tables, roll: int, result: str) -> None:
    assert t.siege(roll).id == result


def test_15_4_siege_results_and_their_effects(t: Tables) -> None:
    assert t.siege(-5).id == "repulsed" and t.siege(-5).besieger_losses == 1
    assert t.siege(20).id == "breach" and t.siege(20).garrison == "destroyed"
    assert t.siege(6).garrison == "reinforcements" and t.siege(6).fortress_falls
    assert not t.siege(5).fortress_falls


def test_15_4_siege_modifiers(t: Tables) -> None:
    assert sm(t, "army") == 1
    assert sm(t, "citadel") == -2
    assert sm(t, "fortress") == 0
    assert [m.value for m in t.siege_markers] == [0, 1, 2, 3]


def test_15_4_siege_marker_rises_to_plus_3_at_most(t: Tables) -> None:
    assert t.next_siege_marker(0) == 1
    assert t.next_siege_marker(2) == 3
    assert t.next_siege_marker(3) == 3


# --- 17.3.1 naval ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("diff", "lost", "destroyed"),
    [(1, 0, False), (3, 0, False), (4, 1, False), (7, 1, False), (8, 2, False), (11, 2, False), (12, 0, True)],
)
def test_17_3_1_naval_result_bands(t: Tables, diff: int, lost: int, destroyed: bool) -> None:
    row = t.naval(diff)
    assert (row.fleets_lost, row.destroyed) == (lost, destroyed)


def test_17_3_1_example_two_british_fleets_sink_one_french(t: Tables) -> None:
    british = 2 + (6 + 1)
    french = 5
    assert t.naval(british - french).fleets_lost == 1


def test_17_3_1_tie_is_for_the_rule_not_the_table(t: Tables) -> None:
    with pytest.raises(ValueError):
        t.naval(0)


# --- tests of 12, 14, 18 (8.8) -----------------------------------------------------------------------------------


def test_12_4_blucher_intercepting_davout_needs_4(t: Tables) -> None:
    test = t.test("interception")
    mod = test.modifier("cavalry_superiority")  # equal initiative: no initiative bonus
    assert not test.passes(3 + mod)
    assert test.passes(4 + mod)


def test_12_5_massena_evading_across_river_needs_3(t: Tables, board: MapData) -> None:
    test = t.test("evasion")
    river_crossing = board.terrains["clear"].mp + board.features["river"].mp
    assert t.is_difficult(river_crossing)
    mod = test.modifier("better_initiative") + test.modifier("difficult_terrain")
    assert mod == 2
    assert test.passes(3 + mod) and not test.passes(2 + mod)


def test_14_7_wound_only_on_a_6(t: Tables) -> None:
    assert [t.test("wound").passes(d) for d in range(1, 7)] == [False] * 5 + [True]


def test_14_9_1_blucher_demoralised_if_die_above_1(t: Tables) -> None:
    test = t.test("demoralisation")
    rating = 3 + 1 * test.modifier("commander_tactical") + 3 * test.modifier("loss_differential")
    assert rating == 1
    assert test.passes(1, rating) and not test.passes(2, rating)


def test_14_9_2_napoleon_pursuit_10_gives_4_losses(t: Tables) -> None:
    test = t.test("pursuit")
    total = 4 + 3 * test.modifier("commander_attack_tactical") + 2 * test.modifier("reserve_cavalry_step")
    total += test.modifier("cavalry_general")
    assert total == 10
    assert test.excess(total) == 4
    assert test.excess(6) == 0


def test_14_9_4_rally_die_at_most_morale_plus_tactical(t: Tables) -> None:
    assert t.test("rally").passes(5, 3 + 2) and not t.test("rally").passes(6, 3 + 2)
    assert t.constant("rally_mp") == 2


def test_18_2_3_forced_peace_3_then_4_plus_2_lasts_two_years(t: Tables) -> None:
    test = t.test("forced_peace_end")
    assert not test.passes(3)
    assert test.passes(4 + test.modifier("second_year_on"))


def test_6_5_foreign_war_ends_on_die_plus_card_5(t: Tables) -> None:
    assert t.test("foreign_war_end").passes(2 + 3) and not t.test("foreign_war_end").passes(1 + 3)


def test_14_5_3_terrain_penalises_one_side_or_the_other(t: Tables) -> None:
    # "Selon le terrain de la zone de bataille, l'un ou l'autre camp subit un malus."
    assert any(x.attacker_modifier < 0 for x in t.terrain.values())
    assert any(x.defender_modifier < 0 for x in t.terrain.values())
    assert t.terrain["clear"].attacker_modifier == t.terrain["clear"].defender_modifier == 0  # the examples' battles


def test_12_1_difficult_terrain_is_2_mp_or_more(t: Tables, board: MapData) -> None:
    assert t.is_difficult(board.terrains["marsh"].mp) and not t.is_difficult(board.terrains["clear"].mp)
    assert t.is_difficult(board.terrains["clear"].mp + board.features["river"].mp)


def test_14_1_counter_march_blocked_by_mountain_and_strait(t: Tables) -> None:
    assert t.borders["mountain"].blocks_counter_march and t.borders["strait"].blocks_counter_march
    assert t.borders["strait"].closed_by_enemy_fleet and not t.borders["river"].blocks_counter_march


def test_glossary_army_engineering_cancels_the_unbridged_river_malus(t: Tables) -> None:
    river = t.borders["river"]
    assert river.army_attacker_modifier > river.attacker_modifier


def test_16_weather_by_round(t: Tables) -> None:
    assert [t.weather(r).id for r in range(1, 8)] == ["fair"] * 4 + ["bad", "winter", "winter"]
    assert t.weather(5).mf_modifier == -1 and not t.weather(5).winter
    assert t.weather(6).winter and am(t, "winter") == 2


# --- example of play 1805 (digest 8) ----------------------------------------------------------------------------


def test_example_1805_round_2_marmont_attrition_7_is_1_star_then_3_nothing(t: Tables) -> None:
    roll = 5 + 3 * am(t, "forced_march") + am(t, "mostly_french")
    assert roll == 7
    assert t.attrition(5, roll) == A("1*")
    assert t.attrition(4, roll) == A("1*")  # the setup slip (4 steps, not 5) changes nothing
    assert not t.attrition_extra_loss(3)


def test_example_1805_round_2_charles_siege_of_mantua_stable(t: Tables) -> None:
    roll = 6 + 1 * sm(t, "besieger_attack_tactical") + sm(t, "citadel")
    assert roll == 5
    assert t.siege(roll).id == "stable"
    assert t.next_siege_marker(0) == 1
    assert t.constant("siege_cover_steps_per_level") * 2 <= 7  # Charles' 7 steps cover a level-2 citadel


def test_example_1805_round_3_saint_cyr_sieges_rome(t: Tables) -> None:
    first = 2 + 2 * sm(t, "besieger_attack_tactical") + sm(t, "fortress")
    assert t.siege(first).id == "stable"
    second = 3 + 2 * sm(t, "besieger_attack_tactical") + t.next_siege_marker(0) * sm(t, "siege_marker")
    assert second == 6
    assert t.siege(second).id == "honours"


def test_example_1805_round_3_mack_takes_ulm_with_honours(t: Tables) -> None:
    roll = 6 + 0 * sm(t, "besieger_attack_tactical") + sm(t, "army")
    assert roll == 7
    assert t.siege(roll).id == "honours"


def test_example_1805_round_3_mack_forced_march_attrition_no_loss_en(t: Tables) -> None:
    # EN: d (a lost digit: 1, 2, 3, 4 or 6) + 1 on the 6-8 column gives no loss; the table allows it for d 1-2.
    results = {d: t.attrition(7, d + am(t, "forced_march")) for d in (1, 2, 3, 4, 6)}
    assert results[1] == A("0") and results[2] == A("0")


def test_example_1805_round_4_mack_evasion_fails_with_turning_movement(t: Tables) -> None:
    turning_movement = -3
    assert not t.test("evasion").passes(6 + turning_movement)
    assert t.test("evasion").passes(6)


def test_example_1805_round_4_jean_counter_march_and_attrition(t: Tables) -> None:
    cm_test = t.test("counter_march")
    assert cm_test.passes(4 + 1 * cm_test.modifier("commander_tactical"))
    roll = 3 + 1 * am(t, "counter_march")
    assert roll == 4
    assert t.attrition(2, roll) == A("0")


def test_example_1805_round_4_ulm_battle(t: Tables) -> None:
    assert t.odds(13, 9) == (1, 1)
    assert t.odds_row(13, 9).modifier == 0
    level = t.battle_level(13, 9)
    assert level.id == "minor" and level.column == "8-21"
    napoleon = 3 * cm(t, "commander_tactical") + cm(t, "cavalry_superiority")
    napoleon += 2 * cm(t, "subordinate_tactical") + 1 * cm(t, "spearhead")
    assert napoleon == 7
    french, austrian = t.combat(level.id, 8 + napoleon), t.combat(level.id, 6)
    assert (french.label, austrian.label) == ("4C", "1+")
    assert battle_winner(french, austrian) == "attacker"
    assert french.cavalry  # Mack's losses include his reserve-cavalry step
    assert (french.losses, austrian.losses) == (4, 1)


def test_example_1805_round_4_soult_unhurt_mack_demoralised_and_pursued(t: Tables) -> None:
    assert not t.test("wound").passes(3)
    demo = t.test("demoralisation")
    rating = 3 + 0 * demo.modifier("commander_tactical") + (4 - 1) * demo.modifier("loss_differential")
    assert rating == 0
    assert not any(demo.passes(d, rating) for d in range(1, 7))  # automatic failure
    pursuit = t.test("pursuit")
    total = 5 + 3 * pursuit.modifier("commander_attack_tactical") + 2 * pursuit.modifier("reserve_cavalry_step")
    total += pursuit.modifier("cavalry_general")
    assert total == 11
    assert pursuit.excess(total) == 5


def test_example_1805_round_4_free_siege_of_ulm_breach(t: Tables) -> None:
    roll = 4 + 3 * sm(t, "besieger_attack_tactical") + sm(t, "army")
    assert roll == 8
    assert t.siege(roll).id == "breach"


def test_example_1805_round_4_koutouzov_attrition_1_star_then_2(t: Tables) -> None:
    roll = 3 + 3 * am(t, "forced_march") + am(t, "poor_zone") + am(t, "all_russian")
    assert roll == 7
    assert t.attrition(8, roll) == A("1*")
    assert not t.attrition_extra_loss(2)


def test_example_1805_round_5_napoleon_sieges_salzburg_and_vienna(t: Tables) -> None:
    mod = 3 * sm(t, "besieger_attack_tactical") + sm(t, "army")
    assert mod == 4
    assert t.siege(3 + mod).id == "honours"
    assert t.siege(4 + mod).id == "breach"


def test_example_1805_round_5_grande_armee_attrition_12_steps(t: Tables) -> None:
    roll = 4 + 1 * am(t, "forced_march") + am(t, "all_french")
    assert roll == 3
    assert t.attrition(12, roll) == A("1*")
    assert t.attrition_extra_loss(5)  # second loss
    # With the +2 that 12.3 requires for two declared MP the result is unchanged.
    assert t.attrition(12, 4 + 2 * am(t, "forced_march") + am(t, "all_french")) == A("1*")


def test_example_1805_round_5_napoleon_intercepts_charles(t: Tables) -> None:
    test = t.test("interception")
    roll = 3 + test.modifier("cavalry_superiority") + test.modifier("better_initiative")
    assert roll == 5
    assert test.passes(roll)


def test_example_1805_round_5_charles_attrition_one_loss(t: Tables) -> None:
    roll = 6 + am(t, "depot_spent") + 3 * am(t, "forced_march") + am(t, "national_territory")
    assert roll == 5  # the book prints 4 (digest 9.1 #11)
    assert t.attrition(7, roll) == A("1")
    assert t.attrition(7, 4) == A("1")


def test_example_1805_round_5_battle_south_of_vienna(t: Tables) -> None:
    assert t.odds(6, 12) == (1, 2)
    charles = t.odds_row(6, 12).modifier + 1 * cm(t, "commander_tactical")
    assert charles == 0
    level = t.battle_level(6, 12)
    assert level.id == "minor"
    napoleon = 3 * cm(t, "commander_tactical") + cm(t, "interceptor") + cm(t, "cavalry_superiority")
    napoleon += 3 * cm(t, "subordinate_tactical") + 1 * cm(t, "spearhead")
    assert napoleon == 9
    austrian, french = t.combat(level.id, 8 + charles), t.combat(level.id, 7 + napoleon)
    assert (austrian.label, french.label) == ("1+", "4+C")
    assert battle_winner(austrian, french) == "defender"  # Charles (attacker) loses


def test_example_1805_round_5_charles_demoralised_and_pursuit_2(t: Tables) -> None:
    demo = t.test("demoralisation")
    rating = 2 + 1 * demo.modifier("commander_tactical") + (4 - 1) * demo.modifier("loss_differential")
    assert rating == 0
    assert not any(demo.passes(d, rating) for d in range(1, 7))
    pursuit = t.test("pursuit")
    total = 2 + 3 * pursuit.modifier("commander_attack_tactical") + 2 * pursuit.modifier("reserve_cavalry_step")
    total += pursuit.modifier("cavalry_general")
    assert total == 8
    assert pursuit.excess(total) == 2


def test_example_1805_round_5_skirmish_at_rome(t: Tables) -> None:
    level = t.battle_level(2, 2)
    assert level.id == "skirmish" and level.column == "1-7"
    neapolitan = t.combat(level.id, 6)
    french = t.combat(level.id, 7 + 1 * cm(t, "commander_tactical"))
    assert (neapolitan.label, french.label) == ("0", "0+")
    assert battle_winner(neapolitan, french) == "defender"
    assert not level.demoralisation


def test_example_1805_round_6_vienna_honours(t: Tables) -> None:
    assert t.siege(2 + 3 * sm(t, "besieger_attack_tactical") + sm(t, "army")).id == "honours"


def test_example_1805_round_6_koutouzov_winter_attrition_one_loss(t: Tables) -> None:
    roll = 2 + am(t, "winter") + 2 * am(t, "forced_march")
    assert roll == 6
    assert t.attrition(8, roll) == A("1")


def test_example_1805_round_6_battle_of_vienna(t: Tables) -> None:
    level = t.battle_level(7, 7)
    assert level.id == "minor"
    assert t.odds_row(7, 7).modifier == 0
    russian = 10 + 1 * cm(t, "commander_tactical") + 1 * cm(t, "subordinate_tactical") + 1 * cm(t, "spearhead")
    french = 8 + 3 * cm(t, "commander_tactical") + cm(t, "cavalry_superiority") + 1 * cm(t, "subordinate_tactical")
    french += 2 * cm(t, "spearhead")  # the Garde: two stars
    assert (russian, french) == (13, 15)
    r, f = t.combat(level.id, russian), t.combat(level.id, french)
    assert (r.label, f.label) == ("3", "4C")
    assert battle_winner(r, f) == "defender"
    demo = t.test("demoralisation")
    rating = 4 + 1 * demo.modifier("commander_tactical") + (f.losses - r.losses) * demo.modifier("loss_differential")
    assert rating == 4
    assert demo.passes(3, rating)  # Koutouzov holds


def test_example_1805_round_6_ball_blockades_emeriau_without_sinking(t: Tables) -> None:
    row = t.naval((3 + 2) - (2 + 0))
    assert row.fleets_lost == 0 and not row.destroyed
    assert t.naval(4).fleets_lost == 1


def test_example_1805_conquest_vp_5_to_6_escalade_0_to_1(t: Tables) -> None:
    ev = t.vp_event("major_conquered_by_empire")
    assert (5 + ev.vp, 0 + ev.escalade) == (6, 1)


# --- example of play 1806 interphase (digest 8.7) ----------------------------------------------------------------

ALLIANCE_1806 = {
    "france": "empire", "italy": "empire", "bavaria": "empire", "britain": "coalition", "russia": "coalition",
    "portugal": "coalition", "naples": "coalition", "sweden": "coalition", "austria": "forced_peace",
    "prussia": "neutral", "spain": "neutral", "turkey": "neutral", "egypt": "neutral",
}


def test_example_1806_empire_hand_8_draws_5(t: Tables) -> None:
    flags = ["kingdom_of_bavaria"]
    perm = t.permanent_cards("empire", ALLIANCE_1806, {})
    lines = t.card_entitlement("empire", ALLIANCE_1806, {}, flags)
    assert [p.card for p in perm] == ["1F"]
    assert [a.id for a in lines] == ["bordeaux", "antwerp", "lyon", "madrid", "mantua", "bavaria_kingdom"]
    entitled = len(perm) + sum(a.cards for a in lines) + int(t.constant("conquest_reward_cards"))
    size = t.hand_size(entitled)
    assert size == 8
    assert size - len(perm) - 2 == 5  # kept 2


def test_example_1806_coalition_hand_7_draws_4(t: Tables) -> None:
    perm = t.permanent_cards("coalition", ALLIANCE_1806, {})
    lines = t.card_entitlement("coalition", ALLIANCE_1806, {})
    assert [p.card for p in perm] == ["1C", "2C"]  # Austria in forced peace: no Saint Empire
    assert [a.id for a in lines] == ["lisbon", "st_petersburg", "odessa_kiev", "gibraltar_malta", "two_sicilies"]
    size = t.hand_size(len(perm) + sum(a.cards for a in lines))
    assert size == 7
    assert size - len(perm) - 1 == 4  # kept 1


def test_6_3_empire_6_keys_plus_paris_keeps_2_draws_4(t: Tables) -> None:
    size = t.hand_size(6 + 1)
    assert size == 7 and size - 1 - 2 == 4


def test_6_3_coalition_entitled_to_4_is_raised_to_6(t: Tables) -> None:
    alliance = {"britain": "coalition", "portugal": "coalition", "naples": "coalition", "russia": "forced_alliance"}
    perm = t.permanent_cards("coalition", alliance, {})
    lines = t.card_entitlement("coalition", alliance, {})
    assert len(perm) + len(lines) == 4
    assert t.hand_size(4) == 6


def test_6_3_hand_never_above_10_unless_miseres_de_la_guerre(t: Tables) -> None:
    assert t.hand_size(12) == 10
    assert t.hand_size(12, may_exceed_max=True) == 12


def test_6_3_berlin_in_french_hands_denies_without_gain(t: Tables) -> None:
    alliance = {**ALLIANCE_1806, "prussia": "coalition"}
    held = {"berlin": "empire"}
    coalition = [a.id for a in t.card_entitlement("coalition", alliance, held)]
    empire = [a.id for a in t.card_entitlement("empire", alliance, held, ["kingdom_of_bavaria"])]
    assert "berlin_konigsberg" not in coalition and "warsaw" in coalition
    assert "berlin_konigsberg" not in empire


def test_6_3_mantua_occupied_transfers_a_card(t: Tables) -> None:
    held = {"mantua": "coalition"}
    assert "mantua" in [a.id for a in t.card_entitlement("coalition", ALLIANCE_1806, held)]
    assert "mantua" not in [a.id for a in t.card_entitlement("empire", ALLIANCE_1806, held)]


def test_8_3_3_kingdom_of_bavaria_denied_by_munich_or_innsbruck(t: Tables) -> None:
    flags = ["kingdom_of_bavaria"]
    for zone in ("munich", "innsbruck"):
        ids = [a.id for a in t.card_entitlement("empire", ALLIANCE_1806, {zone: "coalition"}, flags)]
        assert "bavaria_kingdom" not in ids
    assert "bavaria_kingdom" not in [a.id for a in t.card_entitlement("empire", ALLIANCE_1806, {})]


def test_8_3_1_confederation_of_the_rhine_gives_one_card(t: Tables) -> None:
    ids = [a.id for a in t.card_entitlement("empire", ALLIANCE_1806, {}, ["rhine"])]
    assert "rhine_confederation" in ids
    ids = [a.id for a in t.card_entitlement("empire", ALLIANCE_1806, {"erfurt": "coalition"}, ["rhine"])]
    assert "rhine_confederation" not in ids


def test_6_2_1813_no_russian_card_with_moscow_held_nor_austrian_in_forced_alliance(t: Tables) -> None:
    alliance = {"britain": "coalition", "russia": "coalition", "austria": "forced_alliance"}
    assert [p.card for p in t.permanent_cards("coalition", alliance, {"moscow": "empire"})] == ["1C"]


def test_6_2_only_the_coalition_gets_the_austrian_permanent_card(t: Tables) -> None:
    alliance = {"austria": "empire", "france": "empire"}
    assert [p.card for p in t.permanent_cards("empire", alliance, {})] == ["1F"]


def test_8_2_3_prussia_joining_draws_2_and_egypt_1(t: Tables) -> None:
    assert t.cards_on_joining("prussia", "coalition") == 2
    assert t.cards_on_joining("egypt", "empire") == 1
    assert t.cards_on_joining("prussia", "coalition", ["poland"]) == 1
    assert t.cards_on_joining("austria", "coalition") == 1  # Prague; Vienna is the permanent card


def test_example_1806_diplomacy_rolls(t: Tables) -> None:
    test = t.test("diplomacy")
    # Bombardement de Copenhague on Egypt: d 4 fails (the card's own bonus, if any, is at most 1).
    assert not test.passes(4 + t.diplomacy_bonus("coalition", "egypt") + 1)
    # Intrigues (+2) on Prussia: 2 + 2 + 2 = 6 succeeds.
    assert t.diplomacy_bonus("coalition", "prussia") == 2
    assert test.passes(2 + t.diplomacy_bonus("coalition", "prussia") + 2)
    # Talleyrand (+2) on Egypt: 3 + 2 + 1 = 6 succeeds.
    assert t.diplomacy_bonus("empire", "egypt") == 1
    assert test.passes(3 + 2 + t.diplomacy_bonus("empire", "egypt"))


def test_8_2_3_diplomacy_success_on_6_and_defeat_modifiers(t: Tables) -> None:
    test = t.test("diplomacy")
    assert test.passes(6) and not test.passes(5)
    assert test.modifier("defeated_by_opponent") == 2 and test.modifier("defeated_by_self") == -1


def test_example_1806_budget_each_power_spends_its_income(t: Tables) -> None:
    c = t.step_cost
    army, depot, fleet = t.production["army_marker"].cost, t.production["depot"].cost, t.production["fleet"].cost
    spent = {
        "turkey": army + 2 * c("infantry"),
        "spain": c("infantry") + 2 * c("infantry") + 1,  # the last point is lost
        "prussia": 2 * c("infantry", stars=1) + 2 * c("infantry"),
        "austria": army + 5 * 2 * c("infantry"),
        "russia": c("infantry", stars=1) + depot + 5 * 2 * c("infantry"),
        "britain": fleet + c("infantry"),
        "france": 2 * depot + 3 * 2 * c("infantry", stars=1) + 2 * 2 * c("infantry"),
    }
    assert spent == {"turkey": 4, "spain": 4, "prussia": 5, "austria": 12, "russia": 12, "britain": 6, "france": 14}
    for power, amount in spent.items():
        assert t.income(power, enemy_held=()) == amount, power


def test_7_3_2_french_elite_reserve_cavalry_costs_5(t: Tables) -> None:
    assert 2 * t.step_cost("reserve_cavalry", stars=1) == 5


def test_7_3_2_prussian_elite_step_costs_1_5(t: Tables) -> None:
    assert t.step_cost("infantry", stars=1) == 1.5
    assert t.step_cost("elite", stars=1) == 1.5  # by units.toml kind


def test_7_3_2_unit_kinds_priced_by_their_production_line(t: Tables) -> None:
    assert t.step_cost("corps") == 1
    assert t.step_cost("guard", stars=2) == 2
    assert t.step_cost("reserve_cavalry", stars=1) == 2.5
    assert t.step_cost("national_guard") == t.step_cost("militia")


def test_7_3_1_minus_4_per_national_key_zone_held_by_the_enemy(t: Tables) -> None:
    assert t.income("austria", enemy_held=["vienna"]) == 12 - 4
    assert t.income("austria", enemy_held=["vienna", "prague"]) == 12 - 8
    assert t.income("austria", enemy_held=["munich"]) == 12


def test_7_3_1_madrid_free_in_the_war_of_liberation_and_warsaw_once_poland_exists(t: Tables) -> None:
    assert t.income("spain", ["madrid"]) == 0
    assert t.income("spain", ["madrid"], flags=["war_of_liberation"]) == 4
    assert t.income("prussia", ["warsaw"], flags=["poland"]) == 5


def test_7_3_3_minor_reinforcement_steps(t: Tables) -> None:
    per = int(t.constant("minors_per_reinforcement_step"))
    assert [n // per for n in (3, 5, 6, 9)] == [1, 2, 3, 4]


def test_example_1806_koutouzov_redeployment_attrition_no_loss(t: Tables) -> None:
    roll = 2 + am(t, "all_russian") + am(t, "national_territory") + am(t, "poor_zone")
    assert roll == 1
    assert t.attrition(10, roll) == A("0")


def test_7_6_redeployment_beyond_base_mf_needs_a_test(t: Tables) -> None:
    mf = 4
    assert mf * t.constant("redeployment_mf_multiplier") == 8


def test_19_victory_and_escalade_thresholds(t: Tables) -> None:
    assert t.constant("victory_empire_automatic") == 20
    assert t.constant("victory_coalition_automatic") == 0
    assert t.constant("escalade_punishments") == 15
    assert t.vp_event("first_declaration_on_major").escalade == 1
    assert t.vp_event("redeclaration_on_defeated_major").punishments


# --- provenance ------------------------------------------------------------------------------------------------


def test_every_record_and_row_carries_src(t: Tables) -> None:
    for col in t.combat_tables.values():
        assert all(r.src for r in col.rows)
    for acol in t.attrition_columns:
        assert all(r.src for r in acol.rows)
    for test in t.tests.values():
        assert all(m.src for m in test.modifiers)
    for rec in [*t.diplomacy.values(), *t.resources.values(), *t.card_assignments.values(), *t.terrain.values()]:
        assert rec.src and (not rec.src.startswith("reconstructed") or rec.src.startswith("reconstructed: "))


# --- load errors on broken copies ------------------------------------------------------------------------------


def _broken(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = (DATA_DIR / "tables.toml").read_text(encoding="utf-8")
    assert old in text, old
    (tmp_path / "tables.toml").write_text(text.replace(old, new, count), encoding="utf-8")
    return tmp_path


def _error(tmp_path: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_tables(tmp_path, _map())
    err = info.value
    assert err.file == str(tmp_path / "tables.toml")
    assert str(tmp_path / "tables.toml") in str(err)
    return err


def test_load_error_missing_field(tmp_path: Path) -> None:
    _broken(tmp_path, 'attacker_modifier = 0\ndefender_modifier = -1\nsrc = "14.5.3 (', (
        'defender_modifier = -1\nsrc = "14.5.3 ('))
    err = _error(tmp_path)
    assert (err.record, err.field) == ("terrain forest", "attacker_modifier")


def test_load_error_wrong_type(tmp_path: Path) -> None:
    _broken(tmp_path, 'id = "bad"\nname = "Bad weather"\nname_fr = "Mauvais temps"\nfirst_round = 5',
            'id = "bad"\nname = "Bad weather"\nname_fr = "Mauvais temps"\nfirst_round = "five"')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("weather bad", "first_round")


def test_load_error_gap_in_a_die_range(tmp_path: Path) -> None:
    _broken(tmp_path, '{ min = 9, max = 10, result = "2", src = "reconstructed: between', (
        '{ min = 10, max = 10, result = "2", src = "reconstructed: between'))
    err = _error(tmp_path)
    assert (err.record, err.field) == ("combat_table minor", "rows[4].min")
    assert "gap" in str(err)


def test_load_error_overlap_in_a_die_range(tmp_path: Path) -> None:
    old = '{ min = 8, max = 8, result = "2", src = "13.6.2'
    _broken(tmp_path, old, old.replace("min = 8", "min = 7"))
    err = _error(tmp_path)
    assert (err.record, err.field) == ("attrition_column steps_6_8", "rows[3].min")
    assert "overlap" in str(err)


def test_load_error_gap_between_attrition_columns(tmp_path: Path) -> None:
    _broken(tmp_path, 'steps_min = 9\nsteps_max = 11', 'steps_min = 10\nsteps_max = 11')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("attrition_column steps_9_11", "steps_min")


def test_load_error_non_monotone_results(tmp_path: Path) -> None:
    _broken(tmp_path, '{ min = 13, max = 13, result = "3", src', '{ min = 13, max = 13, result = "1", src')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("combat_table minor", "rows[6].result")


def test_load_error_bad_result_text(tmp_path: Path) -> None:
    _broken(tmp_path, 'result = "4+C"', 'result = "4C+"')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("combat_table minor", "rows[9].result")


def test_load_error_unknown_zone(tmp_path: Path) -> None:
    _broken(tmp_path, 'zones = ["odessa", "kiev"]', 'zones = ["odessa", "kyiv"]')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("card_assignment odessa_kiev", "zones[1]")
    assert "unknown zone 'kyiv'" in str(err)


def test_load_error_unknown_power(tmp_path: Path) -> None:
    _broken(tmp_path, 'id = "tuscany"\nempire = 1', 'id = "etruria"\nempire = 1')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("diplomacy etruria", "id")


def test_load_error_unknown_siege_result(tmp_path: Path) -> None:
    _broken(tmp_path, 'result = "breach", src', 'result = "storm", src')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("siege_table siege", "rows[3].result")


def test_load_error_reconstruction_without_reason(tmp_path: Path) -> None:
    _broken(tmp_path, 'src = "reconstructed: mirror of 1:2 = -1"', 'src = "reconstructed"')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("odds 2:1", "src")


def test_load_error_missing_required_test(tmp_path: Path) -> None:
    _broken(tmp_path, 'id = "wound"', 'id = "injury"')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("test wound", "id")


def test_load_error_odds_out_of_order(tmp_path: Path) -> None:
    _broken(tmp_path, 'id = "3:1"\nattacker = 3', 'id = "3:1"\nattacker = 4')
    err = _error(tmp_path)
    assert err.record in ("odds 3:1", "odds 4:1") and err.field == "attacker"


def test_load_error_unit_kind_priced_twice(tmp_path: Path) -> None:
    _broken(tmp_path, 'unit_kinds = ["militia", "national_guard"]', 'unit_kinds = ["militia", "corps"]')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("production militia", "unit_kinds[1]")


def test_load_error_terrain_unknown_to_the_map(tmp_path: Path) -> None:
    old = 'id = "marsh"\nname = "Marsh"'
    _broken(tmp_path, old, 'id = "swamp"\nname = "Marsh"')
    err = _error(tmp_path)
    assert err.field == "id" and "marsh" in str(err)


def test_movement_costs_live_only_on_the_map(t: Tables) -> None:
    # One place for each value: the terrain table here holds battle effects, map.toml holds MP costs.
    assert not hasattr(t.terrain["marsh"], "mp") and not hasattr(t.borders["river"], "mp")


def test_load_error_card_group_disagrees_with_the_map_key_group(tmp_path: Path) -> None:
    _broken(tmp_path, 'zones = ["naples", "palermo"]', 'zones = ["naples"]')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("card_assignment two_sicilies", "zones")


def test_load_error_map_key_group_without_card_line(tmp_path: Path) -> None:
    _broken(tmp_path, 'id = "lisbon"\nside = "ally"', 'id = "lisboa"\nside = "ally"')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("card_assignment lisbon", "id")


def test_load_error_resource_zone_not_a_key_zone_of_the_power(tmp_path: Path) -> None:
    _broken(tmp_path, '[{ zone = "vienna" }, { zone = "prague" }]', '[{ zone = "vienna" }, { zone = "munich" }]')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("resources austria", "key_zones[1].zone")


def test_load_error_minor_without_diplomacy_row(tmp_path: Path) -> None:
    text = (DATA_DIR / "tables.toml").read_text(encoding="utf-8")
    tunis = re.search(r'\[\[diplomacy\]\]\nid = "tunis"\n(?:.+\n)+?src = .*\n', text)
    assert tunis
    _broken(tmp_path, tunis.group(0), "")
    err = _error(tmp_path)
    assert (err.record, err.field) == ("diplomacy tunis", "id")
    assert "no diplomacy bonuses for 'tunis'" in str(err)


def test_load_error_unknown_field(tmp_path: Path) -> None:
    _broken(tmp_path, 'id = "clear"\n', 'id = "clear"\ncolour = "green"\n')
    err = _error(tmp_path)
    assert (err.record, err.field) == ("terrain clear", "colour")


def test_load_error_messages_name_file_record_field(tmp_path: Path) -> None:
    _broken(tmp_path, 'zones = ["odessa", "kiev"]', 'zones = ["odessa", "kyiv"]')
    text = str(_error(tmp_path))
    assert re.search(r"tables\.toml, record 'card_assignment odessa_kiev', field 'zones\[1\]'", text)
