"""The phases of a Downtown game: who is asked what (docs/rules/downtown.md section 4.1).

The rules, the view, the screen and the bots all read these ids, so they live here, below all of them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Phase(IntEnum):
    """The decision a state waits for (docs section 4.1); `OVER` once the game has ended."""

    PLACE = 0
    BID = 1
    MOVE = 2
    ROBPAY = 3
    PAYMOVE = 4
    LOCATION = 5
    BUYING = 6
    STOOGE_BACK = 7
    AFTER_STOOGE_LOOK = 8
    FENCE_BACK = 9
    AFTER_FENCE_LOOK = 10
    OFFERING = 11
    CASINO_VOTE = 12
    CASINO_BET = 13
    WINDOW = 14
    REFRESH = 15
    HANDLIMIT = 16
    OVER = 17


# The members as `Final` int literals, for the rules' hot code: a compiled build inlines them, where an
# Enum member is an attribute look-up (tests/downtown/test_phases.py checks that each equals its member).
PLACE: Final = 0
BID: Final = 1
MOVE: Final = 2
ROBPAY: Final = 3
PAYMOVE: Final = 4
LOCATION: Final = 5
BUYING: Final = 6
STOOGE_BACK: Final = 7
AFTER_STOOGE_LOOK: Final = 8
FENCE_BACK: Final = 9
AFTER_FENCE_LOOK: Final = 10
OFFERING: Final = 11
CASINO_VOTE: Final = 12
CASINO_BET: Final = 13
WINDOW: Final = 14
REFRESH: Final = 15
HANDLIMIT: Final = 16
OVER: Final = 17

PHASE_NAMES: Final = (
    "placing tokens", "opening bid", "phase 1: move tokens", "phase 2: rob or pay", "phase 2: move onto the "
    "paid player", "phase 3: use a location", "Downtown: buying gangsters", "West Side: put the stooge card "
    "back", "West Side (Villa): a job after the look", "East Side: put the fence card back", "East Side "
    "(Villa): a sale after the look", "East Side: offering loot", "casino: play or skip", "casino: one note "
    "face down", "adding to displays face down", "phase 4: refresh the display", "hand limit", "game over",
)
"""The name of each phase, as views show it (`PHASE_NAMES[phase]`)."""

RESUME_AFTER_FENCE_LOOK: Final = 0
RESUME_AFTER_SALE: Final = 1
"""What to do when a casino visit that interrupted the East Side is over."""
