"""Where the Downtown bot's tokens go: phase 1's moves towards the locations it wants
(`Valuation.targets`), and phase 2's choice between robbing a display and paying to move (the set-up
placement is in bots_opening.py).

Whom it robs or pays. No rule orders the seats here, so neither does the bot: it robs the display worth
most to it, and among displays worth the same (often all empty) it draws one with its own generator;
among seats equally worth paying it draws likewise. The draws happen only when there are equals, and
after the same reading of the same knowledge on both paths (`act`, `choose`), so the two agree."""

from __future__ import annotations

from random import Random

from .actions import DONE, MOVE0, MOVES, PAY0, ROB0, move_action
from .bots_valuation import GANGSTER_WORTH, Valuation
from .cards import BANK, GHETTO, VILLA

# -- phase 1 -----------------------------------------------------------------------------


def move(ctx: Valuation) -> int:
    """Phase 1: a free token onto a wanted location nobody holds, else the spare token to where it earns."""
    k = ctx.k
    me = k.me
    mine = k.tokens[me]
    targets, _ = ctx.targets()
    taken = {loc for t in k.tokens for loc in t}
    spare = [loc for loc in mine if loc not in targets]
    for target in targets:
        if target in mine:
            continue
        if target not in taken:
            for origin in spare:
                action = move_action(origin, target)
                if action in ctx.legal_set:
                    return action
    if k.n > 2 and len(spare) == 1 and not any(t not in mine and t in taken for t in targets):
        # The token not needed this turn (nor for a paid move) waits where it earns by itself:
        # the Bank (purchases), else the Villa with a big hand (limit 10), else the Ghetto (draws).
        villa_first = k.hand_count[me] >= 6
        order = [BANK, VILLA, GHETTO] if villa_first else [BANK, GHETTO, VILLA]
        here = order.index(spare[0]) if spare[0] in order else len(order)
        for loc in order[:here]:
            if loc not in taken:
                action = move_action(spare[0], loc)
                if action in ctx.legal_set:
                    return action
    return DONE


# -- phase 2 -----------------------------------------------------------------------------


def _display_worth(ctx: Valuation, victim: int) -> float:
    """What taking (or giving) a display is worth to the seat: its money, and its gangsters as far
    as the seat needs them for the top jobs (more than that only go back out at the hand limit)."""
    worth = ctx.display_worth.get(victim)
    if worth is None:
        worth = ctx.display_worth[victim] = _work_out_display_worth(ctx, victim)
    return worth


def _work_out_display_worth(ctx: Valuation, victim: int) -> float:
    k = ctx.k
    worth = float(k.disp_m[victim])
    cards = k.disp_g[victim]
    if sum(cards):
        # Cards beyond the hand's room go straight back out at the hand limit, so they are worth nothing:
        # counted at all, a display of them beats an empty one, and two seats at the limit then rob each
        # other's spare gangsters for ever while a third never gets a turn (seed game_seed(7, 139)).
        room = max(0, k.hand_limit - k.hand_count[k.me])
        for g in range(3):
            if cards[g] and room:
                wanted = max(0, ctx.max_need[g] - k.hand[g])
                useful = min(cards[g], wanted, room)
                spare = min(cards[g] - useful, room - useful)
                room -= useful + spare
                worth += GANGSTER_WORTH * useful + 0.2 * spare
    return worth


def one_of(rng: Random, equals: list[int]) -> int:
    """One of `equals` (actions worth the same), drawn with the bot's generator when there are several."""
    return equals[0] if len(equals) == 1 else equals[rng.randrange(len(equals))]


def richest_display(ctx: Valuation, robs: list[int], rng: Random) -> int:
    """The robbery `robs` whose display is worth most to the seat, one of equals drawn by `rng`."""
    best: list[int] = []
    best_worth = -1.0
    for a in robs:
        worth = _display_worth(ctx, a - ROB0)
        if worth > best_worth:
            best, best_worth = [a], worth
        elif worth == best_worth:
            best.append(a)
    return one_of(rng, best)


def rob_or_pay(ctx: Valuation, rng: Random) -> int:
    """Phase 2: rob the display worth most, or pay a seat whose location the seat needs when that is
    worth more; equals drawn by `rng`."""
    k = ctx.k
    me = k.me
    mine = k.tokens[me]
    targets, plan = ctx.targets()
    robs = [a for a in ctx.legal if ROB0 <= a < PAY0]
    pays = [a for a in ctx.legal if a >= PAY0]
    best_rob = richest_display(ctx, robs, rng)
    rob_gain = _display_worth(ctx, best_rob - ROB0)
    if k.n == 2:
        if not pays:
            return best_rob
        other = 1 - me
        cost = _display_worth(ctx, other)
        missing = [t for t in targets if t not in mine]
        reach = plan
        if missing and not any(t in k.tokens[other] for t in missing):
            reach = plan * 0.5
        if cost == 0 and reach >= 0:
            return pays[0]
        return pays[0] if reach > 4 * cost else best_rob
    # Three or four players: phase 3 follows a robbery too. Pay only to reach a wanted location.
    best_pays: list[int] = []
    best_value = rob_gain + ctx.style.pay_margin
    for a in pays:
        payee = a - PAY0
        if not any(t not in mine and t in k.tokens[payee] for t in targets):
            continue
        v = plan - 1.5 * _display_worth(ctx, payee)
        if v > best_value:
            best_pays, best_value = [a], v
        elif v == best_value and best_pays:
            best_pays.append(a)
    return one_of(rng, best_pays) if best_pays else best_rob


def paid_move(ctx: Valuation) -> int:
    """After paying: move onto a wanted location, from a location not wanted."""
    k = ctx.k
    mine = k.tokens[k.me]
    targets, _ = ctx.targets()
    moves = [a for a in ctx.legal if MOVE0 <= a < ROB0]
    for target in targets:
        if target in mine:
            continue
        for a in moves:
            origin, dest = MOVES[a]
            if dest == target and origin not in targets:
                return a
    if DONE in ctx.legal_set:
        return DONE
    # A move is compulsory: move the token that is not on a wanted location, if any.
    for a in moves:
        if MOVES[a][0] not in targets:
            return a
    return moves[0]
