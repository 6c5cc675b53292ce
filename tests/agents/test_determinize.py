"""State.determinize: a copy where what a side cannot see is redrawn, consistently with what it has seen."""

import random

from grognard import load_game
from grognard.core.machine import State


def _nae():
    return load_game("nae").new_state("1815", seed=3)


def test_own_hand_and_public_board_are_kept():
    st = _nae()
    det = st.determinize("empire", random.Random(1))
    assert det.g["hands"]["empire"] == st.g["hands"]["empire"]
    assert {k: v for k, v in det.g.items() if k not in ("hands", "decks")} == \
        {k: v for k, v in st.g.items() if k not in ("hands", "decks")}
    assert det.legal_actions() == st.legal_actions()


def test_other_hand_and_piles_are_redrawn_from_the_unseen_cards():
    st = _nae()
    pool = sorted(st.g["hands"]["coalition"] + st.g["decks"]["coalition"])
    hands = set()
    for i in range(20):
        det = st.determinize("empire", random.Random(i))
        assert sorted(det.g["hands"]["coalition"] + det.g["decks"]["coalition"]) == pool
        assert len(det.g["hands"]["coalition"]) == len(st.g["hands"]["coalition"])
        assert sorted(det.g["decks"]["empire"]) == sorted(st.g["decks"]["empire"])
        hands.add(tuple(sorted(det.g["hands"]["coalition"])))
    assert len(hands) > 10  # the real hand is one possibility among many


def test_dice_seed_undo_and_private_log_are_not_carried():
    st = _nae()
    det = st.determinize("empire", random.Random(5))
    assert det.core["rng"] != st.core["rng"]
    assert det.setup["seed"] is None
    assert det.undo_stack == [] and det.actions == []
    assert all(e.get("to") in (None, "empire") for e in det.log)
    assert any(e.get("to") == "coalition" for e in st.log)
    st.apply(st.legal_actions()[0])  # the original is untouched by the copy and goes on
    assert det.g["round"] == 2


def hidden_twin(st: State, shuffle: int, dice: list[int], hidden: str = "coalition") -> State:
    """A copy of ``st`` differing only in what the other side cannot see: the ``hidden`` side's hand and draw pile
    dealt again from their pool, and another dice stream."""
    twin = st.copy()
    pool = twin.g["hands"][hidden] + twin.g["decks"][hidden]
    random.Random(shuffle).shuffle(pool)
    n = len(twin.g["hands"][hidden])
    twin.g["hands"][hidden], twin.g["decks"][hidden] = pool[:n], pool[n:]
    twin.core["rng"] = dice
    return twin


def test_indistinguishable_truths_give_the_same_copy():
    """Two states that differ only in what the Empire cannot see determinize alike for the same rng."""
    a = _nae()
    b = hidden_twin(a, 9, [11, 22, 33, 44])
    assert a.digest() != b.digest()
    da, db = a.determinize("empire", random.Random(4)), b.determinize("empire", random.Random(4))
    assert da.digest() == db.digest()
