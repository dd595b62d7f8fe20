"""How far should Protection Racket's search play a rollout before its bot's `win_chances` judges it?

Run from the repository root, on the pure build (the horizon is set on the bot's class, which the
compiled build does not allow):

    PYTHONPATH=src .venv/bin/python -P benchmarks/protection_racket_horizon.py [--agent ismcts:easy]
        [--players 2] [--games 40] [--horizons whole,4,12,30] [--results FILE.jsonl]

Game i (seed `game_seed(1000 + players, i)`) is played once per horizon and seat: `--agent` in that seat,
the heuristic bot in the others, the horizons interleaved game by game, so that they meet the same load
of the machine (the levels are seconds a decision). `whole` plays every rollout to the end. It prints
each horizon's share of the wins, with a 95% interval, and the mean seconds a game; with `--results` it
appends a line per game and resumes from what the file holds. A benchmark prints; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from gangland.games.protection_racket import bots
from gangland.sim import game_seed, play_seated, wilson_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", default="ismcts:easy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--horizons", default="whole,4,12,30")
    parser.add_argument("--results", type=Path)
    args = parser.parse_args()
    horizons = [None if h == "whole" else int(h) for h in args.horizons.split(",")]
    rows: list[dict[str, Any]] = []
    if args.results is not None and args.results.exists():
        rows = [json.loads(line) for line in args.results.read_text().splitlines() if line]
    done = {(row["game"], row["horizon"], row["seat"]) for row in rows}
    out = args.results.open("a") if args.results is not None else None
    bot_class: Any = bots.ProtectionRacketHeuristicBot  # its horizon is set below, run by run
    for index in range(args.games):
        seed = game_seed(1000 + args.players, index)
        for horizon in horizons:
            # None: no horizon, so `rollout_cutoff` gives no cut-off (whole rollouts).
            bot_class.rollout_horizon = horizon
            for seat in range(args.players):
                if (index, horizon, seat) in done:
                    continue
                names = ["heuristic"] * args.players
                names[seat] = args.agent
                start = time.perf_counter()
                result = play_seated("protection-racket", seed, names, {}).result
                assert result is not None
                share = 1 / len(result.winners) if seat in result.winners else 0.0
                row = {"game": index, "horizon": horizon, "seat": seat, "share": share,
                       "seconds": round(time.perf_counter() - start, 3)}
                rows.append(row)
                if out is not None:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
    print(f"{args.agent} against the heuristic bot, {args.players} players, {args.games} seeds")
    for horizon in horizons:
        mine = [row for row in rows if row["horizon"] == horizon and row["game"] < args.games]
        won = sum(float(row["share"]) for row in mine)
        low, high = wilson_interval(won, len(mine))
        seconds = sum(float(row["seconds"]) for row in mine) / len(mine)
        label = "whole" if horizon is None else str(horizon)
        print(f"  horizon {label:>5}: {won:g} of {len(mine)}, {won / len(mine):.1%} "
              f"({low:.1%}-{high:.1%}), {seconds:.2f} s a game")


if __name__ == "__main__":
    main()
