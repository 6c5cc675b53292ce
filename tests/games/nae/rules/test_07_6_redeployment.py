"""7.5 movement of the neutral majors and 7.6 strategic redeployment, with the 1806 redeployment of the example of
play (digest 8.7: Toulon's corps reaches Florence with its printed MF, the Armée d'Italie reaches Mainz taking in
Baden's corps)."""

from __future__ import annotations

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import redeployment
from tests.games.nae.rules.grand import board_1806, reach_power, start_redeployment
from tests.games.nae.rules.helpers import put, rolls


def walk(st: State, fid: str, *zones: str) -> None:
    st.apply(("force", fid))
    for z in zones:
        st.apply(("zone", z))


def test_7_6_example_1806_toulon_corps_reaches_florence_with_its_printed_mf() -> None:
    """« le corps de Toulon à Florence »: Toulon - Nice - Genoa - Livorno - Florence, 4 MP, the corps' printed MF 4
    (no general: no doubling), no attrition test."""
    st = board_1806()
    fid = put(st, "toulon", ["fr_ix"])
    start_redeployment(st, "strategic")
    reach_power(st, "france")
    walk(st, fid, "nice", "genoa", "livorno", "florence")
    assert [a for a in st.legal_actions() if a[0] == "zone"] == []  # 4 MP spent
    st.apply(("done", None))
    assert S.force(st, fid)["zone"] == "florence" and not rolls(st, "7.6")


def test_7_6_example_1806_armee_d_italie_reaches_mainz_taking_in_baden_corps() -> None:
    """« l'Armée d'Italie à Mayence en absorbant le corps badois (attrition : pas de perte) »: Masséna doubles his
    MF 4 to 8: Milan - Chur (mountain, 2) - Zurich - Bade (takes in the Baden corps) - Mannheim - Mainz = 8 MP;
    beyond the base MF an attrition test, without winter or forced-march penalties: 4 steps, d 3 -1 (mostly French)
    = 2, no loss."""
    st = board_1806(dice=[3])
    fid = put(st, "milan", {"fr_x": 2, "fr_xi": 1}, commander="massena", army="armee_italie")
    baden = put(st, "bade", {"bad_1": 1})
    start_redeployment(st, "strategic")
    reach_power(st, "france")
    walk(st, fid, "chur", "zurich", "bade")
    st.apply(("absorb", baden))
    st.apply(("zone", "mannheim"))
    st.apply(("zone", "mainz"))
    st.apply(("done", None))
    while st.step == "attrition.depot":
        st.apply(("keep", None))
    force = S.force(st, fid)
    assert force["zone"] == "mainz" and force["units"] == {"fr_x": 2, "fr_xi": 1, "bad_1": 1}
    (roll,) = rolls(st, "7.6")
    assert roll["total"] == 2 and roll["row"].endswith(": 0")  # no loss
    assert "winter" not in str(roll["mods"]) and "forced" not in str(roll["mods"])


def test_7_6_no_attrition_within_the_base_mf() -> None:
    """7.6: « un général français dont les troupes ont un facteur de mouvement de 4 PM ne subit aucun test s'il ne
    dépasse pas ce montant »."""
    st = board_1806()
    fid = put(st, "paris", ["fr_x"], commander="ney")
    start_redeployment(st, "strategic")
    reach_power(st, "france")
    st.apply(("force", fid))
    assert st.frame["mp"] == 8
    for z in ("soissons", "reims"):
        if ("zone", z) in st.legal_actions():
            st.apply(("zone", z))
    assert st.frame["spent"] <= 4
    st.apply(("done", None))
    assert not rolls(st, "7.6") and st.step == "redeploy"


def test_7_6_forbidden_zones_and_unsupplied_forces() -> None:
    """7.6: no zone with enemy units or an enemy control marker; only supplied forces redeploy."""
    st = board_1806()
    fid = put(st, "strasbourg", ["fr_x"], commander="ney")
    put(st, "metz", ["ru_iii"])
    S.set_control(st, "landau", "britain")
    start_redeployment(st, "strategic")
    reach_power(st, "france")
    st.apply(("force", fid))
    m = st.frame
    assert "enemy units" in (redeployment.enter_refusal(st, m, "metz") or "")
    assert "enemy" in (redeployment.enter_refusal(st, m, "landau") or "")
    st.apply(("done", None))
    lost = put(st, "bayonne", ["fr_xi"])
    S.move_force(st, lost, "madrid")  # neutral Spain: no supply for France there
    assert lost not in redeployment.movers(st, "france", "strategic")


def test_7_6_only_powers_at_war_in_the_order_of_7_3() -> None:
    st = board_1806()
    put(st, "paris", ["fr_x"])
    put(st, "london", ["gb_corps_1"])
    put(st, "vienna", ["au_i"], side="coalition")  # Austria in forced peace does not redeploy (EN 7.6)
    start_redeployment(st, "strategic")
    seen = []
    while st.step == "redeploy":
        seen.append(st.frame["power"])
        st.apply(("done", None))
    assert seen == ["britain", "france"]


def test_7_5_neutral_majors_move_at_base_mf_inside_their_territory() -> None:
    """7.5: the Coalition moves Austria (forced peace) and Prussia (neutral), the Empire Spain, at their base MF,
    never out of their National Territory."""
    st = board_1806()
    au = put(st, "vienna", ["au_i"], side="coalition")
    start_redeployment(st, "neutral")
    reach_power(st, "austria")
    assert st.active == "coalition"
    st.apply(("force", au))
    assert st.frame["mp"] == S.unit("au_i").mf  # no doubling, no forced march
    S.move_force(st, au, "salzburg")
    outside = [z for z in S.data().map.neighbours("salzburg") if S.data().map.zones[z].owner != "austria"]
    assert outside and all("National Territory" in (redeployment.enter_refusal(st, st.frame, z) or "")
                           for z in outside)


def test_7_6_example_1806_koutouzov_doubles_his_mf_and_tests_attrition() -> None:
    """Example 1806: Koutouzov doubles his MF (a general leads) and marches inside Russia through a poor zone:
    « 10 pas, d = 2 − 1 (armée russe) − 2 (territoire national) + 2 (zone pauvre) = 1 → pas de perte »; no winter and
    no forced-march modifier in this phase. Neminov - Zhitomir - Pinsk (poor) - Brest-Litovsk - Grodno = 5 MP."""
    st = board_1806(dice=[2])
    fid = put(st, "neminov", ["ru_i", "ru_ii", "ru_vi", "ru_vii", "ru_viii"], commander="koutouzov",
              army="premiere_armee")
    start_redeployment(st, "strategic")
    reach_power(st, "russia")
    walk(st, fid, "zhitomir", "pinsk", "brest_litovsk", "grodno")
    st.apply(("done", None))
    while st.step == "attrition.depot":
        st.apply(("keep", None))
    (roll,) = rolls(st, "7.6")
    assert roll["dice"] == [2] and roll["total"] == 1 and roll["row"].endswith(": 0")
    assert sorted(v for _, v in roll["mods"]) == [-2, -1, 2]
    assert S.steps(S.force(st, fid)) == 10


def test_7_5_example_1806_castanos_moves_within_his_mf() -> None:
    """Example 1806: « Castaños avec 2 corps à Léon dans la limite de son FM de 3 » (digest 9.1 #14: read as 7.5,
    Spain being neutral): the Empire moves him from Madrid at his base MF 3, no doubling, no attrition test."""
    st = board_1806()
    fid = put(st, "madrid", ["sp_corps_1", "sp_corps_2"], commander="castanos", side="empire")
    start_redeployment(st, "neutral")
    reach_power(st, "spain")
    assert st.active == "empire"
    walk(st, fid, "valladolid", "leon")  # 2 + 1 MP
    assert st.frame["mp"] == 3 and st.frame["spent"] == 3 and [a for a in st.legal_actions() if a[0] == "zone"] == []
    st.apply(("done", None))
    assert S.force(st, fid)["zone"] == "leon" and not rolls(st, "7.6")


def test_7_6_why_a_zone_is_refused() -> None:
    from grognard.games.nae.why import why

    st = board_1806()
    fid = put(st, "strasbourg", ["fr_x"], commander="ney")
    put(st, "metz", ["ru_iii"])
    start_redeployment(st, "strategic")
    reach_power(st, "france")
    st.apply(("force", fid))
    assert "enemy units stand in Metz, 7.6" in why(st, "Metz")


def test_7_5_neutral_fleet_ends_in_a_national_port_or_next_to_one() -> None:
    """7.5: a neutral's fleet may move if it ends in a port of its National Territory or a sea zone next to one."""
    st = board_1806()
    st.g["fleets"]["sp_fleet_1"] = {"power": "spain", "at": "port", "where": "cadiz"}
    start_redeployment(st, "neutral")
    reach_power(st, "spain")
    st.apply(("fleet", "sp_fleet_1"))
    options = [a for a in st.legal_actions() if a[0] != "done"]
    assert options
    m = S.data().map
    spanish_seas = {sea for z in m.zones.values() if z.port and z.owner == "spain" for sea in z.seas}
    for verb, arg in options:
        assert (m.zones[arg].owner == "spain") if verb == "zone" else (arg in spanish_seas)
    verb, arg = options[-1]
    st.apply((verb, arg))
    assert st.g["fleets"]["sp_fleet_1"]["where"] == arg and st.step == "redeploy"


def test_7_5_a_neutral_enters_no_zone_another_neutral_holds_in_its_territory() -> None:
    """7.5 « à l'intérieur des frontières de leur territoire national » and 12.1: Białystok, Prussian National
    Territory held by a neutral Russia (the 1809 set-up), is Russia's ground: a neutral Prussian corps stays out
    (1809 acceptance seed 306: it went in, and stood on neutral ground once Prussia went to war)."""
    st = board_1806()
    st.g["status"]["russia"] = "neutral"
    S.set_control(st, "bialystok", "russia")
    pr = put(st, "konigsberg", ["pr_iv"], side="coalition")
    start_redeployment(st, "neutral")
    reach_power(st, "prussia")
    st.apply(("force", pr))
    assert "bialystok" in S.data().map.neighbours("konigsberg")
    assert "held by Russia, a neutral power" in (redeployment.enter_refusal(st, st.frame, "bialystok") or "")
