"""The WebSocket protocol: client messages read and checked, server messages built from one seat's view only.

See docs/server.md for the messages. Nothing here reads the true state: `state_message` takes the seat's
view, the public names of its legal actions and the lines of the log this seat may read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE = 4096
"""The most bytes a client message may hold."""
LOG_LINES = 100
"""How many of the latest log lines the first state message of a connection carries (later ones carry the
lines since the one before)."""
PARTS = frozenset({"view", "text", "drawing"})
"""The parts of a state message a client may choose to go without (`want`): a client that names none gets
them all; one that names some gets null in place of the others (and the server does not make them)."""
LAYOUTS = ("wide", "narrow")
"""The layouts a client may ask its drawing in (`layout` of hello and want; `gangland.engine.svg.LAYOUTS`):
"narrow" for a phone's screen."""


class Refusal(Exception):
    """A client's message refused, with a code and a sentence for that client; nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_message(self) -> dict[str, Any]:
        """The error message sent to the client."""
        return {"type": "error", "code": self.code, "error": self.message}


@dataclass(frozen=True, slots=True)
class Hello:
    """The first message: a seat or spectator token, or none (a spectator of a listed table), and the parts
    of the state messages the connection wants (None: all of them)."""

    token: str | None
    want: frozenset[str] | None = None
    layout: str | None = None
    """The layout of the drawing (one of LAYOUTS; None: "wide")."""


@dataclass(frozen=True, slots=True)
class Want:
    """From now on the state messages carry these of PARTS (and null for the others), and the drawing in
    `layout` (None: as before)."""

    parts: frozenset[str]
    layout: str | None = None


@dataclass(frozen=True, slots=True)
class Act:
    """Play `action` at `step`."""

    action: int
    step: int


@dataclass(frozen=True, slots=True)
class Ping:
    """Keep-alive: answered with a pong."""


ClientMessage = Hello | Act | Ping | Want


def _int_field(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if type(value) is not int:  # bool is not an action id, nor a float 3.0
        shown = "missing" if name not in data else f"{value!r}"[:40]
        raise Refusal("malformed", f"'{name}' must be a whole number, not {shown}")
    if not 0 <= value < 2**31:
        raise Refusal("malformed", f"'{name}' is out of range: {value}"[:80])
    return value


def _want_field(data: dict[str, Any]) -> frozenset[str] | None:
    value = data.get("want")
    if value is None:
        return None
    if type(value) is not list or any(type(part) is not str or part not in PARTS for part in value):
        raise Refusal("malformed", f"'want' must be a list of the parts a state may carry: "
                                   f"{', '.join(sorted(PARTS))}")
    return frozenset(value)


def _layout_field(data: dict[str, Any]) -> str | None:
    value = data.get("layout")
    if value is None:
        return None
    if type(value) is not str or value not in LAYOUTS:
        raise Refusal("malformed", f"'layout' must be one of {', '.join(LAYOUTS)}")
    return value


def parse_client(raw: str | bytes) -> ClientMessage:
    """A client message from its text; Refusal (too_large, malformed, unknown_type) otherwise."""
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE:
        raise Refusal("too_large", f"a message may hold at most {MAX_MESSAGE} bytes; this one holds {size}")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: deeply nested arrays
        raise Refusal("malformed", "a message must be a JSON object") from None
    if not isinstance(data, dict):
        raise Refusal("malformed", "a message must be a JSON object")
    kind = data.get("type")
    if kind == "hello":
        token = data.get("token")
        if token is not None and (type(token) is not str or len(token) > 200):
            raise Refusal("malformed", "'token' must be the text after #seat= or #watch= in your link")
        return Hello(token or None, _want_field(data), _layout_field(data))
    if kind == "act":
        return Act(_int_field(data, "action"), _int_field(data, "step"))
    if kind == "ping":
        return Ping()
    if kind == "want":
        parts = _want_field(data)
        if parts is None:
            raise Refusal("malformed", "'want' is missing: list the parts a state should carry")
        return Want(parts, _layout_field(data))
    shown = "missing" if kind is None else repr(kind)[:40]
    raise Refusal("unknown_type", f"unknown message type {shown}; expected hello, act or ping (or want)")


def state_message(
    *,
    table_id: str,
    game: dict[str, str],
    players: int,
    seat: int | None,
    step: int,
    to_act: int | None,
    view: dict[str, Any] | None,
    text: str | None,
    svg: str | list[str | int] | None,
    legal: list[dict[str, Any]],
    log: list[dict[str, Any]],
    seats: list[dict[str, Any]],
    thinking: int | None,
    clock: dict[str, Any] | None,
    result: dict[str, Any] | None,
) -> dict[str, Any]:
    """The state message for one seat (None: a spectator), from what that seat may see (`view`, `text` and
    `svg` None when the connection does not want them)."""
    over = to_act is None
    return {
        "type": "state",
        "table_id": table_id,
        "game": game,
        "players": players,
        "seat": seat,
        "step": step,
        "to_act": to_act,
        "your_turn": seat is not None and seat == to_act,
        "view": view,
        "text": text,
        "svg": svg,
        "legal": legal if seat is not None and seat == to_act else [],
        "log": log[-LOG_LINES:],
        "seats": seats,
        "thinking": thinking,
        "clock": clock,
        "over": over,
        "result": result if over else None,
        "replay": f"/t/{table_id}/replay" if over else None,
    }


def encode(message: dict[str, Any]) -> str:
    """A message as the text sent on the wire."""
    return json.dumps(message, separators=(",", ":"))
