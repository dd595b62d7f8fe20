"""Every Gangland game as an OpenSpiel Python game, and OpenSpiel's IS-MCTS as a Gangland agent (issue 20).

>>> import pyspiel
>>> import gangland.rl.openspiel  # registers the games
>>> game = pyspiel.load_game("python_gangland_razzia(players=3)")
>>> state = game.new_initial_state()
>>> state.current_player() in (0, 1, 2), len(state.observation_tensor(0)) == game.observation_tensor_size()
(True, True)

Each game is registered as `python_gangland_ID` (the game id with `-` as `_`: `python_gangland_razzia`,
`python_gangland_downtown`, `python_gangland_protection_racket`, `python_gangland_supergang`), with the
parameters `players`, `seed` (the first game's seed; each new initial state takes the next) and the game's
rule options. The games are sequential, imperfect-information and sampled-stochastic: the engine shuffles
and draws by itself, so there are no chance nodes. Utilities are constant-sum: the winners share 1
(`gangland.rl.table`).

Observations and information states are made from the seat's view only. `observation_tensor` and
`information_state_tensor` are the game's view encoding (`gangland.engine.encoding`; its layout in
docs/rl/GAME.md). `observation_string` is the view as canonical JSON; `information_state_string` adds the
seat's record of the game so far (each step's actor and the action as that seat may read it), so that two
different histories never share an information state (perfect recall). `resample_from_infostate` is
`determinize`: a state the seat cannot tell from the true one.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from gangland.engine import JSON, Decision, Game, OptionError, State, fill_seats, plain_names
from gangland.games import all_games, get

from .table import RLTable

PREFIX = "python_gangland_"
DEFAULT_SIMULATIONS = 200
"""Simulations a decision of `openspiel-ismcts` without a number."""
MAX_GAME_LENGTH = 20_000
"""An upper bound on decisions per game that OpenSpiel asks for (a random 4-player Downtown game, the
longest, takes about 3,800)."""


def short_name(game: Game) -> str:
    """The OpenSpiel name of a Gangland game.

    >>> short_name(get("protection-racket"))
    'python_gangland_protection_racket'
    """
    return PREFIX + game.id.replace("-", "_")


def _parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {"players": game.default_players, "seed": 0}
    for spec in game.options:
        params[spec.name] = spec.default
    return params


def _game_type(game: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Gangland: {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.player_counts),
        min_num_players=min(game.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class GanglandSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A Gangland game at one table, as OpenSpiel sees it."""

    gangland: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        defaults = _parameters(self.gangland)
        players = int(given.get("players", defaults["players"]))
        options = {spec.name: given.get(spec.name, spec.default) for spec in self.gangland.options}
        self.table = RLTable(self.gangland.id, players, options)
        self.first_seed = int(given.get("seed", 0))
        self._games = 0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.num_actions, max_chance_outcomes=0, num_players=players,
            min_utility=0.0, max_utility=1.0, utility_sum=1.0, max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(self.gangland), info, {**defaults, **given})

    def new_initial_state(self) -> GanglandSpielState:
        """A new game, seeded by the next seed of this game object (taken when the state is first used)."""
        return GanglandSpielState(self)

    def next_game(self) -> State:
        """The next new game of this game object: seed `seed`, then `seed` + 1, ..."""
        seed = self.first_seed + self._games
        self._games += 1
        return self.table.new_game(seed)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GanglandObserver:
        """The observer of information states (perfect recall) or observations, from the view."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return GanglandObserver(self.table, perfect_recall)


class _Engine:
    """What an OpenSpiel state holds: the table, the Gangland state, and each seat's record.

    OpenSpiel clones a Python state by deep-copying each of its attributes: this one copies as the engine
    clones (the table and the records, which are never changed in place, are shared)."""

    __slots__ = ("records", "state", "table")

    def __init__(self, table: RLTable, state: State, records: tuple[Line, ...]) -> None:
        self.table = table
        self.state = state
        self.records = records
        """Each seat's record of the game so far, its last line first (`Line`): the actor and the action
        as that seat may read it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.table, self.state.clone(), self.records)


Line = tuple[str, "Line"] | None
"""A record of lines as a linked list, newest first: a step adds a line without copying the record."""


def record_text(line: Line) -> str:
    """A record's lines, oldest first, one per line of text."""
    lines = []
    while line is not None:
        text, line = line
        lines.append(text)
    return "\n".join(reversed(lines))


class _Shared:
    """An object a state refers to and a clone shares (OpenSpiel deep-copies each attribute of a state)."""

    __slots__ = ("game",)

    def __init__(self, game: GanglandSpielGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class GanglandSpielState(pyspiel.State):  # type: ignore[misc]
    """A Gangland state as an OpenSpiel state."""

    def __init__(self, game: GanglandSpielGame, engine: _Engine | None = None) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        # Made on first use: OpenSpiel's clone makes a new initial state, then overwrites this.
        self._engine = engine

    @property
    def engine(self) -> _Engine:
        """The table, the Gangland state and the records."""
        if self._engine is None:
            game = self._shared.game
            self._engine = _Engine(game.table, game.next_game(), (None,) * game.table.players)
        return self._engine

    @property
    def gangland(self) -> State:
        """The Gangland state."""
        return self.engine.state

    def current_player(self) -> int:
        state = self.gangland
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = state.to_act
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self.gangland
        if state.is_over or player != state.to_act:
            return []
        return list(state.legal_actions())

    def _apply_action(self, action: int) -> None:
        engine = self.engine
        state = engine.state
        actor = state.to_act
        table = engine.table
        if table.secret_choices:
            texts = [table.game.public_action_name(state, action, seat) for seat in range(table.players)]
        else:  # every seat reads the same: the action id says it (and costs no text in a search)
            texts = [str(action)] * table.players
        state.apply(action)
        engine.records = tuple((f"{actor}: {text}", record) for record, text in zip(engine.records, texts,
                                                                                   strict=True))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.engine.table.game.action_name(self.gangland, action)

    def is_terminal(self) -> bool:
        return self.gangland.is_over

    def returns(self) -> list[float]:
        return self.engine.table.rewards(self.gangland)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> GanglandSpielState:
        """A state `player` cannot tell from this one (Gangland's `determinize`), drawn with a seed
        taken from `probability_sampler`."""
        engine = self.engine
        rng = random.Random(int(probability_sampler() * 2**53))
        sample = engine.state.determinize(player, rng)
        return GanglandSpielState(self._shared.game, _Engine(engine.table, sample, engine.records))

    def __str__(self) -> str:
        state = self.gangland
        return fill_seats(self.engine.table.game.render(state.view(None)), plain_names(state.players))


class GanglandObserver:
    """OpenSpiel's observer for a Gangland table: a seat's view, encoded, and as text."""

    def __init__(self, table: RLTable, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(table.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GanglandSpielState, player: int) -> None:
        """Fill `tensor` with `player`'s encoded view."""
        self.tensor[:] = self.table.observe(state.gangland, player)

    def string_from(self, state: GanglandSpielState, player: int) -> str:
        """`player`'s view as canonical JSON, with its record of the game for an information state."""
        view = json.dumps(state.gangland.view(player), sort_keys=True, separators=(",", ":"))
        if not self.perfect_recall:
            return view
        return view + "\n" + record_text(state.engine.records[player])


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for game in all_games():
        if game.encoding is None or short_name(game) in registered:
            continue
        cls = type(f"Spiel_{game.id.replace('-', '_')}", (GanglandSpielGame,), {"gangland": game})
        pyspiel.register_game(_game_type(game), cls)


_register()


def load(game_id: str, players: int | None = None, options: dict[str, JSON] | None = None,
         seed: int = 0) -> Any:
    """The registered OpenSpiel game of a Gangland game, for a table of `players` with these options."""
    game = get(game_id)
    params: dict[str, Any] = {"players": game.default_players if players is None else players, "seed": seed}
    params.update(game.resolve_options(options))
    return pyspiel.load_game(short_name(game), params)


class OpenSpielISMCTSAgent:
    """OpenSpiel's own IS-MCTS (`open_spiel.python.algorithms.ismcts`, random rollouts) as a Gangland agent.

    It searches over the registered OpenSpiel game from a state that the seat cannot tell from the true
    one (a `determinize` of its decision), so that it never reads what its seat cannot see.
    """

    name = "openspiel-ismcts"

    def __init__(self, game: Game, seed: int = 0, simulations: int = 0, rollouts: int = 1,
                 uct_c: float = 2.0) -> None:
        from open_spiel.python.algorithms import ismcts, mcts

        if game.encoding is None:
            raise OptionError(f"{game.name} has no observation encoding, so no OpenSpiel game")
        self.game = game
        self.rng = random.Random(seed)
        self.simulations = simulations or DEFAULT_SIMULATIONS
        self._ismcts = ismcts
        self._mcts = mcts
        self._uct_c = uct_c
        self._rollouts = rollouts
        self._spiel: dict[tuple[int, str], Any] = {}

    @classmethod
    def from_name(cls, name: str, game: Game, seed: int) -> OpenSpielISMCTSAgent:
        """The agent `openspiel-ismcts` or `openspiel-ismcts:N` (N simulations a decision) names."""
        base, _, spec = name.partition(":")
        if base != cls.name or (spec and not (spec.isdigit() and int(spec) >= 1)):
            raise OptionError(f"{name!r}: write {cls.name} or {cls.name}:N with N simulations a decision")
        agent = cls(game, seed, simulations=int(spec) if spec else DEFAULT_SIMULATIONS)
        agent.name = name
        return agent

    def act(self, decision: Decision) -> int:
        """Search from the seat's decision and play the most visited action."""
        if len(decision.legal_actions) == 1:
            return decision.legal_actions[0]
        state = decision.determinize(self.rng)
        # Every engine's state keeps its table's (public) options; the State contract does not name them.
        options = self.game.resolve_options(getattr(state, "options", None))
        key = (state.players, json.dumps(options, sort_keys=True))
        spiel = self._spiel.get(key)
        if spiel is None:
            spiel = self._spiel[key] = load(self.game.id, state.players, options)
        root = GanglandSpielState(spiel, _Engine(spiel.table, state, (None,) * state.players))
        numpy_rng = np.random.RandomState(self.rng.getrandbits(32))
        evaluator = self._mcts.RandomRolloutEvaluator(self._rollouts, numpy_rng)
        bot = self._ismcts.ISMCTSBot(spiel, evaluator, self._uct_c, self.simulations,
                                     random_state=numpy_rng)
        bot.set_resampler(lambda s, player: s.resample_from_infostate(player, self.rng.random))
        action = int(bot.step(root))
        if action not in decision.legal_actions:  # OpenSpiel's search returned something else: a bug
            raise RuntimeError(f"openspiel-ismcts chose {action}, not a legal action")
        return action


__all__ = ["GanglandObserver", "GanglandSpielGame", "GanglandSpielState", "OpenSpielISMCTSAgent", "load",
           "short_name"]
