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
from loopback import Conn, Probe, cpu_seconds, free_port, postgres_cpu_seconds, print_costs  # bench/ beside this script
from sqlalchemy import insert, select

from grognard.server.db import Database
from grognard.server.models import GameRow, SnapshotRow

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 500
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 60
THINK = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0


def clone_games(url: str, gid: str, n: int) -> list[str]:
    """``n`` copies of game ``gid`` (setting up 1815 costs a fifth of a second; the copies cost nothing)."""
    db = Database(url)
    with db.session() as s:
        row, snap = s.get(GameRow, gid), s.get(SnapshotRow, gid)
        assert row is not None and snap is not None
        cols = {c.key: getattr(row, c.key) for c in GameRow.__table__.columns}
        ids = [secrets.token_urlsafe(9) for _ in range(n)]
        s.execute(insert(GameRow), [cols | {"id": i} for i in ids])
        s.execute(insert(SnapshotRow), [{"game_id": i, "version": snap.version, "state": snap.state} for i in ids])
    with db.sessions() as s:
        assert s.scalar(select(GameRow.id).where(GameRow.id == ids[-1]))
    db.dispose()
    return ids


async def player(port: int, gid: str, rng: random.Random, end: float, lat: list[float], errors: list[str]) -> None:
    while True:
        think = rng.expovariate(1 / THINK)
        if time.monotonic() + think > end:
            return
        await asyncio.sleep(think)
        try:  # a connection per turn: a player thinks longer than the server's keep-alive (5 s)
            async with Conn(port) as conn:
                side = (await conn.request("GET", f"/api/games/{gid}/view"))[1]["active"]
                if side is None:
                    return
                v = (await conn.request("GET", f"/api/games/{gid}/view?side={side}"))[1]
                act = {"side": side, "version": v["version"], "action": rng.choice(v["legal"])}
                t = time.perf_counter()
                status, _ = await conn.request("POST", f"/api/games/{gid}/actions", act)
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:  # counted: a server that drops
            errors.append(type(exc).__name__)  # connections is part of the result
            continue
        lat.append(time.perf_counter() - t)
        if status != 200:
            errors.append(str(status))


async def main(port: int, db: str, pid: int) -> None:
    async with Conn(port) as conn:
        _status, made = await conn.request("POST", "/api/games", {"scenario": "1815", "seats": {
            "empire": "hotseat", "coalition": "hotseat"}})
    ids = clone_games(db, made["id"], GAMES)
    lat: list[float] = []
    errors: list[str] = []
    cpu, own, db_cpu = cpu_seconds(pid), time.process_time(), postgres_cpu_seconds(db)
    probe = Probe()
    t = time.perf_counter()
    end = time.monotonic() + SECONDS
    await asyncio.gather(*(player(port, gid, random.Random(i), end, lat, errors) for i, gid in enumerate(ids)))
    wall = time.perf_counter() - t
    cpu, own = cpu_seconds(pid) - cpu, time.process_time() - own
    db_after = postgres_cpu_seconds(db)
    noise = probe.stop()
    ms = sorted(x * 1000 for x in lat)
    p90, p99 = (ms[min(len(ms) - 1, int(len(ms) * q))] for q in (0.9, 0.99))
    kind = "PostgreSQL" if db.startswith("postgres") else "SQLite WAL"
    print(f"{GAMES} games in progress, a player acting every {THINK:g} s on average, {wall:.0f} s on loopback "
          f"({kind}, one server process):")
    print(f"  {len(ms)} actions, {len(ms) / wall:.1f}/s; latency median {statistics.median(ms):.1f} ms, "
          f"p90 {p90:.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms; {len(errors)} failed {sorted(set(errors))}")
    print_costs(len(ms), wall, cpu, own, noise, "its two view reads included",
                None if db_cpu is None or db_after is None else db_after - db_cpu)


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
            asyncio.run(main(port, db, server.pid))
        finally:
            server.terminate()
            server.wait(10)
