"""Game-agnostic agents, and `make_agent`, which turns an agent name into an agent for a game."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from gangland.engine import Agent, Decision, Game, OptionError, mix_seed, quoted

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

CARELESS = "heuristic-careless"
"""The name of `CarelessAgent`, offered in every game that has a `heuristic` bot (`offers_careless`)."""
LAPSE: Final = 0.25
"""The chance that `CarelessAgent` plays any legal move instead of its bot's: chosen so that in Supergang it
sits clearly between the random agent and the bot (the lobby's Easy there: docs/strength.md, issue 35)."""


class CarelessAgent:
    """The game's rule-of-thumb bot with lapses: at each decision, with chance `LAPSE`, a uniformly random
    legal action instead of the bot's (an opponent below the bot that still plays its way, for a person
    learning a game)."""

    name = CARELESS

    def __init__(self, game: Game, seed: int = 0) -> None:
        if not offers_careless(game):
            raise OptionError(f"{game.name} has no heuristic bot to play carelessly")
        self.rng = random.Random(mix_seed(seed, 1))  # not the bot's own generator (seeded with `seed`)
        self.bot = game.bots["heuristic"](seed)

    def act(self, decision: Decision) -> int:
        """The bot's action, or after a lapse any legal one."""
        if self.rng.random() < LAPSE:
            return self.rng.choice(decision.legal_actions)
        return self.bot.act(decision)


def offers_careless(game: Game) -> bool:
    """Whether `game` has the bot `CarelessAgent` plays with lapses."""
    return "heuristic" in game.bots


@dataclass(frozen=True)
class AgentKind:
    """A kind of agent a package above this one adds (gangland.rl adds its own: imports go one way), named
    by a prefix: `make(name, game, seed)` builds the agent a name with that prefix calls for (OptionError
    for a bad name or what it needs missing); `listed(game)` says whether `agent_names` offers the bare
    prefix among the search agents."""

    make: Callable[[str, Game, int], Agent]
    listed: Callable[[Game], bool]


AGENT_KINDS: dict[str, AgentKind] = {}
"""The kinds added with `add_kind`, by prefix."""


RL_KINDS = frozenset({"policy", "openspiel-ismcts"})
"""The kinds `gangland.rl` adds when imported, named in the refusal of one asked for before that."""


def add_kind(prefix: str, kind: AgentKind) -> None:
    """Make `make_agent` build the agents named `prefix` or `prefix:SPEC` with `kind`."""
    AGENT_KINDS[prefix] = kind


def agent_names(game: Game, search: bool = True) -> list[str]:
    """Every agent name usable for `game`: the generic ones, the game's own bots and (beside a `heuristic`)
    `heuristic-careless`, then (unless `search` is False) the IS-MCTS levels, which take seconds per
    decision (`ismcts:SPEC` also takes iterations, seconds and workers: see `gangland.agents.ismcts`), and
    the added kinds that offer themselves for `game`."""
    careless = {CARELESS} if offers_careless(game) else set()
    names = [*sorted({*GENERIC_AGENTS, *game.bots, *careless}), *(ismcts_names(game) if search else [])]
    if search:
        names += [prefix for prefix, kind in AGENT_KINDS.items() if kind.listed(game)]
    return names


def make_agent(name: str, game: Game, seed: int) -> Agent:
    """The agent called `name` for `game`, seeded; OptionError naming the choices for an unknown name."""
    if name.partition(":")[0].partition("+")[0] == "ismcts":
        return ISMCTSAgent.from_name(name, game, seed)
    kind = AGENT_KINDS.get(name.partition(":")[0])
    if kind is not None:
        return kind.make(name, game, seed)
    if name == CARELESS and offers_careless(game):
        return CarelessAgent(game, seed)
    factory = game.bots.get(name) or GENERIC_AGENTS.get(name)
    if factory is None:
        # The RL extra's agents are added by importing gangland.rl (the agents never import it themselves).
        later = (" (policy:PATH and openspiel-ismcts come with `import gangland.rl`)"
                 if name.partition(":")[0] in RL_KINDS and name.partition(":")[0] not in AGENT_KINDS else "")
        raise OptionError(f"no agent {quoted(name)} for {game.name}; choose from: "
                          f"{', '.join(agent_names(game))}{later}")
    agent: Agent = factory(seed)
    return agent
