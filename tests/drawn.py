"""The one check that a game's drawing offers what its seat may do, for every game's tests to call.

At a decision, for the seat to act and a layout: every legal action's name (`Game.public_action_name`, the
game's one action text) is on the drawing as a `data-act`, the drawing is the view's alone (a state the
seat cannot tell from this one draws the same), and the spectator's drawing is well-formed and offers
nothing (a spectator has no legal actions: a thing drawn as clickable would only mislead).
tests/test_drawings.py runs it over random games of every game; each game's own test_drawing.py runs it
over the decisions it steers to (its rare kinds of action) and checks what is drawn where.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from gangland.engine import Game, State
from gangland.engine.svg import drawn_actions


def check_drawn(game: Game, state: State, layout: str = "wide", salt: int = 0) -> tuple[str, set[str]]:
    """Check the drawing of the seat to act in `layout` (see the module docstring); return it and the names
    of the legal actions."""
    seat = state.to_act
    assert seat is not None, "the game is over: nobody acts"
    view = state.view(seat)
    drawing = game.svg(view, layout)
    names = {game.public_action_name(state, action, seat) for action in state.legal_actions()}
    drawn = drawn_actions(drawing)
    assert names <= drawn, f"{game.id} ({layout}): not on the drawing: {sorted(names - drawn)}"
    lookalike = state.determinize(seat, random.Random(salt))
    assert game.svg(lookalike.view(seat), layout) == drawing, f"{game.id}: drawn from more than the view"
    spectator = game.svg(state.view(None), layout)
    ET.fromstring(spectator)
    offered = drawn_actions(spectator)
    assert not offered, f"{game.id}: a spectator's drawing offers {sorted(offered)}"
    return drawing, names
