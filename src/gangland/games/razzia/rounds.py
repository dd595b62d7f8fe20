"""The course of a round (razzia.txt "Course of play" and "On to the next round"): who decides, whose
turn is next, the scoring and clearing at a round's end, and the end of the game ("Scoring the third
round and game end").

The other rule modules hand over to these: a turn, a theft and an auction end with `end_turn`.
"""

from __future__ import annotations

from gangland.engine import Result, rank_by

from .cards import BLACK_CROSS, POLICE, ROUNDS
from .fields import NOBODY, RazziaFields
from .phases import AUCTION, NORMAL, OVER, TURN
from .scoring import CATEGORIES, score_round


def seat_to_act(s: RazziaFields) -> int | None:
    """The seat that decides now: the first in the auction's queue, else the player whose turn it is;
    None once the game is over."""
    phase = s.phase
    if phase == AUCTION:
        return s.a_queue[0]
    return None if phase == OVER else s.turn


def start_round(s: RazziaFields) -> None:
    """"The player with the highest cheques starts the game"; later rounds likewise."""
    s.phase = TURN
    highest = [max(cheques) for cheques in s.up]
    s.turn = highest.index(max(highest))


def end_turn(s: RazziaFields, seat: int) -> None:
    """Pass the turn on from `seat` to the next seat on its left that still has open cheques; the round
    ends when none has ("When a player has spent all of his cheques ... he takes no more turns")."""
    s.phase = TURN
    s.thieves_left = 0
    up = s.up
    for following in s.clockwise[seat]:
        if up[following]:
            s.turn = following
            return
    end_round(s)


def clear_auction(s: RazziaFields) -> None:
    """No auction under way."""
    s.a_kind = NORMAL
    s.a_caller = NOBODY
    s.a_queue = []
    s.a_bid = 0
    s.a_bidder = NOBODY
    s.a_bids = ()


def end_round(s: RazziaFields) -> None:
    """Score, clear the table and black-cross cards, and start the next round or end the game."""
    final = s.round == ROUNDS
    sums = [sum(s.up[seat]) + sum(s.down[seat]) for seat in range(s.players)] if final else None
    s.round_scores.append(score_round(s.estate, sums, s.options["all_tied"]))
    box = s.box
    for estate in s.estate:
        for kind in BLACK_CROSS:
            box[kind] += estate[kind]
            estate[kind] = 0
    # "All booty cards, which are still laid out on the table as well as all the policemen are
    # discarded face down into the box. The cheque, which lies face up beside the board, remains."
    for kind in s.row:
        box[kind] += 1
    s.row.clear()
    box[POLICE] += s.police
    s.police = 0
    clear_auction(s)
    s.thieves_left = 0
    if final:
        s.phase = OVER
        return
    s.round += 1
    # "Each player now turns all their cheques face up".
    for seat in range(s.players):
        s.up[seat] = sorted(s.up[seat] + s.down[seat])
        s.down[seat] = []
    start_round(s)


def result(s: RazziaFields) -> Result:
    """The points of every round scored so far, by category; the most points win ("The player, who has
    most points after the third scoring round, is the winner"), ties broken as the options say."""
    breakdown = [dict.fromkeys(CATEGORIES, 0) for _ in range(s.players)]
    for round_scores in s.round_scores:
        for seat, points in enumerate(round_scores):
            for category, value in points.items():
                breakdown[seat][category] += value
    scores = tuple(sum(b.values()) for b in breakdown)
    keys: list[tuple[int, ...]]
    if s.options["tiebreak"] == "highest_cheque":
        # Ra's rule: among tied players the one holding the highest single cheque wins.
        keys = [(scores[seat], max(s.up[seat] + s.down[seat])) for seat in range(s.players)]
    else:
        keys = [(score,) for score in scores]
    ranks = rank_by(keys)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    return Result(scores, ranks, winners, tuple(breakdown))
