"""Cards of Napoleon against Europe: every card number, value and effect the rulebook gives, the scenario card lists
(20.1, 20.3), the decks' shape, and the loader's errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grognard.core.errors import DataError
from grognard.games.nae.schema.cards import (
    CONDITION_KINDS,
    EFFECT_KINDS,
    Card,
    Cards,
    Choice,
    load_cards,
)
from grognard.games.nae.schema.counters import Counters
from grognard.games.nae.schema.map import MapData

ROOT = Path(__file__).resolve().parents[3]
DATA_DIR = ROOT / "grognard" / "games" / "nae" / "data"
DOC = ROOT / "docs" / "nae-data" / "cards.md"

# 20.1: the 1815 draw decks; 20.3: the cards removed in 1809 (the Coalition list names 24 twice).
DECK_1815_EMPIRE = (1, 2, 3, 6, 8, 13, 19, 27, 28, 29, 31, 32, 43, 47, 50)
DECK_1815_COALITION = (1, 4, 5, 11, 12, 14, 15, 16, 25, 28, 29, 30, 31, 32, 35, 39, 42, 43, 54)
REMOVED_1809_EMPIRE = (4, 5, 7, 9, 11, 12, 14, 15, 16, 17, 18, 20, 22, 23, 24, 25, 26, 27)
REMOVED_1809_COALITION = (6, 10, 17, 18, 19, 20, 24, 22, 24, 27)


def titled(cards: Cards, side: str, title_fr: str) -> Card:
    found = [c for c in cards.of(side) if c.title_fr == title_fr]
    assert len(found) == 1, title_fr
    return found[0]


def kinds(card: Card) -> list[str]:
    out = []
    for e in card.effect:
        out.append(e.__struct_config__.tag)
        if isinstance(e, Choice):
            out += [o.__struct_config__.tag for option in e.options for o in option]
    return out


def effect(card: Card, kind: str):
    found = [e for e in card.effect if e.__struct_config__.tag == kind]
    assert found, f"{card.id} has no {kind} effect"
    return found[0]


def cond(card: Card, kind: str):
    found = [c for c in card.requires if c.__struct_config__.tag == kind]
    assert found, f"{card.id} has no {kind} condition"
    return found[0]


# --- Decks ---------------------------------------------------------------------------------------------------------


def test_1_box_holds_110_cards_55_per_deck(cards: Cards) -> None:
    assert len(cards.cards) == 110
    assert [c.number for c in cards.of("empire")] == list(range(1, 56))
    assert [c.number for c in cards.of("coalition")] == list(range(1, 56))


def test_6_1_ids_are_printed_number_and_deck_letter(cards: Cards) -> None:
    for cid, card in cards.cards.items():
        assert cid == f"{card.number}{'F' if card.side == 'empire' else 'C'}"
    assert cards.get("coalition", 54).id == "54C"


def test_6_1_epic_then_punishments_split_at_30(cards: Cards) -> None:
    for card in cards.cards.values():
        assert card.period == ("epic" if card.number < 30 else "punishments"), card.id


def test_6_2_activation_values_are_0_to_3_and_cc_play_in_combat(cards: Cards) -> None:
    for card in cards.cards.values():
        assert 0 <= card.value <= 3
        if card.combat:
            assert "combat" in card.phases


def test_6_2_every_card_cites_a_rule_or_says_why_it_is_reconstructed(cards: Cards) -> None:
    for card in cards.cards.values():
        if card.src.startswith("reconstructed"):
            assert re.match(r"reconstructed: \S", card.src), card.id
        else:
            assert re.search(r"\b\d+(\.\d+)*\b|example|glossary|EN ", card.src), card.id


# --- Permanent cards (5.1, 6.2) --------------------------------------------------------------------------------------


def test_5_1_permanent_cards_of_france_britain_russia_austria(cards: Cards) -> None:
    perm = {power: (c.id, c.value) for power, c in cards.permanents().items()}
    assert perm == {"france": ("1F", 3), "britain": ("1C", 3), "russia": ("2C", 2), "austria": ("3C", 2)}
    for card in cards.permanents().values():
        assert card.period == "epic"
        assert card not in cards.draw_pile(card.side, "epic")  # 6.1: not part of the draw deck


def test_6_2_genie_napoleon_is_french_permanent_value_3(cards: Cards) -> None:
    c = cards.get("empire", 1)
    assert (c.title_fr, c.permanent, c.value, c.phases) == ("Génie Napoléon", "france", 3, ("combat", "activation"))
    choice = effect(c, "choice")
    interior, march = choice.options
    assert [e.__struct_config__.tag for e in interior] == ["interior_lines"]
    activate, forced = march
    assert activate.commander == "napoleon"
    assert forced.no_attrition and forced.max_mp == 3  # example 1805 round 4: MF 4 + 3 = 7 without test


def test_6_2_sainte_russie_card_face(cards: Cards) -> None:
    c = cards.get("coalition", 2)
    assert c.gold_star and c.permanent == "russia" and c.phases == ("diplomacy", "activation") and c.value == 2
    need = cond(c, "enemy_steps_in")
    assert (need.power, need.min) == ("russia", 10)
    dep = effect(c, "deploy")
    assert set(dep.units) == {"ru_militia_2", "ru_militia_3", "ru_xi", "ru_xii"} and dep.generals == ("tchigatchov",)
    assert effect(c, "activate_forces").power == "russia"
    assert cond(cards.get("coalition", 40), "card_played").cards == ("2C",)  # "Permet Terre brûlée (40C)"


def test_3_10_saint_empire_3c_silver_star_offers_military_reform(cards: Cards) -> None:
    c = cards.get("coalition", 3)
    assert c.silver_star and c.permanent == "austria"
    options = effect(c, "choice").options
    assert ["military_reform"] in [[e.__struct_config__.tag for e in o] for o in options]


def test_17_1_amiraute_1c_activates_british_and_minor_fleets(cards: Cards) -> None:
    c = cards.get("coalition", 1)
    fleets = effect(c, "activate_fleets")
    assert c.permanent == "britain" and c.value == 3
    assert fleets.powers == ("britain",) and fleets.minor_allies and fleets.transport and fleets.amphibious


# --- Cards the rules name -----------------------------------------------------------------------------------------


def test_6_2_guerre_usa_34f_is_a_punishments_foreign_war(cards: Cards) -> None:
    c = cards.get("empire", 34)
    assert (c.title_fr, c.period, c.phases) == ("Guerre USA", "punishments", ("diplomacy", "activation"))
    assert c.foreign_war is not None and (c.foreign_war.power, c.foreign_war.fleets) == ("britain", 1)
    res = effect(c, "resources")
    assert (res.power, res.value, res.when) == ("britain", -4, "next_budget")


def test_6_5_foreign_war_cards_carry_their_units(cards: Cards) -> None:
    fw = {c.id for c in cards.cards.values() if c.foreign_war is not None}
    assert fw == {"9F", "34F"}
    perse = cards.get("empire", 9)
    assert (perse.title_fr, perse.value, perse.foreign_war.power, perse.foreign_war.steps) == ("Perse", 3, "russia", 2)
    assert perse.foreign_war.generals == 1 and perse.escalade > 0
    for cid in fw:
        assert "start_foreign_war" in kinds(cards.cards[cid])


def test_6_3_only_blocus_and_bayonne_cannot_be_discarded(cards: Cards) -> None:
    assert {c.id for c in cards.cards.values() if c.cannot_discard} == {"24F", "25F"}
    assert cards.get("empire", 24).title_fr == "Piège de Bayonne"
    assert cards.get("empire", 25).title_fr == "Blocus continental"


def test_3_10_blocus_continental_25f_value_0_one_vp_per_budget(cards: Cards) -> None:
    c = cards.get("empire", 25)
    assert c.value == 0 and c.phases == ("budget", "activation")
    assert effect(c, "continental_blockade").vp_per_budget == 1
    assert effect(c, "iberia_access").portugal  # 12.1: once played Portugal may be invaded
    assert effect(cards.get("empire", 24), "iberia_access").portugal


def test_8_3_1_triomphe_erfurt_20f_creates_the_rhine(cards: Cards) -> None:
    c = cards.get("empire", 20)
    assert (c.title_fr, c.value, c.escalade, c.vp, c.phases) == (
        "Triomphe d'Erfurt", 3, 2, 2, ("diplomacy", "activation"))
    assert effect(c, "create_entity").entity == "rhine"
    assert set(cond(c, "defeated").powers) == {"austria", "prussia"}
    r = cond(c, "marked_minors")
    assert (r.marker, r.min) == ("R", 6)


def test_8_3_2_europe_napoleonienne_45f_creates_westphalia(cards: Cards) -> None:
    c = cards.get("empire", 45)
    assert c.period == "punishments" and c.vp == 1 and set(c.phases) == {"budget", "activation", "diplomacy"}
    assert set(cond(c, "card_played").cards) == {"20F", "24F"}
    assert cond(c, "marked_minors").min == 4
    assert effect(c, "create_entity").entity == "westphalia"
    assert effect(c, "deploy").generals == ("jerome",)


def test_8_3_5_marie_walewska_is_22f_and_creates_poland(cards: Cards) -> None:
    c = cards.get("empire", 22)
    assert c.title_fr == "Marie Walewska" and c.escalade == 2 and "20F" in c.src and "22F" in c.src
    assert effect(c, "create_entity").entity == "poland"
    dep = effect(c, "deploy")
    assert (dep.zone, dep.generals, dep.when) == ("warsaw", ("poniatowski",), "next_budget")
    assert cond(c, "controls").zones == ("warsaw",)


def test_8_3_3_tyrol_18c_needs_the_kingdom_of_bavaria(cards: Cards) -> None:
    c = cards.get("coalition", 18)
    assert c.title_fr == "Tyrol" and c.value == 2 and c.period == "epic"
    cond(c, "kingdom_of_bavaria")
    revolt = effect(c, "revolt")
    assert (revolt.entity, revolt.supply_source) == ("tyrol", "innsbruck")


def test_18_2_1_tilsit_26f_imposes_peace_in_the_conquest_phase(cards: Cards) -> None:
    c = cards.get("empire", 26)
    assert c.title_fr == "Tilsit" and c.phases == ("conquest",) and kinds(c) == ["impose_peace"]
    assert cards.get("empire", 27).title_fr != "Tilsit"  # 27F is in the 1815 deck
    # Friedland then the Niemen: a crushing victory and French forces on the enemy's soil; Britain is never forced
    peace = effect(c, "impose_peace")
    assert peace.exclude == ("britain",) and peace.decisive_victory and peace.steps_in_territory >= 1


def test_20_3_la_patrie_en_danger_is_playable_in_1809_and_in_the_1815_deck(cards: Cards) -> None:
    patrie = titled(cards, "empire", "La Patrie en danger")
    assert not patrie.red_dot and patrie.number in DECK_1815_EMPIRE and patrie.number not in REMOVED_1809_EMPIRE
    assert patrie.period == "punishments"  # the levies of 1813-1815
    legs = cards.get("empire", 27)  # 27 stays in the 1815 deck and red-dotted: an event of the 1805 army
    assert legs.red_dot and kinds(legs) == ["activate_forces", "extra_mp"]


def _signature(card: Card) -> tuple:
    """A card's effects and conditions, titles and provenance aside; the two decks' Major Campaign (12C, 13F, both
    named by the rules) are one mechanism printed for each side, so the opposite decks' twins are compared apart."""
    return (card.side if card.title_fr == "Campagne majeure" else "", card.phases, card.requires, card.effect)


def test_6_no_two_cards_share_their_effects(cards: Cards) -> None:
    seen: dict[tuple, str] = {}
    for card in cards.cards.values():
        if card.permanent is None:
            other = seen.setdefault(repr(_signature(card)), card.id)
            assert other == card.id, f"{card.id} repeats {other}"
    # the pairs the review found (8C = 17C, 50F = 32C, 55F ~ 14C) now differ in kind or amount
    assert effect(cards.cards["8C"], "resources").value != effect(cards.cards["17C"], "resources").value
    assert kinds(cards.cards["55F"]) != kinds(cards.cards["14C"])
    assert kinds(cards.cards["50F"]) != kinds(cards.cards["32C"])


@pytest.mark.parametrize(("cid", "year"), [("5C", 1814), ("7C", 1811), ("25C", 1813)])
def test_6_4_no_event_before_its_history_allows_it(cards: Cards, cid: str, year: int) -> None:
    assert cond(cards.cards[cid], "year").min == year
    assert year <= 1815  # each still plays in the Hundred Days


def _dice_bonus(card: Card) -> int:
    bonuses = [e.value for e in _leaves(card.effect) if e.__struct_config__.tag == "combat_bonus"
               and card.use_of(e) == "combat"]
    return max(bonuses, default=0)


def _leaves(effects: tuple) -> list:
    out: list = []
    for e in effects:
        out += [x for option in e.options for x in option] if isinstance(e, Choice) else [e]
    return out


def test_6_6_combat_cards_balanced(cards: Cards) -> None:
    """The two decks hold comparable combat cards: 18 and 16 CC, 8 each with a dice bonus summing +12 (before the
    review: Empire 20 with 12 bonuses, Coalition 11 with 5; docs/nae-data/cards.md)."""
    counts = {}
    for side in ("empire", "coalition"):
        cc = [c for c in cards.of(side) if c.combat]
        bonus = [_dice_bonus(c) for c in cc if _dice_bonus(c)]
        counts[side] = (len(cc), len(bonus), sum(bonus))
    assert counts == {"empire": (18, 8, 12), "coalition": (16, 8, 12)}


def test_18_2_1_dos_de_mayo_22c_starts_the_war_of_liberation(cards: Cards) -> None:
    c = cards.get("coalition", 22)
    assert c.title_fr == "Dos de Mayo" and kinds(c) == ["war_of_liberation"]
    assert cards.get("coalition", 19).title_fr != "Dos de Mayo"


def test_8_1_4_tambours_27c_scharnhorst_46c_schonbrunn_47c_corps_exp_40f(cards: Cards) -> None:
    drums = cards.get("coalition", 27)
    assert drums.title_fr == "Tambours de Guerre" and drums.phases == ("conquest",)
    fight = effect(drums, "fight_on")
    assert fight.annexations == 4 and fight.forced_alliance  # 18.2.2: 4 provinces instead of 3
    assert cards.get("coalition", 46).title_fr == "Scharnhorst"
    assert effect(cards.get("coalition", 46), "rejoin_coalition").power == "prussia"
    assert effect(cards.get("coalition", 47), "rejoin_coalition").power == "austria"
    assert cards.get("coalition", 45).title_fr == "Landwehr"
    exp = cards.get("empire", 40)
    assert exp.title_fr == "Corps Expéditionnaires"
    assert set(cond(exp, "forced_alliance").powers) == {"austria", "prussia"}


def test_12_6_interior_lines_1f_and_15c_counter_major_campaigns(cards: Cards) -> None:
    assert cards.get("coalition", 15).title_fr == "Lignes intérieures"
    assert kinds(cards.get("coalition", 15)) == ["interior_lines"]
    assert "interior_lines" in kinds(cards.get("empire", 1))
    for side, number in (("coalition", 12), ("empire", 13)):
        campaign = cards.get(side, number)
        act = effect(campaign, "activate_forces")
        assert campaign.title_fr == "Campagne majeure" and act.count == 3 and act.fight_together
        assert act.max_initiative is None  # any initiative


def test_5_2_campagne_d_hiver_16c_adds_a_winter_round(cards: Cards) -> None:
    c = cards.get("coalition", 16)
    assert c.title_fr == "Campagne d'Hiver" and c.value == 3 and kinds(c) == ["extra_round"]


def test_17_2_9_corsaires_35f_shrinks_the_coalition_hand(cards: Cards) -> None:
    hand = effect(cards.get("empire", 35), "hand_size")
    assert (hand.side, hand.value, hand.unless, hand.persistent) == ("enemy", -1, "corsairs_box_fleet", True)


def test_17_3_4_nelson_10c_rerolls_and_tests_his_loss(cards: Cards) -> None:
    c = cards.get("coalition", 10)
    assert c.combat and c.value == 3 and c.red_dot
    assert effect(c, "reroll").fleet == "gb_nelson"
    assert effect(c, "admiral_loss_test").threshold == 5


def test_6_3_miseres_de_la_guerre_52c_lifts_the_hand_maximum(cards: Cards) -> None:
    c = cards.get("coalition", 52)
    assert c.title_fr == "Misères de la Guerre" and effect(c, "hand_size").no_maximum


def test_6_2_malet_removes_genie_napoleon(cards: Cards) -> None:
    malet = titled(cards, "coalition", "Malet")
    assert malet.id == "51C" and effect(malet, "remove_card").card == "1F"
    assert "5" in str(malet.number)  # EN "Malet (5C)": the 5 survives


def test_14_disgrace_is_played_after_the_enemy_morale_test(cards: Cards) -> None:
    c = titled(cards, "empire", "Disgrâce")
    assert c.combat and "7" in str(c.number)  # EN "Disgrace card (7F)"
    cond(c, "enemy_demoralized")


def test_en_card_figure_terrain_favorable_is_a_punishments_cc_ending_in_0(cards: Cards) -> None:
    c = titled(cards, "empire", "Terrain favorable")
    assert c.number % 10 == 0 and c.period == "punishments" and c.combat
    assert effect(c, "combat_bonus").when == "defence"


# --- Example of play (8) --------------------------------------------------------------------------------------------

EXAMPLE_VALUES = {
    "empire": {
        "Génie Napoléon": 3, "Soldats de l'An 2": 1, "Perse": 3, "Schulmeister": 2, "Cavalerie de la Garde": 2,
        "Mouvement tournant": 2, "Blocus continental": 0, "Brigade infernale (Lasalle)": 2, "Gros temps": 2,
        "Triomphe d'Erfurt": 3, "Talleyrand": 3, "Son du canon": 2,
    },
    "coalition": {
        "Amirauté": 3, "Sainte Russie": 2, "Saint Empire": 2, "Blessure": 2, "Nelson": 3, "Campagne majeure": 3,
        "Tyrol": 2, "Bombardement de Copenhague": 2, "Galions espagnols": 2, "Intrigues": 1, "City": 3,
        "Campagne d'Hiver": 3,
    },
}


def test_8_example_card_values_and_all_drawn_from_the_epic_deck(cards: Cards) -> None:
    for side, values in EXAMPLE_VALUES.items():
        for title, value in values.items():
            card = titled(cards, side, title)
            assert card.value == value, title
            assert card.period == "epic", title  # 20.2: Punishments cards are out in 1805-1806


def test_8_en_card_figure_numbers_of_the_1805_hands(cards: Cards) -> None:
    # EN figures keep digits 0,5,7,8,9 only: '5F' Soldats, '9F' Perse, '8F' Cavalerie, '9F' Mouvement tournant,
    # 'F' Schulmeister, 'C' Blessure and Campagne majeure, '0C' Nelson, '8C' Tyrol.
    def shown(n: int, letter: str) -> str:
        return "".join(d for d in str(n) if d in "05789") + letter

    figures = {
        ("empire", "Soldats de l'An 2"): "5F", ("empire", "Perse"): "9F", ("empire", "Cavalerie de la Garde"): "8F",
        ("empire", "Mouvement tournant"): "9F", ("empire", "Schulmeister"): "F", ("coalition", "Blessure"): "C",
        ("coalition", "Campagne majeure"): "C", ("coalition", "Nelson"): "0C", ("coalition", "Tyrol"): "8C",
    }
    for (side, title), figure in figures.items():
        card = titled(cards, side, title)
        assert shown(card.number, card.id[-1]) == figure, title


def test_8_4_mouvement_tournant_makes_mack_fail_his_evasion(cards: Cards) -> None:
    mod = effect(titled(cards, "empire", "Mouvement tournant"), "evasion_modifier")
    assert mod.side == "enemy" and 6 + mod.value == 3 and 6 + mod.value < 5  # Mack rolled 6


def test_8_5_schulmeister_moves_an_enemy_force_then_napoleon_and_is_removed(cards: Cards) -> None:
    c = titled(cards, "empire", "Schulmeister")
    assert c.gold_star and kinds(c) == ["move_enemy_force", "activate_forces"]
    assert effect(c, "activate_forces").commander == "napoleon"


def test_8_7_cavalerie_de_la_garde_is_removed_after_its_event(cards: Cards) -> None:
    c = titled(cards, "empire", "Cavalerie de la Garde")
    assert c.gold_star and "budget" in c.phases and effect(c, "deploy").units == ("fr_cav_garde",)


def test_8_7_diplomacy_rolls_of_1806(cards: Cards) -> None:
    talleyrand = effect(titled(cards, "empire", "Talleyrand"), "diplomacy_bonus")
    assert 3 + talleyrand.value + 1 >= 6  # Egypt: d3 + card + France's +1 → success
    intrigues = titled(cards, "coalition", "Intrigues")
    bonus = effect(intrigues, "diplomacy_bonus")
    assert intrigues.value == 1 and bonus.min_value_override and 2 + bonus.value + 2 >= 6  # Prussia: success
    bomb = titled(cards, "coalition", "Bombardement de Copenhague")
    assert bomb.gold_star and bomb.escalade == 1  # card removed, escalade 1 → 2
    assert 4 + effect(bomb, "diplomacy_bonus").value + 0 < 6  # Egypt: d4 failed


def test_8_5_soldats_de_l_an_2_value_1_was_enough_to_intercept_with_napoleon(cards: Cards, counters: Counters) -> None:
    assert titled(cards, "empire", "Soldats de l'An 2").value >= counters.generals["napoleon"].initiative


# --- Scenarios (20) -------------------------------------------------------------------------------------------------


def test_20_1_1815_decks_resolve_to_land_war_cards(cards: Cards) -> None:
    for side, numbers in (("empire", DECK_1815_EMPIRE), ("coalition", DECK_1815_COALITION)):
        for n in numbers:
            card = cards.get(side, n)
            # 1815 starts at activation round 2 and ends at the conquest phase: every event must be playable
            assert {"activation", "combat"} & set(card.phases), card.id
            assert card.foreign_war is None and "create_entity" not in kinds(card), card.id
    assert "remove_card" not in [k for n in DECK_1815_COALITION for k in kinds(cards.get("coalition", n))]


def test_20_1_1815_decks_hold_the_hundred_days_mechanisms(cards: Cards) -> None:
    empire = [k for n in DECK_1815_EMPIRE for k in kinds(cards.get("empire", n))]
    coalition = [k for n in DECK_1815_COALITION for k in kinds(cards.get("coalition", n))]
    for needed in ("activate_forces", "combat_bonus", "forced_march", "evasion_modifier", "interior_lines"):
        assert needed in empire, needed
    for needed in ("activate_forces", "combat_bonus", "interception_modifier", "interior_lines", "revolt"):
        assert needed in coalition, needed


def test_20_3_red_dots_are_exactly_the_1809_removal_lists(cards: Cards) -> None:
    assert cards.red_dot("empire") == sorted(set(REMOVED_1809_EMPIRE))
    assert cards.red_dot("coalition") == sorted(set(REMOVED_1809_COALITION))


def test_20_3_1809_hands_hold_cards_still_in_play(cards: Cards) -> None:
    for cid in ("29F", "36F", "1F", "9C", "42C", "1C", "3C"):
        assert not cards.cards[cid].red_dot, cid
    assert cards.get("coalition", 3).silver_star  # "played as an event, remains only for its AP"
    # events already in play in 1809 are red-dotted: Blocus continental, Bayonne, Dos de Mayo, Tyrol
    for cid in ("24F", "25F", "22C", "18C", "20F", "22F"):
        assert cards.cards[cid].red_dot, cid


def test_20_2_grand_campaign_epic_decks(cards: Cards) -> None:
    assert len(cards.draw_pile("empire", "epic")) == 28  # 29 Epic cards minus Génie Napoléon
    assert len(cards.draw_pile("coalition", "epic")) == 26  # 29 minus Amirauté, Sainte Russie, Saint Empire
    assert all(c.period == "punishments" for c in cards.draw_pile("empire", "punishments"))


# --- Cross references -----------------------------------------------------------------------------------------------


def test_2_1_each_special_unit_enters_by_a_card(cards: Cards, counters: Counters) -> None:
    deploys = [e for c in cards.cards.values() for e in c.effect if e.__struct_config__.tag == "deploy"]
    deployed = {u for e in deploys for u in e.units}
    for unit in counters.units.values():
        if unit.kind == "special":
            assert unit.id in deployed, unit.id
            card = next(c for c in cards.cards.values() for e in c.effect if e in deploys and unit.id in e.units)
            assert unit.card == card.title_fr  # the counters name the card by its French title


def test_2_1_e_unit_events_that_are_cards_have_their_card(cards: Cards) -> None:
    assert effect(titled(cards, "empire", "La Patrie en danger"), "enter_units").event == "la_patrie_en_danger"
    revolts = {e.entity for c in cards.cards.values() for e in c.effect if e.__struct_config__.tag == "revolt"}
    assert revolts == {"chouans", "serbia", "tyrol"}
    entities = {e.entity for c in cards.cards.values() for e in c.effect if e.__struct_config__.tag == "create_entity"}
    assert entities == {"rhine", "poland", "westphalia"}


def test_doc_lists_every_effect_and_condition_kind() -> None:
    text = DOC.read_text(encoding="utf-8")
    for kind in (*EFFECT_KINDS, *CONDITION_KINDS):
        assert f"`{kind}`" in text, kind


# --- Load errors ----------------------------------------------------------------------------------------------------


def broken(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = (DATA_DIR / "cards.toml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "cards.toml").write_text(text.replace(old, new, count), encoding="utf-8")
    return tmp_path


TALLEYRAND = 'title_fr = "Talleyrand"\nperiod = "epic"\n'


def load_error(tmp_path: Path, mapdata: MapData, counters: Counters) -> DataError:
    with pytest.raises(DataError) as info:
        load_cards(tmp_path, mapdata, counters)
    assert "cards.toml" in str(info.value)
    return info.value


def test_load_error_missing_field(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, 'title_fr = "Nelson"\n', "")
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 10C", "title_fr")


def test_load_error_wrong_type(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, TALLEYRAND + "value = 3", TALLEYRAND + 'value = "3"')
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 14F", "value")


def test_load_error_value_out_of_range(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, TALLEYRAND + "value = 3", TALLEYRAND + "value = 4")
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 14F", "value")


def test_load_error_unknown_effect_kind(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, '{kind = "extra_round"}', '{kind = "eighth_round"}')
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 16C", "effect[0].kind")


def test_load_error_missing_effect_parameter(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, '{kind = "draw_cards", n = 2}', '{kind = "draw_cards"}')
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 7C", "effect[0].n")


def test_load_error_unknown_unit_reference(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, 'units = ["fr_cav_garde"]', 'units = ["fr_mamelukes"]')
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 18F", "effect[0].units")
    assert "fr_mamelukes" in str(err)


def test_load_error_unknown_zone_in_a_condition(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, 'zones = ["warsaw"]', 'zones = ["varsovia"]')
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 22F", "requires[1].zones")


def test_load_error_duplicate_number(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, 'id = "3F"\nnumber = 3\n', 'id = "2F"\nnumber = 2\n')
    err = load_error(tmp_path, mapdata, counters)
    assert err.record == "card 2F" and err.field == "id" and "duplicate" in str(err)


def test_load_error_id_does_not_match_number(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, 'id = "3F"\nnumber = 3\n', 'id = "3F"\nnumber = 56\n')
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 3F", "id")


def test_load_error_foreign_war_without_its_effect(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    usa = '{kind = "resources", power = "britain", value = -4, when = "next_budget"}'
    broken(tmp_path, usa + ', {kind = "start_foreign_war"}', usa)
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 34F", "foreign_war")


def test_load_error_wrong_deck_size(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    text = (DATA_DIR / "cards.toml").read_text(encoding="utf-8")
    start = text.index('[[card]]\nid = "55C"')
    (tmp_path / "cards.toml").write_text(text[:start], encoding="utf-8")
    err = load_error(tmp_path, mapdata, counters)
    assert "54 cards" in str(err) and err.record == "coalition deck"
