"""How the Downtown bot values cards, fences, jobs, sales and locations over one `Knowledge` record
(`Valuation`, worked out on demand, once per decision); the deciders (bots_moves.py, bots_locations.py,
bots.py) read it.

How it values things (thousands of dollars):

* **A stooge card**: its back if the seat knows it, else the mean of the values its front lists that are
  not already accounted for by copies of that front whose backs the seat knows (the front lists the
  three values its copies hold). Joe's fronts are therefore reliable, Frankie's low.
* **A fence**: a 1/2 fence pays 1/2; a 1/4 fence pays 3/4, or 1/4 if it is an undercover cop. A known
  fence pays what its back says; for an unknown 1/4 fence of a kind, the chance it is the cop is the
  kind's cops not yet seen over its 1/4 fences not yet seen (one of each kind's three is a cop), weighed
  by the style's `cop_fear`.
* **A job** (a top stooge card): its expected back times the expected sale factor, less the gangsters
  it uses and what the missing ones cost at Downtown (the price is fixed by the display; a lone Bank
  token of its own refunds the purchase in the current edition).
* **Robbing** a display: its money (less a lone Villa holder's half with the `villa` option, which a
  view does not show, so `act` assumes it off) and its gangsters; with two players robbing also costs
  the whole phase 3, and paying hands the opponent as much as it costs.

A `Style` holds the weights a style of play changes: `PLAIN` is the heuristic bot's, `AGGRESSIVE` and
`CAUTIOUS` its variants (bots.py).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .bots_knowledge import Front, Knowledge, loot_totals
from .cards import BANK, DOWNTOWN, EAST_SIDE, FENCES, GHETTO, WEST_SIDE

SALE_FACTOR: Final = 0.55
"""What a stooge card in hand is expected to bring, as a share of its value (fences vary)."""
GANGSTER_WORTH: Final = 1.5
"""Thousands a gangster in hand is worth (what it would cost to buy again, roughly)."""
MIN_FACTOR: Final = 0.45
"""The worst expected fence share the bot sells at (a known cop pays 1/4)."""
NO_JOB: Final = -1e9
DEAD_END_LOOK: Final = 0.4
"""Worth of an East Side look that brings the end nearer to a seat not behind in a dead end (no sale, no
job to do or buy for): above the West Side's idle 0.3, so such a seat goes there (`location_values`)."""
CLOG_LIMIT: Final = 18
"""Two players, current edition: gangsters with the players that the bot's buying must stay under."""


class Style(NamedTuple):
    """The weights that make a style of play: the heuristic bot's own (`PLAIN`) and its variants."""

    turn_worth: float
    """Thousands the next turn is worth at the opening beyond the job the hand can do (bots_opening.py):
    more bids more and contests the start more readily."""
    cop_fear: float
    """How much the chance that an unknown 1/4 fence is the cop counts in what it is expected to pay
    (1: as it is): less sells into likelier cops."""
    pay_margin: float
    """Three or four players: thousands by which paying to reach a wanted location must beat the best
    robbery (bots_moves.py): less spends more to move, more robs instead."""


PLAIN: Final = Style(turn_worth=2.0, cop_fear=1.0, pay_margin=1.0)
"""The heuristic bot's weights."""
AGGRESSIVE: Final = Style(turn_worth=4.0, cop_fear=0.5, pay_margin=0.0)
"""Bids and contests the start more, sells at unknown fences that may well be the cop, and pays
whatever it takes to reach its locations: money spent for tempo, risks taken."""
CAUTIOUS: Final = Style(turn_worth=0.5, cop_fear=2.0, pay_margin=3.0)
"""Bids the least unless its hand can do a job, counts an unknown 1/4 fence's cop chance double (so it
sells to half fences rather than risk it), and pays to move only when that is clearly worth it."""


class Valuation:
    """Valuations over one `Knowledge`, computed on demand."""

    __slots__ = ("_best_buy_job", "_best_job_now", "_best_other", "_best_sale", "_cop_p", "_fence_factors",
                 "_holders", "_job_values", "_max_need", "_missing", "_targets",
                 "display_worth", "k", "legal", "legal_set", "style", "wealth")

    def __init__(self, k: Knowledge, legal: list[int], style: Style = PLAIN) -> None:
        self.k = k
        self.legal = legal
        self.legal_set = set(legal)
        self.style = style
        self.wealth = k.cash + k.disp_m[k.me] + k.my_down + k.bet
        self._best_other: float | None = None
        self._max_need: list[int] | None = None
        self._cop_p: list[float] | None = None
        self._missing: list[list[int] | None] = [None, None, None]
        self._job_values: list[float | None] = [None, None, None]
        self._fence_factors: list[tuple[int, float] | None] = [None, None, None]
        self._holders: list[int] | None = None
        """Seats with a token at the Bank that share a purchase's price (`buy_cost`)."""
        self._best_sale: tuple[float, int, int] | None = None
        self._best_job_now: tuple[float, int] | None = None
        self._best_buy_job: tuple[float, int] | None = None
        self._targets: tuple[list[int], float] | None = None
        self.display_worth: dict[int, float] = {}
        """What taking or giving each seat's display is worth to the seat (bots_moves.py), by seat, as
        worked out."""

    @property
    def best_other(self) -> float:
        """The most money another seat is estimated to have: its display and an equal share of the
        money that is neither the bank's, on display nor the seat's own."""
        if self._best_other is None:
            k = self.k
            others = [w for w in range(k.n) if w != k.me]
            rest = k.others_money - sum(k.disp_m[w] for w in others)
            self._best_other = max(k.disp_m[w] + rest / len(others) for w in others)
        return self._best_other

    @property
    def lead(self) -> float:
        """The seat's money less `best_other`."""
        return self.wealth - self.best_other

    @property
    def max_need(self) -> list[int]:
        """Per gangster kind, the most any top job needs."""
        if self._max_need is None:
            stop = self.k.stop
            self._max_need = [max((front[3][g] for front in stop if front is not None), default=0)
                              for g in range(3)]
        return self._max_need

    @property
    def cop_p(self) -> list[float]:
        """Per fence kind, the chance that an unknown 1/4 fence is the cop, from the fences the seat
        knows."""
        if self._cop_p is None:
            self._cop_p = [0.0, 0.0, 0.0]
            for kind in range(3):
                quarters = cops = 0
                for f in self.k.known_fences:
                    fk, half, cop = FENCES[f]
                    if fk == kind and not half:
                        quarters += 1
                        cops += cop
                unknown = 3 - quarters
                self._cop_p[kind] = (1 - cops) / unknown if unknown > 0 else 0.0
        return self._cop_p

    # -- cards -------------------------------------------------------------------------------

    def front_ev(self, front: Front) -> float:
        """Expected back of an unknown card with this front (its copies' values less those seen)."""
        left = list(front[4])
        for back in self.k.seen_backs.get(front, ()):
            if back in left:
                left.remove(back)
        if not left:
            left = list(front[4])
        return sum(left) / len(left)

    def top_ev(self, p: int) -> float:
        front = self.k.stop[p]
        if front is None:
            return 0.0
        known = self.k.stop_known[p]
        return float(known) if known >= 0 else self.front_ev(front)

    def fence_factor(self, p: int) -> tuple[int, float]:
        """(kind, expected share paid) of fence pile p's top; kind -1 if none (once per pile)."""
        factor = self._fence_factors[p]
        if factor is None:
            factor = self._fence_factors[p] = self._fence_factor(p)
        return factor

    def _fence_factor(self, p: int) -> tuple[int, float]:
        top = self.k.ftop[p]
        if top == -1:
            return -1, 0.0
        if top >= 0:
            kind, half, cop = FENCES[top]
            return kind, 0.5 if half else 0.25 if cop else 0.75
        code = -2 - top
        kind = code // 2
        return kind, 0.5 if code % 2 else 0.75 - 0.5 * min(1.0, self.style.cop_fear * self.cop_p[kind])

    def sale_ends_game(self, p: int) -> bool:
        """Would selling at (or moving the top fence off) pile p turn up a casino card that ends the game?"""
        k = self.k
        if k.fence_above[p] != 1:
            return False
        return k.casinos + 1 >= (3 if k.ed2013 else 2)

    def best_sale(self, hand: list[tuple[int, int, Front]] | None = None) -> tuple[float, int, int]:
        """(expected payout, loot kind, pile) of the best sale of the seat's stooge cards (or of
        `hand`); (0, -1, -1). The seat's own is worked out once."""
        if hand is None:
            if self._best_sale is None:
                self._best_sale = self._work_out_best_sale(self.k.loot_totals)
            return self._best_sale
        return self._work_out_best_sale(loot_totals(hand))

    def _work_out_best_sale(self, totals: list[int]) -> tuple[float, int, int]:
        best = (0.0, -1, -1)
        for p in range(3):
            kind, factor = self.fence_factor(p)
            if kind < 0 or factor < MIN_FACTOR:
                continue
            total = totals[kind]
            if not total:
                continue
            pay = total * factor
            if self.sale_ends_game(p) and self.wealth + pay <= self.best_other + 2:
                continue  # would end the game while trailing
            if pay > best[0]:
                best = (pay, kind, p)
        return best

    # -- jobs --------------------------------------------------------------------------------

    def missing(self, p: int) -> list[int]:
        """The gangsters of each kind the seat lacks for job p (worked out once per pile)."""
        miss = self._missing[p]
        if miss is None:
            front = self.k.stop[p]
            assert front is not None
            needs, hand = front[3], self.k.hand
            miss = self._missing[p] = [max(0, needs[0] - hand[0]), max(0, needs[1] - hand[1]),
                                       max(0, needs[2] - hand[2])]
        return miss

    def buy_cost(self, missing: list[int]) -> float:
        """What buying `missing` costs now (inf if Downtown lacks them or the seat cannot pay)."""
        k = self.k
        cost = 0
        for g in range(3):
            if missing[g]:
                if k.downtown[g] < missing[g]:
                    return float("inf")
                cost += missing[g] * k.prices[g]
        if cost > k.cash - k.spent:
            return float("inf")
        holders = self._holders
        if holders is None:
            holders = self._holders = [w for w in range(k.n)
                                       if BANK in k.tokens[w] and not (k.ed2013 and w == k.me)]
        if holders and cost:
            mine = cost / len(holders) if k.me in holders else 0.0
            return cost - mine
        return float(cost)

    def job_value(self, p: int) -> float:
        """What doing job p is worth, gangsters used counted (worked out once per pile)."""
        value = self._job_values[p]
        if value is None:
            front = self.k.stop[p]
            value = self._job_values[p] = (NO_JOB if front is None
                                           else self.top_ev(p) * SALE_FACTOR - GANGSTER_WORTH * sum(front[3]))
        return value

    def best_job_now(self) -> tuple[float, int]:
        """The best job the seat can do with its hand: (value, pile), (NO_JOB, -1) if none (once)."""
        if self._best_job_now is None:
            self._best_job_now = self._work_out_best_job_now()
        return self._best_job_now

    def _work_out_best_job_now(self) -> tuple[float, int]:
        best = (NO_JOB, -1)
        for p in range(3):
            if self.k.stop[p] is not None and not any(self.missing(p)):
                v = self.job_value(p)
                if v > best[0]:
                    best = (v, p)
        return best

    def best_buy_job(self) -> tuple[float, int]:
        """Best job that needs buying first: (value net of the purchase, pile) (worked out once)."""
        if self._best_buy_job is None:
            self._best_buy_job = self._work_out_best_buy_job()
        return self._best_buy_job

    def _work_out_best_buy_job(self) -> tuple[float, int]:
        best = (NO_JOB, -1)
        for p in range(3):
            if self.k.stop[p] is None:
                continue
            miss = self.missing(p)
            if not any(miss):
                continue
            if self.clogged(p, miss):
                continue
            cost = self.buy_cost(miss)
            if cost == float("inf"):
                continue
            v = self.job_value(p) - cost + GANGSTER_WORTH * sum(miss)
            if v > best[0]:
                best = (v, p)
        return best

    def clogged(self, p: int, miss: list[int]) -> bool:
        """Two players, current edition: would buying for job p (and the other seat's Ghetto draw)
        leave so many gangsters with the players that neither could pay the other again?

        Paying needs gangsters of the kinds on the other's display; shed gangsters must go into the
        display; only a job (in phase 3, which a robber skips) discards them. With 22 or more gangsters
        between two seats, each holding at most 7, a display always holds more than the other can
        match, both must rob for ever, and the game cannot end. The bot stays well below that.
        """
        k = self.k
        if k.n != 2 or k.ed2013:
            return False
        front = k.stop[p]
        assert front is not None
        ghetto = 2 if GHETTO in k.tokens[1 - k.me] else 0
        return k.gangsters + sum(miss) + ghetto - sum(front[3]) >= CLOG_LIMIT

    # -- ending ------------------------------------------------------------------------------

    def end_value(self) -> float:
        """What an East Side look that brings the game end nearer is worth (0 unless leading)."""
        if self.lead <= 2:
            return 0.0
        return min(20.0, 1.0 + 0.3 * self.lead)

    def end_look_pile(self) -> int:
        """The fence pile to look at to bring the end nearer, -1 if none."""
        k = self.k
        best, best_key = -1, (1 << 30, 0)
        for p in range(3):
            if k.ftop[p] == -1 or k.fence_above[p] < 0:
                continue
            if not k.ed2013 and not sum(k.fence_size) - k.fence_size[p]:
                continue  # no other pile has a fence to put it on
            key = (k.fence_above[p], p)
            if key < best_key:
                best, best_key = p, key
        return best

    # -- locations ---------------------------------------------------------------------------

    def location_values(self) -> tuple[float, float, float, float]:
        """(East Side, West Side, Downtown for later, Downtown then West Side) values this turn."""
        sale = self.best_sale()[0]
        east = max(sale, self.end_value() if self.end_look_pile() >= 0 else 0.0)
        if not east and self.k.stooges:
            east = 0.5  # a look may turn up a fence for the seat's loot
        job, _ = self.best_job_now()
        west = max(job, 0.3)
        buy, _ = self.best_buy_job()
        down = max(0.0, 0.4 * buy)
        if not east and job <= 0 and buy <= 0 and self.lead >= 0 and self.end_look_pile() >= 0:
            # A dead end: nothing to sell, no job worth doing or buying for (bots_locations.location takes
            # only those worth more than 0). Only the game's end moves it on, so a seat not behind goes to
            # bring it nearer (else three bots can wait at the West Side for ever, each robbing the next
            # one's empty display: docs/balance, Downtown).
            east = DEAD_END_LOOK
        return east, west, down, max(buy, west + down)

    def targets(self) -> tuple[list[int], float]:
        """The locations the seat wants this turn, best first, and what they are worth (once)."""
        if self._targets is None:
            self._targets = self._work_out_targets()
        return self._targets

    def _work_out_targets(self) -> tuple[list[int], float]:
        east, west, down, down_west = self.location_values()
        if self.k.n == 2:
            options = [
                (east + west, [EAST_SIDE, WEST_SIDE]),
                (down_west, [DOWNTOWN, WEST_SIDE]),
                (east + down, [EAST_SIDE, DOWNTOWN]),
            ]
        else:
            options = [(east, [EAST_SIDE]), (west, [WEST_SIDE]),
                       (max(down, 0.6 * down_west - west), [DOWNTOWN])]
        best = max(options, key=lambda o: o[0])
        return best[1], best[0]
