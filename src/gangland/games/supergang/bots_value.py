"""A learned Supergang value model: each gang's chance of winning from a running position.

`bots.standing` (`standing_chances`) judges a position by shops and money alone. This model, the
heuristic bot's `win_chances` and so the search's cut-off estimate since issue 35, reads more of the full
state (which a search's cut-off has: it judges a determinized state) and was
fitted to the winners of heuristic self-play (3 and 4 gangs, default options) by
`benchmarks/supergang_value.py`, which also measures it against `standing` on held-out games.

**Model.** Each gang g gets `FEATURES` numbers `x_g` (`features`: its shops, money, best district, rackets,
pawns, tokens, where its characters are, their records, the leads over the best rival, and the main ones
weighted by w = 1 / sqrt(rounds left + 1.5), as `standing_chances` weights its standing); its score is
``u . x_g + v . tanh(W x_g + b)``, the same function for every gang, and the chances are the softmax of
the scores. So relabelling the gangs relabels the chances (permutation-equivariant), and the model serves
any gang count.

**Weights.** `value_weights.json` beside this module holds the trained numbers (generated; its "command"
says how to regenerate it). They are read once and evaluated in plain Python: the core install needs no
numpy, which only training uses.

>>> from gangland.games.supergang import GAME
>>> [round(c, 3) for c in learned_chances(GAME.new_game(3, seed=1))]
[0.333, 0.333, 0.333]
"""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import Any, Final

from gangland.engine import softmax

from .constants import CLINIC, GRAVEYARD, JAIL
from .geometry import Geometry
from .state import SupergangState

__all__ = ["FEATURES", "FEATURE_NAMES", "ValueModel", "features", "learned_chances", "load_model"]

FEATURE_NAMES: Final = (
    "shops", "money", "best_district", "rackets", "pawns_on_board", "pawn_stock", "tokens",
    "free", "jail", "clinic", "graveyard", "vamped_out", "vamped_in", "record",
    "shop_lead", "money_lead", "district_lead",
    "w*shops", "w*money", "w*best_district", "w*shop_lead", "w*money_lead", "w*district_lead",
    "w", "rounds_left", "gangs",
)
"""What each of a gang's features means, in order (scales: `features`)."""
FEATURES: Final = len(FEATURE_NAMES)
WEIGHTS_FILE: Final = "value_weights.json"


def _district_of(geo: Geometry) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a board: the district number of each shop index, and each district's size."""
    cached = _DISTRICTS.get(id(geo))
    if cached is not None and cached[0] is geo:
        return cached[1], cached[2]
    names = sorted(geo.board.districts)
    number = {name: i for i, name in enumerate(names)}
    of = tuple(number[geo.board.shops[shop].district] for shop in geo.shops)
    sizes = tuple(sum(1 for d in of if d == i) for i in range(len(names)))
    _DISTRICTS[id(geo)] = (geo, of, sizes)
    return of, sizes


_DISTRICTS: dict[int, tuple[Geometry, tuple[int, ...], tuple[int, ...]]] = {}


def features(state: SupergangState, rounds_left: int) -> list[list[float]]:
    """Each gang's features (`FEATURE_NAMES`), scaled to about [0, 1]: counts of shops, rackets and pawns
    over 10, money over 400 (a shop's worth in `standing_chances`), characters over 3, the best district
    as the share of it owned, records over 10 years; a lead is own minus the best rival's."""
    gangs = state.gangs
    of, sizes = _district_of(state.geo)
    shops = [0] * gangs
    rackets = [0] * gangs
    by_district = [[0] * len(sizes) for _ in range(gangs)]
    for i, owner in enumerate(state.owner):
        if owner >= 0:
            shops[owner] += 1
            by_district[owner][of[i]] += 1
    for racketeer in state.racket:
        if racketeer >= 0:
            rackets[racketeer] += 1
    best = [max(count / size for count, size in zip(row, sizes, strict=True)) for row in by_district]
    on_board = [0] * gangs
    for colour in state.pawns.values():
        if 0 <= colour < gangs:
            on_board[colour] += 1
    places = [[0, 0, 0, 0] for _ in range(gangs)]  # free, jail, clinic, graveyard
    vamped_out = [0] * gangs
    vamped_in = [0] * gangs
    record = [0] * gangs
    for c in range(3 * gangs):
        g = c // 3
        where = state.pos[c]
        places[g][1 if where == JAIL else 2 if where == CLINIC else 3 if where == GRAVEYARD else 0] += 1
        record[g] += state.record[c]
        captor = state.captor[c]
        if captor >= 0:
            vamped_out[g] += 1
            vamped_in[captor // 3] += 1
    w = 1.0 / math.sqrt(rounds_left + 1.5)
    rows = []
    for g in range(gangs):
        others = [o for o in range(gangs) if o != g]
        shop_lead = (shops[g] - max(shops[o] for o in others)) / 10
        money_lead = (state.money[g] - max(state.money[o] for o in others)) / 400
        district_lead = best[g] - max(best[o] for o in others)
        s, m = shops[g] / 10, state.money[g] / 400
        rows.append([s, m, best[g], rackets[g] / 10, on_board[g] / 10, state.pawn_stock[g] / 10,
                     state.tokens[g] / 15, places[g][0] / 3, places[g][1] / 3, places[g][2] / 3,
                     places[g][3] / 3, vamped_out[g] / 3, vamped_in[g] / 3, record[g] / 10,
                     shop_lead, money_lead, district_lead,
                     w * s, w * m, w * best[g], w * shop_lead, w * money_lead, w * district_lead,
                     w, rounds_left / 20, gangs / 4])
    return rows


class ValueModel:
    """Trained weights (`value_weights.json`) and their evaluation: see the module docstring."""

    __slots__ = ("hidden_bias", "hidden_weights", "linear", "mean", "output", "scale")

    def __init__(self, data: dict[str, Any]) -> None:
        self.mean: list[float] = [float(v) for v in data["mean"]]
        """Per-feature mean and scale: features are standardized before the model sees them."""
        self.scale: list[float] = [float(v) for v in data["scale"]]
        self.linear: list[float] = [float(v) for v in data["linear"]]
        self.hidden_weights: list[list[float]] = [[float(v) for v in row] for row in data["hidden_weights"]]
        self.hidden_bias: list[float] = [float(v) for v in data["hidden_bias"]]
        self.output: list[float] = [float(v) for v in data["output"]]
        if not (len(self.mean) == len(self.scale) == len(self.linear) == FEATURES
                and len(self.hidden_weights) == len(self.hidden_bias) == len(self.output)
                and all(len(row) == FEATURES for row in self.hidden_weights)):
            raise ValueError(f"value model weights of the wrong shapes for {FEATURES} features")

    def score(self, row: list[float]) -> float:
        """One gang's score from its features."""
        x = [(v - m) / s for v, m, s in zip(row, self.mean, self.scale, strict=True)]
        total = sum(u * v for u, v in zip(self.linear, x, strict=True))
        for weights, bias, out in zip(self.hidden_weights, self.hidden_bias, self.output, strict=True):
            total += out * math.tanh(bias + sum(a * b for a, b in zip(weights, x, strict=True)))
        return total

    def chances(self, rows: list[list[float]]) -> tuple[float, ...]:
        """The softmax of the gangs' scores."""
        return softmax([self.score(row) for row in rows])


_MODEL: list[ValueModel] = []


def load_model() -> ValueModel:
    """The trained model from the package's `value_weights.json` (read once)."""
    if not _MODEL:
        text = resources.files("gangland.games.supergang").joinpath(WEIGHTS_FILE).read_text()
        _MODEL.append(ValueModel(json.loads(text)))
    return _MODEL[0]


def learned_chances(state: SupergangState) -> tuple[float, ...] | None:
    """Each gang's chance of winning from the running `state` by the learned model; None with the police
    player (the police's own win, S36, is not modelled) and without a turn limit."""
    limit = state.options["turn_limit"]
    if state.police_seat >= 0 or not limit:
        return None
    return load_model().chances(features(state, max(0, limit - state.round)))
