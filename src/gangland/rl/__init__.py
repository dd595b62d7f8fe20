"""Reinforcement-learning interfaces (the rl extra: `pip install 'gangland[rl]'`): every game as a PettingZoo
AEC environment (`gangland.rl.pettingzoo`), a Gymnasium single-seat environment (`gangland.rl.gym`) and an
OpenSpiel game (`gangland.rl.openspiel`), built on each game's view encoding (`gangland.rl.table`), and a
small learned policy (`gangland.rl.policy`). docs/rl/README.md says how to use them.

Importing this package imports none of those libraries; each module imports its own. It adds this
package's agents to `gangland.agents.make_agent`: `openspiel-ismcts` and `policy:PATH` (the front ends
that take agent names import it for that).
"""

from __future__ import annotations

from importlib.util import find_spec

from gangland.agents import AgentKind, add_kind
from gangland.engine import Agent, Game, OptionError

OPENSPIEL_ISMCTS = "openspiel-ismcts"
"""OpenSpiel's IS-MCTS over the game registered with OpenSpiel (`gangland.rl.openspiel`, the rl extra);
`openspiel-ismcts:N` searches N simulations a decision."""
POLICY = "policy"
"""A trained `gangland.rl.policy` model (the rl extra): `policy:PATH` plays the .npz file at PATH, greedily.
Not in `agent_names`, since it needs a path."""


def openspiel_available(game: Game) -> bool:
    """Whether `game` can be played by OpenSpiel's agents here: open_spiel installed, and the game encoded."""
    return game.encoding is not None and find_spec("pyspiel") is not None


def openspiel_ismcts(name: str, game: Game, seed: int) -> Agent:
    """The `openspiel-ismcts` agent `name` names; OptionError where OpenSpiel cannot play `game`."""
    if not openspiel_available(game):
        raise OptionError(f"{OPENSPIEL_ISMCTS} needs OpenSpiel (pip install 'gangland[rl]') and a game "
                          f"with an observation encoding")
    from .openspiel import OpenSpielISMCTSAgent

    return OpenSpielISMCTSAgent.from_name(name, game, seed)


def policy(name: str, game: Game, seed: int) -> Agent:
    """The `policy:PATH` agent `name` names; OptionError without numpy."""
    try:
        from .policy import PolicyAgent
    except ImportError:
        raise OptionError("policy:PATH needs numpy (pip install 'gangland[rl]')") from None
    return PolicyAgent.from_name(name, game, seed)


add_kind(OPENSPIEL_ISMCTS, AgentKind(openspiel_ismcts, openspiel_available))
add_kind(POLICY, AgentKind(policy, lambda game: False))
