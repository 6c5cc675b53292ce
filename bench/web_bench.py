"""Server latency on loopback: a `grognard serve` process on a fresh SQLite file, N hotseat games of 1815 played at
once by N clients (each: read its view, send one of its legal actions, again). Prints the median and p99 latency of
an action (the computer's moves are excluded: no seat is a computer), the throughput, and the size of a view.
THINK (seconds) paces each player: a pause drawn uniformly between 0 and twice THINK before each action; 0 (the
default) is the worst case, every client acting as soon as it has its answer.

    .venv/bin/python bench/web_bench.py [GAMES] [ACTIONS_PER_GAME] [THINK]

``browser [ACTIONS] [SCENARIO]`` measures what a player waits for instead: Debian's chromium (Playwright) plays one
game against the computer (``ai:easy``) by clicks, and each of the player's own moves is timed from the click to the
new view painted, split into the server's answer (the request's own timing) and the page's part (the answer's
parsing, the map and panels redrawn); the CPU of the server and of the browser per move come from /proc.

    .venv/bin/python bench/web_bench.py browser 150 1815
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

BROWSER = len(sys.argv) > 1 and sys.argv[1] == "browser"
ARGS = sys.argv[2:] if BROWSER else sys.argv[1:]
GAMES = int(ARGS[0]) if not BROWSER and ARGS else 200
ACTIONS = int(ARGS[0 if BROWSER else 1]) if len(ARGS) > (0 if BROWSER else 1) else (150 if BROWSER else 10)
THINK = float(ARGS[2]) if not BROWSER and len(ARGS) > 2 else 0.0
SCENARIO = ARGS[1] if BROWSER and len(ARGS) > 1 else "1815"


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


def descendants_cpu(root: int, skip: int) -> float:
    """CPU seconds so far of the processes under ``root`` (chromium and Playwright's driver), ``skip``'s excluded."""
    parent: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                parent[int(d.name)] = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    total = 0.0
    for pid in parent:
        p, seen = pid, 0
        while p in parent and p != root and seen < 64:
            p, seen = parent[p], seen + 1
        if p == root and pid != root and pid != skip:
            try:
                total += cpu_seconds(pid)
            except OSError:
                continue
    return total


CLICKED = """before => new Promise(done => {  // the click to the new view painted: two frames after the version moved
  const t0 = window.clickAt;
  const look = () => document.body.dataset.version !== before
    ? requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)))
    : performance.now() - t0 > 60000 ? done(null) : requestAnimationFrame(look);
  look();
})"""


def browser_run(url: str, server_pid: int) -> None:
    from playwright.sync_api import sync_playwright  # the test extra; only this mode needs it

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.web.conftest import CHROMIUM, FLAGS  # the browser tests' chromium and flags

    rng = random.Random(1)
    total, server, page_part = [], [], []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        pg = b.new_page(viewport={"width": 1600, "height": 1000}, base_url=url)
        answers: list[float] = []
        pg.on("requestfinished", lambda r: answers.append(r.timing["responseEnd"] - r.timing["requestStart"])
              if r.method == "POST" and r.url.endswith("/actions") else None)
        pg.goto("/")
        pg.wait_for_selector("select[data-side=coalition] option[value='ai:easy']", state="attached")
        pg.select_option("#scenario", f"nae/{SCENARIO}")
        pg.select_option("select[data-side=coalition]", "ai:easy")
        pg.fill("input[name=seed]", "1")
        pg.click("#start-game")
        pg.wait_for_url("**/#/game/*")
        pg.evaluate("() => document.addEventListener('click', () => { window.clickAt = performance.now(); }, true)")
        cpu_s, cpu_b = cpu_seconds(server_pid), descendants_cpu(os.getpid(), server_pid)
        for _ in range(ACTIONS):
            pg.wait_for_function("() => document.querySelector('#endgame:not([hidden])') || "
                                 "document.querySelector('#buttons > button[data-index]')", timeout=120_000)
            if pg.is_visible("#endgame"):
                break
            buttons = pg.locator("#buttons > button[data-index]")
            n = len(answers)
            before = pg.get_attribute("body", "data-version")
            buttons.nth(rng.randrange(buttons.count())).click()
            if pg.is_visible("#forecast"):
                pg.click("#fc-go")
            ms = pg.evaluate(CLICKED, before)
            pg.wait_for_timeout(50)  # the request's timing comes after its answer
            if ms is not None and len(answers) > n:
                total.append(ms)
                server.append(answers[-1])
                page_part.append(ms - answers[-1])
        cpu_s, cpu_b = cpu_seconds(server_pid) - cpu_s, descendants_cpu(os.getpid(), server_pid) - cpu_b
        drawn = pg.evaluate("() => performance.getEntriesByName('grognard:view').map(e => e.duration)")
        b.close()

    def q(xs: list[float], f: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(len(xs) * f))]

    print(f"{SCENARIO} against ai:easy in chromium, {len(total)} of the player's moves by clicks (random choices):")
    for name, xs in (("click to the new view painted", total), ("  the server's answer", server),
                     ("  the page (parse, map and panels)", page_part)):
        print(f"  {name}: median {statistics.median(xs):.0f} ms, p90 {q(xs, 0.9):.0f} ms, max {max(xs):.0f} ms")
    print(f"  drawing a view (the page's script, every version the page showed: {len(drawn)}): median "
          f"{statistics.median(drawn):.1f} ms, p90 {q(drawn, 0.9):.1f} ms, max {max(drawn):.1f} ms")
    share = statistics.median([p / t for p, t in zip(page_part, total, strict=True)])
    print(f"  the page's share of the wait: median {share:.0%}")
    print(f"  CPU per move: server {1000 * cpu_s / len(total):.1f} ms (the computer's moves included), browser "
          f"{1000 * cpu_b / len(total):.1f} ms (chromium and Playwright's driver polling the page)")


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
            if BROWSER:
                browser_run(url, server.pid)
            else:
                asyncio.run(main(url, port, server.pid))
        finally:
            server.terminate()
            server.wait(10)
