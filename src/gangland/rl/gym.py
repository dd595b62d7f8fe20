"""One seat of a Gangland game as a Gymnasium environment, the others played by Gangland agents (issue 20).

>>> from gangland.rl.gym import SeatEnv
>>> seat_env = SeatEnv("razzia", seat=0, players=3, opponents="random")
>>> observation, info = seat_env.reset(seed=1)
>>> done = False
>>> while not done:
...     observation, reward, terminated, truncated, info = seat_env.step(info["legal_actions"][0])
...     done = terminated or truncated
>>> reward in (0.0, 0.5, 1.0, 1 / 3)
True

The observation is the seat's view encoded (float32, its layout in docs/rl/GAME.md); the action space is
`Discrete(num_actions)`. `info["action_mask"]` (int8) and `info["legal_actions"]` give the legal actions, and
`action_masks()` the mask (as sb3-contrib's MaskablePPO asks). The reward comes at the end: the seat's share
of the win (the winners share 1, `gangland.rl.table`).

An action that is not legal: with `illegal_action="lose"` (the default, so that agents learning without the
mask can explore) the episode ends at once with reward -1, `info["illegal_action"]` set, and the game left
as it was; with `"raise"` it raises `IllegalAction`. `max_steps` truncates after that many of the seat's own
decisions. The opponents decide from their own seats' decisions (their views), as at any table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from gangland.agents import make_agent
from gangland.engine import JSON, Agent, Decision, IllegalAction, OptionError, State, fill_seats, plain_names
from gangland.games import all_games

from .table import Mask, RLTable, Vector

ILLEGAL_REWARD = -1.0
"""The reward of an illegal action under `illegal_action="lose"`."""


class SeatEnv(gym.Env[Vector, Any]):
    """Seat `seat` of a game, the others played by `opponents` (see the module docstring).

    `opponents` is an agent name for every other seat (`gangland games` lists them: "random",
    "heuristic", "ismcts:...") or a list of names, one per other seat in seat order.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's Env declares it so)

    def __init__(self, game_id: str, seat: int = 0, players: int | None = None,
                 options: Mapping[str, JSON] | None = None, opponents: str | Sequence[str] = "heuristic",
                 render_mode: str | None = None, illegal_action: str = "lose",
                 max_steps: int | None = None) -> None:
        self.table = RLTable(game_id, players, options)
        if type(seat) is not int or not 0 <= seat < self.table.players:
            raise OptionError(f"seat must be 0 to {self.table.players - 1}, not {seat!r}")
        names = [opponents] * (self.table.players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != self.table.players - 1:
            raise OptionError(f"{self.table.players - 1} opponents are needed, not {len(names)}")
        for name in names:
            make_agent(name, self.table.game, 0)  # OptionError now for an unknown name
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        self.seat = seat
        self.opponent_names = names
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.max_steps = max_steps
        self.observation_space = spaces.Box(self.table.low, self.table.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self.state_: State | None = None
        self.agents: list[Agent | None] = []
        self.steps = 0
        self._seeds: random.Random | None = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Vector, dict[str, Any]]:
        """A new game, played by the opponents up to the seat's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        elif self._seeds is None:
            self._seeds = random.Random(int(self.np_random.integers(2**63)))
        self.state_ = self.table.new_game(self._seeds.getrandbits(63))
        others = iter(self.opponent_names)
        self.agents = [None if s == self.seat else make_agent(next(others), self.table.game,
                                                               self._seeds.getrandbits(63))
                       for s in range(self.table.players)]
        self.steps = 0
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        state = self._game()
        if state.is_over:
            raise RuntimeError("the game is over: call reset()")
        legal = state.legal_actions()
        valid = isinstance(action, int | np.integer) and not isinstance(action, bool)
        if not valid or int(action) not in legal:
            if self.illegal_action == "raise":
                names = "; ".join(self.table.game.action_name(state, a) for a in legal)
                raise IllegalAction(f"seat {self.seat}: {action!r} is not a legal action now; legal: {names}")
            info = {**self._info(), "illegal_action": True}
            return self._observation(), ILLEGAL_REWARD, True, False, info
        state.apply(int(action))
        self.steps += 1
        self._play_opponents()
        terminated = state.is_over
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        reward = self.table.rewards(state)[self.seat] if terminated else 0.0
        if self.render_mode == "ansi":
            print(self.render())
        return self._observation(), reward, terminated, truncated, self._info()

    def action_masks(self) -> Mask:
        """The legal actions as a mask (for sb3-contrib's MaskablePPO)."""
        return self.table.mask(self._game(), self.seat)

    def render(self) -> str | None:
        """The seat's view as text, seats named as the terminal names them ("Seat 2 (you)"); None without a
        render mode."""
        if self.render_mode is None:
            return None
        state = self._game()
        text = self.table.game.render(state.view(self.seat))
        return fill_seats(text, plain_names(state.players), self.seat)

    def _game(self) -> State:
        if self.state_ is None:
            raise RuntimeError("call reset() before step()")
        return self.state_

    def _play_opponents(self) -> None:
        state = self._game()
        while not state.is_over and state.to_act != self.seat:
            seat = state.to_act
            assert seat is not None
            agent = self.agents[seat]
            assert agent is not None
            legal = tuple(state.legal_actions())
            state.apply(agent.act(Decision(self.table.game, state, seat, legal)))

    def _observation(self) -> Vector:
        return self.table.observe(self._game(), self.seat)

    def _info(self) -> dict[str, Any]:
        state = self._game()
        mask = self.table.mask(state, self.seat)
        return {"action_mask": mask, "legal_actions": [int(a) for a in np.flatnonzero(mask)]}


def _register() -> None:
    """Every encoded game as a Gymnasium id, `gangland/GAME-v0`: `gymnasium.make("gangland/razzia-v0",
    seat=0, players=4)` is `SeatEnv("razzia", seat=0, players=4)`."""
    for game in all_games():
        if game.encoding is not None and f"gangland/{game.id}-v0" not in gym.registry:
            gym.register(id=f"gangland/{game.id}-v0", entry_point="gangland.rl.gym:SeatEnv",
                         kwargs={"game_id": game.id})


_register()
