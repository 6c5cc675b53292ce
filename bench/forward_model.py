"""How fast the NAE forward model is for search (issue 13): the ratio of random-playout decisions/s to
python-chess's, measured in one process with interleaved rounds by ``../shared/anchors/python_chess_ratio.py``,
then the cost of each operation a search makes (median and p95) and the memory of one copy.

Usage: python bench/forward_model.py [ROUNDS] [SECONDS_PER_ROUND] [GAMES]   (needs the ``bench`` extra)
Prints numbers only; nothing here is asserted by a test.
"""

from __future__ import annotations

import gc
import importlib.util
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import grognard
from grognard.core.machine import State

ANCHOR = Path(__file__).resolve().parents[2] / "shared" / "anchors" / "python_chess_ratio.py"


def load_anchor() -> Any:
    spec = importlib.util.spec_from_file_location("python_chess_ratio", ANCHOR)
    if spec is None or spec.loader is None:
        raise SystemExit(f"the anchor {ANCHOR} is missing: ../shared must sit beside the checkout")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ratio(rounds: int, seconds: float) -> dict[str, float]:
    """The anchor's own measurement: chess and NAE rounds interleaved, the order alternating each round."""
    anchor = load_anchor()
    game = grognard.load_game("nae")
    rnd = random.Random(1)
    chess, nae, ratios = [], [], []
    for i in range(rounds):
        if i % 2 == 0:
            c = anchor.chess_rate(seconds, rnd)
            g = anchor.nae_rate(seconds, rnd, game)
        else:
            g = anchor.nae_rate(seconds, rnd, game)
            c = anchor.chess_rate(seconds, rnd)
        chess.append(c)
        nae.append(g)
        ratios.append(g / c)
    return {"chess": statistics.median(chess), "nae": statistics.median(nae), "ratio": statistics.median(ratios),
            "min": min(ratios), "max": max(ratios)}


def cpu_ratio(rounds: int, seconds: float) -> dict[str, float]:
    """The same ratio by CPU time (``time.process_time``) instead of the anchor's wall clock: the loops are the
    anchor's, timed by what this process ran, which other processes on a loaded machine disturb far less."""
    import chess

    game = grognard.load_game("nae")
    rnd = random.Random(1)

    def chess_rate() -> float:
        moves, t0 = 0, time.process_time()
        while time.process_time() - t0 < seconds:
            b = chess.Board()
            while not b.is_game_over() and b.fullmove_number < 200:
                b.push(rnd.choice(list(b.legal_moves)))
                moves += 1
        return moves / (time.process_time() - t0)

    def nae_rate() -> float:
        n, t0 = 0, time.process_time()
        while time.process_time() - t0 < seconds:
            s = game.new_state("1815", seed=rnd.randrange(1 << 30))
            while not s.over:
                s.apply(rnd.choice(s.legal_actions()))
                n += 1
        return n / (time.process_time() - t0)

    ratios = []
    for i in range(rounds):
        c, g = (chess_rate(), nae_rate()) if i % 2 == 0 else reversed((nae_rate(), chess_rate()))
        ratios.append(g / c)
    return {"ratio": statistics.median(ratios), "min": min(ratios), "max": max(ratios)}


def timed(fn: Callable[[], Any], into: list[float]) -> Any:
    t0 = time.perf_counter()
    out = fn()
    into.append(time.perf_counter() - t0)
    return out


def operations(games: int) -> dict[str, list[float]]:
    """Per-decision costs along random games: the legal list, a copy, the apply of a random choice, and an undo
    of it where the rules allow one (on a copy: it replays from the undo base)."""
    game = grognard.load_game("nae")
    rnd = random.Random(2)
    costs: dict[str, list[float]] = {"legal_actions": [], "apply": [], "copy": [], "copy(for_search)": [],
                                     "apply(check=False)": [], "undo": []}
    n = 0
    for seed in range(games):
        st = game.new_state("1815", seed=seed)
        while not st.over:
            legal = timed(st.legal_actions, costs["legal_actions"])
            action = legal[int(rnd.random() * len(legal))]
            timed(st.copy, costs["copy"])
            trial = timed(lambda s=st: s.copy(for_search=True), costs["copy(for_search)"])
            applies = [lambda t=trial, a=action: timed(lambda: t.apply(a, check=False), costs["apply(check=False)"]),
                       lambda s=st, a=action: timed(lambda: s.apply(a), costs["apply"])]
            n += 1
            for run in applies if n % 2 else reversed(applies):  # the first one warms the supply caches
                run()
            if st.can_undo:
                timed(st.copy().undo, costs["undo"])
    return costs


def copy_bytes(samples: int) -> dict[str, float]:
    """Bytes allocated per copy (tracemalloc), for mid-game states of random games."""
    game = grognard.load_game("nae")
    rnd = random.Random(3)
    states: list[State] = []
    for seed in range(samples):
        st = game.new_state("1815", seed=1000 + seed)
        for _ in range(40):
            if st.over:
                break
            legal = st.legal_actions()
            st.apply(legal[int(rnd.random() * len(legal))])
        states.append(st)
    out = {}
    for name, make in (("copy", lambda s: s.copy()), ("copy(for_search)", lambda s: s.copy(for_search=True))):
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        kept = [make(s) for s in states]
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        out[name] = (after - before) / len(kept)
        del kept
    return out


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    r = ratio(rounds, seconds)
    print(f"python-chess {r['chess']:,.0f} decisions/s, NAE 1815 {r['nae']:,.0f} decisions/s: "
          f"ratio {r['ratio']:.3f} (median of {rounds} interleaved rounds; {r['min']:.3f}..{r['max']:.3f})")
    r = cpu_ratio(rounds, seconds)
    print(f"by CPU time: ratio {r['ratio']:.3f} (median of {rounds} interleaved rounds; "
          f"{r['min']:.3f}..{r['max']:.3f})")
    costs = operations(games)
    print(f"per operation over {len(costs['apply'])} decisions of {games} random games ({len(costs['undo'])} "
          "undos; µs):")
    print(f"  {'operation':<20} {'median':>8} {'p95':>8}")
    for name, xs in costs.items():
        xs.sort()
        print(f"  {name:<20} {statistics.median(xs) * 1e6:8.1f} {xs[int(len(xs) * 0.95)] * 1e6:8.1f}")
    for name, b in copy_bytes(50).items():
        print(f"bytes per {name}: {b / 1024:,.1f} KiB")


if __name__ == "__main__":
    main()
