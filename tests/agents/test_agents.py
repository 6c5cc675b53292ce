"""Agents: specs, the heuristic's reasons on every step, and a search that never reads hidden information."""

import random

import pytest

from grognard import load_game
from grognard.agents import HeuristicAgent, RandomAgent, SearchAgent, make_agent
from grognard.agents.search import may_pass, passes, ranked
from grognard.games.nae import ai


def test_specs_name_levels_and_parameters():
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent("heuristic", 1), HeuristicAgent)
    assert isinstance(make_agent("ai:easy", 1), HeuristicAgent)
    normal, hard = make_agent("ai:normal", 1), make_agent("ai:hard", 1)
    assert (normal.seconds, normal.iterations) == (2.0, None)
    assert hard.seconds == 8.0
    s = make_agent("search:iterations=400,rollout=10", 1)
    assert isinstance(s, SearchAgent) and (s.iterations, s.rollout, s.seconds) == (400, 10, None)


@pytest.mark.parametrize("spec", ["ai:impossible", "minimax", "search:depth=3", "search:iterations=many", "random:x"])
def test_bad_specs_are_refused_with_the_choices(spec):
    with pytest.raises(ValueError, match=r"unknown|needs a number"):
        make_agent(spec, 0)


def test_heuristic_plays_both_sides_to_the_end_with_a_reason_for_every_move():
    st = load_game("nae").new_state("1815", seed=2)
    agents = {"empire": HeuristicAgent(0), "coalition": HeuristicAgent(0)}
    steps = set()
    while not st.over:
        side = st.active
        action = agents[side].choose(st, side)
        assert action in st.legal_actions()
        assert agents[side].last_reason.startswith(st.game.label(st, action))
        steps.add(st.step)
        st.apply(action)
    assert {"round", "activation", "march", "losses"} <= steps


def test_heuristic_keeps_napoleon_out_of_bad_battles():
    """Keep Napoléon safe: his force attacks only with a lead on the dice and 3:2 numbers."""
    st = load_game("nae").new_state("1815", seed=4)
    agents = {"empire": HeuristicAgent(0), "coalition": RandomAgent(4)}
    while not st.over:
        side = st.active
        action = agents[side].choose(st, side)
        if side == "empire" and st.step == "march" and action[0] == "zone":
            fid = st.frame["fid"]
            foes = ai.enemy_forces_in(st, action[1], side)
            if foes and ai.NAPOLEON in ai.S.generals_of(ai.S.force(st, fid)):
                assert ai.attack_ok(st, side, fid, foes, action[1])
                assert ai.edge(st, fid, foes, action[1], ai.S.force(st, fid)["zone"]) >= 2
        st.apply(action)


def _until(st, stop, agents=None):
    agents = agents or {"empire": HeuristicAgent(0), "coalition": HeuristicAgent(0)}
    while not stop(st):
        assert not st.over
        st.apply(agents[st.active].choose(st, st.active))
    return st


def _first_game_where(stop, agents, seeds=range(20)):
    """The first seeded 1815 game in which ``stop`` comes up (a case that depends on how a game unfolds)."""
    for seed in seeds:
        st = load_game("nae").new_state("1815", seed=seed)
        a = {side: type(agent)(0) for side, agent in agents.items()}
        while not st.over and not stop(st):
            st.apply(a[st.active].choose(st, st.active))
        if not st.over:
            return st
    raise AssertionError("the case never came up")


def test_20_1_coalition_hunts_napoleon_first():
    """20.1: removing Napoléon wins for the Coalition (France's armies rally when supplied, so the conquest needs
    them destroyed too): its activations go to the forces that can reach him, not to Castaños' good odds against a
    corps in the Pyrenees; the one that fights him best first: Wellington (morale 5, dice -2 from Namur) before
    Blücher (morale 3, dice -4)."""
    st = _until(load_game("nae").new_state("1815", seed=3),
                lambda s: s.active == "coalition" and s.step == "activation")
    legal = st.legal_actions()
    values = {a[1]: ai.force_value(st, "coalition", a[1]) for a in legal if a[0] == "force"}
    names = {fid: ai.S.name_of(st, fid) for fid in values}
    ranked = sorted(values, key=values.get, reverse=True)
    assert [names[f] for f in ranked[:2]] == ["Wellington (Army of the Peninsula)", "Blücher (Army of the Elbe)"]
    assert all(values[f] > values["f1"] for f in ranked[:4]) and names["f1"] == "Castaños"
    action, reason = ai.policy(st, "coalition", legal)
    assert action == ("force", ranked[0]) and "strike Napoléon" in reason


def test_11_wellington_takes_blucher_in_on_his_way_and_both_strike_napoleon():
    """11 / 14.2: Wellington's strike from Brussels, two zones from Napoléon, goes through Namur (``strike_entry``),
    where his army takes Blücher's in: the group fights at 2:1 where Blücher alone would have fought at 1:1."""
    st = _until(load_game("nae").new_state("1815", seed=3),
                lambda s: s.active == "coalition" and s.step == "activation")
    wellington = next(fid for fid, f in st.g["forces"].items() if f["commander"] == "wellington")
    napoleon = ai.S.force(st, ai.napoleon_force(st))["zone"]
    assert ai.dist(ai.S.force(st, wellington)["zone"], napoleon) == 2
    assert ai.strike_entry(st, wellington, napoleon) == "namur"
    n = len(st.log)
    _until(st, lambda s: any(e.get("rule") == "14.2" for e in s.log[n:]),
           {"empire": HeuristicAgent(0), "coalition": HeuristicAgent(0)})
    battle = next(e["text"] for e in st.log[n:] if e.get("rule") == "14.2")
    assert "Blücher" in battle and "Wellington" in battle and "Napoleon" in battle


def test_12_6_campaign_force_waits_to_strike_napoleon_together():
    """12.6: with the Major Campaign, Blücher goes into Napoléon's zone and waits; Wellington joins him and they
    fight together (« les faire combattre ensemble »)."""
    st = _until(load_game("nae").new_state("1815", seed=3), lambda s: s.step == "campaign.hold")
    assert st.active == "coalition" and ai.S.force(st, st.frame["dfn"])["commander"] == "napoleon"
    action, reason = ai.policy(st, "coalition")
    assert action == ("wait", None) and "together" in reason
    st.apply(action)
    n = len(st.log)
    _until(st, lambda s: any(e.get("rule") == "14.2" for e in s.log[n:]))
    battle = next(e["text"] for e in st.log[n:] if e.get("rule") == "14.2")
    assert "Blücher" in battle and "Wellington" in battle and "Napoleon" in battle


def test_13_3_coalition_sets_up_a_fixed_depot_before_it_marches_out_of_supply():
    """13.3: a fixed depot is a link of the supply line; a Coalition force about to leave its network sets one up
    where it stands, and the zones ahead of it are then supplied (unsupplied it would roll 3 less, 14.5)."""
    def about_to(s):
        return (s.active == "coalition" and s.step == "march"
                and ai.policy(s, "coalition")[0] == ("fixed_depot", None))

    st = _first_game_where(about_to, {"empire": RandomAgent(0), "coalition": HeuristicAgent(0)})
    fid = st.frame["fid"]
    power = ai.S.force(st, fid)["power"]
    here = ai.S.force(st, fid)["zone"]
    target = ai.march_target(st, "coalition", fid)
    ahead = [a[1] for a in st.legal_actions() if a[0] == "zone" and ai.dist(a[1], target) < ai.dist(here, target)]
    before = ai.supply.supply_network(st, power).dist
    assert here in before and any(z not in before for z in ahead)
    action, reason = ai.policy(st, "coalition")
    assert "supply line" in reason
    st.apply(action)
    depot = st.g["fixed_depots"][-1]  # of the commanding general's nation (13.4), which may not be the force's
    assert depot["zone"] == here
    after = ai.supply.supply_network(st, depot["power"]).dist
    assert after[here] == 0


def test_14_1_no_counter_march_that_the_force_in_battle_cannot_take_in_whole():
    """14.1 / 11: « une consolidation est obligatoirement réalisée; éliminez les unités et généraux en surplus »: a
    force its army cannot command is eliminated in part on joining the battle (Hiller's corps with Schwarzenberg),
    so the heuristic marches to the guns only with forces taken in whole, here none."""
    def offered_one_that_cannot_join(s):
        if s.active != "coalition" or s.step != "countermarch":
            return False
        into = ai._battle_of(s, s.frame)["att" if s.frame["role"] == "attacker" else "dfn"]
        return any(a[0] == "force" and not ai.battle.may_join(s, into, a[1]) for a in s.legal_actions())

    st = _first_game_where(offered_one_that_cannot_join, {"empire": RandomAgent(0), "coalition": HeuristicAgent(0)})
    into = ai._battle_of(st, st.frame)["att" if st.frame["role"] == "attacker" else "dfn"]
    refused = [a for a in st.legal_actions() if a[0] == "force" and not ai.battle.may_join(st, into, a[1])]
    action, _ = ai.policy(st, "coalition")
    assert action not in refused
    joined = st.copy()
    n = len(joined.log)
    joined.apply(refused[0])
    while not any(e.get("rule") == "14.2" for e in joined.log[n:]):
        joined.apply(ai.policy(joined, str(joined.active))[0])
    assert any("eliminated" in e["text"] and "takes in" in e["text"] for e in joined.log[n:])


def test_evaluation_is_the_result_at_the_end_and_zero_sum_before():
    st = load_game("nae").new_state("1815", seed=1)
    assert ai.evaluate(st, "empire") == pytest.approx(-ai.evaluate(st, "coalition"))
    assert -1 < ai.evaluate(st, "empire") < 1
    while not st.over:
        st.apply(st.legal_actions()[-1])  # pass to the end
    winner = st.result["winner"]
    assert ai.evaluate(st, winner) == 1.0


def _mid_game():
    # seed 10: under the merged rules of main the heuristic games of seeds 1-9 end before the Empire marches
    st = load_game("nae").new_state("1815", seed=10)
    agents = {"empire": HeuristicAgent(0), "coalition": HeuristicAgent(0)}
    while not (st.active == "empire" and st.g["round"] >= 3 and len(st.legal_actions()) > 2):
        assert not st.over
        st.apply(agents[st.active].choose(st, st.active))
    return st


def test_search_with_an_iteration_budget_is_deterministic():
    st = _mid_game()
    choices = {make_agent("search:iterations=12,rollout=6", 7).choose(st, "empire") for _ in range(2)}
    assert len(choices) == 1


def _coalition_mid_game():
    st = load_game("nae").new_state("1815", seed=3)
    return _until(st, lambda s: s.active == "coalition" and s.step == "activation")


@pytest.mark.parametrize(("position", "side"), [(_mid_game, "empire"), (_coalition_mid_game, "coalition")])
def test_search_choice_ignores_the_hidden_truth(position, side):
    """Same seed, same information state, different hidden truths (the other side's hand and both piles, the
    dice to come) -> the same action, from either seat."""
    st = position()
    foe = "coalition" if side == "empire" else "empire"
    other = st.copy()
    pool = other.g["hands"][foe] + other.g["decks"][foe]
    random.Random(1).shuffle(pool)
    n = len(other.g["hands"][foe])
    other.g["hands"][foe], other.g["decks"][foe] = pool[:n], pool[n:]
    other.g["decks"][side].reverse()
    other.core["rng"] = [7, 7, 7, 7]
    assert other.digest() != st.digest()
    agents = [make_agent("search:iterations=16,rollout=8", 3) for _ in range(2)]
    assert agents[0].choose(st, side) == agents[1].choose(other, side)
    assert agents[0].last_reason == agents[1].last_reason


def test_search_ranks_the_heuristics_moves_its_choice_first():
    """The candidates are the heuristic's choice, then its choice among the moves left, all distinct and legal."""
    st = _coalition_mid_game()
    legal = st.legal_actions()
    moves = ranked(ai, st, "coalition", legal, 3)
    assert moves[0] == ai.policy(st, "coalition", legal)
    assert len({a for a, _ in moves}) == len(moves) == 3 and all(a in legal for a, _ in moves)
    assert moves[1][0] == ai.policy(st, "coalition", [a for a in legal if a != moves[0][0]])[0]


def test_search_ranking_offers_distinct_legal_moves_at_every_step():
    """The heuristic's rules are asked again with moves struck out, at every step of a whole game, both sides."""
    st = load_game("nae").new_state("1815", seed=2)
    while not st.over:
        side, legal = str(st.active), st.legal_actions()
        moves = [a for a, _ in ranked(ai, st, side, legal, 4)]
        assert len(set(moves)) == len(moves) == min(4, len(legal)) and set(moves) <= set(legal)
        st.apply(moves[0])


def test_search_plays_the_heuristics_move_unless_another_is_clearly_better():
    """Paired playouts mostly end alike: a candidate replaces the heuristic's move only when the games it won and
    the heuristic's move lost outnumber the reverse by MIN_LEAD and by Z times the square root of the differing
    pairs (a sign test)."""
    assert not passes(3.0, 3.0)  # three games more: noise
    assert passes(4.0, 4.0) and passes(4.0, 6.0)  # 4 against 0, 5 against 1
    assert not passes(4.0, 8.0)  # 6 against 2
    assert may_pass(0.0, 0.0, 4) and not may_pass(-3.0, 5.0, 4)


def test_search_stops_when_no_candidate_can_pass():
    """A position whose candidates all end alike stops after PATIENCE simulations: fewer playouts than the budget,
    and the heuristic's move is played."""
    st = _coalition_mid_game()
    agent = make_agent("search:iterations=200,rollout=4", 2)
    hint = ai.policy(st, "coalition")[0]
    assert agent.choose(st, "coalition") == hint
    assert agent.last_iterations < 200


def test_search_abandons_a_playout_that_outlasts_its_time_budget():
    """A grand campaign's playout (to the side's next turn: some tens of decisions) is longer than half a
    millisecond: it is abandoned at the deadline and the heuristic's move is played, so the budget holds whatever the
    scenario."""
    st = load_game("nae").new_state("1805", seed=1)
    st = _until(st, lambda s: len(s.legal_actions()) > 1)
    side = str(st.active)
    agent = make_agent("search:seconds=0.0005", 1)
    assert agent.choose(st, side) == ai.policy(st, side)[0]
    assert agent.last_iterations == 0


def test_14_5_4_a_striker_steps_to_the_side_from_which_it_fights_napoleon_best():
    """14.5.4 / 14.5.3: the attacker's line runs through its entry zone (-3 unsupplied) and the border it crosses
    counts; a Coalition force about to strike Napoléon first steps into the neighbour of his zone where the dice
    gain at least 1, when it keeps the MP to strike from there (``march_to_best_entry``)."""
    def steps_aside(s):
        return (s.active == "coalition" and s.step == "march"
                and "strikes Napoléon from" in ai.policy(s, "coalition")[1])

    st = _first_game_where(steps_aside, {"empire": RandomAgent(0), "coalition": HeuristicAgent(0)})
    fid = st.frame["fid"]
    here = ai.S.force(st, fid)["zone"]
    nz = ai.S.force(st, ai.napoleon_force(st))["zone"]
    foes = ai.enemy_forces_in(st, nz, "coalition")
    action, _ = ai.policy(st, "coalition")
    entry = action[1]
    assert entry in ai.S.data().map.neighbours(nz) and not ai.enemy_forces_in(st, entry, "coalition")
    better = ai.edge(st, fid, foes, nz, entry)
    assert ("zone", nz) not in st.legal_actions() or better >= ai.edge(st, fid, foes, nz, here) + 1
    m = ai.S.data().map
    assert m.enter_cost(here, entry) + m.enter_cost(entry, nz) <= st.frame["mp"]  # the MP to strike from there
