"""Razzia!'s action space: the ids, and the one text of each action.

The text is what the log, the terminal's menu, `parse_action`, the error messages and the drawing's
`data-act` all say, so the drawing names what it makes clickable with the functions below.
"""

from __future__ import annotations

from typing import Final

from .cards import BOOTY_KINDS, KIND_NAMES

# The fixed action space: one decision per id.
DRAW: Final = 0
COURT: Final = 1
PASS: Final = 2
DONE: Final = 3
BID_BASE: Final = 3
"""BID_BASE + v bids the cheque of value v (1..16): ids 4..19. BID_BASE itself is DONE, not a bid:
test with `is_bid`."""
STEAL_BASE: Final = 20
"""STEAL_BASE + kind uses a thief on a booty kind in the row: ids 20..36."""
NUM_ACTIONS: Final = STEAL_BASE + BOOTY_KINDS


def bid_action(value: int) -> int:
    """The action id that bids the cheque `value`."""
    return BID_BASE + value


def is_bid(action: int) -> bool:
    """True for the ids that bid a cheque.

    >>> is_bid(bid_action(1)), is_bid(DONE), is_bid(steal_action(0))
    (True, False, False)
    """
    return BID_BASE < action < STEAL_BASE


def steal_action(kind: int) -> int:
    """The action id that uses a thief to take `kind` from the row."""
    return STEAL_BASE + kind


def bid_text(value: int) -> str:
    """The text of bidding the cheque `value`: "bid 7"."""
    return f"bid {value}"


def steal_text(kind: int) -> str:
    """The text of using a thief on the booty `kind`: "steal car"."""
    return f"steal {KIND_NAMES[kind]}"


def action_text(action: int) -> str:
    """The text of a Razzia! action id (the same whatever the state: no action names a seat).

    >>> [action_text(a) for a in (DRAW, COURT, PASS, DONE, bid_action(7), steal_action(6))]
    ['draw a card', 'call a court auction', 'pass', 'stop stealing', 'bid 7', 'steal car']
    """
    if action == DRAW:
        return "draw a card"
    if action == COURT:
        return "call a court auction"
    if action == PASS:
        return "pass"
    if action == DONE:
        return "stop stealing"
    if is_bid(action):
        return bid_text(action - BID_BASE)
    if STEAL_BASE <= action < NUM_ACTIONS:
        return steal_text(action - STEAL_BASE)
    return f"unknown action {action!r}"
