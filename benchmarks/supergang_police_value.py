"""Train the learned value model of Supergang's police variant (`bots_value.PoliceModel`) and measure it on
held-out games.

Run from the repository root (numpy: the `rl` or `dev` extra):

    .venv/bin/python benchmarks/supergang_police_value.py [--games 800] [--games4 600] [--seed 1]
        [--epochs 400] [--write src/gangland/games/supergang/police_weights.json]

1. **Records.** Heuristic self-play of the variant (`police_player=true`, every seat
   `SupergangHeuristicBot`, the police seat too): `--games` games with 3 gangs and `--games4` with 4,
   seeds drawn from `--seed`. Every `EVERY` decisions the gangs' features (`bots_value.features`) and the
   police's (`bots_value.police_features`) are kept; the label is the game's winners (the police, a gang
   by a district, or the gangs sharing the draw at the safety net).
2. **Split.** The last `HELD_OUT` of each gang count's games are held out, whole games.
3. **Fit.** Full-batch Adam on the cross-entropy of the winners under the softmax of the seats' linear
   scores (one weight vector for every gang, one for the police and its bias), with an L2 penalty: a
   convex fit, so its result hardly depends on the initialisation.
4. **Measure.** On the held-out positions, by rounds before the game's end: the mean log-likelihood of
   the winners as a gain over the base rate (each seat's share of the wins over the training positions of
   its gang count, so weighted by the games' lengths: the best guess that reads nothing of the position),
   with a 95% interval that counts a game's positions as one cluster, and the accuracy of the police's
   chance (a position counts when the police's chance is above one half exactly when the police won).

The same command gives the same weights. A benchmark prints; it is not a test
(tests/supergang/test_value.py runs it tiny).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from supergang_value import EVERY, HELD_OUT, L2, clustered

from gangland.games import get
from gangland.games.supergang import bots_value as value
from gangland.games.supergang.bots import SupergangHeuristicBot
from gangland.games.supergang.state import SupergangState

for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")
import numpy as np  # noqa: E402 (after the thread limits, which numpy reads when it is loaded)

LEARNING_RATE = 0.05
MAX_GANGS = 4


def self_play(gangs: int, games: int, seed: int) -> list[dict[str, Any]]:
    """`games` games of the variant with `gangs` gangs and heuristic bots, recorded every `EVERY`
    decisions: each position's gang rows, police row and rounds left, and the winners' shares."""
    game = get("supergang")
    bot = SupergangHeuristicBot()
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_game(gangs + 1, rng.getrandbits(32), options={"police_player": True})
        assert isinstance(state, SupergangState)
        limit = state.options["turn_limit"]
        rows, police, lefts = [], [], []
        decisions = 0
        while (seat := state.to_act) is not None:
            if decisions % EVERY == 0:
                left = max(0, limit - state.round)
                rows.append(value.features(state, left))
                police.append(value.police_features(state, left))
                lefts.append(left)
            state.apply(bot.choose(state, seat))
            decisions += 1
        winners = state.result().winners
        shares = [1 / len(winners) if s in winners else 0.0 for s in range(gangs + 1)]
        out.append({"rows": rows, "police": police, "left": lefts, "shares": shares})
    return out


def records(games3: int, games4: int, seed: int) -> dict[str, np.ndarray]:
    """Positions of both gang counts: gang features padded to `MAX_GANGS`, police features, a mask of the
    real seats (the police seat last, at index `MAX_GANGS`), the winners' shares, rounds left, rounds to
    the game's end, gang count, game number and whether held out."""
    cols: dict[str, list[Any]] = {k: [] for k in ("x", "police", "mask", "y", "left", "to_end", "gangs",
                                                  "game", "held")}
    number = 0
    for gangs, games in ((3, games3), (4, games4)):
        played = self_play(gangs, games, seed * 10 + gangs)
        first_held = len(played) - round(len(played) * HELD_OUT)
        pad = MAX_GANGS - gangs
        for index, g in enumerate(played):
            number += 1
            shares = g["shares"]
            y = shares[:gangs] + [0.0] * pad + [shares[gangs]]
            for rows, police, left in zip(g["rows"], g["police"], g["left"], strict=True):
                cols["x"].append(rows + [[0.0] * value.FEATURES] * pad)
                cols["police"].append(police)
                cols["mask"].append([1.0] * gangs + [0.0] * pad + [1.0])
                cols["y"].append(y)
                cols["left"].append(left)
                cols["to_end"].append(left - g["left"][-1])
                cols["gangs"].append(gangs)
                cols["game"].append(number)
                cols["held"].append(index >= first_held)
    return {k: np.array(v) for k, v in cols.items()}


def chances(params: dict[str, np.ndarray], zx: np.ndarray, zp: np.ndarray, mask: np.ndarray
            ) -> np.ndarray:
    """Each seat's chance (positions x (MAX_GANGS + 1)) for standardized gang features `zx` and police
    features `zp`."""
    scores = np.concatenate([zx @ params["gang_linear"],
                             (zp @ params["police_linear"] + params["police_bias"])[:, None]], axis=1)
    scores = np.where(mask > 0, scores, -1e9)
    scores = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(scores) * mask
    p: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return p


def fit(zx: np.ndarray, zp: np.ndarray, mask: np.ndarray, y: np.ndarray, epochs: int
        ) -> dict[str, np.ndarray]:
    """Full-batch Adam on the winners' cross-entropy plus `L2` times the squared weights."""
    params = {"gang_linear": np.zeros(zx.shape[2]), "police_linear": np.zeros(zp.shape[1]),
              "police_bias": np.zeros(())}
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    n = len(zx)
    for step in range(1, epochs + 1):
        ds = (chances(params, zx, zp, mask) - y) / n  # d loss / d score, zero where masked
        grads = {"gang_linear": np.einsum("pg,pgf->f", ds[:, :MAX_GANGS], zx),
                 "police_linear": ds[:, MAX_GANGS] @ zp, "police_bias": np.asarray(ds[:, MAX_GANGS].sum())}
        for key, grad in grads.items():
            if key != "police_bias":
                grad = grad + 2 * L2 * params[key]
            m, v = moments[key]
            m[...] = 0.9 * m + 0.1 * grad
            v[...] = 0.999 * v + 0.001 * grad * grad
            params[key] = params[key] - (LEARNING_RATE * (m / (1 - 0.9 ** step))
                                         / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8))
    return params


def log_likelihood(p: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Each position's log-likelihood of the winners (nats)."""
    out: np.ndarray = (y * np.log(np.maximum(p, 1e-12))).sum(axis=1)
    return out


def report(rec: dict[str, np.ndarray], p: np.ndarray, base: np.ndarray, gangs: int | None) -> None:
    """Held-out table by rounds before the game's end for one gang count (None: both)."""
    held = rec["held"] & ((rec["gangs"] == gangs) if gangs else True)
    label = f"{gangs} gangs" if gangs else "3 and 4 gangs"
    print(f"held out, {label}: {len(set(rec['game'][held].tolist()))} games, {int(held.sum())} positions")
    print("   rounds to end   positions   gain over the base rate (nats, 95% by game)   police accuracy")
    buckets = np.minimum(rec["to_end"] // 8 * 8, 32)
    police_won = rec["y"][:, MAX_GANGS] == 1.0
    for low in [*sorted(set(buckets[held].tolist()), reverse=True), None]:
        sel = held & (buckets == low) if low is not None else held
        name = "all" if low is None else (f"{low}-{low + 7}" if low < 32 else "32+")
        gains = log_likelihood(p[sel], rec["y"][sel]) - log_likelihood(base[sel], rec["y"][sel])
        gain, half = clustered(gains, rec["game"][sel])
        right = float(((p[sel, MAX_GANGS] > 0.5) == police_won[sel]).mean())
        print(f"  {name:>14}   {int(sel.sum()):>9}   {gain:+.3f} ({gain - half:+.3f} to {gain + half:+.3f})"
              f"{'':>20}{right:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=800, help="3-gang self-play games")
    parser.add_argument("--games4", type=int, default=600, help="4-gang self-play games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=400, help="full-batch steps")
    parser.add_argument("--write", type=Path, help="write the weights (JSON) here")
    args = parser.parse_args()
    start = time.perf_counter()
    rec = records(args.games, args.games4, args.seed)
    print(f"{args.games} + {args.games4} games of self-play, {len(rec['x'])} positions "
          f"({time.perf_counter() - start:.0f} s)")
    train = ~rec["held"]
    gang_rows = rec["x"][train][rec["mask"][train][:, :MAX_GANGS] > 0]
    gang_mean, gang_scale = gang_rows.mean(axis=0), gang_rows.std(axis=0)
    gang_scale = np.where(gang_scale > 1e-9, gang_scale, 1.0)
    police_mean, police_scale = rec["police"][train].mean(axis=0), rec["police"][train].std(axis=0)
    police_scale = np.where(police_scale > 1e-9, police_scale, 1.0)
    zx = (rec["x"] - gang_mean) / gang_scale * rec["mask"][:, :MAX_GANGS, None]
    zp = (rec["police"] - police_mean) / police_scale
    params = fit(zx[train], zp[train], rec["mask"][train], rec["y"][train], args.epochs)
    p = chances(params, zx, zp, rec["mask"])
    base = np.zeros_like(p)
    for gangs in (3, 4):
        of = rec["gangs"] == gangs
        if (of & train).any():
            base[of] = rec["y"][of & train].mean(axis=0)
    print(f"fitted in {time.perf_counter() - start:.0f} s in all; base rate of the police's win: "
          + ", ".join(f"{g} gangs {base[rec['gangs'] == g][0, MAX_GANGS]:.3f}"
                      for g in (3, 4) if (rec["gangs"] == g).any()))
    for count in (3, 4, None):
        if (rec["held"] & ((rec["gangs"] == count) if count else True)).any():
            report(rec, p, base, count)
    if args.write:
        command = shlex.join(["python", "benchmarks/supergang_police_value.py", *sys.argv[1:]])
        data: dict[str, Any] = {
            "generated": f"trained, not written by hand: regenerate with `{command}`",
            "gang_features": list(value.FEATURE_NAMES), "police_features": list(value.POLICE_FEATURE_NAMES),
            "trained_on": {"games": {"3": args.games, "4": args.games4}, "positions": int(train.sum()),
                           "every": EVERY, "seed": args.seed, "epochs": args.epochs, "l2": L2},
            "gang_mean": np.round(gang_mean, 6).tolist(), "gang_scale": np.round(gang_scale, 6).tolist(),
            "police_mean": np.round(police_mean, 6).tolist(),
            "police_scale": np.round(police_scale, 6).tolist(),
            **{k: np.round(v, 6).tolist() for k, v in params.items()},
        }
        args.write.write_text(json.dumps(data, indent=1) + "\n")
        model = value.PoliceModel(data)  # the pure-Python evaluation must agree with numpy's
        for i in [*np.flatnonzero(rec["held"] & (rec["gangs"] == 3))[:25],
                  *np.flatnonzero(rec["held"] & (rec["gangs"] == 4))[:25]]:
            gangs = int(rec["gangs"][i])
            pure = model.chances([list(map(float, row)) for row in rec["x"][i][:gangs]],
                                 list(map(float, rec["police"][i])))
            expected = [*p[i][:gangs], p[i][MAX_GANGS]]
            assert np.allclose(pure, expected, atol=1e-4), (pure, expected)
        print(f"wrote {args.write}")


if __name__ == "__main__":
    main()
