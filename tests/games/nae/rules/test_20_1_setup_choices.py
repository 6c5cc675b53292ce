"""20.1 set-up choices: with the ``setup_choices`` option the players pick what the scenario leaves open (the file's
defaults otherwise), the Coalition first, then the Empire."""

from __future__ import annotations

from tests.games.nae.rules.helpers import GAME


def force_of(st, commander):
    return next(f for f in st.g["forces"].values() if f["commander"] == commander)


def test_20_1_without_the_option_the_data_defaults_are_placed_at_once():
    st = GAME.new_state("1815", seed=1)
    assert st.step == "round" and force_of(st, "castanos")["zone"] == "gerona"


def test_20_1_coalition_then_empire_choose_and_the_forces_go_where_they_chose():
    st = GAME.new_state("1815", seed=1, options={"setup_choices": True})
    assert st.step == "setup.choice" and not st.g["forces"]
    assert st.prompt.startswith("Set-up of 20.1 Espagne") and "choose the zone" in st.prompt
    sides = []
    wanted = {("sp_pyrenees", 0): "pamplona", ("sp_pyrenees", 1): "cuesta", ("ru_poland", 1): "platov",
              ("gb_antwerp", 0): "mobile", ("fr_armee_du_nord", 0): "soissons"}
    while st.step == "setup.choice":
        pid, index = st.frame["queue"][0]
        sides.append(st.active)
        pick = wanted.get((pid, index))
        if (pid, index) == ("sp_madrid", 0):
            assert ("setup", "cuesta") not in st.legal_actions()  # already leads the Pyrenees force
        st.apply(("setup", pick) if pick else st.legal_actions()[0])
    assert sides == sorted(sides, key=lambda s: s != "coalition") and sides[0] == "coalition" and sides[-1] == "empire"
    assert force_of(st, "cuesta")["zone"] == "pamplona"
    assert "platov" in next(f for f in st.g["forces"].values() if f["army"] == "premiere_armee")["subs"]
    antwerp = next(f for f in st.g["forces"].values() if f["zone"] == "antwerp")
    assert antwerp["depots"] == ["britain"] and {"zone": "antwerp", "power": "britain"} not in st.g["fixed_depots"]
    assert force_of(st, "napoleon")["zone"] == "soissons"
    assert st.step == "round" and st.active == "empire" and st.g["round"] == 2


def test_20_1_a_general_picked_for_one_force_is_not_offered_for_another():
    st = GAME.new_state("1815", seed=1, options={"setup_choices": True})
    while st.frame["queue"][0][0] != "au_ulm":
        st.apply(st.legal_actions()[0])
    st.apply(("setup", "klenau"))
    assert ("setup", "klenau") not in st.legal_actions() and ("setup", "hiller") in st.legal_actions()


def test_20_1_random_set_up_choices_give_legal_positions_and_games_that_finish():
    from grognard.agents.random_agent import RandomAgent
    from tests.games.nae.rules.test_selfplay import MAX_DECISIONS, check, fresh_supply_matches

    for seed in range(20):
        st = GAME.new_state("1815", seed=seed, options={"setup_choices": True})
        agents = {side: RandomAgent(seed * 17 + i) for i, side in enumerate(GAME.sides)}
        n = 0
        while st.step == "setup.choice":
            st.apply(agents[st.active].choose(st, st.active))
        check(st)
        assert fresh_supply_matches(st)
        while not st.over:
            st.apply(agents[st.active].choose(st, st.active))
            check(st)
            n += 1
            assert n < MAX_DECISIONS


def _choose(st, wanted, check=None):
    while st.step == "setup.choice":
        key = tuple(st.frame["queue"][0])
        if check:
            check(key, st)
        st.apply(("setup", wanted[key]) if key in wanted else st.legal_actions()[0])


def test_20_1_the_players_choose_the_fleets_and_their_ports_the_scenario_leaves_open():
    """20.1 with 17: « Une flotte » (any Spanish fleet) in a port the player picks; the French fleets of the
    Atlantic in any port of the Channel or the Atlantic coast."""
    st = GAME.new_state("1815", seed=1, options={"setup_choices": True})
    wanted = {("sp_fleet", 0): "corunna", ("sp_fleet", 1): "sp_gravina", ("fr_brest_fleet", 0): "rochefort",
              ("fr_rochefort_fleet", 0): "rochefort"}

    def check(key, st):
        if key == ("sp_fleet", 1):
            assert GAME.label(st, ("setup", "sp_gravina")) == "Set up Gravina's fleet"
            assert "choose the fleet" in st.prompt

    _choose(st, wanted, check)
    fleets = st.g["fleets"]
    assert fleets["sp_gravina"] == {"power": "spain", "at": "port", "where": "corunna"} and "sp_fleet_1" not in fleets
    assert fleets["fr_ganteaume"]["where"] == fleets["fr_missiessy"]["where"] == "rochefort"
    catalog = set(GAME.action_catalog("1815"))
    assert ("setup", "sp_gravina") in catalog


def test_20_2_a_british_fleet_picked_for_one_station_is_not_offered_for_another():
    st = GAME.new_state("1805", seed=1, options={"setup_choices": True})

    def check(key, st):
        if key == ("gb_brest_blockade", 0):
            assert ("setup", "gb_calder") not in st.legal_actions() and ("setup", "gb_fleet_1") in st.legal_actions()

    _choose(st, {("gb_channel", 0): "gb_calder"}, check)
    assert st.g["fleets"]["gb_calder"] == {"power": "britain", "at": "sea", "where": "manche"}
    assert "gb_fleet_1" not in st.g["fleets"] or st.g["fleets"]["gb_fleet_1"]["at"] != "sea"
