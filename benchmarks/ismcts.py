"""IS-MCTS iterations per second for every registered game and player count, on one core.

Run from the repository root:

    .venv/bin/python benchmarks/ismcts.py [--seconds S] [--game ID] [--rollouts random,heuristic]
        [--workers N] [--compare TREE [--rounds K] [--this-python .venv-compiled/bin/python]]

For each game and each of its player counts (default options; Downtown also its 2013 edition) it samples
decisions uniformly over the decisions of random games (those with more than one legal action, so that
the agent searches) and lets the IS-MCTS agent search each for a slice of time, with random rollouts
and with the game's heuristic bot as the rollout policy. An iteration is one determinization, the
descent through the tree, one rollout (at most `MAX_ROLLOUT` decisions, or the heuristic bot's cut-off
where it has one) and the backup. The figure is iterations over the time spent, the best of `REPEATS`
repeats (as `timeit` does: the repeat least disturbed by other processes), and the load average is
printed with it.

Targets, printed with PASS/FAIL:

* 4-player Razzia! with random rollouts: at least 1,000 iterations/s (an earlier issue);
* heuristic rollouts, every row: at least twice the iterations/s of `BASELINE` (issue 19: "at least
  2x today's iterations/s in every game"). `BASELINE` holds the figures of the code before that
  work, measured on one machine (see `BASELINE_SOURCE` for the date, commit and command). They are
  machine-dependent: on another machine, or under another load, the absolute verdicts mean little
  (they were measured under a heavy load, so a quieter machine passes them too easily).
  To measure the speed-up where you are, compare against a checkout of the baseline commit in the same
  run: `git worktree add ../gangland-base 6b3117c`, then `--compare ../gangland-base`, which measures
  each row's heuristic rollouts `--rounds` times with that checkout's code and this one's in turn
  (this script, run with the other tree's `src` on the path) and prints the medians, their ratio and
  PASS/FAIL against 2. The figures it prints for the baseline tree are how `BASELINE` was made.
  `--compare . --this-python .venv-compiled/bin/python` compares the two builds of this checkout instead
  (its ratios are compiled over pure; the PASS/FAIL column then means nothing).

With `--workers N` (N > 1) the same Razzia! decisions are searched with root parallelism over N
processes too, and the combined iterations/s printed (figures, not a target). A benchmark prints; it
is not a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from gangland.agents.ismcts import MAX_ROLLOUT, ISMCTSAgent, Policy
from gangland.engine import Decision, Game, State
from gangland.games import all_games, get

TARGET: tuple[str, int, str, float] = ("razzia", 4, "random", 1_000.0)
"""(game id, players, rollout, least iterations/s): the first issue's speed target."""
SPEED_UP = 2.0
"""Issue 19: heuristic rollouts at least this many times the `BASELINE` iterations/s, in every row."""
BASELINE: dict[str, float] = {  # see BASELINE_SOURCE
    "downtown 2p": 71.0,
    "downtown 3p": 116.7,
    "downtown 4p": 113.5,
    "downtown 2p edition=2013": 127.2,
    "downtown 3p edition=2013": 133.4,
    "downtown 4p edition=2013": 96.8,
    "protection-racket 2p": 87.9,
    "protection-racket 3p": 63.6,
    "protection-racket 4p": 9.4,
    "razzia 2p": 491.4,
    "razzia 3p": 238.2,
    "razzia 4p": 179.7,
    "razzia 5p": 147.3,
    "supergang 3p": 164.8,
    "supergang 4p": 121.1,
    "supergang 5p police_player=True": 33.6,
}
"""Heuristic-rollout iterations/s of each row (its label, as printed) before issue 19's work: the
medians of the baseline tree's figures in `BASELINE_SOURCE`'s run. Not like for like where a rollout
cut-off came later: the police row's rollouts then ran to the game's end, since b180c3d (issue 35) they
stop after 60 decisions as the other Supergang rows' do, so its ratio counts the cut-off too."""
BASELINE_SOURCE = ("2026-11-27, commit 6b3117c (the code before issue 19's work), the medians of 5 "
                   "figures per row of `python benchmarks/ismcts.py --compare <checkout of 6b3117c> "
                   "--rounds 5` (1.5 s of search per figure) on a 2-core x86_64 machine shared with "
                   "other jobs (load average 4.9-5.8): machine- and load-dependent")
"""When, from which commit and by which command `BASELINE` was measured."""
BOUNDED: dict[tuple[str, int], dict[str, object]] = {("downtown", 2): {"turn_limit": 200}}
"""Options where random play under the rules alone may not end in reasonable time (as in
benchmarks/throughput.py): the sample games, and so the searches, play under a turn limit."""
SEAT_OPTIONS: dict[tuple[str, int], dict[str, object]] = {("supergang", 5): {"police_player": True}}
"""Options a player count needs: Supergang's fifth seat exists only as the police player."""
VARIANTS: dict[str, list[dict[str, object]]] = {"downtown": [{}, {"edition": "2013"}]}
"""Option sets measured for a game besides its defaults."""
SAMPLES = 12
"""Decisions searched per row."""
REPEATS = 3
"""Each figure is the best of this many repeats."""


def sample_decisions(game: Game, players: int, count: int, seed: int, options: dict[str, object],
                     policy: Policy | None = None, per_game: int = 3) -> list[Decision]:
    """`count` decisions with a real choice, at most `per_game` from each game, uniformly over the
    decisions of games played at random (or, given a rollout `policy`, by it in every seat)."""
    rng = random.Random(seed)
    found: list[Decision] = []
    while len(found) < count:
        state = game.new_game(players, rng.getrandbits(32), options)
        trail: list[State] = []
        while (seat := state.to_act) is not None:
            legal = state.legal_actions()
            if len(legal) > 1:
                trail.append(state.clone())
            state.apply(rng.choice(legal) if policy is None else policy(state, seat))
        for picked in rng.sample(trail, min(len(trail), per_game, count - len(found))):
            seat = picked.to_act
            assert seat is not None
            found.append(Decision(game, picked, seat, tuple(picked.legal_actions())))
    return found


def iterations_per_s(decisions: list[Decision], rollout: str, seconds: float) -> float:
    """Best-of-REPEATS iterations/s of one-core searches from `decisions`, `seconds` in all, by the
    agent as it plays (its expansion threshold and rollout cut-off for the rollout)."""
    per_search = seconds / REPEATS / len(decisions)
    best = 0.0
    for repeat in range(REPEATS):
        agent = ISMCTSAgent(decisions[0].game, seed=repeat, seconds=per_search, rollout=rollout)
        done = 0
        start = time.perf_counter()
        for decision in decisions:
            agent.act(decision)
            done += agent.last_iterations
        best = max(best, done / (time.perf_counter() - start))
    return best


def parallel_per_s(decisions: list[Decision], workers: int, seconds: float) -> float:
    """Iterations/s of root-parallel searches over `workers` processes (random rollouts)."""
    agent = ISMCTSAgent(decisions[0].game, seed=1, seconds=seconds / len(decisions), rollout="random",
                        workers=workers)
    try:
        agent.act(decisions[0])  # start the pool outside the timing
        done = 0
        start = time.perf_counter()
        for decision in decisions:
            agent.act(decision)
            done += agent.last_iterations
        return done / (time.perf_counter() - start)
    finally:
        agent.close()


def rows(game_id: str | None) -> list[tuple[str, str, int, dict[str, object], bool]]:
    """(label, game id, players, options, bounded) of every row, in order."""
    out = []
    for game in [get(game_id)] if game_id else all_games():
        for variant in VARIANTS.get(game.id, [{}]):
            for players in game.player_counts:
                seat_options = SEAT_OPTIONS.get((game.id, players), {})
                bound = BOUNDED.get((game.id, players), {})
                named = {**variant, **seat_options}
                label = f"{game.id} {players}p" + "".join(f" {k}={v}" for k, v in named.items())
                out.append((label, game.id, players, {**variant, **seat_options, **bound}, bool(bound)))
    return out


def measure_row(game_id: str, players: int, options: dict[str, object], rollout: str,
                seconds: float) -> float:
    """Best-of-REPEATS iterations/s of one row and rollout policy (`seconds` of search in all)."""
    decisions = sample_decisions(get(game_id), players, SAMPLES, 7, options)
    return iterations_per_s(decisions, rollout, seconds)


def compare(tree: Path, labels: list[str], seconds: float, rounds: int,
            this_python: Path | None = None) -> int:
    """Each row's heuristic rollouts, `rounds` times with `tree`'s code and this checkout's in turn (or, with
    `this_python`, the gangland installed for that interpreter: the compiled build's, say)."""
    here = Path(__file__).resolve()
    sources = {"baseline": (tree / "src").resolve(), "this": here.parent.parent / "src"}
    pythons = {"baseline": sys.executable, "this": str(this_python or sys.executable)}
    this_text = f"{this_python}'s installed gangland" if this_python else str(sources["this"])
    print(f"heuristic rollouts, {rounds} rounds, each row measured with {sources['baseline']} and "
          f"{this_text} in turn ({seconds:g} s of search each)")
    header = f"{'row':<32} {'baseline it/s':>13} {'this it/s':>10} {'ratio':>6}  verdict (>= {SPEED_UP:g}x)"
    print(header)
    print("-" * len(header))
    for label in labels:
        figures: dict[str, list[float]] = {"baseline": [], "this": []}
        for _ in range(rounds):
            for name, src in sources.items():
                env = {**os.environ, "PYTHONPATH": str(src)}
                if name == "this" and this_python is not None:
                    env.pop("PYTHONPATH")
                done = subprocess.run([pythons[name], str(here), "--row", label, "--seconds", str(seconds)],
                                      env=env, capture_output=True, text=True, check=True)
                figures[name].append(float(done.stdout.split()[-1]))
        old, new = statistics.median(figures["baseline"]), statistics.median(figures["this"])
        print(f"{label:<32} {old:>13,.1f} {new:>10,.1f} {new / old:>6.2f}  "
              f"{'PASS' if new >= SPEED_UP * old else 'FAIL'}   "
              f"(baseline {', '.join(f'{x:.1f}' for x in figures['baseline'])}; "
              f"this {', '.join(f'{x:.1f}' for x in figures['this'])})", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit status 0 (a benchmark reports, it does not fail)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.5,
                        help="seconds of search per row and rollout policy (default 1.5)")
    parser.add_argument("--game", help="only this game id (default: every registered game)")
    parser.add_argument("--rollouts", default="random,heuristic",
                        help="rollout policies to measure (default random,heuristic)")
    parser.add_argument("--workers", type=int, default=1,
                        help="also measure root parallelism over this many processes (Razzia! 4p)")
    parser.add_argument("--compare", type=Path, metavar="TREE",
                        help="a checkout of the baseline commit: compare heuristic rollouts with it, "
                             "row by row, in turn")
    parser.add_argument("--rounds", type=int, default=5, help="measurements per tree and row with --compare")
    parser.add_argument("--this-python", type=Path, metavar="PYTHON",
                        help="with --compare: measure the gangland installed for PYTHON (e.g. "
                             ".venv-compiled/bin/python, the compiled build) instead of this checkout's src")
    parser.add_argument("--row", help=argparse.SUPPRESS)  # one row's heuristic figure only (--compare)
    args = parser.parse_args(argv)
    all_rows = rows(args.game)
    if args.row is not None:
        label, game_id, players, options, _ = next(r for r in all_rows if r[0] == args.row)
        print(measure_row(game_id, players, options, "heuristic", args.seconds))
        return 0
    rollouts = [r.strip() for r in args.rollouts.split(",") if r.strip()]

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(f"gangland IS-MCTS: Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}, one core, {os.cpu_count()} cores present, load average {load}")
    if args.compare is not None:
        return compare(args.compare, [r[0] for r in all_rows], args.seconds, args.rounds, args.this_python)
    print(f"{SAMPLES} decisions per row, {args.seconds:g} s of search per rollout policy; rollouts of "
          f"at most {MAX_ROLLOUT} decisions; every figure is the best of {REPEATS} repeats")
    header = (f"{'row':<32} {'random it/s':>12} {'heuristic it/s':>15} {'baseline':>9} {'x':>6}  "
              f"verdict (>= {SPEED_UP:g}x)")
    print(header)
    print("-" * len(header))
    figures: dict[tuple[str, str], float] = {}
    for label, game_id, players, options, bounded in all_rows:
        decisions = sample_decisions(get(game_id), players, SAMPLES, 7, options)
        for rollout in rollouts:
            figures[label, rollout] = iterations_per_s(decisions, rollout, args.seconds)
        line = (f"{label + (' *' if bounded else ''):<32} "
                f"{_fmt(figures.get((label, 'random')), 12, ',.0f')} "
                f"{_fmt(figures.get((label, 'heuristic')), 15, ',.1f')}")
        heuristic, baseline = figures.get((label, "heuristic")), BASELINE.get(label)
        if heuristic is not None and baseline is not None:
            verdict = "PASS" if heuristic >= SPEED_UP * baseline else "FAIL"
            line += f" {baseline:>9,.1f} {heuristic / baseline:>6.2f}  {verdict}"
        print(line, flush=True)
    for label, game_id, players, _, bounded in all_rows:
        if bounded:
            print(f"* {label}: sample games and searches under {BOUNDED[game_id, players]}")
    if BASELINE_SOURCE:
        print(f"baseline: {BASELINE_SOURCE}")
    game_id, players, rollout, target = TARGET
    if args.workers > 1 and game_id in {r[1] for r in all_rows}:
        decisions = sample_decisions(get(game_id), players, SAMPLES, 7, {})
        value = parallel_per_s(decisions, args.workers, args.seconds)
        print(f"\nroot parallelism, {get(game_id).name} {players}p, random rollouts, {args.workers} workers: "
              f"{value:,.0f} iterations/s in all")
    value_or_none = figures.get((f"{game_id} {players}p", rollout))
    if value_or_none is not None:
        print()
        print("Target")
        verdict = "PASS" if value_or_none >= target else "FAIL"
        print(f"  {get(game_id).name} {players}p  IS-MCTS iterations/s, {rollout} rollouts "
              f"{value_or_none:>10,.0f}   target >= {target:,g}   {verdict}")
    return 0


def _fmt(value: float | None, width: int, spec: str) -> str:
    """`value` right-aligned in `width` columns, or "-" when not measured."""
    return "-".rjust(width) if value is None else format(value, f">{width}{spec}")


if __name__ == "__main__":
    sys.exit(main())
