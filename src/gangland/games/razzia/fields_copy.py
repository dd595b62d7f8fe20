"""Copies a RazziaFields state slot by slot, as its COPIED and NESTED say.

Written by scripts/fields-copy from fields.py: do not edit (tests/test_shape.py checks that it is
what that writes)."""

from __future__ import annotations

from typing import TypeVar

from .fields import RazziaFields

S = TypeVar("S", bound=RazziaFields)


def copy_fields(state: S) -> S:
    """An independent copy of `state`."""
    new = type(state)()
    new._legal = state._legal
    new._players = state._players
    new._rng = state._rng
    new.a_bid = state.a_bid
    new.a_bidder = state.a_bidder
    new.a_bids = state.a_bids
    new.a_caller = state.a_caller
    new.a_kind = state.a_kind
    new.a_queue = state.a_queue.copy()
    new.box = state.box.copy()
    new.centre = state.centre
    new.clockwise = state.clockwise
    new.deck = state.deck.copy()
    new.down = [part.copy() for part in state.down]
    new.estate = [part.copy() for part in state.estate]
    new.last_auction = state.last_auction
    new.last_draw = state.last_draw
    new.options = state.options
    new.phase = state.phase
    new.piles = state.piles.copy()
    new.police = state.police
    new.police_limit = state.police_limit
    new.round = state.round
    new.round_scores = state.round_scores.copy()
    new.row = state.row.copy()
    new.thieves_left = state.thieves_left
    new.turn = state.turn
    new.up = [part.copy() for part in state.up]
    return new
