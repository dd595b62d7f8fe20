"""The Downtown catalogue: locations, gangsters, fences, notes and the price table (the action ids are
actions.py's).

Sources: both rulebooks' "Game equipment" / "Spielmaterial" and the Downtown section of
RULES-NOTES.md. Money is counted in thousands of dollars everywhere inside the engine. The stooge
cards are data (`stooges.toml`, read by `deck.py`), because the printed list is not public.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

# Locations, in id order. The first three are used in phase 3; the other three act by themselves.
DOWNTOWN: Final = 0
WEST_SIDE: Final = 1
EAST_SIDE: Final = 2
GHETTO: Final = 3
BANK: Final = 4
VILLA: Final = 5
LOCATIONS: Final = 6
ACTIVE_LOCATIONS: Final = (DOWNTOWN, WEST_SIDE, EAST_SIDE)
LOCATION_NAMES: Final = ("Downtown", "West Side", "East Side", "Ghetto", "Bank", "Don Massimo's Villa")
LOCATION_SHORT: Final = ("Downtown", "West Side", "East Side", "Ghetto", "Bank", "Villa")

# Gangster kinds ("48 Gangster cards: 26 x Lookouts, 11 x Safe Crackers, 11 x Spies").
LOOKOUT: Final = 0
SAFECRACKER: Final = 1
SPY: Final = 2
GANGSTER_KINDS: Final = 3
GANGSTER_COUNTS: Final = (26, 11, 11)
GANGSTER_NAMES: Final = ("lookout", "safecracker", "spy")
GANGSTER_PLURALS: Final = ("lookouts", "safecrackers", "spies")

# Notes ("90 bank notes [...] 25x $1,000, 20x $2,000, 20x $5,000, 15x $10,000 and 10x $20,000").
DENOMINATIONS: Final = (1, 2, 5, 10, 20)
NOTE_COUNTS: Final = (25, 20, 20, 15, 10)
START_NOTES: Final = (3, 1, 1, 0, 0)
"""Set-up 9: "3x $1,000 and 1x $2,000 and 1x $5,000" = $10,000."""
TOTAL_MONEY: Final = sum(d * n for d, n in zip(DENOMINATIONS, NOTE_COUNTS, strict=True))
WIN_MONEY: Final = 100
"""$100,000 or more, display included, ends the game at once (both editions)."""

HAND_LIMIT: Final = 7
VILLA_HAND_LIMIT: Final = 10
DISPLAY_MAX: Final = 10
DISPLAY_MIN: Final = 5
REFILL: Final = 3


def price(on_display: int) -> int:
    """Price in thousands of each gangster of a kind of which `on_display` lie out at the turn's start.

    The current rulebook's table (the 2013 English one is garbled; RULES-NOTES: use this for both).

    >>> [price(n) for n in (1, 2, 3, 4, 9)]
    [4, 3, 2, 1, 1]
    """
    return (0, 4, 3, 2)[on_display] if on_display < 4 else 1


def refill_count(left: int) -> int:
    """Cards turned up after a purchase leaves `left` on display: 3, at most 10 in all, at least 5.

    >>> [refill_count(r) for r in range(10)]
    [5, 4, 3, 3, 3, 3, 3, 3, 2, 1]
    """
    return min(DISPLAY_MAX - left, max(REFILL, DISPLAY_MIN - left))


# Fences, 12 cards (RULES-NOTES: "for each of the three kinds one takes 1/2, three take 1/4, and one of
# those three is an undercover cop"). A fence's kind is the loot kind it buys: 0 money (launderer),
# 1 jewellery, 2 art. (kind, takes_half, cop) by card id.
FENCES: Final = tuple(
    (kind, half, cop)
    for kind in range(3)
    for half, cop in ((True, False), (False, False), (False, False), (False, True))
)
FENCE_NAMES: Final = ("money launderer", "jewellery dealer", "art dealer")
CASINO: Final = -1
"""The casino card's place in a fence pile (one lies under each pile at the start)."""
FENCE_PILES: Final = 3
STOOGE_PILES: Final = 3


FENCE_FRONTS: Final = tuple((kind, half) for kind, half, _ in FENCES)
"""What the face-up side of each fence card shows: its kind and whether it takes half."""


def fence_front(fence: int) -> tuple[int, bool]:
    """What the face-up side of a fence card shows: its kind and whether it takes half."""
    return FENCE_FRONTS[fence]


def fence_text(fence: int) -> str:
    """The front of a fence card, e.g. 'art dealer (takes 1/4)'."""
    kind, half, _ = FENCES[fence]
    return f"{FENCE_NAMES[kind]} (takes {'1/2' if half else '1/4'})"


def payout(values: int, fence: int) -> int:
    """What the bank pays for loot of total real value `values` (thousands) sold to `fence`.

    A 1/2 fence pays half, an honest 1/4 fence three quarters, an undercover cop one quarter (rounded
    down to whole thousands; never needed with values that are multiples of $4,000).

    >>> payout(52, 0), payout(52, 1), payout(52, 3)
    (26, 39, 13)
    """
    _, half, cop = FENCES[fence]
    if half:
        return values // 2
    return values // 4 if cop else values * 3 // 4


def money_text(thousands: int) -> str:
    """'$26,000' for 26."""
    return f"${thousands * 1000:,}"


def gangsters_text(counts: list[int] | tuple[int, ...]) -> str:
    """'2 lookouts, 1 spy' for [2, 0, 1]; 'nothing' for none."""
    parts = [f"{n} {GANGSTER_NAMES[k] if n == 1 else GANGSTER_PLURALS[k]}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) or "nothing"


def notes_text(counts: Sequence[int]) -> str:
    """'$5,000 + 3 x $1,000' for the note counts [3, 0, 1, 0, 0]; 'no notes' for none.

    >>> notes_text([3, 0, 1, 0, 0]), notes_text([0, 0, 0, 0, 0])
    ('$5,000 + 3 x $1,000', 'no notes')
    """
    return _notes_text(tuple(counts))


@lru_cache(maxsize=4096)
def _notes_text(counts: tuple[int, ...]) -> str:
    # Cached: the log tells every exchange at the bank (one decision in fifteen of random play), and
    # the handfuls exchanged are few.
    parts = [(f"{counts[i]} x " if counts[i] > 1 else "") + NOTE_LABELS[i]
             for i in (4, 3, 2, 1, 0) if counts[i]]
    return " + ".join(parts) or "no notes"


NOTE_LABELS: Final = tuple(money_text(d) for d in DENOMINATIONS)
"""'$1,000' ... '$20,000': the notes by denomination index."""
