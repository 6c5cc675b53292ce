"""Online play through the real app over HTTP and server-sent events: two accounts play a whole game with
their notifications; a seat is the account's alone; concurrent submissions; two servers on one PostgreSQL."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from grognard.core.registry import BUILTIN
from grognard.server.app import create_app
from grognard.server.online import Online
from grognard.server.store import GameStore

from .conftest import cheap_accounts, drop_schema, pg_schema_db
from .live import Events, free_port, serve_in_thread, wait_up

PASSWORD = "correct horse battery"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def duel_is_builtin(monkeypatch):
    monkeypatch.setitem(BUILTIN, "duel", "tests.fixtures.duel")


def account(base: str, name: str, box, hook: str | None = None) -> httpx.Client:
    """Sign up, follow the e-mailed verification link, log in: a client carrying its session and CSRF token."""
    c = httpx.Client(base_url=base, timeout=10)
    assert c.post("/api/users", json={"name": name, "email": f"{name}@example.org", "password": PASSWORD}
                  ).status_code == 201
    end = time.monotonic() + 10
    while not box.to(f"{name}@example.org") and time.monotonic() < end:
        time.sleep(0.05)
    link = re.search(r"http://\S+verify\?token=\S+", box.to(f"{name}@example.org")[0].get_content()).group(0)
    assert c.get(link.split(base)[-1]).status_code in (200, 303)
    c.headers["X-CSRF-Token"] = c.post("/api/session", json={"name": name, "password": PASSWORD}).json()["csrf"]
    assert c.get("/api/users/me").json()["email_verified"]
    if hook:
        c.put("/api/users/me", json={"webhook_url": hook})
    return c


def test_two_accounts_play_a_whole_game(db, smtp, hooks):
    box, cfg = smtp
    store = GameStore(db)
    online = Online(store, acc=cheap_accounts(db), smtp=cfg, outbox_poll=0.1)
    app = create_app(store=store, online=online)
    with serve_in_thread(app) as base:
        store.base_url = online.accounts.base_url = base
        alice, bob = account(base, "alice", box, hooks.url), account(base, "bob", box)
        gid = alice.post("/api/lobby/games", json={"game": "duel", "scenario": "standard", "side": "empire",
                                                   "clock": "fast"}).json()["id"]
        assert bob.post(f"/api/games/{gid}/join", json={"side": "coalition"}).status_code == 200
        assert alice.post(f"/api/games/{gid}/start").status_code == 200
        sides = {"empire": alice, "coalition": bob}
        # a seat is its account's alone: not another account's, not an anonymous visitor's
        anon = httpx.Client(base_url=base)
        assert bob.get(f"/api/games/{gid}/view", params={"side": "empire"}).status_code == 403
        assert anon.get(f"/api/games/{gid}/view", params={"side": "empire"}).status_code == 403
        v = alice.get(f"/api/games/{gid}/view", params={"side": "empire"}).json()
        act = {"side": "empire", "version": v["version"], "action": v["legal"][0]}
        assert bob.post(f"/api/games/{gid}/actions", json=act).status_code == 403
        assert anon.post(f"/api/games/{gid}/actions", json=act).status_code == 403
        no_csrf = httpx.Client(base_url=base, cookies=alice.cookies)
        assert no_csrf.post(f"/api/games/{gid}/actions", json=act).status_code == 403
        # Bob's browser watches the game, Alice's does not: only Alice is told of her turns by mail (presence)
        streams = {"coalition": Events(f"{base}/api/games/{gid}/events?side=coalition", dict(bob.cookies))}
        watcher = Events(f"{base}/api/games/{gid}/events")  # an observer gets the spectator's pushes
        rng = random.Random(7)
        version = v["version"]
        for _ in range(3000):
            side = store.meta(gid).active
            if side is None:
                break
            v = sides[side].get(f"/api/games/{gid}/view", params={"side": side}).json()
            r = sides[side].post(f"/api/games/{gid}/actions",
                                 json={"side": side, "version": v["version"], "action": rng.choice(v["legal"])})
            assert r.status_code == 200, r.text
            version = r.json()["version"]
        meta = store.meta(gid)
        assert meta.status == "over" and meta.version == version
        for ev in (*streams.values(), watcher):
            assert ev.wait_for(lambda e: e.get("version") == version), ev.items[-3:]
            assert all(set(e) <= {"version", "active", "over"} for e in ev.items)  # pushes: public facts only
        # the notifications each event must send
        end = time.monotonic() + 10
        while time.monotonic() < end and not (
                any("is over" in m["Subject"] for m in box.to("bob@example.org"))
                and any("is over" in h["content"] for h in hooks.received)):
            time.sleep(0.05)
        for who in ("alice@example.org", "bob@example.org"):
            subjects = [m["Subject"] for m in box.to(who)]
            assert f"Grognard: The game has started (game {gid})" in subjects
            assert f"Grognard: The game is over (game {gid})" in subjects
            told = any(s in subjects for s in (f"Grognard: It is your turn (game {gid})",
                                               f"Grognard: A decision is asked of you (game {gid})"))
            assert told == (who == "alice@example.org"), (who, subjects)
        assert any("has started" in h["content"] for h in hooks.received)
        record = alice.get(f"/api/games/{gid}/record").json()
        assert len(record["actions"]) == version and store.check(gid).ok
        for ev in (*streams.values(), watcher):
            ev.close()


def test_concurrent_submissions_over_http(db):
    store = GameStore(db)
    app = create_app(store=store)
    with serve_in_thread(app) as base:
        gid = httpx.post(f"{base}/api/games", json={"game": "nae", "scenario": "1815",
                                                    "seats": {"empire": "me", "coalition": "me"}}).json()["id"]
        v = httpx.get(f"{base}/api/games/{gid}/view", params={"side": "empire"}).json()
        codes: list[int] = []
        barrier = threading.Barrier(6)

        def submit(i: int) -> None:
            with httpx.Client(base_url=base, timeout=20) as c:
                barrier.wait()
                codes.append(c.post(f"/api/games/{gid}/actions", json={
                    "side": "empire", "version": v["version"], "action": v["legal"][i % len(v["legal"])]}).status_code)

        threads = [threading.Thread(target=submit, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409, 409, 409, 409, 409]
        assert len(store.log(gid)) == 1 and store.check(gid).ok


@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="DATABASE_URL names no PostgreSQL server")
def test_two_servers_on_one_postgres():
    db, schema = pg_schema_db()
    url = os.environ["DATABASE_URL"]
    ports = [free_port(), free_port()]
    procs = [subprocess.Popen([sys.executable, "-m", "tests.server.live", str(p), url, schema], cwd=ROOT,
                              stderr=subprocess.PIPE, text=True)
             for p in ports]
    try:
        a, b = (f"http://127.0.0.1:{p}" for p in ports)
        wait_up(a)
        wait_up(b)
        gid = httpx.post(f"{a}/api/games", json={"game": "nae", "scenario": "1815",
                                                 "seats": {"empire": "me", "coalition": "me"}}).json()["id"]
        ev = Events(f"{b}/api/games/{gid}/events?side=empire")  # watching on server B
        v = httpx.get(f"{a}/api/games/{gid}/view", params={"side": "empire"}).json()
        r = httpx.post(f"{a}/api/games/{gid}/actions",
                       json={"side": "empire", "version": v["version"], "action": v["legal"][0]})
        assert r.status_code == 200
        assert ev.wait_for(lambda e: e.get("version") == v["version"] + 1)  # played on A, pushed by B
        ev.close()
    finally:
        for p in procs:
            p.terminate()
            _, errors = p.communicate(timeout=10)
            assert "Traceback" not in errors, errors
        db.dispose()
        drop_schema(schema)
