"""The clairvoyant bound of ``bench/coalition_bound.py``: its playout on the true state, with a copy of the random
opponent's generator, is the very future the game then plays (what makes its win rate an upper bound)."""

import importlib.util
import random
import sys
from pathlib import Path

from grognard import load_game
from grognard.agents import RandomAgent
from grognard.agents.search import ranked
from grognard.games.nae import ai
from tests.agents.test_determinize import hidden_twin

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


def _coalition_decision(seed: int, round_: int):
    """The heuristic Coalition's game against ``random`` up to its first rolled-out decision in ``round_``, and the
    random Empire as it stands there."""
    st = load_game("nae").new_state("1815", seed=seed)
    empire = RandomAgent(seed * 7919)
    while not (st.active == "coalition" and st.g["round"] >= round_ and len(st.legal_actions()) > 1
               and str(st.step) in bound.DECISIVE):
        side = str(st.active)
        st.apply(empire.choose(st, side) if side == "empire" else ai.policy(st, side)[0])
    return st, empire


def test_rollout_is_fair_same_information_same_choice():
    """The rollout player never reads the hidden truth: two positions the Coalition cannot tell apart (the Empire's
    cards and the dice differ) get the same wins on the same fair futures and the same move."""
    st, _ = _coalition_decision(7, 3)
    twin = hidden_twin(st, 3, [5, 6, 7, 8], hidden="empire")
    assert twin.digest() != st.digest()
    choices, wins = [], []
    for position in (st, twin):
        player = bound.Rollout(3, 4, "random", 11)
        choices.append(player.choose(position, position.legal_actions()))
        moves = [a for a, _ in ranked(ai, position, "coalition", position.legal_actions(), 3)]
        wins.append(player.wins(position, moves, random.Random(2)))
    assert choices[0] == choices[1] and wins[0] == wins[1]


def test_rollout_plays_the_move_with_most_fair_wins():
    """Dropping a move that can no longer come first saves playouts but never changes the choice: the move played
    is the first of the most wins counted over every future, as ``_fair`` counts them (paired futures)."""
    st, _ = _coalition_decision(3, 2)
    legal = st.legal_actions()
    moves = [a for a, _ in ranked(ai, st, "coalition", legal, 3)]
    full = bound._fair(st, moves, 6, 9)  # ``_fair`` draws its futures from random.Random(seed) as ``wins`` does
    player = bound.Rollout(3, 6, "random", 0)
    pruned = player.wins(st, moves, random.Random(9))
    assert all(p in (f, -1) for p, f in zip(pruned, full, strict=True))
    assert max(range(3), key=lambda i: (pruned[i], -i)) == max(range(3), key=lambda i: (full[i], -i))
    assert player.playouts <= 18


def test_rollout_of_width_one_is_the_heuristic_and_runs_are_repeatable():
    """With one move a decision the rollout player plays the heuristic's own games against the same random Empire
    (the seeding of ``match``); a tiny rollout run replays the same game."""
    from grognard.selfplay import Match, play_match

    st, player = bound._rollout_game(4, 1, 1, "random")
    outcome = play_match(Match("nae", "1815", 4, {"empire": "random", "coalition": "heuristic"}))
    assert st.result["winner"] == outcome.winner and player.playouts == 0 and player.decisions > 0
    runs = [bound._rollout_game(4, 2, 1, "random", frozenset({"activation"})) for _ in range(2)]
    assert runs[0][0].digest() == runs[1][0].digest() and runs[0][1].playouts > 0
    assert runs[0][1].changed == runs[1][1].changed
