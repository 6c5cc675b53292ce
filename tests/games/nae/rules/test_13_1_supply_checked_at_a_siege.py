"""13.1: « Le ravitaillement est vérifié au moment [...] de la résolution d'un siège »; « Les unités non
ravitaillées [...] reçoivent un marqueur pour indiquer leur état au moment de la vérification et ce jusqu'à la
prochaine vérification où le marqueur peut être retiré »: a siege attack checks the besieger's supply and its
marker follows."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import board, put, rolls


def test_13_1_a_siege_attack_checks_supply_and_lifts_a_marker_left_from_an_earlier_check():
    st = board([2])
    garrison = put(st, "rome", ["au_v"])
    S.set_in_fortress(st, garrison, True)
    cyr = put(st, "rome", ["fr_ix", "fr_x"], commander="saint_cyr")
    S.set_fortress(st, "rome", siege=0, besieger=cyr)
    S.force(st, cyr)["unsupplied"] = True  # marked at an earlier check
    st.push("siege", fid=cyr)
    st._advance()
    assert not S.force(st, cyr)["unsupplied"]
    assert any(e["rule"] == "13.1" and "now supplied" in e["text"] for e in st.log)
    assert rolls(st, "15.4")[0]["row"] == "Stable"
