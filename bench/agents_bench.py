"""Decision time of the computer players (prints; never asserted in tests).

Plays 1815 games with AGENT on one side and the heuristic on the other and times (wall clock and CPU) every
decision AGENT takes that has a real choice (more than one legal action), with the search's playouts per decision
and the time a playout takes (which calibrates the iteration budget a time budget buys: ``search:iterations=N``
with N = 1.8 s / playout).

Usage: python bench/agents_bench.py [AGENT] [DECISIONS] [SEED]     e.g. ai:normal 40 1
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from grognard.agents import make_agent
from grognard.core.registry import load_game


def main() -> None:
    spec = sys.argv[1] if len(sys.argv) > 1 else "ai:normal"
    wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    game = load_game("nae")
    times: list[float] = []
    cpu: list[float] = []
    sims: list[int] = []
    per_playout: list[float] = []
    while len(times) < wanted:
        for side in game.sides:
            st = game.new_state("1815", seed=seed)
            agents = {s: make_agent(spec if s == side else "heuristic", seed) for s in game.sides}
            while not st.over and len(times) < wanted:
                actor = str(st.active)
                real = actor == side and len(st.legal_actions()) > 1
                t0, c0 = time.perf_counter(), time.process_time()
                action = agents[actor].choose(st, actor)
                if real:
                    times.append(time.perf_counter() - t0)
                    cpu.append(time.process_time() - c0)
                    sims.append(getattr(agents[actor], "last_iterations", 0))
                    if sims[-1]:
                        per_playout.append(times[-1] / sims[-1])
                st.apply(action)
        seed += 1
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    median = 1000 * statistics.median(times)
    print(f"{spec}: {len(times)} decisions with a choice; ms per decision: median {median:.1f}, "
          f"p95 {1000 * sorted(times)[int(0.95 * (len(times) - 1))]:.1f}, max {1000 * max(times):.1f}; CPU ms per "
          f"decision: median {1000 * statistics.median(cpu):.2f}, max {1000 * max(cpu):.1f}"
          + (f"; playouts per decision: median {statistics.median(sims):.0f}, min {min(sims)}, max {max(sims)}; "
             f"ms per playout: median {1000 * statistics.median(per_playout):.1f}" if any(sims) else "")
          + f"; load average {load:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
