"""8.2.3 with 11: a major joining a side by diplomacy brings its forces into the war, and a force of it sharing a
zone with a force of its new side joins it, as at the end of any move (« Il ne peut y avoir qu'une seule force d'un
même camp dans une zone »; a neutral Prussian corps beside a Russian force in Warsaw joined the Coalition, 1809
heuristic seed 17)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import diplomacy
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put


def test_8_2_3_a_joining_majors_force_joins_its_new_sides_force_in_the_zone() -> None:
    st = board_1806()
    russians = put(st, "warsaw", ["ru_v"], commander="bagration", side="coalition")
    put(st, "warsaw", {"pr_iii": 1}, side="coalition")
    S.set_force_side(st, S.forces_in(st, "warsaw")[-1], None)  # type: ignore[arg-type]  # neutral Prussia's
    diplomacy.join(st, "prussia", "coalition", "8.2.3")
    here = S.forces_in(st, "warsaw", "coalition")
    assert here == [russians] and S.force(st, russians)["units"] == {"ru_v": 2, "pr_iii": 1}
