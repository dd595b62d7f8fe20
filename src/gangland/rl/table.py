"""What every RL interface shares: a game at a table of N seats, its observations and its rewards.

Observations come from the game's `ViewEncoding` (`gangland.engine.encoding`) applied to a seat's view,
never to the true state; the action mask is the seat's legal actions when it is the seat's turn (its own
choices are known to it) and all zeros otherwise. Rewards come only at the end, from the result: the
winners share 1 (each of k tied winners gets 1/k), the others get 0, so every game's rewards sum to 1
(constant-sum).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from gangland.engine import JSON, Game, Layout, OptionError, State, ViewEncoding
from gangland.games import get

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class RLTable:
    """A game, its player count and resolved options, and its observation layout.

    >>> table = RLTable("razzia", players=3)
    >>> table.players, table.agents
    (3, ['seat_0', 'seat_1', 'seat_2'])
    >>> state = table.new_game(seed=1)
    >>> table.observe(state, 0).shape == (table.layout.size,), int(table.mask(state, 0).sum()) >= 0
    (True, True)
    """

    def __init__(self, game_id: str, players: int | None = None,
                 options: Mapping[str, JSON] | None = None) -> None:
        self.game: Game = get(game_id)
        self.players: int = self.game.default_players if players is None else players
        self.game.check_players(self.players)
        self.options: dict[str, JSON] = self.game.resolve_options(options)
        if self.game.encoding is None:
            raise OptionError(f"{self.game.name} has no observation encoding")
        self.encoding: ViewEncoding = self.game.encoding
        self.layout: Layout = self.encoding.layout(self.players, self.options)
        low, high = self.layout.bounds()
        self.low: Vector = np.array(low, dtype=np.float32)
        self.high: Vector = np.array(high, dtype=np.float32)
        self.agents: list[str] = [agent_name(seat) for seat in range(self.players)]
        self.num_actions: int = self.game.num_actions
        self.secret_choices: bool = type(self.game).public_action_name is not Game.public_action_name
        """Whether an action may read differently to different seats (`Game.public_action_name`)."""

    def new_game(self, seed: int) -> State:
        """A new game at this table."""
        return self.game.new_game(self.players, seed, self.options)

    def observe(self, state: State, seat: int) -> Vector:
        """`seat`'s observation: its view, encoded."""
        return self.encode(state.view(seat))

    def encode(self, view: Mapping[str, JSON]) -> Vector:
        """A seat's view as a float32 vector."""
        return np.array(self.encoding.encode(view, self.players, self.options), dtype=np.float32)

    def mask(self, state: State, seat: int) -> Mask:
        """1 for each action `seat` may take now (none unless it is its turn)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if not state.is_over and state.to_act == seat:
            mask[state.legal_actions()] = 1
        return mask

    def rewards(self, state: State) -> list[float]:
        """Each seat's reward for a finished game (module docstring); zeros while it goes on."""
        if not state.is_over:
            return [0.0] * self.players
        winners = state.result().winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.players)]

    def describe(self) -> dict[str, Any]:
        """The table as JSON-ready data (game id, players, options)."""
        return {"game": self.game.id, "players": self.players, "options": dict(self.options)}


def agent_name(seat: int) -> str:
    """The RL name of a seat: seat_0, seat_1, ..."""
    return f"seat_{seat}"


def seat_of(agent: str) -> int:
    """The seat of an RL agent name; ValueError for another name.

    >>> seat_of("seat_2")
    2
    """
    prefix, _, number = agent.partition("_")
    if prefix != "seat" or not number.isdigit():
        raise ValueError(f"{agent!r} is not an agent name (seat_0, seat_1, ...)")
    return int(number)
