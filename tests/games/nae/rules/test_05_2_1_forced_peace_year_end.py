"""5.2.1 (e) / 8.1.3: the end-of-activation attrition tests the forces at war; a force of a power in forced peace is
at war with nobody (« Une puissance en paix forcée n'est en guerre avec personne »): no test, and no decision left
to a side that does not exist (a heuristic 1805 game stopped there, Austria's army shut in Vienna when it
surrendered)."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put


def test_5_2_1_a_force_in_forced_peace_takes_no_year_end_attrition():
    st = board_1806()
    assert S.status_of(st, "austria") == "forced_peace"
    besieger = put(st, "vienna", ["fr_iii", "fr_iv"], commander="davout")
    garrison = put(st, "vienna", ["au_i", "au_ii"], commander="charles", depots=1)
    S.set_in_fortress(st, garrison, True)
    S.set_fortress(st, "vienna", siege=0, besieger=besieger)
    assert S.force(st, garrison)["side"] is None
    st.push("round")
    st.push("year.end", phase="attrition")
    st._advance()
    assert not any("Charles" in e["text"] and "Attrition" in e["text"] for e in st.log)
    assert all(x["step"] not in ("attrition", "attrition.depot") for x in st.core["stack"])
    assert S.force(st, garrison)["units"] == {"au_i": S.unit("au_i").steps, "au_ii": S.unit("au_ii").steps}
