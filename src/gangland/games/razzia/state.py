"""The Razzia! rules: fields, legal actions and apply.

Passages quoted are from razzia.txt; choices where it is silent are in docs/rules/razzia.md.
The deck is kept as the multiset of unseen cards, in sorted order, and a card is drawn at random
from it when it is turned up (the same distribution as a shuffled pile). Sorted order means the list
says nothing about past draws beyond which cards were seen, so a determinized state depends only on
what its seat knows, and determinizing is re-seeding the generator.
"""

from __future__ import annotations

import random
from typing import Any

from gangland.engine import CachedLegalState, Result, rank_by, seat_label, splitmix64
from gangland.engine.rng import mix_seed

from .cards import (
    ALL_KINDS,
    BID_BASE,
    BLACK_CROSS,
    BOOTY_KINDS,
    CARD_COUNTS,
    CENTRE_CHEQUE,
    CHEQUE_SETS,
    COURT,
    DONE,
    DRAW,
    KIND_NAMES,
    NUM_ACTIONS,
    PASS,
    POLICE,
    POLICE_LIMIT,
    ROUNDS,
    ROW_LIMIT,
    STEAL_BASE,
    THIEF,
    is_bid,
)
from .phases import AUCTION, COURT_AUCTION, FULL_ROW, NOBODY, NORMAL, OVER, THIEF_USE, TURN
from .scoring import CATEGORIES, score_round
from .view import build_view


class RazziaState(CachedLegalState):
    """A game of Razzia! in progress."""

    __slots__ = (
        "_clockwise", "_players", "_rng", "a_bid", "a_bidder", "a_bids", "a_caller", "a_kind", "a_queue",
        "box", "centre", "deck", "down", "estate", "last_auction", "last_draw", "options", "phase", "piles",
        "police", "police_limit", "round", "round_scores", "row", "thieves_left", "turn", "up",
    )

    _clockwise: tuple[tuple[int, ...], ...]
    _players: int
    _rng: int
    a_bid: int
    a_bidder: int
    a_bids: tuple[tuple[int, int], ...]
    """The bids made in the auction so far, in order: (seat, cheque). Public: "Miriam ... offers a
    7.000 cheque." (Passes follow from the order; see view.auction_answers.) A tuple: clones share it."""
    a_caller: int
    a_kind: int
    a_queue: list[int]
    box: list[int]
    centre: int
    deck: list[int]
    down: list[list[int]]
    estate: list[list[int]]
    last_auction: tuple[Any, ...] | None
    last_draw: tuple[int, int] | None
    options: dict[str, Any]
    phase: int
    piles: list[int]
    police: int
    police_limit: int
    round: int
    round_scores: list[list[dict[str, int]]]
    row: list[int]
    thieves_left: int
    turn: int
    up: list[list[int]]

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> RazziaState:
        """Set up: cheque sets dealt, the 1 in the centre, 120 cards in two equal face-down piles."""
        s = cls()
        s._players = players
        # _clockwise[seat]: every seat in turn order starting left of `seat` and ending with it.
        s._clockwise = tuple(tuple((seat + step) % players for step in range(1, players + 1))
                             for seat in range(players))
        s._rng = mix_seed(seed)
        s.options = options
        sets = list(CHEQUE_SETS[players])
        if options["cheque_sets"] == "shuffled":
            # "each player takes the following cheques": which player gets which set is by chance.
            for i in range(len(sets) - 1, 0, -1):
                s._rng, r = splitmix64(s._rng)
                j = r % (i + 1)
                sets[i], sets[j] = sets[j], sets[i]
        s.up = [sorted(cheques) for cheques in sets]
        s.down = [[] for _ in range(players)]
        s.centre = CENTRE_CHEQUE
        s.deck = [kind for kind in range(ALL_KINDS) for _ in range(CARD_COUNTS[kind])]
        s.piles = [len(s.deck) - len(s.deck) // 2, len(s.deck) // 2]
        s.row = []
        s.police = 0
        s.police_limit = POLICE_LIMIT[players]
        s.estate = [[0] * BOOTY_KINDS for _ in range(players)]
        s.box = [0] * ALL_KINDS
        s.round = 1
        s.round_scores = []
        s.last_draw = None
        s.last_auction = None
        s.thieves_left = 0
        s._clear_auction()
        s._start_round()
        return s

    # -- the State contract -------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._players

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def to_act(self) -> int | None:
        phase = self.phase
        if phase == AUCTION:
            return self.a_queue[0]
        return None if phase == OVER else self.turn

    def _compute_legal(self) -> list[int]:
        phase = self.phase
        if phase == AUCTION:
            bidder = self.a_queue[0]
            high = self.a_bid
            bids = [BID_BASE + v for v in self.up[bidder] if v > high]
            # "If all previous players pass, the last player ... (the one that called the auction)
            # must bid."
            if self.a_kind == COURT_AUCTION and bidder == self.a_caller and self.a_bidder == NOBODY:
                return bids
            return [PASS, *bids]
        if phase == OVER:
            return []
        if phase == TURN:
            legal = [DRAW] if self.deck else []
            if self.row or self.options["court_on_empty_row"]:
                legal.append(COURT)
            if self.estate[self.turn][THIEF]:
                legal.extend(self._steal_actions())
            return legal
        return [DONE, *self._steal_actions()]

    def _steal_actions(self) -> list[int]:
        kinds = set(self.row)
        if not self.options["thief_takes_thief"]:
            kinds.discard(THIEF)
        return [STEAL_BASE + k for k in sorted(kinds)]

    def _can_steal(self) -> bool:
        if self.options["thief_takes_thief"]:
            return bool(self.row)
        return any(kind != THIEF for kind in self.row)

    def apply(self, action: object) -> None:
        self._checked(action)
        assert type(action) is int  # (_checked refuses anything else) for the type checker
        if action == DRAW:
            self._draw()
        elif action == PASS:
            self._next_bidder()
        elif action < STEAL_BASE:
            if action == COURT:
                self._start_auction(COURT_AUCTION, self.turn)
            elif action == DONE:
                self._end_turn(self.turn)
            else:  # every id between DONE and STEAL_BASE bids a cheque
                self._bid(action - BID_BASE)
        else:
            self._steal(action - STEAL_BASE)

    def _why_illegal(self, action: object) -> str:
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not a Razzia! action id (0..{NUM_ACTIONS - 1})"
        name = action_text(action)
        if self.phase == OVER:
            return f"cannot {name}: the game is over"
        seat = self.to_act
        who = seat_label(seat if seat is not None else 0)  # (the game is not over: a seat is to act)
        if self.phase == AUCTION:
            if action == PASS:
                return (f"{who} cannot pass: the caller of a court auction must bid "
                        "when all others passed")
            if is_bid(action):
                value = action - BID_BASE
                if value not in self.up[seat]:  # type: ignore[index]
                    return f"{who} cannot {name}: it holds no open cheque {value}"
                return f"{who} cannot {name}: a bid must beat the highest bid so far ({self.a_bid})"
            return f"{who} cannot {name} during an auction: bid or pass"
        if action >= STEAL_BASE:
            kind = KIND_NAMES[action - STEAL_BASE]
            if self.phase == TURN and not self.estate[self.turn][THIEF]:
                return f"{who} cannot {name}: it has no thief in its estate"
            if action - STEAL_BASE not in self.row:
                return f"{who} cannot {name}: there is no {kind} in the row"
            return f"{who} cannot {name}: a thief may not take a thief under these rules"
        if self.phase == THIEF_USE:
            return f"{who} cannot {name} while using thieves: steal or stop"
        if action == COURT:
            return f"{who} cannot {name}: the row is empty and the rules in play forbid it"
        if action == DRAW:
            return f"{who} cannot {name}: both piles are empty"
        if action == DONE:
            return f"{who} cannot {name} now: it is not using thieves"
        return f"{who} cannot {name} now: it is not an auction"

    def result(self) -> Result:
        breakdown = [dict.fromkeys(CATEGORIES, 0) for _ in range(self._players)]
        for round_scores in self.round_scores:
            for seat, points in enumerate(round_scores):
                for category, value in points.items():
                    breakdown[seat][category] += value
        scores = tuple(sum(b.values()) for b in breakdown)
        keys: list[tuple[int, ...]]
        if self.options["tiebreak"] == "highest_cheque":
            # Ra's rule: among tied players the one holding the highest single cheque wins.
            keys = [(scores[s], max(self.up[s] + self.down[s])) for s in range(self._players)]
        else:
            keys = [(score,) for score in scores]
        ranks = rank_by(keys)
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        return Result(scores, ranks, winners, tuple(breakdown))

    def clone(self) -> RazziaState:
        s = RazziaState()
        s._players = self._players
        s._clockwise = self._clockwise
        s._rng = self._rng
        s._legal = self._legal
        s.options = self.options
        s.police_limit = self.police_limit
        s.deck = self.deck[:]
        s.piles = self.piles[:]
        s.row = self.row[:]
        s.police = self.police
        s.centre = self.centre
        s.up = [c[:] for c in self.up]
        s.down = [c[:] for c in self.down]
        s.estate = [e[:] for e in self.estate]
        s.box = self.box[:]
        s.round = self.round
        s.round_scores = self.round_scores[:]  # scored rounds are never changed, only appended
        s.phase = self.phase
        s.turn = self.turn
        s.thieves_left = self.thieves_left
        s.a_kind = self.a_kind
        s.a_caller = self.a_caller
        s.a_queue = self.a_queue[:]
        s.a_bid = self.a_bid
        s.a_bidder = self.a_bidder
        s.a_bids = self.a_bids
        s.last_draw = self.last_draw
        s.last_auction = self.last_auction
        return s

    def determinize(self, seat: object, rng: random.Random) -> RazziaState:
        # The only thing hidden in Razzia! is which unseen card comes next: every cheque (open or
        # face down) and every estate is public. The unseen cards are the deck multiset (kept
        # sorted); a fresh generator re-draws their order.
        self.check_seat(seat)
        s = self.clone()
        s._rng = rng.getrandbits(64)
        return s

    def view(self, seat: object) -> dict[str, Any]:
        if seat is not None:
            seat = self.check_seat(seat)
        return build_view(self, seat)

    # -- the rules ----------------------------------------------------------------------------

    def _start_round(self) -> None:
        # "The player with the highest cheques starts the game"; later rounds likewise.
        self.phase = TURN
        self.turn = max(range(self._players), key=lambda s: max(self.up[s]))
        self._legal = None

    def _draw(self) -> None:
        self._rng, r = splitmix64(self._rng)
        deck = self.deck
        kind = deck.pop(r % len(deck))  # pop, not swap-remove: the deck stays sorted
        piles = self.piles
        # Action A: "Take the top card from one of the face down piles". Which pile carries no
        # information, so the engine takes from the first; "If one of the stacks of face down cards
        # is used up, split the remaining stack in half to form two new stacks."
        if piles[0]:
            piles[0] -= 1
        else:
            piles[1] -= 1
        if not piles[0] and piles[1] > 1:
            piles[0], piles[1] = piles[1] - piles[1] // 2, piles[1] // 2
        seat = self.turn
        self.last_draw = (seat, kind)
        if kind == POLICE:
            self.police += 1
            # "[If this is the seventh policeman, the round ends immediately.]"
            if self.police == self.police_limit:
                self._end_round()
            else:
                self._start_auction(NORMAL, seat)
            return
        self.row.append(kind)
        if len(self.row) == ROW_LIMIT:
            self._start_auction(FULL_ROW, seat)
        else:
            self._end_turn(seat)

    def _steal(self, kind: int) -> None:
        seat = self.turn
        estate = self.estate[seat]
        if self.phase == TURN:
            # Action B: thieves "already in their family estate" may all be used at once; a thief
            # taken by one of them is not among those.
            self.thieves_left = estate[THIEF]
            self.phase = THIEF_USE
        self.thieves_left -= 1
        estate[THIEF] -= 1
        self.box[THIEF] += 1  # "The thief is discarded from the game into the box."
        self.row.remove(kind)
        estate[kind] += 1
        if not self.thieves_left or not self._can_steal():
            self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        """Pass the turn to the next seat on the left that still has open cheques."""
        self.phase = TURN
        self.thieves_left = 0
        up = self.up
        for nxt in self._clockwise[seat]:
            if up[nxt]:
                self.turn = nxt
                return
        self._end_round()

    def _clear_auction(self) -> None:
        self.a_kind = NORMAL
        self.a_caller = NOBODY
        self.a_queue = []
        self.a_bid = 0
        self.a_bidder = NOBODY
        self.a_bids = ()

    def _start_auction(self, kind: int, caller: int) -> None:
        # "The player to the left of the one who uncovered the policeman, goes first, then clockwise
        # through the rest of the players"; the caller bids last. Players without open cheques are
        # spent and take no part.
        up = self.up
        self.phase = AUCTION
        self.a_kind = kind
        self.a_caller = caller
        self.a_bid = 0
        self.a_bidder = NOBODY
        self.a_bids = ()
        self.a_queue = [s for s in self._clockwise[caller] if up[s]]
        self._skip_unable()

    def _skip_unable(self) -> None:
        """Drop bidders whose only possible move is to pass (no open cheque above the high bid)."""
        queue = self.a_queue
        high = self.a_bid
        up = self.up
        while queue and up[queue[0]][-1] <= high:
            queue.pop(0)
        if not queue:
            self._resolve_auction()

    def _bid(self, value: int) -> None:
        self.a_bid = value
        self.a_bidder = self.a_queue[0]
        self.a_bids += ((self.a_bidder, value),)
        self._next_bidder()

    def _next_bidder(self) -> None:
        self.a_queue.pop(0)
        self._skip_unable()

    def _resolve_auction(self) -> None:
        winner = self.a_bidder
        caller = self.a_caller
        row = self.row
        if winner == NOBODY:
            if self.a_kind == FULL_ROW:
                # "If no one bids then all the booty cards are discarded to the box."
                box = self.box
                for kind in row:
                    box[kind] += 1
                self._note_auction(NOBODY, 0, 0, tuple(row))
                row.clear()
            else:
                # "If all players pass in a normal auction, then all the cards remain lying on the table"
                self._note_auction(NOBODY, 0, 0, ())
        else:
            # The winner takes the booty and the centre cheque (face down); his bid goes to the centre.
            estate = self.estate[winner]
            for kind in row:
                estate[kind] += 1
            self._note_auction(winner, self.a_bid, self.centre, tuple(row))
            row.clear()
            self.down[winner].append(self.centre)
            self.up[winner].remove(self.a_bid)
            self.centre = self.a_bid
        self._clear_auction()
        # "Play now continues ... with the player to the left of the one that uncovered the policeman."
        self._end_turn(caller)

    def _note_auction(self, winner: int, bid: int, took: int, cards: tuple[int, ...]) -> None:
        """Keep the outcome of the auction just ended, numbered so that two alike are told apart."""
        number = self.last_auction[0] + 1 if self.last_auction is not None else 1
        self.last_auction = (number, self.a_kind, winner, bid, took, cards)

    def _end_round(self) -> None:
        """Score, clear the table and black-cross cards, and start the next round or end the game."""
        final = self.round == ROUNDS
        sums = [sum(self.up[s]) + sum(self.down[s]) for s in range(self._players)] if final else None
        self.round_scores.append(score_round(self.estate, sums, self.options["all_tied"]))
        box = self.box
        for estate in self.estate:
            for kind in BLACK_CROSS:
                box[kind] += estate[kind]
                estate[kind] = 0
        # "All booty cards, which are still laid out on the table as well as all the policemen are
        # discarded face down into the box. The cheque, which lies face up beside the board, remains."
        for kind in self.row:
            box[kind] += 1
        self.row.clear()
        box[POLICE] += self.police
        self.police = 0
        self._clear_auction()
        self.thieves_left = 0
        if final:
            self.phase = OVER
            self._legal = None
            return
        self.round += 1
        # "Each player now turns all their cheques face up".
        for seat in range(self._players):
            self.up[seat] = sorted(self.up[seat] + self.down[seat])
            self.down[seat] = []
        self._start_round()


def action_text(action: int) -> str:
    """Readable text of a Razzia! action id."""
    if action == DRAW:
        return "draw a card"
    if action == COURT:
        return "call a court auction"
    if action == PASS:
        return "pass"
    if action == DONE:
        return "stop stealing"
    if is_bid(action):
        return f"bid {action - BID_BASE}"
    if STEAL_BASE <= action < NUM_ACTIONS:
        return f"steal {KIND_NAMES[action - STEAL_BASE]}"
    return f"unknown action {action!r}"


__all__ = [  # the state, and the phase ids of phases.py it re-exports: tests read them from here
    "AUCTION", "COURT_AUCTION", "FULL_ROW", "NOBODY", "NORMAL", "OVER", "THIEF_USE", "TURN", "RazziaState",
    "action_text",
]
