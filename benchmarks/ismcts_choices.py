"""How good are the moves IS-MCTS picks, decision by decision, against the heuristic bot's?

Run from the repository root:

    .venv/bin/python benchmarks/ismcts_choices.py [--game ID] [--players N] [--decisions D]
        [--truth T] [--iterations I] [--thresholds 1,30,100,1000000000] [--seed S]

It samples D decisions (with more than one legal action) from games the heuristic bot plays against
itself, and for each legal action estimates the deciding seat's chance of winning when it makes that
move and everyone then plays as the heuristic bot does: T playouts from fresh determinizations, the
same ones for every action. Then it asks the heuristic bot, and IS-MCTS with heuristic rollouts for I
iterations at each expansion threshold (`expand_after`), what to do, and prints the mean estimated win
chance of the moves each chose, and of the best move (an overestimate: the largest of noisy means).

Since the heuristic bot is the opponent the agent meets in the strength tournaments, a move's
estimate is its worth against that opponent after this move; it cannot credit a deeper tree for
planning its own later moves, which only games measure (`gangland tournament`). A benchmark prints;
it is not a test.
"""

from __future__ import annotations

import argparse
import random
import time

from ismcts import sample_decisions  # benchmarks/ismcts.py, beside this script

from gangland.agents.ismcts import _best_action, rollout_policy, search
from gangland.engine import State
from gangland.games import get


def win_share(state: State, seat: int) -> float:
    """1/k if `seat` is one of k winners of the finished (or stopped) game, else 0."""
    winners = state.result().winners
    return 1.0 / len(winners) if seat in winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="razzia")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--truth", type=int, default=300, help="playouts per action for its estimate")
    parser.add_argument("--iterations", type=int, default=480)
    parser.add_argument("--thresholds", default="1,30,100,1000000000")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-playout", type=int, default=2000,
                        help="decisions a playout may take before the scores so far decide it")
    args = parser.parse_args()
    game = get(args.game)
    policy = rollout_policy(game, "heuristic")
    assert policy is not None
    thresholds = [int(t) for t in args.thresholds.split(",")]
    options = dict(next(p for p in game.configurations() if p[0] == args.players)[1])

    def play_out(state: State) -> State:
        for _ in range(args.max_playout):
            seat = state.to_act
            if seat is None:
                break
            state.apply(policy(state, seat))
        return state

    decisions = sample_decisions(game, args.players, args.decisions, args.seed, options, policy, per_game=2)

    columns = ["heuristic", *(f"expand after {t}" for t in thresholds), "best"]
    sums = dict.fromkeys(columns, 0.0)
    start = time.perf_counter()
    for index, decision in enumerate(decisions):
        chance = {}
        for action in decision.legal_actions:
            total = 0.0
            for k in range(args.truth):
                state = decision.determinize(random.Random(10_000 + k))
                state.apply(action)
                total += win_share(play_out(state), decision.seat)
            chance[action] = total / args.truth
        sums["heuristic"] += chance[policy(decision.determinize(random.Random(index)), decision.seat)]
        for threshold in thresholds:
            stats, _ = search(decision, index, args.iterations, None, policy, expand_after=threshold)
            sums[f"expand after {threshold}"] += chance[_best_action(stats, decision.legal_actions)]
        sums["best"] += max(chance.values())
    print(f"{game.name}, {args.players} players: {len(decisions)} decisions, {args.truth} playouts per "
          f"action, {args.iterations} iterations per search, {time.perf_counter() - start:.0f} s")
    print("mean win chance of the chosen move")
    for column in columns:
        print(f"  {column:<26} {sums[column] / len(decisions):.3f}")


if __name__ == "__main__":
    main()
