"""How well does the Protection Racket heuristic bot's `win_chances` predict who wins?

Run from the repository root:

    .venv/bin/python benchmarks/protection_racket_chances.py [--games N] [--seed S]

It plays N games of heuristic self-play with 2, 3 and 4 players, takes the bot's round-end totals
(`bots_round.round_end_totals`) every `EVERY` decisions, and prints, by rounds left after the running
one, the mean log-likelihood of the actual winners under `win_chances` as a gain in nats over the
uniform guess (1/players each; higher is better), a calibration table, and each weight of `SHARPNESS`
refitted on a grid beside the bot's, which is how they were chosen. IS-MCTS judges its cut-off rollouts
by this estimate (gangland.agents.ismcts, Cut-off). A benchmark prints; it is not a test.
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass

from gangland.games import get
from gangland.games.protection_racket import bots
from gangland.games.protection_racket.bots_round import HAND_TURN, RevenueTable, round_end_totals
from gangland.games.protection_racket.rounds import ROUNDS
from gangland.games.protection_racket.state import ProtectionRacketState

EVERY = 3
"""Decisions between two snapshots."""
GRID = [k / 100 for k in range(5, 201, 5)]
"""The weights tried for each entry of `SHARPNESS`."""


@dataclass(frozen=True)
class Snapshot:
    """A running position's round-end totals and the game's eventual winners' shares."""

    rounds_left: int
    totals: tuple[float, ...]
    shares: tuple[float, ...]


def log_gain(snaps: list[Snapshot], weight: float) -> float:
    """Mean log-likelihood of the winners over the uniform guess, in nats, with one weight for all."""
    total = 0.0
    for snap in snaps:
        p = bots.round_chances(snap.totals, 0, (weight,))
        uniform = math.log(len(p))
        total += sum(share * (math.log(max(p[g], 1e-12)) + uniform) for g, share in enumerate(snap.shares))
    return total / len(snaps)


def self_play(players: int, games: int, seed: int) -> list[Snapshot]:
    """Snapshots of `games` heuristic self-play games, checking the bot's estimate against the formula."""
    game = get("protection-racket")
    rng = random.Random(seed)
    snaps: list[Snapshot] = []
    for _ in range(games):
        state = game.new_game(players, rng.getrandbits(32))
        assert isinstance(state, ProtectionRacketState)
        seat_bots = [bots.ProtectionRacketHeuristicBot(rng.getrandbits(32)) for _ in range(players)]
        taken: list[tuple[int, tuple[float, ...]]] = []
        decisions = 0
        while (seat := state.to_act) is not None:
            if decisions % EVERY == 0:
                left = max(0, ROUNDS - 1 - state.round)
                totals = tuple(round_end_totals(state, RevenueTable(state), HAND_TURN))
                estimate = seat_bots[seat].win_chances(state)
                assert all(abs(a - b) < 1e-9 for a, b in zip(estimate, bots.round_chances(totals, left),
                                                              strict=True))
                taken.append((left, totals))
            state.apply(seat_bots[seat].choose(state, seat))
            decisions += 1
        winners = state.result().winners
        shares = tuple(1 / len(winners) if g in winners else 0.0 for g in range(players))
        snaps += [Snapshot(left, totals, shares) for left, totals in taken]
    return snaps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    everything: list[Snapshot] = []
    for players in (2, 3, 4):
        snaps = self_play(players, args.games, args.seed + players)
        everything += snaps
        print(f"{players} players, {args.games} games of heuristic self-play, {len(snaps)} positions")
        print("  rounds left   positions   gain over uniform (nats): the bot's weight, the best for these")
        for left in range(len(bots.SHARPNESS)):
            group = [snap for snap in snaps if min(snap.rounds_left, len(bots.SHARPNESS) - 1) == left]
            if group:
                best = max(GRID, key=lambda k: log_gain(group, k))
                print(f"  {left:>11}   {len(group):>9}   {log_gain(group, bots.SHARPNESS[left]):+.3f} "
                      f"({bots.SHARPNESS[left]}), {log_gain(group, best):+.3f} ({best})")
        print("  estimate   seat-positions   won")
        bins: dict[int, list[float]] = {}
        for snap in snaps:
            for g, p in enumerate(bots.round_chances(snap.totals, snap.rounds_left)):
                bins.setdefault(min(int(p * 10), 9), []).append(snap.shares[g])
        for b in sorted(bins):
            won = bins[b]
            print(f"  {b / 10:.1f}-{(b + 1) / 10:.1f}    {len(won):>14}   {sum(won) / len(won):.3f}")
    print("all player counts: rounds left, the bot's weight, the grid's best")
    for left in range(len(bots.SHARPNESS)):
        group = [snap for snap in everything if min(snap.rounds_left, len(bots.SHARPNESS) - 1) == left]
        best = max(GRID, key=lambda k: log_gain(group, k))
        print(f"  {left}: {bots.SHARPNESS[left]} gains {log_gain(group, bots.SHARPNESS[left]):+.4f} nats, "
              f"{best} {log_gain(group, best):+.4f}")


if __name__ == "__main__":
    main()
