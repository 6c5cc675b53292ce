"""The terminal client: people and computer players take turns on one screen.

Whatever is typed, the game goes on: unknown input is answered with the help, Ctrl-C and ``q`` offer to save,
Ctrl-D leaves the game in its autosave. The game is autosaved after every action (``autosave_path``), so an
interrupted game can be continued; ``--load FILE`` resumes a saved record."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs
from rich.console import Console
from rich.markup import escape

from grognard.agents import Agent, make_agent
from grognard.core import record as records
from grognard.core.errors import IllegalAction
from grognard.core.machine import Game, State
from grognard.play.reasons import plain_reason

HELP = ("Type the number of a choice; u = undo, b = show the board, c CARD = read a card (c alone: your hand), "
        "why X = why a zone or force is not offered, r 14.6 = the rulebook section of a rule number, "
        "s FILE = save the game record, h = this help, q = quit.")
REMINDER = "Type the number of a choice below; h = help, b = the board again, c = your hand, u = undo, q = quit."
MAX_CHOICE_DIGITS = 4  # longer numbers are no choice (and int() of thousands of digits is refused anyway)

Read = Callable[[str], str]


def autosave_path(game: str) -> Path:
    """The autosave of ``game`` in the user's data directory (``$XDG_DATA_HOME/grognard`` on Linux)."""
    return platformdirs.user_data_path("grognard") / f"autosave-{game}.json"


def new_seed() -> int:
    """A fresh random seed for a new game (printed, so the game can be replayed with ``--seed``)."""
    return secrets.randbelow(2**31)


def unfinished(game: Game, path: Path) -> tuple[State, dict[str, str]] | None:
    """The unfinished game saved at ``path`` and its players, or None (no file, a finished or unreadable game)."""
    try:
        rec = records.load(path)
        if rec.get("game") != game.name:
            return None
        st = game.replay(rec)
    except (OSError, ValueError, KeyError, TypeError, records.ReplayMismatch):
        return None
    return (None if st.over else (st, dict(rec.get("players") or {})))


class Terminal:
    """One game on one terminal. ``read`` asks for a line; it may raise EOFError (Ctrl-D) or KeyboardInterrupt."""

    def __init__(self, game: Game, st: State, players: dict[str, str], console: Console, read: Read,
                 autosave: Path | None = None, seed: int = 0) -> None:
        self.game, self.st, self.players, self.console, self.read = game, st, players, console, read
        self.autosave = autosave
        self.agents: dict[str, Agent] = {
            side: make_agent(kind, seed + i) for i, (side, kind) in enumerate(players.items()) if kind != "human"
        }
        self.humans = [s for s, k in players.items() if k == "human"]
        self.seen = 0  # log entries already shown
        # The board runs to dozens of lines; reprinting it before every decision buries the prompt,
        # so it is shown again only when its first line (round and side to act) changes, or on ``b``.
        self.shown: str | None = None
        self.last_human: str | None = None  # hotseat: the side whose player holds the keyboard
        self.saved_at = len(st.actions)  # actions in the autosave this session wrote (a loaded game: none yet)
        self.autosaved = False

    # -- the game loop ----------------------------------------------------------------------
    def run(self) -> State:
        """Play until the game ends or the player leaves; the state reached is returned."""
        self.console.print(f"[bold]{self.game.title}[/bold] — "
                           f"{escape(self.game.scenarios()[self.st.setup['scenario']])}. {HELP}")
        while not self.st.over:
            try:
                if not self.turn():
                    return self.st
            except KeyboardInterrupt:
                self.console.print()
                if self.leave():
                    return self.st
        self.finish()
        return self.st

    def turn(self) -> bool:
        """One decision (or one command); False when the player leaves."""
        st = self.st
        side = st.active
        assert side is not None
        if side in self.agents:
            self.show_log(self.humans[0] if len(self.humans) == 1 else None)
            self.computer_moves(side)
            return True
        self.autosave_now()
        if len(self.humans) > 1 and self.last_human not in (None, side):
            self.hand_over(side)  # before the log: what it says is for the next player's eyes
        self.last_human = side
        self.show_log(side)
        board = self.game.describe(st, side)
        heading = board[0] if board else ""
        if heading != self.shown:
            self.print_lines(board)
            if self.shown is None:  # the help at the top has scrolled away behind the board: the keys again
                self.console.print(REMINDER, highlight=False)
            self.shown = heading
        legal = st.legal_actions()
        menu = [f"[bold cyan]{side}[/bold cyan]: {escape(st.game.redact_text(st, st.prompt, side))}"]
        menu += [f"  {i:>2}. {escape(self.game.label(st, action))}" for i, action in enumerate(legal, start=1)]
        self.console.print("\n".join(menu), highlight=False)  # one print: rich is slow line by line
        try:
            answer = self.read(f"{side}> ").strip()
        except EOFError:
            self.console.print()
            self.left_unfinished("Input closed.")
            return False
        return self.command(answer, legal, board)

    def command(self, answer: str, legal: list[Any], board: list[str]) -> bool:
        st = self.st
        word, _, rest = answer.partition(" ")
        rest = rest.strip()
        if answer == "":
            return True
        if answer == "q":
            return not self.leave()
        if answer in ("h", "?", "help"):
            self.console.print(HELP, highlight=False)
        elif answer == "b":
            self.print_lines(board)
        elif answer == "u":
            try:
                st.undo()
                self.seen = min(self.seen, len(st.log))
                self.console.print("Taken back.")
            except IllegalAction as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red]")
        elif word == "s" and rest:
            self.save(rest)
        elif word == "c":
            self.show_card(rest)
        elif word == "why" and rest:
            self.print_lines([self.game.why(st, rest)])
        elif word == "r" and rest:  # a rule number of the log or a message: its rulebook section
            rule = getattr(self.game, "rule", None)
            self.console.print(escape((rule(rest) if rule else "") or f"No section {rest} in this game's rulebook."))
        elif answer.isascii() and answer.isdigit() and len(answer) <= MAX_CHOICE_DIGITS:
            n = int(answer)
            if not 1 <= n <= len(legal):
                self.console.print(f"[red]There is no choice {n}: type a number from 1 to {len(legal)}.[/red]")
            else:
                try:
                    st.apply(legal[n - 1])
                except IllegalAction as exc:
                    self.console.print(f"[red]{escape(str(exc))}[/red]")
        else:
            self.console.print(f"[red]Not understood.[/red] {HELP}", highlight=False)
        return True

    def computer_moves(self, side: str) -> None:
        """The computer plays; its move is shown as a sentence: the agent's ``last_reason`` when it gives one (the
        move and why), else the move's label."""
        agent = self.agents[side]
        action = agent.choose(self.st, side)
        label = self.game.label(self.st, action)
        why, _ = plain_reason(label, str(getattr(agent, "last_reason", "") or ""))  # the figures are the search's
        self.st.apply(action)
        if self.humans:
            said = f"{label}: {why}" if why else label
            # no automatic colouring of its numbers and brackets: the sentence reads as one line of the game
            self.console.print(f"[bold magenta]{side}[/bold magenta] (computer): {escape(said)}", highlight=False)

    # -- leaving, saving, the end -------------------------------------------------------------
    def leave(self) -> bool:
        """``q`` or Ctrl-C: offer to save, then leave (True), or go back to the game on ``r`` (False)."""
        self.autosave_now()
        kept = f" (it stays in the autosave, {escape(str(self.autosave))})" if self.autosave and self.autosaved else ""
        try:
            answer = self.read(f"Save before leaving? Type a file name, Enter to leave without saving{kept}, "
                               "or r to return to the game: ").strip()
        except (EOFError, KeyboardInterrupt):
            answer = ""
            self.console.print()
        if answer == "r":
            return False
        if answer and not self.save(answer):
            return False  # the save failed: back to the game rather than losing it
        self.left_unfinished("")
        return True

    def left_unfinished(self, why: str) -> None:
        self.autosave_now()
        where = (f" It is autosaved in {self.autosave}: the next game offers to continue it."
                 if self.autosave and self.autosaved else "")
        self.console.print(f"{why + ' ' if why else ''}Game left unfinished.{where}")

    def finish(self) -> None:
        """The end: the last log lines, who won and why; the finished game may be saved."""
        st = self.st
        self.show_log(self.humans[0] if len(self.humans) == 1 else None)
        self.console.print(f"[bold]Game over. {escape(self.game.outcome(st))}[/bold]", highlight=False)
        winner = (st.result or {}).get("winner")
        if len(self.humans) == 1 and winner:  # what it means for the one player at the keyboard
            self.console.print(f"[bold]You ({self.humans[0]}) {'win' if winner == self.humans[0] else 'lose'}.[/bold]")
        if self.autosave:
            self.autosave.unlink(missing_ok=True)  # nothing left to continue
        if not self.humans:
            return
        while True:
            try:
                answer = self.read("Save the finished game? Type a file name, or Enter to finish: ").strip()
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return
            if not answer or self.save(answer):
                return

    def save(self, name: str) -> bool:
        """Save the game record to ``name``; a bad path is reported and the game goes on."""
        path = Path(name).expanduser()
        try:
            records.save(self.record(), path)
        except (OSError, ValueError) as exc:
            self.console.print(f"[red]Cannot save to {escape(name)}: {escape(str(exc))}. The game goes on.[/red]")
            return False
        self.console.print(f"Saved to {escape(str(path))}; resume it with: grognard play --load {escape(str(path))}")
        return True

    def record(self) -> dict[str, Any]:
        return records.make_record(self.st, players=self.players)

    def autosave_now(self) -> None:
        """Write the autosave if an action was taken since the last one (a failure to write is only reported)."""
        if self.autosave is None or self.saved_at == len(self.st.actions):
            return
        try:
            records.save(self.record(), self.autosave, durable=False)  # at every action: no wait for the disk
            self.saved_at = len(self.st.actions)
            self.autosaved = True
        except OSError as exc:
            self.console.print(f"[red]Autosave to {self.autosave} failed: {escape(str(exc))}[/red]")

    # -- display ----------------------------------------------------------------------------------
    def hand_over(self, side: str) -> None:
        """Hotseat: clear the screen so the other side's hand is gone, and wait for the next player."""
        self.console.clear()
        self.shown = None
        with contextlib.suppress(EOFError):  # closed input: the next prompt leaves the game in its autosave
            self.read(f"Hand over to the {side} player: press Enter when only the {side} player is looking. ")
        self.console.clear()

    def show_card(self, name: str) -> None:
        if not name:
            board = self.game.describe(self.st, self.st.active)
            start = board.index("Your hand:") if "Your hand:" in board else len(board)
            self.print_lines(board[start:] or ["No hand to show."])
            return
        text = self.game.card_text(name)
        self.print_lines([text if text is not None else f"No card {name!r}: name it by id (3F) or title."])

    def print_lines(self, lines: list[str]) -> None:
        # Game text is plain: rich would swallow markers such as "[in fortress]" as markup.
        if lines:
            self.console.print("\n".join(lines), markup=False, highlight=False)

    def show_log(self, side: str | None) -> None:
        shown = [f"  · {escape(e['text'])}" + (f" [dim]({escape(e['rule'])})[/dim]" if "rule" in e else "")
                 for e in self.st.log[self.seen:] if e.get("to") in (None, side) and side not in e.get("not_to", ())]
        if shown:
            self.console.print("\n".join(shown), highlight=False)
        self.seen = len(self.st.log)


def play(
    game: Game,
    scenario: str,
    players: dict[str, str],
    seed: int,
    console: Console,
    read: Read,
    options: dict[str, bool] | None = None,
    autosave: Path | None = None,
) -> State:
    """Play a new game of ``scenario``; ``players`` maps each side to ``"human"`` or an agent name."""
    st = game.new_state(scenario, seed=seed, options=options)
    return Terminal(game, st, players, console, read, autosave, seed).run()


def resume(game: Game, st: State, players: dict[str, str], console: Console, read: Read,
           autosave: Path | None = None) -> State:
    """Go on with a loaded game."""
    console.print(f"Resuming after {len(st.actions)} actions (seed {st.setup['seed']}).")
    t = Terminal(game, st, players, console, read, autosave, int(st.setup["seed"]))
    t.saved_at = -1  # the loaded game becomes the autosave at once
    return t.run()
