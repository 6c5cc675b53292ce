"""Issue 9, items 22, 25, 26 and 29: what a player reads, for every client: card texts, the board summary in the
view (redacted), the end-of-game announcement, units named with their nation."""

from __future__ import annotations

import random

from grognard import load_game
from grognard.games.nae import describe
from grognard.games.nae import state as S
from tests.games.nae.rules.helpers import board, put

GAME = load_game("nae")


def test_terminal_25_card_texts_say_when_they_are_reconstructed():
    column = describe.card_info("3F")
    assert column["title"] == "Column of March" and "may not evade" in column["text"]
    assert "reconstructed" in column["reconstructed"]
    admiralty = describe.card_info("1C")
    assert admiralty["reconstructed"] is None  # its provenance names no reconstruction
    assert describe.card_line(column).startswith("3F Column of March (2 AP, activation) [reconstructed]: ")
    assert describe.card_id("3f") == describe.card_id("column") == describe.card_id("Colonne") == "3F"
    assert describe.card_id("the") is None  # several titles start so
    page = GAME.card_text("3F")
    assert page is not None and "Reconstructed (the printed card is not available): 20.2 special rule 1" in page
    assert GAME.card_text("99Z") is None


def test_terminal_25_the_view_shows_ones_own_hand_with_texts_and_never_the_others():
    st = GAME.new_state("1815", seed=4)
    mine = st.view("empire")["board"]
    assert [c["id"] for c in mine["hand_cards"]] == st.g["hands"]["empire"]
    assert all(c["text"] and "ap" in c for c in mine["hand_cards"])
    theirs = st.view("coalition")["board"]
    twin = st.copy()  # the empire dealt other cards, as many: nothing the coalition sees changes
    others = [c for c in twin.g["decks"]["empire"] if c not in st.g["hands"]["empire"]]
    twin.g["hands"]["empire"] = others[: len(st.g["hands"]["empire"])]
    assert twin.view("coalition")["board"]["summary"] == theirs["summary"]
    assert twin.view("coalition")["board"]["hand_cards"] == theirs["hand_cards"]
    assert st.view(None)["board"]["hand_cards"] is None


def test_terminal_26_board_summary_round_weather_victory_forces_supply_hands_reserve():
    st = board(round_no=5, hands={"empire": ["1F", "2F"], "coalition": ["1C"]})
    st.g["ap_reserve"]["coalition"] = 2
    put(st, "reims", {"fr_i": 2, "fr_ii": 1}, commander="napoleon", army="grande_armee", subs=["ney"], depots=1)
    s = describe.summary(st, "empire")
    assert s["round_of"] == "round 5 of 6" and s["weather"] == "Bad weather"
    assert s["hand_sizes"] == {"empire": 2, "coalition": 1} and s["ap_reserve"] == {"empire": 0, "coalition": 2}
    assert [(v["id"], v["met"]) for v in s["victory"]] == [
        ("coalition_conquest", False), ("coalition_napoleon", False), ("empire_holds", True)]
    (f,) = s["forces"]
    assert f["supplied"] and not f["demoralized"] and f["combat"] == 3 and f["depots"] == 1
    assert [(g["name"], g["role"], g["initiative"], g["attack"], g["defence"]) for g in f["generals"]] == [
        ("Napoleon", "commander", 1, 3, 3), ("Ney", "subordinate", 2, 2, 1)]
    assert [(u["name"], u["value"], u["full"]) for u in f["units"]] == [
        ("French I Corps", 2, True), ("French II Corps", 1, False)]
    lines = GAME.describe(st, "empire")
    assert lines[0] == "1815, round 5 of 6 (Bad weather); empire to act."
    assert lines[1] == "Hands: Empire 2, Coalition 1 cards. AP reserve: Empire 0, Coalition 2."
    text = "\n".join(lines)
    assert "[met now] France wins if it is not conquered" in text
    assert "Napoleon (Grande Armée) at Reims: 3 combat, 1 depot(s) [supplied]" in text
    assert "Ney (subordinate, initiative 2, command 6, attack 2, defence 1)" in text
    assert "units: French I Corps 2, French II Corps 1 (reduced)" in text
    assert "Your hand:\n  1F The Genius of Napoléon (3 AP" in text
    assert "Admiralty" not in text  # 1C: the coalition's hand is not the empire's to read


def test_terminal_22_the_end_says_who_won_and_by_which_condition():
    st = GAME.new_state("1815", seed=2)
    rng = random.Random(2)
    while not st.over:
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    assert st.result["winner"] == "empire"
    assert st.view("coalition")["board"]["outcome"] == GAME.outcome(st) == (
        "The Empire wins. Decided by 20.1 Conditions de victoire: France wins if it is not conquered and has at "
        "least one non-demoralised army; otherwise the game is a draw. (France is not conquered (1 of its 4 key "
        "zones lost: Antwerp, 18.2.1); France has a non-demoralised army on the map).")
    S.take_force(st, next(k for k, f in st.g["forces"].items() if "napoleon" in S.generals_of(f)))
    st.finish("coalition", "by hand")
    assert GAME.outcome(st).startswith("The Coalition wins. Decided by 20.1 Conditions de victoire: The Coalition "
                                       "wins if Napoléon is removed from play. (Napoleon is off the map)")


def test_terminal_29_units_are_named_with_their_nation():
    assert S.unit_name("pr_ii") == "Prussian II Corps"
    assert S.unit_name("fr_garde") == "French Imperial Guard"
    assert S.unit_name("sp_corps_1") == "Spanish Corps 1"  # its name says its nation already
    st = board(turn="coalition")
    put(st, "namur", ["pr_ii"])
    st.apply(("op", None))
    assert GAME.label(st, st.legal_actions()[0]) == "Activate Prussian II Corps at Namur (1 AP)"


def test_terminal_29_every_one_die_roll_of_a_game_says_what_it_needed():
    rolls = []
    for seed in range(6):
        st = GAME.new_state("1815", seed=seed)
        rng = random.Random(seed)
        while not st.over:
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
        rolls += [e for e in st.log if "dice" in e]
    assert {e["rule"] for e in rolls} >= {"13.6", "14.6"}
    for e in rolls:
        assert e["row"] and " = " in e["text"], e["text"]
        if len(e["dice"]) == 1:
            assert e["needs"] and f", {e['needs']}: rolled" in e["text"], e["text"]
