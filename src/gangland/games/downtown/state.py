"""The Downtown rules: set-up, the four phases of a turn, the locations and the game end (casino: casino.py).

Both editions are one engine; `self.ed2013` switches every difference listed in RULES-NOTES.md.
Every decision in docs/rules/downtown.md (D1..D31) is applied here; its number is quoted where it
matters. Money is in thousands of dollars; notes are five counts (see money.py).

Piles are lists with the top card last. Hidden information: the gangster draw pile (a multiset, drawn
at random by the state's own generator), the order of the stooge and fence piles below their top
cards, the backs of unrevealed stooge and fence cards, other seats' hands and cash, face-down
additions, opening bids and casino notes until they are revealed (docs: D30).
"""

from __future__ import annotations

import random
from typing import Any

from gangland.engine import CachedLegalState, Result, rank_by
from gangland.engine.rng import mix_seed, splitmix64

from . import casino
from .cards import (
    ADD_GANGSTER0,
    ADD_NOTE0,
    BANK,
    BILL0,
    BUY0,
    CASINO,
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
    HAND_LIMIT,
    JOB0,
    LOOK_FENCE0,
    LOOK_STOOGE0,
    MOVES,
    NOTE_COUNTS,
    NUM_ACTIONS,
    OFFER0,
    PAY0,
    PLACE0,
    PUT_ONTO0,
    PUT_TOP,
    PUT_UNDER,
    ROB0,
    SELL_AT0,
    SHED_STOOGE0,
    START_NOTES,
    VILLA,
    VILLA_HAND_LIMIT,
    WEST_SIDE,
    WIN_MONEY,
    move_action,
    payout,
    price,
    refill_count,
)
from .deck import StoogeCard, load_deck
from .money import (
    Exchange,
    Notes,
    do_exchange,
    exchange_plan,
    notes_to_put_down,
    pay_out,
    total_value,
    transfer,
    value,
)

# Phases: who is asked what (docs section 4.1).
(PLACE, BID, MOVE, ROBPAY, PAYMOVE, LOCATION, BUYING, STOOGE_BACK, AFTER_STOOGE_LOOK, FENCE_BACK,
 AFTER_FENCE_LOOK, OFFERING, CASINO_VOTE, CASINO_BET, WINDOW, REFRESH, HANDLIMIT, OVER) = range(18)
PHASE_NAMES = (
    "placing tokens", "opening bid", "phase 1: move tokens", "phase 2: rob or pay", "phase 2: move onto the "
    "paid player", "phase 3: use a location", "Downtown: buying gangsters", "West Side: put the stooge card "
    "back", "West Side (Villa): a job after the look", "East Side: put the fence card back", "East Side "
    "(Villa): a sale after the look", "East Side: offering loot", "casino: play or skip", "casino: one note "
    "face down", "adding to displays face down", "phase 4: refresh the display", "hand limit", "game over",
)

DISPLAY_PHASES = (WINDOW, REFRESH)
"""Adding to displays: two decisions in three of random play, so tested first where phases are told apart."""

# What to do when a casino visit that interrupted the East Side is over.
RESUME_AFTER_FENCE_LOOK, RESUME_AFTER_SALE = 0, 1

Event = tuple[int | None, str]
"""(seat, text): text every seat may read (seat None) or only that seat."""


class DowntownState(CachedLegalState):
    """A game of Downtown in progress."""

    __slots__ = (
        "_players",
        "_rng",
        "active",
        "actor",
        "bank",
        "bets",
        "bought",
        "cards",
        "cash",
        "casino_active_only",
        "casino_seats",
        "casinos",
        "discard",
        "disp_g",
        "disp_n",
        "down_g",
        "down_n",
        "downtown",
        "draw",
        "ed2013",
        "ending",
        "events",
        "final_casino",
        "first_placer",
        "fpiles",
        "hands",
        "known_f",
        "known_s",
        "look_pile",
        "moved",
        "nxt",
        "offer",
        "offer_loot",
        "options",
        "out_f",
        "out_s",
        "pay_without_move",
        "payee",
        "phase",
        "prices",
        "pub_f",
        "pub_s",
        "queue",
        "resume",
        "robbed",
        "shand",
        "spent",
        "spiles",
        "starter",
        "tokens",
        "turn",
        "turn_limit",
        "used",
        "villa_e",
        "villa_rule",
        "villa_victim",
        "villa_w",
    )

    _players: int
    _rng: int
    active: int
    actor: int
    bank: list[int]
    bets: list[int]
    bought: list[int]
    cards: tuple[StoogeCard, ...]
    cash: list[list[int]]
    casino_seats: list[int]
    casinos: int
    casino_active_only: bool
    discard: list[int]
    disp_g: list[list[int]]
    disp_n: list[list[int]]
    down_g: list[list[int]]
    down_n: list[list[int]]
    downtown: list[int]
    draw: list[int]
    ed2013: bool
    ending: bool
    events: list[Event]
    final_casino: bool
    first_placer: int
    fpiles: list[list[int]]
    hands: list[list[int]]
    known_f: list[set[int]]
    known_s: list[set[int]]
    look_pile: int
    moved: int
    nxt: int
    offer: list[int]
    offer_loot: int
    options: dict[str, Any]
    out_f: list[int]
    out_s: list[int]
    pay_without_move: bool
    payee: int
    phase: int
    prices: list[int]
    pub_f: set[int]
    pub_s: set[int]
    queue: list[int]
    resume: int
    robbed: bool
    shand: list[list[int]]
    spent: int
    spiles: list[list[int]]
    starter: int
    tokens: list[list[int]]
    turn: int
    turn_limit: int
    used: int
    villa_e: bool
    villa_rule: bool
    villa_victim: bool
    villa_w: bool

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> DowntownState:
        """Set up (both rulebooks, "Setting up the Game" / "Spielvorbereitung", steps 1-9)."""
        s = cls.__new__(cls)
        n = s._players = players
        s.options = options
        s.ed2013 = options["edition"] == "2013"
        s.villa_rule = bool(options["villa"])
        s.villa_victim = bool(options["villa_victim"])
        s.pay_without_move = bool(options["pay_without_move"])
        s.casino_active_only = options["casino_skip"] == "active"
        s.turn_limit = options["turn_limit"]
        s.turn = 0
        s.cards = load_deck(options["stooge_deck"] or None).cards
        s._rng = mix_seed(seed)
        s._legal = None
        s.events = []
        # 3. shuffle the gangsters and deal 5 to each player; the rest is the draw pile.
        s.draw = list(GANGSTER_COUNTS)
        s.discard = [0, 0, 0]
        s.hands = [[0, 0, 0] for _ in range(n)]
        for seat in range(n):
            for _ in range(5):
                s.hands[seat][s._draw_gangster()] += 1
        # 4. the top 5 (2013) or 7 (current) gangsters are turned up at Downtown.
        s.downtown = [0, 0, 0]
        for _ in range(5 if s.ed2013 else 7):
            s.downtown[s._draw_gangster()] += 1
        # 5. each stooge's 9 cards shuffled into a pile, fronts up.
        s.spiles = [s._shuffled([c.id for c in s.cards if c.stooge == p]) for p in range(3)]
        # 6-7. the 12 fences shuffled into three piles of four, a casino card under each.
        fences = s._shuffled(list(range(12)))
        s.fpiles = [[CASINO, *fences[4 * p:4 * p + 4]] for p in range(3)]
        # 8-9. the bank, and $10,000 to each player as 3 x $1,000, $2,000, $5,000.
        s.cash = [list(START_NOTES) for _ in range(n)]
        s.bank = [NOTE_COUNTS[i] - n * START_NOTES[i] for i in range(5)]
        s.disp_n = [[0] * 5 for _ in range(n)]
        s.down_n = [[0] * 5 for _ in range(n)]
        s.disp_g = [[0, 0, 0] for _ in range(n)]
        s.down_g = [[0, 0, 0] for _ in range(n)]
        s.shand = [[] for _ in range(n)]
        s.out_s, s.out_f = [], []
        s.known_s = [set() for _ in range(n)]
        s.known_f = [set() for _ in range(n)]
        s.pub_s, s.pub_f = set(), set()
        s.casinos = 0
        s.ending = s.final_casino = False
        s.tokens = [[-1, -1] for _ in range(n)]
        # "The player who has last been in prison begins by placing" (D3: option first_seat).
        if options["first_seat"] == "random":
            s._rng, r = splitmix64(s._rng)
            s.first_placer = r % n
        else:
            s.first_placer = 0
        s.starter = -1
        s.queue = [(s.first_placer + i) % n for i in range(n)]
        s.active = s.nxt = s.payee = s.look_pile = -1
        s.moved = s.used = s.spent = 0
        s.robbed = s.villa_w = s.villa_e = False
        s.prices = [0, 0, 0]
        s.bought = [0, 0, 0]
        s.offer = []
        s.offer_loot = -1
        s.bets = [-1] * n
        s.casino_seats = []
        s.resume = RESUME_AFTER_SALE
        s.phase = PLACE
        s.actor = s.queue[0]
        return s

    # -- chance ---------------------------------------------------------------------------------

    def _shuffled(self, items: list[int]) -> list[int]:
        for i in range(len(items) - 1, 0, -1):
            self._rng, r = splitmix64(self._rng)
            j = r % (i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def _draw_gangster(self) -> int:
        """The top gangster of the draw pile, or -1 when the draw and discard piles are both empty.

        "If the pile is used up, all gangster cards of the discard pile are shuffled" (D14): the pile is
        a multiset drawn at random, so shuffling is pouring the discard pile into it.
        """
        draw = self.draw
        total = draw[0] + draw[1] + draw[2]
        if not total:
            self._reshuffle()
            total = draw[0] + draw[1] + draw[2]
            if not total:
                return -1
        self._rng, r = splitmix64(self._rng)
        r %= total
        kind = 0 if r < draw[0] else 1 if r < draw[0] + draw[1] else 2
        draw[kind] -= 1
        if total == 1:
            self._reshuffle()
        return kind

    def _reshuffle(self) -> None:
        if sum(self.discard):
            for k in range(3):
                self.draw[k] += self.discard[k]
                self.discard[k] = 0
            self.events.append((None, "the gangster discard pile is shuffled into a new draw pile"))

    # -- the State contract ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._players

    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.actor

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def wealth(self, seat: int) -> int:
        """A seat's money in thousands: cash plus its display, face-down additions included."""
        return total_value(self.cash[seat], self.disp_n[seat], self.down_n[seat])

    def result(self) -> Result:
        scores = tuple(1000 * self.wealth(s) for s in range(self._players))
        ranks = rank_by([(score,) for score in scores])
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        breakdown = tuple(
            {"cash": 1000 * value(self.cash[s]),
             "display": 1000 * (value(self.disp_n[s]) + value(self.down_n[s]))}
            for s in range(self._players))
        return Result(scores, ranks, winners, breakdown)

    def apply(self, action: int) -> None:
        legal = self._checked(action)
        self.events = []
        self._apply(action, legal)

    def _why_illegal(self, action: object) -> str:
        from .view import action_text

        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not a Downtown action id (0..{NUM_ACTIONS - 1})"
        if self.phase == OVER:
            return f"{action_text(self, action)!r}: the game is over"
        legal = self._legal or []
        choices = "; ".join(action_text(self, a) for a in legal)
        return (f"{action_text(self, action)!r} is not legal now: seat {self.actor} is at "
                f"{PHASE_NAMES[self.phase]}; legal now: {choices}")

    def clone(self) -> DowntownState:
        s = DowntownState.__new__(DowntownState)
        s._players = self._players
        s._rng = self._rng
        s._legal = self._legal
        s.options = self.options
        s.ed2013 = self.ed2013
        s.villa_rule = self.villa_rule
        s.villa_victim = self.villa_victim
        s.pay_without_move = self.pay_without_move
        s.casino_active_only = self.casino_active_only
        s.turn_limit = self.turn_limit
        s.turn = self.turn
        s.cards = self.cards
        s.events = self.events[:]
        s.draw = self.draw[:]
        s.discard = self.discard[:]
        s.downtown = self.downtown[:]
        s.hands = [h[:] for h in self.hands]
        s.shand = [h[:] for h in self.shand]
        s.cash = [c[:] for c in self.cash]
        s.bank = self.bank[:]
        s.disp_n = [c[:] for c in self.disp_n]
        s.down_n = [c[:] for c in self.down_n]
        s.disp_g = [c[:] for c in self.disp_g]
        s.down_g = [c[:] for c in self.down_g]
        s.spiles = [p[:] for p in self.spiles]
        s.fpiles = [p[:] for p in self.fpiles]
        s.out_s = self.out_s[:]
        s.out_f = self.out_f[:]
        s.known_s = [set(k) for k in self.known_s]
        s.known_f = [set(k) for k in self.known_f]
        s.pub_s = set(self.pub_s)
        s.pub_f = set(self.pub_f)
        s.casinos = self.casinos
        s.ending = self.ending
        s.final_casino = self.final_casino
        s.tokens = [t[:] for t in self.tokens]
        s.first_placer = self.first_placer
        s.starter = self.starter
        s.queue = self.queue[:]
        s.active = self.active
        s.actor = self.actor
        s.nxt = self.nxt
        s.payee = self.payee
        s.look_pile = self.look_pile
        s.moved = self.moved
        s.used = self.used
        s.spent = self.spent
        s.robbed = self.robbed
        s.villa_w = self.villa_w
        s.villa_e = self.villa_e
        s.prices = self.prices[:]
        s.bought = self.bought[:]
        s.offer = self.offer[:]
        s.offer_loot = self.offer_loot
        s.bets = self.bets[:]
        s.casino_seats = self.casino_seats[:]
        s.resume = self.resume
        s.phase = self.phase
        return s

    def determinize(self, seat: int, rng: random.Random) -> DowntownState:
        self.check_seat(seat)
        from .hidden import determinize

        return determinize(self, seat, rng)

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            self.check_seat(seat)
        from .view import build_view

        return build_view(self, seat)

    # -- legal actions --------------------------------------------------------------------------

    def _empty_locations(self) -> list[int]:
        taken = {loc for t in self.tokens for loc in t}
        return [loc for loc in range(6) if loc not in taken]

    def _free_moves(self) -> list[int]:
        """Phase 1: each own token not yet moved to a location where no token stands (D7)."""
        empty = self._empty_locations()
        mine = self.tokens[self.active]
        return sorted(move_action(mine[i], z) for i in (0, 1) if not self.moved >> i & 1 for z in empty)

    def _pay_moves(self, payee: int) -> list[int]:
        """A move of one own token onto a location of the paid player, not onto one's other token."""
        mine = self.tokens[self.active]
        return sorted({move_action(mine[i], z) for i in (0, 1) for z in self.tokens[payee]
                       if z != mine[i] and z != mine[1 - i]})

    def can_pay(self, payee: int) -> bool:
        """Can the active player pay `payee` exactly what lies in `payee`'s display (D9)?"""
        a = self.active
        if value(self.cash[a]) < value(self.disp_n[payee]):
            return False
        hand, wanted = self.hands[a], self.disp_g[payee]
        if hand[0] < wanted[0] or hand[1] < wanted[1] or hand[2] < wanted[2]:
            return False
        if self._players == 2 or self.pay_without_move:
            return True
        # `_pay_moves(payee)` is not empty: a token of the payee stands where the active player has none.
        mine, theirs = self.tokens[a], self.tokens[payee]
        return theirs[0] not in mine or theirs[1] not in mine

    def usable_locations(self) -> list[int]:
        """Locations the active player may still use in phase 3."""
        if self._players > 2 and self.used:
            return []
        mine = self.tokens[self.active]
        return [loc for loc in (DOWNTOWN, WEST_SIDE, EAST_SIDE) if loc in mine and not self.used >> loc & 1]

    def _note_actions(self, seat: int, base: int) -> list[int]:
        """Notes `seat` may put down, bid or bet: those it holds, and in the current edition any it can
        get by exchange with the bank's present notes ("zu jeder Zeit des Spiels [...] umtauschen", D1).
        """
        cash = self.cash[seat]
        if not self.ed2013:
            return [base + i for i in notes_to_put_down(cash, self.bank, True)]
        held = []
        for i in range(5):  # (a comprehension would cost a function call on Python 3.11)
            if cash[i]:
                held.append(base + i)
        return held

    def _jobs(self) -> list[int]:
        hand = self.hands[self.active]
        acts = []
        for p in range(3):
            pile = self.spiles[p]
            if pile:
                needs = self.cards[pile[-1]].needs
                if hand[0] >= needs[0] and hand[1] >= needs[1] and hand[2] >= needs[2]:
                    acts.append(JOB0 + p)
        return acts

    def _fence_tops(self) -> list[int]:
        """The fence on top of each pile, -1 for a pile that is gone."""
        return [p[-1] if p else -1 for p in self.fpiles]

    def _offers(self, loot: int) -> list[int]:
        """Stooge cards the active player may offer: of kind `loot` (or any, -1) that a top fence buys."""
        kinds = {FENCES[f][0] for f in self._fence_tops() if f >= 0}
        return [OFFER0 + c for c in self.shand[self.active]
                if self.cards[c].loot in kinds and (loot < 0 or self.cards[c].loot == loot)]

    def _buys(self) -> list[int]:
        money = value(self.cash[self.active]) - self.spent
        prices = self.prices if self.phase == BUYING else [price(n) if n else 0 for n in self.downtown]
        return [BUY0 + k for k in range(3) if self.downtown[k] and prices[k] <= money]

    def _compute_legal(self) -> list[int]:
        # The phases are tested from the most frequent in random play down (see `_apply`).
        phase, seat = self.phase, self.actor
        if phase in DISPLAY_PHASES:
            acts = [DONE, *self._note_actions(seat, ADD_NOTE0)]
            hand = self.hands[seat]
            for k in range(3):  # (a comprehension would cost a function call on Python 3.11)
                if hand[k]:
                    acts.append(ADD_GANGSTER0 + k)
            return acts
        if phase == HANDLIMIT:
            hand = self.hands[seat]
            acts = [ADD_GANGSTER0 + k for k in range(3) if hand[k]]
            if self.ed2013:
                acts += [DISCARD_GANGSTER0 + k for k in range(3) if hand[k]]
            return acts + [SHED_STOOGE0 + c for c in self.shand[seat]]
        if phase == ROBPAY:
            others = [s for s in range(self._players) if s != seat]
            return [ROB0 + s for s in others] + [PAY0 + s for s in others if self.can_pay(s)]
        if phase == LOCATION:
            acts = [DONE]
            usable = self.usable_locations()
            if DOWNTOWN in usable:
                acts += self._buys()
            if WEST_SIDE in usable:
                acts += self._jobs()
                acts += [LOOK_STOOGE0 + p for p in range(3) if self.spiles[p]]
            if EAST_SIDE in usable:
                acts += [LOOK_FENCE0 + p for p, f in enumerate(self._fence_tops()) if f >= 0]
                acts += self._offers(-1)
            return sorted(acts)
        if phase == OVER:
            return []
        if phase == PLACE:
            first = self.tokens[seat][0]
            if first < 0:
                return [PLACE0 + loc for loc in range(6)]
            if not self.ed2013 and first >= GHETTO:  # current edition: one on Downtown/West/East
                return [PLACE0 + loc for loc in (DOWNTOWN, WEST_SIDE, EAST_SIDE)]
            return [PLACE0 + loc for loc in range(6) if loc != first]
        if phase == BID:
            bid = value(self.down_n[seat])
            acts = [DONE] if bid else []
            # "$1,000 to $3,000" in $1,000 and $2,000 notes (D6)
            return acts + [act for act in self._note_actions(seat, ADD_NOTE0)
                           if act < ADD_NOTE0 + 2 and bid + DENOMINATIONS[act - ADD_NOTE0] <= 3]
        if phase == MOVE:
            return [DONE, *self._free_moves()]
        if phase == PAYMOVE:
            acts = self._pay_moves(self.payee)
            return [DONE, *acts] if self._players == 2 or self.pay_without_move else acts
        if phase == BUYING:
            return [DONE, *self._buys()]
        if phase == STOOGE_BACK:
            return [PUT_TOP, PUT_UNDER]
        if phase == AFTER_STOOGE_LOOK:
            return [DONE, *self._jobs()]
        if phase == FENCE_BACK:
            if self.ed2013:
                return [PUT_TOP, PUT_UNDER]
            return [PUT_ONTO0 + q for q in range(3) if q == self.look_pile or self.fpiles[q]]
        if phase == AFTER_FENCE_LOOK:
            return [DONE, *self._offers(-1)]
        if phase == OFFERING:
            sells = [SELL_AT0 + p for p, f in enumerate(self._fence_tops())
                     if f >= 0 and FENCES[f][0] == self.offer_loot]
            return sorted(self._offers(self.offer_loot) + sells)
        if phase == CASINO_VOTE:
            return [CASINO_PLAY, CASINO_SKIP]
        # CASINO_BET
        return self._note_actions(seat, BILL0)

    # -- apply ----------------------------------------------------------------------------------

    def _apply(self, action: int, legal: list[int]) -> None:
        """Carry out a legal `action`, chosen from `legal`; `self._legal` is None on entry.

        A step after which the same seat decides again may set `self._legal` from `legal` instead of
        leaving it to be computed afresh (`_add_to_display` does). The phases are tested from the most
        frequent in random play down: adding to displays is two decisions in three, the hand limit one
        in eight, robbing or paying one in thirteen.
        """
        phase = self.phase
        if phase in DISPLAY_PHASES:
            self._add_to_display(action, legal)
        elif phase == HANDLIMIT:
            self._shed(action)
        elif phase == ROBPAY:
            if action < PAY0:
                self._rob(action - ROB0)
            else:
                self._pay(action - PAY0)
        elif phase in (LOCATION, BUYING, AFTER_STOOGE_LOOK, AFTER_FENCE_LOOK, OFFERING):
            self._location_action(action)
        elif phase == PLACE:
            self._place(action - PLACE0)
        elif phase == BID:
            self._bid(action)
        elif phase == MOVE:
            if action == DONE:
                self._enter_robpay()
            else:
                self._move_token(*MOVES[action])
                self.moved |= 1 << self.tokens[self.active].index(MOVES[action][1])
                if self.moved == 3 or not self._free_moves():
                    self._enter_robpay()
        elif phase == PAYMOVE:
            if action != DONE:
                self._move_token(*MOVES[action])
            self._after_phase2()
        elif phase == STOOGE_BACK:
            if action == PUT_UNDER:
                pile = self.spiles[self.look_pile]
                pile.insert(0, pile.pop())
            where = "under the pile" if action == PUT_UNDER else "back on top"
            self.events.append((None, f"puts it {where}"))
            self._after_stooge_look()
        elif phase == FENCE_BACK:
            self._put_fence(action)
        elif phase == CASINO_VOTE:
            casino.vote(self, action == CASINO_PLAY)
        else:  # CASINO_BET (OVER has no legal action)
            casino.bet(self, action - BILL0)

    # set-up steps

    def _place(self, loc: int) -> None:
        seat = self.actor
        mine = self.tokens[seat]
        if mine[0] < 0:
            mine[0] = loc
            return
        mine[1] = loc
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
            return
        # "The player who has first placed a token on the East Side will then start the game. If no
        # player has placed a token on the East Side, the player who has last been in prison starts."
        # With two players "the player who has last been to prison begins" (D5, D28).
        order = [(self.first_placer + i) % self._players for i in range(self._players)]
        east = [s for s in order if EAST_SIDE in self.tokens[s]]
        self.starter = east[0] if east and self._players > 2 else self.first_placer
        self.events.append((None, f"seat {self.starter} starts the game"))
        # "Each player, except the starting player, places $1,000 to $3,000 face down" (D6).
        self.queue = [(self.starter + i) % self._players for i in range(1, self._players)]
        self.phase = BID
        self.actor = self.queue[0]

    def _bid(self, action: int) -> None:
        seat = self.actor
        if action != DONE:
            note = action - ADD_NOTE0
            self._take_note(seat, note)
            self.down_n[seat][note] += 1
            # Even a $3,000 bid ends with "done": ending it by itself would tell the others its amount.
            return
        self.queue.pop(0)
        if self.queue:
            self.actor = self.queue[0]
            return
        # "As soon all players have placed bank notes [...] each player turns over the money."
        self._reveal_displays()
        self._start_turn(self.starter)

    def _reveal_displays(self) -> None:
        for s in range(self._players):
            notes, cards = self.down_n[s], self.down_g[s]
            if any(notes) or any(cards):
                shown_notes, shown_cards = self.disp_n[s], self.disp_g[s]
                for i in range(5):
                    shown_notes[i] += notes[i]
                    notes[i] = 0
                for k in range(3):
                    shown_cards[k] += cards[k]
                    cards[k] = 0
                self.events.append((None, f"seat {s}'s face-down display is turned up"))

    # the turn

    def _start_turn(self, seat: int) -> None:
        if self.turn_limit and self.turn >= self.turn_limit:
            self.events.append((None, f"the turn limit of {self.turn_limit} turns is reached: the game ends"))
            self._finish()
            return
        self.turn += 1
        self.active = self.actor = seat
        # D10: the active player's display goes back to his money and hand at the start of his turn.
        cash, hand = self.cash[seat], self.hands[seat]
        shown_notes, shown_cards = self.disp_n[seat], self.disp_g[seat]
        for i in range(5):
            cash[i] += shown_notes[i]
            shown_notes[i] = 0
        for k in range(3):
            hand[k] += shown_cards[k]
            shown_cards[k] = 0
        self.moved = self.used = 0
        self.robbed = self.villa_w = self.villa_e = False
        self.nxt = self.payee = -1
        if self._free_moves():
            self.phase = MOVE
        else:
            self._enter_robpay()

    def _move_token(self, origin: int, target: int) -> None:
        mine = self.tokens[self.active]
        mine[mine.index(origin)] = target

    def _enter_robpay(self) -> None:
        self.phase = ROBPAY
        self.actor = self.active

    def _rob(self, victim: int) -> None:
        a = self.active
        notes, cards = self.disp_n[victim], self.disp_g[victim]
        cash, hand = self.cash[a], self.hands[a]
        robbed = value(notes)
        for i in range(5):
            cash[i] += notes[i]
            notes[i] = 0
        for k in range(3):
            hand[k] += cards[k]
            cards[k] = 0
        self.nxt = victim
        self.robbed = True
        self.events.append((None, f"seat {a} robs seat {victim}"))
        if self.villa_rule:
            # 2013 "rules expansion for advanced players": the lone Villa holder gets half (D25).
            holders = [s for s in range(self._players) if VILLA in self.tokens[s]]
            if len(holders) == 1 and holders[0] != a and (self.villa_victim or holders[0] != victim):
                share = robbed // 2
                if share:
                    self._tell_exchange(a, transfer(self.cash[a], self.cash[holders[0]], share, self.bank))
                    self.events.append((None, f"seat {holders[0]} at the Villa takes half of the robbed "
                                              f"money"))
        if self._money_end():
            return
        self._after_phase2()

    def _pay(self, payee: int) -> None:
        a = self.active
        amount = value(self.disp_n[payee])
        if amount:
            self._tell_exchange(a, transfer(self.cash[a], self.cash[payee], amount, self.bank))
        for k in range(3):
            self.hands[a][k] -= self.disp_g[payee][k]
            self.hands[payee][k] += self.disp_g[payee][k]
        self.nxt = self.payee = payee
        self.events.append((None, f"seat {a} pays seat {payee}"))
        if self._money_end():
            return
        if self._pay_moves(payee):
            self.phase = PAYMOVE
        else:
            self._after_phase2()

    def _after_phase2(self) -> None:
        # Two players: "When robbing another player in Phase 2, the current player must skip Phase 3".
        if self._players == 2 and self.robbed:
            self._end_phase3()
        else:
            self._enter_location()

    def _enter_location(self) -> None:
        if self.phase == OVER:
            return
        if self.usable_locations():
            self.phase = LOCATION
            self.actor = self.active
        else:
            self._end_phase3()

    def _after_use(self, loc: int) -> None:
        self.used |= 1 << loc
        if self.phase == OVER:
            return
        if self._players == 2:
            self._enter_location()  # "Players may always use both locations"
        else:
            self._end_phase3()

    def _location_action(self, action: int) -> None:
        if action == DONE:
            phase = self.phase
            if phase == BUYING:
                self._finish_buying()
            elif phase == AFTER_STOOGE_LOOK:
                self._after_use(WEST_SIDE)
            elif phase == AFTER_FENCE_LOOK:
                self._after_use(EAST_SIDE)
            else:  # LOCATION: the player ends phase 3
                self._end_phase3()
        elif action < JOB0:
            self._buy(action - BUY0)
        elif action < LOOK_STOOGE0:
            self._job(action - JOB0)
        elif action < LOOK_FENCE0:
            self._look_stooge(action - LOOK_STOOGE0)
        elif action < PUT_TOP:
            self._look_fence(action - LOOK_FENCE0)
        elif action < SELL_AT0:
            self._offer(action - OFFER0)
        else:
            self._sell(action - SELL_AT0)

    # Downtown

    def _buy(self, kind: int) -> None:
        if self.phase != BUYING:
            # D12: each kind's price is fixed by how many lie out when buying starts.
            self.prices = [price(n) if n else 0 for n in self.downtown]
            self.spent = 0
            self.bought = [0, 0, 0]
            self.phase = BUYING
        self.downtown[kind] -= 1
        self.hands[self.active][kind] += 1
        self.bought[kind] += 1
        self.spent += self.prices[kind]

    def _finish_buying(self) -> None:
        a, spent = self.active, self.spent
        from .view import gangsters_text, money_text

        self.events.append((None, f"seat {a} buys {gangsters_text(self.bought)} for {money_text(spent)}"))
        self._tell_exchange(a, transfer(self.cash[a], self.bank, spent, self.bank))
        # Bank: the holders share the payment; 2013 ignores the buyer's own token, current counts it.
        holders = [s for s in range(self._players)
                   if BANK in self.tokens[s] and not (self.ed2013 and s == a)]
        if holders and spent:
            share = spent // len(holders)
            for s in holders:
                paid, _ = self._pay_out(s, share)
                self.events.append((None, f"seat {s} at the Bank receives {money_text(paid)}"))
        # "Then the 3 topmost cards [...] are turned over and laid out, up to a maximum of 10 cards
        # and a minimum of 5 cards."
        turned = [0, 0, 0]
        for _ in range(refill_count(sum(self.downtown))):
            kind = self._draw_gangster()
            if kind < 0:
                break
            self.downtown[kind] += 1
            turned[kind] += 1
        self.events.append((None, f"turned up at Downtown: {gangsters_text(turned)}"))
        if not self.ed2013:
            self._ghetto()  # current: "nachdem einer der Mitspieler in der Downtown [...] eingekauft hat"
        self.spent = 0
        if self._money_end():
            return
        self._after_use(DOWNTOWN)

    def _ghetto(self) -> None:
        """Ghetto holders other than the active player draw: 2 for a lone holder, else 1 each (D15)."""
        a, n = self.active, self._players
        holders = [(a + i) % n for i in range(1, n) if GHETTO in self.tokens[(a + i) % n]]
        from .cards import GANGSTER_NAMES

        for s in holders:
            for _ in range(2 if len(holders) == 1 else 1):
                kind = self._draw_gangster()
                if kind < 0:
                    return
                self.hands[s][kind] += 1
                self.events.append((None, f"seat {s} in the Ghetto draws a gangster card"))
                self.events.append((s, f"you draw a {GANGSTER_NAMES[kind]} in the Ghetto"))

    # West Side

    def _job(self, p: int) -> None:
        a = self.active
        card = self.spiles[p].pop()
        needs = self.cards[card].needs
        for k in range(3):
            self.hands[a][k] -= needs[k]
            self.discard[k] += needs[k]
        self.shand[a].append(card)
        self.shand[a].sort()
        self._forget_stooge(card, a)
        self.events.append((None, f"seat {a} does the job of {self.cards[card].front_text()}"))
        if self.ed2013:
            self._ghetto()  # 2013: "each time another player has played gangster cards for a job"
        self._after_use(WEST_SIDE)

    def _forget_stooge(self, card: int, holder: int) -> None:
        """A card entering `holder`'s hand: the others no longer track it (docs D30)."""
        self.pub_s.discard(card)
        for s, known in enumerate(self.known_s):
            if s != holder:
                known.discard(card)

    def _look_stooge(self, p: int) -> None:
        a = self.active
        pile = self.spiles[p]
        self.known_s[a].add(pile[-1])
        self.look_pile = p
        self.events.append((None, f"seat {a} looks at the top card of stooge pile {p}"))
        if len(pile) == 1:  # D18: on top and under are the same place
            self._after_stooge_look()
        else:
            self.phase = STOOGE_BACK
            self.actor = a

    def _after_stooge_look(self) -> None:
        if VILLA in self.tokens[self.active] and not self.villa_w:
            # Villa: "play the West Side alternative action [...] The player may steal afterwards"
            self.villa_w = True
            self.phase = AFTER_STOOGE_LOOK
        else:
            self._after_use(WEST_SIDE)

    # East Side

    def _look_fence(self, p: int) -> None:
        a = self.active
        pile = self.fpiles[p]
        self.known_f[a].add(pile[-1])
        self.look_pile = p
        self.events.append((None, f"seat {a} looks at the top card of fence pile {p}"))
        alone = len(pile) == 1 if self.ed2013 else not any(self.fpiles[q] for q in range(3) if q != p)
        if alone:
            self._after_fence_placed()
        else:
            self.phase = FENCE_BACK
            self.actor = a

    def _put_fence(self, action: int) -> None:
        p = self.look_pile
        pile = self.fpiles[p]
        if action == PUT_UNDER:
            pile.insert(0, pile.pop())
            self.events.append((None, "puts it under the pile"))
        elif action == PUT_TOP:
            self.events.append((None, "puts it back on top"))
        else:
            q = action - PUT_ONTO0
            if q != p:
                self.fpiles[q].append(pile.pop())
            self.events.append((None, f"puts it on fence pile {q}"))
        self._after_fence_placed()

    def _after_fence_placed(self) -> None:
        if casino.check(self, self.look_pile, RESUME_AFTER_FENCE_LOOK):
            return
        self._after_fence_look()

    def _after_fence_look(self) -> None:
        if self.phase == OVER:
            return
        if VILLA in self.tokens[self.active] and not self.villa_e:
            self.villa_e = True
            self.phase = AFTER_FENCE_LOOK
            self.actor = self.active
        else:
            self._after_use(EAST_SIDE)

    def _offer(self, card: int) -> None:
        a = self.active
        self.shand[a].remove(card)
        self.offer.append(card)
        self.offer_loot = self.cards[card].loot
        self.pub_s.add(card)  # offered loot is shown: the sale follows with no other decision between
        self.phase = OFFERING
        self.actor = a

    def _sell(self, p: int) -> None:
        a = self.active
        pile = self.fpiles[p]
        fence = pile.pop()
        total = sum(self.cards[c].back for c in self.offer)
        paid, _ = self._pay_out(a, payout(total, fence))
        from .cards import fence_text
        from .view import money_text

        cop = " an undercover cop!" if FENCES[fence][2] else " honest"
        self.events.append((None, f"seat {a} sells loot worth {money_text(total)} to fence pile {p}: "
                                  f"the {fence_text(fence)} is{cop}; the bank pays {money_text(paid)}"))
        if self.ed2013:
            self.out_s.extend(self.offer)  # "Played Stooge-Cards are taken out of the game."
            pile.insert(0, fence)  # "placed underneath the same pile" (D20: under the casino card too)
            self.pub_f.add(fence)
        else:
            for c in self.offer:  # "zurück unter den zugehörigen Stapel (West Side) geschoben"
                self.spiles[self.cards[c].stooge].insert(0, c)
            self.out_f.append(fence)  # "Die aufgedeckte Hehler-Karte kommt aus dem Spiel."
            self.pub_f.add(fence)
        self.offer = []
        self.offer_loot = -1
        if self._money_end():
            return
        if casino.check(self, p, RESUME_AFTER_SALE):
            return
        self._after_use(EAST_SIDE)

    # end of phase 3, phase 4

    def _end_phase3(self) -> None:
        if self.phase == OVER:
            return
        if self.ending:
            # D27: after the turn of the 2nd casino card; what is left of the turn cannot change money.
            self._finish()
            return
        a, n = self.active, self._players
        # D11: the others but the next player may add face down while phase 3 lasts.
        self.queue = [(a + i) % n for i in range(1, n) if (a + i) % n != self.nxt]
        if self.queue:
            self.phase = WINDOW
            self.actor = self.queue[0]
        else:
            self.phase = REFRESH
            self.actor = a

    def _add_to_display(self, action: int, legal: list[int]) -> None:
        """One decision while adding to displays; `legal` is what `action` was chosen from."""
        seat = self.actor
        face_down = self.phase == WINDOW
        if action == DONE:
            if face_down:
                self.queue.pop(0)
                if self.queue:
                    self.actor = self.queue[0]
                else:
                    self.phase = REFRESH
                    self.actor = self.active
                return
            # "If other players have placed additional bank notes and/or Gangster cards face down [...]
            # these [...] must be turned face up now."
            self._reveal_displays()
            self._enter_handlimit()
            return
        if action < ADD_GANGSTER0:
            note = action - ADD_NOTE0
            self._take_note(seat, note)
            (self.down_n if face_down else self.disp_n)[seat][note] += 1
            if not self.ed2013:
                # The notes it can get by exchange depend on all its notes and the bank's: recompute
                # them; its gangster choices stay as they were.
                self._legal = [DONE, *self._note_actions(seat, ADD_NOTE0),
                               *[act for act in legal if act >= ADD_GANGSTER0]]
                return
            left = self.cash[seat][note]
        else:
            kind = action - ADD_GANGSTER0
            hand = self.hands[seat]
            hand[kind] -= 1
            (self.down_g if face_down else self.disp_g)[seat][kind] += 1
            left = hand[kind]
        # The same seat adds again, and its choices are the notes and the gangster kinds it holds: they
        # change only if it has just put down its last of one. (A new list: clones share the old one.)
        self._legal = legal if left else [act for act in legal if act != action]

    def _take_note(self, seat: int, note: int) -> None:
        """`seat` takes a note of index `note` from its cash to put down, first getting it by exchange
        at the bank if it holds none (D1: only the notes handed over and taken are public)."""
        cash = self.cash[seat]
        if not cash[note]:
            plan = exchange_plan(cash, note, self.bank)
            assert plan is not None
            do_exchange(cash, self.bank, plan)
            self._tell_exchange(seat, plan)
        cash[note] -= 1

    def _pay_out(self, seat: int, amount: int) -> tuple[int, Notes | None]:
        """The bank pays `seat` (`money.pay_out`), telling the change `seat` had to give it, if any."""
        paid, handed = pay_out(self.bank, self.cash[seat], amount)
        if handed is not None:
            from .cards import notes_text

            self.events.append((None, f"seat {seat} hands the bank {notes_text(handed)} so that it can "
                                      "pay in the notes it has"))
        return paid, handed

    def _tell_exchange(self, seat: int, plan: Exchange | None) -> None:
        """Tell everyone of an exchange `seat` made at the bank (None: it made none)."""
        if plan is None:
            return
        from .cards import notes_text

        self.events.append((None, f"seat {seat} changes {notes_text(plan[0])} at the bank for "
                                  f"{notes_text(plan[1])}"))

    def hand_limit(self, seat: int) -> int:
        """7 cards, or 10 with a token at Don Massimo's Villa."""
        return VILLA_HAND_LIMIT if VILLA in self.tokens[seat] else HAND_LIMIT

    def _enter_handlimit(self) -> None:
        a = self.active
        if sum(self.hands[a]) + len(self.shand[a]) > self.hand_limit(a):
            self.phase = HANDLIMIT
            self.actor = a
        else:
            self._start_turn(self.nxt)

    def _shed(self, action: int) -> None:
        a = self.active
        if action < DISCARD_GANGSTER0:  # into the display, face up
            kind = action - ADD_GANGSTER0
            self.hands[a][kind] -= 1
            self.disp_g[a][kind] += 1
        elif action < SHED_STOOGE0:  # 2013: "or on to the Gangster card discard pile"
            kind = action - DISCARD_GANGSTER0
            self.hands[a][kind] -= 1
            self.discard[kind] += 1
        else:  # D26: where used stooge cards go, back unseen
            card = action - SHED_STOOGE0
            self.shand[a].remove(card)
            self.known_s[a].add(card)
            if self.ed2013:
                self.out_s.append(card)
            else:
                self.spiles[self.cards[card].stooge].insert(0, card)
        self._enter_handlimit()

    # the end

    def _money_end(self) -> bool:
        """D27: $100,000 or more, display included, ends the game at once."""
        for cash, shown, face_down in zip(self.cash, self.disp_n, self.down_n, strict=True):
            if total_value(cash, shown, face_down) >= WIN_MONEY:
                self.events.append((None, "a player has $100,000: the game ends"))
                self._finish()
                return True
        return False

    def _finish(self) -> None:
        self.phase = OVER
        self.queue = []
