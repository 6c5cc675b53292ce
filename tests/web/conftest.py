"""Browser tests: a real server on loopback (SQLite in a temporary folder) and Debian's chromium driven by
Playwright. The project's set-up installs chromium when it is missing (Makefile, ``.ci/run``)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from playwright.sync_api import Browser, Page, sync_playwright

from grognard.server.app import create_app

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DOCS = Path(__file__).resolve().parents[2] / "docs"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def port() -> int:
    return free_port()


@pytest.fixture(scope="session")
def app(tmp_path_factory: pytest.TempPathFactory, port: int) -> FastAPI:
    """The app the browser tests talk to; a test may set up a position through its store (``app.state.service``)."""
    db = tmp_path_factory.mktemp("srv") / "g.db"
    return create_app(f"sqlite:///{db}", base_url=f"http://127.0.0.1:{port}")


@pytest.fixture(scope="session")
def server(app: FastAPI, port: int) -> Iterator[str]:
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(url + "/api/health").status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.05)
    yield url
    srv.should_exit = True
    th.join(10)


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": 1600, "height": 1000}, base_url=server)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"the page raised: {errors}"
