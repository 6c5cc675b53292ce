"""The battle forecast (14.2-14.10 over every roll) against hand-computed cases."""

from fractions import Fraction

import grognard
from grognard.games.nae import forecast as F
from grognard.games.nae import state as S


def fresh():
    return grognard.load_game("nae").new_state("1815", seed=1)


def test_14_6_skirmish_odds_by_hand():
    """I Corps (2) from Brussels, unsupplied there (-3) at 2:1 (+1), attacks British Corps 1 (1) in Antwerp:
    a skirmish (14.3, no demoralization). Attacker 2d6-2: '0' up to 8 (26/36), '0+' on 9-10 (7/36), '1' on 11-12
    (3/36); defender 2d6: '0' (15/36), '0+' (11/36), '1' (7/36), '1+' (3/36). The attacker wins with '1' against
    '0' or '0+' (3*26) and with '0+' against '0' (7*15): 183/1296 = 61/432."""
    st = fresh()
    fc = F.forecast(st, "f26", "f5", "antwerp", "brussels")
    assert (fc["odds"], fc["level"]) == ("2:1", "Skirmish")
    assert sum(v for _, v in fc["mods"]["attacker"]) == -2
    assert fc["win"]["attacker"] == Fraction(61, 432)
    assert fc["losses"]["defender"] == {0: Fraction(11, 12), 1: Fraction(1, 12)}  # '1' inflicts its one step
    assert fc["destroyed"]["defender"] == Fraction(1, 12)
    assert fc["losses"]["attacker"] == {0: Fraction(26, 36), 1: Fraction(10, 36)}  # '1' or '1+' from the defender
    assert fc["demoralized"] == {"attacker": 0, "defender": 0}


def test_14_9_demoralization_and_pursuit_by_hand():
    """Morale 4 + tactical 1 - differential 2 = 3: the loser holds on 1-3 (1/2); demoralized, the pursuit rolls
    1d6 + 3 and inflicts what exceeds 6: 1, 2, 3 losses on 4, 5, 6."""
    outcomes = F._after(True, {"attacker": 1, "defender": 3}, "defender", "attacker", 4, 1, 0, 3)
    held = Fraction(sum(q for o, q in outcomes if not o["demoralized"]), 36)  # rolls out of 36
    assert held == Fraction(1, 2)
    pursued: dict[int, Fraction] = {}
    for o, q in outcomes:
        if o["demoralized"]:
            pursued[o["defender"]] = pursued.get(o["defender"], Fraction(0)) + Fraction(q, 36)
    assert pursued == {3: Fraction(1, 4), 4: Fraction(1, 12), 5: Fraction(1, 12), 6: Fraction(1, 12)}


def test_14_10_a_retreat_across_a_river_adds_to_the_differential_and_the_losses():
    """Rating 4 + 0 - (0 + 1 river) = 3; the river loss is counted once in the losses."""
    outcomes = F._after(True, {"attacker": 0, "defender": 0}, "attacker", "defender", 4, 0, 1, 0)
    assert Fraction(sum(q for o, q in outcomes if o["demoralized"]), 36) == Fraction(1, 2)
    assert {o["attacker"] for o, _ in outcomes} == {1}  # a pursuit bonus of 0 never exceeds 6


def test_14_2_five_to_one_destroys_outright():
    st = fresh()
    S.move_force(st, "f24", "namur")  # Napoleon's 10 next to British Corps 1 (1) in Antwerp: 10:1
    fc = F.forecast(st, "f24", "f5", "antwerp", "brussels")
    assert fc["destroys"] == "defender"
    assert fc["win"]["attacker"] == 1 and fc["destroyed"]["defender"] == 1


def test_a_minor_battle_sums_to_certainty_and_reads_no_hand():
    st = fresh()
    S.move_force(st, "f24", "lille")
    fc = F.forecast(st, "f24", "f6", "brussels", "lille")
    assert fc["level"] == "Minor battle"
    assert sum(fc["win"].values()) == 1
    for role in F.ROLES:
        assert sum(fc["losses"][role].values()) == 1
        assert 0 < fc["demoralized"][role] < 1
    hands = {s: list(h) for s, h in st.g["hands"].items()}
    st.g["hands"] = {"empire": [], "coalition": []}
    assert F.forecast(st, "f24", "f6", "brussels", "lille") == fc  # the hands change nothing
    st.g["hands"] = hands
    assert F.as_json(fc)["win"]["attacker"] == round(float(fc["win"]["attacker"]), 4)
    assert S.force(st, "f24")["zone"] == "lille"  # the forecast works on a copy


def test_14_6_the_dice_are_counted_once_per_battle():
    """The dice loop depends only on the battle's numbers (``_dice``, cached): asked again, the same battle is read
    from the cache, and its chances are the same exact fractions, unshared with the first answer."""
    st = fresh()
    F._dice.cache_clear()
    first = F.forecast(st, "f26", "f5", "antwerp", "brussels")
    again = F.forecast(st, "f26", "f5", "antwerp", "brussels")
    assert F._dice.cache_info().hits == 1 and F._dice.cache_info().misses == 1
    assert again == first and again["win"] is not first["win"]
    first["losses"]["defender"][0] = Fraction(0)  # a caller writing into its answer changes no later forecast
    assert F.forecast(st, "f26", "f5", "antwerp", "brussels")["losses"]["defender"][0] == Fraction(11, 12)
