"""What the server logs, and how: plain text for a terminal, or one JSON object a line for a log collector.

`configure(fmt)` sets the process's logging up before the app is made (`gangland serve --log-format`):
every record on stderr, the server's own (`gangland.*`) from INFO on (a table created or finished, a
connection opened or closed, by table id and seat; warnings and errors), uvicorn's from WARNING on. The JSON
log also has a line per HTTP request and WebSocket handshake (`AccessLog`: method, path, status); the text
log leaves them out, as uvicorn's access log was left out before.

What is never logged: a token (they travel in a link's fragment, never in a path, and in messages whose
frames are not logged: limits.keep_frames_out_of_logs), a table's seeds, chat text, names, e-mail addresses.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from datetime import UTC, datetime
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
access = logging.getLogger("gangland.access")
_HANDLER = "gangland"
"""The name of the handler `configure` adds to the root logger."""
_PLAIN_RECORD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message", "asctime", "taskName", "color_message"}
"""A record's own attributes (and uvicorn's coloured copy of the message): the others are its `extra`
fields, which a JSON line carries."""


class JsonLines(logging.Formatter):
    """A record as one JSON object on one line: time (UTC, ISO 8601), level, logger, message, the fields
    given as `extra`, and a traceback as `exception`."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _PLAIN_RECORD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def configure(fmt: str) -> None:
    """Log to stderr in `fmt` (FORMATS): see the module's docstring. Python's warnings are logged too, so
    that a JSON log holds nothing but JSON lines."""
    if fmt not in FORMATS:
        raise ValueError(f"a log format is {' or '.join(FORMATS)}, not {fmt!r}")
    # Not logging.config.dictConfig: it shuts down every handler the process has (a host program's, or a
    # test runner's capture) where this adds its own and replaces only the one it added before.
    handler = logging.StreamHandler(sys.stderr)
    handler.set_name(_HANDLER)
    handler.setFormatter(JsonLines() if fmt == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == _HANDLER]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.getLogger("gangland").setLevel(logging.INFO)
    access.setLevel(logging.INFO if fmt == "json" else logging.WARNING)
    logging.captureWarnings(True)


class AccessLog:
    """A line per HTTP request (method, path without its query, status, milliseconds to the answer's start)
    and per WebSocket handshake (status 101 when accepted, else the refusal's), on the `gangland.access`
    logger at INFO. Paths hold table ids, never a token (tokens travel in a link's fragment, which browsers
    never send)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or not access.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        said = False

        def line(status: int) -> None:
            nonlocal said
            said = True
            method, path = scope.get("method", "GET"), scope["path"]
            access.info("%s %s %d", method, path, status,
                        extra={"method": method, "path": path, "status": status,
                               "ms": round((time.perf_counter() - started) * 1000, 1)})

        async def noting(message: Message) -> None:
            kind = message["type"]
            if not said and kind in _ANSWERS:
                line(_ANSWERS[kind] or message["status"])
            await send(message)

        try:
            await self.app(scope, receive, noting)
        except BaseException:
            if not said:
                line(500)
            raise


_ANSWERS = {"http.response.start": 0, "websocket.http.response.start": 0, "websocket.accept": 101,
            "websocket.close": 403}
"""The ASGI messages that answer a request, and the status each stands for (0: the message's own): a
WebSocket closed before its handshake completed is an HTTP 403."""
