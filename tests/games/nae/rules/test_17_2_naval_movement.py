"""17.1-17.2.3 fleets on the board, their activation (1 AP a fleet) and movement with the fleet MF (8), ports,
stacking, the limited areas, the Bosphorus, the ice, and the fleets of a captured port (17.2.1)."""

from __future__ import annotations

import pytest

from grognard.games.nae import state as S
from grognard.games.nae.rules import naval
from tests.games.nae.rules.helpers import GAME, board, play, put, rolls


def fleets(st, **where):
    """Only the fleets named, each at (at, where)."""
    st.g["fleets"] = {fl: {"power": GAME_DATA.counters.fleets[fl].power, "at": at, "where": w}
                      for fl, (at, w) in where.items()}


GAME_DATA = __import__("grognard.games.nae.state", fromlist=["data"]).data()


def test_20_1_the_fleets_of_the_set_up_are_on_the_board_and_in_the_view():
    st = GAME.new_state("1815", seed=1)
    f = st.g["fleets"]
    assert "fr_villeneuve" not in f and "gb_nelson" not in f  # 20.1 removes only these two
    assert f["fr_ganteaume"] == {"power": "france", "at": "port", "where": "brest"}
    assert naval.fleets_at(st, "blockade", "brest", "coalition") == ["gb_cornwallis", "gb_fleet_1"]
    assert f["gb_keith"] == {"power": "britain", "at": "sea", "where": "manche"}
    view = st.view("empire")["board"]
    assert view["fleets"] == f
    summary = {x["id"]: x for x in view["summary"]["fleets"]}
    assert summary["gb_keith"]["place"] == "English Channel" and summary["gb_keith"]["side"] == "coalition"
    lines = GAME.describe(st, "empire")
    assert "  fleets: Emériau's fleet in the port of Toulon, Ganteaume's fleet in the port of Brest, " \
           "Missiessy's fleet in the port of Rochefort" in lines


def test_17_1_a_fleet_costs_1_ap_and_a_squadron_the_sum_of_its_fleets():
    st = board(turn="coalition", hands={"empire": [], "coalition": ["11C"]})  # 2 AP
    fleets(st, gb_keith=("sea", "manche"), gb_fleet_1=("sea", "manche"), gb_fleet_2=("sea", "manche"))
    play(st, ("card", "11C"))
    assert ("fleet", "gb_keith") in st.legal_actions()
    play(st, ("fleet", "gb_keith"))
    assert st.step == "naval.squadron" and st.legal_actions() == [
        ("fleet", "gb_fleet_1"), ("fleet", "gb_fleet_2"), ("done", None)]
    play(st, ("fleet", "gb_fleet_1"))
    assert st.legal_actions() == [("done", None)]  # the 2 AP are spent
    assert GAME.label(st, ("done", None)) == "Set sail"
    play(st, ("done", None))
    assert st.step == "naval.move" and st.frame["mp"] == 8
    assert ("drop_fleet", "gb_keith") in st.legal_actions()


def test_17_1_an_event_activating_forces_moves_no_fleet():
    st = board(turn="coalition")
    fleets(st, gb_keith=("sea", "manche"))
    st.push("activation", side="coalition", ap=0, count=1, why="event", moved=[], armies=[], depots_spent=[],
            power=None, commander=None, max_initiative=None, distinct_powers=False, powers_used=[], fm_max=3,
            fm_attrition=True, fm_mod=0, extra_mp=0, victory_mp=0, together=False, waiting=[], no_evade=[],
            interior_lines=[], lone=[])
    assert ("fleet", "gb_keith") not in st.legal_actions()


def _sail(st, fleet, ap_card="11C"):
    st.g["hands"]["coalition"] = [ap_card]
    play(st, ("card", ap_card), ("fleet", fleet), ("done", None))


def test_17_2_1_sea_zones_cost_1_mp_each_and_the_mf_is_8():
    st = board(turn="coalition")
    fleets(st, gb_keith=("sea", "manche"))
    _sail(st, "gb_keith")
    assert sorted(a for a in st.legal_actions() if a[0] == "sea") == [
        ("sea", "atlantic"), ("sea", "bay_of_biscay"), ("sea", "north_sea")]
    assert GAME.label(st, ("sea", "atlantic")) == "Sail into Atlantic (1 MP)"
    route = ["atlantic", "south_atlantic", "western_med", "central_med", "adriatic", "central_med", "eastern_med",
             "black_sea"]
    for sea in route:
        play(st, ("sea", sea))
    assert st.frame["mp"] == 0 and st.g["fleets"]["gb_keith"]["where"] == "black_sea"
    assert [a for a in st.legal_actions() if a[0] == "sea"] == []


def test_17_2_1_leaving_and_entering_a_friendly_port_cost_1_mp_each():
    st = board(turn="coalition")
    fleets(st, gb_keith=("port", "portsmouth"))
    _sail(st, "gb_keith")
    assert [a for a in st.legal_actions() if a[0] in ("sea", "zone")] == [("sea", "manche")]
    play(st, ("sea", "manche"))
    assert st.frame["mp"] == 7
    ports = [a for a in st.legal_actions() if a[0] == "zone"]
    assert ("zone", "plymouth") in ports and ("zone", "london") in ports
    assert ("zone", "cherbourg") not in ports  # a French port: only a friendly port may be entered
    play(st, ("zone", "plymouth"))
    assert st.g["fleets"]["gb_keith"] == {"power": "britain", "at": "port", "where": "plymouth"}
    assert st.step == "naval.move" and st.frame["mp"] == 6  # a port is passed through (17.2.7: « lors du passage »)
    play(st, ("sea", "manche"), ("done", None))
    assert st.step == "activation" and st.g["fleets"]["gb_keith"]["where"] == "manche"


def test_17_2_1_a_blockade_box_is_left_for_its_sea_zone_at_no_cost():
    st = board(turn="coalition")
    fleets(st, gb_cornwallis=("blockade", "brest"))
    _sail(st, "gb_cornwallis")
    assert [a for a in st.legal_actions() if a[0] == "sea"] == [("sea", "bay_of_biscay")]
    play(st, ("sea", "bay_of_biscay"))
    assert st.frame["mp"] == 8


def test_17_2_1_a_squadron_may_leave_fleets_on_its_way():
    st = board(turn="coalition")
    fleets(st, gb_keith=("sea", "manche"), gb_fleet_1=("sea", "manche"))
    st.g["hands"]["coalition"] = ["11C"]
    play(st, ("card", "11C"), ("fleet", "gb_keith"), ("fleet", "gb_fleet_1"), ("done", None),
          ("sea", "north_sea"), ("drop_fleet", "gb_fleet_1"), ("sea", "straits"), ("done", None))
    assert st.g["fleets"]["gb_fleet_1"]["where"] == "north_sea" and st.g["fleets"]["gb_keith"]["where"] == "straits"


def test_17_2_2_a_port_holds_3_fleets_and_a_side_has_one_squadron_of_3_at_sea():
    st = board(turn="coalition")
    fleets(st, gb_keith=("sea", "manche"), gb_fleet_1=("port", "plymouth"), gb_fleet_2=("port", "plymouth"),
           gb_fleet_3=("port", "plymouth"), gb_ball=("sea", "north_sea"), gb_calder=("sea", "north_sea"),
           gb_stirling=("sea", "north_sea"))
    _sail(st, "gb_keith")
    assert ("zone", "plymouth") not in st.legal_actions()
    play(st, ("sea", "north_sea"), ("done", None))
    assert st.step == "naval.excess"  # 4 British fleets at sea in the North Sea
    assert GAME.label(st, ("scuttle", "gb_ball")) == "Eliminate Ball's fleet"
    play(st, ("scuttle", "gb_ball"))
    assert "gb_ball" not in st.g["fleets"] and st.g["reserve"]["fleets"] == ["gb_ball"]
    assert st.step == "activation"


def test_17_2_3_swedish_fleets_stay_in_the_baltic_and_one_russian_fleet_may_leave_its_waters():
    st = board(turn="coalition")
    fleets(st, ru_fleet_baltic=("sea", "straits"), ru_fleet_black_sea=("sea", "north_sea"))
    _sail(st, "ru_fleet_baltic")
    assert ("sea", "north_sea") not in st.legal_actions()  # the other Russian fleet is already outside
    assert naval.area_refusal(st, ["ru_fleet_baltic"], "north_sea") == \
        "Baltic fleet may not leave the Baltic, Straits and Black Sea, 17.2.3"
    st.g["fleets"]["ru_fleet_black_sea"]["where"] = "black_sea"
    st._legal = None  # the position was changed by hand
    assert ("sea", "north_sea") in st.legal_actions()
    sweden = next(fl for fl, c in GAME_DATA.counters.fleets.items() if c.power == "sweden")
    assert naval.area_refusal(st, [sweden], "north_sea") is not None
    assert naval.area_refusal(st, [sweden], "straits") is None


def test_17_2_3_no_fleet_moves_into_or_out_of_an_iced_port_in_winter():
    st = board(turn="coalition", round_no=6)
    fleets(st, ru_fleet_baltic=("port", "st_petersburg"), ru_fleet_black_sea=("sea", "baltic"))
    st.g["hands"]["coalition"] = ["11C"]
    play(st, ("card", "11C"))
    assert ("fleet", "ru_fleet_baltic") not in st.legal_actions()
    play(st, ("fleet", "ru_fleet_black_sea"), ("done", None))
    assert ("zone", "st_petersburg") not in st.legal_actions() and ("zone", "riga") in st.legal_actions()


@pytest.mark.parametrize(("turkey", "holder", "open_"), [(None, "turkey", True), ("coalition", "turkey", False),
                                                         ("coalition", "britain", True)])
def test_17_2_2_the_bosphorus(turkey, holder, open_):
    st = board(turn="coalition")
    S.set_side(st, "turkey", turkey)
    S.set_control(st, "constantinople", holder)
    S.set_side(st, "britain", "coalition")
    if turkey == "coalition" and holder == "turkey":  # Turkey at war against the Coalition
        S.set_side(st, "turkey", "empire")
    fleets(st, gb_keith=("sea", "eastern_med"))
    _sail(st, "gb_keith")
    assert (("sea", "black_sea") in st.legal_actions()) is open_


def test_17_2_1_fleets_of_a_captured_port_sail_to_the_nearest_friendly_port():
    st = board(turn="coalition")
    fleets(st, fr_ganteaume=("port", "brest"), fr_missiessy=("port", "marseille"))
    S.set_control(st, "brest", "britain")
    naval.port_taken(st, "brest")
    assert st.step == "naval.relocate" and st.active == "empire"  # Rochefort, Nantes and Bordeaux are 2 MP away
    assert sorted(st.legal_actions()) == [("zone", "bayonne"), ("zone", "bordeaux"), ("zone", "nantes"),
                                          ("zone", "rochefort")]
    play(st, ("zone", "nantes"))
    assert st.g["fleets"]["fr_ganteaume"]["where"] == "nantes"
    S.set_control(st, "marseille", "britain")
    for port in ("toulon", "nice", "genoa", "ajaccio"):
        S.set_control(st, port, "britain")
    S.set_side(st, "naples", None)  # Murat's ports closed: Bordeaux is the nearest, 6 MP away, Livorno Austrian
    for port in ("rouen", "dunkirk", "boulogne", "cherbourg", "bayonne", "brest", "rochefort", "nantes"):
        S.set_control(st, port, "britain")
    naval.port_taken(st, "marseille")
    st._advance()  # its way (``naval.relocation``): no enemy squadron on it
    assert st.g["fleets"]["fr_missiessy"]["where"] == "bordeaux"
    S.set_control(st, "bordeaux", "britain")
    naval.port_taken(st, "bordeaux")
    assert "fr_missiessy" not in st.g["fleets"]  # no friendly port in reach: lost


def test_17_2_1_a_force_flagging_a_port_drives_its_fleets_out():
    st = board(turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, fr_missiessy=("port", "nantes"))
    for port in ("brest", "rochefort", "bordeaux", "bayonne"):
        S.set_control(st, port, "britain")
    wellington = put(st, "rennes", ["gb_corps_1", "gb_corps_2"], commander="wellington")
    play(st, ("card", "11C"), ("force", wellington), ("forced_march", 0), ("zone", "nantes"))
    st.g["forces"][wellington]["unsupplied"] = False  # a supplied force may flag the zone (3.2)
    st._legal = None
    play(st, ("flag", None))
    assert st.step == "naval.relocate" and st.active == "empire"  # the Channel ports are 4 MP away
    assert sorted(st.legal_actions()) == [("zone", "boulogne"), ("zone", "cherbourg"), ("zone", "dunkirk"),
                                          ("zone", "rouen")]
    assert GAME.label(st, ("zone", "cherbourg")) == "Sail to Cherbourg"
    play(st, ("zone", "cherbourg"))
    assert st.g["fleets"]["fr_missiessy"]["where"] == "cherbourg" and st.step == "march"


def test_12_1_an_enemy_fleet_at_sea_closes_the_strait_but_not_the_one_inside_denmark():
    from grognard.games.nae.rules import movement
    st = board()
    S.set_side(st, "denmark", "empire")
    S.set_side(st, "sweden", "empire")
    fid = put(st, "copenhagen", ["fr_i"])
    assert movement.enter_refusal(st, fid, "copenhagen", "malmo", 5) is None
    fleets(st, gb_keith=("blockade", "copenhagen"))  # in a blockade box: not at sea
    assert movement.enter_refusal(st, fid, "copenhagen", "malmo", 5) is None
    fleets(st, gb_keith=("sea", "straits"))
    assert movement.enter_refusal(st, fid, "copenhagen", "malmo", 5) == \
        "an enemy fleet at sea in the Danish Straits closes the strait, 12.1"
    assert movement.enter_refusal(st, fid, "copenhagen", "jutland", 5) is None


def test_17_a_save_with_unknown_or_misplaced_fleets_is_refused():
    import re

    from tests.games.nae.test_security import tampered
    st = GAME.new_state("1815", seed=3)
    for change, message in (
            (lambda d: d["core"]["g"]["fleets"]["gb_keith"].update(where="atlantis"), "fleet 'gb_keith' is not"),
            (lambda d: d["core"]["g"]["fleets"]["gb_keith"].update(at="blockade", where="paris"), "fleet 'gb_keith'"),
            (lambda d: d["core"]["g"]["fleets"].update(xx={"power": "france", "at": "sea", "where": "manche"}),
             "fleet 'xx' is not"),
            (lambda d: d["core"]["g"].pop("fleets"), "the save has no fleets")):
        with pytest.raises(ValueError, match=re.escape(message)):
            GAME.load_state(tampered(st, change))


def _brest_taken(dice, **where):
    st = board(list(dice), turn="coalition")
    fleets(st, **where)
    S.set_control(st, "brest", "britain")
    naval.port_taken(st, "brest")
    play(st, ("zone", "nantes"))
    return st


def test_17_2_1_fleets_leaving_a_blockaded_captured_port_are_intercepted_and_the_survivors_sail_on():
    # 17.2.1: « interceptées automatiquement par l'escadre adverse dans la case de blocus. Les unités survivantes
    # au combat peuvent ensuite terminer leur mouvement »: the French 1 + 1 = 2 against Keith's 3 +1 = 4
    st = _brest_taken([1, 1, 3], fr_ganteaume=("port", "brest"), fr_missiessy=("port", "brest"),
                      gb_keith=("blockade", "brest"))
    assert rolls(st, "17.3.1")[-1]["row"] == "difference 2: the Empire's squadron retreats without loss"
    assert st.step == "naval.intercept"  # in the Bay of Biscay, Keith's box lying there, he may try again (17.2.4)
    play(st, ("decline", None))
    assert st.g["fleets"]["fr_ganteaume"]["where"] == st.g["fleets"]["fr_missiessy"]["where"] == "nantes"
    # 17.2.6: Brest is the Coalition's now, so its box holds no blockade: Keith stands in its sea zone
    assert st.g["fleets"]["gb_keith"] == {"power": "britain", "at": "sea", "where": "bay_of_biscay"}
    assert st.step == "round" and st.active == "coalition"


def test_17_2_1_on_their_way_they_may_be_intercepted_and_enter_a_blockaded_friendly_port_even_if_beaten():
    st = _brest_taken([4, 1, 1, 3], fr_ganteaume=("port", "brest"), fr_missiessy=("port", "brest"),
                      gb_calder=("sea", "bay_of_biscay"), gb_fleet_1=("blockade", "nantes"))
    assert st.step == "naval.intercept" and st.legal_actions() == [("intercept_sea", "bay_of_biscay"),
                                                                    ("decline", None)]
    play(st, ("decline", None), ("decline", None))  # Calder at sea, then the blockader of Nantes, in the sea zone
    assert st.step == "naval.intercept" and st.legal_actions() == [("intercept_box", "nantes"), ("decline", None)]
    play(st, ("intercept_box", "nantes"))  # entering Nantes: 4 +2 = 6, intercepted; 1 + 1 against 3: beaten
    assert rolls(st, "17.3.1")[-1]["row"] == "difference 1: the Empire's squadron retreats without loss"
    assert st.g["fleets"]["fr_ganteaume"] == {"power": "france", "at": "port", "where": "nantes"}
    assert naval.blockaders(st, "nantes", "empire") == ["gb_fleet_1"] and st.step == "round"


def test_17_2_1_beaten_on_the_way_they_retreat_and_go_no_further():
    st = _brest_taken([6, 3, 6], fr_ganteaume=("port", "brest"), gb_calder=("sea", "bay_of_biscay"))
    play(st, ("intercept_sea", "bay_of_biscay"))  # 6 +2: intercepted; Ganteaume 3 against Calder 6: beaten
    assert st.step == "naval.retreat" and st.active == "empire"
    dest = st.legal_actions()
    assert ("zone", "nantes") in dest and ("zone", "brest") not in dest  # Brest is no longer a French port
    play(st, ("zone", "rochefort"))
    assert st.g["fleets"]["fr_ganteaume"]["where"] == "rochefort" and st.step == "round"
