"""A person at the terminal as an Agent: shows their seat's view and reads their choice."""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Callable

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from gangland.engine import (
    MENU_ROWS,
    SCREEN_WIDTH,
    ActionParseError,
    Decision,
    Game,
    GanglandError,
    seat_label,
)
from gangland.engine.undo import forced

from .common import shown

HELP = "Type a number or a name: '?' rules, 'more' whole table, 'b' board, 'quit' saves."
"""The one-line hint under the first menu (and after '?'): an 80 x 24 screen has room for one line."""
ERROR_WIDTH = SCREEN_WIDTH - 4
"""A message longer than this would wrap: the list of every legal action gives way to a short hint."""
BACK = "back"
"""The second step of a two-step menu: return to the groups."""
QUIT_WORDS = frozenset({"quit", "exit", ":q"})


class QuitGame(Exception):
    """The person asked to stop (the game is saved, as on Ctrl-C)."""


class UndoMove(Exception):
    """The person asked to take back their last decision (only where the table allows undo)."""


class ViewBox:
    """Boxes a game's rendering of views, seats filled in as the terminal shows them (`shown`); the box
    only grows, so it does not jump from step to step."""

    def __init__(self, game: Game, console: Console) -> None:
        self.game = game
        self.console = console
        self.width = 0

    def __call__(self, view: dict[str, object], title: str, subtitle: str | None = None, *, players: int,
                 you: int | None) -> Panel:
        text = shown(self.game.render(view), players, you)
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
    console = Console(width=width, file=io.StringIO(), color_system=None)
    return len(console.render_lines(action_menu(names), console.options, pad=False))


class HumanAgent:
    """The seat played by the person at the terminal. Everything shown comes from the seat's own view.

    At a decision the screen is the game's `screen` of the view (at most BOARD_ROWS lines), a rule
    line, the menu (at most MENU_ROWS lines: a long menu asks in two steps, group then item, where the
    game gives `menu_choice`) and the prompt: an 80 x 24 terminal holds it all. A decision with one
    legal action is played without asking, and said so.
    """

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
        self.played_for_you = False
        """True when the last decision had one legal action, played without asking (the log says so)."""
        self.before_deciding: Callable[[], None] | None = None
        """Called when the person is about to be asked (the session keeps what an undo needs then)."""

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

    def title(self, what: str) -> Rule:
        """The rule line between the board and the menu."""
        step = f", step {self.step()}" if self.step is not None else ""
        return Rule(f"{what} - you are {seat_label(self.seat)}{step}", align="left", style="cyan")

    def show_board(self, decision: Decision, menu: Menu | None = None) -> None:
        """The seat's screen and the first menu of its legal actions (`menu`, if made already)."""
        self.console.print(Text(shown(self.game.screen(decision.view, self.console.width), decision.players,
                                      self.seat)))
        self.show_menu(decision, menu or Menu.of(decision, self.console.width))

    def show_menu(self, decision: Decision, menu: Menu) -> None:
        """The rule line and a menu."""
        self.console.print(self.title(menu.heading))
        self.console.print(action_menu(menu.labels))
        if not self.shown_help:
            self.console.print(Text(HELP, style="dim"))
            self.shown_help = True

    def show_help(self, decision: Decision) -> None:
        """The rules of this decision ('?'), then how to answer."""
        rules = shown(self.game.rules_help(decision.view), decision.players, self.seat).strip()
        if rules:
            self.console.print(Text(rules))
        self.console.print(Text(HELP, style="dim"))

    def choose(self, decision: Decision, text: str, menu: Menu | None = None) -> int | Menu:
        """The legal action `text` names (a number from `menu`, by default the whole list, or a name),
        or the next menu when the number picks a group; GanglandError otherwise."""
        legal = decision.legal_actions
        menu = menu or Menu.flat(decision)
        entry = text.strip()
        if not entry:
            raise GanglandError(f"type a number from 1 to {len(menu.labels)} or an action name")
        if entry.isdigit():
            number = int(entry)
            if 1 <= number <= len(menu.labels):
                return menu.pick(number - 1)
            raise GanglandError(f"there is no option {number}; choose 1 to {len(menu.labels)}")
        labelled = menu.named(entry)
        if labelled is not None:
            return labelled
        try:
            action = decision.parse_action(entry)
        except ActionParseError as exc:
            reason = str(exc)
            if len(reason) > ERROR_WIDTH:  # the game's list of every legal action: one line instead
                head = reason.split("; legal now:", 1)[0]
                reason = f"{head}; type 1 to {len(menu.labels)}, a name, or '?'"
            raise GanglandError(reason) from None
        if action not in legal:  # a game's own parse_action should not allow this; be safe
            raise GanglandError(f"{entry!r} is not legal now")
        return action

    def act(self, decision: Decision) -> int:
        """Ask until the person names a legal action. Raises QuitGame, UndoMove, EOFError or
        KeyboardInterrupt."""
        self.played_for_you = forced(decision.legal_actions)
        if self.played_for_you:
            self.time_is_up(decision)  # a turn clock starts all the same
            return decision.legal_actions[0]
        if self.before_deciding is not None:
            self.before_deciding()
        top = Menu.of(decision, self.console.width)
        menu = top
        self.show_board(decision, top)
        self.time_is_up(decision)  # starts the clock on the first decision of a turn
        while True:
            text = self.console.input("[bold]Your move>[/] ")
            late = self.time_is_up(decision)
            if late is not None:
                self.console.print(Text("  Your time is up.", style="red"))
                return late
            if self.echo:  # input from a pipe is not echoed by a terminal: show it, for a readable log
                self.console.print(Text(text))
            word = text.strip().lower()
            if word in QUIT_WORDS:
                raise QuitGame
            if word == "undo":
                if self.can_undo:
                    raise UndoMove
                self.console.print(Text("  undo is off at this table (gangland play --undo turns it on)",
                                        style="red"))
                continue
            if word in {"?", "help"}:
                self.show_help(decision)
                continue
            if word == "more":
                self.console.print(self.box(decision.view, f"{self.game.name} - the whole table",
                                            players=decision.players, you=self.seat))
                self.show_menu(decision, menu)
                continue
            if word in {"b", "board"}:
                self.show_board(decision, top)
                menu = top
                continue
            if word == BACK and menu is not top:
                menu = top
                self.show_menu(decision, menu)
                continue
            try:
                chosen = self.choose(decision, text, menu)
            except GanglandError as exc:
                self.console.print(Text(f"  {exc}", style="red"))
                continue
            if isinstance(chosen, Menu):
                menu = chosen
                self.show_menu(decision, menu)
                continue
            return chosen


class Menu:
    """A numbered menu: actions, or (the first step of two) groups of actions."""

    def __init__(self, heading: str, labels: list[str], entries: list[int | Menu]) -> None:
        self.heading = heading
        self.labels = labels
        self.entries = entries

    @classmethod
    def flat(cls, decision: Decision) -> Menu:
        """Every legal action by its name (as the terminal shows it: `shown`)."""
        actions = list(decision.legal_actions)
        return cls("Your options", [shown(decision.action_name(a), decision.players, decision.seat)
                                    for a in actions], list(actions))

    @classmethod
    def of(cls, decision: Decision, width: int) -> Menu:
        """The flat menu if it fits MENU_ROWS lines at `width`; else groups (Game.menu_choice), each
        opening the menu of its items, where the game gives every action a group."""
        flat = cls.flat(decision)
        if menu_rows(flat.labels, width) <= MENU_ROWS:
            return flat
        groups: dict[str, tuple[list[str], list[int | Menu]]] = {}
        for action in decision.legal_actions:
            choice = decision.menu_choice(action)
            if choice is None:
                return flat
            group, item = (shown(part, decision.players, decision.seat) for part in choice)
            labels, entries = groups.setdefault(group, ([], []))
            labels.append(item)
            entries.append(action)
        # A group of one action needs no second step if its label can say what it chooses
        # ("C1 Slot Machines: 1 mobster"); where those labels would not fit, it gets a second step
        # of one item like the others, which says it there.
        singles = [f"{group}: {labels[0]}" if len(labels) == 1 and labels[0] != group else group
                   for group, (labels, _) in groups.items()]
        inline = menu_rows(singles, width) <= MENU_ROWS
        entries_top: list[int | Menu] = []
        for group, (labels, entries) in groups.items():
            if len(entries) == 1 and inline:
                entries_top.append(entries[0])
            else:
                entries_top.append(cls(f"Your options in {group} ('back' returns)", labels, entries))
        return cls("Your options, first choose", singles if inline else list(groups), entries_top)

    def pick(self, index: int) -> int | Menu:
        """The action, or the next menu, at `index`."""
        return self.entries[index]

    def named(self, text: str) -> int | Menu | None:
        """The entry whose label is `text` (case and spacing ignored), or the one label it begins;
        None if none or several do.

        >>> menu = Menu("", ["2 mobsters", "3 mobsters", "The Survivor alone"], [7, 8, 9])
        >>> menu.named("3 MOBSTERS"), menu.named("the s"), menu.named("mob"), menu.named("4")
        (8, 9, None, None)
        """
        wanted = " ".join(text.lower().split())
        labels = [" ".join(label.lower().split()) for label in self.labels]
        exact = [i for i, label in enumerate(labels) if label == wanted]
        begun = [i for i, label in enumerate(labels) if wanted and label.startswith(wanted)]
        found = exact or begun
        return self.entries[found[0]] if len(found) == 1 else None
