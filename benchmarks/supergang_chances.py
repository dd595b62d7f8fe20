"""How well does the Supergang standing (`bots.standing`, the search's cut-off estimate before issue 35)
predict who wins?

Run from the repository root:

    .venv/bin/python benchmarks/supergang_chances.py [--games N] [--seed S]

It plays N games of heuristic self-play for 3 and for 4 gangs (default options), asks `standing`
every `EVERY` decisions, and prints, by round, the mean log-likelihood of the actual winners under the
estimate, as a gain in nats over the uniform guess (1/gangs each; higher is better), and a calibration
table (the estimates in bins against how often those gangs won). It also refits the two constants,
`STANDING_SHARPNESS` and `MONEY_PER_SHOP`, on a grid and prints the best pair beside the bot's, which is
how they were chosen. IS-MCTS judged its cut-off rollouts by this estimate (gangland.agents.ismcts,
Cut-off) until issue 35 put the learned model (benchmarks/supergang_value.py) in its place. A benchmark
prints; it is not a test.
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass

from gangland.games import get
from gangland.games.supergang import bots
from gangland.games.supergang.state import SupergangState
from gangland.games.supergang.table import shops_owned

EVERY = 15
"""Decisions between two snapshots."""


@dataclass(frozen=True)
class Snapshot:
    """A running position's standing and the game's eventual winners' shares."""

    rounds_left: int
    shops: tuple[int, ...]
    money: tuple[int, ...]
    shares: tuple[float, ...]


def chances(snap: Snapshot, sharpness: float, money_per_shop: float) -> tuple[float, ...]:
    """The bot's estimate for a snapshot with the given constants."""
    return bots.standing_chances(snap.rounds_left, snap.shops, snap.money, sharpness, money_per_shop)


def log_gain(snaps: list[Snapshot], sharpness: float, money_per_shop: float) -> float:
    """Mean log-likelihood of the winners over the uniform guess, in nats."""
    total = 0.0
    for snap in snaps:
        p = chances(snap, sharpness, money_per_shop)
        uniform = math.log(len(p))
        total += sum(share * (math.log(max(p[g], 1e-12)) + uniform) for g, share in enumerate(snap.shares))
    return total / len(snaps)


def self_play(gangs: int, games: int, seed: int) -> list[Snapshot]:
    """Snapshots of `games` heuristic self-play games, checking the bot's estimate against the formula."""
    game = get("supergang")
    bot = bots.SupergangHeuristicBot()
    rng = random.Random(seed)
    snaps: list[Snapshot] = []
    for _ in range(games):
        state = game.new_game(gangs, rng.getrandbits(32))
        assert isinstance(state, SupergangState)
        taken: list[tuple[int, tuple[int, ...], tuple[int, ...], tuple[float, ...]]] = []
        decisions = 0
        while (seat := state.to_act) is not None:
            if decisions % EVERY == 0:
                estimate = bots.standing(state)
                assert estimate is not None
                limit = state.options["turn_limit"]
                taken.append((max(0, limit - state.round), tuple(shops_owned(state, g) for g in range(gangs)),
                               tuple(state.money[:gangs]), estimate))
            state.apply(bot.choose(state, seat))
            decisions += 1
        winners = state.result().winners
        shares = tuple(1 / len(winners) if g in winners else 0.0 for g in range(gangs))
        for left, shops, money, estimate in taken:
            snap = Snapshot(left, shops, money, shares)
            assert all(abs(a - b) < 1e-9 for a, b in zip(estimate, chances(
                snap, bots.STANDING_SHARPNESS, bots.MONEY_PER_SHOP), strict=True))
            snaps.append(snap)
    return snaps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    everything: list[Snapshot] = []
    for gangs in (3, 4):
        snaps = self_play(gangs, args.games, args.seed + gangs)
        everything += snaps
        print(f"{gangs} gangs, {args.games} games of heuristic self-play, {len(snaps)} positions")
        print("  rounds left   positions   gain over uniform (nats)")
        by_left: dict[int, list[Snapshot]] = {}
        for snap in snaps:
            by_left.setdefault(min(snap.rounds_left // 4 * 4, 16), []).append(snap)
        for left in sorted(by_left, reverse=True):
            group = by_left[left]
            label = f"{left}-{left + 3}" if left < 16 else "16+"
            gain = log_gain(group, bots.STANDING_SHARPNESS, bots.MONEY_PER_SHOP)
            print(f"  {label:>11}   {len(group):>9}   {gain:+.3f}")
        print("  estimate   gang-positions   won")
        bins: dict[int, list[float]] = {}
        for snap in snaps:
            for g, p in enumerate(chances(snap, bots.STANDING_SHARPNESS, bots.MONEY_PER_SHOP)):
                bins.setdefault(min(int(p * 10), 9), []).append(snap.shares[g])
        for b in sorted(bins):
            won = bins[b]
            print(f"  {b / 10:.1f}-{(b + 1) / 10:.1f}    {len(won):>14}   {sum(won) / len(won):.3f}")
    grid = [(s / 10, m) for s in range(8, 25, 2) for m in (100.0, 200.0, 400.0, 800.0)]
    best = max(grid, key=lambda pair: log_gain(everything, *pair))
    print(f"both gang counts: the bot's constants ({bots.STANDING_SHARPNESS}, {bots.MONEY_PER_SHOP:g}) gain "
          f"{log_gain(everything, bots.STANDING_SHARPNESS, bots.MONEY_PER_SHOP):+.4f} nats; the grid's best "
          f"({best[0]}, {best[1]:g}) {log_gain(everything, *best):+.4f}")


if __name__ == "__main__":
    main()
