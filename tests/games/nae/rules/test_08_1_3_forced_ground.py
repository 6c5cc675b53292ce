"""8.1.3 / 8.1.4 / 18.2.3: during the activation phase the conqueror's side may cross and stay on the ground of a
power in forced peace or forced alliance and trace supply over it (a forced ally's fortresses relay it, a forced
peace's do not), a force of the loser and one of the conqueror may share a zone, the other side may not enter, and
nobody takes control there. On the 1806 board: Austria in forced peace with France after the 1805 conquest."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import diplomacy as D
from grognard.games.nae.rules import movement, redeployment, supply
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put


def neutral_austria(st: State) -> None:
    st.g["status"]["austria"] = "neutral"
    del st.g["forced"]["austria"]


def test_8_1_3_the_conqueror_may_cross_the_losers_territory_the_other_side_may_not() -> None:
    """8.1.3: « les forces du conquérant peuvent traverser et/ou stationner sur le territoire du pays vaincu »; « les
    forces des nations autres que celles du conquérant et de ses alliés ne peuvent pas entrer sur le territoire du
    pays vaincu sans une déclaration de guerre préalable »."""
    st = board_1806()
    french = put(st, "munich", ["fr_i"], side="empire")
    russian = put(st, "neminov", ["ru_iv"], side="coalition")
    assert movement.enter_refusal(st, french, "munich", "salzburg", 3) is None
    assert "neutral" in (movement.enter_refusal(st, russian, "neminov", "lemberg", 3) or "")
    neutral_austria(st)  # a neutral's ground is closed to all (12.1)
    assert "neutral" in (movement.enter_refusal(st, french, "munich", "salzburg", 3) or "")


def test_8_1_4_the_empire_moves_across_its_forced_allys_territory() -> None:
    """8.1.4: « L'alliance forcée permet à l'Empire d'utiliser le territoire de l'allié forcé pour se déplacer »;
    « Les troupes de la coalition ne peuvent donc pas librement entrer sur le territoire de l'allié forcé »."""
    st = board_1806()
    st.g["status"]["austria"] = "forced_alliance"
    french = put(st, "munich", ["fr_i"], side="empire")
    russian = put(st, "neminov", ["ru_iv"], side="coalition")
    assert movement.enter_refusal(st, french, "munich", "salzburg", 3) is None
    assert movement.enter_refusal(st, russian, "neminov", "lemberg", 3) is not None


def test_8_1_3_the_conquerors_lines_cross_the_losers_ground_but_not_through_its_fortresses() -> None:
    """8.1.3: « les lignes de ravitaillement du conquérant peuvent passer sur le territoire du pays vaincu (sans
    pouvoir utiliser ses forteresses comme des relais de ravitaillement) »: a French fixed depot in Venice relays
    to Udine; Venice's Austrian fortress alone does not."""
    st = board_1806()
    assert "udine" not in supply.trace_supply(st, "france").dist  # the Austrian fortress relays nothing
    S.add_fixed_depot(st, "venice", "france")
    assert "udine" in supply.trace_supply(st, "france").dist
    put(st, "udine", ["au_i"], side=None)  # a force of the loser blocks no line of its conqueror
    assert "udine" in supply.trace_supply(st, "france").dist
    neutral_austria(st)
    assert "udine" not in supply.trace_supply(st, "france").dist


def test_8_1_4_the_forced_allys_fortresses_relay_the_empires_lines_but_are_no_sources() -> None:
    """8.1.4: « d'utiliser ses forteresses comme relais de ravitaillement mais pas comme sources »."""
    st = board_1806()
    st.g["status"]["austria"] = "forced_alliance"
    network = supply.trace_supply(st, "france")
    assert "udine" in network.dist  # Mantua, then Venice's fortress as a relay
    assert "vienna" not in supply._links(st, "france").sources
    st.g["forced"]["austria"]["with"] = "russia"  # not the Empire's: no relay, no passage
    assert "udine" not in supply.trace_supply(st, "france").dist


def test_8_1_3_loser_and_conqueror_share_a_zone_and_nobody_takes_control() -> None:
    """8.1.3: « une force du vaincu et une force du vainqueur peuvent stationner dans une même zone par exception »
    (in 7.5 too); the conqueror, at war with nobody there, plants no flag (3.2)."""
    st = board_1806()
    S.add_fixed_depot(st, "venice", "france")
    french = put(st, "udine", ["fr_i"], side="empire")
    supply.update_supply(st)
    assert not S.force(st, french)["unsupplied"] and not movement.may_flag(st, french)
    austrian = put(st, "klagenfurt", ["au_i"], side=None)
    m = S.data().map
    cost = m.enter_cost("klagenfurt", "udine")
    assert cost is not None
    assert redeployment.neutral_refusal(st, austrian, "klagenfurt", "udine", cost) is None


def broken_alliance() -> tuple[State, str, str]:
    """Austria a forced ally of France; French forces alone in Vienna and beside an Austrian corps in Salzburg;
    then an event brings Austria back into the Coalition (8.1.4)."""
    st = board_1806()
    st.g["status"]["austria"] = "forced_alliance"
    alone = put(st, "vienna", ["fr_i"], side="empire")
    shared = put(st, "salzburg", ["fr_iii"], side="empire")
    put(st, "salzburg", ["au_i"], side=None)
    st.core["stack"].clear()
    st.push("round")
    D.join(st, "austria", "coalition", "8.1")
    st._advance()
    return st, alone, shared


def test_8_1_4_broken_forced_alliance_the_empire_takes_the_zones_it_holds_alone() -> None:
    """8.1.4: « les unités de l'Empire prennent le contrôle des zones qu'elles sont seules à occuper y compris les
    forteresses »."""
    st, alone, shared = broken_alliance()
    assert S.force(st, alone)["zone"] == "vienna" and st.g["control"]["vienna"] == "france"
    assert st.g["control"]["salzburg"] == "austria"
    assert st.step == "forced.part" and st.active == "empire" and st.frame["fid"] == shared


def test_8_1_4_broken_forced_alliance_withdraw_into_the_fortress() -> None:
    """8.1.4: « se replier immédiatement dans la forteresse dont elles prennent le contrôle »."""
    st, _, shared = broken_alliance()
    actions = st.legal_actions()
    assert ("fortress", None) in actions and ("zone", "munich") in actions
    assert ("zone", "vienna") in actions  # held by the Empire now, so not the Coalition's
    st.apply(("fortress", None))
    assert S.force(st, shared)["in_fortress"] and st.g["control"]["salzburg"] == "france"
    assert st.step == "round"


def test_8_1_4_broken_forced_alliance_withdraw_to_an_adjacent_zone_not_the_coalitions() -> None:
    """8.1.4: « se replier dans une zone adjacente non contrôlée par la Coalition »: not Passau once the Coalition
    holds it."""
    st, _, shared = broken_alliance()
    S.set_control(st, "passau", "austria")
    st._legal = None
    assert ("zone", "passau") not in st.legal_actions()
    st.apply(("zone", "munich"))
    assert S.force(st, shared)["zone"] == "munich" and not S.outside(st, "salzburg", "empire")
    assert any(e["rule"] == "8.1.4" and "withdraws" in e["text"] for e in st.log)


def test_8_1_4_15_2_the_force_left_outside_the_fortress_lays_siege_at_once() -> None:
    """8.1.4 then 15.2: after the withdrawal into the fortress, the Coalition force outside it lays siege at once
    (a 1809 heuristic game, seed 2, left the Prussians before Oudinot's Breslau unbesieging through an interphase)."""
    st, _, shared = broken_alliance()
    austrians = S.outside(st, "salzburg", "coalition")
    st.apply(("fortress", None))
    assert S.force(st, shared)["in_fortress"]
    assert st.g["fortresses"]["salzburg"]["besieger"] == austrians[0] and st.g["fortresses"]["salzburg"]["siege"] == 0
