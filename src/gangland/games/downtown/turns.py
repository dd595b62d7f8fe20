"""A turn's beginning and end: a turn beginning (D10), adding to the displays after phase 3 (face down
in the window, D11; face up in phase 4), the hand limit (D26) and the turn limit (D29). `hand_limit` is
public.
"""

from __future__ import annotations

from bisect import bisect_left

from .actions import ADD_GANGSTER0, ADD_NOTE0, DISCARD_GANGSTER0, DONE, SHED_STOOGE0
from .cards import HAND_LIMIT, VILLA, VILLA_HAND_LIMIT
from .displays import NOTE_ADDS, empty_into, reveal_displays, take_note
from .ending import finish
from .fields import DowntownFields
from .money import note_mask
from .moves import enter_robpay, free_moves
from .phases import HANDLIMIT, MOVE, REFRESH, WINDOW


def start_turn(state: DowntownFields, seat: int) -> None:
    """`seat`'s turn begins: its display goes back to it (D10), and phase 1 (or 2) begins; or the turn
    limit ends the game (D29)."""
    if state.turn_limit and state.turn >= state.turn_limit:
        state.events.append((None, f"the turn limit of {state.turn_limit} turns is reached: the game ends"))
        finish(state)
        return
    state.turn += 1
    state.active = state.actor = seat
    # D10: the active player's display goes back to his money and hand at the start of his turn.
    empty_into(state.disp_n[seat], state.disp_g[seat], state.cash[seat], state.hands[seat])
    state.moved = state.used = 0
    state.robbed = state.villa_w = state.villa_e = False
    state.nxt = state.payee = -1
    moves = free_moves(state)
    if moves:
        state.phase = MOVE
        state._legal = [DONE, *moves]  # (the decision's legal actions: worked out, so kept)
    else:
        enter_robpay(state)


def add_to_display(state: DowntownFields, action: int, legal: list[int]) -> None:
    """One decision while adding to displays (WINDOW, REFRESH); `legal` is what `action` was chosen from."""
    seat = state.actor
    face_down = state.phase == WINDOW
    if action == DONE:
        if face_down:
            state.queue.pop(0)
            if state.queue:
                state.actor = state.queue[0]
            else:
                state.phase = REFRESH
                state.actor = state.active
            return
        # "If other players have placed additional bank notes and/or Gangster cards face down [...]
        # these [...] must be turned face up now."
        reveal_displays(state)
        _enter_handlimit(state)
        return
    if action < ADD_GANGSTER0:
        note = action - ADD_NOTE0
        cash = state.cash[seat]
        if cash[note]:  # (two additions in three: no exchange, so no call)
            cash[note] -= 1
        else:
            take_note(state, seat, note, face_down)
        (state.down_n if face_down else state.disp_n)[seat][note] += 1
        if not state.ed2013:
            # The notes it can get by exchange depend on all its notes and the bank's: recompute
            # them; its gangster choices, at the end of the sorted list, stay as they were.
            state._legal = [DONE, *NOTE_ADDS[note_mask(cash, state.bank)],
                            *legal[bisect_left(legal, ADD_GANGSTER0):]]
            return
        left = cash[note]
    else:
        kind = action - ADD_GANGSTER0
        hand = state.hands[seat]
        hand[kind] -= 1
        (state.down_g if face_down else state.disp_g)[seat][kind] += 1
        left = hand[kind]
    # The same seat adds again, and its choices are the notes and the gangster kinds it holds: they
    # change only if it has just put down its last of one. (A new list: clones share the old one.)
    state._legal = legal if left else [act for act in legal if act != action]


def hand_limit(state: DowntownFields, seat: int) -> int:
    """7 cards, or 10 with a token at Don Massimo's Villa."""
    return VILLA_HAND_LIMIT if VILLA in state.tokens[seat] else HAND_LIMIT


def _over_hand_limit(state: DowntownFields, seat: int) -> bool:
    hand = state.hands[seat]
    return (hand[0] + hand[1] + hand[2] + len(state.shand[seat])
            > (VILLA_HAND_LIMIT if VILLA in state.tokens[seat] else HAND_LIMIT))


def _enter_handlimit(state: DowntownFields) -> None:
    a = state.active
    if _over_hand_limit(state, a):
        state.phase = HANDLIMIT
        state.actor = a
    else:
        start_turn(state, state.nxt)


def legal_handlimit(state: DowntownFields) -> list[int]:
    """The cards the active player may put away: a gangster kind into his display (2013: or onto the
    discard pile), a stooge card (D26)."""
    seat = state.active
    hand = state.hands[seat]
    acts = [ADD_GANGSTER0 + k for k in range(3) if hand[k]]
    if state.ed2013:
        acts += [DISCARD_GANGSTER0 + k for k in range(3) if hand[k]]
    return acts + [SHED_STOOGE0 + c for c in state.shand[seat]]


def shed(state: DowntownFields, action: int, legal: list[int]) -> None:
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
        start_turn(state, state.nxt)
