"""The example of play (« Exemple de jeu », digest 8) replayed as one continuous game: the 1805 grand campaign from
its set-up (the example's opening hands, 8.0), rounds 2 to 6 (8.1-8.5), the 1805 conquest phase (8.6) and the 1806
interphase up to the strategic redeployment (8.7), every action through ``apply`` and every die scripted, checking
each result the book states. The tests chain on one module-scoped game and must run in file order. Where the book's
arithmetic slips (the digest's ⚠), the test follows the rules and says so."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from grognard.core.machine import State
from grognard.games.nae import state as S
from tests.games.nae.rules.grand import deal_example_hands
from tests.games.nae.rules.helpers import GAME


@pytest.fixture(scope="module")
def game() -> Iterator[State]:
    st = GAME.new_state("1805", seed=1, dice=[])
    deal_example_hands(st)
    yield st


def play(st: State, dice: list[int], *actions: tuple[str, Any]) -> None:
    """Apply ``actions`` in order with ``dice`` scripted for them, every die used by the last of them."""
    st.core["script"] += dice
    for action in actions:
        st.apply(action)
    assert st.core["script"] == [], f"dice not rolled: {st.core['script']}"


def last_roll(st: State, rule: str) -> dict[str, Any]:
    return [e for e in st.log if e.get("rule") == rule and "dice" in e][-1]


def fid_of(st: State, general: str) -> str:
    """The force ``general`` commands."""
    return next(fid for fid, f in st.g["forces"].items() if f["commander"] == general)


def force_of(st: State, general: str) -> Any:
    return st.g["forces"][fid_of(st, general)]


def test_8_0_opening_hands(game: State) -> None:
    """8.0: the Empire holds Génie Napoléon and draws Soldats de l'An 2, Perse, Schulmeister, Cavalerie de la Garde,
    Mouvement tournant, Blocus continental; the Coalition its three permanents and Blessure, Nelson, Campagne
    majeure, Tyrol. The free deployment is the scenario's default: the depot with Napoléon, Soult to the Grande
    Armée, Ney (and Lannes, EN) to the Armée d'Italie."""
    st = game
    assert sorted(st.g["hands"]["empire"]) == sorted(["1F", "5F", "9F", "12F", "18F", "19F", "25F"])
    assert sorted(st.g["hands"]["coalition"]) == sorted(["1C", "2C", "3C", "10C", "11C", "12C", "18C"])
    napoleon = force_of(st, "napoleon")
    assert "soult" in napoleon["subs"] and napoleon["depots"] == ["france", "france"]
    assert {"ney", "lannes"} <= set(force_of(st, "massena")["subs"])
    assert (st.g["year"], st.g["round"], st.active) == (1805, 2, "empire")


def test_8_1_round_2(game: State) -> None:
    """8.1: Perse for 3 AP, 2 to activate Marmont, 1 kept in reserve; a forced march of 3 MP at the Dutch MF 3
    (Hanover, taking in VI corps; Berg; Thuringia taken, +1 MP; Würzburg, ending with the Bavarian corps); attrition
    5 + 3 - 1 = 7 « 1* », the extra die 3 adds nothing, VI corps reduced. Then Tyrol: Charles to the marshes of
    Mantua (2 MP), Masséna lets him pass, siege 6 + 1 - 2 = 5 « stable », marker +1."""
    st = game
    marmont = fid_of(st, "marmont")
    play(st, [], ("card", "9F"), ("force", marmont), ("forced_march", 3))
    assert S.base_mf(S.force(st, marmont)) == 3
    play(st, [5, 3], ("zone", "hanover"), ("absorb", "f2"), ("zone", "berg"), ("zone", "erfurt"), ("flag", None),
         ("zone", "wurzburg"), ("absorb", "f10"), ("done", None))
    assert S.controller(st, "erfurt") == "empire"
    # ⚠ the book counts 5 steps (« 3 français et 2 hollandais »); the set-up gives II corps reduced (1), VI (2) and
    # the reduced Dutch corps (1): 4 steps, the same column 3-5; the Bavarian step taken in at the end is not tested
    roll = last_roll(st, "13.6")
    assert "(4 steps" in roll["text"] and roll["dice"] == [5] and roll["text"].endswith("= 7 → column steps_3_5: 1*")
    assert "-1 mostly French" in roll["text"]
    assert st.legal_actions() == [("loss", "fr_ii"), ("loss", "fr_vi")]  # 13.6.2: the first loss is French
    play(st, [], ("loss", "fr_vi"), ("done", None))
    assert S.force(st, marmont)["units"] == {"fr_ii": 1, "nl_1": 1, "fr_vi": 1, "bav_1": 1}
    assert st.g["ap_reserve"]["empire"] == 1
    charles = fid_of(st, "charles")
    play(st, [6], ("card", "18C"), ("force", charles), ("forced_march", 0), ("zone", "mantua"), ("decline", None),
         ("siege", None), ("done", None))
    roll = last_roll(st, "15.4")
    assert roll["dice"] == [6] and "+1 attack value -2 citadel = 5 → Stable" in roll["text"]
    assert st.g["fortresses"]["mantua"]["siege"] == 1
