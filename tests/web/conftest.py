"""Browser tests: a real server on loopback (SQLite in a temporary folder) and Debian's chromium driven by
Playwright. The project's set-up installs chromium when it is missing (Makefile, ``.ci/run``)."""

from __future__ import annotations

import json
import math
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright

from grognard.games.nae import webview
from grognard.server.app import WEB_DIR, create_app

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DOCS = Path(__file__).resolve().parents[2] / "docs"
MAP_ASSET = WEB_DIR / "static" / "nae-map.json"


def fixture_map() -> dict:
    """A tiny stand-in of nae-map.json (same contract: a hexagon per zone at its projected city) for as long as the
    real asset is not in this checkout."""
    zones = webview.catalog()["zones"]
    w, h = 2400.0, 1500.0

    def xy(lat: float, lon: float) -> tuple[float, float]:
        return (lon + 11) / 56 * w, (62 - lat) / 28 * h

    out: dict = {"width": w, "height": h, "land": f"M0 0H{w}V{h}H0Z", "lakes": "", "rivers": [], "zones": {},
                 "seas": {}, "borders": [], "boxes": {}}
    for zid, z in zones.items():
        x, y = xy(z["lat"], z["lon"])
        d = "M" + "L".join(f"{x + 22 * math.cos(k * math.pi / 3):.1f} {y + 22 * math.sin(k * math.pi / 3):.1f}"
                           for k in range(6)) + "Z"
        out["zones"][zid] = {"d": d, "x": x, "y": y, "label_x": x, "label_y": y}
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("srv") / "g.db"
    port = free_port()
    app = create_app(f"sqlite:///{db}", base_url=f"http://127.0.0.1:{port}")
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
    if not MAP_ASSET.exists():
        body = json.dumps(fixture_map())
        pg.route("**/static/nae-map.json", lambda route: route.fulfill(body=body, content_type="application/json"))
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"the page raised: {errors}"
