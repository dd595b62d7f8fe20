"""The browser tests' fixtures: the real server as a subprocess, Debian's Chromium driven by Playwright,
and a `Window` (one browser context: its own localStorage) that plays a seat by clicking the page.

The server is `gangland serve` (next to the Python running the tests) on a free port of 127.0.0.1 with a
SQLite file of its own; it is always stopped at the end (SIGTERM, a bounded wait, then SIGKILL), also when
a test fails. The browser is never downloaded: it is /usr/bin/chromium, which `scripts/services` installs;
without it (or without Playwright) the tests FAIL saying so, they are not skipped.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

START_SECONDS = 60.0
"""How long a server may take to answer GET /api/games after it is started."""
PAGE_TIMEOUT_MS = 20_000
"""Playwright's bound on every wait and action of a page (a bot at --bot-delay 0 answers at once)."""
GAME_SECONDS = 90.0
"""How long two windows may take to play one game to its end."""

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Requests to 127.0.0.1 must never go through a proxy named in the environment.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on (now)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """`gangland serve --port PORT --db sqlite:///FOLDER/g.db --bot-delay 0` as a subprocess, with
    XDG_DATA_HOME in FOLDER; its output goes to FOLDER/server.log."""

    def __init__(self, folder: Path) -> None:
        exe = Path(sys.executable).parent / "gangland"
        assert exe.is_file(), f"no gangland command next to {sys.executable}"
        self.exe = exe
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.database_url = f"sqlite:///{folder}/g.db"
        self.log = folder / "server.log"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        """Start the server (on the same database and port as before) and wait until it answers."""
        assert self.process is None, "the server is already running"
        command = [str(self.exe), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--db", self.database_url, "--bot-delay", "0"]
        env = dict(os.environ, XDG_DATA_HOME=str(self.folder / "data"))
        env.pop("GANGLAND_SAVES", None)
        self.starts += 1
        with self.log.open("ab") as out:
            out.write(f"\n=== start {self.starts}: {' '.join(command)}\n".encode())
            out.flush()
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + START_SECONDS
        while True:
            code = self.process.poll()
            if code is not None:
                self.process = None
                raise AssertionError(f"the server exited with {code} before answering; its output:\n"
                                     f"{self.output()}")
            with contextlib.suppress(OSError):
                if self.get("/api/games", timeout=2.0)[0] == 200:
                    return
            if time.monotonic() > deadline:
                self.stop()
                raise AssertionError(f"the server did not answer GET /api/games within {START_SECONDS} s; "
                                     f"its output:\n{self.output()}")
            time.sleep(0.05)  # polling for the server to answer, not an assertion

    def kill(self) -> None:
        """SIGKILL the server (no shutdown of any kind) and reap it."""
        assert self.process is not None, "the server is not running"
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        """Stop the server if it runs: SIGTERM, up to 15 s to exit, then SIGKILL."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=30)

    def output(self) -> str:
        """What the server printed so far (the end of it)."""
        try:
            return self.log.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def get(self, path: str, timeout: float = 10.0) -> tuple[int, Any]:
        """(status, JSON answer) of GET `path`."""
        try:
            with _OPENER.open(self.base + path, timeout=timeout) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, text.decode(errors="replace")


@contextlib.contextmanager
def running_server(folder: Path) -> Iterator[Server]:
    """A started server that is stopped when the block ends, however it ends."""
    server = Server(folder)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a module's games (each game has a table of its own)."""
    with running_server(tmp_path_factory.mktemp("server")) as running:
        yield running


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of this test's own (for a test that kills and restarts it)."""
    with running_server(tmp_path / "own-server") as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright; one per test process (xdist worker)."""
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Chromium is not installed (no `chromium` on PATH): `scripts/services` installs Debian's "
                    "chromium, which the browser tests use; they never download a browser", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        pytest.fail(f"Playwright for Python is not installed in this environment ({error}); the browser "
                    "tests need the `playwright` package (never its downloaded browsers)", pytrace=False)
    playwright = sync_playwright().start()
    try:
        launched = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
    finally:
        playwright.stop()


class Window:
    """One browser window (a context of its own, so its own localStorage) with one page.

    It notes every page error and console error, every `act` the page sends over its WebSocket (step and
    action), every state's step it receives, and every `error` message the server sends it."""

    def __init__(self, browser: Any, name: str, seed: int) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.set_default_timeout(PAGE_TIMEOUT_MS)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.sent: list[tuple[int, int]] = []
        """(step, action) of every act the page sent, in order."""
        self.server_errors: list[dict[str, Any]] = []
        self.last_step = -1
        """The step of the last state message received (on any socket)."""
        self.seat: int | None = None
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        self.page.on("console", self._console)
        self.page.on("websocket", self._websocket)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def _websocket(self, ws: Any) -> None:
        ws.on("framesent", self._sent)
        ws.on("framereceived", self._received)

    def _sent(self, payload: str | bytes) -> None:
        with contextlib.suppress(ValueError, TypeError):
            message = json.loads(payload)
            if isinstance(message, dict) and message.get("type") == "act":
                self.sent.append((message["step"], message["action"]))

    def _received(self, payload: str | bytes) -> None:
        with contextlib.suppress(ValueError, TypeError):
            message = json.loads(payload)
            if not isinstance(message, dict):
                return
            if message.get("type") == "state":
                self.last_step = max(self.last_step, int(message["step"]))
            elif message.get("type") == "error":
                self.server_errors.append(message)

    def unacknowledged(self) -> list[tuple[int, int]]:
        """The acts sent that no state has yet answered (no state past their step came)."""
        return [(step, action) for step, action in self.sent if step >= self.last_step]

    # -- reading the page ---------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return bool(self.page.locator("#over:not(.hidden) table.result").count())

    def scores(self) -> list[int]:
        """The Score column of the result table, seat by seat."""
        cells = self.page.locator("#result table.result tbody tr td:nth-of-type(1)").all_inner_texts()
        return [int(text.strip()) for text in cells]

    def wait_seated(self, seat: int) -> None:
        from playwright.sync_api import expect

        expect(self.page.locator("#who")).to_have_text(f"You play seat {seat}")
        expect(self.page.locator("#conn")).to_have_text("connected")
        self.seat = seat

    # -- playing ------------------------------------------------------------------------------------------

    def try_move(self) -> bool:
        """If the page offers enabled action buttons, pick one at random (seeded) and take it, by a click
        or by its number key; True if it did."""
        buttons = self.page.locator("#actions button:not([disabled])")
        count = buttons.count()
        if not count:
            return False
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        index = self.rng.randrange(count)
        if index < 9 and self.rng.random() < 0.5:
            self.page.keyboard.press(str(index + 1))
            return True
        try:
            # If a new state re-rendered the buttons meanwhile, the pick may be gone: choose again.
            buttons.nth(index).click(timeout=2_000)
        except PlaywrightTimeout:
            return False
        return True


def play_to_end(windows: list[Window], seconds: float = GAME_SECONDS,
                stop: Any = None) -> None:
    """Both windows move whenever their page offers a move, until both show the result (or `stop()` is
    true). Bounded: fails after `seconds`."""
    deadline = time.monotonic() + seconds
    while not all(w.is_over() for w in windows):
        if stop is not None and stop():
            return
        moved = False
        for w in windows:
            if not w.is_over() and w.try_move():
                moved = True
        if not moved:
            # Nobody may move now (a bot's turn, or a move in flight): let the pages take their messages.
            windows[0].page.wait_for_timeout(15)
        if time.monotonic() > deadline:
            raise AssertionError(
                f"the game did not end within {seconds} s: "
                + "; ".join(f"{w.name}: step {w.last_step}, {len(w.sent)} moves sent, "
                            f"turn {w.page.locator('#turn').inner_text()!r}, "
                            f"conn {w.page.locator('#conn').inner_text()!r}" for w in windows))


WEBSOCKET_REFUSED = re.compile(r"^console error: WebSocket connection to 'ws://127\.0\.0\.1:\d+/ws/[^']+' "
                               r"failed")
"""What Chromium logs while a page retries its WebSocket with the server down."""
