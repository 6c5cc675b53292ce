"""15 sieges, from the example of play: Charles at the citadel of Mantua (6 + 1 - 2 = 5, Stable, Siege +1);
Saint-Cyr at Rome (2 + 2 = 4 Stable, then 3 + 2 + 1 = 6 Honours of war: the fortress falls)."""

from __future__ import annotations

from tests.games.nae.rules.helpers import board, play, put, rolls


def test_15_4_charles_at_the_citadel_of_mantua_is_stable_and_the_marker_rises():
    st = board([6], turn="coalition")
    st.g["control"]["mantua"] = "france"
    st.g["ap_reserve"]["coalition"] = 1
    charles = put(st, "milan", {"au_grenadiers": 2, "au_i": 2, "au_ii": 2, "au_iii": 1}, commander="charles")
    play(st, ("op", None), ("force", charles), ("forced_march", 0), ("zone", "mantua"))
    assert st.g["fortresses"]["mantua"] == {"level": 2, "active": True, "siege": 0, "besieger": charles}
    assert st.frame["mp"] == 1
    play(st, ("siege", None))
    roll = rolls(st, "15.4")[0]
    assert roll["mods"] == [["attack value", 1], ["citadel", -2]] and roll["total"] == 5
    assert roll["row"] == "Stable" and st.g["fortresses"]["mantua"]["siege"] == 1


def test_15_4_saint_cyr_takes_rome_with_the_honours_of_war_on_his_second_attack():
    st = board([2, 3])
    st.g["control"]["florence"] = "france"
    st.g["ap_reserve"]["empire"] = 1
    garrison = put(st, "rome", ["au_v"])
    st.g["forces"][garrison]["in_fortress"] = True
    cyr = put(st, "florence", ["fr_ix", "fr_x"], commander="saint_cyr")
    play(st, ("op", None), ("force", cyr), ("forced_march", 0), ("zone", "livorno"), ("zone", "rome"))
    assert st.g["fortresses"]["rome"]["besieger"] == cyr
    play(st, ("siege", None))
    first, = rolls(st, "15.4")
    assert first["total"] == 4 and first["row"] == "Stable"
    play(st, ("siege", None))
    second = rolls(st, "15.4")[1]
    assert second["mods"] == [["attack value", 2], ["Siege marker", 1]] and second["total"] == 6
    assert second["row"] == "Honours of war"
    assert st.g["fortresses"]["rome"]["active"] is False and st.g["control"]["rome"] == "france"
    assert garrison not in st.g["forces"]
    assert not [a for a in st.legal_actions() if a[0] in ("siege", "zone")]  # no MP left


def test_15_3_the_siege_is_lifted_when_the_besieger_leaves():
    st = board()
    st.g["ap_reserve"]["empire"] = 1
    cyr = put(st, "livorno", ["fr_ix", "fr_x"], commander="saint_cyr")
    play(st, ("op", None), ("force", cyr), ("forced_march", 0), ("zone", "rome"), ("done", None))
    assert st.g["fortresses"]["rome"]["siege"] == 0
    st.g["forces"][cyr]["zone"] = "livorno"
    from grognard.games.nae.rules import siege

    siege.refresh_sieges(st)
    assert st.g["fortresses"]["rome"]["siege"] is None


def test_15_5_a_conquered_fortress_is_reactivated_with_a_depot_or_a_step():
    st = board()
    st.g["fortresses"]["namur"]["active"] = False
    st.g["control"]["namur"] = "france"
    fid = put(st, "reims", ["fr_i", "fr_ii"], commander="davout", depots=1)
    play(st, ("op", None), ("force", fid), ("forced_march", 0), ("zone", "namur"))
    assert ("reactivate", "depot") in st.legal_actions() and ("reactivate", "fr_i") in st.legal_actions()
    play(st, ("reactivate", "fr_i"))
    assert st.g["fortresses"]["namur"]["active"] and st.g["forces"][fid]["units"]["fr_i"] == 1


def test_15_1_masking_a_fortress_with_2_steps_lets_the_force_go_on():
    st = board(turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    kleist = put(st, "namur", ["pr_iv", "pr_v"], commander="kleist")
    play(st, ("op", None), ("force", kleist), ("forced_march", 0), ("zone", "lille"))
    assert not [a for a in st.legal_actions() if a[0] == "zone"]  # stopped by the French fortress
    assert ("mask", "pr_iv") in st.legal_actions()
    play(st, ("mask", "pr_iv"), ("zone", "soissons"))
    fort = st.g["fortresses"]["lille"]
    cover = fort["besieger"]
    assert fort["siege"] == 0 and st.g["forces"][cover]["units"] == {"pr_iv": 2}
    assert st.g["forces"][kleist]["zone"] == "soissons"


def test_11_a_covering_force_not_left_behind_is_taken_back_in():
    st = board(turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    kleist = put(st, "namur", ["pr_iv", "pr_v"], commander="kleist")
    play(st, ("op", None), ("force", kleist), ("forced_march", 0), ("zone", "lille"), ("mask", "pr_iv"),
         ("done", None))
    assert [f for f in st.g["forces"].values() if f["zone"] == "lille"] == [st.g["forces"][kleist]]
    assert st.g["forces"][kleist]["units"] == {"pr_v": 2, "pr_iv": 2}
