"""Migrations give exactly the models' schema; ``grognard admin patch`` reports and rewrites diverged games."""

from __future__ import annotations

import json
import random

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text, update
from typer.testing import CliRunner

from grognard.cli import app
from grognard.core.registry import load_game
from grognard.server import migrate
from grognard.server.db import Database
from grognard.server.models import Base, GameRow
from grognard.server.store import GameStore

from .test_store import DUEL, SEATS


def test_migrations_build_the_models_schema(db):
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    db.upgrade()  # a second start changes nothing


def test_admin_patch(tmp_path):
    url = f"sqlite:///{tmp_path / 'p.db'}"
    store = GameStore(Database(url))
    gids = [store.create_game(DUEL, "standard", {}, SEATS, seed=i) for i in range(3)]
    rng = random.Random(0)
    for gid in gids:
        for _ in range(5):
            st, version, _ = store.load(gid)
            store.append_action(gid, version, st.active, rng.choice(st.legal_actions()))
    runner = CliRunner()
    r = runner.invoke(app, ["admin", "patch", "--db", url])
    assert r.exit_code == 0 and r.output.count("same") == 3, r.output
    # as if a rules fix changed what the log leads to: the stored digest no longer matches
    with store.db.session() as s:
        s.execute(update(GameRow).where(GameRow.id == gids[1]).values(digest="f" * 64))
    r = runner.invoke(app, ["admin", "patch", "--db", url])
    assert r.exit_code == 1 and "diverged" in r.output and gids[1] in r.output
    r = runner.invoke(app, ["admin", "patch", "--db", url, "--write", "--game", gids[1]])
    assert r.exit_code == 0 and "rewritten" in r.output
    assert runner.invoke(app, ["admin", "patch", "--db", url]).exit_code == 0
    assert runner.invoke(app, ["admin", "patch", "--db", url, "--game", "nope"]).exit_code == 2


def test_migration_0005_moves_the_snapshots_out_of_the_games_rows(tmp_path):
    """A database of revision 0004 (the state in the games row) keeps its games: 0005 moves each state into the
    snapshots table at the game's version, and the game loads and plays on."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    db = Database(url, migrate=False)
    cfg = migrate.config(db.engine)
    with db.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0004")
    st = load_game(DUEL).new_state("standard", seed=5)
    st.apply(st.legal_actions()[0])
    cols = {"id": "g1", "game": DUEL, "scenario": "standard", "options": "{}", "seats": json.dumps(SEATS), "seed": 5,
            "status": "active", "version": 1, "active": st.active, "snapshot": st.to_json(), "digest": st.digest(),
            "public": False, "clocks": "{}", "turn_started": 0.0, "paused": False, "pause_votes": "[]",
            "created_at": 0.0, "updated_at": 0.0}
    with db.engine.begin() as conn:
        conn.execute(text(f"INSERT INTO games ({', '.join(cols)}) VALUES ({', '.join(':' + k for k in cols)})"), cols)
    db.upgrade()
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        assert conn.execute(text("SELECT game_id, version FROM snapshots")).all() == [("g1", 1)]
    store = GameStore(db)
    loaded, version, meta = store.load("g1")
    assert version == 1 and loaded.digest() == st.digest() == meta.digest
    assert store.append_action("g1", 1, loaded.active, loaded.legal_actions()[0]) == 2
    db.dispose()


def test_a_plain_path_names_an_sqlite_file(tmp_path, monkeypatch):
    """``--db games.db``: what a user types is a file, made an SQLite database (no URL parsing error)."""
    monkeypatch.chdir(tmp_path)
    db = Database("games.db")
    assert db.url == f"sqlite:///{tmp_path / 'games.db'}"
    assert (tmp_path / "games.db").exists()  # created and migrated
