"""The opening (both rulebooks, "Setting up the Game" / "Spielvorbereitung", and docs D3-D6): the
players place their two tokens one at a time, then all but the starting player bid face down.

Methods of `DowntownState` (bound in state.py), written as functions of the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangland.engine.seats import SEAT_REFS

from . import displays, turns
from .cards import ADD_NOTE0, DONE, EAST_SIDE
from .phases import BID

if TYPE_CHECKING:
    from .state import DowntownState


def _place(state: DowntownState, loc: int) -> None:
    seat = state.actor
    mine = state.tokens[seat]
    if mine[0] < 0:
        mine[0] = loc
        return
    mine[1] = loc
    state.queue.pop(0)
    if state.queue:
        state.actor = state.queue[0]
        return
    # "The player who has first placed a token on the East Side will then start the game. If no
    # player has placed a token on the East Side, the player who has last been in prison starts."
    # With two players "the player who has last been to prison begins" (D5, D28).
    order = [(state.first_placer + i) % state._players for i in range(state._players)]
    east = [s for s in order if EAST_SIDE in state.tokens[s]]
    state.starter = east[0] if east and state._players > 2 else state.first_placer
    state.events.append((None, f"{SEAT_REFS[state.starter]} starts the game"))
    # "Each player, except the starting player, places $1,000 to $3,000 face down" (D6).
    state.queue = [(state.starter + i) % state._players for i in range(1, state._players)]
    state.phase = BID
    state.actor = state.queue[0]


def _bid(state: DowntownState, action: int) -> None:
    seat = state.actor
    if action != DONE:
        note = action - ADD_NOTE0
        displays._take_note(state, seat, note, True)
        state.down_n[seat][note] += 1
        # Even a $3,000 bid ends with "done": ending it by itself would tell the others its amount.
        return
    state.queue.pop(0)
    if state.queue:
        state.actor = state.queue[0]
        return
    # "As soon all players have placed bank notes [...] each player turns over the money."
    displays._reveal_displays(state)
    turns._start_turn(state, state.starter)
