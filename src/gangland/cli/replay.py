"""`gangland replay`: a recorded game step by step, as one seat (or a spectator) saw it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from gangland.engine import Game, GameRecord, OptionError, RecordError, State, seat_label
from gangland.games import get

from .common import make_console, result_table, seat_heading, seat_index, shown, user_errors, winners_line
from .human import ViewBox
from .saves import explain_sealed


def pick_record(path: Path, number: int) -> GameRecord:
    """Record `number` (from 1: the record on the file's number-th non-blank line) in `path`;
    GanglandError if there is none or it is damaged. Other records' damaged lines do not stop it:
    they are named in a warning on stderr."""
    try:
        entries = GameRecord.read_lines(path)
    except RecordError as exc:
        raise explain_sealed(path, exc) from None
    if not 1 <= number <= len(entries):
        raise OptionError(f"{str(path)!r} holds {len(entries)} record(s); --game must be 1 to {len(entries)}")
    record = entries[number - 1][1]
    if isinstance(record, RecordError):
        raise RecordError(f"game {number} cannot be read: {record}")
    damaged = [(n, entry) for n, entry in entries if isinstance(entry, RecordError)]
    if damaged:
        lines = ", ".join(str(n) for n, _ in damaged)
        typer.echo(f"warning: {path}: damaged line{'s' if len(damaged) > 1 else ''} {lines}, skipped "
                   f"(the first: {damaged[0][1]})", err=True)
    return record


def load_record(path: Path, number: int = 1) -> tuple[Game, GameRecord]:
    """Record `number` (see `pick_record`) in `path` and its game, checked to replay; GanglandError
    otherwise."""
    record = pick_record(path, number)
    game = get(record.game)
    record.replay(game)
    return game, record


class Pager:
    """Waits for Enter between steps when asked to; 'a' shows the rest, 'q' (or Ctrl-C/D) quits."""

    def __init__(self, console: Console, wait: bool) -> None:
        self.console = console
        self.wait = wait

    def next(self) -> bool:
        """False when the person wants to stop."""
        if not self.wait:
            return True
        try:
            answer = self.console.input("[dim]Enter: next step, a: all the rest, q: quit>[/] ")
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            return False
        answer = answer.strip().lower()
        if answer.startswith("q"):
            return False
        if answer.startswith("a"):
            self.wait = False
        return True


def show_replay(game: Game, record: GameRecord, seat: int | None, console: Console, wait: bool) -> State:
    """Print every step of `record` from `seat`'s views (None: a spectator's); the last state shown."""
    labels = [seat_heading(s, name) for s, name in enumerate(record.seats)]
    viewer = "a spectator" if seat is None else seat_label(seat)
    console.print(Text.assemble(("Replay of ", "bold"), (game.name, "bold"),
                                f" v{record.game_version}, as seen by {viewer}"))
    console.print(Text(f"{record.players} players, seed {record.seed}, {len(record.actions)} steps; "
                       f"seats: {', '.join(labels)}", style="dim"))
    box = ViewBox(game, console)
    state = game.new_game(record.players, record.seed, record.options)
    total = len(record.actions)
    players = record.players
    console.print(box(state.view(seat), f"{game.name} - start", f"step 0/{total}", players=players, you=seat))
    pager = Pager(console, wait)
    for step, action in enumerate(record.actions, 1):
        if not pager.next():
            return state
        actor = state.to_act
        assert actor is not None  # record.replay checked every step
        before = state.view(seat)
        name = game.public_action_name(state, action, seat)
        state.apply(action)
        line = shown(game.narrate(before, actor, name, state.view(seat)), players, seat)
        console.print(Text.assemble((f"Step {step}/{total}  ", "dim"), (line, "bold")))
        console.print(box(state.view(seat), game.name, f"step {step}/{total}", players=players, you=seat))
    if state.is_over:
        result = state.result()
        console.print(result_table(result, labels))
        console.print(winners_line(result, labels))
    else:
        console.print(Text(f"The record stops after step {total}; the game was not finished.", style="bold"))
    return state


def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A game record (from play or simulate --out).",
                                         show_default=False)],
    seat: Annotated[int | None, typer.Option(
        "--seat", show_default=False,
        help="Show the game as this seat (counted from 1) saw it (default: as a spectator).")]
    = None,
    number: Annotated[int, typer.Option(
        "--game", "-g", help="Which game of a file holding several (simulate --out), from 1.")] = 1,
) -> None:
    """Replay a recorded game step by step.

    In a terminal, press Enter for each step ('a' shows the rest, 'q' quits); with input from a pipe,
    every step is printed.
    """
    console = make_console()
    with user_errors():
        game, record = load_record(file, number)
        index = None if seat is None else seat_index(seat, record.players)
    show_replay(game, record, index, console, wait=sys.stdin.isatty())
