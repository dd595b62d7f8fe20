"""Every Gangland game as a PettingZoo AEC environment (issue 20).

>>> from gangland.rl.pettingzoo import env
>>> table = env("razzia", players=3)
>>> table.reset(seed=1)
>>> for agent in table.agent_iter():
...     observation, reward, terminated, truncated, info = table.last()
...     action = None if terminated or truncated else info["legal_actions"][0]
...     table.step(action)
>>> sorted(table.unwrapped.final_rewards.values()) in ([0.0, 0.0, 1.0], [0.0, 0.5, 0.5], [1/3, 1/3, 1/3])
True

Agents are `seat_0` ... `seat_{N-1}`, in the game's seat order; the agent to act is the game's seat to act,
which may act several times running. An observation is a dict: `observation`, the seat's view encoded
(`gangland.engine.encoding`: float32, its layout in docs/rl/GAME.md) and `action_mask`, int8 over the game's
`num_actions`, ones for the seat's legal actions when it is to act. `infos[agent]["legal_actions"]` lists the
same actions. Rewards come at the end: the winners share 1 (`gangland.rl.table`). An illegal action raises
`IllegalAction` and changes nothing; wrap the environment in PettingZoo's `TerminateIllegalWrapper` for the
other convention (the offender loses). `max_steps` truncates a game after that many decisions.
`render_mode="ansi"` renders the spectator's view (public information only) as text.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from gangland.engine import JSON, IllegalAction, State, fill_seats, plain_names

from .table import RLTable, seat_of

Observation = dict[str, Any]


class GanglandAECEnv(AECEnv):  # type: ignore[misc]
    """A Gangland game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any]
    """PettingZoo's metadata: render modes, the environment's name (gangland_GAME)."""

    def __init__(self, game_id: str, players: int | None = None, options: Mapping[str, JSON] | None = None,
                 render_mode: str | None = None, max_steps: int | None = None) -> None:
        super().__init__()
        self.table = RLTable(game_id, players, options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = {"render_modes": ["ansi"], "is_parallelizable": False,
                         "name": f"gangland_{self.table.game.id.replace('-', '_')}"}
        self.possible_agents = list(self.table.agents)
        observation_space = spaces.Dict({
            "observation": spaces.Box(self.table.low, self.table.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(self.table.num_actions,), dtype=np.int8),
        })
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.table.num_actions)
                              for agent in self.possible_agents}
        self._seeds: random.Random | None = None
        self.state_: State | None = None
        self.steps = 0
        self.final_rewards: dict[str, float] = {}
        """Each agent's reward once the game is over (rewards are zeroed again as the agents step out)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: seeded by `seed`, else the next seed of the last seeded reset (or of the system's
        randomness if there was none). `options` is accepted for the API and ignored: rule options are
        given to the constructor."""
        if seed is not None:
            self._seeds = random.Random(seed)
        elif self._seeds is None:
            self._seeds = random.Random()
        self.state_ = self.table.new_game(self._seeds.getrandbits(63))
        self.steps = 0
        self.final_rewards = {}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {"legal_actions": []} for agent in self.agents}
        self._select()

    def _game(self) -> State:
        if self.state_ is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state_

    def _select(self) -> None:
        """The agent to act is the seat to act; its info lists its legal actions."""
        state = self._game()
        for agent in self.agents:
            self.infos[agent] = {"legal_actions": []}
        if state.is_over:
            return
        seat = state.to_act
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]
        self.infos[self.agent_selection] = {"legal_actions": list(state.legal_actions())}

    def observe(self, agent: str) -> Observation:
        state = self._game()
        seat = seat_of(agent)
        return {"observation": self.table.observe(state, seat), "action_mask": self.table.mask(state, seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        state = self._game()
        if action is None or not isinstance(action, int | np.integer) or isinstance(action, bool):
            raise IllegalAction(f"{agent} must give an action id (an int), not {action!r}")
        state.apply(int(action))  # IllegalAction for an illegal one, and the game is unchanged
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if state.is_over:
            shares = self.table.rewards(state)
            self.final_rewards = {a: shares[seat_of(a)] for a in self.possible_agents}
            self.rewards = {a: self.final_rewards[a] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._select()
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            if self.max_steps is not None and self.steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        """The spectator's view as text (public information only), seats named as the terminal names them
        ("Seat 2"); None without a render mode."""
        if self.render_mode is None:
            return None
        state = self._game()
        return fill_seats(self.table.game.render(state.view(None)), plain_names(state.players))

    def close(self) -> None:
        pass


def env(game_id: str, players: int | None = None, options: Mapping[str, JSON] | None = None,
        render_mode: str | None = None, max_steps: int | None = None) -> Any:
    """A PettingZoo AEC environment of a Gangland game (the module docstring), wrapped as PettingZoo's
    own environments are: in order (no step before reset, no observe of an unknown agent)."""
    return wrappers.OrderEnforcingWrapper(GanglandAECEnv(game_id, players, options, render_mode, max_steps))


def raw_env(game_id: str, players: int | None = None, options: Mapping[str, JSON] | None = None,
            render_mode: str | None = None, max_steps: int | None = None) -> GanglandAECEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return GanglandAECEnv(game_id, players, options, render_mode, max_steps)
