"""10.1: « Un général disposant d'un marqueur Armée peut [...] comprendre 3 généraux subordonnés de son pays ou pays
majeur allié »; 10.2: « A l'issue de ce mouvement, le général de rang inférieur retourne dans la réserve SAUF s'il
intègre une armée »: a minor's general whose force an army takes in returns to the reserve, his units stay."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import command
from tests.games.nae.rules.helpers import board, put


def test_10_1_a_minor_general_never_serves_as_an_army_subordinate():
    st = board()
    army = put(st, "warsaw", ["fr_i", "fr_ii"], commander="napoleon", army="grande_armee")
    poles = put(st, "warsaw", ["pl_1"], commander="poniatowski", side="empire")
    assert command.may_absorb(st, army, poles)
    command.absorb(st, army, poles)
    f = S.force(st, army)
    assert "pl_1" in f["units"] and "poniatowski" not in f["subs"] and "poniatowski" in st.g["removed"]
    assert any("Poniatowski returns to the reserve" in e["text"] for e in st.log)


def test_10_1_a_general_of_the_armys_own_nation_joins_it_as_a_subordinate():
    st = board()
    army = put(st, "warsaw", ["fr_i", "fr_ii"], commander="napoleon", army="grande_armee")
    ney = put(st, "warsaw", ["fr_iii"], commander="ney")
    command.absorb(st, army, ney)
    assert S.force(st, army)["subs"] == ["ney"] and "ney" not in st.g["removed"]


def test_10_1_may_serve_reads_the_generals_power():
    assert command.may_serve("france", "ney") and command.may_serve("russia", "blucher")
    assert not command.may_serve("france", "poniatowski") and not command.may_serve("russia", "charles_jean")
