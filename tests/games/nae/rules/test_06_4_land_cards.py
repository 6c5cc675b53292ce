"""6.4 The last land cards of the grand campaigns: 37F The Berezina (14.10), 5F Soldiers of Year II, 54F
Requisitions, 49F Montmirail (12.2.1), 4F The Camp of Boulogne (7.6)."""

from __future__ import annotations

from grognard.core.machine import State
from tests.games.nae.rules.helpers import board, play, put, rolls


def beaten_at_mannheim(card: bool) -> tuple[State, str]:
    """Blücher attacks Ney at Mannheim from Darmstadt and wins « 1+ » against « 0+ »; the open zones around are held
    by Coalition corps, so Ney's only retreats (Mainz, Landau) cross the Rhine (14.10). The Empire holds 37F and
    plays it after the dice if ``card``."""
    st = board([3, 2, 1, 1, 6, 1], turn="coalition", hands={"empire": ["37F"], "coalition": []})
    st.g["ap_reserve"]["coalition"] = 2
    ney = put(st, "mannheim", ["fr_x", "fr_xi", "fr_xii"], commander="ney")
    for zone, uid in (("bade", "pr_iii"), ("stuttgart", "pr_iv"), ("wurzburg", "au_i")):
        put(st, zone, [uid], side="coalition")
    blucher = put(st, "darmstadt", ["pr_i", "pr_ii"], commander="blucher")
    play(st, ("op", None), ("force", blucher), ("forced_march", 0), ("zone", "mannheim"), ("stand", None))
    while st.step == "cards.window" and st.frame["window"] == "before":
        play(st, ("done", None))
    play(st, ("loss", "fr_x"))
    assert st.step == "cards.window" and st.frame["window"] == "after" and st.active == "empire"
    assert ("card", "37F") in st.legal_actions()
    play(st, ("card", "37F") if card else ("done", None))
    while st.step == "cards.window":
        play(st, ("done", None))
    return st, ney


def test_14_10_the_berezina_37f_a_retreat_across_the_rhine_costs_no_step() -> None:
    """37F: « if it must retreat, crossing an unbridged river or a mountain without pass costs it no step (14.10) »:
    played after the dice by the beaten defender, no loss on the retreat, and none counted in the demoralization
    differential (14.9.1: « y compris les pertes liées au repli au travers d'un fleuve »)."""
    st, ney = beaten_at_mannheim(card=True)
    assert "differential 1 = 4" in rolls(st, "14.9.1")[0]["text"]
    force = st.g["forces"][ney]
    assert force["zone"] == "landau" and force["units"] == {"fr_x": 1, "fr_xi": 2, "fr_xii": 2}
    assert "37F" in st.g["out"]  # gold star


def test_14_10_without_the_berezina_the_same_retreat_costs_a_step() -> None:
    st, ney = beaten_at_mannheim(card=False)
    assert "differential 2 = 3" in rolls(st, "14.9.1")[0]["text"]
    assert st.step == "losses" and st.frame["why"] == "retreat across a River"
    play(st, ("loss", "fr_x"))
    assert st.g["forces"][ney]["units"] == {"fr_xi": 2, "fr_xii": 2}
    assert any(e["text"] == "French X Corps is eliminated (retreat across a River)" for e in st.log)


def test_14_10_the_berezina_is_not_offered_to_the_beaten_attacker() -> None:
    """« Your force attacked this round »: the card is the attacked force's; a beaten attacker may not play it."""
    st = board([1, 1, 6, 6], hands={"empire": ["37F"], "coalition": []})
    st.g["ap_reserve"]["empire"] = 2
    ney = put(st, "landau", ["fr_x", "fr_xi", "fr_xii"], commander="ney")
    put(st, "mannheim", ["pr_i", "pr_ii"], commander="blucher")
    play(st, ("op", None), ("force", ney), ("forced_march", 0), ("zone", "mannheim"))
    while st.step != "cards.window" or st.frame["window"] != "after":
        play(st, ("done", None) if st.step == "cards.window" else ("stand", None) if st.step == "evade"
             else st.legal_actions()[0])
    assert st.active == "empire" and st.frame["role"] == "attacker" and st.legal_actions() == [("done", None)]


def test_6_4_soldiers_of_year_ii_5f_its_event_is_its_ap_for_an_activation() -> None:
    """5F: « if played in the activation phase, its AP may also be used for an activation »: the card's event is the
    card played for its AP, offered once in the round's menu (no second, identical choice)."""
    from grognard.games.nae import state as S
    from grognard.games.nae.rules import events

    assert events.event_played_by(S.data().cards.cards["5F"]) == "round" and not events.missing_uses(
        S.data().cards.cards["5F"])
    st = board(hands={"empire": ["5F"], "coalition": []})
    put(st, "reims", ["fr_i"], commander="ney")
    assert ("card", "5F") in st.legal_actions() and ("event", "5F") not in st.legal_actions()
    play(st, ("card", "5F"))
    assert st.step == "activation" and st.frame["ap"] == 1


def test_6_4_requisitions_54f_its_activation_takes_minus_2_on_every_attrition_test() -> None:
    """54F: « -2 to the attrition tests of your forces this activation »: played as the round's action, the card's AP
    pays for the activation its modifier helps; the next activation has no such help."""
    st = board([3, 3], hands={"empire": ["54F"], "coalition": []})
    st.g["ap_reserve"]["empire"] = 1
    ney = put(st, "reims", ["fr_i", "fr_ii"], commander="ney")
    assert ("event", "54F") in st.legal_actions()
    play(st, ("event", "54F"))
    assert st.step == "activation" and st.frame["ap"] == 2 and st.frame["count"] is None  # with the AP reserve
    play(st, ("force", ney), ("forced_march", 2), ("zone", "soissons"), ("done", None))
    test = rolls(st, "13.6")[0]
    assert ["Requisitions card", -2] in test["mods"]
    assert "54F" in st.g["discards"]["empire"]
    st.g["round"] += 1
    st.g["ap_reserve"]["empire"] = 2
    st.g["turn"] = "empire"
    st.core["stack"][-1:] = []
    from tests.games.nae.rules.helpers import push

    push(st, "round")
    play(st, ("op", None), ("force", ney), ("forced_march", 2), ("zone", "reims"), ("done", None))
    assert all(m[0] != "Requisitions card" for m in rolls(st, "13.6")[-1]["mods"])


def napoleon_attacks(dice: list[int]) -> tuple[State, str]:
    """49F played: Napoléon's force at Reims attacks a lone Prussian corps at Soissons and destroys it."""
    st = board(dice, hands={"empire": ["49F"], "coalition": []})
    napoleon = put(st, "reims", ["fr_garde", "fr_i", "fr_ii"], commander="napoleon", army="grande_armee")
    put(st, "soissons", ["pr_i"])
    play(st, ("event", "49F"), ("force", napoleon), ("forced_march", 0), ("zone", "soissons"))
    while st.step != "march":
        play(st, ("done", None) if st.step == "cards.window" else st.legal_actions()[0])
    return st, napoleon


def test_12_2_1_montmirail_49f_after_a_battle_won_napoleon_is_activated_again_with_his_full_mf() -> None:
    """49F: « after a battle won it may be activated a second time this round with its full MF »: the exception
    to 12.2.1 (« units move once per round ») the card makes, once."""
    from grognard.games.nae.rules import movement

    st, napoleon = napoleon_attacks([6, 6, 1, 1])
    assert rolls(st, "14.6")[0]["row"] == "8-21: 5+C"
    play(st, ("done", None))
    assert st.step == "activation" and st.frame["count"] == 0
    play(st, ("done", None))
    assert st.step == "activation" and st.frame["count"] == 1 and ("force", napoleon) in st.legal_actions()
    play(st, ("force", napoleon), ("forced_march", 0))
    assert st.step == "march" and st.frame["mp"] == movement.movement_factor(st, napoleon)
    play(st, ("zone", "reims"), ("done", None), ("done", None))
    assert st.step == "round" and st.g["turn"] == "coalition"  # once only


def test_12_2_1_montmirail_49f_without_a_battle_won_no_second_activation() -> None:
    st = board(hands={"empire": ["49F"], "coalition": []})
    napoleon = put(st, "reims", ["fr_garde", "fr_i"], commander="napoleon", army="grande_armee")
    play(st, ("event", "49F"), ("force", napoleon), ("forced_march", 0), ("zone", "soissons"), ("done", None),
         ("done", None))
    assert st.step == "round" and st.g["turn"] == "coalition"


def test_7_6_camp_of_boulogne_4f_one_french_force_moves_as_in_strategic_redeployment() -> None:
    """4F: « one French force is activated and moves as in strategic redeployment, up to double its MF, and cannot be
    intercepted (attrition test if it goes beyond its base MF, 7.6) »: no zone with enemy units or under enemy
    control (7.6), no interception roll; the test beyond the base MF, without winter or forced-march penalty."""
    from grognard.games.nae import state as S
    from grognard.games.nae.rules import supply
    from tests.games.nae.rules.grand import board_1806
    from tests.games.nae.rules.helpers import push

    st = board_1806([1])
    st.g.update(phase="activation", round=2, turn="empire")
    st.g["hands"]["empire"] = ["4F"]
    davout = put(st, "paris", ["fr_i", "fr_ii"], commander="davout")
    lone = put(st, "soissons", ["fr_iii"])
    put(st, "brussels", ["gb_corps_1"], commander="wellington", side="coalition")
    supply.update_supply(st)
    push(st, "round")
    play(st, ("event", "4F"))
    assert st.step == "events.boulogne" and set(st.legal_actions()) == {("force", davout), ("force", lone)}
    play(st, ("force", davout))
    assert st.step == "redeploy.move" and st.frame["mp"] == 2 * S.base_mf(S.force(st, davout))
    play(st, ("zone", "soissons"), ("absorb", lone), ("zone", "lille"))
    assert ("zone", "brussels") not in st.legal_actions()  # enemy units there (7.6)
    play(st, ("zone", "boulogne"), ("zone", "soissons"), ("zone", "reims"), ("done", None))
    assert S.force(st, davout)["zone"] == "reims" and set(S.force(st, davout)["units"]) == {"fr_i", "fr_ii", "fr_iii"}
    assert not rolls(st, "12.4") and "of 5 MP beyond the base MF 4" in rolls(st, "7.6")[0]["text"]
    assert st.step == "round" and st.g["turn"] == "coalition" and "4F" in st.g["out"]
