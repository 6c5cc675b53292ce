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


def test_undo_takes_back_a_whole_run_one_action_at_a_time():
    """Only a run's first action keeps a snapshot; the others are undone by replaying the run (machine.py)."""
    st = GAME.new_state("1815", seed=6)
    rng = random.Random(6)
    longest = 0
    while not st.over:
        before = [st.to_json()]  # the run starts here: nothing to undo
        while not st.over and len(before) < 6:
            st.apply(rng.choice(st.legal_actions()))
            if not st.can_undo:
                break
            before.append(st.to_json())
        if st.can_undo:
            longest = max(longest, len(before) - 1)
            for want in reversed(before[:-1]):
                st.undo()
                assert st.to_json() == want
            assert not st.can_undo
            st.apply(rng.choice(st.legal_actions()))
        while st.can_undo and not st.over:
            st.apply(rng.choice(st.legal_actions()))
    assert longest >= 4


def test_a_saved_run_carries_every_undo_point():
    st = GAME.new_state("1815", seed=6)
    rng = random.Random(6)
    while len(st.undo_stack) < 3:
        st.apply(rng.choice(st.legal_actions()))
    assert not all(st.undo_stack)  # in memory, the run's later actions keep no snapshot
    back = GAME.load_state(st.to_json())
    assert all(back.undo_stack) and back.to_json() == st.to_json()
    while st.can_undo:
        st.undo()
        back.undo()
        assert back.to_json() == st.to_json()


def test_apply_snapshots_only_every_undo_base_actions(monkeypatch):
    """Undo rebuilds a position from the undo base by replaying (machine.py): a random game packs the whole state
    once per UNDO_BASE_EVERY actions at most, not once per undoable run, and every undo stays exact."""
    from grognard.core import machine

    packed = []
    real = machine.State._snapshot
    monkeypatch.setattr(machine.State, "_snapshot", lambda self: packed.append(1) or real(self))
    st = GAME.new_state("1815", seed=9)
    rng = random.Random(9)
    runs = 0
    while not st.over:
        runs += not st.can_undo
        st.apply(rng.choice(st.legal_actions()))
    assert len(packed) <= len(st.actions) // machine.UNDO_BASE_EVERY + 1 < runs


def test_an_undo_replays_across_rolls_and_draws_from_an_older_base():
    """The base lies before earlier runs, dice rolls and card draws: replayed, they come out the same."""
    st = GAME.new_state("1815", seed=3)
    rng = random.Random(3)
    checked = 0
    while not st.over and checked < 20:
        before = st.to_json()
        st.apply(rng.choice(st.legal_actions()))
        base = st._base
        if st.can_undo and not st.undo_stack[0] and base is not None and base[0] < len(st.actions) - 2:
            back = GAME.unpack(st.pack())  # the base travels with a packed state (a server keeps those)
            st.undo()
            back.undo()
            assert st.to_json() == before == back.to_json()
            checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked == 20


def test_an_undo_refuses_a_state_changed_by_hand_since_its_base():
    st = GAME.new_state("1815", seed=3)
    rng = random.Random(3)
    while not (st.can_undo and not st.undo_stack[-1]):
        st.apply(rng.choice(st.legal_actions()))
    st.g["ap_reserve"]["empire"] += 5  # not through apply: replaying from the base cannot give it back
    before = st.to_json()
    with pytest.raises(RuntimeError, match="changed outside apply"):
        st.undo()
    assert st.to_json() == before


def test_a_rule_failing_late_in_a_run_restores_the_state(monkeypatch):
    st = GAME.new_state("1815", seed=6)
    rng = random.Random(6)
    while len(st.undo_stack) < 2:
        st.apply(rng.choice(st.legal_actions()))
    before, step = st.to_json(), GAME.steps[st.step]

    def boom(self, st, f, action):
        st.g["round"] = 99
        raise RuntimeError("bug in a rule")

    monkeypatch.setattr(type(step), "resolve", boom)
    with pytest.raises(RuntimeError):
        st.apply(st.legal_actions()[0])
    assert st.to_json() == before


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


def test_copies_share_the_static_set_up_data_and_copy_the_rest():
    st = GAME.new_state("1815", seed=8)
    st.apply(st.legal_actions()[0])
    for other in (st.copy(), st.copy(for_search=True)):
        assert other.g["initial_control"] is st.g["initial_control"]  # never changed after set-up (3.2)
        assert other.g["control"] is not st.g["control"] and other.g["control"] == st.g["control"]
        assert other.digest() == st.digest()
    assert st.copy().to_json() == st.to_json()


def test_tables_that_copies_copy_flat_hold_only_scalars_and_copies_stay_independent():
    """``NaeGame.table_keys``: copies copy these with ``dict.copy``, which is right only while they hold scalars."""
    scalar = (str, int, bool, type(None))
    for seed in range(3):
        st = GAME.new_state("1815", seed=seed, options={"setup_choices": True} if seed else None)
        rng = random.Random(seed)
        while not st.over:
            for key, depth in GAME.table_keys.items():
                rows = st.g[key].values() if depth == 1 else [v for row in st.g[key].values() for v in row.values()]
                assert all(isinstance(v, scalar) for v in rows), key
            before, other = st.digest(), st.copy(for_search=True)
            other.apply(rng.choice(other.legal_actions()))
            assert st.digest() == before
            st.apply(rng.choice(st.legal_actions()))
