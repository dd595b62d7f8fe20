"""From a fresh clone to the lobby: how long `scripts/serve` takes before http://127.0.0.1:PORT/ answers.

Run from the repository (any Python 3.11; the standard library only):

    python3 benchmarks/fresh_serve.py [--runs N] [--cache cold|warm|both] [--build pure|compiled] [--show]
                                      [--commit REV]

Each run clones this repository's current commit (HEAD: commit what you want measured; or --commit REV,
e.g. an older one to compare with) into a temporary folder, runs `scripts/serve --port P` there with a new
user data folder (so a new SQLite database), and polls http://127.0.0.1:P/ until the lobby answers.
Printed for each run and as medians: the set-up (from the start of scripts/serve until it hands over to
`.venv/bin/gangland serve`, seen as its process's command line changing), the server's first start
(imports, migrations, until the lobby answers), their sum, and the size of the clone's .venv. Then the
server is stopped (SIGINT, then SIGKILL) and the same clone is served once more, already set up: the
second start's set-up and answer.

pip's cache: "cold" gives each run an empty cache folder of its own (PIP_CACHE_DIR), as on a fresh
machine; "warm" shares one cache folder, filled by the first cold run (or by a first unreported run when
only warm runs are asked for), as for someone who installed these packages before. The packages come from
pip's configured indexes (`pip config list`: on this machine local folders under /opt and PyPI).
A benchmark prints; it is not a test. Only 127.0.0.1 is contacted by the benchmark itself.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from _server import free_port

REPO = Path(__file__).resolve().parents[1]
ANSWER_SECONDS = 600.0
"""How long one start may take before the run is given up."""
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""Requests to 127.0.0.1 never go through a proxy named in the environment."""


@dataclass
class Start:
    """One start of scripts/serve: seconds of set-up, seconds from the server's start to the lobby."""

    setup: float
    answer: float

    @property
    def total(self) -> float:
        return self.setup + self.answer


@dataclass
class Run:
    """A fresh clone served twice: the first start (fresh), the second (already set up), .venv's MiB."""

    fresh: Start
    again: Start
    venv_mib: float
    cache: str


def folder_mib(folder: Path) -> float:
    """The disk space the files under `folder` take (each inode once, symbolic links not followed)."""
    seen: set[tuple[int, int]] = set()
    blocks = 0
    for path in folder.rglob("*"):
        info = path.lstat()
        if (info.st_dev, info.st_ino) not in seen:
            seen.add((info.st_dev, info.st_ino))
            blocks += info.st_blocks
    return blocks * 512 / 2**20


def resolve(revision: str) -> str:
    """The commit `revision` names in this repository; SystemExit with a sentence if none."""
    done = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--verify", "--quiet",
                           f"{revision}^{{commit}}"], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"--commit {revision!r} names no commit of this repository")
    return done.stdout.strip()


def clone(into: Path, commit: str) -> None:
    """A clone of this repository at `commit` in `into`."""
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(REPO), str(into)], check=True)
    subprocess.run(["git", "-C", str(into), "checkout", "--quiet", commit], check=True)


def handed_over(pid: int) -> bool:
    """Whether the process `pid` (scripts/serve) now runs `.../bin/gangland` (it execs it after set-up)."""
    try:
        arguments = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return any(argument.endswith(b"/bin/gangland") for argument in arguments[:2])


def lobby_answers(port: int) -> bool:
    """Whether GET / answers 200 with the lobby page."""
    try:
        with _OPENER.open(f"http://127.0.0.1:{port}/", timeout=2) as answer:
            return answer.status == 200 and b"<html" in answer.read(4096).lower()
    except (OSError, urllib.error.URLError):
        return False


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGINT the server (uvicorn shuts down), then SIGKILL its process group if it does not end."""
    if process.poll() is None:
        os.kill(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)


def serve(checkout: Path, env: dict[str, str], log: Path, show: bool) -> Start:
    """Start scripts/serve in `checkout`, time its set-up and the lobby's first answer, and stop it."""
    port = free_port()
    started = time.monotonic()
    setup_done: float | None = None
    with log.open("ab") as out:
        process = subprocess.Popen([str(checkout / "scripts" / "serve"), "--port", str(port)], cwd=checkout,
                                   env=env, stdin=subprocess.DEVNULL, stdout=None if show else out,
                                   stderr=None if show else subprocess.STDOUT, start_new_session=True)
    try:
        while time.monotonic() - started < ANSWER_SECONDS:
            if process.poll() is not None:
                tail = "\n".join(log.read_text(errors="replace").splitlines()[-20:])
                raise SystemExit(f"scripts/serve exited with {process.returncode} before answering:\n{tail}")
            if setup_done is None and handed_over(process.pid):
                setup_done = time.monotonic()
            if setup_done is not None and lobby_answers(port):
                return Start(setup_done - started, time.monotonic() - setup_done)
            time.sleep(0.02)
        raise SystemExit(f"the lobby did not answer within {ANSWER_SECONDS:.0f} s (see {log})")
    finally:
        stop(process)


def run_once(commit: str, cache: str, cache_dir: Path, build: str, show: bool) -> Run:
    """One fresh clone of `commit` served twice; the clone is removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="gangland-fresh-") as folder:
        checkout = Path(folder, "gangland")
        clone(checkout, commit)
        env = {key: value for key, value in os.environ.items()
               if key not in ("PYTHON", "VIRTUAL_ENV", "PYTHONPATH", "PIP_NO_CACHE_DIR")}
        env.update(PIP_CACHE_DIR=str(cache_dir), XDG_DATA_HOME=str(Path(folder, "data")),
                   GANGLAND_BUILD=build)
        log = Path(folder, "serve.log")
        fresh = serve(checkout, env, log, show)
        again = serve(checkout, env, log, show=False)
        venv = checkout / (".venv-compiled" if build == "compiled" else ".venv")
        mib = folder_mib(venv) + (folder_mib(checkout / ".venv") if build == "compiled" else 0.0)
        return Run(fresh, again, mib, cache)


def summary(label: str, runs: list[Run]) -> None:
    """Each run's figures and, column by column, their medians."""
    print(f"{label} pip cache, {len(runs)} run(s): seconds (set-up + first start = total), .venv MiB")
    rows = [(r.fresh.setup, r.fresh.answer, r.fresh.total, r.again.setup, r.again.answer, r.again.total,
             r.venv_mib) for r in runs]
    medians = tuple(statistics.median(column) for column in zip(*rows, strict=True))
    for name, row in [*((f"run {n}:", row) for n, row in enumerate(rows, 1)), ("median:", medians)]:
        print(f"  {name:7} fresh {row[0]:6.1f} + {row[1]:4.1f} = {row[2]:6.1f}   "
              f"again {row[3]:4.2f} + {row[4]:4.1f} = {row[5]:5.1f}   .venv {row[6]:6.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh clones per kind of cache (default 3)")
    parser.add_argument("--cache", choices=("cold", "warm", "both"), default="both",
                        help="pip's cache: empty for each run, shared, or both kinds (default)")
    parser.add_argument("--build", choices=("pure", "compiled"), default="pure",
                        help="GANGLAND_BUILD for scripts/serve (default pure)")
    parser.add_argument("--show", action="store_true", help="show scripts/serve's output of each fresh start")
    parser.add_argument("--commit", default="HEAD", metavar="REV",
                        help="the commit to measure (default HEAD)")
    arguments = parser.parse_args()
    if not 1 <= arguments.runs <= 20:
        parser.error("--runs must be 1 to 20")
    commit = resolve(arguments.commit)
    dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True, check=True).stdout
    if dirty and arguments.commit == "HEAD":
        print("note: the working tree has uncommitted changes; the clones measure HEAD without them",
              file=sys.stderr)
    cold: list[Run] = []
    warm: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="gangland-pip-cache-") as caches:
        shared = Path(caches, "shared")
        if arguments.cache in ("cold", "both"):
            for number in range(arguments.runs):
                # The first cold run fills the cache that the warm runs share.
                own = shared if number == 0 and arguments.cache == "both" else Path(caches, f"cold-{number}")
                cold.append(run_once(commit, "cold", own, arguments.build, arguments.show))
                print(f"cold run {number + 1}: {cold[-1].fresh.total:.1f} s", file=sys.stderr, flush=True)
        if arguments.cache in ("warm", "both"):
            if arguments.cache == "warm":
                # fills the shared cache, not reported
                run_once(commit, "warm", shared, arguments.build, show=False)
            for number in range(arguments.runs):
                warm.append(run_once(commit, "warm", shared, arguments.build, arguments.show))
                print(f"warm run {number + 1}: {warm[-1].fresh.total:.1f} s", file=sys.stderr, flush=True)
    subject = subprocess.run(["git", "-C", str(REPO), "log", "-1", "--format=%h %s", commit],
                             capture_output=True, text=True, check=True).stdout.strip()
    # Set here (as on this machine), Python writes no .pyc at import: gangland's own modules (an editable
    # install) are compiled again at each start; pip compiles the installed packages' whatever it says.
    bytecode = ", PYTHONDONTWRITEBYTECODE set" if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""
    print(f"scripts/serve from a fresh clone of {subject[:70]} (GANGLAND_BUILD={arguments.build}), "
          f"{os.cpu_count()} CPUs{bytecode}")
    if cold:
        summary("cold", cold)
    if warm:
        summary("warm", warm)


if __name__ == "__main__":
    main()
