"""The `gangland` command line: play a game in the terminal, simulate bot games, replay records.

Built on Typer and Rich. The commands use only the engine contract (Game, State, views, render,
narrate, action names, results) and `make_agent`, so they work for every registered game.
"""

from __future__ import annotations

from typing import Annotated

import typer

import gangland.rl  # noqa: F401  (adds rl's agents, openspiel-ismcts and policy:PATH, to make_agent)
from gangland import __version__
from gangland.engine.compiled import build

from .database import backup_command, db_app, restore_command
from .encoding import encoding_command
from .games import games_command
from .play import play_command
from .render import render_command
from .replay import replay_command
from .report import report_command
from .serve import serve_command
from .simulate import simulate_command
from .tournament import tournament_command

app = typer.Typer(
    name="gangland",
    help="Gangster-themed board games: play against bots, simulate, hold tournaments, replay.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"gangland {__version__} ({build()})")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and the build (compiled with mypyc, "
                                               "or pure Python), and exit.")] = False,
) -> None:
    """Gangster-themed board games: play against bots, simulate, hold tournaments, replay."""


app.command("play")(play_command)
app.command("simulate")(simulate_command)
app.command("replay")(replay_command)
app.command("games")(games_command)
app.command("render")(render_command)
app.command("tournament")(tournament_command)
app.command("report")(report_command)
app.command("serve")(serve_command)
app.command("encoding")(encoding_command)
app.command("backup")(backup_command)
app.command("restore")(restore_command)
app.add_typer(db_app)


def main() -> None:
    """The console script's entry point."""
    app()


__all__ = ["app", "main"]
