"""Supergang's fixed action space (docs/rules/supergang.md).

One id is one atomic choice of the seat to act:

    0            DONE       end the current character's stop (its actions, S11)
    1..12        CHAR0 + 3 * gang + role
                            pick the character that moves next (S5); role 0 killer, 1 vamp, 2 dealer
                            (gang 0-3: the player's own, or a character his vamp holds)
    13           RACKET     put a racket token on the shop (S13)
    14           PURCHASE   buy the shop (S14)
    15..19       BUY0 + k - 1
                            the dealer buys 2k traffic pawns (k = 1..5: 2, 4, ..., 10 pawns) in a star shop
                            (S16)
    20           PLACE      the dealer puts one stocked pawn on each eligible empty sidewall section (S16)
    21           STAY       do not resurface: move from the manhole the character stands on (S10)
    22..26       MANHOLE0 + m
                            resurface at manhole m (the board's manholes sorted by id) before moving (S10);
                            for a patrol down a manhole, where it comes back (L61)
    27..1050     DEST0 + 4 * place + direction (a character's or a patrol's move)
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
    1066..1077   VAMP0 + 3 * gang + role
                            the vamp vamps that character (S20)
    1078         RECRUIT    recruit the gang's dead character of the shop's letter (S17)
    1079..1085   PRICE0 + k the shop's owner asks PRICES[k] for a recruit (S17, L49)
    1086         REFUSE     the owner refuses to sell (L49)
    1087         ACCEPT     the recruiter pays the price asked
    1088         DECLINE    the recruiter declines
    1089..1100   ARREST0 + 3 * gang + role
                            the patrol arrests that gangster (S30), or in the police variant takes an
                            innocent one into custody (S36)
    1101         SURRENDER  the arrested gangster goes to jail (S30)
    1102         REBEL      the arrested gangster resists: a duel against the patrol (S30)
    1103..1104   ATTACK_PATROL0 + p
                            attack patrol p on the character's square: a rebellion (S30)
    1105..1116   CLINIC_KILL0 + 3 * gang + role
                            shoot that injured character in the clinic (S25, L83)
    1117         BUY_COPS   buy the cops (S32); DONE declines
    1118         TIME_UP    the turn clock ran out: the characters not moved go to the jail (S35)
    1119..1182   RECALL0 + shop
                            with no token left, take the gang's token (racket or ownership) off that shop
                            (index into the board's shops sorted by id) to mark a new one here (L85, S13)

Ids are only ever appended, so an id keeps its meaning from one slice to the next.
"""

from __future__ import annotations

from typing import Final

from gangland.engine.seats import SEAT_REFS

DONE: Final = 0
CHAR0: Final = 1
ROLES: Final = ("killer", "vamp", "dealer")
CHARACTER_NAMES: Final = tuple(f"{SEAT_REFS[c // 3]}'s {ROLES[c % 3]}" for c in range(3 * 6))
"""Who each character is in game text ("⟨s1⟩'s vamp": its gang's seat marker, `gangland.engine.seats`)."""
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
VAMP0: Final = KILL0 + MAX_SEATS * len(ROLES)
RECRUIT: Final = VAMP0 + MAX_SEATS * len(ROLES)
PRICES: Final = (0, 10, 25, 50, 100, 200, 500)
"""The prices an owner may ask for a recruit (S17, designed: L49 "may freely determine the price")."""
PRICE0: Final = RECRUIT + 1
REFUSE: Final = PRICE0 + len(PRICES)
ACCEPT: Final = REFUSE + 1
DECLINE: Final = ACCEPT + 1
ARREST0: Final = DECLINE + 1
SURRENDER: Final = ARREST0 + MAX_SEATS * len(ROLES)
REBEL: Final = SURRENDER + 1
PATROLS: Final = 2
"""Two patrols of two cops (RULES-NOTES.md; L59-60)."""
ATTACK_PATROL0: Final = REBEL + 1
CLINIC_KILL0: Final = ATTACK_PATROL0 + PATROLS
BUY_COPS: Final = CLINIC_KILL0 + MAX_SEATS * len(ROLES)
TIME_UP: Final = BUY_COPS + 1
RECALL0: Final = TIME_UP + 1
MAX_SHOPS: Final = 64
"""Shops a board may have (the authored board: 36)."""
NUM_ACTIONS: Final = RECALL0 + MAX_SHOPS


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
