"""8.3.1 / 8.3.2: « La Confédération disparaît définitivement lorsque tous les mineurs la composants sont conquis ou
alliés à la coalition » (the same for Westphalia). Decided (``diplomacy.dissolve_entities``): it stands while one
of its marked minors fights for the Empire; gone, it leaves play (not in play, its units off the map for good), its
extra card and its members' immunity to diplomacy go, and the Empire loses the VP its creation gave (vp_event
``rhine_gone`` -2, ``westphalia_gone`` -1); the escalade stays."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, cards, conquest, diplomacy
from tests.games.nae.rules.helpers import GAME, put


def start_1809() -> State:
    """The 1809 set-up (20.3), the Confederation of the Rhine in place, no step pending."""
    st = GAME.new_state("1809", seed=1)
    st.core["stack"].clear()
    return st


def to_coalition(st: State, *minors: str) -> None:
    for minor in minors:
        S.set_side(st, minor, "coalition")
        S.set_ally_of(st, minor, "austria")
        st.g["status"][minor] = "allied"


def rhine_card(st: State) -> bool:
    lines = S.data().tables.card_entitlement("empire", cards._alliances(st), {"erfurt": "empire"}, st.g["flags"])
    return any(rec.id == "rhine_confederation" for rec in lines)


def on_map(st: State, uid: str) -> bool:
    return any(uid in f["units"] for f in st.g["forces"].values())


def test_8_3_1_the_confederation_stands_while_one_member_fights_for_the_empire() -> None:
    st = start_1809()
    members = diplomacy.marked_members("R")
    to_coalition(st, *(m for m in members if m != "nassau"))
    diplomacy.dissolve_entities(st)
    assert "rhine" in diplomacy.entities(st) and st.g["status"]["rhine"] == "protectorate"
    assert diplomacy.entity_member(st, "nassau")  # still immune to diplomacy (8.3.1)


def test_8_3_1_the_confederation_disappears_when_its_last_member_joins_the_coalition() -> None:
    st = start_1809()
    vp, escalade = st.g["vp"], st.g["escalade"]
    to_coalition(st, *(m for m in diplomacy.marked_members("R") if m != "nassau"))
    assert on_map(st, "rh_1") and rhine_card(st)
    diplomacy.join(st, "nassau", "coalition", "8.2.3")
    g = st.g
    assert "rhine" not in diplomacy.entities(st)
    assert (g["status"]["rhine"], g["sides"]["rhine"], g["ally_of"].get("rhine")) == ("not_in_play", None, None)
    assert not on_map(st, "rh_1")  # the Rhenish corps left Oudinot's force at Stuttgart for good
    assert "rhine" not in budget.allied_minors_with_units(st, "empire")  # 7.3.3: never built again
    assert g["vp"] == vp - 2 and g["escalade"] == escalade  # 20F's +2 VP lost, the escalade stays
    assert not rhine_card(st)  # 8.3.1: its extra card goes
    assert not diplomacy.entity_member(st, "nassau")
    assert any("Confederation of the Rhine disappears" in e["text"] and e["rule"] == "8.3.1" for e in st.log)


def test_8_3_2_westphalia_disappears_with_its_last_member_conquered_by_the_coalition() -> None:
    st = start_1809()
    diplomacy.create_entity(st, "westphalia")
    kassel = put(st, "kassel", ["wes_1"], commander="jerome", side="empire")
    vp = st.g["vp"]
    to_coalition(st, "cleves", "berg")
    S.set_control(st, S.data().map.powers["hesse"].capital, "austria")
    conquest.conquer_minor(st, "hesse", "coalition")
    assert "westphalia" not in diplomacy.entities(st) and st.g["status"]["westphalia"] == "not_in_play"
    assert kassel not in st.g["forces"] and not on_map(st, "wes_1")
    assert "jerome" in st.g["removed"]  # 10.3: a general left with no unit returns to the reserve
    assert st.g["vp"] == vp - 1  # 45F's 1 VP lost
    assert "rhine" in diplomacy.entities(st)  # the Confederation has members of its own still
