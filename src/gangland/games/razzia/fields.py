"""Every slot of a Razzia! state, and how a copy copies it. No rule: the rules are the functions of
turn.py, thieves.py, auction.py and rounds.py.

The deck is kept as the multiset of unseen cards, in sorted order, and a card is drawn at random from
it when it is turned up (the same distribution as a shuffled pile). Sorted order means the list says
nothing about past draws beyond which cards were seen, so a determinized state depends only on what
its seat knows, and determinizing is re-seeding the generator (hidden.py).
"""

from __future__ import annotations

from typing import ClassVar, Final, TypedDict

from gangland.engine import PhaseState


class RazziaOptions(TypedDict):
    """The rule options in play (the Game's `options` explain them)."""

    all_tied: str
    thief_takes_thief: bool
    court_on_empty_row: bool
    tiebreak: str
    cheque_sets: str


LastAuction = tuple[int, int, int, int, int, tuple[int, ...]]
"""An auction's outcome: its number (1, 2, ...: two alike are told apart), its kind, the winner (or
NOBODY), the winning cheque, the centre cheque the winner took, and the booty it took or boxed."""

NOBODY: Final = -1
"""No seat: the caller and the high bidder while no auction is under way, the high bidder before anyone
bids, the winner of an auction nobody bid in."""


class RazziaFields(PhaseState):
    """The fields of a game of Razzia!: what the table holds, the turn, and the auction under way."""

    __slots__ = (
        "_rng", "a_bid", "a_bidder", "a_bids", "a_caller", "a_kind", "a_queue", "box", "centre", "clockwise",
        "deck", "down", "estate", "last_auction", "last_draw", "options", "piles", "police", "police_limit",
        "round", "round_scores", "row", "thieves_left", "turn", "up",
    )

    _rng: int
    """The state's SplitMix64 generator: it draws the next card from the deck."""
    options: RazziaOptions
    """The rule options in play (never changed: copies share them)."""
    clockwise: tuple[tuple[int, ...], ...]
    """clockwise[seat]: every seat in turn order starting left of `seat` and ending with it."""
    police_limit: int
    """The police card that ends a round (cards.POLICE_LIMIT)."""
    round: int
    """The round under way, 1..ROUNDS."""
    turn: int
    """The seat whose turn it is (during an auction, the one whose turn it was)."""
    thieves_left: int
    """Thieves the player whose turn it is may still use this turn (phase THIEF_USE), else 0."""
    deck: list[int]
    """The unseen cards, by kind, sorted (see the module docstring)."""
    piles: list[int]
    """How many cards each of the two face-down piles holds."""
    row: list[int]
    """The booty cards on the table, by kind, in the order they were turned up."""
    police: int
    """Police cards turned up this round."""
    centre: int
    """The cheque beside the board: the next auction's winner takes it."""
    up: list[list[int]]
    """up[seat]: the seat's open cheques, sorted."""
    down: list[list[int]]
    """down[seat]: the cheques the seat won this round, face down, in the order won."""
    estate: list[list[int]]
    """estate[seat][kind]: how many booty cards of each kind the seat's family estate holds."""
    box: list[int]
    """box[kind]: the cards of each kind out of the game (boxed after a scoring, a theft or a full row
    nobody bid for)."""
    round_scores: list[list[dict[str, int]]]
    """Each scored round's points, per seat, by category (scored rounds are never changed, only
    appended: a copy copies the list, not the rounds)."""
    a_kind: int
    """The kind of the auction under way (NORMAL, COURT_AUCTION, FULL_ROW)."""
    a_caller: int
    """The seat that called the auction (drew the police or the seventh lot, or called the court); it
    bids last. NOBODY without an auction."""
    a_queue: list[int]
    """The seats still to answer, in order: the first is to act."""
    a_bid: int
    """The highest bid so far, 0 before any."""
    a_bidder: int
    """Who made it, or NOBODY."""
    a_bids: tuple[tuple[int, int], ...]
    """The bids made in the auction so far, in order: (seat, cheque). Public: "Miriam ... offers a
    7.000 cheque." (Passes follow from the order; see render.auction_answers.) A tuple: copies share it."""
    last_draw: tuple[int, int] | None
    """(seat, kind) of the last card turned up, if any."""
    last_auction: LastAuction | None
    """The outcome of the last auction ended, if any."""

    COPIED: ClassVar[tuple[str, ...]] = ("deck", "piles", "row", "box", "round_scores", "a_queue")
    NESTED: ClassVar[tuple[str, ...]] = ("up", "down", "estate")
