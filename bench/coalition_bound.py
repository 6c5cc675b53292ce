"""How high can the Coalition go against random in 1815? (prints; never asserted in tests; docs/agents.md)

``match``: SPEC as the Coalition against ``random`` on seeds FROM..TO-1, seeded as ``grognard selfplay`` seeds
them (the same games), printing every game's result, CPU time and the running count with a Wilson 95% interval.

``oracle``: a pure experiment, never an agent: at each Coalition decision with a choice, the heuristic's WIDTH
ranked moves are each played out on a copy of the *true* state (the real hidden cards and the real dice stream, no
determinization) with the heuristic playing the Coalition afterwards and MODEL playing the Empire: ``random`` is
a copy of the real opponent's generator, so a playout is exactly the future that move would meet, ``heuristic``
is the model the search uses. The first move whose playout wins is played (the heuristic's own move first), else
the heuristic's. With the ``random`` model this clairvoyant player wins a seed as soon as any of its candidate
moves leads to a win with the heuristic's play after it: what no fair player can beat with these moves, so an
upper bound on what a Coalition built on the heuristic can reach with these rules and data.

Usage: python bench/coalition_bound.py match SPEC FROM TO          e.g. match search:iterations=400 0 40
       python bench/coalition_bound.py oracle WIDTH MODEL FROM TO  e.g. oracle 3 random 0 40
"""

from __future__ import annotations

import sys
import time

from grognard.agents.heuristic import game_ai
from grognard.agents.random_agent import RandomAgent
from grognard.agents.search import ranked
from grognard.core.machine import Action, State
from grognard.core.registry import load_game
from grognard.ratings import wilson
from grognard.selfplay import Match, play_match


def _report(label: str, wins: int, n: int) -> None:
    lo, hi = wilson(wins, n)
    print(f"{label}: Coalition {wins}/{n} = {wins / n:.1%} (Wilson 95% {lo:.1%}-{hi:.1%})", flush=True)


def match(spec: str, seeds: range) -> None:
    wins = 0
    for n, seed in enumerate(seeds, 1):
        t0 = time.process_time()
        o = play_match(Match("nae", "1815", seed, {"empire": "random", "coalition": spec}))
        wins += o.winner == "coalition"
        print(f"seed {seed}: {o.winner} wins in {o.decisions} decisions, {time.process_time() - t0:.0f} s CPU; "
              f"Coalition {wins}/{n}", flush=True)
    _report(f"{spec} against random", wins, len(seeds))


def _clone(agent: RandomAgent) -> RandomAgent:
    twin = RandomAgent()
    twin.rng.setstate(agent.rng.getstate())
    return twin


def _wins(st: State, action: Action, empire: RandomAgent | None) -> bool:
    """Play ``action`` on the true state, then the heuristic (Coalition) and the model (Empire) to the end."""
    ai = game_ai(st)
    st.apply(action, check=False)
    while not st.over:
        side = str(st.active)
        move = empire.choose(st, side) if empire is not None and side == "empire" else ai.policy(st, side)[0]
        st.apply(move, check=False)
    return (st.result or {}).get("winner") == "coalition"


def oracle(width: int, model: str, seeds: range) -> None:
    game = load_game("nae")
    wins = 0
    for n, seed in enumerate(seeds, 1):
        t0 = time.process_time()
        st = game.new_state("1815", seed=seed)
        empire = RandomAgent(seed * 7919)  # as play_match seeds the first seat
        ai = game_ai(st)
        switched = playouts = 0
        while not st.over:
            side = str(st.active)
            legal = st.legal_actions()
            if side == "empire":
                action = empire.choose(st, side)
            elif len(legal) == 1:
                action = legal[0]
            else:
                moves = [a for a, _ in ranked(ai, st, side, legal, width)]
                action = moves[0]
                for a in moves:
                    playouts += 1
                    if _wins(st.copy(), a, _clone(empire) if model == "random" else None):
                        action = a
                        break
                switched += action != moves[0]
            st.apply(action)
        wins += (st.result or {}).get("winner") == "coalition"
        print(f"seed {seed}: {(st.result or {}).get('winner')} wins, {switched} moves other than the heuristic's, "
              f"{playouts} playouts, {time.process_time() - t0:.0f} s CPU; Coalition {wins}/{n}", flush=True)
    _report(f"oracle width {width}, Empire modelled as {model}", wins, len(seeds))


def main() -> None:
    if sys.argv[1] == "oracle":
        oracle(int(sys.argv[2]), sys.argv[3], range(int(sys.argv[4]), int(sys.argv[5])))
    else:
        match(sys.argv[2], range(int(sys.argv[3]), int(sys.argv[4])))


if __name__ == "__main__":
    main()
