"""15.4 « Honneurs de la Guerre : la forteresse est prise et les forces assiégées (unités de combat, généraux et
dépôts) reviennent en renfort lors de la prochaine phase de budget »; « Brèche : [...] les troupes et les généraux
sont détruits et sont replacés dans la réserve des unités à construire »: the garrison out with the honours of war
is placed free at the next budget, a breached one must be built again."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, siege
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import board, put, rolls
from tests.games.nae.rules.test_07_3_budget import start


def saint_cyr_before_rome(dice: list[int]) -> tuple[State, str]:
    """The example's Saint-Cyr at Rome (15 sieges): Siege +1 on the fortress, an Austrian corps under Bellegarde
    inside; the second attack of the example (3 + 2 + 1 = 6) or a breach (5 + 2 + 1 = 8)."""
    st = board(dice)
    garrison = put(st, "rome", ["au_v"], commander="bellegarde")
    S.set_in_fortress(st, garrison, True)
    cyr = put(st, "rome", ["fr_ix", "fr_x"], commander="saint_cyr")
    S.set_fortress(st, "rome", siege=1, besieger=cyr)
    return st, cyr


def test_15_4_the_garrison_out_with_the_honours_of_war_waits_out_of_the_reserve_of_units_to_build():
    st, cyr = saint_cyr_before_rome([3])
    st.push("siege", fid=cyr)
    st._advance()
    assert rolls(st, "15.4")[0]["row"] == "Honours of war"
    assert not st.g["fortresses"]["rome"]["active"] and st.g["control"]["rome"] == "france"
    assert st.g["honours"] == [{"units": {"au_v": 2}}]
    assert "au_v" not in st.g["reserve"]["units"] and "bellegarde" in st.g["removed"]
    assert "au_v" in budget.away(st, "units")  # no budget builds it before it comes back
    assert any("honours of war" in e["text"] and "next budget" in e["text"] for e in st.log)


def test_15_4_a_breached_garrison_goes_to_the_reserve_of_units_to_build():
    st, cyr = saint_cyr_before_rome([5])
    st.push("siege", fid=cyr)
    st._advance()
    assert rolls(st, "15.4")[0]["row"] == "Breach"
    assert "au_v" in st.g["reserve"]["units"] and not st.g.get("honours")
    assert "au_v" not in budget.away(st, "units")


def test_15_4_units_out_with_the_honours_of_war_come_free_at_the_next_budget():
    st = board_1806()
    S.set_side(st, "austria", "coalition")
    st.g["status"]["austria"] = "at_war"
    garrison = put(st, "ulm", ["au_ii"])
    S.set_in_fortress(st, garrison, True)
    S.set_control(st, "ulm", "austria")
    besieger = put(st, "ulm", ["fr_i", "fr_ii"], commander="davout")
    S.set_fortress(st, "ulm", siege=0, besieger=besieger)
    siege.fall(st, "ulm", besieger, "reinforcements")
    start(st)
    assert "au_ii" not in budget.pool(st, "austria")  # out of the reserve until Austria's budget
    while st.frame.get("power") != "austria" and st.step != "budget.place":
        st.apply(("done", None))
    assert st.step == "budget.place" and st.frame["uid"] == "au_ii" and st.frame["cost"] == 0
    zone = st.legal_actions()[0][1]
    st.apply(("zone", zone))
    (fid,) = S.outside(st, zone, "coalition")
    assert S.force(st, fid)["units"] == {"au_ii": 2}
    assert st.step == "budget.spend" and st.frame["purse"] == budget.income(st, "austria")[0]  # free
    assert "honours" not in st.g
    assert any(e["rule"] == "15.4" and "after the honours of war" in e["text"] for e in st.log)
