"""The clairvoyant bound of ``bench/coalition_bound.py``: its playout on the true state, with a copy of the random
opponent's generator, is the very future the game then plays (what makes its win rate an upper bound)."""

import importlib.util
import sys
from pathlib import Path

from grognard import load_game
from grognard.agents import RandomAgent
from grognard.games.nae import ai

_spec = importlib.util.spec_from_file_location(
    "coalition_bound", Path(__file__).resolve().parents[2] / "bench" / "coalition_bound.py")
bound = importlib.util.module_from_spec(_spec)
sys.modules["coalition_bound"] = bound  # its dataclass looks its module up there
_spec.loader.exec_module(bound)


def test_oracle_playout_is_the_future_the_game_plays():
    st = load_game("nae").new_state("1815", seed=5)
    empire = RandomAgent(5 * 7919)
    while not (st.active == "coalition" and st.g["round"] >= 3 and len(st.legal_actions()) > 1):
        side = str(st.active)
        st.apply(empire.choose(st, side) if side == "empire" else ai.policy(st, side)[0])
    move = ai.policy(st, "coalition")[0]
    foresight = st.copy()
    predicted = bound._wins(foresight, move, bound._clone(empire))
    st.apply(move)
    while not st.over:
        side = str(st.active)
        st.apply(empire.choose(st, side) if side == "empire" else ai.policy(st, side)[0])
    assert st.digest() == foresight.digest()
    assert predicted == (st.result["winner"] == "coalition")


def test_lost_games_are_the_games_the_matches_play():
    """``lost`` reads the very games ``match`` and ``grognard selfplay`` play (same seeding), counting each battle
    fought with Napoléon once."""
    from collections import Counter

    from grognard.selfplay import Match, play_match

    tally: Counter[str] = Counter()
    st, _ = bound._lost_game(4, tally)
    outcome = play_match(Match("nae", "1815", 4, {"empire": "random", "coalition": "heuristic"}))
    assert st.result["winner"] == outcome.winner
    battles = [e for e in st.log if e["text"].startswith("Battle in") and "Napoleon" in e["text"]]
    assert battles and tally["battles with him"] == len(battles)


def test_strikes_read_the_games_the_matches_play():
    """``strikes`` reads the very games ``match`` plays; each strike on Napoléon carries the exact forecast of its
    battle, and those he evaded or fought are the ones the log shows."""
    from grognard.selfplay import Match, play_match

    st, rows = bound._strike_game(4)
    outcome = play_match(Match("nae", "1815", 4, {"empire": "random", "coalition": "heuristic"}))
    assert st.result["winner"] == outcome.winner
    assert rows and all(0 <= r.win <= 1 for r in rows)
    evasions = [e for e in st.log if e["text"].startswith("Evasion of Napoleon") and "→ evades" in e["text"]]
    assert sum(r.out == "evaded" for r in rows) == len(evasions)
    assert all(r.fought is not None for r in rows if r.out in ("won", "he won"))
