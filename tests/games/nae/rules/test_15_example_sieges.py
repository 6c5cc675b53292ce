"""15 sieges of the example of play (digest 8.2-8.5), on hand-made 1815 positions with scripted dice: Mack at Ulm
(6 + 1 army = 7, Honours, depot spent to reactivate), Napoleon at Ulm after his battle (4 + 3 + 1 = 8, Breach, free
attack), at Salzburg (3 + 4 = 7, Honours) and Vienna (4 + 4 = 8, Breach; then 2 + 4 = 6, Honours, not reactivated)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import siege
from tests.games.nae.rules.helpers import board, play, push, put, rolls


def besiege(st, zone: str, fid: str) -> None:
    S.set_fortress(st, zone, siege=0, besieger=fid)


def test_15_4_round_3_mack_takes_ulm_with_the_honours_of_war_and_spends_his_depot_to_reactivate_it():
    st = board([6], round_no=3, turn="coalition")
    S.set_control(st, "ulm", "france")
    garrison = put(st, "ulm", {"fr_i": 1})
    S.set_in_fortress(st, garrison, True)
    mack = put(st, "ulm", ["au_i", "au_ii"], commander="mack", army="armee_allemagne", depots=1)
    besiege(st, "ulm", mack)
    push(st, "siege", fid=mack)
    roll, = rolls(st, "15.4")
    assert roll["mods"] == [["army", 1]]  # Mack attacks at 0, the marker is 0 and a fortress of level 1 adds 0
    assert roll["total"] == 7 and roll["row"] == "Honours of war"
    fort = st.g["fortresses"]["ulm"]
    assert fort == {"level": 1, "active": False, "siege": None, "besieger": None}
    assert st.g["control"]["ulm"] == "austria" and garrison not in st.g["forces"]
    assert ("reactivate", "depot") in siege.reactivation_choices(st, mack)
    siege.reactivate(st, mack, "depot")
    assert fort["active"] and st.g["forces"][mack]["depots"] == []


def test_15_2_round_4_napoleon_wins_at_ulm_and_breaches_it_with_a_free_siege_attack():
    st = board([4], round_no=4)
    garrison = put(st, "ulm", {"au_iii": 2})
    S.set_in_fortress(st, garrison, True)
    nap = put(st, "ulm", ["fr_garde", "fr_ii"], commander="napoleon", army="grande_armee", depots=2)
    besiege(st, "ulm", nap)
    push(st, "siege", fid=nap)
    roll, = rolls(st, "15.4")
    assert roll["total"] == 8 and roll["row"] == "Breach"
    assert garrison not in st.g["forces"] and "au_iii" in st.g["reserve"]["units"]
    assert st.g["control"]["ulm"] == "france" and st.g["fortresses"]["ulm"]["active"] is False
    siege.reactivate(st, nap, "depot")
    assert st.g["fortresses"]["ulm"]["active"] and st.g["forces"][nap]["depots"] == ["france"]


def test_15_2_after_winning_a_battle_in_the_zone_the_siege_attack_costs_no_mp():
    st = board([4])
    nap = put(st, "namur", ["fr_garde", "fr_ii"], commander="napoleon", army="grande_armee")
    besiege(st, "namur", nap)
    st.g["ap_reserve"]["empire"] = 1
    play(st, ("op", None), ("force", nap), ("forced_march", 0))
    st.frame["mp"], st.frame["free_siege"] = 0, "namur"  # as after the battle won at Ulm (example, round 4)
    assert ("siege", None) in st.legal_actions()
    play(st, ("siege", None))
    assert rolls(st, "15.4")[0]["row"] == "Breach" and st.g["control"]["namur"] == "france"


def test_15_2_the_free_siege_attack_is_only_at_the_fortress_of_the_battle_zone():
    """15.2: "Si le joueur actif a remporté une bataille dans la zone de la forteresse, il peut tenter une attaque
    de siège gratuitement": won at Namur, Napoleon masks it and goes on; at Liège a siege attack costs 1 MP."""
    from grognard.games.nae.rules import movement

    st = board()
    st.g["ap_reserve"]["empire"] = 1
    nap = put(st, "namur", ["fr_garde", "fr_ii", "fr_iii"], commander="napoleon", army="grande_armee")
    besiege(st, "namur", nap)
    play(st, ("op", None), ("force", nap), ("forced_march", 0))
    movement.after_battle(st, {"att": nap, "dfn": "gone", "zone": "namur", "interceptor_from": None}, nap)
    assert ("siege", None) in st.legal_actions()
    play(st, ("leave", "fr_iii"), ("zone", "liege"))
    st.frame["mp"] = 0
    assert st.g["fortresses"]["liege"]["besieger"] == nap and ("siege", None) not in st.legal_actions()


def test_15_4_round_5_napoleon_takes_salzburg_with_honours_and_breaches_vienna():
    st = board([3, 4], round_no=5)
    nap = put(st, "salzburg", ["fr_garde", "fr_ii"], commander="napoleon", army="grande_armee", depots=1)
    besiege(st, "salzburg", nap)
    push(st, "siege", fid=nap)
    siege.reactivate(st, nap, "depot")
    S.move_force(st, nap, "vienna")
    besiege(st, "vienna", nap)
    push(st, "siege", fid=nap)
    salzburg, vienna = rolls(st, "15.4")
    assert (salzburg["total"], salzburg["row"]) == (7, "Honours of war")
    assert (vienna["total"], vienna["row"]) == (8, "Breach")
    assert st.g["fortresses"]["salzburg"]["active"] and not st.g["fortresses"]["vienna"]["active"]
    assert st.g["control"]["vienna"] == "france" and st.g["control"]["salzburg"] == "france"


def test_12_1_round_5_napoleon_takes_salzburg_and_goes_on_into_vienna():
    """12.1 / 15.5, the example of play, round 5: « Napoléon poursuit son mouvement et pénètre dans Vienne »: once
    Salzburg has fallen it no longer stops him; he goes on with his MP left and lays siege to Vienna."""
    st = board([3], round_no=5)
    for zone in ("bade", "ulm", "munich"):  # his line back to Strasbourg
        S.set_control(st, zone, "france")
    S.add_fixed_depot(st, "bade", "france")
    nap = put(st, "munich", ["fr_garde", "fr_ii", "fr_i", "fr_iii"], commander="napoleon", army="grande_armee")
    play(st, ("op", None), ("force", nap), ("forced_march", 1), ("zone", "salzburg"), ("siege", None))
    assert rolls(st, "15.4")[0]["row"] == "Honours of war" and st.frame["mp"] == 2
    play(st, ("zone", "vienna"))
    assert st.g["forces"][nap]["zone"] == "vienna" and st.g["fortresses"]["vienna"]["besieger"] == nap


def test_15_5_round_6_vienna_falls_again_with_honours_and_is_left_empty():
    st = board([2], round_no=6)
    nap = put(st, "vienna", ["fr_garde", "fr_ii"], commander="napoleon", army="grande_armee")
    besiege(st, "vienna", nap)
    push(st, "siege", fid=nap)
    roll, = rolls(st, "15.4")
    assert (roll["total"], roll["row"]) == (6, "Honours of war")
    assert st.g["control"]["vienna"] == "france" and not st.g["fortresses"]["vienna"]["active"]
    assert ("reactivate", "depot") not in siege.reactivation_choices(st, nap)  # no depot left: the zone stays an
    # empty fortress under French control until the end-of-activation phase (5.2.1, 15.5)
