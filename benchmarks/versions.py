"""Two versions of the code side by side, interleaved: random playouts, heuristic self-play, and clone and
determinize, per game.

Run from the repository root:

    .venv/bin/python benchmarks/versions.py --old OLD --new NEW [--seconds S] [--rounds N]
                                            [--players P] [--game ID]

Each of OLD and NEW is an interpreter, optionally followed by `:SRC`, a source folder put first on its
PYTHONPATH: `--old .venv/bin/python:../old/src --new .venv/bin/python:src` compares two checkouts in the
pure build, `--old ../old-compiled/bin/python --new .venv-compiled/bin/python` two compiled builds.

Every figure comes from a fresh process playing the same seeded games (the two versions play the same
moves when their digests agree: tests/test_game_digests.py). The versions take turns, round after round
and game after game, the first of each pair changing every round, so that a machine whose speed drifts
slows both alike. Printed per game and kind: each version's median over the rounds (decisions/s for
"random" and "heuristic", microseconds per call for "clone" and "determinize"), the ratio of the medians
(new / old, above 1 is faster for rates, below 1 faster for times) and the spread of the rounds' own
ratios. A benchmark prints; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("random", "heuristic", "clone", "determinize")
RATES = ("random", "heuristic")
"""Kinds measured in decisions/s (higher is faster); the others in microseconds a call."""


def worker(game_id: str, players: int, kind: str, seconds: float, seed: int) -> None:
    """Measure one kind for about `seconds` in this process; print the figure as JSON."""
    from gangland.agents import make_agent
    from gangland.engine import Decision
    from gangland.games import get

    game = get(game_id)
    options: dict[str, object] = {"turn_limit": 30} if game_id == "downtown" and kind != "heuristic" else {}
    rng = random.Random(seed)
    choice = rng.choice
    if kind in RATES:
        decisions = games = 0
        start = time.perf_counter()
        while time.perf_counter() < start + seconds:
            state = game.new_game(players, seed + games, options)
            bots = [make_agent("heuristic", game, seed + games + s) for s in range(players)] \
                if kind == "heuristic" else []
            while not state.is_over:
                if bots:
                    seat = state.to_act
                    assert seat is not None
                    state.apply(bots[seat].act(Decision(game, state, seat, tuple(state.legal_actions()))))
                else:
                    state.apply(choice(state.legal_actions()))
                decisions += 1
            games += 1
        print(json.dumps(decisions / (time.perf_counter() - start)))
        return
    states = []  # mid-game states of random playouts
    while len(states) < 50:
        state = game.new_game(players, seed + len(states), options)
        for _ in range(rng.randrange(5, 60)):
            if state.is_over:
                break
            state.apply(choice(state.legal_actions()))
        if not state.is_over:
            states.append(state)
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() < start + seconds:
        for state in states:
            if kind == "clone":
                state.clone()
            else:
                seat = state.to_act
                assert seat is not None
                state.determinize(seat, rng)
        calls += len(states)
    print(json.dumps(1e6 * (time.perf_counter() - start) / calls))


def measure(contender: str, game_id: str, players: int, kind: str, seconds: float, seed: int) -> float:
    """One figure from a worker process of `contender` (PYTHON or PYTHON:SRC)."""
    python, _, src = contender.partition(":")
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = str(Path(src).resolve())
    out = subprocess.run([python, __file__, "--worker", game_id, "--players", str(players), "--kind", kind,
                          "--seconds", str(seconds), "--seed", str(seed)],
                         check=True, capture_output=True, text=True, cwd=ROOT, env=env).stdout
    return float(json.loads(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", help="PYTHON[:SRC] of the old version (required)")
    parser.add_argument("--new", help="PYTHON[:SRC] of the new version (required)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds each worker measures (1)")
    parser.add_argument("--rounds", type=int, default=5, help="figures per version, game and kind (5)")
    parser.add_argument("--players", type=int, default=4, help="players per game (4)")
    parser.add_argument("--game", action="append", help="a game id (repeat; default: every game)")
    parser.add_argument("--kind", action="append", choices=KINDS, help="a kind (repeat; default: all)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.players, args.kind[0] if args.kind else "random", args.seconds, args.seed)
        return
    if not (args.old and args.new):
        parser.error("--old and --new are required")
    from gangland.games import all_games  # (this interpreter's gangland: only for the list of games)

    games = args.game or [game.id for game in all_games() if args.players in game.player_counts]
    kinds = args.kind or KINDS
    contenders = {"old": args.old, "new": args.new}
    print(f"old: {args.old}\nnew: {args.new}\n{args.rounds} rounds of {args.seconds:g} s per version, game "
          f"and kind, {args.players} players; load average {os.getloadavg()[0]:.2f} at the start")
    figures: dict[tuple[str, str, str], list[float]] = {}
    for round_ in range(args.rounds):
        order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
        for game_id in games:
            for kind in kinds:
                for name in order:
                    figure = measure(contenders[name], game_id, args.players, kind, args.seconds,
                                     seed=1000 * round_)
                    figures.setdefault((game_id, kind, name), []).append(figure)
        print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr)
    print(f"\n{'game':18s} {'kind':12s} {'old':>10s} {'new':>10s} {'new/old':>8s} "
          f"{'rounds (median, min-max)':>26s}")
    for game_id in games:
        for kind in kinds:
            old, new = figures[game_id, kind, "old"], figures[game_id, kind, "new"]
            unit = "dec/s" if kind in RATES else "us"
            ratios = [n / o for o, n in zip(old, new, strict=True)]
            print(f"{game_id:18s} {kind:12s} {statistics.median(old):10,.1f} {statistics.median(new):10,.1f} "
                  f"{statistics.median(new) / statistics.median(old):7.2f}x "
                  f"{statistics.median(ratios):11.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) {unit}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
