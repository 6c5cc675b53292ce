"""The ``grognard`` command."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import msgspec
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from typer.core import TyperGroup

from grognard.core import record as records
from grognard.core.errors import DataError, IllegalAction
from grognard.core.registry import BUILTIN, load_game

DEBUG = "GROGNARD_DEBUG"  # set it to see the traceback of an error instead of its one line


class Commands(TyperGroup):
    """Every command's errors end as one clear line on stderr and exit status 2: no traceback reaches a user."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort):
            raise
        except Exception as exc:
            if (hasattr(exc, "show") and hasattr(exc, "exit_code")) or os.environ.get(DEBUG):
                raise  # a usage error, which typer reports itself; or a developer asking for the traceback
            _fail(_reason(exc))


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.filename is not None:
        text = f"{exc.strerror or exc}: {exc.filename}"
    elif isinstance(exc, (ValueError, DataError, IllegalAction, records.ReplayMismatch, msgspec.MsgspecError)):
        text = str(exc)
    else:
        text = f"internal error, please report it ({type(exc).__name__}: {exc}); {DEBUG}=1 shows the traceback"
    return text


def _fail(text: str, code: int = 2) -> NoReturn:
    """One clear line on stderr, never wrapped, and the exit status."""
    typer.echo(f"grognard: {' '.join(text.split())}", err=True)
    raise typer.Exit(code)


app = typer.Typer(cls=Commands, no_args_is_help=True, add_completion=False,
                  help="Napoleonic board wargames, every rule enforced.")
console = Console()
OPTION = Annotated[list[str] | None, typer.Option("--option", "-o", help="turn on a game option (repeatable)")]
RAY = Annotated[bool, typer.Option("--ray", help="play the games on a Ray cluster (one started on this machine, "
                                                 "unless --ray-address names a running cluster's head)")]
RAY_ADDRESS = Annotated[str | None, typer.Option(help="address of a running Ray cluster's head (implies --ray)")]
JOBS = Annotated[int, typer.Option(min=1, help="local worker processes")]
AS_JSON = Annotated[bool, typer.Option("--json", help="print one JSON summary object")]
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
    game: Annotated[str, typer.Argument(help="a game id")] = "nae",
    scenario: Annotated[str, typer.Argument(help="a scenario of the game")] = "1815",
    empire: Annotated[str | None, typer.Option(help="human, or an agent name [default: human]")] = None,
    coalition: Annotated[str | None, typer.Option(help="human, or an agent name [default: random]")] = None,
    seed: Annotated[int | None, typer.Option(help="fix the dice [default: a random seed, printed]")] = None,
    load: Annotated[Path | None, typer.Option(help="resume the game saved in this record")] = None,
    option: OPTION = None,
) -> None:
    """Play a game in the terminal against the computer, or hotseat; an unfinished game can be continued."""
    from grognard.play import terminal

    if load is not None:
        g, st, saved = _load_record(load)
        terminal.resume(g, st, _players(empire, coalition, saved), console, console.input,
                        terminal.autosave_path(g.name))
        return
    g = _game(game)
    _check_scenario(g, scenario)
    autosave = terminal.autosave_path(g.name)
    found = terminal.unfinished(g, autosave)
    if found is not None:
        st, saved = found
        try:
            answer = console.input(f"An unfinished game of {g.title} ({st.setup['scenario']}, seed {st.setup['seed']}, "
                                   f"{len(st.actions)} actions) was autosaved. Continue it? [Y/n] ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            raise typer.Exit(0) from None
        if answer in ("", "y", "yes"):
            terminal.resume(g, st, _players(empire, coalition, saved), console, console.input, autosave)
            return
    if seed is None:
        seed = terminal.new_seed()
        console.print(f"Seed {seed} (replay this game with --seed {seed}).")
    terminal.play(g, scenario, _players(empire, coalition, {}), seed, console, console.input, _options(g, option),
                  autosave)


def _players(empire: str | None, coalition: str | None, saved: dict[str, str]) -> dict[str, str]:
    """Seats: as given on the command line, else as saved with the game, else a human Empire against the computer."""
    return {"empire": empire or saved.get("empire", "human"),
            "coalition": coalition or saved.get("coalition", "random")}


def _load_record(path: Path) -> tuple[Any, Any, dict[str, str]]:
    """A saved game record replayed to its last position, or one clear error line and exit status 2."""
    try:
        rec = records.load(path)
    except (OSError, ValueError) as exc:
        _fail(f"Cannot load {path}: {exc}")
    if not isinstance(rec.get("game"), str):
        _fail(f"{path} is not a Grognard game record")
    g = _game(rec["game"])
    try:
        st = g.replay(rec)
    except (records.ReplayMismatch, ValueError, KeyError, TypeError) as exc:
        _fail(f"Cannot resume {path}: {exc}")
    if st.over:
        console.print(f"This game is over. {g.outcome(st)}")
        raise typer.Exit(0)
    return g, st, dict(rec.get("players") or {})


@app.command()
def replay(file: Path) -> None:
    """Re-run a game record and check that it reaches the recorded state."""
    rec = records.load(file)
    g = _game(rec.get("game", "?"))
    try:
        st = g.replay(rec)
    except records.ReplayMismatch as exc:
        _fail(f"Replay failed: {exc}", 1)
    console.print(f"Replayed {len(rec['actions'])} actions: digest {st.digest()[:16]} matches. {st.prompt}")


@app.command()
def selfplay(
    game: str,
    scenario: str,
    games: Annotated[int, typer.Option(min=1)] = 10,
    seed: int = 0,
    jobs: JOBS = 1,
    empire: Annotated[str, typer.Option(help="agent spec: random, heuristic, ai:easy|normal|hard, "
                                             "search:iterations=N")] = "random",
    coalition: Annotated[str, typer.Option(help="agent spec, as for --empire")] = "random",
    out: Annotated[Path | None, typer.Option(help="write one JSON record per game here")] = None,
    as_json: AS_JSON = False,
    option: OPTION = None,
    ray: RAY = False,
    ray_address: RAY_ADDRESS = None,
) -> None:
    """Let computer players play many games and report win rates with Wilson 95% intervals."""
    from grognard.selfplay import selfplay as run_selfplay

    g = _game(game)
    _check_scenario(g, scenario)
    options = _options(g, option)
    players = {"empire": empire, "coalition": coalition}
    _check_agents(list(players.values()))
    with _progress() as progress:
        task = progress.add_task(f"{game} {scenario}", total=games)
        summary = _run_games(lambda: run_selfplay(
            game, scenario, games, seed, players, jobs, out,
            on_game=lambda _o: progress.advance(task), options=options, ray=_ray(ray, ray_address)))
    if as_json:
        typer.echo(json.dumps(summary))
        return
    table = Table("result", "games", "rate", "95% interval", title=f"{games} games of {game} {scenario}: "
                  f"{empire} (empire) against {coalition} (coalition)")
    for k, v in summary["results"].items():
        lo, hi = summary["ci95"][k]
        table.add_row(k, str(v), f"{summary['win_rate'][k]:.1%}", f"{lo:.1%} - {hi:.1%}")
    console.print(table)
    d = summary["decisions"]
    console.print(f"decisions per game: min {d['min']}, mean {d['mean']}, max {d['max']}; "
                  f"{summary['decisions_per_s']} decisions/s")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0: every interface)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535)] = 8000,
    db: Annotated[str | None, typer.Option(help="database URL (default: DATABASE_URL, else a SQLite file in the "
                                                "user's data directory)")] = None,
    ai_workers: Annotated[int, typer.Option(min=1, help="threads playing the computer's moves")] = 2,
    public_url: Annotated[str | None, typer.Option(help="the address players reach this server by (used in the "
                                                        "links of e-mails; GROGNARD_SMTP_* set the mail relay)")]
    = None,
) -> None:
    """Serve the browser app and its HTTP API (hotseat, against the computer, and online between accounts)."""
    try:
        import uvicorn

        from grognard.server.app import create_app
    except ImportError as exc:
        _fail(f"The web app needs the server extra: pip install 'grognard[server]' ({exc}).")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    web = create_app(db, ai_workers=ai_workers, base_url=public_url or f"http://{shown}:{port}")
    console.print(f"Grognard is served at [bold]http://{shown}:{port}/[/bold] (Ctrl-C stops it).")
    uvicorn.run(web, host=host, port=port, log_level="warning")


@app.command()
def tournament(
    game: str,
    scenario: str,
    agents: Annotated[str, typer.Option(help="comma-separated agent specs, e.g. random,heuristic,ai:normal")],
    games: Annotated[int, typer.Option(min=1, help="games per pairing and seating")] = 10,
    seed: int = 0,
    jobs: JOBS = 1,
    as_json: AS_JSON = False,
    option: OPTION = None,
    ray: RAY = False,
    ray_address: RAY_ADDRESS = None,
) -> None:
    """Play every pairing of agents on both sides and print a Bradley-Terry rating table (Elo scale)."""
    from grognard.selfplay import tournament as run_tournament

    g = _game(game)
    _check_scenario(g, scenario)
    options = _options(g, option)
    names = [a.strip() for a in agents.split(",") if a.strip()]
    _check_agents(names)
    if len(set(names)) < 2:
        _fail("a tournament needs at least two different agents")
    total = games * len(set(names)) * (len(set(names)) - 1)
    with _progress() as progress:
        task = progress.add_task(f"{game} {scenario} tournament", total=total)
        summary = _run_games(lambda: run_tournament(
            game, scenario, names, games, seed, jobs, on_game=lambda _o: progress.advance(task),
            options=options, ray=_ray(ray, ray_address)))
    if as_json:
        typer.echo(json.dumps(summary))
        return
    results = Table("seating", *g.sides, "draw", title=f"{summary['games']} games of {game} {scenario}")
    for k, v in summary["pairings"].items():
        results.add_row(k, *(str(v[s]) for s in (*g.sides, "draw")))
    console.print(results)
    table = Table("agent", "rating (Elo)", "95% interval", "score", title="Bradley-Terry ratings")
    for r in summary["ratings"]:
        table.add_row(r["agent"], f"{r['elo']:+.0f}", f"{r['ci95'][0]:+.0f} to {r['ci95'][1]:+.0f}",
                      f"{r['score']:g} / {r['games']}")
    console.print(table)
    adv = summary["first_side_advantage"]
    console.print(f"Advantage of the {adv['side']} seat: {adv['elo']:+.0f} Elo.")


def _ray(ray: bool, address: str | None) -> str | None:
    return address or ("local" if ray else None)


def _progress() -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=err, transient=True,
    )


def _run_games(run: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    try:
        return run()
    except (RuntimeError, ConnectionError, ValueError) as exc:
        _fail(str(exc), 1)


def _check_agents(specs: list[str]) -> None:
    from grognard.agents import make_agent

    for spec in specs:
        try:
            make_agent(spec, 0)
        except ValueError as exc:
            _fail(str(exc))


@app.command("map")
def draw_map(
    game: str,
    out: Annotated[Path, typer.Option(help="SVG file to write")] = Path("map.svg"),
) -> None:
    """Draw a game's board from its data (zones, borders by feature, cities, fortresses, ports, seas)."""
    if game != "nae":
        raise ValueError(f"no map data for game {game!r}; maps exist for: nae")
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
        _fail(str(exc))
    table = Table("game", "replay", "detail", title=f"{len(results)} games re-run")
    for r in results:
        table.add_row(r.game_id, r.status + (" (rewritten)" if r.rewritten else ""), r.detail)
    console.print(table)
    if any(r.status != "same" and not r.rewritten for r in results):
        raise typer.Exit(1)


def _game(name: str):
    return load_game(name)  # an unknown game: a ValueError, reported by ``Commands``


def _options(g, names: list[str] | None) -> dict[str, bool]:
    unknown = [n for n in names or [] if n not in g.options]
    if unknown:
        known = "; ".join(f"{k}: {v}" for k, v in g.options.items()) or "none"
        raise ValueError(f"{g.name} has no option {', '.join(unknown)}. Options: {known}")
    return {n: True for n in names or []}


def _check_scenario(g, scenario: str) -> None:
    if scenario not in g.scenarios():
        raise ValueError(f"{g.name} has no scenario {scenario!r}; it has: {', '.join(g.scenarios())}")
