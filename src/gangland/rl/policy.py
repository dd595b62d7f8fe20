"""A small learned policy for any encoded game, in numpy alone, and the Gangland agent playing it (issue 20).

`PolicyModel` scores every action id of a game (`Game.num_actions`) from a seat's observation (its view
encoded, `gangland.engine.encoding`): a one-hidden-layer perceptron (ReLU), or a linear softmax policy with
`hidden=0`. Scores are masked to the legal actions, so the policy's distribution never puts weight on an
illegal one. `loss_and_grads` gives the weighted negative log-likelihood of chosen actions and its gradient,
which serves both behaviour cloning (weights 1) and REINFORCE (weights = returns less a baseline); `Adam`
applies such gradients. `examples/train_policy.py` trains one; docs/rl/training.md says how well it plays.

A model is saved to one .npz file that also records the table it was trained for (game id, player count,
resolved options), the observation size and the number of actions. Loading it for another game or table is
refused with an OptionError, as is a file that is missing, unreadable or not such a model.

`PolicyAgent` is a Gangland agent (`act(decision) -> int`): it encodes `decision.view` (the seat's view,
never the true state) and plays the legal action with the highest score (greedy, ties to the lowest action
id), or with `sample=True` draws one from the masked softmax with its own seeded generator. `make_agent`
knows it as `policy:PATH` (greedy).

>>> from gangland.rl.table import RLTable
>>> table = RLTable("razzia", players=3)
>>> model = PolicyModel.create(table, hidden=8, seed=1)
>>> state = table.new_game(seed=2)
>>> model.choose(table.observe(state, state.to_act), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from gangland.engine import JSON, Decision, Game, OptionError
from gangland.games import get

from .table import Mask, RLTable, Vector

Array = npt.NDArray[np.float32]
FORMAT = "gangland-policy/1"
"""What a saved model's metadata calls its format; another value is refused."""
_MASKED = np.float32(-1e9)
"""The score given to an illegal action before the softmax (its probability is then 0)."""


class PolicyModel:
    """Scores over a game's action ids from an observation: see the module docstring.

    `params` holds float32 arrays: `w1` (observation x hidden), `b1`, `w2` (hidden x actions), `b2`; a
    linear model (`hidden` 0) has only `w2` (observation x actions) and `b2`.
    """

    def __init__(self, game: str, players: int, options: Mapping[str, JSON], obs_size: int, num_actions: int,
                 hidden: int, params: Mapping[str, Array]) -> None:
        self.game = game
        self.players = players
        self.options: dict[str, JSON] = dict(options)
        self.obs_size = obs_size
        self.num_actions = num_actions
        self.hidden = hidden
        self.params: dict[str, Array] = {name: np.asarray(value, dtype=np.float32)
                                         for name, value in params.items()}
        expected: dict[str, tuple[int, ...]] = (
            {"w1": (obs_size, hidden), "b1": (hidden,), "w2": (hidden, num_actions)} if hidden
            else {"w2": (obs_size, num_actions)})
        expected["b2"] = (num_actions,)
        shapes = {name: tuple(value.shape) for name, value in self.params.items()}
        if shapes != expected:
            raise OptionError(f"a policy of {obs_size} inputs, {hidden} hidden and {num_actions} actions "
                              f"needs arrays {expected}, not {shapes}")

    @classmethod
    def create(cls, table: RLTable, hidden: int = 128, seed: int = 0) -> PolicyModel:
        """A new model for `table`, its weights drawn from `seed` (He initialisation, biases 0)."""
        if type(hidden) is not int or hidden < 0:
            raise OptionError(f"hidden must be a whole number of 0 or more, not {hidden!r}")
        rng = np.random.default_rng(seed)
        size, actions = table.layout.size, table.num_actions

        def weights(rows: int, cols: int) -> Array:
            scale = np.sqrt(2.0 / max(1, rows))
            drawn: Array = (rng.standard_normal((rows, cols)) * scale).astype(np.float32)
            return drawn

        params: dict[str, Array] = {}
        if hidden:
            params["w1"] = weights(size, hidden)
            params["b1"] = np.zeros(hidden, dtype=np.float32)
            params["w2"] = weights(hidden, actions) * np.float32(0.1)
        else:
            params["w2"] = weights(size, actions) * np.float32(0.1)
        params["b2"] = np.zeros(actions, dtype=np.float32)
        return cls(table.game.id, table.players, table.options, size, actions, hidden, params)

    # --- the table it is for -------------------------------------------------------------------------

    def describe(self) -> str:
        """The table in words, for messages: `razzia, 3 players, options {...}`."""
        return f"{self.game}, {self.players} players, options {json.dumps(self.options, sort_keys=True)}"

    def check_game(self, game: Game) -> None:
        """OptionError unless this model can play `game`: the same game, its action count, and an
        observation of the recorded size for the model's table (an encoding changed since is refused)."""
        if game.id != self.game:
            raise OptionError(f"this policy was trained for {self.game}, not {game.id}")
        if game.num_actions != self.num_actions:
            raise OptionError(f"this policy scores {self.num_actions} actions; {game.name} now has "
                              f"{game.num_actions}: train it again")
        if game.encoding is None:
            raise OptionError(f"{game.name} has no observation encoding")
        options = game.resolve_options(self.options)
        size = game.encoding.layout(self.players, options).size
        if size != self.obs_size:
            raise OptionError(f"this policy reads observations of {self.obs_size} values; {game.name} now "
                              f"encodes {self.describe()} in {size}: train it again")

    def check_table(self, table: RLTable) -> None:
        """OptionError unless `table` is the one this model was trained for (game, players, options)."""
        self.check_game(table.game)
        if table.players != self.players or table.options != self.options:
            raise OptionError(f"this policy was trained for {self.describe()}, not for {table.game.id}, "
                              f"{table.players} players, options "
                              f"{json.dumps(table.options, sort_keys=True)}")

    # --- scores and choices --------------------------------------------------------------------------

    def _forward(self, obs: Array) -> tuple[Array, Array | None]:
        """Scores of a batch of observations (n x obs_size), and the hidden activations."""
        p = self.params
        if self.hidden:
            hidden = np.maximum(obs @ p["w1"] + p["b1"], np.float32(0))
            return hidden @ p["w2"] + p["b2"], hidden
        return obs @ p["w2"] + p["b2"], None

    def scores(self, obs: Array) -> Array:
        """The unmasked score of every action id, for one observation (a vector) or a batch (rows)."""
        batch = np.atleast_2d(np.asarray(obs, dtype=np.float32))
        if batch.shape[1] != self.obs_size:
            raise OptionError(f"this policy reads observations of {self.obs_size} values, "
                              f"not {batch.shape[1]}")
        out, _ = self._forward(batch)
        result: Array = out[0] if np.ndim(obs) == 1 else out
        return result

    def probabilities(self, obs: Array, mask: Mask) -> Array:
        """The policy's distribution over action ids for a batch (or one) of observations and masks: a
        softmax of the scores over the legal actions, exactly 0 elsewhere. A row with no legal action is
        all 0."""
        logits = np.where(np.asarray(mask) > 0, self.scores(obs), _MASKED)
        logits = logits - logits.max(axis=-1, keepdims=True)
        weights = np.exp(logits) * (np.asarray(mask) > 0)
        total = weights.sum(axis=-1, keepdims=True)
        probs: Array = np.divide(weights, total, out=np.zeros_like(weights), where=total > 0)
        probs = probs.astype(np.float32)
        return probs

    def choose(self, obs: Vector, legal: Sequence[int], rng: np.random.Generator | None = None) -> int:
        """A legal action for one observation: the best-scoring (ties to the lowest id), or with `rng`
        one drawn from the masked softmax."""
        if not legal:
            raise OptionError("no legal action to choose from")
        ids = np.array(sorted(set(legal)), dtype=np.intp)
        if ids[0] < 0 or ids[-1] >= self.num_actions:
            raise OptionError(f"action ids must lie in 0..{self.num_actions - 1}")
        legal_scores = self.scores(obs)[ids]
        if rng is None:
            return int(ids[int(np.argmax(legal_scores))])
        weights = np.exp(legal_scores - legal_scores.max()).astype(np.float64)
        return int(rng.choice(ids, p=weights / weights.sum()))

    # --- learning ------------------------------------------------------------------------------------

    def loss_and_grads(self, obs: Array, mask: Mask, actions: npt.NDArray[np.integer[Any]],
                       weights: Array | None = None) -> tuple[float, dict[str, Array]]:
        """The mean over the batch of -weight * log pi(action | observation) (the policy masked by `mask`),
        and its gradient for every parameter. Weights 1 make it behaviour cloning's cross-entropy; a return
        less a baseline makes it REINFORCE. Every action must be legal under its mask."""
        obs = np.asarray(obs, dtype=np.float32)
        actions = np.asarray(actions, dtype=np.intp)
        n = len(actions)
        rows = np.arange(n)
        if not np.all(np.asarray(mask)[rows, actions] > 0):
            raise ValueError("an action is not legal under its mask")
        w = np.ones(n, dtype=np.float32) if weights is None else np.asarray(weights, dtype=np.float32)
        logits, hidden = self._forward(obs)
        logits = np.where(np.asarray(mask) > 0, logits, _MASKED)
        logits = logits - logits.max(axis=1, keepdims=True)
        exp = np.exp(logits) * (np.asarray(mask) > 0)
        log_total = np.log(exp.sum(axis=1))
        log_p = logits[rows, actions] - log_total
        loss = float(-(w * log_p).sum() / n)
        d_logits = (exp / exp.sum(axis=1, keepdims=True)).astype(np.float32)
        d_logits[rows, actions] -= 1.0
        d_logits *= (w / n)[:, None]
        grads: dict[str, Array] = {"b2": d_logits.sum(axis=0)}
        if hidden is None:
            grads["w2"] = obs.T @ d_logits
        else:
            grads["w2"] = hidden.T @ d_logits
            d_hidden = (d_logits @ self.params["w2"].T) * (hidden > 0)
            grads["w1"] = obs.T @ d_hidden
            grads["b1"] = d_hidden.sum(axis=0)
        return loss, grads

    # --- files ---------------------------------------------------------------------------------------

    def meta(self) -> dict[str, JSON]:
        """The metadata saved beside the weights."""
        return {"format": FORMAT, "game": self.game, "players": self.players, "options": dict(self.options),
                "obs_size": self.obs_size, "num_actions": self.num_actions, "hidden": self.hidden}

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the model to `path` (an .npz file: the weights and the metadata as JSON text)."""
        with open(path, "wb") as out:
            meta = np.array(json.dumps(self.meta(), sort_keys=True))
            arrays: dict[str, Any] = {"meta": meta, **self.params}
            np.savez(out, **arrays)

    @classmethod
    def load(cls, path: str | os.PathLike[str], table: RLTable | None = None) -> PolicyModel:
        """The model saved at `path`; with `table`, checked to be for that table. OptionError for a missing
        or unreadable file, one that is not a saved policy, or a policy for another table."""
        where = Path(path)
        if not where.is_file():
            raise OptionError(f"no policy file {str(path)!r}")
        try:
            with np.load(where, allow_pickle=False) as data:
                arrays = {name: np.array(data[name]) for name in data.files}
            meta = json.loads(str(arrays.pop("meta")))
            if not isinstance(meta, dict) or meta.get("format") != FORMAT:
                raise ValueError(f"its metadata does not say format {FORMAT!r}")
            model = cls(str(meta["game"]), int(meta["players"]), dict(meta["options"]), int(meta["obs_size"]),
                        int(meta["num_actions"]), int(meta["hidden"]), arrays)
        except OptionError as error:
            raise OptionError(f"{str(path)!r} is not a usable policy: {error}") from None
        except Exception as error:  # a zip, npz or JSON error: all mean the same to the user
            raise OptionError(f"cannot read a policy from {str(path)!r}: {type(error).__name__}: {error}"
                              ) from None
        if table is not None:
            model.check_table(table)
        return model


class Adam:
    """The Adam optimiser over a model's parameters (numpy, float32)."""

    def __init__(self, model: PolicyModel, lr: float = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8) -> None:
        self.model = model
        self.lr, self.beta1, self.beta2, self.eps = lr, beta1, beta2, eps
        self.m = {name: np.zeros_like(value) for name, value in model.params.items()}
        self.v = {name: np.zeros_like(value) for name, value in model.params.items()}
        self.t = 0

    def step(self, grads: Mapping[str, Array]) -> None:
        """Move every parameter against its gradient."""
        self.t += 1
        correction1 = 1 - self.beta1 ** self.t
        correction2 = 1 - self.beta2 ** self.t
        for name, grad in grads.items():
            m, v = self.m[name], self.v[name]
            m *= self.beta1
            m += (1 - self.beta1) * grad
            v *= self.beta2
            v += (1 - self.beta2) * grad * grad
            step = self.lr * (m / correction1) / (np.sqrt(v / correction2) + self.eps)
            self.model.params[name] -= step.astype(np.float32)


_CACHE: dict[tuple[str, int, int], PolicyModel] = {}
"""Models loaded by `PolicyAgent.from_name`, by (path, modification time, size): a tournament makes an agent
for every game."""


class PolicyAgent:
    """A Gangland agent playing a `PolicyModel` (module docstring): greedy, or seeded sampling."""

    name = "policy"

    def __init__(self, model: PolicyModel, seed: int = 0, sample: bool = False) -> None:
        self.model = model
        self.game: Game = get(model.game)
        model.check_game(self.game)
        self.options = self.game.resolve_options(model.options)
        self.encoding = self.game.encoding
        self.rng = np.random.default_rng(seed) if sample else None
        self._checked = False

    @classmethod
    def from_name(cls, name: str, game: Game, seed: int) -> PolicyAgent:
        """The agent `policy:PATH` for `game` (greedy); OptionError for a missing, unreadable or
        mismatched file."""
        path = name.partition(":")[2]
        if not path:
            raise OptionError("the policy agent is policy:PATH, PATH a .npz file that gangland.rl.policy "
                              "wrote (examples/train_policy.py makes one)")
        try:
            stat = os.stat(path)
        except OSError:
            raise OptionError(f"no policy file {path!r}") from None
        key = (os.path.abspath(path), stat.st_mtime_ns, stat.st_size)
        model = _CACHE.get(key)
        if model is None:
            model = _CACHE[key] = PolicyModel.load(path)
        model.check_game(game)
        return cls(model, seed)

    def _check(self, decision: Decision) -> None:
        """OptionError if the decision is not at the model's table. The player count and options are
        public: they are read, once, from a determinized state, in which nothing the seat cannot see is
        real."""
        if decision.game.id != self.model.game:
            raise OptionError(f"this policy was trained for {self.model.game}, not {decision.game.id}")
        if self._checked:
            return
        state = decision.determinize(random.Random(0))
        options = getattr(state, "options", None)
        if state.players != self.model.players or (isinstance(options, dict)
                                                    and self.game.resolve_options(options) != self.options):
            raise OptionError(f"this policy was trained for {self.model.describe()}, not for "
                              f"{state.players} players"
                              + (f", options {json.dumps(options, sort_keys=True)}"
                                 if isinstance(options, dict) else ""))
        self._checked = True

    def act(self, decision: Decision) -> int:
        """The model's choice among the legal actions, from the seat's view encoded."""
        self._check(decision)
        assert self.encoding is not None  # check_game saw it
        values = self.encoding.encode(decision.view, self.model.players, self.options)
        obs = np.array(values, dtype=np.float32)
        return self.model.choose(obs, decision.legal_actions, self.rng)
