"""`gangland render`: one view of a game as text, or as an SVG file for games that draw their board."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gangland.engine import Game, OptionError, State, plain_names, seat_label
from gangland.engine.svg import LAYOUTS, fill_drawing
from gangland.games import get

from .common import (
    PlayersOption,
    RuleOptions,
    default_players,
    fail,
    parse_options,
    seat_index,
    shown,
    user_errors,
)
from .replay import pick_record

DEFAULT_SEED = 1
"""The seed of a new game when none is given: a render is for looking at, so it is repeatable."""


def record_state(game: Game, path: Path, step: int | None, number: int = 1) -> tuple[State, str]:
    """The state of record `number` in `path` after `step` actions (default: all) and a line saying
    which; GanglandError if the record is unreadable, of another game, or `step` is out of range."""
    record = pick_record(path, number)
    if record.game != game.id:
        raise OptionError(f"{str(path)!r} records a game of {record.game}, not {game.id}")
    total = len(record.actions)
    if step is not None and not 0 <= step <= total:
        raise OptionError(f"--step must be 0 to {total} for this record, not {step}")
    state = record.replay(game, step)
    return state, f"step {total if step is None else step} of {total} of {path}"


def new_state(game: Game, players: int | None, seed: int | None,
              options: list[str] | None) -> tuple[State, str]:
    """A new game from the command line and a line saying which; GanglandError on bad input."""
    count = default_players(game) if players is None else players
    chosen = DEFAULT_SEED if seed is None else seed
    state = game.new_game(count, chosen, parse_options(options, game))
    return state, f"new game, {count} players, seed {chosen}"


def render_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. supergang.",
                                           show_default=False)],
    record: Annotated[Path | None, typer.Option(
        "--record", "-r", metavar="FILE", show_default=False,
        help="A game record (from play or simulate --out); default: a new game.")] = None,
    step: Annotated[int | None, typer.Option(
        "--step", "-n", show_default=False,
        help="With --record: the state after this many steps (default: the end).")] = None,
    number: Annotated[int, typer.Option(
        "--game", "-g", help="With --record: which game of a file holding several, from 1.")] = 1,
    players: PlayersOption = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", "-s", show_default=False, help=f"New game seed (default: {DEFAULT_SEED}).")] = None,
    option: RuleOptions = None,
    seat: Annotated[int | None, typer.Option(
        "--seat", show_default=False,
        help="Render this seat's view, the seat counted from 1 (default: a spectator's).")] = None,
    svg: Annotated[Path | None, typer.Option(
        "--svg", metavar="FILE", show_default=False,
        help="Write the board as SVG to FILE (games that draw their board) instead of printing text.")]
    = None,
    layout: Annotated[str, typer.Option(
        "--layout", help="With --svg: wide, or narrow (a phone's layout).")] = "wide",
) -> None:
    """Show one view of a game: a new game's start, or a recorded game after some steps.

    Prints the game's text rendering, or with --svg writes its board drawing to a file. Seats are named
    "Seat 1", "Seat 2" and so on, in the text and in the drawing.
    """
    with user_errors():
        game = get(game_id)
        if record is not None:
            extra = [flag for flag, value in (("--players", players), ("--seed", seed), ("--option", option))
                     if value is not None and value != []]
            if extra:
                raise OptionError(f"{extra[0]} sets up a new game; it cannot be used with --record")
            state, where = record_state(game, record, step, number)
        else:
            if step is not None:
                raise OptionError("--step needs --record FILE")
            state, where = new_state(game, players, seed, option)
        index = None if seat is None else seat_index(seat, state.players)
        view = state.view(index)
        if svg is None:
            viewer = "a spectator" if index is None else seat_label(index)
            typer.echo(f"{game.name}: {where}, as seen by {viewer}")
            typer.echo(shown(game.render(view), state.players, index))
            return
        if layout not in LAYOUTS:
            raise OptionError(f"--layout must be {' or '.join(LAYOUTS)}, not {layout!r}")
        drawing = fill_drawing(game.svg(view, layout), plain_names(state.players), index)
    try:
        svg.write_text(drawing, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {str(svg)!r}: {exc.strerror or exc}", code=1)
    typer.echo(f"wrote {svg} ({game.name}: {where})")
