"""Game-agnostic simulation: many games between agents, seats rotated, seeds derived from one base seed.

Game `i` of a run is seeded `game_seed(seed, i)` and its seats are filled by `seating(agents, players, i)`,
so a run is fully determined by its `SimConfig`: the same records come out whether the games are played
in this process or spread over a process pool, and in whatever order the workers finish.

>>> config = SimConfig("razzia", players=3, agents=("random",), games=4, seed=1)
>>> run = simulate(config)
>>> [len(r.seats) for r in run.records]
[3, 3, 3, 3]
>>> run.summary.games, round(sum(s.wins for s in run.summary.by_seat), 6)
(4, 4.0)
"""

from __future__ import annotations

import math
import os
import signal
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import gangland.rl  # noqa: F401  (adds rl's agents, openspiel-ismcts and policy:PATH, to make_agent)
from gangland.agents import make_agent
from gangland.engine import JSON, Agent, Game, GameRecord, OptionError, mix_seed, run_match
from gangland.games import get

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game `index` (0-based) of a run seeded `base_seed`.

    >>> game_seed(0, 1) != game_seed(0, 2) != game_seed(1, 1)
    True
    """
    return mix_seed(base_seed, index)


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in `seat` of the game seeded `seed` (distinct from the game's own seed)."""
    return mix_seed(seed, 0x5EA7, seat)


def seating(agents: Sequence[str], players: int, index: int) -> list[str]:
    """The agent names seated in game `index`, seat by seat.

    Seat s of game i gets agent (i + s) mod len(agents): over any len(agents) consecutive games every
    agent sits in every seat exactly once, so every agent holds the same number of seats and none is
    favoured by its place in the list.

    >>> [seating(["a", "b"], 3, i) for i in range(2)]
    [['a', 'b', 'a'], ['b', 'a', 'b']]
    >>> seating(["a", "b", "c", "d"], 2, 3)
    ['d', 'a']
    """
    if not agents:
        raise OptionError("at least one agent is needed")
    return [agents[(index + seat) % len(agents)] for seat in range(players)]


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (successes may be fractional, for shared wins).

    >>> low, high = wilson_interval(5, 10)
    >>> round(low, 4), round(high, 4)
    (0.2366, 0.7634)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class SimConfig:
    """What to simulate: a game, a player count, the agents to rotate through the seats, how many games."""

    game: str
    players: int
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    options: Mapping[str, JSON] = field(default_factory=dict)

    def check(self) -> Game:
        """The game, once everything is known to be valid; a GanglandError naming the first problem."""
        game = get(self.game)
        game.check_players(self.players)
        game.resolve_options(self.options)
        if type(self.games) is not int or self.games < 0:
            raise OptionError(f"the number of games must be 0 or more, not {self.games!r}")
        if not self.agents:
            raise OptionError("at least one agent is needed")
        for name in dict.fromkeys(self.agents):
            make_agent(name, game, 0)
        return game

    def seats(self, index: int) -> list[str]:
        """The agent names of game `index`."""
        return seating(self.agents, self.players, index)


def play_game(config: SimConfig, index: int) -> GameRecord:
    """Play game `index` of `config` and return its record (seats hold the agent names)."""
    return play_seated(config.game, game_seed(config.seed, index), config.seats(index), config.options)


def seated_agents(game: Game, seed: int, names: Sequence[str]) -> list[Agent]:
    """Agent `names[s]` for seat s of the game seeded `seed`, seeded `agent_seed(seed, s)`: the same seat
    of the same game gets the same agent seed whoever sits there."""
    return [make_agent(name, game, agent_seed(seed, seat)) for seat, name in enumerate(names)]


def play_seated(game_id: str, seed: int, names: Sequence[str], options: Mapping[str, JSON]) -> GameRecord:
    """Play the game seeded `seed` with agent `names[s]` in seat s (`seated_agents`) and return its
    record."""
    game = get(game_id)
    agents = seated_agents(game, seed, names)
    record = GameRecord.start(game, len(names), seed, dict(options), list(names))
    run_match(game, agents, record)
    return record


BACKENDS = ("process", "ray")
"""Where the games of a run are played: a local process pool, or a Ray cluster (the extra gangland[ray])."""


def iter_records(config: SimConfig, jobs: int = 1, backend: str = "process",
                 start: int = 0) -> Iterator[GameRecord]:
    """The records of games start..games-1 in order, played here (jobs=1) or by `jobs` workers: a local
    process pool, or Ray tasks (`backend="ray"`: the cluster `ray.init()` finds, else a local one).

    jobs <= 0 means one worker per CPU. The records are the same whatever the backend and jobs, and
    game i's record is the same whatever `start` (a run resumed from saved records goes on as it was).
    """
    config.check()
    if backend not in BACKENDS:
        raise OptionError(f"no backend {backend!r}; choose from: {', '.join(BACKENDS)}")
    if jobs <= 0:
        jobs = os.cpu_count() or 1
    start = max(0, start)
    left = max(0, config.games - start)
    jobs = min(jobs, max(1, left))
    if backend == "ray":
        yield from _ray_records(config, jobs, start)
        return
    if jobs == 1:
        for index in range(start, config.games):
            yield play_game(config, index)
        return
    chunk = max(1, min(16, left // (jobs * 8)))
    with ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint) as pool:
        try:
            yield from pool.map(partial(play_game, config), range(start, config.games), chunksize=chunk)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _ray_records(config: SimConfig, jobs: int, start: int = 0) -> Iterator[GameRecord]:
    """Games start.. as Ray tasks, at most `jobs` running at once, yielded in game order."""
    try:
        import ray  # the optional extra gangland[ray]
    except ImportError:
        raise OptionError("the ray backend needs Ray: pip install 'gangland[ray]'") from None
    if not ray.is_initialized():
        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False, configure_logging=False)
    remote_play = ray.remote(play_game)
    pending: dict[int, Any] = {}
    next_index = start
    for index in range(start, config.games):
        while next_index < config.games and len(pending) < 2 * jobs:
            pending[next_index] = remote_play.remote(config, next_index)
            next_index += 1
        yield ray.get(pending.pop(index))


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass(frozen=True)
class WinStats:
    """Wins and scores of one agent or one seat over the games it played.

    An agent holding several seats of a game wins that game if any of its seats does: its seats are
    not independent trials (two of them cannot both win outright), so rates and intervals are per game.
    """

    label: str
    games: int
    """Games in which the agent held at least one seat (for a seat: games played)."""
    seats_played: int
    """Seat-games: a game where the agent held two seats counts twice."""
    wins: float
    """Games won; a win shared by k seats counts 1/k for each of them."""
    total_score: float
    players: int

    @property
    def win_rate(self) -> float:
        """Share of its games won (0 when nothing was played)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def fair_share(self) -> float:
        """The win rate if every seat were equally strong: seats held per game over the players."""
        return self.seats_played / (self.games * self.players) if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        """Mean final score per seat played."""
        return self.total_score / self.seats_played if self.seats_played else 0.0

    def to_json(self) -> dict[str, JSON]:
        """As JSON-ready data."""
        low, high = self.interval
        return {"label": self.label, "games": self.games, "seats_played": self.seats_played,
                "wins": self.wins, "win_rate": self.win_rate, "ci95": [low, high],
                "fair_share": self.fair_share, "mean_score": self.mean_score}


@dataclass(frozen=True)
class Summary:
    """Aggregates of a run: per agent, per seat, and game lengths (decisions per game)."""

    game: str
    players: int
    games: int
    by_agent: tuple[WinStats, ...]
    by_seat: tuple[WinStats, ...]
    total_steps: int
    min_steps: int
    max_steps: int
    unfinished: int = 0

    @property
    def mean_length(self) -> float:
        """Mean number of decisions per game."""
        return self.total_steps / self.games if self.games else 0.0

    def to_json(self) -> dict[str, JSON]:
        """As JSON-ready data."""
        return {"game": self.game, "players": self.players, "games": self.games,
                "by_agent": [s.to_json() for s in self.by_agent],
                "by_seat": [s.to_json() for s in self.by_seat],
                "mean_length": self.mean_length, "min_length": self.min_steps, "max_length": self.max_steps}


class Tally:
    """Adds up records one at a time, so a long run need not keep them."""

    def __init__(self, game: str, players: int) -> None:
        self.game = game
        self.players = players
        self.games = 0
        self.unfinished = 0
        # Per agent and per seat: [games, seats played, wins, total score].
        self._agent: dict[str, list[float]] = {}
        self._seat = [[0.0, 0.0, 0.0, 0.0] for _ in range(players)]
        self._total_steps = 0
        self._min_steps: int | None = None
        self._max_steps = 0

    def add(self, record: GameRecord) -> None:
        """Count one finished game."""
        if record.players != self.players:
            raise ValueError(f"a {record.players}-player record in a {self.players}-player tally")
        self.games += 1
        steps = len(record.actions)
        self._total_steps += steps
        self._min_steps = steps if self._min_steps is None else min(self._min_steps, steps)
        self._max_steps = max(self._max_steps, steps)
        result = record.result
        if result is None:
            self.unfinished += 1
            return
        share = 1.0 / len(result.winners) if result.winners else 0.0
        in_game: dict[str, list[float]] = {}
        for seat, name in enumerate(record.seats):
            won = share if seat in result.winners else 0.0
            row = in_game.setdefault(name, [1.0, 0.0, 0.0, 0.0])
            for target in (row, self._seat[seat]):
                target[1] += 1
                target[2] += won
                target[3] += result.scores[seat]
            self._seat[seat][0] += 1
        for name, row in in_game.items():
            total = self._agent.setdefault(name, [0.0, 0.0, 0.0, 0.0])
            for i, value in enumerate(row):
                total[i] += value

    def summary(self) -> Summary:
        """The aggregates so far (agents in order of first appearance)."""
        def stats(label: str, row: list[float]) -> WinStats:
            return WinStats(label, int(row[0]), int(row[1]), row[2], row[3], self.players)

        return Summary(
            game=self.game, players=self.players, games=self.games,
            by_agent=tuple(stats(name, row) for name, row in self._agent.items()),
            by_seat=tuple(stats(f"seat {seat}", row) for seat, row in enumerate(self._seat)),
            total_steps=self._total_steps, min_steps=self._min_steps or 0,
            max_steps=self._max_steps, unfinished=self.unfinished,
        )


@dataclass(frozen=True)
class SimResult:
    """The records of a run (empty when not kept) and its aggregates."""

    records: list[GameRecord]
    summary: Summary


def simulate(config: SimConfig, jobs: int = 1, on_record: Callable[[int, GameRecord], Any] | None = None,
             keep_records: bool = True, backend: str = "process") -> SimResult:
    """Play every game of `config` and aggregate them.

    `on_record(index, record)` is called for each game in order as it comes in (for progress bars and
    for writing records out). Results do not depend on `jobs`.
    """
    tally = Tally(config.game, config.players)
    records: list[GameRecord] = []
    for index, record in enumerate(iter_records(config, jobs, backend)):
        tally.add(record)
        if keep_records:
            records.append(record)
        if on_record is not None:
            on_record(index, record)
    return SimResult(records, tally.summary())
