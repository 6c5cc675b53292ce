"""What the server benches share: a free port, the server's CPU time, a light HTTP client, and a probe of the
machine itself.

The probe runs beside the bench in a process of its own: every 10 ms it times 1 ms of pure Python work. On a machine
shared with other jobs its p99 shows what the OS scheduler alone adds to any request, whatever the server does.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far (Linux /proc): the server's own cost per action, which
    does not depend on what else the machine runs."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu_seconds(url: str) -> float | None:
    """CPU time of a local PostgreSQL server so far (its postmaster, its live processes and those it reaped), or
    None if ``url`` names no PostgreSQL on this machine whose data directory this user can read: the database's
    share of an action's cost, on the same cores as the app server."""
    if not url.startswith("postgres"):
        return None
    import psycopg
    from sqlalchemy.engine import make_url

    try:
        with psycopg.connect(make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)) as c:
            data = c.execute("SHOW data_directory").fetchone()
        master = int((Path(str(data[0] if data else "")) / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError, psycopg.Error):
        return None
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            pid, rest = stat.read_text().split(" ", 1)
            fields = rest.rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # a process that ended meanwhile
        if int(pid) == master:  # its own time and that of the processes it reaped (closed connections)
            total += sum(int(f) for f in fields[11:15])
        elif int(fields[1]) == master:
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


class Conn:
    """A bare HTTP/1.1 client on one keep-alive connection to the bench's server, JSON in and out.

    The bench's client shares the machine with the server: httpx cost more CPU per action than the server itself
    (13.8 ms against 12.8 ms, measured), which the server then waited for. This one parses only what the server
    sends (a status line, headers with Content-Length, a body), about a tenth of that."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def __aenter__(self) -> Conn:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        return self

    async def __aexit__(self, *_exc: object) -> None:
        if self.writer is not None:
            self.writer.close()

    async def request(self, method: str, path: str, doc: Any = None) -> tuple[int, Any]:
        """Status and decoded JSON body of one request (``doc``: the JSON body to send)."""
        assert self.reader is not None and self.writer is not None
        body = b"" if doc is None else msgspec.json.encode(doc)
        self.writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        status = int((await self.reader.readline()).split()[1])
        length = None
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        if length is None:
            raise ConnectionError(f"{method} {path}: the answer has no Content-Length")
        return status, msgspec.json.decode(await self.reader.readexactly(length))


class Probe:
    """Times a slice of CPU work (1 ms on an idle core) every 10 ms in another process until ``stop``, which
    returns the median and p99 in ms."""

    CODE = """
import signal, statistics, sys, time
ts = []
def done(*_):
    ts.sort()
    print(f"{statistics.median(ts) * 1000:.2f} {ts[int(len(ts) * 0.99)] * 1000:.2f}", flush=True)
    sys.exit(0)
signal.signal(signal.SIGTERM, done)
while True:
    t = time.perf_counter()
    x = 0
    for i in range(25000):
        x += i * i
    ts.append(time.perf_counter() - t)
    time.sleep(0.01)
"""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", self.CODE], stdout=subprocess.PIPE, text=True)

    def stop(self) -> tuple[float, float]:
        self.proc.terminate()
        out, _ = self.proc.communicate(10)
        median, p99 = out.split()
        return float(median), float(p99)


def print_costs(actions: int, wall: float, cpu: float, own: float, noise: tuple[float, float], reads: str,
                db_cpu: float | None = None) -> None:
    """The lines both benches print after their latency: the server's, the database's (PostgreSQL: ``db_cpu``) and
    the client's CPU per action, the load, and what the OS scheduler alone adds to 1 ms of work (``reads`` says which
    view reads the server's CPU holds)."""
    n = max(1, actions)
    print(f"  server CPU {1000 * cpu / n:.1f} ms per action ({reads}), {100 * cpu / wall:.0f}% of a core; machine "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if db_cpu is not None:
        print(f"  PostgreSQL's own CPU {1000 * db_cpu / n:.1f} ms per action, {100 * db_cpu / wall:.0f}% of a core "
              "(its processes, on the same cores)")
    print(f"  the bench's own client CPU {1000 * own / n:.1f} ms per action, {100 * own / wall:.0f}% of a core (it "
          "shares the machine with the server)")
    print(f"  the machine meanwhile: 1 ms of CPU work took median {noise[0]:.1f} ms, p99 {noise[1]:.1f} ms (what the "
          "OS scheduler alone adds to any request)")
