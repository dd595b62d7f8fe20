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

**With the police player** (S36, L91) no gang wins as the last one: the police wins when every gangster is
out of play at once, a gang by a complete district, and the safety net shares a draw among the gangs. So
the variant has its own model (`PoliceModel`, `police_weights.json`, fitted by
`benchmarks/supergang_police_value.py` to heuristic self-play of the variant): a linear score per gang on
the same features, a linear score for the police seat on `POLICE_FEATURE_NAMES`, and the softmax of them
all, the police last as its seat is.

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

__all__ = ["FEATURES", "FEATURE_NAMES", "POLICE_FEATURES", "POLICE_FEATURE_NAMES", "PoliceModel",
           "ValueModel", "features", "learned_chances", "load_model", "load_police_model", "police_features"]

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
POLICE_FEATURE_NAMES: Final = (
    "free", "jail", "clinic", "graveyard", "gangs_all_out", "fewest_free", "best_district",
    "w*free", "w*best_district", "w", "rounds_left", "gangs",
)
"""The police seat's features in the variant, in order (`police_features`)."""
POLICE_FEATURES: Final = len(POLICE_FEATURE_NAMES)
POLICE_WEIGHTS_FILE: Final = "police_weights.json"


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


def police_features(state: SupergangState, rounds_left: int) -> list[float]:
    """The police seat's features (`POLICE_FEATURE_NAMES`): the shares of all gangsters free, in the jail,
    the clinic and the graveyard (the police wins when none is free, L91), the share of gangs with none
    free, the fewest free characters of a gang over 3, the best district share any gang holds (a district
    ends the game against the police), and the weight w = 1 / sqrt(rounds left + 1.5) as `features`."""
    gangs = state.gangs
    of, sizes = _district_of(state.geo)
    by_district = [[0] * len(sizes) for _ in range(gangs)]
    for i, owner in enumerate(state.owner):
        if 0 <= owner < gangs:
            by_district[owner][of[i]] += 1
    best = max(count / size for row in by_district for count, size in zip(row, sizes, strict=True))
    places = [0, 0, 0, 0]  # free, jail, clinic, graveyard
    free_of = [0] * gangs
    for c in range(3 * gangs):
        where = state.pos[c]
        place = 1 if where == JAIL else 2 if where == CLINIC else 3 if where == GRAVEYARD else 0
        places[place] += 1
        free_of[c // 3] += place == 0
    total = 3 * gangs
    free = places[0] / total
    w = 1.0 / math.sqrt(rounds_left + 1.5)
    return [free, places[1] / total, places[2] / total, places[3] / total,
            sum(1 for f in free_of if f == 0) / gangs, min(free_of) / 3, best,
            w * free, w * best, w, rounds_left / 100, gangs / 4]


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


class PoliceModel:
    """Trained weights of the police variant (`police_weights.json`) and their evaluation: see the module
    docstring."""

    __slots__ = ("gang_linear", "gang_mean", "gang_scale", "police_bias", "police_linear", "police_mean",
                 "police_scale")

    def __init__(self, data: dict[str, Any]) -> None:
        self.gang_mean: list[float] = [float(v) for v in data["gang_mean"]]
        """Per-feature mean and scale of the gangs' and the police's features (standardized first)."""
        self.gang_scale: list[float] = [float(v) for v in data["gang_scale"]]
        self.gang_linear: list[float] = [float(v) for v in data["gang_linear"]]
        self.police_mean: list[float] = [float(v) for v in data["police_mean"]]
        self.police_scale: list[float] = [float(v) for v in data["police_scale"]]
        self.police_linear: list[float] = [float(v) for v in data["police_linear"]]
        self.police_bias = float(data["police_bias"])
        if not (len(self.gang_mean) == len(self.gang_scale) == len(self.gang_linear) == FEATURES
                and len(self.police_mean) == len(self.police_scale) == len(self.police_linear)
                == POLICE_FEATURES):
            raise ValueError(f"police model weights of the wrong shapes for {FEATURES} gang and "
                             f"{POLICE_FEATURES} police features")

    def chances(self, rows: list[list[float]], police: list[float]) -> tuple[float, ...]:
        """The softmax of the gangs' scores and, last, the police's."""
        scores = [sum(u * (v - m) / s for u, v, m, s in
                      zip(self.gang_linear, row, self.gang_mean, self.gang_scale, strict=True))
                  for row in rows]
        scores.append(self.police_bias + sum(
            u * (v - m) / s for u, v, m, s in
            zip(self.police_linear, police, self.police_mean, self.police_scale, strict=True)))
        return softmax(scores)


_MODEL: list[ValueModel] = []
_POLICE_MODEL: list[PoliceModel] = []


def _weights(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("gangland.games.supergang").joinpath(name).read_text())
    return data


def load_model() -> ValueModel:
    """The trained model from the package's `value_weights.json` (read once)."""
    if not _MODEL:
        _MODEL.append(ValueModel(_weights(WEIGHTS_FILE)))
    return _MODEL[0]


def load_police_model() -> PoliceModel:
    """The police variant's trained model from the package's `police_weights.json` (read once)."""
    if not _POLICE_MODEL:
        _POLICE_MODEL.append(PoliceModel(_weights(POLICE_WEIGHTS_FILE)))
    return _POLICE_MODEL[0]


def learned_chances(state: SupergangState) -> tuple[float, ...] | None:
    """Each seat's chance of winning from the running `state` by the learned model, with the police player
    by the variant's model (the police seat last); None without a turn limit (no rounds left to read)."""
    limit = state.options["turn_limit"]
    if not limit:
        return None
    left = max(0, limit - state.round)
    if state.police_seat >= 0:
        return load_police_model().chances(features(state, left), police_features(state, left))
    return load_model().chances(features(state, left))
