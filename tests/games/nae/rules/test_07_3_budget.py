"""7.3 Budget phase: income, transfers, spending order, building and restoring, armies, depots, fleets, generals,
minors' steps, Britain's cards and voluntary removals; the 1806 budget of the example of play (digest 8.7)."""

from __future__ import annotations

import pytest

from grognard.core.errors import IllegalAction
from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import budget
from tests.games.nae.rules.grand import board_1806
from tests.games.nae.rules.helpers import put


def start(st: State, events: bool = False) -> None:
    """Open the budget phase; unless ``events``, both sides play no budget event (6.4)."""
    st.core["stack"].clear()
    st.push("round")  # what follows the interphase
    budget.push_budget_phase(st)
    st._advance()
    while not events and st.step == "budget.events":
        st.apply(("done", None))


def reach(st: State, power: str) -> None:
    """Finish every power before ``power`` in the 7.3 order."""
    while str(st.step).startswith("budget") and st.frame.get("power") != power:
        st.apply(("done", None))
    assert st.step == "budget.spend" and st.frame["power"] == power


def purse(st: State) -> float:
    return float(st.frame["purse"])


def force_at(st: State, zone: str, side: str | None) -> dict:
    (fid,) = S.outside(st, zone, side)
    return S.force(st, fid)


def test_7_3_order_and_who_spends() -> None:
    """7.3: Turkey, Spain, Prussia, Austria, Russia, Britain, France; 7.3.2: the Empire spends for neutral Spain and
    Turkey, the Coalition for neutral Prussia; EN 7.3: the Coalition for Austria, in forced peace with France."""
    st = board_1806()
    start(st, events=True)
    seen = []
    while str(st.step).startswith("budget"):
        seen.append((st.frame.get("power", "minors" if st.step == "budget.minors" else "events"), st.active))
        st.apply(("done", None))
    assert seen == [("events", "coalition"), ("events", "empire"),
                    ("turkey", "empire"), ("spain", "empire"), ("prussia", "coalition"), ("austria", "coalition"),
                    ("russia", "coalition"), ("britain", "coalition"), ("minors", "coalition"), ("france", "empire"),
                    ("minors", "empire")]
    assert st.step == "round" and "budget" not in st.g


def test_7_3_1_key_zone_under_enemy_control_costs_4() -> None:
    st = board_1806()
    S.set_control(st, "st_petersburg", "france")
    assert budget.income(st, "russia")[0] == 12 - 4
    S.set_control(st, "madrid", "france")
    st.g["flags"] = ["war_of_liberation"]  # 7.3.1: « si Madrid est contrôlé par l'Empire durant la guerre de
    assert budget.income(st, "spain")[0] == 4  # libération, l'Espagne ne subit pas de pénalités »
    S.set_control(st, "warsaw", "france")
    assert budget.income(st, "prussia")[0] == 1
    st.g["flags"] = ["poland"]  # 7.3.1 précision: Varsovie is no Prussian key zone once Poland exists
    assert budget.income(st, "prussia")[0] == 5


def test_7_3_1_transfers_capped_at_4_and_spent_at_once() -> None:
    st = board_1806()
    st.g["status"]["prussia"] = "at_war"
    S.set_side(st, "prussia", "coalition")
    start(st)
    reach(st, "prussia")
    for _ in range(4):
        st.apply(("transfer", "russia"))
    assert ("transfer", "russia") not in st.legal_actions()  # 8.1.2: at most 4 from all allies
    assert "at most 4" in (budget.may_transfer(st, "prussia", "russia") or "")
    st.apply(("done", None))
    assert st.frame["power"] == "russia" and st.frame["received"] and purse(st) == 4  # used immediately
    st.apply(("done", None))
    assert st.frame["power"] == "austria" and not st.frame["received"]


def test_7_3_1_spain_sends_france_nothing_before_bayonne_and_blockade() -> None:
    st = board_1806()
    st.g["status"]["spain"] = "allied"
    S.set_side(st, "spain", "empire")
    st.g["budget"] = {"received": {}}
    assert "Piège de Bayonne" in (budget.may_transfer(st, "spain", "france") or "")
    st.g["flags"] = ["24F", "25F"]
    assert budget.may_transfer(st, "spain", "france") is None
    assert "allied major" in (budget.may_transfer(st, "turkey", "france") or "")  # a neutral transfers nothing


def test_7_3_2_example_1806_turkey_army_and_corps() -> None:
    """Example 1806: « Turquie: armée (2) à Constantinople + 1 corps d'infanterie (2) »."""
    st = board_1806()
    gen = next(g.id for g in S.data().counters.generals_of("turkey"))
    put(st, "constantinople", ["tu_corps_1"], commander=gen)
    start(st)
    assert st.frame["power"] == "turkey" and purse(st) == 4
    st.apply(("army", "armee_turque"))
    st.apply(("build", "tu_corps_2"))
    st.apply(("zone", "constantinople"))
    f = force_at(st, "constantinople", None)
    assert f["army"] == "armee_turque" and f["units"] == {"tu_corps_1": 2, "tu_corps_2": 2} and purse(st) == 0


def test_7_3_2_example_1806_spain_restores_builds_and_loses_a_point() -> None:
    st = board_1806()
    put(st, "corunna", {"sp_corps_1": 1})
    start(st)
    reach(st, "spain")
    st.apply(("restore", "sp_corps_1"))
    st.apply(("build", "sp_corps_2"))
    st.apply(("zone", "madrid"))
    assert purse(st) == 1
    assert ("build", "sp_corps_3") not in st.legal_actions()  # 2 needed
    st.apply(("done", None))
    assert any("1 unspent resource(s) are lost" in e["text"] for e in st.log)
    assert force_at(st, "corunna", None)["units"] == {"sp_corps_1": 2}
    assert force_at(st, "madrid", None)["units"] == {"sp_corps_2": 2}


def test_7_3_2_example_1806_prussia_elite_corps_and_two_restored() -> None:
    """Prussia: elite corps at Magdebourg (3: 1.5 a step for the star), reduced corps restored at Warsaw and Berlin
    (2)."""
    st = board_1806()
    put(st, "warsaw", {"pr_i": 1})
    put(st, "berlin", {"pr_ii": 1})
    start(st)
    reach(st, "prussia")
    assert st.active == "coalition" and purse(st) == 5
    st.apply(("build", "pr_elite"))
    st.apply(("zone", "magdeburg"))
    st.apply(("restore", "pr_i"))
    st.apply(("restore", "pr_ii"))
    assert purse(st) == 0
    assert force_at(st, "magdeburg", None)["units"] == {"pr_elite": 2}


def test_7_3_5_example_1806_austria_rebuilds_its_army_under_charles() -> None:
    """Austria: « reconstruit son armée (2) à Vienne commandée par Charles avec 5 corps d'infanterie (10) »."""
    st = board_1806()
    start(st)
    reach(st, "austria")
    st.apply(("build", "au_i"))
    st.apply(("zone", "vienna"))
    st.apply(("general", "charles"))
    st.apply(("build", "au_ii"))
    st.apply(("zone", "vienna"))
    st.apply(("army", "armee_allemagne"))
    for uid in ("au_iii", "au_iv", "au_v"):
        st.apply(("build", uid))
        st.apply(("zone", "vienna"))
    f = force_at(st, "vienna", None)
    assert f["commander"] == "charles" and f["army"] == "armee_allemagne" and S.steps(f) == 10
    assert purse(st) == 0


def test_7_3_5_example_1806_russia_restore_depot_and_five_corps() -> None:
    """Russia: the reduced elite corps restored in the army (1.5), 1 mobile depot (0.5), 5 corps (10): 2 at Vilna
    with Benningsen, 3 with Koutouzov's army (at Neminov, a reinforcement zone, after the 1805 conquest phase)."""
    st = board_1806()
    put(st, "neminov", {"ru_ii": 1, "ru_iii": 2}, commander="koutouzov", army="premiere_armee")
    start(st)
    reach(st, "russia")
    st.apply(("restore", "ru_ii"))
    st.apply(("depot", "mobile"))
    for uid in ("ru_iv", "ru_v"):
        st.apply(("build", uid))
        st.apply(("zone", "vilna"))
        if ("general", "benningsen") in st.legal_actions():
            st.apply(("general", "benningsen"))
            st.apply(("force", S.outside(st, "vilna", "coalition")[0]))
    for uid in ("ru_vi", "ru_vii", "ru_viii"):
        st.apply(("build", uid))
        st.apply(("zone", "neminov"))
    assert purse(st) == 0
    army = force_at(st, "neminov", "coalition")
    assert army["depots"] == ["russia"] and army["units"]["ru_ii"] == 2 and S.steps(army) == 10
    vilna = force_at(st, "vilna", "coalition")
    assert vilna["commander"] == "benningsen" and S.steps(vilna) == 4


def test_7_3_2_example_1806_britain_fleet_corps_and_free_card() -> None:
    """Britain: 1 fleet (5) and 1 reduced corps (1) at London, the extra card instead of the free fleet; 3 minors
    with units (Sweden, Naples, Portugal) give 1 step, lost for want of anything to rebuild."""
    st = board_1806()
    st.g["decks"]["coalition"] = ["16C"]
    start(st)
    reach(st, "britain")
    fleet = budget.fleet_pool(st, "britain")[0]
    st.apply(("fleet", fleet))
    st.apply(("zone", "london")) if st.step == "budget.fleet" else None
    st.apply(("build_reduced", "gb_corps_1"))
    st.apply(("zone", "london")) if st.step == "budget.place" else None
    st.apply(("free_card", None))
    assert purse(st) == 0 and st.g["hands"]["coalition"] == ["16C"]
    assert st.g["fleets"][fleet]["where"] in budget.fleet_ports(st, "britain")
    assert budget.minor_steps(st, "coalition") == 1
    st.apply(("done", None))
    assert st.step == "budget.minors" and st.frame["steps"] == 1


def test_7_3_2_one_fleet_a_phase_but_britain() -> None:
    st = board_1806()
    start(st)
    reach(st, "france")
    st.frame["purse"] = 20.0
    fleets = budget.fleet_pool(st, "france")
    st.apply(("fleet", fleets[0]))
    if st.step == "budget.fleet":
        st.apply(("zone", "brest"))
    assert not any(a[0] == "fleet" for a in st.legal_actions())


def test_7_3_2_cost_of_french_elite_reserve_cavalry() -> None:
    """7.3.2: « les 2 pas de perte de l'unité d'élite de réserve de cavalerie française ... au coût de 5 points »;
    it is placed only in an army standing on a reinforcement zone."""
    assert budget.step_cost("fr_cav_reserve") * budget.loss_steps("fr_cav_reserve") == 5
    st = board_1806()
    st.g["budget"] = {"withdrawn": [], "army_steps": {}}
    assert budget.place_zones(st, "empire", "fr_cav_reserve", 2) == []
    put(st, "strasbourg", ["fr_i"], commander="napoleon", army="grande_armee")
    assert budget.place_zones(st, "empire", "fr_cav_reserve", 2) == ["strasbourg"]


def test_7_3_4_reinforcement_zones() -> None:
    """7.3.4: capital or unbesieged fortress of the National Territory, free of enemy forces, connected by land to
    the capital: never Gibraltar or Malta."""
    st = board_1806()
    zones = budget.reinforcement_zones(st, "britain")
    assert "london" in zones and "gibraltar" not in zones and "malta" not in zones
    S.set_fortress(st, "strasbourg", siege=1)
    assert "strasbourg" not in budget.reinforcement_zones(st, "france")
    put(st, "metz", ["ru_i"])
    assert "metz" not in budget.reinforcement_zones(st, "france")


def test_7_3_3_minor_steps() -> None:
    """7.3.3: one step per two allied minors with units: Empire 1806 six minors -> 3 (example 8.7); five -> 2."""
    st = board_1806()
    assert budget.minor_steps(st, "empire") == 3
    st.g["status"]["saxony"] = "allied"
    S.set_side(st, "saxony", "coalition")
    st.g["status"]["hesse"] = "allied"
    S.set_side(st, "hesse", "coalition")
    assert budget.minor_steps(st, "coalition") == 2  # Sweden, Portugal, Naples + Saxony, Hesse


def test_7_3_3_example_1806_empire_minors() -> None:
    """France's minors: Dutch corps completed (1), 2nd Italian corps built (1), Baden corps built (1)."""
    st = board_1806()
    st.g["flags"] = ["venetia"]  # 8.6: Venetia annexed to the Kingdom of Italy, its 2nd corps enters the reserve
    put(st, "amsterdam", {"nl_1": 1})
    put(st, "milan", ["it_1"])
    start(st)
    reach(st, "france")
    st.apply(("done", None))
    assert st.step == "budget.minors" and st.frame["steps"] == 3
    st.apply(("restore", "nl_1"))
    st.apply(("build_reduced", "it_2"))
    if st.step == "budget.place":
        assert ("zone", "milan") not in st.legal_actions()  # 11: two lone corps never share a zone
        st.apply(st.legal_actions()[0])
    baden = "bad_1"
    st.apply(("build_reduced", baden))
    if st.step == "budget.place":
        st.apply(("zone", "bade"))
    assert st.frame["steps"] == 0
    assert [a for a in st.legal_actions() if a[0] != "done"] == []
    st.apply(("done", None))
    assert st.step == "round"


def test_7_3_6_generals_of_the_year_and_the_wounded_return() -> None:
    st = board_1806()
    st.g["removed"] = ["davout"]
    start(st)
    assert "davout" not in st.g["removed"]
    assert any(e.get("rule") == "7.3.6" for e in st.log)


def test_7_3_7_withdrawn_unit_is_not_rebuilt_this_phase() -> None:
    st = board_1806()
    put(st, "paris", ["fr_ix"])
    start(st)
    reach(st, "france")
    st.apply(("remove_unit", "fr_ix"))
    assert ("build", "fr_ix") not in st.legal_actions() and "fr_ix" not in budget.pool(st, "france")


def test_7_3_illegal_choice_is_refused_and_explained() -> None:
    st = board_1806()
    start(st)
    with pytest.raises(IllegalAction):
        st.apply(("build", "fr_i"))  # Turkey's turn
    assert "costs" in budget.refusal(st, {**st.frame, "purse": 0.0}, ("build", "tu_corps_1"))


def test_7_3_5_example_1806_france_depots_and_five_corps_with_generals() -> None:
    """France: 2 mobile depots (1) into the Grande Armée (supplied, in Baden: outside the National Territory,
    7.3.5), 3 elite corps (9) and 2 corps (4) placed with generals at Liège and Strasbourg: 14, nothing left; no
    restoring in the Grande Armée, whose units are whole."""
    st = board_1806()
    put(st, "mannheim", ["fr_i", "fr_ii", "fr_cav_reserve"], commander="napoleon", army="grande_armee")
    start(st)
    reach(st, "france")
    assert purse(st) == 14 and not any(a[0] == "restore" for a in st.legal_actions())
    for _ in range(2):
        st.apply(("depot", "mobile"))
    assert ("depot", "mobile") not in st.legal_actions()  # 2 a phase and army
    for uid, zone, general in (("fr_iii", "liege", "lannes"), ("fr_iv", "liege", None), ("fr_v", "strasbourg", "ney"),
                               ("fr_ix", "strasbourg", None), ("fr_x", "strasbourg", None)):
        st.apply(("build", uid))
        st.apply(("zone", zone))
        if general:
            st.apply(("general", general))
            st.apply(("force", S.outside(st, zone, "empire")[0]))
    assert purse(st) == 0
    assert force_at(st, "mannheim", "empire")["depots"] == ["france", "france"]
    assert force_at(st, "liege", "empire")["commander"] == "lannes"
    assert S.steps(force_at(st, "strasbourg", "empire")) == 6


def test_7_3_why_a_unit_is_not_offered() -> None:
    from grognard.games.nae.why import why

    st = board_1806()
    start(st)
    assert "one of the choices" in why(st, "tu_corps_1")
    assert "not of Turkey" in why(st, "fr_i")
    st.frame["purse"] = 0.5
    st._legal = None  # the position changed behind the machine's back
    assert "costs 2" in why(st, "tu_corps_1")


def test_7_3_5_eliminated_special_unit_rebuilt_into_a_supplied_army() -> None:
    """7.3.5: any number of special units into a supplied army; a special unit never in play stays out (2.1)."""
    st = board_1806()
    put(st, "mannheim", ["fr_i"], commander="napoleon", army="grande_armee")
    special = next(u.id for u in S.data().counters.units_of("france") if u.special)
    start(st)
    reach(st, "france")
    assert ("build", special) not in st.legal_actions()
    st.g["reserve"]["units"].append(special)
    st._legal = None
    st.apply(("build", special))
    assert special in force_at(st, "mannheim", "empire")["units"]
    assert purse(st) == 14 - budget.step_cost(special)


def test_7_3_7_withdrawn_general_and_fleet() -> None:
    st = board_1806()
    put(st, "paris", ["fr_i", "fr_ii"], commander="napoleon", army="grande_armee", subs=["soult"])
    st.g["fleets"]["fr_villeneuve"] = {"power": "france", "at": "port", "where": "toulon"}
    start(st)
    reach(st, "france")
    st.apply(("dismiss", "soult"))
    st.apply(("scuttle", "fr_villeneuve"))
    assert "soult" in st.g["removed"] and "fr_villeneuve" not in st.g["fleets"]
    assert ("general", "soult") not in st.legal_actions()
    assert not any(a[1] == "fr_villeneuve" for a in st.legal_actions())


def test_7_3_3_example_1810_nine_minors_give_four_steps() -> None:
    """7.3.3: « en 1810, l'Empire contrôle les mineurs suivants disposant d'unités : Confédération du Rhin,
    Westphalie, Hesse, Bade, Wurtemberg, Bavière, Suisse, Italie et Hollande et soit un total de 9. Il pourra donc
    construire 4 pas »: new entities count besides their members."""
    st = board_1806()
    for minor in ("rhine", "westphalia", "hesse"):
        st.g["status"][minor] = "allied"
        S.set_side(st, minor, "empire")
    assert len(budget.allied_minors_with_units(st, "empire")) == 9
    assert budget.minor_steps(st, "empire") == 4


def test_7_3_1_conquest_adjustments_and_doubling() -> None:
    """18.2.2: +4 resources taken instead of a card, -4 a province missing for annexation; 3.5: a power attacked
    again after its forced peace doubles its resources. Used up by the phase."""
    st = board_1806()
    st.g["peace_rewards"] = [{"power": "france", "reward": "resources"}, {"power": "russia", "reward": "card"}]
    st.g["budget_penalty"] = {"austria": 4}
    st.g["double_resources"] = ["prussia"]
    assert budget.income(st, "france")[0] == 18
    assert budget.income(st, "austria")[0] == 8
    assert budget.income(st, "prussia")[0] == 10
    start(st)
    while st.step != "round":
        st.apply(("done", None))
    assert "budget_penalty" not in st.g and "double_resources" not in st.g
    assert st.g["peace_rewards"] == [{"power": "russia", "reward": "card"}]  # the card is the hands' (7.2)


def test_7_3_5_create_an_army_then_restore_two_corps_and_add_depots() -> None:
    """7.3.5: « un joueur peut créer une armée PUIS reconstituer deux corps et déployer des dépôts dans cette zone au
    cours de la même phase de budget » (outside the National Territory, in a supplied zone)."""
    st = board_1806()
    fid = put(st, "mannheim", {"fr_x": 1, "fr_xi": 1, "fr_xii": 1}, commander="davout")
    start(st)
    reach(st, "france")
    assert ("restore", "fr_x") not in st.legal_actions()  # not an army, not on a reinforcement zone
    st.apply(("army", "grande_armee"))
    st.apply(("restore", "fr_x"))
    st.apply(("restore", "fr_xi"))
    assert ("restore", "fr_xii") not in st.legal_actions()  # two a phase and army
    st.apply(("depot", "mobile"))
    f = S.force(st, fid)
    assert f["army"] == "grande_armee" and f["units"] == {"fr_x": 2, "fr_xi": 2, "fr_xii": 1} and f["depots"]
    assert purse(st) == 14 - 2 - 2 - 0.5


def test_7_3_4_heuristic_places_new_units_with_a_general() -> None:
    from grognard.games.nae import ai

    st = board_1806()
    put(st, "strasbourg", ["fr_i"], commander="ney")
    start(st)
    reach(st, "france")
    st.apply(("build", "fr_ix"))
    action, _ = ai.policy(st, "empire")
    assert action == ("zone", "strasbourg")


def test_7_3_4_why_a_zone_or_a_restore_is_refused() -> None:
    from grognard.games.nae.why import why

    st = board_1806()
    put(st, "metz", ["fr_xi"])
    put(st, "mannheim", {"fr_xii": 1}, commander="davout")
    start(st)
    reach(st, "france")
    assert "neither on a reinforcement zone" in why(st, "fr_xii")
    st.apply(("build", "fr_ix"))
    assert "two units without a general" in why(st, "Metz")
    assert "no reinforcement zone of France" in why(st, "Mannheim")


def test_7_3_4_annexed_territory_cut_off_from_the_capital() -> None:
    """7.3.4: « la France a intégré dans son territoire national l'Illyrie et le Frioul mais ne peut pas déployer en
    renforts ses nouvelles unités car cette partie du territoire national est séparée de la France par l'Italie »;
    example 8.6: Rome, integrated into the Empire, is a reinforcement zone (Tuscany joins it to France)."""
    st = board_1806()
    st.g["territory"] = {"frioul": "france", "illyrie": "france", "papaute": "france"}
    for zone in ("trieste", "karlstadt", "zara", "cattaro", "rome", "ancona"):
        S.set_control(st, zone, "france")
    zones = budget.reinforcement_zones(st, "france")
    assert "rome" in zones  # Ancona, a port without fortress (example 8.6), is none
    assert not {"trieste", "karlstadt", "zara", "cattaro"} & set(zones)


def test_7_3_4_a_new_fleet_goes_only_to_a_port_with_room() -> None:
    """7.3.4 and the glossary's « Port : ... Il peut être occupé par un maximum de 3 flottes »: a port of the
    National Territory already holding 3 fleets is not offered to a new fleet (random 1805 seed 19 built a 4th
    British fleet in Dublin)."""
    st = board_1806()
    start(st)
    reach(st, "france")
    ports = budget.fleet_ports(st, "france")
    assert "brest" in ports
    british = sorted(fl for fl, x in S.data().counters.fleets.items() if x.power == "britain")[:3]
    for fl in british:  # any side's fleets fill the port
        st.g["fleets"][fl] = {"power": "britain", "at": "port", "where": "brest"}
    assert "brest" not in budget.fleet_ports(st, "france")
    st.frame["purse"] = 20.0
    fleet = budget.fleet_pool(st, "france")[0]
    st.apply(("fleet", fleet))
    assert st.step == "budget.fleet" and ("zone", "brest") not in st.legal_actions()
    with pytest.raises(IllegalAction):
        st.apply(("zone", "brest"))
    st.apply(st.legal_actions()[0])
    assert st.g["fleets"][fleet]["where"] != "brest"
