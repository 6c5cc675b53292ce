"""The terminal client: people and computer players take turns on one screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from grognard.agents import Agent, make_agent
from grognard.core import record as records
from grognard.core.errors import IllegalAction
from grognard.core.machine import Game, State

HELP = "Type the number of a choice; u = undo, s FILE = save the game record, q = quit."


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
    console.print(f"[bold]{game.title}[/bold] — {game.scenarios()[scenario]}. {HELP}")
    while not st.over:
        side = st.active
        assert side is not None
        viewer = side if side in humans else (humans[0] if len(humans) == 1 else None)
        seen = _show_log(st, viewer, seen, console)
        if side in agents:
            st.apply(agents[side].choose(st, side))
            continue
        for line in game.describe(st, side):
            console.print(line)
        legal = st.legal_actions()
        console.print(f"[bold cyan]{side}[/bold cyan]: {st.prompt}")
        for i, action in enumerate(legal, start=1):
            console.print(f"  {i:>2}. {game.label(st, action)}")
        answer = read(f"{side}> ").strip()
        if answer == "q":
            console.print("Game left unfinished.")
            return st
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
            console.print(f"[red]{exc}[/red]")
    _show_log(st, humans[0] if len(humans) == 1 else None, seen, console)
    console.print(f"[bold]{st.prompt}[/bold]")
    return st


def _show_log(st: State, side: str | None, seen: int, console: Console) -> int:
    for entry in st.log[seen:]:
        if entry.get("to") in (None, side):
            rule = f" [dim]({entry['rule']})[/dim]" if "rule" in entry else ""
            console.print(f"  · {entry['text']}{rule}")
    return len(st.log)
