"""A bot change measured: the game's bot as it is now (NEW) against the same bot at a git revision (OLD),
on paired seeds, with 95% intervals.

Run from the root of the checkout whose bot is NEW (its `src` first on the path):

    PYTHONPATH=$PWD/src .venv/bin/python -P benchmarks/bot_change.py GAME --old REV [--bot heuristic]
        [--players P] [--games N] [--seed S] [--option KEY=VALUE ...] [--jobs J] [--out FILE.jsonl]

OLD is made from the revision's `bots*.py` files of the game's package (`git show REV:PATH`), written to a
temporary package beside the live one: their imports of each other stay inside it, their imports of the
game's other modules go to the live package. So OLD is the old bot playing today's rules, which is what a
bot change is; a revision whose bots need the old rules' modules cannot be loaded this way (the import
fails and says so).

For each seed (game i of the run has seed `game_seed(S, i)`, as every simulation here) it plays 2 + 2P
games of the same deal and dice: all seats OLD, all seats NEW, and for each seat k NEW in seat k among OLD
and OLD in seat k among NEW. The agent in seat k always has the seed `agent_seed(seed, k)`, so a seat's
games differ only by the bot sitting there. It prints:

* head to head: NEW's share of wins in seat k among OLD, against OLD's share in the same seat of the all-OLD
  game of the same seed (the paired difference and its 95% interval, normal approximation over the seeds,
  each seed's difference the mean over its seats); and the same for OLD among NEW against the all-NEW
  games. A better NEW wins more than its seat's share among OLD, and OLD less among NEW;
* seat balance: each seat's win rate with all seats OLD and with all seats NEW (Wilson 95% intervals), and
  the chi-square test of "every seat wins alike" for each line-up.

A shared win counts 1/k to each of k winners. With `--out`, FILE's first line is the run (the game and
its version, the bot, players, seed, options and the commits of OLD and of this checkout's HEAD; changes
not committed are not seen) and every other line one game's result; a second run of the same run plays
only the games missing, and another run's file is refused. Pure build only (OLD is loaded from source).
A benchmark prints; it is not a test.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from gangland.agents import AgentKind, add_kind
from gangland.cli.common import parse_options
from gangland.engine import Agent, Game
from gangland.games import get
from gangland.report.stats import seat_balance_test
from gangland.sim import Z95, game_seed, play_seated, wilson_interval

OLD = "old"
"""The agent name OLD plays under (NEW is the game's bot under its own name)."""


def load_old_bot(game: Game, bot: str, revision: str, repo: Path, into: Path) -> type:
    """The class of `game`'s bot `bot` as the `bots*.py` files at `revision` define it, imported from a
    package written under `into`."""
    live = game.bots[bot]
    module = sys.modules[live.__module__]
    package = module.__name__.rpartition(".")[0]
    folder = Path(module.__file__ or "").parent
    relative = folder.resolve().relative_to(repo.resolve())
    listing = subprocess.run(["git", "-C", str(repo), "ls-tree", "--name-only", revision, f"{relative}/"],
                             check=True, capture_output=True, text=True).stdout.split()
    names = [Path(p).stem for p in listing if re.fullmatch(r"bots\w*\.py", Path(p).name)]
    if not names:
        raise SystemExit(f"no bots*.py in {relative} at {revision}")
    alias = f"_old_{game.id.replace('-', '_')}_bots"
    target = into / alias
    target.mkdir(parents=True)
    (target / "__init__.py").write_text("")
    for name in names:
        text = subprocess.run(["git", "-C", str(repo), "show", f"{revision}:{relative}/{name}.py"],
                              check=True, capture_output=True, text=True).stdout

        def absolute(match: re.Match[str]) -> str:
            dotted = match.group(1)
            return match.group(0) if dotted in names else f"from {package}.{dotted} import"

        text = re.sub(r"^from \.(\w+) import", absolute, text, flags=re.M)
        text = re.sub(r"^from \. import", f"from {package} import", text, flags=re.M)
        (target / f"{name}.py").write_text(text)
    sys.path.insert(0, str(into))
    old_module = importlib.import_module(f"{alias}.{module.__name__.rpartition('.')[2]}")
    return getattr(old_module, live.__name__)  # type: ignore[no-any-return]


def register_old(cls: type) -> None:
    """Let `make_agent` build OLD under the name `old`."""

    def make(name: str, game: Game, seed: int) -> Agent:
        agent: Agent = cls(seed)
        return agent

    add_kind(OLD, AgentKind(make=make, listed=lambda game: False))


def lineups(bot: str, players: int) -> Iterator[tuple[str, list[str]]]:
    """Every line-up played on each seed, with its key."""
    yield "all-old", [OLD] * players
    yield "all-new", [bot] * players
    for seat in range(players):
        yield f"new@{seat}", [bot if s == seat else OLD for s in range(players)]
        yield f"old@{seat}", [OLD if s == seat else bot for s in range(players)]


def play(task: tuple[str, int, int, str, list[str], dict[str, Any]]) -> dict[str, Any]:
    """One game of the run: its key and every seat's share of the win."""
    game_id, index, seed, key, names, options = task
    record = play_seated(game_id, seed, names, options)
    result = record.result
    winners = result.winners if result is not None else ()
    shares = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(names))]
    return {"index": index, "lineup": key, "seats": names, "shares": shares}


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of `values` and its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def report(rows: dict[tuple[int, str], list[float]], players: int, games: int) -> None:
    """Print the head-to-head and seat-balance tables."""
    seeds = [i for i in range(games) if all((i, key) in rows for key, _ in lineups("", players))]
    n = len(seeds)
    print(f"{n} seeds complete, {n * (2 + 2 * players)} games")
    for who, base in (("new", "all-old"), ("old", "all-new")):
        diffs: list[float] = []
        wins = 0.0
        base_wins = 0.0
        for i in seeds:
            # One difference a seed (the mean over its seats): the seats of a seed share its deal and dice,
            # so they are not independent samples.
            seed_diff = 0.0
            for seat in range(players):
                mine = rows[(i, f"{who}@{seat}")][seat]
                theirs = rows[(i, base)][seat]
                seed_diff += mine - theirs
                wins += mine
                base_wins += theirs
            diffs.append(seed_diff / players)
        trials = n * players
        low, high = wilson_interval(wins, trials)
        mean, dlow, dhigh = mean_interval(diffs)
        other = "old" if who == "new" else "new"
        print(f"{who.upper()} alone among {other.upper()}: wins {100 * wins / trials:.1f}% "
              f"({100 * low:.1f}-{100 * high:.1f}%) of {trials} seats, fair {100 / players:.1f}%; "
              f"the same seats in {base}: {100 * base_wins / trials:.1f}%; "
              f"paired difference {100 * mean:+.1f} points ({100 * dlow:+.1f} to {100 * dhigh:+.1f})")
    for key in ("all-old", "all-new"):
        per_seat = [sum(rows[(i, key)][seat] for i in seeds) for seat in range(players)]
        cells = []
        for wins_at in per_seat:
            low, high = wilson_interval(wins_at, n)
            cells.append(f"{100 * wins_at / n:.1f}% ({100 * low:.1f}-{100 * high:.1f})")
        test = seat_balance_test(per_seat, n)
        print(f"seats, {key}: " + " / ".join(cells) + f"; chi-square p = {test.p_value:.3g}")


def commit(repo: Path, revision: str) -> str:
    """The commit `revision` names in `repo`."""
    return subprocess.run(["git", "-C", str(repo), "rev-parse", revision], check=True, capture_output=True,
                          text=True).stdout.strip()


def load(path: Path, header: dict[str, Any]) -> dict[tuple[int, str], list[float]]:
    """The games saved in `path` by the run `header` describes (written as its first line when the file is
    new); SystemExit for another run's file. A half-written last line (a run stopped mid-write) is dropped,
    and its game played again."""
    if not path.exists() or not path.read_text():
        path.write_text(json.dumps(header) + "\n")
        return {}
    first, *lines = path.read_text().splitlines(keepends=True)
    if json.loads(first) != header:
        raise SystemExit(f"{path} holds another run ({first.strip()}): give this one its own --out file")
    rows: dict[tuple[int, str], list[float]] = {}
    for number, line in enumerate(lines):
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            if number < len(lines) - 1:
                raise
            path.write_text(first + "".join(lines[:-1]))
            break
        rows[(row["index"], row["lineup"])] = row["shares"]
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--old", required=True, help="the git revision whose bot is OLD")
    parser.add_argument("--bot", default="heuristic", help="the bot's name in the game's bots (heuristic)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100, help="seeds (each plays 2 + 2P games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, as `gangland simulate` reads it")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--repo", type=Path, default=Path.cwd(), help="the git repository (here)")
    parser.add_argument("--out", type=Path, help="JSON lines of every game, reused by a second run")
    args = parser.parse_args(argv)
    game = get(args.game)
    game.check_players(args.players)
    options: dict[str, Any] = dict(parse_options(args.option, game))
    game.resolve_options(options)
    with tempfile.TemporaryDirectory(prefix="bot-change-") as into:
        register_old(load_old_bot(game, args.bot, args.old, args.repo, Path(into)))
        header = {"run": "bot_change", "game": game.id, "game_version": game.version, "bot": args.bot,
                  "players": args.players, "seed": args.seed, "options": options,
                  "old": commit(args.repo, args.old), "new": commit(args.repo, "HEAD")}
        rows = load(args.out, header) if args.out is not None else {}
        tasks = [(game.id, i, game_seed(args.seed, i), key, names, options)
                 for i in range(args.games) for key, names in lineups(args.bot, args.players)
                 if (i, key) not in rows]
        out = args.out.open("a") if args.out is not None else None
        try:
            with ProcessPoolExecutor(max_workers=args.jobs) as pool:
                for row in pool.map(play, tasks, chunksize=4):
                    rows[(row["index"], row["lineup"])] = row["shares"]
                    if out is not None:
                        out.write(json.dumps(row) + "\n")
                        out.flush()
        finally:
            if out is not None:
                out.close()
    print(f"{game.name}, {args.players} players, {args.bot}: NEW = this checkout, OLD = {args.old}; "
          f"seed {args.seed}, options {json.dumps(options, sort_keys=True)}")
    report(rows, args.players, args.games)


if __name__ == "__main__":
    main()
