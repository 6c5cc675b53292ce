"""Bit-identical games: 300 seeded random self-play games of 1815 must reach the digests recorded in
``data/digests_300.json`` (the fixture was written before the forward model was optimised, issue 13).

A deliberate rules change alters games: regenerate the fixture then with
``python -m tests.games.nae.test_digests_300 --write`` and say so in the commit message.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from grognard import load_game

FIXTURE = Path(__file__).parent / "data" / "digests_300.json"
GAMES = 300
# A third of the games each: the data file's set-up, the players' set-up choices, and every optional rule.
OPTIONS: list[dict[str, bool]] = [
    {},
    {"setup_choices": True},
    {"setup_choices": True, "lone_corps_enemy_zone": True, "pursuit_cavalry_screen": True, "rally_at_conquest": True},
]


def play(seed: int, search: bool = False) -> dict[str, Any]:
    """One random game (the agent's generator seeded from the game seed), as its final digest. ``search``: the
    game goes on, every few decisions, on a fresh search copy with trusted applies, as a search plays ahead."""
    game = load_game("nae")
    options = OPTIONS[seed % len(OPTIONS)]
    st = game.new_state("1815", seed=seed, options=options)
    rnd = random.Random(seed)
    n = 0
    while not st.over:
        legal = st.legal_actions()
        if search and n % 3 == 0:
            st = st.copy(for_search=True)
        st.apply(legal[int(rnd.random() * len(legal))], check=not search)
        n += 1
    assert st.result is not None
    return {"seed": seed, "options": options, "decisions": n, "winner": st.result["winner"], "digest": st.digest()}


def test_300_seeded_games_are_bit_identical() -> None:
    expected = json.loads(FIXTURE.read_text())
    assert len(expected) == GAMES
    for want in expected:
        got = play(want["seed"])
        assert got == want, f"seed {want['seed']} diverged: see the module docstring if the rules changed on purpose"


def test_search_copies_and_trusted_applies_play_the_same_games() -> None:
    for want in json.loads(FIXTURE.read_text())[:30]:
        assert play(want["seed"], search=True) == want, f"seed {want['seed']} diverged on search copies"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    FIXTURE.write_text(json.dumps([play(seed) for seed in range(GAMES)], indent=0) + "\n")
