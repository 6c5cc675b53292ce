"""grognard.rl: a PettingZoo AEC environment with a fixed action index and action masks."""

import numpy as np
from pettingzoo.test import api_test

from grognard.rl import env


def test_passes_the_pettingzoo_api_test():
    api_test(env(), num_cycles=300, verbose_progress=False)


def test_masks_cover_every_legal_action_of_whole_games():
    """Every action the rules offer is in the fixed index (with the set-up choices too), to the end of the game."""
    for seed, options in ((1, {}), (2, {"setup_choices": True})):
        e = env(options=options)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        while not all(e.terminations.values()):
            obs = e.observe(e.agent_selection)
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) == len(e.game_state.legal_actions())
            e.step(int(rng.choice(legal)))
            steps += 1
        assert sorted(e.rewards.values()) in ([-1.0, 1.0], [0.0, 0.0]) and steps > 20


def test_observation_shows_nothing_hidden():
    """The Coalition's hand and both piles, and the dice to come, do not change the Empire's observation."""
    e = env()
    e.reset(seed=4)
    before = e.observe("empire")["observation"]
    g = e.game_state.g
    g["hands"]["coalition"], g["decks"]["coalition"] = g["decks"]["coalition"][:8], g["hands"]["coalition"] + \
        g["decks"]["coalition"][8:]
    g["decks"]["empire"].reverse()
    e.game_state.core["rng"] = [1, 2, 3, 4]
    assert np.array_equal(before, e.observe("empire")["observation"])
    assert e.observe("coalition")["action_mask"].sum() == 0  # not its turn
