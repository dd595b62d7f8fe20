"""The Razzia! heuristic bot.

`RazziaHeuristicBot` plays only from what its seat may know. In Razzia! everything is public except
the order of the unseen cards, so the bot reads a determinized state (`Decision.determinize`): the
row, estates, open and face-down cheques, the centre cheque, the police count, the auction fields,
the box (every card in it was seen face up before it went there) and the size of the deck (the
unseen cards, whose composition is public). It never reads the deck's order or the state's
generator and never draws from it, so it cannot see which card comes next.

How it values things (all in points of final score):

* **A lot** (the row, or one card for a thief) is worth to a seat what it adds to that seat's score
  at the coming scorings: `_Context.seat_gain` applies the rules of scoring.py to the seat's estate with and
  without the cards, smoothed by how likely the seat is to improve a set before the round (or, for
  businesses, the game) ends. Black-cross cards (trinkets, drivers, thieves, gold) count for this
  round only; bodyguards and cars also count in the rounds left; businesses count at the end of
  round 3, with their set chances growing with the rounds left.
* **A cheque slot**: each open cheque buys at most one lot per round, so winning a lot now gives up
  what that cheque could buy later in the round: the expected unseen booty still to come before the
  raid, shared out over all open cheques (`slot`).
* **The cheque swap**: the winner gives up its bid and takes the centre cheque. A cheque point is
  worth some buying power in the rounds left (less each round, a little within round 3); in round 3
  the bot adds what the swap does to its chance of the cheque-sum award (+5 for the highest sum,
  -5 for the lowest).
* **Denial**: an opponent winning a lot costs the bot that opponent's surplus (gain less cheque and
  slot costs), fully with two players and in part with more.

Decisions:

* Auction: it predicts the later bidders with a simple model (each bids its cheapest cheque above
  the high bid when the lot is worth that to it) and picks the action, pass or a cheque, whose
  predicted outcome is best: so it bids the cheapest cheque that is not expected to be outbid, or a
  cheap one to push an opponent up, or passes. When forced (the caller of a court auction after
  everyone passed) it bids its lowest cheque.
* Its turn: it compares calling a court auction (the predicted auction, itself bidding last) with
  drawing (the chance of a police card: an auction it bids last in, or the raid that ends the round
  and wastes everyone's unspent cheques; else a longer row that an opponent may take first), and
  with using a thief on the best card in the row (of cards equally worth it to the bot, the one the
  opponents would gain most from).

Orders that stay fixed, and why they favour no seat: the model's bidders and the seats after the bot
go in turn order (the rules'); of equal outcomes it passes rather than bids, bids the cheaper cheque,
and draws rather than calls (each a choice between actions, not seats); a forced court bid is the
lowest cheque (it keeps the most buying power and cheque sum, and leaves the least in the centre); two
kinds still equal after the denial go by kind number (the kinds are alike to every seat).

`choose(state, seat)` works on a state directly and cheaply (no views, no clones), so a search bot
can use it as a rollout policy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gangland.engine import DeterminizingBot

from .actions import BID_BASE, COURT, DONE, DRAW, PASS, STEAL_BASE
from .cards import BODYGUARD, BUSINESSES, CAR, CARD_COUNTS, DRIVER, GOLD, POLICE, ROUNDS, THIEF, TRINKETS
from .fields import NOBODY
from .phases import AUCTION, COURT_AUCTION, THIEF_USE, TURN
from .state import RazziaState

__all__ = ["AGGRESSIVE_PARAMS", "CAUTIOUS_PARAMS", "HeuristicParams", "RazziaAggressiveBot",
           "RazziaCautiousBot", "RazziaHeuristicBot"]

_TRINKET_END: Final = TRINKETS[-1] + 1
"""Kinds below this are the five trinkets (0..4)."""
_BUSINESS_FIRST: Final = BUSINESSES[0]
"""Kinds from this on are the seven businesses (10..16)."""
_BOOTY_TOTAL: Final = 99
_TIE: Final = 1e-9
"""Worths this close are equal."""


@dataclass(frozen=True, slots=True)
class HeuristicParams:
    """The bot's tuning knobs.

    The defaults were tuned one knob at a time over thousands of 2- and 4-player games: a variant in
    one seat against the default in the others, then checked against a mixed field (earlier
    settings and simple rule-based bots) so as not to fit one opponent. Valuing cheques higher wins
    more against strong bidders and less against cheap ones; the cheque values are the compromise.
    """

    card_value: float = 1.5
    """Average points one booty card brings its taker (prices a cheque slot and a drawn card)."""
    slot_share: tuple[float, float, float, float] = (1.0, 1.2, 1.4, 1.5)
    """Share of the expected booty per open cheque that one cheque slot is worth, for 2, 3, 4, 5 players
    (with more players a lot lost to one opponent matters less, so waiting for a better one pays)."""
    cheque_unit: tuple[float, float, float] = (0.6, 0.45, 0.2)
    """Points per cheque point given up in the swap, in rounds 1, 2, 3 (round 3 adds the award)."""
    cheque_spread: float = 1.5
    """How soft the round-3 cheque-sum award is (in cheque points), as other sums still move."""
    deny: float = 0.5
    """Weight of an opponent's surplus when it wins a lot, with three or more players (2p: 1)."""
    keep: tuple[float, float, float, float] = (0.8, 0.48, 0.48, 0.48)
    """Share of the row's worth to the bot that survives its drawing another card, for 2, 3, 4, 5
    players (the more opponents act before its next turn, the likelier one takes the row)."""
    grow: float = 0.5
    """Share of one more card's worth the bot expects to get from drawing it."""
    thief_option: float = 0.5
    """Worth of an unused thief beyond its 2 points: the chance to steal with it later."""
    steal_margin: float = 0.5
    """A steal must beat the 2 points the thief would score by this much."""
    bodyguard_future: float = 1.2
    """How much of this round's bodyguard award a bodyguard lead is expected to bring per round left."""
    business_weight: tuple[float, float, float] = (0.8, 0.9, 1.0)
    """Discount of business points (scored only at the end) in rounds 1, 2, 3."""
    bid_margin: float = 1.5
    """Surplus a modelled opponent needs before it bids."""


DEFAULT_PARAMS: Final = HeuristicParams()

AGGRESSIVE_PARAMS: Final = HeuristicParams(
    cheque_unit=(0.5, 0.35, 0.15), deny=0.7, keep=(0.6, 0.35, 0.35, 0.35), thief_option=0.0, steal_margin=0.0,
    bid_margin=1.0)
"""A style for an opponent pool (issue 35): it acts now. A longer row is worth less waiting for (it calls
court auctions sooner), its cheques count for a little less, it bids against an opponent's good row more
readily (more denial, a smaller margin in its model of the others) and it uses a thief as soon as a card
beats the thief's points. Against the default bot (`gangland simulate razzia --players 2 --agents
heuristic-aggressive,heuristic --games 1000 --seed 1`, and `--players 4` with
`heuristic-aggressive,heuristic,heuristic,heuristic`): 43.4% (40.4-46.5%) of two-player games, 19.4%
(17.1-22.0%) of four-player ones."""

CAUTIOUS_PARAMS: Final = HeuristicParams(
    slot_share=(1.2, 1.4, 1.6, 1.7), cheque_unit=(0.75, 0.55, 0.25), deny=0.4, keep=(0.85, 0.55, 0.55, 0.55),
    thief_option=0.75, steal_margin=1.0, bid_margin=2.0)
"""A style for an opponent pool (issue 35): it waits. Its cheques and cheque slots count for more (it
waits for richer rows and keeps its cheque sum), it lets the row grow, bids less only to deny, and keeps
its thieves for a bigger steal. Against the default bot (as for `AGGRESSIVE_PARAMS`): 53.5% (50.4-56.6%)
of two-player games, 23.0% (20.5-25.7%) of four-player ones."""


def _sat(x: float) -> float:
    """A cheap stand-in for 1 - exp(-x): the chance of at least one hit when `x` are expected."""
    return x / (1.0 + x)


def _sigmoid(z: float) -> float:
    """A cheap logistic-like step from 0 to 1 (0.5 at z = 0)."""
    return 0.5 + 0.5 * z / (1.0 + (z if z >= 0.0 else -z))


def _trinket_worth(total: int, distinct: int, more: float) -> float:
    """Expected trinket points at this round's scoring, holding `total` trinkets of `distinct` kinds
    and expecting `more` further booty cards before the round ends."""
    if total == 0:
        # -5 unless a trinket still comes (20 of 99 booty cards are trinkets).
        return -5.0 / (1.0 + 0.2 * more)
    if distinct >= 5:
        return 15.0
    base = 0.0 if distinct < 3 else 5.0 * (distinct - 2)
    step = _sat(more * 0.04 * (5 - distinct))
    if distinct == 1:
        step *= _sat(more * 0.12)
    return base + 5.0 * step


def _business_kind_worth(count: int, chance: float) -> float:
    """Expected set points for holding `count` of one business, `chance` being the chance of one more."""
    if count >= 4:
        return 10.0
    if count == 3:
        return 5.0 + 5.0 * chance
    if count == 2:
        return 5.0 * chance
    if count == 1:
        return 2.5 * chance * chance
    return 0.0


_AWARD_LOSSES: Final[dict[tuple[int, int, int, float], float]] = {}
"""_award_loss's figures by its arguments: a model asks the same few again and again, in every decision
of a round-3 rollout. Bounded by the cheque sums' differences (small ints): 9,800 keys after 300 games
of every player count."""


def _award_loss(above: int, below: int, change: int, spread: float) -> float:
    """The expected cheque-sum award lost by a seat whose sum is `above` the highest other sum and `below`
    the lowest, when its sum changes by `change` (`spread`: HeuristicParams.cheque_spread)."""
    key = (above, below, change, spread)
    loss = _AWARD_LOSSES.get(key)
    if loss is None:
        before = 5.0 * _sigmoid((above + 0.5) / spread) - 5.0 * _sigmoid((below + 0.5) / spread)
        loss = _AWARD_LOSSES[key] = (before - 5.0 * _sigmoid((above + change + 0.5) / spread)
                                     + 5.0 * _sigmoid((below - change + 0.5) / spread))
    return loss


_AFTER: Final = tuple(tuple(tuple((seat + step) % n for step in range(1, n + 1)) for seat in range(n))
                      for n in range(6))
"""_AFTER[n][seat]: the seats of an n-player table in turn order after `seat`, `seat` itself last."""


_Lot = tuple[float, tuple[int, ...], int, int, int, int, tuple[tuple[int, int, int], ...]]
"""What a set of booty cards adds alike for every seat (`_Context.lot`): the points of its thieves and gold,
its trinket kinds, how many trinkets, bodyguards, cars and drivers, and its businesses as
(kind, count, copies still unseen)."""


class _Context:
    """One decision's public figures, and the valuations built on them (cheap: ints and floats)."""

    __slots__ = ("bg_others", "bg_spread", "booty_left", "centre", "final", "future_cards",
                 "me", "n", "params", "rnd", "rounds_after", "slot", "state", "sum_gaps",
                 "total_cheques", "unit", "w")

    def __init__(self, state: RazziaState, me: int, params: HeuristicParams) -> None:
        self.state = state
        self.me = me
        self.params = params
        n = self.n = state.players
        rnd = self.rnd = state.round
        self.rounds_after = ROUNDS - rnd
        self.final = rnd == ROUNDS
        self.centre = state.centre
        self.unit = params.cheque_unit[rnd - 1]
        # The unseen police: all 21 less those turned up this round and those boxed after earlier
        # rounds (the same as deck.count(POLICE), without walking the deck).
        police_unseen = CARD_COUNTS[POLICE] - state.box[POLICE] - state.police
        booty_unseen = len(state.deck) - police_unseen
        raids_left = state.police_limit - state.police
        # Expected booty still to be turned up before the raid: each of the `raids_left` police
        # cards comes on average after booty/(police+1) booty cards.
        if police_unseen < raids_left:
            booty_left = float(booty_unseen)
        else:
            booty_left = raids_left * booty_unseen / (police_unseen + 1)
        total_cheques = 0
        for cheques in state.up:
            total_cheques += len(cheques)
        self.total_cheques = total_cheques = max(total_cheques, 1)
        self.booty_left = booty_left = min(booty_left, 6.0 * total_cheques)
        self.slot = params.slot_share[n - 2] * params.card_value * booty_left / total_cheques
        # Booty a seat may expect in each later round (a raid ends a round after ~limit*99/22 cards;
        # some rows are left over).
        self.future_cards = 0.85 * state.police_limit * _BOOTY_TOTAL / 22 / n
        self.w = 1.0 if n == 2 else params.deny
        self.bg_spread = 0.3 + (0.3 * booty_left / n) ** 0.5
        self.bg_others: list[tuple[int, int]] | None = None
        # Round 3: each seat's cheque sum less the highest other sum, and the lowest other sum less its own.
        self.sum_gaps: list[tuple[int, int]] = []
        if self.final:
            sums = [sum(state.up[s]) + sum(state.down[s]) for s in range(n)]
            for s in range(n):
                others = sums[:s] + sums[s + 1:]
                self.sum_gaps.append((sums[s] - max(others), min(others) - sums[s]))

    # -- cheques and auctions -----------------------------------------------------------------

    def surplus(self, gains: list[float], seat: int, bid: int) -> float:
        """What winning the row with cheque `bid` nets `seat`: its gain less the cheque swap and the
        cheque slot it uses up (and in round 3 the cheque-sum award it expects to lose by the swap)."""
        centre = self.centre
        cost = self.unit * (bid - centre)
        if self.final:
            above, below = self.sum_gaps[seat]
            cost += _award_loss(above, below, centre - bid, self.params.cheque_spread)
        return gains[seat] - cost - self.slot

    def outcome(self, gains: list[float], winner: int, price: int) -> float:
        """The bot's worth of an auction won by `winner` with cheque `price` (NOBODY: 0)."""
        if winner == NOBODY:
            return 0.0
        surplus = self.surplus(gains, winner, price)
        return surplus if winner == self.me else -self.w * surplus

    def model(self, gains: list[float], bidders: list[int], high: int, high_bidder: int,
              forced_caller: int) -> tuple[int, int]:
        """Predict the rest of an auction among `bidders` (the bot not among them): each bids its
        cheapest cheque above the high bid if that leaves it a surplus; a forced caller bids its
        lowest. Returns (winner or NOBODY, winning cheque)."""
        up = self.state.up
        margin = self.params.bid_margin
        for seat in bidders:
            for cheque in up[seat]:
                if cheque > high:
                    break
            else:
                continue
            forced = seat == forced_caller and high_bidder == NOBODY
            if forced or self.surplus(gains, seat, cheque) > margin:
                high, high_bidder = cheque, seat
        return high_bidder, high

    def last_bidder(self, gains: list[float], before: tuple[int, int], forced: bool) -> float:
        """The bot's worth of an auction it bids last in, `before` being the (winner, high bid) the
        others are predicted to leave it (`model` of the others from an empty auction)."""
        me = self.me
        winner, high = before
        ups = self.state.up[me]
        if forced and winner == NOBODY:
            return self.outcome(gains, me, ups[0])
        best = self.outcome(gains, winner, high)
        for cheque in ups:
            if cheque > high:
                # Bidding last, the cheapest cheque that beats the high bid is the one to win with.
                mine = self.outcome(gains, me, cheque)
                return mine if mine > best else best
        return best

    # -- valuing booty ------------------------------------------------------------------------

    def row_gains(self, seats: list[int]) -> list[float]:
        """Each listed seat's (and the bot's) gain from taking the whole row; 0 for the others."""
        state = self.state
        row = state.row
        gains = [0.0] * self.n
        if not row:
            return gains
        counts: dict[int, int] = {}
        for kind in row:
            counts[kind] = counts.get(kind, 0) + 1
        lot = self.lot(tuple(counts.items()))
        up = state.up
        estate = state.estate
        scale = self.booty_left / self.total_cheques
        me = self.me
        for seat in seats if me in seats else (*seats, me):
            # Booty the seat may still expect this round once this lot has used one of its cheques.
            gains[seat] = self.seat_gain(seat, estate[seat], lot, scale * (len(up[seat]) - 1))
        return gains

    def lot(self, cards: tuple[tuple[int, int], ...]) -> _Lot:
        """What `seat_gain` needs to know of `cards` ((kind, count) pairs), for every seat."""
        params = self.params
        trinket_kinds: list[int] = []
        trinkets = bodyguards = cars = drivers = 0
        flat = 0.0
        for kind, count in cards:
            if kind < _TRINKET_END:
                trinkets += count
                trinket_kinds.append(kind)
            elif kind == BODYGUARD:
                bodyguards = count
            elif kind == CAR:
                cars = count
            elif kind == DRIVER:
                drivers = count
            elif kind == THIEF:
                flat += (2.0 + params.thief_option) * count
            elif kind == GOLD:
                flat += 3.0 * count
        return (flat, tuple(trinket_kinds), trinkets, bodyguards, cars, drivers, self._business_left(cards))

    def _business_left(self, cards: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int], ...]:
        """(kind, count, copies still unseen) of each business among `cards`."""
        state = self.state
        out = []
        for kind, count in cards:
            if kind >= _BUSINESS_FIRST:
                left = CARD_COUNTS[kind] - state.box[kind] - state.row.count(kind)
                for estate in state.estate:
                    left -= estate[kind]
                out.append((kind, count, left))
        return tuple(out)

    def best_steal(self) -> tuple[int, float]:
        """The row kind most worth a thief, and its worth less the 2 points the thief would score. Of
        kinds equally worth it to the bot, the one an opponent would gain most from (`denial`)."""
        state = self.state
        me = self.me
        estate = state.estate[me]
        more = self.booty_left * len(state.up[me]) / self.total_cheques
        allow_thief = state.options["thief_takes_thief"]
        best_kind, best, best_denial = -1, float("-inf"), float("-inf")
        for kind in sorted(set(state.row)):
            if kind == THIEF and not allow_thief:
                continue
            value = self.seat_gain(me, estate, self.lot(((kind, 1),)), more)
            if value > best + _TIE:
                best_kind, best, best_denial = kind, value, float("-inf")
            elif value >= best - _TIE:
                # Equal for the bot (two trinkets it lacks, two businesses it holds alike): the
                # first kind by number would be a habit blind to what the card is worth to others.
                if best_denial == float("-inf"):
                    best_denial = self.denial(best_kind)
                denial = self.denial(kind)
                if denial > best_denial + _TIE:
                    best_kind, best_denial = kind, denial
        return best_kind, best - 2.0

    def denial(self, kind: int) -> float:
        """What one card of `kind` would add to the opponents still holding cheques, together (one of
        them is the row's next winner)."""
        state = self.state
        lot = self.lot(((kind, 1),))
        scale = self.booty_left / self.total_cheques
        total = 0.0
        for seat in range(self.n):
            if seat != self.me and state.up[seat]:
                total += self.seat_gain(seat, state.estate[seat], lot, scale * len(state.up[seat]))
        return total

    def seat_gain(self, seat: int, estate: list[int], lot: _Lot, more: float) -> float:
        """What the cards of `lot` add to `seat`'s expected score; `more` is the booty it may still
        expect this round."""
        params = self.params
        rounds_after = self.rounds_after
        gain, trinket_kinds, trinkets_added, bodyguards, cars, drivers, business = lot
        if trinkets_added:
            new_trinket_kinds = 0
            for kind in trinket_kinds:
                if not estate[kind]:
                    new_trinket_kinds += 1
            total = estate[0] + estate[1] + estate[2] + estate[3] + estate[4]  # the five trinkets
            distinct = _TRINKET_END - estate[:_TRINKET_END].count(0)
            gain += (_trinket_worth(total + trinkets_added, distinct + new_trinket_kinds, more)
                     - _trinket_worth(total, distinct, more))
        if cars or drivers:
            have_cars, have_drivers = estate[CAR], estate[DRIVER]
            # A car scores only beside a driver: now, or with the chance of a driver still to come.
            gain += drivers + cars * (1.0 if have_drivers + drivers else _sat(more * 0.1))
            if drivers and not have_drivers and have_cars:
                gain += have_cars * (1.0 - _sat(more * 0.1))
            if cars and rounds_after:
                # Cars stay: in each later round they score if a driver comes.
                gain += cars * rounds_after * _sat(self.future_cards * 0.1)
        if bodyguards:
            if self.bg_others is None:
                counts = [e[BODYGUARD] for e in self.state.estate]
                self.bg_others = [(max(others), min(others))
                                  for others in (counts[:s] + counts[s + 1:] for s in range(self.n))]
            most, fewest = self.bg_others[seat]
            spread = self.bg_spread
            own = estate[BODYGUARD]
            after = own + bodyguards
            award = (5.0 * (_sigmoid((after - most + 0.5) / spread) - _sigmoid((own - most + 0.5) / spread))
                     - 2.0 * (_sigmoid((fewest - after + 0.5) / spread)
                              - _sigmoid((fewest - own + 0.5) / spread)))
            # Bodyguards stay, and a lead tends to last into the later scorings.
            gain += award * (1.0 + params.bodyguard_future * rounds_after)
        if business:
            gain += self._business_gain(estate, business, more + rounds_after * self.future_cards)
        return gain

    def _business_gain(self, estate: list[int], added: tuple[tuple[int, int, int], ...],
                       more: float) -> float:
        """What the `added` businesses add to the end-of-game business points, given `more` expected
        booty cards before the game ends."""
        distinct = 7 - estate[_BUSINESS_FIRST:].count(0)
        new_distinct = distinct
        gain = 0.0
        for kind, count, left in added:
            have = estate[kind]
            if not have:
                new_distinct += 1
            chance = _sat(more * left / _BOOTY_TOTAL)
            gain += _business_kind_worth(have + count, chance) - _business_kind_worth(have, chance)
        gain += (10 if new_distinct == 7 else new_distinct) - (10 if distinct == 7 else distinct)
        return gain * self.params.business_weight[self.rnd - 1]


class RazziaHeuristicBot(DeterminizingBot[RazziaState]):
    """A hand-written Razzia! player that values lots by the scoring rules (see the module docstring).

    >>> from gangland.engine import play_match
    >>> from gangland.games.razzia import GAME
    >>> record = play_match(GAME, [RazziaHeuristicBot(1), RazziaHeuristicBot(2)], seed=3)
    >>> record.result is not None
    True
    """

    state_type = RazziaState
    plays = "Razzia!"

    def __init__(self, seed: int = 0, params: HeuristicParams | None = None) -> None:
        super().__init__(seed)
        self.params = params or DEFAULT_PARAMS

    def choose(self, state: RazziaState, seat: int) -> int:
        """The bot's action for `seat`, which must be the seat to act, reading only public fields.

        Deterministic: the same public position always gets the same action.
        """
        phase = state.phase
        if phase == AUCTION:
            if state.a_kind == COURT_AUCTION and state.a_caller == seat and state.a_bidder == NOBODY:
                return BID_BASE + state.up[seat][0]  # forced to bid: the lowest cheque
            return self._bid(state, seat)
        if phase == TURN:
            return self._turn(state, seat)
        if phase == THIEF_USE:
            kind, net = _Context(state, seat, self.params).best_steal()
            return STEAL_BASE + kind if kind >= 0 and net > self.params.steal_margin else DONE
        raise ValueError("the game is over: there is no decision to make")

    def _bid(self, state: RazziaState, seat: int) -> int:
        """Pass or the cheque whose predicted auction outcome is best."""
        ctx = _Context(state, seat, self.params)
        queue = state.a_queue
        later = queue[1:]
        gains = ctx.row_gains(queue)
        high = state.a_bid
        forced_caller = state.a_caller if state.a_kind == COURT_AUCTION else NOBODY
        winner, price = ctx.model(gains, later, high, state.a_bidder, forced_caller)
        best, best_value = PASS, ctx.outcome(gains, winner, price)
        for cheque in state.up[seat]:
            if cheque <= high:
                continue
            winner, price = ctx.model(gains, later, cheque, seat, forced_caller)
            value = ctx.outcome(gains, winner, price)
            if value > best_value + 1e-9:
                best, best_value = BID_BASE + cheque, value
            if winner == seat:
                break  # a higher cheque would win the same lot at a higher price
        return best

    def _turn(self, state: RazziaState, seat: int) -> int:
        """Draw, call a court auction, or use a thief: whichever promises the most."""
        params = self.params
        ctx = _Context(state, seat, params)
        n = ctx.n
        up = state.up
        queue = [s for s in _AFTER[n][seat] if up[s]]
        others = queue[:-1]
        gains = ctx.row_gains(queue)
        # The others bid before the bot whether it calls a court auction or draws a police card.
        before = ctx.model(gains, others, 0, NOBODY, NOBODY)
        can_court = bool(state.row) or bool(state.options["court_on_empty_row"])
        court = ctx.last_bidder(gains, before, forced=True) if can_court else float("-inf")
        if state.estate[seat][THIEF]:
            steal_kind, steal_net = ctx.best_steal()
        else:
            steal_kind, steal_net = -1, float("-inf")
        if state.deck:
            police_unseen = CARD_COUNTS[POLICE] - state.box[POLICE] - state.police
            p_police = police_unseen / len(state.deck)
            # A police card starts a normal auction in which the bot bids last and need not bid (the
            # court auction's worth unless nobody else is expected to bid)...
            if can_court and before[0] != NOBODY:
                normal = court
            else:
                normal = ctx.last_bidder(gains, before, forced=False)
            if state.police + 1 >= state.police_limit:
                # ...unless it is the raid: the row goes to the box and every cheque still unspent
                # is wasted for this round, the bot's as much as the others'.
                mean_others = (ctx.total_cheques - len(up[seat])) / (n - 1)
                police_outcome = ctx.slot * (mean_others - len(up[seat]))
            else:
                police_outcome = normal
            # A booty card makes the row longer, but the others may take it before the bot's next turn.
            grown = params.keep[n - 2] * (normal if normal > 0.0 else 0.0) + params.grow * params.card_value
            draw = p_police * police_outcome + (1.0 - p_police) * grown
        else:
            draw = float("-inf")
        if steal_kind >= 0 and steal_net - params.steal_margin > max(court, draw):
            return STEAL_BASE + steal_kind
        if court > draw:
            return COURT
        return DRAW if state.deck else COURT


class RazziaAggressiveBot(RazziaHeuristicBot):
    """The heuristic bot in the aggressive style (`AGGRESSIVE_PARAMS`), for an opponent pool."""

    name = "heuristic-aggressive"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, AGGRESSIVE_PARAMS)


class RazziaCautiousBot(RazziaHeuristicBot):
    """The heuristic bot in the cautious style (`CAUTIOUS_PARAMS`), for an opponent pool."""

    name = "heuristic-cautious"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, CAUTIOUS_PARAMS)
