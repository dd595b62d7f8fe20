"""The Razzia! catalogue: card kinds, how many of each, the cheque sets, and the limits of a round.

Card kinds are small ints; cards of one kind are identical, so estates and the deck are counted
by kind. Sources: razzia.txt "Contents", "Play preparation" and "Variant for two players".
"""

from __future__ import annotations

from typing import Final

RING: Final = 0
WATCH: Final = 1
BROOCH: Final = 2
CHAIN: Final = 3
DIAMOND: Final = 4
BODYGUARD: Final = 5
CAR: Final = 6
DRIVER: Final = 7
THIEF: Final = 8
GOLD: Final = 9
CASINO: Final = 10
TRANSPORTATION: Final = 11
FILM: Final = 12
HORSE_RACING: Final = 13
REAL_ESTATE: Final = 14
NIGHT_CLUB: Final = 15
RESTAURANT: Final = 16
POLICE: Final = 17

TRINKETS: Final = (RING, WATCH, BROOCH, CHAIN, DIAMOND)
BUSINESSES: Final = (CASINO, TRANSPORTATION, FILM, HORSE_RACING, REAL_ESTATE, NIGHT_CLUB, RESTAURANT)
BOOTY_KINDS: Final = 17
"""Booty kinds are 0..16; POLICE (17) is the only other card."""
ALL_KINDS: Final = 18

KIND_NAMES: Final = (
    "ring", "watch", "brooch", "chain", "diamond", "bodyguard", "car", "driver", "thief", "gold coin",
    "casino", "transportation", "film", "horse racing", "real estate", "night club", "restaurant", "police",
)
"""Each kind's name, as the view and the action text give it."""
KIND_INDEX: Final[dict[str, int]] = {name: kind for kind, name in enumerate(KIND_NAMES)}
"""A card kind by its name: the readers of a view find the kind of a card it names."""

# razzia.txt "Contents": 20 trinkets (4 of each), 16 bodyguards, 16 cars and 10 drivers, 6 thieves,
# 3 gold coins, 28 businesses (4 of each), 21 police: 120 cards.
CARD_COUNTS: Final = (4, 4, 4, 4, 4, 16, 16, 10, 6, 3, 4, 4, 4, 4, 4, 4, 4, 21)

BLACK_CROSS: Final = frozenset({*TRINKETS, DRIVER, THIEF, GOLD})
"""Kinds removed after every scoring (razzia.txt "Note: All cards marked with a black cross..."; the
marks are not in the text, so this follows Ra's rules: see docs/rules/razzia.md)."""

ROW_LIMIT: Final = 7
"""razzia.txt: "If seven booty cards are placed on the table, there is an automatic normal auction.\""""

# razzia.txt "Play preparation": player A, B, C... sets; the 1 lies in the centre.
CHEQUE_SETS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    2: ((2, 5, 6, 9), (3, 4, 7, 8)),
    3: ((2, 5, 8, 13), (3, 6, 9, 12), (4, 7, 10, 11)),
    4: ((2, 6, 13), (3, 7, 12), (4, 8, 11), (5, 9, 10)),
    5: ((2, 7, 16), (3, 8, 15), (4, 9, 14), (5, 10, 13), (6, 11, 12)),
}
CENTRE_CHEQUE: Final = 1
POLICE_LIMIT: Final = {2: 5, 3: 7, 4: 7, 5: 7}
"""The police card that ends a round: the 7th, or the 5th with two players."""
ROUNDS: Final = 3
