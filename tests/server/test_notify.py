"""The outbox sender: retries while SMTP or a webhook is down, sends once they are back, never twice."""

from __future__ import annotations

import asyncio
import time

from grognard.server import notify
from grognard.server.models import User
from grognard.server.notify import Note, Sender, SmtpConfig

from .conftest import free_port
from .test_store import add_user


def test_failed_sends_are_retried_later(db, smtp, hooks):
    box, cfg = smtp
    uid = add_user(db, "alice")
    with db.session() as s:
        s.get(User, uid).webhook_url = hooks.url
    with db.session() as s:
        assert notify.enqueue(s, [Note(uid, "your_turn", "It is your turn (empire) in game g1 (x).", "g1", "L")]) == 2
    down = Sender(db, SmtpConfig(port=free_port()), timeout=2)
    hooks.fail = True
    now = time.time()
    assert asyncio.run(down.send_due(now)) == 2
    with db.sessions() as s:
        rows = notify.pending(s)
        assert len(rows) == 2 and all(r.error and r.attempts == 1 and r.next_try >= now + 29 for r in rows)
    assert asyncio.run(down.send_due(now + 1)) == 0  # not due yet
    hooks.fail = False
    up = Sender(db, cfg)
    assert asyncio.run(up.send_due(now + 31)) == 2
    assert asyncio.run(up.send_due(now + 10_000)) == 0  # sent once
    assert len(box.to("alice@example.org")) == 1 and len(hooks.received) == 1
    assert hooks.received[0]["content"].startswith("**Grognard: It is your turn (game g1)**")


def test_settings_choose_the_channels(db):
    uid = add_user(db, "alice")
    unverified = add_user(db, "bob", verified=False)
    with db.session() as s:
        s.get(User, uid).notify = {"your_turn": ["browser"], "game_over": ["email", "browser"]}
    with db.session() as s:
        notes = [Note(uid, "your_turn", "t"), Note(uid, "game_over", "o"), Note(unverified, "game_over", "o")]
        assert notify.enqueue(s, notes) == 1
    with db.sessions() as s:
        assert [(r.user_id, r.event, r.channel) for r in notify.pending(s)] == [(uid, "game_over", "email")]
