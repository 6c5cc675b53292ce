"""Issue 9, item 29: every die roll's log line says what it needed, read off its own table."""

from __future__ import annotations

from grognard import load_game


def _state(dice):
    return load_game("tests.fixtures.duel").new_state("standard", seed=1, dice=dice)


def test_terminal_29_a_pass_fail_roll_says_what_it_needed():
    st = _state([4])
    st.roll(1, rule="14.1", why="Counter-march of Grouchy", mods=[("winter", -1), ("tactical value", 2)],
            table=lambda x: ("arrives" if x >= 5 else "does not arrive", x >= 5))
    entry = st.log[-1]
    assert entry["text"] == ("Counter-march of Grouchy, needs 5+ (arrives): rolled 4 -1 winter +2 tactical value = 5 "
                             "→ arrives")
    assert entry["needs"] == "needs 5+ (arrives)" and entry["rule"] == "14.1" and entry["row"] == "arrives"


def test_terminal_29_low_rolls_tables_and_sure_things():
    st = _state([2, 3, 6, 1, 5])
    st.roll(1, rule="14.9.4", why="Rally", table=lambda x: ("rallies" if x <= 3 else "stays", x <= 3))
    assert st.log[-1]["needs"] == "needs 3 or less (rallies)"
    st.roll(1, rule="15.4", why="Siege", table=lambda x: ("repulsed" if x <= 2 else "falls", "falls" if x > 2 else 0))
    assert st.log[-1]["needs"] == "table: 1-2 → repulsed; 3-6 → falls"
    st.roll(1, rule="14.9.1", why="Test", mods=[("morale", 9)], table=lambda x: ("holds", x >= 2))
    assert st.log[-1]["needs"] == "any roll succeeds"
    st.roll(1, rule="13.6", why="Attrition", table=lambda x: (f"column a: {x // 3}", x // 3))
    assert st.log[-1]["needs"] == "table column a: 1-2 → 0; 3-5 → 1; 6 → 2"
    st.roll(1, rule="13.6", why="Attrition", mods=[("depot spent", -2)], table=lambda x: ("column a: 0", 0))
    assert st.log[-1]["needs"] == "any roll gives column a: 0"
    st.roll(2, rule="14.6", why="Combat", table=lambda x: ("1-7: 0", 0))
    assert st.log[-1]["needs"] is None  # two dice read the combat table by row
