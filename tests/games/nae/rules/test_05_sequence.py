"""5 turn sequence of 1815 (rounds 2-6, the Empire first, weather), 9 activations and the AP reserve (9.2),
20.1 set-up and the end of the game after the conquest phase."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import GAME, board, play, put


def test_20_1_setup_places_the_scenario_and_deals_6_and_8_cards():
    st = GAME.new_state("1815", seed=3)
    assert st.active == "empire" and st.g["round"] == 2
    assert len(st.g["hands"]["empire"]) == 6 and len(st.g["hands"]["coalition"]) == 8
    assert len(st.g["decks"]["empire"]) == 9 and len(st.g["decks"]["coalition"]) == 11
    napoleon = next(f for f in st.g["forces"].values() if f["commander"] == "napoleon")
    assert napoleon["zone"] == "reims" and napoleon["army"] == "grande_armee" and napoleon["subs"] == ["ney", "jerome"]
    assert st.g["control"]["namur"] == "britain" and st.g["control"]["mainz"] == "prussia"
    view = st.view("coalition")["board"]
    assert view["hand"] == st.g["hands"]["coalition"] and view["hand_sizes"]["empire"] == 6
    assert "hands" not in view and "decks" not in view


def test_5_rounds_2_to_6_empire_first_then_the_victory_check():
    st = board()
    put(st, "reims", ["fr_garde", "fr_ii"], commander="napoleon", army="grande_armee")
    seen = []
    while not st.over:
        seen.append((st.g["round"], st.active))
        play(st, ("pass", None))
    assert seen == [(r, s) for r in range(2, 7) for s in ("empire", "coalition")]
    assert st.result["winner"] == "empire"  # not conquered, a non-demoralized army


def test_5_prompts_name_the_weather():
    st = board(round_no=5)
    assert "bad weather" in st.prompt
    st = board(round_no=6)
    assert "winter" in st.prompt


def test_9_2_unused_ap_go_to_the_reserve_and_come_back_with_the_next_activation():
    st = board(hands={"empire": ["32F"], "coalition": []})
    fid = put(st, "reims", ["fr_i"])
    play(st, ("card", "32F"), ("force", fid), ("forced_march", 0), ("done", None), ("done", None))
    assert st.g["ap_reserve"]["empire"] == 2
    play(st, ("pass", None), ("op", None))
    assert st.frame["ap"] == 3 and st.g["ap_reserve"]["empire"] == 0


def test_9_1_a_general_costs_his_initiative_and_an_event_activates_without_ap():
    st = board(hands={"empire": ["6F"], "coalition": []})
    ney = put(st, "reims", ["fr_i"], commander="ney")
    nap = put(st, "paris", ["fr_ii"], commander="napoleon")
    lone = put(st, "lille", ["fr_iii"])
    play(st, ("op", None))
    assert set(st.legal_actions()) == {("force", nap), ("force", lone), ("done", None)}
    st.undo()
    play(st, ("event", "6F"))  # two French forces of initiative <= 2
    assert {a[1] for a in st.legal_actions()} == {ney, nap, lone, None}
    assert "6F" in st.g["discards"]["empire"]


def test_20_1_a_french_army_gets_2_replacement_steps_when_activated_but_not_in_winter():
    for round_no, expected in ((2, {"fr_garde": 2, "fr_ii": 2}), (6, {"fr_garde": 1, "fr_ii": 1})):
        st = board(round_no=round_no)
        fid = put(st, "reims", {"fr_garde": 1, "fr_ii": 1}, commander="napoleon", army="grande_armee")
        play(st, ("op", None), ("force", fid))
        assert st.g["forces"][fid]["units"] == expected


def test_20_1_the_french_player_chooses_which_reduced_units_get_the_replacement_steps():
    """20.1: « La France peut placer en remplacement 2 pas de pertes par armée »: three reduced corps, two steps:
    the French player picks, one step at a time, before declaring the forced march."""
    st = board()
    fid = put(st, "reims", {"fr_garde": 1, "fr_i": 1, "fr_ii": 1}, commander="napoleon", army="grande_armee")
    play(st, ("op", None), ("force", fid))
    assert st.step == "replacements" and st.legal_actions() == [("replace", "fr_garde"), ("replace", "fr_i"),
                                                                  ("replace", "fr_ii")]
    assert GAME.label(st, ("replace", "fr_i")) == "Give French I Corps a replacement step"
    catalog = set(GAME.action_catalog("1815"))  # the RL index (grognard.rl) holds each choice
    assert all(a in catalog for a in st.legal_actions())
    play(st, ("replace", "fr_i"), ("replace", "fr_ii"))
    assert st.step == "march.declare"
    assert st.g["forces"][fid]["units"] == {"fr_garde": 1, "fr_i": 2, "fr_ii": 2}


def test_labels_read_as_sentences():
    st = board(hands={"empire": ["32F"], "coalition": []})
    fid = put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    assert GAME.label(st, ("card", "32F")) == "Play The Central Position for 3 AP"
    play(st, ("op", None))
    assert GAME.label(st, ("force", fid)) == "Activate Napoleon (Grande Armée) at Reims (1 AP)"
    play(st, ("force", fid), ("forced_march", 0))
    assert GAME.label(st, ("zone", "paris")) == "Move to Paris (1 MP)"
    assert GAME.describe(st, "empire")[0].startswith("1815, round 2")


def test_6_4_genius_of_napoleon_and_central_position_activate_napoleon():
    st = board(hands={"empire": ["1F", "32F"], "coalition": []})
    nap = put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    put(st, "paris", ["fr_ii"], commander="davout")
    play(st, ("event", "1F"))
    assert st.legal_actions() == [("force", nap), ("done", None)]
    play(st, ("force", nap), ("done", None), ("forced_march", 3))
    assert st.frame["mp"] == 7 and st.frame["due"] is False  # 1F: forced march without attrition
    st = board(hands={"empire": ["32F"], "coalition": []})
    nap = put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    play(st, ("event", "32F"), ("force", nap), ("forced_march", 0))
    assert st.frame["mp"] == 4 and st.frame["victory_mp"] == 1  # its +1 MP comes after each battle won


def test_16c_winter_campaign_adds_a_seventh_round():
    st = board(round_no=6, turn="coalition", hands={"empire": [], "coalition": ["16C"]})
    put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    play(st, ("event", "16C"))
    assert st.g["round"] == 7 and st.active == "empire" and "winter" in st.prompt


def test_50f_the_fatherland_in_danger_brings_the_e_units_to_reinforcement_zones():
    st = board(hands={"empire": ["50F"], "coalition": []})
    davout = put(st, "paris", ["fr_xii"], commander="davout")
    play(st, ("event", "50F"))
    assert st.step == "place" and ("zone", "paris") in st.legal_actions() and ("zone", "lille") in st.legal_actions()
    play(st, ("zone", "paris"))
    while st.step == "place":
        play(st, st.legal_actions()[0])
    placed = {u for f in st.g["forces"].values() for u in f["units"]}
    assert {"fr_reserve_paris", "fr_marie_louise", "fr_gn_3"} <= placed
    assert "fr_reserve_paris" in st.g["forces"][davout]["units"]


def test_5c_the_chouans_rise_in_vendee_only_if_their_corps_is_off_the_map():
    st = board(turn="coalition", hands={"empire": [], "coalition": ["5C"]})
    play(st, ("event", "5C"))
    chouans = [f for f in st.g["forces"].values() if "cho_1" in f["units"]]
    assert chouans and chouans[0]["zone"] == "vendee" and chouans[0]["side"] == "coalition"
    st = board(turn="coalition", hands={"empire": [], "coalition": ["5C"]})
    put(st, "nantes", ["cho_1"])
    assert ("event", "5C") not in st.legal_actions()
    st = board(turn="coalition", hands={"empire": [], "coalition": ["5C"]})
    st.g["year"] = 1813  # the West stays quiet until the royalist risings of 1814-1815
    assert ("event", "5C") not in st.legal_actions() and ("card", "5C") in st.legal_actions()


def test_31f_the_conscripts_restore_and_rebuild_two_infantry_steps():
    st = board(hands={"empire": ["31F"], "coalition": []})
    davout = put(st, "paris", {"fr_xii": 1}, commander="davout")
    put(st, "kalisz", {"fr_xiii": 1})  # not on a reinforcement zone
    st.g["reserve"]["units"].append("fr_xiv")
    play(st, ("event", "31F"))
    assert set(st.legal_actions()) == {("restore", "fr_xii"), ("build", "fr_xiv"), ("done", None)}
    play(st, ("restore", "fr_xii"), ("build", "fr_xiv"), ("zone", "lille"))
    assert st.g["forces"][davout]["units"] == {"fr_xii": 2}
    assert any(f["units"] == {"fr_xiv": 1} and f["zone"] == "lille" for f in st.g["forces"].values())
    assert st.step == "round" and st.active == "coalition"


def test_5_2_1_end_of_activations_free_siege_then_supply_attrition_rally_and_fortress_reactivation():
    from tests.games.nae.rules.helpers import rolls

    st = board([3, 1, 1], round_no=6, turn="coalition")
    nap = put(st, "namur", ["fr_garde", "fr_ii"], commander="napoleon", army="grande_armee")
    S.set_fortress(st, "namur", siege=0, besieger=nap)
    tired = put(st, "paris", ["fr_i"], commander="davout")
    st.g["forces"][tired]["demoralized"] = True
    lost = put(st, "warsaw", ["fr_iii"])
    play(st, ("pass", None))
    siege_roll, = rolls(st, "15.4")  # (a) free: no activation, no MP
    assert siege_roll["total"] == 7 and siege_roll["row"] == "Honours of war"  # 3 + 3 Napoleon + 1 army
    assert st.g["forces"][lost]["unsupplied"] and not st.g["forces"][nap]["unsupplied"]  # (b)
    attrition = rolls(st, "5.2.1")  # (c) the unsupplied and the demoralized force; no winter modifier (16)
    assert len(attrition) == 2 and all("winter" not in str(e["mods"]) for e in attrition)
    assert not st.g["forces"][tired]["demoralized"]  # supplied: rallies (14.9.3)
    assert st.g["fortresses"]["namur"]["active"] and st.g["control"]["namur"] == "france"  # (d) supplied, reactivated
    assert st.over and st.result["winner"] == "empire"


def test_5_3_conquest_phase_adjusts_control_then_reactivates_every_empty_fortress():
    st = board(round_no=6, turn="coalition")
    put(st, "reims", ["fr_garde"], commander="napoleon", army="grande_armee")
    put(st, "mainz", ["fr_i"])  # alone, but unsupplied: takes no control there
    S.set_control(st, "soissons", "prussia")
    put(st, "soissons", ["fr_ii"])  # the owner's force takes its zone back
    S.set_fortress(st, "magdeburg", active=False)  # a Prussian empty fortress far from any force
    play(st, ("pass", None))
    assert st.g["control"]["soissons"] == "france" and st.g["control"]["mainz"] == "prussia"
    assert st.g["fortresses"]["magdeburg"]["active"]  # 5.2.1 (d) if supplied, else 5.3 step 6: free for its controller
    assert st.over


def test_16_weather_mf_minus_one_in_rounds_5_and_6_and_winter_only_in_rounds_6_and_7():
    from grognard.games.nae.rules import weather

    for round_no, mf, winter in ((2, 0, False), (4, 0, False), (5, -1, False), (6, -1, True), (7, -1, True)):
        st = board(round_no=round_no)
        assert (weather.mf_modifier(st), weather.winter(st)) == (mf, winter)


def test_16_winter_attrition_modifier_applies_to_a_forced_march_in_round_6_only():
    from tests.games.nae.rules.helpers import rolls

    for round_no, winter in ((5, False), (6, True)):
        st = board([1, 1], round_no=round_no)
        fid = put(st, "reims", ["fr_i"], commander="davout")
        st.g["ap_reserve"]["empire"] = 2
        play(st, ("op", None), ("force", fid), ("forced_march", 1), ("zone", "paris"), ("done", None))
        mods = [m[0] for e in rolls(st, "13.6") + rolls(st, "12.3") for m in e["mods"]]
        assert ("winter" in mods) is winter


def test_5_3_an_unsupplied_empty_fortress_waits_for_the_conquest_phase():
    from grognard.games.nae.rules import conquest

    st = board()
    S.set_fortress(st, "vienna", active=False)
    S.set_control(st, "vienna", "france")
    conquest.reactivate_fortresses(st, supplied_only=True)  # 5.2.1: only a supplied one
    assert not st.g["fortresses"]["vienna"]["active"]
    conquest.conquest_phase(st)  # 5.3: every empty fortress marker is removed
    assert st.g["fortresses"]["vienna"]["active"] and st.g["control"]["vienna"] == "france"


def test_every_action_offered_in_random_games_has_a_menu_label():
    import random

    for seed in range(8):
        st = GAME.new_state("1815", seed=seed)
        rng = random.Random(seed)
        while not st.over:
            for verb, arg in st.legal_actions():
                label = GAME.label(st, (verb, arg))
                assert label not in (verb, f"{verb} {arg}") and not label[0].islower(), (st.step, verb, label)
            st.apply(rng.choice(st.legal_actions()))
