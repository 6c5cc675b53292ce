"""20.1-20.3 set-up choices (option ``setup_choices``): a fleet's port is chosen among ports of its side (17.2.1: a
fleet lies in a friendly port). The 1815 Toulon fleet was offered Nice, which the 1815 set-up gives back to the
Coalition (checked random games put Emériau in an enemy port)."""

from __future__ import annotations

import pytest

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import GAME


@pytest.mark.parametrize("scenario", ["1815", "1805", "1809"])
def test_20_1_every_port_offered_to_a_fleet_is_its_sides(scenario: str) -> None:
    st = GAME.new_state(scenario, seed=0)
    for pid, place in S.data().scenarios[scenario].places.items():
        side = S.side_of(st, place.power)
        for choice in place.choices:
            if choice.what == "zone" and place.fleets:
                wrong = [z for z in choice.options if S.controller(st, z) != side]
                assert not wrong, f"{pid}: {wrong} are not {side} ports"
