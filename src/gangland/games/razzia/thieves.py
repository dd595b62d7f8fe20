"""Using thieves (razzia.txt "Action B"): "The player takes any booty card of his choice which lies face
up next to the board on the table and puts it into his own family estate. The thief is discarded from
the game into the box. If he has several thieves, these may all be used at once."

The first theft is a choice of the turn (turn.py); the others are the phase THIEF_USE.
"""

from __future__ import annotations

from .actions import DONE, STEAL_BASE
from .cards import THIEF
from .fields import RazziaFields
from .phases import THIEF_USE, TURN
from .rounds import end_turn


def steal_actions(s: RazziaFields) -> list[int]:
    """The thefts the row allows (a thief taking a thief only if the options allow it)."""
    kinds = set(s.row)
    if not s.options["thief_takes_thief"]:
        kinds.discard(THIEF)
    return [STEAL_BASE + kind for kind in sorted(kinds)]


def legal_thefts(s: RazziaFields) -> list[int]:
    """Stop, or take another lot with the next thief."""
    return [DONE, *steal_actions(s)]


def use_thief(s: RazziaFields, action: int, legal: list[int]) -> None:
    """The player using thieves stops, or takes another lot."""
    if action == DONE:
        end_turn(s, s.turn)
    else:
        steal(s, action - STEAL_BASE)


def steal(s: RazziaFields, kind: int) -> None:
    """A thief of the player whose turn it is takes `kind` from the row and goes to the box; the turn
    ends when no thief of those it began with, or no lot it may take, is left."""
    seat = s.turn
    estate = s.estate[seat]
    if s.phase == TURN:
        # Thieves "already in their family estate" may all be used at once; a thief taken by one of
        # them is not among those.
        s.thieves_left = estate[THIEF]
        s.phase = THIEF_USE
    s.thieves_left -= 1
    estate[THIEF] -= 1
    s.box[THIEF] += 1  # "The thief is discarded from the game into the box."
    s.row.remove(kind)
    estate[kind] += 1
    if not s.thieves_left or not can_steal(s):
        end_turn(s, seat)


def can_steal(s: RazziaFields) -> bool:
    """Whether the row holds a lot a thief may take."""
    if s.options["thief_takes_thief"]:
        return bool(s.row)
    return any(kind != THIEF for kind in s.row)
