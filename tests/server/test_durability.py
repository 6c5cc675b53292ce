"""kill -9 of a server process in the middle of a burst of actions loses no acknowledged action."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from grognard import load_game
from grognard.server.db import Database
from grognard.server.store import GameStore

from .conftest import drop_schema, pg_schema_db
from .test_store import DUEL, SEATS

ROOT = Path(__file__).resolve().parents[2]


def burst(url: str, schema: str, limit: int, games: list[str], kill_after: int | None) -> list[tuple[str, int, str]]:
    """Run the burst in a child process; kill it with SIGKILL after ``kill_after`` acknowledgements."""
    proc = subprocess.Popen([sys.executable, "-m", "tests.server.burst", url, schema, str(limit), *games],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)
    acks = []
    assert proc.stdout is not None
    for line in proc.stdout:
        _, gid, version, digest = line.split()
        acks.append((gid, int(version), digest))
        if kill_after is not None and len(acks) == kill_after:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(30)
    return acks


def check_acks(store: GameStore, acks: list[tuple[str, int, str]]) -> None:
    duel = load_game(DUEL)
    for gid in {a[0] for a in acks}:
        assert store.check(gid).ok
        meta = store.meta(gid)
        log = store.log(gid)
        assert [r["seq"] for r in log] == list(range(1, meta.version + 1))
        digests = {}
        st = duel.new_state("standard", seed=store.replay_seed(gid))
        for r in log:
            st.apply(tuple(r["action"]))
            digests[r["seq"]] = st.digest()
        for g, version, digest in acks:
            if g == gid:  # the acknowledged action is there, and led to the state acknowledged
                assert version <= meta.version and digests[version] == digest


def run(db, url: str, schema: str) -> None:
    store = GameStore(db)
    games = [store.create_game(DUEL, "standard", {}, SEATS, seed=i) for i in range(4)]
    acks = burst(url, schema, 10_000, games, kill_after=40)
    assert len(acks) == 40
    db.dispose()  # new connections: the database as the killed process left it, as a restarted server sees it
    check_acks(store, acks)
    for gid in games:  # and play goes on from there
        st, version, _ = store.load(gid)
        if not st.over:
            store.append_action(gid, version, st.active, st.legal_actions()[0])
    check_acks(store, acks)


def test_kill_9_sqlite(tmp_path):
    url = f"sqlite:///{tmp_path / 'k.db'}"
    run(Database(url), url, "-")


@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="DATABASE_URL names no PostgreSQL server")
def test_kill_9_postgres():
    db, schema = pg_schema_db()
    try:
        run(db, os.environ["DATABASE_URL"], schema)
    finally:
        db.dispose()
        drop_schema(schema)


def test_the_background_checkpoint_copies_the_committed_pages(db):
    """SQLite: the app server's passive checkpoint (every second, off the requests' path) copies what the WAL
    holds into the database file; PostgreSQL checkpoints by itself."""
    store = GameStore(db)
    gid = store.create_game(DUEL, "standard", {}, SEATS, seed=2)
    st, version, _ = store.load(gid)
    store.append_action(gid, version, st.active, st.legal_actions()[0])
    if db.is_postgres:
        assert db.checkpoint() == (0, 0)
        return
    frames, copied = db.checkpoint()
    assert frames > 0 and copied == frames
    assert store.load(gid)[1] == version + 1
