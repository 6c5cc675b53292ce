"""18.2.3: a force redeployed after a surrender goes to « la zone frontière la plus proche en nombre de points de
mouvement contenant une forteresse » of its side, but never into a zone where enemy forces stand outside the fortress
(11: the two sides share a zone only across a fortress wall). A random 1809 heuristic game (seed 2) redeployed
Joseph's army to Lérida, which Wellington besieged, after Spain's surrender: both sides stood in Lérida."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import peace
from tests.games.nae.rules.helpers import put
from tests.games.nae.rules.test_18_conquest import _austria_beaten


def test_18_2_3_the_nearest_fortress_is_one_no_enemy_force_stands_before() -> None:
    st = _austria_beaten()
    napoleon = next(fid for fid, f in st.g["forces"].items() if f["commander"] == "napoleon")
    before = peace.nearest_fortresses(st, napoleon, "austria")
    assert "ulm" in before  # the example's choice (8.6)
    british = put(st, "ulm", ["gb_corps_1"], side="coalition")
    garrison = put(st, "ulm", ["bav_1"])
    S.set_in_fortress(st, garrison, True)
    after = peace.nearest_fortresses(st, napoleon, "austria")
    assert "ulm" not in after and after  # another fortress, as near or the next nearest
    S.take_force(st, british)
    assert peace.nearest_fortresses(st, napoleon, "austria") == before
