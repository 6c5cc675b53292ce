"""Hidden information and bad input on Napoleon against Europe 1815: no view depends on the other side's hand,
revealed cards commit the turn, tampered saves are refused."""

from __future__ import annotations

import json
import random
import re

import pytest

from grognard import IllegalAction, load_game
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards
from tests.games.nae.rules.helpers import board, play, put

GAME = load_game("nae")


def test_security_3f_contact_window_opens_whether_or_not_the_mover_holds_column_of_march():
    views = []
    for card in ("3F", "28F"):  # 3F Column of March is playable at contact; 28F is not
        st = board(hands={"empire": [card], "coalition": ["42C"]})
        davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
        put(st, "luxembourg", ["pr_i"], commander="blucher")
        play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "luxembourg"))
        assert st.active == "empire" and st.step == "cards.window"
        views.append(st.view("coalition"))
    assert views[0] == views[1]


def other_hand(st, side: str, rng: random.Random):
    """A copy of ``st`` in which ``side`` holds other cards (as many) from those its enemy cannot see."""
    twin = st.copy()
    # a grand campaign's permanent cards are public where they are (taken back openly, 6.3): they stay in the hand
    known = [c for c in twin.g["hands"][side] if c in cards.permanent_cards(side)] if S.grand_campaign(st) else []
    hand, deck = [c for c in twin.g["hands"][side] if c not in known], twin.g["decks"][side]
    pool = hand + deck
    while True:
        rng.shuffle(pool)
        if sorted(pool[: len(hand)]) != sorted(hand) or not hand or not deck:
            break
    twin.g["hands"][side], twin.g["decks"][side] = known + pool[: len(hand)], pool[len(hand):]
    return twin


def test_security_hidden_card_twins_look_the_same_to_the_other_side():
    """For random reachable states, deal one side another hand: the other side's view is the same, now and after
    any action playable in both (which is how the 3F window showed whether the mover held the card)."""
    checked = 0
    for seed in range(5):
        st = GAME.new_state("1815", seed=seed)
        rng = random.Random(seed)
        while not st.over:
            holder = rng.choice(GAME.sides)
            enemy = "coalition" if holder == "empire" else "empire"
            twin = other_hand(st, holder, rng)
            assert twin.view(enemy) == st.view(enemy) and twin.view(None) == st.view(None)
            in_twin = twin.legal_actions()
            both = [a for a in st.legal_actions() if a in in_twin]
            if both:
                action = rng.choice(both)
                after = st.copy()
                after.apply(action)
                twin.apply(action)
                assert twin.view(enemy) == after.view(enemy) and twin.view(None) == after.view(None), (seed, action)
            checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked >= 500


def test_security_a_card_played_for_ap_as_an_event_or_in_combat_cannot_be_undone():
    st = board(hands={"empire": ["2F", "6F"], "coalition": []})
    put(st, "reims", ["fr_i"], commander="ney")
    play(st, ("op", None))
    assert st.can_undo  # nothing revealed yet
    st.undo()
    play(st, ("card", "2F"))
    assert st.active == "empire" and not st.can_undo and "2F" in st.g["discards"]["empire"]
    st = board(hands={"empire": ["6F"], "coalition": []})
    put(st, "reims", ["fr_i"], commander="ney")
    play(st, ("event", "6F"))
    assert st.active == "empire" and not st.can_undo
    st = board(hands={"empire": ["3F"], "coalition": []})
    davout = put(st, "reims", ["fr_i", "fr_ii"], commander="davout")
    put(st, "luxembourg", ["pr_i"], commander="blucher")
    play(st, ("op", None), ("force", davout), ("forced_march", 0), ("zone", "luxembourg"))
    assert st.step == "cards.window" and st.can_undo
    play(st, ("card", "3F"))
    assert st.active == "empire" and not st.can_undo


def test_security_arguments_must_have_exactly_the_legal_type():
    st = board(hands={"empire": [], "coalition": []})
    corps = put(st, "reims", ["fr_i"])
    play(st, ("op", None), ("force", corps))
    assert ("forced_march", 0) in st.legal_actions()
    for wrong in (False, 0.0, "0", [0]):
        with pytest.raises(IllegalAction, match="not legal now"):
            st.apply(("forced_march", wrong))
    st.apply(["forced_march", 0])
    assert st.actions[-1] == ("forced_march", 0) and type(st.actions[-1][1]) is int


def test_security_a_non_boolean_option_is_a_clear_error():
    for value in ("yes", 1, None):
        with pytest.raises(ValueError, match="option setup_choices is on or off"):
            GAME.new_state("1815", options={"setup_choices": value})
    assert GAME.new_state("1815", options={"setup_choices": False}).step == "round"


def tampered(st, change) -> str:
    doc = json.loads(st.to_json())
    change(doc)
    return json.dumps(doc)


def test_security_load_state_refuses_a_corrupt_or_tampered_save():
    st = GAME.new_state("1815", seed=3)
    rng = random.Random(3)
    st.apply(rng.choice(st.legal_actions()))
    while not st.undo_stack:  # a save holding undo points too
        st.apply(rng.choice(st.legal_actions()))
    hand = st.g["hands"]["empire"]
    cases = {
        "not a saved nae game": ["", "[]", "{", '{"game": "nae"}', json.dumps({"game": "nae", "setup": 3})],
        "of game 'duel', not 'nae'": [tampered(st, lambda d: d.update(game="duel"))],
        "unknown step 'teleport'": [tampered(st, lambda d: d["core"]["stack"].append({"step": "teleport"}))],
        "unknown card '99F'": [tampered(st, lambda d: d["core"]["g"]["hands"]["empire"].append("99F"))],
        "not each in one place": [
            tampered(st, lambda d: d["core"]["g"]["decks"]["empire"].append(hand[0])),  # a card twice
            tampered(st, lambda d: d["core"]["g"]["hands"]["empire"].pop()),  # a card gone
            tampered(st, lambda d: d["core"]["g"]["hands"]["empire"].append(d["core"]["g"]["hands"]["coalition"][0])),
        ],
        "dice generator": [tampered(st, lambda d: d["core"].update(rng=[0, 0, 0, 0]))],
        "not one of empire, coalition": [tampered(st, lambda d: d["log"].append({"text": "x", "to": "france"}))],
        "no scenario '1066'": [tampered(st, lambda d: d["setup"].update(scenario="1066"))],
        "undo point 1 is corrupt": [tampered(st, lambda d: d["undo"].__setitem__(0, "bm90IG1zZ3BhY2s="))],
        "inconsistent": [tampered(st, lambda d: d["core"]["g"].pop("forces"))],
    }
    for message, texts in cases.items():
        for text in texts:
            with pytest.raises(ValueError, match=re.escape(message)):
                GAME.load_state(text)
    assert GAME.load_state(st.to_json()).digest() == st.digest()


def test_security_hidden_card_twins_in_the_grand_campaign_interphase():
    """The same twin test over the first years of an 1805 game, through its interphases (declarations of war,
    discards and draws of the hand building, 7.1-7.2): the drawn cards never show in the other side's view."""
    st = GAME.new_state("1805", seed=7)
    rng = random.Random(7)
    interphases = 0
    for _ in range(400):
        holder = rng.choice(GAME.sides)
        enemy = "coalition" if holder == "empire" else "empire"
        twin = other_hand(st, holder, rng)
        assert twin.view(enemy) == st.view(enemy) and twin.view(None) == st.view(None)
        both = [a for a in st.legal_actions() if a in twin.legal_actions()]
        if both and st.step == "interphase.hands":
            action = rng.choice(both)
            after = st.copy()
            after.apply(action)
            twin.apply(action)
            assert twin.view(enemy) == after.view(enemy) and twin.view(None) == after.view(None), action
            interphases += 1
        st.apply(rng.choice(st.legal_actions()))
    assert interphases >= 2 and st.g["year"] >= 1806
