"""Train Supergang's learned value model (gangland.games.supergang.bots_value) and measure it against
`standing_chances` on held-out games.

Run from the repository root (numpy: the `rl` or `dev` extra):

    .venv/bin/python benchmarks/supergang_value.py [--games 1200] [--games4 400] [--seed 1]
        [--hidden 16] [--epochs 30] [--batch 1024] [--write src/gangland/games/supergang/value_weights.json]

1. **Records.** Heuristic self-play (every seat `SupergangHeuristicBot`, default options): `--games`
   games with 3 gangs and `--games4` with 4, seeds drawn from `--seed`. Every `EVERY` decisions the
   position's features (`value.features`) and the standing's estimate (`bots.standing`, the cut-off's
   estimate before issue 35) are kept; the label is the game's
   winners (a tie shares the win).
2. **Split.** The last `HELD_OUT` of each gang count's games are held out (whole games: positions of one
   game are alike, so a split by position would flatter the model).
3. **Fit.** Minibatch Adam on the cross-entropy of the winners under the softmax of the gangs' scores,
   with an L2 penalty; features are standardized on the training positions.
4. **Measure.** On the held-out positions, by rounds before the game's end, both estimates' mean
   log-likelihood of the winners as a gain over the uniform guess (nats; higher is better), the learned
   model's gain minus the bot's with a 95% interval that counts each game's positions as one cluster, and
   their accuracy (the share of positions whose most likely gang won). With `--write` the weights go into
   the package's JSON file, which records this command.

The same command gives the same weights (self-play is deterministic for its seeds, the initialisation
draws from `--seed`). A benchmark prints; it is not a test (tests/supergang/test_value.py runs it tiny).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shlex
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from gangland.games import get
from gangland.games.supergang import bots_value as value
from gangland.games.supergang.bots import SupergangHeuristicBot, standing
from gangland.games.supergang.state import SupergangState

for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")  # one core: these small products gain nothing from more
import numpy as np  # noqa: E402 (after the thread limits, which numpy reads when it is loaded)

EVERY = 15
"""Decisions between two recorded positions (as benchmarks/supergang_chances.py)."""
HELD_OUT = 0.25
"""Share of each gang count's games held out from training."""
L2 = 1e-4
LEARNING_RATE = 0.003
MAX_GANGS = 4


@dataclass
class Records:
    """Positions of self-play: features (positions x 4 gangs x FEATURES, zero-padded), a mask of the real
    gangs, the winners' shares, the bot's estimates, rounds left, gang count and whether held out."""

    x: np.ndarray
    mask: np.ndarray
    y: np.ndarray
    standing: np.ndarray
    rounds_left: np.ndarray
    gangs: np.ndarray
    held_out: np.ndarray


Game = tuple[list[list[list[float]]], list[tuple[float, ...]], list[int], tuple[float, ...]]
"""One self-play game: its positions' features, the bot's estimates, rounds left; the winners' shares."""


def self_play(gangs: int, games: int, seed: int) -> list[Game]:
    """`games` games of heuristic self-play with `gangs` gangs, recorded every `EVERY` decisions."""
    game = get("supergang")
    bot = SupergangHeuristicBot()
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_game(gangs, rng.getrandbits(32))
        assert isinstance(state, SupergangState)
        limit = state.options["turn_limit"]
        rows, estimates, lefts = [], [], []
        decisions = 0
        while (seat := state.to_act) is not None:
            if decisions % EVERY == 0:
                left = max(0, limit - state.round)
                rows.append(value.features(state, left))
                estimate = standing(state)
                assert estimate is not None
                estimates.append(estimate)
                lefts.append(left)
            state.apply(bot.choose(state, seat))
            decisions += 1
        winners = state.result().winners
        out.append((rows, estimates, lefts, tuple(1 / len(winners) if g in winners else 0.0
                                                  for g in range(gangs))))
    return out


def records(games3: int, games4: int, seed: int) -> Records:
    """Self-play records for 3 and 4 gangs, padded to 4 gangs, with the held-out games marked."""
    xs, masks, ys, standings, lefts, counts, held = [], [], [], [], [], [], []
    for gangs, games in ((3, games3), (4, games4)):
        played = self_play(gangs, games, seed * 10 + gangs)
        first_held = len(played) - round(len(played) * HELD_OUT)
        for index, (rows, estimates, left, shares) in enumerate(played):
            pad = MAX_GANGS - gangs
            for row, estimate, r in zip(rows, estimates, left, strict=True):
                xs.append(row + [[0.0] * value.FEATURES] * pad)
                masks.append([1.0] * gangs + [0.0] * pad)
                ys.append(list(shares) + [0.0] * pad)
                standings.append(list(estimate) + [0.0] * pad)
                lefts.append(r)
                counts.append(gangs)
                held.append(index >= first_held)
    return Records(np.array(xs), np.array(masks), np.array(ys), np.array(standings), np.array(lefts),
                   np.array(counts), np.array(held))


def forward(params: dict[str, np.ndarray], z: np.ndarray, mask: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray]:
    """Chances (positions x gangs) and hidden units ((positions x gangs) x hidden) for standardized
    features `z` (positions x gangs x features)."""
    n, gangs, features = z.shape
    flat = z.reshape(-1, features)  # one row per (position, gang): the model is the same for every gang
    h = np.tanh(flat @ params["hidden_weights"].T + params["hidden_bias"])
    s = (flat @ params["linear"] + h @ params["output"]).reshape(n, gangs)
    s = np.where(mask > 0, s, -1e9)
    s = s - s.max(axis=1, keepdims=True)
    e = np.exp(s) * mask
    return e / e.sum(axis=1, keepdims=True), h


def fit(z: np.ndarray, mask: np.ndarray, y: np.ndarray, hidden: int, epochs: int, batch: int,
        seed: int) -> dict[str, np.ndarray]:
    """Minibatch Adam on the winners' cross-entropy plus `L2` times the squared weights."""
    rng = np.random.default_rng(seed)
    features = z.shape[2]
    params = {"linear": np.zeros(features),
              "hidden_weights": rng.normal(0.0, 1.0 / math.sqrt(features), (hidden, features)),
              "hidden_bias": np.zeros(hidden),
              "output": rng.normal(0.0, 0.1, hidden)}
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(z))
        for first in range(0, len(z), batch):
            chosen = order[first:first + batch]
            zb = z[chosen]
            p, h = forward(params, zb, mask[chosen])
            # d loss / d score, one per (position, gang); zero on padding, where p and y are both 0
            ds = ((p - y[chosen]) / len(chosen)).reshape(-1)
            flat = zb.reshape(-1, features)
            grads = {"linear": ds @ flat, "output": ds @ h}
            da = ds[:, None] * params["output"] * (1 - h * h)
            grads["hidden_weights"] = da.T @ flat
            grads["hidden_bias"] = da.sum(axis=0)
            step += 1
            for key, grad in grads.items():
                if key != "hidden_bias":
                    grad = grad + 2 * L2 * params[key]
                m, v = moments[key]
                m[:] = 0.9 * m + 0.1 * grad
                v[:] = 0.999 * v + 0.001 * grad * grad
                params[key] -= (LEARNING_RATE * (m / (1 - 0.9 ** step))
                                / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8))
    return params


def log_gains(p: np.ndarray, y: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Each position's log-likelihood of the winners over the uniform guess (nats)."""
    return (y * np.log(np.maximum(p, 1e-12))).sum(axis=1) + np.log(mask.sum(axis=1))


def accuracy(p: np.ndarray, y: np.ndarray, mask: np.ndarray) -> float:
    """The share of positions whose most likely gang won (a tie's share counted)."""
    top = np.where(mask > 0, p, -1.0).argmax(axis=1)
    return float(y[np.arange(len(y)), top].mean())  # the winner's share: 1, or 1/k when k gangs tie


def games_of(rec: Records) -> np.ndarray:
    """Each position's game number: positions are recorded game after game, and within a game the rounds
    left never grow, so a new game begins wherever they grow (or the gang count changes)."""
    new = np.ones(len(rec.rounds_left), dtype=bool)
    new[1:] = (rec.rounds_left[1:] > rec.rounds_left[:-1]) | (rec.gangs[1:] != rec.gangs[:-1])
    return np.cumsum(new)


def clustered(values: np.ndarray, games: np.ndarray) -> tuple[float, float]:
    """The mean of `values` and the half-width of its 95% interval, with the positions of one game as one
    cluster (they are far from independent)."""
    mean = float(values.mean())
    _, index = np.unique(games, return_inverse=True)
    sums = np.bincount(index, weights=values - mean)
    clusters = len(sums)
    if clusters < 2:
        return mean, math.inf
    error = math.sqrt(float((sums * sums).sum()) * clusters / (clusters - 1)) / len(values)
    return mean, 1.96 * error


def report(rec: Records, learned: np.ndarray, gangs: int | None) -> None:
    """Held-out table by rounds before the game's end for one gang count (None: both). By the end, not by
    the turn limit: since S47 the rules' own ends decide, far before the limit (the safety net)."""
    held = rec.held_out & ((rec.gangs == gangs) if gangs else True)
    games = games_of(rec)
    games_label = f"{gangs} gangs" if gangs else "3 and 4 gangs"
    print(f"held out, {games_label}: {len(set(games[held].tolist()))} games, {int(held.sum())} positions")
    print("   rounds to end   positions   gain (nats) standing / learned   learned - standing (95%, by game)"
          "   accuracy standing / learned")
    _, index = np.unique(games, return_inverse=True)
    last = np.full(index.max() + 1, np.iinfo(np.int64).max)
    np.minimum.at(last, index, rec.rounds_left)  # the game's last recorded position: its end, nearly
    buckets = np.minimum((rec.rounds_left - last[index]) // 4 * 4, 16)
    for low in [*sorted(set(buckets[held].tolist()), reverse=True), None]:
        sel = held & (buckets == low) if low is not None else held
        label = "all" if low is None else (f"{low}-{low + 3}" if low < 16 else "16+")
        standing = log_gains(rec.standing[sel], rec.y[sel], rec.mask[sel])
        ours = log_gains(learned[sel], rec.y[sel], rec.mask[sel])
        diff, half = clustered(ours - standing, games[sel])
        print(f"  {label:>14}   {int(sel.sum()):>9}   {standing.mean():+.3f} / {ours.mean():+.3f}"
              f"{'':>18}{diff:+.3f} ({diff - half:+.3f} to {diff + half:+.3f}){'':>11}"
              f"{accuracy(rec.standing[sel], rec.y[sel], rec.mask[sel]):.3f} / "
              f"{accuracy(learned[sel], rec.y[sel], rec.mask[sel]):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1200, help="3-gang self-play games")
    parser.add_argument("--games4", type=int, default=400, help="4-gang self-play games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--write", type=Path, help="write the weights (JSON) here")
    parser.add_argument("--cache", type=Path, help="keep the self-play records in this .npz file (made "
                                                   "once per --games, --games4 and --seed)")
    args = parser.parse_args()
    start = time.perf_counter()
    key = np.array([args.games, args.games4, args.seed])
    if args.cache and args.cache.exists() and np.array_equal(np.load(args.cache)["key"], key):
        rec = Records(**{k: v for k, v in np.load(args.cache).items() if k != "key"})
    else:
        rec = records(args.games, args.games4, args.seed)
        if args.cache:
            np.savez_compressed(args.cache, key=key, **asdict(rec))
    print(f"{args.games} + {args.games4} games of self-play, {len(rec.x)} positions "
          f"({time.perf_counter() - start:.0f} s)")
    train = ~rec.held_out
    mean = rec.x[train][rec.mask[train] > 0].mean(axis=0)
    scale = rec.x[train][rec.mask[train] > 0].std(axis=0)
    scale = np.where(scale > 1e-9, scale, 1.0)
    z = (rec.x - mean) / scale * rec.mask[:, :, None]
    params = fit(z[train], rec.mask[train], rec.y[train], args.hidden, args.epochs, args.batch, args.seed)
    learned, _ = forward(params, z, rec.mask)
    print(f"fitted in {time.perf_counter() - start:.0f} s in all")
    for gangs in (3, 4, None):
        if (rec.held_out & ((rec.gangs == gangs) if gangs else True)).any():
            report(rec, learned, gangs)
    if args.write:
        given = sys.argv[1:]
        if "--cache" in given:  # where the records were kept does not change the weights
            del given[given.index("--cache"):given.index("--cache") + 2]
        command = shlex.join(["python", "benchmarks/supergang_value.py", *given])
        data: dict[str, Any] = {
            "generated": f"trained, not written by hand: regenerate with `{command}`",
            "features": list(value.FEATURE_NAMES),
            "trained_on": {"games": {"3": args.games, "4": args.games4}, "positions": int(train.sum()),
                           "every": EVERY, "seed": args.seed, "epochs": args.epochs,
                           "batch": args.batch, "l2": L2},
            "mean": [round(float(v), 6) for v in mean], "scale": [round(float(v), 6) for v in scale],
            **{k: np.round(v, 6).tolist() for k, v in params.items()},
        }
        args.write.write_text(json.dumps(data, indent=1) + "\n")
        model = value.ValueModel(data)  # the pure-Python evaluation must agree with numpy's
        check = np.flatnonzero(rec.held_out)[:50]
        for i in check:
            gangs = int(rec.gangs[i])
            pure = model.chances([list(map(float, row)) for row in rec.x[i][:gangs]])
            assert np.allclose(pure, learned[i][:gangs], atol=1e-4), (pure, learned[i])
        print(f"wrote {args.write}")


if __name__ == "__main__":
    main()
