"""Random games of the grand campaigns (20.2 1805-1814, 20.3 1809-1814) play from set-up to a result, every
invariant of the board checked after every action (``test_selfplay.check``) and the Unsupplied markers compared with
a fresh trace after every supply check. A few games each (and one heuristic game) keep the suite quick;
``bench/grand_campaign_bench.py`` plays hundreds and prints how results and lengths spread."""

from __future__ import annotations

import pytest

from tests.games.nae.rules.test_selfplay import play_checked

BOUND = 5000  # decisions: a random 1805 game takes about 1,200


@pytest.mark.parametrize(("scenario", "seed"), [("1805", 0), ("1805", 1), ("1809", 0), ("1809", 1)])
def test_random_grand_campaign_games_finish_with_invariants_held(scenario: str, seed: int) -> None:
    n, winner = play_checked(seed, scenario, BOUND)
    assert winner in ("empire", "coalition", "None") and n > 100


def test_a_heuristic_1809_game_finishes_with_invariants_held() -> None:
    """The bench's heuristic mirror, seed 2: the game that found the 18.2.3 redeployment into besieged Lérida and the
    8.1.4 withdrawal into Breslau's fortress with no siege laid (round 6)."""
    n, winner = play_checked(2, "1809", BOUND, player="heuristic")
    assert winner in ("empire", "coalition", "None") and n > 100
