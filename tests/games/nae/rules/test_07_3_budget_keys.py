"""7.3 / 7.2 / 7.1: what diplomacy and the cards leave for the interphase: resources of events (34F), the events
played at the start of the budget phase (6.4), military reforms, units arriving at the budget (22F), foreign wars
ended (6.5), the Corsairs' smaller hand (17.2.9), the minors attacked deploying anywhere in their territory (7.3.3,
8.2.3), revolts among the allied minors and the withdrawal of depots (7.3.7)."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget, interphase
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put
from tests.games.nae.rules.test_07_3_budget import reach, start
from tests.games.nae.rules.test_07_interphase import interphase_1806

WAR_1812 = {"card": "9F", "power": "russia", "units": {"ru_iv": 2}, "generals": ["bagration"], "fleets": []}


def finish_phase(st: State) -> None:
    while str(st.step).startswith("budget"):
        st.apply(("done", None))


def test_7_3_1_resources_of_an_event_at_the_next_budget_then_used_up() -> None:
    """7.3.1: « Ce nombre peut varier en raison d'évènements »: War with the USA (34F) costs Britain 4 resources at
    its next budget phase, once."""
    st = board_1806()
    printed = budget.income(st, "britain")[0]
    st.g["budget_mods"] = [{"power": "britain", "value": -4, "why": "War with the USA"}]
    total, why = budget.income(st, "britain")
    assert total == printed - 4 and "-4 for War with the USA" in why
    start(st)
    reach(st, "britain")
    assert st.frame["purse"] == printed - 4
    finish_phase(st)
    assert "budget_mods" not in st.g and budget.income(st, "britain")[0] == printed


def test_glossary_military_reform_e_units_join_the_reserve_at_the_budget() -> None:
    """Glossary « Réforme militaire »: « les unités marquées E sont intégrées lors de la prochaine phase de budget
    dans la réserve d'unités à construire »: Prussia's Landwehr, not Austria's (the two share the E key)."""
    st = board_1806()
    st.g["reforms"] = ["prussia"]
    assert not budget.available(st, "pr_landwehr_1")
    start(st)
    reach(st, "prussia")
    assert "reforms" not in st.g and st.g["reformed"] == ["prussia"]
    assert {"pr_landwehr_1", "pr_landwehr_2", "pr_landwehr_3"} <= set(budget.pool(st, "prussia"))
    assert not budget.available(st, "au_landwehr_1")
    assert any(e["rule"] == "7.3" and "military reform" in e["text"] for e in st.log)


def test_8_3_5_poniatowski_and_the_polish_corps_arrive_free_at_warsaw() -> None:
    """22F Marie Walewska: « Poniatowski and the 1st Polish corps arrive free at Warsaw at the next budget
    phase »."""
    st = board_1806()
    st.g["flags"].append("poland")
    st.g["status"]["poland"] = "protectorate"
    S.set_side(st, "poland", "empire")
    S.set_control(st, "warsaw", "france")
    st.g["budget_deploys"] = [{"zone": "warsaw", "units": ["pl_1"], "generals": ["poniatowski"],
                               "why": "Marie Walewska"}]
    start(st)
    (fid,) = S.outside(st, "warsaw", "empire")
    f = S.force(st, fid)
    assert f["commander"] == "poniatowski" and f["units"] == {"pl_1": S.unit("pl_1").steps}
    assert "budget_deploys" not in st.g


def test_8_3_5_arrivals_go_to_the_reserve_when_warsaw_is_lost() -> None:
    st = board_1806()
    st.g["flags"].append("poland")
    st.g["status"]["poland"] = "protectorate"
    S.set_side(st, "poland", "empire")
    st.g["budget_deploys"] = [{"zone": "warsaw", "units": ["pl_1"], "generals": ["poniatowski"],
                               "why": "Marie Walewska"}]
    start(st)  # Warsaw is Prussia's (neutral): not free
    assert not S.forces_in(st, "warsaw") and "pl_1" in st.g["reserve"]["units"] and "budget_deploys" not in st.g


def test_6_5_units_in_the_foreign_wars_box_are_not_in_the_reserve() -> None:
    """6.5: « Ces unités ne reviennent pas en jeu avant qu'un mécanisme du jeu ne mette fin à cette guerre »."""
    st = board_1806()
    st.g["foreign_wars"] = [dict(WAR_1812)]
    start(st)
    reach(st, "russia")
    assert "ru_iv" not in budget.pool(st, "russia")
    assert ("build", "ru_iv") not in st.legal_actions()
    assert "bagration" not in budget._reserve_generals(st, "russia")


def test_6_5_units_back_from_a_foreign_war_come_free_at_the_next_budget() -> None:
    """6.5: « les unités reviennent en renforts lors de la phase de budget suivante »: placed free on a
    reinforcement zone of Russia, Bagration back in the reserve to be placed (7.3.6)."""
    st = board_1806()
    st.g["fw_returning"] = [dict(WAR_1812)]
    start(st)
    while st.frame.get("power") != "russia" and st.step != "budget.place":
        st.apply(("done", None))
    assert st.step == "budget.place" and st.frame["uid"] == "ru_iv" and st.active == "coalition"
    zone = st.legal_actions()[0][1]
    st.apply(("zone", zone))
    (fid,) = S.outside(st, zone, "coalition")
    assert S.force(st, fid)["units"] == {"ru_iv": 2}
    assert st.step == "budget.spend" and st.frame["power"] == "russia"
    assert st.frame["purse"] == budget.income(st, "russia")[0]  # free
    assert ("general", "bagration") in st.legal_actions() and "fw_returning" not in st.g
    assert any(e["rule"] == "6.5" and "comes back from the foreign war" in e["text"] for e in st.log)


def test_6_5_units_back_from_a_foreign_war_are_not_built_before_their_powers_budget() -> None:
    """6.5: back « en renforts lors de la phase de budget suivante », placed free by their power's budget: until
    then no earlier budget of the phase (7.3 order) builds them (a random 1805 game built the Russian Army of the
    Danube in Reval, then brought it back from the foreign war as well)."""
    st = board_1806()
    st.g["fw_returning"] = [dict(WAR_1812)]
    start(st)
    assert st.frame["power"] != "russia" and "ru_iv" not in budget.pool(st, "russia")


def test_7_3_3_a_neutral_minor_attacked_deploys_anywhere_in_its_territory() -> None:
    """7.3.3: « Un pays mineur neutre ne produit rien mais toutes ses unités sont déployées sur la carte dès qu'il
    est attaqué »; 8.2.3: « dans n'importe quelle zone de leur territoire »: Denmark's units, any Danish zone free of
    enemy forces and not held by a power at peace (12.1), not only its reinforcement zones, by the one function
    diplomacy uses too."""
    st = interphase_1806({"empire": [], "coalition": []})
    put(st, "jutland", ["fr_i"], side="empire")
    S.set_control(st, "holstein", "prussia")  # neutral: its ground is closed (a random 1809 game put Sweden's corps
    # in Åbo, held by Russia at peace)
    st.core["stack"].clear()
    st.push("round")
    interphase.declare_war(st, "empire", "denmark")
    st._advance()
    assert st.step == "diplomacy.deploy" and st.active == "coalition"
    zones = {a[1] for a in st.legal_actions()}
    assert zones == {"copenhagen", "christiania", "bergen"}  # Jutland: a French force stands there
    assert not zones <= set(budget.reinforcement_zones(st, "denmark"))
    st.apply(("zone", "bergen"))
    assert any(S.unit(u).power == "denmark" for fid in S.outside(st, "bergen", "coalition")
               for u in S.force(st, fid)["units"])


def test_7_3_3_a_revolt_counts_while_its_zone_is_the_coalitions() -> None:
    """Glossary « Révolte nationale »: « ils comptent comme un mineur allié tant que leurs zones d'apparition
    restent sous contrôle de la coalition (Pour la phase de budget notamment) »."""
    st = board_1806()
    st.g["status"]["tyrol"] = "allied"
    S.set_side(st, "tyrol", "coalition")
    S.set_ally_of(st, "tyrol", "austria")
    S.set_control(st, "innsbruck", "britain")
    assert "tyrol" in budget.allied_minors_with_units(st, "coalition")
    S.set_control(st, "innsbruck", "france")
    assert "tyrol" not in budget.allied_minors_with_units(st, "coalition")


def test_7_3_7_depots_withdrawn_come_back_next_year() -> None:
    """7.3.7: « Chaque joueur peut volontairement décider de retirer de la carte des unités, des flottes, des
    généraux et des dépôts ravitaillés ou non » (placed again next year at the earliest)."""
    st = board_1806()
    fid = put(st, "paris", ["fr_i"], commander="davout", depots=1)
    S.add_fixed_depot(st, "strasbourg", "france")
    start(st)
    reach(st, "france")
    left = budget.depots_left(st, "france")
    assert ("remove_depot", fid) in st.legal_actions()
    st.apply(("remove_depot", fid))
    assert S.force(st, fid)["depots"] == [] and budget.depots_left(st, "france") == left
    st.apply(("remove_fixed_depot", "strasbourg"))
    assert st.g["fixed_depots"] == [] and budget.depots_left(st, "france") == left
    assert sum(e["rule"] == "7.3.7" for e in st.log) == 2


def test_6_4_example_rothschild_then_the_city_spent_in_this_budget_phase() -> None:
    """6.4: « lors de la phase de budget, la carte « Rothschild » est jouée et accorde deux cartes supplémentaires
    qui sont piochées immédiatement : l'une d'elles « City » accorde un bonus de ressources ; le joueur coalisé peut
    la jouer de suite et dépenser les points de ressource dans cette phase de budget »."""
    st = board_1806()
    st.g["year"] = 1811  # 7C: not before 1811
    st.g["hands"]["coalition"] = ["7C"]
    st.g["decks"]["coalition"] = ["30C", "8C", "31C"]
    printed = budget.income(st, "britain")[0]
    start(st, events=True)
    assert st.step == "budget.events" and st.active == "coalition"
    assert ("event", "7C") in st.legal_actions()
    st.apply(("event", "7C"))
    assert len(st.g["hands"]["coalition"]) == 2 and "8C" in st.g["hands"]["coalition"]
    st.apply(("event", "8C"))
    assert st.g["budget_mods"] == [{"power": "britain", "value": 4, "why": "The City"}]
    st.apply(("done", None))
    assert st.step == "budget.events" and st.active == "empire"
    reach(st, "britain")
    assert st.frame["purse"] == printed + 4
    finish_phase(st)
    assert "budget_mods" not in st.g


def test_6_4_pitt_gives_a_coalition_major_of_the_sides_choice_4_resources() -> None:
    """19C Pitt: « one Coalition major power gets +4 resources now, beyond the 4-per-budget transfer limit »."""
    st = board_1806()
    st.g["hands"]["coalition"] = ["19C"]
    printed = budget.income(st, "russia")[0]
    start(st, events=True)
    st.apply(("event", "19C"))
    assert st.step == "budget.ally" and ("ally", "russia") in st.legal_actions()
    assert ("ally", "prussia") not in st.legal_actions()  # neutral: no ally at war
    st.apply(("ally", "russia"))
    reach(st, "russia")
    assert st.frame["purse"] == printed + 4


def test_6_4_a_budget_event_window_opens_for_each_side_holding_nothing_playable() -> None:
    st = board_1806()
    start(st, events=True)
    assert st.legal_actions() == [("done", None)] and st.active == "coalition"
    st.apply(("done", None))
    assert st.legal_actions() == [("done", None)] and st.active == "empire"


def test_7_3_5_a_special_unit_joins_a_supplied_army_inside_its_fortress() -> None:
    """7.3.5: « Il est autorisé de placer directement dans chaque armée ravitaillée [...] un nombre illimité
    d'unités spéciales »: the Grande Armée, besieged in Toulon and supplied by sea (13.3), takes the Guard Cavalry
    in (a heuristic 1809 game left it alone outside besieged Danzig, a force with no combat unit)."""
    st = board_1806()
    army = put(st, "toulon", ["fr_i", "fr_iii"], commander="napoleon", army="grande_armee")
    S.set_in_fortress(st, army, True)
    S.set_fortress(st, "toulon", besieger=put(st, "toulon", ["au_i"], side="coalition"), siege=0)
    assert "toulon" in budget.special_zones(st, "empire", "fr_cav_garde")
    budget.place_unit(st, "empire", "fr_cav_garde", 1, "toulon", "7.3.5")
    assert S.forces_in(st, "toulon", "empire") == [army] and "fr_cav_garde" in S.force(st, army)["units"]
