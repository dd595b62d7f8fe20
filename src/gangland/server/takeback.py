"""Undo at a live table: whether a table allows it, which moves a person may take back, and the decision
its seat is offered to take back after each move (docs/server.md, "Undo").

The undo rule itself is the engine's (gangland.engine.undo, one rule for the terminal and the web); here it
meets the table's house rules and who made each move (a person, or a bot for them). The table works out its
offer after each move (`LiveTable.offer_undo`); the take-back itself is ingame.py's.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gangland.engine import Game, GameRecord, fill_seats
from gangland.engine.undo import TakeBack, UndoRefused, plan_take_back

from .people import TableSettings
from .protocol import Refusal
from .storage import MoveRecord, TableRecord

AUTO = "auto"
"""A move's `by` when the page played the seat's only legal move for its person."""
PEOPLE = frozenset({"person", AUTO})
"""The `by` of moves a person made (or had played for them as their only move): only these go back."""
BOT_MOVED = ("your last move was made for your seat by a bot (your time ran out, or the host handed your "
             "seat to a bot): it stands")


def undo_allowed(record: TableRecord) -> bool:
    """Whether a person may take back decisions at this table: the host turned undo on, and the table is
    not rated. The server rates no game yet; a table rated in future (a `rated` house rule) never allows
    an undo, whatever else it says: a game with take-backs is not a fair one to rate."""
    settings = record.settings
    return TableSettings.of(settings).undo and not settings.get("rated", False)


@dataclass(frozen=True, slots=True)
class UndoOffer:
    """A decision its seat may take back now (shown to that seat only, in its state messages)."""

    seat: int
    step: int
    """The table's step when it was worked out (it holds for that step only)."""
    back_to: int
    """The step of the decision: the game goes back to before it."""
    move: str
    """The decision as its seat reads it."""

    def for_seat(self, seat: int | None, step: int) -> dict[str, Any] | None:
        """The state message's `undo` for `seat` at `step`: the decision it may take back, or None."""
        if seat != self.seat or step != self.step:
            return None
        return {"move": self.move}


async def plan(game: Game, played: GameRecord, moves: Sequence[MoveRecord], seat: int,
               labels: Callable[[], list[str]]) -> TakeBack:
    """What an undo of `seat`'s last decision takes back in the game `played` (with the table's `moves`)
    by the engine's fair rule, worked out in a thread; or Refusal undo_not_now saying why not, its seat
    markers filled in with `labels()` (what each seat is called now). Call it under the table's lock."""
    if moves and moves[-1].seat == seat and moves[-1].by not in PEOPLE:
        raise Refusal("undo_not_now", BOT_MOVED)
    record = dataclasses.replace(played, actions=list(played.actions), result=None)
    try:
        back = await asyncio.to_thread(plan_take_back, game, record, seat, fair=True)
    except UndoRefused as exc:  # (it quotes the decision's name: its seat markers filled in with names)
        raise Refusal("undo_not_now", fill_seats(str(exc), labels(), seat)) from None
    if any(move.by not in PEOPLE for move in moves[back.step:]):
        raise Refusal("undo_not_now", BOT_MOVED)
    return back


async def offer(game: Game, played: GameRecord, record: TableRecord, over: bool,
                labels: Callable[[], list[str]]) -> UndoOffer | None:
    """The decision the seat that made the table's last move may take back (None: none), for its state
    messages: worked out under the table's lock, after a move or an undo."""
    moves = record.moves
    if not undo_allowed(record) or over or not moves or moves[-1].by not in PEOPLE:
        return None
    seat = moves[-1].seat
    try:
        back = await plan(game, played, moves, seat, labels)
    except Refusal:
        return None
    return UndoOffer(seat, len(moves), back.step, back.name)
