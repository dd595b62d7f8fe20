"""Which lobby sockets watch a seat of which table (lobbysocket.py serves them): the hub tells the watchers
of a table after each of its moves (`SeatWatchers.changed`: a dict from table id to the sockets that watch
one of its seats, so a move costs one lookup).
"""

from __future__ import annotations

import asyncio
from typing import Any


class Watcher:
    """One lobby socket: the tokens it watches, where they sit, and what it was sent last."""

    def __init__(self) -> None:
        self.tokens: list[str] = []
        self.places: list[tuple[str, int] | None] = []
        """(table id, seat) of each token's seat (None: unknown), read once per watch message."""
        self.sent: list[Any] | None = None
        """What the last my_seats message said of each seat's turn (its steps aside)."""
        self.dirty = asyncio.Event()
        """Set when a watched table moved: the watcher looks again."""


class SeatWatchers:
    """Which lobby sockets watch a seat of which table."""

    def __init__(self) -> None:
        self.by_table: dict[str, set[Watcher]] = {}

    def changed(self, table_id: str) -> None:
        """A move was made at `table_id` (or its game ended): its watchers look again."""
        for watcher in self.by_table.get(table_id, ()):
            watcher.dirty.set()

    def watch(self, watcher: Watcher, places: list[tuple[str, int] | None]) -> None:
        """`watcher` watches the seats at `places` from now on (instead of those before)."""
        self.forget(watcher)
        watcher.places = places
        for place in places:
            if place is not None:
                self.by_table.setdefault(place[0], set()).add(watcher)

    def forget(self, watcher: Watcher) -> None:
        """`watcher` watches nothing any more."""
        for place in watcher.places:
            if place is None:
                continue
            watching = self.by_table.get(place[0])
            if watching is not None:
                watching.discard(watcher)
                if not watching:
                    del self.by_table[place[0]]
        watcher.places = []
