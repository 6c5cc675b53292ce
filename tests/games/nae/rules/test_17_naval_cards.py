"""The naval cards' events (6.4, 17): 1C Admiralty and 49C Walcheren (17.1, fleets activated without AP, with
transport and landings, 17.2.7-17.2.8; 1C's Corsairs box, 17.2.9), 10F Foul Weather (17.2.4, 17.2.6), 6C Sir John
Moore (a naval evacuation) and 10C Nelson (a naval battle's re-roll and the only admiral's loss test, 17.3.4)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import events, naval
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import GAME, board, play, put, rolls


def fleets(st, **where):
    st.g["fleets"] = {fl: {"power": S.data().counters.fleets[fl].power, "at": at, "where": w}
                      for fl, (at, w) in where.items()}


# -- 1C Admiralty, 49C Walcheren ---------------------------------------------------------------------------------

def _admiralty(card, units=("gb_corps_2",)):
    st = board(turn="coalition", hands={"empire": [], "coalition": [card]})
    fleets(st, gb_calder=("port", "portsmouth"), gb_fleet_1=("port", "portsmouth"), gb_keith=("port", "plymouth"),
           fr_ganteaume=("port", "brest"))
    force = put(st, "portsmouth", list(units), commander="graham")
    play(st, ("event", card))
    return st, force


def test_17_1_admiralty_1C_moves_every_british_fleet_without_ap():
    st, force = _admiralty("1C")
    assert st.step == "activation" and st.frame["ap"] == 0
    legal = st.legal_actions()
    assert [a for a in legal if a[0] == "fleet"] == [("fleet", "gb_calder"), ("fleet", "gb_fleet_1"),
                                                       ("fleet", "gb_keith")]
    assert ("force", force) not in legal  # no force: the card activates fleets only
    assert GAME.label(st, ("fleet", "gb_calder")) == "Activate Calder's fleet in the port of Portsmouth (event)"
    play(st, ("fleet", "gb_calder"))
    assert GAME.label(st, ("fleet", "gb_fleet_1")) == "Add British fleet 1 to the squadron (event)"
    play(st, ("fleet", "gb_fleet_1"), ("done", None), ("embark", force), ("sea", "manche"), ("assault", "rouen"),
         ("land_enemy", force), ("done", None))
    assert S.controller(st, "rouen") == "coalition" and st.g["forces"][force]["zone"] == "rouen"
    assert st.step == "activation" and st.legal_actions() == [("fleet", "gb_keith"), ("done", None)]
    play(st, ("fleet", "gb_keith"), ("done", None), ("sea", "manche"), ("done", None), ("done", None))
    assert st.g["ap_reserve"]["coalition"] == 0 and st.step == "round" and st.g["turn"] == "empire"
    assert any(e["rule"] == "17.1"
               and e["text"] == "The Coalition activates Keith's fleet in the port of Plymouth (event)" for e in st.log)


def test_17_1_admiralty_1C_takes_the_minor_allies_and_may_fill_the_corsairs_box():
    st = board_1806()
    st.g.update(phase="activation", turn="coalition", round=2)
    st.g["hands"]["coalition"] = ["1C"]
    st.push("round")
    fleets(st, gb_calder=("port", "portsmouth"), pt_fleet=("port", "lisbon"))
    assert S.side_of(st, "portugal") == "coalition"
    play(st, ("event", "1C"))
    assert st.frame["fleet_event"]["fleets"] == ["gb_calder", "pt_fleet"]
    legal = st.legal_actions()
    assert ("corsairs", "gb_calder") in legal and ("corsairs", "pt_fleet") in legal
    play(st, ("corsairs", "gb_calder"))  # 17.2.9 « via Amirauté »: one fleet, no AP
    assert st.g["corsairs"] == ["gb_calder"] and st.frame["ap"] == 0
    assert not [a for a in st.legal_actions() if a[0] == "corsairs"]
    assert ("fleet", "pt_fleet") in st.legal_actions()


def test_17_2_8_walcheren_49C_lands_4_steps_once():
    st, force = _admiralty("49C", ("gb_corps_1", "gb_corps_3"))
    steps = S.steps(st.g["forces"][force])
    assert steps == 4
    play(st, ("fleet", "gb_calder"), ("fleet", "gb_fleet_1"), ("done", None), ("embark", force),
         ("sea", "manche"), ("assault", "rouen"), ("land_enemy", force))
    assert st.g["forces"][force]["zone"] == "rouen"
    assert st.g["aboard"] == {} and naval.assault_limit(st) == 2  # « one assault may land up to 4 steps »


def test_17_1_the_fleet_events_are_offered_only_with_something_to_do():
    st = board(turn="coalition", hands={"empire": [], "coalition": ["1C", "49C", "6C"]})
    assert not [a for a in st.legal_actions() if a[0] == "event"]
    fleets(st, gb_calder=("port", "portsmouth"))
    put(st, "corunna", ["gb_corps_2"], commander="graham")
    st._legal = None
    assert [a[1] for a in st.legal_actions() if a[0] == "event"] == ["1C", "49C", "6C"]


# -- 10F Foul Weather --------------------------------------------------------------------------------------------

def _gale(dice=()):
    st = board(list(dice), turn="empire", hands={"empire": ["10F"], "coalition": []})
    fleets(st, gb_cornwallis=("blockade", "brest"), gb_fleet_1=("blockade", "brest"), gb_keith=("blockade", "toulon"),
           fr_ganteaume=("port", "brest"))
    return st


def test_17_2_6_foul_weather_10F_blows_a_blockade_off_to_sea():
    st = _gale()
    play(st, ("event", "10F"))
    assert st.step == "naval.gale" and st.legal_actions() == [("blockade", "brest"), ("blockade", "toulon")]
    assert GAME.label(st, ("blockade", "brest")) == \
        "Blow the squadron blockading Brest (Cornwallis's fleet, British fleet 1) off to sea"
    play(st, ("blockade", "brest"))
    assert st.g["fleets"]["gb_cornwallis"] == {"power": "britain", "at": "sea", "where": "bay_of_biscay"}
    assert not naval.blockaders(st, "brest", "empire") and naval.blockaders(st, "toulon", "empire")
    assert st.step == "round" and st.g["turn"] == "coalition"
    assert not events.playable(_gale_without_blockade(), "empire", "10F")


def _gale_without_blockade():
    st = _gale()
    st.g["fleets"] = {"fr_ganteaume": {"power": "france", "at": "port", "where": "brest"}}
    return st


def test_17_2_4_foul_weather_10F_costs_the_enemy_2_on_its_interceptions_this_round_and_the_next():
    st = _gale([5])
    play(st, ("event", "10F"), ("blockade", "brest"), ("pass", None))  # the Coalition passes: round 3
    assert st.g["round"] == 3 and st.g["turn"] == "empire"
    play(st, ("op", None), ("fleet", "fr_ganteaume"), ("done", None), ("sea", "bay_of_biscay"))
    assert st.step == "naval.intercept"
    play(st, ("intercept_sea", "bay_of_biscay"))
    roll = rolls(st, "17.2.4")[-1]
    assert roll["mods"] == [["best fleet initiative", 2], ["Foul Weather (10F)", -2]]
    assert roll["total"] == 5 and roll["row"] == "fails"
    st.g["round"] = 4
    assert naval.interception_mods(st, "coalition") == []


# -- 6C Sir John Moore -------------------------------------------------------------------------------------------

def test_6C_sir_john_moore_ships_a_british_force_home_without_fleets():
    st = board(turn="coalition", hands={"empire": [], "coalition": ["6C"]})
    moore = put(st, "corunna", ["gb_corps_2", "gb_corps_3"], commander="hill")
    put(st, "bristol", ["fr_i"])  # an enemy force in a British port: not a destination
    play(st, ("event", "6C"))
    assert st.step == "naval.evacuation" and st.legal_actions() == [("force", moore)]
    play(st, ("force", moore))
    ports = [a[1] for a in st.legal_actions()]
    assert "portsmouth" in ports and "bristol" not in ports and "corunna" not in ports and "brest" not in ports
    assert GAME.label(st, ("zone", "portsmouth")) == "Ship it to Portsmouth"
    play(st, ("zone", "portsmouth"))
    assert st.g["forces"][moore]["zone"] == "portsmouth" and st.step == "round" and st.g["turn"] == "empire"
    assert "6C" in st.g["out"]  # a gold star


# -- 10C Nelson --------------------------------------------------------------------------------------------------

def _trafalgar(dice):
    """Nelson's fleet (tactical +3) sails out of Gibraltar and attacks two French fleets at sea in the South Atlantic
    (the Coalition holds 10C and plays 11C for AP)."""
    st = board(list(dice), turn="coalition", hands={"empire": [], "coalition": ["11C", "10C"]})
    fleets(st, gb_nelson=("port", "gibraltar"), fr_villeneuve=("sea", "south_atlantic"),
           fr_ganteaume=("sea", "south_atlantic"))
    play(st, ("card", "11C"), ("fleet", "gb_nelson"), ("done", None), ("sea", "south_atlantic"), ("decline", None),
         ("attack_sea", "south_atlantic"), ("stand", None))
    return st


def _after_the_battle(st):
    play(st, ("card", "10C"))
    play(st, st.legal_actions()[0])  # the Empire loses a fleet
    play(st, st.legal_actions()[0])  # and the other retreats


def test_17_3_4_nelson_10C_re_rolls_his_dice_and_falls_on_the_loss_test():
    # Nelson 1 +3 = 4 against 2 + 3 = 5; the card re-rolls: 6 +3 = 9, difference 4: a French fleet sunk; then the
    # loss test: 4 +1 (one enemy fleet destroyed) = 5, on 5 or more Nelson falls
    st = _trafalgar([1, 2, 3, 6, 4])
    assert st.step == "naval.nelson" and st.active == "coalition"
    assert st.legal_actions() == [("card", "10C"), ("decline", None)]
    assert GAME.label(st, ("card", "10C")) == "Play Nelson (10C): re-roll the squadron's dice"
    _after_the_battle(st)
    fire, test = rolls(st, "17.3.4")
    assert fire["dice"] == [6] and fire["total"] == 9 and fire["mods"] == [["fleet tactical bonuses", 3]]
    assert fire["row"] == "difference 4: the Empire's squadron loses 1 fleet(s)"
    assert test["dice"] == [4] and test["mods"] == [["enemy fleets destroyed", 1]] and test["total"] == 5
    assert test["row"] == "5 ≥ 5: Nelson falls"
    assert "gb_nelson" not in st.g["fleets"] and "gb_nelson" not in st.g["reserve"].get("fleets", [])
    assert "10C" in st.g["out"] and "10C" not in st.g["discards"]["coalition"]
    assert st.step == "activation"  # its squadron gone, the naval move is over


def test_17_3_4_nelson_survives_below_5_and_the_card_is_discarded():
    st = _trafalgar([1, 2, 3, 6, 3])
    _after_the_battle(st)
    assert rolls(st, "17.3.4")[-1]["row"] == "4 < 5: Nelson survives"
    assert "gb_nelson" in st.g["fleets"] and "10C" in st.g["discards"]["coalition"]
    assert st.step == "naval.move" and st.frame["fleets"] == ["gb_nelson"]


def test_17_3_4_the_window_opens_for_any_card_and_offers_nelson_only_when_held():
    """6.6: the window opens whenever the Coalition holds a card, as the land battles' do, so that the Empire does
    not learn from it whether 10C is held; without 10C it offers only to go on, and no loss test follows."""
    st = board([1, 2, 3], turn="coalition", hands={"empire": [], "coalition": ["11C", "12C"]})
    fleets(st, gb_nelson=("port", "gibraltar"), fr_villeneuve=("sea", "south_atlantic"))
    play(st, ("card", "11C"), ("fleet", "gb_nelson"), ("done", None), ("sea", "south_atlantic"), ("decline", None),
         ("attack_sea", "south_atlantic"))
    while st.step != "naval.nelson":
        play(st, ("stand", None))
    assert st.legal_actions() == [("decline", None)]
    play(st, ("decline", None))
    assert not rolls(st, "17.3.4")


def test_17_3_4_no_loss_test_without_the_card():
    st = _trafalgar([1, 2, 3])
    play(st, ("decline", None))
    assert not rolls(st, "17.3.4") and "10C" in st.g["hands"]["coalition"]
    assert rolls(st, "17.3.1")[-1]["row"] == "difference 1: the Coalition's squadron retreats without loss"


def test_17_the_naval_actions_are_in_the_action_catalog_with_labels():
    catalog = set(GAME.action_catalog("1815"))
    seen = set()

    def walk(st, *actions):
        for action in (*actions, None):
            legal = st.legal_actions()
            assert all(GAME.label(st, a) for a in legal)
            seen.update(legal)
            if action is not None:
                play(st, action)

    st, force = _admiralty("49C", ("gb_corps_1", "gb_corps_3"))
    walk(st, ("fleet", "gb_calder"), ("fleet", "gb_fleet_1"), ("done", None), ("embark", force), ("sea", "manche"),
         ("assault", "rouen"))
    walk(_gale(), ("event", "10F"))
    st = board(turn="coalition", hands={"empire": [], "coalition": ["6C"]})
    moore = put(st, "corunna", ["gb_corps_2"], commander="hill")
    walk(st, ("event", "6C"), ("force", moore))
    walk(_trafalgar([1, 2, 3]))
    assert {"assault", "land_enemy", "blockade", "force", "zone", "card"} <= {a[0] for a in seen}
    assert seen <= catalog


def test_17_3_4_the_heuristic_plays_nelson_only_on_a_losing_total():
    from grognard.games.nae import ai

    assert ai.policy(_trafalgar([1, 2, 3]), "coalition")[0] == ("card", "10C")  # 4 against 5
    assert ai.policy(_trafalgar([6, 2, 3]), "coalition")[0] == ("decline", None)  # 9 against 5


def test_17_a_fleet_sent_to_a_foreign_war_has_its_own_label():
    st = board()
    st.push("diplomacy.fw_units", war="34F", steps=0, generals=0, fleets=1)
    assert GAME.label(st, ("fleet", "gb_calder")) == "Send Calder's fleet to the foreign war"
