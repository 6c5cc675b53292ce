"""The heuristic in the grand campaigns (``grognard/games/nae/ai_grand.py``): a rule for each interphase decision
(7.1 declarations, 7.2 hands, 7.3 budget, 7.6 redeployment), the activation phase's objectives (18, 19), the
evaluation function read from the victory track, and a search that decides on a grand-campaign position."""

from __future__ import annotations

from grognard import load_game
from grognard.agents import HeuristicAgent, SearchAgent
from grognard.core.machine import State
from grognard.games.nae import ai, ai_grand
from grognard.games.nae import state as S
from grognard.games.nae.rules import battle, budget, diplomacy, redeployment, supply
from tests.games.nae.rules.grand import board_1806, forces_1805
from tests.games.nae.rules.helpers import put


def interphase(st: State) -> None:
    """A 1806 board with the rules stack cleared, ready for one phase to be pushed."""
    st.core["stack"].clear()
    st.push("round")


def test_the_grand_campaigns_use_their_own_rules_and_1815_keeps_its_own():
    grand = load_game("nae").new_state("1805", seed=1)
    one_year = load_game("nae").new_state("1815", seed=1)
    assert ai.rules_for(grand) is ai_grand.RULES and ai.rules_for(one_year) is ai.RULES
    assert ai_grand.RULES["losses"] == ai.RULES["losses"]  # battle steps read no scenario objective
    assert ai_grand.RULES["budget.spend"] != ai.RULES.get("budget.spend")


def test_heuristic_plays_a_1809_year_and_the_1810_interphase_with_a_reason_for_every_move():
    st = load_game("nae").new_state("1809", seed=4)
    agent = HeuristicAgent(0)
    reasons: dict[str, set[str]] = {}
    while not (st.g["year"] == 1810 and st.g["phase"] == "activation"):
        side = str(st.active)
        legal = st.legal_actions()
        action = agent.choose(st, side)
        assert action in legal
        reasons.setdefault(str(st.step), set()).add(agent.last_reason.split(": ", 1)[-1])
        st.apply(action)
    assert "rebuild and reinforce where the next fights are" in reasons["budget.spend"]
    assert any(r.endswith("redeploys towards the front") for r in reasons["redeploy"])
    assert any(r.startswith("towards the front, by") for r in reasons["redeploy.move"])
    assert any(r.startswith("activate ") for r in reasons["activation"])


PRUSSIAN_ARMY = ["pr_i", "pr_ii", "pr_iii", "pr_iv", "pr_v", "pr_vi"]


def test_7_1_war_on_a_weak_neutral_minor_next_to_the_army_not_on_a_stronger_major():
    st = board_1806()
    put(st, "bremen", ["fr_iii", "fr_iv"], commander="davout")  # next to Hamburg, the Hanseatic Cities' capital
    put(st, "magdeburg", ["fr_v", "fr_vi"], commander="lannes")  # next to neutral Prussia ...
    put(st, "berlin", PRUSSIAN_ARMY, commander="brunswick")  # ... whose army outweighs them: no war on it
    interphase(st)
    st.push("interphase.war", i=1)  # the Empire's declarations
    action, reason = ai.policy(st, "empire")
    assert action == ("declare", "hanseatic") and "18.1" in reason
    st.apply(action)
    assert ai.policy(st, "empire")[0] == ("done", None)
    assert S.status_of(st, "prussia") == "neutral"


def test_7_1_war_on_a_major_the_empire_can_beat_and_on_a_beaten_one_for_the_punishments():
    st = board_1806()
    put(st, "berlin", PRUSSIAN_ARMY, commander="brunswick")  # 12 steps and Prussia's allied minors
    put(st, "leipzig", ["fr_i", "fr_iii", "fr_iv", "fr_v", "fr_vi", "fr_vii", "fr_viii", "fr_ix", "fr_x"],
        commander="napoleon")  # 18 steps two borders from Berlin
    interphase(st)
    st.push("interphase.war", i=1)
    ours, theirs = ai_grand.war_odds(st, "empire", "prussia")
    assert ours == 18 and 12 <= theirs <= ours
    action, reason = ai.policy(st, "empire")
    assert action == ("declare", "prussia") and "18.2" in reason and "Punishments" not in reason
    legal = [("declare", "prussia"), ("done", None)]
    assert ai_grand.declare_on_a_major_it_can_beat(st, "coalition", legal) is None  # it would join the Empire
    beaten = st.copy()
    beaten.g.setdefault("defeats", {})["prussia"] = ["france"]  # beaten before: the Punishments come in (8.1.3)
    assert "Punishments" in ai_grand.declare_on_a_major_it_can_beat(beaten, "empire", legal)[1]
    put(beaten, "dresden", ["pr_vii", "pr_elite", "pr_landwehr_1", "pr_landwehr_2"], commander="blucher")
    ours, theirs = ai_grand.war_odds(beaten, "empire", "prussia")
    assert ours < theirs <= ours / ai_grand.PUNISHING_ODDS  # on lesser odds: the Punishments are the road to 45F
    assert ai_grand.declare_on_a_major_it_can_beat(beaten, "empire", legal)[0] == ("declare", "prussia")
    stronger = st.copy()
    put(stronger, "dresden", ["pr_vii", "pr_elite", "pr_landwehr_1", "pr_landwehr_2"], commander="blucher")
    assert ai_grand.declare_on_a_major_it_can_beat(stronger, "empire", legal) is None  # a first war: no
    beaten.g["year"] = 1814  # 19.3: no conquest would follow in the last year
    assert ai_grand.declare_on_a_major_it_can_beat(beaten, "empire", legal) is None
    escalade = st.g["escalade"]
    st.apply(action)
    assert S.status_of(st, "prussia") == "at_war" and st.g["escalade"] == escalade + 1  # 7.1: a first declaration


def test_6_1_the_1805_empire_plays_and_keeps_the_escalating_events_until_the_punishments():
    st = load_game("nae").new_state("1805", seed=1)
    legal = [("card", "9F"), ("event", "9F"), ("card", "1F"), ("pass", None)]
    action, reason = ai_grand.play_escalating_event(st, "empire", legal)
    assert action == ("event", "9F") and "6.1" in reason  # 9F Persia: escalade +1
    assert ai_grand.play_escalating_event(st, "coalition", [("event", "22C")]) is None  # the Coalition's is not
    assert ai_grand.kept_card(st, "empire", "22F")  # Maria Walewska: kept for its event, not spent for its AP
    assert ai_grand.keep_the_best_cards(st, "empire", [("discard", "22F"), ("discard", "8F")])[0] == ("discard", "8F")
    st.g["periods"] = [*S.data().scenarios["1805"].header.cards.periods, "punishments"]
    assert ai_grand.play_escalating_event(st, "empire", legal) is None and not ai_grand.kept_card(st, "empire", "22F")
    assert not ai_grand.escalade_wanted(load_game("nae").new_state("1809", seed=1), "empire")  # 20.3: it is off


def test_18_2_1_a_strong_army_leaves_a_remnant_off_its_road_to_the_key_zones():
    st = board_1806()
    st.g["status"]["austria"] = "at_war"
    S.set_side(st, "austria", "coalition")
    army = put(st, "munich", ["fr_i", "fr_iii", "fr_iv", "fr_v", "fr_vi", "fr_vii"], commander="napoleon")
    assert ai_grand.march_target(st, "empire", army) == "vienna"
    assert not ai_grand.worth_the_detour(st, "empire", army, "ulm", 2)  # a remnant behind: left to the corps
    assert ai_grand.worth_the_detour(st, "empire", army, "salzburg", 2)  # on the road to Vienna
    assert ai_grand.worth_the_detour(st, "empire", army, "ulm", 6)  # a real army is worth the detour
    corps = put(st, "stuttgart", ["fr_ix"], commander="lannes")
    assert ai_grand.worth_the_detour(st, "empire", corps, "ulm", 1)  # a small force takes the small fights


def test_7_2_over_its_size_the_hand_loses_its_weakest_card_combat_cards_last():
    st = load_game("nae").new_state("1805", seed=1)
    # 55F and 5F are worth 1 AP; 5F is a combat card, kept for the decisive battle; 1F is worth more
    legal = [("discard", "5F"), ("discard", "55F"), ("discard", "1F")]
    assert ai_grand.keep_the_best_cards(st, "empire", legal)[0] == ("discard", "55F")
    assert ai_grand.keep_the_best_cards(st, "empire", [*legal, ("done", None)])[0] == ("done", None)
    # 24F is worth 1 AP too; once the Punishments are in, 45F needs it played (19.3): it goes after every other card
    assert ai_grand.keep_the_best_cards(st, "empire", [("discard", "24F"), ("discard", "1F")])[0] == ("discard", "24F")
    st.g["periods"] = [*S.data().scenarios["1805"].header.cards.periods, "punishments"]
    assert ai_grand.keep_the_best_cards(st, "empire", [("discard", "24F"), ("discard", "1F")])[0] == ("discard", "1F")


def play_phase(st: State, until: str) -> None:
    """Let the heuristic play both sides until the rules leave the phase (its first step no longer on the stack)."""
    for _ in range(2000):
        if not any(x["step"].startswith(until) for x in st.core["stack"]):
            return
        st.apply(ai.policy(st, str(st.active))[0])
    raise AssertionError(f"{until} did not end")


def test_7_3_the_budget_rebuilds_the_armies_and_sends_generals_of_their_nation_near_the_fighting():
    st = board_1806()
    forces_1805(st)
    interphase(st)
    budget.push_budget_phase(st)
    st._advance()
    play_phase(st, "budget")
    built = [e["text"] for e in st.log if e.get("rule") in ("7.3.2", "7.3.4", "7.3.5") and " is " in e["text"]]
    assert any("restored" in t for t in built) and any("is built" in t for t in built)
    for e in st.log:
        if e.get("rule") == "7.3.6" and "leaves the reserve" in e["text"]:
            gid = next(g for g in S.data().counters.generals if e["text"].startswith(S.general(g).name + " "))
            fid = next(f for f, x in st.g["forces"].items() if gid in S.generals_of(x))
            assert S.force(st, fid)["power"] == S.general(gid).power, e["text"]


def test_7_6_redeployment_brings_a_far_corps_towards_the_front_and_keeps_the_garrison():
    st = board_1806()
    far = put(st, "brest", ["fr_iii", "fr_iv"], commander="davout")
    guard = put(st, "antwerp", ["fr_v"], commander="lannes")  # alone in a key zone of France (18.2.1) ...
    put(st, "breda", ["gb_corps_1"], commander="moore")  # ... with a British corps next door
    put(st, "mainz", ["fr_vi"], commander="soult")
    put(st, "wurzburg", ["ru_i", "ru_ii"], commander="koutouzov")  # the enemy on the Main
    supply.update_supply(st)
    before = ai_grand.distance_to("brest", ai_grand.front(st, "empire"))
    interphase(st)
    redeployment.push_strategic_redeployment(st)
    st._advance()
    play_phase(st, "redeploy")
    after = ai_grand.distance_to(S.force(st, far)["zone"], ai_grand.front(st, "empire"))
    assert after < before
    assert ai_grand.garrison(st, "empire", guard) and S.force(st, guard)["zone"] == "antwerp"


def test_activation_marches_on_the_enemy_key_zones_and_besieges_them():
    st = board_1806()
    st.g["status"]["austria"] = "at_war"
    S.set_side(st, "austria", "coalition")
    goals = ai_grand.targets(st, "empire")
    assert "vienna" in goals and not any(z in goals for z in ai.french_keys())
    assert all(z not in ai_grand.targets(st, "coalition") for z in ("vienna", "london"))
    assert set(ai.french_keys()) <= set(ai_grand.targets(st, "coalition"))


def test_the_grand_evaluation_follows_the_victory_track_and_france_s_key_zones():
    st = load_game("nae").new_state("1805", seed=1)
    base = ai.evaluate(st, "empire")
    assert ai.evaluate(st, "coalition") == -base
    st.g["vp"] += 3
    assert ai.evaluate(st, "empire") > base
    st.g["vp"] -= 3
    st.g["escalade"] += 4  # 6.1 / 19.3: the 1805 Empire's road to the Punishments and 45F
    assert ai.evaluate(st, "empire") > base
    st.g["escalade"] -= 4
    S.set_control(st, "lyon", "austria")
    assert ai.evaluate(st, "empire") < base
    one_year = load_game("nae").new_state("1815", seed=1)  # 1815 keeps its evaluation (20.1)
    assert ai.evaluate(one_year, "empire") == ai._evaluate(one_year)


def test_a_search_decides_on_a_grand_campaign_position():
    st = load_game("nae").new_state("1809", seed=2)
    heuristic = HeuristicAgent(0)
    while not (len(st.legal_actions()) >= 2 and ai_grand.search_plan(st, str(st.active))[0]):
        st.apply(heuristic.choose(st, str(st.active)))  # to the first step the search plays out (a battle's, round 9)
    search = SearchAgent(seed=1, iterations=6, rollout=10)
    action = search.choose(st, str(st.active))
    assert action in st.legal_actions() and "simulations" in search.last_reason


def test_7_3_budget_events_smuggling_and_victory_points_always_units_while_the_hand_keeps_four():
    st = board_1806()
    st.g["hands"] = {"empire": ["31F", "39F", "1F", "2F", "3F"], "coalition": ["50C", "7C", "9C", "1C"]}
    # 39F The King of Rome is a victory point; 31F The Conscripts two free steps while the hand keeps four cards
    legal = [("done", None), ("event", "31F"), ("event", "39F")]
    assert ai_grand.budget_events(st, "empire", legal)[0] == ("event", "39F")
    assert ai_grand.budget_events(st, "empire", legal[:2])[0] == ("event", "31F")
    st.g["hands"]["empire"] = ["31F", "1F", "2F", "3F"]
    assert ai_grand.budget_events(st, "empire", legal[:2])[0] == ("done", None)
    # 50C Smuggling denies the Blockade's point and 7C Rothschild draws two: both played with four cards in hand
    coalition = [("done", None), ("event", "9C"), ("event", "7C"), ("event", "50C")]
    action, reason = ai_grand.budget_events(st, "coalition", coalition)
    assert action == ("event", "50C") and "Blockade" in reason
    assert ai_grand.budget_events(st, "coalition", coalition[:3])[0] == ("event", "7C")
    assert ai_grand.budget_events(st, "coalition", coalition[:2])[0] == ("done", None)


def test_19_victory_events_are_played_when_allowed_and_never_spent_for_ap():
    st = load_game("nae").new_state("1809", seed=1)
    assert ai_grand.victory_card("51C") and ai_grand.victory_card("45F") and not ai_grand.victory_card("1C")
    malet = [("card", "51C"), ("card", "1C"), ("event", "51C"), ("pass", None)]
    assert ai_grand.play_victory_event(st, "coalition", malet) == (("event", "51C"),
                                                                   "its event moves the victory track our way")
    assert ai_grand.play_victory_event(st, "coalition", malet[:2]) is None


def test_19_3_both_sides_aim_at_the_zones_of_the_empire_s_end_victory():
    st = load_game("nae").new_state("1809", seed=1)
    assert ai_grand.end_zones(st) == ["mantua"]
    assert "mantua" in ai_grand.targets(st, "coalition") and "mantua" not in ai_grand.targets(st, "empire")
    assert "mantua" in ai_grand.guarded(st, "empire") and "mantua" not in ai_grand.guarded(st, "coalition")


def test_18_1_the_empire_defends_an_allied_minor_s_capital():
    st = board_1806()
    assert "munich" in ai_grand.allied_capitals(st, "empire")  # Bavaria, a French ally
    assert ai_grand.threatened_key(st, "empire") is None
    put(st, "regensburg", ["ru_i", "ru_ii"], commander="koutouzov")
    put(st, "munich", ["fr_v"], commander="lannes")
    assert ai_grand.threatened_key(st, "empire") == "munich"
    guard = put(st, "ulm", ["fr_iii", "fr_iv"], commander="davout")
    assert ai_grand.force_value(st, "empire", guard, [], "munich") > 50


def test_8_2_no_diplomatic_action_brings_in_a_power_the_enemy_would_conquer_at_once():
    st = board_1806()
    assert not ai_grand.exposed(st, "coalition", "hanseatic") and ai.diplomatic_worth(st, "coalition", "hanseatic") > 0
    put(st, "bremen", ["fr_iii", "fr_iv"], commander="davout")  # next to Hamburg, the Hanseatic Cities' capital
    assert ai_grand.exposed(st, "coalition", "hanseatic") and ai.diplomatic_worth(st, "coalition", "hanseatic") == 0


def test_18_2_1_a_side_retakes_its_own_key_zones_the_enemy_holds():
    st = board_1806()
    assert "bordeaux" not in ai_grand.targets(st, "empire")
    S.set_control(st, "bordeaux", "britain")
    assert "bordeaux" in ai_grand.targets(st, "empire")


def test_15_4_a_besieger_keeps_attacking_the_fortress_on_its_way():
    st = board_1806()
    st.g["status"]["austria"] = "at_war"
    S.set_side(st, "austria", "coalition")
    fid = put(st, "salzburg", ["fr_iii", "fr_iv"], commander="davout")
    st.g["fortresses"]["salzburg"].update(besieger=fid, siege=0)  # Salzburg, no objective, on the way to Vienna
    supply.update_supply(st)
    goals = ai_grand.targets(st, "empire")
    assert "salzburg" not in goals and ai_grand.force_value(st, "empire", fid, goals, None) >= 80


def test_12_1_a_force_blocked_on_its_nearest_objective_marches_on_the_next_open_one():
    st = board_1806()
    st.g["status"]["austria"] = "at_war"
    S.set_side(st, "austria", "coalition")
    fid = put(st, "munich", ["fr_v"], commander="lannes")
    assert ai_grand.open_goal(st, "empire", fid, ["vienna", "nuremberg"]) == "vienna"
    for zone, general in (("salzburg", "charles"), ("passau", "ferdinand")):  # both ways to Vienna barred
        put(st, zone, ["au_i", "au_ii"] if zone == "salzburg" else ["au_iii", "au_iv"], commander=general)
    assert ai_grand.open_goal(st, "empire", fid, ["vienna", "nuremberg"]) == "nuremberg"
    assert ai_grand.open_goal(st, "empire", fid, ["vienna"]) == "vienna"  # none open: the nearest


def test_8_3_3_an_event_s_standing_battle_the_defender_weighs_its_evasion_with_no_border_crossed():
    st = board_1806()
    st.g["status"]["austria"] = "at_war"
    S.set_side(st, "austria", "coalition")
    french = put(st, "innsbruck", ["fr_v"], commander="lannes")
    austrians = put(st, "innsbruck", ["au_i", "au_ii", "au_iii"], commander="charles")
    interphase(st)
    diplomacy.push_standing_battle(st, austrians, french, "8.3.3", evade=True)  # as 18C Tyrol's rising
    st._advance()
    assert st.step == "evade" and st.core["stack"][-2]["came_from"] == battle.STANDING
    action, reason = ai.policy(st, "empire")  # 1805 seed 15 raised here: "standing" is no zone
    assert action in st.legal_actions() and "odds 3:1" in reason


def test_19_3_in_the_last_year_only_protectorates_among_the_minors_are_objectives():
    st = load_game("nae").new_state("1809", seed=1)
    assert {"munich", "naples"} <= set(ai_grand.targets(st, "coalition"))  # Bavaria an ally, Naples a protectorate
    st.g["year"] = 1814
    goals = ai_grand.targets(st, "coalition")
    assert "munich" not in goals and {"naples", "mantua", "paris"} <= set(goals)


def test_9_1_a_corps_too_small_to_march_alone_joins_the_army_nearer_the_front():
    st = board_1806()
    st.g["status"]["austria"] = "at_war"
    S.set_side(st, "austria", "coalition")
    put(st, "munich", ["fr_i", "fr_iii", "fr_iv"], commander="napoleon", army="grande_armee")
    corps = put(st, "stuttgart", ["fr_ix"], commander="lannes")  # 2 steps: too small to march on Vienna alone
    paris = put(st, "paris", ["fr_x"], commander="soult")  # in a key zone of France: it stays
    supply.update_supply(st)
    assert ai_grand.rally_point(st, "empire", corps) == "munich"
    assert ai_grand.march_target(st, "empire", corps) == "munich"
    goals, threat = ai_grand.targets(st, "empire"), ai_grand.threatened_key(st, "empire")
    assert 0 < ai_grand.force_value(st, "empire", corps, goals, threat) < 1  # after the marches, with spare AP
    assert ai_grand.rally_point(st, "empire", paris) is None
    far = put(st, "brest", ["fr_vii"], commander="augereau")  # beyond JOIN_REACH borders: it waits
    assert ai_grand.rally_point(st, "empire", far) is None


def test_8_1_5_the_empire_values_a_diplomatic_ally_it_can_make_a_protectorate():
    st = load_game("nae").new_state("1805", seed=1)
    assert ai_grand.protectorate_worth(st, "empire", "denmark") == 2.0
    assert ai_grand.protectorate_worth(st, "coalition", "denmark") == 0.0
    assert ai_grand.protectorate_worth(st, "empire", "bavaria") == 0.0  # no protectorate on the counter
    assert ai.diplomatic_worth(st, "empire", "denmark") >= ai.diplomatic_worth(st, "coalition", "denmark") + 2


def test_7_1_the_coalition_never_hands_a_minor_of_the_rhine_to_the_empire():
    st = board_1806()
    put(st, "kassel", ["ru_i", "ru_ii", "ru_iii"], commander="koutouzov")  # next to neutral Nassau (R)
    legal = [("declare", "nassau"), ("done", None)]
    assert ai_grand.entity_minor("nassau") and not ai_grand.entity_minor("hanseatic")
    assert ai_grand.declare_on_a_weak_minor(st, "coalition", legal) is None
    put(st, "kassel", ["fr_i", "fr_ii", "fr_iii"], commander="davout")  # the Empire, with as much, takes it
    assert ai_grand.declare_on_a_weak_minor(st, "empire", legal)[0] == ("declare", "nassau")


def test_18_2_1_napoleon_marches_on_the_enemy_capital_past_a_threatened_allied_capital():
    st = board_1806()
    st.g["status"]["austria"] = "at_war"
    S.set_side(st, "austria", "coalition")
    army = put(st, "passau", ["fr_i", "fr_iii", "fr_iv", "fr_v"], commander="napoleon", army="grande_armee")
    corps = put(st, "regensburg", ["fr_vi", "fr_vii"], commander="lannes")
    put(st, "innsbruck", ["au_i", "au_ii"], commander="charles")  # next to Munich, Bavaria's capital, unguarded
    supply.update_supply(st)
    assert ai_grand.threatened_key(st, "empire") == "munich" and "munich" not in ai_grand.guarded(st, "empire")
    assert ai_grand.march_target(st, "empire", corps) == "munich"  # the corps nearby defend it
    assert ai_grand.march_target(st, "empire", army) != "munich"  # Napoléon goes on with the war


def test_5_2_on_campaign_the_empire_s_rounds_go_to_the_war_and_diplomacy_waits_for_7_4():
    st = board_1806()
    st.g["status"]["austria"] = "at_war"
    S.set_side(st, "austria", "coalition")
    army = put(st, "munich", ["fr_i", "fr_iii", "fr_iv", "fr_v"], commander="napoleon", army="grande_armee")
    supply.update_supply(st)
    assert ai_grand.on_campaign(st, "empire") and ai_grand.march_target(st, "empire", army) == "vienna"
    legal = [("diplomacy", "21F"), ("protectorate", "19F"), ("event", "9F"), ("card", "21F"), ("card", "19F"),
             ("card", "9F"), ("card", "22F"), ("event", "22F"), ("pass", None)]
    assert ai_grand.war_first(st, "empire", legal)[0] == ("event", "22F")  # Maria Walewska: activation phase only
    action, reason = ai_grand.war_first(st, "empire", [*legal[:-3], ("pass", None)])
    assert action == ("card", "21F") and "AP to move" in reason  # 9F Persia waits for the diplomatic phase
    assert ai_grand.war_first(st, "coalition", legal) is None
    S.take_force(st, army)  # no campaign: the other rules decide (a diplomatic action may take the round)
    assert not ai_grand.on_campaign(st, "empire") and ai_grand.war_first(st, "empire", legal) is None


def test_19_3_the_empire_keeps_and_plays_the_cards_its_end_victory_needs():
    st = load_game("nae").new_state("1805", seed=1)
    assert ai_grand.end_cards("1805") == ("45F", "20F", "24F")
    assert ai_grand.kept_card(st, "empire", "45F") and ai_grand.kept_card(st, "empire", "20F")
    assert not ai_grand.kept_card(st, "empire", "24F")  # its AP move the war until the Punishments bring 45F in
    legal = [("card", "24F"), ("event", "24F"), ("card", "1F"), ("pass", None)]
    assert ai_grand.play_end_card_event(st, "empire", legal) is None  # 24F waits for the Punishments (45F)
    assert ai_grand.play_end_card_event(st, "empire", [("event", "20F")])[0] == ("event", "20F")  # a level now
    st.g["periods"] = [*S.data().scenarios["1805"].header.cards.periods, "punishments"]
    assert ai_grand.kept_card(st, "empire", "24F")
    action, reason = ai_grand.play_end_card_event(st, "empire", legal)
    assert action == ("event", "24F") and "19.3" in reason
    st.g["hands"]["empire"] = ["45F", "21F"]
    legal = [("protectorate", "45F"), ("protectorate", "21F"), ("card", "45F"), ("pass", None)]
    assert ai_grand.diplomatic_move(st, "empire", legal)[0] == ("protectorate", "21F")  # 45F: 3 AP, yet kept
    assert ai_grand.activate_when_useful(st, "empire", [("card", "45F"), ("pass", None)]) is None  # never for AP
    st.push("conquest.choice", kind="alliance", side="empire")  # 8.1.4: a forced alliance for a discard
    assert ai_grand.conquest_choice(st, "empire", [("discard", "45F"), ("pass", None)])[0] == ("pass", None)
    assert ai_grand.conquest_choice(st, "empire", [("discard", "45F"), ("discard", "21F"), ("pass", None)])[0] == \
        ("discard", "21F")


def test_7_2_among_the_punishments_the_empire_digs_for_the_cards_its_end_victory_needs():
    st = load_game("nae").new_state("1805", seed=1)
    legal = [("discard", "55F"), ("discard", "5F"), ("discard", "24F"), ("discard", "4F"), ("done", None)]
    assert ai_grand.dig_for_the_end_cards(st, "empire", legal) is None  # before the Punishments: 45F is not there
    st.g["periods"] = [*S.data().scenarios["1805"].header.cards.periods, "punishments"]
    st.g["hands"]["empire"] = ["55F", "5F", "24F", "4F"]
    action, reason = ai_grand.dig_for_the_end_cards(st, "empire", legal)
    assert action == ("discard", "55F") and "45F" in reason  # not the combat card, nor 24F, nor a 3-AP card
    st.g["hands"]["empire"] = ["45F", "20F", "24F", "55F"]  # all there: nothing to dig for
    assert ai_grand.dig_for_the_end_cards(st, "empire", legal) is None


def test_19_3_the_army_of_italy_marches_on_naples_which_45f_needs_on_the_empire_s_side():
    st = board_1806()
    assert S.side_of(st, "naples") == "coalition" and ai_grand.end_capitals(st, "empire") == ["naples"]
    S.set_control(st, "rome", "france")  # 8.6: the Papacy French territory, the road south open
    S.set_control(st, "mantua", "naples")  # 19.3: Mantua, an objective two borders away
    italy = put(st, "florence", ["fr_ii", "fr_viii"], commander="massena", army="armee_italie")
    supply.update_supply(st)
    reach = ai_grand.open_distances(st, "florence")
    assert reach["naples"] == 3 and reach["mantua"] == 2
    assert "mantua" in ai_grand.targets(st, "empire")
    assert ai_grand.march_target(st, "empire", italy) == "naples"  # before Mantua, nearer
    st.g["events_played"] = [*st.g.get("events_played", []), "45F"]
    assert ai_grand.end_capitals(st, "empire") == [] and ai_grand.march_target(st, "empire", italy) != "naples"
    assert ai_grand.end_capitals(st, "coalition") == []
