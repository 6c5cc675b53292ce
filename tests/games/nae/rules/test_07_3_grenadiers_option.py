"""7.3 (optional rule of the glossary « Réforme militaire »): « lorsque le joueur coalisé joue la carte permanente
autrichienne en tant qu'évènement, le corps de Grenadiers est déployé *immédiatement* sur la carte sur un site de
renforts ravitaillé » -- the option ``austrian_grenadiers``."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import events, supply
from tests.games.nae.rules.helpers import GAME


def coalition_round_1805(grenadiers: bool) -> State:
    """The 1805 start with the Coalition to act, its mandatory sieges (20.2 rule 1) waived, 3C in its hand."""
    st = GAME.new_state("1805", seed=1, options={events.GRENADIERS_OPTION: grenadiers})
    st.g["turn"] = "coalition"
    st.g["sieges_due"] = []
    st._legal = None
    assert "3C" in st.g["hands"]["coalition"] and events.GRENADIERS in st.g["set_aside"]
    return st


def test_7_3_optional_grenadiers_enter_at_once_on_a_supplied_reinforcement_zone_when_3c_is_played() -> None:
    st = coalition_round_1805(True)
    st.apply(("event", "3C"))
    assert st.step == "place" and st.active == "coalition"
    zones = [z for _, z in st.legal_actions()]
    assert "vienna" in zones
    assert set(zones) == set(events.place_options(st, "coalition", events.GRENADIERS)) & supply.supplied_zones(
        st, "austria")
    st.apply(("zone", "vienna"))
    here = [S.force(st, fid) for fid in S.forces_in(st, "vienna", "coalition")]
    assert any(f["units"].get(events.GRENADIERS) == 2 for f in here)  # at full strength
    assert events.GRENADIERS not in st.g["set_aside"]
    assert st.step == "events.option"  # then 3C's own options, as without the rule
    assert any("Grenadiers enters play in Vienna" in e["text"] for e in st.log)


def test_7_3_without_the_option_3c_brings_no_grenadiers() -> None:
    st = coalition_round_1805(False)
    st.apply(("event", "3C"))
    assert st.step == "events.option" and not events.on_map(st, events.GRENADIERS)


def test_7_3_grenadiers_already_in_play_stay_where_they_are() -> None:
    st = coalition_round_1805(True)
    st.g["set_aside"].remove(events.GRENADIERS)
    st.g["reserve"]["units"].append(events.GRENADIERS)  # eliminated earlier: rebuilt only by the budget
    st.apply(("event", "3C"))
    assert st.step == "events.option" and not events.on_map(st, events.GRENADIERS)
