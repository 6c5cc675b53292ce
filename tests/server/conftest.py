"""Server test fixtures: a fresh database per test on SQLite, and on PostgreSQL when DATABASE_URL is set.

CI sets DATABASE_URL (``tools/ci/with-postgres.sh`` starts a throw-away server), so both legs run there; each
PostgreSQL test gets its own schema, dropped afterwards.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

from grognard.server.db import Database, normalise_url
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
