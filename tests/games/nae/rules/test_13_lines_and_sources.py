"""13.2 / 13.3 details of supply lines and sources, 3.2 control and 18.2.1 conquest details."""

from __future__ import annotations

from grognard.games.nae import state as S
from grognard.games.nae.rules import conquest, supply
from tests.games.nae.rules.helpers import board, designate, play, put, rolls


def _besiege(st, zone: str, garrison: list[str], besiegers: list[str]) -> tuple[str, str]:
    gar = put(st, zone, garrison)
    S.set_in_fortress(st, gar, True)
    bes = put(st, zone, besiegers)
    S.set_fortress(st, zone, siege=0, besieger=bes)
    return gar, bes


def test_13_3_a_besieged_enemy_fortress_no_longer_blocks_a_line():
    st = board()
    _besiege(st, "lille", ["fr_i"], ["pr_i", "pr_ii"])  # Namur -> Lille -> Boulogne for the Prussians
    far = put(st, "boulogne", ["pr_iii"])
    assert supply.force_supplied(st, far)
    S.set_fortress(st, "lille", siege=None, besieger=None)
    assert not supply.trace_supply(st, "prussia").dist.get("boulogne")
    assert not supply.force_supplied(st, far)


def test_13_2_a_besieged_capital_is_no_source():
    st = board()
    gar, _ = _besiege(st, "vienna", ["au_i"], ["fr_i", "fr_ii"])
    assert "vienna" not in supply._links(st, "austria").sources
    assert not supply.force_supplied(st, gar)


def test_13_3_the_defenders_line_may_not_cross_the_zone_the_attacker_came_from():
    st = board([3] * 8, turn="coalition")
    for zone in ("cologne", "coblenz", "trier"):  # 1815: Prussian
        S.set_control(st, zone, "france")
    S.add_fixed_depot(st, "trier", "france")
    vandamme = put(st, "cologne", ["fr_i"], commander="vandamme")
    assert supply.force_supplied(st, vandamme)  # through Coblenz and the depot at Trier
    blucher = put(st, "coblenz", ["pr_i", "pr_ii"], commander="blucher")
    play(st, ("op", None), ("force", blucher), ("forced_march", 0), ("zone", "cologne"), ("stand", None))
    designate(st)
    assert ["unsupplied", -3] in rolls(st, "14.6")[1]["mods"]


def test_3_2_an_unsupplied_force_that_wins_a_battle_does_not_take_the_zone():
    from grognard.games.nae.rules import movement

    st = board()
    for zone in ("cologne", "coblenz", "trier"):  # 1815: Prussian
        S.set_control(st, zone, "france")
    blucher = put(st, "cologne", ["pr_i"], commander="blucher")
    st.g["forces"][blucher]["unsupplied"] = True
    st.push("march", fid=blucher, mp=2, extra_mp=0, victory_mp=0, free_siege=None, ended=False)
    movement.after_battle(st, {"att": blucher, "dfn": "gone", "zone": "cologne", "interceptor_from": None}, blucher)
    assert st.g["control"]["cologne"] != "prussia"


def test_18_2_1_b_counts_only_key_zones_the_enemy_controls():
    st = board()
    S.set_control(st, "antwerp", "france")  # retaken, and held while the British besiege it
    _besiege(st, "antwerp", ["fr_i"], ["gb_elite_1", "gb_elite_2"])
    put(st, "paris", ["pr_i", "pr_ii"], commander="blucher")
    S.set_control(st, "paris", "prussia")
    put(st, "lyon", ["au_i", "au_ii"], commander="schwarzenberg")  # Lyon still French
    assert not conquest.is_conquered(st, "france")


def test_3_2_at_the_conquest_phase_the_side_that_held_a_zone_at_the_start_takes_it_back_unsupplied():
    st = board()
    assert st.g["initial_control"]["livorno"] == "austria"  # 20.1: Tuscany starts Austrian
    S.set_control(st, "livorno", "france")
    austrians = put(st, "livorno", ["au_i"])
    st.g["forces"][austrians]["unsupplied"] = True
    french = put(st, "genoa", ["fr_i"])
    st.g["forces"][french]["unsupplied"] = True
    conquest.adjust_control(st)
    assert st.g["control"]["livorno"] == "austria"  # taken back without supply
    assert st.g["control"]["genoa"] == "austria"  # not taken by an unsupplied French corps


def test_15_5_an_empty_fortress_is_not_reactivated_while_the_other_side_stands_there():
    st = board()
    S.set_fortress(st, "metz", active=False)
    S.set_control(st, "metz", "prussia")
    put(st, "luxembourg", ["pr_i", "pr_ii"], commander="blucher")
    put(st, "metz", ["fr_i"], commander="ney")
    conquest.reactivate_fortresses(st, supplied_only=False)
    assert not st.g["fortresses"]["metz"]["active"]


def test_13_3_a_defender_standing_on_its_own_source_stays_supplied_in_the_battle():
    st = board([3, 3, 3, 3] + [1] * 10, turn="coalition")
    davout = put(st, "toulon", ["fr_i", "fr_ii"], commander="davout")
    schwarzenberg = put(st, "marseille", ["au_i", "au_ii"], commander="schwarzenberg")
    st.g["ap_reserve"]["coalition"] = 1
    play(st, ("op", None), ("force", schwarzenberg), ("forced_march", 0), ("zone", "toulon"), ("stand", None))
    designate(st)
    assert not any(m[0] == "unsupplied" for m in rolls(st, "14.6")[1]["mods"])
    assert not st.g["forces"][davout]["unsupplied"]


def test_13_2_a_minor_powers_own_capital_supplies_its_units_fortress_or_not():
    """13.2: "la capitale de son pays" supplies a force; only "la capitale d'un allié mineur s'il s'agit d'une
    forteresse" is limited to fortresses. Bade, Baden's capital, has none."""
    st = board()
    for zone in ("zurich", "mannheim", "stuttgart", "ulm"):  # French corps cut every Prussian line to Bade
        put(st, zone, ["fr_i"])
    baden = put(st, "bade", ["bad_1"])
    assert "bade" not in supply.trace_supply(st, "prussia").dist
    assert supply.force_supplied(st, baden)
    led_by_a_prussian = put(st, "bade", ["pr_i"], commander="blucher")
    assert not supply.force_supplied(st, led_by_a_prussian)  # 13.3: the commander's nation counts


def test_13_3_supply_distance_counted_from_force():
    """13.3 / 14.5.4: a line is counted from the force to the relay ("Lannes est à 3PM (2 PM pour le marais + 1 PM
    pour la zone de Thorn) du relais"). Klagenfurt (mountain) -> Salzburg costs 2 MP: supplied, though the way
    back (3 MP) would be too long."""
    st = board()
    for zone in ("udine", "trieste", "laibach", "graz", "innsbruck"):  # French corps close every other way
        put(st, zone, ["fr_i"])
    austrians = put(st, "klagenfurt", ["au_i"])
    assert supply.force_supplied(st, austrians)


def test_13_3_supply_distance_counted_from_force_through_the_attackers_entry_zone():
    """14.5.4: from Clermont (mountain) back into Lyon 1 MP, then into Besançon 1 MP: supplied; the example's Lannes,
    2 MP into the marsh of Pultusk and 1 MP into Thorn's zone, is not."""
    st = board()
    french = put(st, "clermont", ["fr_i"])
    assert supply.force_supplied(st, french, via="lyon")
    thorn = supply._trace(supply.Links(("thorn",), frozenset(), (), frozenset()), ())  # Thorn the only relay
    assert thorn.dist["pultusk"] == 1 and supply.S.data().map.enter_cost("bialystok", "pultusk") == 2  # 3 MP
