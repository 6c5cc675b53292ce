"""What a player reads of a grand campaign (20.2, 20.3) in any client: the stage of the year (5.1), victory level
(19) and escalade (6.1), the budget's purse (7.3), the diplomatic table (8.1), the Foreign Wars (6.5) and Corsairs
(17.2.9) boxes; and the map objects the browser lights for an action naming a power, a sea zone or a fleet."""

from __future__ import annotations

from grognard.agents import make_agent
from grognard.games.nae import describe, webview
from tests.games.nae.rules.helpers import GAME


def to_step(st, step: str, side: str) -> None:
    agents = {s: make_agent("heuristic", 3 + i) for i, s in enumerate(GAME.sides)}
    while not (st.step == step and st.active == side):
        st.apply(agents[st.active].choose(st, st.active))


def test_5_1_stage_budget_and_diplomatic_table_through_the_1806_interphase():
    st = GAME.new_state("1805", seed=3)
    s = describe.summary(st, "empire")
    assert s["stage"] == "1805 activation phase, round 2 of 6"
    assert (s["victory_level"], s["escalade"], s["punishments_at"], s["budget"]) == (5, 0, 15, None)
    to_step(st, "interphase.war", "empire")
    lines = GAME.describe(st, "empire")
    assert lines[0] == "1806 interphase: declarations of war (7.1); empire to act."  # no round is played (5.1)
    assert "Now: 1806 interphase: declarations of war (7.1). Victory level 5 (19), escalade 0 (Punishments at 15) " \
        "(6.1)." in lines
    powers = {p["id"]: p for p in describe.summary(st, None)["powers"]}
    assert (powers["prussia"]["status_name"], powers["prussia"]["side"]) == ("neutral", None)
    assert (powers["bavaria"]["status"], powers["bavaria"]["side"], powers["bavaria"]["ally_of"]) == \
        ("allied", "empire", "France")
    # 18.1: the table marks the powers conquered so far (which ones depends on how the heuristic played 1805)
    assert {p for p, x in powers.items() if x["conquered"]} == set(st.g["conquered"])
    st.g["conquered"].append("papacy")
    assert {p["id"]: p for p in describe.summary(st, None)["powers"]}["papacy"]["conquered"]
    st.g["conquered"].remove("papacy")
    assert any(x.startswith("  majors: France at war (Empire); Britain at war (Coalition)") for x in lines)
    to_step(st, "budget.spend", "empire")
    # 7.3.2: the Empire runs neutral Turkey's budget
    assert describe.summary(st, "coalition")["budget"] == {"power": "turkey", "name": "Turkey", "side": "empire",
                                                          "purse": 4, "why": "Turkey is neutral: the Empire spends "
                                                          "its resources (7.3.2)"}
    assert "Budget (7.3): Turkey has 4 resources left, spent by the Empire. Turkey is neutral: the Empire spends its " \
        "resources (7.3.2)." in GAME.describe(st, "empire")
    to_step(st, "diplomacy.phase", "empire")
    s = describe.summary(st, "empire")
    assert s["stage"] == "1806 interphase: diplomatic phase (7.4)"
    assert s["stage_help"] == describe.STAGE_HELP["push_diplomatic_phase"]  # what the phase asks, in words
    assert "up to 2 cards" in s["stage_help"]


def test_5_1_every_stage_of_the_year_is_explained():
    """Each phase of the interphase (5.1) and the conquest phase (5.3) has its explanation; the activation phase needs
    none (the prompt says what to do)."""
    from grognard.games.nae.rules import interphase

    assert set(describe.STAGE_HELP) == {p.__name__ for p in interphase.PHASES} | {"conquest"}
    st = GAME.new_state("1805", seed=3)
    assert describe.stage_help(st) is None
    st.g["phase"] = "conquest"
    assert describe.stage_help(st) == describe.STAGE_HELP["conquest"]


def test_6_5_and_17_2_9_the_boxes_off_the_map():
    st = GAME.new_state("1805", seed=3)
    st.g["foreign_wars"] = [{"card": "9F", "power": "russia", "units": {"ru_viii": 2}, "generals": [], "fleets": []}]
    st.g["corsairs"] = ["fr_missiessy"]
    del st.g["fleets"]["fr_missiessy"]
    s = describe.summary(st, "coalition")
    assert s["foreign_wars"] == [{"card": "9F", "title": "Persia", "power": "Russia", "units": ["Russian VIII Corps"],
                                  "generals": [], "fleets": []}]
    assert s["corsairs"] == [{"id": "fr_missiessy", "name": "Missiessy's fleet", "power": "france"}]
    lines = describe.board_lines(s, None)
    assert "Foreign Wars box (6.5): Persia (Russia): Russian VIII Corps" in lines
    assert "Corsairs box (17.2.9): Missiessy's fleet" in lines


def test_map_targets_of_powers_provinces_fleets_and_seas():
    assert webview.target("algiers", "declare") == {"power": "algiers"}  # 7.1: the power, not its zone
    assert webview.target("algiers", "zone") == {"zone": "algiers"}
    assert webview.target("prussia", "target") == {"power": "prussia"}  # 8.2: a diplomatic action's country
    assert webview.target("silesie", "annex") == {"province": "silesie"}  # 18.2.2
    assert webview.target("gb_nelson", "fleet") == {"fleet": "gb_nelson"}
    assert webview.target("atlantic", "sea") == {"sea": "atlantic"}
