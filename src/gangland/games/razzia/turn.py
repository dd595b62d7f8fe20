"""A player's turn (razzia.txt "Course of play"): "Each player chooses 1 of 3 actions to perform": draw a
card (Action A), use thieves (Action B: thieves.py) or call a court auction (Action C: auction.py).
"""

from __future__ import annotations

from gangland.engine import splitmix64

from .actions import COURT, DRAW, STEAL_BASE
from .auction import start_auction
from .cards import POLICE, ROW_LIMIT, THIEF
from .fields import RazziaFields
from .phases import COURT_AUCTION, FULL_ROW, NORMAL
from .rounds import end_round, end_turn
from .thieves import steal, steal_actions


def legal_turn(s: RazziaFields) -> list[int]:
    """Draw (while cards are left), call a court auction (with lots in the row, or as the options
    allow), or use a thief (with one in the estate) on a lot it may take."""
    legal = [DRAW] if s.deck else []
    if s.row or s.options["court_on_empty_row"]:
        legal.append(COURT)
    if s.estate[s.turn][THIEF]:
        legal.extend(steal_actions(s))
    return legal


def take_turn(s: RazziaFields, action: int, legal: list[int]) -> None:
    """The player whose turn it is draws, calls a court auction or uses a first thief."""
    if action == DRAW:
        draw(s)
    elif action == COURT:
        start_auction(s, COURT_AUCTION, s.turn)
    else:
        steal(s, action - STEAL_BASE)


def draw(s: RazziaFields) -> None:
    """Action A: "Take the top card from one of the face down piles and place it face up beside the
    board": booty joins the row (the seventh starts an auction), a policeman starts an auction or ends
    the round."""
    s._rng, r = splitmix64(s._rng)
    deck = s.deck
    kind = deck.pop(r % len(deck))  # pop, not swap-remove: the deck stays sorted
    piles = s.piles
    # Which pile carries no information, so the engine takes from the first; "If one of the stacks of
    # face down cards is used up, split the remaining stack in half to form two new stacks."
    if piles[0]:
        piles[0] -= 1
    else:
        piles[1] -= 1
    if not piles[0] and piles[1] > 1:
        piles[0], piles[1] = piles[1] - piles[1] // 2, piles[1] // 2
    seat = s.turn
    s.last_draw = (seat, kind)
    if kind == POLICE:
        s.police += 1
        # "[If this is the seventh policeman, the round ends immediately.]"
        if s.police == s.police_limit:
            end_round(s)
        else:
            start_auction(s, NORMAL, seat)
        return
    s.row.append(kind)
    if len(s.row) == ROW_LIMIT:
        start_auction(s, FULL_ROW, seat)
    else:
        end_turn(s, seat)
