"""Online play wired together: the accounts and lobby routers, and the background work of one app server
(the outbox sender, the clock sweeper, and on PostgreSQL the listener for other servers' changes).

The app includes ``online.routers()`` and runs ``await online.start(publish)`` / ``await online.stop()`` in its
lifespan; ``publish(game_id, version)`` is how a change made by another server reaches this one's listeners.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from fastapi import APIRouter

from grognard.server import accounts, lobby
from grognard.server.accounts import Accounts
from grognard.server.fanout import PgListener
from grognard.server.notify import Sender, SmtpConfig
from grognard.server.store import GameStore

log = logging.getLogger("grognard.online")
CHECKPOINT_S = 1.0  # SQLite: seconds between the background checkpoints of the WAL (Database.checkpoint)


class Online:
    def __init__(self, store: GameStore, *, acc: Accounts | None = None, smtp: SmtpConfig | None = None,
                 sweep_every: float = 60.0, outbox_poll: float = 2.0,
                 on_timeout: Callable[[str], None] | None = None) -> None:
        self.store = store
        self.accounts = acc or Accounts(store.db, base_url=store.base_url)
        self.sender = Sender(store.db, smtp, poll=outbox_poll)
        self.sweep_every = sweep_every
        self.on_timeout = on_timeout  # e.g. let the computer move when it took a seat on time
        self.listener: PgListener | None = None
        self.tasks: list[asyncio.Task[None]] = []

    def routers(self) -> list[APIRouter]:
        return [accounts.router(self.accounts), lobby.router(self.accounts, self.store)]

    async def start(self, publish: Callable[[str, int], None] | None = None) -> None:
        """Start the background work; ``publish`` receives the changes other app servers made."""
        self.tasks = [asyncio.create_task(self.sender.run(), name="grognard-outbox"),
                      asyncio.create_task(self._sweep(), name="grognard-clocks")]
        if not self.store.db.is_postgres:
            self.tasks.append(asyncio.create_task(self._checkpoints(), name="grognard-checkpoints"))
        if self.store.db.is_postgres and publish is not None:
            self.listener = PgListener(self.store.db.url, self.store.origin, publish)
            await asyncio.to_thread(self.listener.start)

    async def stop(self) -> None:
        for t in self.tasks:
            t.cancel()
        for t in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        self.tasks = []
        if self.listener is not None:
            await asyncio.to_thread(self.listener.stop)
            self.listener = None

    async def sweep_once(self, now: float | None = None) -> list[str]:
        """Apply the timeout policy of every game whose player to act is out of time."""
        done = []
        for gid in await asyncio.to_thread(self.store.due_timeouts, now):
            what = await asyncio.to_thread(self.store.time_out, gid, now)
            if what:
                log.info("game %s: %s", gid, what)
                done.append(gid)
                if self.on_timeout is not None:
                    self.on_timeout(gid)
        return done

    async def _checkpoints(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT_S)
            try:
                await asyncio.to_thread(self.store.db.checkpoint)
            except Exception:  # the next round tries again; a commit still checkpoints a full WAL itself
                log.exception("checkpoint failed")

    async def _sweep(self) -> None:
        while True:
            try:
                await self.sweep_once()
            except Exception:  # the next round tries again
                log.exception("clock sweep failed")
            await asyncio.sleep(self.sweep_every)
