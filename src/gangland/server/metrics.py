"""The server's metrics in the Prometheus text format (prometheus-client), one registry per app.

`ServerMetrics` holds the instruments; the hub makes one (`hub.metrics`), and the places that count call it
in one line each: a move made (tables.py), the acknowledgement of a person's move sent (app.py), a
connection opened or closed (app.py, lobbysocket.py), a bot's choice (tables.py), a batch of moves
committed (storage.py). `GET /metrics` (observe.py) reads the tables by state when it is scraped
(`ServerMetrics.exposition`). docs/server.md, "Health, metrics and logs", names every metric.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterable, Iterator

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4

from .connections import Client
from .storage import Storage, TableRecord

CONTENT_TYPE = CONTENT_TYPE_PLAIN_0_0_4
"""The text format every Prometheus reads (0.0.4)."""
FAST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds of a move's acknowledgement and of a commit: milliseconds when all is well, seconds when not."""
BOT_BUCKETS = (0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
"""Seconds of a bot's choice: a quick bot's milliseconds to a search bot's whole time."""
CONNECTION_KINDS = ("seat", "spectator", "lobby")
LIVE_STATES = ("waiting", "playing")
COUNT_SECONDS = 5.0
"""The longest a scrape waits for the database's count of tables (it is left out of that scrape then)."""
log = logging.getLogger("gangland.server")


class ServerMetrics:
    """The instruments of one server app, in a registry of their own (tests make many apps in one
    process, and each app's numbers are its own)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.moves = Counter("gangland_moves", "Moves made at the tables this process plays, by game and by "
                             "whom (person, auto, bot, timeout, host)", ["game", "by"], registry=registry)
        self.move_seconds = Histogram(
            "gangland_move_ack_seconds", "Seconds from a person's move message arriving to the state that "
            "acknowledges it being sent on that connection", buckets=FAST_BUCKETS, registry=registry)
        self.connections = Gauge("gangland_connections", "Open WebSockets: a seat's, a spectator's, a "
                                 "lobby page's", ["kind"], registry=registry)
        self.live_tables = Gauge("gangland_live_tables", "Unfinished tables this process plays: waiting (a "
                                 "person's seat not taken yet) or playing", ["state"], registry=registry)
        self.stored_tables = Gauge("gangland_stored_tables", "Tables in the database (every process's): "
                                   "unfinished, finished (by their rules), abandoned (ended by their host)",
                                   ["state"], registry=registry)
        self.bot_seconds = Histogram("gangland_bot_think_seconds", "Seconds a bot took to choose a move, by "
                                     "bot", ["bot"], buckets=BOT_BUCKETS, registry=registry)
        self.commit_seconds = Histogram(
            "gangland_db_commit_seconds", "Seconds to write a batch of moves to the database, from its BEGIN "
            "to the end of its COMMIT (one flush to the disk)", buckets=FAST_BUCKETS, registry=registry)
        for kind in CONNECTION_KINDS:  # shown at 0 from the start, not only once one opened
            self.connections.labels(kind)
        ProcessCollector(registry=registry)  # the process's CPU, memory and open files
        PlatformCollector(registry=registry)
        GCCollector(registry=registry)

    # -- what the server calls, one line each ------------------------------------------------------------

    def move_made(self, game: str, by: str) -> None:
        """A move was committed and made the table's (tables.py)."""
        self.moves.labels(game, by).inc()

    def lobby_connected(self, opened: bool) -> None:
        """A lobby page's WebSocket opened (or closed)."""
        self.connections.labels("lobby").inc(1 if opened else -1)

    def seat_connected(self, table_id: str, seat: int | None, opened: bool) -> None:
        """A connection to a table said hello for `seat` (None: a spectator), or one that had closed; the
        host's log has a line of it, by table id and seat (never the token or the name)."""
        self.connections.labels("spectator" if seat is None else "seat").inc(1 if opened else -1)
        who = "a spectator" if seat is None else f"seat {seat + 1}"
        log.info("table %s: %s %s", table_id, who, "connected" if opened else "disconnected",
                 extra={"event": "connected" if opened else "disconnected", "table": table_id,
                        "seat": None if seat is None else seat + 1})

    @contextlib.contextmanager
    def thinking(self, bot: str) -> Iterator[None]:
        """Time a bot's choice of a move (tables.py)."""
        started = time.perf_counter()
        yield
        self.bot_seconds.labels(bot).observe(time.perf_counter() - started)

    def acknowledge(self, client: Client, arrived: float) -> None:
        """The move `client` sent at `arrived` (time.perf_counter) was made: its acknowledgement is the last
        message queued for the client by now (or, when other messages were queued since, one before
        them). Timed when it goes out (`sent`), or now if it went out already: the connection's writer may
        send it before the reader hears that the move was made."""
        client.ack_due = (client.pushed, arrived)
        self._acknowledged(client)

    def sent(self, client: Client) -> None:
        """A message went out to `client` (app.send_outbox): time the acknowledgement it waited for."""
        client.sent += 1
        self._acknowledged(client)

    def _acknowledged(self, client: Client) -> None:
        due = client.ack_due
        if due is not None and client.sent >= due[0]:
            client.ack_due = None
            self.move_seconds.observe(time.perf_counter() - due[1])

    # -- a scrape --------------------------------------------------------------------------------------

    async def exposition(self, live_tables: Iterable[TableRecord], storage: Storage) -> bytes:
        """Every metric in the Prometheus text format, the tables counted now: this process's live tables
        (`live_tables`, from memory), the database's in one query (left out of this scrape if it does not
        answer within COUNT_SECONDS)."""
        live = dict.fromkeys(LIVE_STATES, 0)
        for record in live_tables:
            waiting = any(seat.bot is None and not seat.joined for seat in record.seats)
            live["waiting" if waiting else "playing"] += 1
        for state, count in live.items():
            self.live_tables.labels(state).set(count)
        try:
            async with asyncio.timeout(COUNT_SECONDS):
                stored = await asyncio.to_thread(storage.count_tables)
        except Exception as exc:  # the database is out of reach: no count is better than a stale one
            log.debug("the tables could not be counted for the metrics: %s", type(exc).__name__)
            self.stored_tables.clear()
        else:
            for state, count in stored.items():
                self.stored_tables.labels(state).set(count)
        return generate_latest(self.registry)

