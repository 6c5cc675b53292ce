"""Alembic environment: migrations run on the connection handed in by ``grognard.server.migrate``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, text

from grognard.server.models import Base

LOCK_ID = 4_711_815  # PostgreSQL advisory lock: app servers starting together migrate one at a time


def run(connection) -> None:  # type: ignore[no-untyped-def]
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": LOCK_ID})
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying them
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


conn = context.config.attributes.get("connection")
if conn is not None:
    run(conn)
else:
    with create_engine(context.config.get_main_option("sqlalchemy.url") or "").begin() as c:
        run(c)
