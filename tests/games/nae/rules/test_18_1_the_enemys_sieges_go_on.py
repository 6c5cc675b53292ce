"""18.1 / 15.3: when the Empire conquers a minor, only its own sieges of the fortresses the minor still held are
lifted (no side besieges its own fortress); the enemy's sieges of the Empire's other fortresses go on. A 1809
heuristic game (seed 6) lifted Archduke Charles's siege of French-held Landau when the Empire conquered Baden."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import conquest
from tests.games.nae.rules.helpers import board, put


def test_18_1_a_conquest_lifts_the_conquerors_sieges_not_the_enemys() -> None:
    st = board()
    S.set_side(st, "naples", "coalition")
    S.set_ally_of(st, "naples", "britain")
    S.set_control(st, "naples", "france")
    S.set_control(st, "gaeta", "naples")
    french = put(st, "gaeta", ["fr_i"], side="empire")
    S.set_fortress(st, "gaeta", besieger=french, siege=1)
    S.set_control(st, "mantua", "france")
    garrison = put(st, "mantua", ["fr_ii"], side="empire")
    S.set_in_fortress(st, garrison, True)
    austrians = put(st, "mantua", ["au_i", "au_ii"], side="coalition")
    S.set_fortress(st, "mantua", besieger=austrians, siege=2)
    conquest.conquer_minor(st, "naples", "empire")
    assert st.g["fortresses"]["gaeta"]["besieger"] is None  # the conqueror's own siege of a fortress now its side's
    assert st.g["fortresses"]["mantua"]["besieger"] == austrians and st.g["fortresses"]["mantua"]["siege"] == 2
