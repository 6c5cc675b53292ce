"""18.2.2 with 17.2.1: a port annexed to the victor's side is a captured port for the enemy's fleets in it, which
sail away (1809 heuristic seed 1: British fleets stayed in Valencia, annexed to France at Spain's peace)."""

from __future__ import annotations

from grognard.games.nae.rules import peace
from tests.games.nae.rules.test_18_conquest import _austria_beaten


def test_18_2_2_the_enemys_fleets_leave_a_port_annexed_to_the_victor() -> None:
    st = _austria_beaten()
    st.g["fleets"]["gb_fleet_1"] = {"power": "britain", "at": "port", "where": "venice"}
    peace.annex_province(st, "venetie", "italy", "18.2.2")
    assert st.step == "naval.relocate" or st.g["fleets"]["gb_fleet_1"]["where"] != "venice"
    while st.step == "naval.relocate":
        st.apply(st.legal_actions()[0])
    assert st.g["fleets"]["gb_fleet_1"]["where"] != "venice"
    assert any("Venice" in e["text"] and e["rule"] == "17.2.1" for e in st.log)
