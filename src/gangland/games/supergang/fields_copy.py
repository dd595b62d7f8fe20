"""Copies a SupergangFields state slot by slot, as its COPIED and NESTED say.

Written by scripts/fields-copy from fields.py: do not edit (tests/test_shape.py checks that it is
what that writes)."""

from __future__ import annotations

from typing import TypeVar

from .fields import SupergangFields

S = TypeVar("S", bound=SupergangFields)


def copy_fields(state: S) -> S:
    """An independent copy of `state`."""
    new = type(state)()
    new._legal = state._legal
    new._players = state._players
    new._rng = state._rng
    new.actor = state.actor
    new.aim = state.aim.copy()
    new.arrested = state.arrested
    new.asked_price = state.asked_price
    new.bank = state.bank
    new.captor = state.captor.copy()
    new.clinic_left = state.clinic_left.copy()
    new.cops_owner = state.cops_owner
    new.dice = state.dice.copy()
    new.done = state.done
    new.duel_options = state.duel_options
    new.entry = state.entry.copy()
    new.events = state.events.copy()
    new.first = state.first
    new.flags = state.flags
    new.gangs = state.gangs
    new.geo = state.geo
    new.jail_years = state.jail_years.copy()
    new.last_victim = state.last_victim.copy()
    new.money = state.money.copy()
    new.moved = state.moved.copy()
    new.options = state.options
    new.owner = state.owner.copy()
    new.patrol = state.patrol
    new.pawn_stock = state.pawn_stock.copy()
    new.pawn_supply = state.pawn_supply.copy()
    new.pawns = state.pawns.copy()
    new.pdice = state.pdice.copy()
    new.pending = state.pending.copy()
    new.pentry = state.pentry.copy()
    new.phase = state.phase
    new.police_seat = state.police_seat
    new.pos = state.pos.copy()
    new.ppos = state.ppos.copy()
    new.pprev = state.pprev.copy()
    new.preturn = state.preturn.copy()
    new.prev = state.prev.copy()
    new.protected = state.protected.copy()
    new.racket = state.racket.copy()
    new.record = state.record.copy()
    new.robbed = state.robbed.copy()
    new.round = state.round
    new.served = state.served.copy()
    new.tokens = state.tokens.copy()
    new.turn_player = state.turn_player
    new.winner = state.winner
    return new
