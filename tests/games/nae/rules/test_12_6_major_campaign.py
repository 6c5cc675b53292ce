"""12.6 Major Campaign: forces activated together may wait in the enemy's zone and fight together, the consolidated
force going on with the lowest MP left (2 and 3 -> 2); the defender who declined to evade may not evade again
before the battle; Interior Lines (15C) make each force fight separately in the order the moving side chooses."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae.rules import activation
from tests.games.nae.rules.helpers import board, play, put


def _campaign(hands: dict[str, list[str]] | None = None, defender: str = "blucher") -> tuple[State, str, str, str]:
    st = board(hands=hands)
    ney = put(st, "reims", ["fr_iii"], commander="ney")
    davout = put(st, "troyes", ["fr_i", "fr_ii"], commander="davout")
    dfn = put(st, "soissons", ["pr_i"] if defender == "blucher" else ["gb_elite_1"], commander=defender)
    activation.push_event_activation(st, "empire", 3, "Major Campaign (event)", fight_together=True)
    st._advance()
    play(st, ("force", ney), ("forced_march", 0), ("zone", "soissons"))
    assert st.active == "coalition" and ("stand", None) in st.legal_actions()
    play(st, ("stand", None))
    return st, ney, davout, dfn


def test_12_6_forces_with_3_and_2_mp_left_fight_together_and_go_on_with_2():
    st, ney, davout, _blucher = _campaign()
    assert st.step == "campaign.hold" and st.legal_actions() == [("attack", None), ("wait", None)]
    play(st, ("wait", None))
    assert st.step == "activation" and st.g["forces"][ney]["zone"] == "soissons"  # 3 MP left
    play(st, ("force", davout), ("forced_march", 0), ("zone", "reims"), ("zone", "soissons"))
    # 12.6: Blücher declined to evade: no new chance before the battle; Davout (rank 7) takes in Ney (rank 9)
    assert st.step == "campaign.hold"
    assert ney not in st.g["forces"] and "ney" in st.g["removed"]
    assert st.g["forces"][davout]["units"] == {"fr_i": 2, "fr_ii": 2, "fr_iii": 2}
    march = next(f for f in st.core["stack"] if f["step"] == "march")
    assert march["fid"] == davout and march["mp"] == 2
    assert any(e["text"] == "Davout goes on with 2 MP, the lowest left of the forces" for e in st.log)
    play(st, ("attack", None))
    assert any(e["text"].startswith("Battle in Soissons: Davout (6) attacks Blücher (2)") for e in st.log)


def test_12_6_a_force_still_waiting_when_the_campaign_ends_fights_alone():
    st, _ney, _davout, _blucher = _campaign()
    play(st, ("wait", None), ("done", None))
    assert any("no longer waits" in e["text"] for e in st.log)
    assert any(e["text"].startswith("Battle in Soissons: Ney (2) attacks Blücher (2)") for e in st.log)


def test_12_6_interior_lines_each_force_fights_separately_in_the_order_the_mover_chooses():
    st, ney, davout, _wellington = _campaign({"empire": [], "coalition": ["15C"]}, defender="wellington")
    # after the first force entered Wellington's zone, before the first battle (Wellington defends at 3)
    assert st.active == "coalition" and st.legal_actions() == [("card", "15C"), ("done", None)]
    play(st, ("card", "15C"), ("done", None), ("wait", None))
    play(st, ("force", davout), ("forced_march", 0), ("zone", "reims"), ("zone", "soissons"))
    assert st.step == "campaign.order" and st.legal_actions() == [("force", davout), ("force", ney)]
    assert ney in st.g["forces"]  # no consolidation before the battles
    play(st, ("force", ney))
    assert any(e["text"].startswith("Battle in Soissons: Ney (2) attacks Wellington (2)") for e in st.log)
