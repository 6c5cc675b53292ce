"""15.2 sorties (the English text: « A besieged unit can be activated to attack the besieging units »; the French is
silent): Blücher shut in Namur by Vandamme is activated, comes out and fights him in the zone, unsupplied (an inland
fortress has no sea line, 13.3); won, the siege is lifted and he marches on; beaten, he falls back inside."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import activation
from tests.games.nae.rules.helpers import board, play, put, rolls


def _namur(dice: list[int]) -> tuple[State, str, str]:
    st = board(dice, turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    blucher = put(st, "namur", ["pr_i", "pr_ii", "pr_iii"], commander="blucher")
    S.set_in_fortress(st, blucher, True)
    vandamme = put(st, "namur", ["fr_ii", "fr_x"], commander="vandamme")
    S.set_fortress(st, "namur", siege=0, besieger=vandamme)
    return st, blucher, vandamme


def _take_first_until(st: State, step: str) -> None:
    while st.step != step:
        st.apply(st.legal_actions()[0])


def test_15_2_a_besieged_force_is_activated_only_to_attack_its_besiegers_or_stay():
    st, blucher, _ = _namur([])
    play(st, ("op", None))
    assert ("force", blucher) in st.legal_actions()
    play(st, ("force", blucher), ("forced_march", 0))
    assert st.legal_actions() == [("attack", None), ("done", None)]  # no march out past the besiegers (12.1)
    assert st.game.label(st, ("attack", None)) == "Sortie: attack the besiegers"


def test_15_2_a_won_sortie_lifts_the_siege_and_the_force_marches_on():
    # attrition 3 (no loss), Blücher 3+6 +1 odds 2:1 +1 cavalry -3 unsupplied +2 = 10, Vandamme 6+1 = 7
    st, blucher, vandamme = _namur([3, 3, 6, 6, 1, 1])
    play(st, ("op", None), ("force", blucher), ("forced_march", 0), ("attack", None))
    assert st.step == "battle.choose"  # Vandamme was offered no evasion: nobody entered his zone (12.5)
    _take_first_until(st, "march")
    att = rolls(st, "14.6")[0]
    assert att["mods"] == [["odds", 1], ["cavalry superiority", 1], ["unsupplied", -3], ["Blücher", 2]]  # no border
    assert att["total"] == 10
    assert st.g["forces"][vandamme]["zone"] != "namur"
    assert st.g["fortresses"]["namur"]["siege"] is None  # 15.3
    assert st.frame["mp"] == 3 and ("zone", "brussels") in st.legal_actions()


def test_15_2_a_beaten_sortie_falls_back_into_the_fortress_and_its_activation_ends():
    # Blücher 1+1 = 3 against Vandamme 6+6 +1 = 13; demoralization 6 (fails), pursuit 1
    st, blucher, vandamme = _namur([3, 1, 1, 6, 6, 6, 1])
    play(st, ("op", None), ("force", blucher), ("forced_march", 0), ("attack", None))
    _take_first_until(st, "round")
    force = st.g["forces"][blucher]
    assert force["in_fortress"] and force["zone"] == "namur" and force["demoralized"]
    assert st.g["fortresses"]["namur"] == {"level": 1, "active": True, "siege": 0, "besieger": vandamme}
    assert any(e["text"] == "Blücher retreats into the fortress of Namur" for e in st.log)
    assert st.active == "empire"


def test_15_3_no_force_outside_marches_to_the_guns_of_a_sortie():
    # 15.3: « les assiégés ne participent pas à la bataille »: garrison and field forces fight apart, a sortie too
    st, blucher, _ = _namur([3])
    wellington = put(st, "brussels", ["gb_elite_1", "gb_elite_2"], commander="wellington")
    play(st, ("op", None), ("force", blucher), ("forced_march", 0), ("attack", None))
    assert st.step == "battle.choose" and st.g["forces"][wellington]["zone"] == "brussels"


def test_15_2_a_sortie_in_a_major_campaign_fights_apart_from_the_forces_waiting_outside() -> None:
    """15.1 / 12.6: a garrison's corps making a sortie in a Major Campaign does not consolidate with the campaign's
    force waiting outside the walls (it was taken back into its own garrison and its battle had no attacker: a
    KeyError in a search playout, 1815 seed 11); it fights the besiegers alone and Vandamme keeps waiting."""
    st = board(dice=[6, 1] * 40)
    mortier = put(st, "strasbourg", ["fr_viii", "fr_v"], commander="mortier")
    S.set_in_fortress(st, mortier, True)
    austrians = put(st, "strasbourg", ["au_iii"])
    S.set_fortress(st, "strasbourg", besieger=austrians, siege=0)
    vandamme = put(st, "metz", ["fr_iii"], commander="vandamme")
    activation.push_event_activation(st, "empire", 3, "Major Campaign (event)", fight_together=True)
    st._advance()
    play(st, ("force", vandamme), ("forced_march", 0), ("zone", "strasbourg"))
    assert st.step == "campaign.hold"
    play(st, ("wait", None), ("unit", "fr_viii"), ("forced_march", 0), ("attack", None))
    assert any(e["text"].startswith("Battle in Strasbourg: French VIII Corps (2) attacks Austrian III Corps (2)")
               for e in st.log)
    assert st.g["forces"][vandamme]["zone"] == "strasbourg" and not st.g["forces"][vandamme]["in_fortress"]
    assert st.g["forces"][mortier]["units"] == {"fr_v": 2}
