"""`gangland games`: the registered games, their player counts, versions, agents and rule options."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gangland.agents import agent_names
from gangland.engine import Game
from gangland.games import all_games

from .common import make_console, option_text

FREE_KINDS = {"int": "whole number", "str": "text", "float": "number"}
"""What a free option (OptionSpec.free) takes, by the type of its default."""


def player_text(counts: tuple[int, ...]) -> str:
    """`2-5` for a run of counts, else `2, 4`."""
    ordered = sorted(counts)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(str(n) for n in ordered)


def game_panel(game: Game) -> Panel:
    """One game's description."""
    info = game.describe()
    players = player_text(tuple(info["players"]))
    head = Text.assemble((info["id"], "bold cyan"), f"  {info['name']}  version {info['version']}  ",
                         f"{players} players  agents: {', '.join(agent_names(game))}")
    parts: list[Text | Table] = [head]
    if info["options"]:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column(ratio=1)
        for spec in info["options"]:
            others = [option_text(c) for c in spec["choices"] if c != spec["default"]]
            if spec["free"]:
                others = [f"any {FREE_KINDS.get(type(spec['default']).__name__, 'value')}"]
            values = Text.assemble(("= ", "dim"), (option_text(spec["default"]) or '""', "green"),
                                   ("  (or " + ", ".join(others) + ")" if others else "", "dim"))
            table.add_row(spec["name"], values)
            table.add_row("", Text(spec["doc"], style="italic"))
        parts.append(table)
    return Panel(Group(*parts), expand=True, border_style="cyan")


def games_command() -> None:
    """List the registered games with their player counts, versions, agents and rule options."""
    console = make_console()
    registered = all_games()
    if not registered:
        console.print("No games are registered.")
    for game in registered:
        console.print(game_panel(game))
    example = next((game for game in registered if game.options), None)
    if example is not None:
        spec = example.options[0]
        value = next((c for c in spec.choices if c != spec.default), spec.default)
        console.print(Text(f"Set an option with --option NAME=VALUE, e.g. gangland play {example.id} "
                           f"--option {spec.name}={option_text(value)}", style="dim"))
