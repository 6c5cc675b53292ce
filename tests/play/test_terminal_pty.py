"""Issue 9, acceptance: the real ``grognard play`` command in a pseudo-terminal plays a whole 1815 game from typed
commands, with the inputs that used to crash it (item 23), undo, save, quit, ``--load`` and the end of the game."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

from grognard import load_game
from grognard.core import record as records

PROMPT = r"(empire|coalition)> "


def spawn(args: list[str], tmp_path: Path) -> pexpect.spawn:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "COLUMNS": "200", "LINES": "50",
           "TERM": "dumb", "PYTHONIOENCODING": "utf-8"}
    child = pexpect.spawn(sys.executable, ["-m", "grognard", *args], env=env, encoding="utf-8",
                          dimensions=(50, 200), timeout=60)
    child.delaybeforesend = None  # each line is sent once its prompt is shown: no need to wait
    return child


def typed(child: pexpect.spawn, line: str, *expect: str) -> str:
    """Type a line, wait for each of ``expect`` in turn; the text shown before the last one."""
    child.sendline(line)
    for pattern in expect:
        child.expect(pattern)
    return str(child.before)


def number_of(menu: str, label: str) -> str:
    found = re.search(rf"(\d+)\. {re.escape(label)}", menu)
    assert found, f"{label!r} is not offered"
    return found.group(1)


def test_terminal_pty_a_whole_1815_game_typed_in_a_pseudo_terminal(tmp_path):
    not_a_dir = tmp_path / "a-file"
    not_a_dir.write_text("")
    # 1. A new hotseat game: the inputs that used to crash, a refused save, Ctrl-C, undo, then Ctrl-D.
    child = spawn(["play", "nae", "1815", "--empire", "human", "--coalition", "human", "--seed", "2"], tmp_path)
    child.expect(PROMPT)
    menu = str(child.before)
    typed(child, "²", "Not understood", PROMPT)
    typed(child, "9" * 5000, "Not understood", PROMPT)  # the tty keeps 4,095 digits of it: still no choice
    typed(child, "", PROMPT)
    typed(child, "r 14.6", r"14\.6 Resolving the battle \(chapter 14 Battle, rulebook p\. 20\)", PROMPT)  # round 7
    typed(child, f"s {not_a_dir}/game.json", "Cannot save to", PROMPT)
    child.sendintr()
    child.expect("Save before leaving")
    typed(child, "r", PROMPT)
    typed(child, number_of(menu, "Make a 1-AP operation without a card"), "Choose the force", PROMPT)
    typed(child, "u", "Taken back", PROMPT)
    typed(child, "1", PROMPT)  # a card played for its AP
    child.sendeof()
    child.expect("Input closed")
    child.expect(pexpect.EOF)
    # 2. A new `grognard play` offers to continue the autosaved game; q offers to save it.
    child = spawn(["play"], tmp_path)
    child.expect(r"An unfinished game .* was autosaved\. Continue it\? \[Y/n\]")
    typed(child, "y", "Resuming after 1 actions", PROMPT)
    saved = tmp_path / "saved.json"
    typed(child, "q", "Save before leaving")
    typed(child, str(saved), "Saved to", pexpect.EOF)
    # 3. --load resumes it; both sides type their choices to the end of the game, handing the keyboard over.
    child = spawn(["play", "--load", str(saved)], tmp_path)
    child.expect("Resuming after 1 actions")
    hand_overs = 0
    while True:
        i = child.expect([PROMPT, "Hand over to the", "Save the finished game"])
        if i == 2:
            break
        hand_overs += i
        child.sendline("1" if i == 0 else "")
    assert hand_overs > 5
    assert "Game over. The Empire wins. Decided by 20.1" in " ".join(str(child.before).split())
    final = tmp_path / "final.json"
    typed(child, str(final), "Saved to", pexpect.EOF)
    rec = records.load(final)
    assert rec["result"]["winner"] == "empire" and rec["players"] == {"empire": "human", "coalition": "human"}
    assert load_game("nae").replay(rec).over
    assert not (tmp_path / "data" / "grognard" / "autosave-nae.json").exists()
