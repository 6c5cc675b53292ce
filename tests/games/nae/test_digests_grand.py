"""Bit-identical grand campaigns: seeded random games of 1805-1814 and 1809-1814 must reach the digests recorded
in ``data/digests_grand.json`` (written before the grand-campaign forward model was optimised, issue 12). Speed-ups
must leave it unchanged; a rules change that alters grand games regenerates it with
``python -m tests.games.nae.test_digests_grand --write`` and says so in the commit message.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from grognard import load_game

FIXTURE = Path(__file__).parent / "data" / "digests_grand.json"
SCENARIOS = ("1805", "1809")
GAMES = 10  # per scenario: about a second of CPU each
# Alternately the data file's set-up, and the players' set-up choices with every optional rule (the fog of war
# redacts log lines, which are part of the digest).
OPTIONS: list[dict[str, bool]] = [
    {},
    dict.fromkeys(("setup_choices", "austrian_grenadiers", "fog_of_war", "lone_corps_enemy_zone",
                   "prussian_army_posture", "pursuit_cavalry_screen", "rally_at_conquest"), True),
]


def play(scenario: str, seed: int, search: bool = False) -> dict[str, Any]:
    """One random game (the agent's generator seeded from the game seed), as its final digest. ``search``: the
    game goes on, every few decisions, on a fresh search copy with trusted applies, as a search plays ahead."""
    options = OPTIONS[seed % len(OPTIONS)]
    st = load_game("nae").new_state(scenario, seed=seed, options=options)
    rnd = random.Random(seed)
    n = 0
    while not st.over:
        legal = st.legal_actions()
        if search and n % 5 == 0:
            st = st.copy(for_search=True)
        st.apply(legal[int(rnd.random() * len(legal))], check=not search)
        n += 1
    assert st.result is not None
    return {"scenario": scenario, "seed": seed, "options": options, "decisions": n, "winner": st.result["winner"],
            "vp": st.g["vp"], "digest": st.digest()}


def test_seeded_grand_campaigns_are_bit_identical() -> None:
    expected = json.loads(FIXTURE.read_text())
    assert sorted({(w["scenario"], w["seed"]) for w in expected}) == [(s, i) for s in SCENARIOS for i in range(GAMES)]
    for want in expected:
        got = play(want["scenario"], want["seed"])
        assert got == want, (f"{want['scenario']} seed {want['seed']} diverged: see the module docstring if the "
                             "rules changed on purpose")


def test_search_copies_and_trusted_applies_play_the_same_grand_campaigns() -> None:
    expected = json.loads(FIXTURE.read_text())
    for want in [w for w in expected if w["seed"] < 2]:
        assert play(want["scenario"], want["seed"], search=True) == want, (
            f"{want['scenario']} seed {want['seed']} diverged on search copies")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    FIXTURE.write_text(json.dumps([play(s, seed) for s in SCENARIOS for seed in range(GAMES)], indent=0) + "\n")
