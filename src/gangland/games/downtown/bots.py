"""The Downtown heuristic bot.

`DowntownHeuristicBot` decides only from what its seat may know. `act` reads the seat's view
(`Decision.view`); `choose(state, seat)` reads a state directly, for rollouts, but only the fields that
the view shows that seat: its own hand, cash, stooge cards (with their backs) and face-down notes; every
display, token, pile size, pile top and the Downtown display; the stooge and fence cards it knows (those
it looked at, those shown at sales, its own), the bank's money and the casino count. It never reads
another seat's hand, cash or face-down notes, the backs of unknown cards or the order of the piles. Both
paths first reduce what they read to one `Knowledge` record (bots_knowledge.py) and then run the same
code, so they choose the same action (tests/downtown/test_bots.py checks it).

The code follows what the bot decides: what it knows (bots_knowledge.py), how it values it
(bots_valuation.py), how it places and bids at the opening (bots_opening.py), where its tokens go and
whom it robs (bots_moves.py), what it does at its locations (bots_locations.py); the casino, the hand
limit and the dispatch by phase are here.

The opening (bots_opening.py). The next turn is worth a fixed estimate plus the job the seat's hand can
do now. It bids the amount worth most: the chance a bid is the highest (the others' bids unseen, each
amount counted equally likely) times that turn's worth less the bid, so $1,000 with a poor hand and
$3,000 with a good job to do, and always $1,000 with two players (the one bid buys nothing). With
three or four players it puts a token on the East Side, which makes it the starting player, when nobody
is there yet and starting (the next turn for sure, and robbing the best of the others' bids) is worth
more than what the token would earn at the Bank; else its tokens go to the West Side and the Bank. With
the game's numbers starting always pays, so the first placer always starts (bots_opening.py says why).

Each turn it picks the locations it wants (two with two players, one otherwise): the East Side to sell
loot, the West Side to do a job, Downtown to buy the gangsters a job still needs. It moves free tokens
there (with three or four players its other token waits at the Bank, else the Villa when its hand is
big, else the Ghetto), robs the display worth most to it unless paying is needed to reach a location
and worth it, then uses the locations (job before sale, so new loot can be sold at once), and leaves its
display empty unless the hand limit forces cards into it. No rule orders the seats when robbing or
paying, and neither does the bot: among displays worth the same to it (often all empty) it robs one
drawn with its own generator (`self.rng`, seeded by the agent seed), and so among seats equally worth
paying. Both paths (`act`, `choose`) draw at the same points, so the same bot state gives the same
action.

Ending the game. When it leads (its money above every other seat's known or estimated money) and has
nothing better to do at the East Side, it looks at fences to end the game: in the current edition it
moves the top fence of the shortest pile onto another pile, so that pile empties and its casino card
appears (the second ends the game); in the 2013 edition it puts looked-at fences under their pile, so
the casino cards surface (the third ends it). With nothing better to do, any seat (leading or not)
turns up fences this way, which is also how it finds a fence for loot no top fence buys. In the current
edition it only ever moves a fence onto a pile at least as big as the one it came from, so the sum of
the squared pile sizes grows with every move and no two seats can undo each other's moves forever.
It does not sell or look in a way that ends the game while it trails. In a dead end (nothing to sell, no
job worth doing or buying for) a seat not behind goes to the East Side to turn up fences: nothing else can
move such a game on, and three bots waiting at the West Side would otherwise rob one another's empty
displays for ever (`DEAD_END_LOOK`).

At the casino it votes to skip (only the active player can gain there) unless it is the active player
and trails when the game is about to end; forced to bet, a non-active seat bets its smallest note (the
most it can lose is that note).

Styles. `DowntownAggressiveBot` (`heuristic-aggressive`) and `DowntownCautiousBot` (`heuristic-cautious`)
are this bot with other weights (`bots_valuation.Style`: the opening turn's worth, the fear of undercover
cops, the margin before paying to move), for opponents unlike the search's rollout bot.

Limits: no deterrent display (it keeps money out of its display: against the seats it meets, money on
display is as often robbed as paid); no memory between decisions (it reads only the current view);
the `villa` option's share of robbed money is not in a view, so it is ignored.
"""

from __future__ import annotations

import random
from typing import ClassVar, Final

from gangland.engine import Decision

from .actions import (
    ADD_GANGSTER0,
    ADD_NOTE0,
    BILL0,
    CASINO_PLAY,
    CASINO_SKIP,
    DISCARD_GANGSTER0,
    DONE,
    SHED_STOOGE0,
)
from .bots_knowledge import Knowledge, knowledge_from_state, knowledge_from_view
from .bots_locations import buying, fence_back, location, offering, stooge_back
from .bots_moves import move, paid_move, rob_or_pay
from .bots_opening import bid, place
from .bots_valuation import AGGRESSIVE, CAUTIOUS, PLAIN, Style, Valuation
from .cards import GANGSTER_COUNTS
from .phases import (
    AFTER_FENCE_LOOK,
    AFTER_STOOGE_LOOK,
    BID,
    BUYING,
    CASINO_BET,
    CASINO_VOTE,
    FENCE_BACK,
    HANDLIMIT,
    LOCATION,
    MOVE,
    OFFERING,
    PAYMOVE,
    PLACE,
    REFRESH,
    ROBPAY,
    STOOGE_BACK,
    WINDOW,
)
from .state import DowntownState
from .view import downtown_view

# ------------------------------------------------------------------------------------------------
# The bot


_SIMPLE: Final = frozenset({WINDOW, REFRESH})
"""Phases the bot decides without reading what it knows: it adds nothing to its display (see Limits)."""


def _simple(legal: list[int]) -> int:
    """The action in a phase of `_SIMPLE`: done, adding nothing."""
    return DONE if DONE in legal else legal[0]


_BID_ACTIONS: Final = frozenset({DONE, ADD_NOTE0, ADD_NOTE0 + 1})
"""Every action an opening bid may offer ($1,000 and $2,000 notes, done): a display addition whose legal
actions are among these needs the view to tell it from a bid."""


# ------------------------------------------------------------------------------------------------
# The casino and the hand limit


def _final_casino(ctx: Valuation) -> bool:
    """Is the casino card now played the one that ends the game?"""
    k = ctx.k
    return (k.casinos >= 3) if k.ed2013 else (k.casinos >= 2)


def _vote(ctx: Valuation) -> int:
    """Skip the casino unless the seat is its active player and trails as the game ends."""
    k = ctx.k
    if k.me == k.active and _final_casino(ctx) and ctx.lead < 0:
        return CASINO_PLAY
    return CASINO_SKIP


def _bet(ctx: Valuation) -> int:
    """The biggest note when playing to catch up, else the smallest (the most a seat may lose)."""
    k = ctx.k
    bills = [a - BILL0 for a in ctx.legal if BILL0 <= a < ADD_NOTE0]
    if k.me == k.active and _final_casino(ctx) and ctx.lead < 0:
        return BILL0 + max(bills)
    return BILL0 + min(bills)


def _shed(ctx: Valuation) -> int:
    """At the hand limit: the gangster the seat needs least for its next job, else its worst stooge card."""
    k = ctx.k
    gangsters = [g for g in range(3) if k.hand[g]]
    if gangsters:
        need = [0, 0, 0]
        _, p = ctx.best_job_now()
        if p < 0:
            _, p = ctx.best_buy_job()
        if p >= 0:
            front = k.stop[p]
            assert front is not None
            need = list(front[3])
        surplus = max(gangsters, key=lambda g: (k.hand[g] - need[g], -GANGSTER_COUNTS[g], -g))
        if k.ed2013 and DISCARD_GANGSTER0 + surplus in ctx.legal_set:
            return DISCARD_GANGSTER0 + surplus
        return ADD_GANGSTER0 + surplus
    worst = min(k.stooges, key=lambda c: (c[1], c[0]))
    return SHED_STOOGE0 + worst[0]


class DowntownHeuristicBot:
    """A hand-written Downtown player that plans jobs and sales and ends the game when it leads.

    >>> from gangland.engine import play_match
    >>> from gangland.games.downtown import GAME
    >>> record = play_match(GAME, [DowntownHeuristicBot(1), DowntownHeuristicBot(2)], seed=3)
    >>> record.result is not None
    True
    """

    name = "heuristic"
    keep_in_search = True
    """A search rolling out with this bot plays the bot's move unless it clearly finds a better one:
    without that it judges one more note added to its display against rollouts in which it then adds
    none, and so keeps adding (`gangland.agents.ismcts`, Keep; measured in docs/strength.md)."""

    style: ClassVar[Style] = PLAIN
    """The weights of its style of play (bots_valuation.Style)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, decision: Decision) -> int:
        """Choose from a Decision, reading only the seat's view."""
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        if (legal[0] < ADD_GANGSTER0 and all(a == DONE or ADD_NOTE0 <= a < DISCARD_GANGSTER0 for a in legal)
                and not _BID_ACTIONS.issuperset(legal)):
            # Adding to the display (phase 3 face down, or phase 4), which an opening bid's actions
            # cannot be: the bot adds nothing. No view needed.
            return _simple(list(legal))
        view = decision.view
        if view.get("game") != "downtown":
            raise TypeError(f"{self.name} plays Downtown, not {decision.game.id}")
        return self._decide(knowledge_from_view(downtown_view(view)), list(legal))

    def choose(self, state: DowntownState, seat: int) -> int:
        """The action for `seat`, which must be the seat to act, reading only what that seat may know
        (the fields its view shows: see the module docstring). Cheap: no view, no copy of the state.
        Deterministic for a given bot and sequence of decisions: the same view gets the same action but
        for a draw among equals, made with the bot's own generator (`self.rng`)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase in _SIMPLE:  # a third of the decisions, which need no knowledge record
            return _simple(legal)
        return self._decide(knowledge_from_state(state, seat), legal)

    # -- dispatch ----------------------------------------------------------------------------

    def _decide(self, k: Knowledge, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        phase = k.phase
        if phase in _SIMPLE:
            return _simple(legal)
        ctx = Valuation(k, legal, self.style)
        if phase == PLACE:
            action = place(ctx)
        elif phase == BID:
            action = bid(ctx)
        elif phase == MOVE:
            action = move(ctx)
        elif phase == ROBPAY:
            action = rob_or_pay(ctx, self.rng)
        elif phase == PAYMOVE:
            action = paid_move(ctx)
        elif phase in (LOCATION, AFTER_STOOGE_LOOK, AFTER_FENCE_LOOK):
            action = location(ctx)
        elif phase == BUYING:
            action = buying(ctx)
        elif phase == STOOGE_BACK:
            action = stooge_back(ctx)
        elif phase == FENCE_BACK:
            action = fence_back(ctx)
        elif phase == OFFERING:
            action = offering(ctx)
        elif phase == CASINO_VOTE:
            action = _vote(ctx)
        elif phase == CASINO_BET:
            action = _bet(ctx)
        elif phase == HANDLIMIT:
            action = _shed(ctx)
        else:
            raise ValueError("the game is over: there is no decision to make")
        return action if action in ctx.legal_set else legal[0]


class DowntownAggressiveBot(DowntownHeuristicBot):
    """The heuristic bot playing for tempo and taking risks (`bots_valuation.AGGRESSIVE`): it bids and
    contests the start more, sells at fences that may well be the cop, and pays to reach its locations."""

    name = "heuristic-aggressive"
    style = AGGRESSIVE


class DowntownCautiousBot(DowntownHeuristicBot):
    """The heuristic bot keeping its money and avoiding risk (`bots_valuation.CAUTIOUS`): it bids the
    least unless it has a job to do, fears undercover cops twice as much, and seldom pays to move."""

    name = "heuristic-cautious"
    style = CAUTIOUS
