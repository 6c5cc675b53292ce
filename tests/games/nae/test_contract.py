"""The core contract holds on Napoleon against Europe 1815, not only on the Duel fixture."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from grognard import IllegalAction, load_game
from grognard.selfplay import Match, play_match

GAME = load_game("nae")
JUNK = [("zone", "atlantis"), ("card", "99F"), ("force", "f999"), ("loss", "fr_i"), ("pass", 3), ("x", None)]


def walk(seed: int, check) -> None:
    st = GAME.new_state("1815", seed=seed)
    rng = random.Random(seed)
    while not st.over:
        check(st)
        st.apply(rng.choice(st.legal_actions()))
    check(st)


@pytest.mark.parametrize("seed", [0, 1])
def test_illegal_actions_change_nothing_and_say_why(seed):
    def check(st):
        before = st.to_json()
        for action in JUNK:
            if action in st.legal_actions():
                continue
            with pytest.raises(IllegalAction) as exc:
                st.apply(action)
            assert "not legal now" in str(exc.value) or "game is over" in str(exc.value)
            assert st.to_json() == before

    walk(seed, check)


@pytest.mark.parametrize("seed", [2, 3])
def test_every_reachable_state_round_trips(seed):
    def check(st):
        text = st.to_json()
        back = GAME.load_state(text)
        assert back.to_json() == text and back.digest() == st.digest() and back.legal_actions() == st.legal_actions()

    walk(seed, check)


def test_undo_goes_back_exactly_within_the_turn():
    st = GAME.new_state("1815", seed=4)
    rng = random.Random(4)
    undone = 0
    for _ in range(300):
        if st.over:
            break
        before = st.to_json()
        st.apply(rng.choice(st.legal_actions()))
        if st.can_undo:
            st.undo()
            assert st.to_json() == before
            undone += 1
            st.apply(rng.choice(st.legal_actions()))
    assert undone > 10


def test_digest_is_the_same_in_another_process():
    code = (
        "from grognard.selfplay import Match, play_match;"
        "print(play_match(Match('nae', '1815', 21, {'empire': 'random', 'coalition': 'random'})).record['digest'])"
    )
    env = dict(os.environ, PYTHONHASHSEED="999")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    here = play_match(Match("nae", "1815", 21, {"empire": "random", "coalition": "random"}))
    assert out.stdout.strip() == here.record["digest"]
    assert GAME.replay(here.record).digest() == here.record["digest"]


JUNK_VERBS = ["zone", "card", "force", "loss", "unit", "subordinate", "done", "pass", "x"]
JUNK_ARGS = hs.one_of(hs.none(), hs.integers(-2, 99), hs.sampled_from(["atlantis", "paris", "99F", "f999", "fr_i"]))


@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 10**6), junk=hs.lists(hs.tuples(hs.sampled_from(JUNK_VERBS), JUNK_ARGS), min_size=1,
                                                 max_size=5))
def test_junk_actions_on_any_reachable_state_change_nothing(seed, junk):
    st = GAME.new_state("1815", seed=seed)
    rng = random.Random(seed)
    for _ in range(400):  # a whole game is 100-200 decisions; the bound only guards against a loop
        legal = st.legal_actions()
        for action in junk:
            if action in legal:
                continue
            before, digest = st.to_json(), st.digest()
            with pytest.raises(IllegalAction):
                st.apply(action)
            assert st.to_json() == before and st.digest() == digest
        if st.over:
            break
        st.apply(rng.choice(legal))
