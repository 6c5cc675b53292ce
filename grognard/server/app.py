"""The web app: the HTTP API of ARCHITECTURE.md ("Server") for games, server-sent events, replays, and the static
browser client. Storage is ``grognard.server.store``; the computer's moves run in a thread pool, never on the
event loop. Every refusal is a 4xx ``{"detail": reason}`` and changes nothing; no response holds what the caller's
side may not see."""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import import_module
from pathlib import Path
from typing import Any

import anyio
import msgspec
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from grognard.agents import LEVELS, Agent, make_agent
from grognard.core import record as records
from grognard.core.errors import IllegalAction
from grognard.core.machine import Game, State
from grognard.core.registry import BUILTIN, load_game
from grognard.play.reasons import plain_reason
from grognard.server import presence
from grognard.server.db import Database
from grognard.server.online import Online
from grognard.server.push import Broker
from grognard.server.store import Diverged, GameMeta, GameNotFound, GameStore, Stale, titles

log = logging.getLogger("grognard.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
HUMAN_SEATS = ("me", "hotseat")  # a person at this machine; stored as "hotseat" (the store's local seat)
AI_MOVES_SHOWN = 40  # the computer's latest moves a view carries (what it did while the player waited)
REPLAYS_KEPT = 8  # replays held in memory (each keeps a few state checkpoints)
CHECKPOINT_EVERY = 25  # actions between the kept states of a replay: a step costs at most this many re-applies
SSE_PING_S = 15.0
VIEWS_KEPT = 2000  # views kept (JSON, about 50 KiB each): one per game and side, the latest version only

_json = msgspec.json.Encoder()


class Fail(Exception):
    """A refused request: HTTP ``status`` with a plain reason (and extra fields, e.g. the fresh view on 409)."""

    def __init__(self, status: int, reason: str, **extra: Any) -> None:
        self.status, self.reason, self.extra = status, reason, extra


class NewGame(BaseModel):
    game: str = "nae"
    scenario: str
    options: dict[str, bool] = Field(default_factory=dict)
    seats: dict[str, str]
    seed: int | None = None
    clock: dict[str, Any] | None = None


class ActionIn(BaseModel):
    side: str
    version: int
    action: tuple[str, str | int | None]


class UndoIn(BaseModel):
    side: str
    version: int


def _response(doc: Any, status: int = 200) -> Response:
    return Response(_json.encode(doc), status_code=status, media_type="application/json")


def _annotator(game: Game) -> Any:
    """The game's ``webview`` module when it has one (labels, map targets, forecasts); else plain labels."""
    try:
        return import_module(f"grognard.games.{game.name}.webview")
    except ModuleNotFoundError:
        return None


def agent_levels() -> list[str]:
    """The computer seats offered: the levels, and the random player (a fast baseline)."""
    return [*(f"ai:{level}" for level in LEVELS), "ai:random"]


def agent_for(seat: str, seed: int) -> Agent:
    level = seat.removeprefix("ai:")
    return make_agent(seat if level in LEVELS else level, seed)


class Service:
    """The games of one app: storage, the computer's moves, pushes and replays."""

    def __init__(self, store: GameStore, ai_workers: int = 2) -> None:
        self.store = store
        self.broker = Broker()
        if store.on_change is None:  # every stored change, whichever process made it, reaches the listeners
            store.on_change = lambda gid, version: self.broker.publish(gid, {"version": version})
        self.pool = ThreadPoolExecutor(ai_workers, thread_name_prefix="grognard-ai")
        self.ai_running: set[str] = set()
        self.ai_again: set[str] = set()
        self.ai_lock = threading.Lock()
        self.ai_moves: dict[str, list[dict[str, Any]]] = {}
        self.agents: dict[tuple[str, str], Agent] = {}
        self.replays: OrderedDict[str, Replay] = OrderedDict()
        self.views: OrderedDict[tuple[str, str | None], tuple[tuple[Any, ...], msgspec.Raw]] = OrderedDict()
        self.views_lock = threading.Lock()

    # -- seats ------------------------------------------------------------------------------------------------
    @staticmethod
    def holds(seats: dict[str, str], owner: int | None, user: int | None, side: str) -> bool:
        """Does ``user`` (None: the machine's local user, not logged in) hold ``side``'s seat? The people at the
        machine of a game's owner hold its hotseat seats; an account holds its ``user:ID`` seats."""
        seat = seats.get(side)
        return (seat == "hotseat" and owner == user) or (user is not None and seat == f"user:{user}")

    def load(self, gid: str, meta: GameMeta | None = None) -> tuple[State, int, GameMeta]:
        try:
            return self.store.load(gid, meta)
        except GameNotFound:
            raise Fail(404, f"There is no game {gid!r}.") from None
        except Diverged as exc:  # a rules change the administrator has not yet patched the games for
            raise Fail(503, str(exc)) from None

    def meta(self, gid: str) -> GameMeta:
        try:
            return self.store.meta(gid)
        except GameNotFound:
            raise Fail(404, f"There is no game {gid!r}.") from None

    def view(self, gid: str, st: State, meta: GameMeta, side: str | None) -> msgspec.Raw:
        """What ``side`` sees of game ``gid`` (state ``st`` at ``meta.version``), as JSON, computed once per
        version: every listener of a push asks for the same views. Kept encoded (bytes are no work for the garbage
        collector; a thousand views as dicts and lists made its full collections last hundreds of ms)."""
        kept = self.kept_view(gid, meta, side)
        if kept is not None:
            return kept
        v = st.view(side)
        mod = _annotator(st.game)
        if mod is not None:
            v = mod.annotate(st, side, v)
        else:
            v["labels"] = [st.game.label(st, (a[0], a[1])) for a in v["legal"]]
            v["targets"] = [None for _ in v["legal"]]
            v["forecasts"] = {}
        v.update(id=gid, version=meta.version, seats=meta.seats, ai_moves=self.ai_moves.get(gid, [])[-AI_MOVES_SHOWN:],
                 **titles(meta.game, meta.scenario))
        raw = msgspec.Raw(_json.encode(v))
        with self.views_lock:
            self.views[(gid, side)] = (self._view_key(gid, meta, side), raw)
            self.views.move_to_end((gid, side))
            while len(self.views) > VIEWS_KEPT:
                self.views.popitem(last=False)
        return raw

    def kept_view(self, gid: str, meta: GameMeta, side: str | None) -> msgspec.Raw | None:
        """The view of ``side`` computed for exactly this stored game, if any."""
        with self.views_lock:
            kept = self.views.get((gid, side))
        return kept[1] if kept is not None and kept[0] == self._view_key(gid, meta, side) else None

    def _view_key(self, gid: str, meta: GameMeta, side: str | None) -> tuple[Any, ...]:
        # the state (version and digest: an admin patch rewrites a state in place) and what else a view shows
        return (meta.version, meta.digest, tuple(meta.seats.items()), len(self.ai_moves.get(gid, ())), side)

    # -- the computer's moves ---------------------------------------------------------------------------------
    def kick_ai(self, gid: str, meta: GameMeta) -> None:
        """If a computer seat is to act, let a worker thread play until a person is asked (one worker per game)."""
        side = meta.active if meta.status == "active" else None
        if side is None or not meta.seats.get(side, "").startswith("ai:"):
            return
        with self.ai_lock:
            if gid in self.ai_running:
                self.ai_again.add(gid)  # the worker may be on its way out: it looks once more
                return
            self.ai_running.add(gid)
        self.pool.submit(self._play_ai, gid)

    def _agent(self, gid: str, side: str, meta: GameMeta) -> Agent:
        key = (gid, side)
        if key not in self.agents:
            # The agent's own randomness is the player's, not the dice's: it needs no secret seed.
            self.agents[key] = agent_for(meta.seats[side], secrets.randbelow(2**31))
        return self.agents[key]

    def _play_ai(self, gid: str) -> None:
        while True:
            try:
                self._ai_moves(gid)
            except Exception:  # a computer player's failure must not take the server down; the game waits
                log.exception("computer player of game %s failed", gid)
            with self.ai_lock:
                if gid not in self.ai_again:
                    self.ai_running.discard(gid)
                    return
                self.ai_again.discard(gid)

    def _ai_moves(self, gid: str) -> None:
        while True:
            st, version, meta = self.store.load(gid)
            side = st.active
            if side is None or not meta.seats.get(side, "").startswith("ai:"):
                return
            agent = self._agent(gid, side, meta)
            action = agent.choose(st.copy(), side)
            # shown to every seat: as anyone may read it (the agent's own words: a prompt may be private to the side
            # asked; a game may hide pieces its label or reason names)
            label = st.game.redact_text(st, st.game.label(st, action), None)
            reason = st.game.redact_text(st, agent.last_reason, None)
            moves = self.ai_moves.setdefault(gid, [])
            why, detail = plain_reason(label, reason)
            moves.append({"version": version + 1, "side": side, "label": label, "reason": reason, "why": why,
                          "detail": detail})
            try:
                self.store.append_action(gid, version, side, action)
            except Stale:
                moves.pop()  # the game moved meanwhile: look again
            except Exception:
                moves.pop()
                raise

    # -- replays ----------------------------------------------------------------------------------------------
    def add_replay(self, record: dict[str, Any]) -> tuple[str, Replay]:
        rep = Replay(record)
        rid = secrets.token_urlsafe(9)
        self.replays[rid] = rep
        while len(self.replays) > REPLAYS_KEPT:
            self.replays.popitem(last=False)
        return rid, rep


class Replay:
    """A record re-run once, with a state kept every ``CHECKPOINT_EVERY`` actions to step through it."""

    def __init__(self, record: dict[str, Any]) -> None:
        try:
            game = load_game(str(record.get("game")))
        except ValueError as exc:
            raise Fail(422, str(exc)) from None
        if record.get("format") != records.FORMAT:
            raise Fail(422, f"Not a Grognard record (format {record.get('format')!r}).")
        try:
            st = game.new_state(record["scenario"], seed=int(record["seed"]), options=record.get("options"),
                                dice=record.get("dice"))
        except (KeyError, ValueError, TypeError) as exc:
            raise Fail(422, f"The record's set-up is unusable: {exc}") from None
        self.game = game
        self.actions: list[tuple[str, Any]] = []
        self.checkpoints = [st.copy()]
        self.battles: list[int] = []
        for i, a in enumerate(record.get("actions") or [], start=1):
            before = len(st.log)
            try:
                act = (str(a[0]), a[1])
                st.apply(act)
            except (IllegalAction, IndexError, TypeError) as exc:
                raise Fail(422, f"Action {i} of the record ({a!r}) is refused on replay: {exc}") from None
            self.actions.append(act)
            if any(e.get("rule") == "14.2" for e in st.log[before:]):
                self.battles.append(i)
            if i % CHECKPOINT_EVERY == 0:
                self.checkpoints.append(st.copy())
        self.final = st

    def state_at(self, index: int) -> State:
        st = self.checkpoints[index // CHECKPOINT_EVERY].copy()
        for act in self.actions[(index // CHECKPOINT_EVERY) * CHECKPOINT_EVERY : index]:
            st.apply(act)
        return st


def settle_heap() -> None:
    """Load the games' code and data, then move every object alive into the collector's permanent generation.

    A full collection walks every object that survived the young ones: with the libraries, the app and the game
    data that is a few hundred thousand objects and a pause of 100-600 ms on a busy machine, several times a
    minute under load (measured by bench/online_bench.py), every request waiting meanwhile. Frozen objects are
    never walked; what the requests create is collected as before. For a server process (``grognard serve``),
    not for tests that create many apps in one process."""
    for name in BUILTIN:
        load_game(name).scenarios()
    gc.collect()
    gc.freeze()


def create_app(db: str | None = None, *, store: GameStore | None = None, ai_workers: int = 2,
               base_url: str = "http://127.0.0.1:8000", online: Online | None = None,
               freeze_heap: bool = False) -> FastAPI:
    """The app on the database at URL ``db`` (None: ``DATABASE_URL`` or the SQLite file in the user's data
    directory), or on a given ``store``. Online play (accounts, lobby, notifications, clocks, fan-out between
    app servers) is part of it; ``online`` (on the same store) sets it up otherwise (SMTP, hashing costs).
    ``freeze_heap``: ``settle_heap`` once started (a server process of its own)."""
    store = store if store is not None else GameStore(Database(db), base_url=base_url)
    online = online if online is not None else Online(store)
    acc = online.accounts
    svc = Service(store, ai_workers)
    online.on_timeout = lambda gid: svc.kick_ai(gid, svc.store.meta(gid))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # changes other app servers made reach this one's listeners
        await online.start(lambda gid, version: svc.broker.publish(gid, {"version": version}))
        if freeze_heap:
            settle_heap()
        yield
        await online.stop()
        svc.pool.shutdown(wait=False, cancel_futures=True)
        store.db.dispose()

    app = FastAPI(title="Grognard", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json", lifespan=lifespan)
    app.state.service = svc
    app.state.accounts = acc
    for router in online.routers():
        app.include_router(router)

    @app.exception_handler(Fail)
    async def _fail(_req: Request, exc: Fail) -> Response:
        return _response({"detail": exc.reason, **exc.extra}, exc.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_req: Request, exc: RequestValidationError) -> Response:
        errs = exc.errors()
        where = "; ".join(f"{'.'.join(str(x) for x in e.get('loc', ()) if x != 'body') or 'body'}: {e.get('msg')}"
                          for e in errs[:4])
        return _response({"detail": f"Bad request: {where}"}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_req: Request, exc: StarletteHTTPException) -> Response:
        return _response({"detail": str(exc.detail)}, exc.status_code)

    @app.exception_handler(Exception)
    async def _crash(_req: Request, exc: Exception) -> Response:
        log.exception("request failed")
        return _response({"detail": "The server failed on this request; nothing was changed."}, 500)

    def user(req: Request) -> int | None:
        """The logged-in account (a cookie session must show its CSRF token to change anything), or None: the
        local user of the machine."""
        return acc.user_id(req)

    async def run(fn: Any, *args: Any) -> Any:
        """Storage and rules work runs in a worker thread: the event loop only moves bytes."""
        return await asyncio.to_thread(fn, *args)

    def seat_check(meta: GameMeta, req: Request, side: str | None) -> None:
        if side is not None and side not in meta.seats:
            raise Fail(422, f"This game has no side {side!r}; its sides are {', '.join(meta.seats)}.")
        if side is not None and not svc.holds(meta.seats, meta.owner_id, user(req), side):
            raise Fail(403, f"You do not hold the {side} seat of this game.")

    @app.get("/api/health")
    async def health() -> Response:
        return _response({"ok": True})

    @app.get("/api/scenarios")
    async def scenarios() -> Response:
        games = []
        for name in BUILTIN:
            g = load_game(name)
            # "order": the game's own order of its scenarios (its first is the default), which a JSON object of
            # year-like ids ("1815", "1805") loses in a browser: integer-like keys are enumerated in ascending order
            games.append({"id": name, "title": g.title, "sides": list(g.sides), "scenarios": g.scenarios(),
                          "order": list(g.scenarios()), "options": g.options})
        return _response({"games": games, "agents": agent_levels(), "seats": [*HUMAN_SEATS, *agent_levels()]})

    @app.get("/api/catalog/{game}")
    async def catalog(game: str) -> Response:
        try:
            g = load_game(game) if game in BUILTIN else None
        except ValueError:
            g = None
        mod = _annotator(g) if g is not None else None
        if mod is None:
            raise Fail(404, f"There is no catalogue for game {game!r}.")
        return _response(mod.catalog())

    @app.post("/api/games", status_code=201)
    async def new_game(body: NewGame, req: Request) -> Response:
        if body.game not in BUILTIN:
            raise Fail(422, f"Unknown game {body.game!r}; games: {', '.join(BUILTIN)}.")
        g = load_game(body.game)
        if body.scenario not in g.scenarios():
            raise Fail(422, f"{g.title} has no playable scenario {body.scenario!r}: {', '.join(g.scenarios())}.")
        unknown = sorted(set(body.options) - set(g.options))
        if unknown:
            raise Fail(422, f"Unknown option(s) {', '.join(unknown)}; options: {', '.join(g.options)}.")
        if sorted(body.seats) != sorted(g.sides):
            raise Fail(422, f"Give a seat for each side: {', '.join(g.sides)}.")
        levels = agent_levels()
        for side, seat in body.seats.items():
            if seat not in HUMAN_SEATS and seat not in levels:
                raise Fail(422, f"Seat {seat!r} for {side} is not one of {', '.join([*HUMAN_SEATS, *levels])} "
                                "(open seats and accounts are for online play).")
        seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
        options = {k: True for k, on in body.options.items() if on}
        seats = {side: "hotseat" if seat == "me" else seat for side, seat in body.seats.items()}
        def create() -> str:
            try:
                return svc.store.create_game(body.game, body.scenario, options, seats, seed, user(req),
                                             clock=body.clock)
            except (ValueError, TypeError, KeyError) as exc:
                raise Fail(422, f"Bad game set-up: {exc}") from None

        gid = await run(create)
        meta = await run(svc.meta, gid)
        svc.kick_ai(gid, meta)
        return _response({"id": gid, "version": meta.version, "seats": meta.seats}, 201)

    @app.get("/api/games")
    async def my_games(req: Request) -> Response:
        # the games where it is my move come first
        games = await run(lambda: svc.store.list_games(user(req)))
        return _response({"games": games})

    @app.get("/api/games/{gid}/view")
    async def view(gid: str, req: Request, side: str | None = None) -> Response:
        def work() -> msgspec.Raw:
            meta = svc.meta(gid)
            seat_check(meta, req, side)
            svc.kick_ai(gid, meta)  # e.g. after a restart, a computer seat to act is woken by its watcher
            kept = svc.kept_view(gid, meta, side)
            if kept is not None:
                return kept
            st, _version, meta = svc.load(gid, meta)
            return svc.view(gid, st, meta, side)

        return _response(await run(work))

    @app.post("/api/games/{gid}/actions")
    async def act(gid: str, body: ActionIn, req: Request) -> Response:
        def work() -> msgspec.Raw:
            st, version, meta = svc.load(gid)
            seat_check(meta, req, body.side)
            if body.version != version:
                raise Fail(409, f"Stale action: the game is at version {version}, not {body.version}.",
                           view=svc.view(gid, st, meta, body.side))
            if st.over:
                raise Fail(422, "The game is over.")
            if st.active != body.side:
                raise Fail(422, f"It is not {body.side}'s turn to act.")
            try:  # st becomes the stored state: the game is read once per action
                meta = svc.store.advance(st, meta, version, body.side, body.action)
            except Stale:
                st, version, meta = svc.load(gid)
                raise Fail(409, "Stale action: another action was taken first.",
                           view=svc.view(gid, st, meta, body.side)) from None
            except IllegalAction as exc:
                raise Fail(422, exc.reason) from None
            svc.kick_ai(gid, meta)
            return svc.view(gid, st, meta, body.side)

        return _response(await run(work))

    @app.post("/api/games/{gid}/undo")
    async def undo(gid: str, body: UndoIn, req: Request) -> Response:
        def work() -> msgspec.Raw:
            st, version, meta = svc.load(gid)
            seat_check(meta, req, body.side)
            if body.version != version:
                raise Fail(409, f"Stale undo: the game is at version {version}, not {body.version}.",
                           view=svc.view(gid, st, meta, body.side))
            if st.active != body.side or not st.can_undo:
                raise Fail(422, "Nothing to undo: the last action revealed a die roll or a card, or it was not "
                                f"{body.side}'s.")
            try:
                svc.store.undo(gid, body.side, version)
            except Stale:
                raise Fail(409, "Stale undo: another action was taken first.") from None
            except IllegalAction as exc:
                raise Fail(422, exc.reason) from None
            st, version, meta = svc.load(gid)
            return svc.view(gid, st, meta, body.side)

        return _response(await run(work))

    @app.get("/api/games/{gid}/why")
    async def why(gid: str, side: str, target: str, req: Request) -> Response:
        """Why ``target`` (a zone or a force) is, or is not, a choice of ``side`` now (the terminal's ``why``)."""

        def work() -> dict[str, Any]:
            st, _version, meta = svc.load(gid)
            seat_check(meta, req, side)
            if st.active != side:
                return {"text": f"Waiting for {st.active}." if st.active else "The game is over."}
            try:
                mod = import_module(f"grognard.games.{st.game.name}.why")
            except ModuleNotFoundError:
                raise Fail(404, f"{st.game.title} has no explanations.") from None
            return {"text": mod.why(st, target)}

        return _response(await run(work))

    @app.get("/api/games/{gid}/events")
    async def events(gid: str, req: Request, side: str | None = None) -> StreamingResponse:
        def check() -> tuple[int, int | None]:
            _st, version, meta = svc.load(gid)
            seat_check(meta, req, side)  # a logged-in user is read from the database: not on the event loop
            return version, user(req)

        version, uid = await run(check)
        # a player watching the game is not mailed what the screen shows (presence.py)
        wid = await run(presence.watch, store.db, uid, gid) if side is not None and uid is not None else None
        q = svc.broker.subscribe(gid)

        async def stream() -> AsyncIterator[bytes]:
            beat = time.monotonic()
            try:
                yield b"data: " + _json.encode({"version": version}) + b"\n\n"
                while True:
                    try:
                        msg = await asyncio.wait_for(q.get(), SSE_PING_S)
                    except TimeoutError:
                        yield b": ping\n\n"
                        if wid is not None and time.monotonic() - beat >= presence.BEAT_S:
                            beat = time.monotonic()
                            await run(presence.beat, store.db, wid)
                        continue
                    yield b"data: " + _json.encode(msg) + b"\n\n"
            finally:
                svc.broker.unsubscribe(gid, q)
                if wid is not None:  # shielded: the stream ends by cancellation when the browser leaves
                    with anyio.CancelScope(shield=True):
                        await run(presence.unwatch, store.db, wid)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    @app.get("/api/games/{gid}/record")
    async def record(gid: str, req: Request) -> Response:
        st, _version, meta = await run(svc.load, gid)
        uid = await run(user, req)
        if not any(svc.holds(meta.seats, meta.owner_id, uid, s) for s in meta.seats):
            raise Fail(403, "You hold no seat of this game.")
        if not st.over:
            raise Fail(409, "The record of a game in progress would show the hidden cards: it is given once the "
                            "game is over.")
        return _response(st.record())

    @app.post("/api/replays", status_code=201)
    async def new_replay(req: Request) -> Response:
        try:
            doc = msgspec.json.decode(await req.body())
        except msgspec.DecodeError as exc:
            raise Fail(422, f"Bad JSON: {exc}") from None
        if not isinstance(doc, dict):
            raise Fail(422, "A record is a JSON object.")
        rid, rep = await run(svc.add_replay, doc)
        return _response({"id": rid, "length": len(rep.actions), "battles": rep.battles,
                          "sides": list(rep.game.sides), "result": rep.final.result}, 201)

    @app.get("/api/replays/{rid}")
    async def replay_view(rid: str, index: int = 0, side: str | None = None) -> Response:
        rep = svc.replays.get(rid)
        if rep is None:
            raise Fail(404, f"There is no replay {rid!r} (replays are kept while the server runs).")
        if not 0 <= index <= len(rep.actions):
            raise Fail(422, f"The record has actions 0 to {len(rep.actions)}.")
        if side is not None and side not in rep.game.sides:
            raise Fail(422, f"No side {side!r}.")

        def work() -> dict[str, Any]:
            st = rep.state_at(max(0, index - 1))
            done: dict[str, Any] = {}
            if index:  # the action that led here, as the player who made it read it on its button
                act = rep.actions[index - 1]
                done = {"actor": st.active, "action_label": st.game.label(st, act)}
                st.apply(act)
            v = st.view(side)
            mod = _annotator(st.game)
            if mod is not None:
                v = mod.annotate(st, side, v)
            v.update(index=index, length=len(rep.actions), battles=rep.battles,
                     action=list(rep.actions[index - 1]) if index else None, **done,
                     **titles(st.game.name, st.setup["scenario"]))
            return v

        return _response(await run(work))

    if WEB_DIR.is_dir():
        app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    return app


__all__ = ["Fail", "create_app"]
