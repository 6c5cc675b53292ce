"""13.3 sea supply lines: port to port at any length; only unbesieged ports with an active fortress or a fixed depot
are links of a sea route; land and sea segments combine; the defenders of a besieged port are supplied by sea; a
line never crosses a sea zone held by enemy fleets alone at sea, nor starts or ends in a blockaded port (17.2.6)."""

from __future__ import annotations

from grognard.agents.random_agent import RandomAgent
from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import supply
from tests.games.nae.rules.helpers import GAME, board, put


def britain_and_holland_alone() -> State:
    """1815 with every other Coalition power neutral and Amsterdam besieged: no land line links the British Isles
    to Belgium."""
    st = board()
    for power, side in list(st.g["sides"].items()):
        if side == "coalition" and power not in ("britain", "holland"):
            S.set_side(st, power, None)
    S.set_fortress(st, "amsterdam", siege=0)
    return st


def test_13_3_a_british_force_in_belgium_is_supplied_from_london_by_sea_through_antwerp():
    st = britain_and_holland_alone()
    wellington = put(st, "brussels", ["gb_corps_1"])
    net = supply.supply_network(st, "britain")
    assert net.dist["antwerp"] == 0 and {"north_sea", "manche"} <= net.seas  # Antwerp joins London by sea
    assert supply.force_supplied(st, wellington)  # land (Antwerp -> Brussels, 1 MP) after sea
    S.set_fortress(st, "antwerp", siege=0)  # a besieged port is no link of a sea route
    assert not supply.force_supplied(st, wellington)


def test_13_3_a_port_is_a_sea_link_only_with_an_active_fortress_or_a_fixed_depot():
    st = britain_and_holland_alone()
    wellington = put(st, "brussels", ["gb_corps_1"])
    S.set_fortress(st, "antwerp", active=False)  # destroyed (empty fortress, 15.5)
    assert not supply.force_supplied(st, wellington)
    S.add_fixed_depot(st, "antwerp", "britain")
    assert supply.force_supplied(st, wellington)


def test_13_3_an_island_port_without_fortress_needs_a_fixed_depot_for_its_sea_line():
    st = board()
    corsica = put(st, "ajaccio", ["fr_i"])  # a French port with no fortress, no land neighbour
    assert not supply.force_supplied(st, corsica)
    S.add_fixed_depot(st, "ajaccio", "france")
    assert supply.force_supplied(st, corsica)  # Toulon -> Ajaccio across the Gulf of Lion


def test_13_3_the_defenders_of_a_besieged_port_are_supplied_by_sea_an_inland_garrison_is_not():
    st = board()
    for zone, units in (("toulon", ["fr_i"]), ("metz", ["fr_ii"])):
        garrison = put(st, zone, units)
        S.set_in_fortress(st, garrison, True)
        S.set_fortress(st, zone, siege=0)
        S.set_fortress(st, zone, besieger=put(st, zone, ["pr_i", "pr_ii"]))
    toulon, metz = (fid for fid, f in st.g["forces"].items() if f["side"] == "empire")
    assert supply.force_supplied(st, toulon) and not supply.force_supplied(st, metz)
    assert supply.supply_network(st, "france").dist.get("toulon", 1) != 0  # besieged: no link itself


def test_13_3_cached_networks_equal_a_fresh_trace_along_random_games():
    for seed in range(6):
        st = GAME.new_state("1815", seed=seed)
        agent = RandomAgent(seed)
        while not st.over:
            for power in ("france", "britain", "prussia"):
                assert supply.supply_network(st, power) == supply.trace_supply(st, power)
            st.apply(agent.choose(st, str(st.active)))


def test_20_1_royalists_outside_poitou_and_bretagne_need_a_controlled_port_with_a_british_depot():
    st = board()
    chouans = put(st, "rouen", ["cho_1"])  # Normandy: outside the royalist provinces
    in_bretagne = put(st, "rennes", ["cho_1"])
    assert supply.force_supplied(st, in_bretagne) and not supply.force_supplied(st, chouans)
    S.add_fixed_depot(st, "rouen", "britain")
    assert not supply.force_supplied(st, chouans)  # the port is still French-controlled
    S.set_control(st, "rouen", "britain")
    assert supply.force_supplied(st, chouans)


def _corsica(st: State, **fleets: tuple[str, str]) -> bool:
    corsica = put(st, "ajaccio", ["fr_i"])
    S.add_fixed_depot(st, "ajaccio", "france")
    st.g["fleets"] = {fl: {"power": "britain" if fl.startswith("gb") else "france", "at": at, "where": where}
                      for fl, (at, where) in fleets.items()}
    return supply.force_supplied(st, corsica)


def test_13_3_enemy_fleets_alone_at_sea_close_the_sea_zone_to_supply_lines():
    assert _corsica(board())
    assert not _corsica(board(), gb_keith=("sea", "gulf_of_lion"))  # Toulon, Marseille, Nice... all on that sea
    assert _corsica(board(), gb_keith=("sea", "gulf_of_lion"), fr_emeriau=("sea", "gulf_of_lion"))  # not alone
    assert _corsica(board(), gb_keith=("sea", "central_med"))


def test_17_2_6_a_blockaded_port_has_no_sea_supply():
    st = britain_and_holland_alone()
    wellington = put(st, "brussels", ["gb_corps_1"])
    assert supply.force_supplied(st, wellington)
    S.set_side(st, "france", "empire")
    st.g["fleets"] = {"fr_emeriau": {"power": "france", "at": "blockade", "where": "antwerp"}}
    assert not supply.force_supplied(st, wellington)  # Antwerp is blockaded: no line by sea into it


def test_13_3_a_strait_whose_sea_zone_enemy_fleets_hold_blocks_a_land_line():
    from grognard.games.nae.rules.supply import Links, _trace
    links = Links(("copenhagen",), frozenset(), (), frozenset())
    assert "malmo" in _trace(links, ()).dist and "jutland" in _trace(links, ()).dist
    net = _trace(links, (), (frozenset({"straits"}), frozenset()))
    assert "malmo" not in net.dist  # across the Sound, closed
    assert "jutland" in net.dist  # the strait inside Denmark is always open
