"""7.1 / 8.1.3 / 8.1.4 / 18.2.3: the conqueror's adversary may declare war on a major in forced peace or forced
alliance, which then joins its conqueror's side (« ce qui conduirait le pays vaincu à devenir automatiquement allié
du conquérant »; « SAUF à lui déclarer la guerre et donc à le transformer en allié « normal » de l'Empire »); the
conqueror may not (« Le conquérant et ses alliés ne peuvent pas déclarer la guerre au pays conquis »)."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import interphase
from tests.games.nae.rules.helpers import push, put
from tests.games.nae.rules.test_07_interphase import interphase_1806


def test_7_1_only_the_coalition_may_declare_war_on_austria_in_forced_peace_with_france() -> None:
    st = interphase_1806({"empire": [], "coalition": []})
    push(st, "interphase.war")
    assert st.active == "coalition" and ("declare", "austria") in st.legal_actions()
    st.apply(("done", None))
    assert st.active == "empire" and ("declare", "austria") not in st.legal_actions()


def test_8_1_3_a_declaration_on_the_loser_makes_it_an_ally_of_its_conqueror_and_their_forces_one() -> None:
    st = interphase_1806({"empire": [], "coalition": []})
    g = st.g
    davout = put(st, "vienna", ["fr_i", "fr_ii"], commander="davout")
    austrians = put(st, "vienna", ["au_i"], side="empire")
    S.set_force_side(st, austrians, None)  # type: ignore[arg-type]  # at war with nobody (8.1.3)
    interphase.declare_war(st, "coalition", "austria")
    assert (g["status"]["austria"], g["sides"]["austria"]) == ("at_war", "empire") and "austria" not in g["forced"]
    assert g["escalade"] == 1  # 7.1: the first declaration on a major
    here = S.forces_in(st, "vienna", "empire")
    assert len(here) == 1 and set(g["forces"][here[0]]["units"]) == {"fr_i", "fr_ii", "au_i"}  # 11: one force
    assert g["forces"][here[0]]["commander"] == "davout" and davout in here


def test_8_1_4_a_declaration_on_a_forced_ally_makes_it_a_normal_ally_of_the_empire() -> None:
    st = interphase_1806({"empire": [], "coalition": []})
    st.g["status"]["austria"] = "forced_alliance"
    interphase.declare_war(st, "coalition", "austria")
    assert (st.g["status"]["austria"], st.g["sides"]["austria"]) == ("at_war", "empire")


def test_8_1_3_exception_the_coalition_declares_no_war_on_a_conquered_britain() -> None:
    """8.1.3 « Exception : Si l'Angleterre est conquise [...] elle se comporte comme une nation neutre. A l'issue de
    chaque période de paix forcée, l'Angleterre rejoint automatiquement la coalition »: no declaration turns it French
    (seed 167 of the 1809 acceptance run: the Coalition's declaration gave Britain and its fleets to the Empire)."""
    st = interphase_1806({"empire": [], "coalition": []})
    st.g["status"]["britain"] = "forced_peace"
    st.g["forced"]["britain"] = {"with": "france", "until": 1808, "then": "at_war", "since": 1806}
    assert "britain" not in interphase.war_targets(st, "coalition")
    assert "britain" not in interphase.war_targets(st, "empire")
