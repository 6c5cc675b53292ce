"""17.2.4 interception, 17.2.5 evasion, 17.3.1 naval combat and 17.3.2 retreat, with the rulebook's examples."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import GAME, board, play, rolls


def fleets(st, **where):
    st.g["fleets"] = {fl: {"power": S.data().counters.fleets[fl].power, "at": at, "where": w}
                      for fl, (at, w) in where.items()}


def _french_enter_the_manche(dice):
    """17.2.4 example: 3 French fleets enter the Manche, where 2 British fleets are at sea; one British fleet
    blockades Amsterdam and another Antwerp (both ports open onto the Manche)."""
    st = board(dice)
    fleets(st, fr_ganteaume=("sea", "atlantic"), fr_missiessy=("sea", "atlantic"), fr_emeriau=("sea", "atlantic"),
           gb_keith=("sea", "manche"), gb_calder=("sea", "manche"), gb_fleet_2=("blockade", "amsterdam"),
           gb_fleet_3=("blockade", "antwerp"))
    st.g["ap_reserve"]["empire"] = 2
    play(st, ("op", None), ("fleet", "fr_ganteaume"), ("fleet", "fr_missiessy"), ("fleet", "fr_emeriau"),
         ("done", None), ("sea", "manche"))
    assert st.step == "naval.intercept" and st.active == "coalition"
    assert st.legal_actions() == [("intercept_sea", "manche"), ("decline", None)]
    return st


def test_17_2_4_example_the_squadron_at_sea_fails_and_one_blockader_joins_it():
    st = _french_enter_the_manche([3, 4, 1, 1, 1, 1, 1, 1])
    assert GAME.label(st, ("intercept_sea", "manche")) == \
        "Intercept with Keith's fleet, Calder's fleet from English Channel (needs 6+ with initiative)"
    play(st, ("intercept_sea", "manche"))  # 3 + 2 = 5: fails
    assert st.legal_actions() == [("intercept_box", "amsterdam"), ("decline", None)]
    play(st, ("intercept_box", "amsterdam"))  # 4 + 2 = 6: intercepts
    tries = rolls(st, "17.2.4")
    assert [r["row"] for r in tries] == ["fails", "intercepts"]
    assert tries[0]["needs"] == "needs 6+ (intercepts)" and tries[0]["mods"] == [["best fleet initiative", 2]]
    # Antwerp's fleet may not try: the squadron at sea would have 4 fleets; a squadron of 3 fights
    fight = rolls(st, "17.3.1")
    assert len(fight) == 2 and len(fight[1]["dice"]) == 3
    assert st.g["fleets"]["gb_fleet_2"] == {"power": "britain", "at": "sea", "where": "manche"}
    assert st.g["fleets"]["gb_fleet_3"]["at"] == "blockade"
    assert any(e["text"] == "The blockade of Amsterdam is lifted" for e in st.log)


def test_17_2_4_example_the_squadron_at_sea_intercepts_and_only_one_blockader_may_join():
    st = _french_enter_the_manche([4, 1, 1, 1, 1, 1, 1, 1])
    play(st, ("intercept_sea", "manche"))
    assert st.legal_actions() == [("intercept_box", "amsterdam"), ("decline", None)]
    play(st, ("decline", None))
    assert st.legal_actions() == [("intercept_box", "antwerp"), ("decline", None)]


def test_17_2_4_without_interception_the_squadron_goes_on_or_attacks():
    st = _french_enter_the_manche([1, 1, 1])
    play(st, ("intercept_sea", "manche"), ("intercept_box", "amsterdam"), ("intercept_box", "antwerp"))
    assert st.step == "naval.move" and st.active == "empire"
    legal = st.legal_actions()
    assert ("attack_sea", "manche") in legal and ("attack_box", "amsterdam") in legal and ("sea", "north_sea") in legal
    assert GAME.label(st, ("attack_box", "antwerp")) == "Attack the enemy squadron blockading Antwerp"


def test_17_3_1_example_two_british_fleets_sink_a_french_fleet():
    """2 British fleets (admirals 0 and +1) attack a French fleet (admiral 0): 2 and 6+1 = 7 (9) against 5: a
    difference of 4 sinks a French fleet."""
    st = board([2, 6, 5], turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_calder=("sea", "manche"), gb_keith=("sea", "manche"), fr_ganteaume=("sea", "bay_of_biscay"))
    play(st, ("card", "11C"), ("fleet", "gb_calder"), ("fleet", "gb_keith"), ("done", None),
         ("sea", "bay_of_biscay"))
    assert st.step == "naval.intercept" and st.active == "empire"
    play(st, ("decline", None), ("attack_sea", "bay_of_biscay"))
    assert st.active == "empire" and st.legal_actions() == [("evade", None), ("stand", None)]
    play(st, ("stand", None))
    brit, french = rolls(st, "17.3.1")
    assert brit["dice"] == [2, 6] and brit["mods"] == [["fleet tactical bonuses", 1]] and brit["total"] == 9
    assert french["total"] == 5 and french["row"] == "difference 4: the Empire's squadron loses 1 fleet(s)"
    assert "fr_ganteaume" not in st.g["fleets"]
    assert st.step == "naval.move" and st.active == "coalition"  # the victor goes on with its MP


def test_17_2_5_an_evading_squadron_avoids_the_battle_but_not_into_the_attackers_zone():
    st = board([5], turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_calder=("sea", "manche"), fr_ganteaume=("sea", "bay_of_biscay"))
    play(st, ("card", "11C"), ("fleet", "gb_calder"), ("done", None), ("sea", "bay_of_biscay"),
         ("decline", None), ("attack_sea", "bay_of_biscay"), ("evade", None))
    assert rolls(st, "17.2.5")[0]["row"] == "evades"  # 5 + 1 = 6
    legal = st.legal_actions()
    assert ("sea", "manche") not in legal and ("sea", "atlantic") in legal and ("zone", "brest") in legal
    assert GAME.label(st, ("sea", "atlantic")) == "Evade into Atlantic"
    play(st, ("sea", "atlantic"))
    assert st.g["fleets"]["fr_ganteaume"]["where"] == "atlantic" and st.step == "naval.move"


def test_17_3_2_a_beaten_mover_goes_back_where_it_came_from_and_its_activation_ends():
    st = board([1, 6], turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_calder=("sea", "manche"), fr_ganteaume=("sea", "bay_of_biscay"))
    play(st, ("card", "11C"), ("fleet", "gb_calder"), ("done", None), ("sea", "bay_of_biscay"),
         ("decline", None), ("attack_sea", "bay_of_biscay"), ("stand", None))
    assert rolls(st, "17.3.1")[1]["row"] == "difference 5: the Coalition's squadron loses 1 fleet(s)"
    assert "gb_calder" not in st.g["fleets"] and st.step == "activation"


def test_17_3_2_the_beaten_defender_retreats_and_a_retreat_into_a_port_ends_the_activation():
    st = board([6, 2, 3], turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_calder=("sea", "manche"), fr_ganteaume=("sea", "bay_of_biscay"), fr_missiessy=(
        "sea", "bay_of_biscay"))
    play(st, ("card", "11C"), ("fleet", "gb_calder"), ("done", None), ("sea", "bay_of_biscay"),
         ("decline", None), ("attack_sea", "bay_of_biscay"), ("stand", None))
    assert st.active == "empire" and st.step == "naval.retreat"  # 6 against 2 + 3: a difference of 1, no loss
    play(st, ("zone", "rochefort"))
    assert st.g["fleets"]["fr_missiessy"]["where"] == "rochefort" and st.step == "naval.pursue"
    assert GAME.label(st, ("decline", None)) == "Stay at sea"
    play(st, ("decline", None))
    assert st.g["fleets"]["gb_calder"]["where"] == "bay_of_biscay" and st.step == "activation"


def test_17_3_1_a_tie_the_inactive_stays_and_the_active_withdraws():
    st = board([3, 3], turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_calder=("sea", "manche"), fr_ganteaume=("sea", "bay_of_biscay"))
    play(st, ("card", "11C"), ("fleet", "gb_calder"), ("done", None), ("sea", "bay_of_biscay"),
         ("decline", None), ("attack_sea", "bay_of_biscay"), ("stand", None))
    assert rolls(st, "17.3.1")[1]["row"] == "tie"
    assert st.active == "empire" and st.legal_actions() == [("stand", None), ("withdraw", None)]
    play(st, ("stand", None))
    assert st.active == "coalition" and st.legal_actions() == [("attack", None), ("withdraw", None)]
    assert GAME.label(st, ("attack", None)) == "Fight another round"
    play(st, ("withdraw", None))
    # a friendly (Spanish) port of the zone, or back where it came from
    assert st.legal_actions() == [("zone", "san_sebastian"), ("sea", "manche")]
    play(st, ("sea", "manche"))
    assert st.g["fleets"]["gb_calder"]["where"] == "manche" and st.step == "activation"


def test_17_2_4_the_heuristic_intercepts_and_stands_only_when_not_weaker():
    from grognard.games.nae import ai
    st = board(hands={"empire": [], "coalition": []})
    fleets(st, fr_ganteaume=("sea", "atlantic"), fr_missiessy=("sea", "atlantic"), gb_calder=("sea", "manche"))
    st.g["ap_reserve"]["empire"] = 1
    play(st, ("op", None), ("fleet", "fr_ganteaume"), ("fleet", "fr_missiessy"), ("done", None), ("sea", "manche"))
    assert ai.policy(st, "coalition")[0] == ("decline", None)  # 1 fleet against 2
    st.g["fleets"]["gb_keith"] = {"power": "britain", "at": "sea", "where": "manche"}
    st._legal = None
    assert ai.policy(st, "coalition")[0] == ("intercept_sea", "manche")  # 2 fleets (tactical +1) against 2
