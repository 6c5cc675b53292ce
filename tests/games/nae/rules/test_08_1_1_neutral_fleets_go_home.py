"""8.1.1 (« sauf événement »): a power an event makes neutral (53F Valençay) brings its fleets abroad home, as a
conquered power's are repositioned in its ports (18.2.3): a neutral's fleet may not lie in a belligerent's port
(1805 heuristic seed 17: a Spanish fleet stayed in Hamburg)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import diplomacy, peace
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put


def test_8_1_1_a_power_made_neutral_by_an_event_brings_its_fleets_home() -> None:
    st = board_1806()
    st.g["status"]["spain"] = "at_war"
    S.set_side(st, "spain", "coalition")
    st.g["fleets"]["sp_fleet_1"] = {"power": "spain", "at": "port", "where": "hamburg"}
    diplomacy.change_status(st, "spain", "neutral")
    x = st.g["fleets"]["sp_fleet_1"]
    assert x["at"] == "port" and x["where"] == peace.port_room(st, "spain")[0]
    assert x["where"] in peace.home_ports(st, "spain")
    assert any(e["rule"] == "8.1.1" and "is repositioned in" in e["text"] for e in st.log)


def test_8_1_1_a_force_coming_home_joins_the_one_standing_there() -> None:
    """8.1.1 / 11: every force of the power made neutral is at war with nobody before those abroad go home, so a
    force coming home to Madrid joins the Spanish force standing there (1809 heuristic seed 5: La Romana's force
    came to Madrid beside Palafox's after 53F Valençay, two forces of one nation in one zone)."""
    st = board_1806()
    st.g["status"]["spain"] = "at_war"
    S.set_side(st, "spain", "coalition")
    abroad = put(st, "bayonne", ["sp_corps_1"], commander="la_romana")
    home = put(st, "madrid", ["sp_corps_2"], commander="palafox")
    assert sorted([abroad, home]) == [abroad, home]  # the force abroad comes first in the redeployment's order
    diplomacy.change_status(st, "spain", "neutral")
    spanish = [f for f in st.g["forces"].values() if f["power"] == "spain"]
    assert len(spanish) == 1 and spanish[0]["zone"] == "madrid" and spanish[0]["side"] is None
    assert set(spanish[0]["units"]) == {"sp_corps_1", "sp_corps_2"}
