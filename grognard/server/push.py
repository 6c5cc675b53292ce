"""In-process fan-out of game updates to server-sent-event listeners.

Every listener of a game gets each new version as it is stored. Publishers may be worker threads (the computer's
moves): they hand the message to the event loop thread-safely. Fan-out between several server processes is the
storage layer's (PostgreSQL LISTEN/NOTIFY); it feeds the same ``publish``.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Any

QUEUE_SIZE = 64  # a listener that falls this far behind only needs the latest version: older ones are dropped


class Broker:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listeners: dict[str, set[asyncio.Queue[dict[str, Any]]]] = defaultdict(set)

    def subscribe(self, game_id: str) -> asyncio.Queue[dict[str, Any]]:
        self.loop = asyncio.get_running_loop()
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE_SIZE)
        self.listeners[game_id].add(q)
        return q

    def unsubscribe(self, game_id: str, q: asyncio.Queue[dict[str, Any]]) -> None:
        self.listeners[game_id].discard(q)
        if not self.listeners[game_id]:
            del self.listeners[game_id]

    def publish(self, game_id: str, message: dict[str, Any]) -> None:
        """Send ``message`` (public facts only: version, side to act, over) to the game's listeners; any thread."""
        loop = self.loop
        if loop is None or game_id not in self.listeners:
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._put(game_id, message)
        elif not loop.is_closed():
            loop.call_soon_threadsafe(self._put, game_id, message)

    def _put(self, game_id: str, message: dict[str, Any]) -> None:
        for q in list(self.listeners.get(game_id, ())):
            if q.full():
                q.get_nowait()
            q.put_nowait(message)
