from collections import Counter

import pytest

from grognard.core import dice


def test_same_seed_same_stream():
    a, b = dice.seed_rng(7), dice.seed_rng(7)
    assert [dice.next32(a) for _ in range(5)] == [dice.next32(b) for _ in range(5)]
    assert dice.seed_rng(7) != dice.seed_rng(8)


def test_stream_is_fixed_across_machines():
    # Pinned outputs: a change here would silently break every stored record and replay.
    s = dice.seed_rng(2026)
    assert s == dice.seed_rng(2026) and all(0 <= w < 2**32 for w in s)
    assert [dice.d6(s, []) for _ in range(12)] == PINNED


PINNED = [2, 6, 1, 1, 5, 3, 3, 2, 3, 4, 3, 5]


def test_d6_is_uniform_enough():
    s = dice.seed_rng(1)
    counts = Counter(dice.d6(s, []) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_500 < c < 10_500 for c in counts.values())


def test_scripted_dice_come_first_and_are_checked():
    s = dice.seed_rng(0)
    script = [6, 1]
    assert [dice.d6(s, script), dice.d6(s, script)] == [6, 1]
    assert script == []
    with pytest.raises(ValueError, match="between 1 and 6"):
        dice.d6(s, [7])


def test_below_stays_in_range():
    s = dice.seed_rng(3)
    assert {dice.below(s, 3) for _ in range(1000)} == {0, 1, 2}
