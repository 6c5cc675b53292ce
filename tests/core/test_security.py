"""Bad input and hidden information at the core contract (Duel fixture): who may act, what a refusal shows."""

import shutil

import pytest

from grognard import IllegalAction


def refusal(st, action, **kw) -> IllegalAction:
    before = st.to_json()
    with pytest.raises(IllegalAction) as exc:
        st.apply(action, **kw)
    assert st.to_json() == before
    return exc.value


def test_security_an_action_from_the_side_not_to_act_is_refused_without_listing_anything(duel):
    st = duel.new_state("standard", seed=3)
    hand = st.g["hands"]["empire"]
    # The empire's card, a card it does not hold, junk: the same answer, so no probing the hand this way.
    answers = set()
    for action in [("card", hand[0]), ("card", "E-99"), ("pass", None), "junk"]:
        exc = refusal(st, action, side="coalition")
        assert exc.legal is None and "Legal now" not in str(exc) and "asked to" not in str(exc)
        answers.add(str(exc).replace(repr(action), "ACTION"))
        assert not any(c in str(exc) for c in hand[1:])
    assert answers == {"ACTION is refused: the side to act is empire, not 'coalition'."}
    refusal(st, ("pass", None), side="france")
    st.apply(("card", hand[0]), side="empire")
    with pytest.raises(IllegalAction, match="Undo is refused: the side to act is empire, not 'coalition'"):
        st.undo(side="coalition")
    st.undo(side="empire")
    st.apply(("pass", None), side="empire")
    assert st.active == "coalition"


def test_security_only_the_side_to_act_is_shown_its_legal_actions(duel):
    st = duel.new_state("standard", seed=3)
    exc = refusal(st, ("zone", "vienna"), side="empire")
    assert exc.legal == st.legal_actions() and "Legal now" in str(exc)
    assert refusal(st, ("zone", "vienna")).legal == st.legal_actions()  # no side named: a trusted local caller


def test_security_malformed_actions_get_the_same_helpful_reason(duel):
    st = duel.new_state("standard", seed=3)
    for junk in ["pass", ("pass",), (1, None), (None, None), ("pass", None, 3), None, 7, {"verb": "pass"},
                 [b"pass", None], (["pass"], None), ("pass", {"a": 1})]:
        exc = refusal(st, junk)
        assert "is not legal now: empire is asked to round 1" in str(exc) and "('pass', None)" in str(exc), junk


def test_security_refusals_are_bounded_in_size(duel):
    st = duel.new_state("standard", seed=3)
    for junk in [("zone", "x" * 100_000), ("x" * 100_000, None), ("zone", 10**5000), ("zone", [[[[[[1]]]]]] * 9999)]:
        text = str(refusal(st, junk))
        assert len(text) <= 2000 and "not legal now" in text
    assert len(str(refusal(st, ("zone", "x" * 100_000), side="y" * 100_000))) <= 2000


def test_security_the_view_of_an_unknown_side_is_a_clear_error(duel):
    st = duel.new_state("standard", seed=3)
    with pytest.raises(ValueError, match="has no side 'france'; its sides: empire, coalition"):
        st.view("france")
    assert st.view(None)["side"] is None


def test_security_a_record_never_makes_the_program_import_a_module_it_names(tmp_path, monkeypatch):
    import sys

    from typer.testing import CliRunner

    from grognard.cli import app
    from grognard.core import record as records
    from grognard.core.registry import load_game

    marker = tmp_path / "imported"
    (tmp_path / "evil_game.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    rec = {"format": records.FORMAT, "game": "evil_game", "scenario": "x", "seed": 0, "options": {}, "dice": None,
           "actions": [], "digest": "0" * 64, "result": None}
    records.save(rec, tmp_path / "rec.json")
    res = CliRunner().invoke(app, ["replay", str(tmp_path / "rec.json")])
    assert res.exit_code == 2 and "unknown game 'evil_game'" in res.output
    for name in ("evil_game", "os.path", "tests.fixtures.duel.x", ["nae"]):
        with pytest.raises(ValueError, match="unknown game"):
            load_game(name)
    assert not marker.exists() and "evil_game" not in sys.modules
    monkeypatch.setenv("GROGNARD_GAMES", "")  # the fixture game too loads only once registered
    with pytest.raises(ValueError, match=r"unknown game 'tests\.fixtures\.duel'"):
        load_game("tests.fixtures.duel")
    monkeypatch.setenv("GROGNARD_GAMES", "duel=tests.fixtures.duel")
    assert load_game("duel").name == "tests.fixtures.duel"


def one_clear_line(args, *words):
    """Run the CLI: it must exit 2 with one line naming the problem, and no traceback."""
    from typer.testing import CliRunner

    from grognard.cli import app

    res = CliRunner().invoke(app, args)
    assert res.exit_code == 2, (args, res.output, res.exception)
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in res.output, res.output
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def test_security_no_traceback_reaches_a_cli_user(tmp_path, monkeypatch):
    from grognard.core import record as records

    good = {"format": records.FORMAT, "game": "tests.fixtures.duel", "scenario": "standard", "seed": 1,
            "options": {}, "dice": None, "actions": [["pass", None]], "digest": "0" * 64, "result": None}
    bad_records = {
        "missing.json": None,
        "not-json.json": b"{not json",
        "list.json": b"[1, 2]",
        "no-format.json": b'{"game": "nae"}',
        "no-actions.json": {k: v for k, v in good.items() if k != "actions"},
        "bad-action.json": {**good, "actions": [[1, 2, 3]]},
        "bad-seed.json": {**good, "seed": "one"},
        "bad-option.json": {**good, "options": {"fog": True}},
        "bad-scenario.json": {**good, "scenario": "1066"},
        "bad-game.json": {**good, "game": ["nae"]},
        "bad-dice.json": {**good, "dice": [9]},
    }
    for name, content in bad_records.items():
        path = tmp_path / name
        if isinstance(content, dict):
            records.save(content, path)
        elif content is not None:
            path.write_bytes(content)
        one_clear_line(["replay", str(path)], "grognard: ")
    one_clear_line(["replay", str(tmp_path / "missing.json")], "No such file", "missing.json")
    one_clear_line(["replay", str(tmp_path / "not-json.json")], "not-json.json is not a game record")
    one_clear_line(["selfplay", "tests.fixtures.duel", "standard", "--games", "1", "--empire", "genius"],
                   "unknown agent 'genius'")
    one_clear_line(["selfplay", "chess", "x"], "unknown game 'chess'")
    (tmp_path / "a-file").write_text("")
    one_clear_line(["map", "nae", "--out", str(tmp_path / "a-file" / "map.svg")], "a-file")  # cannot be written
    # A broken data file: the error names the file.
    from grognard.games.nae import gamedata

    broken = tmp_path / "data"
    shutil.copytree(gamedata.DATA_DIR, broken)
    (broken / "map.toml").write_text("[zones.paris\n")
    monkeypatch.setattr(gamedata, "DATA_DIR", broken)
    one_clear_line(["map", "nae", "--out", str(tmp_path / "map.svg")], "map.toml")
