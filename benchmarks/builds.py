"""The pure Python and the compiled build side by side: random playouts of every game, decisions/s.

Run from the repository root, once the compiled build is there (scripts/setup-compiled, or scripts/test,
makes .venv-compiled):

    .venv/bin/python benchmarks/builds.py [--seconds S] [--rounds N] [--players P] [--game ID]
                                          [--heuristic]

Each figure comes from a fresh process of one build's interpreter (.venv/bin/python and
.venv-compiled/bin/python, or --pure and --compiled) playing random games for `--seconds`, the same
games in both builds (the same seeds, and the builds play the same moves: tests/test_game_digests.py).
The two builds take turns, round after round and game after game, the first of each pair changing
every round, so that a machine whose speed drifts (other jobs, a shared core) slows both alike. Printed:
each build's median decisions/s over the rounds, the ratio of the medians (compiled / pure) and the
median of the rounds' own ratios, with the spread of the latter. With --heuristic, each game's
heuristic bots also play whole games against themselves (decisions/s of `act`, which determinizes,
and the engine). A benchmark prints; it is not a test.
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
BUILDS = {"pure": ROOT / ".venv" / "bin" / "python", "compiled": ROOT / ".venv-compiled" / "bin" / "python"}
"""The interpreter of each build, by default."""
EXPECTED = {"pure": "pure Python", "compiled": "compiled with mypyc"}
"""What `gangland --version` says in each build."""
KINDS = ("random", "heuristic")


def worker(game_id: str, players: int, kind: str, seconds: float, seed: int) -> None:
    """Play for about `seconds` in this process and print {"decisions", "games", "seconds"} as JSON."""
    from gangland.agents import make_agent
    from gangland.engine import Decision
    from gangland.games import get

    game = get(game_id)
    options: dict[str, object] = {"turn_limit": 30} if game_id == "downtown" and kind == "random" else {}
    rng = random.Random(seed)
    choice = rng.choice
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_game(players, seed + games, options)
        if kind == "random":
            while not state.is_over:
                state.apply(choice(state.legal_actions()))
                decisions += 1
        else:
            bots = [make_agent("heuristic", game, seed + games + seat) for seat in range(players)]
            while not state.is_over:
                seat = state.to_act
                assert seat is not None
                state.apply(bots[seat].act(Decision(game, state, seat, tuple(state.legal_actions()))))
                decisions += 1
        games += 1
    print(json.dumps({"decisions": decisions, "games": games, "seconds": time.perf_counter() - start}))


def measure(python: Path, game_id: str, players: int, kind: str, seconds: float, seed: int) -> float:
    """Decisions/s of one worker process of the build whose interpreter is `python`."""
    out = subprocess.run([str(python), __file__, "--worker", game_id, "--players", str(players),
                          "--kind", kind, "--seconds", str(seconds), "--seed", str(seed)],
                         check=True, capture_output=True, text=True, cwd=ROOT).stdout
    figures = json.loads(out)
    return float(figures["decisions"]) / float(figures["seconds"])


def check_build(name: str, python: Path) -> str:
    """The build's `gangland --version`; exits if it is not the build it should be."""
    if not python.exists():
        sys.exit(f"no {name} build at {python} (scripts/setup-compiled makes .venv-compiled)")
    version = subprocess.run([str(python), "-m", "gangland", "--version"], check=True, capture_output=True,
                             text=True, cwd=ROOT).stdout.strip()
    if EXPECTED[name] not in version:
        sys.exit(f"{python} runs {version!r}, not the {name} build")
    return version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds each worker plays (2)")
    parser.add_argument("--rounds", type=int, default=5, help="figures per build and game (5)")
    parser.add_argument("--players", type=int, default=4, help="players per game (4)")
    parser.add_argument("--game", action="append", help="a game id (repeat; default: every game)")
    parser.add_argument("--heuristic", action="store_true", help="also the heuristic bots' self-play")
    parser.add_argument("--pure", type=Path, default=BUILDS["pure"], help="the pure build's python")
    parser.add_argument("--compiled", type=Path, default=BUILDS["compiled"],
                        help="the compiled build's python")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--kind", default="random", choices=KINDS, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.players, args.kind, args.seconds, args.seed)
        return

    pythons = {"pure": args.pure, "compiled": args.compiled}
    for name, python in pythons.items():
        print(f"{name:8s} {python}: {check_build(name, python)}")
    from gangland.games import all_games  # (this interpreter's gangland: only for the list of games)

    games = args.game or [game.id for game in all_games() if args.players in game.player_counts]
    kinds = KINDS if args.heuristic else ("random",)
    load = os.getloadavg()[0]
    print(f"{args.rounds} rounds of {args.seconds:g} s per build, game and kind, {args.players} players; "
          f"load average {load:.2f} at the start")
    figures: dict[tuple[str, str, str], list[float]] = {}
    for round_ in range(args.rounds):
        order = ("pure", "compiled") if round_ % 2 == 0 else ("compiled", "pure")
        for game_id in games:
            for kind in kinds:
                for name in order:
                    rate = measure(pythons[name], game_id, args.players, kind, args.seconds,
                                   seed=1000 * round_)
                    figures.setdefault((game_id, kind, name), []).append(rate)
        print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr)
    print(f"\n{'game':18s} {'kind':9s} {'pure dec/s':>11s} {'compiled':>11s} {'ratio':>6s} "
          f"{'round ratios (median, min-max)':>31s}")
    for game_id in games:
        for kind in kinds:
            pure, compiled = figures[game_id, kind, "pure"], figures[game_id, kind, "compiled"]
            ratios = [c / p for p, c in zip(pure, compiled, strict=True)]
            ratio = statistics.median(compiled) / statistics.median(pure)
            print(f"{game_id:18s} {kind:9s} {statistics.median(pure):11,.0f} "
                  f"{statistics.median(compiled):11,.0f} {ratio:5.2f}x "
                  f"{statistics.median(ratios):16.2f}x ({min(ratios):.2f}-{max(ratios):.2f})")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
