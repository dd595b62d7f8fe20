"""The phase table: which rule gives a phase's legal actions (`LEGAL[phase]`) and which carries out its
step (`APPLY[phase]`), and the sentence for an action that is not legal now (`why_illegal`).

Adding to displays (WINDOW, REFRESH) is two decisions in three of random play, the hand limit one in
eight, robbing or paying one in thirteen: a look-up in a tuple costs them all alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from gangland.engine import fill_seats, plain_names, seat_label

from .actions import NUM_ACTIONS, action_text
from .casino import bet, legal_bet, legal_vote, vote
from .displays import legal_adding
from .fields import DowntownFields
from .locations import (
    fence_back,
    legal_after_fence_look,
    legal_after_stooge_look,
    legal_buying,
    legal_fence_back,
    legal_location,
    legal_offering,
    legal_stooge_back,
    stooge_back,
    use_location,
)
from .moves import legal_move, legal_paymove, legal_rob_or_pay, move, paymove, rob_or_pay
from .opening import bid, legal_bid, legal_place, place
from .phases import OVER, PHASE_NAMES, REFRESH, WINDOW, Phase
from .turns import add_to_display, legal_handlimit, shed


def no_actions(s: DowntownFields) -> list[int]:
    """The game is over: nothing is legal."""
    return []


def game_over(s: DowntownFields, action: int, legal: list[int]) -> None:
    """Never called: no action is legal once the game is over."""
    raise AssertionError("no step once the game is over")


LEGAL: Final[tuple[Callable[[DowntownFields], list[int]], ...]] = (
    legal_place, legal_bid, legal_move, legal_rob_or_pay, legal_paymove, legal_location, legal_buying,
    legal_stooge_back, legal_after_stooge_look, legal_fence_back, legal_after_fence_look, legal_offering,
    legal_vote, legal_bet, legal_adding, legal_adding, legal_handlimit, no_actions,
)
"""The legal actions of each phase, in increasing order, by `Phase`."""
APPLY: Final[tuple[Callable[[DowntownFields, int, list[int]], None], ...]] = (
    place, bid, move, rob_or_pay, paymove, use_location, use_location,
    stooge_back, use_location, fence_back, use_location, use_location,
    vote, bet, add_to_display, add_to_display, shed, game_over,
)
"""The step of each phase, by `Phase`: `APPLY[phase](s, action, legal)`, `action` one of `legal`."""
assert len(LEGAL) == len(APPLY) == len(Phase)
DISPLAY_PHASES: Final = (WINDOW, REFRESH)
"""The phases of adding to displays, whose step `step` calls directly."""


def step(s: DowntownFields, action: int, legal: list[int]) -> None:
    """Carry out `action`, one of this decision's `legal` actions: the log starts afresh, and the phase's
    step (`APPLY[s.phase]`) runs."""
    s.events = []
    s.shown = ()
    phase = s.phase
    # Adding to displays, two decisions in three of random play, is called directly: in the compiled
    # build a C call, where a call through the table is a Python one (random playouts: 2-4% faster).
    if phase in DISPLAY_PHASES:
        add_to_display(s, action, legal)
    else:
        APPLY[phase](s, action, legal)


def why_illegal(s: DowntownFields, action: object) -> str:
    """Why `action` is not legal now: the action, the phase and the legal choices."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return f"{action!r} is not a Downtown action id (0..{NUM_ACTIONS - 1})"
    if s.phase == OVER:
        return f"{action_text(s, action)!r}: the game is over"
    legal = s._legal or []
    # (an error names seats as the terminal does: it is not narration a front end fills in)
    choices = fill_seats("; ".join(action_text(s, a) for a in legal), plain_names(s.players))
    return (f"{fill_seats(action_text(s, action), plain_names(s.players))!r} is not legal now: "
            f"{seat_label(s.actor)} is at {PHASE_NAMES[s.phase]}; legal now: {choices}")
