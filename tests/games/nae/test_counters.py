"""Counters of Napoleon against Europe: every value the rulebook reveals, the counter mix against the set-ups (20),
and the loader's errors."""

from __future__ import annotations

import shutil
from collections import Counter as Tally
from pathlib import Path

import pytest

from grognard.core.errors import DataError
from grognard.games.nae.schema.counters import Counters, General, Unit, load_counters
from grognard.games.nae.schema.map import MapData

DATA_DIR = Path(__file__).resolve().parents[3] / "grognard" / "games" / "nae" / "data"
MAJORS = ("france", "britain", "austria", "russia", "prussia", "spain", "turkey")


def gen(counters: Counters, gid: str) -> General:
    return counters.generals[gid]


def steps(counters: Counters, *ids: str, reduced: tuple[str, ...] = ()) -> int:
    """Combat value of the listed units, those in ``reduced`` on their back side."""
    total = 0
    for uid in ids:
        u = counters.units[uid]
        total += u.reduced if uid in reduced and u.reduced is not None else u.steps
    return total


# ----------------------------------------------------------------------------------- 1.6 known general values


def test_1_6_napoleon_values(counters: Counters) -> None:
    n = gen(counters, "napoleon")
    assert (n.power, n.rank, n.initiative, n.attack, n.defence, n.command) == ("france", 1, 1, 3, 3, 9)


def test_1_6_davout_values(counters: Counters) -> None:
    d = gen(counters, "davout")
    assert (d.initiative, d.defence) == (1, 3)


def test_1_6_soult_values(counters: Counters) -> None:
    s = gen(counters, "soult")
    assert (s.initiative, s.attack, s.defence) == (2, 2, 1)


def test_12_2_1_massena_rank_5_command_6_initiative_1(counters: Counters) -> None:
    m = gen(counters, "massena")
    assert (m.rank, m.command, m.initiative) == (5, 6, 1)


def test_12_2_1_oudinot_rank_14_below_massena(counters: Counters) -> None:
    assert gen(counters, "oudinot").rank == 14


def test_1_6_marmont_initiative_2_command_5(counters: Counters) -> None:
    m = gen(counters, "marmont")
    assert (m.initiative, m.command) == (2, 5)


def test_1_6_saint_cyr_values(counters: Counters) -> None:
    g = gen(counters, "saint_cyr")
    assert (g.initiative, g.attack, g.defence) == (2, 2, 1)


def test_1_6_murat_is_a_cavalry_general(counters: Counters) -> None:
    assert gen(counters, "murat").cavalry


def test_1_6_charles_initiative_worse_than_napoleon_attack_1(counters: Counters) -> None:
    c = gen(counters, "charles")
    assert c.initiative == 2 and c.initiative > gen(counters, "napoleon").initiative
    assert c.attack == 1


def test_1_6_mack_initiative_3_tactical_0_0(counters: Counters) -> None:
    m = gen(counters, "mack")
    assert (m.initiative, m.attack, m.defence) == (3, 0, 0)


def test_1_6_jean_initiative_2_defence_1_outranks_mack(counters: Counters) -> None:
    j = gen(counters, "jean")
    assert (j.initiative, j.defence) == (2, 1)
    assert j.rank < gen(counters, "mack").rank


def test_1_6_koutouzov_initiative_2_attack_1(counters: Counters) -> None:
    k = gen(counters, "koutouzov")
    assert (k.initiative, k.attack) == (2, 1)


def test_1_6_buxhowden_attack_1(counters: Counters) -> None:
    assert gen(counters, "buxhowden").attack == 1


def test_12_4_blucher_cavalry_initiative_1_defence_1(counters: Counters) -> None:
    b = gen(counters, "blucher")
    assert b.cavalry and (b.initiative, b.defence) == (1, 1)
    assert b.initiative == gen(counters, "davout").initiative  # 12.4: equal initiatives, no +1


def test_2_2_en_counter_figures_blucher_command_7_jerome_defence_0(counters: Counters) -> None:
    # The EN rulebook's counter figures print "Blucher 7" (command) and "Jérome -0" (attack-defence).
    assert gen(counters, "blucher").command == 7
    assert gen(counters, "jerome").defence == 0


def test_2_1_en_counter_figure_fleet_movement_factor_8(counters: Counters) -> None:
    # The fleet counter of the EN figures shows movement factor 8, the only digit that survives.
    assert {f.mf for f in counters.fleets.values()} == {8}


def test_10_2_sweden_has_a_general(counters: Counters) -> None:
    # 10.2 lists Sweden among the nations whose generals command allied forces: Bernadotte, Crown Prince in 1810.
    (swede,) = counters.generals_of("sweden")
    assert (swede.id, swede.rank, swede.entry) == ("charles_jean", 1, 1810)
    assert gen(counters, "bernadotte").removal == swede.entry


def test_2_2_brunswick_leaves_when_blucher_arrives_in_1809(counters: Counters) -> None:
    assert gen(counters, "brunswick").replaced_by == "blucher"
    assert gen(counters, "blucher").entry == 1809


def test_20_1_a_russian_general_with_command_6_remains_in_1815(counters: Counters) -> None:
    removed = {"bagration", "benningsen", "koutouzov", "barclay"}  # Barclay leads the other Russian force
    assert [g.id for g in counters.generals_of("russia") if g.command == 6 and g.id not in removed]


def test_20_3_grand_vizir_heads_turkey_and_its_army(counters: Counters) -> None:
    assert gen(counters, "grand_vizir").rank == 1
    assert counters.armies["armee_turque"].power == "turkey"


def test_5_8_generals_brought_by_events(counters: Counters) -> None:
    assert gen(counters, "tchigatchov").event == "sainte_russie"
    assert gen(counters, "jerome").event == "europe_napoleonienne"
    assert gen(counters, "poniatowski").event == "poland"
    assert gen(counters, "poniatowski").power == "poland"


NAMED_GENERALS = {
    "france": ["napoleon", "davout", "soult", "massena", "oudinot", "marmont", "saint_cyr", "murat", "ney", "lannes",
               "suchet", "joseph", "eugene", "macdonald", "jerome", "bernadotte", "augereau", "victor", "bessieres",
               "mortier", "junot"],
    "poland": ["poniatowski"],
    "austria": ["charles", "mack", "jean", "ferdinand", "bellegarde", "schwarzenberg", "hiller"],
    "russia": ["koutouzov", "buxhowden", "benningsen", "bagration", "barclay", "tormassov", "tchigatchov",
               "wittgenstein"],
    "prussia": ["brunswick", "ruchel", "hohenlohe", "blucher", "yorck", "kleist", "bulow"],
    "britain": ["wellington", "moore", "clinton", "beresford"],
    "spain": ["castanos", "blake", "la_romana", "cuesta"],
    "turkey": ["grand_vizir"],
}


def test_1_6_every_general_named_in_the_rules_exists(counters: Counters) -> None:
    for power, ids in NAMED_GENERALS.items():
        for gid in ids:
            assert counters.generals[gid].power == power, gid
    assert "uxbridge" not in counters.generals  # a special unit, not a general


# 10.2: a higher-ranked general is never part of an army led by a lower one; pairs (leader, subordinate)
# taken from the set-ups (20.1-20.3) and the example of play.
HIERARCHY = [
    ("napoleon", "davout"), ("napoleon", "murat"), ("napoleon", "soult"), ("napoleon", "lannes"),
    ("napoleon", "ney"), ("napoleon", "jerome"), ("massena", "ney"), ("massena", "lannes"), ("joseph", "ney"),
    ("mack", "ferdinand"), ("schwarzenberg", "ferdinand"), ("charles", "hiller"), ("koutouzov", "buxhowden"),
    ("brunswick", "ruchel"), ("blucher", "yorck"), ("wellington", "beresford"), ("wellington", "clinton"),
]


@pytest.mark.parametrize(("leader", "subordinate"), HIERARCHY)
def test_10_2_army_leaders_outrank_their_set_up_subordinates(counters: Counters, leader: str, subordinate: str) -> None:
    assert gen(counters, leader).rank < gen(counters, subordinate).rank


# 10.1: forces of the set-ups and the example fit their commander (steps <= command, doubled for an army).
COMMAND_CASES = [
    ("napoleon", 13, True, "example 1805 round 4"),
    ("mack", 9, True, "example 1805 round 4: 3 corps, reduced cavalry, Jean's corps"),
    ("charles", 7, False, "20.2 Venise: 4 corps, one reduced"),
    ("koutouzov", 8, True, "example 1805 round 4: 2 elite + Buxhowden's Garde and corps"),
    ("marmont", 5, False, "example 1805 round 2 after attrition, with the Bavarian step"),
    ("davout", 6, False, "20.3: elite corps, corps, Bavarian corps"),
    ("jean", 6, False, "20.3: 3 corps"),
    ("bellegarde", 6, False, "20.1 Milan: 3 corps"),
    ("wellington", 10, True, "20.1 Bruxelles: 2 elite, Dutch, Hesse, Uxbridge, KGL"),
    ("blucher", 10, True, "20.1 Namur: 3 corps, 2 Landwehr"),
    ("schwarzenberg", 11, True, "20.1 Munich: Grenadiers, 2 corps, Landwehr, Württemberg, cavalry (1 step spare)"),
    ("wittgenstein", 6, False, "20.1 Prusse Orientale: Garde, 2 corps"),
    ("tormassov", 4, False, "20.3 Kiev: 2 corps"),
    ("castanos", 4, False, "example 1806: 2 corps"),
]


@pytest.mark.parametrize(("gid", "force", "army", "case"), COMMAND_CASES)
def test_10_1_set_up_forces_fit_command(counters: Counters, gid: str, force: int, army: bool, case: str) -> None:
    g = gen(counters, gid)
    assert force <= g.command * (2 if army else 1), case


def test_10_1_allied_austrian_steps_fit_koutouzov_half_command(counters: Counters) -> None:
    # example 1805 round 6: Bellegarde's Austrian corps joins 2 elite corps and the Garde (8.1.2, 10.1)
    austrian, russian = steps(counters, "au_viii"), steps(counters, "ru_i", "ru_ii", "ru_garde")
    assert austrian <= gen(counters, "koutouzov").command // 2
    assert austrian < russian


def test_10_2_ranks_unique_per_power(counters: Counters) -> None:
    for power in (*MAJORS, "poland"):
        ranks = [g.rank for g in counters.generals_of(power)]
        assert len(ranks) == len(set(ranks)), power


# ----------------------------------------------------------------------------------- the example of play


def test_example_1805_round_4_grande_armee(counters: Counters) -> None:
    ga = ["fr_i", "fr_ii", "fr_iii", "fr_iv", "fr_x", "fr_garde", "fr_cav_reserve"]
    assert steps(counters, *ga, reduced=("fr_garde",)) == 13
    morale = Tally()
    for uid in ga:
        morale[counters.units[uid].morale] += steps(counters, uid, reduced=("fr_garde",))
    assert morale.most_common(1)[0][0] == 5
    napoleon, soult = gen(counters, "napoleon"), gen(counters, "soult")
    assert napoleon.attack + 1 + soult.attack + counters.units["fr_i"].stars == 7  # +7 with cavalry superiority


def test_example_1805_round_4_austrian_army(counters: Counters) -> None:
    mack = ["au_i", "au_ii", "au_iii", "au_ix", "au_cav_reserve"]
    assert steps(counters, *mack, reduced=("au_cav_reserve",)) == 9
    assert {counters.units[u].morale for u in mack} == {3}
    assert counters.units["au_i"].mf == 3


def test_example_1805_round_5_charles_force(counters: Counters) -> None:
    assert steps(counters, "au_iv", "au_v", "au_vi", "au_vii", reduced=("au_vii",)) == 7
    # demoralisation: morale 3 - 1 (Vienne lost) + attack 1 - differential 3 = 0
    assert counters.units["au_iv"].morale - 1 + gen(counters, "charles").attack - 3 == 0


def test_example_1805_round_6_garde_spearhead_and_coalition_morale(counters: Counters) -> None:
    assert counters.units["fr_garde"].stars == 2 and counters.units["fr_garde"].kind == "guard"
    n, s = gen(counters, "napoleon"), gen(counters, "soult")
    assert n.defence + 1 + s.defence + counters.units["fr_garde"].stars == 7
    k, b = gen(counters, "koutouzov"), gen(counters, "buxhowden")
    assert 10 + k.attack + b.attack + counters.units["ru_i"].stars == 13
    force = {"ru_i": 2, "ru_ii": 2, "ru_garde": 2, "au_viii": 1}
    morale = Tally()
    for uid, n_steps in force.items():
        morale[counters.units[uid].morale] += n_steps
    assert morale.most_common(1)[0][0] == 4


def test_example_1805_round_5_saint_cyr_skirmish(counters: Counters) -> None:
    assert steps(counters, "nap_1") == 2 and steps(counters, "fr_xi") == 2
    assert 7 + gen(counters, "saint_cyr").defence == 8


def test_14_9_2_pursuit_napoleon_cavalry_and_murat(counters: Counters) -> None:
    cav = counters.units["fr_cav_reserve"]
    assert 4 + gen(counters, "napoleon").attack + cav.steps + int(gen(counters, "murat").cavalry) == 10


def test_14_9_1_prussian_morale_3_with_blucher(counters: Counters) -> None:
    assert counters.units["pr_i"].morale - 3 + gen(counters, "blucher").defence == 1


def test_12_1_movement_factors_of_the_examples(counters: Counters) -> None:
    assert counters.units["fr_i"].mf == 4
    for uid in ("nl_1", "bav_1", "bad_1", "au_i", "ru_i", "sp_corps_1"):
        assert counters.units[uid].mf == 3, uid


def test_7_3_2_french_elite_reserve_cavalry_costs_5(counters: Counters) -> None:
    cav = counters.units["fr_cav_reserve"]
    assert cav.kind == "reserve_cavalry" and cav.stars >= 1 and cav.cavalry
    assert cav.cost * cav.steps == 5


def test_example_1806_budget_costs(counters: Counters) -> None:
    u = counters.units
    assert u["pr_elite"].cost * u["pr_elite"].steps == 3
    assert u["fr_i"].cost * 2 * 3 == 9 and u["fr_ix"].cost * 2 * 2 == 4
    assert u["tu_corps_1"].cost * 2 == 2 and u["au_i"].cost * 2 * 5 == 10
    assert u["ru_i"].cost == 1.5 and u["gb_corps_1"].cost == 1
    assert counters.depots["depots_france"].cost * 2 == 1
    assert {a.cost for a in counters.armies.values()} == {2}
    assert {f.cost for f in counters.fleets_of("britain")} == {5}


def test_17_3_1_naval_example_values(counters: Counters) -> None:
    f = counters.fleets
    assert f["gb_ball"].tactical == 2 and f["fr_emeriau"].tactical == 0
    assert (3 + f["gb_ball"].tactical) - (2 + f["fr_emeriau"].tactical) == 3  # Ball wins, no sinking
    british = {fl.tactical for fl in counters.fleets_of("britain")}
    assert {0, 1} <= british  # "2 British fleets (admirals 0 and +1)"


# ----------------------------------------------------------------------------------- 2.1 / 2.3 components


def test_2_1_exactly_four_special_units(counters: Counters) -> None:
    special = {u.id: u for u in counters.units.values() if u.special}
    assert set(special) == {"fr_cav_garde", "ru_chevaliers_gardes", "gb_uxbridge", "gb_kgl"}
    assert {u.id for u in special.values() if u.cavalry} == {"fr_cav_garde", "ru_chevaliers_gardes", "gb_uxbridge"}
    for u in special.values():
        assert u.steps == 1 and u.morale is None and u.bonus >= 1 and u.card
    assert special["fr_cav_garde"].card == "Cavalerie de la Garde"


def test_2_3_seven_army_markers_france_two(counters: Counters) -> None:
    tally = Tally(a.power for a in counters.armies.values())
    assert tally == {"france": 2, "austria": 1, "russia": 1, "prussia": 1, "britain": 1, "turkey": 1}
    assert {a.name_fr for a in counters.armies.values()} == {
        "Grande Armée", "Armée d'Italie", "Armée d'Allemagne", "1ère Armée", "Armée de l'Elbe",
        "Armée de la Péninsule", "Armée turque"}


def test_2_1_marks(counters: Counters) -> None:
    u = counters.units
    assert u["it_2"].marks == ("V",) and u["it_1"].marks == ()
    assert "2P" in u["pl_2"].marks and "2P" not in u["pl_1"].marks
    for uid in ("ru_xi", "ru_xii", "ru_militia_2", "ru_militia_3"):
        assert u[uid].e == "sainte_russie", uid
    assert u["ru_militia_1"].e is None
    for uid in ("au_grenadiers", "au_landwehr_1", "pr_landwehr_1"):
        assert u[uid].e == "military_reform", uid
    assert [x.e for x in counters.units_of("france") if x.e] and all(
        x.e == "la_patrie_en_danger" for x in counters.units_of("france") if x.e)


def test_2_1_four_turkish_feudal_corps_one_per_province(counters: Counters, mapdata: MapData) -> None:
    feudal = [x for x in counters.units_of("turkey") if x.kind == "feudal"]
    assert len(feudal) == 4
    assert {x.feudal for x in feudal} == {p.id for p in mapdata.provinces.values() if p.feudal}
    assert all(x.marks == ("F",) for x in feudal)


def test_glossary_militia_limited_movement(counters: Counters) -> None:
    limited = {x.power for x in counters.units.values() if x.limited}
    assert limited == {"britain", "spain", "russia", "france"}
    assert all(x.kind == "national_guard" for x in counters.units_of("france") if x.limited)


def test_2_1_steps_are_combat_values(counters: Counters) -> None:
    for x in counters.units.values():
        assert x.steps in (1, 2)
        assert x.reduced == (1 if x.steps == 2 else None)
        if x.kind == "reserve_cavalry":
            assert x.cavalry


def test_1_4_every_major_has_depots(counters: Counters) -> None:
    for power in MAJORS:
        assert counters.depot_count(power) >= 2, power


def test_1_5_named_fleets(counters: Counters) -> None:
    admirals = {f.admiral: f.power for f in counters.fleets.values() if f.admiral}
    for name in ("Villeneuve", "Ganteaume", "Missiessy", "Emériau"):
        assert admirals[name] == "france"
    for name in ("Nelson", "Keith", "Cornwallis", "Stirling", "Calder", "Collingwood", "Ball"):
        assert admirals[name] == "britain"
    assert admirals["Gravina"] == "spain"
    for power in ("russia", "turkey", "holland", "portugal", "naples", "sweden", "denmark"):
        assert counters.fleets_of(power), power


def test_17_2_3_limited_fleet_areas(counters: Counters) -> None:
    f = counters.fleets
    for fid in ("swe_fleet", "dk_fleet"):
        assert f[fid].area == "baltic"
    for fid in ("nap_fleet", "tu_fleet_1", "tu_fleet_2"):
        assert f[fid].area == "inside_gibraltar"
    assert {x.area for x in counters.fleets_of("russia")} == {"russian_waters"}
    assert counters.areas["russian_waters"].outside_allowed == 1
    assert f["fr_villeneuve"].area is None and f["gb_nelson"].area is None
    assert set(counters.areas["baltic"].seas) == {"baltic", "straits"}
    assert "black_sea" in counters.areas["russian_waters"].seas
    assert "south_atlantic" not in counters.areas["inside_gibraltar"].seas


# ----------------------------------------------------------------------------------- 20: set-up coverage

# Counters each set-up needs at once, per power, counted from 20.1-20.3 (digest §7). "corps" may be met by any
# corps or elite corps left over after the "elite" demand; "generals" counts named and "1 general" placeholders.
NEEDS = {
    "1815": {
        "france": {"corps": 15, "national_guard": 2, "guard": 1, "reserve_cavalry": 1, "special": 1,
                   "generals": 8, "depots": 1, "fleets": 3},
        "naples": {"corps": 1},
        "spain": {"corps": 3, "generals": 2, "depots": 1, "fleets": 1},
        "russia": {"corps": 5, "guard": 1, "reserve_cavalry": 1, "generals": 3, "depots": 2, "fleets": 2},
        "britain": {"elite": 2, "corps": 2, "militia": 1, "special": 2, "generals": 3, "depots": 2, "fleets": 9},
        "holland": {"corps": 1}, "hesse": {"corps": 1}, "chouans": {"revolt": 1}, "baden": {"corps": 1},
        "prussia": {"corps": 7, "landwehr": 2, "generals": 4, "depots": 3},
        "austria": {"corps": 10, "elite": 1, "landwehr": 1, "reserve_cavalry": 1, "generals": 6, "depots": 1},
        "wurttemberg": {"corps": 1}, "bavaria": {"corps": 1},
    },
    "1805": {
        "france": {"elite": 7, "corps": 7, "guard": 1, "reserve_cavalry": 1, "generals": 9, "depots": 4,
                   "fleets": 5},
        "italy": {"corps": 1}, "holland": {"corps": 1, "fleets": 1}, "wurttemberg": {"corps": 1},
        "bavaria": {"corps": 1},
        "austria": {"corps": 9, "reserve_cavalry": 1, "generals": 5, "depots": 3},
        "russia": {"elite": 2, "corps": 5, "guard": 1, "militia": 1, "generals": 5, "depots": 1, "fleets": 2},
        "prussia": {"corps": 5, "generals": 3, "depots": 2},
        "spain": {"corps": 3, "generals": 3, "depots": 1, "fleets": 3},
        "turkey": {"corps": 2, "feudal": 4, "generals": 2, "fleets": 1},
        "britain": {"elite": 1, "militia": 1, "generals": 1, "depots": 1, "fleets": 9},
        "portugal": {"corps": 1, "fleets": 1}, "naples": {"corps": 1, "fleets": 1},
        "sweden": {"corps": 1, "fleets": 1},
    },
    "1809": {
        "france": {"elite": 6, "corps": 10, "national_guard": 1, "guard": 1, "reserve_cavalry": 1, "special": 1,
                   "generals": 14, "depots": 5, "fleets": 4},
        "bavaria": {"corps": 1}, "wurttemberg": {"corps": 1}, "rhine": {"corps": 1}, "denmark": {"corps": 1},
        "saxony": {"corps": 1}, "hesse": {"corps": 1}, "italy": {"corps": 1}, "naples": {"corps": 1},
        "poland": {"elite": 1}, "holland": {"corps": 1, "fleets": 1}, "tyrol": {"revolt": 1},
        "austria": {"corps": 11, "elite": 1, "reserve_cavalry": 1, "generals": 5, "depots": 3},
        "russia": {"elite": 2, "corps": 5, "guard": 1, "reserve_cavalry": 1, "militia": 1, "generals": 6,
                   "depots": 1, "fleets": 2},
        "prussia": {"corps": 3, "generals": 3, "depots": 1},
        "spain": {"corps": 3, "militia": 4, "generals": 4, "depots": 1},
        "turkey": {"corps": 4, "feudal": 4, "generals": 2, "depots": 1, "fleets": 1},
        "britain": {"elite": 2, "corps": 1, "militia": 1, "generals": 2, "depots": 1, "fleets": 10},
        "portugal": {"corps": 1},
    },
}

# Counters the set-ups name (they must exist and be available).
NAMED = {
    "1815": ["suchet", "napoleon", "ney", "jerome", "davout", "murat", "barclay", "wellington", "clinton", "kleist",
             "blucher", "yorck", "schwarzenberg", "ferdinand", "bellegarde", "fr_garde", "fr_cav_reserve",
             "fr_cav_garde", "gb_uxbridge", "gb_kgl", "nl_1", "hes_1", "cho_1", "bad_1", "au_grenadiers", "wur_1",
             "bav_1", "nap_1", "ru_garde"],
    "1805": ["napoleon", "davout", "murat", "marmont", "massena", "saint_cyr", "mack", "ferdinand", "charles",
             "jean", "bellegarde", "buxhowden", "benningsen", "koutouzov", "tormassov", "brunswick", "ruchel",
             "hohenlohe", "castanos", "blake", "la_romana", "soult", "ney", "lannes", "fr_garde", "it_1", "nl_1",
             "wur_1", "bav_1", "tu_janissaires", "tu_nizam", "pt_1", "nap_1", "swe_1", "fr_ganteaume",
             "fr_missiessy", "fr_villeneuve", "fr_emeriau", "gb_keith", "gb_cornwallis", "gb_stirling",
             "gb_nelson", "gb_collingwood", "gb_ball", "sp_gravina", "nl_fleet", "pt_fleet", "nap_fleet",
             "swe_fleet"],
    "1809": ["massena", "davout", "oudinot", "napoleon", "lannes", "marmont", "eugene", "murat", "soult", "suchet",
             "joseph", "ney", "charles", "hiller", "jean", "ferdinand", "barclay", "benningsen", "tormassov",
             "blucher", "la_romana", "grand_vizir", "wellington", "beresford", "fr_garde", "fr_cav_garde",
             "au_reserve", "au_grenadiers", "tyr_1", "rh_1", "pl_1", "dk_1", "sax_1", "tu_janissaires", "tu_nizam",
             "fr_ganteaume", "fr_missiessy", "gb_keith", "gb_cornwallis", "gb_stirling", "gb_calder", "nl_fleet"],
}

# Counters out of play at the start (20.1, 20.3), and the E-unit events already played in 1809.
REMOVED = {
    "1815": {"lannes", "massena", "marmont", "macdonald", "saint_cyr", "fr_villeneuve", "charles", "brunswick",
             "moore", "gb_nelson", "bagration", "benningsen", "koutouzov"},
    "1805": set(),
    "1809": {"fr_villeneuve", "mack", "brunswick", "moore", "gb_nelson", "koutouzov", "sp_gravina", "sp_fleet_1",
             "sp_fleet_2", "dk_fleet", "nap_fleet", "pt_fleet", "gb_uxbridge", "gb_kgl", "ru_chevaliers_gardes"},
}
EVENTS_PLAYED_1809 = {"military_reform", "triomphe_erfurt", "poland", "tyrol"}
YEAR = {"1815": 1815, "1805": 1805, "1809": 1809}


def _usable(c: Unit | General, scenario: str) -> bool:
    """20.2: 1805 sets aside E, V, 2P, later entry dates and special units; 1809 keeps the E units whose
    event has happened (Austrian reform, Rhine, Poland, Tyrol) and Venetia's corps."""
    year = YEAR[scenario]
    if c.id in REMOVED[scenario] or (c.entry is not None and c.entry > year):
        return False
    if c.removal is not None and c.removal <= year:
        return False
    event = c.e if isinstance(c, Unit) else c.event
    if scenario == "1805":
        return not {"E", "V", "2P"} & set(c.marks) and not (isinstance(c, Unit) and c.special)
    if scenario == "1809":
        return (event is None or event in EVENTS_PLAYED_1809) and not (isinstance(c, Unit) and c.p2)
    return True


def _replaced(counters: Counters, g: General, year: int) -> bool:
    successor = counters.generals.get(g.replaced_by or "")
    return successor is not None and successor.entry is not None and successor.entry <= year


@pytest.mark.parametrize("scenario", list(NEEDS))
def test_20_counter_mix_covers_every_set_up(counters: Counters, scenario: str) -> None:
    year = YEAR[scenario]
    for power, need in NEEDS[scenario].items():
        kinds = Tally(u.kind for u in counters.units_of(power) if _usable(u, scenario))
        have = dict(kinds)
        have["generals"] = sum(
            1 for g in counters.generals_of(power) if _usable(g, scenario) and not _replaced(counters, g, year))
        have["fleets"] = sum(1 for f in counters.fleets_of(power) if f.id not in REMOVED[scenario])
        have["depots"] = counters.depot_count(power)
        spare_elite = have.get("elite", 0) - need.get("elite", 0)
        for what, n in need.items():
            got = have.get(what, 0) + (spare_elite if what == "corps" else 0)
            assert got >= n, f"{scenario} {power}: {what} needs {n}, has {got}"


@pytest.mark.parametrize("scenario", list(NAMED))
def test_20_named_counters_are_available(counters: Counters, scenario: str) -> None:
    every = {**counters.units, **counters.generals}
    for cid in NAMED[scenario]:
        if cid in counters.fleets:
            assert cid not in REMOVED[scenario], cid
            continue
        c = every[cid]
        # 1815 and 1809 place event counters explicitly (Jérôme, Grenadiers, Cavalerie de la Garde...)
        assert scenario != "1805" or _usable(c, scenario), f"{scenario}: {cid} is set aside"
        assert c.entry is None or c.entry <= YEAR[scenario], cid


def test_example_1806_budget_fits_the_counter_mix(counters: Counters) -> None:
    """Builds of 1806 need counters still in the reserve after the 1805 set-up and losses."""
    fr = [u for u in counters.units_of("france") if _usable(u, "1805")]
    # 7 elite set up, 2 lost, 3 built; 7 line set up, 1 lost, 2 built
    assert sum(u.kind == "elite" for u in fr) - 7 + 2 >= 3
    assert sum(u.kind == "corps" for u in fr) - 7 + 1 >= 2
    ru = [u for u in counters.units_of("russia") if _usable(u, "1805") and u.kind == "corps"]
    assert len(ru) - 5 + 1 >= 5  # 5 line corps set up, 1 lost, 5 built
    assert sum(u.kind == "corps" for u in counters.units_of("spain")) == 4  # "its last infantry corps"
    assert sum(u.kind == "elite" for u in counters.units_of("prussia")) == 1  # "its elite corps"
    assert len(counters.fleets_of("britain")) >= 10  # 9 set up + 1 built
    assert sum(u.kind == "corps" for u in counters.units_of("turkey")) >= 3  # 2 set up + 1 built
    assert [u.id for u in counters.units_of("italy") if u.v] == ["it_2"]  # the 2nd Italian corps, built


# ----------------------------------------------------------------------------------- loader errors


def _broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    for name in ("units.toml", "generals.toml", "fleets.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    text = (tmp_path / file).read_text()
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1))
    return tmp_path


def _error(tmp_path: Path, mapdata: MapData) -> DataError:
    with pytest.raises(DataError) as info:
        load_counters(tmp_path, mapdata)
    return info.value


def test_load_error_missing_field(tmp_path: Path, mapdata: MapData) -> None:
    _broken_copy(tmp_path, "units.toml", 'id = "fr_i"\nname = "I Corps"\nname_fr = "Ier corps"\npower = "france"\n'
                 'kind = "elite"\nsteps = 2\n', 'id = "fr_i"\nname = "I Corps"\nname_fr = "Ier corps"\n'
                 'power = "france"\nkind = "elite"\n')
    err = _error(tmp_path, mapdata)
    assert err.file.endswith("units.toml") and err.record == "unit fr_i" and err.field == "steps"
    assert "units.toml" in str(err) and "fr_i" in str(err) and "steps" in str(err)


def test_load_error_wrong_type(tmp_path: Path, mapdata: MapData) -> None:
    _broken_copy(tmp_path, "generals.toml", "initiative = 1\ncommand = 9", 'initiative = "one"\ncommand = 9')
    err = _error(tmp_path, mapdata)
    assert err.file.endswith("generals.toml") and err.record == "general napoleon" and err.field == "initiative"


def test_load_error_unknown_power(tmp_path: Path, mapdata: MapData) -> None:
    _broken_copy(tmp_path, "fleets.toml", 'power = "spain"', 'power = "castile"')
    err = _error(tmp_path, mapdata)
    assert err.file.endswith("fleets.toml") and err.record == "fleet sp_gravina" and err.field == "power"
    assert "castile" in str(err)


def test_load_error_unknown_replaced_by_general(tmp_path: Path, mapdata: MapData) -> None:
    _broken_copy(tmp_path, "generals.toml", 'replaced_by = "blucher"', 'replaced_by = "gneisenau"')
    err = _error(tmp_path, mapdata)
    assert err.record == "general brunswick" and err.field == "replaced_by" and "gneisenau" in str(err)


def test_load_error_duplicate_rank(tmp_path: Path, mapdata: MapData) -> None:
    _broken_copy(tmp_path, "generals.toml", "rank = 14", "rank = 5")
    err = _error(tmp_path, mapdata)
    assert err.record == "general oudinot" and err.field == "rank" and "massena" in str(err)


def test_load_error_steps_out_of_range(tmp_path: Path, mapdata: MapData) -> None:
    _broken_copy(tmp_path, "units.toml", 'kind = "guard"\nsteps = 2', 'kind = "guard"\nsteps = 3')
    err = _error(tmp_path, mapdata)
    assert err.record == "unit fr_garde" and err.field == "steps"


def test_load_error_unknown_fleet_area(tmp_path: Path, mapdata: MapData) -> None:
    _broken_copy(tmp_path, "fleets.toml", 'area = "baltic"', 'area = "arctic"')
    err = _error(tmp_path, mapdata)
    assert err.record == "fleet swe_fleet" and err.field == "area"


def test_load_error_unknown_sea_zone(tmp_path: Path, mapdata: MapData) -> None:
    _broken_copy(tmp_path, "fleets.toml", 'seas = ["baltic", "straits"]', 'seas = ["baltic", "kattegat"]')
    err = _error(tmp_path, mapdata)
    assert err.record == "area baltic" and err.field == "seas" and "kattegat" in str(err)


def test_load_error_unknown_feudal_province(tmp_path: Path, mapdata: MapData) -> None:
    _broken_copy(tmp_path, "units.toml", 'feudal = "bosnie"', 'feudal = "serbie"')
    err = _error(tmp_path, mapdata)
    assert err.record == "unit tu_feudal_bosnie" and err.field == "feudal"


def test_load_error_unexplained_reconstruction(tmp_path: Path, mapdata: MapData) -> None:
    _broken_copy(tmp_path, "generals.toml", 'src = "reconstructed: king', 'src = "reconstructed king')
    err = _error(tmp_path, mapdata)
    assert err.record == "general joseph" and err.field == "src"
