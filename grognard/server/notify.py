"""Notifications: outbox rows written in the transaction of their event, sent later by a background task.

Channels: e-mail over SMTP (aiosmtplib) and a webhook per user (JSON with a ``content`` field, which Discord
takes as is). A message names the game, the event and a link, nothing else: never a card, a hand or a prompt,
since a prompt can describe hidden choices.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

import aiosmtplib
import httpx
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.orm import Session

from grognard.server import presence
from grognard.server.models import Outbox, User

log = logging.getLogger("grognard.notify")

EVENTS = {
    "your_turn": "It is your turn",
    "decision": "A decision is asked of you",
    "game_started": "The game has started",
    "game_over": "The game is over",
    "chat": "New chat message",
    "invitation": "You are invited to a game",
}
# "browser": the open app's own desktop notification (the client reads the setting); no outbox row
CHANNELS = ("email", "webhook", "browser")
DEFAULTS: dict[str, list[str]] = {e: ["email", "webhook"] for e in EVENTS} | {"chat": ["webhook"]}
# what the game screen shows at once: not sent to a player watching the game when the row is due
SHOWN_ON_SCREEN = {"your_turn", "decision", "chat"}
WATCHING = "not sent: the player was watching the game"
RETRY_DELAYS = (30, 120, 600, 3600, 6 * 3600)  # seconds before attempts 2, 3, ...; then the row is given up


def settings(user: Any) -> dict[str, list[str]]:
    """The channels of ``user`` (a User or a row with its ``notify`` column) for every event (their choices over
    the defaults)."""
    return {e: list((user.notify or {}).get(e, DEFAULTS[e])) for e in EVENTS}


def check_settings(doc: Any) -> dict[str, list[str]]:
    """Validate settings sent by a user; ValueError names the first bad entry."""
    if not isinstance(doc, dict):
        raise ValueError("notification settings are an object: event -> list of channels")
    out: dict[str, list[str]] = {}
    for event, channels in doc.items():
        if event not in EVENTS:
            raise ValueError(f"unknown event {event!r}; events: {', '.join(EVENTS)}")
        if not isinstance(channels, list) or any(c not in CHANNELS for c in channels):
            raise ValueError(f"channels for {event!r} must be a list among: {', '.join(CHANNELS)}")
        out[event] = sorted(set(channels))
    return out


@dataclass(frozen=True)
class Note:
    """One event for one user."""

    user_id: int
    event: str
    text: str  # plain words without hidden information
    game_id: str | None = None
    link: str | None = None


def enqueue(s: Session, notes: list[Note], now: float | None = None) -> int:
    """Write the outbox rows of ``notes`` in session ``s`` (the caller's transaction); returns how many."""
    rows = outbox_rows(s, notes, now)
    if rows:
        s.execute(insert(Outbox), rows)
    return len(rows)


def outbox_rows(c: Connection | Session, notes: list[Note], now: float | None = None) -> list[dict[str, Any]]:
    """The outbox rows (column values) ``notes`` make by their users' settings, read on ``c``; written by
    ``enqueue``, or by the caller's own statement (the one-statement commit of an action on PostgreSQL)."""
    if not notes:
        return []
    now = time.time() if now is None else now
    users = {u.id: u for u in c.execute(select(User.id, User.notify, User.email_verified, User.webhook_url)
                                        .where(User.id.in_({n.user_id for n in notes})))}
    rows = []
    for note in notes:
        user = users.get(note.user_id)
        if user is None:
            continue
        for channel in settings(user)[note.event]:
            if channel == "email" and not user.email_verified:
                continue  # an unverified address gets only its verification link
            if (channel == "webhook" and not user.webhook_url) or channel == "browser":
                continue
            rows.append(_row(user.id, channel, note, now))
    return rows


def enqueue_email(s: Session, user: User, subject: str, text: str, link: str, now: float | None = None) -> None:
    """An account e-mail (verification, password reset): sent whatever the settings."""
    now = time.time() if now is None else now
    s.add(Outbox(user_id=user.id, channel="email", event="account", game_id=None,
                 payload={"subject": subject, "text": text, "link": link}, created_at=now, attempts=0, next_try=now))


def _row(user_id: int, channel: str, note: Note, now: float) -> dict[str, Any]:
    subject = EVENTS[note.event] + (f" (game {note.game_id})" if note.game_id else "")
    payload = {"subject": f"Grognard: {subject}", "text": note.text, "link": note.link}
    return {"user_id": user_id, "channel": channel, "event": note.event, "game_id": note.game_id,
            "payload": payload, "created_at": now, "attempts": 0, "next_try": now}


@dataclass
class SmtpConfig:
    host: str = "127.0.0.1"
    port: int = 25
    sender: str = "grognard@localhost"
    username: str | None = None
    password: str | None = None
    starttls: bool = False

    @classmethod
    def from_env(cls) -> SmtpConfig:
        """From GROGNARD_SMTP_HOST, _PORT, _FROM, _USER, _PASSWORD and _STARTTLS (1): the relay of production."""
        env = os.environ.get
        return cls(host=env("GROGNARD_SMTP_HOST", cls.host), port=int(env("GROGNARD_SMTP_PORT", str(cls.port))),
                   sender=env("GROGNARD_SMTP_FROM", cls.sender), username=env("GROGNARD_SMTP_USER"),
                   password=env("GROGNARD_SMTP_PASSWORD"), starttls=env("GROGNARD_SMTP_STARTTLS") == "1")


class Sender:
    """Sends due outbox rows; one ``run`` task per app server (rows are claimed, so servers never double-send)."""

    def __init__(self, db: Any, smtp: SmtpConfig | None = None, *, batch: int = 50, poll: float = 2.0,
                 timeout: float = 10.0) -> None:
        self.db = db
        self.smtp = smtp or SmtpConfig.from_env()
        self.batch = batch
        self.poll = poll
        self.timeout = timeout
        self.wake = asyncio.Event()

    async def run(self) -> None:
        """Send forever: every ``poll`` seconds, or at once after ``wake.set()``."""
        while True:
            try:
                while await self.send_due():
                    pass
            except Exception:  # a database hiccup must not end the sender; the rows wait for the next round
                log.exception("outbox round failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), self.poll)
            self.wake.clear()

    async def send_due(self, now: float | None = None) -> int:
        """Send the rows due now; returns how many were attempted."""
        rows = await asyncio.to_thread(self._claim, time.time() if now is None else now)
        if not rows:
            return 0
        async with httpx.AsyncClient(timeout=self.timeout) as client:
            results = await asyncio.gather(*(self._send(client, r) for r in rows))
        await asyncio.to_thread(self._finish, results)
        return len(rows)

    def _claim(self, now: float) -> list[dict[str, Any]]:
        """Take due rows, pushing their next try ahead so another server does not take them meanwhile."""
        out: list[dict[str, Any]] = []
        with self.db.session() as s:
            ids = list(s.scalars(
                select(Outbox.id).where(Outbox.sent_at.is_(None), Outbox.next_try <= now,
                                        Outbox.attempts < len(RETRY_DELAYS) + 1)
                .order_by(Outbox.id).limit(self.batch)
            ))
            for oid in ids:
                # claim: only the server whose update sees the old next_try gets the row
                res = s.execute(update(Outbox).where(Outbox.id == oid, Outbox.next_try <= now, Outbox.sent_at.is_(None))
                                .values(next_try=now + self.timeout * 6, attempts=Outbox.attempts + 1))
                if res.rowcount != 1:  # type: ignore[attr-defined]
                    continue
                row = s.get(Outbox, oid)
                user = s.get(User, row.user_id) if row else None
                if row is None or user is None:
                    continue
                if row.event in SHOWN_ON_SCREEN and row.game_id and presence.watching(s, row.user_id, row.game_id,
                                                                                       now):
                    row.sent_at, row.error = now, WATCHING
                    continue
                out.append({"id": row.id, "channel": row.channel, "payload": row.payload, "email": user.email,
                            "webhook": user.webhook_url, "attempts": row.attempts})
        return out

    async def _send(self, client: httpx.AsyncClient, row: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
        p = row["payload"]
        body = p["text"] + (f"\n\n{p['link']}" if p.get("link") else "")
        try:
            if row["channel"] == "email":
                msg = EmailMessage()
                msg["From"] = self.smtp.sender
                msg["To"] = row["email"]
                msg["Subject"] = p["subject"]
                msg.set_content(body)
                await aiosmtplib.send(msg, hostname=self.smtp.host, port=self.smtp.port, username=self.smtp.username,
                                      password=self.smtp.password, start_tls=self.smtp.starttls, timeout=self.timeout)
            elif row["channel"] == "webhook":
                if not row["webhook"]:
                    return row, "no webhook address"
                r = await client.post(row["webhook"], json={"content": f"**{p['subject']}**\n{body}"})
                r.raise_for_status()
            else:
                return row, f"unknown channel {row['channel']!r}"
        except Exception as exc:  # any failure of the far end is retried later
            return row, f"{type(exc).__name__}: {exc}"[:500]
        return row, None

    def _finish(self, results: list[tuple[dict[str, Any], str | None]]) -> None:
        now = time.time()
        with self.db.session() as s:
            for row, error in results:
                if error is None:
                    s.execute(update(Outbox).where(Outbox.id == row["id"]).values(sent_at=now, error=None))
                else:
                    n = row["attempts"]
                    delay = RETRY_DELAYS[n - 1] if n <= len(RETRY_DELAYS) else None
                    log.warning("outbox row %s (%s) failed: %s", row["id"], row["channel"], error)
                    s.execute(update(Outbox).where(Outbox.id == row["id"]).values(
                        error=error, next_try=now + delay if delay is not None else now))


def pending(s: Session) -> list[Outbox]:
    """Rows not sent yet, oldest first."""
    return list(s.scalars(select(Outbox).where(Outbox.sent_at.is_(None)).order_by(Outbox.id)))
