"""`gangland simulate`: many games between bots, with win rates and their confidence intervals."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Annotated, TypeVar

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gangland.agents import agent_names
from gangland.engine import Game, GameRecord, OptionError
from gangland.games import get
from gangland.sim import SimConfig, Summary, WinStats, simulate

from .common import (
    INTERRUPTED,
    AgentsOption,
    BaseSeedOption,
    GamesProgress,
    JobsOption,
    PlayersOption,
    RuleOptions,
    default_players,
    fail,
    make_console,
    option_text,
    parse_names,
    parse_options,
    user_errors,
)


def stats_table(title: str, first: str, rows: tuple[WinStats, ...], seats: bool) -> Table:
    """Win rate with its 95% interval, fair share and mean score, one row per agent or seat."""
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    table.add_column(first, no_wrap=True)
    # Figures are never cut short: the table is narrow enough for 80 columns without wrapping them.
    table.add_column("games", justify="right", no_wrap=True)
    if seats:
        table.add_column("seats", justify="right", no_wrap=True)
    for column in ("wins", "win rate", "95% CI", "fair share", "score"):
        table.add_column(column, justify="right", no_wrap=True, min_width=len(column))
    for row in rows:
        low, high = row.interval
        wins = f"{row.wins:,.0f}" if row.wins == int(row.wins) else f"{row.wins:,.2f}"
        counts = [f"{row.games:,}", f"{row.seats_played:,}"] if seats else [f"{row.games:,}"]
        table.add_row(row.label, *counts, wins, f"{100 * row.win_rate:.1f}%",
                      f"{100 * low:.1f}-{100 * high:.1f}%", f"{100 * row.fair_share:.1f}%",
                      f"{row.mean_score:.2f}")
    return table


def print_summary(console: Console, name: str, config: SimConfig, summary: Summary, seconds: float) -> None:
    """The per-agent and per-seat tables and the game lengths."""
    head = f"{name}: {summary.games} games, {summary.players} players, seed {config.seed}"
    console.print(Text.assemble((head, "bold"), f"  ({seconds:.1f} s)"))
    if config.options:
        options = ", ".join(f"{k}={option_text(v)}" for k, v in config.options.items())
        console.print(Text(f"options: {options}", style="dim"))
    console.print()
    console.print(stats_table("By agent", "agent", summary.by_agent, seats=True))
    console.print()
    console.print(stats_table("By seat", "seat", summary.by_seat, seats=False))
    console.print()
    console.print(f"Game length: mean {summary.mean_length:.1f} decisions "
                  f"(min {summary.min_steps}, max {summary.max_steps})")
    notes = ("Win rate is the share of games won (an agent holding several seats wins when any of them "
             "does); fair share is the rate if every seat were equally strong. A win shared by k seats "
             "counts 1/k. Intervals are Wilson 95% over games. Score is the mean final score per seat.")
    if summary.unfinished:
        notes += f" {summary.unfinished} games did not finish."
    console.print(Text(notes, style="dim"))


R = TypeVar("R")


def build_config(game: str, games: int, players: int | None, agents: str | None, seed: int,
                 option: list[str] | None) -> tuple[Game, SimConfig]:
    """The game and a checked run configuration from the command's arguments (a usage error otherwise)."""
    with user_errors():
        found = get(game)
        if players is None:
            players = default_players(found)
        names = parse_names(agents) if agents is not None else agent_names(found, search=False)
        if games < 0:
            raise OptionError(f"--games must be 0 or more, not {games}")
        config = SimConfig(game, players, tuple(names), games, seed, parse_options(option, found))
        config.check()
        found.new_game(players, seed, config.options)  # options checked only at set-up (a deck file)
    return found, config


def run_with_progress(console: Console, name: str, games: int, out: Path | None,
                      run: Callable[[Callable[[int, GameRecord], None]], R]) -> R:
    """Call `run(on_record)` under a progress bar, writing each record to `out` (JSON lines) if given;
    Ctrl-C stops it and says how many games were done."""
    with contextlib.ExitStack() as stack:
        sink: IO[str] | None = None
        if out is not None:
            try:
                sink = stack.enter_context(out.open("w", encoding="utf-8"))
            except OSError as exc:
                fail(f"cannot write {str(out)!r}: {exc}")
        progress = stack.enter_context(GamesProgress(console, name, games))
        done = 0

        def on_record(index: int, record: GameRecord) -> None:
            nonlocal done
            if sink is not None:
                sink.write(record.dumps() + "\n")
            done += 1
            progress.show(done)

        try:
            return run(on_record)
        except KeyboardInterrupt:
            progress.bar.stop()
            console.print(f"Interrupted after {done} games" + (f"; {done} records in {out}" if out else ""))
            raise typer.Exit(INTERRUPTED) from None


def simulate_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. razzia.", show_default=False)],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    players: PlayersOption = None,
    agents: AgentsOption = None,
    seed: BaseSeedOption = 0,
    jobs: JobsOption = 1,
    out: Annotated[Path | None, typer.Option("--out", metavar="FILE.jsonl", show_default=False,
                                             help="Write every game record, one JSON line each.")] = None,
    option: RuleOptions = None,
) -> None:
    """Play many games between bots and report win rates per agent and per seat.

    Agents rotate through the seats game by game. Results depend only on the game, players, agents,
    options, number of games and seed, never on --jobs.
    """
    console = make_console()
    found, config = build_config(game, games, players, agents, seed, option)
    started = time.perf_counter()
    run = run_with_progress(
        console, found.name, games, out,
        lambda on_record: simulate(config, jobs=jobs, on_record=on_record, keep_records=False))
    print_summary(console, found.name, config, run.summary, time.perf_counter() - started)
    if out is not None:
        console.print(Text(f"{games} records written to {out}", style="dim"))
