"""12.1 land movement and 16 weather: MF of the slowest unit, terrain and border costs, forbidden zones."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import movement
from tests.games.nae.rules.helpers import board, play, put


def test_12_1_force_moves_at_the_lowest_mf_8_french_mf4_2_bavarian_mf3():
    st = board()
    fid = put(st, "reims", ["fr_i", "fr_ii", "fr_iii", "fr_iv", "bav_1"], commander="napoleon")
    assert movement.movement_factor(st, fid) == 3


def test_16_bad_weather_and_winter_take_one_mf():
    for round_no, mf in ((4, 4), (5, 3), (6, 3)):
        st = board(round_no=round_no)
        fid = put(st, "reims", ["fr_i"])
        assert movement.movement_factor(st, fid) == mf


def test_12_1_mf_2_cannot_cross_a_mountain_without_pass_but_a_forced_march_can():
    st = board(round_no=5, turn="coalition")  # Spanish MF 3 - 1 bad weather = 2
    fid = put(st, "lerida", ["sp_corps_1"])
    st.g["ap_reserve"]["coalition"] = 1  # 9.1: a lone corps that force-marches costs 2 AP
    play(st, ("op", None), ("force", fid), ("forced_march", 0))
    assert ("zone", "toulouse") not in st.legal_actions()  # 1 + 2 = 3 MP
    st.undo()
    play(st, ("forced_march", 1))
    assert ("zone", "toulouse") in st.legal_actions()
    play(st, ("zone", "toulouse"))
    assert st.frame["mp"] == 0


def test_12_1_an_unbridged_river_adds_one_mp():
    st = board(turn="coalition")
    fid = put(st, "konigsberg", ["pr_i"], commander="blucher")
    play(st, ("op", None), ("force", fid), ("forced_march", 0), ("zone", "danzig"))
    assert st.frame["mp"] == 1  # MF 3 - (1 clear + 1 river)


def test_12_1_a_neutral_zone_is_never_entered_and_militia_stay_home():
    st = board(turn="coalition")
    fid = put(st, "lerida", ["sp_corps_1"])
    st.g["ap_reserve"]["coalition"] = 1  # 9.1: a lone corps that force-marches costs 2 AP
    play(st, ("op", None), ("force", fid), ("forced_march", 0))
    assert not [a for a in st.legal_actions() if a[1] in ("porto", "lisbon")]
    st = board()
    gn = put(st, "perpignan", ["fr_gn_1"])
    play(st, ("op", None), ("force", gn), ("forced_march", 0))
    zones = [a[1] for a in st.legal_actions() if a[0] == "zone"]
    assert zones and "gerona" not in zones


def test_12_2_1_a_force_passes_through_a_friendly_force_it_cannot_absorb_and_must_go_on():
    st = board()
    fid = put(st, "reims", ["fr_i"])
    other = put(st, "paris", ["fr_ii"])
    play(st, ("op", None), ("force", fid), ("forced_march", 0), ("zone", "paris"))
    actions = st.legal_actions()
    assert ("done", None) not in actions and ("absorb", other) not in actions  # a lone corps commands nobody
    assert ("zone", "orleans") in actions
    play(st, ("zone", "orleans"), ("done", None))
    assert st.g["forces"][other]["zone"] == "paris" and st.g["forces"][fid]["zone"] == "orleans"


def test_12_2_1_a_force_never_spends_its_last_mp_entering_a_friendly_force_it_cannot_absorb():
    st = board()
    fid = put(st, "reims", ["fr_i"])
    put(st, "paris", ["fr_ii"])
    play(st, ("op", None), ("force", fid), ("forced_march", 0))
    st.frame["mp"] = S.data().map.enter_cost("reims", "paris")
    assert ("zone", "paris") not in st.legal_actions()


def test_12_1_a_force_stops_at_an_enemy_fortress_and_lays_siege():
    st = board()
    fid = put(st, "reims", ["fr_i", "fr_ii"], commander="ney")
    play(st, ("op", None))
    assert ("force", fid) not in st.legal_actions()  # Ney's initiative 2 > 1 AP
    st = board()
    fid = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    play(st, ("op", None), ("force", fid), ("forced_march", 0), ("zone", "namur"))  # British-held fortress
    assert not [a for a in st.legal_actions() if a[0] == "zone"]
    assert st.g["fortresses"]["namur"]["siege"] == 0 and st.g["fortresses"]["namur"]["besieger"] == fid
