"""Game-agnostic agents, and `make_agent`, which turns an agent name into an agent for a game."""

from __future__ import annotations

import random

from gangland.engine import Agent, Decision, Game, OptionError

from .ismcts import ISMCTSAgent, ismcts_names


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, decision: Decision) -> int:
        """A uniformly random legal action."""
        return self.rng.choice(decision.legal_actions)


GENERIC_AGENTS = {"random": RandomAgent}


def agent_names(game: Game, search: bool = True) -> list[str]:
    """Every agent name usable for `game`: the generic ones and the game's own bots, then (unless
    `search` is False) the IS-MCTS levels, which take seconds per decision (`ismcts:SPEC` also takes
    iterations, seconds and workers: see `gangland.agents.ismcts`)."""
    return [*sorted({*GENERIC_AGENTS, *game.bots}), *(ismcts_names(game) if search else [])]


def make_agent(name: str, game: Game, seed: int) -> Agent:
    """The agent called `name` for `game`, seeded; OptionError naming the choices for an unknown name."""
    if name.partition(":")[0].partition("+")[0] == "ismcts":
        return ISMCTSAgent.from_name(name, game, seed)
    factory = game.bots.get(name) or GENERIC_AGENTS.get(name)
    if factory is None:
        raise OptionError(f"no agent {name!r} for {game.name}; choose from: {', '.join(agent_names(game))}")
    agent: Agent = factory(seed)
    return agent
