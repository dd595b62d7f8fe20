"""What the Downtown bot does at its locations (phase 3): a job, a sale, buying gangsters, a look at a
stooge or fence pile, and what it then does with the card looked at or the cards offered for sale."""

from __future__ import annotations

from .actions import (
    BUY0,
    CASINO_PLAY,
    DONE,
    JOB0,
    LOOK_FENCE0,
    LOOK_STOOGE0,
    OFFER0,
    PUT_ONTO0,
    PUT_TOP,
    PUT_UNDER,
    SELL_AT0,
)
from .bots_knowledge import Knowledge
from .bots_valuation import MIN_FACTOR, Valuation
from .phases import AFTER_STOOGE_LOOK

# -- phase 3 -----------------------------------------------------------------------------


def location(ctx: Valuation) -> int:
    """Phase 3: the use of the seat's locations worth most now (a job, a sale, buying, a look), else done."""
    k = ctx.k
    legal = ctx.legal_set
    jobs = [a - JOB0 for a in ctx.legal if JOB0 <= a < LOOK_STOOGE0]
    buys = any(BUY0 <= a < JOB0 for a in ctx.legal)
    offers = [a for a in ctx.legal if OFFER0 <= a < SELL_AT0]
    stooge_looks = [a - LOOK_STOOGE0 for a in ctx.legal if LOOK_STOOGE0 <= a < LOOK_FENCE0]
    fence_looks = [a - LOOK_FENCE0 for a in ctx.legal if LOOK_FENCE0 <= a < PUT_TOP]
    west_usable = bool(jobs or stooge_looks) or k.phase == AFTER_STOOGE_LOOK
    one_use = k.n > 2  # with three or four players only one location a turn
    choices: list[tuple[float, int]] = []
    # A job now.
    if jobs:
        v, p = max((ctx.job_value(p), p) for p in jobs)
        if v > 0:
            # Sell first if the job's card cannot join the sale and both cannot be done.
            choices.append((v + 0.01, JOB0 + p))
    # A sale.
    if offers:
        pay, loot, _ = ctx.best_sale()
        if loot >= 0:
            for a in offers:
                if k.stooges and _card_loot(k, a - OFFER0) == loot:
                    choices.append((pay, a))
                    break
    # Buying.
    if buys:
        bv, bp = ctx.best_buy_job()
        if bp >= 0:
            if west_usable and not one_use:
                if bv > 0:
                    choices.append((bv, _buy_for(ctx, bp)))
            elif bv > 0:
                choices.append((0.4 * bv, _buy_for(ctx, bp)))
    # Looks.
    if stooge_looks and not (jobs and choices):
        p = _stooge_look_pile(ctx, stooge_looks)
        if p >= 0:
            choices.append((0.2, LOOK_STOOGE0 + p))
    if fence_looks:
        p = ctx.end_look_pile()
        ev = ctx.end_value()
        if p in fence_looks and ev > 0:
            choices.append((ev, LOOK_FENCE0 + p))
        else:
            p = _fence_look_pile(ctx, fence_looks)
            if p >= 0:
                choices.append((0.3 if k.stooges else 0.05, LOOK_FENCE0 + p))
    if not choices:
        return DONE
    _, action = max(choices)
    return action if action in legal else DONE


def _card_loot(k: Knowledge, card: int) -> int:
    for c, _, front in k.stooges:
        if c == card:
            return front[1]
    return -1


def _buy_for(ctx: Valuation, p: int) -> int:
    miss = ctx.missing(p)
    for g in range(3):
        if miss[g] and BUY0 + g in ctx.legal_set:
            return BUY0 + g
    return DONE


def _stooge_look_pile(ctx: Valuation, piles: list[int]) -> int:
    """An unknown top card worth checking: the job the seat is nearest to, if its back is unknown."""
    k = ctx.k
    best, best_key = -1, (1 << 30, 0.0)
    for p in piles:
        front = k.stop[p]
        if front is None or k.stop_known[p] >= 0:
            continue
        spread = front[4][2] - front[4][0]
        key = (sum(ctx.missing(p)), -spread)
        if key < best_key:
            best, best_key = p, key
    return best


def _fence_look_pile(ctx: Valuation, piles: list[int]) -> int:
    """A fence pile worth a look: an unknown 1/4 fence buying the seat's loot (is it the cop?),
    else one whose top the seat cannot use, to turn up the next fence (and bring the end nearer)."""
    k = ctx.k
    loots = {front[1] for _, _, front in k.stooges}
    for p in piles:
        top = k.ftop[p]
        if top <= -2 and (-2 - top) % 2 == 0 and (-2 - top) // 2 in loots:
            return p
    best, best_key = -1, (1 << 30, 0)
    for p in piles:
        if _fence_useful(ctx, p, loots) or (ctx.sale_ends_game(p) and ctx.lead < 0):
            continue
        if not k.ed2013 and not any(k.fence_size[q] >= k.fence_size[p] for q in range(3) if q != p):
            continue  # no pile to move it onto (see fence_back)
        key = (k.fence_above[p] if k.fence_above[p] >= 0 else 99, p)
        if key < best_key:
            best, best_key = p, key
    return best


def _fence_useful(ctx: Valuation, p: int, loots: set[int]) -> bool:
    kind, factor = ctx.fence_factor(p)
    return kind in loots and factor >= MIN_FACTOR


def buying(ctx: Valuation) -> int:
    """At Downtown: the gangsters the best job to buy for still lacks, one at a time."""
    _, bp = ctx.best_buy_job()
    if bp >= 0:
        return _buy_for(ctx, bp)
    return DONE


def stooge_back(ctx: Valuation) -> int:
    """A stooge card looked at: kept on top when its back is worth its front's promise, else put under."""
    k = ctx.k
    p = k.look_pile
    if p < 0 or k.stop[p] is None:
        return PUT_TOP
    front = k.stop[p]
    assert front is not None
    back = k.stop_known[p]
    if back < 0:
        return PUT_TOP
    # Keep a card at least as good as its front promises on average; else send it under.
    return PUT_TOP if back >= sum(front[4]) / 3 else PUT_UNDER


def fence_back(ctx: Valuation) -> int:
    """Keep a fence the seat can sell to on top; send any other away (under its pile in 2013, onto
    another pile in the current edition), which turns up the next fence and brings the casino
    cards nearer, unless that would end the game while the seat trails."""
    k = ctx.k
    p = k.look_pile
    if p < 0:
        return ctx.legal[0]
    loots = {front[1] for _, _, front in k.stooges}
    stay = PUT_TOP if k.ed2013 else PUT_ONTO0 + p
    if _fence_useful(ctx, p, loots) and ctx.end_value() <= 0:
        return stay
    if ctx.sale_ends_game(p) and ctx.lead < 0:
        return stay
    if k.ed2013:
        return PUT_UNDER
    # Onto another pile, never a smaller one (that would undo another seat's emptying it), the
    # biggest whose top the seat does not need, so that this pile empties first.
    others = [a for a in ctx.legal if a != stay and k.fence_size[a - PUT_ONTO0] >= k.fence_size[p]]
    if not others:
        return stay
    return max(others, key=lambda a: (not _fence_useful(ctx, a - PUT_ONTO0, loots),
                                      k.fence_size[a - PUT_ONTO0], -a))


def offering(ctx: Valuation) -> int:
    """A sale: every card of the loot kind offered, then the fence paying most that does not end the game
    while the seat trails."""
    k = ctx.k
    if not k.offer:
        return ctx.legal[0]
    loot = k.offer[0][2][1]
    for a in ctx.legal:
        if OFFER0 <= a < SELL_AT0:
            return a  # offer every card of the same loot kind together
    sells = [a - SELL_AT0 for a in ctx.legal if a >= SELL_AT0 and a < CASINO_PLAY]
    best, best_key = sells[0], (-1.0, 0)
    for p in sells:
        kind, factor = ctx.fence_factor(p)
        if kind != loot:
            continue
        key = (factor - (1.0 if ctx.sale_ends_game(p) and ctx.lead < 0 else 0.0), -p)
        if key > best_key:
            best, best_key = p, key
    return SELL_AT0 + best
