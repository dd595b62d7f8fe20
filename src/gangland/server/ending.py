"""Tables that end without their rules: the host ends one (abandoned, never rated), and tables nobody plays
any more leave the lobby's lists (docs/server.md, "Idle and ended tables").

An ended table is finished like a game that reached its end (its lease given up, its bots and clock
stopped, listed among the finished with `ended: "abandoned"`), but it has no result: no winners, no scores,
nothing for a rating. Its replay goes up to where it stopped.
"""

from __future__ import annotations

import asyncio
from typing import Any

from gangland.engine import OptionError

from .storage import LeaseLost
from .tables import LiveTable

ABANDONED = "abandoned"
"""`ended` of a table its host ended."""
IDLE_DAYS = 14.0
"""The days without a person's move after which an unfinished table leaves the lobby's lists (the default
of `gangland serve --idle-days`)."""


async def end_table(table: LiveTable) -> None:
    """End `table`'s game now, as its host asked: abandoned, no result. OptionError if it is over already;
    LeaseLost (the table given up here) if another process holds it now."""
    hub = table.hub
    async with table.lock:  # no move is being written meanwhile: each commits under this lock
        if table.over:
            raise OptionError("the game is over already")
        at = hub.clock()
        try:
            await asyncio.to_thread(hub.storage.update_table, table.id, finished=True, finished_at=at,
                                    ended=ABANDONED)
        except LeaseLost:
            hub.lose(table)
            raise
        record = table.record
        record.finished, record.finished_at, record.ended = True, at, ABANDONED
        if table.driver is not None:  # its bot stops thinking, its clock stops
            table.driver.cancel()
        table.driver, table.thinking, table.deadline = None, None, None
    table.broadcast()
    hub.finished(table)


def active_since(entries: list[dict[str, Any]], cutoff: float) -> list[dict[str, Any]]:
    """The table summaries of `entries` a person moved at since `cutoff` (or that were made since, when
    nobody has moved yet): the others are idle and leave the lobby's lists."""
    return [entry for entry in entries if entry["active"] >= cutoff]
