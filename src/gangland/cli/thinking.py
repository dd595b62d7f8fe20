"""A slow bot shows that it is thinking: "Seat 2 (ismcts:hard) is thinking..." while it decides for
longer than THINKING_DELAY seconds (rich's status spinner on a terminal, one plain line on a pipe)."""

from __future__ import annotations

import threading
import time

from rich.console import Console
from rich.status import Status
from rich.text import Text

from gangland.engine import Agent, Decision

THINKING_DELAY = 0.5
"""Seconds a bot may take over a decision before the person is shown that it is thinking."""


class Watch:
    """One thread for a table that shows the notice of the bot deciding once it has taken `delay`
    seconds. A decision costs a lock and a notify (a few microseconds), not a timer thread."""

    def __init__(self, console: Console, delay: float = THINKING_DELAY) -> None:
        self.console = console
        self.delay = delay
        self.cond = threading.Condition()
        self.text: str | None = None
        """The notice of the bot deciding now, None between decisions."""
        self.since = 0.0
        self.noticed = True
        """The present decision's notice is shown (or there is none to show)."""
        self.status: Status | None = None
        self.thread: threading.Thread | None = None

    def begin(self, text: str) -> None:
        """A bot starts deciding."""
        with self.cond:
            self.text, self.since, self.noticed = text, time.monotonic(), False
            if self.thread is None:
                self.thread = threading.Thread(target=self._watch, name="thinking", daemon=True)
                self.thread.start()
            self.cond.notify()

    def end(self) -> None:
        """The bot has decided (or was interrupted): take the notice down."""
        with self.cond:
            self.text, self.noticed = None, True
            if self.status is not None:
                self.status.stop()
                self.status = None

    def _watch(self) -> None:
        with self.cond:
            while True:
                if self.noticed or self.text is None:
                    self.cond.wait()
                    continue
                left = self.since + self.delay - time.monotonic()
                if left > 0:
                    self.cond.wait(left)
                    continue
                self.noticed = True
                if self.console.is_terminal:
                    self.status = self.console.status(Text(self.text, style="dim"))
                    self.status.start()
                else:
                    self.console.print(Text("  " + self.text, style="dim"))


class Thinking:
    """A bot at the person's table whose slow decisions show (see `Watch`)."""

    def __init__(self, bot: Agent, label: str, watch: Watch) -> None:
        self.bot = bot
        self.name = bot.name
        self.text = f"{label} is thinking..."
        self.watch = watch

    def act(self, decision: Decision) -> int:
        """The bot's action."""
        self.watch.begin(self.text)
        try:
            return self.bot.act(decision)
        finally:
            self.watch.end()
