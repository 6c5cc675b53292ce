"""Presence: a player whose browser watches the game over server-sent events is not sent the "your turn" e-mail
or webhook (the screen shows it already); once the stream is closed the notifications come again."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import select

from grognard.core.registry import BUILTIN
from grognard.server import notify, presence
from grognard.server.app import create_app
from grognard.server.models import Outbox, Watcher
from grognard.server.online import Online
from grognard.server.store import GameStore

from .conftest import cheap_accounts
from .live import Events, serve_in_thread
from .test_online_app import account


@pytest.fixture(autouse=True)
def duel_is_builtin(monkeypatch):
    monkeypatch.setitem(BUILTIN, "duel", "tests.fixtures.duel")


def turn_rows(db, gid: str, user_id: int) -> list[Outbox]:
    """The "your turn" outbox rows of ``user_id`` once the sender has dealt with all of them."""
    end = time.monotonic() + 10
    while time.monotonic() < end:
        with db.sessions() as s:
            rows = list(s.scalars(select(Outbox).where(Outbox.game_id == gid, Outbox.user_id == user_id,
                                                       Outbox.event == "your_turn")))
        if rows and all(r.sent_at is not None for r in rows):
            return rows
        time.sleep(0.05)
    raise AssertionError("the outbox was not sent")


def test_no_your_turn_mail_to_a_player_watching_the_game(db, smtp, hooks):
    box, cfg = smtp
    store = GameStore(db)
    online = Online(store, acc=cheap_accounts(db), smtp=cfg, outbox_poll=0.05)
    with serve_in_thread(create_app(store=store, online=online)) as base:
        store.base_url = online.accounts.base_url = base
        alice, bob = account(base, "alice", box), account(base, "bob", box, hooks.url)
        bob_id = bob.get("/api/users/me").json()["id"]
        gid = alice.post("/api/lobby/games", json={"game": "duel", "scenario": "standard", "side": "empire",
                                                   "clock": "fast"}).json()["id"]
        bob.post(f"/api/games/{gid}/join", json={"side": "coalition"})
        alice.post(f"/api/games/{gid}/start")

        def alice_passes() -> None:
            v = alice.get(f"/api/games/{gid}/view", params={"side": "empire"}).json()
            assert v["active"] == "empire" and ["pass", None] in v["legal"]
            r = alice.post(f"/api/games/{gid}/actions", json={"side": "empire", "version": v["version"],
                                                               "action": ["pass", None]})
            assert r.json()["active"] == "coalition"

        def bob_passes() -> None:
            v = bob.get(f"/api/games/{gid}/view", params={"side": "coalition"}).json()
            bob.post(f"/api/games/{gid}/actions", json={"side": "coalition", "version": v["version"],
                                                         "action": ["pass", None]})

        # Bob's browser watches: his turn is neither mailed nor posted to his webhook
        stream = Events(f"{base}/api/games/{gid}/events?side=coalition", dict(bob.cookies))
        with db.sessions() as s:
            assert s.scalar(select(Watcher.user_id).where(Watcher.game_id == gid)) == bob_id
        alice_passes()
        rows = turn_rows(db, gid, bob_id)
        assert [r.error for r in rows] == [notify.WATCHING] * len(rows) and rows
        assert not any("It is your turn" in m["Subject"] for m in box.to("bob@example.org"))
        assert not any("your turn" in h["content"] for h in hooks.received)
        # a spectator's stream (no side) is not the player watching
        spectator = Events(f"{base}/api/games/{gid}/events", dict(bob.cookies))
        stream.close()
        end = time.monotonic() + 10
        while time.monotonic() < end:
            with db.sessions() as s:
                if not presence.watching(s, bob_id, gid):
                    break
            time.sleep(0.05)
        # Bob has gone: his next turn reaches him by both channels
        bob_passes()
        alice_passes()
        rows = turn_rows(db, gid, bob_id)
        assert sum(r.error is None for r in rows) == 2  # the e-mail and the webhook of the second turn
        assert any("It is your turn" in m["Subject"] for m in box.to("bob@example.org"))
        assert any("your turn" in h["content"] for h in hooks.received)
        spectator.close()


def test_a_stale_watcher_no_longer_counts(db):
    store = GameStore(db)
    acc = cheap_accounts(db)
    user = acc.sign_up("carol", "carol@example.org", "long enough password")
    gid = store.create_game("nae", "1815", {}, {"empire": f"user:{user.id}", "coalition": "ai:random"}, owner=user.id)
    wid = presence.watch(db, user.id, gid)
    with db.sessions() as s:
        assert presence.watching(s, user.id, gid)
        assert not presence.watching(s, user.id, gid, now=time.time() + presence.FRESH_S + 1)  # its server died
    presence.unwatch(db, wid)
    with db.sessions() as s:
        assert not presence.watching(s, user.id, gid)
