"""A table's connections: each one's queue of messages and what it holds (`Client`), the drawing it holds
(`Drawing`), and the set of a live table's connections, which remembers when each seat's last one closed
(`Connections`, read by the away rule, away.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator, MutableSet
from dataclasses import dataclass, field

from .limits import SLOW_CLOSE
from .protocol import PARTS


@dataclass(eq=False)
class Client:
    """One connection: the seat it plays (None: a spectator), a queue of messages to send it, and what it
    holds of the log and of the drawing (a state message sends only what it lacks)."""

    seat: int | None
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(maxsize=256))
    logged: int | None = None
    """The number of moves whose log lines this connection was sent: each state message carries only the
    lines since (None: no state yet; the first carries the last LOG_LINES)."""
    drawn: Drawing | None = None
    """The drawing this connection was last sent (None: none yet): a state message sends the lines of the
    next one that this one holds as their numbers in it (`Drawing.lines_for`)."""
    want: frozenset[str] = PARTS
    """The parts of PARTS its state messages carry (the page asks for the text only while it shows it)."""
    layout: str = "wide"
    """The layout its drawing is made in (protocol.LAYOUTS: a phone's page asks for "narrow")."""
    close_code: int = 4403
    """The close code of a close the outbox asks for: the link was revoked, unless set otherwise."""
    name: str | None = None
    """The name its person goes by (a spectator's is kept here only, for the chat; a seat's is the seat's)."""
    revoked: bool = False
    """Its link stopped working (`LiveTable.revoke_clients`): whatever it sends is refused."""
    pushed: int = 0
    sent: int = 0
    """Messages queued for it so far, and sent so far (metrics.py times a move's acknowledgement by them)."""
    ack_due: tuple[int, float] | None = None
    """(the number of the message that acknowledges its move, when the move arrived), until it is sent."""

    def push(self, text: str | None) -> None:
        """Queue a message (None: close). A client too slow to drain its queue is dropped: what waits is
        thrown away and the connection closed (SLOW_CLOSE); a reconnect gets the whole state again."""
        self.pushed += 1
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    self.outbox.get_nowait()
            self.close_code = SLOW_CLOSE
            self.outbox.put_nowait(None)


class Drawing:
    """A drawing as a state message sends it: whole (`svg`), or as its lines, each the number of the same
    line in the drawing a connection holds when that one has it (`lines_for`). Made once per state and
    seat; its lines and their numbers are split once, then serve every connection that holds it or the
    next one. Compared by identity (a connection's drawing is a key of `LiveTable.broadcast`)."""

    __slots__ = ("lines", "numbers", "svg")

    def __init__(self, svg: str) -> None:
        self.svg = svg
        self.lines = svg.split("\n")
        self.numbers = {line: number for number, line in reversed(list(enumerate(self.lines)))}
        """Each line's number (the first, when a line is there twice)."""

    def lines_for(self, held: Drawing) -> list[str | int]:
        """This drawing for a connection that holds `held` (`tables.drawing_lines`)."""
        numbers = held.numbers
        return [numbers.get(line, line) for line in self.lines]


class Connections(MutableSet[Client]):
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
