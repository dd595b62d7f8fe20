"""Phases 1 and 2 of a turn: moving tokens (D7) and robbing or paying a player (D8, D9, D25).

Methods of `DowntownState` (bound in state.py), written as functions of the state. `can_pay` is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gangland.engine.seats import SEAT_REFS

from . import displays, locations, turns
from .cards import PAY0, ROB0, VILLA, move_action
from .displays import empty_into
from .money import transfer, value
from .phases import PAYMOVE, ROBPAY

if TYPE_CHECKING:
    from .state import DowntownState


OTHERS: Final = tuple(tuple(tuple(s for s in range(n) if s != seat) for seat in range(n)) for n in range(5))
"""`OTHERS[players][seat]`: the other seats, in order."""
ROBS: Final = tuple(tuple(tuple(ROB0 + s for s in others) for others in by_seat) for by_seat in OTHERS)
"""`ROBS[players][seat]`: the actions robbing each other seat (phase 2 offers them all)."""
EMPTY: Final = tuple(tuple(loc for loc in range(6) if not taken >> loc + 1 & 1) for taken in range(128))
"""The empty locations, by the set of taken ones as bits (bit 0: a token not yet placed, -1)."""

ROBS_TOLD: Final = tuple(tuple((None, f"{SEAT_REFS[a]} robs {SEAT_REFS[victim]}") for victim in range(4))
                         for a in range(4))
"""`ROBS_TOLD[robber][victim]`: the event telling a robbery."""


def _free_moves(state: DowntownState) -> list[int]:
    """Phase 1: each own token not yet moved to a location where no token stands (D7)."""
    taken = 0  # (a bit set: in 4-player games all six locations are nearly always taken)
    for t in state.tokens:
        taken |= 1 << t[0] + 1 | 1 << t[1] + 1
    empty = EMPTY[taken]
    if not empty:
        return []
    mine = state.tokens[state.active]
    return sorted(move_action(mine[i], z) for i in (0, 1) if not state.moved >> i & 1 for z in empty)


def _rob_or_pay(state: DowntownState) -> list[int]:
    """Phase 2: rob any other player, or pay one the active player can pay (`can_pay`)."""
    a, n = state.active, state._players
    return [*ROBS[n][a], *[PAY0 + payee for payee in _payees(state)]]


def _pay_moves(state: DowntownState, payee: int) -> list[int]:
    """A move of one own token onto a location of the paid player, not onto one's other token."""
    mine = state.tokens[state.active]
    return sorted({move_action(mine[i], z) for i in (0, 1) for z in state.tokens[payee]
                   if z != mine[i] and z != mine[1 - i]})


def can_pay(state: DowntownState, payee: int) -> bool:
    """Can the active player pay `payee` exactly what lies in `payee`'s display (D9)?"""
    return payee in _payees(state)


def _payees(state: DowntownState) -> list[int]:
    """The seats the active player can pay (`can_pay`), in order: one loop for them all, phase 2 being
    one decision in thirteen of random play."""
    a = state.active
    money = value(state.cash[a])
    hand, mine = state.hands[a], state.tokens[a]
    anywhere = state._players == 2 or state.pay_without_move
    payees = []
    for payee in OTHERS[state._players][a]:
        if value(state.disp_n[payee]) > money:
            continue
        wanted = state.disp_g[payee]
        if hand[0] < wanted[0] or hand[1] < wanted[1] or hand[2] < wanted[2]:
            continue
        # Unless he may pay without moving, `_pay_moves(payee)` must not be empty: a token of the
        # payee stands where the active player has none.
        theirs = state.tokens[payee]
        if anywhere or theirs[0] not in mine or theirs[1] not in mine:
            payees.append(payee)
    return payees


def _move_token(state: DowntownState, origin: int, target: int) -> None:
    mine = state.tokens[state.active]
    mine[mine.index(origin)] = target


def _enter_robpay(state: DowntownState) -> None:
    state.phase = ROBPAY
    state.actor = state.active


def _rob(state: DowntownState, victim: int) -> None:
    a = state.active
    robbed = value(state.disp_n[victim]) if state.villa_rule else 0
    empty_into(state.disp_n[victim], state.disp_g[victim], state.cash[a], state.hands[a])
    state.nxt = victim
    state.robbed = True
    state.events.append(ROBS_TOLD[a][victim])
    if state.villa_rule:
        # 2013 "rules expansion for advanced players": the lone Villa holder gets half (D25).
        holders = [s for s in range(state._players) if VILLA in state.tokens[s]]
        if len(holders) == 1 and holders[0] != a and (state.villa_victim or holders[0] != victim):
            share = robbed // 2
            if share:
                made = transfer(state.cash[a], state.cash[holders[0]], share, state.bank)
                displays._tell_exchange(state, a, made, share)
                state.events.append((None, f"{SEAT_REFS[holders[0]]} at the Villa takes half of the robbed "
                                          f"money"))
    if turns._money_end(state):
        return
    _after_phase2(state)


def _pay(state: DowntownState, payee: int) -> None:
    a = state.active
    amount = value(state.disp_n[payee])
    if amount:
        made = transfer(state.cash[a], state.cash[payee], amount, state.bank)
        displays._tell_exchange(state, a, made, amount)
    for k in range(3):
        state.hands[a][k] -= state.disp_g[payee][k]
        state.hands[payee][k] += state.disp_g[payee][k]
    state.nxt = state.payee = payee
    state.events.append((None, f"{SEAT_REFS[a]} pays {SEAT_REFS[payee]}"))
    if turns._money_end(state):
        return
    if _pay_moves(state, payee):
        state.phase = PAYMOVE
    else:
        _after_phase2(state)


def _after_phase2(state: DowntownState) -> None:
    # Two players: "When robbing another player in Phase 2, the current player must skip Phase 3".
    if state._players == 2 and state.robbed:
        turns._end_phase3(state)
    else:
        locations._enter_location(state)
