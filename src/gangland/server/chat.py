"""A table's chat: what the people at the table write, and the notes of the table's own, kept with the table.

The rules (docs/server.md, "Chat"): a line is text, tidied (`people.tidy`) and at most MAX_CHAT characters;
a seat writes at most CHAT_RATE lines in CHAT_WINDOW seconds (all its connections together; a spectator's
connection counts on its own); a seat the host muted writes nothing, and spectators write only where the
host allows it (`TableSettings.spectator_chat`). Every line is numbered per table and stored
(`Storage.add_chat`) before anyone is told, so that it survives a restart and shows in the replay from the
step at which it was written. A note (`TableChat.note`) is the table speaking: a seat muted, a move taken
back.

The page shows every line as text, never as markup (static/chat.js).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Hashable
from typing import Any

from .connections import Client, Connections
from .people import TableSettings, clean_name, tidy
from .protocol import Refusal, encode
from .storage import ChatRecord, StepConflict, Storage, TableRecord, now

MAX_CHAT = 500
"""The most characters a chat line may have (after its spaces are tidied)."""
CHAT_RATE = 5
"""The most lines a seat (or a spectator's connection) may write in CHAT_WINDOW seconds."""
CHAT_WINDOW = 10.0
"""The window of CHAT_RATE, in seconds."""
CHAT_LINES = 100
"""How many of the latest lines a connection is sent when it says hello."""
REPLAY_LINES = 200
"""How many of the latest lines written up to a step a replay frame carries."""
SPECTATOR_NAME = "Spectator"
"""What a spectator who gave no name is called in the chat."""
CONFLICT_TRIES = 3
"""How often a line whose number another writer took first is numbered again (after reading theirs)."""


def wire(line: ChatRecord) -> dict[str, Any]:
    """A chat line as the messages and the replay carry it."""
    return {"number": line.number, "kind": line.kind, "seat": line.seat, "name": line.name,
            "text": line.text, "step": line.step, "at": line.at}


class ChatRate:
    """How many lines each writer (a seat, or a spectator's connection) wrote lately: at most `rate` in
    `window` seconds.

    >>> clock = iter([0.0, 1.0, 2.0, 10.5]).__next__
    >>> rate = ChatRate(2, 10.0, clock)
    >>> rate.admit("seat 0"); rate.admit("seat 0")
    >>> try:
    ...     rate.admit("seat 0")
    ... except Refusal as refusal:
    ...     print(refusal.code)
    chat_rate
    >>> rate.admit("seat 0")  # 10.5 s after the first line: one place free again
    """

    def __init__(self, rate: int = CHAT_RATE, window: float = CHAT_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.window = window
        self.clock = clock
        self.written: dict[Hashable, list[float]] = {}
        """When each writer's latest lines (at most `rate`) were written."""

    def admit(self, writer: Hashable) -> None:
        """Count a line of `writer`'s; Refusal chat_rate (not counted) if it wrote `rate` in the window."""
        moment = self.clock()
        recent = [t for t in self.written.get(writer, ()) if moment - t < self.window]
        if len(recent) >= self.rate:
            wait = max(1, round(self.window - (moment - recent[0]) + 0.5))
            self.written[writer] = recent
            raise Refusal("chat_rate", f"you may write {self.rate} lines in {self.window:g} seconds; wait "
                                       f"{wait} s before the next")
        recent.append(moment)
        self.written[writer] = recent
        if len(self.written) > 256:  # writers long quiet (spectators gone) are forgotten
            self.written = {w: ts for w, ts in self.written.items() if moment - ts[-1] < self.window}


class TableChat:
    """The chat of one live table: its lines (`record.chat`, loaded with the table), who may write, and the
    messages that tell the table's connections (`clients`); its lines are stored in `storage`."""

    def __init__(self, record: TableRecord, clients: Connections, storage: Storage) -> None:
        self.record = record
        self.clients = clients
        self.storage = storage
        self.rate = ChatRate()
        self.lock = asyncio.Lock()
        """Lines are numbered and stored one at a time (moves do not wait for the chat, nor it for them)."""

    @property
    def lines(self) -> list[ChatRecord]:
        """The table's chat so far, oldest first."""
        return self.record.chat

    def spectators_write(self) -> bool:
        """Whether the host lets spectators write."""
        return TableSettings.of(self.record.settings).spectator_chat

    def history(self) -> dict[str, Any]:
        """The message a connection gets before its first state: the last CHAT_LINES lines (`history`:
        they replace whatever the page held) and whether spectators may write."""
        return {"type": "chat", "history": True, "lines": [wire(line) for line in self.lines[-CHAT_LINES:]],
                "spectators_write": self.spectators_write()}

    def upto(self, step: int) -> list[dict[str, Any]]:
        """The lines written by step `step` (a replay's frame), the last REPLAY_LINES of them."""
        return [wire(line) for line in self.lines if line.step <= step][-REPLAY_LINES:]

    def seat_name(self, seat: int) -> str:
        """What the chat calls a seat: its person's name, else "Seat N" counted from 1."""
        return self.record.seats[seat].name or f"Seat {seat + 1}"

    async def say(self, client: Client, text: str, name: str | None = None) -> ChatRecord:
        """`client` writes `text` (a spectator under `name`, if given); Refusal saying why not, and then
        nothing is kept or sent: chat_spectators, chat_muted, chat_empty, chat_too_long, chat_rate,
        malformed (a spectator's name that is no name)."""
        seat = client.seat
        if seat is None:
            if not self.spectators_write():
                raise Refusal("chat_spectators", "spectators may read the chat here but not write in it: the "
                                                 "table's host did not allow it")
            try:
                given = name if name is not None else client.name
                writer = SPECTATOR_NAME if given is None else clean_name(given)
            except ValueError as exc:
                raise Refusal("malformed", f"'name': {exc}") from None
        else:
            if self.record.seats[seat].muted:
                raise Refusal("chat_muted", "the table's host muted your seat: you may read the chat but "
                                            "not write in it")
            writer = self.seat_name(seat)
        line = tidy(text)
        if not line:
            raise Refusal("chat_empty", "a chat line needs at least one letter, digit or sign")
        if len(line) > MAX_CHAT:
            raise Refusal("chat_too_long", f"a chat line has at most {MAX_CHAT} characters; this one has "
                                           f"{len(line)}")
        self.rate.admit(("seat", seat) if seat is not None else client)
        return await self._add("chat", seat, writer, line)

    async def note(self, text: str) -> ChatRecord:
        """Write a note of the table's own (a seat muted, a move taken back) into the chat: kept, and sent
        to everyone at the table. StorageError (or the database's own error) if it could not be kept."""
        return await self._add("note", None, "", text)

    async def _add(self, kind: str, seat: int | None, name: str, text: str) -> ChatRecord:
        """Number the line, store it, keep it, and tell every connection."""
        async with self.lock:
            for _ in range(CONFLICT_TRIES):
                number = self.lines[-1].number + 1 if self.lines else 1
                line = ChatRecord(number, kind, seat, name, text, len(self.record.moves), now())
                try:
                    await asyncio.to_thread(self.storage.add_chat, self.record.id, line)
                except StepConflict:
                    # Another process wrote this table's chat (a finished table shown by two): its lines
                    # are read and sent on, and this one takes the next number.
                    await self._catch_up()
                    continue
                self.lines.append(line)
                self.tell([line])
                return line
        raise Refusal("storage", "the chat line could not be kept (others were written at the same moment); "
                                 "try again")

    async def _catch_up(self) -> None:
        """Take up the lines the database holds beyond ours (under the lock)."""
        stored = await asyncio.to_thread(self.storage.load, self.record.id)
        if stored is None:
            return
        last = self.lines[-1].number if self.lines else 0
        fresh = [line for line in stored.chat if line.number > last]
        self.lines.extend(fresh)
        if fresh:
            self.tell(fresh)

    def tell(self, lines: list[ChatRecord]) -> None:
        """Send new lines to every connection of the table."""
        text = encode({"type": "chat", "history": False, "lines": [wire(line) for line in lines]})
        for client in list(self.clients):
            client.push(text)
