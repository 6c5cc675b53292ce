"""12.2.2 wherever forces of a side meet and merge (11): « s'il advenait que l'armée comprenne plus de trois
généraux, le joueur choisit librement quels généraux il souhaite retourner dans la réserve sans considération du
rang hiérarchique ou de la nationalité ». After a retreat, an evasion or a counter-march, the owner of an army that
takes in a 4th subordinate chooses who goes to the reserve, then the interrupted step goes on."""

from __future__ import annotations

from grognard.games.nae.rules import battle
from tests.games.nae.rules.helpers import board, play, push, put, rolls

SUBS = ["ney", "soult", "grouchy"]


def test_12_2_2_after_a_retreat_the_owner_chooses_who_leaves_the_army():
    """14.10 / 11: Oudinot, beaten, retreats onto Napoléon's army, which has 3 subordinates already."""
    st = board()
    nap = put(st, "soissons", ["fr_garde", "fr_i"], commander="napoleon", army="grande_armee", subs=SUBS)
    oudinot = put(st, "reims", ["fr_iii"], commander="oudinot")
    battle.move_retreat(st, oudinot, "soissons")
    st._advance()
    assert st.step == "army.subordinates" and st.active == "empire"
    assert st.legal_actions() == [("dismiss", g) for g in (*SUBS, "oudinot")]
    assert "coalition" not in st.prompt and "army has more than 3 subordinate generals" in st.prompt
    play(st, ("dismiss", "grouchy"))
    assert st.g["forces"][nap]["subs"] == ["ney", "soult", "oudinot"] and "grouchy" in st.g["removed"]
    assert oudinot not in st.g["forces"] and "fr_iii" in st.g["forces"][nap]["units"]
    assert st.step != "army.subordinates"


def test_12_2_2_after_an_evasion_the_owner_chooses_who_leaves_the_army():
    """12.5 / 10.2: Oudinot evades into the zone of Napoléon's army: « après une évasion la hiérarchie s'applique »."""
    st = board()
    nap = put(st, "soissons", ["fr_garde", "fr_i"], commander="napoleon", army="grande_armee", subs=SUBS)
    oudinot = put(st, "reims", ["fr_iii"], commander="oudinot")
    push(st, "evade.where", fid=oudinot, side="empire", options=["soissons"])
    play(st, ("zone", "soissons"))
    assert st.step == "army.subordinates"
    play(st, ("dismiss", "oudinot"))  # the newcomer himself may go
    assert st.g["forces"][nap]["subs"] == SUBS and "oudinot" in st.g["removed"]
    assert st.g["forces"][nap]["units"] == {"fr_garde": 2, "fr_i": 2, "fr_iii": 2}


def test_12_2_2_after_a_counter_march_the_owner_chooses_then_the_battle_goes_on():
    """14.1: Oudinot marches to the guns of Napoléon's army attacked in Lille (5 + 1 arrives; attrition 1 + 1, no
    loss); the Empire chooses who leaves the army before the battle is fought."""
    st = board([5, 1], turn="coalition")
    st.g["ap_reserve"]["coalition"] = 1
    blucher = put(st, "namur", ["pr_i", "pr_ii"], commander="blucher")
    nap = put(st, "lille", ["fr_garde", "fr_i"], commander="napoleon", army="grande_armee", subs=SUBS)
    oudinot = put(st, "soissons", ["fr_iii"], commander="oudinot")
    play(st, ("op", None), ("force", blucher), ("forced_march", 0), ("zone", "lille"), ("stand", None))
    assert st.step == "countermarch" and ("force", oudinot) in st.legal_actions()
    play(st, ("force", oudinot))
    assert rolls(st, "14.1")[0]["row"] == "arrives"
    if st.step == "countermarch":
        play(st, ("done", None))
    assert st.step == "army.subordinates" and st.active == "empire"
    play(st, ("dismiss", "ney"))
    assert st.g["forces"][nap]["subs"] == ["soult", "grouchy", "oudinot"] and "ney" in st.g["removed"]
    assert "fr_iii" in st.g["forces"][nap]["units"]
    assert any(x["step"] == "battle" for x in st.core["stack"])  # the battle resumes after the choice
