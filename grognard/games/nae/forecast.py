"""The battle forecast: before a player commits an attack or an interception, the exact chance of each outcome.

It runs the dice of the battle procedure of ``rules/battle.py`` (14.2 odds, 14.3 level, 14.6 both sides' 2d6 on the
level's column, 14.8 losses, 14.9.1 demoralization test, 14.9.2 pursuit, 14.10 retreat across a river) over every
roll, with the modifiers known now, read by the rules' own functions. It never looks at a hand: it assumes no
combat card, no counter-march, no spearhead, no engaged special unit and no subordinate lending his value, the
choices the players make only once the battle has begun.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import battle, supply
from grognard.games.nae.schema.tables import battle_winner

ASSUMES = ("no combat card, no counter-march, no spearhead, no special unit engaged, no subordinate lending his "
           "value; the pursuit counts the winner's cavalry before its losses")

ROLES = ("attacker", "defender")
# The chances are counted in whole numbers of equally likely rolls (the battle's two 2d6, then the test's and the
# pursuit's 1d6: 36 * 36 * 36 in all) and made exact fractions at the end: Fraction sums in the loops cost the
# server tens of ms per view (measured by bench/online_bench.py).
TWO_D6: dict[int, int] = {s: 6 - abs(s - 7) for s in range(2, 13)}  # 2d6 sum -> rolls out of 36
ONE_D6 = range(1, 7)
ALL_ROLLS = 36 * 36 * 36  # the battle's rolls (36 * 36) times the rolls after it (36)


def forecast(st: State, att: str, dfn: str, zone: str, came_from: str,
             interceptor_from: str | None = None) -> dict[str, Any]:
    """The outcome chances of ``att`` attacking ``dfn`` in ``zone`` from ``came_from`` (``interceptor_from``: the
    defender intercepts from there, 12.4). Chances are exact fractions:

    ``win`` role -> chance of winning; ``losses`` role -> {steps lost in all (battle, pursuit, retreat): chance};
    ``demoralized`` and ``destroyed`` role -> chance; ``odds``, ``level``, ``morale`` and ``mods`` (the known
    modifiers of each side's 2d6) describe the battle."""
    t = S.data().tables
    hyp = st.copy()  # the battle as it would begin: both forces in the zone, supply traced as 14.5.4 / 13.3 say
    forces = hyp.g["forces"]
    S.move_force(hyp, att, zone)
    S.move_force(hyp, dfn, zone)
    cache: dict[str, Any] = {}
    forces[att]["unsupplied"] = not supply.force_supplied(hyp, att, cache, via=came_from)
    forces[dfn]["unsupplied"] = not supply.force_supplied(hyp, dfn, cache, avoid=came_from)
    fs = {"attacker": forces[att], "defender": forces[dfn]}
    value = {r: S.combat_value(f) for r, f in fs.items()}
    steps = {r: S.steps(f) for r, f in fs.items()}
    row = t.odds_row(value["attacker"], value["defender"])
    out: dict[str, Any] = {
        "attacker": S.name_of(hyp, att), "defender": S.name_of(hyp, dfn), "zone": zone, "odds": row.id,
        "values": value, "assumes": ASSUMES,
    }
    if row.destroys:  # 14.2: 5:1 destroys the weaker force outright
        winner = "defender" if row.destroys == "attacker" else "attacker"
        return out | {
            "level": None, "destroys": row.destroys, "morale": None, "mods": None,
            "win": {winner: Fraction(1), row.destroys: Fraction(0)},
            "losses": {winner: {0: Fraction(1)}, row.destroys: {steps[row.destroys]: Fraction(1)}},
            "demoralized": {r: Fraction(0) for r in ROLES},
            "destroyed": {winner: Fraction(0), row.destroys: Fraction(1)},
        }
    level = t.battle_levels[t.battle_level(value["attacker"], value["defender"]).id]
    ctx = {"att": att, "dfn": dfn, "zone": zone, "came_from": came_from, "interceptor_from": interceptor_from,
           "odds_mod": row.modifier, "level": level.id, "cards": {r: [] for r in ROLES},
           "heads": {r: None for r in ROLES}, "engaged": {r: [] for r in ROLES}, "subs": {r: None for r in ROLES}}
    mods = {r: battle.battle_mods(hyp, ctx, r) for r in ROLES}
    morale = {r: battle.force_morale(hyp, f) for r, f in fs.items()}
    route = {"attacker": battle.retreat_loss(hyp, zone, came_from), "defender": _defender_route(hyp, ctx, dfn)}
    pursuit = {r: _pursuit_bonus(hyp, fs[r], fs[o]) for r, o in (("attacker", "defender"), ("defender", "attacker"))}
    tactical = {r: battle.tactical(f, r == "attacker") for r, f in fs.items()}  # as the loser tests morale
    total = {r: sum(v for _, v in mods[r]) for r in ROLES}
    win, losses, demoralized, destroyed = _dice(level.id, level.demoralisation, _pair(total), _pair(value),
                                                _pair(steps), _pair(morale), _pair(tactical),
                                                (route["attacker"], route["defender"]), _pair(pursuit))
    return out | {
        "level": level.name, "destroys": None, "morale": morale, "mods": mods, "win": _chances(win),
        "losses": {r: _chances(dict(sorted(d.items()))) for r, d in losses.items()},
        "demoralized": _chances(demoralized), "destroyed": _chances(destroyed),
    }


Pair = tuple[int, int]  # (attacker, defender)


def _pair(by_role: dict[str, int]) -> Pair:
    return by_role["attacker"], by_role["defender"]


@cache
def _dice(level_id: str, can_demoralize: bool, total: Pair, value: Pair, steps: Pair, morale: Pair, tactical: Pair,
          route: tuple[int | None, int | None], pursuit: Pair) -> tuple[dict[str, int], dict[str, dict[int, int]],
                                                                       dict[str, int], dict[str, int]]:
    """The dice of the battle and what follows, counted in rolls out of ``ALL_ROLLS``: wins, steps lost,
    demoralizations and destructions by role. It depends only on these numbers (and the built-in tables, loaded
    once per process), so it is computed once for each set; the caller copies the counts into fresh fractions."""
    t = S.data().tables
    idx = {r: i for i, r in enumerate(ROLES)}
    win = {r: 0 for r in ROLES}
    losses: dict[str, dict[int, int]] = {r: {} for r in ROLES}
    demoralized = {r: 0 for r in ROLES}
    destroyed = {r: 0 for r in ROLES}
    for sa, pa in TWO_D6.items():
        ra = t.combat(level_id, sa + total[0])
        for sd, pd in TWO_D6.items():
            rd = t.combat(level_id, sd + total[1])
            p = pa * pd
            winner = battle_winner(ra, rd)
            loser = "defender" if winner == "attacker" else "attacker"
            w, lo = idx[winner], idx[loser]
            win[winner] += p * 36
            # 14.8: a side never inflicts more losses than its own combat steps
            taken = {"defender": min(ra.losses, value[0]), "attacker": min(rd.losses, value[1])}
            for outcome, q in _after(can_demoralize, taken, loser, winner, morale[lo], tactical[lo], route[lo],
                                     pursuit[w]):
                for r in ROLES:
                    n = steps[idx[r]]
                    lost = n if outcome[r] is None else min(outcome[r], n)
                    losses[r][lost] = losses[r].get(lost, 0) + p * q
                    if lost >= n:
                        destroyed[r] += p * q
                if outcome["demoralized"]:
                    demoralized[loser] += p * q
    return win, losses, demoralized, destroyed


def _chances(rolls: dict[Any, int]) -> dict[Any, Fraction]:
    return {k: Fraction(n, ALL_ROLLS) for k, n in rolls.items()}


def _after(can_demoralize: bool, taken: dict[str, int], loser: str, winner: str, morale: int, tactical: int,
           route: int | None, pursuit: int) -> list[tuple[dict[str, Any], int]]:
    """14.9-14.10 after the dice: the loser's demoralization test (1d6 at most morale + tactical - differential,
    the differential counting a costly retreat), the pursuit's 1d6 + bonus above 6, the retreat's river loss.
    ``route`` None: the loser has nowhere to retreat; its losses are then None: destroyed. Each outcome comes with
    its number of rolls out of the 36 of the two dice."""
    base: dict[str, Any] = {**taken, "demoralized": False}
    if route is None:
        base[loser] = None  # 14.10: nowhere to go, destroyed
        return [(base, 36)]
    retreat_loss = route
    base[loser] += retreat_loss
    if not can_demoralize:
        return [(base, 36)]
    diff = max(0, taken[loser] - taken[winner] + retreat_loss)
    rating = morale + tactical - diff
    test = S.data().tables.test("demoralisation")
    pursuit_test = S.data().tables.test("pursuit")
    out: list[tuple[dict[str, Any], int]] = []
    for x in ONE_D6:
        if rating > 0 and test.passes(x, rating):
            out.append((base, 6))
            continue
        for y in ONE_D6:
            extra = pursuit_test.excess(y + pursuit)
            out.append(({**base, loser: base[loser] + extra, "demoralized": True}, 1))
    return out


def _defender_route(st: State, ctx: dict[str, Any], dfn: str) -> int | None:
    """14.10: the loss the defender's retreat would cost (the cheapest route when the owner may choose)."""
    options = battle.forced_route(st, ctx, dfn)
    if not options:
        return None
    return min(battle.retreat_loss(st, ctx["zone"], z) for z in options)


def _pursuit_bonus(st: State, win: S.Force, lose: S.Force) -> int:
    """14.9.2: the pursuer's attack value, reserve-cavalry steps and cavalry generals (the optional 14.9.2 screen
    taken off)."""
    bonus = (battle.tactical(win, True) + battle.cavalry_steps(win)
             + sum(1 for g in S.generals_of(win) if S.general(g).cavalry))
    if st.setup["options"].get(battle.PURSUIT_SCREEN_OPTION):
        bonus -= battle.cavalry_steps(lose) + sum(1 for g in S.generals_of(lose) if S.general(g).cavalry)
    return bonus


def as_json(fc: dict[str, Any]) -> dict[str, Any]:
    """The forecast with its chances as floats, for the browser."""

    def conv(x: Any) -> Any:
        if isinstance(x, Fraction):
            return round(float(x), 4)
        if isinstance(x, dict):
            return {str(k): conv(v) for k, v in x.items()}
        if isinstance(x, list | tuple):
            return [conv(v) for v in x]
        return x

    return conv(fc)  # type: ignore[no-any-return]
