"""`gangland tournament`: agents against each other in every seat, with win rates and OpenSkill ratings."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from gangland.engine import OptionError
from gangland.sim import BACKENDS
from gangland.tournament import AgentRating, tournament

from .common import BaseSeedOption, JobsOption, PlayersOption, RuleOptions, fail, make_console, user_errors
from .simulate import build_config, print_summary, run_with_progress


def ratings_table(ratings: tuple[AgentRating, ...]) -> Table:
    """One row per agent, best first: ordinal (mu - 3 sigma), mu, sigma, games rated."""
    table = Table(title="Ratings (OpenSkill, Plackett-Luce)", title_justify="left", show_edge=False,
                  pad_edge=False)
    table.add_column("rank", justify="right", no_wrap=True)
    table.add_column("agent", no_wrap=True)
    for column in ("ordinal", "mu", "sigma", "games"):
        table.add_column(column, justify="right", no_wrap=True)
    for rank, row in enumerate(ratings, start=1):
        table.add_row(str(rank), row.agent, f"{row.ordinal:.2f}", f"{row.mu:.2f}", f"{row.sigma:.2f}",
                      f"{row.games:,}")
    return table


def tournament_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. razzia.", show_default=False)],
    agents: Annotated[str, typer.Option(
        "--agents", "-a", show_default=False,
        help="Agents, comma-separated (at least two), each in every seat equally often.")],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    players: PlayersOption = None,
    seed: BaseSeedOption = 0,
    jobs: JobsOption = 1,
    backend: Annotated[str, typer.Option(
        "--backend", help=f"Where games are played: {' or '.join(BACKENDS)} (Ray: pip install "
                          "'gangland[ray]'; it joins the cluster ray.init() finds, else starts a local one).")
    ] = "process",
    json_out: Annotated[Path | None, typer.Option(
        "--json", metavar="FILE.json", show_default=False,
        help="Write the results (win rates, intervals, scores, ratings) as JSON.")] = None,
    out: Annotated[Path | None, typer.Option("--out", metavar="FILE.jsonl", show_default=False,
                                             help="Write every game record, one JSON line each.")] = None,
    option: RuleOptions = None,
) -> None:
    """Rank agents on one scale: win rates with 95% intervals, mean scores and OpenSkill ratings.

    Seats rotate game by game so that every agent sits in every seat equally often (over any multiple of
    the number of agents). Results depend only on the game, players, agents, options, number of games and
    seed, never on --jobs or --backend.
    """
    console = make_console()
    found, config = build_config(game, games, players, agents, seed, option)
    with user_errors():
        if len(set(config.agents)) < 2:
            raise OptionError("a tournament needs at least two different agents")
        if backend not in BACKENDS:
            raise OptionError(f"no backend {backend!r}; choose from: {', '.join(BACKENDS)}")
    started = time.perf_counter()
    with user_errors():
        result = run_with_progress(console, found.name, games, out,
                                   lambda on_record: tournament(config, jobs, backend, on_record))
    print_summary(console, found.name, config, result.summary, time.perf_counter() - started)
    console.print()
    console.print(ratings_table(result.ratings))
    console.print(Text("Agents are ranked by the ordinal mu - 3 sigma, a conservative estimate of skill; "
                       "in each game an agent is placed by the best rank of its seats.", style="dim"))
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {str(json_out)!r}: {exc}")
        console.print(Text(f"results written to {json_out}", style="dim"))
