"""What the server benches share: a free port, the server's CPU time, and a probe of the machine itself.

The probe runs beside the bench in a process of its own: every 10 ms it times 1 ms of pure Python work. On a machine
shared with other jobs its p99 shows what the OS scheduler alone adds to any request, whatever the server does.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far (Linux /proc): the server's own cost per action, which
    does not depend on what else the machine runs."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
