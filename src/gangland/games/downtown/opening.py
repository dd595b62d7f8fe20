"""The opening (both rulebooks, "Setting up the Game" / "Spielvorbereitung", and docs D3-D6): the
players place their two tokens one at a time, then all but the starting player bid face down.
"""

from __future__ import annotations

from gangland.engine.seats import SEAT_REFS

from .actions import ADD_NOTE0, DONE, PLACE0
from .cards import DENOMINATIONS, DOWNTOWN, EAST_SIDE, GHETTO, WEST_SIDE
from .displays import note_actions, reveal_displays, take_note
from .fields import DowntownFields
from .money import value
from .phases import BID
from .turns import start_turn


def legal_place(state: DowntownFields) -> list[int]:
    """A location for a token: any for the first; for the second any other, but in the current edition
    one of Downtown, West and East Side if the first is on none of them (D4)."""
    first = state.tokens[state.actor][0]
    if first < 0:
        return [PLACE0 + loc for loc in range(6)]
    if not state.ed2013 and first >= GHETTO:  # current edition: one on Downtown/West/East
        return [PLACE0 + loc for loc in (DOWNTOWN, WEST_SIDE, EAST_SIDE)]
    return [PLACE0 + loc for loc in range(6) if loc != first]


def place(state: DowntownFields, action: int, legal: list[int]) -> None:
    """A token placed; after the last, the starting player is known and the bids begin (D5)."""
    loc = action - PLACE0
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


def legal_bid(state: DowntownFields) -> list[int]:
    """The opening bid: "$1,000 to $3,000" in $1,000 and $2,000 notes, done once something is bid (D6)."""
    seat = state.actor
    bid = value(state.down_n[seat])
    acts = [DONE] if bid else []
    return acts + [act for act in note_actions(state, seat, ADD_NOTE0)
                   if act < ADD_NOTE0 + 2 and bid + DENOMINATIONS[act - ADD_NOTE0] <= 3]


def bid(state: DowntownFields, action: int, legal: list[int]) -> None:
    """A note added to the bid, or the bid done; after the last, the bids are turned up and the
    starting player's turn begins."""
    seat = state.actor
    if action != DONE:
        note = action - ADD_NOTE0
        take_note(state, seat, note, True)
        state.down_n[seat][note] += 1
        # Even a $3,000 bid ends with "done": ending it by itself would tell the others its amount.
        return
    state.queue.pop(0)
    if state.queue:
        state.actor = state.queue[0]
        return
    # "As soon all players have placed bank notes [...] each player turns over the money."
    reveal_displays(state)
    start_turn(state, state.starter)
