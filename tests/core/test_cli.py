import json

import pytest
from typer.testing import CliRunner

from grognard.cli import app
from grognard.core import record as records
from grognard.core.registry import load_game
from grognard.play.terminal import REMINDER

runner = CliRunner()
DUEL = "tests.fixtures.duel"


def test_selfplay_json_summary():
    res = runner.invoke(app, ["selfplay", DUEL, "standard", "--games", "6", "--seed", "3", "--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout.strip().splitlines()[-1])
    assert summary["games"] == 6
    assert set(summary["results"]) == {"empire", "coalition", "draw"} and sum(summary["results"].values()) == 6
    assert summary["decisions_per_s"] > 0


def test_selfplay_with_jobs_matches_one_process(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for out, jobs in ((a, "1"), (b, "2")):
        res = runner.invoke(app, ["selfplay", DUEL, "standard", "--games", "4", "--jobs", jobs, "--out", str(out)])
        assert res.exit_code == 0, res.output
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir()) and len(names) == 4
    for n in names:
        assert records.load(a / n)["digest"] == records.load(b / n)["digest"]


def test_selfplay_record_replays_with_the_cli(tmp_path):
    runner.invoke(app, ["selfplay", DUEL, "short", "--games", "2", "--out", str(tmp_path)])
    path = next(tmp_path.iterdir())
    res = runner.invoke(app, ["replay", str(path)])
    assert res.exit_code == 0 and "matches" in res.output
    rec = records.load(path)
    rec["digest"] = "f" * 64
    records.save(rec, path)
    res = runner.invoke(app, ["replay", str(path)])
    assert res.exit_code == 1 and "Replay failed" in res.output


def test_scenarios_lists_a_game():
    res = runner.invoke(app, ["scenarios", DUEL])
    assert res.exit_code == 0 and "standard" in res.output and "short" in res.output


def test_unknown_game_and_scenario_are_clear_errors():
    res = runner.invoke(app, ["selfplay", "chess", "x"])
    assert res.exit_code == 2 and "unknown game 'chess'" in res.output
    res = runner.invoke(app, ["play", DUEL, "1999"])
    assert res.exit_code == 2 and "no scenario '1999'" in res.output


def test_play_against_the_computer_in_the_terminal(tmp_path):
    save = tmp_path / "saved.json"
    # Play a card, undo it, pass, save, then quit.
    res = runner.invoke(app, ["play", DUEL, "standard", "--seed", "1"], input=f"1\nu\nzz\n3\ns {save}\nq\n")
    assert res.exit_code == 0, res.output
    assert "empire: Round 1: play a card" in res.output
    assert "Not understood" in res.output and "Saved to" in res.output and "Game left unfinished" in res.output
    assert records.load(save)["actions"][0] == ["pass", None]


def test_map_draws_the_nae_board(tmp_path):
    import xml.etree.ElementTree as ET

    out = tmp_path / "map.svg"
    res = runner.invoke(app, ["map", "nae", "--out", str(out)])
    assert res.exit_code == 0, res.output
    root = ET.parse(out).getroot()
    ids = {el.get("id") for el in root.iter()}
    assert {"paris", "vienna", "moscow", "lisbon", "constantinople"} <= ids
    res = runner.invoke(app, ["map", "chess"])
    assert res.exit_code == 2 and "no map data" in res.output


def test_game_options_are_named_and_unknown_ones_refused(tmp_path):
    res = runner.invoke(app, ["selfplay", "nae", "1815", "--games", "1", "-o", "setup_choices", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    rec = records.load(next(tmp_path.glob("*.json")))
    assert rec["options"] == {"setup_choices": True} and any(a[0] == "setup" for a in rec["actions"])
    assert runner.invoke(app, ["replay", str(next(tmp_path.glob("*.json")))]).exit_code == 0
    res = runner.invoke(app, ["selfplay", DUEL, "standard", "-o", "fog"])
    assert res.exit_code == 2 and "has no option fog" in res.output
    with pytest.raises(ValueError, match="has no option fog; it has: setup_choices"):
        load_game("nae").new_state("1815", options={"fog": True})


def flat(text: str) -> str:
    """Output with rich's line wrapping undone, so phrases can be looked for whole."""
    return " ".join(text.split())


def test_the_board_is_shown_once_per_turn_and_on_demand():
    # Play a card, march E1 (two more decisions in the same turn), ask for the board, quit.
    res = runner.invoke(app, ["play", DUEL, "standard", "--seed", "1"], input="1\n1\nb\nq\n")
    assert res.exit_code == 0, res.output
    out = flat(res.output)
    heading = "Round 1, empire to act."
    march = out.index("empire: Choose the zone E1 marches into")
    assert out.count("empire: ") == 4  # four prompts: card, unit, zone, and the zone again after b
    assert out.count(heading, 0, march) == 1 and out.count("Your hand:", 0, march) == 1
    after_b = out.index(heading, march)
    assert out.count(heading) == 2 and out.index("empire: Choose the zone E1 marches into", after_b) > after_b
    assert "Game left unfinished" in out


def test_the_board_is_shown_again_when_the_turn_changes():
    # Pass; the computer plays the coalition turn; the empire's next round shows a new board.
    res = runner.invoke(app, ["play", DUEL, "standard", "--seed", "1"], input="3\nq\n")
    assert res.exit_code == 0, res.output
    out = flat(res.output)
    assert out.count("Round 1, empire to act.") == 1 and out.count("Round 2, empire to act.") == 1
    assert out.index("coalition passes (D2)") < out.index("Round 2, empire to act.")
    assert out.count("Your hand:") == 2
    # The log between decisions is shown from the empire's side only.
    assert "You draw card E-1" in out and "You draw card C-" not in out


def test_help_lists_every_command():
    res = runner.invoke(app, ["play", DUEL, "standard", "--seed", "1"], input="h\n?\nq\n")
    assert res.exit_code == 0, res.output
    out = flat(res.output)
    assert out.count(REMINDER) == 1  # the keys said again once, above the first question
    out = out.replace(REMINDER, "")
    for command in ("u = undo", "b = show the board", "s FILE = save", "h = this help", "q = quit"):
        assert out.count(command) == 3, command  # in the greeting, after h and after ?
    assert out.count("Round 1, empire to act.") == 1 and out.count("empire: Round 1: play a card") == 3
    assert "Not understood" not in out


def test_nae_board_is_not_reprinted_within_a_turn():
    # Play a card for AP, activate a force, take the first order twice: all within the empire's turn.
    res = runner.invoke(app, ["play", "nae", "1815", "--seed", "1"], input="1\n1\n1\n1\nb\nq\n")
    assert res.exit_code == 0, res.output
    out = flat(res.output)
    board = "empire to act. Hands: Empire"
    assert out.count("empire> ") == 6
    assert out.count(board) == 2 and out.count(" Coalition: ") == 2  # at the start and after b
    last_prompt = out.rindex("empire: ")
    assert out.index(board, out.index(board) + 1) < last_prompt  # b reprints the board above the prompt


def test_game_text_in_brackets_is_not_taken_for_markup(monkeypatch):
    game = load_game(DUEL)
    monkeypatch.setattr(game, "describe", lambda st, side: ["Round 1, empire to act.", "  E1 at paris [in fortress]"])
    res = runner.invoke(app, ["play", DUEL, "standard", "--seed", "1"], input="q\n")
    assert res.exit_code == 0, res.output
    assert "E1 at paris [in fortress]" in res.output
