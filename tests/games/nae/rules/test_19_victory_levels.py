"""19 Victory in the grand campaigns: the victory level and its automatic thresholds (19.1, 19.2), checked as it
moves, and the end-of-game determination in the 1814 victory phase (19.3)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, conquest, diplomacy, victory
from tests.games.nae.rules.helpers import GAME


def test_19_1_the_empire_wins_at_once_when_the_level_reaches_20() -> None:
    st = GAME.new_state("1809", seed=1)
    victory.add_vp(st, 4, "19.1", "test")
    assert not st.over and st.g["vp"] == 19
    victory.add_vp(st, 1, "8.1.5", "a protectorate")
    assert st.over and st.result["winner"] == "empire"
    assert st.log[-2]["text"] == "Victory level +1: a protectorate; it is now 20"


def test_19_2_the_coalition_wins_at_once_when_the_level_falls_to_0() -> None:
    st = GAME.new_state("1805", seed=1)
    victory.add_vp(st, -5, "19.2", "test")
    assert st.over and st.result["winner"] == "coalition"


def test_19_example_1805_conquest_of_austria_moves_victory_5_to_6_and_escalade_0_to_1() -> None:
    st = GAME.new_state("1805", seed=1)
    victory.apply_vp_event(st, "major_conquered_by_empire", "Austria is conquered")
    assert (st.g["vp"], st.g["escalade"]) == (6, 1)


def test_6_2_an_event_card_moves_the_markers_by_its_values() -> None:
    st = GAME.new_state("1805", seed=1)
    cards.event_played(st, "20F")  # Triomphe d'Erfurt: ESC +2, VP +2 (5.7)
    assert (st.g["vp"], st.g["escalade"]) == (7, 2) and "20F" in st.g["events_played"]


def test_19_3_the_last_victory_phase_both_sides_lose_without_the_empire_conditions() -> None:
    st = GAME.new_state("1805", seed=1)
    st.g["year"] = 1814
    victory.victory_phase(st)
    assert st.over and st.result["winner"] is None
    assert st.result["text"].startswith("No victory condition holds")


def test_19_3_the_empire_wins_holding_its_key_zones_and_mantua_with_europe_napoleonienne_played() -> None:
    st = GAME.new_state("1805", seed=1)
    assert all(st.g["control"][z] == "france" for z in conquest.key_zones("france"))
    st.g["events_played"].append("45F")
    st.g["year"] = 1814
    victory.victory_phase(st)
    assert st.over and st.result["winner"] == "empire"


def test_19_3_the_coalition_wins_holding_every_french_key_zone() -> None:
    st = GAME.new_state("1809", seed=1)
    for z in S.data().map.zones.values():  # all France: its key zones trace a line to the sea and London
        if z.owner == "france" and z.id in st.g["control"]:
            S.set_control(st, z.id, "britain")
    st.g["year"] = 1814
    victory.victory_phase(st)
    assert st.over and st.result["winner"] == "coalition"


def test_3_2_key_zones_that_cannot_trace_a_supply_line_do_not_count_for_the_victory() -> None:
    """3.2: « Seules les zones contrôlées qui peuvent tracer une ligne de ravitaillement comptent pour la victoire »:
    British markers on France's four key zones, deep in French territory, are no Coalition victory (19.3)."""
    st = GAME.new_state("1809", seed=1)
    for z in conquest.key_zones("france"):
        S.set_control(st, z, "britain")
    assert not any(victory.counts_for(st, z, "coalition") for z in ("paris", "lyon"))
    st.g["year"] = 1814
    victory.victory_phase(st)
    assert st.over and st.result["winner"] is None


def test_3_2_a_cut_off_mantua_is_no_empire_victory() -> None:
    """19.3 « Il contrôle la zone de Mantoue » read with 3.2: Mantua held by the Empire but ringed by Austrian-held
    Italy traces no line, so Europe Napoléonienne played and Paris held are not enough."""
    st = GAME.new_state("1805", seed=1)
    st.g["events_played"].append("45F")
    assert victory.counts_for(st, "mantua", "empire")
    for z in S.data().map.zones.values():
        if z.owner == "italy" and z.id != "mantua" and z.id in st.g["control"]:
            S.set_control(st, z.id, "austria")
    assert S.controller(st, "mantua") == "empire" and not victory.counts_for(st, "mantua", "empire")
    st.g["year"] = 1814
    victory.victory_phase(st)
    assert st.over and st.result["winner"] is None


def test_5_4_before_the_last_year_the_victory_phase_opens_the_next_interphase() -> None:
    st = GAME.new_state("1809", seed=1)
    st.g["ap_reserve"]["empire"] = 2
    victory.victory_phase(st)
    assert not st.over and (st.g["year"], st.g["phase"], st.step) == (1810, "interphase", "interphase")
    assert st.g["ap_reserve"]["empire"] == 0  # 9.2: lost at the end of the year


def test_8_1_5_a_protectorate_moves_the_victory_level_and_the_escalade_by_one() -> None:
    """8.1.5 FR « L'établissement d'un protectorat accorde un point de victoire à l'Empire »; EN « gives a victory
    point to the Empire and increases the escalade level by one » (tables.toml says why the EN sentence is kept)."""
    st = GAME.new_state("1805", seed=1)
    diplomacy.establish_protectorate(st, "naples", "8.1.5")
    assert (st.g["vp"], st.g["escalade"]) == (6, 1)


def test_19_1_a_protectorate_taken_by_an_event_loses_its_point() -> None:
    """19.1 « la Coalition reconquiert Naples ce qui fait perdre à la France ce point de victoire tant qu'elle n'aura
    pas [...] réinstauré le protectorat »; 8.1.5 « SAUF évènement » (38C Stein): Saxony, a protectorate won over by
    the Coalition's diplomacy, takes its point away; the escalade stays where it went."""
    st = GAME.new_state("1805", seed=1)
    S.set_side(st, "saxony", "empire")
    S.set_ally_of(st, "saxony", "france")
    diplomacy.establish_protectorate(st, "saxony", "8.1.5")
    assert (st.g["vp"], st.g["escalade"]) == (6, 1)
    diplomacy.join(st, "saxony", "coalition", "8.2.3")
    assert S.side_of(st, "saxony") == "coalition" and (st.g["vp"], st.g["escalade"]) == (5, 1)
