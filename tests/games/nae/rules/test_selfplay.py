"""Random 1815 games end with a result, with the board's invariants checked after every action and the Unsupplied
markers compared with a fresh supply trace after every supply check of the rules.

2,000 games by default, spread over the machine's cores; ``NAE_GAMES=200`` runs a shorter version. The
distribution of decisions per game is printed (``pytest -s`` shows it; it is also in the test's report)."""

from __future__ import annotations

import os
import statistics
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from unittest import mock

from grognard.agents.random_agent import RandomAgent
from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import supply
from tests.games.nae.rules.helpers import GAME

GAMES = int(os.environ.get("NAE_GAMES", "2000"))
MAX_DECISIONS = 1000


def check(st: State) -> None:
    S.check_derived(st)  # the zone index and the supply key equal fresh ones: every write went through the setters
    g = st.g
    units: Counter[str] = Counter()
    generals: Counter[str] = Counter()
    per_zone: Counter[tuple[str, str]] = Counter()
    for fid, f in g["forces"].items():
        assert S.combat_value(f) > 0, f"{fid} has no combat unit"
        for uid, v in f["units"].items():
            assert 1 <= v <= S.unit(uid).steps, f"{uid} has {v} steps"
            units[uid] += 1
        for gid in S.generals_of(f):
            generals[gid] += 1
            assert gid not in g["removed"], f"{gid} is both removed and on the map"
        assert not f["subs"] or f["army"], f"{fid}: subordinates outside an army"
        # 12.1: no side's force on neutral ground, but for a conqueror's in a forced peace or alliance (3.5, 3.6)
        ground = S.major_of(st, g["control"].get(f["zone"]) or S.owner(st, f["zone"]))
        assert f["side"] is None or not S.is_neutral_ground(st, f["zone"]) or g["status"].get(ground) in (
            "forced_peace", "forced_alliance"), f"{fid} ({f['side']}) on neutral ground in {f['zone']}"
        per_zone[(f["zone"], f["side"])] += 1
        for uid in f["units"]:
            u = S.unit(uid)
            assert not u.limited or S.data().map.zones[f["zone"]].owner == u.power, f"{uid} left its territory"
    assert all(n == 1 for n in units.values()), "a unit stands in two places"
    assert all(n == 1 for n in generals.values()), "a general commands in two places"
    assert not set(units) & set(g["reserve"]["units"]), "a unit is both on the map and in the reserve"
    for zone, fort in g["fortresses"].items():
        if fort["besieger"] is not None:
            b = g["forces"][fort["besieger"]]
            assert b["zone"] == zone and S.controller(st, zone) != b["side"] and fort["siege"] in (0, 1, 2, 3)
    if st.step == "round":  # 11: between actions, one force per side and zone; enemies only across a fortress wall
        assert all(n == 1 for n in per_zone.values()), f"stacking: {[k for k, n in per_zone.items() if n > 1]}"
        for zone in {f["zone"] for f in g["forces"].values()}:
            assert not (S.outside(st, zone, "empire") and S.outside(st, zone, "coalition")), f"both sides in {zone}"


def fresh_supply_matches(st: State) -> bool:
    """13.1: every Unsupplied marker agrees with a supply trace made afresh (the networks' caches emptied)."""
    supply._TRACED.clear()
    supply._LINKS.clear()
    supply._SIDES.clear()
    supply._OPEN.clear()
    return all(f["unsupplied"] == (not supply.force_supplied(st, fid)) for fid, f in st.g["forces"].items())


def checked_update(original: Callable[..., None]) -> Callable[..., None]:
    """Each supply check of the rules (13.1: activation phase end, set-up) is followed by the fresh comparison."""
    def update(st: State, rule: str = "13.1") -> None:
        original(st, rule)
        assert fresh_supply_matches(st), f"Unsupplied markers differ from a fresh trace after the {rule} check"
    return update


def play_checked(seed: int, scenario: str = "1815", bound: int = MAX_DECISIONS) -> tuple[int, str]:
    """One random game with every invariant checked after every action: (decisions, winner)."""
    with mock.patch.object(supply, "update_supply", checked_update(supply.update_supply)):
        st = GAME.new_state(scenario, seed=seed)
        assert fresh_supply_matches(st)
        agents = {side: RandomAgent(seed * 31 + i) for i, side in enumerate(GAME.sides)}
        n = 0
        while not st.over:
            assert st.legal_actions(), f"seed {seed}: no legal action at {st.step}"
            st.apply(agents[st.active].choose(st, st.active))  # type: ignore[index]
            check(st)
            n += 1
            assert n < bound, f"seed {seed}: no result after {n} decisions"
    return n, str(st.result["winner"])  # type: ignore[index]


def distribution(counts: list[int]) -> str:
    deciles = statistics.quantiles(counts, n=10)
    return (f"decisions per game: min {min(counts)}, deciles {', '.join(str(round(d)) for d in deciles)}, "
            f"max {max(counts)} (bound {MAX_DECISIONS})")


def test_random_1815_games_finish_with_invariants_held(record_property, capsys):
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        games = list(pool.map(play_checked, range(GAMES), chunksize=25))
    counts = [n for n, _ in games]
    results = Counter(w for _, w in games)
    summary = f"{GAMES} random 1815 games: {dict(sorted(results.items()))}; {distribution(counts)}"
    record_property("distribution", summary)
    with capsys.disabled():
        print("\n" + summary)
    assert sum(results.values()) == GAMES and set(results) <= {"empire", "coalition", "draw"}


def test_a_random_game_replays_to_the_same_digest():
    st = GAME.new_state("1815", seed=11)
    agent = RandomAgent(5)
    while not st.over:
        st.apply(agent.choose(st, st.active))  # type: ignore[arg-type]
    again = GAME.replay(st.record())
    assert again.digest() == st.digest()
