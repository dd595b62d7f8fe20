"""Protection Racket seat balance and the final round's last mover, one agent in every seat (issue 35).

Run from the repository root:

    .venv/bin/python benchmarks/protection_racket_last_mover.py GAMES [--players P] [--agent NAME]
        [--seed S] [--first-seat seat0|random] [--rounds R]
    .venv/bin/python benchmarks/protection_racket_last_mover.py GAMES --records DIR/records.jsonl

Game i has the seed `game_seed(S, i)` and seat k the agent seed `agent_seed(seed, k)`, as in `gangland
report`, so with `--first-seat seat0` (the default) these are the games of `gangland report protection-racket
--players P --agents NAME --games GAMES --seed S --option first_seat=seat0`. It prints each seat's win rate
and the win rate of the seat that made the last deployment of the game's final round, with Wilson 95%
intervals, and decisions per second. With `--records` it plays nothing: it replays the first GAMES game
records of a file `gangland report` wrote (its players, agents and options) and counts the same.

`--rounds R` plays R rounds before a tie-break instead of the rulebook's three: not a game option, a study
of who moves last (the module constant `rounds.ROUNDS` is set; the pure build only, where the rules read it
when a round ends; a search's cut-off still judges by three rounds, as the bot's module read the constant
when it was imported). A shared win counts 1/k to each of k winners. A benchmark prints; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import cast

import gangland.games.protection_racket.rounds as rounds
from gangland.engine import Decision
from gangland.engine.compiled import is_compiled
from gangland.games import get
from gangland.games.protection_racket.phases import DEPLOY
from gangland.games.protection_racket.state import ProtectionRacketState
from gangland.sim import game_seed, seated_agents, wilson_interval


def rate(wins: float, games: int) -> str:
    """A win rate with its Wilson 95% interval."""
    low, high = wilson_interval(wins, games)
    return f"{100 * wins / games:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games", type=int)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first-seat", default="seat0", choices=("seat0", "random"))
    parser.add_argument("--rounds", type=int, default=rounds.ROUNDS)
    parser.add_argument("--records", type=Path)
    args = parser.parse_args(argv)
    if args.rounds != rounds.ROUNDS and is_compiled("gangland.games.protection_racket.rounds"):
        # A compiled module reads its Final constant as compiled in: the setting would be ignored.
        parser.error("--rounds works in the pure build only (this gangland is compiled)")
    rounds.ROUNDS = args.rounds  # type: ignore[misc]  # a study's setting, not a rule (docstring)
    game = get("protection-racket")
    records = None
    if args.records is not None:
        with args.records.open() as lines:
            records = [json.loads(line) for _, line in zip(range(args.games), lines, strict=False)]
        if len(records) < args.games:
            parser.error(f"{args.records} holds {len(records)} games, not {args.games}")
        args.players, args.agent = records[0]["players"], ",".join(records[0]["seats"])
        args.first_seat = records[0]["options"].get("first_seat", "random")
    players = args.players
    seat_wins = [0.0] * players
    last_mover_wins = 0.0
    decisions = 0
    start = time.perf_counter()
    for index in range(args.games):
        if records is not None:
            record = records[index]
            state = cast(ProtectionRacketState, game.new_game(players, record["seed"], record["options"]))
            moves = iter(record["actions"])
        else:
            seed = game_seed(args.seed, index)
            agents = seated_agents(game, seed, [args.agent] * players)
            state = cast(ProtectionRacketState, game.new_game(players, seed, {"first_seat": args.first_seat}))
        last_mover: dict[int, int] = {}
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            if state.phase == DEPLOY:
                last_mover[state.round] = seat
            if records is not None:
                state.apply(next(moves))
            else:
                legal = tuple(state.legal_actions())
                state.apply(agents[seat].act(Decision(game, state, seat, legal)))
            decisions += 1
        winners = state.result().winners
        if records is not None and (next(moves, None) is not None
                                    or list(winners) != records[index]["result"]["winners"]):
            raise SystemExit(f"record {index} of {args.records} does not replay to its result")
        for seat in winners:
            seat_wins[seat] += 1 / len(winners)
        if last_mover[max(last_mover)] in winners:
            last_mover_wins += 1 / len(winners)
    seconds = time.perf_counter() - start
    seats = " / ".join(rate(wins, args.games) for wins in seat_wins)
    print(f"{args.games} games, {players} players, {args.rounds} rounds, agent {args.agent}, "
          f"{f'records {args.records}' if records is not None else f'seed {args.seed}'}, "
          f"first_seat={args.first_seat}: seats {seats}"
          f"; the last mover of the final round wins {rate(last_mover_wins, args.games)}; "
          f"{decisions / seconds:.0f} decisions/s")


if __name__ == "__main__":
    main()
