"""The Downtown bot's opening: where its tokens go at set-up, whether it contests the start there, and
what it bids (both rulebooks, "Setting up the Game"; docs/rules/downtown.md 2.4, 2.5, D6).

What the opening decides. With three or four players the starting player is the first, in placing
order, to put a token on the East Side (else the first placer, who also starts any two-player game).
Every other seat bids $1,000 to $3,000 face down; the starting player then robs (or pays) one of them,
and the seat robbed has the next turn. So a bid buys a chance to play next, and what it buys it loses
to the robber; a seat not robbed gets its bid back when its turn begins.

How the bot values it (thousands of dollars):

* **The next turn** is worth the style's `turn_worth` ($2,000 for the heuristic bot: a turn's use of a
  location before the others'), plus the best job the seat's hand can do now (someone else may take that
  job first).
* **A bid** b is worth the chance it is the highest bid, times that turn's worth less b. The bot cannot
  see the other bids, so it counts each other bid as equally likely to be $1,000, $2,000 or $3,000
  (`FIRST_ROBBED`); it bids the amount worth most. With two players the one bid is always robbed or
  paid, so it buys nothing and the bot bids $1,000.
* **Starting** is worth the next turn for sure and the best of the others' bids (`TOP_BID`) instead of
  the seat's best bid. A token on the East Side costs what the token it displaces would have earned
  waiting at the Bank (`BANK_WAIT_WORTH`: nothing can be sold at the start). A seat places on the East
  Side when starting is worth more than that and nobody before it has a token there; the first placer
  starts anyway unless a later seat contests, so it counts starting only at the chance that one does
  (`CONTEST_CHANCE` a later seat).

What it comes to (issue 35's review): with these values starting always pays (the least `start_worth`
over 16,800 set-up positions of every style, 3 and 4 players and both editions was 3.03, against
`BANK_WAIT_WORTH` 1), so the first placer takes the East Side and starts in every game and the other
seats go to the West Side and the Bank: the set-up comes out the same every game, by worth, not by habit,
and the rules let the first placer take the start. Bids come out at $1,000 or $3,000 (1,200 bids: 785 and
415; $2,000 needs a job worth between 0.17 and 1.58 thousand). Whether the first placer's edge in the
balance studies is the game's or these bots' is for a second line-up to say (docs/balance).
"""

from __future__ import annotations

from typing import Final

from .actions import ADD_NOTE0, DONE, PLACE0
from .bots_valuation import Valuation
from .cards import BANK, DOWNTOWN, EAST_SIDE, GHETTO, WEST_SIDE

FIRST_ROBBED: Final = ((54, 54, 54), (9, 27, 45), (2, 14, 38))
"""By the number of other bidders (0 to 2), the chance (in 54ths) that a bid of $1,000, $2,000 or $3,000
is robbed first: it is the highest, ties shared evenly, against others bidding each amount with equal
chance. (Whole numbers: compiled, mypyc 2.4.1 leaves a `Final` tuple of floats unset.)"""
TOP_BID: Final = (0, 18, 22, 24)
"""By the number of bidders (0 to 3), the highest of their bids expected on the same assumption, in
ninths of $1,000."""
BANK_WAIT_WORTH: Final = 1.0
"""Thousands a token waiting at the Bank earns before it moves (a share of the first purchases)."""
CONTEST_CHANCE: Final = 0.5
"""The chance the first placer gives each later seat of contesting the start."""


def turn_worth(ctx: Valuation) -> float:
    """What having the next turn is worth to the seat at the opening."""
    job, _ = ctx.best_job_now()
    return ctx.style.turn_worth + max(0.0, job)


def bid_worth(others: int, bid: int, worth: float) -> float:
    """What a bid of `bid` thousands is worth against `others` other bidders when the next turn is worth
    `worth`: the chance it is robbed first times what that turn brings beyond the bid."""
    return FIRST_ROBBED[others][bid - 1] / 54 * (worth - bid)


def best_bid(ctx: Valuation) -> tuple[int, float]:
    """(the bid in thousands, what it is worth) the seat should make (the smallest of equals)."""
    others = ctx.k.n - 2
    worth = turn_worth(ctx)
    best, best_value = 1, bid_worth(others, 1, worth)
    for amount in (2, 3):
        v = bid_worth(others, amount, worth)
        if v > best_value:
            best, best_value = amount, v
    return best, best_value


def start_worth(ctx: Valuation) -> float:
    """What starting the game is worth to the seat over bidding (three or four players)."""
    n = ctx.k.n
    return turn_worth(ctx) + TOP_BID[n - 1] / 9 - best_bid(ctx)[1]


def contests_start(ctx: Valuation) -> bool:
    """Should the seat put a token on the East Side to start the game (three or four players, nobody
    there yet)?"""
    k = ctx.k
    if k.n == 2 or any(EAST_SIDE in k.tokens[w] for w in range(k.n)):
        return False
    worth = start_worth(ctx)
    placed = sum(1 for w in range(k.n) if w != k.me and k.tokens[w][1] >= 0)
    if not placed:  # the first placer: it starts anyway unless a later seat takes the East Side
        worth *= 1 - (1 - CONTEST_CHANCE) ** (k.n - 1)
    return worth > BANK_WAIT_WORTH


def place(ctx: Valuation) -> int:
    """The set-up: a token on the West Side (the jobs), the other where it earns (the Bank, else
    Downtown, else the Ghetto; with two players Downtown), or on the East Side when the seat contests
    the start (`contests_start`)."""
    k = ctx.k
    mine = k.tokens[k.me]
    if k.n == 2:
        wanted = [WEST_SIDE, DOWNTOWN]
    elif contests_start(ctx):
        wanted = [WEST_SIDE, EAST_SIDE]
    else:
        wanted = [WEST_SIDE, BANK, DOWNTOWN, GHETTO]
    for loc in wanted:
        if loc != mine[0] and PLACE0 + loc in ctx.legal_set:
            return PLACE0 + loc
    return ctx.legal[0]


def bid(ctx: Valuation) -> int:
    """The next note of the seat's opening bid (`best_bid`), or done: $1,000 as one $1,000 note, $2,000 as
    one $2,000 note (one note on the table may be either), $3,000 as that and a $1,000 note."""
    amount, _ = best_bid(ctx)
    down = ctx.k.my_down
    if not down:
        action = ADD_NOTE0 if amount == 1 else ADD_NOTE0 + 1
    else:
        action = ADD_NOTE0 if down < amount else DONE
    return action if action in ctx.legal_set else ctx.legal[0]
