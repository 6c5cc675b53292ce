"""The search on the grand campaigns (prints; never asserted in tests): games of SPEC in SEAT against the heuristic,
each with the CPU time of every decision the search takes (median, p95, max over the decisions with a choice, and
over those it plays out), the moves it played instead of the heuristic's, and the heuristic mirror's result on the
same seed; then the wins and the games not lost (1809's Coalition seat can rarely win, but denies the Empire its
victory) with Wilson 95% intervals, the mirror's on the same seeds, the decision times of the whole run and where
the slowest was taken. ``--decisions N`` stops each game after the searching side's N decisions (decision times only).
``--verify K`` checks each move the search played instead of the heuristic's on K fresh paired determinizations
played to the same horizon (``--year-end``: to the year's end, where the conquest and victory phases read what it
brought): the mean lead and its z (a switch that was noise shows a z near 0).

Usage: python bench/grand_search_bench.py SCENARIO SPEC SEAT FROM TO [--decisions N] [--year Y] [--verify K]
[--year-end] [--quiet]
(e.g. 1809 search:iterations=40 coalition 0 10)
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from grognard.agents import make_agent
from grognard.agents.heuristic import game_ai
from grognard.agents.search import SearchAgent
from grognard.core.machine import Action, State
from grognard.core.registry import load_game
from grognard.ratings import wilson


def result(st: State) -> str:
    return str((st.result or {}).get("winner") or "both lose") if st.over else "unfinished"


def mirror(scenario: str, seed: int) -> tuple[str, int]:
    """The heuristic mirror game of ``seed``: its result and final victory level."""
    st = load_game("nae").new_state(scenario, seed=seed)
    agent = make_agent("heuristic", seed)
    while not st.over:
        st.apply(agent.choose(st, str(st.active)))
    return result(st), int(st.g["vp"])


def verify(st: State, side: str, choice: Action, hint: Action, checks: int, rng: random.Random,
           to_year_end: bool = False) -> str:
    """``choice`` against the heuristic's ``hint`` on ``checks`` fresh paired determinizations, to the horizon (or
    to the year's end: the conquests and the victory level read, 5.3-5.4)."""
    ai = game_ai(st)
    judge = SearchAgent(0, iterations=None, seconds=1e9, rollout=5000)
    year = st.g["year"]
    horizon = (lambda s: s.g["year"] != year) if to_year_end else ai.search_plan(st, side)[1]
    diffs = []
    for _ in range(checks):
        det = st.determinize(side, rng)
        mine = judge._playout(det.copy(), choice, side, ai, None, horizon)
        theirs = judge._playout(det, hint, side, ai, None, horizon)
        assert mine is not None and theirs is not None
        diffs.append(mine - theirs)
    z = sum(diffs) / math.sqrt(sum(d * d for d in diffs)) if any(diffs) else 0.0
    where = "to the year's end" if to_year_end else "to the horizon"
    return f"verified on {checks} {where}: mean lead {statistics.mean(diffs):+.4f}, z {z:+.1f}"


def spread(times: list[float]) -> str:
    if not times:
        return "none"
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
    return (f"median {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
            f" CPU over {len(times)}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scenario")
    p.add_argument("spec")
    p.add_argument("seat", choices=("empire", "coalition"))
    p.add_argument("first", type=int)
    p.add_argument("end", type=int, help="the seed after the last")
    p.add_argument("--decisions", type=int, default=None, help="stop after the searching side's N decisions")
    p.add_argument("--year", type=int, default=None,
                   help="the heuristics play both sides until this year's activation phase (e.g. the last year's)")
    p.add_argument("--verify", type=int, default=0, help="check each switch on K fresh determinizations")
    p.add_argument("--year-end", action="store_true", help="verify to the year's end rather than the horizon")
    p.add_argument("--quiet", action="store_true", help="do not print the moves that differ from the heuristic's")
    a = p.parse_args()
    seeds = range(a.first, a.end)
    all_choice: list[float] = []
    all_searched: list[float] = []
    walls: list[float] = []  # wall-clock time of the searched decisions (a time budget's bound)
    slowest = (0.0, "")  # the searched decision with the most CPU time, and where it was taken
    wins = mirror_wins = finished = 0
    held = mirror_held = 0  # games the other side did not win (1809's Coalition seat: the Empire's victory denied)
    rng = random.Random(99)
    for seed in seeds:
        st = load_game("nae").new_state(a.scenario, seed=seed)
        agents = {s: make_agent(a.spec if s == a.seat else "heuristic", seed) for s in ("empire", "coalition")}
        agent = agents[a.seat]
        while a.year is not None and not st.over and (st.g["year"], st.g["phase"]) != (a.year, "activation"):
            st.apply(agents["empire" if a.seat == "coalition" else "coalition"].choose(st, str(st.active)))
        choice: list[float] = []
        searched: list[float] = []
        switched = playouts = n = 0
        start = time.process_time()
        while not st.over and (a.decisions is None or n < a.decisions):
            side = str(st.active)
            if side != a.seat:
                st.apply(agents[side].choose(st, side))
                continue
            legal = st.legal_actions()
            t0, w0 = time.process_time(), time.perf_counter()
            action = agent.choose(st, side)
            dt = time.process_time() - t0
            n += 1
            if len(legal) > 1:
                choice.append(dt)
                if getattr(agent, "last_iterations", 0):
                    searched.append(dt)
                    walls.append(time.perf_counter() - w0)
                    if dt > slowest[0]:
                        slowest = (dt, f"seed {seed} {st.g['year']} {st.g['phase']} round {st.g['round']} {st.step}, "
                                       f"{agent.last_iterations} playouts, {walls[-1] * 1000:.0f} ms wall clock")
                    playouts += getattr(agent, "last_iterations", 0)
                    hint = game_ai(st).policy(st, side, legal)[0]
                    if action != hint:
                        switched += 1
                        checked = f" | {verify(st, side, action, hint, a.verify, rng, a.year_end)}" if a.verify else ""
                        if not a.quiet:
                            print(f"    {st.g['year']} round {st.g['round']} {st.step}: {agent.last_reason}{checked}",
                                  flush=True)
            st.apply(action)
        cpu = time.process_time() - start
        all_choice += choice
        all_searched += searched
        line = (f"seed {seed}: {result(st)} ({st.g['year']} round {st.g['round']}, level {st.g['vp']}); "
                f"{cpu:.0f} s CPU, {len(choice)} decisions with a choice, {len(searched)} searched, {playouts} "
                f"playouts, {switched} moves other than the heuristic's")
        if st.over and a.decisions is None:
            finished += 1
            other = "coalition" if a.seat == "empire" else "empire"
            wins += result(st) == a.seat
            held += result(st) != other
            mr, mvp = mirror(a.scenario, seed)
            mirror_wins += mr == a.seat
            mirror_held += mr != other
            line += (f"; mirror: {mr} (level {mvp}); {a.seat} {wins}/{finished} (not lost {held}), "
                     f"mirror {mirror_wins}/{finished} (not lost {mirror_held})")
        print(line, flush=True)
        print(f"  decision time: with a choice {spread(choice)}; searched {spread(searched)}; "
              f"{sum(searched) / max(1, playouts) * 1000:.1f} ms CPU a playout", flush=True)
    print(f"all decisions with a choice: {spread(all_choice)}; searched: {spread(all_searched)}; "
          f"searched, wall clock: {spread(walls).replace(' CPU', '')}")
    if slowest[1]:
        print(f"slowest searched decision: {slowest[0] * 1000:.0f} ms CPU at {slowest[1]}")
    if finished:
        for who, w, h in ((a.spec, wins, held), ("heuristic mirror", mirror_wins, mirror_held)):
            for what, k in (("won", w), ("not lost", h)):
                lo, hi = wilson(k, finished)
                print(f"{who} as {a.seat}, {what}: {k}/{finished} = {k / finished:.1%} (Wilson 95% {lo:.1%}-{hi:.1%})")


if __name__ == "__main__":
    main()
