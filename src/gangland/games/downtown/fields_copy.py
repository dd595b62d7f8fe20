"""Copies a DowntownFields state slot by slot, as its COPIED and NESTED say.

Written by scripts/fields-copy from fields.py: do not edit (tests/test_shape.py checks that it is
what that writes)."""

from __future__ import annotations

from typing import TypeVar

from .fields import DowntownFields

S = TypeVar("S", bound=DowntownFields)


def copy_fields(state: S) -> S:
    """An independent copy of `state`."""
    new = type(state)()
    new._legal = state._legal
    new._players = state._players
    new._rng = state._rng
    new.active = state.active
    new.actor = state.actor
    new.bank = state.bank.copy()
    new.bets = state.bets.copy()
    new.bought = state.bought.copy()
    new.cards = state.cards
    new.cash = [part.copy() for part in state.cash]
    new.casino_active_only = state.casino_active_only
    new.casino_seats = state.casino_seats.copy()
    new.casinos = state.casinos
    new.discard = state.discard.copy()
    new.disp_g = [part.copy() for part in state.disp_g]
    new.disp_n = [part.copy() for part in state.disp_n]
    new.down_g = [part.copy() for part in state.down_g]
    new.down_n = [part.copy() for part in state.down_n]
    new.downtown = state.downtown.copy()
    new.draw = state.draw.copy()
    new.ed2013 = state.ed2013
    new.ending = state.ending
    new.events = state.events.copy()
    new.final_casino = state.final_casino
    new.first_placer = state.first_placer
    new.fpiles = [part.copy() for part in state.fpiles]
    new.hands = [part.copy() for part in state.hands]
    new.known_f = [part.copy() for part in state.known_f]
    new.known_s = [part.copy() for part in state.known_s]
    new.look_pile = state.look_pile
    new.moved = state.moved
    new.nxt = state.nxt
    new.offer = state.offer.copy()
    new.offer_loot = state.offer_loot
    new.options = state.options
    new.out_f = state.out_f.copy()
    new.out_s = state.out_s.copy()
    new.pay_without_move = state.pay_without_move
    new.payee = state.payee
    new.pend = state.pend.copy()
    new.phase = state.phase
    new.prices = state.prices.copy()
    new.pub_f = state.pub_f.copy()
    new.pub_s = state.pub_s.copy()
    new.queue = state.queue.copy()
    new.resume = state.resume
    new.robbed = state.robbed
    new.shand = [part.copy() for part in state.shand]
    new.shown = state.shown
    new.spent = state.spent
    new.spiles = [part.copy() for part in state.spiles]
    new.starter = state.starter
    new.tokens = [part.copy() for part in state.tokens]
    new.turn = state.turn
    new.turn_limit = state.turn_limit
    new.used = state.used
    new.villa_e = state.villa_e
    new.villa_rule = state.villa_rule
    new.villa_victim = state.villa_victim
    new.villa_w = state.villa_w
    return new
