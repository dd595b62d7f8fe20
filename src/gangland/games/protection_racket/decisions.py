"""What every decision shares: asking a seat, the yes-or-no questions' answers, and the over game's
(none)."""

from __future__ import annotations

from .actions import PASS, YES
from .fields import ProtectionRacketFields


def ask(s: ProtectionRacketFields, phase: int, seat: int) -> None:
    """Ask `seat` the decision of `phase` (its legal actions are worked out anew)."""
    s.phase = phase
    s.actor = seat
    s._legal = None


def yes_or_no(s: ProtectionRacketFields) -> list[int]:
    """The answers to a question (a war, an action, a stand-up): PASS or YES."""
    return [PASS, YES]


def no_actions(s: ProtectionRacketFields) -> list[int]:
    """The legal actions of a game that is over: none."""
    return []


def no_step(s: ProtectionRacketFields, action: int, legal: list[int]) -> None:
    """The step of a game that is over: never taken, since no action is legal."""
    raise AssertionError("no step is taken once the game is over")
