"""1.4 depots: a fixed depot alone defends at 1/2 and is destroyed if it loses (14.2: outright at 5:1); a force with a
general turns its mobile depots fixed, or its fixed depots mobile, during its move; 14.10: fixed depots retreating
with their force become mobile."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import board, play, put, rolls


def test_1_4_a_fixed_depot_alone_is_destroyed_at_5_to_1_and_the_force_goes_on():
    st = board()
    S.add_fixed_depot(st, "soissons", "prussia")
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "soissons"))
    assert st.g["fixed_depots"] == [] and any("odds 8:1" in e["text"] or "odds 5:1" in e["text"]
                                              for e in st.log if e.get("rule") == "14.2")
    assert st.step == "march" and any(a[0] == "zone" for a in st.legal_actions())


def test_1_4_a_lone_corps_beaten_by_a_fixed_depot_falls_back_and_its_activation_ends():
    st = board([1, 1, 6, 6])
    S.add_fixed_depot(st, "soissons", "prussia")
    corps = put(st, "reims", ["fr_i"])
    st.g["ap_reserve"]["empire"] = 1  # 9.1: a lone corps that fights costs 2 AP
    play(st, ("op", None), ("force", corps), ("forced_march", 0), ("zone", "soissons"))
    att, dfn = rolls(st, "14.6")
    assert att["mods"] == [["odds", att["mods"][0][1]]] and dfn["mods"] == []
    assert st.g["fixed_depots"] == [{"zone": "soissons", "power": "prussia"}]
    assert st.g["forces"][corps]["zone"] == "reims"
    assert st.step == "activation" and st.legal_actions() == [("done", None)]  # 9.1: its activation is over


def test_1_4_a_fixed_depot_is_taken_up_as_mobile_but_not_turned_over_again_in_the_same_zone():
    st = board()
    S.add_fixed_depot(st, "reims", "france")
    davout = put(st, "reims", ["fr_i"], commander="davout")
    play(st, ("op", None), ("force", davout), ("forced_march", 0))
    assert ("mobile_depot", None) in st.legal_actions()
    play(st, ("mobile_depot", None))
    assert st.g["fixed_depots"] == [] and st.g["forces"][davout]["depots"] == ["france"]
    assert ("fixed_depot", None) not in st.legal_actions()
    play(st, ("zone", "soissons"), ("fixed_depot", None))
    assert st.g["fixed_depots"] == [{"zone": "soissons", "power": "france"}]


def test_14_10_fixed_depots_retreat_with_the_beaten_force_as_mobile():
    from grognard.games.nae.rules import battle

    st = board()
    S.add_fixed_depot(st, "namur", "prussia")
    blucher = put(st, "namur", ["pr_i"], commander="blucher")
    battle.move_retreat(st, blucher, "liege")
    assert st.g["fixed_depots"] == [] and st.g["forces"][blucher]["depots"] == ["prussia"]
