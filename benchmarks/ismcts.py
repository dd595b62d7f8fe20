"""IS-MCTS iterations per second for every registered game and player count, on one core.

Run from the repository root:

    .venv/bin/python benchmarks/ismcts.py [--seconds S] [--game ID] [--workers N]

For each game and each of its player counts (default options) it samples decisions uniformly over the
decisions of random games (those with more than one legal action, so that the agent searches) and lets
the IS-MCTS agent search each for a slice of time, with random rollouts and with the game's heuristic
bot as the rollout policy. An iteration is one determinization, the descent through the tree, one
rollout (at most `MAX_ROLLOUT` decisions, or the heuristic bot's cut-off where it has one) and the
backup. The figure is iterations over the time
spent, the best of `REPEATS` repeats (as `timeit` does: the repeat least disturbed by other processes),
and the load average is printed with it.

The issue's target, at least 1,000 iterations/s for 4-player Razzia! with random rollouts, is printed
with PASS/FAIL. With `--workers N` (N > 1) the same Razzia! decisions are searched with root
parallelism over N processes too, and the combined iterations/s printed (figures, not a target).
A benchmark prints; it is not a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

from gangland.agents.ismcts import MAX_ROLLOUT, ISMCTSAgent, Policy
from gangland.engine import Decision, Game, State
from gangland.games import all_games, get

TARGET: tuple[str, int, str, float] = ("razzia", 4, "random", 1_000.0)
"""(game id, players, rollout, least iterations/s): the issue's speed target."""
BOUNDED: dict[tuple[str, int], dict[str, object]] = {("downtown", 2): {"turn_limit": 200}}
"""Options where random play under the rules alone may not end in reasonable time (as in
benchmarks/throughput.py): the sample games, and so the searches, play under a turn limit."""
SEAT_OPTIONS: dict[tuple[str, int], dict[str, object]] = {("supergang", 5): {"police_player": True}}
"""Options a player count needs: Supergang's fifth seat exists only as the police player."""
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


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit status 0 (a benchmark reports, it does not fail)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.5,
                        help="seconds of search per game, player count and rollout (default 1.5)")
    parser.add_argument("--game", help="only this game id (default: every registered game)")
    parser.add_argument("--workers", type=int, default=1,
                        help="also measure root parallelism over this many processes (Razzia! 4p)")
    args = parser.parse_args(argv)
    games = [get(args.game)] if args.game else all_games()

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(f"gangland IS-MCTS: Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}, one core, {os.cpu_count()} cores present, load average {load}")
    print(f"{SAMPLES} decisions per row, {args.seconds:g} s of search per rollout policy; rollouts of "
          f"at most {MAX_ROLLOUT} decisions; every figure is the best of {REPEATS} repeats")
    header = f"{'game':<24} {'players':>7} {'random it/s':>12} {'heuristic it/s':>15}"
    print(header)
    print("-" * len(header))
    figures: dict[tuple[str, int, str], float] = {}
    notes = []
    for game in games:
        for players in game.player_counts:
            seat_options = SEAT_OPTIONS.get((game.id, players), {})
            options = {**seat_options, **BOUNDED.get((game.id, players), {})}
            row = game.id + "".join(f" {k}={v}" for k, v in seat_options.items())
            if (game.id, players) in BOUNDED:
                row += " *"
                bound = BOUNDED[game.id, players]
                notes.append(f"* {game.id} {players}p: sample games and searches under {bound}")
            decisions = sample_decisions(game, players, SAMPLES, 7, options)
            for rollout in ("random", "heuristic"):
                figures[game.id, players, rollout] = iterations_per_s(decisions, rollout, args.seconds)
            print(f"{row:<24} {players:>7} {figures[game.id, players, 'random']:>12,.0f} "
                  f"{figures[game.id, players, 'heuristic']:>15,.1f}", flush=True)
    for line in notes:
        print(line)
    game_id, players, rollout, target = TARGET
    if args.workers > 1 and game_id in {g.id for g in games}:
        decisions = sample_decisions(get(game_id), players, SAMPLES, 7, {})
        value = parallel_per_s(decisions, args.workers, args.seconds)
        print(f"\nroot parallelism, {get(game_id).name} {players}p, random rollouts, {args.workers} workers: "
              f"{value:,.0f} iterations/s in all")
    value_or_none = figures.get((game_id, players, rollout))
    if value_or_none is not None:
        print()
        print("Target")
        verdict = "PASS" if value_or_none >= target else "FAIL"
        print(f"  {get(game_id).name} {players}p  IS-MCTS iterations/s, {rollout} rollouts "
              f"{value_or_none:>10,.0f}   target >= {target:,g}   {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
