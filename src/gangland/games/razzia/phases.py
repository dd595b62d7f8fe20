"""Where a Razzia! game stands: its phases and the kinds of auction, as the small ints the state keeps
and the names its view shows.

The rules (state.py) set them, the view (view.py) names them and the bot (bots.py) reads them; they
live here so that each of those imports them from below rather than from one another.
"""

from __future__ import annotations

from typing import Final

# Phases: what the seat to act is asked.
TURN: Final = 0
"""The player whose turn it is draws a card, calls a court auction or uses a thief."""
AUCTION: Final = 1
"""An auction is under way: the seat first in the queue bids or passes."""
THIEF_USE: Final = 2
"""The player whose turn it is uses thieves one after another, or stops."""
OVER: Final = 3
"""The game is over: the last round has been scored."""
PHASE_NAMES: Final = ("turn", "auction", "thieves", "over")
"""The view's name of each phase, by id."""

# Kinds of auction: why it was called.
NORMAL: Final = 0
"""Called by a police card drawn from the pile."""
COURT_AUCTION: Final = 1
"""Called by the player whose turn it is."""
FULL_ROW: Final = 2
"""Called when the seventh booty card is placed in the row."""
AUCTION_NAMES: Final = ("normal", "court", "full row")
"""The view's name of each kind of auction, by id."""

NOBODY: Final = -1
"""No seat: the caller and the high bidder while no auction is under way, the high bidder before anyone
bids, the winner of an auction nobody bid in."""
