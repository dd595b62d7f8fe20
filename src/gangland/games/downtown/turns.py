"""The turn and the game end: a turn beginning (D10), phase 3 ending and the window for face-down
additions (D11), the hand limit (D26), $100,000 (D27) and the turn limit (D29).

Methods of `DowntownState` (bound in state.py), written as functions of the state. `hand_limit` is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import displays
from .cards import (
    ADD_GANGSTER0,
    DISCARD_GANGSTER0,
    DONE,
    HAND_LIMIT,
    SHED_STOOGE0,
    VILLA,
    VILLA_HAND_LIMIT,
    WIN_MONEY,
)
from .displays import NO_NOTES, empty_into
from .phases import HANDLIMIT, MOVE, OVER, REFRESH, WINDOW

if TYPE_CHECKING:
    from .state import DowntownState


def _start_turn(state: DowntownState, seat: int) -> None:
    if state.turn_limit and state.turn >= state.turn_limit:
        state.events.append((None, f"the turn limit of {state.turn_limit} turns is reached: the game ends"))
        _finish(state)
        return
    state.turn += 1
    state.active = state.actor = seat
    # D10: the active player's display goes back to his money and hand at the start of his turn.
    empty_into(state.disp_n[seat], state.disp_g[seat], state.cash[seat], state.hands[seat])
    state.moved = state.used = 0
    state.robbed = state.villa_w = state.villa_e = False
    state.nxt = state.payee = -1
    moves = state._free_moves()
    if moves:
        state.phase = MOVE
        state._legal = [DONE, *moves]  # (the decision's legal actions: worked out, so kept)
    else:
        state._enter_robpay()


WINDOW_QUEUES: Final = tuple(tuple(tuple(tuple((a + i) % n for i in range(1, n) if (a + i) % n != nxt)
                                  for nxt in range(-1, n)) for a in range(n)) for n in range(5))
"""`WINDOW_QUEUES[players][active][next + 1]`: who may add face down after phase 3, in turn order (D11)."""


def _end_phase3(state: DowntownState) -> None:
    if state.phase == OVER:
        return
    if state.ending:
        # D27: after the turn of the 2nd casino card; what is left of the turn cannot change money.
        _finish(state)
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


def hand_limit(state: DowntownState, seat: int) -> int:
    """7 cards, or 10 with a token at Don Massimo's Villa."""
    return VILLA_HAND_LIMIT if VILLA in state.tokens[seat] else HAND_LIMIT


def _over_hand_limit(state: DowntownState, seat: int) -> bool:
    hand = state.hands[seat]
    return (hand[0] + hand[1] + hand[2] + len(state.shand[seat])
            > (VILLA_HAND_LIMIT if VILLA in state.tokens[seat] else HAND_LIMIT))


def _enter_handlimit(state: DowntownState) -> None:
    a = state.active
    if _over_hand_limit(state, a):
        state.phase = HANDLIMIT
        state.actor = a
    else:
        _start_turn(state, state.nxt)


def _handlimit_legal(state: DowntownState) -> list[int]:
    """The cards the active player may put away: a gangster kind into his display (2013: or onto the
    discard pile), a stooge card (D26)."""
    seat = state.active
    hand = state.hands[seat]
    acts = [ADD_GANGSTER0 + k for k in range(3) if hand[k]]
    if state.ed2013:
        acts += [DISCARD_GANGSTER0 + k for k in range(3) if hand[k]]
    return acts + [SHED_STOOGE0 + c for c in state.shand[seat]]


def _shed(state: DowntownState, action: int, legal: list[int]) -> None:
    """Put a card away at the hand limit; `legal` is what `action` was chosen from."""
    a = state.active
    if action < SHED_STOOGE0:
        if action < DISCARD_GANGSTER0:  # into the display, face up
            kind = action - ADD_GANGSTER0
            state.disp_g[a][kind] += 1
        else:  # 2013: "or on to the Gangster card discard pile"
            kind = action - DISCARD_GANGSTER0
            state.discard[kind] += 1
        hand = state.hands[a]
        hand[kind] -= 1
        gone: tuple[int, ...] = () if hand[kind] else (ADD_GANGSTER0 + kind, DISCARD_GANGSTER0 + kind)
    else:  # D26: where used stooge cards go, back unseen
        card = action - SHED_STOOGE0
        state.shand[a].remove(card)
        state.known_s[a].add(card)
        if state.ed2013:
            state.out_s.append(card)
        else:
            state.spiles[state.cards[card].stooge].insert(0, card)
        gone = (action,)
    if _over_hand_limit(state, a):
        # Still over (one decision in eight of random play): he chooses again from the same cards, less
        # any he no longer holds. (A new list if so: clones share the old one.)
        state._legal = [act for act in legal if act not in gone] if gone else legal
    else:
        _start_turn(state, state.nxt)


def _money_end(state: DowntownState) -> bool:
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
            _finish(state)
            return True
    return False


def _finish(state: DowntownState) -> None:
    displays._settle_pending(state)  # (a no-op: every secret note is turned up before the game can end)
    state.phase = OVER
    state.queue = []
