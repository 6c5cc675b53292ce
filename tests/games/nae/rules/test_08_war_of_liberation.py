"""Glossary « Guerre de Libération » (22C Dos de Mayo; the 1809 set-up, 20.3): one flag, ``war_of_liberation`` in
``g["flags"]``, read by the budget (7.3.1: « si Madrid est contrôlé par l'Empire durant la guerre de libération,
l'Espagne ne subit pas de pénalités »), the conquest (18.2.1 exception 1: Madrid and every Iberian port but
Gibraltar) and its end: « L'Espagne subit alors une paix forcée suivie d'une alliance forcée gratuite »."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, diplomacy
from tests.games.nae.rules.helpers import GAME
from tests.games.nae.rules.test_18_conquest import campaign_1805, conquest_phase


def test_7_3_1_dos_de_mayo_spares_spain_the_madrid_penalty() -> None:
    st = GAME.new_state("1805", seed=3)
    S.set_control(st, "madrid", "france")
    diplomacy.war_of_liberation(st)  # 22C: Spain joins the Coalition, Madrid in French hands
    assert diplomacy.in_war_of_liberation(st) and S.side_of(st, "spain") == "coalition"
    total, why = budget.income(st, "spain")
    assert total == S.data().tables.resources["spain"].base and len(why) == 1  # no « -4 for each key zone »


def test_20_3_the_1809_war_of_liberation_is_under_way_for_the_conquest_and_the_budget() -> None:
    st = GAME.new_state("1809", seed=3)
    assert diplomacy.in_war_of_liberation(st)


def test_glossary_spain_beaten_in_its_war_of_liberation_is_a_free_forced_ally() -> None:
    st = campaign_1805()
    st.g["year"] = 1808
    st.g["status"]["spain"] = "at_war"
    S.set_side(st, "spain", "coalition")
    st.g["flags"] = ["war_of_liberation"]
    ports = [z.id for z in S.data().map.zones.values() if z.port and z.owner in ("spain", "portugal")]
    for z in ["madrid", *ports]:
        S.set_control(st, z, "france")
    st.g["hands"]["empire"] = ["6F"]
    conquest_phase(st)
    assert st.g["status"]["spain"] == "forced_alliance" and st.g["forced"]["spain"]["until"] == 1815
    assert st.g["hands"]["empire"] == ["6F"]  # « gratuite »: no card asked
    assert not diplomacy.in_war_of_liberation(st)
    assert any("Spain is a forced ally of France" in e["text"] for e in st.log)
