"""Protection Racket's phase table: which function gives each phase's legal actions and which carries out
its step, and why an action is not legal now."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from gangland.engine import fill_seats, plain_names, seat_label

from .actions import NUM_ACTIONS, action_text
from .decisions import no_actions, no_step, yes_or_no
from .deployment import legal_deploy
from .effects import legal_pick
from .fields import ProtectionRacketFields
from .phases import OVER, PHASE_NAMES, Phase
from .turn import deploy, hired_gun, pick, stand, take_action, war_offer
from .war import legal_hired_gun

LEGAL: Final[tuple[Callable[[ProtectionRacketFields], list[int]], ...]] = (
    legal_deploy,  # Phase.DEPLOY
    yes_or_no,  # Phase.WAR_OFFER
    legal_hired_gun,  # Phase.HIRED_GUN
    yes_or_no,  # Phase.STAND
    yes_or_no,  # Phase.ACTION
    legal_pick,  # Phase.PICK
    no_actions,  # Phase.OVER
)
"""The legal actions of each phase, by `Phase`."""

APPLY: Final[tuple[Callable[[ProtectionRacketFields, int, list[int]], None], ...]] = (
    deploy,  # Phase.DEPLOY
    war_offer,  # Phase.WAR_OFFER
    hired_gun,  # Phase.HIRED_GUN
    stand,  # Phase.STAND
    take_action,  # Phase.ACTION
    pick,  # Phase.PICK
    no_step,  # Phase.OVER
)
"""The step of each phase, by `Phase`: `APPLY[phase](s, action, legal)` for one of the `legal` actions."""

assert len(LEGAL) == len(APPLY) == len(Phase)


def why_illegal(s: ProtectionRacketFields, action: object) -> str:
    """Why `action` is not legal now: the action named, what is asked of whom, the legal choices."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return f"{action!r} is not a Protection Racket action id (0..{NUM_ACTIONS - 1})"
    if s.phase == OVER:
        return f"{action_text(s, action)!r}: the game is over"
    # (an error names seats as the terminal does: it is not narration a front end fills in)
    names = plain_names(s.players)
    choices = fill_seats("; ".join(action_text(s, a) for a in s._legal or []), names)
    asked = seat_label(s.actor)
    return (f"{fill_seats(action_text(s, action), names)!r} is not legal now: {asked} is asked to "
            f"{PHASE_NAMES[s.phase]}; legal now: {choices}")
