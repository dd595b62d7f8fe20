"""The hub: every live table of this server process, the storage and the bots; tables created, loaded,
leased (see leases.py), taken over from a process that died, and given up when another took them.

With PostgreSQL several server processes may share one database: each advances only the tables it holds a
lease on, and `Hub.table` of a table another process holds raises `HeldElsewhere` (the client is told where
it is played). A watcher (`Hub._watch`) checks the database every LEASE_SECONDS: when it cannot be reached,
every connection is told, and when it is back the leases are taken again and the connections told; and it
takes over the tables whose holder died.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from gangland.engine import Game, GanglandError, OptionError, quoted
from gangland.games import get

from .bots import BotRunner, bot_names
from .ending import IDLE_DAYS, active_since
from .leases import Leases, Taken
from .metrics import ServerMetrics
from .people import TableSettings, clean_name
from .protocol import Refusal, encode
from .storage import DamagedTable, SeatRecord, Storage, StorageError, TableRecord, now, token_hash
from .tables import BAD_LINK, SPECTATOR, LiveTable, TurnNotices, new_token, revoked_text, seat_facts, summary
from .watchers import SeatWatchers

LEASE_SECONDS = 2.0
"""How often the hub checks that the database answers and looks for tables whose holder died."""
TAKEOVER_LOOKS = 2
"""A table is taken over when it was seen without a holder this many looks in a row: after an outage of
the database its holder takes its lease again first (within one look) and keeps it."""
LOBBY_ELSEWHERE = 500
"""The most tables of other processes a lobby lists."""
ELSEWHERE_CLOSE = 4421
"""The close code of a connection whose table another server process plays (after HTTP 421 Misdirected)."""
log = logging.getLogger("gangland.server")


class HeldElsewhere(Exception):
    """Another server process holds the table; `address` is where it answers, if it said."""

    def __init__(self, table_id: str, address: str | None) -> None:
        where = f" at {address}" if address else ""
        super().__init__(f"table {table_id} is played by another server process{where}; "
                         "connect to that one (a proxy in front of the servers routes you there)")
        self.address = address


@dataclass(frozen=True, slots=True)
class Created:
    """A new table and the tokens of its capabilities (only the creator ever sees them)."""

    table: LiveTable
    host_token: str
    spectator_token: str
    seat_tokens: dict[int, str]
    creator_seat: int | None


class Hub:
    """Every live table, the storage and the bots; each table's host (`tables.TableHost`): it makes the
    tables, and they reach the storage, the bots and the rest through it."""

    def __init__(
        self,
        storage: Storage,
        bots: BotRunner | None = None,
        bot_delay: float = 0.0,
        clock: Callable[[], float] = now,
    ) -> None:
        self.storage = storage
        self.bots = bots or BotRunner()
        self.bot_delay = bot_delay
        self.live: dict[str, LiveTable] = {}
        self.recent: dict[str, LiveTable] = {}
        """Finished tables kept for their spectators and late arrivals (the last few)."""
        self.clock = clock
        self.tasks: set[asyncio.Task[None]] = set()
        """Work beside the tables (see `background`)."""
        self.unplayable: dict[str, str] = {}
        """Stored tables this server cannot replay, with the reason."""
        self.move_seconds_range = (5, 7 * 24 * 3600)
        """The shortest and longest move time limit a table may have, in seconds."""
        self.leases = Leases(storage)
        self.outage: str | None = None
        """What every connection was told of the database being out of reach, while it is."""
        self.mail: TurnNotices | None = None
        """The turn mails (server/mail.py, made by the app), when the operator named an SMTP server."""
        self.idle_seconds = IDLE_DAYS * 24 * 3600
        """An unfinished table no person moved at for this long leaves the lobby's lists."""
        self.root = ""
        """The sub-path the server is served under ("" or e.g. "/gangland", server/subpath.py): the links it
        writes start with it."""
        self._loading = asyncio.Lock()  # one table leased and loaded at a time: never two live copies
        self.watchers = SeatWatchers()
        """The lobby sockets watching seats (watchers.py, lobbysocket.py): told of every move."""
        self.metrics = ServerMetrics()
        """This server's metrics (metrics.py): moves, connections, bots' and the database's times."""
        storage.timed_commit = self.metrics.commit_seconds.observe

    async def start(self) -> None:
        """Create or upgrade the schema, lease and reload every unfinished game no other process holds and
        set its bots going, and start watching the database and the leases."""
        await asyncio.to_thread(self.storage.migrate)
        for table_id in await asyncio.to_thread(self.storage.unfinished_ids):
            async with self._loading:
                await self._take_over(table_id)
        self.background(self._watch())

    async def _take_over(self, table_id: str) -> LiveTable | None:
        """Lease the unfinished table `table_id` and make it live here (under `_loading`); None if another
        process holds it, it is over, or it cannot be played here. StorageError if the database fails."""
        try:
            taken = await asyncio.to_thread(self.leases.take, table_id)
        except Exception as exc:
            raise StorageError(f"the database cannot be read ({type(exc).__name__})") from exc
        if taken is not Taken.TAKEN:
            return None
        try:
            table = await self._load_by_id(table_id)
        except BaseException:
            await asyncio.to_thread(self.leases.release, table_id)
            raise
        if table is None or table.record.finished:
            await asyncio.to_thread(self.leases.release, table_id)
            return None
        self.live[table.id] = table
        table.drive()
        return table

    async def _watch(self) -> None:
        """Every LEASE_SECONDS: report an outage of the database to every connection and, once it is over,
        take the leases again (giving up the tables another process took meanwhile); and take over the
        tables whose holder died (seen without one TAKEOVER_LOOKS times in a row)."""
        unheld: dict[str, int] = {}
        while True:
            await asyncio.sleep(LEASE_SECONDS)
            try:
                if not await asyncio.to_thread(self.leases.alive):
                    self.report_outage(True)
                    try:
                        lost = await asyncio.to_thread(self.leases.renew)
                    except Exception:
                        continue  # still out of reach: looked at again next time
                    for table_id in lost:
                        table = self.live.get(table_id)
                        if table is not None:
                            self.lose(table)
                    self.report_outage(False)
                    continue
                self.report_outage(False)
                orphans = await asyncio.to_thread(self.leases.orphans)
                unheld = {t: unheld.get(t, 0) + 1 for t in orphans if t not in self.unplayable}
                for table_id, looks in unheld.items():
                    if looks >= TAKEOVER_LOOKS and table_id not in self.live:
                        async with self._loading:
                            if await self._take_over(table_id) is not None:
                                log.info("table %s taken over from a server process that stopped", table_id)
            except Exception:
                log.exception("watching the database and the leases failed; trying again")

    def report_outage(self, out: bool) -> None:
        """Tell every connection that the database is out of reach (moves cannot be saved, so none is made)
        or, once it answers again, that it is back."""
        if out == (self.outage is not None):
            return
        if out:
            self.outage = ("the database cannot be reached: no move can be saved, so none is made until it "
                           "is back; the game goes on then")
            log.warning("the database cannot be reached")
        else:
            self.outage = None
            log.warning("the database answers again")
        text = encode(self.status_message())
        for table in list(self.live.values()):
            for client in list(table.clients):
                client.push(text)

    def status_message(self) -> dict[str, Any]:
        """The message telling a connection whether the database can be reached."""
        if self.outage is not None:
            return {"type": "status", "database": "out", "message": self.outage}
        return {"type": "status", "database": "back", "message": "the database answers again: moves are "
                                                                  "saved and made as before"}

    def lose(self, table: LiveTable) -> None:
        """Give a table up that another process holds now: its bots and clock stop here, and its connections
        are told where it went and closed (a client reconnects, and a proxy routes it to the holder)."""
        if self.live.get(table.id) is table:
            del self.live[table.id]
        if table.driver is not None:
            table.driver.cancel()
        self.background(asyncio.to_thread(self.leases.release, table.id))
        text = encode(Refusal("elsewhere", "this table is now played by another server process; "
                                           "reconnect to reach it").to_message())
        for client in list(table.clients):
            client.close_code = ELSEWHERE_CLOSE
            client.push(text)
            client.push(None)
        self.watchers.changed(table.id)  # its lobby watchers read it from the database from now on
        log.warning("table %s: another server process holds it now; given up here", table.id)

    def background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` beside the tables (kept until it ends, cancelled when the server stops)."""
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def stop(self) -> None:
        """Stop the bots and clocks and close every connection."""
        for task in list(self.tasks):
            task.cancel()
        for table in [*self.live.values(), *self.recent.values()]:
            if table.driver is not None:
                table.driver.cancel()
            for client in table.clients:
                client.push(None)
        self.bots.close()
        await asyncio.to_thread(self.leases.close)
        await asyncio.to_thread(self.storage.close)

    def game_of(self, record: TableRecord) -> Game | None:
        """The game a stored table plays, or None if this server does not have it."""
        try:
            return get(record.game)
        except GanglandError:
            return None

    async def _load_by_id(self, table_id: str) -> LiveTable | None:
        """The live table of a stored one, or None: there is none, or (logged, and remembered in
        `unplayable`) this server cannot replay it: a game it does not have, another version of the
        rules, a damaged record. One such table must not keep the server from starting or the others
        from being played. StorageError if the database cannot be read."""
        problem: Exception
        try:
            record = await asyncio.to_thread(self.storage.load, table_id)
        except DamagedTable as exc:
            record, problem = None, exc
        except Exception as exc:
            raise StorageError(f"the database cannot be read ({type(exc).__name__})") from exc
        else:
            if record is None:
                return None
            try:
                return self._load(record)
            except Exception as exc:  # any failure to replay: the table is set aside, not the server
                problem = exc
        self.unplayable[table_id] = str(problem)
        log.warning("table %s cannot be loaded: %s", table_id, problem)
        return None

    def _load(self, record: TableRecord) -> LiveTable:
        game = get(record.game)
        if game.version != record.game_version:
            raise StorageError(
                f"table {record.id} was played with {game.name} {record.game_version}; "
                f"this server has {game.version}"
            )
        return LiveTable(record, game, self)

    async def table(self, table_id: str) -> LiveTable | None:
        """The table `table_id` (loaded from the database if it finished a while ago), or None."""
        table = self.live.get(table_id) or self.recent.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 64:
            return None
        if table_id in self.unplayable:
            return None
        async with self._loading:
            table = self.live.get(table_id) or self.recent.get(table_id)
            if table is not None:  # loaded while this waited
                return table
            # Unfinished (another process created it, or its holder died): leased and played here, unless
            # another process holds it.
            table = await self._take_over(table_id)
            if table is not None:
                return table
            if table_id in self.unplayable:
                return None  # leased, but it cannot be played here
            try:  # its row alone first: a table another process plays is not replayed here for nothing
                stored = await asyncio.to_thread(self.storage.load, table_id, False)
            except Exception as exc:
                raise StorageError(f"the database cannot be read ({type(exc).__name__})") from exc
            if stored is None:
                return None
            if not stored.finished:
                raise HeldElsewhere(table_id, stored.holder_address)
            table = await self._load_by_id(table_id)
            if table is None:
                return None
            self._keep_recent(table)
            return table

    def _keep_recent(self, table: LiveTable) -> None:
        self.recent[table.id] = table
        while len(self.recent) > 64:
            oldest = next(iter(self.recent))
            if self.recent[oldest].clients:
                self.recent[oldest] = self.recent.pop(oldest)  # still watched: to the back
                if all(t.clients for t in self.recent.values()):
                    break
                continue
            del self.recent[oldest]

    def finished(self, table: LiveTable) -> None:
        """Move a table whose game just ended (or the host ended) from the live tables to the recent ones (its
        lease given up); the lobbies watching its seats are told."""
        self.watchers.changed(table.id)
        if self.live.pop(table.id, None) is not None:
            how = f"was ended by its host ({table.record.ended})" if table.record.ended else "finished"
            log.info("table %s %s after %d moves", table.id, how, table.step,
                     extra={"event": "table_finished", "table": table.id, "ended": table.record.ended})
        self._keep_recent(table)
        if table.id in self.leases.held:
            self.background(asyncio.to_thread(self.leases.release, table.id))

    async def create(
        self,
        game_id: str,
        players: int,
        options: dict[str, Any],
        seat_bots: list[str | None],
        move_seconds: int | None,
        listed: bool,
        creator_seat: int | None = None,
        *,
        creator_name: str | None = None,
        open_seats: frozenset[int] = frozenset(),
        settings: TableSettings | None = None,
    ) -> Created:
        """A new table; OptionError (a GanglandError) saying what is wrong with the request. The creator's
        seat (default: the first person's) counts as taken, so that nobody can take it from the lobby;
        `creator_name` is the creator's name there. The other person's seats are invited (only their link
        opens them) unless in `open_seats` (anyone may take them from the lobby of a listed table)."""
        game = get(game_id)
        game.check_players(players)
        resolved = game.resolve_options(options)
        for spec in game.options:
            if spec.free and isinstance(spec.default, str) and resolved[spec.name] != spec.default:
                raise OptionError(
                    f"option {spec.name!r} names a file on the server's disk, which a table on the "
                    "web may not read; web tables use the built-in data"
                )
        if len(seat_bots) != players:
            raise OptionError(f"{players} players need {players} seats, not {len(seat_bots)}")
        allowed = bot_names(game)
        for seat, bot in enumerate(seat_bots):
            if bot is not None and bot not in allowed:
                raise OptionError(
                    f"seat {seat + 1}: no bot {quoted(bot)} for {game.name}; choose from: "
                    f"{', '.join(allowed)}"
                )
        shortest, longest = self.move_seconds_range
        if move_seconds is not None and not shortest <= move_seconds <= longest:
            raise OptionError(f"a move time limit is {shortest} to {longest} seconds, not {move_seconds}")
        seed = secrets.randbits(63)
        # Any option the game refuses only in set-up is refused here.
        first_to_act = game.new_game(players, seed, resolved).to_act
        host, spectator = new_token(), new_token()
        tokens = {seat: new_token() for seat, bot in enumerate(seat_bots) if bot is None}
        if creator_seat is None and tokens:
            creator_seat = min(tokens)
        if creator_seat is not None and creator_seat not in tokens:
            raise OptionError(f"creator_seat {creator_seat} is not a person's seat")
        for seat in sorted(open_seats):
            if seat not in tokens or seat == creator_seat:
                raise OptionError(f"seat {seat + 1} cannot be open: only another person's seat can be taken "
                                  "from the lobby")
        if open_seats and not listed:
            raise OptionError("a private table has no open seats: nobody sees it in the lobby")
        name = None if creator_name is None else clean_name(creator_name)
        record = TableRecord(
            id=secrets.token_urlsafe(9),
            game=game.id,
            game_version=game.version,
            players=players,
            options=resolved,
            seed=seed,
            bot_seed=secrets.randbits(63),
            move_seconds=move_seconds,
            listed=listed,
            host_hash=token_hash(host),
            spectator_hash=token_hash(spectator),
            created_at=self.clock(),
            to_act=first_to_act,
            seats=[
                SeatRecord(seat, bot, token_hash(tokens[seat]) if seat in tokens else None,
                           joined=seat == creator_seat, name=name if seat == creator_seat else None,
                           open=seat in open_seats, fresh=seat in tokens and seat != creator_seat)
                for seat, bot in enumerate(seat_bots)
            ],
            settings=(settings or TableSettings()).to_json(),
        )
        await asyncio.to_thread(self.storage.create_table, record)
        table = await self.open_new(record, game)
        return Created(table, host, spectator, tokens, creator_seat)

    async def open_new(self, record: TableRecord, game: Game) -> LiveTable:
        """Lease a table just written to the database by this process, make it live and set it going."""
        try:
            taken = await asyncio.to_thread(self.leases.take, record.id)
        except Exception as exc:
            raise StorageError(f"the new table could not be leased ({type(exc).__name__})") from exc
        if taken is not Taken.TAKEN:  # a new id nobody else knows: another process cannot hold it
            raise StorageError(f"the new table {record.id} could not be leased ({taken.value})")
        table = LiveTable(record, game, self)
        self.live[table.id] = table
        log.info("table %s created: %s, %d players, %d of them bots", table.id, game.id, record.players,
                 sum(seat.bot is not None for seat in record.seats),
                 extra={"event": "table_created", "table": table.id, "game": game.id})
        table.drive()
        return table

    async def join_open_seat(self, table: LiveTable, seat: int | None, name: str | None = None
                             ) -> tuple[int, str]:
        """Give the asker (going by `name`) an open person's seat nobody has taken at a listed table, with a
        new token (the invitation link made at creation stops working). OptionError naming why not:
        invited seats are never given from the lobby."""
        if not table.record.listed:
            raise OptionError("this table is private: join it by the link its creator sent you")
        if table.over:
            raise OptionError("the game is over")
        open_seats = [s.seat for s in table.record.seats if s.bot is None and not s.joined and s.open]
        if not open_seats:
            raise OptionError("no seat at this table is open to the lobby: its seats are taken or invited")
        if seat is None:
            seat = open_seats[0]
        if seat not in open_seats:
            shown = ", ".join(str(s + 1) for s in open_seats)
            raise OptionError(f"seat {seat + 1 if seat >= 0 else seat} is not open; open seats: {shown}")
        token = new_token()
        digest = token_hash(token)
        async with table.lock:
            record = table.record.seats[seat]
            if record.joined:
                raise OptionError(f"seat {seat + 1} was taken a moment ago")
            revoked = None if record.token_hash is None else (record.token_hash, "joined")
            columns: dict[str, Any] = {"token_hash": digest, "joined": True, "fresh": False}
            if name is not None:
                columns["name"] = name
            await table.save_seat(seat, revoked=revoked, **columns)
            for column, value in columns.items():
                setattr(record, column, value)
        table.revoke_clients(seat, revoked_text("joined", seat))  # whoever held the invitation
        if table.state.to_act == seat and not table.state.is_over:
            table.drive()  # its clock starts now that a person holds it
        table.broadcast()
        return seat, token

    async def who(self, table: LiveTable, token: str | None) -> int | None:
        """The seat `token` plays at `table` (None: a spectator); Refusal if it opens nothing: `revoked`
        (saying why and who can help) for a link that stopped working, `bad_token` for any other."""
        if token:
            digest = token_hash(token)
            # Every hash is compared, in constant time: how long a refusal takes says nothing of them.
            found = [seat.seat for seat in table.record.seats
                     if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest)]
            if found:
                return found[0]
            if hmac.compare_digest(table.record.spectator_hash, digest):
                return SPECTATOR
            revoked = await asyncio.to_thread(self.storage.revoked_link, digest)
            if revoked is not None and revoked[0] == table.id:
                raise Refusal("revoked", revoked_text(revoked[2], revoked[1]))
        elif table.record.listed:
            return SPECTATOR
        raise Refusal("bad_token", BAD_LINK)

    async def my_seats(self, tokens: list[str]) -> list[dict[str, Any] | None]:
        """For each token, the table and seat it plays, whether it is that seat's turn; None if unknown."""
        return [await self.seat_turn(place) for place in await self.places(tokens)]

    async def places(self, tokens: list[str]) -> list[tuple[str, int] | None]:
        """For each seat token, (table id, seat) of the seat it plays, or None (read in one thread)."""
        def read() -> list[tuple[str, int] | None]:
            return [self.storage.seat_by_token(token_hash(token)) for token in tokens]

        return await asyncio.to_thread(read)

    async def seat_turn(self, place: tuple[str, int] | None) -> dict[str, Any] | None:
        """A seat's table and game, whether it is the seat's turn, and whether its game is over (None: no
        such seat or table): from memory for a table played here, else as the database has it."""
        if place is None:
            return None
        table_id, seat = place
        try:
            table = await self.table(table_id)
            facts = None if table is None else (table.game, table.state.to_act, table.step,
                                                table.over)
        except HeldElsewhere:  # another process plays it: as the database has it
            record = await asyncio.to_thread(self.storage.load, table_id, False)
            game = None if record is None else self.game_of(record)
            facts = (None if record is None or game is None
                     else (game, record.to_act, record.step, record.finished))
        if facts is None:
            return None
        game, to_act, step, over = facts
        return {"table_id": table_id, "seat": seat, "game": game.id, "game_name": game.name,
                "your_turn": to_act == seat and not over, "over": over, "step": step}

    async def lobby(self) -> dict[str, list[dict[str, Any]]]:
        """The listed unfinished tables: those with a person's seat nobody has taken, and those being played;
        with PostgreSQL also those other processes play (from the database: whose turn as stored, nobody
        shown connected). Idle tables (no person's move for `idle_seconds`) are left out."""
        cutoff = self.clock() - self.idle_seconds
        entries = active_since([table.summary() for table in self.live.values() if table.record.listed],
                               cutoff)
        if self.leases.shared:
            for record in await asyncio.to_thread(self.storage.listed_elsewhere, LOBBY_ELSEWHERE, cutoff):
                game = self.game_of(record)
                if game is not None and record.id not in self.live:
                    seats = seat_facts(record, set())
                    entries.append(summary(record, game, record.step, record.to_act, seats))
        return {"waiting": [e for e in entries if e["open_seats"]],
                "playing": [e for e in entries if not e["open_seats"]]}
