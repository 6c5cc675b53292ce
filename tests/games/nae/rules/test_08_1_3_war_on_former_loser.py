"""8.1.3 / 7.1: a declaration of war on a major defeated before. « Si le vainqueur déclare la guerre au vaincu à
l'issue de la paix forcée [...] le vaincu double ses ressources lors de la phase de budget et les cartes « Les
Châtiments » sont ajoutées de suite à la pioche de chaque camp quel que soit le niveau d'escalade. Le camp adverse
reçoit 3 tentatives diplomatiques gratuites avec un bonus de +2 »."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae.rules import budget, diplomacy, interphase
from tests.games.nae.rules.test_07_interphase import interphase_1806


def austria_back_to_neutral() -> State:
    """1806: Austria, conquered by France in 1805, out of its forced peace (18.2.3) and neutral again."""
    st = interphase_1806({"empire": [], "coalition": []})
    st.g["status"]["austria"] = "neutral"
    st.g["forced"].pop("austria")
    diplomacy.record_defeat(st, "austria", "france")
    return st


def test_8_1_3_the_victor_declaring_war_again_brings_the_punishments_doubles_resources_and_free_attempts() -> None:
    st = austria_back_to_neutral()
    printed, _ = budget.income(st, "austria")
    interphase.declare_war(st, "empire", "austria")
    g = st.g
    assert "punishments" in g["periods"]  # whatever the escalade (0 here)
    assert g["double_resources"] == ["austria"] and budget.income(st, "austria")[0] == 2 * printed
    assert g["free_attempts"] == {"coalition": 3}  # the other side's, at +2 (test_08_diplomacy)
    assert g["escalade"] == 0  # not a first declaration: 7.1's +1 is not added


def test_8_1_3_the_other_side_declaring_war_on_the_loser_is_a_first_declaration() -> None:
    """Only « le vainqueur »: the Coalition declaring war on an Austria France defeated is a declaration like any
    other (7.1: escalade +1 for the first one on a major), with none of 8.1.3's penalties."""
    st = austria_back_to_neutral()
    interphase.declare_war(st, "coalition", "austria")
    g = st.g
    assert "punishments" not in g["periods"] and "double_resources" not in g and "free_attempts" not in g
    assert g["escalade"] == 1 and g["sides"]["austria"] == "empire"
