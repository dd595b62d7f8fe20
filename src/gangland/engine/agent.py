"""What an agent is, and the Decision it gets: its seat's view and a determinizer, never the true state."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from .state import JSON, State

if TYPE_CHECKING:
    from .game import Game


class Decision:
    """Everything one seat may use to choose its next action.

    `view` is the seat's view; `determinize(rng)` gives a full state consistent with that view in
    which everything the seat cannot see has been re-drawn. The true state stays private.
    """

    __slots__ = ("_state", "_view", "game", "legal_actions", "seat")

    def __init__(self, game: Game, state: State, seat: int, legal_actions: tuple[int, ...]) -> None:
        self.game = game
        self.seat = seat
        self.legal_actions = legal_actions
        self._state = state
        self._view: dict[str, JSON] | None = None

    @property
    def view(self) -> dict[str, JSON]:
        """The deciding seat's view (built on first use)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    def determinize(self, rng: random.Random) -> State:
        """A state the seat cannot tell from the true one, with its hidden parts re-drawn from `rng`."""
        return self._state.determinize(self.seat, rng)

    def action_name(self, action: int) -> str:
        """Readable text of an action."""
        return self.game.action_name(self._state, action)

    def parse_action(self, text: str) -> int:
        """The legal action `text` names (see Game.parse_action); ActionParseError otherwise."""
        return self.game.parse_action(self._state, text)


class Agent(Protocol):
    """A player: given a Decision, returns one of its legal actions."""

    name: str

    def act(self, decision: Decision) -> int:
        """Choose an action from `decision.legal_actions`."""
        ...
