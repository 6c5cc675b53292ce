"""Issue 9, items 22-30: the terminal game as a new user meets it (a scripted reader stands in for the keyboard;
``test_terminal_pty`` drives the real command through a pseudo-terminal)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from grognard.cli import app
from grognard.core import record as records
from grognard.core.machine import State
from grognard.games.nae.why import find_force
from grognard.play import terminal
from grognard.play.terminal import Terminal

runner = CliRunner()


def flat(text: str) -> str:
    return " ".join(text.split())


def keyboard(lines: Iterable[str | type[BaseException] | Callable[[], str]], screen: io.StringIO
             ) -> Callable[[str], str]:
    """A reader typing ``lines`` (a string, an exception to raise such as EOFError, or a function giving the line)
    after showing the prompt on ``screen``; once they run out, the input is closed (Ctrl-D)."""
    it = iter(lines)

    def read(prompt: str) -> str:
        screen.write(prompt + "\n")
        item = next(it, EOFError)
        if isinstance(item, type) and issubclass(item, BaseException):
            raise item
        return item() if callable(item) else item

    return read


def session(lines, players=None, *, autosave: Path | None = None, seed: int = 1, st: State | None = None,
            screen: list[io.StringIO] | None = None, agents=None):
    from grognard import load_game

    game = load_game("nae")
    out = io.StringIO()
    if screen is not None:
        screen.append(out)
    console = Console(file=out, width=200, color_system=None, force_terminal=True)
    st = st or game.new_state("1815", seed=seed)
    t = Terminal(game, st, players or {"empire": "human", "coalition": "random"}, console, keyboard(lines, out),
                 autosave, seed)
    t.agents.update(agents or {})
    return t.run(), out


def test_terminal_23_no_input_crashes_the_game(tmp_path):
    bad = tmp_path / "a-file"
    bad.write_text("")
    st, out = session(["²", "9" * 5000, "", "0", "99", "-1", "\x1b[A", f"s {bad}/game.json", "c 3F", "c",
                          "why Brussels", "why Atlantis", "c nothing", KeyboardInterrupt, "r", "h", "q", "r", "q", ""],
                         autosave=tmp_path / "auto.json")
    text = flat(out.getvalue())
    assert text.count("Not understood") == 4  # ², the 5,000 digits, -1, the escape sequence
    assert "There is no choice 0: type a number from 1 to" in text and "There is no choice 99" in text
    assert f"Cannot save to {bad}/game.json:" in text and "The game goes on." in text
    assert "3F Column of March (2 AP, activation) [reconstructed]" in text and "Your hand:" in text
    assert "Brussels is not asked for now" in text and "'Atlantis' names no zone and no force" in text
    assert "No card 'nothing'" in text
    assert text.count("Save before leaving?") == 3  # Ctrl-C, then q twice
    assert text.endswith("Game left unfinished.")
    assert st.actions == [] and not st.over


def test_terminal_23_ctrl_d_leaves_the_game_in_its_autosave(tmp_path):
    auto = tmp_path / "auto.json"
    st, out = session(["1", "1"], autosave=auto)  # then the input closes
    assert "Input closed. Game left unfinished. It is autosaved in" in flat(out.getvalue())
    assert records.load(auto)["actions"] == [list(a) for a in st.actions] and len(st.actions) == 2


def test_terminal_23_ctrl_c_and_q_offer_to_save(tmp_path):
    saved = tmp_path / "saved.json"
    st, out = session(["1", KeyboardInterrupt, str(saved)])
    assert "Saved to" in out.getvalue() and records.load(saved)["actions"] == [list(st.actions[0])]
    assert records.load(saved)["players"] == {"empire": "human", "coalition": "random"}


def test_terminal_22_the_end_says_who_won_and_the_finished_game_can_be_saved(tmp_path):
    auto, final = tmp_path / "auto.json", tmp_path / "final.json"
    from grognard import load_game

    st = load_game("nae").new_state("1815", seed=2)
    st, out = session(_until_over(["1"] * 400, lambda: st.over, str(final)), autosave=auto, st=st)
    text = flat(out.getvalue())
    assert st.over and "Game over. The Empire wins. Decided by 20.1 Conditions de victoire" in text
    assert "You (empire) win." in text  # the one player at the keyboard is told what the result means for them
    assert "Saved to" in text and records.load(final)["result"]["winner"] == "empire"
    assert not auto.exists()  # a finished game is nothing to continue


def _until_over(lines, over, then):
    for line in lines:
        if over():
            break
        yield line
    yield then


def test_terminal_28_hotseat_hides_the_hand_of_the_side_not_to_act(tmp_path):
    from grognard import load_game

    st = load_game("nae").new_state("1815", seed=1)
    empire_hand = list(st.g["hands"]["empire"])
    seen: list[str] = []

    def pass_turn() -> str:
        return str(len(st.legal_actions()))  # "Pass" is the last choice of a round

    screen: list[io.StringIO] = []
    st, out = session([pass_turn, lambda: seen.append(screen[0].getvalue()) or "", "q", ""],
                         {"empire": "human", "coalition": "human"}, st=st, screen=screen)
    before, after = out.getvalue()[: len(seen[0])], out.getvalue()[len(seen[0]):]
    assert "Hand over to the coalition player" in flat(before)
    assert "\x1b[2J" in before.split("Hand over")[0].split("empire> ")[-1]  # the screen is cleared for the hand-over
    assert "The Empire passes (5.2)" in after  # the next player reads what happened, once the screen is his
    assert st.active == "coalition" and "Your hand:" in after
    from grognard.games.nae.rules.cards import title

    assert all(title(c) not in after and c + " " not in after for c in empire_hand)


def test_terminal_28_the_computer_move_is_shown_with_its_reason():
    from grognard import load_game

    class Explaining:
        last_reason = ""

        def choose(self, state, side):
            self.last_reason = "Pass: nothing worth the cards yet"
            return ("pass", None)

    st = load_game("nae").new_state("1815", seed=1)
    st, out = session([lambda: str(len(st.legal_actions()))], st=st, agents={"coalition": Explaining()})
    assert "coalition (computer): Pass: nothing worth the cards yet" in flat(out.getvalue())


def test_terminal_24_load_resumes_a_saved_game_and_autosave_offers_to_continue(tmp_path):
    saved = tmp_path / "saved.json"
    res = runner.invoke(app, ["play", "nae", "1815", "--seed", "3"], input=f"1\n1\ns {saved}\nq\n\n")
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["play", "--load", str(saved)], input="q\n\n")
    assert res.exit_code == 0, res.output
    assert "Resuming after 2 actions (seed 3)." in res.output
    # The autosave of the first game is offered by a new ``play``; declining starts a new game
    res = runner.invoke(app, ["play"], input="y\nq\n\n")
    assert "An unfinished game of Napoleon against Europe (1815, seed 3, 2 actions) was autosaved" in flat(res.output)
    assert "Resuming after 2 actions" in res.output
    res = runner.invoke(app, ["play", "--seed", "5"], input="n\nq\n\n")
    assert "Resuming" not in res.output and "Seed" not in res.output
    missing = runner.invoke(app, ["play", "--load", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "Cannot load" in missing.output
    saved.write_text('{"format": "grognard-record/1", "game": "nae", "scenario": "1815", "seed": 3, "actions": '
                     '[["zz", 1]], "digest": "0"}')
    tampered = runner.invoke(app, ["play", "--load", str(saved)])
    assert tampered.exit_code == 2 and "Cannot resume" in tampered.output and "Traceback" not in tampered.output


def test_terminal_30_a_new_game_gets_a_random_seed_printed(tmp_path):
    res = runner.invoke(app, ["play", "nae", "1815"], input=f"1\ns {tmp_path / 'g.json'}\nq\n\n")
    assert res.exit_code == 0, res.output
    seed = int(re.search(r"Seed (\d+) \(replay this game with --seed \1\)", res.output).group(1))
    assert records.load(tmp_path / "g.json")["seed"] == seed


def test_terminal_24_the_autosave_lives_in_the_user_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert terminal.autosave_path("nae") == tmp_path / "grognard" / "autosave-nae.json"


def test_terminal_27_why_reaches_the_rules_from_the_terminal():
    from grognard import load_game

    st = load_game("nae").new_state("1815", seed=1)
    st.apply(st.legal_actions()[0])  # a card for its AP: the activation step
    st, out = session(["why Blücher", "q", ""], st=st)
    assert find_force(st, "blucher") is not None
    assert "Blücher (Army of the Elbe) cannot be activated: it is a force of the Coalition, 9.1." in out.getvalue()


def test_terminal_the_keys_are_said_again_under_the_first_board():
    """The help printed first scrolls away behind the board (about 100 lines): the keys are said again just above
    the first question."""
    _st, out = session([])
    text = out.getvalue()
    said = text.index(terminal.REMINDER)
    assert text.index("Your hand:") < said < text.index("   1. ")
    assert text.count(terminal.REMINDER) == 1  # once, not under each new round's board
