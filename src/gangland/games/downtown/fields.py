"""The fields of a Downtown state: every slot, its type and what it holds, and how `clone` copies it.

Both editions are one engine; `ed2013` switches every difference listed in RULES-NOTES.md. Money is in
thousands of dollars; notes are five counts by denomination (see money.py); gangsters are three counts
by kind. Piles are lists with the top card last.

Hidden information (docs D30): the gangster draw pile (a multiset, drawn at random by the state's own
generator), the order of the stooge and fence piles below their top cards, the backs of unrevealed
stooge and fence cards, other seats' hands and cash, face-down additions, opening bids and casino notes
until they are revealed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gangland.engine import PhaseState

from .deck import StoogeCard

Event = tuple[int | None, str]
"""(seat, text): text every seat may read (seat None) or only that seat."""


class DowntownFields(PhaseState):
    """The slots of a Downtown state (`PhaseState` adds `_players` and `phase`)."""

    __slots__ = (
        "_rng", "active", "actor", "bank", "bets", "bought", "cards", "cash", "casino_active_only",
        "casino_seats", "casinos", "discard", "disp_g", "disp_n", "down_g", "down_n", "downtown", "draw",
        "ed2013", "ending", "events", "final_casino", "first_placer", "fpiles", "hands", "known_f", "known_s",
        "look_pile", "moved", "nxt", "offer", "offer_loot", "options", "out_f", "out_s", "pay_without_move",
        "payee", "pend", "prices", "pub_f", "pub_s", "queue", "resume", "robbed", "shand", "shown", "spent",
        "spiles", "starter", "tokens", "turn", "turn_limit", "used", "villa_e", "villa_rule", "villa_victim",
        "villa_w",
    )

    COPIED: ClassVar[tuple[str, ...]] = (
        "events", "draw", "discard", "downtown", "bank", "out_s", "out_f", "pub_s", "pub_f", "queue",
        "prices", "bought", "offer", "bets", "pend", "casino_seats")
    NESTED: ClassVar[tuple[str, ...]] = (
        "hands", "shand", "cash", "disp_n", "down_n", "disp_g", "down_g", "spiles", "fpiles", "known_s",
        "known_f", "tokens")

    _rng: int
    """The generator's state (`splitmix64`): every draw and shuffle of the game."""
    options: dict[str, Any]
    """The game's options, as the Game checked them."""
    ed2013: bool
    """The 2013 English rulebook (else the current German one)."""
    villa_rule: bool
    """Option villa: the lone Villa holder gets half of the money robbed (D25)."""
    villa_victim: bool
    """Option villa_victim: ... even when he is the one robbed (D25)."""
    pay_without_move: bool
    """Option pay_without_move: a player may pay another without moving onto him (D8)."""
    casino_active_only: bool
    """Option casino_skip=active: only the active player votes on a casino visit (D22)."""
    turn_limit: int
    """Option turn_limit: the game ends after this many turns (0: never; D29)."""
    turn: int
    """The turn being played: 0 while tokens are placed and bids made, then 1, 2, ..."""
    cards: tuple[StoogeCard, ...]
    """The stooge deck, by card id."""
    events: list[Event]
    """What the last step did, for the log."""
    shown: tuple[tuple[int, tuple[int, ...]], ...]
    """This step's exchanges as everyone saw them: (seat, notes it took and still holds)."""
    draw: list[int]
    """The gangster draw pile, by kind (a multiset: drawn at random)."""
    discard: list[int]
    """The gangster discard pile, by kind."""
    downtown: list[int]
    """The gangsters on display at Downtown, by kind."""
    hands: list[list[int]]
    """Per seat, the gangsters in hand, by kind."""
    shand: list[list[int]]
    """Per seat, the stooge cards in hand (ids, sorted)."""
    cash: list[list[int]]
    """Per seat, the notes in hand, by denomination."""
    bank: list[int]
    """The bank's notes, by denomination."""
    disp_n: list[list[int]]
    """Per seat, the notes face up in its display."""
    down_n: list[list[int]]
    """Per seat, the notes face down in its display (opening bid, additions during phase 3)."""
    disp_g: list[list[int]]
    """Per seat, the gangsters face up in its display."""
    down_g: list[list[int]]
    """Per seat, the gangsters face down in its display."""
    spiles: list[list[int]]
    """The three stooge piles (card ids, top last)."""
    fpiles: list[list[int]]
    """The three fence piles (fence ids and CASINO, top last)."""
    out_s: list[int]
    """Stooge cards out of the game."""
    out_f: list[int]
    """Fence cards out of the game."""
    known_s: list[set[int]]
    """Per seat, the stooge cards it has seen and can still tell where they are."""
    known_f: list[set[int]]
    """Per seat, the fence cards it has seen and can still tell where they are."""
    pub_s: set[int]
    """Stooge cards everyone has seen and can still place."""
    pub_f: set[int]
    """Fence cards everyone has seen and can still place."""
    casinos: int
    """Casino cards turned up so far."""
    ending: bool
    """The game ends after this turn (current edition: the 2nd casino card, D27)."""
    final_casino: bool
    """The game ends after this casino visit (2013: the 3rd casino card)."""
    tokens: list[list[int]]
    """Per seat, the locations of its two tokens (-1: not placed yet)."""
    first_placer: int
    """The seat that places first (the one last in prison, D3)."""
    starter: int
    """The seat that starts the game (-1 until the tokens are placed; D5)."""
    queue: list[int]
    """The seats still to decide, in order, where several decide in turn (placing, bids, casino, window)."""
    active: int
    """The seat whose turn it is (-1 before the first turn)."""
    actor: int
    """The seat that decides now."""
    nxt: int
    """The seat that plays next: the one robbed or paid in phase 2 (-1 until then)."""
    payee: int
    """The seat paid in phase 2 (-1 if none)."""
    look_pile: int
    """The pile whose top card the active player is looking at."""
    moved: int
    """The active player's tokens moved in phase 1, as bits."""
    used: int
    """The locations used in phase 3, as bits."""
    spent: int
    """What the purchase at Downtown costs so far."""
    robbed: bool
    """The active player robbed in phase 2."""
    villa_w: bool
    """The Villa's second West Side action has been taken this turn."""
    villa_e: bool
    """The Villa's second East Side action has been taken this turn."""
    prices: list[int]
    """Downtown's price of each kind, fixed when buying starts (D12)."""
    bought: list[int]
    """The gangsters bought so far at Downtown, by kind."""
    offer: list[int]
    """The stooge cards offered to the fences."""
    offer_loot: int
    """The loot kind of the offer (-1: none)."""
    bets: list[int]
    """Per seat, its casino note (a denomination index; -1: none)."""
    pend: list[tuple[tuple[int, ...], tuple[int, ...]] | None]
    """Per seat, the exchange (handed, taken) made for notes chosen in secret and not yet turned up
    (D1): the notes taken are in its hand, the notes handed wait here, outside the bank."""
    casino_seats: list[int]
    """The seats taking part in the casino visit."""
    resume: int
    """What follows the casino visit: RESUME_AFTER_FENCE_LOOK or RESUME_AFTER_SALE."""
