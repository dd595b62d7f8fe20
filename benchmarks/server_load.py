"""Load on the game server (issue 18): many tables of 4-player Razzia! played over WebSockets at once.

Run from the repository root:

    .venv/bin/python benchmarks/server_load.py [--tables 200] [--seconds 30] [--db URL|postgres] [--rate R]
                                               [--kill-after S] [--restart-db-after S] [--db-down-seconds 5]
                                               [--warmup 5] [--seed 1] [--profile cprofile|py-spy]
                                               [--want drawing | all] [--deflate LEVEL]

It starts the real server as a subprocess (`gangland serve --host 127.0.0.1 --port FREE --bot-delay 0`, with
`--deflate LEVEL` if given: uvicorn, one process) on a throwaway SQLite file (or the PostgreSQL of
`--db postgresql+psycopg://...`), opens N tables of 4-player Razzia! whose four seats are all people, and
plays every seat from this process (asyncio, one WebSocket per seat, as a browser would, with
permessage-deflate): each client says hello with its seat's token (keeping the `seat_token` an invitation is
exchanged for, to reconnect with it) and the parts of a state it wants (`--want`: by default the drawing, as
the page asks while its boxes of the text and the raw view are closed; `all` sends no `want`, so the text
and the view come too), and plays a uniformly random legal action (seeded) as soon as a state message
says it is its turn. No bots run on the server, so its own cost is measured. When a game ends, its table's
clients open a new table and go on.

After a warm-up it measures for `--seconds`:

* moves/s sustained: acknowledged moves (the state message of the next step reaching the mover);
* latency from an act sent to its acknowledgement, and from an act sent to each other seat's update of
  that step: p50, p95, p99, max;
* the server process's CPU time (user+sys from /proc/PID/stat) and peak RSS (VmHWM), and this client
  process's CPU time, to show whether the client is the bottleneck;
* bytes received per move: off the wire (compressed) and as JSON text.

It prints PASS/FAIL against the issue's targets: 500 moves/s or more, and p99 of the acknowledgement under
50 ms, on one server process. The figures depend on the machine and its load (the load average is printed).

Every seat moving as soon as it may keeps one move of each table in flight, so the mean latency is about
tables / moves/s whatever the server does (Little's law): with 200 tables, a p99 under 50 ms would need some
4,000 moves/s. `--rate R` offers R moves/s in all instead (each table one move every tables/R seconds), the
way a latency target is usually measured: the p99 at 500 moves/s offered is `--rate 500`.

`--kill-after S`: S seconds into the measured window the server is SIGKILLed and started again on the same
database; the clients reconnect (with a bounded backoff), and after the window no new table is opened and
every game is played to its end. Every finished game's record (GET /api/tables/{id}/record) is compared with
what the clients saw: games resumed (target: all), acknowledged moves missing from the record (target 0),
moves in the record that the clients did not send at that step, i.e. applied twice (target 0).

`--db postgres` starts a throwaway PostgreSQL cluster for the run (Debian's server binaries, as the tests
do: tests/server/dbservers.py; `scripts/services` installs them), on a free port of 127.0.0.1, removed at the
end. `--restart-db-after S` (with `--db postgres`): S seconds into the window PostgreSQL is stopped (fast
shutdown: every connection cut), left down for `--db-down-seconds`, and started again. The server must tell
every connection of the outage (a `status` message `out`, then `back`), refuse moves meanwhile, and go on;
the games are then played to their end and checked as after a kill.

`--profile cprofile` runs the (first) server under cProfile (its event-loop thread) and `--profile py-spy`
under py-spy (every thread, sampled; py-spy is not a project dependency: `.venv/bin/pip install py-spy`);
the top functions by self and cumulative time are printed at the end.

A benchmark prints; it is not a test. Only 127.0.0.1 is contacted; every wait is bounded, and the server is
stopped at the end, on failure or on Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import pstats
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, ClassVar

from _server import (
    HOST,
    VENV_BIN,
    ApiError,
    GanglandServer,
    api,
    cpu_seconds,
    free_port,
    own_cpu_seconds,
    peak_rss_mib,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

GAME = "razzia"
PLAYERS = 4
MOVES_TARGET = 500.0
"""Issue 18: moves per second sustained by one server process."""
P99_TARGET_MS = 50.0
"""Issue 18: 99th percentile of the time from an act sent to its acknowledgement."""
HANDSHAKES = 32
"""WebSocket handshakes in flight at once."""
RECONNECT_SECONDS = 60.0
"""How long a client keeps trying to reconnect before it gives its seat up."""
MAX_BACKOFF = 2.0
"""The longest pause between two attempts to reconnect."""
MAX_TRIES = 20
"""How many times a client sends a move the server could not save (a `storage` refusal)."""
RETRY_PAUSE = 0.2
"""Seconds a client waits before it sends a move again."""
TOP = 25
"""Functions listed by the profile summary."""


class CountingConnection(ClientConnection):
    """A client connection that counts the bytes it reads off the wire (compressed frames)."""

    wire_bytes: ClassVar[int] = 0

    def data_received(self, data: bytes) -> None:
        CountingConnection.wire_bytes += len(data)
        super().data_received(data)


class Fatal(Exception):
    """The server refused a seat for good (bad token, no table)."""


@dataclass
class Move:
    """An act a client sent, and when each seat saw the step it made."""

    step: int
    seat: int
    action: int
    sent: float
    generation: int
    """The sender's connection number when it was sent."""
    resent: bool = False
    tries: int = 1
    """Sent again on a new connection (after a crash): left out of the latencies."""
    acked: float | None = None
    ack_latency: float | None = None
    """Seconds from the act to its acknowledgement on the connection that sent it (None if reconnected)."""
    updates: list[float] = field(default_factory=list)
    """Seconds from the act to each other seat's update (connections older than the act only)."""


@dataclass
class Table:
    """One game being played by four clients of this process."""

    table_id: str
    tokens: list[str]
    moves: dict[int, Move] = field(default_factory=dict)
    """The act sent at each step (the last, if a crash made a client send it again)."""
    sent: dict[int, set[int]] = field(default_factory=dict)
    """Every action sent at each step."""
    over: set[int] = field(default_factory=set)
    """The seats that have seen the game end."""
    last_sent: float = 0.0
    """When its last act was sent (with --rate, the next waits until `pace` after it)."""
    at_fault: bool = False
    """The game was being played when the server was killed or the database restarted."""


@dataclass
class Seat:
    """A client playing one seat of a table."""

    table: Table
    seat: int
    rng: random.Random
    seen: int = 0
    """The last step this seat's clients were told of."""
    generation: int = 0
    opened: float = 0.0
    """When the present connection said hello."""
    socket: ClientConnection | None = None


@dataclass
class Checked:
    """What the finished games' records say."""

    games: int = 0
    acked: int = 0
    lost: int = 0
    applied_twice: int = 0
    resumed: int = 0
    unreadable: int = 0


def percentile(sorted_values: list[float], fraction: float) -> float:
    """The nearest-rank percentile of sorted values (nan for none)."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), round(fraction * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


def spread(label: str, seconds: list[float]) -> str:
    """p50, p95, p99 and max of a list of seconds, in milliseconds."""
    values = sorted(seconds)
    quantiles = (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))
    figures = ", ".join(f"{name} {1000 * percentile(values, q):8.1f}" for name, q in quantiles)
    top = 1000 * values[-1] if values else float("nan")
    return f"  {label:<34} {figures}, max {top:8.1f} ms  (n={len(values)})"


class Load:
    """The clients, the measured window and the server's life."""

    def __init__(self, args: argparse.Namespace, server: GanglandServer, postgres: Any = None) -> None:
        self.args = args
        self.server = server
        self.postgres = postgres
        """The PostgreSQL cluster of `--db postgres` (a tests.server.dbservers.PostgresServer), if any."""
        self.url = f"ws://{HOST}:{server.port}/ws/"
        self.handshakes = asyncio.Semaphore(HANDSHAKES)
        self.pace = args.tables / args.rate if args.rate else 0.0
        """With --rate: seconds between two moves of one table (0: every seat moves at once)."""
        self.jitter = random.Random(args.seed)
        """Spreads the clients' attempts to reconnect (apart from their moves' generators)."""
        self.tables: list[Table] = []
        self.seats: list[Seat] = []
        self.greeted = 0
        """Seats that have had their first state message."""
        self.stop_new = False
        self.stopping = False
        self.ack_times: list[float] = []
        self.payload_bytes = 0
        self.errors: Counter[str] = Counter()
        self.reconnects = 0
        self.failures: list[str] = []
        self.checked = Checked()
        self.window: tuple[float, float] | None = None
        self.started: float = 0.0
        self.snap: dict[str, float] = {}
        self.figures: dict[str, float] = {}
        self.killed_cpu = 0.0
        self.killed_rss = 0.0
        self.kill_at: float | None = None
        self.ready_after: float | None = None
        self.all_back_after: float | None = None
        self.statuses: Counter[str] = Counter()
        """`status` messages received, by their `database` ("out", "back")."""
        self.connected_at_outage = 0
        self.outage_told_after: float | None = None
        """Seconds from stopping PostgreSQL to the first `out` status."""
        self.moving_again_after: float | None = None
        """Seconds from starting PostgreSQL again to the first move acknowledged after it."""

    # -- one seat -------------------------------------------------------------------------------------

    def on_message(self, seat: Seat, text: str | bytes) -> Move | None:
        """Take in a message; the act to send now, if any."""
        now = time.monotonic()
        self.payload_bytes += len(text)
        message = json.loads(text)
        kind = message.get("type")
        table = seat.table
        if kind == "seat_token":
            table.tokens[seat.seat] = message["token"]
            return None
        if kind == "error":
            code = str(message.get("code"))
            self.errors[code] += 1
            if code in ("bad_token", "no_table"):
                raise Fatal(f"{code}: {message.get('error')}")
            pending = table.moves.get(seat.seen)
            if (code in ("storage", "server_error") and pending is not None and pending.seat == seat.seat
                    and pending.acked is None and pending.tries < MAX_TRIES):
                pending.resent, pending.tries = True, pending.tries + 1  # not saved: sent again shortly
                return pending
            return None
        if kind == "status":
            self.statuses[str(message.get("database"))] += 1
            if message.get("database") == "out" and self.outage_told_after is None and self.kill_at:
                self.outage_told_after = now - self.kill_at
            return None
        if kind != "state":
            return None
        step: int = message["step"]
        for s in range(seat.seen, step):
            move = table.moves.get(s)
            if move is None:
                continue
            if move.seat == seat.seat:
                if move.acked is None:
                    move.acked = now
                    self.ack_times.append(now)
                    if not move.resent and move.generation == seat.generation:
                        move.ack_latency = now - move.sent
            elif not move.resent and seat.opened <= move.sent:
                move.updates.append(now - move.sent)
        seat.seen = max(seat.seen, step)
        if message.get("over"):
            table.over.add(seat.seat)
            return None
        legal = message.get("legal") or []
        if not message.get("your_turn") or not legal:
            return None
        existing = table.moves.get(step)
        if existing is None:
            action = int(seat.rng.choice(legal)["id"])
            move = Move(step, seat.seat, action, now, seat.generation)
            table.moves[step] = move
            table.sent.setdefault(step, set()).add(action)
            return move
        if existing.seat == seat.seat and existing.acked is None and existing.generation != seat.generation:
            existing.resent, existing.generation = True, seat.generation  # not made before the crash
            return existing
        return None

    def hello(self, seat: Seat) -> dict[str, object]:
        """A seat's hello: its token, and the parts of a state it wants (none named: all of them)."""
        hello: dict[str, object] = {"type": "hello", "token": seat.table.tokens[seat.seat]}
        if self.args.want != "all":
            hello["want"] = [part for part in self.args.want.split(",") if part]
        return hello

    async def play_seat(self, seat: Seat) -> None:
        """Play one seat until its game is over (reconnecting if the connection drops) or the run stops."""
        first_failure: float | None = None
        attempts = 0
        while not self.stopping and seat.seat not in seat.table.over:
            try:
                async with self.handshakes:
                    socket = await connect(
                        self.url + seat.table.table_id, proxy=None, open_timeout=15, ping_interval=None,
                        close_timeout=2, max_size=2**22, create_connection=CountingConnection,
                    )
                seat.socket = socket
                try:
                    seat.generation += 1
                    seat.opened = time.monotonic()
                    await socket.send(json.dumps(self.hello(seat)))
                    greeted = False
                    async for text in socket:
                        first_failure, attempts = None, 0
                        move = self.on_message(seat, text)
                        if not greeted:
                            greeted = True
                            if seat.generation == 1:
                                self.greeted += 1
                        if move is not None:
                            if move.resent:
                                await asyncio.sleep(RETRY_PAUSE)
                            elif self.pace:  # an offered rate: the table moves once every `pace` seconds
                                wait = seat.table.last_sent + self.pace - time.monotonic()
                                if wait > 0:
                                    await asyncio.sleep(wait)
                            move.sent = time.monotonic()
                            seat.table.last_sent = move.sent
                            act = {"type": "act", "action": move.action, "step": move.step}
                            await socket.send(json.dumps(act))
                        if seat.seat in seat.table.over or self.stopping:
                            break
                finally:
                    seat.socket = None
                    await socket.close()
            except Fatal as exc:
                self.failures.append(f"table {seat.table.table_id} seat {seat.seat}: {exc}")
                return
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
                pass
            except Exception as exc:  # a message this client cannot read: the seat stops, the run goes on
                self.failures.append(f"table {seat.table.table_id} seat {seat.seat}: {exc!r}")
                return
            if self.stopping or seat.seat in seat.table.over:
                return
            now = time.monotonic()
            first_failure = first_failure or now
            if now - first_failure > RECONNECT_SECONDS:
                self.failures.append(f"table {seat.table.table_id} seat {seat.seat}: "
                                     f"no connection for {RECONNECT_SECONDS:.0f} s")
                return
            attempts += 1
            self.reconnects += 1
            await asyncio.sleep(min(MAX_BACKOFF, 0.05 * 2**attempts) * (0.5 + self.jitter.random()))

    # -- one table after another ----------------------------------------------------------------------

    async def open_table(self) -> Table:
        """A new table of 4-player Razzia!, every seat a person's."""
        created = await asyncio.to_thread(
            api, self.server.port, "POST", "/api/tables",
            {"game": GAME, "players": PLAYERS, "seats": [{"bot": None}] * PLAYERS, "listed": False},
        )
        links = {s["seat"]: s["link"] for s in created["seats"]}
        tokens = [links[s].split("#seat=", 1)[1] for s in range(PLAYERS)]
        table = Table(created["table_id"], tokens)
        # Spread the tables' first moves over one pace, so that an offered rate is even from the start.
        table.last_sent = time.monotonic() - self.pace * self.jitter.random()
        self.tables.append(table)
        return table

    async def run_tables(self, number: int) -> None:
        """Keep one table playing: a new one each time a game ends, until the run stops opening them."""
        rng = random.Random(f"{self.args.seed}-{number}")
        while not self.stop_new and not self.stopping:
            deadline = time.monotonic() + RECONNECT_SECONDS
            while True:
                try:
                    table = await self.open_table()
                    break
                except ApiError as exc:  # 503: the database is out of reach for now
                    if exc.status != 503 or time.monotonic() > deadline:
                        self.failures.append(f"runner {number}: a table could not be opened: {exc}")
                        return
                    self.errors["http 503"] += 1
                    await asyncio.sleep(RETRY_PAUSE * (1 + self.jitter.random()))
                except Exception as exc:
                    self.failures.append(f"runner {number}: a table could not be opened: {exc}")
                    return
            seats = [Seat(table, s, random.Random(rng.random())) for s in range(PLAYERS)]
            self.seats.extend(seats)
            await asyncio.gather(*(self.play_seat(s) for s in seats))
            if len(table.over) < PLAYERS:
                return
            await self.check(table)

    async def check(self, table: Table) -> None:
        """Compare a finished game's record with the acts the clients sent and saw acknowledged."""
        try:
            path = f"/api/tables/{table.table_id}/record"
            record = await asyncio.to_thread(api, self.server.port, "GET", path)
        except Exception as exc:
            self.checked.unreadable += 1
            self.failures.append(f"table {table.table_id}: record not read: {exc}")
            return
        actions: list[int] = record["actions"]
        checked = self.checked
        checked.games += 1
        checked.resumed += table.at_fault
        for step, move in table.moves.items():
            if move.acked is not None:
                checked.acked += 1
                if step >= len(actions) or actions[step] != move.action:
                    checked.lost += 1
        checked.applied_twice += sum(a not in table.sent.get(s, ()) for s, a in enumerate(actions))

    # -- the measured window ----------------------------------------------------------------------------

    def sample(self) -> dict[str, float]:
        """The counters now."""
        assert self.server.pid is not None
        return {
            "time": time.monotonic(), "server_cpu": cpu_seconds(self.server.pid),
            "client_cpu": own_cpu_seconds(),
            "wire": CountingConnection.wire_bytes, "payload": self.payload_bytes,
        }

    async def crash(self) -> None:
        """SIGKILL the server, start it again on the same database, and wait until every seat is back."""
        assert self.server.pid is not None
        in_play = [t for t in self.tables if len(t.over) < PLAYERS]
        for table in in_play:
            table.at_fault = True
        self.killed_cpu += cpu_seconds(self.server.pid) - self.snap["server_cpu"]
        self.killed_rss = max(self.killed_rss, peak_rss_mib(self.server.pid))
        self.kill_at = time.monotonic()
        self.server.kill()
        await asyncio.to_thread(self.server.start)
        self.snap["server_cpu"] = 0.0  # the new process's whole CPU time counts
        self.ready_after = time.monotonic() - self.kill_at
        deadline = time.monotonic() + RECONNECT_SECONDS + 10
        waiting = [s for s in self.seats if s.table.at_fault]
        kill_at = self.kill_at
        while time.monotonic() < deadline:
            if all(s.seat in s.table.over or (s.socket is not None and s.opened > kill_at) for s in waiting):
                self.all_back_after = time.monotonic() - self.kill_at
                break
            await asyncio.sleep(0.05)

    async def db_outage(self) -> None:
        """Stop PostgreSQL, leave it down for --db-down-seconds, start it again, and wait for the first move
        acknowledged after it."""
        for table in self.tables:
            table.at_fault = len(table.over) < PLAYERS
        self.connected_at_outage = sum(s.socket is not None for s in self.seats)
        self.kill_at = time.monotonic()
        await asyncio.to_thread(self.postgres.stop)
        await asyncio.sleep(self.args.db_down_seconds)
        await asyncio.to_thread(self.postgres.start)
        back_at = time.monotonic()
        deadline = back_at + RECONNECT_SECONDS
        while time.monotonic() < deadline:
            after = [t for t in self.ack_times if t > back_at]
            if after:
                self.moving_again_after = after[0] - back_at
                break
            await asyncio.sleep(0.05)

    async def run(self) -> None:
        """Open the tables, warm up, measure (crash the server if asked), then stop or finish the games."""
        args = self.args
        self.started = time.monotonic()
        runners = [asyncio.create_task(self.run_tables(n)) for n in range(args.tables)]
        try:
            setup_deadline = time.monotonic() + 60 + args.tables
            while self.greeted < PLAYERS * args.tables:
                if time.monotonic() > setup_deadline:
                    raise RuntimeError(
                        f"only {self.greeted} of {PLAYERS * args.tables} seats connected in time")
                if self.failures:
                    raise RuntimeError(f"the setup failed: {self.failures[0]}")
                await asyncio.sleep(0.1)
            setup = time.monotonic() - self.started
            print(f"setup: {args.tables} tables, {PLAYERS * args.tables} WebSockets connected in "
                  f"{setup:.1f} s; warm-up {args.warmup:g} s", flush=True)
            await asyncio.sleep(args.warmup)
            self.snap = self.sample()
            start = self.snap["time"]
            if args.kill_after is not None:
                await asyncio.sleep(args.kill_after)
                print(f"killing the server (SIGKILL) {args.kill_after:g} s into the window", flush=True)
                await self.crash()
            if args.restart_db_after is not None:
                await asyncio.sleep(args.restart_db_after)
                print(f"stopping PostgreSQL {args.restart_db_after:g} s into the window, for "
                      f"{args.db_down_seconds:g} s", flush=True)
                await self.db_outage()
            await asyncio.sleep(max(0.0, start + args.seconds - time.monotonic()))
            end = self.sample()
            self.window = (start, end["time"])
            assert self.server.pid is not None
            rss = max(self.killed_rss, peak_rss_mib(self.server.pid))
            self.figures = {
                "seconds": end["time"] - start,
                "server_cpu": self.killed_cpu + end["server_cpu"] - self.snap["server_cpu"],
                "client_cpu": end["client_cpu"] - self.snap["client_cpu"],
                "wire": end["wire"] - self.snap["wire"], "payload": end["payload"] - self.snap["payload"],
                "rss": rss,
            }
            self.stop_new = True
            if args.kill_after is not None or args.restart_db_after is not None:
                left = sum(len(t.over) < PLAYERS for t in self.tables)
                print(f"window over; playing the {left} games in progress to their end "
                      f"(at most {args.finish_seconds:g} s)", flush=True)
                deadline = time.monotonic() + args.finish_seconds
                pending = set(runners)
                while pending and time.monotonic() < deadline:
                    _, pending = await asyncio.wait(pending, timeout=min(30.0, deadline - time.monotonic()))
                    if pending:
                        print(f"  {len(runners) - len(pending)} of {len(runners)} tables done", flush=True)
                if pending:
                    self.failures.append(
                        f"{len(pending)} tables did not finish within {args.finish_seconds:g} s")
        finally:
            self.stopping = True
            for seat in self.seats:
                if seat.socket is not None:
                    seat.socket.transport.abort()
            _, pending = await asyncio.wait(runners, timeout=15) if runners else (set(), set())
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)

    # -- the report -----------------------------------------------------------------------------------

    def report(self) -> bool:
        """Print the figures and the PASS/FAIL lines; True if every target is met."""
        args = self.args
        assert self.window is not None
        start, end = self.window
        seconds = self.figures["seconds"]
        acks = sum(start <= t <= end for t in self.ack_times)
        in_window = [m for t in self.tables for m in t.moves.values()
                     if m.acked is not None and start <= m.acked <= end]
        ack_latency = [m.ack_latency for m in in_window if m.ack_latency is not None]
        updates = [u for m in in_window for u in m.updates]
        rate = acks / seconds
        server_cpu, client_cpu = self.figures["server_cpu"], self.figures["client_cpu"]
        print()
        print(f"Figures over {seconds:.1f} s ({args.tables} tables of {PLAYERS}-player Razzia!, "
              f"{PLAYERS * args.tables} WebSockets, one server process):")
        print(f"  {'moves acknowledged':<34} {acks} = {rate:.1f} moves/s")
        print(spread("act -> acknowledgement (mover)", ack_latency))
        print(spread("act -> update (other 3 seats)", updates))
        moves = max(acks, 1)
        print(f"  {'server CPU (user+sys)':<34} {server_cpu:.1f} s = "
              f"{100 * server_cpu / seconds:.0f}% of one core, {1000 * server_cpu / moves:.2f} ms per move")
        print(f"  {'server peak RSS':<34} {self.figures['rss']:.0f} MiB")
        print(f"  {'client CPU (this process)':<34} {client_cpu:.1f} s = "
              f"{100 * client_cpu / seconds:.0f}% of one core, {1000 * client_cpu / moves:.2f} ms per move")
        print(f"  {'bytes received per move':<34} {self.figures['wire'] / moves / 1024:.1f} KiB off the wire "
              f"(permessage-deflate), {self.figures['payload'] / moves / 1024:.1f} KiB of JSON text, "
              f"over all {PLAYERS} seats")
        if self.errors:
            refusals = ", ".join(f"{code} {n}" for code, n in self.errors.most_common())
            print(f"  {'refusals received':<34} {refusals}")
        if self.reconnects:
            print(f"  {'reconnection attempts':<34} {self.reconnects}")
        print(f"  {'games finished and checked':<34} {self.checked.games}")
        if args.rate:
            print(f"Offered: {args.rate:g} moves/s (each table one move every {self.pace:.2f} s); the "
                  "latencies are those of a server below its capacity only if it kept up with that rate.")
        else:
            print(f"Every seat moved as soon as it could, so each table always had a move in flight: by "
                  f"Little's law the mean act -> acknowledgement is about tables / moves/s "
                  f"({args.tables / max(rate, 1e-9):.2f} s here), whatever the server does per move. A p99 "
                  f"under {P99_TARGET_MS:g} ms with {args.tables} tables would need "
                  f"{args.tables / (P99_TARGET_MS / 1000):,.0f} moves/s; --rate R measures the latency "
                  "at an offered rate instead.")
        if server_cpu >= 0.9 * seconds:
            print("The server used one core throughout: it is CPU-bound.")
        if args.kill_after is not None:
            print("The window includes the crash and the restart (which replays the games in progress).")
        if args.restart_db_after is not None:
            print("The window includes the database's outage, when no move can be made.")
        load = os.getloadavg()
        print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, load average "
              f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; Python {platform.python_version()}. These figures "
              "depend on the machine and on what else it runs (the client shares the cores with the server).")
        print()
        results = [
            (f"sustained moves/s >= {MOVES_TARGET:g}", rate >= MOVES_TARGET, f"{rate:.1f}"),
            (f"p99 act -> acknowledgement < {P99_TARGET_MS:g} ms",
             1000 * percentile(sorted(ack_latency), 0.99) < P99_TARGET_MS,
             f"{1000 * percentile(sorted(ack_latency), 0.99):.1f} ms"),
        ]
        if args.restart_db_after is not None:
            print(f"After PostgreSQL stopped at {args.restart_db_after:g} s for {args.db_down_seconds:g} s: "
                  f"the first connection was told after {self.outage_told_after or float('nan'):.1f} s; "
                  f"'out' told {self.statuses['out']} times and 'back' {self.statuses['back']} times, with "
                  f"{self.connected_at_outage} connections open; the first move was acknowledged "
                  f"{self.moving_again_after or float('nan'):.1f} s after PostgreSQL was ready again.")
            results.append(("every open connection told of the outage and of its end",
                            min(self.statuses["out"], self.statuses["back"]) >= self.connected_at_outage > 0,
                            f"out {self.statuses['out']}, back {self.statuses['back']} of "
                            f"{self.connected_at_outage}"))
        if args.kill_after is not None or args.restart_db_after is not None:
            checked = self.checked
            at_kill = sum(t.at_fault for t in self.tables)
            if args.kill_after is not None:
                print(f"After SIGKILL at {args.kill_after:g} s: the server answered again after "
                      f"{self.ready_after or float('nan'):.1f} s, every seat was back after "
                      f"{self.all_back_after or float('nan'):.1f} s.")
            print(f"{checked.games} finished games checked ({checked.acked} acknowledged moves).")
            unread = f" ({checked.unreadable} records unread)" if checked.unreadable else ""
            results += [
                ("games resumed (target: all)", checked.resumed == at_kill and at_kill > 0,
                 f"{checked.resumed} of {at_kill}"),
                ("acknowledged moves lost (target 0)", checked.lost == 0 and checked.unreadable == 0,
                 f"{checked.lost}{unread}"),
                ("moves applied twice (target 0)", checked.applied_twice == 0, f"{checked.applied_twice}"),
            ]
        for failure in self.failures[:10]:
            print(f"  problem: {failure}")
        if len(self.failures) > 10:
            print(f"  ... and {len(self.failures) - 10} more problems")
        for label, ok, value in results:
            print(f"{'PASS' if ok else 'FAIL'}  {label}: {value}")
        return all(ok for _, ok, _ in results) and not self.failures


def summarise_profile(kind: str, path: Path) -> None:
    """Print the top functions of a profile by self and by cumulative time."""
    if not path.exists():
        print(f"(no profile was written to {path})")
        return
    print()
    if kind == "cprofile":
        print(f"cProfile of the server's event-loop thread ({path}); database commits run in worker threads "
              "and show here only as waits:")
        stats = pstats.Stats(str(path))
        stats.sort_stats("tottime").print_stats(TOP)
        stats.sort_stats("cumulative").print_stats(TOP)
        return
    self_samples: Counter[str] = Counter()
    module_samples: Counter[str] = Counter()
    own_samples: Counter[str] = Counter()
    samples = 0
    for line in path.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        frames = [re.sub(r":\d+\)$", ")", frame) for frame in stack.split(";")]  # one entry per function
        samples += count
        self_samples[frames[-1]] += count
        module_samples[frames[-1].rpartition(" (")[2].rstrip(")")] += count
        for frame in set(frames):
            if "gangland/" in frame:
                own_samples[frame] += count
    print(f"py-spy: {samples} samples of the server's busy threads ({path}), start-up included")
    for title, counter in (("self time, by function", self_samples), ("self time, by file", module_samples),
                           ("cumulative time, gangland's own functions", own_samples)):
        print(f"  top {TOP} by {title}:")
        for frame, count in counter.most_common(TOP):
            print(f"    {100 * count / max(samples, 1):5.1f}%  {frame[:150]}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=200, help="tables played at once (4 WebSockets each)")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the measured window")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of load before the window")
    parser.add_argument("--db", metavar="URL", help="database URL (default: a throwaway SQLite file); "
                        "postgres: a throwaway PostgreSQL cluster started for the run")
    parser.add_argument("--restart-db-after", type=float, metavar="S",
                        help="with --db postgres: stop PostgreSQL S s into the window and start it again")
    parser.add_argument("--db-down-seconds", type=float, default=5.0,
                        help="with --restart-db-after: how long PostgreSQL stays down")
    parser.add_argument("--kill-after", type=float, metavar="S", help="SIGKILL and restart the server S s in")
    parser.add_argument("--finish-seconds", type=float, default=900.0,
                        help="with --kill-after: the longest wait for the games to end after the window")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' random moves")
    parser.add_argument("--rate", type=float, default=0.0, metavar="MOVES_PER_S",
                        help="offer this many moves a second in all (each table paced evenly) instead of "
                        "every seat moving as soon as it may (0, the default: the server's capacity)")
    parser.add_argument("--profile", choices=["cprofile", "py-spy"], help="profile the server")
    parser.add_argument("--deflate", type=int, choices=range(10), metavar="LEVEL",
                        help="the server's permessage-deflate level (`gangland serve --deflate`; 0: off)")
    parser.add_argument("--want", default="drawing",
                        help="the parts of a state each client asks for (comma-separated of drawing, view "
                        "and text), or all (no `want` in the hello: an older client's)")
    parser.add_argument("--profile-out", type=Path, help="where the profile goes (default: in /tmp)")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 2000 or not 1 <= args.seconds <= 3600 or not 0 <= args.warmup <= 600:
        parser.error("--tables must be 1 to 2000, --seconds 1 to 3600, --warmup 0 to 600")
    if args.kill_after is not None and not 0 < args.kill_after < args.seconds:
        parser.error("--kill-after must be within the measured window (0 < S < --seconds)")
    if args.db is not None and args.db != "postgres" and not args.db.startswith(("sqlite:", "postgresql")):
        parser.error("--db must be a sqlite: or postgresql+psycopg:// URL, or postgres")
    if not 0 <= args.rate <= 100_000:
        parser.error("--rate must be 0 to 100000 moves a second")
    if args.restart_db_after is not None and (args.db != "postgres" or args.kill_after is not None
                                              or not 0 < args.restart_db_after < args.seconds):
        parser.error("--restart-db-after needs --db postgres, no --kill-after, and 0 < S < --seconds")
    if args.want != "all" and not set(args.want.split(",")) - {""} <= {"drawing", "view", "text"}:
        parser.error("--want lists drawing, view and text (comma-separated), or is all")
    if args.profile == "py-spy" and not (VENV_BIN / "py-spy").exists():
        parser.error(f"--profile py-spy needs {VENV_BIN / 'py-spy'}: .venv/bin/pip install py-spy")
    return args


def _interrupted(_signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the exit status is 0 if every target was met."""
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupted)  # stopped like Ctrl-C: the server is stopped too
    folder = Path(tempfile.mkdtemp(prefix="gangland-load-"))
    postgres = None
    if args.db == "postgres":
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' PostgreSQL cluster
        from tests.server.dbservers import start_postgres

        postgres = start_postgres(folder)
        args.db = postgres.url
    database = args.db or f"sqlite:///{folder / 'load.db'}"
    profile_out = args.profile_out or Path(tempfile.gettempdir()) / (
        "gangland-load.prof" if args.profile == "cprofile" else "gangland-load-py-spy.txt")
    if args.profile:
        profile_out.unlink(missing_ok=True)
    extra = () if args.deflate is None else ("--deflate", str(args.deflate))
    server = GanglandServer(database, free_port(), folder / "server.log", args.profile, profile_out, extra)
    shown = database if args.db is None else database.split("@")[-1]
    ok = False
    try:
        print(f"Starting the server on {HOST}:{server.port} with {shown} ...", flush=True)
        print(f"  {' '.join(server.command())}", flush=True)
        print(f"  ready in {server.start():.1f} s (pid {server.pid})", flush=True)
        load = Load(args, server, postgres)
        asyncio.run(load.run())
        ok = load.report()
    except KeyboardInterrupt:
        print("\ninterrupted: stopping the server", file=sys.stderr)
    except RuntimeError as exc:
        print(f"\nfailed: {exc}\nserver log:\n{server.log_tail()}", file=sys.stderr)
    finally:
        server.stop()
        if postgres is not None:
            postgres.close()
        if args.profile:
            summarise_profile(args.profile, profile_out)
        shutil.rmtree(folder, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
