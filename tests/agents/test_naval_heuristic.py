"""The naval heuristic of the grand campaigns (``grognard/games/nae/ai_naval.py``, chapter 17): on built 1806
boards, each rule's choice and reason: British corps carried to the war and brought back (17.2.7-17.2.8), blockades
(17.2.6), attacks on weaker squadrons and breaking out of a blockade at good odds (17.2.4-17.3), the home ports
kept; and a seeded 1809 heuristic game in which Britain lands its corps."""

from __future__ import annotations

from grognard import load_game
from grognard.agents import HeuristicAgent
from grognard.core.machine import State
from grognard.games.nae import ai, ai_grand, ai_naval
from grognard.games.nae import state as S
from grognard.games.nae.rules import iberia
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put


def fleets(st: State, **where: tuple[str, str]) -> None:
    st.g["fleets"] = {fl: {"power": S.data().counters.fleets[fl].power, "at": at, "where": w}
                      for fl, (at, w) in where.items()}


def round_of(side: str, card: str, **where: tuple[str, str]) -> State:
    """An 1806 board in round 2 of the activation phase, ``side`` to play with the one card ``card``."""
    st = board_1806()
    st.g.update(phase="activation", round=2, turn=side)
    st.g["hands"] = {"empire": [], "coalition": [], side: [card]}
    fleets(st, **where)
    st.core["stack"].clear()
    st.push("round")
    return st


def play_turn(st: State) -> list[tuple[str, tuple[str, object], str]]:
    """The heuristic plays the side's turn (its card, the activation, the squadron's moves and the enemy's answers
    to them) to the end of its activation: (step, action, reason)."""
    side = st.g["turn"]
    moves = []
    for _ in range(100):
        action, why = ai.policy(st, str(st.active))
        moves.append((str(st.step), action, why))
        st.apply(action)
        if (moves[-1][0] == "activation" and action == ("done", None)) or st.g["turn"] != side:
            return moves
    raise AssertionError("the turn did not end")


def test_17_2_8_a_british_corps_that_reaches_the_war_only_by_sea_lands_where_the_continental_blockade_needs():
    st = round_of("coalition", "11C", gb_fleet_1=("port", "portsmouth"), fr_fleet_1=("port", "brest"))
    st.g["events_played"] = ["25F"]  # 25F: +1 VP in each budget phase while every port it names is held
    for port in iberia.blockade_ports(st):
        S.set_control(st, port, "france")
    assert iberia.blockade_in_place(st)
    corps = put(st, "portsmouth", ["gb_corps_2"], commander="graham")
    assert ai_naval.passengers(st, "coalition") == [(corps, "go")]
    moves = play_turn(st)
    assert moves[0][1] == ("card", "11C") and "AP for the fleets" in moves[0][2]  # no land force gains: the fleet
    assert moves[1][1] == ("fleet", "gb_fleet_1")
    why = "take the undefended port of Rouen (17.2.8); it breaks the Continental Blockade (25F: its VP denied)"
    assert ("naval.move", ("embark", corps), f"Graham embarks: {why}") in moves
    assert ("naval.move", ("assault", "rouen"), why) in moves  # the nearest of the ports the blockade needs
    assert ("naval.landing", ("land_enemy", corps), "Graham lands: the strongest the assault may land") in moves
    assert S.force(st, corps)["zone"] == "rouen" and S.controller(st, "rouen") == "coalition"
    assert not iberia.blockade_in_place(st)


def test_17_2_8_the_corps_takes_an_objective_its_supply_line_reaches_never_next_to_a_stronger_enemy():
    st = round_of("coalition", "11C", gb_fleet_1=("port", "portsmouth"))
    corps = put(st, "portsmouth", ["gb_corps_2"], commander="graham")
    force = S.force(st, corps)
    # 3.2 / 18.2.1: unsupplied, Bordeaux (a key zone of France) would count for nothing: a port worth no card
    assert ai_naval.landing_worth(st, "coalition", force, "bordeaux", assault=True) == \
        (2.0, "take the undefended port of Bordeaux (17.2.8)")
    assert ai_naval.side_plans(st, "coalition", 2) is None  # 2.0 less the MP to reach the Bay: below MIN_VALUE
    S.set_control(st, "rochefort", "britain")  # a British depot in Rochefort: a link of the sea line (13.3)
    S.set_fixed_depots(st, [{"zone": "rochefort", "power": "britain"}])
    plan = ai_naval.side_plans(st, "coalition", 2)
    assert plan is not None and (plan.kind, plan.port) == ("assault", "bordeaux")
    assert plan.why == "take Bordeaux, an objective (18)"
    put(st, "bayonne", ["fr_iii", "fr_iv"], commander="davout")  # next to Bordeaux, stronger than the corps
    assert ai_naval.landing_worth(st, "coalition", force, "bordeaux", assault=True) is None


def test_19_3_in_the_last_year_a_landing_on_a_key_zone_of_france_denies_the_empire_s_end_victory():
    st = round_of("coalition", "11C", gb_fleet_1=("port", "portsmouth"))
    st.g["year"] = 1814  # 20.2: the last year, whose victory phase reads France's key zones
    corps = put(st, "portsmouth", ["gb_corps_2"], commander="graham")
    plan = ai_naval.side_plans(st, "coalition", 2)
    assert plan is not None and (plan.kind, plan.port) == ("assault", "bordeaux")  # unsupplied: denial enough
    assert plan.why == "take Bordeaux: the Empire's end victory needs every key zone of France (19.3)"
    assert ai_naval.passengers(st, "coalition") == [(corps, "go")]


def test_19_3_in_the_last_year_the_empire_guards_the_key_zones_of_france_on_the_coast():
    st = round_of("empire", "1F", gb_fleet_1=("port", "portsmouth"))
    st.g["year"] = 1814
    put(st, "portsmouth", ["gb_corps_2"], commander="graham")  # a British corps that may land
    guard = put(st, "toulouse", ["fr_iii"])  # next to Bordeaux
    put(st, "antwerp", ["fr_iv"])
    assert ai_naval.unguarded(st, "empire") == ["bordeaux"]
    moves = play_turn(st)
    assert moves[0][1] == ("card", "1F") and moves[0][2].endswith("AP to guard Bordeaux against a landing (19.3)")
    assert moves[1][1] == ("force", guard)
    assert S.force(st, guard)["zone"] == "bordeaux" and ai_naval.unguarded(st, "empire") == []
    assert ai_grand.garrison(st, "empire", guard)  # it stays there
    st.g["year"] = 1813  # before the last year: no guard
    assert ai_naval.coast_ports(st, "empire") == []


def test_17_2_7_the_lone_garrison_of_london_stays_home():
    st = round_of("coalition", "11C", gb_fleet_1=("port", "london"))
    corps = put(st, "london", ["gb_corps_2"], commander="graham")
    assert ai_naval.last_guard(st, "coalition", corps) and ai_naval.passengers(st, "coalition") == []
    other = put(st, "london", ["gb_corps_3"])
    assert ai_naval.passengers(st, "coalition") == [(corps, "go"), (other, "go")]  # the one left stays


def test_17_2_7_a_squadron_brings_a_beaten_british_corps_home():
    st = round_of("coalition", "11C", gb_fleet_1=("sea", "bay_of_biscay"))
    S.set_control(st, "bordeaux", "britain")
    corps = put(st, "bordeaux", ["gb_corps_2"], commander="graham")
    put(st, "bayonne", ["fr_iii", "fr_iv"], commander="davout")  # stronger, next door
    assert ai_naval.passengers(st, "coalition") == [(corps, "back")]
    moves = play_turn(st)
    assert ("naval.move", ("embark", corps), "Graham embarks: bring Graham back to Portsmouth") in moves
    assert S.force(st, corps)["zone"] == "portsmouth"


def test_17_2_6_a_stronger_squadron_blockades_an_enemy_port_a_weaker_one_does_not():
    st = round_of("coalition", "11C", gb_cornwallis=("sea", "manche"), fr_missiessy=("port", "rochefort"))
    plan = ai_naval.side_plans(st, "coalition", 2)
    assert plan is not None and (plan.kind, plan.goal) == ("blockade", ("blockade", "rochefort"))
    assert plan.why == "blockade Rochefort with a stronger squadron (17.2.6)"
    moves = play_turn(st)
    assert st.g["fleets"]["gb_cornwallis"] == {"power": "britain", "at": "blockade", "where": "rochefort"}
    assert moves[-1] == ("activation", ("done", None), "no other force gains by moving")
    # two French fleets fire 7 against Cornwallis's 4.5: no blockade, 17.2.6 (the port's squadron may fight it)
    st = round_of("coalition", "11C", gb_cornwallis=("sea", "manche"), fr_missiessy=("port", "rochefort"),
                  fr_emeriau=("port", "rochefort"))
    assert ai_naval.side_plans(st, "coalition", 2) is None


def test_17_2_4_a_squadron_attacks_a_weaker_squadron_at_sea_only_at_good_odds():
    st = round_of("coalition", "11C", gb_nelson=("sea", "south_atlantic"), fr_villeneuve=("sea", "western_med"))
    plan = ai_naval.side_plans(st, "coalition", 2)
    assert plan is not None and (plan.kind, plan.goal) == ("attack", ("sea", "western_med"))  # 6.5 against 3.5
    assert plan.why == "attack the weaker squadron in Western Mediterranean"
    st = round_of("coalition", "11C", gb_fleet_1=("sea", "south_atlantic"), fr_villeneuve=("sea", "western_med"))
    assert ai_naval.side_plans(st, "coalition", 2) is None  # 3.5 against 3.5: no battle sought


def test_17_2_6_the_french_break_a_blockade_only_at_good_odds_and_go_back_into_port():
    st = round_of("empire", "1F", fr_fleet_1=("port", "brest"), fr_ganteaume=("port", "brest"),
                  gb_fleet_2=("blockade", "brest"))
    plan = ai_naval.side_plans(st, "empire", 3)
    assert plan is not None and plan.kind == "break" and plan.fleets == ("fr_fleet_1", "fr_ganteaume")
    assert plan.why == "break the blockade of Brest at good odds"  # 7 against 3.5
    st.core["script"].extend([6, 6, 1])  # 17.3.1: the French 12 against 1: the British fleet is sunk
    moves = play_turn(st)
    assert "gb_fleet_2" not in st.g["fleets"]
    assert ("naval.move", ("zone", "brest"), "towards the port of Brest: back into port") in moves
    assert st.g["fleets"]["fr_fleet_1"]["at"] == "port"
    st = round_of("empire", "1F", fr_fleet_1=("port", "brest"), fr_ganteaume=("port", "brest"),
                  gb_cornwallis=("blockade", "brest"), gb_fleet_2=("blockade", "brest"))
    assert ai_naval.side_plans(st, "empire", 3) is None  # 7 against 8: it stays in port


def test_17_2_home_ports_keep_a_fleet_while_an_enemy_squadron_is_free_to_sail():
    st = round_of("coalition", "11C", gb_fleet_1=("port", "london"), fr_villeneuve=("port", "cadiz"))
    S.set_control(st, "cadiz", "france")
    assert "london" in ai_naval.home_ports(st, "coalition")
    assert ai_naval.available(st, "coalition", ("port", "london"), []) == []
    st.g["fleets"]["gb_fleet_2"] = {"power": "britain", "at": "blockade", "where": "cadiz"}
    assert ai_naval.available(st, "coalition", ("port", "london"), []) == ["gb_fleet_1"]  # Cadiz is blockaded


def test_a_seeded_1809_heuristic_game_britain_lands_its_corps():
    st = load_game("nae").new_state("1809", seed=3)
    agents = {"empire": HeuristicAgent(0), "coalition": HeuristicAgent(1)}
    while not st.over:
        st.apply(agents[str(st.active)].choose(st, str(st.active)))
    assert st.result is not None
    landings = [e for e in st.log if e.get("rule") in ("17.2.7", "17.2.8") and "land(s)" in e["text"]]
    assert sum("British" in e["text"] or "Graham" in e["text"] or "Wellington" in e["text"] for e in landings) >= 3
    assert ai_grand.RULES["naval.move"] == (ai_naval.follow_the_plan,)
