"""6.4 / 7.3 The events played in the budget phase besides resources and cards (« Les cartes peuvent être jouées lors
de la phase de budget, la phase diplomatique, la phase d'activations ou la phase de conquête et leurs effets
s'appliquent immédiatement »): the special units (18F, 23C, 26C, 55C), the free steps (31F, 38F, 42F, 52F), the
units entering play (50F, 9C, 45C), 3C and 40F; 50C Smuggling and the Continental Blockade's VP (glossary, 25F)."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, iberia, supply
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put
from tests.games.nae.rules.test_07_3_budget import reach, start


def empire_events(st: State) -> None:
    """Open the phase; the Coalition plays no budget event."""
    start(st, events=True)
    assert st.step == "budget.events" and st.active == "coalition"
    st.apply(("done", None))
    assert st.step == "budget.events" and st.active == "empire"


def test_6_4_cavalerie_de_la_garde_18f_is_played_in_the_budget_phase() -> None:
    """The example of play's 1806 budget: « la France joue Cavalerie de la Garde » (18F): the special unit joins
    Napoléon's supplied army before any power spends; the gold-star card leaves the game."""
    st = board_1806()
    st.g["hands"]["empire"] = ["18F"]
    fid = put(st, "paris", ["fr_garde", "fr_i"], commander="napoleon", army="grande_armee")
    supply.update_supply(st)
    empire_events(st)
    assert ("event", "18F") in st.legal_actions()
    st.apply(("event", "18F"))
    assert st.step == "events.army" and st.legal_actions() == [("force", fid)]
    st.apply(("force", fid))
    assert S.force(st, fid)["units"]["fr_cav_garde"] == 1 and "18F" in st.g["out"]
    assert st.step == "budget.events" and st.legal_actions() == [("done", None)]
    st.apply(("done", None))
    assert st.step == "budget.spend"


def test_6_4_18f_is_not_offered_in_the_budget_without_a_supplied_army_of_napoleon() -> None:
    st = board_1806()
    st.g["hands"]["empire"] = ["18F"]
    put(st, "paris", ["fr_garde"], commander="napoleon")  # no army
    empire_events(st)
    assert st.legal_actions() == [("done", None)]


def test_6_4_les_conscrits_31f_builds_two_free_steps_in_the_budget_phase() -> None:
    """31F: « Build 2 French infantry steps free » on French reinforcement zones, then France spends its own
    resources as usual."""
    st = board_1806()
    st.g["hands"]["empire"] = ["31F"]
    st.g["reserve"]["units"] += ["fr_iv"]
    empire_events(st)
    st.apply(("event", "31F"))
    assert st.step == "conscripts" and ("build", "fr_iv") in st.legal_actions()
    st.apply(("build", "fr_iv"))
    assert st.step == "place"
    zone = st.legal_actions()[0][1]
    st.apply(("zone", zone))
    assert st.step == "conscripts" and st.frame["steps"] == 1
    st.apply(("restore", "fr_iv"))
    force = S.force(st, S.forces_in(st, zone, "empire")[0])
    assert force["units"]["fr_iv"] == S.unit("fr_iv").steps
    assert st.step == "budget.events" and "31F" in st.g["discards"]["empire"]


def test_glossary_3c_military_reform_played_in_the_budget_applies_in_this_phase() -> None:
    """Glossary « Réforme militaire »: « Les effets de la carte Saint-Empire (3C) ne s'applique qu'à l'instant où elle
    est jouée »: played among the budget events, before any power spends, Austria's E units join its reserve in
    this very phase."""
    st = board_1806()
    st.g["hands"]["coalition"] = ["3C"]
    st.g["defeats"] = {"austria": ["france"]}
    start(st, events=True)
    assert ("event", "3C") in st.legal_actions()
    st.apply(("event", "3C"))
    assert st.step == "events.option"
    st.apply(("option", 2))
    assert st.g["reforms"] == ["austria"]
    st.apply(("done", None))
    st.apply(("done", None))
    assert "reforms" not in st.g and st.g["reformed"] == ["austria"]
    assert "3C" in st.g["events_played"]


def test_6_4_holy_empire_3c_resources_played_in_the_budget_count_in_this_phase() -> None:
    st = board_1806()
    st.g["hands"]["coalition"] = ["3C"]
    printed = budget.income(st, "austria")[0]
    start(st, events=True)
    st.apply(("event", "3C"))
    assert st.legal_actions() == [("option", 1)]  # Turkey neutral, Austria never defeated
    st.apply(("option", 1))
    st.apply(("done", None))
    st.apply(("done", None))
    reach(st, "austria")
    assert st.frame["purse"] == printed + 4


def blockade(st: State) -> None:
    """The Continental Blockade declared and every one of its ports held by France."""
    st.g["blockade"] = "25F"
    st.g["events_played"].append("25F")
    for z in iberia.blockade_ports(st):
        S.set_control(st, z, "france")
    assert iberia.blockade_in_place(st)


def test_6_12_the_continental_blockade_in_place_gives_1_vp_at_each_budget_phase() -> None:
    """Glossary « Blocus continental »: « Pour obtenir le gain automatique en point de victoire il faut que le blocus
    soit en place »; 25F: « +1 VP in each budget phase in which it is in place »."""
    st = board_1806()
    vp = st.g["vp"]
    start(st)
    assert st.g["vp"] == vp  # declared nowhere: nothing
    st = board_1806()
    blockade(st)
    start(st)
    assert st.step == "budget.spend" and st.g["vp"] == vp + 1
    assert any("Victory level +1: the Continental Blockade is in place" in e["text"] for e in st.log)


def test_6_12_a_blockade_declared_but_not_in_place_gives_nothing() -> None:
    st = board_1806()
    blockade(st)
    S.set_control(st, "st_petersburg", "russia")
    vp = st.g["vp"]
    start(st)
    assert st.g["vp"] == vp


def test_6_12_in_1809_the_blockade_in_play_at_the_start_counts_as_declared() -> None:
    """20.3 « Evènements en cours »: the Continental Blockade is in play in 1809 (25F among the events played)."""
    from tests.games.nae.rules.helpers import GAME

    st = GAME.new_state("1809", seed=1)
    assert "25F" in st.g["events_played"] and not st.g.get("blockade")
    for z in iberia.blockade_ports(st):
        S.set_control(st, z, "france")
    assert iberia.blockade_in_place(st)


def test_6_4_smuggling_50c_cancels_the_blockades_vp_of_this_budget_phase() -> None:
    """50C Contrebande: « The Continental Blockade gives no VP in this budget phase »; played among the budget
    events, before the VP is counted."""
    st = board_1806()
    st.g["hands"]["coalition"] = ["50C"]
    vp = st.g["vp"]
    start(st, events=True)
    assert st.legal_actions() == [("done", None)]  # no blockade: nothing to cancel
    st = board_1806()
    st.g["hands"]["coalition"] = ["50C"]
    blockade(st)
    start(st, events=True)
    assert ("event", "50C") in st.legal_actions()
    st.apply(("event", "50C"))
    assert "50C" in st.g["discards"]["coalition"] and "50C" in st.g["events_played"]
    assert st.legal_actions() == [("done", None)]
    st.apply(("done", None))
    st.apply(("done", None))
    assert st.step == "budget.spend" and st.g["vp"] == vp
    assert any("Smuggling" in e["text"] and e.get("rule") == "6.4" for e in st.log)


def test_6_4_50c_needs_the_blockade_declared() -> None:
    st = board_1806()
    st.g["hands"]["coalition"] = ["50C"]
    for z in iberia.blockade_ports(st):
        S.set_control(st, z, "france")
    start(st, events=True)
    assert ("event", "50C") not in st.legal_actions()  # 25F never played
