"""Issue 9, item 27: ``why ZONE`` / ``why FORCE`` names the rule that keeps an option off the menu, read from the
rules' own checks."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import battle, movement
from grognard.games.nae.why import find_force, find_zone, why
from tests.games.nae.rules.helpers import board, play, push, put


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
    assert why(st, "Blücher") == "Blücher cannot be activated: it is a force of the Coalition, 9.1."
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


def test_terminal_27_why_a_force_cannot_be_absorbed():
    """12.2 / 10.1 / 10.2 / 12.2.1: the moving force's absorb options, explained when missing."""
    st = board()
    massena = put(st, "reims", ["fr_i", "fr_ii", "fr_iii"], commander="massena")  # 6 steps = command 6
    oudinot = put(st, "paris", ["fr_iv"], commander="oudinot")
    play(st, ("op", None), ("force", massena), ("forced_march", 0), ("zone", "paris"))
    assert st.step == "march"
    assert why(st, oudinot) == (f"{S.name_of(st, oudinot)} cannot be absorbed by Masséna: Masséna may not command "
                                "its units too (steps, reserve cavalry or allied steps beyond his limits), 10.1.")
    far = put(st, "lille", ["fr_vi"], commander="grouchy")
    assert why(st, far).endswith("is not in Paris, where Masséna stands, 12.2.")


def test_terminal_27_why_a_force_cannot_retreat_or_evade_into_a_zone():
    """14.10 / 12.5: the retreat and evasion menus, explained for a zone left off them."""
    st = board()
    wellington = put(st, "brussels", ["gb_elite_1"], commander="wellington")
    put(st, "lille", ["fr_i", "fr_ii"], commander="ney")
    options = battle.retreat_options(st, wellington, "brussels", "namur")
    push(st, "retreat", fid=wellington, side="coalition", options=options)
    assert st.step == "retreat" and "lille" not in options
    assert why(st, "Lille") == "cannot retreat into Lille: an active enemy fortress stands there, 14.10."
    assert why(st, "Paris") == "cannot retreat into Paris: it is not next to Brussels, 14.10."
    assert why(st, options[0]).endswith("is one of the choices now.")
    st.pop()
    push(st, "evade.where", fid=wellington, side="coalition",
         options=movement.evasion_destinations(st, wellington, "brussels", "namur"))
    assert why(st, "Lille") == "cannot evade into Lille: an enemy force stands there, 12.5."


def test_terminal_27_why_a_retreat_follows_the_priorities():
    """14.10: an enemy-controlled empty zone is a retreat only when no zone of the first priority is open."""
    st = board()
    wellington = put(st, "brussels", ["gb_elite_1"], commander="wellington")
    enemy_zone = "antwerp"
    S.set_control(st, enemy_zone, "france")
    S.set_fortress(st, enemy_zone, active=False)
    friendly = battle.retreat_options(st, wellington, "brussels", "namur")
    assert enemy_zone not in friendly
    assert battle.retreat_refusal(st, wellington, "brussels", "namur", enemy_zone) == (
        "a retreat goes to the zones of the first priority open ("
        + ", ".join(S.zone_name(z) for z in friendly) + "), 14.10")
