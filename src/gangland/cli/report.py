"""`gangland report`: a balance report (HTML page, plots as PNG and SVG, report.json) from many bot games."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from gangland.engine import GanglandError
from gangland.sim import BACKENDS

from .common import (
    INTERRUPTED,
    AgentsOption,
    BaseSeedOption,
    GamesProgress,
    JobsOption,
    PlayersOption,
    RuleOptions,
    fail,
    make_console,
    user_errors,
)
from .simulate import build_config


def report_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. razzia.", show_default=False)],
    out: Annotated[Path, typer.Option("--out", metavar="DIR", show_default=False,
                                      help="Folder of the report: index.html, report.json, plots/, and the "
                                           "game records it resumes from when run again.")],
    games: Annotated[int, typer.Option("--games", "-n", help="Games (per side of a comparison).")] = 400,
    players: PlayersOption = None,
    agents: AgentsOption = None,
    seed: BaseSeedOption = 0,
    jobs: JobsOption = 1,
    backend: Annotated[str, typer.Option(
        "--backend", help=f"Where games are played: {' or '.join(BACKENDS)}.")] = "process",
    compare: Annotated[str | None, typer.Option(
        "--compare", metavar="NAME=A,B", show_default=False,
        help="Compare two values of an option (edition=2013,current) or two agent line-ups "
             "(agents=heuristic/random,heuristic) on the same seeds, in one report.")] = None,
    option: RuleOptions = None,
) -> None:
    """Play many bot games and write a balance report: win rate by seat with intervals and a test of
    significance, score distributions, margins and ties, game length, the score breakdown of winners
    and the rest, and the game's own events, as plots and tables.

    Records are saved in DIR as the games come in: run the same command again after an interruption
    and it plays only the games still missing. Needs matplotlib: pip install 'gangland[report]'.
    """
    from gangland.report.build import build_report, report_sides

    console = make_console()
    errors = make_console(stderr=True)
    found, config = build_config(game, games, players, agents, seed, option)
    with user_errors():
        sides = report_sides(config, compare)
    command = "gangland report " + shlex.join(sys.argv[2:]) if sys.argv[1:2] == ["report"] else ""
    if not command:
        command = _command_text(found.id, config.players, config.agents, games, seed, jobs, backend, compare,
                                option, out)
    total = games * len(sides)
    started = time.perf_counter()
    progress = GamesProgress(errors, found.name, total)

    try:
        with progress:
            data = build_report(config, out, compare=compare, jobs=jobs, backend=backend, command=command,
                                on_record=progress.show)
    except KeyboardInterrupt:
        done = progress.done
        errors.print(f"Interrupted after {done} of {total} games; their records are in {out}: run the same "
                     "command again to go on.")
        raise typer.Exit(INTERRUPTED) from None
    except GanglandError as exc:
        fail(exc)
    except OSError as exc:
        fail(f"cannot write the report in {str(out)!r}: {exc}")
    run = data["run"]
    console.print(f"{found.name}: report of {total:,} games in {out / 'index.html'} "
                  f"({run['games_played']:,} played, {run['games_loaded']:,} loaded; "
                  f"{time.perf_counter() - started:.1f} s)")


def _command_text(game: str, players: int, agents: tuple[str, ...], games: int, seed: int, jobs: int,
                  backend: str, compare: str | None, option: list[str] | None, out: Path) -> str:
    """The command that makes this report, when it was not run from the command line (tests)."""
    words = ["gangland", "report", game, "--players", str(players), "--agents", ",".join(agents),
             "--games", str(games), "--seed", str(seed), "--jobs", str(jobs)]
    if backend != "process":
        words += ["--backend", backend]
    for item in option or ():
        words += ["--option", item]
    if compare:
        words += ["--compare", compare]
    return shlex.join([*words, "--out", str(out)])
