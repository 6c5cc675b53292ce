"""8.3.5 route 2 and 18.2.2's exception, the escalade and victory sources of a Poland made by peace terms (6.12):
« si le joueur impérial obtient en conditions de paix la Mazovie où est située Varsovie; il faudra annexer au moins
une autre province marquée du symbole de la Pologne pour bénéficier du point de victoire [...] Dans les 2 cas la
Pologne est créé avec le statut de pays mineur sous protectorat de l'Empire et 2 points d'escalade sont
enregistrés »."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, conquest, peace
from tests.games.nae.rules.helpers import GAME


def prussia_beaten() -> State:
    """1806, Prussia surrenders to France; Posnania was French already, so Mazovia borders the Empire."""
    st = GAME.new_state("1805", seed=1)
    S.set_territory(st, "posnanie", "france")
    st.g["year"] = 1806
    st.push("year.end", phase="victory")
    st.push("conquest.terms", phase="tilsit", minors=[], surrenders=[["prussia", "empire"]], confirmed=[])
    st._advance()
    return st


def test_18_2_2_mazovia_is_annexed_only_by_the_empire_and_only_to_poland() -> None:
    """18.2.2: « La Mazovie bien que contenant une zone clef (Varsovie) peut être annexée pour créer la Pologne »."""
    st = prussia_beaten()
    assert "mazovie" in peace.annexable(st, "prussia", "empire")
    assert "mazovie" not in peace.annexable(st, "prussia", "coalition")
    vp, escalade = st.g["vp"], st.g["escalade"]
    st.apply(("annex", "mazovie"))
    assert st.legal_actions() == [("annex_to", "poland")]
    st.apply(("annex_to", "poland"))
    assert S.status_of(st, "poland") == "protectorate" and S.side_of(st, "poland") == "empire"
    assert conquest.territory_of(st, "warsaw") == "poland"
    assert (st.g["vp"], st.g["escalade"]) == (vp, escalade + 2)  # no point yet: one Polish province
    assert budget.available(st, "pl_1") and not budget.available(st, "pl_2")  # the 1st corps joins the reserve


def test_8_3_5_a_second_polish_province_brings_the_victory_point() -> None:
    st = prussia_beaten()
    st.apply(("annex", "mazovie"))
    st.apply(("annex_to", "poland"))
    vp, escalade = st.g["vp"], st.g["escalade"]
    assert ("annex", "bialystok") in st.legal_actions()  # next to Poland now
    st.apply(("annex", "bialystok"))
    st.apply(("annex_to", "poland"))
    assert (st.g["vp"], st.g["escalade"]) == (vp + 1, escalade)
    assert "poland_vp" in st.g["flags"] and "poland_2p" not in st.g["flags"]


def test_8_3_5_mazovia_and_two_more_polish_provinces_bring_the_second_corps() -> None:
    """« Le second corps polonais n'est ajouté à la réserve que dès lors que la Pologne comprend la Mazovie et deux
    autres provinces polonaises »; the point is counted once."""
    st = prussia_beaten()
    for province in ("mazovie", "bialystok"):
        st.apply(("annex", province))
        st.apply(("annex_to", "poland"))
    vp = st.g["vp"]
    peace.annex_province(st, "posnanie", "poland", "18.2.2")
    assert "poland_2p" in st.g["flags"] and budget.available(st, "pl_2") and st.g["vp"] == vp


def test_20_3_poland_s_point_and_venetia_s_corps_are_in_the_1809_set_up() -> None:
    """20.3: « Pologne (Posnanie et Mazovie) »: its point is in the level 15, not given again; « Le Royaume d'Italie a
    annexé la Vénétie »: the 2nd Italian corps (V) may be built (8.3.4)."""
    st = GAME.new_state("1809", seed=1)
    assert {"poland", "poland_vp", "venetia"} <= set(st.g["flags"])
    assert budget.available(st, "it_2")
    vp = st.g["vp"]
    peace.annex_province(st, "bialystok", "poland", "18.2.2")
    assert st.g["vp"] == vp and "poland_2p" in st.g["flags"]
