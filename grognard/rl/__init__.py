"""A PettingZoo AEC environment over any Grognard game with a fixed action index (``Game.action_catalog``).

Each agent is a side. An observation is a dict: ``observation``, a flat float vector built only from the side's
redacted view (``State.view``: no other hand, no draw pile, no future dice), and ``action_mask``, 1 for the legal
actions of the fixed index. Rewards come at the end: 1 to the winner, -1 to the others, 0 to all on a draw.
Needs the ``rl`` extra (pettingzoo, gymnasium)."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from grognard.core.machine import Action, State
from grognard.core.registry import load_game


class GrognardEnv(AECEnv[str, dict[str, np.ndarray], int]):
    metadata: ClassVar[dict[str, Any]] = {"name": "grognard_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str = "nae", scenario: str = "1815", options: dict[str, bool] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game = load_game(game)
        self.scenario = scenario
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.catalog: list[Action] = self.game.action_catalog(scenario)
        self.index = {a: i for i, a in enumerate(self.catalog)}
        self.possible_agents = list(self.game.sides)
        st = self.game.new_state(scenario, seed=0, options=self.options)
        self._features = _Features(st)
        n = self._features.size
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=-1.0, high=np.inf, shape=(n,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(len(self.catalog),), dtype=np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.catalog)) for a in self.possible_agents}
        self.game_state: State = st

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game_state = self.game.new_state(self.scenario, seed=seed or 0, options=self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = str(self.game_state.active)

    def mask(self) -> np.ndarray:
        """1 for each legal action of the side to act, in the fixed index."""
        m = np.zeros(len(self.catalog), dtype=np.int8)
        for a in self.game_state.legal_actions():
            if a not in self.index:
                raise RuntimeError(f"action {a!r} is missing from {self.game.name}'s action catalog")
            m[self.index[a]] = 1
        return m

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = self.mask() if agent == self.game_state.active else np.zeros(len(self.catalog), dtype=np.int8)
        return {"observation": self._features.vector(self.game_state, agent), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if action is None or not 0 <= int(action) < len(self.catalog):
            raise ValueError(f"action {action!r} is not an index of the {len(self.catalog)} actions")
        self.game_state.apply(self.catalog[int(action)])
        self.rewards = {a: 0.0 for a in self.agents}
        if self.game_state.over:
            winner = self.game_state.result["winner"] if self.game_state.result else None
            for a in self.agents:
                self.rewards[a] = 0.0 if winner is None else (1.0 if a == winner else -1.0)
                self.terminations[a] = True
            self._accumulate_rewards()
            return
        self.agent_selection = str(self.game_state.active)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return "\n".join([*self.game.describe(self.game_state, None), self.game_state.prompt])
        return None

    def close(self) -> None:
        pass


class _Features:
    """The observation vector, from ``State.view(side)`` only: the round, whose turn, then per zone each side's
    combat value outside and inside fortresses and who controls it, then the side's hand over all cards and every
    side's hand and pile sizes."""

    def __init__(self, st: State) -> None:
        board = st.view(st.game.sides[0])["board"]
        self.zones = sorted({f["zone"] for f in board.get("forces", {}).values()} | set(board.get("control", {})))
        self.zone_index = {z: i for i, z in enumerate(self.zones)}
        self.cards = sorted({c for a in st.game.action_catalog(st.setup["scenario"]) if a[0] == "card"
                             for c in [a[1]]})
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.sides = list(st.game.sides)
        self.size = 2 + len(self.sides) + 3 * len(self.zones) + len(self.cards) + 2 * len(self.sides)

    def vector(self, st: State, side: str) -> np.ndarray:
        view = st.view(side)
        board = view["board"]
        v = np.zeros(self.size, dtype=np.float32)
        v[0] = board.get("round", 0) / 10
        v[1] = 1.0 if view["active"] == side else 0.0
        if view["active"] in self.sides:
            v[2 + self.sides.index(view["active"])] = 1.0
        base = 2 + len(self.sides)
        for f in board.get("forces", {}).values():
            i = self.zone_index.get(f["zone"])
            if i is not None:
                value = float(sum(f["units"].values()))
                v[base + 3 * i + (0 if f["side"] == side else 1)] += value
        for z, power in board.get("control", {}).items():
            i = self.zone_index.get(z)
            if i is not None:
                owner = board.get("sides", {}).get(power)
                v[base + 3 * i + 2] = 1.0 if owner == side else (-1.0 if owner else 0.0)
        base += 3 * len(self.zones)
        for c in board.get("hand") or []:
            v[base + self.card_index[c]] = 1.0
        base += len(self.cards)
        for j, s in enumerate(self.sides):
            v[base + j] = board.get("hand_sizes", {}).get(s, 0)
            v[base + len(self.sides) + j] = board.get("deck_sizes", {}).get(s, 0)
        return v


def env(**kwargs: Any) -> GrognardEnv:
    """The environment (PettingZoo's usual constructor name)."""
    return GrognardEnv(**kwargs)
