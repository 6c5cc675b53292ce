"""Server latency on loopback: a `grognard serve` process on a fresh SQLite file, N hotseat games of 1815 played at
once by N clients (each: read its view, send one of its legal actions, again). Prints the median and p99 latency of
an action (the computer's moves are excluded: no seat is a computer), the throughput, and the size of a view.
THINK (seconds) paces each player: a pause drawn uniformly between 0 and twice THINK before each action; 0 (the
default) is the worst case, every client acting as soon as it has its answer.

    .venv/bin/python bench/web_bench.py [GAMES] [ACTIONS_PER_GAME] [THINK]
"""

from __future__ import annotations

import asyncio
import gzip
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from loopback import Conn, Probe, cpu_seconds, free_port, print_costs  # bench/ beside this script

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 200
ACTIONS = int(sys.argv[2]) if len(sys.argv) > 2 else 10
THINK = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0


async def play(port: int, gid: str, rng: random.Random, lat: list[float]) -> None:
    for _ in range(ACTIONS):
        await asyncio.sleep(rng.uniform(0, 2 * THINK))
        async with Conn(port) as conn:  # a connection per action: a pause may outlast the server's keep-alive
            v = (await conn.request("GET", f"/api/games/{gid}/view?side=empire"))[1]
            side = v["active"]
            if side is None:
                return
            if side != "empire":
                v = (await conn.request("GET", f"/api/games/{gid}/view?side={side}"))[1]
            act = {"side": side, "version": v["version"], "action": rng.choice(v["legal"])}
            t = time.perf_counter()
            status, answer = await conn.request("POST", f"/api/games/{gid}/actions", act)
            lat.append(time.perf_counter() - t)
            if status != 200:
                raise RuntimeError(f"action refused ({status}): {answer}")


async def main(url: str, port: int, pid: int) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        ids = []
        for i in range(GAMES):
            r = await client.post("/api/games", json={"scenario": "1815", "seed": i,
                                                      "seats": {"empire": "hotseat", "coalition": "hotseat"}})
            ids.append(r.json()["id"])
        view = (await client.get(f"/api/games/{ids[0]}/view", params={"side": "empire"})).content
    lat: list[float] = []
    cpu, own = cpu_seconds(pid), time.process_time()
    probe = Probe()
    t = time.perf_counter()
    await asyncio.gather(*(play(port, gid, random.Random(i), lat) for i, gid in enumerate(ids)))
    wall = time.perf_counter() - t
    cpu, own = cpu_seconds(pid) - cpu, time.process_time() - own
    noise = probe.stop()
    lat.sort()
    ms = [x * 1000 for x in lat]
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    pace = f"players pausing {THINK:g} s on average" if THINK else "no pause between actions"
    print(f"{GAMES} concurrent hotseat games, {len(ms)} actions, {pace}, on loopback (SQLite WAL, one server "
          "process):")
    print(f"  action latency: median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms "
          "(each answer carries the new view)")
    print(f"  throughput: {len(ms) / wall:.0f} actions/s with {GAMES} clients reading a view before each action")
    print_costs(len(ms), wall, cpu, own, noise, "the view reads before it included")
    print(f"  a view (1815 start, Empire): {len(view) / 1024:.1f} KiB JSON, {len(gzip.compress(view)) / 1024:.1f} KiB "
          "gzipped")


if __name__ == "__main__":
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'bench.db'}"
        exe = Path(sys.executable).with_name("grognard")
        server = subprocess.Popen([str(exe), "serve", "--port", str(port), "--db", db],
                                  env={**os.environ, "GROGNARD_HOME": tmp}, stdout=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    if httpx.get(url + "/api/health").status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.1)
            asyncio.run(main(url, port, server.pid))
        finally:
            server.terminate()
            server.wait(10)
