"""Supergang's fixed action space (docs/rules/supergang.md; movement, peaceful shop actions and fights).

One id is one atomic choice of the seat to act:

    0            DONE       end the current character's stop (its actions, S11)
    1..12        CHAR0 + 3 * gang + role
                            pick the character that moves next (S5); role 0 killer, 1 vamp, 2 dealer
                            (gang 0-3; in this slice only the player's own gang is ever legal)
    13           RACKET     put a racket token on the shop (S13)
    14           PURCHASE   buy the shop (S14)
    15..19       BUY0 + k - 1
                            the dealer buys 2k traffic pawns (k = 1..5: 2, 4, ..., 10 pawns) in a star shop
                            (S16)
    20           PLACE      the dealer puts one stocked pawn on each eligible empty sidewall section (S16)
    21           STAY       do not resurface: move from the manhole the character stands on (S10)
    22..26       MANHOLE0 + m
                            resurface at manhole m (the board's manholes sorted by id) before moving (S10)
    27..1050     DEST0 + 4 * place + direction
                            end the move at `place` (index into the board's street squares sorted by
                            id, then its shops sorted by id) arriving with `direction` (0 north, 1 east,
                            2 south, 3 west: from the square entered just before it to it) (S7-S9)
    1051         COWARD     coward attack on a street square: 10 from the bank (S19)
    1052         STICKUP_MONEY
                            stick up the shop for money (S15)
    1053         STICKUP_OWNERSHIP
                            stick up another gang's shop for its ownership (S15)
    1054..1065   KILL0 + 3 * gang + role
                            gangland killing: a duel against that character of another gang on the
                            same square (S18)

Ids are only ever appended, so an id keeps its meaning from one slice to the next.
"""

from __future__ import annotations

from typing import Final

DONE: Final = 0
CHAR0: Final = 1
ROLES: Final = ("killer", "vamp", "dealer")
MAX_SEATS: Final = 4
RACKET: Final = CHAR0 + MAX_SEATS * len(ROLES)
PURCHASE: Final = RACKET + 1
BUY0: Final = PURCHASE + 1
MAX_PAIRS: Final = 5
"""At most ten pawns at once (L28): five pairs."""
PLACE: Final = BUY0 + MAX_PAIRS
STAY: Final = PLACE + 1
MANHOLE0: Final = STAY + 1
MAX_MANHOLES: Final = 5
DEST0: Final = MANHOLE0 + MAX_MANHOLES
MAX_PLACES: Final = 256
"""Street squares plus shops a board may have (the authored board: 158 + 36)."""
DIRECTIONS: Final = ("north", "east", "south", "west")
COWARD: Final = DEST0 + MAX_PLACES * len(DIRECTIONS)
STICKUP_MONEY: Final = COWARD + 1
STICKUP_OWNERSHIP: Final = STICKUP_MONEY + 1
KILL0: Final = STICKUP_OWNERSHIP + 1
NUM_ACTIONS: Final = KILL0 + MAX_SEATS * len(ROLES)


def kill_action(gang: int, role: int) -> int:
    """The id of attacking gang `gang`'s character `role` (a gangland killing, S18).

    >>> kill_action(0, 0), kill_action(3, 2)
    (1054, 1065)
    """
    return KILL0 + gang * len(ROLES) + role


def char_action(gang: int, role: int) -> int:
    """The id of picking gang `gang`'s character `role` to move next.

    >>> char_action(0, 0), char_action(3, 2)
    (1, 12)
    """
    return CHAR0 + gang * len(ROLES) + role


def dest_action(place: int, direction: int) -> int:
    """The id of ending the move at place index `place`, arriving heading `direction`.

    >>> dest_action(0, 0), dest_action(255, 3)
    (27, 1050)
    """
    return DEST0 + place * len(DIRECTIONS) + direction


def dest_parts(action: int) -> tuple[int, int]:
    """(place index, direction) of a destination id.

    >>> dest_parts(dest_action(17, 2))
    (17, 2)
    """
    return divmod(action - DEST0, len(DIRECTIONS))
