"""Hidden information: a side's view, log and prompt never show the other hand or the draw piles."""

from __future__ import annotations

import json

from grognard.agents.random_agent import RandomAgent
from grognard.games.nae.rules import cards
from tests.games.nae.rules.helpers import GAME


def secret_words(st, enemy: str) -> list[str]:
    hidden = list(st.g["hands"][enemy]) + [c for d in st.g["decks"].values() for c in d]
    return [f'"{c}"' for c in hidden] + [cards.title(c) for c in hidden]


def test_views_never_show_the_other_hand_or_the_decks():
    for seed in range(6):
        st = GAME.new_state("1815", seed=seed)
        agents = {side: RandomAgent(seed + i) for i, side in enumerate(GAME.sides)}
        while not st.over:
            for side, enemy in (("empire", "coalition"), ("coalition", "empire")):
                v = st.view(side)
                text = json.dumps(v, ensure_ascii=False)
                assert not [w for w in secret_words(st, enemy) if w in text], (seed, side, st.step)
                assert v["board"]["hand"] == st.g["hands"][side]
                assert v["board"]["hand_sizes"][enemy] == len(st.g["hands"][enemy])
            spectator = json.dumps(st.view(None), ensure_ascii=False)
            assert not [w for s in GAME.sides for w in secret_words(st, s) if w in spectator]
            st.apply(agents[st.active].choose(st, st.active))
