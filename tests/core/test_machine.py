"""The core contract on the Duel fixture: apply, refuse, undo, views, copies, digests."""

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from grognard import IllegalAction, load_game


def random_game(game, seed, scenario="standard", dice=None):
    st = game.new_state(scenario, seed=seed, dice=dice)
    rng = random.Random(seed)
    states = [st.copy()]
    while not st.over:
        st.apply(rng.choice(st.legal_actions()))
        states.append(st.copy())
    return st, states


def test_a_game_runs_to_a_result(duel):
    st, states = random_game(duel, 1)
    assert st.over and st.active is None and st.legal_actions() == []
    assert "winner" in st.result and st.result["text"]
    assert all(s.legal_actions() for s in states[:-1])


def test_prompt_is_a_sentence_and_active_is_a_side(duel):
    st = duel.new_state("standard", seed=3)
    assert st.active == "empire"
    assert st.prompt.endswith(".") and "card" in st.prompt
    assert st.step == "turn"


def test_actions_are_verb_arg_pairs(duel):
    st = duel.new_state("standard", seed=3)
    for verb, _arg in st.legal_actions():
        assert isinstance(verb, str)
    st.apply(["pass", None])  # a JSON list is accepted too
    assert st.active == "coalition"


def test_illegal_action_says_why_and_lists_legal(duel):
    st = duel.new_state("standard", seed=3)
    before = st.to_json()
    with pytest.raises(IllegalAction) as exc:
        st.apply(("zone", "vienna"))
    text = str(exc.value)
    assert "not legal now" in text and "empire is asked to round 1" in text and "('pass', None)" in text
    assert st.to_json() == before
    with pytest.raises(IllegalAction, match="not legal now"):
        st.apply("pass")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=hs.integers(0, 10**6), junk=hs.lists(hs.tuples(hs.sampled_from(["card", "unit", "zone", "loss", "pass",
       "done", "back", "x"]), hs.one_of(hs.none(), hs.integers(-2, 9), hs.sampled_from(["E1", "C2", "metz", "E-3",
       "C-1", "vienna"]))), min_size=1, max_size=5))
def test_illegal_actions_on_any_reachable_state_change_nothing(duel, seed, junk):
    st = duel.new_state("standard", seed=seed)
    rng = random.Random(seed)
    while not st.over:
        for action in junk:
            if action in st.legal_actions():
                continue
            before, digest = st.to_json(), st.digest()
            with pytest.raises(IllegalAction):
                st.apply(action)
            assert st.to_json() == before and st.digest() == digest
        st.apply(rng.choice(st.legal_actions()))


def test_a_failing_rule_restores_the_state(duel, monkeypatch):
    st = duel.new_state("standard", seed=3)
    before = st.to_json()

    def boom(self, st, f, action):
        st.g["round"] = 99
        st.note("half done")
        raise RuntimeError("bug in a rule")

    monkeypatch.setattr(type(duel.steps["turn"]), "resolve", boom)
    with pytest.raises(RuntimeError):
        st.apply(("pass", None))
    assert st.to_json() == before


def test_round_trip_every_reachable_state(duel):
    for seed in range(10):
        _, states = random_game(duel, seed)
        for s in states:
            text = s.to_json()
            back = duel.load_state(text)
            assert back.to_json() == text and back.digest() == s.digest()
            assert back.legal_actions() == s.legal_actions() and back.prompt == s.prompt


def test_loaded_state_plays_on_identically(duel):

    first = duel.new_state("standard", seed=5)
    rng = random.Random(5)
    for _ in range(12):
        first.apply(rng.choice(first.legal_actions()))
    second = duel.load_state(first.to_json())
    for _ in range(30):
        if first.over:
            break
        a = rng.choice(first.legal_actions())
        first.apply(a)
        second.apply(a)
        assert first.digest() == second.digest()


def test_copy_is_independent(duel):
    st = duel.new_state("standard", seed=2)
    c = st.copy()
    c.apply(c.legal_actions()[0])
    assert st.digest() != c.digest()
    assert st.to_json() == duel.new_state("standard", seed=2).to_json()


def test_same_seed_same_actions_same_digest(duel):
    a, _ = random_game(duel, 11)
    b, _ = random_game(duel, 11)
    assert a.digest() == b.digest()
    c, _ = random_game(duel, 12)
    assert c.digest() != a.digest()


def test_digest_is_the_same_in_separate_processes(duel):
    code = (
        "import random, sys; sys.path.insert(0, '.');"
        "from grognard import load_game; g = load_game('tests.fixtures.duel');"
        "st = g.new_state('standard', seed=42); r = random.Random(42)\n"
        "while not st.over: st.apply(r.choice(st.legal_actions()))\n"
        "print(st.digest())"
    )
    out = set()
    for hashseed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        out.add(run.stdout.strip())
    here, _ = random_game(duel, 42)
    assert out == {here.digest()}


def test_scripted_dice_decide_the_battle_and_are_logged(duel):
    # Empire marches E1 (strength 3) east until it meets the coalition; scripted dice 6 and 1.
    st = duel.new_state("short", seed=0, dice=[6, 1])
    st.g["units"]["C1"]["zone"] = "metz"  # bring the enemy next door
    card = st.g["hands"]["empire"][0]
    st.g["values"][card] = 1
    st.apply(("card", card))
    st.apply(("unit", "E1"))
    st.apply(("zone", "metz"))
    rolls = [e for e in st.log if "dice" in e]
    assert [e["dice"] for e in rolls] == [[6], [1]]
    assert rolls[0]["rule"] == "D4" and rolls[0]["mods"] == [["strength", 3]] and rolls[0]["total"] == 9
    assert "+3 strength = 9" in rolls[0]["text"]
    assert any("margin 5: loser loses 2" in e["text"] for e in st.log)
    # The coalition, not the empire, chooses its loss: a decision nested inside the empire's turn.
    assert st.active == "coalition" and st.step == "loss"
    assert ("loss", "C1") in st.legal_actions()


def test_undo_steps_back_within_the_turn(duel):
    st = duel.new_state("standard", seed=4)
    start = st.to_json()
    card = st.g["hands"]["empire"][0]
    st.apply(("card", card))
    st.apply(("unit", "E1"))
    after_unit = st.to_json()
    st.apply(("zone", "metz"))
    assert st.can_undo
    st.undo()
    assert st.to_json() == after_unit
    st.undo()
    st.undo()
    assert st.to_json() == start
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        st.undo()


def test_undo_never_passes_a_roll_a_draw_or_the_other_side(duel):
    st = duel.new_state("standard", seed=4)
    st.apply(("pass", None))  # the empire draws a card, then the coalition acts
    assert st.active == "coalition" and not st.can_undo
    with pytest.raises(IllegalAction):
        st.undo()
    st2 = duel.new_state("short", seed=0, dice=[6, 1])
    st2.g["units"]["C1"]["zone"] = "metz"
    st2.g["values"][st2.g["hands"]["empire"][0]] = 1
    st2.apply(("card", st2.g["hands"]["empire"][0]))
    st2.apply(("unit", "E1"))
    st2.apply(("zone", "metz"))  # battle: dice rolled
    assert not st2.can_undo


def test_view_hides_the_other_hand_and_private_log(duel):
    _, states = random_game(duel, 8)
    for s in states:
        for side, enemy in (("empire", "coalition"), ("coalition", "empire")):
            v = s.view(side)
            json.dumps(v)
            hidden = set(s.g["hands"][enemy]) | {c for d in s.g["decks"].values() for c in d}
            text = json.dumps(v["board"]) + json.dumps(v["log"]) + v["prompt"]
            assert not any(f'"{c}"' in text or f"card {c} " in text for c in hidden)
            assert all(e.get("to") in (None, side) for e in v["log"])
            assert "rng" not in json.dumps(v)
        spectator = s.view(None)
        assert spectator["board"]["hand"] is None and spectator["legal"] == []


def test_the_log_a_side_reads_follows_undos_and_copies(duel):
    """``log_for`` keeps what it read and reads only the new entries: an undo cuts the log back and new entries
    replace the undone ones, a copy grows its own log; each side's view is always the log filtered afresh."""

    def fresh(s, side):
        return [e for e in s.log if e.get("to") in (None, side) and side not in e.get("not_to", ())]

    rng = random.Random(5)
    for seed in range(4):
        st = duel.new_state("standard", seed=seed)
        copies = []
        while not st.over:
            if st.can_undo and rng.random() < 0.3:
                st.undo()  # and, unread, an action in its place: as many entries, other ones
            st.apply(rng.choice(st.legal_actions()))
            if rng.random() < 0.1:
                copies.append(st.copy())
            for s in (st, *copies[-2:]):
                for side in ("empire", "coalition", None):
                    if rng.random() < 0.5:
                        assert s.log_for(side) == fresh(s, side)
            if copies and not copies[-1].over:
                copies[-1].apply(rng.choice(copies[-1].legal_actions()))


def test_view_offers_legal_actions_only_to_the_active_side(duel):
    st = duel.new_state("standard", seed=4)
    assert st.view("empire")["legal"] and st.view("coalition")["legal"] == []
    assert st.view("coalition")["prompt"] == "Waiting for empire."


def test_the_legal_list_is_computed_once_per_position(duel, monkeypatch):
    st = duel.new_state("standard", seed=3)
    step = duel.steps[st.step]
    calls = []
    real = type(step).choices
    monkeypatch.setattr(type(step), "choices", lambda self, s, f: calls.append(1) or real(self, s, f))
    legal = st.legal_actions()
    legal.clear()  # the caller's list is its own
    assert st.legal_actions() and len(calls) == 1
    st.apply(st.legal_actions()[0])  # checked against the same list
    assert len(calls) == 1


def test_a_trusted_apply_skips_the_check_only(duel):
    a, b = duel.new_state("standard", seed=5), duel.new_state("standard", seed=5)
    rng = random.Random(5)
    while not a.over:
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action, check=False)
    assert a.digest() == b.digest()


def test_a_search_copy_plays_the_same_game_without_undo(duel):
    st = duel.new_state("standard", seed=7)
    rng = random.Random(7)
    st.apply(rng.choice(st.legal_actions()))
    search = st.copy(for_search=True)
    assert not search.can_undo and search.digest() == st.digest()
    while not st.over:
        action = rng.choice(st.legal_actions())
        st.apply(action)
        search.apply(action)
        assert not search.can_undo and search.copy().search  # copies of a search copy are search copies
    assert search.digest() == st.digest() and search.actions == st.actions
    with pytest.raises(IllegalAction):
        search.apply(("pass", None))


def test_a_packed_state_unpacks_to_the_same_game(duel):
    st = duel.new_state("standard", seed=5)
    rng = random.Random(5)
    while not st.over:
        back = duel.unpack(st.pack())
        assert back.digest() == st.digest() and back.to_json() == st.to_json()
        assert back.can_undo == st.can_undo and back.legal_actions() == st.legal_actions()
        if st.can_undo and rng.random() < 0.2:  # an undo made on the unpacked state is the original's
            st.undo()
            back.undo()
        else:
            action = rng.choice(st.legal_actions())
            st.apply(action)
            back.apply(action)
        assert back.digest() == st.digest()
    nae = load_game("nae").new_state("1815", seed=5)
    assert load_game("nae").unpack(nae.pack()).to_json() == nae.to_json()
