"""10.3: « Un général d'armée ne peut être démis de ses fonctions que lors de la phase de budget ou par un
événement. Dans les deux cas, le général démis est retiré de la carte et réintègrera la réserve lors de la phase de
budget de l'année suivante. Un général de la réserve, s'il en existe, est choisi et placé dans la zone de l'armée ; le
général avec le rang le plus élevé parmi ceux présents dans la zone est promu à la tête de l'armée »; 7.3.7 lets the
side withdraw generals at its budget."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, cards
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import GAME, put
from tests.games.nae.rules.test_07_3_budget import reach, start


def french_budget_with_the_grande_armee(subs: list[str]) -> tuple[State, str]:
    st = board_1806()
    army = put(st, "strasbourg", ["fr_i", "fr_ii", "fr_iii"], commander="murat", army="grande_armee", subs=subs)
    start(st)
    reach(st, "france")
    return st, army


def test_10_3_an_army_general_is_relieved_at_the_budget_and_the_highest_ranked_present_takes_command():
    st, army = french_budget_with_the_grande_armee(["ney"])
    assert ("relieve", "murat") in st.legal_actions()
    assert ("relieve", "ney") not in st.legal_actions()  # a subordinate is withdrawn (7.3.7 "dismiss"), not relieved
    assert ("relieve", "murat") in set(GAME.action_catalog("1805"))  # the RL index (grognard.rl) holds it
    assert budget.label(st, ("relieve", "murat")) == ("Relieve Murat of his army's command (a general of the reserve "
                                                      "replaces him)")
    st.apply(("relieve", "murat"))
    assert st.step == "relieve.replace" and st.active == "empire"
    assert ("general", "davout") in st.legal_actions() and ("general", "murat") not in st.legal_actions()
    st.apply(("general", "davout"))  # rank 7, above Ney (9): he is promoted
    f = S.force(st, army)
    assert f["commander"] == "davout" and f["subs"] == ["ney"] and f["army"] == "grande_armee"
    assert "murat" in st.g["removed"] and st.step == "budget.spend" and st.frame["power"] == "france"
    assert any(e["rule"] == "10.3" and "relieved" in e["text"] for e in st.log)


def test_10_3_a_subordinate_of_higher_rank_than_the_general_chosen_is_promoted():
    st, army = french_budget_with_the_grande_armee(["davout"])
    st.apply(("relieve", "murat"))
    st.apply(("general", "ney"))
    f = S.force(st, army)
    assert f["commander"] == "davout" and f["subs"] == ["ney"]


def test_10_3_the_relieved_general_is_back_in_the_reserve_at_next_years_budget():
    st, _ = french_budget_with_the_grande_armee([])
    st.apply(("relieve", "murat"))
    st.apply(("general", "davout"))
    assert "murat" not in cards.reserve_generals(st, "france")
    assert "murat" not in budget._reserve_generals(st, "france")
    while str(st.step).startswith("budget"):
        st.apply(("done", None))
    assert "budget" not in st.g and "murat" in st.g["removed"]
    st.g["year"] += 1
    start(st)
    assert "murat" not in st.g["removed"] and "murat" in budget._reserve_generals(st, "france")


def test_10_3_a_general_in_the_foreign_wars_box_is_not_in_the_reserve():
    """6.5: « Ces unités ne reviennent pas en jeu avant qu'un mécanisme du jeu ne mette fin à cette guerre »: a
    general sent to a foreign war is not « un général de la réserve » to replace a relieved one."""
    st, _ = french_budget_with_the_grande_armee([])
    st.g["foreign_wars"] = [{"card": "9F", "power": "france", "units": {}, "generals": ["davout"], "fleets": []}]
    st.apply(("relieve", "murat"))
    assert ("general", "davout") not in st.legal_actions() and ("general", "ney") in st.legal_actions()
    assert "davout" not in cards.reserve_generals(st, "france")


def test_10_3_a_general_whose_event_is_not_played_is_not_in_the_reserve():
    """2.1 / 10.3: Jérôme comes into play with 45F (Napoleonic Europe); until then he is not « un général de la
    réserve » (a random 1809 game chose him to succeed a relieved general, then 45F brought him a second time)."""
    st, _ = french_budget_with_the_grande_armee([])
    st.apply(("relieve", "murat"))
    assert ("general", "jerome") not in st.legal_actions()
    st.g["flags"] = ["europe_napoleonienne"]
    assert "jerome" in cards.reserve_generals(st, "france")
