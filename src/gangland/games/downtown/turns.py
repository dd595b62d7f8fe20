"""The turn and the game end: a turn beginning (D10), phase 3 ending and the window for face-down
additions (D11), the hand limit (D26), $100,000 (D27) and the turn limit (D29).

Methods of `DowntownState` (bound in state.py), written as functions of the state. `hand_limit` is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    ADD_GANGSTER0,
    DISCARD_GANGSTER0,
    HAND_LIMIT,
    SHED_STOOGE0,
    VILLA,
    VILLA_HAND_LIMIT,
    WIN_MONEY,
)
from .displays import empty_into
from .money import total_value
from .phases import HANDLIMIT, MOVE, OVER, REFRESH, WINDOW

if TYPE_CHECKING:
    from .state import DowntownState


def _start_turn(state: DowntownState, seat: int) -> None:
    if state.turn_limit and state.turn >= state.turn_limit:
        state.events.append((None, f"the turn limit of {state.turn_limit} turns is reached: the game ends"))
        state._finish()
        return
    state.turn += 1
    state.active = state.actor = seat
    # D10: the active player's display goes back to his money and hand at the start of his turn.
    empty_into(state.disp_n[seat], state.disp_g[seat], state.cash[seat], state.hands[seat])
    state.moved = state.used = 0
    state.robbed = state.villa_w = state.villa_e = False
    state.nxt = state.payee = -1
    if state._free_moves():
        state.phase = MOVE
    else:
        state._enter_robpay()


def _end_phase3(state: DowntownState) -> None:
    if state.phase == OVER:
        return
    if state.ending:
        # D27: after the turn of the 2nd casino card; what is left of the turn cannot change money.
        state._finish()
        return
    a, n = state.active, state._players
    # D11: the others but the next player may add face down while phase 3 lasts.
    state.queue = [(a + i) % n for i in range(1, n) if (a + i) % n != state.nxt]
    if state.queue:
        state.phase = WINDOW
        state.actor = state.queue[0]
    else:
        state.phase = REFRESH
        state.actor = a


def hand_limit(state: DowntownState, seat: int) -> int:
    """7 cards, or 10 with a token at Don Massimo's Villa."""
    return VILLA_HAND_LIMIT if VILLA in state.tokens[seat] else HAND_LIMIT


def _enter_handlimit(state: DowntownState) -> None:
    a = state.active
    if sum(state.hands[a]) + len(state.shand[a]) > state.hand_limit(a):
        state.phase = HANDLIMIT
        state.actor = a
    else:
        state._start_turn(state.nxt)


def _shed(state: DowntownState, action: int) -> None:
    a = state.active
    if action < DISCARD_GANGSTER0:  # into the display, face up
        kind = action - ADD_GANGSTER0
        state.hands[a][kind] -= 1
        state.disp_g[a][kind] += 1
    elif action < SHED_STOOGE0:  # 2013: "or on to the Gangster card discard pile"
        kind = action - DISCARD_GANGSTER0
        state.hands[a][kind] -= 1
        state.discard[kind] += 1
    else:  # D26: where used stooge cards go, back unseen
        card = action - SHED_STOOGE0
        state.shand[a].remove(card)
        state.known_s[a].add(card)
        if state.ed2013:
            state.out_s.append(card)
        else:
            state.spiles[state.cards[card].stooge].insert(0, card)
    state._enter_handlimit()


def _money_end(state: DowntownState) -> bool:
    """D27: $100,000 or more, display included, ends the game at once."""
    for cash, shown, face_down in zip(state.cash, state.disp_n, state.down_n, strict=True):
        if total_value(cash, shown, face_down) >= WIN_MONEY:
            state.events.append((None, "a player has $100,000: the game ends"))
            state._finish()
            return True
    return False


def _finish(state: DowntownState) -> None:
    state._settle_pending()  # (a no-op: every secret note is turned up before the game can end)
    state.phase = OVER
    state.queue = []
