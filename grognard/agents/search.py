"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

Each iteration draws a determinization of the state as the searching side sees it (``State.determinize``), walks
the one tree of action sequences that all determinizations share, choosing among the actions legal in this
determinization by UCB (counting how often each was available), adds one node, plays the game's heuristic for a
few rounds and scores the position with the game's evaluation function. Progressive widening lets a node try its
actions one at a time, the heuristic's choice first, as its visits grow. The search never sees the true hidden
state: the real state is read only through ``determinize`` and for the searching side's own legal actions."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from grognard.agents.heuristic import game_ai
from grognard.core.machine import Action, State

EXPLORATION = 0.7  # UCB constant on rewards in [0, 1]
WIDEN_C, WIDEN_ALPHA = 1.5, 0.5  # a node may try ceil(C * visits**alpha) of its actions
TIME_SHARE = 0.9  # a time budget keeps a tenth for a slow last simulation and the final choice
PRIOR_MARGIN = 0.03  # expected score by which a move must beat the heuristic's to be played instead


@dataclass
class Node:
    visits: int = 0
    avail: dict[Action, int] = field(default_factory=dict)
    children: dict[Action, Node] = field(default_factory=dict)
    value: dict[str, float] = field(default_factory=dict)  # summed reward per side
    order: list[Action] = field(default_factory=list)  # actions in the order they may be tried


class SearchAgent:
    """IS-MCTS with an iteration budget (deterministic for a seed) or a time budget in seconds."""

    def __init__(self, seed: int = 0, iterations: int | None = 400, seconds: float | None = None,
                 rollout: int = 40) -> None:
        if iterations is None and seconds is None:
            raise ValueError("a search needs a budget: iterations or seconds")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout  # decisions played by the heuristic before the evaluation
        self.last_reason = ""
        self.last_iterations = 0

    def choose(self, state: State, side: str) -> Action:
        legal = state.legal_actions()
        ai = game_ai(state)
        if len(legal) == 1:
            self.last_reason = ai.describe_choice(state, legal[0], "the only choice")
            return legal[0]
        rng = random.Random(self.rng.getrandbits(64))
        root = Node()
        start = last = time.perf_counter()
        longest = 0.0
        n = 0
        while self.iterations is None or n < self.iterations:
            if self.seconds is not None and n and last - start + longest > TIME_SHARE * self.seconds:
                break  # the next simulation might overrun the time budget
            if n and self._settled(root, legal, self._left(n, last - start)):
                break  # no choice can overtake the most visited one in the simulations left
            self._iterate(state.determinize(side, rng), root, rng, ai)
            n += 1
            now = time.perf_counter()
            longest, last = max(longest, now - last), now
        self.last_iterations = n
        best = max((a for a in legal if a in root.children), key=lambda a: (root.children[a].visits, -legal.index(a)))
        hint, reason = ai.policy(state, side, legal)
        if hint != best and hint in root.children and not self._beats(root.children[best], root.children[hint], side):
            best = hint
        child = root.children[best]
        win = child.value.get(side, 0.0) / max(1, child.visits)
        if hint != best:
            reason = ""
        why = f"{child.visits} of {n} simulations, expected score {win:.0%}" + (f"; {reason}" if reason else "")
        self.last_reason = ai.describe_choice(state, best, why)
        return best

    def _iterate(self, st: State, root: Node, rng: random.Random, ai: Any) -> None:
        path = [root]
        node = root
        while not st.over:
            legal = st.legal_actions()
            actor = str(st.active)
            if not node.order:
                first = ai.policy(st, actor, legal)[0]
                rest = [a for a in legal if a != first]
                rng.shuffle(rest)
                node.order = [first, *rest]
            else:
                node.order += [a for a in legal if a not in node.order]
            allowed = max(1, math.ceil(WIDEN_C * (node.visits + 1) ** WIDEN_ALPHA))
            tried = node.order[:allowed]
            here = [a for a in tried if a in legal] or [next(a for a in node.order if a in legal)]
            for a in here:
                node.avail[a] = node.avail.get(a, 0) + 1
            fresh = [a for a in here if a not in node.children]
            if fresh:
                action = fresh[0]
                node.children[action] = Node()
                st.apply(action, check=False)
                path.append(node.children[action])
                break
            action = max(here, key=lambda a: self._ucb(node.children[a], node.avail[a], actor))
            node = node.children[action]
            st.apply(action, check=False)
            path.append(node)
        reward = self._rollout(st, rng, ai)
        for nd in path:
            nd.visits += 1
            for s, r in reward.items():
                nd.value[s] = nd.value.get(s, 0.0) + r

    def _left(self, n: int, elapsed: float) -> int:
        """Simulations the budget still allows: exact for an iteration budget, at the mean pace so far for time."""
        left = self.iterations - n if self.iterations is not None else None
        if self.seconds is not None:
            by_time = int((TIME_SHARE * self.seconds - elapsed) / (elapsed / n)) + 1
            left = by_time if left is None else min(left, by_time)
        return max(0, left or 0)

    @staticmethod
    def _settled(root: Node, legal: list[Action], left: int) -> bool:
        """The move played is the most visited: once its lead exceeds the simulations left, it is decided."""
        visits = sorted((root.children[a].visits for a in legal if a in root.children), reverse=True)
        return len(visits) > 0 and visits[0] - (visits[1] if len(visits) > 1 else 0) > left

    @staticmethod
    def _beats(child: Node, hint: Node, side: str) -> bool:
        """The most visited move replaces the heuristic's only if its expected score is higher by ``PRIOR_MARGIN``:
        with a few dozen simulations a smaller lead is noise, and the heuristic's move is the better bet."""
        def mean(n: Node) -> float:
            return n.value.get(side, 0.0) / max(1, n.visits)
        return mean(child) > mean(hint) + PRIOR_MARGIN

    @staticmethod
    def _ucb(child: Node, avail: int, actor: str) -> float:
        if child.visits == 0:
            return math.inf
        mean = child.value.get(actor, 0.0) / child.visits
        return mean + EXPLORATION * math.sqrt(math.log(max(avail, 1)) / child.visits)

    def _rollout(self, st: State, rng: random.Random, ai: Any) -> dict[str, float]:
        for _ in range(self.rollout):
            if st.over:
                break
            actor = str(st.active)
            legal = st.legal_actions()
            action = legal[int(rng.random() * len(legal))] if rng.random() < 0.1 else ai.policy(st, actor, legal)[0]
            st.apply(action, check=False)
        return {s: (ai.evaluate(st, s) + 1) / 2 for s in st.game.sides}
