"""Database engine and sessions: SQLite (WAL) in the user's data directory by default, PostgreSQL by URL.

``Database(url)`` opens the engine and brings the schema to the latest Alembic migration. The URL comes from
``--db``, else ``DATABASE_URL``, else a SQLite file ``grognard.db`` in the user's data directory.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

SQLITE_BUSY_MS = 10_000  # writers of other processes queue behind each other; a commit is a few ms
# WAL with synchronous=NORMAL: a commit is in the WAL file (the OS has it) before the action is acknowledged, so it
# survives a crash or kill -9 of the server, which is what "an acknowledged action is durable" asks (the kill -9
# test); only a power cut or OS crash can lose the last commits. FULL also syncs the WAL to disk on each commit
# (a few ms more per action, and it serialises writers behind the disk): GROGNARD_SQLITE_SYNCHRONOUS=FULL.
SQLITE_SYNCHRONOUS = ("NORMAL", "FULL")


def data_dir() -> Path:
    """Where the user's data lives (XDG base directory rules; GROGNARD_HOME overrides)."""
    if home := os.environ.get("GROGNARD_HOME"):
        return Path(home)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "grognard"


def default_url() -> str:
    """``DATABASE_URL`` if set, else the SQLite file in the data directory."""
    if url := os.environ.get("DATABASE_URL"):
        return url
    return f"sqlite:///{data_dir() / 'grognard.db'}"


def normalise_url(url: str) -> str:
    """Accept the usual ``postgres://`` and ``postgresql://`` spellings and use psycopg 3 for them; a plain file path
    (``--db games.db``) is an SQLite file."""
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def sqlite_synchronous() -> str:
    """The SQLite ``synchronous`` level: NORMAL, or FULL by ``GROGNARD_SQLITE_SYNCHRONOUS``."""
    level = os.environ.get("GROGNARD_SQLITE_SYNCHRONOUS", "NORMAL").upper()
    if level not in SQLITE_SYNCHRONOUS:
        raise ValueError(f"GROGNARD_SQLITE_SYNCHRONOUS is {level!r}; it must be one of {', '.join(SQLITE_SYNCHRONOUS)}")
    return level


def make_engine(url: str, **kwargs: Any) -> Engine:
    url = normalise_url(url)
    u = make_url(url)
    if u.get_backend_name() == "sqlite":
        if u.database and u.database != ":memory:":
            Path(u.database).parent.mkdir(parents=True, exist_ok=True)
        kwargs.setdefault("pool_size", 10)  # the app's worker threads (40) each may hold one
        kwargs.setdefault("max_overflow", 30)
        engine = create_engine(url, connect_args={"check_same_thread": False}, **kwargs)
        sync = sqlite_synchronous()
        event.listen(engine, "connect", lambda conn, _rec: _sqlite_pragmas(conn, sync))
        return engine
    kwargs.setdefault("pool_size", 10)
    kwargs.setdefault("max_overflow", 30)
    # No ping on each checkout (a round trip before every request's first statement): a connection the server
    # dropped fails its statement once, and SQLAlchemy then discards every pooled connection older than the
    # failure; connections are also renewed every half hour.
    kwargs.setdefault("pool_recycle", 1800)
    return create_engine(url, **kwargs)


def _sqlite_pragmas(dbapi_conn: Any, synchronous: str) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cur.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
    cur.execute(f"PRAGMA synchronous={synchronous}")  # see SQLITE_SYNCHRONOUS
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


class Database:
    """One engine and its session factory; the schema is migrated when it opens."""

    def __init__(self, url: str | None = None, *, migrate: bool = True, **engine_kwargs: Any) -> None:
        self.url = normalise_url(url or default_url())
        self.engine = make_engine(self.url, **engine_kwargs)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time: this process's writers queue on a lock, in order, instead of polling
        # in SQLite's busy handler (which sleeps up to 100 ms between tries); other processes still get the
        # busy timeout. PostgreSQL writers of different games do not wait for each other.
        self._write_lock = threading.RLock() if self.engine.dialect.name == "sqlite" else None
        # Hot reads, and on PostgreSQL an action's one-statement commit, run outside an explicit transaction: each
        # statement is its own (PostgreSQL's READ COMMITTED gives every statement of a transaction a fresh snapshot
        # anyway), which spares the BEGIN and ROLLBACK/COMMIT round trips around it. SQLite opens no transaction
        # for a read (its driver begins one only before a write): the same engine.
        self.autocommit = (self.engine.execution_options(isolation_level="AUTOCOMMIT")
                           if self.engine.dialect.name == "postgresql" else self.engine)
        if migrate:
            self.upgrade()

    @property
    def is_postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def upgrade(self) -> None:
        """Apply every Alembic migration not yet applied."""
        from grognard.server.migrate import upgrade

        upgrade(self.engine)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session whose transaction commits on success and rolls back on error (for writing)."""
        if self._write_lock is None:
            with self.sessions() as s, s.begin():
                yield s
            return
        with self._write_lock, self.sessions() as s, s.begin():
            yield s

    def checkpoint(self) -> tuple[int, int]:
        """SQLite: copy the WAL's committed pages into the database file without waiting for readers or writers
        (a passive checkpoint); returns the WAL's frames and those copied. An app server runs it every second in
        the background: otherwise the commit that fills the WAL to 1000 pages copies them itself, disk syncs
        included, and its request waits meanwhile. PostgreSQL checkpoints by itself: (0, 0)."""
        if self._write_lock is None:
            return 0, 0
        with self.engine.connect() as c:
            _busy, frames, copied = c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
        return int(frames), int(copied)

    def dispose(self) -> None:
        self.engine.dispose()
