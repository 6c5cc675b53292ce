"""Information-set Monte Carlo search over the heuristic's ranked moves (single observer, flat at the root).

The heuristic ranks the moves: its choice, then its choice once that move is struck out, and so on (``ranked``).
Each simulation draws a determinization of the state as the searching side sees it (``State.determinize``) and
plays every candidate on its own copy of it, then both sides' heuristics to the end of the game (or for ``rollout``
decisions, scored by the game's evaluation function): the candidates are compared on the same hidden cards and the
same dice (common random numbers), so most pairs of simulations end alike and those that differ are the candidate's
doing. A candidate replaces the heuristic's move only when its paired lead passes a sign test (``passes``); one
that can no longer pass in the simulations left is dropped, and so is one the simulations say is not worth more of
them (``patient``): most steps of a game end alike whatever is chosen and stop after ``PATIENCE`` simulations. At a
step that decides games, once the first candidates are dropped the budget left goes to the heuristic's next choices
(up to ``wide`` moves); the search stops when no candidate is left.

A game's AI may plan the search step by step (its ``search_plan(state, side)`` hook): a step it calls routine is
answered with the heuristic's move at once, and at the others a playout stops at the horizon it names and is scored
by the evaluation; such scores are small and never even, so a candidate must lead by ``EDGE`` a simulation on
average as well as pass the sign test (``passes`` with ``edge``). The grand campaigns use it (``ai_grand``: a game
of 1,500-3,000 decisions cannot be played out at each); 1815 has no plan and plays every step out to the end.

Why flat and why to the end (docs/agents.md, "The search"): in 1815 the evaluation function hardly predicts the
result before the last rounds, while a game played out by the heuristics costs about 20 ms; the opponent a match
meets is the heuristic, so a playout is its exact model; and a 2-second budget buys about a hundred playouts, which
a tree would spread too thin to go deeper than its root. The search never sees the true hidden state: the real
state is read only through ``determinize`` and, for the ranking, by the heuristic, which reads only what the side
may see."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from grognard.agents.heuristic import game_ai, seen_by
from grognard.core.machine import Action, State

WIDTH = 3  # candidates: the heuristic's move and its next two choices
WIDE = 7  # at a step that decides games, up to this many moves are tried: the heuristic's next choices, ...
WIDEN = 2  # ... two at a time, once the ones before are dropped (they have the budget left to themselves)
ROLLOUT = 400  # decisions played out before the evaluation (an 1815 game has about 150: it is played to the end)
Z = 1.5  # sign test on the paired results: lead >= Z * sqrt(sum of squared differences)
MIN_LEAD = 4.0  # and at least four games more won than lost against the heuristic's move
PATIENCE = 4  # simulations after which a candidate that never ended otherwise than the heuristic's move, or
# trails it, is dropped: a routine step (most of a game's) costs 4 simulations, a decisive one keeps its candidates
LATE = 12  # simulations after which a candidate that has not led the heuristic's move is dropped
TIME_SHARE = 0.9  # a time budget keeps a tenth for a slow last simulation and the final choice
EDGE = 0.005  # playouts scored by the evaluation at a horizon: the least mean lead per simulation a candidate
# needs (on the [0, 1] scale: about two of the Empire's steps in a grand campaign, or a twelfth of a victory level)

Horizon = Callable[[State], bool]  # True where a playout stops and is scored by the game's evaluation


def ranked(ai: Any, st: State, side: str, legal: list[Action], width: int) -> list[tuple[Action, str]]:
    """The heuristic's moves in its order of preference, each with its reason: its choice, then its choice among
    the moves left, up to ``width`` moves (its rules pick from the legal list they are given)."""
    left = list(legal)
    out: list[tuple[Action, str]] = []
    while left and len(out) < width:
        # the last move left needs no rule (and a rule may read the kind of step from the first move offered)
        action, reason = ai.policy(st, side, left) if len(left) > 1 else (left[0], "the last move left")
        out.append((action, reason))
        left.remove(action)
    return out


def passes(lead: float, spread: float, edge: float | None = None, sims: int = 0) -> bool:
    """A candidate's summed lead over the heuristic's move (``spread``: sum of the squared differences) is more
    than noise: a sign test on the simulations whose results differ. Playouts scored by the evaluation (``edge``
    given) never end even: the lead must also be worth ``edge`` a simulation on average over ``sims`` of them, at
    least ``PATIENCE``."""
    if edge is None:
        return lead >= max(MIN_LEAD, Z * math.sqrt(spread))
    return sims >= PATIENCE and lead >= max(edge * sims, Z * math.sqrt(spread))


def may_pass(lead: float, spread: float, left: int, edge: float | None = None, sims: int = 0) -> bool:
    """Could the candidate still pass if it won every one of the ``left`` simulations still to come?"""
    return passes(lead + left, spread + left, edge, sims + left)


def patient(sims: int, lead: float, spread: float) -> bool:
    """Is a candidate worth more simulations? Not once ``PATIENCE`` simulations ended alike for it and the heuristic's
    move (the step does not decide the game) or it trails, nor once it has not led after ``LATE``."""
    if sims < PATIENCE:
        return True
    return spread > 0 and lead >= 0 and (sims < LATE or lead > 0)


class SearchAgent:
    """Flat IS-MC over the heuristic's ranked moves, with an iteration budget (deterministic for a seed: an
    iteration is one playout) or a time budget in seconds."""

    def __init__(self, seed: int = 0, iterations: int | None = 400, seconds: float | None = None,
                 rollout: int = ROLLOUT, width: int = WIDTH, wide: int = WIDE) -> None:
        if iterations is None and seconds is None:
            raise ValueError("a search needs a budget: iterations or seconds")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.width = width
        self.wide = max(width, wide)
        self.last_reason = ""
        self.last_iterations = 0
        self.last_tried = 0
        self._slowest_step = 0.0  # wall-clock time of a decision's slowest playout step (a time budget's margin)

    def choose(self, state: State, side: str) -> Action:
        start = time.perf_counter()  # a time budget counts the whole decision: the view and the ranking too
        legal = state.legal_actions()
        ai = game_ai(state)
        view = seen_by(state, side, self.rng)
        # the game's plan for this step (module docstring): searched or routine, and the playouts' horizon
        searched, horizon = ai.search_plan(view, side) if hasattr(ai, "search_plan") else (True, None)
        moves = ranked(ai, view, side, legal, self.width if len(legal) > 1 and searched else 1)
        hint, reason = moves[0]
        edge = None if horizon is None else EDGE
        self.last_iterations = 0
        self.last_tried = 0  # moves played out (the heuristic's included)
        self._slowest_step = 0.0
        if len(moves) == 1:
            self.last_reason = ai.describe_choice(view, hint, reason if len(legal) > 1 else "the only choice")
            return hint
        rng = random.Random(self.rng.getrandbits(64))
        alive = [a for a, _ in moves[1:]]
        lead = dict.fromkeys(alive, 0.0)
        spread = dict.fromkeys(alive, 0.0)
        seen = dict.fromkeys(alive, 0)  # simulations each candidate shared with the heuristic's move
        own = dict.fromkeys(alive, 0.0)  # each candidate's summed score over those simulations
        total = 0.0  # the heuristic's move's summed score
        deadline = None if self.seconds is None else start + TIME_SHARE * self.seconds
        longest = 0.0
        n = sims = 0
        while alive:
            det = state.determinize(side, rng)
            batch = [hint, *alive]
            scores: dict[Action, float] = {}
            for i, action in enumerate(batch):
                if not self._time_left(start, longest, n):
                    break
                t0 = time.perf_counter()
                score = self._playout(det if i == len(batch) - 1 else det.copy(), action, side, ai, deadline, horizon)
                if score is None:
                    break  # a playout longer than the time left (a grand campaign under load) is abandoned
                scores[action] = score
                longest = max(longest, time.perf_counter() - t0)
                n += 1
            if len(scores) < 2:
                break  # the budget is spent
            sims += 1
            total += scores[hint]
            for a in alive:
                if a in scores:
                    d = scores[a] - scores[hint]
                    lead[a] += d
                    spread[a] += d * d
                    seen[a] += 1
                    own[a] += scores[a]
            left = self._sims_left(n, len(alive) + 1, start)
            alive = [a for a in alive
                     if may_pass(lead[a], spread[a], left, edge, seen[a]) and patient(seen[a], lead[a], spread[a])]
            more = min(WIDEN, self.wide - len(moves), len(legal) - len(moves))
            if not alive and more > 0 and any(spread.values()) and self._sims_left(n, more + 1, start) >= PATIENCE:
                # the step decides games (some playouts ended otherwise) and the heuristic's next choices lost
                # their chance: the budget left goes to its following choices
                fresh = ranked(ai, view, side, [a for a in legal if a not in lead and a != hint], more)
                moves += fresh
                alive = [a for a, _ in fresh]
                for a in alive:
                    lead[a] = spread[a] = own[a] = 0.0
                    seen[a] = 0
        self.last_iterations = n
        self.last_tried = len(moves)
        winners = [a for a, _ in moves[1:] if passes(lead[a], spread[a], edge, seen[a])]
        best = max(winners, key=lambda a: lead[a], default=hint)
        # a candidate's own playouts: the heuristic's mean over every simulation plus the lead over the candidate's
        # fewer ones mixed two samples (and could pass 100%)
        win = total / max(1, sims) if best == hint else own[best] / seen[best]
        why = f"expected score {win:.0%} in {sims if best == hint else seen[best]} simulations"
        if best == hint:
            why += f" ({len(moves) - 1} other moves tried); {reason}"
        elif edge is None:
            why += f", {lead[best]:+.0f} games against the heuristic's {state.game.label(state, hint)}"
        else:  # scored by the evaluation: the mean lead
            mean = lead[best] / seen[best]
            why += f", {mean:+.3f} a simulation against the heuristic's {state.game.label(state, hint)}"
        self.last_reason = ai.describe_choice(view, best, why)
        return best

    def _time_left(self, start: float, longest: float, n: int) -> bool:
        """The iteration budget is not spent, and the next playout cannot overrun the time budget."""
        if self.iterations is not None and n >= self.iterations:
            return False
        return self.seconds is None or not n or time.perf_counter() - start + longest <= TIME_SHARE * self.seconds

    def _sims_left(self, n: int, batch: int, start: float) -> int:
        """Simulations (batches of ``batch`` playouts) the budget still allows: exact for an iteration budget, at
        the mean pace so far for time."""
        left = (self.iterations - n) // batch if self.iterations is not None else None
        if self.seconds is not None:
            elapsed = time.perf_counter() - start
            by_time = int((TIME_SHARE * self.seconds - elapsed) / (elapsed / n) / batch)
            left = by_time if left is None else min(left, by_time)
        return max(0, left or 0)

    def _playout(self, st: State, action: Action, side: str, ai: Any, deadline: float | None,
                 horizon: Horizon | None) -> float | None:
        """``side``'s score in [0, 1] after ``action`` and the heuristics' play: the result when the game ends,
        else the evaluation at the ``horizon`` or after ``rollout`` decisions; None if the time budget's
        ``deadline`` would pass first (the next step is assumed as slow as the decision's slowest so far)."""
        st.apply(action, check=False)
        for _ in range(self.rollout):
            if st.over or (horizon is not None and horizon(st)):
                break
            if deadline is None:
                st.apply(ai.policy(st, str(st.active))[0], check=False)
                continue
            now = time.perf_counter()
            if now + self._slowest_step > deadline:
                return None  # the next step could overrun: on a loaded machine one step may take a second
            st.apply(ai.policy(st, str(st.active))[0], check=False)
            self._slowest_step = max(self._slowest_step, time.perf_counter() - now)
        return (float(ai.evaluate(st, side)) + 1) / 2
