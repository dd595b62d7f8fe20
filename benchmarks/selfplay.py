"""Heuristic self-play games per second for every registered game, on one core.

Run from the repository root:

    .venv/bin/python benchmarks/selfplay.py [--games N] [--repeats R] [--game ID]

For each game with 4 players (Supergang with 3 gangs, its smallest table; Downtown in both editions)
every seat is the game's heuristic bot, which decides as it does at a table: `act` on each decision
(a determinization or the seat's view, then the bot's choice), and the engine applies the move. A
repeat plays the same N games (seeds 0..N-1, the bots seeded per game and seat), so repeats do the
same work; the figure is N over the time of the fastest repeat (as `timeit` does: the repeat least
disturbed by other processes), and the median repeat is printed beside it. One game is played first
and not timed, so that tables worked out once per process (a board's distances, duel odds, a parsed
deck) count for nothing, as they do in a long simulation. The load average is printed with them.

The issue's target, at least 5 games/s in every game, is printed with PASS/FAIL. A benchmark prints;
it is not a test. Figures vary with the machine and its load.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

from gangland.engine import play_match
from gangland.games import all_games, get

TARGET = 5.0
"""Least heuristic self-play games per second (the issue), for every row."""
PLAYERS: dict[str, int] = {"supergang": 3}
"""Seats per game where not 4: Supergang is measured with 3 gangs."""
VARIANTS: dict[str, list[dict[str, object]]] = {"downtown": [{}, {"edition": "2013"}]}
"""Option sets measured for a game besides its defaults."""


def self_play(game_id: str, players: int, options: dict[str, object], games: int,
              repeats: int) -> tuple[list[float], float]:
    """Seconds of each repeat of `games` heuristic self-play games, and the mean decisions per game."""
    game = get(game_id)
    factory = game.bots["heuristic"]
    play_match(game, [factory(seat) for seat in range(players)], seed=10_000, options=options)  # warm-up
    times = []
    decisions = 0
    for _ in range(repeats):
        decisions = 0
        start = time.perf_counter()
        for seed in range(games):
            record = play_match(game, [factory(1000 * seed + seat) for seat in range(players)], seed=seed,
                                options=options)
            decisions += len(record.actions)
        times.append(time.perf_counter() - start)
    return times, decisions / games


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit status 0 (a benchmark reports, it does not fail)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=6, help="games per repeat (default 6)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats per row (default 5)")
    parser.add_argument("--game", help="only this game id (default: every registered game)")
    args = parser.parse_args(argv)
    games = [get(args.game)] if args.game else all_games()

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(f"gangland self-play: Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}, one core, {os.cpu_count()} cores present, load average {load}")
    print(f"heuristic bots in every seat; {args.games} games per repeat, best and median of {args.repeats} "
          f"repeats")
    header = (f"{'game':<26} {'players':>7} {'dec/game':>9} {'best games/s':>13} {'median games/s':>15} "
              f"{'target':>7}  verdict")
    print(header)
    print("-" * len(header))
    for game in games:
        if "heuristic" not in game.bots:
            continue
        players = PLAYERS.get(game.id, 4)
        for options in VARIANTS.get(game.id, [{}]):
            times, per_game = self_play(game.id, players, options, args.games, args.repeats)
            best = args.games / min(times)
            median = args.games / statistics.median(times)
            row = game.id + "".join(f" {k}={v}" for k, v in options.items())
            verdict = "PASS" if best >= TARGET else "FAIL"
            print(f"{row:<26} {players:>7} {per_game:>9.0f} {best:>13.2f} {median:>15.2f} {TARGET:>7g}  "
                  f"{verdict}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
