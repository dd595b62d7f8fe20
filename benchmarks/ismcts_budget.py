"""How many iterations the search's time budget buys a decision in real games: the iteration budgets the pool
and the ladder play (`benchmarks/pool.py`, docs/strength.md) instead of the time budgets, so that their games
are the same wherever and however loaded they run.

Run from the repository root (the build that runs it is the build measured):

    .venv/bin/python benchmarks/ismcts_budget.py GAME PLAYERS [--agent ismcts] [--games N] [--seed S]
        [--option KEY=VALUE ...]

Game i (seed `game_seed(S, i)`) seats `--agent` (default `ismcts`, 0.5 s a decision: the lobby's Hard,
Supergang's Medium) in seat i mod PLAYERS and the game's heuristic bot in the others, as the pool does, and
counts the iterations of each of the agent's searches (decisions with a choice, where it searched). It
prints their median, quartiles and mean. On the shared two-core machine, one such run on each core and
nothing else, 2026-11-29 (pure build, 0.5 s; `--games 2` at two players, 1 beyond; Supergang `--option
turn_limit=100`):

| game | 2 players | 3 players | 4 players |
|---|---|---|---|
| Razzia! | 703 (414-1,581) | | 288 (123-531) |
| Downtown | 323 (210-730) | 287 (197-482) | 184 (127-355) |
| Protection Racket | 70 (65-94) | 46 (36-64) | 50 (34-116) |
| Supergang | | 97 (83-112) | |

(medians and quartiles; empty: not measured yet). Protection Racket's row is its search with rollouts cut
short by its bot's estimate (issue 35; measured 2026-11-30 the same way); with whole rollouts, as before, it
was 44 (30-126), 35 (20-100) and 11 (7-14). Its Medium (`--agent ismcts:easy`, 0.1 s, 2 players): 15
(14-45). The load moves these by half; the pool plays rounded
medians (docs/strength.md).
A benchmark prints; it is not a test.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from gangland.agents.ismcts import ISMCTSAgent
from gangland.cli.common import parse_options
from gangland.engine import JSON, Agent, Decision, GameRecord, run_match
from gangland.games import get
from gangland.sim import game_seed, seated_agents


class CountingSearch:
    """The IS-MCTS agent, keeping the iterations of each of its searches."""

    def __init__(self, search: Agent) -> None:
        assert isinstance(search, ISMCTSAgent), f"{search.name} is not the IS-MCTS agent"
        self.search = search
        self.name = search.name
        self.iterations: list[int] = []

    def act(self, decision: Decision) -> int:
        move = self.search.act(decision)
        if self.search.last_iterations:  # 0: a decision it did not search (one legal action, say)
            self.iterations.append(self.search.last_iterations)
        return move


def searched_iterations(game_id: str, players: int, agent: str, games: int, seed: int,
                        options: dict[str, JSON]) -> list[int]:
    """The iterations of each search `agent` ran in `games` games against the heuristic bot."""
    game = get(game_id)
    counts: list[int] = []
    for index in range(games):
        seed_i = game_seed(seed, index)
        names = ["heuristic"] * players
        names[index % players] = agent
        agents = seated_agents(game, seed_i, names)
        counting = CountingSearch(agents[index % players])
        agents[index % players] = counting
        run_match(game, agents, GameRecord.start(game, players, seed_i, dict(options), names))
        counts += counting.iterations
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--agent", default="ismcts", help="the search measured (default: ismcts, 0.5 s)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    options = dict(parse_options(args.option))
    start = time.perf_counter()
    counts = searched_iterations(args.game, args.players, args.agent, args.games, args.seed, options)
    if len(counts) < 2:
        parser.error(f"only {len(counts)} searches: play more games")
    low, median, high = statistics.quantiles(counts, n=4)
    print(f"{args.game} {args.players}p {args.agent} {options or ''}: {len(counts)} searches, iterations "
          f"median {median:.0f} (quartiles {low:.0f}-{high:.0f}), mean {statistics.fmean(counts):.0f}; "
          f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
