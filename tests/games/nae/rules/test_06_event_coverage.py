"""6.4 The audit of the cards whose event (or combat use) no rule of the engine plays yet: such a card is played for
its AP only in that use. The list is pinned here and in ``docs/nae-rules.md`` ("Not implemented yet") so that it
shrinks visibly as events are added."""

from __future__ import annotations

import re
from pathlib import Path

from grognard.games.nae import state as S
from grognard.games.nae.rules import events

DOC = Path(__file__).resolve().parents[4] / "docs" / "nae-rules.md"

# card -> the use no rule plays
NOT_PLAYED = {
}


def test_6_4_the_cards_played_for_their_ap_only() -> None:
    found = {c.id: ",".join(events.missing_uses(c)) for c in S.data().cards.cards.values() if events.missing_uses(c)}
    assert found == NOT_PLAYED


def test_6_4_every_other_event_has_its_place_of_play() -> None:
    """Each card with an event use outside combat is played from one place: the round's menu, the diplomacy, a
    diplomatic action, the contact window, the conquest phase or the hand building."""
    places = {c.id: events.event_played_by(c) for c in S.data().cards.cards.values()
              if any(p != "combat" for p in c.phases) and c.id not in NOT_PLAYED}
    assert set(places.values()) == {"round", "diplomacy", "diplomatic action", "contact", "conquest", "hand building",
                                     "budget"}
    assert places["45F"] == "diplomacy" and places["52C"] == "hand building" and places["2C"] == "round"
    assert places["7C"] == "budget" and places["19C"] == "budget" and places["50C"] == "budget"


def test_6_4_the_doc_lists_the_same_cards() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Not implemented yet", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| (\d+[FC]) \|", section, flags=re.M))
    assert listed == set(NOT_PLAYED)
