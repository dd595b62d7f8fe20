"""`gangland encoding`: a game's observation layout for learning agents (issue 20), as a Markdown table."""

from __future__ import annotations

from typing import Annotated

import typer

from gangland.engine import OptionError
from gangland.games import get

from .common import PlayersOption, RuleOptions, parse_options, user_errors


def encoding_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. razzia.", show_default=False)],
    players: PlayersOption = None,
    option: RuleOptions = None,
) -> None:
    """Print the layout of a game's observation vector (which slice means what) as a Markdown table.

    Without --players, the largest table the game has: docs/rl/GAME.md holds that table for the default
    options.
    """
    with user_errors():
        game = get(game_id)
        if game.encoding is None:
            raise OptionError(f"{game.id} has no observation encoding")
        count = max(game.player_counts) if players is None else players
        game.check_players(count)
        layout = game.encoding.layout(count, game.resolve_options(parse_options(option, game)))
        typer.echo(f"{game.name}, {count} players: {layout.size} values")
        typer.echo("")
        typer.echo(layout.markdown())
