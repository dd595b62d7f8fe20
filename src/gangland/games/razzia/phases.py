"""Where a Razzia! game stands: the decision it waits for (`Phase`), and the kinds of auction.

The state keeps both as small ints; the view names them (`PHASE_NAMES`, `AUCTION_NAMES`).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Phase(IntEnum):
    """The decision the seat to act is asked for."""

    TURN = 0
    """The player whose turn it is draws a card, calls a court auction or uses a thief."""
    AUCTION = 1
    """An auction is under way: the seat first in the queue bids or passes."""
    THIEF_USE = 2
    """The player whose turn it is uses thieves one after another, or stops."""
    OVER = 3
    """The game is over: the last round has been scored."""


# The members as plain ints, for the rules' hot paths: compiled, a Final int is a C constant, while
# reading a member off the Enum class is a look-up (tests/razzia/test_rules.py checks they agree).
TURN: Final = 0
AUCTION: Final = 1
THIEF_USE: Final = 2
OVER: Final = 3

PHASE_NAMES: Final = ("turn", "auction", "thieves", "over")
"""The view's name of each phase, by `Phase`."""

# Kinds of auction: why it was called.
NORMAL: Final = 0
"""Called by a police card drawn from the pile."""
COURT_AUCTION: Final = 1
"""Called by the player whose turn it is."""
FULL_ROW: Final = 2
"""Called when the seventh booty card is placed in the row."""
AUCTION_NAMES: Final = ("normal", "court", "full row")
"""The view's name of each kind of auction, by id."""
