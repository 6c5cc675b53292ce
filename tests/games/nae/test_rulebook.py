"""The rulebook's table of contents (data/rulebook.toml): a rule number in the log names its section, for the
browser's log tags and the terminal's ``r``."""

from __future__ import annotations

import random
import tomllib

from grognard import load_game
from grognard.games.nae import describe


def test_a_rule_number_names_its_nearest_section_chapter_and_page():
    assert describe.rule_title("14.6") == "14.6 Resolving the battle (chapter 14 Battle, rulebook p. 20)"
    assert describe.rule_title("14.5.7") == "14.5 Combat modifiers (chapter 14 Battle, rulebook p. 20)"
    assert describe.rule_title("19") == "19 Victory (rulebook p. 26)"
    assert describe.rule_title("20.1") == "20.1 1815, the Hundred Days (chapter 20 Scenarios)"
    assert describe.rule_title("31.2") == ""


def test_every_section_has_its_chapter_and_every_record_its_source():
    book = describe.rulebook()
    assert all(n.split(".")[0] in book for n in book)
    rows = tomllib.loads(describe.RULEBOOK.read_text())["section"]
    assert all(r.get("src") and r.get("title") and r.get("title_fr") for r in rows)
    assert list(book) == sorted(book, key=lambda n: [int(p) for p in n.split(".")])  # in the rulebook's order


def test_every_rule_a_game_logs_is_in_the_rulebook():
    for scenario, seed in (("1815", 3), ("1809", 1)):
        st = load_game("nae").new_state(scenario, seed=seed)
        rnd = random.Random(seed)
        while not st.over:
            legal = st.legal_actions()
            st.apply(legal[int(rnd.random() * len(legal))])
        rules = {e["rule"] for e in st.view(None)["log"] if e.get("rule")}
        assert rules and not [r for r in rules if not describe.rule_title(r)], scenario
