"""Game-agnostic agents, and `make_agent`, which turns an agent name into an agent for a game."""

from __future__ import annotations

import random
from importlib.util import find_spec

from gangland.engine import Agent, Decision, Game, OptionError, quoted

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
OPENSPIEL_ISMCTS = "openspiel-ismcts"
"""OpenSpiel's IS-MCTS over the game registered with OpenSpiel (`gangland.rl.openspiel`, the rl extra);
`openspiel-ismcts:N` searches N simulations a decision."""
POLICY = "policy"
"""A trained `gangland.rl.policy` model (the rl extra): `policy:PATH` plays the .npz file at PATH, greedily.
Not in `agent_names`, since it needs a path."""


def openspiel_available(game: Game) -> bool:
    """Whether `game` can be played by OpenSpiel's agents here: open_spiel installed, and the game encoded."""
    return game.encoding is not None and find_spec("pyspiel") is not None


def agent_names(game: Game, search: bool = True) -> list[str]:
    """Every agent name usable for `game`: the generic ones and the game's own bots, then (unless
    `search` is False) the IS-MCTS levels, which take seconds per decision (`ismcts:SPEC` also takes
    iterations, seconds and workers: see `gangland.agents.ismcts`)."""
    names = [*sorted({*GENERIC_AGENTS, *game.bots}), *(ismcts_names(game) if search else [])]
    if search and openspiel_available(game):
        names.append(OPENSPIEL_ISMCTS)
    return names


def make_agent(name: str, game: Game, seed: int) -> Agent:
    """The agent called `name` for `game`, seeded; OptionError naming the choices for an unknown name."""
    if name.partition(":")[0].partition("+")[0] == "ismcts":
        return ISMCTSAgent.from_name(name, game, seed)
    if name.partition(":")[0] == OPENSPIEL_ISMCTS:
        if not openspiel_available(game):
            raise OptionError(f"{OPENSPIEL_ISMCTS} needs OpenSpiel (pip install 'gangland[rl]') and a game "
                              f"with an observation encoding")
        from gangland.rl.openspiel import OpenSpielISMCTSAgent

        return OpenSpielISMCTSAgent.from_name(name, game, seed)
    if name.partition(":")[0] == POLICY:
        try:
            from gangland.rl.policy import PolicyAgent
        except ImportError:
            raise OptionError("policy:PATH needs numpy (pip install 'gangland[rl]')") from None
        return PolicyAgent.from_name(name, game, seed)
    factory = game.bots.get(name) or GENERIC_AGENTS.get(name)
    if factory is None:
        raise OptionError(f"no agent {quoted(name)} for {game.name}; choose from: "
                          f"{', '.join(agent_names(game))}")
    agent: Agent = factory(seed)
    return agent
