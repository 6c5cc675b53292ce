"""15 sieges, from the example of play: Charles at the citadel of Mantua (6 + 1 - 2 = 5, Stable, Siege +1);
Saint-Cyr at Rome (2 + 2 = 4 Stable, then 3 + 2 + 1 = 6 Honours of war: the fortress falls)."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import board, play, put, rolls


def test_15_4_charles_at_the_citadel_of_mantua_is_stable_and_the_marker_rises():
    st = board([6], turn="coalition")
    S.set_control(st, "mantua", "france")
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
    S.set_control(st, "florence", "france")
    st.g["ap_reserve"]["empire"] = 1
    garrison = put(st, "rome", ["au_v"])
    S.set_in_fortress(st, garrison, True)
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
    S.move_force(st, cyr, "livorno")
    from grognard.games.nae.rules import siege

    siege.refresh_sieges(st)
    assert st.g["fortresses"]["rome"]["siege"] is None


def test_15_5_a_conquered_fortress_is_reactivated_with_a_depot_or_a_step():
    st = board()
    S.set_fortress(st, "namur", active=False)
    S.set_control(st, "namur", "france")
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


def test_12_2_1_a_force_that_masked_must_go_on_without_its_covering_force():
    st = board(turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    kleist = put(st, "namur", ["pr_iv", "pr_v"], commander="kleist")
    play(st, ("op", None), ("force", kleist), ("forced_march", 0), ("zone", "lille"), ("mask", "pr_iv"))
    cover = st.g["fortresses"]["lille"]["besieger"]
    actions = st.legal_actions()
    assert ("done", None) not in actions  # past a friendly force it must go on
    assert ("absorb", cover) not in actions  # 12.2.1: units left behind this round move no more
    play(st, ("zone", "soissons"), ("done", None))
    assert st.g["forces"][cover]["zone"] == "lille" and st.g["forces"][kleist]["zone"] == "soissons"


def test_15_4_the_siege_marker_stops_at_plus_3():
    from tests.games.nae.rules.helpers import push

    st = board([1])
    fid = put(st, "namur", ["fr_i", "fr_ii"])
    S.set_fortress(st, "namur", siege=3, besieger=fid)
    push(st, "siege", fid=fid)
    roll, = rolls(st, "15.4")
    assert roll["total"] == 4 and roll["row"] == "Stable" and st.g["fortresses"]["namur"]["siege"] == 3


def test_15_2_an_unsupplied_force_lays_siege_but_cannot_attack():
    from grognard.games.nae.rules import siege

    st = board()
    fid = put(st, "vienna", ["fr_i", "fr_ii"], commander="davout")
    siege.lay_siege(st, fid)
    assert st.g["fortresses"]["vienna"]["siege"] == 0 and not siege.may_attack(st, fid)


def test_15_2_no_siege_while_an_enemy_force_stands_outside_the_fortress():
    from grognard.games.nae.rules import siege

    st = board()
    fid = put(st, "namur", ["fr_i", "fr_ii"], commander="davout")
    put(st, "namur", ["gb_corps_1"])
    siege.lay_siege(st, fid)
    assert st.g["fortresses"]["namur"]["siege"] is None


def test_15_4_a_siege_lifted_and_laid_again_restarts_at_0():
    from grognard.games.nae.rules import siege

    st = board()
    fid = put(st, "namur", ["fr_i", "fr_ii"], commander="davout")
    S.set_fortress(st, "namur", siege=2, besieger=fid)
    S.move_force(st, fid, "lille")
    siege.refresh_sieges(st)
    assert st.g["fortresses"]["namur"]["siege"] is None
    S.move_force(st, fid, "namur")
    siege.lay_siege(st, fid)
    assert st.g["fortresses"]["namur"]["siege"] == 0


def test_15_3_a_besieger_below_2_steps_per_level_lifts_the_siege():
    from grognard.games.nae import state as S
    from grognard.games.nae.rules import siege

    st = board()
    fid = put(st, "namur", ["fr_i", "fr_ii"], commander="davout")
    S.set_fortress(st, "namur", siege=1, besieger=fid)
    S.lose_step(st, fid, "fr_i")
    S.lose_step(st, fid, "fr_i")
    S.lose_step(st, fid, "fr_ii")
    siege.refresh_sieges(st)
    assert st.g["fortresses"]["namur"]["besieger"] is None


def _before_namur(st, units):
    davout = put(st, "namur", units, commander="davout")
    garrison = put(st, "namur", ["pr_i"])
    S.set_in_fortress(st, garrison, True)
    return davout


def test_15_3_a_force_too_weak_to_besiege_withdraws_at_the_end_of_its_sides_action():
    st = board()
    davout = _before_namur(st, {"fr_i": 1})  # 1 step: a level-1 fortress needs 2 (15.2)
    play(st, ("pass", None))
    assert st.step == "retreat" and st.active == "empire" and "too weak to besiege" in st.prompt
    assert ("zone", "reims") in st.legal_actions() and ("zone", "brussels") not in st.legal_actions()
    play(st, ("zone", "reims"))
    assert st.g["forces"][davout]["zone"] == "reims" and st.step == "round" and st.active == "coalition"


def test_15_2_a_force_left_before_a_garrison_with_the_steps_to_besiege_it_lays_the_siege():
    st = board()
    davout = _before_namur(st, ["fr_i"])
    play(st, ("pass", None))
    assert st.g["fortresses"]["namur"]["besieger"] == davout and st.g["fortresses"]["namur"]["siege"] == 0


def test_11_a_force_retreating_into_a_fortress_joins_the_garrison_there():
    from grognard.games.nae.rules import battle

    st = board()
    garrison = put(st, "lille", ["fr_i"])
    S.set_in_fortress(st, garrison, True)
    ney = put(st, "lille", ["fr_ii"], commander="ney")
    battle.move_retreat(st, ney, "fortress")
    assert garrison not in st.g["forces"] and st.g["forces"][ney]["units"] == {"fr_i": 2, "fr_ii": 2}
    assert st.g["forces"][ney]["in_fortress"]


def test_12_3_the_forced_march_test_comes_before_a_step_is_detached_to_reactivate_a_fortress():
    st = board([1] * 4, turn="coalition")
    S.set_fortress(st, "metz", active=False)
    S.set_control(st, "metz", "prussia")
    blucher = put(st, "trier", ["pr_i", "pr_ii"], commander="blucher")
    play(st, ("op", None), ("force", blucher), ("forced_march", 1), ("zone", "metz"), ("reactivate", "pr_i"))
    assert rolls(st, "13.6")[0]["text"].startswith("Attrition of Blücher (4 steps, before it reactivates")
    while st.step == "losses":
        play(st, st.legal_actions()[0])
    assert st.g["fortresses"]["metz"]["active"] and st.g["forces"][blucher]["units"]["pr_i"] == 1


def test_15_5_a_step_detached_to_reactivate_may_cost_the_force_its_last_unit():
    # 10.1: with its last British step gone, Wellington may not command the Prussian Landwehr either (seed 362)
    st = board(turn="coalition")
    S.set_fortress(st, "lille", active=False)
    S.set_control(st, "lille", "britain")
    fid = put(st, "lille", {"gb_elite_2": 1, "gb_uxbridge": 1, "pr_landwehr_1": 1}, commander="wellington",
              army="armee_peninsule")
    st.g["ap_reserve"]["coalition"] = 2
    play(st, ("op", None), ("force", fid), ("forced_march", 0), ("reactivate", "gb_elite_2"))
    assert fid not in st.g["forces"] and st.g["fortresses"]["lille"]["active"]
    assert st.step == "activation"
