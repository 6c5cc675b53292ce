"""Presence: which players are watching a game in their browser right now (an open server-sent-event stream).

Each stream of a logged-in player is a ``watchers`` row, refreshed every ``BEAT_S`` seconds while the stream lasts
and deleted when it ends; a row not refreshed for ``FRESH_S`` (its server died) no longer counts. Rows live in the
database, so the outbox sender of any app server knows of a player watching on another one.
"""

from __future__ import annotations

import secrets
import time

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from grognard.server.db import Database
from grognard.server.models import Watcher

BEAT_S = 60.0
FRESH_S = 2.5 * BEAT_S  # two missed beats: the stream is gone


def watch(db: Database, user_id: int, game_id: str) -> str:
    """Record a stream of ``user_id`` on ``game_id``; returns its id for ``beat`` and ``unwatch``."""
    wid = secrets.token_hex(12)
    with db.session() as s:
        s.add(Watcher(id=wid, user_id=user_id, game_id=game_id, seen_at=time.time()))
    return wid


def beat(db: Database, wid: str) -> None:
    with db.session() as s:
        s.execute(update(Watcher).where(Watcher.id == wid).values(seen_at=time.time()))


def unwatch(db: Database, wid: str) -> None:
    now = time.time()
    with db.session() as s:
        s.execute(delete(Watcher).where((Watcher.id == wid) | (Watcher.seen_at < now - FRESH_S)))


def watching(s: Session, user_id: int, game_id: str, now: float | None = None) -> bool:
    """Is ``user_id`` watching ``game_id`` now (on any app server)?"""
    now = time.time() if now is None else now
    return s.scalar(select(Watcher.id).where(Watcher.user_id == user_id, Watcher.game_id == game_id,
                                             Watcher.seen_at >= now - FRESH_S).limit(1)) is not None
