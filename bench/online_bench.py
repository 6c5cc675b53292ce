"""Online play on loopback: one `grognard serve` process, GAMES games of 1815 in progress at once, each player
thinking THINK seconds on average (exponential) before reading its view and sending an action. Prints the median
and p99 latency of an action (no computer seat: its moves are excluded) and the throughput, on the database
named by DATABASE_URL (PostgreSQL: run under tools/ci/with-postgres.sh), else on a fresh SQLite file.

    .venv/bin/python bench/online_bench.py [GAMES] [SECONDS] [THINK]
"""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from loopback import Probe, cpu_seconds, free_port  # bench/ beside this script
from sqlalchemy import insert, select

from grognard.server.db import Database
from grognard.server.models import GameRow

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 500
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 60
THINK = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0


def clone_games(url: str, gid: str, n: int) -> list[str]:
    """``n`` copies of game ``gid`` (setting up 1815 costs a fifth of a second; the copies cost nothing)."""
    db = Database(url)
    with db.session() as s:
        row = s.get(GameRow, gid)
        assert row is not None
        cols = {c.key: getattr(row, c.key) for c in GameRow.__table__.columns}
        ids = [secrets.token_urlsafe(9) for _ in range(n)]
        s.execute(insert(GameRow), [cols | {"id": i} for i in ids])
    with db.sessions() as s:
        assert s.scalar(select(GameRow.id).where(GameRow.id == ids[-1]))
    db.dispose()
    return ids


async def player(client: httpx.AsyncClient, gid: str, rng: random.Random, end: float, lat: list[float],
                 errors: list[str]) -> None:
    while True:
        think = rng.expovariate(1 / THINK)
        if time.monotonic() + think > end:
            return
        await asyncio.sleep(think)
        try:
            side = (await client.get(f"/api/games/{gid}/view")).json()["active"]
            if side is None:
                return
            v = (await client.get(f"/api/games/{gid}/view", params={"side": side})).json()
            t = time.perf_counter()
            r = await client.post(f"/api/games/{gid}/actions", json={"side": side, "version": v["version"],
                                                                     "action": rng.choice(v["legal"])})
        except httpx.HTTPError as exc:  # counted: a server that drops connections is part of the result
            errors.append(type(exc).__name__)
            continue
        lat.append(time.perf_counter() - t)
        if r.status_code != 200:
            errors.append(str(r.status_code))


async def main(url: str, db: str, pid: int) -> None:
    # below uvicorn's 5 s keep-alive: never reuse a connection the server is closing (a player thinks 30 s)
    limits = httpx.Limits(max_connections=GAMES, max_keepalive_connections=GAMES, keepalive_expiry=4)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=120) as client:
        r = await client.post("/api/games", json={"scenario": "1815",
                                                  "seats": {"empire": "hotseat", "coalition": "hotseat"}})
        ids = clone_games(db, r.json()["id"], GAMES)
        lat: list[float] = []
        errors: list[str] = []
        cpu = cpu_seconds(pid)
        probe = Probe()
        t = time.perf_counter()
        end = time.monotonic() + SECONDS
        await asyncio.gather(*(player(client, gid, random.Random(i), end, lat, errors) for i, gid in enumerate(ids)))
        wall = time.perf_counter() - t
        cpu = cpu_seconds(pid) - cpu
        noise = probe.stop()
    ms = sorted(x * 1000 for x in lat)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    kind = "PostgreSQL" if db.startswith("postgres") else "SQLite WAL"
    print(f"{GAMES} games in progress, a player acting every {THINK:g} s on average, {wall:.0f} s on loopback "
          f"({kind}, one server process):")
    print(f"  {len(ms)} actions, {len(ms) / wall:.1f}/s; latency median {statistics.median(ms):.1f} ms, "
          f"p99 {p99:.1f} ms, max {ms[-1]:.1f} ms; {len(errors)} failed {sorted(set(errors))}")
    print(f"  server CPU {1000 * cpu / max(1, len(ms)):.1f} ms per action (its two view reads included), "
          f"{100 * cpu / wall:.0f}% of a core; machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} "
          "cores")
    print(f"  the machine meanwhile: 1 ms of CPU work took median {noise[0]:.1f} ms, p99 {noise[1]:.1f} ms (what the "
          "OS scheduler alone adds to any request)")


if __name__ == "__main__":
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = os.environ.get("DATABASE_URL") or f"sqlite:///{Path(tmp) / 'bench.db'}"
        exe = Path(sys.executable).with_name("grognard")
        server = subprocess.Popen([str(exe), "serve", "--port", str(port), "--db", db],
                                  env={**os.environ, "GROGNARD_HOME": tmp}, stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(600):
                try:
                    if httpx.get(base + "/api/health").status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.1)
            asyncio.run(main(base, db, server.pid))
        finally:
            server.terminate()
            server.wait(10)
