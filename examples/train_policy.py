"""Train a small policy for Razzia! on two cores in a few minutes, then show in a tournament how it plays.

    PYTHONPATH=src python examples/train_policy.py              # defaults: docs/rl/training.md
    PYTHONPATH=src python examples/train_policy.py --games 4 --epochs 1 --rl-episodes 0 --tournament-games 6

What it does, with the project's RL interfaces (issue 20; numpy only):

1. Records self-play: the game's heuristic bot plays every seat of a PettingZoo environment
   (`gangland.rl.pettingzoo`); each decision with a real choice gives (observation, action mask, the
   bot's action). The observation is the seat's view encoded: no hidden information.
2. Behaviour cloning: a one-hidden-layer perceptron (`gangland.rl.policy.PolicyModel`) learns to predict
   the bot's action, by cross-entropy over the legal actions (Adam, minibatches). A tenth of the games are
   held out to measure how often it agrees with the bot on games it never saw.
3. REINFORCE (--rl-episodes, 0 to skip): the policy samples its actions in one seat of a Gymnasium
   environment (`gangland.rl.gym.SeatEnv`) against the heuristic bot and a random player, and is pushed
   towards the actions of the games it won (reward = its share of the win, less a running baseline).
4. Writes the model (.npz) and plays a tournament (`gangland.tournament`) between `policy:PATH`, `random`
   and `heuristic`, each in every seat equally often, and prints the OpenSkill ratings, win shares, and
   how often the policy finished ahead of each opponent.

The same command gives the same model: every random choice is drawn from --seed.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import numpy as np

from gangland.agents import make_agent
from gangland.engine import Decision, GameRecord
from gangland.rl.gym import SeatEnv
from gangland.rl.pettingzoo import raw_env
from gangland.rl.policy import Adam, PolicyModel
from gangland.rl.table import seat_of
from gangland.sim import SimConfig
from gangland.tournament import tournament

Samples = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def record_self_play(game_id: str, players: int, games: int, seed: int, teacher: str) -> Samples:
    """Observations, masks, the teacher's actions and each sample's game number, from `games` games in
    which the `teacher` agent plays every seat. Decisions with a single legal action are left out."""
    env = raw_env(game_id, players)
    game = env.table.game
    seeds = random.Random(seed)
    obs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    game_of: list[int] = []
    for index in range(games):
        env.reset(seed=seeds.getrandbits(63))
        teachers = [make_agent(teacher, game, seeds.getrandbits(63)) for _ in range(players)]
        for agent in env.agent_iter():
            observation, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seat = seat_of(agent)
            legal = tuple(info["legal_actions"])
            action = teachers[seat].act(Decision(game, env.state_, seat, legal))
            if len(legal) > 1:
                obs.append(observation["observation"])
                masks.append(observation["action_mask"])
                actions.append(action)
                game_of.append(index)
            env.step(action)
    return (np.array(obs, dtype=np.float32).reshape(len(obs), env.table.layout.size),
            np.array(masks, dtype=np.int8).reshape(len(masks), env.table.num_actions),
            np.array(actions, dtype=np.intp), np.array(game_of, dtype=np.intp))


def agreement(model: PolicyModel, obs: np.ndarray, masks: np.ndarray, actions: np.ndarray) -> float:
    """Share of samples where the policy's best legal action is the recorded one."""
    if len(actions) == 0:
        return float("nan")
    chosen = np.argmax(model.probabilities(obs, masks), axis=1)
    return float(np.mean(chosen == actions))


def behaviour_cloning(model: PolicyModel, data: Samples, epochs: int, batch: int, lr: float, seed: int,
                      started: float) -> None:
    """Fit the model to the recorded actions; the last tenth of the games is held out for validation."""
    obs, masks, actions, game_of = data
    games = int(game_of.max()) + 1 if len(game_of) else 0
    held_out = game_of >= games - max(1, games // 10) if games >= 2 else np.zeros(len(game_of), dtype=bool)
    train = np.flatnonzero(~held_out)
    test = np.flatnonzero(held_out)
    print(f"behaviour cloning: {len(train)} training and {len(test)} held-out decisions")
    optimiser = Adam(model, lr=lr)
    rng = np.random.default_rng(seed)
    for epoch in range(1, epochs + 1):
        order = rng.permutation(train)
        losses = []
        for start in range(0, len(order), batch):
            rows = order[start:start + batch]
            loss, grads = model.loss_and_grads(obs[rows], masks[rows], actions[rows])
            optimiser.step(grads)
            losses.append(loss * len(rows))
        mean_loss = sum(losses) / max(1, len(order))
        print(f"  epoch {epoch:2d}: loss {mean_loss:.3f}, agrees with the bot on "
              f"{agreement(model, obs[train], masks[train], actions[train]):.1%} of training and "
              f"{agreement(model, obs[test], masks[test], actions[test]):.1%} of held-out decisions "
              f"({time.perf_counter() - started:.0f} s)")


def reinforce(model: PolicyModel, game_id: str, players: int, episodes: int, batch: int, lr: float,
              seed: int, started: float) -> None:
    """REINFORCE in SeatEnv: the policy samples its actions in a seat that moves round the table, against
    the heuristic bot and random players; the reward is its share of the win."""
    opponents = ["heuristic", *["random"] * (players - 2)]
    envs = [SeatEnv(game_id, seat=seat, players=players, opponents=opponents) for seat in range(players)]
    optimiser = Adam(model, lr=lr)
    rng = np.random.default_rng(seed)
    seeds = random.Random(seed)
    baseline = 1.0 / players
    wins: list[float] = []
    steps: tuple[list[np.ndarray], list[np.ndarray], list[int], list[float]] = ([], [], [], [])
    for episode in range(1, episodes + 1):
        env = envs[episode % players]
        observation, info = env.reset(seed=seeds.getrandbits(63))
        trajectory: list[tuple[np.ndarray, np.ndarray, int]] = []
        done, reward = False, 0.0
        while not done:
            legal = info["legal_actions"]
            action = model.choose(observation, legal, rng)
            if len(legal) > 1:
                trajectory.append((observation, info["action_mask"], action))
            observation, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins.append(float(reward))
        for obs, mask, action in trajectory:
            steps[0].append(obs)
            steps[1].append(mask)
            steps[2].append(action)
            steps[3].append(float(reward) - baseline)
        baseline = 0.95 * baseline + 0.05 * float(reward)
        if episode % batch == 0 and steps[2]:
            _, grads = model.loss_and_grads(np.array(steps[0]), np.array(steps[1]), np.array(steps[2]),
                                            np.array(steps[3], dtype=np.float32))
            optimiser.step(grads)
            steps = ([], [], [], [])
        if episode % max(1, episodes // 5) == 0 or episode == episodes:
            recent = wins[-max(1, episodes // 5):]
            print(f"  episode {episode}: won {sum(recent) / len(recent):.1%} of the last {len(recent)} "
                  f"(fair share {1 / players:.0%}) ({time.perf_counter() - started:.0f} s)")


def play_tournament(path: Path, game_id: str, players: int, games: int, seed: int, jobs: int) -> None:
    """`policy:PATH` against random and the heuristic bot, every agent in every seat equally often."""
    policy = f"policy:{path}"
    config = SimConfig(game_id, players, (policy, "random", "heuristic"), games, seed)
    ahead: dict[str, list[float]] = {"random": [0, 0], "heuristic": [0, 0]}

    def count(_: int, record: GameRecord) -> None:
        if record.result is None:
            return
        best: dict[str, int] = {}
        for seat, name in enumerate(record.seats):
            best[name] = min(best.get(name, players), record.result.ranks[seat])
        for other, tally in ahead.items():
            if policy in best and other in best:
                tally[0] += 1.0 if best[policy] < best[other] else 0.5 if best[policy] == best[other] else 0.0
                tally[1] += 1

    result = tournament(config, jobs=jobs, on_record=count)
    label = {policy: "policy"}
    print(f"tournament: {games} games of {players} players, seed {seed}")
    print(f"  {'agent':10s} {'mu':>6s} {'sigma':>6s} {'ordinal':>8s}   {'win share':>9s} "
          f"{'95% interval':>15s} {'mean score':>10s}")
    stats = {s.label: s for s in result.summary.by_agent}
    for rating in result.ratings:
        s = stats[rating.agent]
        low, high = s.interval
        interval = f"{low:.1%}..{high:.1%}"
        print(f"  {label.get(rating.agent, rating.agent):10s} {rating.mu:6.2f} {rating.sigma:6.2f} "
              f"{rating.ordinal:8.2f}   {s.win_rate:9.1%} {interval:>15s} {s.mean_score:10.1f}")
    if stats:
        print(f"  (fair win share: {next(iter(stats.values())).fair_share:.1%})")
    for other, (score, played) in ahead.items():
        if played:
            print(f"  the policy finished ahead of {other} in {score / played:.1%} of {int(played)} games "
                  f"(ties count half)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="razzia")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=600,
                        help="self-play games of the heuristic bot to clone")
    parser.add_argument("--epochs", type=int, default=10, help="behaviour-cloning passes over the data")
    parser.add_argument("--hidden", type=int, default=128, help="hidden units (0: a linear softmax policy)")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--rl-episodes", type=int, default=800,
                        help="REINFORCE episodes after cloning (0: none)")
    parser.add_argument("--rl-batch", type=int, default=16, help="episodes per REINFORCE update")
    parser.add_argument("--rl-lr", type=float, default=1e-4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("razzia-policy.npz"))
    parser.add_argument("--tournament-games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=1,
                        help="tournament workers (the results do not depend on it)")
    args = parser.parse_args()

    started = time.perf_counter()
    env = raw_env(args.game, args.players)
    table = env.table
    print(f"{table.game.name}, {table.players} players: observations of {table.layout.size} values, "
          f"{table.num_actions} action ids")
    data = record_self_play(args.game, args.players, args.games, args.seed, "heuristic")
    print(f"recorded {args.games} games of the heuristic bot: {len(data[2])} decisions with a choice "
          f"({time.perf_counter() - started:.0f} s)")
    model = PolicyModel.create(table, hidden=args.hidden, seed=args.seed)
    behaviour_cloning(model, data, args.epochs, args.batch, args.lr, args.seed, started)
    if args.rl_episodes > 0:
        print(f"REINFORCE: {args.rl_episodes} episodes against heuristic and random")
        reinforce(model, args.game, args.players, args.rl_episodes, args.rl_batch, args.rl_lr, args.seed,
                  started)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.save(args.out)
    trained = time.perf_counter() - started
    print(f"wrote {args.out} (trained in {trained:.0f} s)")
    play_tournament(args.out, args.game, args.players, args.tournament_games, args.seed + 1, args.jobs)
    print(f"done in {time.perf_counter() - started:.0f} s ({trained:.0f} s training, "
          f"{time.perf_counter() - started - trained:.0f} s tournament)")


if __name__ == "__main__":
    main()
