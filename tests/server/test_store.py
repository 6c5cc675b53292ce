"""GameStore: versions, stale and illegal actions, undo, concurrency, replaying the log, my games."""

from __future__ import annotations

import random
import threading
import time

import pytest
from sqlalchemy import select, update

from grognard import IllegalAction
from grognard.core.registry import load_game
from grognard.server.models import ActionRow, GameRow, Outbox, SnapshotRow, User
from grognard.server.store import SNAPSHOT_EVERY, Diverged, GameNotFound, GameStore, Stale, user_seat

DUEL = "tests.fixtures.duel"
SEATS = {"empire": "hotseat", "coalition": "hotseat"}


def add_user(db, name: str, verified: bool = True) -> int:
    with db.session() as s:
        u = User(name=name, email=f"{name}@example.org", password_hash="x", email_verified=verified, notify={},
                 created_at=time.time())
        s.add(u)
        s.flush()
        return u.id


def test_create_load_and_append(store):
    gid = store.create_game(DUEL, "standard", {}, SEATS, seed=3)
    st, version, meta = store.load(gid)
    assert version == 0 and meta.status == "active" and meta.active == st.active == "empire"
    action = st.legal_actions()[0]
    assert store.append_action(gid, 0, "empire", action) == 1
    st2, version2, meta2 = store.load(gid)
    st.apply(action)
    assert version2 == 1 and st2.digest() == st.digest() == meta2.digest
    assert store.log(gid) == [{"seq": 1, "side": "empire", "kind": "action", "action": list(action),
                               "at": pytest.approx(time.time(), abs=60)}]


def test_stale_and_illegal_change_nothing(store):
    gid = store.create_game(DUEL, "standard", {}, SEATS, seed=3)
    st = store.load(gid)[0]
    store.append_action(gid, 0, "empire", st.legal_actions()[0])
    with pytest.raises(Stale) as exc:
        store.append_action(gid, 0, "empire", st.legal_actions()[0])
    assert exc.value.version == 1
    st1, _, meta1 = store.load(gid)
    with pytest.raises(IllegalAction):
        store.append_action(gid, 1, st1.active, ("no-such-verb", None))
    with pytest.raises(IllegalAction, match="not coalition's move"):
        store.append_action(gid, 1, "coalition", st1.legal_actions()[0])
    with pytest.raises(IllegalAction, match="pair"):
        store.append_action(gid, 1, "empire", "card")
    with pytest.raises(GameNotFound):
        store.append_action("nope", 0, "empire", ("pass", None))
    assert store.meta(gid).digest == meta1.digest and len(store.log(gid)) == 1


def test_undo_is_logged_and_replays(store):
    gid = store.create_game(DUEL, "standard", {}, SEATS, seed=3)
    st, _, _ = store.load(gid)
    card = next(a for a in st.legal_actions() if a[0] == "card")
    store.append_action(gid, 0, "empire", card)
    st1, _, _ = store.load(gid)
    unit = next(a for a in st1.legal_actions() if a[0] == "unit")
    store.append_action(gid, 1, "empire", unit)
    st2, _, _ = store.load(gid)
    if st2.can_undo:
        assert store.undo(gid, "empire", 2) == 3
        assert store.load(gid)[0].digest() == st1.digest()
        assert [r["kind"] for r in store.log(gid)] == ["action", "action", "undo"]
    else:  # the march rolled dice: nothing to undo, and the refusal changes nothing
        with pytest.raises(IllegalAction):
            store.undo(gid, "empire", 2)
    assert store.check(gid).ok


def play_out(store, gid, rng, limit=400):
    for _ in range(limit):
        st, version, _ = store.load(gid)
        if st.over:
            return st
        store.append_action(gid, version, st.active, rng.choice(st.legal_actions()))
    return store.load(gid)[0]


def test_whole_game_replays_to_snapshot_and_record(store, duel):
    gid = store.create_game(DUEL, "standard", {}, SEATS, seed=11)
    st = play_out(store, gid, random.Random(5))
    meta = store.meta(gid)
    assert st.over and meta.status == "over" and meta.result == st.result and meta.active is None
    check = store.check(gid)
    assert check.ok and check.digest == meta.digest
    assert duel.replay(store.record(gid)).digest() == meta.digest
    with pytest.raises(IllegalAction, match="over"):
        store.append_action(gid, meta.version, "empire", ("pass", None))


def test_check_finds_a_divergent_snapshot(store, db):
    gid = store.create_game(DUEL, "standard", {}, SEATS, seed=11)
    play_out(store, gid, random.Random(1), limit=6)
    with db.session() as s:
        s.execute(update(GameRow).where(GameRow.id == gid).values(digest="0" * 64))
    assert not store.check(gid).ok
    with db.session() as s:  # an action the rules refuse is reported, not raised
        s.execute(update(ActionRow).where(ActionRow.game_id == gid, ActionRow.seq == 1)
                  .values(action=["card", 999]))
    res = store.check(gid)
    assert not res.ok and "row 1" in res.refused


def test_a_state_kept_in_memory_serves_only_its_stored_version(store, db):
    """States are kept in memory by version and digest: another app server's action, or an admin patch of the
    snapshot at the same version, is read from the database, never served from memory."""
    gid = store.create_game(DUEL, "standard", {}, SEATS, seed=4)
    other = GameStore(db)  # a second app server on the same database
    st, version, meta = other.load(gid)
    other.advance(st, meta, version, st.active, st.legal_actions()[0])
    mine, v1, _ = store.load(gid)
    assert v1 == 1 and mine.digest() == st.digest() == store.meta(gid).digest
    mine.apply(mine.legal_actions()[0])  # the caller's own copy: what is kept does not change
    assert store.load(gid)[0].digest() == st.digest()
    st.g["round"] = 5
    other.rewrite_snapshot(gid, st, 1)
    assert store.load(gid)[0].g["round"] == 5
    assert store.check(gid).ok is False  # the log no longer replays to the patched snapshot


def test_snapshot_every_few_versions_and_the_log_after_it_replayed(store, db):
    """The state is saved every SNAPSHOT_EVERY versions (and at the end); a server without the game in memory
    replays the log rows after the snapshot, undos included, and gets the stored state."""
    gid = store.create_game(DUEL, "standard", {}, SEATS, seed=11)
    rng = random.Random(2)
    undos = 0
    for _ in range(400):
        st, version, meta = store.load(gid)
        if st.over:
            break
        if st.can_undo and rng.random() < 0.3:
            store.undo(gid, st.active, version)
            undos += 1
        else:
            store.advance(st, meta, version, st.active, rng.choice(st.legal_actions()))
        with db.sessions() as s:
            snap = s.get(SnapshotRow, gid)
        meta = store.meta(gid)
        assert snap.version == (meta.version if meta.status == "over" else meta.version // SNAPSHOT_EVERY
                                * SNAPSHOT_EVERY)
        cold, cold_version, _ = GameStore(db).load(gid)  # another app server, or this one restarted
        assert cold_version == meta.version and cold.digest() == meta.digest
        assert cold.can_undo == store.load(gid)[0].can_undo
    assert undos and store.meta(gid).status == "over" and store.check(gid).ok


def test_a_log_that_no_longer_replays_is_refused_until_patched(store, db):
    """A rules change that makes the log after the snapshot lead elsewhere, or refuses a row of it: loading the
    game says so (the app answers 503 with the reason) rather than play on from another state; the admin patch's
    rewrite of the snapshot mends it."""
    gid = store.create_game(DUEL, "standard", {}, SEATS, seed=11)
    st = play_out(store, gid, random.Random(1), limit=SNAPSHOT_EVERY + 3)
    version, digest = store.meta(gid).version, st.digest()
    assert version == SNAPSHOT_EVERY + 3
    row = (ActionRow.game_id == gid) & (ActionRow.seq == SNAPSHOT_EVERY + 1)
    with db.session() as s:
        kept = s.scalar(select(ActionRow.action).where(row))
        s.execute(update(ActionRow).where(row).values(action=["card", 999]))
    with pytest.raises(Diverged, match=f"row {SNAPSHOT_EVERY + 1}.*admin patch"):
        GameStore(db).load(gid)
    with db.session() as s:
        s.execute(update(ActionRow).where(row).values(action=kept))
        s.execute(update(GameRow).where(GameRow.id == gid).values(digest="0" * 64))
    with pytest.raises(Diverged, match="lead elsewhere"):
        GameStore(db).load(gid)
    store.rewrite_snapshot(gid, store.replay_log(gid), version)
    cold, cold_version, meta = GameStore(db).load(gid)
    assert cold_version == version and cold.digest() == meta.digest == digest


def test_concurrent_submissions_exactly_one_wins(db):
    from grognard.server.store import GameStore

    store = GameStore(db)
    gid = store.create_game(DUEL, "standard", {}, SEATS, seed=3)
    st, _, _ = store.load(gid)
    legal = st.legal_actions()
    barrier = threading.Barrier(8)
    won, stale = [], []

    def submit(i: int) -> None:
        barrier.wait()
        try:
            won.append(store.append_action(gid, 0, "empire", legal[i % len(legal)]))
        except Stale:
            stale.append(i)

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert won == [1] and len(stale) == 7
    assert len(store.log(gid)) == 1 and store.check(gid).ok


def test_my_games_put_my_turn_first_and_notify(store, db):
    alice, bob = add_user(db, "alice"), add_user(db, "bob")
    seats = {"empire": user_seat(alice), "coalition": user_seat(bob)}
    g1 = store.create_game(DUEL, "standard", {}, seats, seed=1, owner=alice)
    g2 = store.create_game(DUEL, "standard", {}, {"empire": user_seat(bob), "coalition": user_seat(alice)},
                           seed=2, owner=bob)
    assert store.list_games(bob)[0]["id"] == g2
    first = store.list_games(alice)[0]
    assert first["id"] == g1 and first["my_sides"] == ["empire"]
    # players are named (not user:ID), the game and scenario by their titles
    duel = load_game(DUEL)
    assert first["players"] == {"empire": "alice", "coalition": "bob"}
    assert (first["title"], first["scenario_name"]) == (duel.title, duel.scenarios()["standard"])
    # empire passes in g1: the move goes to bob's coalition eventually; whoever is to act is notified
    rng = random.Random(2)
    while (m := store.meta(g1)).active == "empire":
        st = store.load(g1)[0]
        store.append_action(g1, m.version, "empire", rng.choice(st.legal_actions()))
    mine = store.list_games(bob)
    assert {g["id"] for g in mine if g["my_turn"]} == {g1, g2}
    assert store.list_games(None) == [] and store.open_games() == []
    with db.session() as s:
        events = [(o.user_id, o.event, o.channel) for o in s.scalars(select(Outbox).order_by(Outbox.id))]
    assert events[:2] == [(alice, "game_started", "email"), (bob, "game_started", "email")]
    assert (bob, "your_turn", "email") in events or (bob, "decision", "email") in events


def test_open_seat_join_and_start(store, db):
    alice, bob = add_user(db, "alice"), add_user(db, "bob")
    gid = store.create_game(DUEL, "standard", {}, {"empire": user_seat(alice), "coalition": "open"}, owner=alice,
                            public=True, clock={"base": 3600.0, "increment": 0.0, "cap": 7200.0})
    assert [g["id"] for g in store.open_games()] == [gid]
    meta = store.meta(gid)  # the clocks wait for the start
    assert meta.time_left(meta.turn_started + 600) == {"empire": 3600.0, "coalition": 3600.0}
    assert not {"seed", "digest", "invite"} & set(store.open_games()[0])  # nothing that leads to the seed
    assert store.replay_seed(gid) >= 2**32  # 63 random bits (fails once in 2**31 runs), stored whole
    st = store.load(gid)[0]
    with pytest.raises(IllegalAction, match="not started"):
        store.append_action(gid, 0, "empire", st.legal_actions()[0])
    with pytest.raises(ValueError, match="every seat"):
        store.start(gid)
    store.set_seat(gid, "coalition", user_seat(bob), expect="open")
    with pytest.raises(ValueError, match="not open"):
        store.set_seat(gid, "coalition", user_seat(alice), expect="open")
    assert store.start(gid).status == "active"
    assert [g["id"] for g in store.list_games(bob)] == [gid]


def test_a_stale_change_writes_nothing_and_sends_no_notify(db, monkeypatch):
    """The loser of a race on one version stores no log row, no snapshot and no outbox row, and on PostgreSQL sends
    no NOTIFY: each is part of the winner's one transaction (on PostgreSQL one statement whose every part depends
    on the version bump)."""
    monkeypatch.setattr("grognard.server.store.SNAPSHOT_EVERY", 1)  # every change also writes the snapshot
    store = GameStore(db)
    alice, bob = add_user(db, "alice"), add_user(db, "bob")
    gid = store.create_game(DUEL, "standard", {}, {"empire": user_seat(alice), "coalition": user_seat(bob)}, seed=5)
    rng = random.Random(1)

    def passes(st, action) -> bool:
        after = st.copy()
        after.apply(action)
        return after.active not in (None, st.active)

    while True:  # to a move that passes the turn to the other player: it makes an outbox row
        st, version, meta = store.load(gid)
        passing = [a for a in st.legal_actions() if passes(st, a)]
        if passing:
            break
        store.advance(st, meta, version, st.active, rng.choice(st.legal_actions()))
    listen = None
    if db.is_postgres:
        import psycopg

        from grognard.server.fanout import conninfo
        from grognard.server.store import PG_CHANNEL

        listen = psycopg.connect(conninfo(db.url), autocommit=True)
        listen.execute(f"LISTEN {PG_CHANNEL}")
    loser, _, loser_meta = store.load(gid)

    def stored() -> tuple[int, int, tuple[int, str]]:
        with db.sessions() as s:
            snap = s.get(SnapshotRow, gid)
            return (len(store.log(gid)), len(list(s.scalars(select(Outbox.id)))), (snap.version, snap.state))

    start = stored()
    store.advance(st, meta, version, st.active, passing[0])
    before = stored()
    assert before[0] == start[0] + 1 and before[1] > start[1] and before[2][0] == version + 1
    with pytest.raises(Stale) as exc:
        store.advance(loser, loser_meta, version, loser.active, passing[-1])
    assert exc.value.version == version + 1 and stored() == before
    if listen is not None:
        got = [n.payload.split()[:2] for n in listen.notifies(timeout=0.5, stop_after=5)]
        listen.close()
        assert got == [[gid, str(version + 1)]]
