"""Helpers for the server benchmarks: run `gangland serve` as a subprocess on a loopback port, talk to its
JSON API, and read its CPU time and memory from /proc.

Only 127.0.0.1 is ever contacted, and never through a proxy (the environment's proxy settings are ignored).
Every wait here is bounded; `GanglandServer.stop` always ends the process (SIGINT, then SIGKILL).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
"""The only address the benchmarks contact."""

VENV_BIN = Path(sys.executable).parent
"""The virtual environment's bin folder (the benchmarks run with its python)."""

_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""A URL opener that never goes through a proxy, whatever the environment says."""

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds the process `pid` has used (all its threads), from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime and stime, fields 14 and 15


def peak_rss_mib(pid: int) -> float:
    """The most resident memory the process `pid` has held (VmHWM), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def own_cpu_seconds() -> float:
    """User plus system CPU seconds this process has used."""
    times = os.times()
    return times.user + times.system


def children(pid: int) -> list[int]:
    """The process ids of `pid`'s children (Linux: /proc/PID/task/*/children)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found.extend(int(p) for p in (task / "children").read_text().split())
        except OSError:
            continue
    return found


class ApiError(RuntimeError):
    """The server answered an API request with an error status."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(f"HTTP {status}: {detail}")
        self.status = status


def api(port: int, method: str, path: str, body: Any = None, timeout: float = 30.0) -> Any:
    """Call the server's JSON API at 127.0.0.1:`port` (blocking; run it in a thread from asyncio)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"http://{HOST}:{port}{path}", data=data, method=method,
        headers={"Content-Type": "application/json"} if data is not None else {},
    )
    try:
        with _OPENER.open(request, timeout=timeout) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        raise ApiError(exc.code, exc.read().decode(errors="replace")[:300]) from None


class GanglandServer:
    """`gangland serve` as a subprocess on 127.0.0.1:`port` with `database`, bots moving at once.

    `profile` runs it under "cprofile" (stats written to `profile_out` when it stops) or "py-spy"
    (collapsed stacks of where its threads spent CPU, written to `profile_out`)."""

    def __init__(self, database: str, port: int, log_path: Path,
                 profile: str | None = None, profile_out: Path | None = None,
                 extra: tuple[str, ...] = (), source: Path | None = None) -> None:
        self.database = database
        self.extra = extra
        """More options of `gangland serve`."""
        self.source = source
        """A source folder (holding `gangland`) to serve instead of the installed package: put first on the
        server's PYTHONPATH, its pages and code are what is served (benchmarks/page.py compares two)."""
        self.port = port
        self.log_path = log_path
        self.profile = profile
        self.profile_out = profile_out
        self.process: subprocess.Popen[bytes] | None = None
        self.pid: int | None = None
        """The server's own process id (py-spy's child when profiled with py-spy)."""
        self.starts = 0

    def command(self) -> list[str]:
        """The command line that starts the server."""
        serve = ["serve", "--host", HOST, "--port", str(self.port), "--db", self.database, "--bot-delay", "0",
                 # every table comes from this one address: the server's limit per address is lifted
                 "--tables-per-address", "100000", *self.extra]
        if self.profile == "cprofile" and self.starts == 0:
            return [sys.executable, "-m", "cProfile", "-o", str(self.profile_out), "-m", "gangland", *serve]
        if self.profile == "py-spy" and self.starts == 0:
            return [str(VENV_BIN / "py-spy"), "record", "--format", "raw", "--rate", "200", "--nonblocking",
                    "--output", str(self.profile_out), "--", sys.executable, "-m", "gangland", *serve]
        if self.source is not None:
            return [sys.executable, "-m", "gangland", *serve]
        return [str(VENV_BIN / "gangland"), *serve]

    def start(self, ready_seconds: float = 60.0) -> float:
        """Start the server and wait until it answers; the seconds that took. RuntimeError if it does not."""
        started = time.monotonic()
        env = None
        if self.source is not None:
            paths = [str(self.source), os.environ.get("PYTHONPATH", "")]
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in paths if path)}
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                self.command(), stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env,
                start_new_session=True,  # Ctrl-C in the terminal reaches the benchmark, which stops it
            )
        wrapped = self.profile == "py-spy" and self.starts == 0
        self.starts += 1
        self.pid = None if wrapped else self.process.pid
        while time.monotonic() - started < ready_seconds:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}: {self.log_tail()}")
            if self.pid is None:
                found = children(self.process.pid)
                self.pid = found[0] if found else None
            try:
                api(self.port, "GET", "/api/games", timeout=2.0)
            except (OSError, ApiError):
                time.sleep(0.1)
                continue
            if self.pid is not None:
                return time.monotonic() - started
        raise RuntimeError(f"the server did not answer within {ready_seconds:.0f} s: {self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL the server, as a crash would end it, and reap it."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.pid or self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)
        self.process = None

    def stop(self, grace: float = 20.0) -> None:
        """Stop the server: SIGINT (uvicorn shuts down and a profiler writes its output), then SIGKILL."""
        process = self.process
        if process is None:
            return
        try:
            if process.poll() is None:
                os.kill(self.pid or process.pid, signal.SIGINT)
                try:
                    process.wait(timeout=grace)
                except subprocess.TimeoutExpired:
                    with_children = [process.pid, *([self.pid] if self.pid else [])]
                    for pid in with_children:
                        with contextlib.suppress(ProcessLookupError):
                            os.kill(pid, signal.SIGKILL)
                    process.wait(timeout=30)
        finally:
            self.process = None

    def alive(self) -> bool:
        """Whether the server process is running."""
        return self.process is not None and self.process.poll() is None

    def log_tail(self, lines: int = 15) -> str:
        """The last lines the server wrote."""
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])
