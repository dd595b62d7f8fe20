"""Does the learned value model make IS-MCTS stronger at Supergang? Two arms, paired game by game.

Run from the repository root (one process, one core; it stops by itself):

    .venv/bin/python benchmarks/supergang_value_strength.py [--iterations 25] [--games 200] [--minutes 50]
        [--seed 31] [--out supergang-value-strength.jsonl]

Arm "standing" is `ismcts:N` with its cut-off judged by `bots.standing` (shops and money: the heuristic
bot's `win_chances` before issue 35, now the learned model), arm "learned" is `ismcts:N+learned` (by
`gangland.games.supergang.bots_value`); each plays one seat against two heuristic
bots, three gangs, default options, with an equal budget of N iterations per decision (which, unlike
seconds, does not depend on the machine's load). Game i of both arms is game i of a `gangland tournament`
with agents (search, heuristic, heuristic) and `--seed`: the same deal, the same agent seeds and the same
seat (rotated game by game as `gangland.sim.seating` does); the two arms are played one after the other
for each i, so that a run cut short by `--minutes` (checked between games) still has both arms of every
game. The search seat also counts the decisions where it played another move than the heuristic bot's
(the move the keep rule plays unless the search clearly beats it): how much the search, and so its
cut-off, changes the play at this budget. Each game's record is appended to `--out` (JSON lines); an
existing file is read first and its games are not played again, so a run may be resumed.

It prints each arm's win share against its fair share (1/3), with the Wilson 95% interval, and the
paired difference (learned minus standing, per game) with a normal 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

from gangland.agents.ismcts import ISMCTSAgent
from gangland.engine import Agent, Decision, GameRecord, run_match
from gangland.games import get
from gangland.games.supergang.bots import ROLLOUT_HORIZON, SupergangHeuristicBot, standing
from gangland.sim import SimConfig, game_seed, seated_agents, wilson_interval

ARMS = ("standing", "learned")
GANGS = 3


def config(arm: str, iterations: int, games: int, seed: int) -> SimConfig:
    """The tournament whose game i is the arm's game i."""
    search = f"ismcts:{iterations}" + ("+learned" if arm == "learned" else "")
    return SimConfig("supergang", GANGS, (search, "heuristic", "heuristic"), games, seed)


class Counting:
    """The search agent, counting its searched decisions and those where it did not play the heuristic
    bot's move (the keep rule's default): how often the search, and so its cut-off, changed the game."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.bot = SupergangHeuristicBot()
        self.searched = 0
        self.overridden = 0

    def act(self, decision: Decision) -> int:
        """The search's action; counted."""
        action = self.inner.act(decision)
        if len(decision.legal_actions) > 1:
            self.searched += 1
            # The bot reads public fields only, so any determinization gives its move.
            state = decision.determinize(random.Random(0))
            self.overridden += action != self.bot.choose(state, decision.seat)  # type: ignore[arg-type]
        return action


def play(config: SimConfig, index: int) -> tuple[GameRecord, Counting]:
    """Game `index` of `config`, as `gangland.sim.play_game` plays it, with the search seat counted."""
    game = get(config.game)
    seed = game_seed(config.seed, index)
    names = config.seats(index)
    agents = seated_agents(game, seed, names)
    seat = names.index(config.agents[0])
    search = agents[seat]
    if "+learned" not in config.agents[0]:  # since issue 35 the default cut-off is the learned one too
        assert isinstance(search, ISMCTSAgent)
        search.cutoff = (ROLLOUT_HORIZON, standing)
    counting = Counting(search)
    agents[seat] = counting
    record = GameRecord.start(game, config.players, seed, dict(config.options), names)
    run_match(game, agents, record)
    return record, counting


def won(record: dict[str, object], search: str) -> float:
    """The search seat's share of the win in a saved game."""
    seats = record["agents"]
    winners = record["winners"]
    assert isinstance(seats, list) and isinstance(winners, list)
    return sum(1.0 / len(winners) for seat in winners if seats[seat] == search)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=25)
    parser.add_argument("--games", type=int, default=200, help="games per arm at most")
    parser.add_argument("--minutes", type=float, default=50.0, help="start no game pair after this")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--out", type=Path, default=Path("supergang-value-strength.jsonl"))
    args = parser.parse_args()
    deadline = time.monotonic() + 60 * args.minutes
    configs = {arm: config(arm, args.iterations, args.games, args.seed) for arm in ARMS}
    done: dict[tuple[str, int], dict[str, object]] = {}
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            row = json.loads(line)
            if row["iterations"] == args.iterations and row["seed"] == args.seed:
                done[row["arm"], row["index"]] = row
    with args.out.open("a") as out:
        for index in range(args.games):
            if time.monotonic() > deadline:
                break
            for arm in ARMS:
                if (arm, index) in done:
                    continue
                start = time.monotonic()
                record, counting = play(configs[arm], index)
                assert record.result is not None
                row: dict[str, object] = {
                    "arm": arm, "index": index, "iterations": args.iterations, "seed": args.seed,
                    "game_seed": record.seed, "agents": list(record.seats),
                    "winners": list(record.result.winners), "searched": counting.searched,
                    "overridden": counting.overridden, "seconds": round(time.monotonic() - start, 1)}
                done[arm, index] = row
                out.write(json.dumps(row) + "\n")
                out.flush()
                print(f"game {index} {arm}: won {won(row, configs[arm].agents[0]):g} "
                      f"(moves not the bot's: {counting.overridden} of {counting.searched}; "
                      f"{row['seconds']} s)",
                      flush=True)
    summarize(done, configs, args)


def summarize(done: dict[tuple[str, int], dict[str, object]], configs: dict[str, SimConfig],
              args: argparse.Namespace) -> None:
    """Print each arm's share with its interval, and the paired difference, over the games both arms
    finished."""
    paired = sorted(i for (arm, i) in done if arm == ARMS[0] and (ARMS[1], i) in done)
    n = len(paired)
    print(f"Supergang, {GANGS} gangs, one search among heuristic bots, {args.iterations} iterations per "
          f"decision, seed {args.seed}: {n} games per arm (paired)")
    if not n:
        return
    shares = {arm: [won(done[arm, i], configs[arm].agents[0]) for i in paired] for arm in ARMS}
    fair = 1 / GANGS
    for arm in ARMS:
        wins = sum(shares[arm])
        low, high = wilson_interval(wins, n)
        print(f"  {configs[arm].agents[0]:<24} won {wins:g} of {n}: {wins / n:.1%} = {wins / n / fair:.2f} x "
              f"fair share (95% {low:.1%}-{high:.1%} = {low / fair:.2f}-{high / fair:.2f} x)")
    for arm in ARMS:
        searched = sum(int(done[arm, i]["searched"]) for i in paired)  # type: ignore[call-overload]
        overridden = sum(int(done[arm, i]["overridden"]) for i in paired)  # type: ignore[call-overload]
        print(f"  {configs[arm].agents[0]}: the search played another move than the heuristic bot's in "
              f"{overridden} of {searched} decisions ({overridden / max(searched, 1):.1%})")
    same = sum(done[ARMS[0], i]["winners"] == done[ARMS[1], i]["winners"] for i in paired)
    print(f"  the two arms' games ended with the same winners in {same} of {n}")
    diffs = [b - a for a, b in zip(shares[ARMS[0]], shares[ARMS[1]], strict=True)]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else math.inf
    half = 1.96 * sd / math.sqrt(n)
    print(f"  paired difference, learned - standing: {mean:+.3f} "
          f"(95% {mean - half:+.3f} to {mean + half:+.3f}) in win share; "
          f"{sum(d > 0 for d in diffs)} games better, {sum(d < 0 for d in diffs)} worse")


if __name__ == "__main__":
    main()
