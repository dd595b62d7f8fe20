"""The decisions a Supergang state can wait for (docs/rules/supergang.md), and their words."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Phase(IntEnum):
    """What the seat to act is asked (the phase table of rules.py is indexed by these values)."""

    CHOOSE = 0
    RESURFACE = 1
    MOVE = 2
    ACT = 3
    OVER = 4
    COP_OFFER = 5
    PATROL_PLACE = 6
    PATROL_MOVE = 7
    PATROL_ACT = 8
    ARRESTED = 9
    PRICE = 10
    OFFER = 11


# Final int aliases of the members, for the hot code: mypyc compiles them to C constants, where a look-up
# on the Enum class is an attribute read (tests/supergang/test_state.py checks each equals its member).
CHOOSE: Final = 0
RESURFACE: Final = 1
MOVE: Final = 2
ACT: Final = 3
OVER: Final = 4
COP_OFFER: Final = 5
PATROL_PLACE: Final = 6
PATROL_MOVE: Final = 7
PATROL_ACT: Final = 8
ARRESTED: Final = 9
PRICE: Final = 10
OFFER: Final = 11

PHASE_NAMES: Final = ("choose the character that moves next", "resurface at another manhole?",
                      "choose where the character stops", "act at the stop", "game over", "buy the cops?",
                      "put the patrol back at a manhole", "choose where the patrol stops",
                      "arrest a gangster on the patrol's square?", "surrender or rebel?",
                      "name the price of a recruit", "pay the price asked for the recruit?")
"""What the seat to act is asked in each phase, in the words of the view and the error messages."""
