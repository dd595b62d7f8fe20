"""The lobby's socket (`/ws/lobby`): "your turn" pushed to the lobby page within moments, not polled.

The lobby page sends the seat tokens its browser holds (`{"type": "watch", "tokens": [...]}`) and is sent
`{"type": "my_seats", "seats": [...]}` (for each token what `POST /api/my-seats` answers) at once and then
whenever one of those seats' turn comes or goes, or its game ends. The hub tells the watchers of a table
after each of its moves (watchers.py); a watcher then works out its seats' turns from the live tables in
memory. A seat of a table another server process plays (PostgreSQL, see leases.py) is read from the
database every RECHECK_SECONDS instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from gangland.engine import quoted

from .hub import Hub
from .limits import FLOOD_CLOSE, SLOW_CLOSE, Limits, MessageBudget, accept_own_page, next_frame
from .protocol import Refusal, encode, json_object
from .watchers import Watcher

WATCH_TOKENS = 200
"""The most seat tokens one lobby socket may watch (as `POST /api/my-seats` takes)."""
WATCH_MESSAGE = 16384
"""The most bytes a lobby socket's message may hold (200 tokens fit)."""
RECHECK_SECONDS = 2.0
"""How often a seat of a table another process plays is read from the database again."""
log = logging.getLogger("gangland.server")


def parse_lobby(raw: str | bytes) -> dict[str, Any]:
    """A lobby socket's message (watch or ping), checked; Refusal (too_large, malformed, unknown_type)."""
    data = json_object(raw, WATCH_MESSAGE)
    kind = data.get("type")
    if kind == "watch":
        tokens = data.get("tokens")
        if (type(tokens) is not list or len(tokens) > WATCH_TOKENS
                or any(type(t) is not str or len(t) > 200 for t in tokens)):
            raise Refusal("malformed", f"'tokens' must be a list of at most {WATCH_TOKENS} seat tokens (the "
                                       "text after #seat= in a seat's link)")
        return {"type": "watch", "tokens": tokens}
    if kind == "ping":
        return {"type": "ping"}
    shown = "missing" if kind is None else quoted(kind)
    raise Refusal("unknown_type", f"unknown message type {shown}; expected watch or ping")


def turns(seats: list[dict[str, Any] | None]) -> list[Any]:
    """What a change is pushed for: each seat's table, turn and end (not its step, which every move
    changes)."""
    return [None if s is None else (s["table_id"], s["seat"], s["your_turn"], s["over"]) for s in seats]


async def serve_lobby(socket: WebSocket, hub: Hub, limits: Limits) -> None:
    """Serve one lobby socket until it closes: its watch messages, pings, and the pushes."""
    if not await accept_own_page(socket, limits):
        return
    budget = MessageBudget(limits)
    watcher = Watcher()
    sending = asyncio.Lock()
    reader = asyncio.current_task()
    too_slow = False

    async def send(message: dict[str, Any]) -> None:
        nonlocal too_slow
        async with sending:
            if too_slow:
                return
            try:
                async with asyncio.timeout(limits.send_seconds):
                    await socket.send_text(encode(message))
            except TimeoutError:  # it does not read: let it go (the page reconnects)
                too_slow = True
                if reader is not None:
                    reader.cancel()

    async def push(force: bool) -> None:
        if not force:  # a seat's link may have moved meanwhile (a rematch): its place is looked up again
            hub.watchers.watch(watcher, await hub.places(watcher.tokens))
        seats = [await hub.seat_turn(place) for place in watcher.places]
        if force or turns(seats) != watcher.sent:
            watcher.sent = turns(seats)
            await send({"type": "my_seats", "seats": seats})

    async def pusher() -> None:
        while True:
            elsewhere = any(place is not None and place[0] not in hub.live and place[0] not in hub.recent
                            for place in watcher.places)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(RECHECK_SECONDS if elsewhere else None):
                    await watcher.dirty.wait()
            watcher.dirty.clear()
            try:
                await push(False)
            except (SystemExit, KeyboardInterrupt, asyncio.CancelledError):
                raise
            except Exception:  # the database out of reach, say: looked at again next time
                log.debug("a lobby socket's seats could not be read", exc_info=True)

    pushing = asyncio.create_task(pusher())
    hub.metrics.lobby_connected(True)
    try:
        while (data := await next_frame(socket)) is not None:
            try:
                budget.admit()
                message = parse_lobby(data)
                if message["type"] == "ping":
                    await send({"type": "pong"})
                    continue
                watcher.tokens = message["tokens"]
                hub.watchers.watch(watcher, await hub.places(watcher.tokens))
                await push(True)
            except Refusal as refusal:
                await send(refusal.to_message())
                if budget.flooding:
                    await socket.close(FLOOD_CLOSE)
                    return
            except (WebSocketDisconnect, asyncio.CancelledError):
                raise
            except Exception as exc:  # the database out of reach, say: never a traceback to the client
                log.warning("a lobby socket's message failed: %s", type(exc).__name__)
                await send(Refusal("storage", f"the seats could not be read ({type(exc).__name__}); try "
                                              "again in a moment").to_message())
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        # Stopped by its own sender, not by the server (whose own cancel, if one came too, goes on up).
        if not too_slow or reader is None or reader.uncancel() > 0:
            raise
        with contextlib.suppress(Exception):  # a close frame, if it can still go out
            async with asyncio.timeout(1.0):
                await socket.close(SLOW_CLOSE)
    finally:
        hub.metrics.lobby_connected(False)
        hub.watchers.forget(watcher)
        pushing.cancel()
        with contextlib.suppress(BaseException):
            await pushing
