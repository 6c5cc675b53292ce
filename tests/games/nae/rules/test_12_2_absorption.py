"""12.2 absorption and 10 command: Masséna absorbs Oudinot, who returns to the reserve unless Masséna leads an
army; command limits and ranks are respected."""

from __future__ import annotations

from grognard.games.nae.rules import command
from tests.games.nae.rules.helpers import board, play, put


def test_12_2_1_massena_absorbs_oudinot_who_returns_to_the_reserve():
    st = board()
    massena = put(st, "reims", ["fr_i", "fr_ii"], commander="massena")
    oudinot = put(st, "paris", ["fr_iii"], commander="oudinot")
    play(st, ("op", None), ("force", massena), ("forced_march", 0), ("zone", "paris"), ("absorb", oudinot))
    assert oudinot not in st.g["forces"] and "oudinot" in st.g["removed"]
    assert set(st.g["forces"][massena]["units"]) == {"fr_i", "fr_ii", "fr_iii"}


def test_12_2_1_an_army_keeps_the_absorbed_general_as_a_subordinate():
    st = board()
    nap = put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    oudinot = put(st, "orleans", ["fr_iii"], commander="oudinot")
    play(st, ("op", None), ("force", nap), ("forced_march", 0), ("zone", "paris"), ("zone", "orleans"),
         ("absorb", oudinot))
    assert st.g["forces"][nap]["subs"] == ["oudinot"]


def test_9_1_an_activated_army_calls_in_adjacent_forces_and_loses_1_mf():
    """9.1: Napoléon picks up Marmont next door but not Ney across an unbridged river; MF 4 - 1 = 3."""
    st = board()
    nap = put(st, "ulm", ["fr_garde"], commander="napoleon", army="grande_armee")
    marmont = put(st, "munich", ["fr_ii"], commander="oudinot")
    ney = put(st, "nuremberg", ["fr_iii"], commander="ney")
    play(st, ("op", None), ("force", nap))
    assert st.step == "pickup" and st.legal_actions() == [("force", marmont), ("done", None)]
    assert ney in st.g["forces"]
    play(st, ("force", marmont), ("done", None), ("forced_march", 0))
    assert st.g["forces"][nap]["units"] == {"fr_garde": 2, "fr_ii": 2} and st.frame["mp"] == 3


def test_10_command_limits_and_rank_bar_an_absorption():
    st = board()
    massena = put(st, "reims", ["fr_i", "fr_ii", "fr_iii"], commander="massena")  # 6 steps = command 6
    oudinot = put(st, "paris", ["fr_iv"], commander="oudinot")
    assert not command.may_absorb(st, massena, oudinot)
    assert not command.may_absorb(st, oudinot, massena)  # 10.2: Oudinot is outranked
    lone = put(st, "lille", ["fr_v"])
    assert not command.may_absorb(st, lone, oudinot)  # a lone corps ranks below any general


def test_10_1_reserve_cavalry_only_in_an_army_and_allied_majors_below_half():
    st = board()
    assert not command.within_command(st, "davout", None, {"fr_cav_reserve": 2})
    assert command.within_command(st, "napoleon", "grande_armee", {"fr_cav_reserve": 2, "fr_i": 2})
    assert not command.within_command(st, "blucher", None, {"pr_i": 2, "ru_iii": 2})  # Russians = Prussians
    assert command.within_command(st, "blucher", None, {"pr_i": 2, "pr_ii": 2, "ru_iii": 1})


def test_10_1_after_losses_allied_major_steps_beyond_the_generals_limit_are_eliminated():
    from grognard.games.nae.rules import battle

    st = board()
    kutuzov = put(st, "vienna", ["ru_i", "ru_ii", "au_i"], commander="koutouzov", army="premiere_armee",
                  subs=["bellegarde"])
    battle.push_losses(st, kutuzov, 2, rule="14.8", why="test")
    st._advance()
    play(st, ("loss", "ru_i"), ("loss", "ru_i"))
    force = st.g["forces"][kutuzov]
    assert force["units"] == {"ru_ii": 2, "au_i": 1}  # 2 Austrian steps may not equal 2 Russian ones: one goes
    assert force["subs"] == ["bellegarde"]
    battle.push_losses(st, kutuzov, 1, rule="14.8", why="test")
    st._advance()
    play(st, ("loss", "au_i"))
    assert "bellegarde" in st.g["removed"]  # no Austrian step left for the Austrian subordinate


def test_14_9_3_a_force_that_takes_units_from_a_demoralized_force_becomes_demoralized():
    """14.9.3: "Toutes les forces qui viennent s'empiler avec une force démoralisée deviennent également
    démoralisées", whether it takes in the whole force or some of its units."""
    st = board()
    massena = put(st, "reims", ["fr_i", "fr_ii"], commander="massena")
    oudinot = put(st, "paris", ["fr_iii", "fr_iv"], commander="oudinot")
    st.g["forces"][oudinot]["demoralized"] = True
    play(st, ("op", None), ("force", massena), ("forced_march", 0), ("zone", "paris"), ("take", "fr_iii"))
    assert "fr_iii" in st.g["forces"][massena]["units"] and st.g["forces"][massena]["demoralized"]


def test_12_2_2_an_army_with_more_than_3_subordinates_its_owner_chooses_who_goes_to_the_reserve():
    """12.2.2: « le joueur choisit librement quels généraux il souhaite retourner dans la réserve sans considération
    du rang hiérarchique ou de la nationalité »: Oudinot joins as a 4th subordinate; the player sends Ney away."""
    st = board()
    nap = put(st, "reims", ["fr_garde", "fr_i"], commander="napoleon", army="grande_armee",
              subs=["ney", "soult", "grouchy"])
    oudinot = put(st, "paris", ["fr_iii"], commander="oudinot")
    play(st, ("op", None), ("force", nap), ("force", oudinot))  # 9.1: called in from the next zone
    assert st.step == "army.subordinates"
    assert st.legal_actions() == [("dismiss", g) for g in ("ney", "soult", "grouchy", "oudinot")]
    play(st, ("dismiss", "ney"))
    assert st.g["forces"][nap]["subs"] == ["soult", "grouchy", "oudinot"] and "ney" in st.g["removed"]
    assert st.step == "pickup"


def test_10_2_a_higher_ranked_general_leaves_his_units_to_a_lower_ranked_army_and_retires():
    """10.2: « Un général de rang supérieur [...] peut volontairement rejoindre une armée commandée par un général de
    rang inférieur, lui laisser ses unités puis retourner à la réserve »: Davout (rank 7) joins Ney's Army of Italy
    (Ney rank 9), which could not take him in."""
    st = board()
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    ney = put(st, "paris", ["fr_iii"], commander="ney", army="armee_italie")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "paris"))
    assert ("hand_over", ney) in st.legal_actions() and ("absorb", ney) not in st.legal_actions()
    play(st, ("hand_over", ney))
    assert davout not in st.g["forces"] and "davout" in st.g["removed"]
    assert st.g["forces"][ney]["units"] == {"fr_iii": 2, "fr_i": 2, "fr_ii": 2} and st.step == "activation"
