"""A person at the terminal as an Agent: shows their seat's view and reads their choice."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from gangland.engine import Decision, Game, GanglandError

HELP = ("Type the number of an action, or its name (a unique prefix will do). '?' shows the board again; "
        "'quit' (or Ctrl-C, Ctrl-D) saves the game so you can resume it later.")
QUIT_WORDS = frozenset({"quit", "exit", ":q"})


class QuitGame(Exception):
    """The person asked to stop (the game is saved, as on Ctrl-C)."""


class UndoMove(Exception):
    """The person asked to take back their last decision (only where the table allows undo)."""


class ViewBox:
    """Boxes a game's rendering of views; the box only grows, so it does not jump from step to step."""

    def __init__(self, game: Game, console: Console) -> None:
        self.game = game
        self.console = console
        self.width = 0

    def __call__(self, view: dict[str, object], title: str, subtitle: str | None = None) -> Panel:
        text = self.game.render(view)
        need = max((cell_len(line) for line in text.splitlines()), default=0) + 4
        need = max(need, cell_len(title) + 8, cell_len(subtitle or "") + 8)
        self.width = min(max(self.width, need), self.console.width)
        return Panel(Text(text), title=title, subtitle=subtitle, title_align="left", subtitle_align="right",
                     width=self.width, border_style="cyan")


def action_menu(names: list[str]) -> Columns:
    """The legal actions, numbered from 1."""
    width = len(str(len(names)))
    items = [Text.assemble((f"{n:>{width}}", "bold cyan"), " ", name) for n, name in enumerate(names, 1)]
    return Columns(items, padding=(0, 3))


def menu_rows(names: list[str], width: int) -> int:
    """Lines the numbered menu of `names` takes on a terminal `width` columns wide."""
    console = Console(width=width, record=False, file=_Null(), color_system=None)
    return len(console.render_lines(action_menu(names), console.options, pad=False))


class _Null:
    """A file that keeps nothing (a console that only measures)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


class HumanAgent:
    """The seat played by the person at the terminal. Everything shown comes from the seat's own view."""

    name = "human"

    def __init__(self, game: Game, seat: int, console: Console,
                 step: Callable[[], int] | None = None) -> None:
        self.game = game
        self.seat = seat
        self.console = console
        self.step = step
        self.shown_help = False
        self.box = ViewBox(game, console)
        self.echo = not sys.stdin.isatty()
        self.clock_turn: object = None
        self.clock_start = 0.0
        self.can_undo = False
        """Set by the session when the table allows 'undo' (never in a rated game)."""

    def time_is_up(self, decision: Decision) -> int | None:
        """A game with a turn clock (its view's "turn_clock": seconds and which turn) is told when the
        person took too long: the legal "time is up" action, played for them; None otherwise."""
        clock = decision.view.get("turn_clock")
        if not isinstance(clock, dict):
            return None
        if clock.get("turn") != self.clock_turn:
            self.clock_turn, self.clock_start = clock.get("turn"), time.monotonic()
        seconds = clock.get("seconds")
        if not isinstance(seconds, int) or time.monotonic() - self.clock_start <= seconds:
            return None
        try:
            action = decision.parse_action("time is up")
        except GanglandError:
            return None  # the clock is checked again at the next decision where it can be applied
        return action if action in decision.legal_actions else None

    def show_board(self, decision: Decision) -> None:
        """The seat's view, and the numbered legal actions."""
        subtitle = f"step {self.step()}" if self.step is not None else None
        self.console.print(self.box(decision.view, f"{self.game.name} - you are seat {self.seat}", subtitle))
        self.console.print(Text("Your options:", style="bold"))
        self.console.print(action_menu([decision.action_name(a) for a in decision.legal_actions]))
        if not self.shown_help:
            self.console.print(Text(HELP, style="dim"))
            self.shown_help = True

    def choose(self, decision: Decision, text: str) -> int:
        """The legal action `text` names (a number from the menu, or a name); GanglandError otherwise."""
        legal = decision.legal_actions
        entry = text.strip()
        if not entry:
            raise GanglandError(f"type a number from 1 to {len(legal)} or an action name")
        if entry.isdigit():
            number = int(entry)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            raise GanglandError(f"there is no option {number}; choose 1 to {len(legal)}")
        action = decision.parse_action(entry)
        if action not in legal:  # a game's own parse_action should not allow this; be safe
            raise GanglandError(f"{entry!r} is not legal now")
        return action

    def act(self, decision: Decision) -> int:
        """Ask until the person names a legal action. Raises QuitGame, EOFError or KeyboardInterrupt."""
        self.show_board(decision)
        self.time_is_up(decision)  # starts the clock on the first decision of a turn
        while True:
            text = self.console.input("[bold]Your move>[/] ")
            late = self.time_is_up(decision)
            if late is not None:
                self.console.print(Text("  Your time is up.", style="red"))
                return late
            if self.echo:  # input from a pipe is not echoed by a terminal: show it, for a readable log
                self.console.print(Text(text))
            if text.strip().lower() in QUIT_WORDS:
                raise QuitGame
            if text.strip().lower() == "undo":
                if self.can_undo:
                    raise UndoMove
                self.console.print(Text("  undo is off at this table (gangland play --undo turns it on)",
                                        style="red"))
                continue
            if text.strip() in {"?", "help"}:
                self.shown_help = False
                self.show_board(decision)
                continue
            try:
                return self.choose(decision, text)
            except GanglandError as exc:
                self.console.print(Text(f"  {exc}", style="red"))
