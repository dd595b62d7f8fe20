"""The mobsters: a gang's five, and where the Hired Muscle can be and whose it is when it is on no site
and in no gang. Sites are numbered from 0 and seats 0-3, so the values here are below 0 or above 3."""

from __future__ import annotations

from typing import Final

MOBSTERS: Final = 5
"""Mobsters of one colour: "Each player takes 1 money and 5 Mobsters of one colour"."""

HIDEOUT: Final = -2
"""The Hired Muscle's place in its gang's hideout."""
NOWHERE: Final = -1
"""The Hired Muscle's place when it is not in the city (or, for the Survivor, between a war and its
return)."""
LIMBO: Final = -3
"""Removed in a war, its way back not yet settled (until the survivors have stood up)."""
NEUTRAL: Final = -1
"""The Hired Muscle's owner before anyone recruits it."""
PINK: Final = 4
"""The unrecruited Hired Muscle as a party to a war or to control (seats are 0-3)."""
