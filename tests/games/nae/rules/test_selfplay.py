"""Random 1815 games end with a result, with the board's invariants checked after every action and the Unsupplied
markers compared with a fresh supply trace after every supply check of the rules.

2,000 games by default, spread over the machine's cores; ``NAE_GAMES=200`` runs a shorter version. The
distribution of decisions per game is printed (``pytest -s`` shows it; it is also in the test's report)."""

from __future__ import annotations

import contextlib
import os
import re
import statistics
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from unittest import mock

from grognard.agents import make_agent
from grognard.agents.random_agent import RandomAgent
from grognard.core.machine import State
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards, siege, supply
from grognard.games.nae.schema.cards import Revolt
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
            assert b["zone"] == zone and S.controller(st, zone) != b["side"] and fort["siege"] in (0, 1, 2, 3), (
                f"{zone}: siege {fort['siege']} by {fort['besieger']} ({b['side']} in {b['zone']}), held by the "
                f"{S.controller(st, zone)}")
    if st.step == "round":  # 11: between actions, one force per side and zone; enemies only across a fortress wall
        assert all(n == 1 for n in per_zone.values()), f"stacking: {[k for k, n in per_zone.items() if n > 1]}"
        for zone in {f["zone"] for f in g["forces"].values()}:
            assert not (S.outside(st, zone, "empire") and S.outside(st, zone, "coalition")), f"both sides in {zone}"
    check_sieges(st)
    if S.grand_campaign(st):
        check_statuses(st)
    if st.step == "round":  # (the places of cards and fleets, checked between the sides' actions, where they rest)
        try:
            GAME.check_state(st)  # 6.4: each card in one place; known units, fleets in ports, sea zones or boxes
        except ValueError as e:
            raise AssertionError(str(e)) from None
        check_fleets(st)


def check_sieges(st: State) -> None:
    """15: a siege has its marker and its besieger together, on an active fortress. Between actions, troops inside
    a fortress are of its side, no enemy force stands outside a fortress that holds troops without besieging it
    (15.2, ``siege.enforce_sieges``), and a besieger keeps 2 steps per fortress level (15.3)."""
    g = st.g
    for zone, fort in g["fortresses"].items():
        assert (fort["siege"] is None) == (fort["besieger"] is None), f"{zone}: siege {fort['siege']} without besieger"
        assert fort["besieger"] is None or fort["active"], f"{zone}: an inactive fortress is besieged"
    if st.step != "round":
        return
    for fid, f in g["forces"].items():
        fort = g["fortresses"].get(f["zone"])
        if f["in_fortress"]:
            assert fort is not None and fort["active"], f"{fid} inside no active fortress in {f['zone']}"
            assert S.controller(st, f["zone"]) == f["side"], f"{fid} ({f['side']}) inside an enemy fortress"
            enemies = S.outside(st, f["zone"], S.other(f["side"])) if f["side"] else []
            assert not enemies or fort["besieger"] in enemies, f"{enemies} outside {f['zone']} lay no siege"
        if fort is not None and fort["besieger"] == fid:
            assert S.steps(f) >= siege.cover_steps(fort["level"]), f"{fid} too weak to besiege {f['zone']}"


def check_statuses(st: State) -> None:
    """8.1: a power at war or allied fights for a side, a neutral or a power in forced peace for none; a minor ally
    shares its major's side (a national revolt excepted); the forced peaces and alliances, and only they, have their
    terms."""
    g = st.g
    for power, status in g["status"].items():
        side = g["sides"].get(power)
        assert status in STATUSES, f"{power}: unknown status {status}"
        assert (power in g["forced"]) == status.startswith("forced"), f"{power} is {status}, terms {g['forced']}"
        if status == "at_war":
            assert side is not None, f"{power} at war with no side"
        if status in ("neutral", "forced_peace", "not_in_play"):
            assert side is None, f"{power} is {status} but fights for the {side}"
        major = g["ally_of"].get(power)
        if status in ("allied", "protectorate") and major is not None and power not in REVOLTS:
            assert side == g["sides"].get(major), f"{power} ({side}) allied to {major} ({g['sides'].get(major)})"
    if st.step == "round":  # 18.2.3 / 8.1.1: no force holds units of a nation at war and of one at peace
        taken = set(g.get("expeditions", []))  # 40F: the forced ally's units the Empire controls
        for fid, f in g["forces"].items():
            sides = {g["sides"].get(S.unit(u).power) for u in f["units"] if u not in taken}
            assert len(sides) <= 1, f"{fid} holds units of nations on {sides}"


# glossary « Révolte nationale »: Chouans, Serbs, Tyroleans « comptent comme un mineur allié [...] mais leur sort ne
# dépend pas des puissances majeures de la coalition » (8.3.3: « Le sort du Tyrol est indépendant des conséquences
# d'une conquête de l'Autriche »)
REVOLTS = frozenset(e.entity for c in S.data().cards.cards.values() for e in c.effect if isinstance(e, Revolt))
STATUSES = ("at_war", "neutral", "allied", "forced_peace", "forced_alliance", "protectorate", "not_in_play")


def check_fleets(st: State) -> None:
    """17, between actions: a fleet in port lies in a port of its side or of a neutral (17.2.1: a captured port's
    fleets sail away; 20.2 sets Villeneuve in neutral Cadiz); one blockading, in the box of a port not its side's
    (17.2.6, glossary « Blocus portuaire »); no more than 3 fleets in a port, nor of a side in one place (17.2.2); no
    troops left aboard (17.2.7); the Corsairs box's fleets off the map (17.2.9)."""
    g = st.g
    places: Counter[tuple[str, str, str | None]] = Counter()
    for fl, x in g["fleets"].items():
        side = S.side_of(st, x["power"])
        if x["at"] == "port":
            assert S.controller(st, x["where"]) in (side, None), f"{fl} ({side}) in the port of {x['where']}"
        elif x["at"] == "blockade":
            assert side is not None and S.controller(st, x["where"]) != side, f"{fl} ({side}) blockades {x['where']}"
        places[(x["at"], x["where"], side)] += 1
    assert all(n <= 3 for n in places.values()), f"too many fleets: {[k for k, n in places.items() if n > 3]}"
    assert not g["aboard"], f"troops left aboard: {sorted(g['aboard'])}"
    assert not set(g.get("corsairs", [])) & set(g["fleets"]), "a fleet both on the map and in the Corsairs box"


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


def checked_hand(original: Callable[..., None]) -> Callable[..., None]:
    """7.2 / 6.3: a side's hand building ends with the hand at its size, unless both piles ran dry; the size is
    between 6 and 10, above 10 only after 52C, below 6 only under the Corsairs (35F) and never below the permanent
    cards."""
    def complete(st: State, side: str, size: int, perms: list[str]) -> None:
        no_max = bool(st.frame.get("no_max"))
        original(st, side, size, perms)
        hand, g = st.g["hands"][side], st.g
        low = len(perms) if any(m["side"] == side for m in g.get("hand_mods", [])) else 6
        assert low <= size and (size <= 10 or no_max), f"the {side}'s hand size {size} is outside 6.3's limits"
        dry = not g["decks"][side] and set(g["discards"][side]) <= set(cards.permanent_cards(side))
        assert len(hand) == size or (dry and len(hand) < size), f"the {side}'s hand holds {len(hand)}, not {size}"
    return complete


def checks() -> contextlib.AbstractContextManager[object]:
    """The checks that ride on the rules' own functions: supply (13.1) and hand building (7.2)."""
    stack = contextlib.ExitStack()
    stack.enter_context(mock.patch.object(supply, "update_supply", checked_update(supply.update_supply)))
    stack.enter_context(mock.patch.object(cards, "complete_hand", checked_hand(cards.complete_hand)))
    return stack


MOVES = {"vp": re.compile(r"Victory level ([+-]\d+): "), "escalade": re.compile(r"Escalade ([+-]\d+): ")}


class Track:
    """19.1 / 6.1: the victory level and the escalade move only with a log line that each side reads, saying by how
    much and why (``victory.add_vp`` and ``add_escalade``)."""

    def __init__(self, st: State) -> None:
        self.seen = len(st.log)
        self.marks = {k: st.g.get(k) for k in MOVES}

    def __call__(self, st: State) -> None:
        new, self.seen = st.log[self.seen:], len(st.log)
        for key, pattern in MOVES.items():
            now = st.g.get(key)
            if S.grand_campaign(st) and now is not None:
                for side in S.SIDES:
                    read = [e["text"] for e in new if e.get("to", side) == side and side not in e.get("not_to", ())]
                    logged = sum(int(m.group(1)) for t in read for m in [pattern.match(t)] if m)
                    was = self.marks[key]
                    assert was + logged == now, f"{key} {was} -> {now}: the {side} read {logged:+d}"
            self.marks[key] = now


def play_checked(seed: int, scenario: str = "1815", bound: int = MAX_DECISIONS, player: str = "random") -> tuple[
        int, str]:
    """One game with every invariant checked after every action: (decisions, winner). ``player`` other than random
    is made and seeded as ``bench/grand_campaign_bench.py`` makes it, so that a seed replays the bench's game."""
    with checks():
        st = GAME.new_state(scenario, seed=seed)
        assert fresh_supply_matches(st)
        agents = {side: RandomAgent(seed * 31 + i) if player == "random" else make_agent(player, seed * 7919 + i)
                  for i, side in enumerate(GAME.sides)}
        track = Track(st)
        n = 0
        while not st.over:
            assert st.legal_actions(), f"seed {seed}: no legal action at {st.step}"
            st.apply(agents[st.active].choose(st, st.active))  # type: ignore[index]
            check(st)
            track(st)
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
