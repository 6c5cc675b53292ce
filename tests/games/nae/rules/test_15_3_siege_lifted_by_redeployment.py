"""15.3 in the interphase: a besieging force that leaves its zone by strategic redeployment (7.6) lifts its siege,
« Si le siège est levé (retrait des assiégeants ou niveau de force insuffisant) et que le marqueur de siège est
ultérieurement remis, il repart d'une valeur initiale nulle » (a random 1805 game kept a siege whose besieger had
redeployed away)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import siege, supply
from tests.games.nae.rules.grand import board_1806, reach_power, start_redeployment
from tests.games.nae.rules.helpers import put


def test_15_3_a_besieger_redeployed_away_lifts_its_siege() -> None:
    st = board_1806()
    S.set_control(st, "landau", "russia")  # an enemy fortress (level 1) ...
    fid = put(st, "landau", ["fr_iii", "fr_iv"], commander="davout")  # ... that Davout besieges
    siege.lay_siege(st, fid)
    supply.update_supply(st)
    assert st.g["fortresses"]["landau"]["besieger"] == fid
    start_redeployment(st)
    reach_power(st, "france")
    st.apply(("force", fid))
    way = next(a for a in st.legal_actions() if a[0] == "zone")
    st.apply(way)
    fort = st.g["fortresses"]["landau"]
    assert (fort["besieger"], fort["siege"]) == (None, None)
    assert any(e.get("rule") == "15.3" and "Landau is lifted" in e["text"] for e in st.log)
