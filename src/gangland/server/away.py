"""When the host may hand a person's seat to a bot: only when its person is away (docs/server.md, "The
host's bot stands in only for an away person").

A seat is away when no page of it has been connected for `Limits.away_seconds` (60 s by default), or its
move clock ran out at its latest turn, or nobody has opened it yet. A page that loses its socket for a few
seconds (a phone whose screen locks, a change of network, the server restarting) is not away: it is back
within the page's reconnect delays (at most 10 s apart). Giving the seat back to its person is always
allowed, and so is handing the host's own seat (`LiveTable.set_away` with that seat's token).

A live table's connections (`connections.Connections`) remember when each seat's last one closed; a seat
with none since the table came live in this process (created or loaded here) counts from then, so that a
restart never makes every seat look away at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .storage import MoveRecord, TableRecord


class NotAway(Exception):
    """The host may not hand this seat to a bot now: its person is here (the message says when they may)."""


AWAY_SECONDS = 60.0
"""How long no page of a person's seat must have been connected before the host may hand it to a bot (the
default of `Limits.away_seconds`)."""


def timed_out(moves: Sequence[MoveRecord], seats: set[int]) -> set[int]:
    """The seats of `seats` whose latest move was made by the clock's stand-in (`by` "timeout"): their
    move clock ran out at their latest turn and their person has not moved since."""
    latest: dict[int, str] = {}
    for move in reversed(moves):
        if len(latest) == len(seats):
            break
        if move.seat in seats and move.seat not in latest:
            latest[move.seat] = move.by
    return {seat for seat, by in latest.items() if by == "timeout"}


def hand_over_refusal(record: TableRecord, seat: int, away: float, away_seconds: float,
                      running_out: bool) -> str | None:
    """Why the host may not hand the person's seat `seat` of the table `record` to a bot now, saying when
    they may (None: they may): its person is here, or left less than `away_seconds` ago (`away`: seconds
    since a page of the seat was last connected, `Connections.away_for`), and its move clock did not run
    out at its latest turn (nor is running out now: `running_out`, its stand-in's move is being made)."""
    seat_record = record.seats[seat]
    if not seat_record.joined or running_out or seat in timed_out(record.moves, {seat}):
        return None
    if away >= away_seconds:
        return None
    who = seat_record.name or f"Seat {seat + 1}"
    rule = (f"a person's seat goes to a bot only once no page of it has been open for {seconds(away_seconds)}"
            + (", or once its move clock ran out" if record.move_seconds else ""))
    if away == 0.0:
        return f"{who} has the table open now: {rule}; ask them, or try again once they have left"
    ago = "a moment" if away < 1 else seconds(math.floor(away))
    wait = seconds(max(1, math.ceil(away_seconds - away)))
    return f"{who} left the table {ago} ago: {rule}; try again in {wait} if they are still away"


def seconds(count: float) -> str:
    """`count` seconds in words: "1 second", "0.3 seconds", "60 seconds"."""
    return f"{count:g} second{'' if count == 1 else 's'}"
