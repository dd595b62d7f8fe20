"""Protection Racket's phases: the decisions a state can wait for, and the words that name them."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Phase(IntEnum):
    """What the seat to act is asked (the phase table in rules.py is indexed by it)."""

    DEPLOY = 0
    """Deploy mobsters from the hideout onto one site (rulebook "1. Deploy Mobsters")."""
    WAR_OFFER = 1
    """Declare a Mob War on the site just deployed onto, or not ("2. Mob War")."""
    HIRED_GUN = 2
    """The Hired Gun's owner: move it into or out of the war, or not (C11)."""
    STAND = 3
    """The gang left after a war: stand its lying mobsters up, or not (C16)."""
    ACTION = 4
    """Take the action of the site just deployed onto and controlled, or not ("3. Take Action")."""
    PICK = 5
    """Choose, one step at a time, what the action being taken works on."""
    OVER = 6
    """The game is over."""


# The phases as plain ints, for the hot code (an Enum member is an attribute look-up in the compiled
# build; a Final int is a C constant). tests/protection_racket/test_phases.py checks they agree.
DEPLOY: Final = 0
WAR_OFFER: Final = 1
HIRED_GUN: Final = 2
STAND: Final = 3
ACTION: Final = 4
PICK: Final = 5
OVER: Final = 6

PHASE_NAMES: Final = ("deploy mobsters", "declare a Mob War?", "the Hired Gun: join or leave the war?",
                      "stand up after the war?", "take the site's action?", "choose for the action",
                      "game over")
"""What each phase asks, by phase (the view's `phase`, the error messages)."""
