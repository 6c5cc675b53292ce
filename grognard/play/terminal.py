"""The terminal client: people and computer players take turns on one screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from grognard.agents import Agent, make_agent
from grognard.core import record as records
from grognard.core.errors import IllegalAction
from grognard.core.machine import Game, State

HELP = ("Type the number of a choice; u = undo, b = show the board, s FILE = save the game record, "
        "h = this help, q = quit.")


def play(
    game: Game,
    scenario: str,
    players: dict[str, str],
    seed: int,
    console: Console,
    read: Callable[[str], str],
    options: dict[str, bool] | None = None,
) -> State:
    """Play ``scenario``; ``players`` maps each side to ``"human"`` or an agent name."""
    st = game.new_state(scenario, seed=seed, options=options)
    agents: dict[str, Agent] = {
        side: make_agent(kind, seed + i) for i, (side, kind) in enumerate(players.items()) if kind != "human"
    }
    humans = [s for s, k in players.items() if k == "human"]
    seen = 0  # log entries already shown
    # The board runs to dozens of lines; reprinting it before every decision buries the prompt,
    # so it is shown again only when its first line (round and side to act) changes, or on ``b``.
    shown: str | None = None
    console.print(f"[bold]{game.title}[/bold] — {escape(game.scenarios()[scenario])}. {HELP}")
    while not st.over:
        side = st.active
        assert side is not None
        viewer = side if side in humans else (humans[0] if len(humans) == 1 else None)
        seen = _show_log(st, viewer, seen, console)
        if side in agents:
            st.apply(agents[side].choose(st, side))
            continue
        board = game.describe(st, side)
        heading = board[0] if board else ""
        if heading != shown:
            _print_lines(board, console)
            shown = heading
        legal = st.legal_actions()
        console.print(f"[bold cyan]{side}[/bold cyan]: {escape(st.prompt)}")
        for i, action in enumerate(legal, start=1):
            console.print(f"  {i:>2}. {escape(game.label(st, action))}")
        answer = read(f"{side}> ").strip()
        if answer == "q":
            console.print("Game left unfinished.")
            return st
        if answer in ("h", "?"):
            console.print(HELP)
            continue
        if answer == "b":
            _print_lines(board, console)
            continue
        try:
            if answer == "u":
                st.undo()
                seen = min(seen, len(st.log))
            elif answer.startswith("s "):
                path = Path(answer[2:].strip())
                records.save(st.record(), path)
                console.print(f"Saved to {path}.")
            elif answer.isdigit() and 1 <= int(answer) <= len(legal):
                st.apply(legal[int(answer) - 1])
            else:
                console.print(f"[red]Not understood.[/red] {HELP}")
        except IllegalAction as exc:
            console.print(f"[red]{escape(str(exc))}[/red]")
    _show_log(st, humans[0] if len(humans) == 1 else None, seen, console)
    console.print(f"[bold]{escape(st.prompt)}[/bold]")
    return st


def _print_lines(lines: list[str], console: Console) -> None:
    for line in lines:
        # Game text is plain: rich would swallow markers such as "[in fortress]" as markup.
        console.print(line, markup=False)


def _show_log(st: State, side: str | None, seen: int, console: Console) -> int:
    for entry in st.log[seen:]:
        if entry.get("to") in (None, side):
            rule = f" [dim]({entry['rule']})[/dim]" if "rule" in entry else ""
            console.print(f"  · {escape(entry['text'])}{rule}")
    return len(st.log)
