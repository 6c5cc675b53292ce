"""A 1806 interphase position for the budget and redeployment tests: the 1805 scenario's statuses and control
(20.2) on an empty board, Austria in forced peace with France after the 1805 conquest phase (example 8.6)."""

from __future__ import annotations

from collections.abc import Sequence
from unittest import mock

from grognard.core.machine import State
from grognard.games.nae import game
from grognard.games.nae import state as S
from grognard.games.nae.rules import redeployment
from tests.games.nae.rules.helpers import GAME


def board_1806(dice: Sequence[int] = ()) -> State:
    """The 1805 set-up without its forces and fleets, in 1806, Austria in forced peace (18.2), no step pending."""
    st = GAME.new_state("1815", seed=1, dice=list(dice))
    st.core["stack"].clear()
    with mock.patch.object(game, "place_forces", lambda st, picks: None):
        GAME.setup(st, "1805", {})
    st.core["stack"].clear()
    st.g.update(year=1806, fleets={})
    for fid in list(st.g["forces"]):
        S.take_force(st, fid)
    S.set_fixed_depots(st, [])
    st.g["status"]["austria"] = "forced_peace"
    S.set_side(st, "austria", None)
    st.g["forced"]["austria"] = {"with": "france", "until": None, "then": "neutral"}
    for minor in ("thuringia", "papacy"):  # 8.6: Thuringia became a French ally, the Papacy French territory
        S.set_side(st, minor, None)
        st.g["status"][minor] = "not_in_play"
    st.g["hands"] = {"empire": [], "coalition": []}
    st.log.clear()
    return st


def forces_1805(st: State) -> None:
    """Put the 1805 set-up's forces on a ``board_1806`` (20.2 defaults), a neutral's forces with no side, run by
    the side of 7.3.2 (7.5)."""
    from grognard.games.nae import state as S
    from grognard.games.nae.rules import budget, supply

    sc = S.data().scenarios["1805"]
    for p in sc.places.values():
        if p.zone is None or not p.units:
            continue
        units = {u.id: (S.unit(u.id).reduced or 1) if u.reduced else S.unit(u.id).steps for u in p.units}
        power = S.general(p.commander).power if p.commander else S.unit(p.units[0].id).power
        side = S.side_of(st, p.power)  # a neutral's forces are at war with nobody (8.1.1), as the set-up puts them
        if side is None and budget.manager(st, S.major_of(st, p.power)) is None:
            continue  # out of play
        S.new_force(st, side, power, p.zone, p.commander, p.army, list(p.generals), units,
                    [S.major_of(st, p.power)] * p.mobile_depots)
    supply.update_supply(st)


EXAMPLE_HANDS = {  # example of play 8.0: the permanents and the cards the example draws « au hasard dans la pile »
    "empire": ["1F", "5F", "9F", "12F", "18F", "19F", "25F"],
    "coalition": ["1C", "2C", "3C", "11C", "10C", "12C", "18C"],
}


def deal_example_hands(st: State) -> None:
    """Replace the 1805 set-up's random draw (20.2) by the example's opening hands, the other cards back in the
    piles in their shuffled order."""
    for side, hand in EXAMPLE_HANDS.items():
        pool = st.g["hands"][side] + st.g["decks"][side]
        st.g["hands"][side] = list(hand)
        st.g["decks"][side] = [c for c in pool if c not in hand]


def stack_pile(st: State, side: str, cards: Sequence[str]) -> None:
    """Put ``cards`` on top of ``side``'s pile, the first drawn first (the example's later draws, 6.1)."""
    pile = [c for c in st.g["decks"][side] if c not in cards]
    missing = [c for c in cards if c not in st.g["decks"][side]]
    assert not missing, f"not in the {side}'s pile: {missing}"
    st.g["decks"][side] = pile + list(reversed(cards))


def start_redeployment(st: State, phase: str = "strategic") -> None:
    """Open 7.6's strategic redeployment (or 7.5's movement of the neutral majors) on ``st``'s board."""
    st.core["stack"].clear()
    st.push("round")
    if phase == "strategic":
        redeployment.push_strategic_redeployment(st)
    else:
        redeployment.push_neutral_movement(st)
    st._advance()


def reach_power(st: State, power: str) -> None:
    """Pass the redeployment of the powers before ``power``."""
    while st.step == "redeploy" and st.frame["power"] != power:
        st.apply(("done", None))
    assert st.step == "redeploy" and st.frame["power"] == power
