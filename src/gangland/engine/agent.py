"""What an agent is, and the Decision it gets: its seat's view and a determinizer, never the true state."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, Protocol, TypeVar

from .compiled import mypyc_attr
from .state import JSON, State


class DecisionGame(Protocol):
    """What a Decision, and an agent through it, may ask of its game. Every `Game` is one: the Game names
    its bots by this module's `Agent`, so this module names the game by what it is asked, not by importing
    it (imports go one way: engine.game imports this module)."""

    @property
    def id(self) -> str:
        """The game's registry key."""
        ...

    @property
    def name(self) -> str:
        """The game's display name."""
        ...

    @property
    def bots(self) -> Mapping[str, AgentFactory]:
        """The game's own agents by name."""
        ...

    def action_name(self, state: State, action: int) -> str:
        """Readable text of an action."""
        ...

    def public_action_name(self, state: State, action: int, seat: int | None) -> str:
        """An action's text as `seat` may see it."""
        ...

    def menu_choice(self, state: State, action: int) -> tuple[str, str] | None:
        """(group, item) of an action for a two-step menu, or None."""
        ...

    def parse_action(self, state: State, text: str) -> int:
        """The legal action `text` names."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True)  # a test's Decision may subclass it
class Decision:
    """Everything one seat may use to choose its next action.

    `view` is the seat's view; `determinize(rng)` gives a full state consistent with that view in
    which everything the seat cannot see has been re-drawn. The true state stays private.
    """

    __slots__ = ("_state", "_view", "game", "legal_actions", "seat")

    def __init__(self, game: DecisionGame, state: State, seat: int, legal_actions: tuple[int, ...]) -> None:
        self.game = game
        self.seat = seat
        self.legal_actions = legal_actions
        self._state = state
        self._view: dict[str, JSON] | None = None

    @property
    def players(self) -> int:
        """How many seats the game has (public to every seat)."""
        return self._state.players

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

    def menu_choice(self, action: int) -> tuple[str, str] | None:
        """(group, item) of an action for a two-step menu (see Game.menu_choice), or None."""
        return self.game.menu_choice(self._state, action)

    def parse_action(self, text: str) -> int:
        """The legal action `text` names (see Game.parse_action); ActionParseError otherwise."""
        return self.game.parse_action(self._state, text)


class Agent(Protocol):
    """A player: given a Decision, returns one of its legal actions."""

    name: str

    def act(self, decision: Decision) -> int:
        """Choose an action from `decision.legal_actions`."""
        ...


AgentFactory = Callable[[int], Agent]
"""Makes an agent from a seed."""

StateT = TypeVar("StateT", bound=State)


class DeterminizingBot(Generic[StateT]):
    """A game's own bot that decides on a full state: `act` determinizes the decision (so that only what
    the seat may know is real) and hands the copy to the game's `choose(state, seat)`, which search
    agents can also call in their rollouts.

    A bot that can judge a running game may also define `rollout_horizon` (decisions) and
    `win_chances(state)` (each seat's chance of winning, or None): IS-MCTS then cuts its heuristic
    rollouts short there (gangland.agents.ismcts, Cut-off). A bot with `keep_in_search = True` asks
    IS-MCTS to play its move unless the search clearly beats it (Keep). IS-MCTS reads all three from
    the game's heuristic bot by name, whatever its class."""

    name = "heuristic"
    state_type: type[StateT]
    """The game's state class; a decision of another game is refused."""
    plays: str
    """The game's name, for that refusal."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, decision: Decision) -> int:
        """Choose from a Decision: determinize, then `choose`."""
        state = decision.determinize(self.rng)
        if not isinstance(state, self.state_type):
            raise TypeError(f"{self.name} plays {self.plays}, not {decision.game.id}")
        return self.choose(state, decision.seat)

    def choose(self, state: StateT, seat: int) -> int:
        """The bot's action for `seat`, the seat to act."""
        raise NotImplementedError


def softmax(values: Sequence[float]) -> tuple[float, ...]:
    """Shares proportional to exp(value), summing to 1: how bots turn standings into `win_chances` (the
    largest value is subtracted first, so that no exponential overflows).

    >>> [round(c, 3) for c in softmax([1.0, 0.0])]
    [0.731, 0.269]
    """
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)
