"""The Downtown heuristic bot.

`DowntownHeuristicBot` decides only from what its seat may know. `act` reads the seat's view
(`Decision.view`); `choose(state, seat)` reads a state directly, for rollouts, but only the fields that
the view shows that seat: its own hand, cash, stooge cards (with their backs) and face-down notes; every
display, token, pile size, pile top and the Downtown display; the stooge and fence cards it knows (those
it looked at, those shown at sales, its own), the bank's money and the casino count. It never reads
another seat's hand, cash or face-down notes, the backs of unknown cards or the order of the piles. Both
paths first reduce what they read to one `_Know` record and then run the same code, so they choose the
same action (tests/downtown/test_bots.py checks it).

What it knows of the others' money: all money is either in the bank, with a player or on the table, and
the bank's money and every display are public, so the others' total is known exactly; with two players
that is the opponent's money. With three or four, each other seat is estimated as its display plus an
equal share of the rest.

How it values things (thousands of dollars):

* **A stooge card**: its back if the seat knows it, else the mean of the values its front lists that are
  not already accounted for by copies of that front whose backs the seat knows (the front lists the
  three values its copies hold). Joe's fronts are therefore reliable, Frankie's low.
* **A fence**: a 1/2 fence pays 1/2; a 1/4 fence pays 3/4, or 1/4 if it is an undercover cop. A known
  fence pays what its back says; for an unknown 1/4 fence of a kind, the chance it is the cop is the
  kind's cops not yet seen over its 1/4 fences not yet seen (one of each kind's three is a cop).
* **A job** (a top stooge card): its expected back times the expected sale factor, less the gangsters
  it uses and what the missing ones cost at Downtown (the price is fixed by the display; a lone Bank
  token of its own refunds the purchase in the current edition).
* **Robbing** a display: its money (less a lone Villa holder's half with the `villa` option, which a
  view does not show, so `act` assumes it off) and its gangsters; with two players robbing also costs
  the whole phase 3, and paying hands the opponent as much as it costs.

Each turn it picks the locations it wants (two with two players, one otherwise): the East Side to sell
loot, the West Side to do a job, Downtown to buy the gangsters a job still needs. It moves free tokens
there (with three or four players its other token waits at the Bank, else the Villa when its hand is
big, else the Ghetto), robs the richest display unless paying is needed to reach a location and worth
it, then uses the locations (job before sale, so new loot can be sold at once), and leaves its display
empty unless the hand limit forces cards into it. When no display is worth robbing it robs the next
seat clockwise, so that every seat gets turns.

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

Limits: no deterrent display (it keeps money out of its display: against the seats it meets, money on
display is as often robbed as paid); no memory between decisions (it reads only the current view);
the `villa` option's share of robbed money is not in a view, so it is ignored.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from gangland.engine import Decision
from gangland.engine.compiled import mypyc_attr

from .cards import (
    ADD_GANGSTER0,
    ADD_NOTE0,
    BANK,
    BILL0,
    BUY0,
    CASINO_PLAY,
    CASINO_SKIP,
    DENOMINATIONS,
    DISCARD_GANGSTER0,
    DONE,
    DOWNTOWN,
    EAST_SIDE,
    FENCES,
    GANGSTER_COUNTS,
    GHETTO,
    JOB0,
    LOCATION_NAMES,
    LOOK_FENCE0,
    LOOK_STOOGE0,
    MOVE0,
    MOVES,
    OFFER0,
    PAY0,
    PLACE0,
    PUT_ONTO0,
    PUT_TOP,
    PUT_UNDER,
    ROB0,
    SELL_AT0,
    SHED_STOOGE0,
    TOTAL_MONEY,
    VILLA,
    WEST_SIDE,
    move_action,
    price,
)
from .deck import LOOT_NAMES, STOOGE_NAMES
from .money import value
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
    PHASE_NAMES,
    PLACE,
    REFRESH,
    ROBPAY,
    STOOGE_BACK,
    WINDOW,
)
from .state import DowntownState

__all__ = ["DowntownHeuristicBot"]

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

_LOOT_INDEX: Final = {name: i for i, name in enumerate(LOOT_NAMES)}
_STOOGE_INDEX: Final = {name: i for i, name in enumerate(STOOGE_NAMES)}
_LOCATION_INDEX: Final = {name: i for i, name in enumerate(LOCATION_NAMES)}
_PHASE_INDEX: Final = {name: i for i, name in enumerate(PHASE_NAMES)}

Front = tuple[int, int, int, tuple[int, int, int], tuple[int, int, int]]
"""(stooge, loot, promise, needs, possible): the face-up side of a stooge card."""


@mypyc_attr(native_class=False)  # compiled, a Python class still: _StateKnow reads fields on first use
class _Know:
    """Everything the deciding seat knows, in one flat record (money in thousands)."""

    __slots__ = (
        "active", "bank", "bet", "bought", "cash", "cash_notes", "casinos", "disp_g", "disp_m",
        "downtown", "ed2013", "fence_above", "fence_size", "ftop", "gangsters", "hand", "hand_count",
        "hand_limit", "known_fences", "look_pile", "loot_totals", "me", "my_down", "n", "nxt", "offer",
        "others_money",
        "phase", "prices", "seen_backs", "spent", "stooges", "stop", "stop_known", "tokens",
    )

    n: int
    me: int
    ed2013: bool
    phase: int
    active: int
    nxt: int
    tokens: list[list[int]]
    disp_m: list[int]
    disp_g: list[list[int]]
    hand_count: list[int]
    """Cards in each seat's hand, gangsters and stooge cards."""
    gangsters: int
    """Gangster cards held by all seats: hands, displays and face-down additions."""
    hand_limit: int
    hand: list[int]
    cash: int
    cash_notes: list[int]
    my_down: int
    """Money of the seat's own face-down notes."""
    bet: int
    """The seat's casino note (thousands), 0 if none."""
    stooges: list[tuple[int, int, Front]]
    """The seat's stooge cards: (id, back, front)."""
    loot_totals: list[int]
    """The backs of the seat's stooge cards summed by loot kind."""
    downtown: list[int]
    prices: list[int]
    """Each kind's price now (fixed while buying)."""
    bought: list[int]
    spent: int
    stop: list[Front | None]
    """The front of each stooge pile's top card, None for an empty pile."""
    stop_known: list[int]
    """The back of each top stooge card if the seat knows it, else -1."""
    seen_backs: dict[Front, list[int]]
    """Backs the seat knows, by front (for card counting)."""
    ftop: list[int]
    """Each fence pile's top: a fence id if the seat knows it, -2 - 2 * kind - half for an unknown fence
    (kind and share are on its front), -1 for no fence (an empty pile or a casino card on top)."""
    fence_above: list[int]
    """Fences above each pile's casino card (-1: the pile has no casino card any more)."""
    fence_size: list[int]
    known_fences: list[int]
    casinos: int
    bank: int
    others_money: int
    offer: list[tuple[int, int, Front]]
    look_pile: int


# ------------------------------------------------------------------------------------------------
# Reading what the seat knows


_Deck = tuple[tuple[Front, ...], tuple[int, ...]]
"""Every stooge card's front and back, by id."""
_DECKS: dict[int, tuple[object, _Deck]] = {}
"""Fronts and backs of each stooge deck met, by the id of its cards tuple (with the tuple itself, so
that a recycled id is not mistaken for it)."""
_SEEN: dict[tuple[int, frozenset[int]], dict[Front, list[int]]] = {}
"""`_Know.seen_backs` by (deck id, the stooge cards seen): the same few sets recur decision after
decision (cleared when large)."""
_SEEN_SIZE: Final = 20_000
_HANDS: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, int, Front]], list[int]]] = {}
"""`_Know.stooges` and `_Know.loot_totals` by (deck id, the seat's stooge cards): a hand stays the
same for many decisions (cleared when large)."""


def _loot_totals(stooges: list[tuple[int, int, Front]]) -> list[int]:
    """The backs of stooge cards (id, back, front) summed by loot kind."""
    totals = [0, 0, 0]
    for _, back, front in stooges:
        totals[front[1]] += back
    return totals


def _deck(cards: tuple[Any, ...]) -> _Deck:
    """The fronts and backs of a state's stooge cards (`state.cards`), worked out once per deck."""
    entry = _DECKS.get(id(cards))
    if entry is None or entry[0] is not cards:
        if len(_DECKS) >= 16:  # forget them all, and what was seen of them (their ids may recur)
            _DECKS.clear()
            _SEEN.clear()
            _HANDS.clear()
        entry = _DECKS[id(cards)] = (cards, (tuple(c.front for c in cards), tuple(c.back for c in cards)))
    return entry[1]


def _know_from_state(state: DowntownState, seat: int) -> _Know:
    """The seat's knowledge, read from the fields of `state` that its view shows.

    Lists of the state are shared, not copied, and the costlier fields are read on first use
    (`_StateKnow`): the record is read, never changed, and lives only while the state does not
    change (one decision)."""
    s = state
    k = _StateKnow()
    k._state = s
    k.n = s.players
    k.me = seat
    k.ed2013 = s.ed2013
    phase = k.phase = s.phase
    k.active = s.active
    k.nxt = s.nxt
    k.tokens = s.tokens
    disp_m = k.disp_m = [value(d) for d in s.disp_n]
    k.disp_g = s.disp_g
    k.hand_limit = s.hand_limit(seat)
    k.hand = s.hands[seat]
    cash_notes = k.cash_notes = s.cash[seat]
    cash = k.cash = value(cash_notes)
    my_down = k.my_down = value(s.down_n[seat])
    bet = k.bet = DENOMINATIONS[s.bets[seat]] if s.bets[seat] >= 0 else 0
    downtown = k.downtown = s.downtown
    if phase == BUYING:
        k.prices, k.bought, k.spent = s.prices, s.bought, s.spent
    else:
        k.prices, k.bought, k.spent = [price(x) if x else 0 for x in downtown], [0, 0, 0], 0
    k.casinos = s.casinos
    bank = k.bank = value(s.bank)
    k.others_money = TOTAL_MONEY - bank - cash - disp_m[seat] - my_down - bet
    k.look_pile = s.look_pile if phase in (STOOGE_BACK, FENCE_BACK) else -1
    return k


@mypyc_attr(native_class=False)  # a native class would never call its __getattr__ (fields on first use)
class _StateKnow(_Know):
    """A `_Know` read from a state (`_know_from_state`): the fields most decisions need at once, the
    others (hand sizes, stooge cards, fences) on first use, from the state it holds."""

    __slots__ = ("_state",)

    _state: DowntownState

    def __getattr__(self, name: str) -> Any:
        """A field not read yet (a slot not set): read its group from the state."""
        group = _GROUPS.get(name)
        if group is None:
            raise AttributeError(name)
        group(self, self._state)
        return object.__getattribute__(self, name)


def _read_counts(k: _Know, s: DowntownState) -> None:
    in_hands = list(map(sum, s.hands))
    shand = s.shand
    k.hand_count = [in_hands[w] + len(shand[w]) for w in range(k.n)]
    k.gangsters = sum(in_hands) + sum(map(sum, s.disp_g)) + sum(map(sum, s.down_g))


def _read_cards(k: _Know, s: DowntownState) -> None:
    cards = s.cards
    fronts, backs = _deck(cards)
    mine = s.shand[k.me]
    hand_key = (id(cards), tuple(mine))
    hand = _HANDS.get(hand_key)
    if hand is None:
        if len(_HANDS) >= _SEEN_SIZE:
            _HANDS.clear()
        stooges = [(c, backs[c], fronts[c]) for c in mine]
        hand = _HANDS[hand_key] = stooges, _loot_totals(stooges)
    k.stooges, k.loot_totals = hand
    seen = frozenset((*mine, *s.known_s[k.me], *s.pub_s, *s.offer))
    key = (id(cards), seen)
    seen_backs = _SEEN.get(key)
    if seen_backs is None:
        seen_backs = {}
        for c in sorted(seen):
            seen_backs.setdefault(fronts[c], []).append(backs[c])
        if len(_SEEN) >= _SEEN_SIZE:
            _SEEN.clear()
        _SEEN[key] = seen_backs
    k.seen_backs = seen_backs
    k.stop = [fronts[p[-1]] if p else None for p in s.spiles]
    k.stop_known = [backs[p[-1]] if p and p[-1] in seen else -1 for p in s.spiles]
    k.offer = [(c, backs[c], fronts[c]) for c in s.offer]


def _read_fences(k: _Know, s: DowntownState) -> None:
    known_f = s.pub_f | s.known_f[k.me] | set(s.out_f)
    k.known_fences = sorted(known_f)
    k.ftop, k.fence_above, k.fence_size = [], [], []
    for pile in s.fpiles:
        k.fence_size.append(len(pile))
        k.fence_above.append(len(pile) - 1 - pile.index(-1) if -1 in pile else -1)
        if not pile or pile[-1] < 0:
            k.ftop.append(-1)
        elif pile[-1] in known_f:
            k.ftop.append(pile[-1])
        else:
            kind, half, _ = FENCES[pile[-1]]
            k.ftop.append(-2 - 2 * kind - half)


_GROUPS: Final[dict[str, Callable[[_Know, DowntownState], None]]] = {
    **dict.fromkeys(("hand_count", "gangsters"), _read_counts),
    **dict.fromkeys(("stooges", "loot_totals", "seen_backs", "stop", "stop_known", "offer"), _read_cards),
    **dict.fromkeys(("known_fences", "ftop", "fence_above", "fence_size"), _read_fences),
}
"""The fields `_StateKnow` reads on first use, and the function that reads each one's group."""


def _front(card: dict[str, Any]) -> Front:
    needs = card["needs"]
    possible = card["possible"]
    return (_STOOGE_INDEX[card["stooge"]], _LOOT_INDEX[card["loot"]], card["promise"] // 1000,
            (needs["lookouts"] // 1, needs["safecrackers"] // 1, needs["spies"] // 1),
            (possible[0] // 1000, possible[1] // 1000, possible[2] // 1000))


def _know_from_view(view: dict[str, Any]) -> _Know:
    """The seat's knowledge, read from its view (build_view in view.py)."""
    k = _Know()
    players = view["players"]
    k.n = len(players)
    me = k.me = view["seat"]
    k.ed2013 = view["edition"] == "2013"
    k.phase = _PHASE_INDEX[view["phase"]]
    k.active = -1 if view["active"] is None else view["active"]
    k.nxt = -1 if view["next"] is None else view["next"]
    k.tokens = [[-1 if loc is None else _LOCATION_INDEX[loc] for loc in p["tokens"]] for p in players]
    k.disp_m = [p["display"]["money"] // 1000 for p in players]
    k.disp_g = [list(p["display"]["gangsters"]) for p in players]
    k.hand_count = [p["hand"]["gangsters"] + p["hand"]["stooge_cards"] for p in players]
    k.gangsters = sum(p["hand"]["gangsters"] + sum(p["display"]["gangsters"]) + p["face_down"]["gangsters"]
                      for p in players)
    mine = players[me]
    k.hand_limit = mine["hand_limit"]
    k.hand = list(mine["gangsters"])
    k.cash_notes = list(mine["cash"]["notes"])
    k.cash = mine["cash"]["money"] // 1000
    k.my_down = value(list(mine["face_down"]["notes_detail"]))
    k.bet = mine.get("casino_note", 0) // 1000
    k.stooges = [(c["id"], c["value"] // 1000, _front(c)) for c in mine["stooge_cards"]]
    k.loot_totals = _loot_totals(k.stooges)
    k.downtown = list(view["downtown"]["gangsters"])
    buying = view.get("buying")
    if buying is not None:
        k.prices = [p // 1000 for p in buying["prices"]]
        k.bought = list(buying["bought"])
        k.spent = buying["spent"] // 1000
    else:
        k.prices, k.bought, k.spent = [price(x) if x else 0 for x in k.downtown], [0, 0, 0], 0
    seen: dict[int, tuple[int, Front]] = {}

    def note(card: dict[str, Any] | None) -> None:
        if card is not None and "id" in card:
            seen[card["id"]] = (card["value"] // 1000, _front(card))

    for pile in view["stooge_piles"]:
        for card in pile["cards"]:
            note(card)
    for card in view["out_of_game"]["stooge_cards"]:
        note(card)
    for card in mine["stooge_cards"]:
        note(card)
    offer = view.get("offer", [])
    for card in offer:
        note(card)
    k.seen_backs = {}
    for c in sorted(seen):
        back, front = seen[c]
        k.seen_backs.setdefault(front, []).append(back)
    k.stop, k.stop_known = [], []
    for pile in view["stooge_piles"]:
        top = pile["cards"][0] if pile["cards"] else None
        k.stop.append(_front(top) if top is not None else None)
        k.stop_known.append(top["value"] // 1000 if top is not None and "id" in top else -1)
    known_f: set[int] = {f["id"] for f in view["out_of_game"]["fences"]}
    k.ftop, k.fence_above, k.fence_size = [], [], []
    for pile in view["fence_piles"]:
        slots = pile["cards"]
        for slot in slots:
            if isinstance(slot, dict) and "id" in slot:
                known_f.add(slot["id"])
        k.fence_size.append(pile["size"])
        k.fence_above.append(slots.index("casino") if "casino" in slots else -1)
        top = slots[0] if slots else None
        if not isinstance(top, dict):
            k.ftop.append(-1)
        elif "id" in top:
            k.ftop.append(top["id"])
        else:
            k.ftop.append(-2 - 2 * _LOOT_INDEX[top["buys"]] - (top["takes"] == "1/2"))
    k.known_fences = sorted(known_f)
    k.casinos = view["casinos"]
    k.bank = view["bank"]["money"] // 1000
    k.others_money = TOTAL_MONEY - k.bank - k.cash - k.disp_m[me] - k.my_down - k.bet
    k.offer = [(c["id"], c["value"] // 1000, _front(c)) for c in offer]
    looking_at = view.get("looking_at")
    k.look_pile = looking_at["index"] if looking_at is not None else -1
    return k


# ------------------------------------------------------------------------------------------------
# Valuation


class _Ctx:
    """Valuations over one `_Know`, computed on demand."""

    __slots__ = ("_best_buy_job", "_best_job_now", "_best_other", "_best_sale", "_cop_p", "_fence_factors",
                 "_holders", "_job_values", "_max_need", "_missing", "_targets",
                 "display_worth", "k", "legal", "legal_set", "wealth")

    def __init__(self, k: _Know, legal: list[int]) -> None:
        self.k = k
        self.legal = legal
        self.legal_set = set(legal)
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
        """What taking or giving each seat's display is worth to the seat (the bot's
        `_display_worth`), by seat, as worked out."""

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
        return kind, 0.5 if code % 2 else 0.75 - 0.5 * self.cop_p[kind]

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
        return self._work_out_best_sale(_loot_totals(hand))

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
            # A dead end: nothing to sell, no job worth doing or buying for (`_location` takes only those
            # worth more than 0). Only the game's end moves it on, so a seat not behind goes to bring it
            # nearer (else three bots can wait at the West Side for ever, each robbing the next one's
            # empty display: docs/balance, Downtown).
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


# ------------------------------------------------------------------------------------------------
# The bot


_SIMPLE: Final = frozenset({BID, WINDOW, REFRESH})
"""Phases decided from the legal actions and the seat's face-down money alone (`_simple`)."""


def _simple(phase: int, legal: list[int], my_down: int) -> int:
    """The action in a phase of `_SIMPLE`: the opening bid adds one note unless the seat has some face
    down already; adding to the display and refreshing it add nothing."""
    action = ADD_NOTE0 if phase == BID and ADD_NOTE0 in legal and not my_down else DONE
    return action if action in legal else legal[0]


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

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, decision: Decision) -> int:
        """Choose from a Decision, reading only the seat's view."""
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        if legal[0] < ADD_GANGSTER0 and all(a == DONE or ADD_NOTE0 <= a < DISCARD_GANGSTER0 for a in legal):
            # An opening bid, or adding to the display (phase 3 face down, or phase 4): the bot bids
            # $1,000 and otherwise adds nothing. No view needed.
            return DONE if DONE in legal else ADD_NOTE0 if ADD_NOTE0 in legal else legal[0]
        view = decision.view
        if view.get("game") != "downtown":
            raise TypeError(f"{self.name} plays Downtown, not {decision.game.id}")
        return self._decide(_know_from_view(view), list(legal))

    def choose(self, state: DowntownState, seat: int) -> int:
        """The action for `seat`, which must be the seat to act, reading only what that seat may know
        (the fields its view shows: see the module docstring). Cheap: no view, no copy of the state.
        Deterministic: the same view always gets the same action."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase in _SIMPLE:  # a third of the decisions, which need no knowledge record
            return _simple(phase, legal, value(state.down_n[seat]) if phase == BID else 0)
        return self._decide(_know_from_state(state, seat), legal)

    # -- dispatch ----------------------------------------------------------------------------

    def _decide(self, k: _Know, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        phase = k.phase
        if phase in _SIMPLE:
            return _simple(phase, legal, k.my_down)
        ctx = _Ctx(k, legal)
        if phase == PLACE:
            action = self._place(ctx)
        elif phase == MOVE:
            action = self._move(ctx)
        elif phase == ROBPAY:
            action = self._robpay(ctx)
        elif phase == PAYMOVE:
            action = self._paymove(ctx)
        elif phase in (LOCATION, AFTER_STOOGE_LOOK, AFTER_FENCE_LOOK):
            action = self._location(ctx)
        elif phase == BUYING:
            action = self._buying(ctx)
        elif phase == STOOGE_BACK:
            action = self._stooge_back(ctx)
        elif phase == FENCE_BACK:
            action = self._fence_back(ctx)
        elif phase == OFFERING:
            action = self._offering(ctx)
        elif phase == CASINO_VOTE:
            action = self._vote(ctx)
        elif phase == CASINO_BET:
            action = self._bet(ctx)
        elif phase == HANDLIMIT:
            action = self._shed(ctx)
        else:
            raise ValueError("the game is over: there is no decision to make")
        return action if action in ctx.legal_set else legal[0]

    # -- set-up ------------------------------------------------------------------------------

    def _place(self, ctx: _Ctx) -> int:
        k = ctx.k
        mine = k.tokens[k.me]
        wanted = [WEST_SIDE, DOWNTOWN] if k.n == 2 else [WEST_SIDE, BANK, DOWNTOWN, GHETTO]
        for loc in wanted:
            if loc != mine[0] and PLACE0 + loc in ctx.legal_set:
                return PLACE0 + loc
        return ctx.legal[0]

    # -- phase 1 -----------------------------------------------------------------------------

    def _move(self, ctx: _Ctx) -> int:
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

    def _display_worth(self, ctx: _Ctx, victim: int) -> float:
        """What taking (or giving) a display is worth to the seat: its money, and its gangsters as far
        as the seat needs them for the top jobs (more than that only go back out at the hand limit)."""
        worth = ctx.display_worth.get(victim)
        if worth is None:
            worth = ctx.display_worth[victim] = self._work_out_display_worth(ctx, victim)
        return worth

    @staticmethod
    def _work_out_display_worth(ctx: _Ctx, victim: int) -> float:
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

    def _robpay(self, ctx: _Ctx) -> int:
        k = ctx.k
        me = k.me
        mine = k.tokens[me]
        targets, plan = ctx.targets()
        robs = [a for a in ctx.legal if ROB0 <= a < PAY0]
        pays = [a for a in ctx.legal if a >= PAY0]

        def rob_key(a: int) -> tuple[float, int]:
            v = a - ROB0
            # The richest display; when none is worth much, the next seat clockwise, so that every
            # seat gets turns (two seats robbing each other's empty displays would shut out a third).
            worth = self._display_worth(ctx, v)
            return (worth if worth >= 2 else 0.0), -((v - me) % k.n)

        best_rob = max(robs, key=rob_key)
        rob_gain = self._display_worth(ctx, best_rob - ROB0)
        if k.n == 2:
            if not pays:
                return best_rob
            other = 1 - me
            cost = self._display_worth(ctx, other)
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
            v = plan - 1.5 * self._display_worth(ctx, payee)
            if v > best_value + 1.0:
                best, best_value = a, v
        return best

    def _paymove(self, ctx: _Ctx) -> int:
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

    # -- phase 3 -----------------------------------------------------------------------------

    def _location(self, ctx: _Ctx) -> int:
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
                    if k.stooges and self._card_loot(k, a - OFFER0) == loot:
                        choices.append((pay, a))
                        break
        # Buying.
        if buys:
            bv, bp = ctx.best_buy_job()
            if bp >= 0:
                if west_usable and not one_use:
                    if bv > 0:
                        choices.append((bv, self._buy_for(ctx, bp)))
                elif bv > 0:
                    choices.append((0.4 * bv, self._buy_for(ctx, bp)))
        # Looks.
        if stooge_looks and not (jobs and choices):
            p = self._stooge_look_pile(ctx, stooge_looks)
            if p >= 0:
                choices.append((0.2, LOOK_STOOGE0 + p))
        if fence_looks:
            p = ctx.end_look_pile()
            ev = ctx.end_value()
            if p in fence_looks and ev > 0:
                choices.append((ev, LOOK_FENCE0 + p))
            else:
                p = self._fence_look_pile(ctx, fence_looks)
                if p >= 0:
                    choices.append((0.3 if k.stooges else 0.05, LOOK_FENCE0 + p))
        if not choices:
            return DONE
        _, action = max(choices)
        return action if action in legal else DONE

    @staticmethod
    def _card_loot(k: _Know, card: int) -> int:
        for c, _, front in k.stooges:
            if c == card:
                return front[1]
        return -1

    def _buy_for(self, ctx: _Ctx, p: int) -> int:
        miss = ctx.missing(p)
        for g in range(3):
            if miss[g] and BUY0 + g in ctx.legal_set:
                return BUY0 + g
        return DONE

    def _stooge_look_pile(self, ctx: _Ctx, piles: list[int]) -> int:
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

    def _fence_look_pile(self, ctx: _Ctx, piles: list[int]) -> int:
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
            if self._fence_useful(ctx, p, loots) or (ctx.sale_ends_game(p) and ctx.lead < 0):
                continue
            if not k.ed2013 and not any(k.fence_size[q] >= k.fence_size[p] for q in range(3) if q != p):
                continue  # no pile to move it onto (see _fence_back)
            key = (k.fence_above[p] if k.fence_above[p] >= 0 else 99, p)
            if key < best_key:
                best, best_key = p, key
        return best

    @staticmethod
    def _fence_useful(ctx: _Ctx, p: int, loots: set[int]) -> bool:
        kind, factor = ctx.fence_factor(p)
        return kind in loots and factor >= MIN_FACTOR

    def _buying(self, ctx: _Ctx) -> int:
        _, bp = ctx.best_buy_job()
        if bp >= 0:
            return self._buy_for(ctx, bp)
        return DONE

    def _stooge_back(self, ctx: _Ctx) -> int:
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

    def _fence_back(self, ctx: _Ctx) -> int:
        """Keep a fence the seat can sell to on top; send any other away (under its pile in 2013, onto
        another pile in the current edition), which turns up the next fence and brings the casino
        cards nearer, unless that would end the game while the seat trails."""
        k = ctx.k
        p = k.look_pile
        if p < 0:
            return ctx.legal[0]
        loots = {front[1] for _, _, front in k.stooges}
        stay = PUT_TOP if k.ed2013 else PUT_ONTO0 + p
        if self._fence_useful(ctx, p, loots) and ctx.end_value() <= 0:
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
        return max(others, key=lambda a: (not self._fence_useful(ctx, a - PUT_ONTO0, loots),
                                          k.fence_size[a - PUT_ONTO0], -a))

    def _offering(self, ctx: _Ctx) -> int:
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

    # -- the casino --------------------------------------------------------------------------

    def _final(self, ctx: _Ctx) -> bool:
        k = ctx.k
        return (k.casinos >= 3) if k.ed2013 else (k.casinos >= 2)

    def _vote(self, ctx: _Ctx) -> int:
        k = ctx.k
        if k.me == k.active and self._final(ctx) and ctx.lead < 0:
            return CASINO_PLAY
        return CASINO_SKIP

    def _bet(self, ctx: _Ctx) -> int:
        k = ctx.k
        bills = [a - BILL0 for a in ctx.legal if BILL0 <= a < ADD_NOTE0]
        if k.me == k.active and self._final(ctx) and ctx.lead < 0:
            return BILL0 + max(bills)
        return BILL0 + min(bills)

    # -- the hand limit ----------------------------------------------------------------------

    def _shed(self, ctx: _Ctx) -> int:
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

