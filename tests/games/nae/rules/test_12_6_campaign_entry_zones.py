"""12.6 / 14.10 / 13.3: the forces of a Major Campaign that fight together each entered the battle zone by their own
zone, and every one of them is « la zone par laquelle est entré l'attaquant » (14.10: « il ne peut en aucun cas
battre en retraite dans la zone par laquelle est entré l'attaquant ») and « la zone par laquelle une force adverse a
pénétré la zone de bataille » (13.3: no defender's supply line through it). Round 7 audit: the engine excluded only
the last force's entry zone, so a defender caught between two converging armies could retreat or trace supply
through the zone the first one came from."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import activation, battle, supply
from tests.games.nae.rules.helpers import board, designate, play, put


def test_12_6_14_10_a_defender_beaten_by_two_converging_forces_retreats_through_neither_entry_zone():
    # Davout 2+2 +1 spearhead +2 = 7 (1+), Blücher 1+1 +1 cavalry +1 = 4 (1); Blücher's morale test: 1, holds
    st = board(dice=[2, 2, 1, 1, 1])
    ney = put(st, "reims", ["fr_iii"], commander="ney")
    davout = put(st, "paris", ["fr_i", "fr_ii"], commander="davout")
    blucher = put(st, "soissons", ["pr_i", "pr_ii", "pr_iii"], commander="blucher")
    S.set_control(st, "reims", "prussia")  # without the rule, Reims would be a first-priority retreat
    activation.push_event_activation(st, "empire", 3, "Major Campaign (event)", fight_together=True)
    st._advance()
    play(st, ("force", ney), ("forced_march", 0), ("zone", "soissons"), ("stand", None), ("wait", None))
    assert "reims" in battle.retreat_options(st, blucher, "soissons", "paris")
    assert battle.retreat_options(st, blucher, "soissons", "paris", ("reims",)) == ["namur"]
    play(st, ("force", davout), ("forced_march", 0), ("zone", "soissons"), ("attack", None))
    designate(st)
    fight = next(f for f in st.core["stack"] if f["step"].startswith("battle"))
    assert fight["came_from"] == "paris" and fight["also_from"] == ["reims"]
    while st.step == "losses":
        play(st, st.legal_actions()[0])
    # one first-priority zone is left: the retreat is taken without a choice
    assert st.g["forces"][blucher]["zone"] == "namur"
    assert any(e["text"] == "Blücher retreats from Soissons to Namur" for e in st.log)


def test_12_6_13_3_the_defenders_line_crosses_neither_entry_zone():
    st = board()
    blucher = put(st, "soissons", ["pr_i"], commander="blucher")
    frame = {"came_from": "paris", "also_from": ["namur"]}
    assert battle.entries(frame) == ("paris", "namur")
    assert supply.force_supplied(st, blucher, avoid="paris")
    assert not supply.force_supplied(st, blucher, avoid=battle.entries(frame))
