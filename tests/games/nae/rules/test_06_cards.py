"""6 Cards as the 1815 game uses them: activation values and the Grande Coalition (6.2), the played pile and gold
stars (6.4, 14.5.7), events against combat uses (6.4, 6.6), several combat cards a battle, the attacker first
(6.6, 14.5.7), and the loader's ``use`` tag that says in which window each effect of a card applies."""

from __future__ import annotations

from pathlib import Path

import pytest

from grognard.core.errors import DataError
from grognard.games.nae import state as S
from grognard.games.nae.rules import cards
from grognard.games.nae.schema.cards import load_cards
from grognard.games.nae.schema.counters import Counters
from grognard.games.nae.schema.map import MapData
from tests.games.nae.rules.helpers import board, play, put, rolls

DATA = Path(__file__).resolve().parents[4] / "grognard" / "games" / "nae" / "data" / "cards.toml"


def test_6_2_grande_coalition_adds_1_to_coalition_cards_in_the_punishments_period_but_not_to_combat_cards():
    """Updated for issue 9 (item 13): 43C, played only in combat but not marked CC, takes the +1."""
    st = board()
    assert cards.grande_coalition(st)  # 1815: Britain, Russia, Prussia, Austria and Spain
    # the Punishments period is in play: every Coalition card but the combat cards, Epic ones too (12C)
    assert [cards.ap_value(st, c) for c in ("39C", "54C", "43C", "31C", "42C", "4C", "12C")] == [4, 4, 3, 1, 2, 2, 4]
    assert cards.ap_value(st, "43F") == 3  # Empire cards never
    S.set_side(st, "spain", None)
    assert not cards.grande_coalition(st) and cards.ap_value(st, "39C") == 3


def test_6_2_grande_coalition_adds_1_to_every_coalition_card_not_marked_cc():
    """6.2: « SAUF pour les Cartes de Combat (CC) dont la valeur reste inchangée »: 15C, 25C and 43C are played in
    combat but carry no CC mention, so they take the +1 like any other Coalition card."""
    st = board()
    assert [cards.ap_value(st, c) for c in ("15C", "25C", "43C")] == [3, 3, 3]
    assert not any(S.data().cards.cards[c].combat for c in ("15C", "25C", "43C"))


def test_6_4_a_card_played_for_its_ap_goes_to_the_played_pile():
    st = board(hands={"empire": ["28F"], "coalition": []})
    put(st, "reims", ["fr_i"], commander="ney")
    assert ("event", "28F") not in st.legal_actions()  # a combat card's event is played in a battle only
    play(st, ("card", "28F"))
    assert st.g["hands"]["empire"] == [] and st.g["discards"]["empire"] == ["28F"] and st.frame["ap"] == 2


def test_6_2_a_gold_star_event_leaves_the_game_but_its_card_played_for_ap_does_not():
    st = board(hands={"empire": ["50F"], "coalition": []})
    play(st, ("event", "50F"))
    assert st.g["out"] == ["50F"] and st.g["discards"]["empire"] == []
    st = board(hands={"empire": ["50F"], "coalition": []})
    play(st, ("card", "50F"))
    assert st.g["out"] == [] and st.g["discards"]["empire"] == ["50F"]


def test_6_4_an_event_played_gives_no_ap_and_uses_only_its_event_effects():
    """39C Wellington as an event activates one British force without AP; its defence bonus is its combat use."""
    st = board(turn="coalition", hands={"empire": [], "coalition": ["39C"]})
    wellington = put(st, "brussels", ["gb_elite_1"], commander="wellington")
    put(st, "liege", ["pr_i"], commander="blucher")
    play(st, ("event", "39C"))
    assert st.frame["count"] == 1 and st.frame["ap"] == 0
    assert st.legal_actions() == [("force", wellington), ("done", None)]
    assert S.lasting_card_effects(st) == []


def test_6_6_each_side_plays_as_many_combat_cards_as_it_likes_the_attacker_first():
    st = board([3, 3, 3, 3], hands={"empire": ["28F", "43F"], "coalition": ["42C", "29C"]})
    napoleon = put(st, "reims", ["fr_i", "fr_ii", "fr_iii"], commander="napoleon")
    put(st, "troyes", ["pr_i", "pr_ii"], commander="blucher")
    play(st, ("op", None), ("force", napoleon), ("forced_march", 0), ("zone", "troyes"), ("done", None),
         ("stand", None), ("spearhead", "fr_i"))
    assert st.active == "empire" and st.step == "cards.window"
    play(st, ("card", "28F"), ("card", "43F"), ("done", None))
    assert st.active == "coalition"
    play(st, ("card", "42C"), ("card", "29C"), ("done", None))
    att, dfn = rolls(st, "14.6")
    assert ["The Campaign of France", 1] in att["mods"] and not any(m[0].startswith("spearhead") for m in att["mods"])
    assert ["Stubborn Defence", 1] in dfn["mods"]
    morale = next(e["text"] for e in st.log if e.get("rule") == "14.4")
    assert morale == "Morale: Napoleon 6, Blücher 4"  # 5 + 1 Vive l'Empereur!, 3 + 1 Stubborn Defence
    assert st.g["discards"] == {"empire": ["28F", "43F"], "coalition": ["42C", "29C"]}


# The per-effect ``use`` tag ------------------------------------------------------------------------------------

def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = DATA.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    (tmp_path / "cards.toml").write_text(text.replace(old, new), encoding="utf-8")
    return tmp_path


def load_error(tmp_path: Path, mapdata: MapData, counters: Counters) -> DataError:
    with pytest.raises(DataError) as info:
        load_cards(tmp_path, mapdata, counters)
    assert "cards.toml" in str(info.value)
    return info.value


WELLINGTON_BONUS = '{kind = "combat_bonus", value = 1, side = "own", when = "defence", use = "combat"'


def test_6_4_mixed_cards_say_for_each_effect_whether_it_is_an_event_or_a_combat_card():
    c = S.data().cards.cards
    assert [c["39C"].use_of(e) for e in c["39C"].effect] == ["event", "combat"]
    assert [c["5F"].use_of(e) for e in c["5F"].effect] == ["combat", "event"]
    assert {c["28F"].use_of(e) for e in c["28F"].effect} == {"combat"}  # a combat-only card: combat by default
    assert {c["6F"].use_of(e) for e in c["6F"].effect} == {"event"}  # an activation card: event by default
    assert [c["1F"].use_of(e) for e in cards.leaves(c["1F"])] == ["combat", "event", "event"]


def test_6_4_load_error_unknown_use(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, WELLINGTON_BONUS, WELLINGTON_BONUS.replace('"combat"', '"budget"'))
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 39C", "effect[1].use")


def test_6_4_load_error_untagged_effect_of_a_mixed_card(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, WELLINGTON_BONUS, WELLINGTON_BONUS.replace(', use = "combat"', ""))
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 39C", "effect[1].use")


def test_6_4_load_error_combat_use_without_the_combat_phase(tmp_path: Path, mapdata: MapData,
                                                           counters: Counters) -> None:
    broken(tmp_path, '{kind = "activate_forces", count = 2, power = "france", max_initiative = 2}',
           '{kind = "activate_forces", count = 2, power = "france", max_initiative = 2, use = "combat"}')
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 6F", "effect[0].use")


def test_6_4_load_error_a_phase_without_an_effect(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, WELLINGTON_BONUS, WELLINGTON_BONUS.replace('"combat"', '"event"'))
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 39C", "phases")


def test_6_4_load_error_in_a_choice_option(tmp_path: Path, mapdata: MapData, counters: Counters) -> None:
    broken(tmp_path, '[{kind = "interior_lines", use = "combat"', '[{kind = "interior_lines"')
    err = load_error(tmp_path, mapdata, counters)
    assert (err.record, err.field) == ("card 1F", "effect[0].options[0][0].use")
