"""12.2 leaving units behind and partial absorption; the worked examples of 12.2.1 (Masséna and Oudinot), 12.3 (a
slower unit taken in on the way) and of the example of play (Koutouzov picks up Buxhowden, absorbs Bellegarde's
force; Napoléon leaves Davout and a corps on his line of communication)."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae.rules import command
from tests.games.nae.rules.helpers import board, play, put


def _activation(st: State):
    return next(f for f in reversed(st.core["stack"]) if f["step"] == "activation")


def test_12_2_1_massena_drops_2_steps_then_absorbs_oudinot_who_returns_to_the_reserve():
    st = board()
    massena = put(st, "reims", ["fr_i", "fr_ii"], commander="massena")  # 4 steps, command 6
    oudinot = put(st, "paris", ["fr_iii"], commander="oudinot")
    play(st, ("op", None), ("force", massena), ("forced_march", 0))
    assert ("leave", "fr_i") in st.legal_actions() and ("leave", "fr_ii") in st.legal_actions()
    play(st, ("leave", "fr_ii"))
    left = next(fid for fid, f in st.g["forces"].items() if f["units"] == {"fr_ii": 2})
    assert st.g["forces"][left]["zone"] == "reims" and st.g["forces"][left]["commander"] is None
    assert ("leave", "fr_i") not in st.legal_actions()  # 12.2.1: a general always keeps a combat unit
    play(st, ("zone", "paris"), ("absorb", oudinot))
    assert st.g["forces"][massena]["units"] == {"fr_i": 2, "fr_iii": 2}
    assert "oudinot" in st.g["removed"] and st.g["forces"][massena]["subs"] == []  # not an army: to the reserve
    assert set(st.g["forces"][left]["units"]) <= set(_activation(st)["moved"])  # 12.2.1: they have moved this round


def test_12_2_1_partial_absorption_then_the_force_must_go_on():
    st = board()
    massena = put(st, "reims", ["fr_i"], commander="massena")  # command 6
    oudinot = put(st, "paris", ["fr_ii", "fr_iii", "fr_iv"], commander="oudinot")
    play(st, ("op", None), ("force", massena), ("forced_march", 0), ("zone", "paris"))
    assert {("take", "fr_ii"), ("take", "fr_iii")} <= set(st.legal_actions())
    assert ("absorb", oudinot) not in st.legal_actions()  # 8 steps: beyond Masséna's command
    play(st, ("take", "fr_ii"))
    assert st.g["forces"][massena]["units"] == {"fr_i": 2, "fr_ii": 2}
    assert st.g["forces"][oudinot]["units"] == {"fr_iii": 2, "fr_iv": 2} and "oudinot" not in st.g["removed"]
    assert ("done", None) not in st.legal_actions()  # 12.2.1: past a force it cannot absorb it goes on
    play(st, ("zone", "orleans"), ("done", None))
    assert st.g["forces"][oudinot]["zone"] == "paris"


def test_11_a_force_that_stops_where_a_friendly_force_stands_takes_it_in():
    st = board()
    massena = put(st, "reims", ["fr_i"], commander="massena")
    oudinot = put(st, "paris", ["fr_ii", "fr_iii"], commander="oudinot")
    play(st, ("op", None), ("force", massena), ("forced_march", 0), ("zone", "paris"), ("take", "fr_ii"))
    assert ("done", None) in st.legal_actions()  # it may stop: the two consolidate (11, 12.2.2)
    play(st, ("done", None))
    assert oudinot not in st.g["forces"] and "oudinot" in st.g["removed"]
    assert st.g["forces"][massena]["units"] == {"fr_i": 2, "fr_ii": 2, "fr_iii": 2}


def test_12_2_2_a_lower_ranked_general_never_takes_the_steps_of_a_higher_ranked_one():
    st = board()
    st.g["ap_reserve"]["empire"] = 1
    oudinot = put(st, "reims", ["fr_i"], commander="oudinot")  # rank 14
    massena = put(st, "paris", ["fr_ii", "fr_iii"], commander="massena")  # rank 5
    play(st, ("op", None), ("force", oudinot), ("forced_march", 0), ("zone", "paris"))
    assert not [a for a in st.legal_actions() if a[0] in ("take", "absorb")]
    # 12.2.2: but he may leave steps with the higher-ranked general
    assert not command.may_leave(st, oudinot, "fr_i")  # not his last combat unit
    assert st.g["forces"][massena]["units"] == {"fr_ii": 2, "fr_iii": 2}


def test_12_2_1_napoleon_leaves_davout_and_a_corps_to_guard_his_line_of_communication():
    """Example of play, round 6: Napoléon enters Salzbourg and leaves Davout with one elite corps there."""
    st = board()
    nap = put(st, "paris", ["fr_garde", "fr_i", "fr_iii"], commander="napoleon", army="grande_armee",
              subs=["davout"])
    play(st, ("op", None), ("force", nap), ("forced_march", 0), ("zone", "reims"))
    assert ("leave_general", "davout") not in st.legal_actions()  # no units left here yet for him to command
    play(st, ("leave", "fr_i"), ("leave_general", "davout"))
    davout = next(fid for fid, f in st.g["forces"].items() if f["commander"] == "davout")
    assert st.g["forces"][davout]["units"] == {"fr_i": 2} and st.g["forces"][davout]["zone"] == "reims"
    assert st.g["forces"][nap]["subs"] == [] and st.g["forces"][nap]["units"] == {"fr_garde": 2, "fr_iii": 2}
    play(st, ("leave", "fr_iii"))  # 12.2.1: more units may join Davout, within his command
    assert st.g["forces"][davout]["units"] == {"fr_i": 2, "fr_iii": 2}
    play(st, ("zone", "metz"))
    assert st.g["forces"][nap]["zone"] == "metz" and st.g["forces"][davout]["zone"] == "reims"


def test_12_3_mf4_plus_3_absorbing_an_mf3_unit_after_2_mp_keeps_at_most_6():
    st = board()
    davout = put(st, "troyes", ["fr_i", "fr_ii"], commander="davout")
    naples = put(st, "soissons", ["nap_1"])  # a Neapolitan corps of MF 3
    play(st, ("op", None), ("force", davout), ("forced_march", 3))
    assert st.frame["mp"] == 7
    play(st, ("zone", "reims"), ("zone", "soissons"))
    assert st.frame["mp"] == 5
    play(st, ("absorb", naples))
    assert st.frame["mp"] == 4  # 6 in all: the 7th MP is lost


def test_example_round_4_koutouzov_picks_up_buxhowden_on_his_first_mp_and_goes_on_with_5():
    st = board(turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    kout = put(st, "grodno", ["ru_i", "ru_ii"], commander="koutouzov", army="premiere_armee")
    bux = put(st, "brest_litovsk", ["ru_iii", "ru_iv"], commander="buxhowden")
    play(st, ("op", None), ("force", kout), ("done", None), ("forced_march", 3))  # no free call-in (9.1)
    assert st.frame["mp"] == 6
    play(st, ("zone", "brest_litovsk"), ("absorb", bux))
    assert st.frame["mp"] == 5 and st.g["forces"][kout]["subs"] == ["buxhowden"]
    assert len(st.g["forces"][kout]["units"]) == 4


def test_example_round_6_koutouzov_absorbs_bellegarde_as_the_russian_steps_stay_the_majority():
    st = board(turn="coalition")
    kout = put(st, "leopoldstadt", {"ru_i": 2, "ru_ii": 2, "ru_iii": 1}, commander="koutouzov",
               army="premiere_armee", subs=["buxhowden"])
    bell = put(st, "budapest", ["au_i"], commander="bellegarde", depots=1)
    assert command.may_absorb(st, kout, bell)
    command.absorb(st, kout, bell)
    f = st.g["forces"][kout]
    assert f["commander"] == "koutouzov" and "au_i" in f["units"] and f["depots"] == ["austria"]
    # 10.1 / 10.2: with as many Austrian as Russian steps, Koutouzov could not take them
    st2 = board(turn="coalition")
    kout2 = put(st2, "leopoldstadt", ["ru_i"], commander="koutouzov", army="premiere_armee")
    bell2 = put(st2, "budapest", ["au_i"], commander="bellegarde")
    assert not command.may_absorb(st2, kout2, bell2)


def test_15_1_a_covering_force_of_several_reduced_units_under_a_subordinate_masks_the_fortress():
    st = board(turn="coalition")
    blucher = put(st, "namur", {"pr_i": 2, "pr_ii": 2, "pr_iv": 1, "pr_v": 1}, commander="blucher",
                  army="armee_elbe", subs=["kleist"])
    play(st, ("op", None), ("force", blucher), ("forced_march", 0), ("zone", "lille"))
    assert not [a for a in st.legal_actions() if a[0] == "zone"]  # the French fortress stops it
    assert ("mask", "pr_iv") not in st.legal_actions()  # 1 loss step: not enough alone
    play(st, ("leave", "pr_iv"), ("leave_general", "kleist"))
    assert st.g["fortresses"]["lille"]["besieger"] == blucher  # 15.2: Blücher laid siege on entering
    assert not [a for a in st.legal_actions() if a[0] == "zone"]
    play(st, ("leave", "pr_v"))  # 2 loss steps = 2 x level 1
    kleist = next(fid for fid, f in st.g["forces"].items() if f["commander"] == "kleist")
    assert st.g["fortresses"]["lille"] == {"level": 1, "active": True, "siege": 0, "besieger": kleist}
    play(st, ("zone", "soissons"))
    assert st.g["forces"][blucher]["zone"] == "soissons"
    assert st.g["forces"][kleist]["units"] == {"pr_iv": 1, "pr_v": 1}
