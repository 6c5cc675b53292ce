"""Server test fixtures: a fresh database per test on SQLite, and on PostgreSQL when DATABASE_URL is set.

CI sets DATABASE_URL (``tools/ci/with-postgres.sh`` starts a throw-away server), so both legs run there; each
PostgreSQL test gets its own schema, dropped afterwards.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import threading
from collections.abc import Iterator
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from aiosmtpd.controller import Controller
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from sqlalchemy import create_engine, text

from grognard.server.accounts import Accounts
from grognard.server.db import Database, normalise_url
from grognard.server.notify import SmtpConfig
from grognard.server.store import GameStore

PG_URL = os.environ.get("DATABASE_URL", "")
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.skipif(
    not PG_URL.startswith(("postgres", "postgresql")), reason="DATABASE_URL names no PostgreSQL server"))]


def pg_schema_db(**kwargs: object) -> tuple[Database, str]:
    schema = "t_" + secrets.token_hex(6)
    with create_engine(normalise_url(PG_URL)).begin() as c:
        c.execute(text(f"CREATE SCHEMA {schema}"))
    db = Database(PG_URL, connect_args={"options": f"-csearch_path={schema}"}, **kwargs)
    return db, schema


def drop_schema(schema: str) -> None:
    eng = create_engine(normalise_url(PG_URL))
    with eng.begin() as c:
        c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
    eng.dispose()


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path) -> Iterator[Database]:
    if request.param == "sqlite":
        database = Database(f"sqlite:///{tmp_path / 'g.db'}")
        yield database
        database.dispose()
    else:
        database, schema = pg_schema_db()
        yield database
        database.dispose()
        drop_schema(schema)


@pytest.fixture
def store(db: Database) -> GameStore:
    return GameStore(db)


class Mailbox:
    """An aiosmtpd handler keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(message_from_bytes(envelope.content, policy=default))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def smtp() -> Iterator[tuple[Mailbox, SmtpConfig]]:
    """A real SMTP server in the test process."""
    box = Mailbox()
    port = free_port()
    ctl = Controller(box, hostname="127.0.0.1", port=port)
    ctl.start()
    yield box, SmtpConfig(host="127.0.0.1", port=port, sender="grognard@test.example")
    ctl.stop()


def cheap_accounts(db: Database, **kw: object) -> Accounts:
    """Accounts with argon2 parameters cheap enough for tests (the defaults take 130 ms a hash)."""
    hasher = PasswordHash((Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1),))
    return Accounts(db, hasher=hasher, **kw)  # type: ignore[arg-type]


class Hooks(ThreadingHTTPServer):
    """A local webhook receiver keeping each JSON body it is sent; ``fail`` answers 500 instead."""

    def __init__(self) -> None:
        self.received: list[dict] = []
        self.fail = False
        box = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                if box.fail:
                    self.send_response(500)
                else:
                    box.received.append(json.loads(body))
                    self.send_response(204)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/hook"


@pytest.fixture
def hooks() -> Iterator[Hooks]:
    server = Hooks()
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    yield server
    server.shutdown()
    server.server_close()
