"""Fan-out between app servers on one PostgreSQL: each listens on the games channel and hands on changes
made by the others to its own listeners (its own changes it already handed on when it made them).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import psycopg
from sqlalchemy.engine import make_url

from grognard.server.store import PG_CHANNEL

log = logging.getLogger("grognard.fanout")


def conninfo(url: str) -> str:
    """A psycopg connection string from a SQLAlchemy URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class PgListener:
    """A thread on its own connection calling ``callback(game_id, version)`` for other servers' changes."""

    def __init__(self, url: str, origin: str, callback: Callable[[str, int], None]) -> None:
        self.url, self.origin, self.callback = conninfo(url), origin, callback
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="grognard-listen", daemon=True)

    def start(self, timeout: float = 10.0) -> None:
        self.thread.start()
        self.ready.wait(timeout)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(5)

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {PG_CHANNEL}")
                    self.ready.set()
                    while not self.stopping.is_set():
                        for n in conn.notifies(timeout=0.5):
                            self._handle(n.payload)
            except psycopg.Error:
                log.exception("listening for other servers' changes failed; reconnecting")
                self.stopping.wait(1.0)

    def _handle(self, payload: str) -> None:
        try:
            game_id, version, origin = payload.split(" ")
            if origin != self.origin:
                self.callback(game_id, int(version))
        except Exception:  # a bad message or a failing listener must not stop the fan-out
            log.exception("bad change message %r", payload)
