"""Server-sent events: a watcher of a game hears each new version, and nothing more."""

from __future__ import annotations

import json

import httpx


def test_a_watcher_hears_each_new_version(server: str) -> None:
    seats = {"empire": "hotseat", "coalition": "hotseat"}
    gid = httpx.post(f"{server}/api/games", json={"scenario": "1815", "seed": 1, "seats": seats}).json()["id"]
    v = httpx.get(f"{server}/api/games/{gid}/view?side=empire").json()
    with httpx.stream("GET", f"{server}/api/games/{gid}/events", timeout=20) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        lines = (line for line in r.iter_lines() if line.startswith("data: "))
        assert json.loads(next(lines)[6:]) == {"version": 0}
        httpx.post(f"{server}/api/games/{gid}/actions", json={"side": "empire", "version": 0,
                                                              "action": v["legal"][0]})
        assert json.loads(next(lines)[6:]) == {"version": 1}
    denied = httpx.get(f"{server}/api/games/{gid}/events?side=prussia")
    assert denied.status_code == 422
