"""The cards of the two 1815 decks in play, one or more tests a card, with scripted dice (see also test_05_sequence,
test_06_cards, test_14_1_counter_march and test_14_5_7_combat_cards)."""

from __future__ import annotations

from grognard.core.machine import Action, State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards
from tests.games.nae.rules.helpers import board, designate, play, put, rolls


def defend_with(st, mover: str, zone: str, card: str) -> None:
    """``mover`` attacks into ``zone``; the defender stands, designations are taken, and it plays ``card``."""
    attack(st, mover, zone)
    play(st, ("stand", None))
    designate(st)
    play(st, ("card", card), ("done", None))


def attack(st, mover: str, zone: str, fm: int = 0) -> None:
    """The side to act spends a 1-AP operation and its reserve to move ``mover`` into ``zone``."""
    st.g["ap_reserve"][st.g["turn"]] = 2
    play(st, ("op", None), ("force", mover), ("forced_march", fm), ("zone", zone))
    if st.step == "cards.window" and st.frame["window"] == "contact" and st.legal_actions() == [("done", None)]:
        play(st, ("done", None))  # 3F: the window at contact opens for any hand; nothing to play in it here


# Empire -------------------------------------------------------------------------------------------------------

def test_8f_the_grumblers_force_march_with_minus_2_on_the_attrition_test():
    st = board([4], hands={"empire": ["8F"], "coalition": []})
    ney = put(st, "reims", ["fr_i"], commander="ney")  # initiative 2: any initiative will do
    play(st, ("event", "8F"), ("force", ney), ("forced_march", 2), ("zone", "paris"), ("done", None))
    test, = rolls(st, "13.6") + rolls(st, "12.3")
    assert ["card", -2] in test["mods"] and ["forced march 2 MP", 2] in test["mods"]


def test_13f_and_12c_major_campaigns_activate_three_forces_of_any_initiative():
    st = board(hands={"empire": ["13F"], "coalition": []})
    forces = [put(st, z, [u], commander=g) for z, u, g in
              (("reims", "fr_i", "jerome"), ("paris", "fr_ii", "ney"), ("lille", "fr_iii", "grouchy"),
               ("metz", "fr_iv", "vandamme"))]
    play(st, ("event", "13F"))
    assert st.frame["count"] == 3 and {a[1] for a in st.legal_actions()} == {*forces, None}
    assert st.frame["together"]  # 12.6: the forces may fight together
    st = board(turn="coalition", hands={"empire": [], "coalition": ["12C"]})
    kleist = put(st, "cologne", ["pr_i"], commander="kleist")
    play(st, ("event", "12C"))
    assert st.frame["count"] == 3 and ("force", kleist) in st.legal_actions()


def test_54c_treaty_of_chaumont_three_forces_of_three_different_majors():
    st = board(turn="coalition", hands={"empire": [], "coalition": ["54C"]})
    kleist = put(st, "cologne", ["pr_i"], commander="kleist")
    yorck = put(st, "magdeburg", ["pr_ii"], commander="yorck")
    hill = put(st, "brussels", ["gb_corps_1"], commander="hill")
    play(st, ("event", "54C"), ("force", kleist), ("forced_march", 0), ("done", None))
    assert st.step == "activation" and st.frame["count"] == 2
    assert ("force", yorck) not in st.legal_actions() and ("force", hill) in st.legal_actions()


def test_27f_the_soldiers_legs_two_french_forces_each_with_1_mp_more():
    st = board(hands={"empire": ["27F"], "coalition": []})
    ney = put(st, "reims", ["fr_i"], commander="ney")
    grouchy = put(st, "paris", ["fr_ii"], commander="grouchy")
    play(st, ("event", "27F"))
    assert st.frame["count"] == 2 and {("force", ney), ("force", grouchy)} <= set(st.legal_actions())
    play(st, ("force", ney), ("forced_march", 0))
    assert st.frame["mp"] == S.unit("fr_i").mf + 1


def test_50f_15_2_no_reinforcement_enters_a_besieged_fortress():
    """15.2: a besieged fortress takes no reinforcements, even with a supply line by sea; nor does a zone the enemy
    occupies (7.3.4)."""
    st = board(hands={"empire": ["50F"], "coalition": []})
    blucher = put(st, "lille", ["pr_i", "pr_ii"], commander="blucher")
    S.set_fortress(st, "lille", siege=1, besieger=blucher)
    put(st, "lille", ["fr_iv"], side="empire")
    lille_garrison = S.forces_in(st, "lille", "empire")[0]
    S.set_in_fortress(st, lille_garrison, True)
    put(st, "metz", ["pr_iii"])
    play(st, ("event", "50F"))
    offered = {a[1] for a in st.legal_actions()}
    assert "lille" not in offered and "metz" not in offered and "paris" in offered


def test_29f_the_great_battery_supplied_army_plus_1_not_for_a_force_without_an_army():
    st = board([3, 3, 3, 3], hands={"empire": ["29F"], "coalition": []})
    napoleon = put(st, "reims", ["fr_garde", "fr_i", "fr_ii"], commander="napoleon", army="grande_armee")
    put(st, "soissons", ["pr_i"], commander="kleist")
    attack(st, napoleon, "soissons")
    play(st, ("stand", None), ("spearhead", "fr_garde"))
    assert st.legal_actions() == [("card", "29F"), ("done", None)]
    play(st, ("card", "29F"), ("done", None))
    att = rolls(st, "14.6")[0]
    assert ["The Great Battery", 1] in att["mods"]
    st = board(hands={"empire": ["29F"], "coalition": []})
    ney = put(st, "reims", ["fr_i", "fr_ii"], commander="ney")
    put(st, "soissons", ["pr_i"], commander="kleist")
    attack(st, ney, "soissons")
    play(st, ("stand", None))
    designate(st)
    assert st.legal_actions() == [("done", None)]


def test_47f_disgrace_relieves_the_demoralized_enemys_commander_and_the_highest_ranked_general_present_takes_over():
    st = board(hands={"empire": ["47F"], "coalition": []})
    napoleon = put(st, "namur", ["fr_i", "fr_ii"], commander="napoleon")
    blucher = put(st, "liege", ["pr_i", "pr_ii"], commander="blucher", army="armee_elbe", subs=["kleist", "yorck"])
    battle = st.push("cards.context", att=napoleon, dfn=blucher, zone="namur", winner="attacker",
                     cards={"attacker": [], "defender": []})
    st.push("losses", fid=blucher)  # e.g. pursuit losses pushed by the test: the window still finds the battle
    cards.open_demoralized_window(st, battle)
    assert st.step == "losses"  # not demoralized: no window
    st.g["forces"][blucher]["demoralized"] = True
    cards.open_demoralized_window(st, battle)
    assert st.step == "cards.window" and st.legal_actions() == [("card", "47F"), ("done", None)]
    play(st, ("card", "47F"))
    # 10.3: a reserve general joins the army; the highest-ranked present (Yorck 5, Bülow 6, Kleist 7) commands
    assert st.step == "relieve.replace" and ("general", "bulow") in st.legal_actions()
    play(st, ("general", "bulow"))
    force = st.g["forces"][blucher]
    assert "blucher" in st.g["removed"] and force["commander"] == "yorck" and force["subs"] == ["kleist", "bulow"]


# Coalition ----------------------------------------------------------------------------------------------------

def test_4c_reverse_slope_a_defending_british_led_force_gets_plus_2():
    st = board([3, 3, 3, 3], hands={"empire": [], "coalition": ["4C"]})
    ney = put(st, "lille", ["fr_i", "fr_ii"], commander="ney")
    put(st, "brussels", ["gb_corps_1", "gb_corps_2"], commander="hill")
    defend_with(st, ney, "brussels", "4C")  # the attacker holds no card: no window
    assert ["Reverse Slope", 2] in rolls(st, "14.6")[1]["mods"]


def test_11c_wound_removes_the_enemy_subordinate_on_a_5():
    st = board([6, 6, 1, 1, 1, 5, 6, 6, 6], hands={"empire": [], "coalition": ["11C"]})
    napoleon = put(st, "reims", ["fr_garde", "fr_i", "fr_ii", "fr_iii"], commander="napoleon", army="grande_armee",
                   subs=["ney"])
    put(st, "soissons", ["pr_i", "pr_ii", "pr_iii"], commander="blucher")
    attack(st, napoleon, "soissons")
    play(st, ("stand", None), ("spearhead", "fr_garde"), ("subordinate", "ney"), ("done", None))
    assert rolls(st, "14.7")[0]["row"] == "unhurt"  # Ney lent his attack value: his own wound test (a 1)
    while st.step == "losses":
        play(st, st.legal_actions()[0])
    assert st.step == "cards.window" and st.active == "coalition"
    play(st, ("card", "11C"))
    wound = rolls(st, "14.7")[1]
    assert wound["text"].startswith("Wound card against Ney") and wound["row"] == "wounded"
    assert "ney" in st.g["removed"] and st.g["forces"][napoleon]["subs"] == []


def test_14c_outposts_plus_1_to_evasions_and_plus_2_to_interceptions_until_the_next_turn():
    st = board([4, 1, 1, 1, 1], turn="coalition", hands={"empire": [], "coalition": ["14C", "4C"]})
    blucher = put(st, "luxembourg", ["pr_i"], commander="blucher")
    play(st, ("event", "14C"))
    assert cards.interception_mods(st, blucher) == [("Outposts card", 2)]
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    attack(st, davout, "luxembourg")
    play(st, ("evade", None), ("done", None))
    roll = rolls(st, "12.5")[0]
    assert ["combat card", 1] in roll["mods"] and roll["row"] == "evades"
    st.g["turn"], st.g["round"] = "coalition", st.g["round"] + 1
    assert cards.interception_mods(st, blucher) == []  # the Coalition's next turn: over


def test_30c_trachenberg_plus_1_against_a_marshal_but_not_against_napoleon():
    st = board([3, 3, 3, 3], turn="coalition", hands={"empire": [], "coalition": ["30C"]})
    put(st, "soissons", ["pr_i", "pr_ii"], commander="kleist")
    play(st, ("event", "30C"))
    ney = put(st, "reims", ["fr_i", "fr_ii"], commander="ney")
    attack(st, ney, "soissons")
    play(st, ("stand", None))
    designate(st)
    assert ["The Trachenberg Plan", 1] in rolls(st, "14.6")[1]["mods"]
    st = board([3, 3, 3, 3], turn="coalition", hands={"empire": [], "coalition": ["30C"]})
    put(st, "soissons", ["pr_i", "pr_ii"], commander="kleist")
    play(st, ("event", "30C"))
    napoleon = put(st, "reims", ["fr_i", "fr_ii"], commander="napoleon")
    attack(st, napoleon, "soissons")
    play(st, ("stand", None))
    designate(st)
    assert not any(m[0] == "The Trachenberg Plan" for m in rolls(st, "14.6")[1]["mods"])


def _kleist_marches_to_blucher(dice: list[int], card: str, year: int = 1815) -> State:
    """Ney attacks Blücher at Namur; Kleist counter-marches from Liège with ``card`` played on his roll."""
    st = board(dice, turn="empire", hands={"empire": [], "coalition": [card]})
    st.g["year"] = year
    ney = put(st, "lille", ["fr_i", "fr_ii"], commander="ney")
    put(st, "namur", ["pr_i"], commander="blucher")
    kleist = put(st, "liege", ["pr_ii"], commander="kleist")
    attack(st, ney, "namur")
    play(st, ("decline", None))  # 12.4: Kleist could also intercept into Blücher's zone
    play(st, ("stand", None), ("force", kleist))
    if ("card", card) in st.legal_actions():
        play(st, ("card", card), ("done", None))
    return st


def test_25c_marshal_forwards_plus_2_to_a_prussian_counter_march():
    st = _kleist_marches_to_blucher([1, 1, 6], "25C")
    assert ["combat card", 2] in rolls(st, "14.1")[0]["mods"]


def test_25c_marshal_forwards_not_before_1813_when_blucher_earned_the_name():
    st = _kleist_marches_to_blucher([1, 1, 6], "25C", year=1812)
    assert st.legal_actions() == [("done", None)] and st.g["hands"]["coalition"] == ["25C"]


def test_43c_gneisenau_plus_1_counter_march_and_plus_2_on_the_demoralization_test():
    st = _kleist_marches_to_blucher([2, 1, 6], "43C")
    assert ["combat card", 1] in rolls(st, "14.1")[0]["mods"]
    assert "43C" in st.g["discards"]["coalition"]


def test_39c_wellington_plus_1_defending_as_a_combat_card():
    st = board([3, 3, 3, 3], hands={"empire": [], "coalition": ["39C"]})
    ney = put(st, "lille", ["fr_i", "fr_ii"], commander="ney")
    put(st, "brussels", ["gb_corps_1", "gb_corps_2"], commander="wellington")
    defend_with(st, ney, "brussels", "39C")
    assert ["Wellington", 1] in rolls(st, "14.6")[1]["mods"]


def test_3f_column_of_march_the_caught_force_may_not_evade_and_nothing_counter_marches_to_it():
    st = board(hands={"empire": ["3F", "28F"], "coalition": []})
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    blucher = put(st, "luxembourg", ["pr_i"], commander="blucher")
    cards.offer_contact_cards(st, davout, blucher, "luxembourg", "reims")
    assert st.active == "empire" and st.legal_actions() == [("card", "3F"), ("done", None)]
    play(st, ("card", "3F"))
    assert cards.cancelled(st, blucher, "evasion") and cards.cancelled(st, blucher, "counter_march")
    assert not cards.cancelled(st, davout, "evasion")
    assert st.g["discards"]["empire"] == ["3F"]
    st.g["turn"] = "coalition"
    assert not cards.cancelled(st, blucher, "evasion")  # this activation only


def test_15c_interior_lines_a_defender_of_defence_2_or_3_fights_each_attacker_separately():
    st = board(turn="empire", hands={"empire": [], "coalition": ["15C"]})
    ney = put(st, "lille", ["fr_i", "fr_ii"], commander="ney")
    wellington = put(st, "brussels", ["gb_corps_1"], commander="wellington")
    cards.offer_interior_lines(st, ney, wellington, "brussels", "lille")
    assert st.active == "coalition" and st.legal_actions() == [("card", "15C"), ("done", None)]
    play(st, ("card", "15C"))
    assert cards.fights_separately(st, wellington)
    st.g["forces"][wellington]["commander"] = "beresford"  # defence 1
    st.g["card_effects"].clear()
    st.g["hands"]["coalition"] = ["15C"]
    cards.offer_interior_lines(st, ney, wellington, "brussels", "lille")
    assert st.legal_actions() == [("done", None)]


def test_1f_the_genius_of_napoleon_as_interior_lines_when_napoleon_defends():
    st = board(turn="coalition", hands={"empire": ["1F"], "coalition": []})
    napoleon = put(st, "reims", ["fr_i"], commander="napoleon")
    blucher = put(st, "soissons", ["pr_i"], commander="blucher")
    cards.offer_interior_lines(st, blucher, napoleon, "reims", "soissons")
    assert st.active == "empire" and st.legal_actions() == [("card", "1F"), ("done", None)]
    play(st, ("card", "1F"), ("done", None))
    assert cards.fights_separately(st, napoleon) and st.step == "round"
    assert st.g["discards"]["empire"] == ["1F"]  # a permanent card, no gold star: to the played pile


def test_31c_congreve_rockets_need_a_supplied_force():
    st = board([3, 3, 3, 3], hands={"empire": [], "coalition": ["31C"]})
    davout = put(st, "lille", ["fr_i", "fr_ii"], commander="davout")
    put(st, "brussels", ["gb_corps_1", "gb_corps_2"], commander="hill")
    defend_with(st, davout, "brussels", "31C")
    assert ["Congreve Rockets", 1] in rolls(st, "14.6")[1]["mods"]
    st = board([3, 3, 3, 3], hands={"empire": [], "coalition": ["31C"]})
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    put(st, "troyes", ["gb_corps_1", "gb_corps_2"], commander="hill")  # deep in France: no supply line
    attack(st, davout, "troyes")
    play(st, ("stand", None))
    designate(st)
    assert st.legal_actions() == [("done", None)]


def test_32c_squares_take_2_from_the_enemy_pursuit():
    st = board([6, 6, 1, 1, 6, 6], hands={"empire": [], "coalition": ["32C"]})
    davout = put(st, "lille", ["fr_i", "fr_ii", "fr_iii"], commander="davout")
    put(st, "brussels", ["gb_corps_1", "gb_corps_2", "gb_corps_3", "gb_elite_1"], commander="wellington")
    defend_with(st, davout, "brussels", "32C")
    while st.step == "losses":
        play(st, st.legal_actions()[0])
    pursuit, = rolls(st, "14.9.2")
    assert ["combat card", -2] in pursuit["mods"]


def test_32f_the_central_position_gives_napoleon_1_mp_back_after_each_battle_won():
    st = board([6, 6, 1, 1, 6, 6] + [1] * 10, hands={"empire": ["32F"], "coalition": []})
    napoleon = put(st, "reims", ["fr_garde", "fr_i", "fr_ii", "fr_iii"], commander="napoleon",
                   army="grande_armee")
    put(st, "soissons", ["pr_i"], commander="kleist")
    play(st, ("event", "32F"), ("force", napoleon), ("forced_march", 0))
    before = st.frame["mp"]
    assert before == 4  # no extra MP before a victory
    play(st, ("zone", "soissons"), ("stand", None))
    designate(st)
    while st.step != "march":
        play(st, st.legal_actions()[0])
    assert st.frame["mp"] == before - 1 + 1  # 1 MP to enter, +1 for the victory


def test_47f_disgrace_in_a_battle_the_demoralized_blucher_is_relieved_and_a_reserve_general_replaces_him():
    st = board([6, 6, 1, 1, 6, 1], hands={"empire": ["47F"], "coalition": []})
    napoleon = put(st, "reims", ["fr_i", "fr_ii", "fr_iii"], commander="napoleon")
    blucher = put(st, "soissons", ["pr_i", "pr_ii", "pr_iii"], commander="blucher")
    attack(st, napoleon, "soissons")
    play(st, ("stand", None))
    designate(st)
    play(st, ("done", None), ("loss", "fr_i"))
    while st.step == "losses":
        play(st, st.legal_actions()[0])
    play(st, ("done", None))  # the window after the dice: 47F waits for the demoralization test
    assert rolls(st, "14.9.1")[0]["row"] == "demoralized"
    assert st.active == "empire" and st.legal_actions() == [("card", "47F"), ("done", None)]
    play(st, ("card", "47F"))
    assert st.step == "relieve.replace" and st.active == "coalition"
    assert ("general", "bulow") in st.legal_actions() and ("general", "blucher") not in st.legal_actions()
    play(st, ("general", "bulow"))
    assert st.g["forces"][blucher]["commander"] == "bulow" and "blucher" in st.g["removed"]


def test_3f_column_of_march_played_as_davout_meets_blucher_who_may_not_evade_nor_be_reinforced():
    st = board(hands={"empire": ["3F"], "coalition": []})
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    put(st, "luxembourg", ["pr_i"], commander="blucher")
    put(st, "trier", ["pr_ii"], commander="kleist")
    attack(st, davout, "luxembourg")
    assert st.step == "cards.window" and st.legal_actions() == [("card", "3F"), ("done", None)]
    play(st, ("card", "3F"), ("done", None))
    assert st.step != "evade" and not rolls(st, "12.5")
    assert not any(f["step"] == "countermarch" for f in st.core["stack"])
    assert any(e["text"].startswith("Battle in Luxembourg") for e in st.log)


def test_14c_outposts_add_2_to_the_interception_roll():
    st = board([3, 1, 1], turn="coalition", hands={"empire": [], "coalition": ["14C", "4C"]})
    put(st, "liege", ["pr_i"], commander="kleist")
    play(st, ("event", "14C"))
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    st.g["ap_reserve"]["empire"] = 2
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "namur"))
    play(st, ("intercept", next(a[1] for a in st.legal_actions() if a[0] == "intercept")), ("card", "4C"))
    roll = rolls(st, "12.4")[0]
    assert ["Outposts card", 2] in roll["mods"] and roll["row"] == "intercepts"  # 3 + 2 = 5


def _25c_offered_to(marcher: tuple[str, list[str], str], target: tuple[str, list[str], str]) -> list[Action]:
    """Ney attacks ``target`` (zone, units, general); ``marcher`` counter-marches: the Coalition's card choices."""
    st = board([1, 1, 6], turn="empire", hands={"empire": [], "coalition": ["25C"]})
    ney = put(st, "lille", ["fr_i", "fr_ii"], commander="ney")
    put(st, target[0], target[1], commander=target[2])
    force = put(st, marcher[0], marcher[1], commander=marcher[2])
    attack(st, ney, target[0])
    while st.step == "intercept":
        play(st, ("decline", None))
    play(st, ("stand", None), ("force", force))
    return st.legal_actions()


def test_25c_reads_prussian_led_on_the_marching_force_blucher_to_wellington_not_hill_to_blucher():
    waterloo = _25c_offered_to(("namur", ["pr_i"], "blucher"), ("brussels", ["gb_corps_1", "gb_corps_2"], "wellington"))
    assert waterloo == [("card", "25C"), ("done", None)]  # Blücher leads Prussians
    british = _25c_offered_to(("brussels", ["gb_corps_1"], "hill"), ("namur", ["pr_i", "pr_ii"], "blucher"))
    assert british == [("done", None)]  # Hill's British are not Prussian-led


def test_42c_and_4c_are_for_a_defending_force_only():
    st = board([3] * 8, turn="coalition", hands={"empire": [], "coalition": ["42C", "4C", "31C"]})
    wellington = put(st, "brussels", ["gb_corps_1", "gb_corps_2"], commander="wellington")
    put(st, "lille", ["fr_i"], commander="ney")
    attack(st, wellington, "lille")
    play(st, ("stand", None))
    designate(st)
    assert st.step == "cards.window" and st.legal_actions() == [("card", "31C"), ("done", None)]
