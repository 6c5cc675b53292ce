"""20.2 / 20.3 set-up of the grand campaigns: neutrals' forces on the map at war with nobody (8.1.1), statuses,
the forced peace of 1809 Prussia, the markers, the hands of 7 cards with the permanents (20.2 « 7 cartes, y
compris les cartes permanentes »), and the 1809 opening round the Coalition plays alone."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, conquest, movement, sequence, supply
from tests.games.nae.rules.helpers import GAME


def test_20_2_setup_neutral_prussia_spain_turkey_stand_on_the_map_at_war_with_nobody() -> None:
    st = GAME.new_state("1805", seed=3)
    g = st.g
    assert (st.step, g["year"], g["round"], g["turn"]) == ("round", 1805, 2, "empire")  # 20.2: round 2, France first
    assert (g["vp"], g["escalade"]) == (5, 0)
    assert {p: g["status"][p] for p in ("prussia", "spain", "turkey")} == dict.fromkeys(
        ("prussia", "spain", "turkey"), "neutral")
    brunswick = next(f for f in g["forces"].values() if f["commander"] == "brunswick")
    assert (brunswick["zone"], brunswick["side"], brunswick["army"]) == ("magdeburg", None, "armee_elbe")
    neutral = [f for f in g["forces"].values() if f["side"] is None]
    assert {S.unit(next(iter(f["units"]))).power for f in neutral} == {"prussia", "spain", "turkey"}
    assert not any(f["unsupplied"] for f in neutral)  # 8.1.1: at peace, never out of supply
    for f in g["forces"].values():  # 12.1: no side stands on neutral ground, no neutral outside it
        assert S.is_neutral_ground(st, f["zone"]) == (f["side"] is None), f


def test_20_2_setup_neutral_ground_is_closed_to_both_sides() -> None:
    st = GAME.new_state("1805", seed=3)
    fid = next(fid for fid, f in st.g["forces"].items() if "fr_vi" in f["units"])  # the elite corps in Hanover
    assert movement.enter_refusal(st, fid, "hanover", "magdeburg", 9) == (
        "Magdeburg is a neutral's zone, which no force may enter, 12.1")


def test_20_2_setup_hands_of_seven_with_the_permanent_cards_and_no_punishments() -> None:
    st = GAME.new_state("1805", seed=5)
    g = st.g
    assert len(g["hands"]["empire"]) == len(g["hands"]["coalition"]) == 7
    assert "1F" in g["hands"]["empire"] and {"1C", "2C", "3C"} <= set(g["hands"]["coalition"])
    for side in S.SIDES:  # 20.2: « les cartes Châtiments sont retirées (elles seront ajoutées par la suite) »
        assert g["punishments"][side] and all(cards.period(c) == "punishments" for c in g["punishments"][side])
        assert all(cards.period(c) == "epic" for c in g["decks"][side] + g["hands"][side])
        assert not set(cards.permanent_cards(side)) & set(g["decks"][side])  # 6.1: never in the pile
    GAME.load_state(st.to_json())  # every card in one place (check_state)


def test_20_3_setup_forced_peace_annexations_single_deck_and_red_dots() -> None:
    st = GAME.new_state("1809", seed=2)
    g = st.g
    assert (g["vp"], g["escalade"]) == (15, None)  # 20.3: level 15, no escalade rules
    assert g["status"]["prussia"] == "forced_peace" and S.side_of(st, "prussia") is None
    assert g["forced"]["prussia"] == {"with": "france", "until": 1810, "then": "forced_alliance"}
    assert S.owner(st, "magdeburg") == "france" and g["control"]["magdeburg"] == "france"  # annexed (20.3)
    assert {"1F", "29F", "36F"} <= set(g["hands"]["empire"]) and len(g["hands"]["empire"]) == 9
    assert {"1C", "3C", "9C", "42C"} <= set(g["hands"]["coalition"]) and len(g["hands"]["coalition"]) == 7
    every = set(g["decks"]["empire"] + g["hands"]["empire"])
    assert "24F" not in every and any(cards.period(c) == "punishments" for c in every)  # red dots out, one deck
    assert "3C" in g["events_played"]  # its event was used before 1809
    GAME.load_state(st.to_json())  # every card in one place, the red dots in none (check_state)
    for f in g["forces"].values():
        assert S.is_neutral_ground(st, f["zone"]) == (f["side"] is None), f


def test_20_3_round_1_is_played_by_the_coalition_alone_then_the_empire_plays_round_2() -> None:
    st = GAME.new_state("1809", seed=2)
    assert (st.g["round"], st.g["turn"], st.active) == (1, "coalition", "coalition")
    st.apply(("pass", None))
    assert (st.g["round"], st.g["turn"], st.active) == (2, "empire", "empire")


def test_13_1_neutral_forces_are_supplied_without_a_network() -> None:
    st = GAME.new_state("1805", seed=3)
    fid = next(fid for fid, f in st.g["forces"].items() if f["commander"] == "castanos")
    assert supply.force_supplied(st, fid)


def test_20_2_rule_1_the_coalition_may_only_send_austrians_to_besiege_mantua_and_ulm() -> None:
    """20.2 special rule 1: until Mantua (by Charles's force) and Ulm (by a general's force) are besieged, the
    Coalition's action is an activation of the Austrian forces that may lay them: no event, no pass, no fleet."""
    st = GAME.new_state("1805", seed=3)
    assert st.g["sieges_due"] == ["mantua", "ulm"]
    st.apply(("pass", None))  # the Empire's round 2
    assert st.active == "coalition" and ("pass", None) not in st.legal_actions()
    assert not any(a[0] == "event" for a in st.legal_actions())
    st.apply(max((a for a in st.legal_actions() if a[0] == "card"), key=lambda a: cards.ap_value(st, a[1])))
    offered = {S.name_of(st, a[1]) for a in st.legal_actions() if a[0] == "force"}
    assert {"Mack (Army of Germany)", "Archduke Charles", "Archduke John"} <= offered
    assert all(S.force(st, a[1])["power"] == "austria" for a in st.legal_actions() if a[0] == "force")
    assert not any(a[0] in ("fleet", "unit", "subordinate") for a in st.legal_actions())


def test_20_2_rule_1_ends_once_the_sieges_are_laid_or_the_empire_enters_austria() -> None:
    st = GAME.new_state("1805", seed=3)
    charles = next(fid for fid, f in st.g["forces"].items() if f["commander"] == "charles")
    S.move_force(st, charles, "mantua")
    S.set_fortress(st, "mantua", besieger=charles, siege=0)
    sequence.update_siege_duty(st)
    assert st.g["sieges_due"] == ["ulm"]
    davout = next(fid for fid, f in st.g["forces"].items() if f["commander"] == "napoleon")
    S.move_force(st, davout, "vienna")
    sequence.update_siege_duty(st)
    assert st.g["sieges_due"] == [] and sequence.siege_duty(st) is None


EXAMPLE_8_0 = {  # the opening hands of the example of play (8.0): French titles and the values the book gives
    "empire": {"Génie Napoléon": 3, "Soldats de l'An 2": 1, "Perse": 3, "Schulmeister": 2,
               "Cavalerie de la Garde": 2, "Mouvement tournant": 2, "Blocus continental": 0},
    "coalition": {"Amirauté": 3, "Sainte Russie": 2, "Saint Empire": 2, "Blessure": 2, "Nelson": 3,
                  "Campagne majeure": 3, "Tyrol": 2},
}


def test_8_0_the_opening_hands_of_the_example_of_play_are_a_deal_of_the_1805_pile() -> None:
    """8.0: each hand is its permanents and cards drawn from the side's Epic pile, with the book's values; dealt
    in place of the seeded deal, every card is still in exactly one place (check_state)."""
    st = GAME.new_state("1805", seed=3)
    by_title = {(c.side, c.title_fr): c.id for c in S.data().cards.cards.values()}
    for side, hand in EXAMPLE_8_0.items():
        ids = [by_title[(side, t)] for t in hand]
        assert [cards.ap_value(st, c) for c in ids] == list(hand.values())
        pile = st.g["decks"][side] + st.g["hands"][side]
        assert set(ids) <= set(pile)
        drawn = [c for c in ids if c not in cards.permanent_cards(side)]
        assert len(drawn) == {"empire": 6, "coalition": 4}[side]  # 20.2: 7 cards with the permanents
        st.g["decks"][side] = [c for c in pile if c not in ids]
        st.g["hands"][side] = ids
    GAME.load_state(st.to_json())


def test_20_3_sicily_is_a_coalition_minor_of_its_own_beside_murats_naples() -> None:
    """20.3 lists Naples among France's protectorates, so Naples has fallen to the Empire and 18.1 applies: « la
    Sicile reste alliée à la Coalition et devient un mineur coalisé indépendant de Naples » (Ferdinand at Palermo
    under British protection): the set-up is the state ``conquest.sicily_stands`` leaves in a 1805 game."""
    st = GAME.new_state("1809", seed=2)
    g = st.g
    assert (g["status"]["naples"], S.side_of(st, "naples")) == ("protectorate", "empire")
    assert (g["status"]["sicily"], g["sides"]["sicily"], g["ally_of"]["sicily"]) == ("allied", "coalition", "britain")
    assert g["control"]["palermo"] == g["control"]["messina"] == "sicily"
    assert conquest.territory_of(st, "palermo") == "sicily"
