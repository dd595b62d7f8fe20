"""How often does the police player win Supergang's variant (S36, L91), and are the custody and arrest
rules used in play?

Run from the repository root:

    .venv/bin/python benchmarks/supergang_police.py [--players 4] [--games N] [--seed S]
        [--option NAME=VALUE ...] [--lever NAME=V1,V2,...]

It plays N games of the heuristic bots with the police player (the last seat) and prints the police's
share of wins, the rounds its wins come at, how the other games ended, and per game the uses of each
police rule: arrests of gangsters with a record (S30) and custody of innocents (L87, S36); surrender and
rebellion (S30) and how rebellions end; attacks on a patrol; arrests in a shop, where the managers do
nothing (L56); the clinic then the jail (L77); patrols falling into a manhole on a gangster with a record
(the manhole's protection, L16); and the most gangsters out of play at once (L91 needs all of them).
With --lever it repeats the run for each value of the option named (the table of levers in
docs/rules/supergang.md, S50-S54). A benchmark prints; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from typing import Any

from gangland.engine import play_match
from gangland.engine.state import State
from gangland.games import get
from gangland.games.supergang.actions import ARREST0, ATTACK_PATROL0, PATROLS, REBEL, SURRENDER
from gangland.games.supergang.bots import SupergangHeuristicBot
from gangland.games.supergang.constants import CLINIC, GRAVEYARD, JAIL, NEUTRALIZED
from gangland.games.supergang.phases import ARRESTED, PATROL_ACT
from gangland.games.supergang.state import SupergangState


def count_game(players: int, seed: int, options: dict[str, Any]) -> tuple[Counter[str], int, str, int]:
    """One game: (its rule uses, its last round, how it ended, the police's win 0/1)."""
    game = get("supergang")
    uses: Counter[str] = Counter()
    most_out = 0

    def on_step(before: State, seat: int, action: int, after: State) -> None:
        nonlocal most_out
        assert isinstance(before, SupergangState) and isinstance(after, SupergangState)
        if before.phase == PATROL_ACT and action >= ARREST0 and action < ARREST0 + len(before.pos):
            t = action - ARREST0
            uses["custody (L87)" if before.record[t] == 0 else "arrest (S30)"] += 1
            if before.pos[t] in before.geo.board.shops:
                uses["arrest in a shop (L56)"] += 1
        if before.phase == ARRESTED:
            t = before.arrested
            if action == SURRENDER:
                uses["surrender"] += 1
            elif action == REBEL:
                uses["rebellion"] += 1
                where = after.pos[t]
                uses["rebel: " + ("clinic" if where == CLINIC else "graveyard" if where == GRAVEYARD
                                  else "jail" if where == JAIL else "free")] += 1
        if ATTACK_PATROL0 <= action < ATTACK_PATROL0 + PATROLS and before.phase != ARRESTED \
                and before.phase != PATROL_ACT and before.actor >= 0:
            uses["attack on a patrol"] += 1
        for text in after.events:
            if text.endswith("leaves the clinic for the jail"):
                uses["clinic then jail (L77)"] += 1
            elif " falls into the manhole at " in text:
                hole = text.rsplit(" ", 1)[1]
                if any(before.pos[c] == hole and before.record[c] > 0 for c in range(len(before.pos))):
                    uses["manhole protects (L16)"] += 1
        out = sum(1 for where in after.pos if where in NEUTRALIZED)
        if after.round > 3 and out > most_out:
            most_out = out

    bots = [SupergangHeuristicBot(seat) for seat in range(players)]
    record = play_match(game, bots, seed=seed, options=options, on_step=on_step)
    final = game.new_game(players, seed, options)
    for a in record.actions:
        final.apply(a)
    assert isinstance(final, SupergangState)
    uses["most out at once"] = most_out
    police = int(final.winner == final.police_seat)
    assert record.result is not None
    return uses, final.round, record.result.ending, police


def run(players: int, games: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """N games; the police's share, its win rounds, the endings and the rules' uses per game."""
    totals: Counter[str] = Counter()
    used_in: Counter[str] = Counter()
    wins: list[int] = []
    endings: Counter[str] = Counter()
    rounds: list[int] = []
    for k in range(games):
        uses, last, ending, police = count_game(players, seed + k, options)
        totals.update(uses)
        used_in.update(key for key, n in uses.items() if n)
        rounds.append(last)
        if police:
            wins.append(last)
            endings["police player"] += 1
        elif "district" in ending:
            endings["district owned"] += 1
        elif "safety limit" in ending:
            endings["safety limit"] += 1
        else:
            endings["other"] += 1
    return {"games": games, "police_share": len(wins) / games,
            "police_win_round_median": statistics.median(wins) if wins else None,
            "rounds_median": statistics.median(rounds), "endings": dict(endings),
            "per_game": {key: round(n / games, 2) for key, n in sorted(totals.items())},
            "games_with": {key: n for key, n in sorted(used_in.items())}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE (JSON value)")
    parser.add_argument("--lever", default="", help="NAME=V1,V2,... (JSON values)")
    args = parser.parse_args()
    options: dict[str, Any] = {"police_player": True, "turn_limit": 100}
    for item in args.option:
        name, value = item.split("=", 1)
        options[name] = json.loads(value)
    levers: list[tuple[str, Any]] = [("", None)]
    if args.lever:
        name, values = args.lever.split("=", 1)
        levers = [(name, json.loads(v)) for v in values.split(",")]
    for name, value in levers:
        opts = dict(options, **({name: value} if name else {}))
        found = run(args.players, args.games, args.seed, opts)
        label = f"{name}={value}" if name else "defaults"
        print(json.dumps({"players": args.players, "lever": label, "options": opts, **found}))


if __name__ == "__main__":
    main()
