"""12.4 interception into an occupied zone: the zone may hold a force of the interceptor's side, which it then takes
in (10.2 consolidation), or a non-activated force of the moving side, which retreats with a beaten mover."""

from __future__ import annotations

from grognard.games.nae.rules import movement
from tests.games.nae.rules.helpers import board, play, put


def test_12_4_blucher_intercepts_into_a_zone_held_by_a_prussian_corps_and_takes_it_in():
    st = board([4, 1, 1, 1, 1], hands={"empire": [], "coalition": ["14C"]})
    davout = put(st, "danzig", ["fr_i", "fr_ii"], commander="davout")
    blucher = put(st, "konigsberg", ["pr_i", "pr_ii"], commander="blucher")
    corps = put(st, "thorn", ["pr_iv"])
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "thorn"))
    assert st.legal_actions() == [("intercept", blucher), ("decline", None)]
    play(st, ("intercept", blucher), ("card", "14C"))
    assert st.step == "send" and ("leave", "pr_i") in st.legal_actions()  # 12.4: he may leave units behind
    play(st, ("done", None))
    assert corps not in st.g["forces"] and st.g["forces"][blucher]["units"] == {"pr_i": 2, "pr_ii": 2, "pr_iv": 2}
    assert any(e["text"].startswith("Battle in Thorn: Davout (4) attacks Blücher (6)") for e in st.log)


def test_12_4_no_interception_into_a_zone_whose_force_the_interceptor_could_not_take_in():
    st = board(hands={"empire": [], "coalition": ["14C"]})
    davout = put(st, "danzig", ["fr_i", "fr_ii"], commander="davout")
    put(st, "konigsberg", ["pr_i", "pr_ii", "pr_iii"], commander="blucher")  # 6 steps = his command
    put(st, "thorn", ["pr_iv"])
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "thorn"))
    assert st.step == "evade"  # no interception asked: the corps is attacked and may withdraw into Thorn


def test_12_4_interception_where_a_friendly_force_of_the_mover_stands():
    st = board(hands={"empire": [], "coalition": ["14C"]})
    davout = put(st, "danzig", ["fr_i"], commander="davout")
    blucher = put(st, "konigsberg", ["pr_i", "pr_ii"], commander="blucher")
    put(st, "thorn", ["fr_iii"])
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "thorn"))
    assert st.legal_actions() == [("intercept", blucher), ("decline", None)]


def test_12_4_a_beaten_mover_retreats_with_the_friendly_force_of_the_interception_zone():
    st = board()
    davout = put(st, "danzig", ["fr_i"], commander="davout")  # back in Danzig after losing the battle
    blucher = put(st, "thorn", ["pr_i", "pr_ii"], commander="blucher")
    corps = put(st, "thorn", ["fr_iii"])
    movement.retreat_with_mover(st, {"att": davout, "dfn": blucher, "zone": "thorn", "came_from": "danzig"})
    assert corps not in st.g["forces"]  # retreated with Davout, then taken in (consolidation)
    assert st.g["forces"][davout]["units"] == {"fr_i": 2, "fr_iii": 2}
