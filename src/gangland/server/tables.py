"""Live tables: each game's state, seats, connections, bots and clock; the one place that applies a move.

A move, whoever makes it (a person, a bot, the clock, a bot the host seated), goes through `LiveTable.play`:
under the table's lock it is checked, applied to a copy of the state, committed to the database with the new
step and what each seat is told, and only then does the copy become the live state and everyone hear of it.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from gangland.engine import Game, GameRecord, GanglandError, OptionError, State, quoted, seat_label, seat_ref

from . import takeback
from .away import AWAY_SECONDS, NotAway, hand_over_refusal, timed_out
from .bots import BotRunner, bot_names, fallback_bot
from .chat import TableChat
from .connections import Client, Connections, Drawing
from .metrics import ServerMetrics
from .people import TableSettings, bot_detail, bot_level, bot_name, stand_ins
from .protocol import LOG_LINES, PARTS, Refusal, encode, state_message
from .storage import (
    LeaseLost,
    MoveRecord,
    SeatRecord,
    StepConflict,
    Storage,
    TableRecord,
    token_hash,
)
from .watchers import SeatWatchers

SPECTATOR = None
BAD_LINK = ("this link is unknown at this table: it may be cut off (copy the whole link), or be another "
            "table's; ask the table's host (who created it) for a new link")
REISSUED = ("the host made a new link for this seat, so this one no longer opens it; if that was not for "
            "you, ask the host (who created the table) for the new link")
RETRY_SECONDS = 3.0
"""How long a bot or the clock waits before trying a move again after the database refused it."""
log = logging.getLogger("gangland.server")


class TurnNotices(Protocol):
    """Told whenever a person's turn comes at a table: the turn mails (mail.py), if the server sends them."""

    def turn(self, table: LiveTable, seat: int) -> None:
        """`seat`'s person is to act at `table` (at every step, on a reload, when a bot gives it back)."""


class TableHost(Protocol):
    """What a live table needs of the server that plays it (the hub, hub.py, is the one): where its moves are
    stored, its bots, metrics, lobby watchers and turn notices, the clock and the server's root; and who is
    told when the table was lost to another process or is finished. The hub makes each table with itself
    as its host, so that the table never imports the hub."""

    storage: Storage
    bots: BotRunner
    bot_delay: float
    """Seconds a bot waits before it moves, so that people can follow."""
    metrics: ServerMetrics
    watchers: SeatWatchers
    """The lobby sockets watching seats: told of every move."""
    mail: TurnNotices | None
    root: str
    """The sub-path the server is served under (the links a table sends start with it)."""
    clock: Callable[[], float]
    """The time a move is stored with."""

    def background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` beside the tables."""

    def lose(self, table: LiveTable) -> None:
        """Give `table` up: another server process holds it now."""

    def finished(self, table: LiveTable) -> None:
        """`table`'s game just ended (or its host ended it)."""


def revoked_text(why: str, seat: int) -> str:
    """What a person opening a link that stopped working is told: what happened, and who can help."""
    if why == "used":
        return (f"this invitation was already used to take seat {seat + 1}, perhaps on another of your "
                "devices: open the seat's own link there (the table page shows it under \"Play from another "
                "device\", to copy or to scan as a QR code), or ask the table's host (who created it) for a "
                "new link")
    if why == "joined":
        return (f"seat {seat + 1} was taken from the lobby, so this link no longer opens it; ask the table's "
                "host (who created it) for a seat")
    return REISSUED


def new_token() -> str:
    """A fresh capability token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


class LiveTable:
    """A table whose game is loaded: the state (a cache of replaying the stored moves) and who is here."""

    def __init__(self, record: TableRecord, game: Game, hub: TableHost) -> None:
        self.record = record
        self.game = game
        self.hub = hub
        """The server that plays the table (`TableHost`): its storage, bots, metrics, and who is told."""
        self.game_record = GameRecord(
            record.game,
            record.game_version,
            record.players,
            record.options,
            record.seed,
            [self.seat_name(s) for s in record.seats],
            [m.action for m in record.moves],
        )
        self.game_record.undo = takeback.undo_allowed(record)  # such a record is no fair one to rate or study
        self.state: State = self.game_record.replay(game)
        self.clients = Connections()
        """Its connections, which remember when each seat's last one closed (away.py)."""
        self.lock = asyncio.Lock()
        self.thinking: int | None = None
        self.deadline: float | None = None
        self.driver: asyncio.Task[None] | None = None
        self.expired: int | None = None
        """The step whose move clock ran out (its stand-in's move may be waiting for the database)."""
        self._views: list[dict[str, Any]] | None = None
        self._texts: dict[int, str] = {}
        self._drawn: dict[tuple[int, str], Drawing | None] = {}
        """The text of each view of `_views` made so far, and its drawing in each layout asked for (kept as
        long as `_views`)."""
        self.chat = TableChat(record, self.clients, hub.storage)
        """The table's chat (chat.py); `table.chat.note(text)` writes a note of the table's own."""
        self.undo_offer: takeback.UndoOffer | None = None
        """The decision its seat may take back now, if any (takeback.py; worked out after each move)."""

    # -- facts -----------------------------------------------------------------------------------------

    @property
    def id(self) -> str:
        """The table's id."""
        return self.record.id

    @property
    def step(self) -> int:
        """How many moves have been played."""
        return len(self.record.moves)

    @property
    def over(self) -> bool:
        """True once no more moves are made: the game reached its end, or the host ended it (`ended`)."""
        return self.state.is_over or self.record.ended is not None

    @staticmethod
    def seat_name(seat: SeatRecord) -> str:
        """A seat's agent name for the game record: its bot, or "person"."""
        return seat.bot or "person"

    def controller(self, seat: int) -> str | None:
        """The bot that plays `seat` now (its own, or the one the host seated), or None for a person."""
        record = self.record.seats[seat]
        return record.bot or record.away_bot

    def views(self) -> list[dict[str, Any]]:
        """Every seat's view of the live state, then the spectator's (kept until the next move)."""
        if self._views is None:
            self._views = [self.state.view(s) for s in range(self.record.players)] + [self.state.view(None)]
        return self._views

    def seats_info(self) -> list[dict[str, Any]]:
        """The public facts of each seat."""
        people = {s.seat for s in self.record.seats if s.bot is None and s.joined}
        return seat_facts(self.record, {c.seat for c in self.clients}, timed_out(self.record.moves, people))

    def seat_labels(self) -> list[str]:
        """What each seat is called now (its person's or bot's name, else "Seat N"): what a text the server
        keeps or sends as it is (a chat note, a refusal) fills game text's seat markers in with."""
        return [facts["label"] for facts in self.seats_info()]

    def clock(self) -> dict[str, Any] | None:
        """The move clock of the person to act, if the table has a time limit."""
        seat = self.state.to_act
        if self.deadline is None or seat is None:
            return None
        left = max(0.0, self.deadline - time.monotonic())
        return {"seat": seat, "seconds_left": round(left, 1), "move_seconds": self.record.move_seconds}

    def log_for(self, seat: int | None, upto: int | None = None, since: int | None = None
                ) -> list[dict[str, Any]]:
        """The lines `seat` may read (the spectator's for None) of the moves before step `upto` (default:
        all): those from step `since` on, at most the last LOG_LINES (default: the last LOG_LINES)."""
        column = self.record.players if seat is None else seat
        end = len(self.record.moves) if upto is None else upto
        start = end - LOG_LINES if since is None else max(since, end - LOG_LINES)
        moves = self.record.moves[max(0, start) : end]
        return [{"step": m.step + 1, "seat": m.seat, "line": m.narration[column], "by": m.by} for m in moves]

    def text_of(self, seat: int | None) -> str:
        """The text of `seat`'s view of the live state, made once per state (a broadcast that follows no
        move, another connection of the seat, reuse it) and only if a connection wants it."""
        index = self.record.players if seat is None else seat
        text = self._texts.get(index)
        if text is None:
            text = self._texts[index] = self.game.render(self.views()[index])
        return text

    def drawing_of(self, seat: int | None, layout: str = "wide") -> Drawing | None:
        """The drawing of `seat`'s view of the live state in `layout` (None: the game has none), made once
        per state and layout."""
        index = self.record.players if seat is None else seat
        if (index, layout) in self._drawn:
            return self._drawn[index, layout]
        svg = drawing(self.game, self.views()[index], layout)
        made = self._drawn[index, layout] = None if svg is None else Drawing(svg)
        return made

    def message(self, seat: int | None, since: int | None = None,
                shared: dict[str, Any] | None = None, held: Drawing | None = None,
                want: frozenset[str] = PARTS, layout: str = "wide") -> dict[str, Any]:
        """The state message for `seat` (None: a spectator), built from its view only, with the log lines
        from step `since` on (None: the last LOG_LINES), and its drawing as lines of `held` (the drawing
        the connection holds) and new lines (`Drawing.lines_for`; None: the whole drawing) in `layout`.
        `shared`: what every seat's message of one broadcast holds alike (`shared_facts`), made once for
        them all. Of the view, its text and its drawing, only those in `want` (the others are null, and
        not made)."""
        view = self.views()[self.record.players if seat is None else seat]
        text = self.text_of(seat) if "text" in want else None
        svg = self.drawing_of(seat, layout) if "drawing" in want else None
        to_act = self.state.to_act
        legal = []
        if seat is not None and seat == to_act:
            legal = [
                {"id": a, "name": self.game.public_action_name(self.state, a, seat)}
                for a in self.state.legal_actions()
            ]
        if shared is None:
            shared = self.shared_facts()
        offer = self.undo_offer
        return state_message(
            seat=seat,
            to_act=None if self.record.ended else to_act,
            view=view if "view" in want else None,
            text=text,
            svg=None if svg is None else svg.svg if held is None else svg.lines_for(held),
            legal=legal,
            log=self.log_for(seat, since=since),
            rules_help=self.game.rules_help(view) if seat is not None and seat == to_act else None,
            undo=offer.for_seat(seat, self.step) if offer is not None else None,
            **shared,
        )

    def shared_facts(self) -> dict[str, Any]:
        """The public facts every state message of the moment holds alike (`state_message`'s other fields)."""
        return {
            "table_id": self.id,
            "game": {"id": self.game.id, "name": self.game.name, "stand_ins": stand_ins(self.game.id)},
            "players": self.record.players,
            "step": self.step,
            "seats": self.seats_info(),
            "thinking": self.thinking,
            "clock": self.clock(),
            "result": self.record.result,
            "ended": self.record.ended,
            "root": self.hub.root,
        }

    def broadcast(self, only: Client | None = None) -> None:
        """Send every connection (or `only` that one) its seat's state message, with the log lines it was
        not sent yet (the first message of a connection: the last LOG_LINES) and the parts it wants.
        Connections of one seat that were sent the same lines and drawing and want the same parts in the
        same layout get the same text, made once."""
        texts: dict[tuple[int | None, int | None, Drawing | None, frozenset[str], str], str] = {}
        shared: dict[str, Any] | None = None
        step = self.step
        for client in [only] if only is not None else list(self.clients):
            key = (client.seat, client.logged, client.drawn, client.want, client.layout)
            text = texts.get(key)
            if text is None:
                if shared is None:
                    shared = self.shared_facts()
                text = texts[key] = encode(
                    self.message(client.seat, client.logged, shared, client.drawn, client.want,
                                 client.layout))
            client.logged = step
            client.drawn = self.drawing_of(client.seat, client.layout) if "drawing" in client.want else None
            client.push(text)

    # -- the one path a move takes ----------------------------------------------------------------------

    async def play(self, seat: int, action: int, step: int, by: str, note: str | None = None) -> None:
        """Make `seat`'s move `action` at `step`; Refusal (nothing changed) if it may not be made now.

        A move once begun is carried through even if its caller is cancelled (a connection let go, a bot
        whose seat was taken back): its commit runs in a thread that nothing stops, so the live state must
        follow it, or the table would show a step behind its database and its next bot never start."""
        moving = asyncio.ensure_future(self._play(seat, action, step, by, note))
        moving.add_done_callback(_outcome_seen)
        await asyncio.shield(moving)

    async def _play(self, seat: int, action: int, step: int, by: str, note: str | None) -> None:
        async with self.lock:
            if self.over:
                raise Refusal("game_over", "the game is over; no more moves")
            if step != self.step:
                raise Refusal(
                    "stale_step",
                    f"your move answers step {step}, but the game is at step {self.step}; "
                    "the table has moved on, look again",
                )
            to_act = self.state.to_act
            if seat != to_act:
                raise Refusal("not_your_turn", f"it is {seat_label(to_act)}'s turn, not {seat_label(seat)}'s"
                              if to_act is not None else "the game is over")
            legal = self.state.legal_actions()
            if by == takeback.AUTO and len(legal) != 1:
                raise Refusal("illegal", f"'auto' plays a seat's only legal move, and this decision has "
                                         f"{len(legal)}; choose one")
            if action not in legal:
                raise Refusal(
                    "illegal",
                    f"action {action} is not legal now; the legal actions are "
                    f"{', '.join(str(a) for a in legal)}",
                )
            before = self.views()
            names = [self.game.public_action_name(self.state, action, s) for s in range(self.record.players)]
            names.append(self.game.public_action_name(self.state, action, None))
            after_state = self.state.clone()
            try:
                after_state.apply(action)
            except GanglandError as exc:
                raise Refusal("illegal", str(exc)) from None
            after = [after_state.view(s) for s in range(self.record.players)] + [after_state.view(None)]
            narration = [
                self.game.narrate(b, seat, n, a) for b, n, a in zip(before, names, after, strict=True)
            ]
            if note:
                narration = [f"{line} ({note})" for line in narration]
            if by == takeback.AUTO:
                narration = only_move_lines(narration, seat)
            move = MoveRecord(self.step, seat, action, by, narration, self.hub.clock())
            result = after_state.result().to_json() if after_state.is_over else None
            refusal = None
            try:
                await asyncio.to_thread(self.hub.storage.append_move, self.id, move, result,
                                        after_state.to_act)
            except Exception as exc:
                # A conflict, an outage, or a COMMIT whose outcome is unknown: the database says what
                # was made. This move was made only if the database holds it.
                log.warning("table %s: step %d not saved: %s", self.id, move.step, type(exc).__name__)
                if isinstance(exc, LeaseLost):  # another process took the table over: it is played there
                    self.hub.lose(self)
                    raise Refusal("elsewhere", "this table is now played by another server process, so "
                                               "the move was not made here; reconnect to reach it") from None
                caught_up = await self._catch_up()
                made = self.record.moves[move.step] if len(self.record.moves) > move.step else None
                if caught_up is None:  # the database cannot say now: it is asked again until it can
                    self._resync_later()
                    raise Refusal("storage", f"the move may not have been saved ({type(exc).__name__}); "
                                             "the table will show whether it was, look again in a moment"
                                  ) from None
                if made is None or (made.seat, made.action) != (seat, action):
                    code = "stale_step" if isinstance(exc, StepConflict) else "storage"
                    refusal = Refusal(code, f"the move could not be saved, so it was not made "
                                            f"({type(exc).__name__}); try again")
                if not caught_up:
                    assert refusal is not None  # nothing was caught up, so nothing was made
                    raise refusal from None
            else:
                self._advance(move, after_state, after)
                await self.offer_undo()
        self.after_move()
        if refusal is not None:
            raise refusal

    def _advance(self, move: MoveRecord, after_state: State,
                 after_views: list[dict[str, Any]] | None) -> None:
        """Make a committed move the live state's (under the lock)."""
        self.state, self._views, self._texts, self._drawn = after_state, after_views, {}, {}
        self.undo_offer = None
        self.hub.metrics.move_made(self.game.id, move.by)
        self.record.moves.append(move)
        self.game_record.actions.append(move.action)
        if move.by == "person":  # written with the move (storage.append_move): idle tables leave the lobby
            self.record.active_at = move.at
        if after_state.is_over:
            result = after_state.result()
            self.record.finished, self.record.finished_at = True, move.at
            self.record.result = result.to_json()
            self.game_record.result = result

    def rewind(self, step: int) -> None:
        """Make the state before `step` the live one (under the lock, once the database took the moves
        from `step` on back: an undo, ingame.py). Every connection gets its log and drawing whole again."""
        del self.record.moves[step:]
        del self.game_record.actions[step:]
        self.state = self.game_record.replay(self.game)
        self._views, self._texts, self._drawn = None, {}, {}
        self.expired = None
        for client in self.clients:
            client.logged, client.drawn = None, None

    async def offer_undo(self) -> None:
        """Work out (under the lock, after a move or an undo) whether the seat that made the last move may
        take it back, for its state messages (takeback.py)."""
        self.undo_offer = None  # none while it is worked out: a message sent meanwhile offers nothing stale
        self.undo_offer = await takeback.offer(self.game, self.game_record, self.record, self.over,
                                               self.seat_labels)

    def _resync_later(self) -> None:
        """Ask the database again, every RETRY_SECONDS until it answers, what it holds beyond the live
        state, and take it up (a move whose COMMIT's outcome was unknown)."""

        async def resync() -> None:
            while True:
                await asyncio.sleep(RETRY_SECONDS)
                async with self.lock:
                    caught_up = await self._catch_up()
                if caught_up is not None:
                    break
            self.after_move()  # whatever the database held (maybe nothing): go on from there

        self.hub.background(resync())

    def after_move(self) -> None:
        """Tell everyone, and start what the new step waits for."""
        self.drive()
        self.broadcast()
        self.hub.watchers.changed(self.id)
        if self.state.is_over:
            self.hub.finished(self)

    async def _catch_up(self) -> bool | None:
        """Apply the moves the database holds beyond the live state (under the lock); True if there were,
        False if there were none, None if the database could not be read.

        A write whose COMMIT failed may yet have been made, and only the database knows: the live state
        is a cache of it, never the other way round."""
        try:
            stored = await asyncio.to_thread(self.hub.storage.load, self.id)
        except Exception:
            return None
        if stored is None or len(stored.moves) <= self.step:
            return False
        for move in stored.moves[self.step :]:
            after_state = self.state.clone()
            after_state.apply(move.action)
            self._advance(move, after_state, None)
        return True

    # -- bots and the clock -----------------------------------------------------------------------------

    def drive(self) -> None:
        """Start what the present step waits for: the bot of the seat to act, or the person's clock."""
        current = asyncio.current_task()
        if self.driver is not None and self.driver is not current and not self.driver.done():
            self.driver.cancel()
        self.driver = None
        self.thinking, self.deadline = None, None
        seat = self.state.to_act
        if seat is None or self.record.ended:
            return
        bot = self.controller(seat)
        if bot is None and self.hub.mail is not None:
            self.hub.mail.turn(self, seat)  # mailed if its person is away (server/mail.py)
        if bot is not None:
            self.thinking = seat
            self.driver = asyncio.create_task(self._drive_safely(self._bot_move(seat, bot, self.step)))
        elif self.record.move_seconds and self.record.seats[seat].joined:
            # A seat nobody has taken yet waits for its person: the clock starts once they arrive.
            seconds = 0 if self.expired == self.step else self.record.move_seconds
            self.deadline = time.monotonic() + seconds
            timeout = self._time_out(seat, self.step, seconds)
            self.driver = asyncio.create_task(self._drive_safely(timeout))

    async def _bot_move(self, seat: int, bot: str, step: int, note: str | None = None) -> None:
        await asyncio.sleep(self.hub.bot_delay)
        if self.step != step:
            return
        with self.hub.metrics.thinking(bot):
            action, trouble = await self.hub.bots.choose(
                self.game, self.state, self.game_record, seat, bot, self.record.bot_seed
            )
        by = "timeout" if note else "host" if self.record.seats[seat].away_bot == bot else "bot"
        while True:
            try:
                await self.play(seat, action, step, by, note or trouble)
                return
            except Refusal:
                # Refused while the table still waits for this very move (the database is out, or its
                # answer was lost): try again in a while rather than leave the table waiting for ever.
                if self.step != step or self.driver is not asyncio.current_task():
                    return  # the table moved on (the host took the seat back, say)
                await asyncio.sleep(RETRY_SECONDS)

    async def _drive_safely(self, move: Coroutine[Any, Any, None]) -> None:
        """Run a bot's or the clock's move; an unexpected error is logged and the step tried again later,
        so that one failure never leaves a table waiting for ever."""
        try:
            await move
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the move at step %d failed", self.id, self.step)
            step = self.step
            await asyncio.sleep(RETRY_SECONDS)
            if self.step == step and self.driver is asyncio.current_task():
                self.drive()

    async def _time_out(self, seat: int, step: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.expired = step  # a retry of the stand-in's move must not give the person their time again
        stand_in = fallback_bot(self.game)
        await self._bot_move(
            seat, stand_in, step,
            note=f"time ran out; the {bot_level(stand_in, self.game.id)} bot moved for {seat_ref(seat)}",
        )

    # -- seats --------------------------------------------------------------------------------------------

    async def set_away(self, seat: int, bot: str | None, away_seconds: float = AWAY_SECONDS,
                       seat_token: str | None = None) -> None:
        """Hand a person's seat to `bot`, or (None) give it back to its person. NotAway (nothing changed)
        if its person is not away (away.py: no page of the seat open for `away_seconds`, or its clock ran
        out), unless `seat_token` opens the seat: its own person (the host at their own seat) asks."""
        record = self.record.seats[seat]
        if record.bot:
            raise OptionError(f"seat {seat + 1} is a bot's seat, not a person's")
        if bot is not None and bot not in bot_names(self.game):
            raise OptionError(
                f"no bot {quoted(bot)} for {self.game.name}; choose from: {', '.join(bot_names(self.game))}"
            )
        async with self.lock:
            own = seat_token is not None and record.token_hash is not None and hmac.compare_digest(
                record.token_hash, token_hash(seat_token))
            running_out = self.expired == self.step and self.state.to_act == seat  # its stand-in moves now
            refusal = None if bot is None or own else hand_over_refusal(
                self.record, seat, self.clients.away_for(seat), away_seconds, running_out)
            if refusal is not None:
                raise NotAway(refusal)
            await self.save_seat(seat, away_bot=bot)
            record.away_bot = bot
        if self.state.to_act == seat and not self.state.is_over:
            self.drive()
        self.broadcast()

    async def set_muted(self, seat: int, muted: bool) -> bool:
        """The host mutes a person's seat (or lets it write again): stored, a note in the chat, and every
        connection told (the seat facts say `muted`; chat.py). False if it was so already (nothing changes).
        OptionError if the seat is a bot's."""
        record = self.record.seats[seat]
        if record.bot:
            raise OptionError(f"seat {seat + 1} is a bot's seat: bots do not chat")
        async with self.lock:
            if record.muted == muted:
                return False
            await self.save_seat(seat, muted=muted)
            record.muted = muted
        self.broadcast()
        who = self.chat.seat_name(seat)
        await self.chat.note(f"{who} was muted by the host" if muted
                             else f"{who} may write in the chat again")
        return True

    async def save_seat(self, seat: int, revoked: tuple[str, str] | None = None, **columns: Any) -> None:
        """Write a change of `seat` (storage.update_seat's columns; `revoked`: the link it stops, and why).
        A table another process took over meanwhile is given up here, and LeaseLost goes on up: nothing
        was changed."""
        try:
            await asyncio.to_thread(self.hub.storage.update_seat, self.id, seat, revoked, **columns)
        except LeaseLost:
            self.hub.lose(self)
            raise

    async def take_seat(self, seat: int, token: str, name: str | None = None) -> str | None:
        """A person opened `seat`'s link with `token`, going by `name` (kept if the seat has none yet). An
        invitation (a fresh token) is spent at its first use: the seat gets a token of its own, returned
        for that person alone (so the link's sender can no longer open the seat), and its clock starts.
        None when the link was the seat's own already; Refusal bad_token when `token` stopped opening the
        seat meanwhile (another tab spent the same invitation a moment ago)."""
        async with self.lock:
            record = self.record.seats[seat]
            if record.token_hash is None or not hmac.compare_digest(record.token_hash, token_hash(token)):
                # Another tab spent this very invitation a moment ago (or the host replaced it).
                raise Refusal("revoked", revoked_text("reissued" if record.fresh else "used", seat))
            columns: dict[str, Any] = {}
            revoked = None
            own = None
            if record.fresh or not record.joined:
                own = new_token()
                columns.update(token_hash=token_hash(own), joined=True, fresh=False)
                revoked = (record.token_hash, "used")
            if name is not None and record.name is None:
                columns["name"] = name
            if columns:
                try:
                    await self.save_seat(seat, revoked=revoked, **columns)
                except LeaseLost:
                    raise Refusal("elsewhere", "this table is now played by another server process, so "
                                               "the seat was not taken here; reconnect to reach it") from None
                for column, value in columns.items():
                    setattr(record, column, value)
        if own is not None and self.state.to_act == seat and not self.state.is_over:
            self.drive()  # start the clock it waited with
        return own

    async def rename(self, seat: int, name: str) -> None:
        """The person of `seat` goes by `name` from now on; everyone is told."""
        async with self.lock:
            await self.save_seat(seat, name=name)
            self.record.seats[seat].name = name
        self.broadcast()

    async def reissue(self, seat: int) -> str:
        """A new link for a person's seat (the host's answer to a lost or leaked link): the seat's present
        token stops working at once (its connections are told and closed), and the new one is an
        invitation, spent at its first use like the first. Returns the new token."""
        record = self.record.seats[seat]
        if record.bot:
            raise OptionError(f"seat {seat + 1} is a bot's seat: it has no link")
        token = new_token()
        # The seat's turn mails stop too: their address was the old link holder's, not the new one's.
        columns = {"token_hash": token_hash(token), "fresh": True, "email": None, "mail_stop_hash": None,
                   "mailed_step": None}
        async with self.lock:
            revoked = None if record.token_hash is None else (record.token_hash, "reissued")
            await self.save_seat(seat, revoked=revoked, **columns)
            for column, value in columns.items():
                setattr(record, column, value)
        self.revoke_clients(seat, REISSUED)
        return token

    def revoke_clients(self, seat: int, why: str) -> None:
        """The connections of `seat` no longer play it (its link stopped working): each is told `why`, is
        refused whatever it sends from now on, and is closed."""
        gone = encode(Refusal("revoked", why).to_message())
        for client in list(self.clients):
            if client.seat == seat:
                client.revoked = True
                self.clients.discard(client)
                client.push(gone)
                client.push(None)

    def is_host(self, token: str) -> bool:
        """True if `token` is the table's host token (compared by hash, in constant time)."""
        return hmac.compare_digest(token_hash(token), self.record.host_hash)

    def replay_frame(self, step: int, seat: int | None, layout: str = "wide") -> dict[str, Any]:
        """A finished game at `step` as `seat` (None: a spectator) saw it: view, text, drawing (in `layout`)
        log and chat so far."""
        state = self.game_record.replay(self.game, upto=step)
        view = state.view(seat)
        return {
            "table_id": self.id,
            "game": {"id": self.game.id, "name": self.game.name},
            "players": self.record.players,
            "seat": seat,
            "step": step,
            "total": self.step,
            "to_act": state.to_act,
            "view": view,
            "text": self.game.render(view),
            "svg": drawing(self.game, view, layout),
            "log": self.log_for(seat, upto=step),
            "chat": self.chat.upto(step),
            "seats": self.seats_info(),
            "result": self.record.result if step == self.step else None,
            "ended": self.record.ended if step == self.step else None,
        }

    def summary(self) -> dict[str, Any]:
        """The public facts of the table, for the lobby."""
        to_act = None if self.record.ended else self.state.to_act
        return summary(self.record, self.game, self.step, to_act, self.seats_info())


def _outcome_seen(moving: asyncio.Future[None]) -> None:
    """A move whose caller was cancelled: its refusal or failure has nobody to tell (and must not be logged
    as never retrieved); a failure of the server's own is logged."""
    if moving.cancelled():
        return
    failure = moving.exception()
    if failure is not None and not isinstance(failure, Refusal):
        log.debug("a move ended with %s", type(failure).__name__)


def only_move_lines(narration: list[str], seat: int) -> list[str]:
    """Each seat's log line of a move the page played for `seat` as its only legal move, saying so."""
    said = {True: "your only move, played for you", False: "the only move, played for them"}
    return [f"{line} ({said[column == seat]})" for column, line in enumerate(narration)]


def drawing_lines(svg: str, held: str) -> list[str | int]:
    """`svg` for a connection that holds the drawing `held`: its lines (split at "\\n"), each the number of
    the same line in `held` when `held` has it (the first such), else the line itself. The page joins
    them again with "\\n"; a drawing changed by a move sends only what changed.

    >>> drawing_lines("<svg>\\n<a/>\\n<b/>\\n</svg>\\n", "<svg>\\n<b/>\\n</svg>\\n")
    [0, '<a/>', 1, 2, 3]
    """
    return Drawing(svg).lines_for(Drawing(held))


def drawing(game: Game, view: dict[str, Any], layout: str = "wide") -> str | None:
    """The game's SVG drawing of `view` in `layout`, or None for a game that has none yet."""
    try:
        return game.svg(view, layout)
    except OptionError:
        return None


def seat_facts(record: TableRecord, connected: set[int | None], timed_out: set[int] | None = None
               ) -> list[dict[str, Any]]:
    """The public facts of each seat of a table: its name, bot (with its level) or person, invited or open,
    taken, connected, a bot standing in, its move clock run out at its latest turn (the seats in
    `timed_out`), muted. Never its token or its person's e-mail."""
    info = []
    for seat in record.seats:
        name = seat.name or (bot_name(seat.seat, seat.bot, record.game) if seat.bot else None)
        info.append(
            {
                "seat": seat.seat,
                "kind": "bot" if seat.bot else "person",
                "bot": seat.bot,
                "level": bot_level(seat.bot, record.game) if seat.bot else None,
                "bot_detail": bot_detail(seat.bot) if seat.bot else None,
                "name": name,
                "joined": seat.joined or bool(seat.bot),
                "open": bool(seat.open) and not seat.bot,
                "connected": seat.seat in connected,
                "away": seat.away_bot,
                "away_level": bot_level(seat.away_bot, record.game) if seat.away_bot else None,
                "timed_out": seat.seat in (timed_out or ()),
                "muted": seat.muted,
                "label": name or f"Seat {seat.seat + 1}",
            }
        )
    return info


def summary(
    record: TableRecord, game: Game, step: int, to_act: int | None, seats: list[dict[str, Any]]
) -> dict[str, Any]:
    """A table's public facts: never its seed, tokens or anything a view would hide."""
    return {
        "table_id": record.id,
        "game": game.id,
        "game_name": game.name,
        "players": record.players,
        "options": record.options,
        "status": "finished" if record.finished else "playing",
        "step": step,
        "to_act": to_act,
        "move_seconds": record.move_seconds,
        "listed": record.listed,
        "created": record.created_at,
        "finished": record.finished_at,
        "seats": seats,
        "open_seats": [s["seat"] for s in seats if s["kind"] == "person" and not s["joined"] and s["open"]],
        "invited_seats": [s["seat"] for s in seats
                          if s["kind"] == "person" and not s["joined"] and not s["open"]],
        "settings": TableSettings.of(record.settings).to_json(),
        "ended": record.ended,
        "rematch": record.rematch,
        "active": record.active_at or record.created_at,
        "result": record.result if record.finished else None,
    }
