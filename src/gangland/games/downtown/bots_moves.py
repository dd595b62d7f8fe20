"""Where the Downtown bot's tokens go: the set-up placement, phase 1's moves towards the locations
it wants (`Valuation.targets`), and phase 2's choice between robbing a display and paying to move."""

from __future__ import annotations

from .actions import DONE, MOVE0, MOVES, PAY0, PLACE0, ROB0, move_action
from .bots_valuation import GANGSTER_WORTH, Valuation
from .cards import BANK, DOWNTOWN, GHETTO, VILLA, WEST_SIDE

# -- set-up ------------------------------------------------------------------------------


def place(ctx: Valuation) -> int:
    """The set-up: a token on the first location of the seat's list that its other token is not on."""
    k = ctx.k
    mine = k.tokens[k.me]
    wanted = [WEST_SIDE, DOWNTOWN] if k.n == 2 else [WEST_SIDE, BANK, DOWNTOWN, GHETTO]
    for loc in wanted:
        if loc != mine[0] and PLACE0 + loc in ctx.legal_set:
            return PLACE0 + loc
    return ctx.legal[0]


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
        full = k.hand_count[k.me] >= k.hand_limit
        for g in range(3):
            if cards[g]:
                wanted = max(0, ctx.max_need[g] - k.hand[g])
                useful = 0 if full else min(cards[g], wanted)
                worth += GANGSTER_WORTH * useful + 0.2 * (cards[g] - useful)
    return worth


def _rob_key(ctx: Valuation, a: int) -> tuple[float, int]:
    """The order of the robberies `a`: the richest display; when none is worth much, the next seat
    clockwise, so that every seat gets turns (two seats robbing each other's empty displays would shut
    out a third)."""
    k = ctx.k
    v = a - ROB0
    worth = _display_worth(ctx, v)
    return (worth if worth >= 2 else 0.0), -((v - k.me) % k.n)


def rob_or_pay(ctx: Valuation) -> int:
    """Phase 2: rob the display worth most, or pay a seat whose location the seat needs when that is
    worth more."""
    k = ctx.k
    me = k.me
    mine = k.tokens[me]
    targets, plan = ctx.targets()
    robs = [a for a in ctx.legal if ROB0 <= a < PAY0]
    pays = [a for a in ctx.legal if a >= PAY0]
    # The first robbery of the highest key, as max(robs, key=...) would pick, without a closure: compiled,
    # a closure in a module-level function keeps `ctx` in a reference cycle after the call, left to the
    # garbage collector (a third more time per robbery).
    best_rob, best_key = robs[0], _rob_key(ctx, robs[0])
    for a in robs[1:]:
        key = _rob_key(ctx, a)
        if key > best_key:
            best_rob, best_key = a, key
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
    best, best_value = best_rob, rob_gain
    for a in pays:
        payee = a - PAY0
        if not any(t not in mine and t in k.tokens[payee] for t in targets):
            continue
        v = plan - 1.5 * _display_worth(ctx, payee)
        if v > best_value + 1.0:
            best, best_value = a, v
    return best


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
