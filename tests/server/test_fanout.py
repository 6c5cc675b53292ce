"""Two app servers on one PostgreSQL: a change stored by one reaches the other's listeners."""

from __future__ import annotations

import os
import queue

import pytest

from grognard.server.db import Database
from grognard.server.fanout import PgListener
from grognard.server.store import GameStore

from .conftest import drop_schema, pg_schema_db
from .test_store import DUEL, SEATS

pytestmark = pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                                reason="DATABASE_URL names no PostgreSQL server")


def test_a_change_on_one_server_reaches_the_other():
    db_a, schema = pg_schema_db()
    db_b = Database(os.environ["DATABASE_URL"], connect_args={"options": f"-csearch_path={schema}"})
    a, b = GameStore(db_a), GameStore(db_b)
    got_a: queue.Queue = queue.Queue()
    got_b: queue.Queue = queue.Queue()
    a.on_change = lambda gid, v: got_a.put(("local", gid, v))
    listeners = [PgListener(db_a.url, a.origin, lambda gid, v: got_a.put(("remote", gid, v))),
                 PgListener(db_b.url, b.origin, lambda gid, v: got_b.put(("remote", gid, v)))]
    for li in listeners:
        li.start()
    try:
        gid = a.create_game(DUEL, "standard", {}, SEATS, seed=1)
        st = a.load(gid)[0]
        a.append_action(gid, 0, "empire", st.legal_actions()[0])
        assert got_b.get(timeout=10) == ("remote", gid, 1)
        assert got_a.get(timeout=1) == ("local", gid, 1)
        st = b.load(gid)[0]
        b.append_action(gid, 1, st.active, st.legal_actions()[0])
        assert got_a.get(timeout=10) == ("remote", gid, 2)
        assert got_a.empty() and got_b.empty()  # no server hears its own change twice
    finally:
        for li in listeners:
            li.stop()
        db_a.dispose()
        db_b.dispose()
        drop_schema(schema)
