"""The phase table of Supergang: which function gives a phase's legal actions and which carries out its
step (docs/architecture.md), the step of every action (the last-gang win checked after each, S37), and
the sentence of an illegal action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from gangland.engine import fill_seats, plain_names, seat_label

from .actions import NUM_ACTIONS, action_text
from .fields import SupergangFields
from .movement import legal_move, legal_resurface
from .phases import ACT, CHOOSE, MOVE, PHASE_NAMES, Phase
from .police import legal_arrested, legal_cop_offer, legal_patrol_act, legal_patrol_move, legal_patrol_place
from .shops import legal_offer, legal_price
from .stop import legal_act
from .turn import (
    act,
    arrested,
    choose,
    cop_offer,
    legal_choose,
    move,
    offer,
    patrol_act,
    patrol_move,
    patrol_place,
    price,
    resurface,
    seat_to_act,
)
from .victory import check_last_gang


def no_actions(s: SupergangFields) -> list[int]:
    """The game is over: nobody acts."""
    return []


def never(s: SupergangFields, action: int, legal: list[int]) -> None:
    """The step of the phase OVER, which has no legal action."""
    raise AssertionError("no action is legal in a finished game")


LEGAL: Final[tuple[Callable[[SupergangFields], list[int]], ...]] = (
    legal_choose, legal_resurface, legal_move, legal_act, no_actions, legal_cop_offer, legal_patrol_place,
    legal_patrol_move, legal_patrol_act, legal_arrested, legal_price, legal_offer,
)
"""The legal actions of each phase, indexed by `Phase`."""
APPLY: Final[tuple[Callable[[SupergangFields, int, list[int]], None], ...]] = (
    choose, resurface, move, act, never, cop_offer, patrol_place, patrol_move, patrol_act, arrested, price,
    offer,
)
"""The step of each phase, indexed by `Phase`."""
assert len(LEGAL) == len(APPLY) == len(Phase)


def legal_now(s: SupergangFields) -> list[int]:
    """`LEGAL[s.phase](s)`, with a character's choice, move and stop (most decisions of a game) called by
    name: in the compiled build a C call, where a call through the table is a Python one."""
    phase = s.phase
    if phase == MOVE:
        return legal_move(s)
    if phase == ACT:
        return legal_act(s)
    if phase == CHOOSE:
        return legal_choose(s)
    return LEGAL[phase](s)


def step(s: SupergangFields, action: int, legal: list[int]) -> None:
    """Carry out a legal action: the phase's step (`APPLY[s.phase]`, the hot phases called by name as in
    `legal_now`), with its events; then S37's last-gang check ("checked after every action")."""
    s.events = []
    phase = s.phase
    if phase == MOVE:
        move(s, action, legal)
    elif phase == ACT:
        act(s, action, legal)
    elif phase == CHOOSE:
        choose(s, action, legal)
    else:
        APPLY[phase](s, action, legal)
    if not s.done:
        check_last_gang(s)


def why_illegal(s: SupergangFields, action: object) -> str:
    """Why `action` is not legal now: the action, what the seat to act is asked, and the legal choices."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return f"{action!r} is not a Supergang action id (0..{NUM_ACTIONS - 1})"
    if s.done:
        return f"{action_text(s, action)!r}: the game is over"
    # (an error names seats as the terminal does: it is not narration a front end fills in)
    names = plain_names(s.players)
    choices = fill_seats("; ".join(action_text(s, a) for a in s.legal_actions()), names)
    to_act = seat_to_act(s)
    asked = seat_label(to_act) if to_act is not None else "nobody"
    return (f"{fill_seats(action_text(s, action), names)!r} is not legal now: {asked} is asked to "
            f"{PHASE_NAMES[s.phase]}; legal now: {choices}")
