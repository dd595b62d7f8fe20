"""Tournaments: many games between agents, seats rotated as in `sim`, with ratings on one scale per game.

A tournament is a simulation (`sim.SimConfig`: every agent in every seat equally often, each game's seed
derived from the base seed) whose records also feed an OpenSkill rating (Plackett-Luce, which is
multi-player aware). Ratings are updated game by game in game order, so they depend only on the
configuration, never on `--jobs` or the backend.

In a game each distinct agent is one contestant, placed by the best rank any of its seats reached (an
agent holding two seats of a four-player game is one player who had two chances); a game in which a
single agent holds every seat (self-play) tells nothing about relative strength and is not rated.

>>> config = SimConfig("razzia", players=2, agents=("random", "heuristic"), games=6, seed=1)
>>> result = tournament(config)
>>> [r.agent for r in result.ratings] == sorted(["random", "heuristic"], key=lambda a: a == "random")
True
>>> result.ratings[0].ordinal > result.ratings[1].ordinal
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from gangland.engine import JSON, GameRecord
from gangland.sim import SimConfig, Summary, simulate


@dataclass(frozen=True)
class AgentRating:
    """An agent's OpenSkill rating: mean `mu`, uncertainty `sigma`, and the `ordinal` mu - 3 sigma (the
    conservative estimate agents are ranked by)."""

    agent: str
    mu: float
    sigma: float
    games: int
    """Games rated (games against at least one other agent)."""

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, JSON]:
        return {"agent": self.agent, "mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal,
                "games": self.games}


class Ratings:
    """OpenSkill ratings updated one game record at a time (in game order, for reproducible results)."""

    def __init__(self, agents: tuple[str, ...]) -> None:
        self.model = PlackettLuce()
        self._ratings: dict[str, PlackettLuceRating] = {}
        self._games: dict[str, int] = {}
        for name in dict.fromkeys(agents):
            self._ratings[name] = self.model.rating(name=name)
            self._games[name] = 0

    def add(self, record: GameRecord) -> None:
        """Rate one finished game; unfinished and one-agent games change nothing."""
        if record.result is None:
            return
        best: dict[str, int] = {}
        for seat, name in enumerate(record.seats):
            best[name] = min(best.get(name, record.players), record.result.ranks[seat])
        if len(best) < 2:
            return
        names = list(best)
        teams = [[self._ratings[name]] for name in names]
        rated = self.model.rate(teams, ranks=[float(best[name]) for name in names])
        for name, team in zip(names, rated, strict=True):
            self._ratings[name] = team[0]
            self._games[name] += 1

    def table(self) -> tuple[AgentRating, ...]:
        """Every agent's rating, best ordinal first."""
        rows = [AgentRating(name, r.mu, r.sigma, self._games[name]) for name, r in self._ratings.items()]
        return tuple(sorted(rows, key=lambda row: -row.ordinal))


@dataclass(frozen=True)
class TournamentResult:
    """Win rates per agent and per seat (as `simulate` gives them) and the ratings."""

    config: SimConfig
    summary: Summary
    ratings: tuple[AgentRating, ...]

    def to_json(self) -> dict[str, JSON]:
        """As JSON-ready data: the configuration, the summary and the ratings."""
        c = self.config
        return {"game": c.game, "players": c.players, "agents": list(c.agents), "games": c.games,
                "seed": c.seed, "options": dict(c.options), "summary": self.summary.to_json(),
                "ratings": [r.to_json() for r in self.ratings]}


def tournament(config: SimConfig, jobs: int = 1, backend: str = "process",
               on_record: Callable[[int, GameRecord], Any] | None = None) -> TournamentResult:
    """Play every game of `config` (here, in a process pool or on Ray) and rate the agents.

    `on_record(index, record)` is called for each game in order as it comes in.
    """
    ratings = Ratings(config.agents)

    def rate(index: int, record: GameRecord) -> None:
        ratings.add(record)
        if on_record is not None:
            on_record(index, record)

    run = simulate(config, jobs, on_record=rate, keep_records=False, backend=backend)
    return TournamentResult(config, run.summary, ratings.table())
