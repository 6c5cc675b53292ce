"""Where the search leaves the heuristic's move, and whether it was right (prints; never asserted in tests).

``match``: 1815 games of SPEC in SEAT against the heuristic (seeds FROM..TO-1, the agents seeded with the game's
seed), printing every move the search played instead of the heuristic's, each game's CPU time and playouts, and
the wins with a Wilson 95% interval, then the heuristic mirror's on the same seeds. ``verify``: heuristic mirror
games in which the search is asked at every decision of SEAT; where it would leave the heuristic's move, CHECKS
fresh paired determinizations play its move and the heuristic's to the end (both heuristics after it), and the
games each wins that the other loses are printed. ``lost``: the ``match`` games SEAT loses, read again: at each of
SEAT's decisions with a choice, the heuristic's first four ranked moves (the search's candidates and its first
widening) are each played on CHECKS paired fair futures (determinized for SEAT, both heuristics after), and their
wins printed beside the move played; ``<<<`` marks a decision where another move won an eighth of CHECKS more (the
turning moves); the reading stops where every move loses every future.

Usage: python bench/search_switches.py match SPEC SEAT FROM TO
       python bench/search_switches.py verify SPEC SEAT FROM TO CHECKS
       python bench/search_switches.py lost SPEC SEAT FROM TO CHECKS
(e.g. match search:iterations=110 coalition 1000 1040; verify search:iterations=110 coalition 1000 1002 150;
lost search:iterations=110 empire 1046 1047 24)
"""

from __future__ import annotations

import random
import sys
import time

from grognard.agents import make_agent
from grognard.agents.heuristic import game_ai
from grognard.agents.search import ranked
from grognard.core.machine import Action, Game, State
from grognard.core.registry import load_game
from grognard.ratings import wilson


def _result(st: State, action: Action, side: str) -> bool:
    ai = game_ai(st)
    st.apply(action, check=False)
    while not st.over:
        st.apply(ai.policy(st, str(st.active))[0], check=False)
    return (st.result or {}).get("winner") == side


def match(spec: str, seat: str, seeds: range) -> None:
    game = load_game("nae")
    wins = 0
    for n, seed in enumerate(seeds, 1):
        st = game.new_state("1815", seed=seed)
        agents = {s: make_agent(spec if s == seat else "heuristic", seed) for s in game.sides}
        t0 = time.process_time()
        decisions = switched = playouts = widened = 0
        while not st.over:
            side = str(st.active)
            action = agents[side].choose(st, side)
            if side == seat and len(st.legal_actions()) > 1:
                decisions += 1
                playouts += getattr(agents[side], "last_iterations", 0)
                widened += getattr(agents[side], "last_tried", 0) > getattr(agents[side], "width", 0)
                if action != game_ai(st).policy(st, side)[0]:
                    switched += 1
                    print(f"    round {st.g['round']}: {agents[side].last_reason}", flush=True)
            st.apply(action)
        wins += (st.result or {}).get("winner") == seat
        print(f"seed {seed}: {(st.result or {}).get('winner')} wins; {time.process_time() - t0:.0f} s CPU, "
              f"{decisions} decisions with a choice ({widened} widened), {switched} moves other than the heuristic's, "
              f"{playouts} playouts;"
              f" {seat} {wins}/{n}", flush=True)
    lo, hi = wilson(wins, len(seeds))
    print(f"{spec} as {seat} against the heuristic: {wins}/{len(seeds)} = {wins / len(seeds):.1%} "
          f"(Wilson 95% {lo:.1%}-{hi:.1%})")
    mirror = sum(_mirror(game, seed) == seat for seed in seeds)
    lo, hi = wilson(mirror, len(seeds))
    print(f"the heuristic mirror on these seeds: {seat} {mirror}/{len(seeds)} = {mirror / len(seeds):.1%} "
          f"(Wilson 95% {lo:.1%}-{hi:.1%}); the search's lead: {(wins - mirror) / len(seeds):+.1%} (target +20)")


def _mirror(game: Game, seed: int) -> str | None:
    """The winner of the heuristic mirror game of ``seed`` (both heuristics seeded as in ``match``)."""
    st = game.new_state("1815", seed=seed)
    agent = make_agent("heuristic", seed)
    while not st.over:
        st.apply(agent.choose(st, str(st.active)))
    return (st.result or {}).get("winner")


def verify(spec: str, seat: str, seeds: range, checks: int) -> None:
    game = load_game("nae")
    rng = random.Random(99)
    won = lost = 0
    for seed in seeds:
        st = game.new_state("1815", seed=seed)
        heuristic, search = make_agent("heuristic", seed), make_agent(spec, seed)
        while not st.over:
            side = str(st.active)
            action = heuristic.choose(st, side)
            if side == seat and len(st.legal_actions()) > 1:
                choice = search.choose(st, side)
                if choice != action:
                    w = lost_here = 0
                    for _ in range(checks):
                        det = st.determinize(side, rng)
                        mine, theirs = _result(det.copy(), choice, side), _result(det, action, side)
                        w += mine > theirs
                        lost_here += theirs > mine
                    won, lost = won + w, lost + lost_here
                    print(f"seed {seed} round {st.g['round']} {st.step}: +{w} -{lost_here} of {checks} | "
                          f"{search.last_reason}", flush=True)
            st.apply(action)
    print(f"all switches: {won} games won that the heuristic's move lost, {lost} the reverse")


def lost(spec: str, seat: str, seeds: range, checks: int) -> None:
    game = load_game("nae")
    rng = random.Random(99)
    for seed in seeds:
        st = game.new_state("1815", seed=seed)
        agents = {s: make_agent(spec if s == seat else "heuristic", seed) for s in game.sides}
        while not st.over:
            st.apply(agents[str(st.active)].choose(st, str(st.active)))
        print(f"seed {seed}: {(st.result or {}).get('winner')} wins: {(st.result or {}).get('text')}", flush=True)
        if (st.result or {}).get("winner") == seat:
            continue
        replay = game.new_state("1815", seed=seed)
        for action in st.actions:
            if replay.active == seat and len(replay.legal_actions()) > 1:
                moves = [a for a, _ in ranked(game_ai(replay), replay, seat, replay.legal_actions(), 4)]
                if action not in moves:
                    moves.append(action)
                wins = [0] * len(moves)
                for _ in range(checks):
                    det = replay.determinize(seat, rng)
                    for i, move in enumerate(moves):
                        wins[i] += _result(det.copy(), move, seat)
                played = wins[moves.index(action)]
                others = "; ".join(f"{game.label(replay, m)} {w}"
                                   for m, w in zip(moves, wins, strict=True) if m != action)
                print(f"  round {replay.g['round']} {replay.step}: {game.label(replay, action)} {played}/{checks}; "
                      f"{others}{' <<<' if max(wins) - played >= checks / 8 else ''}", flush=True)
                if not max(wins):
                    print("  lost in every fair future from here", flush=True)
                    break
            replay.apply(action)


def main() -> None:
    mode, spec, seat, lo, hi = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    if mode == "verify":
        verify(spec, seat, range(lo, hi), int(sys.argv[6]) if len(sys.argv) > 6 else 150)
    elif mode == "lost":
        lost(spec, seat, range(lo, hi), int(sys.argv[6]) if len(sys.argv) > 6 else 24)
    else:
        match(spec, seat, range(lo, hi))


if __name__ == "__main__":
    main()
