"""What the browser tests use (their fixtures are in conftest.py): the real server as a subprocess,
Debian's Chromium driven by Playwright, and a `Window` (one browser context: its own localStorage) that
plays a seat by clicking the page.

The server is `gangland serve` (next to the Python running the tests) on a free port of 127.0.0.1 with a
SQLite file of its own; it is always stopped at the end (SIGTERM, a bounded wait, then SIGKILL), also when
a test fails. The browser is never downloaded: it is /usr/bin/chromium, which `scripts/services` installs;
without it (or without Playwright) the tests FAIL saying so, they are not skipped.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from .realserver import RealServer as Server

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser tests fail saying Playwright is missing (conftest)
    PlaywrightTimeout = TimeoutError  # type: ignore[misc,assignment]

START_SECONDS = 60.0
"""How long a server may take to answer GET /api/games after it is started."""
PAGE_TIMEOUT_MS = 20_000
"""Playwright's bound on every wait and action of a page (a bot at --bot-delay 0 answers at once)."""
STALL_SECONDS = 60.0
"""How long a game played in windows may go without any window receiving a new state before a test calls
it stuck (a bot at --bot-delay 0 and a click answer within a second or two, also under load)."""
GAME_SECONDS = 1200.0
"""The outer bound on one game played in windows, however it progresses: keeps every loop finite. A game's
length is not what these tests check (a loaded machine plays it up to three times slower: CI saw a 4-player
Supergang of two windows take 92 s); a game that stops moving fails after STALL_SECONDS."""

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

class Site(Protocol):
    """Where a browser reaches the server: the server itself, or a proxy in front of it (caddy.py)."""

    base: str
    """scheme://host:port and the sub-path if any, without a slash at the end."""


@contextlib.contextmanager
def running_server(folder: Path) -> Iterator[Server]:
    """`gangland serve --bot-delay 0` on a SQLite file in `folder`, started, and stopped when the block
    ends, however it ends."""
    folder.mkdir(parents=True, exist_ok=True)
    with Server(f"sqlite:///{folder}/g.db", folder / "server.log") as server:
        server.start(bot_delay=0)
        yield server


class Window:
    """One browser window (a context of its own, so its own localStorage) with one page.

    It notes every page error and console error, every `act` the page sends over its WebSocket (step and
    action), every state's step it receives, and every `error` message the server sends it."""

    def __init__(self, browser: Any, name: str, seed: int,
                 viewport: dict[str, int] | None = None, person: str | None = None,
                 ignore_https_errors: bool = False) -> None:
        self.name = name
        self.person = person
        """The name its person goes by: this browser remembers it, as if given at an earlier table (None:
        none, so a seat's page asks for one)."""
        self.rng = random.Random(seed)
        # ignore_https_errors: for a certificate of an authority only the test trusts (test_browser_caddy.py)
        self.context = browser.new_context(viewport=viewport or {"width": 1280, "height": 800},
                                           ignore_https_errors=ignore_https_errors)
        if person is not None:
            self.context.add_init_script(f"localStorage.setItem('gangland.name', {json.dumps(person)});")
        self.context.set_default_timeout(PAGE_TIMEOUT_MS)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.sent: list[tuple[int, int]] = []
        """(step, action) of every act the page sent, in order."""
        self.server_errors: list[dict[str, Any]] = []
        self.drawn_clicks = 0
        """Moves made by clicking the drawing of the table."""
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

        # issue 31: seats are read from 1
        expect(self.page.locator("#who")).to_contain_text(re.compile(rf"seat {seat + 1}$"))
        expect(self.page.locator("#conn")).to_have_text("connected")
        self.seat = seat

    # -- playing ------------------------------------------------------------------------------------------

    def try_move(self, drawing_share: float = 0.4) -> bool:
        """If the page offers enabled action buttons, pick one at random (seeded) and take it: with
        probability `drawing_share` by a click on the drawing of the table (where the game draws what may
        be played; a thing standing for several legal actions opens a chooser, and one of its buttons is
        clicked), else by a click on the button or by its number key. True if it did."""
        buttons = self.page.locator("#actions button:not([disabled])")
        count = buttons.count()
        if not count:
            return False
        if self.rng.random() < drawing_share:
            return self._click_drawing()

        index = self.rng.randrange(count)
        if self.rng.random() < 0.5:
            # Its number, typed as in the terminal (10 and up in two digits); the page plays it at once
            # when no further digit could name another action, else after a short pause.
            self.page.keyboard.type(str(index + 1))
            with contextlib.suppress(PlaywrightTimeout):
                self.page.wait_for_function("() => !document.getElementById('typed').textContent",
                                            timeout=2_000)
            return True
        try:
            # If a new state re-rendered the buttons meanwhile, the pick may be gone: choose again.
            buttons.nth(index).click(timeout=2_000)
        except PlaywrightTimeout:
            return False
        return True

    def _click_drawing(self) -> bool:
        drawn = self.page.locator("#drawing .actable")
        count = drawn.count()
        if not count:
            return False
        thing = drawn.nth(self.rng.randrange(count))
        if thing.locator(".route").count():
            # A stop holds the hidden routes to it, which widen its box: click the square itself, as a
            # person does (the page shows the routes only while the stop is hovered).
            thing = thing.locator("xpath=./*[not(contains(@class, 'route'))"
                                  " and not(self::*[local-name()='title'])]").first
        acts_before = len(self.sent)
        try:
            thing.click(timeout=2_000)
            chooser = self.page.locator("#chooser button[data-action]")
            if chooser.count():
                chooser.nth(self.rng.randrange(chooser.count())).click(timeout=2_000)
        except PlaywrightTimeout:
            # On a loaded machine a click can go through as its time runs out (CI saw one act more than
            # the clicks counted): whether the drawing made a move is whether an act went out.
            self.page.wait_for_timeout(200)
            if len(self.sent) == acts_before:
                return False
        self.drawn_clicks += 1
        return True

    def drawn_actions_missing(self) -> list[str]:
        """The legal actions the page lists as buttons that no thing on the drawing offers."""
        return list(self.page.evaluate("""() => {
            const drawn = new Set();
            for (const node of document.querySelectorAll('#drawing [data-act]'))
                for (const name of node.getAttribute('data-act').split('|')) drawn.add(name);
            return [...document.querySelectorAll('#actions button[data-action]')]
                .map((b) => b.dataset.name).filter((name) => !drawn.has(name));
        }"""))


class Progress:
    """The bound on a game played in windows: it fails when no window has received a new state for
    `stall_seconds` (the game is stuck), or after `seconds` in all (so the loop always ends)."""

    def __init__(self, windows: list[Window], what: str = "the game did not end",
                 stall_seconds: float = STALL_SECONDS, seconds: float = GAME_SECONDS) -> None:
        self.windows = windows
        self.what = what
        self.stall_seconds = stall_seconds
        self.started = self.moved = time.monotonic()
        self.seconds = seconds
        self.steps = [w.last_step for w in windows]

    def check(self) -> None:
        """Raise AssertionError, saying where each window stands, if the game is stuck or out of time."""
        now = time.monotonic()
        steps = [w.last_step for w in self.windows]
        if steps != self.steps:
            self.steps, self.moved = steps, now
        if now - self.moved > self.stall_seconds:
            reason = f"no new state for {self.stall_seconds:.0f} s"
        elif now - self.started > self.seconds:
            reason = f"not within {self.seconds:.0f} s"
        else:
            return
        raise AssertionError(
            f"{self.what}: {reason}: "
            + "; ".join(f"{w.name}: step {w.last_step}, {len(w.sent)} moves sent, "
                        f"turn {w.page.locator('#turn').inner_text()!r}, "
                        f"conn {w.page.locator('#conn').inner_text()!r}" for w in self.windows))


def play_to_end(windows: list[Window], stop: Any = None, drawing_share: float = 0.4) -> None:
    """The windows move whenever their page offers a move, until all show the result (or `stop()` is
    true). Bounded by `Progress`: fails when the game stops moving."""
    progress = Progress(windows)
    while not all(w.is_over() for w in windows):
        if stop is not None and stop():
            return
        moved = False
        for w in windows:
            if not w.is_over() and w.try_move(drawing_share):
                moved = True
        if not moved:
            # Nobody may move now (a bot's turn, or a move in flight): let the pages take their messages.
            windows[0].page.wait_for_timeout(15)
        progress.check()


WEBSOCKET_REFUSED = re.compile(r"^console error: WebSocket connection to 'ws://127\.0\.0\.1:\d+/ws/[^']+' "
                               r"failed")
"""What Chromium logs while a page retries its WebSocket with the server down."""
