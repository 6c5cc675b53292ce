"""17.2.1 / 17.2.6: when a power changes sides its ports follow it. A squadron in the blockade box of a port that is
now its own side's blockades it no more (glossary: « un blocus portuaire a lieu lorsqu'une flotte occupe la case
« Blocus » d'un port adverse ») and stands in the box's sea zone; fleets in a port that is now the enemy's leave it
as from a captured port. Random self-play found both: a 1809 game left Keith blockading Amsterdam after Holland
joined the Coalition (seed 0), a 1805 game left Gravina in a French-held port after Dos de Mayo (seed 0)."""

from __future__ import annotations

from grognard import load_game
from grognard.games.nae import state as S
from grognard.games.nae.rules import diplomacy, interphase, naval


def test_17_2_6_a_blockade_of_a_port_that_joins_the_blockaders_side_ends_in_its_sea_zone() -> None:
    st = load_game("nae").new_state("1809", seed=0)
    assert st.g["fleets"]["gb_keith"] == {"power": "britain", "at": "blockade", "where": "amsterdam"}
    diplomacy.join(st, "holland", "coalition", "8.2.3")
    sea = S.data().map.zones["amsterdam"].seas[0]
    assert st.g["fleets"]["gb_keith"] == {"power": "britain", "at": "sea", "where": sea}
    assert st.g["fleets"]["nl_fleet"]["where"] == "amsterdam"  # Holland's own fleet stays in its port
    assert any(e.get("rule") == "17.2.6" and "no longer blockades Amsterdam" in e["text"] for e in st.log)


def test_17_2_1_fleets_in_a_port_that_goes_over_to_the_enemy_leave_it_and_neutral_ports_keep_theirs() -> None:
    st = load_game("nae").new_state("1805", seed=0)
    # 20.2: Villeneuve in Cadiz, a port of neutral Spain, with Nelson in its blockade box: both stand
    assert S.controller(st, "cadiz") is None
    diplomacy.join(st, "spain", "coalition", "8.1")  # Dos de Mayo's change of side (22C)
    assert st.step == "naval.relocate" and st.frame["fleets"] == ["fr_villeneuve"] and st.frame["start"] == "cadiz"
    # Nelson stays in the box while Villeneuve is in the port: he intercepts him on his way out (17.2.1); then
    # Cadiz, a Coalition port, is blockaded by nobody
    assert st.g["fleets"]["gb_nelson"]["at"] == "blockade"
    st.g["fleets"]["fr_villeneuve"].update(at="port", where="toulon")
    naval.blockade_ends(st, "cadiz")
    assert st.g["fleets"]["gb_nelson"] == {"power": "britain", "at": "sea", "where": "south_atlantic"}


def test_7_1_a_declaration_of_war_moves_the_fleets_in_the_ports_of_the_power_attacked() -> None:
    st = load_game("nae").new_state("1805", seed=0)
    interphase.declare_war(st, "empire", "spain")  # Spain joins the Coalition: Villeneuve's Cadiz is an enemy port
    assert st.step == "naval.relocate" and st.frame["fleets"] == ["fr_villeneuve"]


def test_17_2_6_the_blockaders_of_a_port_their_side_captures_stand_in_its_sea_zone() -> None:
    """A heuristic 1805 game (seed 0): the Coalition took Amsterdam by siege, the Dutch fleet sailed away, and Keith
    went on « blockading » a Coalition port."""
    st = load_game("nae").new_state("1809", seed=0)
    S.set_control(st, "amsterdam", "britain")  # 15.5: the fortress falls to the Coalition
    naval.port_taken(st, "amsterdam")
    assert st.step == "naval.relocate" and st.frame["fleets"] == ["nl_fleet"]  # 17.2.1: the Dutch fleet leaves
    st.apply(("zone", st.frame["ports"][0]))  # past Keith's box: his interception is automatic (17.2.1)
    while st.step != "round":
        st.apply(st.legal_actions()[0])
    assert st.g["fleets"].get("nl_fleet", {}).get("where") != "amsterdam"
    assert naval.fleets_at(st, "blockade", "amsterdam") == []  # Keith at sea, or beaten back to port in the fight
