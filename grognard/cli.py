"""The ``grognard`` command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from grognard.core import record as records
from grognard.core.registry import BUILTIN, load_game

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Napoleonic board wargames, every rule enforced.")
console = Console()
OPTION = Annotated[list[str] | None, typer.Option("--option", "-o", help="turn on a game option (repeatable)")]
err = Console(stderr=True)


@app.command()
def scenarios(game: Annotated[str | None, typer.Argument(help="a game id or module path")] = None) -> None:
    """List the scenarios of one game or of every built-in game."""
    table = Table("game", "scenario", "title")
    for name in [game] if game else list(BUILTIN):
        g = _game(name)
        for sid, title in g.scenarios().items():
            table.add_row(name, sid, title)
    console.print(table)


@app.command()
def play(
    game: str,
    scenario: str,
    empire: Annotated[str, typer.Option(help="human, or an agent name")] = "human",
    coalition: Annotated[str, typer.Option(help="human, or an agent name")] = "random",
    seed: int = 0,
    option: OPTION = None,
) -> None:
    """Play a game in the terminal against the computer, or hotseat."""
    from grognard.play.terminal import play as run_play

    g = _game(game)
    _check_scenario(g, scenario)
    run_play(g, scenario, {"empire": empire, "coalition": coalition}, seed, console, console.input,
             _options(g, option))


@app.command()
def replay(file: Path) -> None:
    """Re-run a game record and check that it reaches the recorded state."""
    rec = records.load(file)
    g = _game(rec.get("game", "?"))
    try:
        st = g.replay(rec)
    except records.ReplayMismatch as exc:
        err.print(f"[red]Replay failed:[/red] {exc}")
        raise typer.Exit(1) from None
    console.print(f"Replayed {len(rec['actions'])} actions: digest {st.digest()[:16]} matches. {st.prompt}")


@app.command()
def selfplay(
    game: str,
    scenario: str,
    games: Annotated[int, typer.Option(min=1)] = 10,
    seed: int = 0,
    jobs: Annotated[int, typer.Option(min=1, help="local worker processes")] = 1,
    empire: str = "random",
    coalition: str = "random",
    out: Annotated[Path | None, typer.Option(help="write one JSON record per game here")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON summary object")] = False,
    option: OPTION = None,
) -> None:
    """Let computer players play many games and report the results."""
    from grognard.selfplay import selfplay as run_selfplay

    g = _game(game)
    _check_scenario(g, scenario)
    options = _options(g, option)
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=err, transient=True,
    ) as progress:
        task = progress.add_task(f"{game} {scenario}", total=games)
        summary = run_selfplay(
            game, scenario, games, seed, {"empire": empire, "coalition": coalition}, jobs, out,
            on_game=lambda _o: progress.advance(task), options=options,
        )
    if as_json:
        typer.echo(json.dumps(summary))
        return
    table = Table("result", "games", title=f"{games} games of {game} {scenario}")
    for k, v in summary["results"].items():
        table.add_row(k, str(v))
    console.print(table)
    d = summary["decisions"]
    console.print(f"decisions per game: min {d['min']}, mean {d['mean']}, max {d['max']}; "
                  f"{summary['decisions_per_s']} decisions/s")


@app.command("map")
def draw_map(
    game: str,
    out: Annotated[Path, typer.Option(help="SVG file to write")] = Path("map.svg"),
) -> None:
    """Draw a game's board from its data (zones, borders by feature, cities, fortresses, ports, seas)."""
    if game != "nae":
        err.print(f"[red]no map data for game {game!r}; maps exist for: nae[/red]")
        raise typer.Exit(2)
    from grognard.core.storage import atomic_write
    from grognard.games.nae.gamedata import DATA_DIR
    from grognard.games.nae.mapdraw import render_svg
    from grognard.games.nae.schema.map import load_map

    atomic_write(out, render_svg(load_map(DATA_DIR)).encode())
    console.print(f"Wrote {out}.")


admin = typer.Typer(no_args_is_help=True, help="Server administration (needs the server extra).")
app.add_typer(admin, name="admin")


@admin.command("patch")
def admin_patch(
    db: Annotated[str | None, typer.Option(help="database URL (default: DATABASE_URL, else the local SQLite file)")]
    = None,
    write: Annotated[bool, typer.Option("--write", help="store the replayed state of diverged games")] = False,
    game: Annotated[list[str] | None, typer.Option("--game", help="only this game id (repeatable)")] = None,
) -> None:
    """Re-run the live games' action logs under the current rules code and report those that diverge."""
    from grognard.server.admin import patch
    from grognard.server.db import Database
    from grognard.server.store import GameNotFound, GameStore

    store = GameStore(Database(db))
    try:
        results = patch(store, write=write, games=game)
    except GameNotFound as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    table = Table("game", "replay", "detail", title=f"{len(results)} games re-run")
    for r in results:
        table.add_row(r.game_id, r.status + (" (rewritten)" if r.rewritten else ""), r.detail)
    console.print(table)
    if any(r.status != "same" and not r.rewritten for r in results):
        raise typer.Exit(1)


def _game(name: str):
    try:
        return load_game(name)
    except ValueError as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None


def _options(g, names: list[str] | None) -> dict[str, bool]:
    unknown = [n for n in names or [] if n not in g.options]
    if unknown:
        known = "; ".join(f"{k}: {v}" for k, v in g.options.items()) or "none"
        err.print(f"[red]{g.name} has no option {', '.join(unknown)}. Options: {known}[/red]")
        raise typer.Exit(2)
    return {n: True for n in names or []}


def _check_scenario(g, scenario: str) -> None:
    if scenario not in g.scenarios():
        err.print(f"[red]{g.name} has no scenario {scenario!r}; it has: {', '.join(g.scenarios())}[/red]")
        raise typer.Exit(2)
