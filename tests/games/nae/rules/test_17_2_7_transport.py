"""17.2.7 naval transport between friendly ports: 2 steps, a depot, a general and an Army marker per fleet; no MP
to embark or land; troops still at sea at the end of the move are lost; fleets without troops are lost first."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import GAME, board, play, put, rolls


def fleets(st, **where):
    st.g["fleets"] = {fl: {"power": S.data().counters.fleets[fl].power, "at": at, "where": w}
                      for fl, (at, w) in where.items()}


def _british_ferry(dice=()):
    """Two British fleets at Portsmouth; Graham's 2-step corps there wants to cross to Antwerp."""
    st = board(list(dice), turn="coalition", hands={"empire": [], "coalition": ["11C"]})
    fleets(st, gb_calder=("port", "portsmouth"), gb_fleet_1=("port", "portsmouth"))
    force = put(st, "portsmouth", ["gb_corps_2"], commander="graham")
    play(st, ("card", "11C"), ("fleet", "gb_calder"), ("fleet", "gb_fleet_1"), ("done", None))
    return st, force


def test_17_2_7_a_force_embarks_in_a_friendly_port_and_lands_in_another():
    st, force = _british_ferry()
    steps = S.steps(st.g["forces"][force])
    assert ("embark", force) in st.legal_actions()
    assert GAME.label(st, ("embark", force)) == f"Embark Graham ({steps} steps, 1 fleet(s), 0 MP)"
    play(st, ("embark", force))
    assert force not in st.g["forces"] and st.g["aboard"][force]["fleets"] == ["gb_calder"]
    assert st.frame["mp"] == 8
    assert "carrying Graham" in "\n".join(GAME.describe(st, "empire"))
    assert ("drop_fleet", "gb_calder") not in st.legal_actions()  # a fleet never leaves its troops at sea
    play(st, ("sea", "manche"), ("zone", "antwerp"))
    assert GAME.label(st, ("disembark", force)) == "Land Graham at Antwerp (0 MP)"
    play(st, ("disembark", force))
    assert st.g["forces"][force]["zone"] == "antwerp" and not st.g["aboard"]
    play(st, ("done", None))
    assert st.step == "activation" and ("force", force) not in st.legal_actions()  # no land move after landing


def test_17_2_7_troops_left_at_sea_are_eliminated_and_those_in_a_friendly_port_land():
    st, force = _british_ferry()
    play(st, ("embark", force), ("sea", "manche"), ("done", None))
    assert force not in st.g["forces"] and not st.g["aboard"] and "gb_corps_2" in st.g["reserve"]["units"]
    st, force = _british_ferry()
    play(st, ("embark", force), ("sea", "manche"), ("zone", "plymouth"), ("done", None))
    assert st.g["forces"][force]["zone"] == "plymouth"


def test_17_2_7_a_fleet_carries_2_steps_a_general_a_depot_and_an_army_marker():
    from grognard.games.nae.rules import naval
    st = board()
    two = put(st, "portsmouth", ["gb_corps_1", "gb_corps_3"], commander="hill", depots=1)  # 4 steps
    assert naval.fleets_needed(st.g["forces"][two]) == 2
    three = put(st, "plymouth", ["gb_corps_1", "gb_corps_3", "gb_militia"], commander="hill")  # 6 steps
    assert naval.fleets_needed(st.g["forces"][three]) == 3
    depots = put(st, "london", ["gb_corps_2"], depots=2)  # a lone corps of 2 steps with 2 depots
    assert naval.fleets_needed(st.g["forces"][depots]) == 2
    st, graham = _british_ferry()
    hill = put(st, "portsmouth", ["gb_corps_1", "gb_corps_3"], commander="hill", side="coalition")
    S.move_force(st, hill, "portsmouth")
    st._legal = None
    play(st, ("embark", graham))
    assert ("embark", hill) not in st.legal_actions()  # it needs 2 fleets and 1 is free


def test_17_2_7_in_a_naval_defeat_the_empty_fleets_are_lost_first():
    st, force = _british_ferry([1, 1, 6])
    st.g["fleets"]["fr_ganteaume"] = {"power": "france", "at": "sea", "where": "manche"}
    play(st, ("embark", force), ("sea", "manche"), ("decline", None), ("attack_sea", "manche"), ("stand", None))
    assert rolls(st, "17.3.1")[1]["row"] == "difference 4: the Coalition's squadron loses 1 fleet(s)"
    assert st.legal_actions() == [("scuttle", "gb_fleet_1")]  # not Calder's fleet, which carries Graham
    assert GAME.label(st, ("scuttle", "gb_fleet_1")) == "Lose British fleet 1"
    play(st, ("scuttle", "gb_fleet_1"))
    assert st.step == "naval.retreat" and ("zone", "portsmouth") in st.legal_actions()
    play(st, ("zone", "portsmouth"))  # beaten, back into the port: the troops land there
    assert st.g["forces"][force]["zone"] == "portsmouth" and st.step == "activation"


def test_17_2_7_no_landing_in_a_friendly_port_where_enemy_forces_stand_outside_the_fortress():
    """11: the two sides share a zone only across a fortress wall, so troops do not land in a friendly port where an
    enemy force stands outside its fortress (a random 1805 game landed Archduke Ferdinand beside Davout at Holstein);
    left aboard at the end of the move, they are lost (17.2.7)."""
    st, force = _british_ferry()
    S.set_control(st, "antwerp", "britain")
    put(st, "antwerp", ["fr_i"], side="empire")
    play(st, ("embark", force), ("sea", "manche"), ("zone", "antwerp"))
    assert ("disembark", force) not in st.legal_actions()
    play(st, ("done", None))
    assert force not in st.g["forces"] and "gb_corps_2" in st.g["reserve"]["units"]
