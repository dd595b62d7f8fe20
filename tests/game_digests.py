"""Fixed games of every game, edition and player count, and their digests: what tests/test_game_digests.py
holds both builds to (the compiled build must play the pure build's games move for move).

Run as a script, from the repository root, with the pure build, to write the digests again after a
change that is meant to change games (a rule, a bot, how a state draws its chances):

    .venv/bin/python tests/game_digests.py

It writes tests/game_digests.json and refuses to run on the compiled build, whose games are the ones
checked against the pure build's.

A newly registered game needs digests of its own before tests/test_game_digests.py passes; write only its
cases, leaving every other game's digests as they are, with

    .venv/bin/python tests/game_digests.py --add GAME_ID

which refuses a game that has digests already (write them all again, as above, to change those).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

from gangland.agents import make_agent
from gangland.engine import Game, UnknownGame, mix_seed, play_match
from gangland.engine.compiled import PURE, build
from gangland.games import all_games, get

DIGESTS = Path(__file__).with_name("game_digests.json")
"""Where the digests are kept: case id -> sha256 of the game (see `digest`)."""
AGENT_SETS = ("random", "heuristic")
"""Each configuration is played once with this agent in every seat."""
RULES_ALONE = {"downtown"}
"""Games whose configurations (`Game.configurations`) carry a turn limit for random play: their
heuristic bots also play them under the rules alone, at every player count and edition."""
SEARCHES: list[tuple[str, int, dict[str, object], str]] = [
    ("razzia", 2, {}, "ismcts:10+random"),
    ("razzia", 3, {}, "ismcts:4"),
    ("protection-racket", 2, {}, "ismcts:10+random"),
    ("downtown", 2, {"turn_limit": 10}, "ismcts:6+random"),
    ("supergang", 3, {"turn_limit": 2}, "ismcts:6+random"),
]
"""(game, players, options, agent) of the games where an IS-MCTS agent (by iterations: the same search
for a seed) plays seat 0 against the heuristic bots."""

Case = tuple[str, Game, int, dict[str, object], tuple[str, ...]]
"""(id, game, players, options, the agent of each seat)."""


def cases() -> list[Case]:
    """Every game to play, in a fixed order: each of every game's configurations (every player count,
    every option value: `Game.configurations`) with random and with heuristic agents, the games of
    RULES_ALONE under the rules alone with heuristic agents, and the SEARCHES."""
    out: list[Case] = []

    def add(game: Game, players: int, options: dict[str, object], seats: tuple[str, ...]) -> None:
        defaults = game.resolve_options(None)
        label = "-".join(f"{k}={v}" for k, v in options.items() if v != defaults[k]) or "defaults"
        agents = seats[0] if len(set(seats)) == 1 else ",".join(seats)
        out.append((f"{game.id}-{players}p-{label}-{agents}", game, players, options, seats))

    for game in all_games():
        for players, options in game.configurations():
            for agent in AGENT_SETS:
                add(game, players, options, (agent,) * players)
        if game.id in RULES_ALONE:
            defaults = game.resolve_options(None)
            for players in game.player_counts:
                for edition in ("current", "2013"):
                    add(game, players, {**defaults, "edition": edition}, ("heuristic",) * players)
    for game_id, players, options, agent in SEARCHES:
        game = get(game_id)
        add(game, players, game.resolve_options(options), (agent, *("heuristic",) * (players - 1)))
    return out


def digest(case_id: str, game: Game, players: int, options: dict[str, object], seats: tuple[str, ...]) -> str:
    """The sha256 of one fixed game: its whole record (game, version, options, seed, seats, every
    action, the result) and every seat's view of the final state, as JSON."""
    seed = mix_seed(*case_id.encode())
    agents = [make_agent(agent, game, mix_seed(seed, seat)) for seat, agent in enumerate(seats)]
    record = play_match(game, agents, seed, options)
    state = record.replay(game)
    views = json.dumps([state.view(seat) for seat in (None, *range(players))], sort_keys=True)
    return hashlib.sha256(f"{record.dumps()}\n{views}".encode()).hexdigest()


def main() -> None:
    """Write DIGESTS from the pure build: every case, or with `--add GAME_ID` that game's alone."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--add", metavar="GAME_ID",
                        help="write only this game's digests, beside the others' (a game without any)")
    adding = parser.parse_args().add
    if build() != PURE:
        sys.exit(f"the digests are written from the pure Python build; this gangland is {build()}")
    if adding is None:
        digests = {case[0]: digest(*case) for case in cases()}
        DIGESTS.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {len(digests)} digests to {DIGESTS}")
        return
    try:
        game = get(adding)
    except UnknownGame as error:
        sys.exit(str(error))
    stored: dict[str, str] = json.loads(DIGESTS.read_text(encoding="utf-8"))
    # A case id begins with the game's id and the player count (see `cases`), so a game whose id begins
    # another's ("protection" beside "protection-racket") is not mistaken for it.
    own = re.compile(rf"{re.escape(game.id)}-\d+p-")
    if any(own.match(case_id) for case_id in stored):
        sys.exit(f"{game.id} has digests in {DIGESTS} already; --add is for a game without any")
    added = {case[0]: digest(*case) for case in cases() if case[1] is game}
    DIGESTS.write_text(json.dumps({**stored, **added}, indent=1) + "\n", encoding="utf-8")
    print(f"added {len(added)} digests of {game.id} to {DIGESTS}")


if __name__ == "__main__":
    main()
