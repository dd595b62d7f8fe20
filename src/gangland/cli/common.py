"""What the commands share: one-line errors, option and agent-list parsing, seats as a person reads them
(counted from 1, game text filled in), result tables."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from gangland.engine import (
    JSON,
    Game,
    GanglandError,
    OptionError,
    Result,
    fill_seats,
    plain_names,
    seat_label,
)

PlayersOption = Annotated[int | None, typer.Option(
    "--players", "-p", show_default=False, help="Number of players (default: 3 if the game allows).")]
AgentsOption = Annotated[str | None, typer.Option(
    "--agents", "-a", show_default=False,
    help="Agents, comma-separated, rotated through the seats game by game (default: every agent of the "
         "game).")]
BaseSeedOption = Annotated[int, typer.Option(
    "--seed", "-s", help="Base seed; each game's seed is derived from it.")]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", help="Workers (0: one per CPU).")]
RuleOptions = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="NAME=VALUE", help="A rule option (see `gangland games`); repeat for several.")]

USAGE_ERROR = 2
"""Exit code for bad input: an unknown game, option, player count or agent, a corrupt record."""
INTERRUPTED = 130
"""Exit code after Ctrl-C (a game being played is saved first)."""


class GamesProgress:
    """A progress bar of games played (done of total, elapsed, remaining), for `with` blocks.

    It is refreshed by `show`, at most ten times a second and at the end, rather than by Rich's timer
    thread: worker processes are forked, and forking while another thread may hold a lock is best avoided.
    """

    def __init__(self, console: Console, name: str, total: int) -> None:
        self.bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), TimeRemainingColumn(), console=console, auto_refresh=False)
        self.task = self.bar.add_task(name, total=total)
        self.total = total
        self.shown = 0.0

    def __enter__(self) -> GamesProgress:
        self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()

    @property
    def done(self) -> int:
        """Games counted so far."""
        return int(self.bar.tasks[0].completed)

    def show(self, done: int) -> None:
        """Count `done` games played in all."""
        self.bar.update(self.task, completed=done)
        now = time.monotonic()
        if now - self.shown >= 0.1 or done == self.total:
            self.shown = now
            self.bar.refresh()


def fail(message: object, code: int = USAGE_ERROR) -> NoReturn:
    """Print `error: message` as one line on stderr and exit with `code`."""
    text = " ".join(str(message).split())
    typer.echo(f"error: {text}", err=True)
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the engine's errors (bad input, never crashes) into a one-line message and exit code 2."""
    try:
        yield
    except GanglandError as exc:
        fail(exc)


def parse_options(items: Sequence[str] | None, game: Game | None = None) -> dict[str, JSON]:
    """`name=value` pairs to an options dict; values are JSON when they parse (true, 3) else strings.

    With `game`, an option whose default is a string always takes the text as typed, so that
    `edition=2013` is the string '2013' and a path is never read as a number.

    >>> parse_options(["tiebreak=shared", "thief_takes_thief=false", "n=3"])
    {'tiebreak': 'shared', 'thief_takes_thief': False, 'n': 3}
    >>> from gangland.games import get
    >>> parse_options(["edition=2013", "turn_limit=40", "stooge_deck=7"], get("downtown"))
    {'edition': '2013', 'turn_limit': 40, 'stooge_deck': '7'}
    """
    textual = {spec.name for spec in game.options if isinstance(spec.default, str)} if game else set()
    options: dict[str, JSON] = {}
    for item in items or ():
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise OptionError(f"--option takes name=value, not {item!r}")
        value: JSON = raw
        if name not in textual:
            with suppress(json.JSONDecodeError):
                value = json.loads(raw)
        options[name] = value
    return options


def option_text(value: JSON) -> str:
    """An option value as typed on the command line (the inverse of `parse_options`).

    >>> option_text(True), option_text("shared"), option_text(3)
    ('true', 'shared', '3')
    """
    if isinstance(value, str):
        return value
    return json.dumps(value)


def parse_names(text: str | None, what: str = "agent") -> list[str]:
    """A comma-separated list of names; OptionError if it names nothing.

    >>> parse_names(" heuristic, random ")
    ['heuristic', 'random']
    """
    names = [name.strip() for name in (text or "").split(",") if name.strip()]
    if not names:
        raise OptionError(f"no {what} named in {text!r}")
    return names


def default_players(game: Game) -> int:
    """The player count used when none is given (`Game.default_players`)."""
    return game.default_players


def seat_index(number: int, players: int) -> int:
    """The seat (counted from 0, as the engine counts) of the seat a person numbers `number` (counted from
    1, as `--seat` takes it and every seat label shows it), else OptionError.

    >>> seat_index(1, 3), seat_index(3, 3)
    (0, 2)
    """
    if not 1 <= number <= players:
        raise OptionError(f"--seat must be 1..{players} for {players} players, not {number}")
    return number - 1


def seat_option(seat: int) -> str:
    """The `--seat` value that names `seat` (counted from 0) on a command line.

    >>> seat_option(0)
    '1'
    """
    return str(seat + 1)


def seat_heading(seat: int, name: str | None = None, you: int | None = None) -> str:
    """`Seat 2`, `Seat 2 (you)` or `Seat 2 heuristic`, for the seat counted from 0 as 1.

    >>> seat_heading(1), seat_heading(1, you=1), seat_heading(1, "heuristic")
    ('Seat 2', 'Seat 2 (you)', 'Seat 2 heuristic')
    """
    if seat == you:
        return seat_label(seat) + " (you)"
    return seat_label(seat) + (f" {name}" if name else "")


def shown(text: str, players: int, you: int | None = None) -> str:
    """Game text as the terminal shows it: each seat marker (`gangland.engine.seats`) filled in with
    "Seat N", counted from 1, and " (you)" after the seat `you` of the person looking.

    >>> shown("⟨s1⟩ robs ⟨s0⟩", 2, you=0)
    'Seat 2 robs Seat 1 (you)'
    """
    return fill_seats(text, plain_names(players), you)


def result_table(result: Result, labels: Sequence[str], title: str = "Final result") -> Table:
    """Scores by category (rows) and seat (columns), then totals and ranks, then what else ranked the seats
    (the result's standing); winners' columns in bold; how the game ended under it, where the game says."""
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False,
                  caption=f"How it ended: {result.ending}" if result.ending else None, caption_justify="left")
    table.add_column("")
    for seat, label in enumerate(labels):
        style = "bold" if seat in result.winners else None
        table.add_column(label, justify="right", header_style=style or "", style=style or "")
    categories: dict[str, None] = {}
    for points in result.breakdown:
        categories.update(dict.fromkeys(points))
    for category in categories:
        values = [points.get(category, 0) for points in result.breakdown]
        if any(values):
            table.add_row(category, *(str(v) for v in values))
    table.add_section()
    table.add_row(Text("total", style="bold"), *(str(s) for s in result.scores))
    table.add_row("rank", *(str(r) for r in result.ranks))
    standing: dict[str, None] = {}
    for facts in result.standing:
        standing.update(dict.fromkeys(facts))
    if standing:
        table.add_section()
    for key in standing:
        table.add_row(f"then: {key}", *(str(facts[key]) if key in facts else "" for facts in result.standing))
    return table


def winners_line(result: Result, labels: Sequence[str], you: int | None = None) -> Text:
    """`Winner: ...`, `Shared win: ...`, or `You win!` when `you` is the only winner."""
    names = ", ".join(labels[s] for s in result.winners)
    if not result.winners:
        return Text("No winner.", style="bold")
    if you is not None and result.winners == (you,):
        return Text(f"You win! ({names})", style="bold green")
    kind = "Shared win" if len(result.winners) > 1 else "Winner"
    style = "bold green" if you in result.winners else "bold"
    return Text(f"{kind}: {names}", style=style)


def make_console(stderr: bool = False) -> Console:
    """A console for program output: no automatic highlighting of numbers in game text."""
    return Console(highlight=False, stderr=stderr)
