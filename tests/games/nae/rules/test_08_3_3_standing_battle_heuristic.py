"""8.3.3 (18C Tyrol) with the heuristic: a battle brought by an event has no zone the attacker came from
(``battle.STANDING``); weighing whether to evade it crossed a border from "standing" (a checked 1805 game, heuristic
Empire against random, seed 1, stopped with a KeyError)."""

from __future__ import annotations

from grognard.games.nae import ai
from grognard.games.nae.rules import battle
from tests.games.nae.rules.helpers import board, put


def test_8_3_3_the_heuristic_weighs_a_standing_battle_without_a_border() -> None:
    st = board()
    french = put(st, "innsbruck", ["fr_i"], side="empire")
    rising = put(st, "innsbruck", ["au_i"], side="coalition")
    assert isinstance(ai.edge(st, rising, [french], "innsbruck", battle.STANDING), float)
    assert isinstance(ai.edge(st, rising, [french], "innsbruck", "fortress"), float)  # a sortie (15.2) likewise
