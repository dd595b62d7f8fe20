"""What one client may ask of the server, and where a WebSocket may come from (docs/server.md: Limits).

A stranger on the network must not be able to wear the server out nor use a visitor's browser to play for
them. The limits here are plain counters, kept in memory by the one server process:

- `MessageBudget`: a token bucket per connection; a message beyond it is refused (`rate_limited`) and a
  connection that goes on flooding is closed.
- `SeatSockets`: how many connections hold one seat at once.
- `OpenTables`: how many unfinished tables one client address has opened.
- `origin_allowed`: a browser's WebSocket must come from a page of this server (its public URL's origin, or
  its own when its Host passed the Host check of server/hosts.py, or an origin allowed by `gangland serve
  --allow-origin`), so that another site cannot open a seat with a visitor's link.
- `BodyLimit`: an HTTP request's body is at most `Limits.body_bytes`; a larger one is refused (413) before
  more of it is read.
- `keep_frames_out_of_logs`: uvicorn's WebSocket library logs each frame's text at DEBUG, and a hello
  holds a token: the frames' contents are left out of those records.

`Limits` holds the numbers; `create_app(..., limits=Limits(...))` sets them.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from .away import AWAY_SECONDS
from .hosts import host_allowed, public_parts
from .protocol import Refusal

FLOOD_CLOSE = 4429
"""The close code of a connection closed for flooding, or for one connection too many on a seat."""
SLOW_CLOSE = 4408
"""The close code of a connection that did not take its messages in time (it is behind: reconnect)."""
ORIGIN_CLOSE = 4403
"""The close code (before the handshake completes: an HTTP 403) of a WebSocket from a foreign page."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The numbers of docs/server.md's "Limits"; the defaults are the server's."""

    message_rate: float = 20.0
    """Messages per second a connection may send, on average."""
    message_burst: int = 100
    """Messages a connection may send at once (after a quiet while) before `message_rate` applies."""
    flood_refusals: int = 50
    """Refused (`rate_limited`) messages in a row after which the connection is closed."""
    sockets_per_seat: int = 4
    """Connections that may hold one seat at once (tabs, windows, a phone)."""
    open_tables_per_address: int = 20
    """Unfinished tables one client address may have opened."""
    allowed_origins: frozenset[str] = field(default_factory=frozenset)
    """Origins (scheme://host[:port]) besides the server's own whose pages may open a WebSocket."""
    allowed_hosts: frozenset[str] = field(default_factory=frozenset)
    """Host header values the server answers to besides loopback names and IP literals, written as
    `hosts.allowed_hosts_option` writes them (a lower-case name, or name:port); "*": any (the check off)."""
    send_seconds: float = 15.0
    """How long one message may take to go out to a connection (one that does not read holds it up) before
    the connection is closed as too slow; its queue of messages is bounded too (tables.Client)."""
    away_seconds: float = AWAY_SECONDS
    """How long no page of a person's seat must have been connected before the table's host may hand the
    seat to a bot (away.py; also when its move clock ran out)."""
    body_bytes: int = 64 * 1024
    """The largest HTTP request body the server reads (`BodyLimit`). The largest request the API takes is
    my-seats with 200 tokens of at most 200 characters (about 41 KB); every other is a few KB at most."""


def served_at(limits: Limits, public_url: str | None) -> Limits:
    """`limits` with the public URL's host among the hosts the server answers to, and its origin among
    those whose pages may open a WebSocket."""
    if public_url is None:
        return limits
    host, origin = public_parts(public_url)
    return replace(limits, allowed_hosts=limits.allowed_hosts | {host},
                   allowed_origins=limits.allowed_origins | {origin})


class MessageBudget:
    """One connection's token bucket: `message_burst` tokens, refilled at `message_rate` a second; each
    message takes one.

    >>> clock = iter([0.0, 0.0, 0.0, 0.0, 1.0]).__next__
    >>> budget = MessageBudget(Limits(message_rate=1, message_burst=2, flood_refusals=5), clock)
    >>> budget.admit(); budget.admit()
    >>> try:
    ...     budget.admit()
    ... except Refusal as refusal:
    ...     print(refusal.code)
    rate_limited
    >>> budget.admit()  # a second later, one token more
    """

    __slots__ = ("_clock", "_last", "_tokens", "flooding", "limits", "refused")

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._tokens = float(limits.message_burst)
        self._last = clock()
        self.refused = 0
        """Messages refused in a row."""
        self.flooding = False
        """True once `flood_refusals` messages in a row were refused: the connection is to be closed."""

    def admit(self) -> None:
        """Take a token for a message just received; Refusal rate_limited if there is none."""
        now = self._clock()
        rate, burst = self.limits.message_rate, self.limits.message_burst
        self._tokens = min(float(burst), self._tokens + (now - self._last) * rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            self.refused = 0
            return
        self.refused += 1
        self.flooding = self.refused >= self.limits.flood_refusals
        raise Refusal(
            "rate_limited",
            f"too many messages: a connection may send {rate:g} a second (and {burst} at once); "
            "this one was not read" + ("; the connection is closed" if self.flooding else ""),
        )


class SeatSockets:
    """How many connections hold each seat (a key: table id and seat), at most `limit` at once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held: Counter[Hashable] = Counter()

    def acquire(self, key: Hashable) -> None:
        """Count one more connection on `key`; Refusal too_many_connections if it already has `limit`."""
        if self.held[key] >= self.limit:
            raise Refusal(
                "too_many_connections",
                f"this seat is open in {self.limit} places already, the most at once; close one of them",
            )
        self.held[key] += 1

    def release(self, key: Hashable) -> None:
        """One connection on `key` ended."""
        self.held[key] -= 1
        if self.held[key] <= 0:
            del self.held[key]


class TooManyTables(Exception):
    """A client address has as many unfinished tables as it may open."""


class OpenTables:
    """The unfinished tables each client address opened (since the server started), at most `limit`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.tables: dict[str, set[str]] = {}
        self.pending: Counter[str] = Counter()
        """Tables being created now, per address (counted before their creation is awaited)."""

    def claim(self, address: str, unfinished: Callable[[str], bool]) -> None:
        """Count one table being created by `address`; TooManyTables if its tables still `unfinished`
        (and those being created) already reach the limit. Follow with `created` in every case."""
        mine = {table for table in self.tables.get(address, ()) if unfinished(table)}
        if mine:
            self.tables[address] = mine
        else:
            self.tables.pop(address, None)
        if len(mine) + self.pending[address] >= self.limit:
            raise TooManyTables(
                f"you have {self.limit} unfinished tables, the most one address may have open; finish "
                "one, or wait for one to end, before you open another"
            )
        self.pending[address] += 1

    def created(self, address: str, table_id: str | None) -> None:
        """The creation `claim` counted ended: with the table `table_id`, or (None) none was made."""
        self.pending[address] -= 1
        if self.pending[address] <= 0:
            del self.pending[address]
        if table_id is not None:
            self.tables.setdefault(address, set()).add(table_id)


class BodyTooLarge(HTTPException):
    """A request body over the limit: a 413 with a sentence (FastAPI answers it as any HTTPException)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request's body is larger than the {limit // 1024} KiB this server reads "
                              "(every request of its own pages is far smaller); it was not read further, and "
                              "nothing was changed")


class BodyLimit:
    """Refuses an HTTP request whose body is over `limit` bytes (`BodyTooLarge`) before reading more of it:
    at once when its Content-Length says so (the app never sees it), else as soon as the bytes the app
    has read pass the limit (a body sent in chunks)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length", "")
        if length.isdigit() and int(length) > self.limit:
            await self._refuse(scope, receive, send)
            return
        read = 0
        started = False

        async def counted() -> Message:
            nonlocal read
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:  # FastAPI answers it itself; anything else that read the body, here
            if started:
                raise
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = BodyTooLarge(self.limit)
        # The client may be sending still: the connection is not kept for another request.
        response = JSONResponse({"detail": refusal.detail}, status_code=413, headers={"connection": "close"})
        await response(scope, receive, send)


def _place(url: str, default_scheme: str | None = None) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin or of `//host[:port]`, the port filled in; None if unreadable."""
    try:
        parts = urlsplit(url)
        scheme = (parts.scheme or default_scheme or "").lower()
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    if scheme not in ("http", "https") or not host:
        return None
    return scheme, host, port if port is not None else 443 if scheme == "https" else 80


def origin_allowed(origin: str | None, host: str | None, scheme: str, allowed: frozenset[str]) -> bool:
    """May a WebSocket whose handshake says `Origin: origin` open here, the server being reached at
    `host` (the Host header) over `scheme` ("ws"/"wss" or "http"/"https")? Yes without an Origin (not a
    browser: browsers always send one), or for the server's own origin or one `allowed`.

    >>> origin_allowed("http://localhost:8000", "localhost:8000", "ws", frozenset())
    True
    >>> origin_allowed("https://evil.example", "localhost:8000", "ws", frozenset())
    False
    >>> origin_allowed(None, "localhost:8000", "ws", frozenset())
    True
    >>> origin_allowed("https://games.example", "127.0.0.1:8000", "ws", frozenset({"https://games.example"}))
    True
    """
    if origin is None:
        return True
    seen = _place(origin)
    if seen is None:
        return False  # "null" (a sandboxed frame, a file), or nonsense
    if any(_place(other) == seen for other in allowed):
        return True
    own_scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    return host is not None and _place(f"//{host}", own_scheme) == seen


class NoFrameContents(logging.Filter):
    """Logs a WebSocket frame's kind and size, never its text (a hello or a seat_token holds a token).

    The `websockets` library logs `"< %s"` / `"> %s"` with the frame at DEBUG."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if record.msg in ("< %s", "> %s") and isinstance(args, tuple) and len(args) == 1:
            frame = args[0]
            opcode, data = getattr(frame, "opcode", None), getattr(frame, "data", None)
            if opcode is not None and isinstance(data, bytes | bytearray | memoryview):
                record.args = (f"{getattr(opcode, 'name', opcode)} [{len(data)} bytes, not logged]",)
        return True


FRAME_LOGGERS = ("uvicorn.error", "websockets.server", "websockets.protocol")
"""The loggers uvicorn's WebSocket implementations log frames with."""


def keep_frames_out_of_logs() -> None:
    """Put `NoFrameContents` on the loggers that log WebSocket frames (once)."""
    for name in FRAME_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, NoFrameContents) for f in logger.filters):
            logger.addFilter(NoFrameContents())


async def next_frame(socket: WebSocket) -> str | bytes | None:
    """The next frame a client sent on `socket` (its text, else its bytes), or None once it left."""
    raw = await socket.receive()
    if raw["type"] == "websocket.disconnect":
        return None
    text: str | None = raw.get("text")
    return text if text is not None else raw.get("bytes") or b""


async def accept_own_page(socket: WebSocket, limits: Limits) -> bool:
    """Accept a WebSocket from a page of this server (or an allowed origin, or a client that is no browser
    and sends no Origin); refuse any other before the handshake completes (ORIGIN_CLOSE: an HTTP 403).
    The page's origin counts as the server's own only if its Host is one the server answers to: a DNS
    rebinding page's Origin is its own Host. True if it was accepted."""
    headers = socket.headers
    host = headers.get("host")
    own = host if host_allowed(host, limits.allowed_hosts) else None
    if not origin_allowed(headers.get("origin"), own, socket.url.scheme, limits.allowed_origins):
        await socket.close(ORIGIN_CLOSE)
        return False
    await socket.accept()
    return True
