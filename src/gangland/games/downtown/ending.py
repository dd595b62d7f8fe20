"""Ends: of phase 3 (the others may add to their displays face down, D11) and of the game ($100,000,
D27; the turn after the 2nd casino card; the turn limit, D29), and the result: every seat's money.
"""

from __future__ import annotations

from typing import Final

from gangland.engine import Result, rank_by

from .cards import WIN_MONEY
from .displays import NO_NOTES, settle_pending
from .fields import DowntownFields
from .money import total_value, value
from .phases import OVER, REFRESH, WINDOW


def wealth(s: DowntownFields, seat: int) -> int:
    """A seat's money in thousands: cash plus its display, face-down additions included."""
    return total_value(s.cash[seat], s.disp_n[seat], s.down_n[seat])


def result(s: DowntownFields) -> Result:
    """Scores (every seat's money in dollars), ranks and the breakdown into cash and display."""
    scores = tuple(1000 * wealth(s, seat) for seat in range(s._players))
    ranks = rank_by([(score,) for score in scores])
    winners = tuple(seat for seat, r in enumerate(ranks) if r == 1)
    breakdown = tuple(
        {"cash": 1000 * value(s.cash[seat]),
         "display": 1000 * (value(s.disp_n[seat]) + value(s.down_n[seat]))}
        for seat in range(s._players))
    return Result(scores, ranks, winners, breakdown)


WINDOW_QUEUES: Final = tuple(tuple(tuple(tuple((a + i) % n for i in range(1, n) if (a + i) % n != nxt)
                                  for nxt in range(-1, n)) for a in range(n)) for n in range(5))
"""`WINDOW_QUEUES[players][active][next + 1]`: who may add face down after phase 3, in turn order (D11)."""


def end_phase3(state: DowntownFields) -> None:
    """Phase 3 is over: the game ends (D27, after the 2nd casino card's turn), or the others may add
    face down (D11), or phase 4 begins."""
    if state.phase == OVER:
        return
    if state.ending:
        # D27: after the turn of the 2nd casino card; what is left of the turn cannot change money.
        finish(state)
        return
    a, n = state.active, state._players
    # D11: the others but the next player may add face down while phase 3 lasts.
    state.queue = list(WINDOW_QUEUES[n][a][state.nxt + 1])
    if state.queue:
        state.phase = WINDOW
        state.actor = state.queue[0]
    else:
        state.phase = REFRESH
        state.actor = a


def money_end(state: DowntownFields) -> bool:
    """D27: $100,000 or more, display included, ends the game at once."""
    # `wealth` written out, and an empty display (face-down ones are, outside the window) skipped:
    # this follows every robbery, one decision in fourteen of random play.
    cash, shown, face_down = state.cash, state.disp_n, state.down_n
    for s in range(state._players):
        c = cash[s]
        worth = c[0] + 2 * c[1] + 5 * c[2] + 10 * c[3] + 20 * c[4]
        d = shown[s]
        if d != NO_NOTES:
            worth += d[0] + 2 * d[1] + 5 * d[2] + 10 * d[3] + 20 * d[4]
        d = face_down[s]
        if d != NO_NOTES:
            worth += d[0] + 2 * d[1] + 5 * d[2] + 10 * d[3] + 20 * d[4]
        if worth >= WIN_MONEY:
            state.events.append((None, "a player has $100,000: the game ends"))
            finish(state)
            return True
    return False


def finish(state: DowntownFields) -> None:
    """The game is over."""
    settle_pending(state)  # (a no-op: every secret note is turned up before the game can end)
    state.phase = OVER
    state.queue = []
