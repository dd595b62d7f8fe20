"""The phase table: which function gives a phase's legal actions (`LEGAL`) and which carries out its
step (`APPLY`), both indexed by `Phase`; and why an action is not legal (`why_illegal`).

Passages quoted in the rule modules are from razzia.txt; choices where it is silent are in
docs/rules/razzia.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from gangland.engine import seat_label

from .actions import BID_BASE, COURT, DONE, DRAW, NUM_ACTIONS, PASS, STEAL_BASE, action_text, is_bid
from .auction import answer, legal_answers
from .cards import KIND_NAMES, THIEF
from .fields import RazziaFields
from .phases import AUCTION, OVER, THIEF_USE, TURN
from .thieves import legal_thefts, use_thief
from .turn import legal_turn, take_turn


def no_actions(s: RazziaFields) -> list[int]:
    """The legal actions of a game over: none."""
    return []


def no_step(s: RazziaFields, action: int, legal: list[int]) -> None:
    """The step of a game over: never taken (no action is legal)."""
    raise AssertionError("the game is over: there is no step to take")


LEGAL: Final[tuple[Callable[[RazziaFields], list[int]], ...]] = (
    legal_turn,     # TURN
    legal_answers,  # AUCTION
    legal_thefts,   # THIEF_USE
    no_actions,     # OVER
)
"""LEGAL[phase](s): the legal actions, in increasing order."""
APPLY: Final[tuple[Callable[[RazziaFields, int, list[int]], None], ...]] = (
    take_turn,      # TURN
    answer,         # AUCTION
    use_thief,      # THIEF_USE
    no_step,        # OVER
)
"""APPLY[phase](s, action, legal): carry out one of the phase's legal actions."""


def legal_now(s: RazziaFields) -> list[int]:
    """`LEGAL[s.phase](s)`, with the turn's and the auction's (most decisions of a game) called by name:
    in the compiled build a C call, where a call through the table is a Python one (random playouts:
    some 4% faster)."""
    phase = s.phase
    if phase == AUCTION:
        return legal_answers(s)
    if phase == TURN:
        return legal_turn(s)
    return LEGAL[phase](s)


def step(s: RazziaFields, action: int, legal: list[int]) -> None:
    """`APPLY[s.phase](s, action, legal)`, the turn's and the auction's called by name (see `legal_now`)."""
    phase = s.phase
    if phase == AUCTION:
        answer(s, action, legal)
    elif phase == TURN:
        take_turn(s, action, legal)
    else:
        APPLY[phase](s, action, legal)


def why_illegal(s: RazziaFields, action: object) -> str:
    """Why `action` is not legal now: a sentence naming it, the seat and the rule that forbids it."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return f"{action!r} is not a Razzia! action id (0..{NUM_ACTIONS - 1})"
    name = action_text(action)
    if s.phase == OVER:
        return f"cannot {name}: the game is over"
    seat = s.a_queue[0] if s.phase == AUCTION else s.turn
    who = seat_label(seat)
    if s.phase == AUCTION:
        if action == PASS:
            return f"{who} cannot pass: the caller of a court auction must bid when all others passed"
        if is_bid(action):
            value = action - BID_BASE
            if value not in s.up[seat]:
                return f"{who} cannot {name}: it holds no open cheque {value}"
            return f"{who} cannot {name}: a bid must beat the highest bid so far ({s.a_bid})"
        return f"{who} cannot {name} during an auction: bid or pass"
    if action >= STEAL_BASE:
        kind = KIND_NAMES[action - STEAL_BASE]
        if s.phase == TURN and not s.estate[s.turn][THIEF]:
            return f"{who} cannot {name}: it has no thief in its estate"
        if action - STEAL_BASE not in s.row:
            return f"{who} cannot {name}: there is no {kind} in the row"
        return f"{who} cannot {name}: a thief may not take a thief under these rules"
    if s.phase == THIEF_USE:
        return f"{who} cannot {name} while using thieves: steal or stop"
    if action == COURT:
        return f"{who} cannot {name}: the row is empty and the rules in play forbid it"
    if action == DRAW:
        return f"{who} cannot {name}: both piles are empty"
    if action == DONE:
        return f"{who} cannot {name} now: it is not using thieves"
    return f"{who} cannot {name} now: it is not an auction"
