"""Auctions (razzia.txt "Normal Auction", "Action C" for the court auction, and the automatic auction of
a full row): who bids in what order, the bids, and who takes the row.

"Each player gets a single chance to bid a cheque or pass for the booty." An auction is the phase
AUCTION; the seat first in `a_queue` answers.
"""

from __future__ import annotations

from .actions import BID_BASE, PASS
from .fields import NOBODY, RazziaFields
from .phases import AUCTION, COURT_AUCTION, FULL_ROW
from .rounds import clear_auction, end_turn


def start_auction(s: RazziaFields, kind: int, caller: int) -> None:
    """An auction of `kind` called by `caller`. "The player to the left of the one who uncovered the
    policeman, goes first, then clockwise through the rest of the players"; the caller bids last.
    Players without open cheques are spent and take no part."""
    up = s.up
    s.phase = AUCTION
    s.a_kind = kind
    s.a_caller = caller
    s.a_bid = 0
    s.a_bidder = NOBODY
    s.a_bids = ()
    s.a_queue = [seat for seat in s.clockwise[caller] if up[seat]]
    skip_unable(s)


def legal_answers(s: RazziaFields) -> list[int]:
    """Pass, or bid any open cheque above the high bid; the caller of a court auction may not pass
    when nobody bid ("If all previous players pass, the last player ... must bid")."""
    bidder = s.a_queue[0]
    high = s.a_bid
    bids = [BID_BASE + value for value in s.up[bidder] if value > high]
    if s.a_kind == COURT_AUCTION and bidder == s.a_caller and s.a_bidder == NOBODY:
        return bids
    return [PASS, *bids]


def answer(s: RazziaFields, action: int, legal: list[int]) -> None:
    """The seat to act passes or bids a cheque ("As soon as a cheque is bid, the following players may
    only bid with higher cheques (or pass)"); then the next seat answers, or the auction ends."""
    queue = s.a_queue
    if action != PASS:  # every other answer bids a cheque
        value = action - BID_BASE
        s.a_bid = value
        s.a_bidder = bidder = queue[0]
        s.a_bids += ((bidder, value),)
    queue.pop(0)
    skip_unable(s)


def skip_unable(s: RazziaFields) -> None:
    """Drop bidders whose only possible move is to pass (no open cheque above the high bid); the auction
    ends when nobody is left to answer."""
    queue = s.a_queue
    high = s.a_bid
    up = s.up
    while queue and up[queue[0]][-1] <= high:
        queue.pop(0)
    if not queue:
        resolve(s)


def resolve(s: RazziaFields) -> None:
    """The auction ends: the highest bidder takes the row and the centre cheque, or nobody bid."""
    winner = s.a_bidder
    caller = s.a_caller
    row = s.row
    if winner == NOBODY:
        if s.a_kind == FULL_ROW:
            # "If no one bids then all the booty cards are discarded to the box."
            box = s.box
            for kind in row:
                box[kind] += 1
            note_outcome(s, NOBODY, 0, 0, tuple(row))
            row.clear()
        else:
            # "If all players pass in a normal auction, then all the cards remain lying on the table"
            note_outcome(s, NOBODY, 0, 0, ())
    else:
        # "Whoever bids the highest cheque takes all the booty cards ... He then takes the current cheque
        # on the table and places it face down ... He puts the cheque he bid beside the board."
        estate = s.estate[winner]
        for kind in row:
            estate[kind] += 1
        note_outcome(s, winner, s.a_bid, s.centre, tuple(row))
        row.clear()
        s.down[winner].append(s.centre)
        s.up[winner].remove(s.a_bid)
        s.centre = s.a_bid
    clear_auction(s)
    # "Play now continues ... with the player to the left of the one that uncovered the policeman."
    end_turn(s, caller)


def note_outcome(s: RazziaFields, winner: int, cheque: int, took: int, cards: tuple[int, ...]) -> None:
    """Keep the outcome of the auction just ended (`winner` bid `cheque`, took the centre cheque `took`
    and `cards`), numbered so that two alike are told apart."""
    number = s.last_auction[0] + 1 if s.last_auction is not None else 1
    s.last_auction = (number, s.a_kind, winner, cheque, took, cards)
