"""6.1 / glossary "Armée": two armies of a side in one zone form a group of armies, one force led per 10.2, each
army keeping its marker, generals, units and command; 9.1 its initiative +1 (3 at most), the armies may swap units
before moving, or one may be activated alone; 13.6.2 each army tests attrition apart; 12.6 armies combine in a
Major Campaign; 14.1 an army counter-marching into an army's battle joins it as a group."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import battle
from tests.games.nae.rules.helpers import board, play, put, rolls


def _allies(st):
    wellington = put(st, "brussels", ["gb_elite_1", "gb_elite_2"], commander="wellington", army="armee_peninsule",
                     subs=["clinton"])
    blucher = put(st, "namur", ["pr_i", "pr_ii", "pr_iii"], commander="blucher", army="armee_elbe", subs=["yorck"])
    return wellington, blucher


def _grouped(st):
    wellington, blucher = _allies(st)
    play(st, ("pass", None), ("op", None), ("force", wellington), ("forced_march", 0), ("zone", "namur"),
         ("done", None), ("done", None))
    return blucher  # round 3, the Empire to act


def test_6_1_an_army_that_stops_where_another_army_stands_forms_a_group_led_per_10_2():
    st = board()
    wellington, blucher = _allies(st)
    play(st, ("pass", None), ("op", None), ("force", wellington), ("forced_march", 0), ("zone", "namur"))
    assert ("done", None) in st.legal_actions() and ("absorb", blucher) not in st.legal_actions()
    play(st, ("done", None))
    assert wellington not in st.g["forces"]
    group = st.g["forces"][blucher]
    # 10.2: both lead an army; Blücher has the most combat points of his nation in the force (6 against 4)
    assert group["commander"] == "blucher" and group["group"]["commander"] == "wellington"
    assert S.name_of(st, blucher) == "Blücher (Army of the Elbe) and Wellington (Army of the Peninsula)"
    assert sorted(S.subordinates(group)) == ["clinton", "yorck"] and len(group["units"]) == 5
    assert S.initiative(group) == 2  # 9.1: Blücher's 1, +1 for the group
    assert [a.army for a in S.armies(group)] == ["armee_elbe", "armee_peninsule"]


def test_9_1_a_group_costs_one_more_ap_and_its_armies_may_swap_units_before_moving():
    st = board()
    blucher = _grouped(st)
    play(st, ("pass", None), ("op", None))
    assert ("force", blucher) not in st.legal_actions()  # 1 AP is not enough for the group
    play(st, ("done", None), ("pass", None))
    st.g["ap_reserve"]["coalition"] = 1
    play(st, ("op", None))
    assert ("force", blucher) in st.legal_actions()  # 2 AP: the group's initiative
    play(st, ("force", blucher))
    assert st.step == "swap" and ("swap", "gb_elite_1") in st.legal_actions()
    play(st, ("swap", "pr_i"))
    group = st.g["forces"][blucher]
    assert "pr_i" in group["group"]["units"]  # now in Wellington's army
    # 10.1 / 8.1.2: Wellington would command as many Prussian steps as British ones
    assert ("swap", "gb_elite_2") not in st.legal_actions() and ("swap", "pr_i") in st.legal_actions()
    play(st, ("done", None))
    assert st.step == "march.declare"


def test_9_1_one_army_of_a_group_is_activated_alone_at_its_own_general_s_initiative():
    st = board()
    blucher = _grouped(st)
    play(st, ("pass", None), ("op", None))
    assert ("army", "armee_peninsule") in st.legal_actions() and ("force", blucher) not in st.legal_actions()
    play(st, ("army", "armee_peninsule"))
    wellington = next(fid for fid, f in st.g["forces"].items() if f["commander"] == "wellington")
    assert st.g["forces"][wellington]["units"] == {"gb_elite_1": 2, "gb_elite_2": 2}
    assert st.g["forces"][blucher]["group"] is None and st.frame["fid"] == wellington


def test_13_6_2_each_army_of_a_group_tests_attrition_apart():
    st = board([6, 1, 6, 1])
    blucher = _grouped(st)
    st.g["ap_reserve"]["coalition"] = 1
    play(st, ("pass", None), ("op", None), ("force", blucher), ("done", None), ("forced_march", 3),
         ("done", None))  # swap nothing, force-march, stop at once
    first = rolls(st, "13.6")
    assert len(first) == 1 and first[0]["text"].startswith("Attrition of Blücher's army (6 steps")
    for _ in range(2):  # 6 + 3 = 9 on the 6-8 column: 2*, the extra die a 1
        assert {S.unit(u).power for _, u in st.legal_actions()} == {"prussia"}  # Blücher's units only
        play(st, st.legal_actions()[0])
    second = rolls(st, "13.6")[1]
    assert second["text"].startswith("Attrition of Wellington's army (4 steps")
    assert {S.unit(u).power for _, u in st.legal_actions()} == {"britain"}


def test_6_1_an_army_of_the_group_left_without_combat_units_leaves_with_its_generals():
    st = board()
    blucher = _grouped(st)
    group = st.g["forces"][blucher]
    for uid in ("gb_elite_1", "gb_elite_2"):
        while uid in group["units"]:
            S.lose_step(st, blucher, uid)
    S.check_force(st, blucher, "14.8")
    assert group["group"] is None and group["commander"] == "blucher"
    assert {"wellington", "clinton"} <= set(st.g["removed"]) and set(group["units"]) == {"pr_i", "pr_ii", "pr_iii"}


def test_12_6_wellington_and_blucher_fight_together_in_a_major_campaign():
    st = board(turn="coalition", hands={"empire": [], "coalition": ["12C"]})
    wellington, blucher = _allies(st)
    put(st, "lille", ["fr_i", "fr_ii"], commander="ney")
    play(st, ("event", "12C"))
    play(st, ("force", wellington), ("forced_march", 0), ("zone", "lille"), ("stand", None), ("wait", None))
    play(st, ("force", blucher), ("forced_march", 0), ("zone", "lille"))
    group = next(f for f in st.g["forces"].values() if f["group"])
    assert group["zone"] == "lille" and group["commander"] == "blucher"
    play(st, ("attack", None))
    assert any(e["text"].startswith("Battle in Lille: Blücher (Army of the Elbe) and Wellington (Army of the "
                                    "Peninsula) (10) attacks Ney (4)") for e in st.log)


def test_14_1_an_army_counter_marching_into_an_armys_battle_forms_a_group_that_keeps_the_battle_s_force():
    st = board()
    wellington, blucher = _allies(st)
    assert battle.may_join(st, wellington, blucher)
    battle.join_battle(st, wellington, blucher)
    assert blucher not in st.g["forces"] and st.g["forces"][wellington]["commander"] == "blucher"
    assert st.g["forces"][wellington]["group"]["army"] == "armee_peninsule"


def test_14_9_3_each_army_of_a_group_keeps_its_own_demoralization():
    from grognard.games.nae.rules import command, victory

    st = board()
    napoleon = put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    st.g["forces"][napoleon]["demoralized"] = True
    suchet = put(st, "reims", ["fr_i", "fr_ii", "fr_iii"], commander="suchet", army="armee_italie")
    group = command.form_group(st, napoleon, suchet)
    force = st.g["forces"][group]
    assert not force["demoralized"]  # the demoralized army holds fewer of the steps: no penalty for the group
    assert S.army_demoralized(force, 0) and not S.army_demoralized(force, 1)
    french_army = next(c for v in S.data().scenarios["1815"].victory.values() for c in v.all_of
                       if c.kind == "has_army" and c.non_demoralised and not c.negate)
    assert victory.holds(st, french_army)  # the Army of Italy is not demoralized
    alone = command.split_group(st, group, 1)
    assert not st.g["forces"][alone]["demoralized"] and st.g["forces"][group]["demoralized"]
