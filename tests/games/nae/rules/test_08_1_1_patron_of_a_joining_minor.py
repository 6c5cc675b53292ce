"""8.1.1 / 8.1.2 / 8.1.3 / 8.2.3: a minor joining the Coalition is Britain's ally (« ils passent sous alliance de la
France ou de l'Angleterre »); while a conquered Britain sits out its forced peace (« elle se comporte comme une
nation neutre »), decided: the ally of the Coalition major at war nearest to it (8.1.2 « alliée [...] à la
Coalition »), of none when no Coalition major is at war. 1809 acceptance seed 167 made Sweden, attacked by the
Empire in 1812, the Coalition ally of a neutral Britain."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import diplomacy, interphase
from tests.games.nae.rules import test_selfplay
from tests.games.nae.rules.grand import board_1806


def britain_sits_out(at_war: tuple[str, ...] = ("russia", "spain")) -> State:
    """1806, Britain conquered by France (with its minor allies, 8.1.3), the Coalition at war with ``at_war``."""
    st = board_1806()
    g = st.g
    g["status"]["britain"] = "forced_peace"
    g["forced"]["britain"] = {"with": "france", "until": None, "then": "at_war", "since": 1806}
    S.set_side(st, "britain", None)
    for minor in ("portugal", "naples", "sweden", "sardinia"):
        S.set_side(st, minor, None)
    for major in ("russia", "spain"):
        g["status"][major] = "at_war" if major in at_war else "neutral"
        S.set_side(st, major, "coalition" if major in at_war else None)
    if "russia" not in at_war:
        S.set_side(st, "ionian", None)  # Russia's ally shares its peace
    return st


def test_8_1_1_a_minor_the_empire_attacks_is_britains_ally_while_britain_fights() -> None:
    st = board_1806()
    interphase.declare_war(st, "empire", "denmark")
    assert (st.g["sides"]["denmark"], st.g["ally_of"]["denmark"]) == ("coalition", "britain")


def test_8_1_3_britain_conquered_the_attacked_minor_is_the_ally_of_the_nearest_coalition_major() -> None:
    st = britain_sits_out()
    interphase.declare_war(st, "empire", "denmark")  # Russia's Baltic lands are nearer than Spain
    assert (st.g["status"]["denmark"], st.g["sides"]["denmark"], st.g["ally_of"]["denmark"]) == (
        "allied", "coalition", "russia")
    test_selfplay.check_statuses(st)  # a minor shares its major's side
    assert diplomacy.patron(st, "nassau", "coalition") == "russia"
    S.set_side(st, "russia", "empire")  # Russia now fights for the Empire: Spain is the one left
    st.g["status"]["russia"] = "at_war"
    assert diplomacy.patron(st, "nassau", "coalition") == "spain"


def test_8_2_3_a_minor_won_by_diplomacy_while_britain_sits_out_joins_the_nearest_major_too() -> None:
    st = britain_sits_out()
    diplomacy.join(st, "hanseatic", "coalition", "8.2.3")
    assert st.g["ally_of"]["hanseatic"] == "russia"
    test_selfplay.check_statuses(st)


def test_8_1_3_with_no_coalition_major_at_war_the_minor_fights_as_the_ally_of_none() -> None:
    st = britain_sits_out(at_war=())
    interphase.declare_war(st, "empire", "denmark")
    assert st.g["sides"]["denmark"] == "coalition" and "denmark" not in st.g["ally_of"]
    assert S.major_of(st, "denmark") == "denmark"  # 13.2: its own capital is its source
    test_selfplay.check_statuses(st)


def test_8_1_2_the_empires_new_ally_is_frances_whatever_happens_to_britain() -> None:
    st = britain_sits_out()
    interphase.declare_war(st, "coalition", "mecklenburg")
    assert (st.g["sides"]["mecklenburg"], st.g["ally_of"]["mecklenburg"]) == ("empire", "france")
