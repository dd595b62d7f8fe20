"""Strength of the agents of every game: a tournament per game and player count, written as docs/strength.md.

Run from the repository root (it takes long with search agents: use --jobs):

    .venv/bin/python benchmarks/strength.py [--agents random,heuristic] [--games 200] [--jobs 2]
        [--game ID] [--seed 1] [--results FILE.jsonl ...] [--notes FILE.md] [--include FILE.json ...]
        [--write docs/strength.md]

For each game it plays `gangland tournament` between the agents (every agent in every seat equally
often) with 2 players where the game allows them, 4 players (Supergang: 3 and 4 gangs), and prints or
writes one table per row: games won with the 95% interval against the fair share, and the OpenSkill rating.
Then, from results saved by `benchmarks/pool.py` (--results, each file with the command that plays it
again): the search against the pool of opponents and the ladder of the lobby's levels, per game and
player count, and the two-player rows of every game against the targets (a game with no saved result says
so). Then the notes and the included tournaments. The page records the exact command that produced it.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from gangland.games import all_games, get
from gangland.sim import SimConfig
from gangland.tournament import tournament

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/pool.py, also under `python -P`
from pool import TARGET_LOW, TARGET_SHARE, describe, load, pool_rows, share_text, verdict_text


def player_counts(counts: tuple[int, ...]) -> list[int]:
    """The smallest player count (two where allowed; Supergang's three gangs) and four."""
    return sorted({min(counts), 4} & set(counts))


def section(result: dict[str, Any], heading: str) -> str:
    """A markdown table of one tournament, from its JSON form (`TournamentResult.to_json`)."""
    lines = [heading, "",
             "| rank | agent | win rate | 95% CI | fair share | mean score | ordinal | mu | sigma |",
             "|---|---|---|---|---|---|---|---|---|"]
    by_agent = {s["label"]: s for s in result["summary"]["by_agent"]}
    for rank, rating in enumerate(result["ratings"], start=1):
        s = by_agent[rating["agent"]]
        low, high = s["ci95"]
        lines.append(f"| {rank} | {rating['agent']} | {100 * s['win_rate']:.1f}% "
                     f"| {100 * low:.1f}-{100 * high:.1f}% | {100 * s['fair_share']:.1f}% "
                     f"| {s['mean_score']:.2f} | {rating['ordinal']:.2f} | {rating['mu']:.2f} "
                     f"| {rating['sigma']:.2f} |")
    return "\n".join(lines) + "\n"


def tournament_command(result: dict[str, Any]) -> str:
    """The `gangland tournament` command that plays a saved tournament again (add --jobs freely)."""
    words = ["gangland", "tournament", result["game"], "--agents", ",".join(result["agents"]),
             "--players", str(result["players"]), "--games", str(result["summary"]["games"]),
             "--seed", str(result["seed"])]
    for key, value in sorted(result["options"].items()):
        words += ["--option", f"{key}={json.dumps(value) if not isinstance(value, str) else value}"]
    return " ".join(shlex.quote(w) for w in words)


def included(path: Path) -> str:
    """A section for a tournament saved by `gangland tournament --json`, with the command that plays it."""
    result = json.loads(path.read_text(encoding="utf-8"))
    name = get(result["game"]).name
    heading = (f"### {name}, {result['players']} players, {result['summary']['games']} games\n\n"
               f"`{tournament_command(result)}` (saved as `{path.as_posix()}`)")
    return section(result, heading)


POOL_INTRO = f"""## The search against a pool of opponents, and the ladder of levels (issue 35)

Played and saved by `benchmarks/pool.py` (its docstring says how; each table gives the command that plays
it again, `--jobs N` spreads the games). **Pool:** for each seed and seat, the candidate (`ismcts` at its
default budget, or the spec named) sits in that seat with the pool member in every other seat, and on the
same seed and seat its rollout bot (the game's heuristic) sits there instead; the difference is paired by
seed and seat. Targets: against every member the candidate wins at least the share its rollout bot wins
("at least ... share?", PASS when the difference is not below 0: read its interval for how sure), and with 2
players it wins at least {100 * TARGET_SHARE:.0f}% against the heuristic with the 95% interval's lower end
above {100 * TARGET_LOW:.0f}%. **Ladder:** adjacent levels head to head, each agent in each seat equally
often; PASS when the higher level's interval lies above its fair share (50%). The lobby ranks a bot only
where its ladder passes (`gangland.server.people.LADDERS`): in Razzia!, Downtown and Protection Racket
Easy = `heuristic`, Medium = `ismcts:easy` (0.1 s a decision), Hard = `ismcts` (0.5 s) and Expert =
`ismcts:hard` (2 s); in Supergang Easy = `heuristic-careless` (the bot with lapses), Medium = `heuristic`
and Hard = `ismcts` (0.5 s).

**Budgets.** A time budget makes the moves depend on the machine's load, so the runs here play iteration
budgets instead (`ismcts:N`, N iterations a decision: the same games wherever they run, so the compiled
build, 2-3.5 times faster, plays them at no loss). N is what the time budget buys in the pure build on this
two-core machine: the median iterations of the search's decisions at 0.5 s against the heuristic bot
(`benchmarks/ismcts_budget.py GAME PLAYERS`, its docstring gives the figures): Razzia! 700 (2 players),
Downtown 300 (180 with 4 players), Protection Racket 70 (with its rollouts cut short since issue 35; with
whole rollouts, `+whole`, it was 44, and the runs at 50 are of that search). 0.1 s is a fifth of that and 2 s
four times: in the ladders `ismcts:N/5`, `ismcts:N` and `ismcts:4N` play those budgets (their level column
says "other", as for any name the lobby does not offer). A table of a few seeds is a pilot, played to learn
what a run costs: its intervals say how little it shows.
"""


def two_player_rows(paths: list[Path]) -> str:
    """Every game's two-player row against the targets, from the saved pool results (or "not played")."""
    lines = ["### Two players: the search against its rollout bot, every game", "",
             "| game | candidate | won against the rollout bot (95% CI) | 65%, low end > 55%? "
             "| members where it wins at least the bot's share | saved as |",
             "|---|---|---|---|---|---|"]
    found: dict[str, list[str]] = {}
    for path in paths:
        run, rows = load(path)
        if run is None or run.mode != "pool" or run.players != 2:
            continue
        table = pool_rows(run, rows)
        against = [row for row in table if row.against_rollout_bot]
        won = share_text(against[0].candidate) if against else "(not in the pool)"
        target = against[0].two_player_target if against else None
        passed = sum(row.at_least_bot is True for row in table)
        found.setdefault(run.game, []).append(
            f"| {get(run.game).name} | `{run.candidate}` | {won} "
            f"| {verdict_text(target)} | {passed} of {len(table)} "
            f"| `{path.as_posix()}` |")
    for game in all_games():
        if 2 not in game.player_counts:
            least = min(game.player_counts)
            lines.append(f"| {game.name} | | (no two-player game: {least} players at least) | | | |")
            continue
        lines += found.get(game.id, [f"| {game.name} | | not played yet | | | |"])
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="random,heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=None)
    parser.add_argument("--write", type=Path, default=None, help="write the page here")
    parser.add_argument("--include", type=Path, action="append", default=[],
                        help="a tournament saved with `gangland tournament --json`, added to the page "
                             "with the command that plays it again (repeatable)")
    parser.add_argument("--results", type=Path, action="append", default=[],
                        help="results saved by benchmarks/pool.py (a pool or a ladder), added to the page "
                             "with the command that plays them again (repeatable)")
    parser.add_argument("--notes", type=Path, default=None,
                        help="a markdown file whose text goes between the generated tables and the "
                             "included tournaments")
    args = parser.parse_args(argv)
    agents = tuple(a.strip() for a in args.agents.split(",") if a.strip())
    games = [g for g in all_games() if args.game in (None, g.id)]
    command = "python benchmarks/strength.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    parts = ["# Strength of the agents", "",
             "Generated by `" + command.strip() + "` (every agent in every seat equally often; ratings "
             "are OpenSkill Plackett-Luce, agents ranked by the ordinal mu - 3 sigma).", ""]
    for game in games:
        parts.append(f"## {game.name}\n")
        for players in player_counts(game.player_counts):
            config = SimConfig(game.id, players, agents, args.games, args.seed)
            started = time.perf_counter()
            result = tournament(config, jobs=args.jobs)
            heading = (f"### {game.name}, {players} players, {args.games} games "
                       f"({time.perf_counter() - started:.0f} s)")
            text = section(result.to_json(), heading)
            print(text, flush=True)
            parts.append(text)
    if args.results:
        parts.append(POOL_INTRO)
        parts.append(two_player_rows(args.results))
        for path in args.results:
            text = describe(path)
            print(text, flush=True)
            parts.append(text)
    if args.notes is not None:
        parts.append(args.notes.read_text(encoding="utf-8"))
    for path in args.include:
        text = included(path)
        print(text, flush=True)
        parts.append(text)
    page = "\n".join(parts)
    if args.write is not None:
        args.write.write_text(page, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
