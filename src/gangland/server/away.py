"""When the host may hand a person's seat to a bot: only when its person is away (docs/server.md, "The
host's bot stands in only for an away person").

A seat is away when no page of it has been connected for `Limits.away_seconds` (60 s by default), or its
move clock ran out at its latest turn, or nobody has opened it yet. A page that loses its socket for a few
seconds (a phone whose screen locks, a change of network, the server restarting) is not away: it is back
within the page's reconnect delays (at most 10 s apart). Giving the seat back to its person is always
allowed, and so is handing the host's own seat (`LiveTable.set_away` with that seat's token).

A live table's `Connections` remember when each seat's last connection closed; a seat with none since the
table came live in this process (created or loaded here) counts from then, so that a restart never makes
every seat look away at once.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, MutableSet, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the tables hold the connections: they import this module, not the other way round
    from .storage import MoveRecord
    from .tables import Client, LiveTable

class NotAway(Exception):
    """The host may not hand this seat to a bot now: its person is here (the message says when they may)."""


AWAY_SECONDS = 60.0
"""How long no page of a person's seat must have been connected before the host may hand it to a bot (the
default of `Limits.away_seconds`)."""


class Connections(MutableSet["Client"]):
    """A live table's connections, which remember when each seat's last one closed (`away_for`)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clients: set[Client] = set()
        self.clock = clock
        self.since = clock()
        """When the table came live in this process."""
        self.left: dict[int, float] = {}
        """When the last connection of each seat closed."""

    def __contains__(self, client: object) -> bool:
        return client in self._clients

    def __iter__(self) -> Iterator[Client]:
        return iter(self._clients)

    def __len__(self) -> int:
        return len(self._clients)

    def add(self, client: Client) -> None:
        """A new connection (it said hello)."""
        self._clients.add(client)

    def discard(self, client: Client) -> None:
        """Forget `client` (closed, or its link revoked); its seat's time away starts if it was the last."""
        self._clients.discard(client)
        seat = client.seat
        if seat is not None and not any(c.seat == seat for c in self._clients):
            self.left[seat] = self.clock()

    def away_for(self, seat: int) -> float:
        """Seconds since a page of `seat` was last connected: 0 while one is; counted from when the table
        came live here if none has been since."""
        if any(c.seat == seat for c in self):
            return 0.0
        return self.clock() - self.left.get(seat, self.since)


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


def clock_ran_out(table: LiveTable, seat: int) -> bool:
    """True if `seat`'s move clock ran out at its latest turn (or has just run out: its stand-in's move is
    being made)."""
    out_now = table.expired == table.step and table.state.to_act == seat
    return out_now or seat in timed_out(table.record.moves, {seat})


def hand_over_refusal(table: LiveTable, seat: int, away_seconds: float) -> str | None:
    """Why the host may not hand the person's seat `seat` to a bot now, saying when they may (None: they
    may): its person is here, or left less than `away_seconds` ago, and its move clock did not run out."""
    record = table.record.seats[seat]
    if not record.joined or clock_ran_out(table, seat):
        return None
    away = table.clients.away_for(seat)
    if away >= away_seconds:
        return None
    who = record.name or f"Seat {seat + 1}"
    rule = (f"a person's seat goes to a bot only once no page of it has been open for {seconds(away_seconds)}"
            + (", or once its move clock ran out" if table.record.move_seconds else ""))
    if away == 0.0:
        return f"{who} has the table open now: {rule}; ask them, or try again once they have left"
    ago = "a moment" if away < 1 else seconds(math.floor(away))
    wait = seconds(max(1, math.ceil(away_seconds - away)))
    return f"{who} left the table {ago} ago: {rule}; try again in {wait} if they are still away"


def seconds(count: float) -> str:
    """`count` seconds in words: "1 second", "0.3 seconds", "60 seconds"."""
    return f"{count:g} second{'' if count == 1 else 's'}"
