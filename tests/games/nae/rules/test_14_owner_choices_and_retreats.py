"""14.4 morale tie, 14.1 counter-marches into an interception battle and the army general's value, 14.10 retreat
priorities (the 4th: onto an enemy at 5:1) and the retreat loss counted in the demoralization differential."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import battle
from tests.games.nae.rules.helpers import board, play, put, rolls


def test_14_4_on_a_morale_tie_the_owner_chooses_and_half_the_losses_fall_on_that_morale():
    st = board([6, 6, 1, 1, 1, 1, 1])
    st.g["ap_reserve"]["empire"] = 2
    ney = put(st, "reims", ["fr_x", "fr_xi", "fr_xii"], commander="ney")
    blucher = put(st, "luxembourg", ["pr_i", "pr_ii", "pr_landwehr_1", "pr_landwehr_2"], commander="blucher")
    play(st, ("op", None), ("force", ney), ("forced_march", 0), ("zone", "luxembourg"), ("stand", None))
    assert st.step == "battle.choose" and st.active == "coalition"
    assert st.legal_actions() == [("morale", 3), ("morale", 2)]
    play(st, ("morale", 2))
    assert any(e["text"].endswith("Blücher 2") for e in st.log if e.get("rule") == "14.4")
    while st.active == "empire":
        play(st, st.legal_actions()[0])
    assert st.active == "coalition" and st.frame["n"] == 3
    play(st, ("loss", "pr_i"))
    # at least 2 of the 3 losses on units of the chosen morale 2 (not "2 or more"): the last two are Landwehr
    assert st.legal_actions() == [("loss", "pr_landwehr_1"), ("loss", "pr_landwehr_2")]
    assert blucher in st.g["forces"]


def test_14_8_c_result_one_loss_on_cavalry_even_a_special_one_counts():
    st = board()
    fid = put(st, "brussels", ["gb_corps_1", "gb_corps_2", "gb_uxbridge"], commander="wellington",
              army="armee_peninsule")
    battle.push_losses(st, fid, 2, rule="14.8", why="test", cavalry=True)
    st._advance()
    assert st.legal_actions() == [("loss", "gb_corps_1"), ("loss", "gb_corps_2"), ("loss", "gb_uxbridge")]
    play(st, ("loss", "gb_corps_1"))
    assert st.legal_actions() == [("loss", "gb_uxbridge")]  # "C": the last loss must be the cavalry


def test_14_1_a_defender_counter_marching_into_an_army_uses_its_own_general_only():
    """14.1: only the active player may use the value of an army general in the battle zone."""
    st = board([1, 1, 6])
    st.g["ap_reserve"]["empire"] = 2
    ney = put(st, "lille", ["fr_x", "fr_xi"], commander="ney")
    put(st, "brussels", ["gb_corps_1"], commander="wellington", army="armee_peninsule")
    hill = put(st, "antwerp", ["gb_corps_2"], commander="hill")
    play(st, ("op", None), ("force", ney), ("forced_march", 0), ("zone", "brussels"), ("stand", None))
    assert st.step == "countermarch" and st.legal_actions() == [("force", hill), ("done", None)]
    play(st, ("force", hill))
    assert rolls(st, "14.1")[0]["mods"] == [["tactical value", 2]]  # Hill's defence 2, not Wellington's 3


def test_14_1_counter_marches_join_a_battle_started_by_an_interception():
    """FR 12.4 / 14.1: the battle of an interception admits counter-marches (the EN rules forbid them)."""
    st = board([4, 1, 1], hands={"empire": [], "coalition": ["14C"]})
    davout = put(st, "danzig", ["fr_i", "fr_ii"], commander="davout")
    blucher = put(st, "konigsberg", ["pr_i", "pr_ii"], commander="blucher")
    yorck = put(st, "posen", ["pr_iii"], commander="yorck")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "thorn"))
    play(st, ("intercept", blucher), ("card", "14C"))
    assert rolls(st, "12.4")[0]["row"] == "intercepts"
    while st.step in ("attrition", "attrition.depot", "losses", "send"):
        play(st, st.legal_actions()[-1] if st.step == "send" else st.legal_actions()[0])
    assert st.step == "countermarch" and st.active == "coalition"
    assert st.legal_actions() == [("force", yorck), ("done", None)]


def test_14_10_a_defender_hemmed_in_retreats_onto_an_enemy_it_outnumbers_5_to_1_and_destroys_it():
    st = board()
    austrians = put(st, "calabria", ["au_i", "au_ii", "au_iii", "au_iv", "au_v"], commander="charles",
                    side="coalition")
    lone = put(st, "apulia", {"fr_x": 1})
    assert battle.retreat_options(st, austrians, "calabria", "naples") == ["apulia"]
    st.g["forces"][lone]["units"]["fr_x"] = 2
    put(st, "apulia", ["fr_xi"], commander="ney")  # now 10 against 4: no 5:1 odds, nowhere to go
    assert battle.retreat_options(st, austrians, "calabria", "naples") == []
    S.take_force(st, next(f for f in list(st.g["forces"]) if st.g["forces"][f]["commander"] == "ney"))
    st.g["forces"][lone]["units"]["fr_x"] = 1
    battle.move_retreat(st, austrians, "apulia")
    assert lone not in st.g["forces"] and st.g["forces"][austrians]["zone"] == "apulia"


def test_14_9_1_a_beaten_attacker_retreating_across_an_unbridged_river_counts_that_loss_in_its_differential():
    """Ney attacks over the Rhine (at Speyer) and loses "1" against "3+": differential 3 - 1 = 2, plus 1 for the
    retreat back over the river, so 4 + 2 - 3 = 3; he then takes that loss when he falls back to Landau."""
    st = board([1, 1, 6, 6, 6, 1])
    st.g["ap_reserve"]["empire"] = 2
    ney = put(st, "landau", ["fr_x", "fr_xi", "fr_xii"], commander="ney")
    put(st, "mannheim", ["pr_i", "pr_ii"], commander="blucher")
    play(st, ("op", None), ("force", ney), ("forced_march", 0), ("zone", "mannheim"), ("stand", None))
    assert [r["row"] for r in rolls(st, "14.6")] == ["8-21: 1", "8-21: 3+"]
    play(st, ("loss", "fr_x"), ("loss", "fr_x"), ("loss", "fr_xi"), ("loss", "pr_i"))
    demo = rolls(st, "14.9.1")[0]
    assert "(morale 4 + tactical 2 - differential 3 = 3)" in demo["text"]
    assert st.step == "losses" and st.frame["why"] == "retreat across a River"
    play(st, ("loss", "fr_xi"))
    assert st.g["forces"][ney]["zone"] == "landau" and st.g["forces"][ney]["units"] == {"fr_xii": 2}


def test_12_4_the_movers_corps_in_the_interception_zone_may_join_the_battle_by_counter_march():
    """FR 12.4: the non-activated force of the moving side standing where the interception happens may join the
    battle with a counter-march test (no MP marched: no attrition modifier)."""
    st = board([4, 1, 1, 5, 1], hands={"empire": [], "coalition": ["14C"]})
    davout = put(st, "danzig", ["fr_i"], commander="davout")
    blucher = put(st, "konigsberg", ["pr_i", "pr_ii"], commander="blucher")
    corps = put(st, "thorn", ["fr_iii"])
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "thorn"))
    play(st, ("intercept", blucher), ("card", "14C"))
    while st.step in ("attrition", "attrition.depot", "losses", "send"):
        play(st, st.legal_actions()[-1] if st.step == "send" else st.legal_actions()[0])
    assert st.step == "countermarch" and st.active == "empire"
    assert st.legal_actions() == [("force", corps), ("done", None)]
    play(st, ("force", corps))
    march = rolls(st, "14.1")[0]
    assert march["mods"] == [] and march["total"] == 5 and march["row"] == "arrives"
    assert corps not in st.g["forces"] and st.g["forces"][davout]["units"] == {"fr_i": 2, "fr_iii": 2}


def test_14_1_an_army_marching_to_the_guns_of_a_corps_takes_it_in_and_the_battle_goes_on_with_it():
    from grognard.games.nae.rules import battle

    st = board()
    kleist = put(st, "namur", ["pr_iv"], commander="kleist")
    blucher = put(st, "liege", ["pr_i", "pr_ii"], commander="blucher", army="armee_elbe")
    assert battle.may_join(st, kleist, blucher)
    battle.join_battle(st, kleist, blucher)
    force = st.g["forces"][kleist]  # the battle's force keeps its id
    assert blucher not in st.g["forces"] and force["commander"] == "blucher" and force["army"] == "armee_elbe"
    assert force["subs"] == ["kleist"] and set(force["units"]) == {"pr_i", "pr_ii", "pr_iv"}


def test_14_1_a_higher_ranked_general_joining_a_force_takes_command_and_the_junior_returns_to_the_reserve():
    from grognard.games.nae.rules import battle

    st = board()
    ney = put(st, "reims", ["fr_i"], commander="ney")  # rank 9
    davout = put(st, "paris", ["fr_ii", "fr_iii"], commander="davout")  # rank 7
    assert battle.may_join(st, ney, davout)
    battle.join_battle(st, ney, davout)
    force = st.g["forces"][ney]
    assert force["commander"] == "davout" and "ney" in st.g["removed"] and len(force["units"]) == 3


def test_14_10_a_national_guard_retreating_out_of_france_is_eliminated():
    from grognard.games.nae.rules import battle

    st = board()
    ney = put(st, "strasbourg", ["fr_i", "fr_gn_1"], commander="ney")
    battle.move_retreat(st, ney, "bade")  # e.g. the only way out
    assert st.g["forces"][ney]["units"] == {"fr_i": 2} and "fr_gn_1" in st.g["reserve"]["units"]
