"""Phases 1 and 2 of a turn: moving tokens (D7) and robbing or paying a player (D8, D9, D25)."""

from __future__ import annotations

from typing import Final

from gangland.engine.seats import SEAT_REFS

from .actions import DONE, MOVES, PAY0, ROB0, move_action
from .cards import VILLA
from .displays import empty_into, tell_exchange
from .ending import end_phase3, money_end
from .fields import DowntownFields
from .locations import enter_location
from .money import transfer, value
from .phases import PAYMOVE, ROBPAY

OTHERS: Final = tuple(tuple(tuple(s for s in range(n) if s != seat) for seat in range(n)) for n in range(5))
"""`OTHERS[players][seat]`: the other seats, in order."""
ROBS: Final = tuple(tuple(tuple(ROB0 + s for s in others) for others in by_seat) for by_seat in OTHERS)
"""`ROBS[players][seat]`: the actions robbing each other seat (phase 2 offers them all)."""
EMPTY: Final = tuple(tuple(loc for loc in range(6) if not taken >> loc + 1 & 1) for taken in range(128))
"""The empty locations, by the set of taken ones as bits (bit 0: a token not yet placed, -1)."""

ROBS_TOLD: Final = tuple(tuple((None, f"{SEAT_REFS[a]} robs {SEAT_REFS[victim]}") for victim in range(4))
                         for a in range(4))
"""`ROBS_TOLD[robber][victim]`: the event telling a robbery."""


def free_moves(state: DowntownFields) -> list[int]:
    """Phase 1: each own token not yet moved to a location where no token stands (D7)."""
    taken = 0  # (a bit set: in 4-player games all six locations are nearly always taken)
    for t in state.tokens:
        taken |= 1 << t[0] + 1 | 1 << t[1] + 1
    empty = EMPTY[taken]
    if not empty:
        return []
    mine = state.tokens[state.active]
    return sorted(move_action(mine[i], z) for i in (0, 1) if not state.moved >> i & 1 for z in empty)


def legal_rob_or_pay(state: DowntownFields) -> list[int]:
    """Phase 2: rob any other player, or pay one the active player can pay (`_payees`)."""
    a, n = state.active, state._players
    return [*ROBS[n][a], *[PAY0 + payee for payee in _payees(state)]]


def _pay_moves(state: DowntownFields, payee: int) -> list[int]:
    """A move of one own token onto a location of the paid player, not onto one's other token."""
    mine = state.tokens[state.active]
    return sorted({move_action(mine[i], z) for i in (0, 1) for z in state.tokens[payee]
                   if z != mine[i] and z != mine[1 - i]})


def _payees(state: DowntownFields) -> list[int]:
    """The seats the active player can pay exactly what lies in their display (D9), in order: one loop
    for them all, phase 2 being one decision in thirteen of random play."""
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


def _move_token(state: DowntownFields, origin: int, target: int) -> None:
    mine = state.tokens[state.active]
    mine[mine.index(origin)] = target


def legal_move(state: DowntownFields) -> list[int]:
    """Phase 1: done, or a move (`free_moves`)."""
    return [DONE, *free_moves(state)]


def move(state: DowntownFields, action: int, legal: list[int]) -> None:
    """Phase 1: a token moves, or the player is done moving (D7)."""
    if action == DONE:
        enter_robpay(state)
    else:
        _move_token(state, *MOVES[action])
        state.moved |= 1 << state.tokens[state.active].index(MOVES[action][1])
        if state.moved == 3 or not free_moves(state):
            enter_robpay(state)


def legal_paymove(state: DowntownFields) -> list[int]:
    """After paying: a move onto the paid player (`_pay_moves`), or none where that is allowed (D8)."""
    acts = _pay_moves(state, state.payee)
    return [DONE, *acts] if state._players == 2 or state.pay_without_move else acts


def paymove(state: DowntownFields, action: int, legal: list[int]) -> None:
    """After paying: the move onto the paid player (D8)."""
    if action != DONE:
        _move_token(state, *MOVES[action])
    _after_phase2(state)


def enter_robpay(state: DowntownFields) -> None:
    state.phase = ROBPAY
    state.actor = state.active


def rob_or_pay(state: DowntownFields, action: int, legal: list[int]) -> None:
    """Phase 2: rob a player or pay one (D8, D9)."""
    if action < PAY0:
        _rob(state, action - ROB0)
    else:
        _pay(state, action - PAY0)


def _rob(state: DowntownFields, victim: int) -> None:
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
                tell_exchange(state, a, made, share)
                state.events.append((None, f"{SEAT_REFS[holders[0]]} at the Villa takes half of the robbed "
                                          f"money"))
    if money_end(state):
        return
    _after_phase2(state)


def _pay(state: DowntownFields, payee: int) -> None:
    a = state.active
    amount = value(state.disp_n[payee])
    if amount:
        made = transfer(state.cash[a], state.cash[payee], amount, state.bank)
        tell_exchange(state, a, made, amount)
    for k in range(3):
        state.hands[a][k] -= state.disp_g[payee][k]
        state.hands[payee][k] += state.disp_g[payee][k]
    state.nxt = state.payee = payee
    state.events.append((None, f"{SEAT_REFS[a]} pays {SEAT_REFS[payee]}"))
    if money_end(state):
        return
    if _pay_moves(state, payee):
        state.phase = PAYMOVE
    else:
        _after_phase2(state)


def _after_phase2(state: DowntownFields) -> None:
    # Two players: "When robbing another player in Phase 2, the current player must skip Phase 3".
    if state._players == 2 and state.robbed:
        end_phase3(state)
    else:
        enter_location(state)
