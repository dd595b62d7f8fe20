"""Protection Racket's facts for a balance report: Mob Wars and their sizes, rounds played; and the
inventory of a state's pieces, which no step may change.

Counted by replaying the record and reading the events each step tells (war.py's texts: tests/report
check that wars are found in real games).
"""

from __future__ import annotations

import re

from gangland.engine import Game, GameFacts, GameRecord, replay_steps

from .mobsters import NOWHERE
from .state import ProtectionRacketState

_LOSSES = re.compile(r"loses (\d+)")


def facts(game: Game, record: GameRecord) -> GameFacts:
    """Decisions and rounds; Mob Wars fought, their sizes (mobsters lost in all) and the gangs in them."""
    sizes: list[float] = []
    gangs: list[float] = []
    extra = 0.0
    state: ProtectionRacketState | None = None
    for step_state, _actor, _action in replay_steps(game, record):
        assert isinstance(step_state, ProtectionRacketState)
        state = step_state
        for text in state.events:
            if text.startswith("Mob War on "):
                losses = [int(n) for n in _LOSSES.findall(text)]
                sizes.append(sum(losses))
                gangs.append(len(losses))
            elif text.startswith("a tie for the most money"):
                extra += 1
    rounds = state.round + 1 if state is not None else 0
    events = {"mob wars": float(len(sizes)), "tie-break rounds": extra}
    return GameFacts({"decisions": len(record.actions), "rounds": rounds}, events,
                     {"mob war size (mobsters lost)": tuple(sizes), "gangs in a mob war": tuple(gangs)})


def inventory(s: ProtectionRacketState) -> dict[str, int]:
    """Every gang's mobsters (wherever they are), the city's cards (in the city, the piles and set
    aside), and whether the Hired Muscle is in play: counts a step never changes within a round."""
    counts: dict[str, int] = {}
    for seat in range(s.players):
        on_sites = sum(s.stand[t][seat] + s.lie[t][seat] for t in range(len(s.city)))
        counts[f"seat {seat} mobsters"] = s.hideout[seat] + s.supply[seat] + on_sites
    cards = [f // 2 for f in s.city] + [c for pile in (*s.draw, *s.used) for c in pile]
    counts["city cards"] = len(cards)
    counts["distinct city cards"] = len(set(cards))
    counts["hired muscle"] = int(s.muscle < 0 or s.m_where != NOWHERE)
    return counts
