"""The phases of a Downtown game: who is asked what (docs/rules/downtown.md section 4.1).

The rules (state.py and the modules of its rules), the view, the screen and the bots all read these
ids, so they live here, below all of them.
"""

from __future__ import annotations

# Phases: who is asked what (docs section 4.1).
(PLACE, BID, MOVE, ROBPAY, PAYMOVE, LOCATION, BUYING, STOOGE_BACK, AFTER_STOOGE_LOOK, FENCE_BACK,
 AFTER_FENCE_LOOK, OFFERING, CASINO_VOTE, CASINO_BET, WINDOW, REFRESH, HANDLIMIT, OVER) = range(18)
PHASE_NAMES = (
    "placing tokens", "opening bid", "phase 1: move tokens", "phase 2: rob or pay", "phase 2: move onto the "
    "paid player", "phase 3: use a location", "Downtown: buying gangsters", "West Side: put the stooge card "
    "back", "West Side (Villa): a job after the look", "East Side: put the fence card back", "East Side "
    "(Villa): a sale after the look", "East Side: offering loot", "casino: play or skip", "casino: one note "
    "face down", "adding to displays face down", "phase 4: refresh the display", "hand limit", "game over",
)
"""The name of each phase, as views show it (`PHASE_NAMES[phase]`)."""

DISPLAY_PHASES = (WINDOW, REFRESH)
"""Adding to displays: two decisions in three of random play, so tested first where phases are told apart."""

RESUME_AFTER_FENCE_LOOK, RESUME_AFTER_SALE = 0, 1
"""What to do when a casino visit that interrupted the East Side is over."""

Event = tuple[int | None, str]
"""(seat, text): text every seat may read (seat None) or only that seat."""
