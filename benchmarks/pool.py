"""The search against a pool of opponents, and the ladder of the lobby's levels: games played and saved as
JSON lines, resumed, and the tables docs/strength.md shows (issue 35).

Run from the repository root (with a checkout's own `src`: `PYTHONPATH=$PWD/src .venv/bin/python -P ...`):

    .venv/bin/python benchmarks/pool.py pool GAME [--players P] [--candidate ismcts] [--rollout-bot heuristic]
        [--pool random,heuristic,...] [--games N] [--seed S] [--option KEY=VALUE ...] [--jobs J]
        [--results FILE.jsonl]
    .venv/bin/python benchmarks/pool.py ladder GAME [--players P] [--levels heuristic,ismcts:easy,ismcts]
        [--games N] [--seed S] [--option KEY=VALUE ...] [--jobs J] [--results FILE.jsonl]
    .venv/bin/python benchmarks/pool.py show FILE.jsonl [FILE.jsonl ...]   (tables and costs; plays nothing)

**pool.** For each seed (game i of the run has seed `game_seed(S, i)`, as every simulation here), each pool
member X and each seat k it plays the same deal and dice twice: the candidate (C, default `ismcts`, the
search at its default budget) in seat k with X in every other seat, and C's rollout bot (R, default the
game's `heuristic`) in seat k with X in every other seat. The agent in seat s always has the seed
`agent_seed(seed, s)` (`gangland.sim.play_seated`), so X plays the same way in both games until the
tested seat's moves differ. A game whose seats are all alike (R among R) is played once for every seat.
The default pool: `random`, the game's `heuristic`, its style variants (the game's bots named
`heuristic-<style>`), and `openspiel-ismcts` where OpenSpiel can play the game fast enough
(`OPENSPIEL_GAMES`: Razzia! and Protection Racket).

Per member it gives C's share of wins in the tested seat and R's (Wilson 95% intervals), their paired
difference (seed by seed and seat by seat; normal 95% interval, `gangland.report.stats.paired_difference`)
and two verdicts: "at least the bot's share" (PASS when the difference is not below 0; the interval says
how sure), and with 2 players against R itself, the issue's target: C wins at least 65% with the
interval's lower end above 55%.

**ladder.** For each pair of adjacent levels (default the game's ranked levels in the lobby, from
`gangland.server.people.LADDERS`) and each seed it plays the pair head to head twice, seated as
`gangland.sim.seating` rotates them (each agent in each seat once), and gives the higher level's share of
the games (a game's share is what its seats won) with its Wilson interval against the fair share (50%):
PASS when the interval lies above it.

**Results.** The file's first line is the run (mode, game, players, agents, seed, options, the game's
version); every other line is one game: its index, seats, each seat's share of the win (1/k for each of k
winners), scores, decisions, seconds and the commit it was played at. Run again with the same arguments,
it plays only the games missing (a half-written last line is played again); with a larger --games it plays
the seeds added. A file holds one run: other arguments are refused. Default file:
docs/strength/pool/MODE-GAME-Pp.jsonl (.gitignore leaves out *.jsonl: commit results with `git add -f`).
The analysis counts only complete seeds (every game of the seed saved). Seconds are measured, never used:
the printed cost (seconds a game, by line-up) is for planning CPU time. A time budget (`ismcts`, 0.5 s a
decision) makes games depend on the machine's load; `ismcts:N` (N iterations a decision) plays the same
games wherever it runs.

A benchmark prints and saves; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gangland.cli.common import parse_options
from gangland.engine import JSON, Game
from gangland.games import get
from gangland.report.stats import Comparison, paired_difference
from gangland.rl import OPENSPIEL_ISMCTS, openspiel_available
from gangland.server.people import LADDERS, bot_level
from gangland.sim import SimConfig, WinStats, game_seed, play_seated, seating

MODES = ("pool", "ladder")
CANDIDATE = "ismcts"
"""The agent measured against the pool by default: the search at its default budget."""
ROLLOUT_BOT = "heuristic"
"""The candidate's rollout bot, the yardstick of the pool's first target."""
OPENSPIEL_GAMES = ("razzia", "protection-racket")
"""The games where `openspiel-ismcts` joins the default pool: there a decision takes well under a second
(200 simulations, 2-4 players: Razzia! 0.5-0.8 s, Protection Racket 0.3-0.7 s on the shared 2-core machine,
2026-11-29). Its random rollouts make it too slow elsewhere: 7.5-8.8 s a decision in three-gang Supergang
(some 300 decisions a seat and game), and more than 200 s for 10 simulations in two-player Downtown, whose
random games run for thousands of decisions. `--pool` can still name it."""
STYLE_PREFIX = "heuristic-"
"""The game's bots named so are style variants of its heuristic bot, pool members by default."""
TARGET_SHARE = 0.65
"""With 2 players the candidate wins at least this share against its rollout bot..."""
TARGET_LOW = 0.55
"""... with the 95% interval's lower end above this."""
RESULTS = Path("docs/strength/pool")
"""Where results go by default, one file a mode, game and player count."""
ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Run:
    """What a results file plays: the mode, the game, the agents and the seed (not the number of seeds,
    which a later run may raise)."""

    mode: str
    game: str
    players: int
    agents: tuple[str, ...]
    """pool: the candidate, its rollout bot, then the pool; ladder: the levels, lowest first."""
    seed: int = 1
    options: Mapping[str, JSON] = field(default_factory=dict)
    game_version: str | None = None
    """The game's version the results were played with (None: the installed one)."""

    @property
    def candidate(self) -> str:
        """pool: the agent measured."""
        return self.agents[0]

    @property
    def rollout_bot(self) -> str:
        """pool: the yardstick, the candidate's rollout bot."""
        return self.agents[1]

    @property
    def pool(self) -> tuple[str, ...]:
        """pool: the opponents."""
        return self.agents[2:]

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """The ladder's adjacent levels, lower first."""
        return list(zip(self.agents, self.agents[1:], strict=False))

    def check(self) -> Game:
        """The game, once players, options and every agent are known to be valid (OptionError else)."""
        if self.mode not in MODES:
            raise ValueError(f"no mode {self.mode!r}; choose from {', '.join(MODES)}")
        if len(self.agents) < (3 if self.mode == "pool" else 2):
            raise ValueError("a pool needs a candidate, a rollout bot and a member; a ladder two levels")
        return SimConfig(self.game, self.players, self.agents, 0, self.seed, dict(self.options)).check()

    def header(self) -> dict[str, Any]:
        """The results file's first line."""
        version = self.game_version or get(self.game).version
        return {"run": self.mode, "game": self.game, "game_version": version,
                "players": self.players, "agents": list(self.agents), "seed": self.seed,
                "options": dict(self.options)}

    @classmethod
    def from_header(cls, data: Mapping[str, Any]) -> Run:
        """The run a results file's first line describes."""
        return cls(data["run"], data["game"], data["players"], tuple(data["agents"]), data["seed"],
                   dict(data["options"]), data.get("game_version"))


def default_pool(game: Game) -> list[str]:
    """random, the heuristic, its style variants, and OpenSpiel's IS-MCTS where it can play the game at a
    cost a run can afford (`OPENSPIEL_GAMES`)."""
    styles = sorted(name for name in game.bots if name.startswith(STYLE_PREFIX))
    openspiel = openspiel_available(game) and game.id in OPENSPIEL_GAMES
    return ["random", ROLLOUT_BOT, *styles, *([OPENSPIEL_ISMCTS] if openspiel else [])]


def lobby_levels(game: str) -> list[str]:
    """The agents of the lobby's ranked levels of `game`, weakest first (`gangland.server.people.LADDERS`)."""
    return list(LADDERS.get(game, ()))


def lineup(tested: str, opponent: str, seat: int, players: int) -> tuple[str, ...]:
    """`tested` in `seat`, `opponent` in every other seat.

    >>> lineup("ismcts", "random", 1, 3)
    ('random', 'ismcts', 'random')
    """
    return tuple(tested if s == seat else opponent for s in range(players))


def seed_games(run: Run, index: int) -> list[tuple[str, ...]]:
    """The line-ups played on seed `index`, each once, in the order they are played."""
    games: dict[tuple[str, ...], None] = {}
    if run.mode == "pool":
        for opponent in run.pool:
            for seat in range(run.players):
                for tested in (run.candidate, run.rollout_bot):
                    games[lineup(tested, opponent, seat, run.players)] = None
    else:
        for pair in run.pairs:
            for turn in range(len(pair)):
                games[tuple(seating(pair, run.players, turn))] = None
    return list(games)


Key = tuple[int, tuple[str, ...]]
"""A game of a run: its seed's index and its line-up."""


Task = tuple[str, int, int, tuple[str, ...], Mapping[str, JSON], str]
"""A game to play: the game id, the seed's index, the game's seed, the line-up, the options, the commit."""


def play_task(task: Task) -> dict[str, Any]:
    """One game: a results line."""
    game_id, index, seed, names, options, commit = task
    started = time.perf_counter()
    record = play_seated(game_id, seed, names, options)
    seconds = time.perf_counter() - started
    result = record.result
    if result is None:
        raise RuntimeError(f"{game_id} game {index} ({', '.join(names)}) did not end")
    shares = [1.0 / len(result.winners) if seat in result.winners else 0.0 for seat in range(len(names))]
    return {"index": index, "seats": list(names), "shares": shares, "scores": list(result.scores),
            "decisions": len(record.actions), "seconds": round(seconds, 3), "commit": commit}


def commit_here() -> str:
    """The commit of this checkout, `-dirty` when it has changes ("unknown" outside git)."""
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], check=True,
                              capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "src"], check=True,
                               capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("-dirty" if dirty else "")


def load(path: Path) -> tuple[Run | None, dict[Key, dict[str, Any]]]:
    """A results file's run and its games by key; a broken line (an interrupted write) and everything
    after it are dropped from the file, to be played again."""
    if not path.exists():
        return None, {}
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    run: Run | None = None
    rows: dict[Key, dict[str, Any]] = {}
    kept = 0
    for line in lines:
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            break
        if not line.endswith("\n"):
            break
        if run is None:
            run = Run.from_header(data)
        else:
            rows[(data["index"], tuple(data["seats"]))] = data
        kept += 1
    if kept != len(lines):
        path.write_text("".join(lines[:kept]), encoding="utf-8")
    return run, rows


def play(run: Run, games: int, path: Path, jobs: int = 1) -> dict[Key, dict[str, Any]]:
    """Every game of seeds 0..games-1 of `run`: the saved ones, and the missing ones played (appended to
    `path` as each ends). ValueError if `path` holds another run."""
    run.check()
    saved, rows = load(path)
    header = run.header()
    if saved is not None and saved.header() != header:
        raise ValueError(f"{path} holds another run ({json.dumps(saved.header())}): give this one its own "
                         "--results file")
    commit = commit_here()
    tasks: list[Task] = [(run.game, index, game_seed(run.seed, index), names, dict(run.options), commit)
             for index in range(games) for names in seed_games(run, index) if (index, names) not in rows]
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as sink:
        if saved is None:
            sink.write(json.dumps(header) + "\n")
            sink.flush()
        for row in _played(tasks, jobs):
            sink.write(json.dumps(row) + "\n")
            sink.flush()  # a game on disk is a game a rerun need not play again
            rows[(row["index"], tuple(row["seats"]))] = row
            print(f"\r{run.game} {run.mode}: {len(rows)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return rows


def _played(tasks: Sequence[Task], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        yield from map(play_task, tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as workers:
        yield from workers.map(play_task, tasks, chunksize=1)


def complete_seeds(run: Run, rows: Mapping[Key, Any]) -> list[int]:
    """The seeds of which every game is saved, in order (from 0 until the first incomplete one)."""
    seeds = []
    index = 0
    while all((index, names) in rows for names in seed_games(run, index)):
        seeds.append(index)
        index += 1
    return seeds


def share_text(stats: WinStats) -> str:
    """"30 of 40, 75.0% (59.8-85.8%)": games won, the share and its Wilson 95% interval."""
    low, high = stats.interval
    return f"{stats.wins:g} of {stats.games}, {100 * stats.win_rate:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


@dataclass(frozen=True)
class PoolRow:
    """The candidate and its rollout bot in the same seats of the same seeds among one pool member."""

    opponent: str
    players: int
    candidate: WinStats
    """The candidate's wins in the tested seat, seat-game by seat-game."""
    rollout_bot: WinStats
    difference: Comparison
    """The candidate's share minus the rollout bot's, paired by seed and seat."""
    against_rollout_bot: bool
    """Whether the member is the rollout bot itself (where the 2-player target applies)."""

    @property
    def at_least_bot(self) -> bool | None:
        """The first target: the candidate wins at least the share its rollout bot wins (None before any
        game)."""
        return self.difference.estimate >= 0 if self.candidate.games else None

    @property
    def two_player_target(self) -> bool | None:
        """With 2 players against the rollout bot: at least 65% with the interval's lower end above 55%
        (None where the target does not apply)."""
        if self.players != 2 or not self.against_rollout_bot or not self.candidate.games:
            return None
        return self.candidate.win_rate >= TARGET_SHARE and self.candidate.interval[0] > TARGET_LOW


def _tested(agent: str, wins: list[float], players: int) -> WinStats:
    """One agent's wins in the tested seat, a seat-game at a time."""
    return WinStats(agent, len(wins), len(wins), sum(wins), 0.0, players)


def pool_rows(run: Run, rows: Mapping[Key, Mapping[str, Any]]) -> list[PoolRow]:
    """A row per pool member over the complete seeds."""
    seeds = complete_seeds(run, rows)
    table = []
    for opponent in run.pool:
        mine: list[float] = []
        bots: list[float] = []
        for index in seeds:
            for seat in range(run.players):
                for tested, wins in ((run.candidate, mine), (run.rollout_bot, bots)):
                    wins.append(rows[(index, lineup(tested, opponent, seat, run.players))]["shares"][seat])
        table.append(PoolRow(opponent, run.players, _tested(run.candidate, mine, run.players),
                             _tested(run.rollout_bot, bots, run.players), paired_difference(mine, bots),
                             opponent == run.rollout_bot))
    return table


@dataclass(frozen=True)
class LadderRow:
    """Two adjacent levels head to head: the higher level's share of the games."""

    lower: str
    higher: str
    higher_share: WinStats
    """The higher level's games won (its seats' shares added up) and its fair share."""

    @property
    def verdict(self) -> str:
        """"higher" (its interval above the fair share), "lower" (below it) or "tie not excluded"."""
        low, high = self.higher_share.interval
        fair = self.higher_share.fair_share
        return "higher" if low > fair else "lower" if high < fair else "tie not excluded"


def ladder_rows(run: Run, rows: Mapping[Key, Mapping[str, Any]]) -> list[LadderRow]:
    """A row per adjacent pair over the complete seeds."""
    seeds = complete_seeds(run, rows)
    table = []
    for lower, higher in run.pairs:
        won = 0.0
        seats_held = 0
        games = 0
        for index in seeds:
            for turn in range(2):
                names = tuple(seating((lower, higher), run.players, turn))
                shares = rows[(index, names)]["shares"]
                won += sum(share for name, share in zip(names, shares, strict=True) if name == higher)
                seats_held += names.count(higher)
                games += 1
        table.append(LadderRow(lower, higher, WinStats(higher, games, seats_held, won, 0.0, run.players)))
    return table


def command(run: Run, games: int, path: Path) -> str:
    """The command that plays a results file again (add --jobs freely)."""
    words = ["python", "benchmarks/pool.py", run.mode, run.game, "--players", str(run.players)]
    if run.mode == "pool":
        words += ["--candidate", run.candidate, "--rollout-bot", run.rollout_bot,
                  "--pool", ",".join(run.pool)]
    else:
        words += ["--levels", ",".join(run.agents)]
    words += ["--games", str(games), "--seed", str(run.seed)]
    for key, value in sorted(run.options.items()):
        words += ["--option", f"{key}={value if isinstance(value, str) else json.dumps(value)}"]
    words += ["--results", path.as_posix()]
    return " ".join(shlex.quote(w) for w in words)


def verdict_text(passed: bool | None) -> str:
    """PASS, FAIL, or nothing where no verdict applies."""
    return "" if passed is None else "PASS" if passed else "FAIL"


def _pct(value: float) -> str:
    return f"{100 * value:+.1f}"


def pool_table(run: Run, rows: Mapping[Key, Mapping[str, Any]]) -> str:
    """The pool's markdown table: a row per member."""
    c, r = f"`{run.candidate}`", f"`{run.rollout_bot}`"
    lines = [f"| opponent (every other seat) | {c} won (95% CI) | {r} won, same seats and seeds (95% CI) "
             f"| difference, points (95% CI, cut at +-100) | at least {r}'s share? "
             "| 2 players: 65%, low end > 55%? |",
             "|---|---|---|---|---|---|"]
    for row in pool_rows(run, rows):
        d = row.difference
        target = row.two_player_target
        lines.append(f"| `{row.opponent}` | {share_text(row.candidate)} | {share_text(row.rollout_bot)} "
                     f"| {_pct(d.estimate)} ({_pct(max(-1.0, d.low))} to {_pct(min(1.0, d.high))}) "
                     f"| {verdict_text(row.at_least_bot)} | {verdict_text(target)} |")
    return "\n".join(lines) + "\n"


def ladder_table(run: Run, rows: Mapping[Key, Mapping[str, Any]]) -> str:
    """The ladder's markdown table: a row per adjacent pair."""
    lines = ["| lower level | higher level | higher won (95% CI) | fair share | order shown? |",
             "|---|---|---|---|---|"]
    for row in ladder_rows(run, rows):
        verdict = {"higher": "PASS", "lower": "FAIL (reversed)"}.get(row.verdict, "FAIL (tie not excluded)")
        higher = row.higher_share
        lines.append(f"| `{row.lower}` ({_level(row.lower, run.game)}) | `{row.higher}` "
                     f"({_level(row.higher, run.game)}) "
                     f"| {share_text(higher)} | {100 * higher.fair_share:.1f}% | {verdict} |")
    return "\n".join(lines) + "\n"


def _level(agent: str, game: str) -> str:
    level = bot_level(agent, game)
    return "other" if level == "Other" else level


def costs(run: Run, rows: Mapping[Key, Mapping[str, Any]]) -> str:
    """Mean seconds a game by line-up (the agents of its seats, counted) and a seed's seconds, for planning
    CPU time."""
    timed: dict[str, list[tuple[float, int]]] = {}
    for (_, names), row in rows.items():
        label = ", ".join(f"{names.count(n)} {n}" for n in sorted(set(names)))
        timed.setdefault(label, []).append((row["seconds"], row["decisions"]))
    lines = ["| line-up | games timed | seconds a game (mean) | decisions a game (mean) |",
             "|---|---|---|---|"]
    for label, games in timed.items():
        lines.append(f"| {label} | {len(games)} | {sum(s for s, _ in games) / len(games):.2f} "
                     f"| {sum(d for _, d in games) / len(games):.0f} |")
    seeds = complete_seeds(run, rows)
    if seeds:
        spent = sum(rows[(i, names)]["seconds"] for i in seeds for names in seed_games(run, i))
        per_seed = spent / len(seeds)
        lines.append(f"\nA seed ({len(seed_games(run, 0))} games) took {per_seed:.1f} s of play (wall clock, "
                     f"one process; a time budget takes its seconds whatever the load): 100 seeds about "
                     f"{per_seed * 100 / 3600:.1f} hours of a core.")
    return "\n".join(lines) + "\n"


def describe(path: Path) -> str:
    """A results file as markdown: what was played, the command that plays it again, the table."""
    run, rows = load(path)
    if run is None:
        raise ValueError(f"{path} holds no results")
    seeds = len(complete_seeds(run, rows))
    name = get(run.game).name
    commits = sorted({row["commit"] for row in rows.values()})
    what = "against the pool" if run.mode == "pool" else "the ladder"
    text = (f"### {name}, {run.players} players: {what}, {seeds} seed{'' if seeds == 1 else 's'}\n\n"
            f"`{command(run, seeds, path)}` (saved as `{path.as_posix()}`; played at "
            f"{', '.join(commits)})\n\n")
    return text + (pool_table(run, rows) if run.mode == "pool" else ladder_table(run, rows))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=[*MODES, "show"])
    parser.add_argument("game", nargs="+", help="the game (pool, ladder) or results files (show)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--candidate", default=CANDIDATE)
    parser.add_argument("--rollout-bot", default=ROLLOUT_BOT)
    parser.add_argument("--pool", default=None, help="comma-separated agents (default: see above)")
    parser.add_argument("--levels", default=None, help="comma-separated agents, lowest first "
                        "(default: the game's ranked levels in the lobby, server/people.py LADDERS)")
    parser.add_argument("--games", type=int, default=100, help="seeds (each plays several games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--results", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.mode == "show":
        for path in args.game:
            run, rows = load(Path(path))
            if run is not None:
                print(describe(Path(path)))
                print(costs(run, rows))
        return 0
    if len(args.game) != 1:
        parser.error("pool and ladder take one game")
    game = get(args.game[0])
    if args.mode == "pool":
        pool = args.pool.split(",") if args.pool else default_pool(game)
        agents = (args.candidate, args.rollout_bot, *(a.strip() for a in pool if a.strip()))
    else:
        agents = tuple(a.strip() for a in (args.levels or ",".join(lobby_levels(game.id))).split(",")
                       if a.strip())
    run = Run(args.mode, game.id, args.players, agents, args.seed, parse_options(args.option, game))
    path = args.results or RESULTS / f"{run.mode}-{game.id}-{run.players}p.jsonl"
    rows = play(run, args.games, path, args.jobs)
    print(describe(path))
    print(costs(run, rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
