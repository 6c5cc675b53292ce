"""A real app server for tests: uvicorn on a free loopback port, in a thread or in its own process.

    python -m tests.server.live PORT DATABASE_URL SCHEMA|-     (a process: the two-server test)
"""

from __future__ import annotations

import contextlib
import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import uvicorn

from grognard.server.app import create_app
from grognard.server.db import Database
from grognard.server.online import Online
from grognard.server.store import GameStore


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_up(base: str, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise TimeoutError(f"no server at {base}")


@contextmanager
def serve_in_thread(app: Any) -> Iterator[str]:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           timeout_graceful_shutdown=2))
    t = threading.Thread(target=server.run, daemon=True)
    t.start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_up(base)
        yield base
    finally:
        server.should_exit = True
        t.join(10)


class Events:
    """Reads a server-sent-event stream in a thread, keeping each ``data`` payload.

    A plain HTTP/1.0 socket (the body is the raw stream, no chunking), so ``close`` ends it at once.
    """

    def __init__(self, url: str, cookies: dict[str, str] | None = None) -> None:
        u = httpx.URL(url)
        self.items: list[dict[str, Any]] = []
        self.sock = socket.create_connection((u.host, u.port or 80), timeout=10)
        cookie = "; ".join(f"{k}={v}" for k, v in (cookies or {}).items())
        target = u.raw_path.decode()
        self.sock.sendall(f"GET {target} HTTP/1.0\r\nHost: {u.host}\r\nAccept: text/event-stream\r\n"
                          f"{'Cookie: ' + cookie + chr(13) + chr(10) if cookie else ''}\r\n".encode())
        self.opened = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.opened.wait(10)

    def _run(self) -> None:
        buf = b""
        try:
            while chunk := self.sock.recv(65536):
                buf += chunk
                *lines, buf = buf.split(b"\n")
                for line in lines:
                    if line.startswith(b"data: "):
                        self.items.append(json.loads(line[6:]))
                        self.opened.set()
        except OSError:  # closed by the test
            pass
        finally:
            self.opened.set()

    def wait_for(self, pred: Any, timeout: float = 10.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(pred(e) for e in self.items):
                return True
            time.sleep(0.02)
        return False

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        self.thread.join(5)


def main() -> None:
    port, url, schema = sys.argv[1:4]
    kw = {"connect_args": {"options": f"-csearch_path={schema}"}} if schema != "-" else {}
    store = GameStore(Database(url, **kw), base_url=f"http://127.0.0.1:{port}")
    app = create_app(store=store, online=Online(store))
    uvicorn.run(app, host="127.0.0.1", port=int(port), log_level="warning", timeout_graceful_shutdown=2)


if __name__ == "__main__":
    main()
