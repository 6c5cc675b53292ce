import pytest

from grognard.core import record as records
from grognard.selfplay import Match, play_match


def test_selfplay_record_replays_to_the_same_digest(duel, tmp_path):
    outcome = play_match(Match("tests.fixtures.duel", "standard", 9, {"empire": "random", "coalition": "random"}))
    path = tmp_path / "game.json"
    records.save(outcome.record, path)
    rec = records.load(path)
    st = duel.replay(rec)
    assert st.digest() == rec["digest"] and st.over


def test_tampered_record_is_caught(duel):
    rec = play_match(Match("tests.fixtures.duel", "standard", 9, {"empire": "random", "coalition": "random"})).record
    rec["seed"] += 1
    with pytest.raises(records.ReplayMismatch):
        duel.replay(rec)
    rec["seed"] -= 1
    rec["digest"] = "0" * 64
    with pytest.raises(records.ReplayMismatch, match="final state"):
        duel.replay(rec)


def test_record_of_a_state(duel):
    st = duel.new_state("standard", seed=1)
    st.apply(("pass", None))
    rec = st.record()
    assert rec["actions"] == [["pass", None]] and rec["scenario"] == "standard" and rec["seed"] == 1
    assert duel.replay(rec).digest() == st.digest()


def test_atomic_save_leaves_no_temporary_files(tmp_path):
    records.save({"format": records.FORMAT}, tmp_path / "a.json")
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]
