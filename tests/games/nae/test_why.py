"""Issue 9, item 27: ``why ZONE`` / ``why FORCE`` names the rule that keeps an option off the menu, read from the
rules' own checks."""

from __future__ import annotations

from grognard.games.nae.why import find_force, find_zone, why
from tests.games.nae.rules.helpers import board, play, put


def test_terminal_27_why_a_zone_cannot_be_entered():
    st = board(round_no=5, turn="coalition")  # bad weather: Spanish MF 3 - 1 = 2
    fid = put(st, "lerida", ["sp_corps_1"])
    play(st, ("op", None), ("force", fid), ("forced_march", 0))
    assert why(st, "Toulouse") == "cannot enter Toulouse: entering Toulouse costs 3 MP and 2 MP are left, 12.1."
    assert why(st, "paris").startswith("cannot enter Paris: it is not next to Lérida")
    assert why(st, "Zaragoza") == "Zaragoza is one of the choices now."


def test_terminal_27_why_a_force_must_stop_at_an_enemy_fortress():
    st = board()
    fid = put(st, "lille", ["fr_i"])
    play(st, ("op", None), ("force", fid), ("forced_march", 0), ("zone", "namur"))  # British-held fortress
    assert st.step == "march" and st.frame["stopped"]
    assert why(st, "Liège") == ("cannot enter Liège: the force must stop in Namur, where an active enemy fortress "
                                "stands that no other force besieges, 12.1 / 15.1.")


def test_terminal_27_why_a_force_cannot_be_activated():
    st = board()
    nap = put(st, "reims", ["fr_i", "fr_ii"], commander="napoleon")
    lone = put(st, "paris", ["fr_iii"])
    blu = put(st, "namur", ["pr_i"], commander="blucher")
    play(st, ("op", None))  # 1 AP
    assert why(st, "Blücher") == "Blücher cannot be activated: it is a force of the coalition, 9.1."
    assert why(st, "napoleon") == "Napoleon is one of the choices now."  # initiative 1
    play(st, ("force", lone), ("forced_march", 0), ("done", None))
    assert st.step == "activation"
    assert why(st, "French III Corps").endswith("its units (or army) have already moved in this activation, 12.2.1.")
    assert find_force(st, "blucher") == blu and find_force(st, nap) == nap


def test_terminal_27_why_names_unknown_targets_and_other_steps():
    st = board()
    put(st, "reims", ["fr_i"])
    assert why(st, "Atlantis") == "'Atlantis' names no zone and no force on the map."
    assert why(st, "Reims").startswith("Reims is not asked for now: 1815, round 2")
    assert find_zone("zurich") == find_zone("Zürich") == "zurich"
