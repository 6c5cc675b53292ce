"""5.2.1 with 7.3.2: « A la fin de la phase d'activations, les forces non ravitaillées, encore assiégées ou
démoralisées subissent un test d'attrition »; a neutral's force (8.1.1: at war with nobody, here Austria in forced
peace) is run by the side that manages its power (7.3.2), which decides its depot and losses (a heuristic 1809 game
stopped with nobody to ask at a demoralized Austrian army's depot question, bench seed 13)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import supply
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put


def test_5_2_1_the_managing_side_decides_for_a_neutrals_demoralized_army() -> None:
    st = board_1806(dice=[6, 6])
    fid = put(st, "vienna", {"au_i": 2, "au_ii": 2, "au_iii": 2}, commander="charles", army="armee_allemagne",
              side=None, depots=1)
    S.force(st, fid)["demoralized"] = True
    st.g.update(phase="activation", round=1, turn="empire")
    st.push("round")  # the step the game goes on with
    supply.push_attrition(st, fid, [("demoralized", 1)], "end of the activation phase", rule="5.2.1")
    st._advance()
    assert st.step == "attrition.depot" and st.active == "coalition"  # France's conqueror's enemy manages Austria
    st.apply(("keep", None))
    assert st.log[-1]["row"] == "one more loss"  # 6 +1 demoralized = 7 on the 6-8 steps column: 1*, then 6
    assert st.step == "losses" and st.active == "coalition" and st.frame["n"] == 2
    st.apply(("loss", "au_i"))
    st.apply(("loss", "au_ii"))
    assert S.force(st, fid)["units"] == {"au_i": 1, "au_ii": 1, "au_iii": 2} and st.step == "round"
