"""Supergang's facts for a balance report: killings, injuries, arrests, stick-ups, how the game ended;
and the inventory of what a game conserves.

Counted by replaying the record and reading the events each step tells (the texts of fights.py and
police.py: tests/report check that they are found in real games); the ending from the final state
(`victory.ending_kind`).
"""

from __future__ import annotations

from gangland.engine import Game, GameFacts, GameRecord, replay_steps

from .fields import SupergangFields
from .state import SupergangState
from .victory import ending_kind


def facts(game: Game, record: GameRecord) -> GameFacts:
    """Decisions and rounds; killings, injuries, arrests, stick-ups; the ending (S46: district, last gang,
    police, everyone dead, safety limit)."""
    counts = {"killings": 0.0, "injuries": 0.0, "arrests": 0.0, "stick-ups": 0.0,
              "successful stick-ups": 0.0, "cops bought": 0.0}
    state: SupergangState | None = None
    for step_state, _actor, _action in replay_steps(game, record):
        assert isinstance(step_state, SupergangState)
        state = step_state
        for text in state.events:
            if text.endswith("is dead: to the graveyard"):
                counts["killings"] += 1
            elif text.endswith("is injured: to the clinic"):
                counts["injuries"] += 1
            elif " arrests " in text and text.startswith("patrol "):
                counts["arrests"] += 1
            elif " sticks up " in text:
                counts["stick-ups"] += 1
            elif text.startswith("the stick-up succeeds"):
                counts["successful stick-ups"] += 1
            elif " buys the cops for " in text:
                counts["cops bought"] += 1
    ending = (ending_kind(state) or None) if state is not None else None
    rounds = state.round if state is not None else 0
    return GameFacts({"decisions": len(record.actions), "rounds": rounds}, counts, ending=ending)


def inventory(s: SupergangFields) -> dict[str, int]:
    """What the game conserves: money (bank and gangs), each gang's tokens, pawns, characters, patrols."""
    counts = {"money": s.bank + sum(s.money), "characters": len(s.pos), "patrols": len(s.ppos)}
    for g in range(s.gangs):
        counts[f"seat {g} tokens"] = (s.tokens[g] + sum(1 for o in s.owner if o == g)
                                      + sum(1 for r in s.racket if r == g))
    # L32: placed pawns change colour with a shop's owner, so only the total is conserved.
    counts["traffic pawns"] = sum(s.pawn_supply) + sum(s.pawn_stock) + len(s.pawns)
    return counts
