"""The Downtown state: its fields, the set-up, chance, the State contract, and which rule each phase's
legal actions and decisions go to.

The rules themselves are in the modules named after them, written as functions of the state and bound
here as its methods (so a call is an ordinary method call): opening.py (placing tokens, opening bids),
moves.py (phases 1 and 2: moving tokens, robbing or paying), locations.py (phase 3: Downtown, the West
and East Sides), casino.py, displays.py (notes put down, displays, the bank's payments) and turns.py
(a turn beginning and ending, the hand limit, the game end). The phase ids are in phases.py.

Both editions are one engine; `self.ed2013` switches every difference listed in RULES-NOTES.md.
Every decision in docs/rules/downtown.md (D1..D31) is applied in these modules; its number is quoted
where it matters. Money is in thousands of dollars; notes are five counts (see money.py).

Piles are lists with the top card last. Hidden information: the gangster draw pile (a multiset, drawn
at random by the state's own generator), the order of the stooge and fence piles below their top
cards, the backs of unrevealed stooge and fence cards, other seats' hands and cash, face-down
additions, opening bids and casino notes until they are revealed (docs: D30).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gangland.engine import (
    CachedLegalState,
    IllegalAction,
    Result,
    as_method,
    fill_seats,
    plain_names,
    rank_by,
    seat_label,
)
from gangland.engine.rng import mix_seed, splitmix64

from . import casino, displays, hidden, locations, moves, opening, turns
from .cards import (
    ADD_NOTE0,
    BILL0,
    CASINO,
    CASINO_PLAY,
    CASINO_SKIP,
    DENOMINATIONS,
    DONE,
    DOWNTOWN,
    EAST_SIDE,
    FENCES,
    GANGSTER_COUNTS,
    GHETTO,
    MOVES,
    NOTE_COUNTS,
    NUM_ACTIONS,
    PAY0,
    PLACE0,
    PUT_ONTO0,
    PUT_TOP,
    PUT_UNDER,
    ROB0,
    SELL_AT0,
    START_NOTES,
    WEST_SIDE,
)
from .deck import StoogeCard, load_deck
from .money import total_value, value
from .phases import (
    AFTER_FENCE_LOOK,
    AFTER_STOOGE_LOOK,
    BID,
    BUYING,
    CASINO_BET,
    CASINO_VOTE,
    DISPLAY_PHASES,
    FENCE_BACK,
    HANDLIMIT,
    LOCATION,
    MOVE,
    OFFERING,
    OVER,
    PAYMOVE,
    PHASE_NAMES,
    PLACE,
    REFRESH,
    RESUME_AFTER_FENCE_LOOK,
    RESUME_AFTER_SALE,
    ROBPAY,
    STOOGE_BACK,
    WINDOW,
    Event,
)
from .view import action_text, build_view


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
        "pend",
        "phase",
        "prices",
        "pub_f",
        "pub_s",
        "queue",
        "resume",
        "robbed",
        "shand",
        "shown",
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
    pend: list[tuple[tuple[int, ...], tuple[int, ...]] | None]
    """Per seat, the exchange (handed, taken) made for notes chosen in secret and not yet turned up
    (D1): the notes taken are in its hand, the notes handed wait here, outside the bank."""
    phase: int
    prices: list[int]
    pub_f: set[int]
    pub_s: set[int]
    queue: list[int]
    resume: int
    robbed: bool
    shand: list[list[int]]
    shown: tuple[tuple[int, tuple[int, ...]], ...]
    """This step's exchanges as everyone saw them: (seat, notes it took and still holds)."""
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
        s = cls()
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
        s.shown = ()
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
        s.pend = [None] * n
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

    def apply(self, action: object) -> None:
        # `CachedLegalState._checked` and the phase dispatch (`_apply`) written out here: a random
        # playout's decision costs a few microseconds, and two calls are a tenth of that.
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        # bool and float compare equal to ints (True == 1): only a real int is an action id.
        if type(action) is not int or action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None
        self.events = []
        self.shown = ()
        if self.phase in DISPLAY_PHASES:  # two decisions in three of random play
            displays._add_to_display(self, action, legal)
        else:
            self._apply(action, legal)

    def _why_illegal(self, action: object) -> str:
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not a Downtown action id (0..{NUM_ACTIONS - 1})"
        if self.phase == OVER:
            return f"{action_text(self, action)!r}: the game is over"
        legal = self._legal or []
        # (an error names seats as the terminal does: it is not narration a front end fills in)
        choices = fill_seats("; ".join(action_text(self, a) for a in legal), plain_names(self.players))
        return (f"{fill_seats(action_text(self, action), plain_names(self.players))!r} is not legal now: "
                f"{seat_label(self.actor)} is at "
                f"{PHASE_NAMES[self.phase]}; legal now: {choices}")

    def clone(self) -> DowntownState:
        s = DowntownState()
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
        s.shown = self.shown
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
        s.pend = self.pend[:]
        s.casino_seats = self.casino_seats[:]
        s.resume = self.resume
        s.phase = self.phase
        return s

    def determinize(self, seat: object, rng: random.Random) -> DowntownState:
        seat = self.check_seat(seat)
        return hidden.determinize(self, seat, rng)

    def view(self, seat: object) -> dict[str, Any]:
        if seat is not None:
            seat = self.check_seat(seat)
        return build_view(self, seat)

    # -- legal actions --------------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        # The phases are tested from the most frequent in random play down (see `_apply`).
        phase, seat = self.phase, self.actor
        if phase in DISPLAY_PHASES:
            return displays._display_legal(self, seat)
        if phase == HANDLIMIT:
            return turns._handlimit_legal(self)
        if phase == ROBPAY:
            return moves._rob_or_pay(self)
        if phase == LOCATION:
            return locations._location_legal(self)
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
            return acts + [act for act in displays._note_actions(self, seat, ADD_NOTE0)
                           if act < ADD_NOTE0 + 2 and bid + DENOMINATIONS[act - ADD_NOTE0] <= 3]
        if phase == MOVE:
            return [DONE, *moves._free_moves(self)]
        if phase == PAYMOVE:
            acts = moves._pay_moves(self, self.payee)
            return [DONE, *acts] if self._players == 2 or self.pay_without_move else acts
        if phase == BUYING:
            return [DONE, *locations._buys(self)]
        if phase == STOOGE_BACK:
            return [PUT_TOP, PUT_UNDER]
        if phase == AFTER_STOOGE_LOOK:
            return [DONE, *locations._jobs(self)]
        if phase == FENCE_BACK:
            if self.ed2013:
                return [PUT_TOP, PUT_UNDER]
            return [PUT_ONTO0 + q for q in range(3) if q == self.look_pile or self.fpiles[q]]
        if phase == AFTER_FENCE_LOOK:
            return [DONE, *locations._offers(self, -1)]
        if phase == OFFERING:
            sells = [SELL_AT0 + p for p, f in enumerate(locations._fence_tops(self))
                     if f >= 0 and FENCES[f][0] == self.offer_loot]
            return sorted(locations._offers(self, self.offer_loot) + sells)
        if phase == CASINO_VOTE:
            return [CASINO_PLAY, CASINO_SKIP]
        # CASINO_BET
        return displays._note_actions(self, seat, BILL0)

    # -- apply ----------------------------------------------------------------------------------

    def _apply(self, action: int, legal: list[int]) -> None:
        """Carry out a legal `action`, chosen from `legal`, outside the display phases (`apply` sends
        those to `_add_to_display`); `self._legal` is None on entry.

        A step after which the same seat decides again may set `self._legal` from `legal` instead of
        leaving it to be computed afresh (`_add_to_display` does). The phases are tested from the most
        frequent in random play down: adding to displays is two decisions in three, the hand limit one
        in eight, robbing or paying one in thirteen.
        """
        phase = self.phase
        if phase == HANDLIMIT:
            turns._shed(self, action, legal)
        elif phase == ROBPAY:
            if action < PAY0:
                moves._rob(self, action - ROB0)
            else:
                moves._pay(self, action - PAY0)
        elif phase in (LOCATION, BUYING, AFTER_STOOGE_LOOK, AFTER_FENCE_LOOK, OFFERING):
            locations._location_action(self, action)
        elif phase == PLACE:
            opening._place(self, action - PLACE0)
        elif phase == BID:
            opening._bid(self, action)
        elif phase == MOVE:
            if action == DONE:
                moves._enter_robpay(self)
            else:
                moves._move_token(self, *MOVES[action])
                self.moved |= 1 << self.tokens[self.active].index(MOVES[action][1])
                if self.moved == 3 or not moves._free_moves(self):
                    moves._enter_robpay(self)
        elif phase == PAYMOVE:
            if action != DONE:
                moves._move_token(self, *MOVES[action])
            moves._after_phase2(self)
        elif phase == STOOGE_BACK:
            if action == PUT_UNDER:
                pile = self.spiles[self.look_pile]
                pile.insert(0, pile.pop())
            where = "under the pile" if action == PUT_UNDER else "back on top"
            self.events.append((None, f"puts it {where}"))
            locations._after_stooge_look(self)
        elif phase == FENCE_BACK:
            locations._put_fence(self, action)
        elif phase == CASINO_VOTE:
            casino.vote(self, action == CASINO_PLAY)
        else:  # CASINO_BET (OVER has no legal action)
            casino.bet(self, action - BILL0)

    # -- the rules, in the modules named after them ------------------------------------------------
    #
    # The state and the rule modules call the rules' functions directly (`turns._money_end(state)`),
    # each module only those of the modules below it: money < displays < turns < locations < moves,
    # with casino below locations and opening above turns. A compiled build calls a function so in C,
    # and a method set with `as_method` through a descriptor. The methods below are the calls up that
    # order (displays asks turns for the hand limit, turns asks moves for phase 1, casino asks
    # locations to go on with the East Side) and the public queries bots and views use.

    can_pay: ClassVar = as_method(moves.can_pay)
    _free_moves: ClassVar = as_method(moves._free_moves)
    _enter_robpay: ClassVar = as_method(moves._enter_robpay)
    usable_locations: ClassVar = as_method(locations.usable_locations)
    _after_use: ClassVar = as_method(locations._after_use)
    _after_fence_look: ClassVar = as_method(locations._after_fence_look)
    hand_limit: ClassVar = as_method(turns.hand_limit)
    _enter_handlimit: ClassVar = as_method(turns._enter_handlimit)

__all__ = [  # the state, and the phase ids tests and other code read from here (they live in phases.py)
    "AFTER_FENCE_LOOK", "AFTER_STOOGE_LOOK", "BID", "BUYING", "CASINO_BET", "CASINO_VOTE", "DISPLAY_PHASES",
    "FENCE_BACK", "HANDLIMIT", "LOCATION", "MOVE", "OFFERING", "OVER", "PAYMOVE", "PHASE_NAMES", "PLACE",
    "REFRESH", "RESUME_AFTER_FENCE_LOOK", "RESUME_AFTER_SALE", "ROBPAY", "STOOGE_BACK", "WINDOW",
    "DowntownState", "Event",
]
