"""Gangland's Razzia! beside its peers, measured in one run: random playouts, 4 players, on one core.

Run from the repository root:

    .venv/bin/python benchmarks/peers.py [--dresa PATH] [--rounds 7] [--slice 1.0]

The contenders, each playing whole games in a tight loop:

* Gangland's Razzia! (4 players, default options): uniformly random legal actions (new_game,
  legal_actions, rng.choice, apply), as `benchmarks/throughput.py` plays them;
* dresa/razzia, the Razzia! simulator in Python on GitHub, with its simplest bots
  (`agent.TrivialPlayerAgent`, 4 of them, `control.Game(...).play_game()`). Nothing is fetched: give
  `--dresa PATH`, a checkout of that repository (its modules are imported from PATH/src); without it the
  row is skipped. Its decisions are not counted (its agents are called inside its game loop), so it is
  compared by games/s;
* OpenSpiel's C++ `crazy_eights` (4 players) and `hearts` (4 players) driven from Python through pyspiel,
  when `open_spiel` is installed (e.g. by `pip install open_spiel`); otherwise those rows are skipped.
  Chance nodes are sampled from `chance_outcomes()`; a decision is a player's action (chance outcomes are
  applied, and timed, but not counted), as Gangland counts the moves of its players.

The contenders take turns: each round runs every contender for one slice of `--slice` seconds, in an order
that rotates from round to round, and a contender's figure is the median over the rounds. The machine's
speed swings with its load; slices of all contenders alternate within seconds, so their ratios hold better
than any absolute figure. The load average is printed with them.

Targets (issue 19), printed with PASS/FAIL: Razzia! at least 12x dresa/razzia's games/s, and at least 3x
OpenSpiel crazy_eights' decisions/s. Hearts is printed for comparison, without a target.
A benchmark prints; it is not a test.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gangland.games import get

PLAYERS = 4

PlayOne = Callable[[random.Random], int]
"""Plays one whole game with the given generator; returns how many decisions it counted (0: not counted)."""


@dataclass
class Contender:
    """One row: a name and a way to play one game."""

    name: str
    play_one: PlayOne
    counts_decisions: bool = True
    games_per_s: list[float] = field(default_factory=list)
    decisions_per_s: list[float] = field(default_factory=list)

    def run_slice(self, seconds: float, rng: random.Random) -> None:
        """Play whole games for about `seconds`; record games/s and decisions/s of the slice."""
        games = decisions = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            decisions += self.play_one(rng)
            games += 1
            if time.perf_counter() >= deadline:
                break
        elapsed = time.perf_counter() - start
        self.games_per_s.append(games / elapsed)
        self.decisions_per_s.append(decisions / elapsed)

    def median_games(self) -> float:
        return statistics.median(self.games_per_s)

    def median_decisions(self) -> float:
        return statistics.median(self.decisions_per_s)


def gangland_razzia() -> Contender:
    """Gangland's Razzia!: random legal actions, 4 players."""
    game = get("razzia")
    seeds = iter(range(10**9))

    def play_one(rng: random.Random) -> int:
        state = game.new_game(PLAYERS, next(seeds), {})
        choice = rng.choice
        decisions = 0
        while not state.is_over:
            state.apply(choice(state.legal_actions()))
            decisions += 1
        return decisions

    return Contender("Gangland Razzia!", play_one)


def dresa_razzia(checkout: Path) -> Contender:
    """dresa/razzia with four `TrivialPlayerAgent`s, imported from a checkout's src folder."""
    source = checkout / "src"
    if not (source / "control.py").is_file():
        raise SystemExit(f"--dresa {checkout}: no src/control.py there; give a checkout of dresa/razzia")
    sys.path.insert(0, str(source))
    control: Any = importlib.import_module("control")
    agent: Any = importlib.import_module("agent")
    names = ("A", "B", "C", "D")

    def play_one(rng: random.Random) -> int:
        # It draws from the `random` module itself: seed that from ours, so that a run is repeatable.
        random.seed(rng.random())
        control.Game([agent.TrivialPlayerAgent(name) for name in names]).play_game()
        return 0

    return Contender("dresa/razzia (Python, TrivialPlayerAgent)", play_one, counts_decisions=False)


def openspiel(name: str) -> Contender:
    """An OpenSpiel game with 4 players, random actions, chance sampled from its outcomes."""
    import pyspiel

    default = pyspiel.load_game(name)
    # hearts is for 4 players only and takes no "players" parameter; crazy_eights defaults to 5.
    takes_players = "players" in default.get_type().parameter_specification
    game = pyspiel.load_game(name, {"players": PLAYERS}) if takes_players else default
    if game.num_players() != PLAYERS:
        raise SystemExit(f"OpenSpiel {name} has {game.num_players()} players here, not {PLAYERS}")

    def play_one(rng: random.Random) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, weights)[0]
            else:
                action = rng.choice(state.legal_actions())
                decisions += 1
            state.apply_action(action)
        return decisions

    return Contender(f"OpenSpiel {name} (C++ from Python)", play_one)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main(argv: list[str] | None = None) -> int:
    """Run the contenders interleaved and print their medians, ratios and the targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dresa", type=Path, metavar="PATH", help="a checkout of dresa/razzia (or skipped)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of slices (the median is over them)")
    parser.add_argument("--slice", type=float, default=1.0, metavar="S", help="seconds of each slice")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 1 <= args.rounds <= 100 or not 0.05 <= args.slice <= 60:
        parser.error("--rounds must be 1 to 100 and --slice 0.05 to 60 seconds")

    ours = gangland_razzia()
    contenders = [ours]
    dresa = None
    if args.dresa is not None:
        dresa = dresa_razzia(args.dresa)
        contenders.append(dresa)
    else:
        print("dresa/razzia: skipped (give --dresa PATH, a checkout of it)")
    spiel: dict[str, Contender] = {}
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel: skipped (open_spiel is not installed)")
    else:
        for name in ("crazy_eights", "hearts"):
            spiel[name] = openspiel(name)
            contenders.append(spiel[name])

    rng = random.Random(args.seed)
    for contender in contenders:  # warm-up: imports, caches, first allocations
        contender.run_slice(min(0.2, args.slice), rng)
        contender.games_per_s.clear()
        contender.decisions_per_s.clear()
    for round_number in range(args.rounds):
        shift = round_number % len(contenders)
        for contender in contenders[shift:] + contenders[:shift]:
            contender.run_slice(args.slice, rng)

    print(f"\nRandom playouts, {PLAYERS} players, one core: medians of {args.rounds} interleaved slices of "
          f"{args.slice:g} s")
    print(f"  {'contender':48} {'games/s':>10} {'decisions/s':>12}")
    for contender in contenders:
        decisions = f"{contender.median_decisions():12,.0f}" if contender.counts_decisions else f"{'-':>12}"
        print(f"  {contender.name:48} {contender.median_games():10,.1f} {decisions}")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, load average {load}; Python "
          f"{platform.python_version()}")

    ok = True
    print()
    if dresa is not None:
        ratio = ours.median_games() / dresa.median_games()
        ok &= ratio >= 12
        print(f"{verdict(ratio >= 12)}  Razzia! games/s >= 12x dresa/razzia's: {ratio:.1f}x")
    if "crazy_eights" in spiel:
        ratio = ours.median_decisions() / spiel["crazy_eights"].median_decisions()
        ok &= ratio >= 3
        print(f"{verdict(ratio >= 3)}  Razzia! decisions/s >= 3x OpenSpiel crazy_eights': {ratio:.2f}x")
    if "hearts" in spiel:
        ratio = ours.median_decisions() / spiel["hearts"].median_decisions()
        print(f"      Razzia! decisions/s against OpenSpiel hearts' (no target): {ratio:.2f}x")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
