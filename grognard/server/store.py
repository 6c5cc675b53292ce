"""Games in the database: set-up, seats, the append-only action log and a snapshot every few versions.

Every change is one transaction: the log row, the version bump (with the new state's digest), the snapshot every
``SNAPSHOT_EVERY`` versions and the outbox rows of the notifications it causes. Concurrency is optimistic: an
action names the version it was made on and the ``UPDATE ... WHERE version = expected`` lets exactly one of
several concurrent submissions through; the others get ``Stale``. The state of a version is the snapshot with the
log rows after it replayed, checked against the stored digest. Replaying the log from the set-up reproduces the
state (``check``), which is how ``grognard admin patch`` re-runs games under new rules code.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from sqlalchemy import Connection, func, insert, literal, select, text, union_all, update
from sqlalchemy.orm import Session

from grognard.core.errors import IllegalAction
from grognard.core.machine import Action, State
from grognard.core.registry import load_game
from grognard.server import clocks, notify
from grognard.server.db import Database
from grognard.server.models import ActionRow, GameRow, Outbox, Player, SnapshotRow, User

PG_CHANNEL = "grognard_games"  # LISTEN/NOTIFY channel carrying "game_id version origin" to every app server
STATES_KEPT = 2000  # states kept in memory (packed, tens of KiB each): parsing a snapshot costs milliseconds
# Versions between two snapshots. Writing the state (tens of KiB of JSON) took a fifth of an action's work; a
# game that is not in memory (a restart, another app server's move) replays at most SNAPSHOT_EVERY - 1 log rows
# after its snapshot, a fraction of a millisecond each in 1815.
SNAPSHOT_EVERY = 10
LOAD_TRIES = 3  # reads of a game that another app server (or an admin patch) changes between its reads
# Core tables: the hot path skips the ORM's bookkeeping
_GAMES, _ACTIONS, _SNAPSHOTS, _OUTBOX = GameRow.__table__, ActionRow.__table__, SnapshotRow.__table__, Outbox.__table__


class Stale(Exception):
    """The action was made on an older version of the game."""

    def __init__(self, game_id: str, version: int, expected: int) -> None:
        self.game_id = game_id
        self.version = version
        self.expected = expected
        super().__init__(f"game {game_id} is at version {version}, not {expected}: reload and try again")


class Diverged(Exception):
    """The game's log no longer leads to its stored state under this rules code (a rules change): ``grognard admin
    patch`` reports it, and ``--write`` stores the replayed state."""

    def __init__(self, game_id: str, why: str) -> None:
        self.game_id = game_id
        super().__init__(f"game {game_id} no longer replays under this version of the rules ({why}): the server's "
                         "administrator must run grognard admin patch")


class GameNotFound(LookupError):
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"no game {game_id!r}")


def titles(game: str, scenario: str) -> dict[str, str]:
    """What players read for a game and a scenario: the game's title and the scenario's name."""
    g = load_game(game)
    return {"title": g.title, "scenario_name": g.scenarios().get(scenario, scenario)}


def user_seat(user_id: int) -> str:
    return f"user:{user_id}"


def seat_user(seat: str) -> int | None:
    """The user id of a ``user:ID`` seat, else None."""
    return int(seat[5:]) if seat.startswith("user:") and seat[5:].isdigit() else None


@dataclass(frozen=True)
class GameMeta:
    """Everything about a game but its state."""

    id: str
    game: str
    scenario: str
    options: dict[str, Any]
    seats: dict[str, str]
    status: str
    version: int
    active: str | None
    digest: str
    result: dict[str, Any] | None
    owner_id: int | None
    public: bool
    invite: str | None
    clock: dict[str, Any] | None
    clocks: dict[str, float]
    turn_started: float
    paused: bool
    pause_votes: list[str]
    created_at: float
    updated_at: float

    @classmethod
    def of(cls, row: Any) -> GameMeta:
        """From a GameRow or a row of its columns."""
        return cls(row.id, row.game, row.scenario, dict(row.options), dict(row.seats), row.status, row.version,
                   row.active, row.digest, row.result, row.owner_id, row.public, row.invite, row.clock,
                   dict(row.clocks), row.turn_started, row.paused, list(row.pause_votes), row.created_at,
                   row.updated_at)

    def time_left(self, now: float | None = None) -> dict[str, float]:
        now = time.time() if now is None else now
        stopped = self.paused or self.status != "active"  # an open game's clocks start with it
        return {side: clocks.left(self.clocks, self.turn_started, self.active, side, now, stopped)
                for side in self.clocks}

    def public_dict(self) -> dict[str, Any]:
        """JSON for clients: no invite token and no digest (the digest of the first state would let one search
        the seed, and the seed tells every future draw; the seed itself is never in a GameMeta)."""
        d = asdict(self)
        del d["invite"], d["digest"]
        d["time_left"] = self.time_left()
        return d | titles(self.game, self.scenario)


@dataclass(frozen=True)
class CheckResult:
    """How a game's log replays under the current rules code."""

    game_id: str
    ok: bool  # replays to the stored digest
    refused: str | None  # an action the rules now refuse, or None
    digest: str | None  # the replayed digest (None if refused)


Events = Callable[[str, int], None]


class GameStore:
    """Creates, loads and advances games; ``on_change(game_id, version)`` runs after every commit.

    On PostgreSQL the commit also sends ``NOTIFY grognard_games`` so other app servers learn of it.
    """

    def __init__(self, db: Database, *, base_url: str = "http://127.0.0.1:8000",
                 on_change: Events | None = None) -> None:
        self.db = db
        self.base_url = base_url.rstrip("/")
        self.on_change = on_change
        self.origin = secrets.token_hex(6)  # names this app server in its NOTIFY messages
        # game id -> (version, digest, game, packed state): a state is only ever used for the exact stored version
        # and digest (an admin patch rewrites a snapshot at the same version, another app server moves the game
        # on). Packed: bytes are no work for the garbage collector, whose full collections walk every live list
        # and dict (hundreds of ms with a thousand states in memory as objects, measured).
        self._states: OrderedDict[str, tuple[int, str, str, bytes]] = OrderedDict()
        self._states_lock = threading.Lock()

    # -- creating and reading -------------------------------------------------------
    def create_game(self, game: str, scenario: str, options: dict[str, Any] | None, seats: dict[str, str],
                    seed: int | None = None, owner: int | None = None, *, public: bool = False,
                    clock: dict[str, Any] | None = None, invite: bool = False) -> str:
        """A new game; it starts at once unless a seat is ``open``. ValueError names a bad set-up."""
        g = load_game(game)
        missing = [s for s in g.sides if s not in seats]
        extra = [s for s in seats if s not in g.sides]
        if missing or extra:
            raise ValueError(f"seats must name each side of {game} ({', '.join(g.sides)}); "
                             f"missing {missing or 'none'}, unknown {extra or 'none'}")
        seed = secrets.randbits(63) if seed is None else seed  # too many seeds to search from the dice one sees
        st = g.new_state(scenario, seed=seed, options=options)
        now = time.time()
        gid = secrets.token_urlsafe(9)
        status = "open" if "open" in seats.values() else "active"
        row = GameRow(
            id=gid, game=game, scenario=scenario, options=dict(st.setup["options"]), seats=dict(seats), seed=seed,
            status=status, version=0, active=st.active, digest=st.digest(), result=None,
            owner_id=owner, public=public, invite=secrets.token_urlsafe(12) if invite else None, clock=clock,
            clocks=clocks.start(clock, list(g.sides)), turn_started=now, paused=False, pause_votes=[],
            created_at=now, updated_at=now,
        )
        with self.db.session() as s:
            s.add(row)
            s.flush()
            s.add(SnapshotRow(game_id=gid, version=0, state=st.to_json()))
            for side, seat in seats.items():
                uid = seat_user(seat)
                if uid is not None:
                    s.add(Player(game_id=gid, side=side, user_id=uid))
            if status == "active":
                notify.enqueue(s, self._started_notes(row), now)
        self._keep(gid, 0, row.digest, st)
        return gid

    def meta(self, game_id: str) -> GameMeta:
        with self.db.autocommit.connect() as c:
            return self._meta(c, game_id)

    @staticmethod
    def _meta(c: Connection, game_id: str) -> GameMeta:
        row = c.execute(select(_GAMES).where(_GAMES.c.id == game_id)).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return GameMeta.of(row)

    def load(self, game_id: str, meta: GameMeta | None = None) -> tuple[State, int, GameMeta]:
        """The current state (the caller's own copy), its version and the game's metadata (``meta``: as the
        caller just read it, which spares a read when the state is in memory).

        Diverged if the log rows after the snapshot no longer lead to the stored state (a rules change)."""
        if meta is not None and (st := self._kept(game_id, meta)) is not None:
            return st, meta.version, meta
        why = ""
        for _ in range(LOAD_TRIES):
            with self.db.autocommit.connect() as c:
                meta = self._meta(c, game_id)
                st = self._kept(game_id, meta)
                if st is not None:
                    return st, meta.version, meta
                snap = c.execute(select(_SNAPSHOTS.c.version, _SNAPSHOTS.c.state)
                                 .where(_SNAPSHOTS.c.game_id == game_id)).one_or_none()
                if snap is None or snap.version > meta.version:
                    continue  # moved on between the reads (another app server): read again
                tail = c.execute(select(_ACTIONS.c.seq, _ACTIONS.c.side, _ACTIONS.c.kind, _ACTIONS.c.action)
                                 .where(_ACTIONS.c.game_id == game_id, _ACTIONS.c.seq > snap.version,
                                        _ACTIONS.c.seq <= meta.version).order_by(_ACTIONS.c.seq)).all()
            st = load_game(meta.game).load_state(snap.state)
            try:
                _replay(st, tail)
            except IllegalAction as exc:
                why = str(exc)
                continue
            if st.digest() == meta.digest:
                self._keep(game_id, meta.version, meta.digest, st)
                return st, meta.version, meta
            why = f"the log rows after version {snap.version} lead elsewhere"  # or a patch came meanwhile: again
        raise Diverged(game_id, why or "its state changed while it was read")

    def _kept(self, game_id: str, meta: GameMeta) -> State | None:
        """The kept state of ``game_id`` (the caller's own) if it is the one stored now."""
        with self._states_lock:
            kept = self._states.get(game_id)
            if kept is None or kept[0] != meta.version or kept[1] != meta.digest:
                return None
            self._states.move_to_end(game_id)
        return load_game(kept[2]).unpack(kept[3])

    def _keep(self, game_id: str, version: int, digest: str, st: State) -> None:
        packed = st.pack()
        with self._states_lock:
            old = self._states.get(game_id)
            if old is None or old[0] <= version:
                self._states[game_id] = (version, digest, st.game.name, packed)
                self._states.move_to_end(game_id)
            while len(self._states) > STATES_KEPT:
                self._states.popitem(last=False)

    def log(self, game_id: str) -> list[dict[str, Any]]:
        """The action log rows, oldest first."""
        with self.db.sessions() as s:
            self._row(s, game_id)
            rows = s.scalars(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq))
            return [{"seq": r.seq, "side": r.side, "kind": r.kind, "action": r.action, "at": r.at} for r in rows]

    def replay_seed(self, game_id: str) -> int:
        """The game's seed (secret: for replays on the server side only, never sent to a client)."""
        with self.db.sessions() as s:
            return self._row(s, game_id).seed

    def record(self, game_id: str) -> dict[str, Any]:
        """The game record (set-up with the seed, actions, digest): only for finished games or the admin."""
        st, version, meta = self.load(game_id)
        return st.record() | {"id": meta.id, "version": version}

    def list_games(self, user: int | None, *, limit: int = 200) -> list[dict[str, Any]]:
        """A user's games (None: the local games without owner), those where it is their move first."""
        with self.db.sessions() as s:
            if user is None:
                rows = list(s.scalars(select(GameRow).where(GameRow.owner_id.is_(None))
                                      .order_by(GameRow.updated_at.desc()).limit(limit)))
            else:
                mine = select(Player.game_id).where(Player.user_id == user)
                rows = list(s.scalars(select(GameRow).where(GameRow.id.in_(mine) | (GameRow.owner_id == user))
                                      .order_by(GameRow.updated_at.desc()).limit(limit)))
            metas = [GameMeta.of(r) for r in rows]
            names = self._names(s, metas)
        out = []
        for m in metas:
            sides = [side for side, seat in m.seats.items() if user is not None and seat == user_seat(user)]
            players = {side: names.get(seat_user(seat) or -1, seat) for side, seat in m.seats.items()}
            d = m.public_dict() | {"my_sides": sides, "players": players}
            d["my_turn"] = m.status == "active" and (m.active in sides if user is not None
                                                      else m.seats.get(m.active or "") == "hotseat")
            out.append(d)
        out.sort(key=lambda d: not d["my_turn"])  # stable: most recent first within each group
        return out

    @staticmethod
    def _names(s: Session, metas: list[GameMeta]) -> dict[int, str]:
        """The names of the accounts seated in ``metas``, by user id."""
        ids = {uid for m in metas for seat in m.seats.values() if (uid := seat_user(seat)) is not None}
        return {uid: name for uid, name in s.execute(select(User.id, User.name).where(User.id.in_(ids)))} if ids else {}

    def by_invite(self, token: str) -> GameMeta | None:
        """The open game of an invitation token."""
        with self.db.sessions() as s:
            row = s.scalar(select(GameRow).where(GameRow.invite == token, GameRow.status == "open"))
            return None if row is None else GameMeta.of(row)

    def open_games(self, *, limit: int = 100) -> list[dict[str, Any]]:
        """Public games waiting for players."""
        with self.db.sessions() as s:
            rows = s.scalars(select(GameRow).where(GameRow.status == "open", GameRow.public.is_(True))
                             .order_by(GameRow.created_at.desc()).limit(limit))
            return [GameMeta.of(r).public_dict() for r in rows]

    # -- playing ---------------------------------------------------------------------
    def append_action(self, game_id: str, expected_version: int, side: str, action: Action | Sequence[Any]) -> int:
        """Apply ``action`` for ``side`` on version ``expected_version``; returns the new version.

        Raises Stale if the game moved on, IllegalAction (from the rules, unchanged) if the action is refused,
        GameNotFound. Nothing is stored unless the whole change commits.
        """
        st, _version, meta = self.load(game_id)
        return self.advance(st, meta, expected_version, side, action).version

    def advance(self, st: State, meta: GameMeta, expected_version: int, side: str,
                action: Action | Sequence[Any]) -> GameMeta:
        """``append_action`` on a state the caller just loaded with ``meta`` (its own copy, which this changes
        into the new state); returns the new metadata. The app's action route reads the game once for its checks
        and this."""
        act = _action(action)
        self._writable(st, meta, expected_version, side)
        st.apply(act)
        return self._commit(meta, st, side, "action", list(act))

    def undo(self, game_id: str, side: str, expected_version: int) -> int:
        """Take back ``side``'s last action of its turn (as the rules allow); returns the new version."""
        st, _version, meta = self.load(game_id)
        self._writable(st, meta, expected_version, side)
        st.undo()
        return self._commit(meta, st, side, "undo", None).version

    def _writable(self, st: State, meta: GameMeta, expected: int, side: str) -> None:
        if meta.version != expected:
            raise Stale(meta.id, meta.version, expected)
        if meta.status != "active":
            why = "is over" if meta.status == "over" else "has not started: a seat is still open"
            raise IllegalAction(f"The game {why}.")
        if st.active != side:
            raise IllegalAction(f"It is not {side}'s move: {st.active} is to act." if st.active
                                else "The game is over.")

    def _commit(self, meta: GameMeta, st: State, side: str, kind: str, action: list[Any] | None) -> GameMeta:
        """One transaction: the version bump with the new digest (only if the game is still at the version the
        change was made on), the log row, the snapshot every SNAPSHOT_EVERY versions and at the end, the outbox rows
        and the NOTIFY to other app servers."""
        now = time.time()
        new = meta.version + 1
        active = st.active
        new_clocks, started = clocks.on_move(meta.clock, meta.clocks, meta.turn_started, meta.active, active, now,
                                             meta.paused)
        digest = st.digest()
        values: dict[str, Any] = {
            "version": new, "digest": digest, "active": active, "clocks": new_clocks, "turn_started": started,
            "updated_at": now,
        }
        if st.over:
            values |= {"status": "over", "result": st.result}
        notes = self._move_notes(meta, st, side)
        log_row = {"game_id": meta.id, "seq": new, "side": side, "kind": kind, "action": action, "at": now}
        snapshot = st.to_json() if new % SNAPSHOT_EVERY == 0 or st.over else None
        if self.db.is_postgres:
            self._commit_pg(meta, values, log_row, snapshot, notes, now)
        else:
            with self.db.session() as s:
                res = s.execute(update(_GAMES).where(_GAMES.c.id == meta.id, _GAMES.c.version == meta.version)
                                .values(**values))
                if res.rowcount != 1:  # type: ignore[attr-defined]
                    raise Stale(meta.id, self._version(s, meta.id), meta.version)
                s.execute(insert(_ACTIONS).values(**log_row))
                if snapshot is not None:
                    s.execute(update(_SNAPSHOTS).where(_SNAPSHOTS.c.game_id == meta.id)
                              .values(version=new, state=snapshot))
                notify.enqueue(s, notes, now)
        self._keep(meta.id, new, digest, st)
        self._changed(meta.id, new)
        return replace(meta, **values)

    def _commit_pg(self, meta: GameMeta, values: dict[str, Any], log_row: dict[str, Any], snapshot: str | None,
                   notes: list[notify.Note], now: float) -> None:
        """``_commit`` on PostgreSQL as one statement, its own transaction: a single round trip where the
        transaction took five (BEGIN, the version bump, the log row, the NOTIFY, COMMIT), more with a snapshot or
        outbox rows. Each round trip of a worker thread waits for the database's process to be scheduled and
        then for the interpreter's lock: on a busy machine that, not the statements' work (a tenth of a ms), made
        the tail (docs/online.md). The version bump is the first CTE; every other change selects from it, so none
        happens unless the game was still at the version the change was made on, and the NOTIFY goes with the
        commit. The notes' users' settings are read first, on the same connection, when there are notes."""
        with self.db.autocommit.connect() as c:
            outbox = notify.outbox_rows(c, notes, now)
            bumped = (update(_GAMES).where(_GAMES.c.id == meta.id, _GAMES.c.version == meta.version)
                      .values(**values).returning(_GAMES.c.id).cte("bumped"))
            ctes = [_insert_from(_ACTIONS, [log_row], bumped).cte("logged")]
            if snapshot is not None:
                ctes.append(update(_SNAPSHOTS).where(_SNAPSHOTS.c.game_id.in_(select(bumped.c.id)))
                            .values(version=log_row["seq"], state=snapshot).cte("snapshot"))
            if outbox:
                ctes.append(_insert_from(_OUTBOX, outbox, bumped).cte("notes"))
            payload = f"{meta.id} {log_row['seq']} {self.origin}"
            done = c.execute(select(func.pg_notify(PG_CHANNEL, payload)).select_from(bumped).add_cte(*ctes)).all()
            if not done:
                raise Stale(meta.id, int(c.scalar(select(_GAMES.c.version).where(_GAMES.c.id == meta.id)) or 0),
                            meta.version)

    def _version(self, s: Session, game_id: str) -> int:
        return int(s.scalar(select(GameRow.version).where(GameRow.id == game_id)) or 0)

    # -- seats and status ------------------------------------------------------------
    def set_seat(self, game_id: str, side: str, seat: str, *, expect: str | None = None) -> GameMeta:
        """Give ``side`` to ``seat``; with ``expect``, only if the seat is currently that (else ValueError)."""
        with self.db.session() as s:
            row = self._locked(s, game_id)
            if side not in row.seats:
                raise ValueError(f"game {game_id} has no side {side!r}; sides: {', '.join(row.seats)}")
            if expect is not None and row.seats[side] != expect:
                raise ValueError(f"the {side} seat is not {expect} any more")
            seats = dict(row.seats)
            old, seats[side] = seats[side], seat
            row.seats = seats
            if seat_user(old) is not None:
                s.execute(Player.__table__.delete().where(Player.game_id == game_id, Player.side == side))
            if (uid := seat_user(seat)) is not None:
                s.add(Player(game_id=game_id, side=side, user_id=uid))
            s.flush()
            meta = GameMeta.of(row)
            self._pg_notify(s, game_id, row.version)
        self._changed(game_id, meta.version)
        return meta

    def start(self, game_id: str) -> GameMeta:
        """Start an open game whose seats are all taken (its clocks start now)."""
        with self.db.session() as s:
            row = self._locked(s, game_id)
            if row.status != "open":
                raise ValueError(f"game {game_id} is {row.status}, not waiting to start")
            if "open" in row.seats.values():
                raise ValueError("every seat must be taken before the game starts")
            now = time.time()
            row.status, row.turn_started = "active", now
            row.clocks = clocks.start(row.clock, list(row.seats))
            notify.enqueue(s, self._started_notes(row), now)
            meta = GameMeta.of(row)
            self._pg_notify(s, game_id, row.version)
        self._changed(game_id, meta.version)
        return meta

    def vote_pause(self, game_id: str, side: str, pause: bool) -> GameMeta:
        """A side asks for a vacation pause (the clocks stop once every seated player asked) or ends it."""
        with self.db.session() as s:
            row = self._locked(s, game_id)
            now = time.time()
            if pause:
                votes = sorted({*row.pause_votes, side})
                humans = sorted(sd for sd, seat in row.seats.items() if seat_user(seat) is not None)
                if not row.paused and set(humans) <= set(votes):
                    row.clocks = clocks.pause(row.clocks, row.turn_started, row.active, now)
                    row.paused, votes = True, []
                row.pause_votes = votes
            else:
                if row.paused:
                    row.paused, row.turn_started = False, now
                row.pause_votes = [v for v in row.pause_votes if v != side]
            meta = GameMeta.of(row)
            self._pg_notify(s, game_id, row.version)
        self._changed(game_id, meta.version)
        return meta

    def forfeit(self, game_id: str, side: str, why: str) -> GameMeta:
        """End an active game with ``side`` losing (resigned); ValueError if it is not active."""
        with self.db.session() as s:
            row = self._locked(s, game_id)
            if row.status != "active":
                raise ValueError(f"game {game_id} is {row.status}")
            self._lose(s, row, side, why)
            meta = GameMeta.of(row)
        self._changed(game_id, meta.version)
        return meta

    def time_out(self, game_id: str, now: float | None = None) -> str | None:
        """Apply the game's timeout policy if the player to act is out of time; says what was done, or None.

        Policy ``forfeit`` ends the game; ``ai:LEVEL`` gives the seat to the computer, with a fresh clock.
        """
        now = time.time() if now is None else now
        with self.db.session() as s:
            row = self._locked(s, game_id)
            side = clocks.expired(GameMeta.of(row), now)
            if side is None or seat_user(row.seats.get(side, "")) is None:
                return None
            policy = (row.clock or {}).get("policy", "forfeit")
            if policy == "forfeit":
                self._lose(s, row, side, f"{side} ran out of time")
                done = f"{side} forfeits on time"
            else:
                row.seats = {**row.seats, side: policy}
                row.clocks = {**row.clocks, side: float((row.clock or {}).get("increment") or 0) or 3600.0}
                row.turn_started = now
                s.execute(Player.__table__.delete().where(Player.game_id == game_id, Player.side == side))
                self._pg_notify(s, game_id, row.version)
                done = f"{policy} takes the {side} seat on time"
            version = row.version
        self._changed(game_id, version)
        return done

    def due_timeouts(self, now: float | None = None) -> list[str]:
        """Games whose player to act is out of time."""
        now = time.time() if now is None else now
        with self.db.sessions() as s:
            rows = s.scalars(select(GameRow).where(GameRow.status == "active", GameRow.clock.is_not(None),
                                                   GameRow.paused.is_(False)))
            metas = [GameMeta.of(r) for r in rows]
        return [m.id for m in metas if clocks.expired(m, now) and seat_user(m.seats.get(m.active or "", ""))]

    def _lose(self, s: Session, row: GameRow, side: str, why: str) -> None:
        others = [sd for sd in row.seats if sd != side]
        row.status, row.active = "over", None
        row.result = {"winner": others[0] if len(others) == 1 else None, "loser": side, "text": why}
        row.updated_at = time.time()
        notify.enqueue(s, [notify.Note(uid, "game_over", f"Game {row.id} is over: {why}.", row.id, self.link(row.id))
                           for uid in _users(row.seats)])
        self._pg_notify(s, row.id, row.version)

    # -- checking the log against the snapshot (admin patch) ---------------------------
    def replay_log(self, game_id: str) -> State:
        """The state reached by replaying the log from the set-up under the current rules code.

        IllegalAction if the rules now refuse an action of the log.
        """
        with self.db.sessions() as s:
            row = self._row(s, game_id)
            game, scenario, options, seed = row.game, row.scenario, row.options, row.seed
            rows = [(r.seq, r.side, r.kind, r.action) for r in
                    s.scalars(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq))]
        st = load_game(game).new_state(scenario, seed=seed, options=options)
        _replay(st, rows)
        return st

    def check(self, game_id: str) -> CheckResult:
        """Replay the log and compare with the stored digest."""
        stored = self.meta(game_id).digest
        try:
            st = self.replay_log(game_id)
        except IllegalAction as exc:
            return CheckResult(game_id, False, str(exc), None)
        return CheckResult(game_id, st.digest() == stored, None, st.digest())

    def rewrite_snapshot(self, game_id: str, st: State, expected_version: int) -> None:
        """Store the replayed state as the snapshot (after a rules fix); Stale if the game moved meanwhile."""
        with self.db.session() as s:
            values: dict[str, Any] = {"digest": st.digest(), "active": st.active}
            if st.over:
                values |= {"status": "over", "result": st.result}
            res = s.execute(update(GameRow).where(GameRow.id == game_id, GameRow.version == expected_version)
                            .values(**values))
            if res.rowcount != 1:  # type: ignore[attr-defined]
                raise Stale(game_id, self._version(s, game_id), expected_version)
            s.execute(update(_SNAPSHOTS).where(_SNAPSHOTS.c.game_id == game_id)
                      .values(version=expected_version, state=st.to_json()))
            self._pg_notify(s, game_id, expected_version)
        self._changed(game_id, expected_version)

    def live_games(self) -> list[str]:
        with self.db.sessions() as s:
            return list(s.scalars(select(GameRow.id).where(GameRow.status == "active").order_by(GameRow.id)))

    def chat_changed(self, game_id: str) -> None:
        """Tell listeners a chat message came (they re-read the chat; the version does not change)."""
        version = self.meta(game_id).version
        if self.db.is_postgres:
            with self.db.session() as s:
                self._pg_notify(s, game_id, version)
        self._changed(game_id, version)

    # -- helpers ---------------------------------------------------------------------
    def link(self, game_id: str) -> str:
        return f"{self.base_url}/#/game/{game_id}"

    def _row(self, s: Session, game_id: str) -> GameRow:
        row = s.get(GameRow, game_id)
        if row is None:
            raise GameNotFound(game_id)
        return row

    def _locked(self, s: Session, game_id: str) -> GameRow:
        """The game row, locked for this transaction (a write first: SQLite then holds its write lock)."""
        res = s.execute(update(GameRow).where(GameRow.id == game_id).values(updated_at=time.time()))
        if res.rowcount != 1:  # type: ignore[attr-defined]
            raise GameNotFound(game_id)
        return self._row(s, game_id)

    def _pg_notify(self, s: Session, game_id: str, version: int) -> None:
        if self.db.is_postgres:  # delivered to every listener when (and only if) the transaction commits
            s.execute(text("SELECT pg_notify(:c, :p)"), {"c": PG_CHANNEL, "p": f"{game_id} {version} {self.origin}"})

    def _changed(self, game_id: str, version: int) -> None:
        if self.on_change is not None:
            self.on_change(game_id, version)

    def _started_notes(self, row: GameRow) -> list[notify.Note]:
        return [notify.Note(uid, "game_started", f"Your game {row.id} ({named(row.game, row.scenario)}) has started.",
                            row.id, self.link(row.id)) for uid in _users(row.seats)]

    def _move_notes(self, meta: GameMeta, st: State, side: str) -> list[notify.Note]:
        """Who must hear of this change: the next side to act if the move passed to it, everyone at the end."""
        title = named(meta.game, meta.scenario)
        if st.over:
            text_ = f"Game {meta.id} ({title}) is over: {(st.result or {}).get('text', '')}"
            return [notify.Note(uid, "game_over", text_, meta.id, self.link(meta.id)) for uid in _users(meta.seats)]
        active = st.active
        if active is None or active == side or (uid := seat_user(meta.seats.get(active, ""))) is None:
            return []
        # a side acting outside its own turn (interception, combat card, losses) is asked for a decision
        turn = st.g.get("turn") if isinstance(st.g, dict) else None
        event = "decision" if turn is not None and turn != active else "your_turn"
        words = "It is your turn" if event == "your_turn" else "A decision is asked of you"
        return [notify.Note(uid, event, f"{words} ({active}) in game {meta.id} ({title}).", meta.id,
                            self.link(meta.id))]


def named(game: str, scenario: str) -> str:
    """A game and scenario in a message: "Napoleon against Europe, 1815, the Hundred Days"."""
    t = titles(game, scenario)
    return f"{t['title']}, {t['scenario_name']}"


def _users(seats: dict[str, str]) -> list[int]:
    return sorted({uid for seat in seats.values() if (uid := seat_user(seat)) is not None})


def _insert_from(table: Any, rows: list[dict[str, Any]], source: Any) -> Any:
    """``INSERT INTO table`` of ``rows`` (same keys), one per row of ``source`` (a CTE of zero or one row): the
    rows are written only if ``source`` has its row."""
    cols = list(rows[0])
    selects = [select(*(literal(r[k], table.c[k].type) for k in cols)).select_from(source) for r in rows]
    return insert(table).from_select(cols, selects[0] if len(selects) == 1 else union_all(*selects))


def _replay(st: State, rows: Sequence[Any]) -> None:
    """Play log rows ``(seq, side, kind, action)`` on ``st``; IllegalAction names a row the rules refuse."""
    for seq, side, kind, action in rows:
        if st.active != side:
            raise IllegalAction(f"log row {seq}: {side} acted but {st.active} is to act")
        try:
            if kind == "undo":
                st.undo()
            else:
                st.apply(_action(action))
        except IllegalAction as exc:
            raise IllegalAction(f"log row {seq} ({kind} {action!r} by {side}): {exc}") from None


def _action(action: Action | Sequence[Any]) -> Action:
    if isinstance(action, tuple | list) and len(action) == 2 and isinstance(action[0], str):
        return (action[0], action[1])
    raise IllegalAction(f"An action is a [verb, argument] pair, not {action!r}.")
