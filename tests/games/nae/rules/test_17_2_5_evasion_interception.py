"""17.2.5: « Le joueur qui esquive dans une zone adjacente s'expose aux interceptions des flottes adverses en mer selon
la procédure normale », after which « Le joueur actif peut alors continuer à dépenser ses points de mouvement »."""

from __future__ import annotations

from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import board, play, rolls


def fleets(st, **where):
    st.g["fleets"] = {fl: {"power": S.data().counters.fleets[fl].power, "at": at, "where": w}
                      for fl, (at, w) in where.items()}


def _evade_into_the_north_sea(dice):
    """Keith sails from Portsmouth into the Channel and attacks Ganteaume there, who evades into the North Sea where
    Calder is at sea."""
    st = board(list(dice), turn="coalition")
    fleets(st, gb_keith=("port", "portsmouth"), fr_ganteaume=("sea", "manche"), gb_calder=("sea", "north_sea"))
    play(st, ("op", None), ("fleet", "gb_keith"), ("done", None), ("sea", "manche"), ("decline", None),
         ("attack_sea", "manche"), ("evade", None))
    assert rolls(st, "17.2.5")[0]["row"] == "evades"
    play(st, ("sea", "north_sea"))
    assert st.step == "naval.intercept" and st.active == "coalition"
    assert st.legal_actions() == [("intercept_sea", "north_sea"), ("decline", None)]
    play(st, ("intercept_sea", "north_sea"))
    return st


def test_17_2_5_the_evading_squadron_is_intercepted_in_the_zone_it_evades_into():
    # evasion 5 +1 = 6; Calder's interception 4 +2 = 6; the battle: Ganteaume 6 against Calder 1, difference 5
    st = _evade_into_the_north_sea([5, 4, 6, 1])
    assert rolls(st, "17.2.4")[-1]["row"] == "intercepts"
    assert rolls(st, "17.3.1")[-1]["row"] == "difference 5: the Coalition's squadron loses 1 fleet(s)"
    assert "gb_calder" not in st.g["fleets"]
    assert st.g["fleets"]["fr_ganteaume"] == {"power": "france", "at": "sea", "where": "north_sea"}
    assert st.step == "naval.move" and st.active == "coalition" and st.frame["fleets"] == ["gb_keith"]
    assert st.frame["where"] == "manche" and st.frame["mp"] == 7  # the active squadron goes on


def test_17_2_5_an_evading_squadron_that_gets_through_stays_there():
    st = _evade_into_the_north_sea([5, 1])
    assert rolls(st, "17.2.4")[-1]["row"] == "fails" and not rolls(st, "17.3.1")
    assert st.g["fleets"]["fr_ganteaume"]["where"] == "north_sea" and "gb_calder" in st.g["fleets"]
    assert st.step == "naval.move" and st.frame["fleets"] == ["gb_keith"] and st.frame["where"] == "manche"
