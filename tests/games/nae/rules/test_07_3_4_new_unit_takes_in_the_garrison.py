"""7.3.4 / 15.3 / 11: a unit built where units of its side hold an unbesieged fortress joins them, « Il ne peut y
avoir qu'une seule force d'un même camp dans une zone à l'issue d'un round d'activation » (a heuristic 1809 game
left Vandamme inside Besançon's fortress and a new corps outside it)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import budget
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put


def test_7_3_4_a_unit_built_beside_a_garrison_takes_it_in() -> None:
    st = board_1806()
    garrison = put(st, "landau", ["fr_v"], commander="vandamme")
    S.set_in_fortress(st, garrison, True)
    budget.place_unit(st, "empire", "fr_vi", S.unit("fr_vi").steps, "landau", "7.3.4")
    here = S.forces_in(st, "landau", "empire")
    assert len(here) == 1 and not S.force(st, here[0])["in_fortress"]
    assert set(S.force(st, here[0])["units"]) == {"fr_v", "fr_vi"}
