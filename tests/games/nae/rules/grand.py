"""A 1806 interphase position for the budget and redeployment tests: the 1805 scenario's statuses and control
(20.2) on an empty board, Austria in forced peace with France after the 1805 conquest phase (example 8.6)."""

from __future__ import annotations

from collections.abc import Sequence
from unittest import mock

from grognard.core.machine import State
from grognard.games.nae import game
from tests.games.nae.rules.helpers import GAME


def board_1806(dice: Sequence[int] = ()) -> State:
    """The 1805 set-up without its forces and fleets, in 1806, Austria in forced peace (18.2), no step pending."""
    st = GAME.new_state("1815", seed=1, dice=list(dice))
    st.core["stack"].clear()
    with mock.patch.object(game, "place_forces", lambda st, picks: None):
        GAME.setup(st, "1805", {})
    st.core["stack"].clear()
    st.g.update(year=1806, forces={}, fleets={}, fixed_depots=[])
    st.g["status"]["austria"] = "forced_peace"
    st.g["sides"]["austria"] = None
    st.g["forced"]["austria"] = {"with": "france", "until": None, "then": "neutral"}
    for minor in ("thuringia", "papacy"):  # 8.6: Thuringia became a French ally, the Papacy French territory
        st.g["sides"][minor] = None
        st.g["status"][minor] = "not_in_play"
    st.g["hands"] = {"empire": [], "coalition": []}
    st.log.clear()
    return st
