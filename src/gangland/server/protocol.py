"""The WebSocket protocol: client messages read and checked, server messages built from one seat's view only.

See docs/server.md for the messages. Nothing here reads the true state: `state_message` takes the seat's
view, the public names of its legal actions and the lines of the log this seat may read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gangland.engine import OptionError, quoted

from .people import clean_name

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
    """The first message: a seat or spectator token, or none (a spectator of a listed table), the parts
    of the state messages the connection wants (None: all of them), and the name its person goes by (a
    seat without a name takes it; a spectator's is theirs for this connection)."""

    token: str | None
    want: frozenset[str] | None = None
    name: str | None = None
    layout: str | None = None
    """The layout of the drawing (one of LAYOUTS; None: "wide")."""


@dataclass(frozen=True, slots=True)
class Rename:
    """The connection's person goes by `name` from now on (a seat's name is kept with the table)."""

    name: str


@dataclass(frozen=True, slots=True)
class Want:
    """From now on the state messages carry these of PARTS (and null for the others), and the drawing in
    `layout` (None: as before)."""

    parts: frozenset[str]
    layout: str | None = None


@dataclass(frozen=True, slots=True)
class Act:
    """Play `action` at `step`; `auto`: the page played it as the seat's only legal move (ingame.py)."""

    action: int
    step: int
    auto: bool = False


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back this seat's last decision, made to reach `step` (the step the last state gave)."""

    step: int


@dataclass(frozen=True, slots=True)
class Hint:
    """Ask `bot` (None: the game's heuristic bot) which move it would make from this seat's view."""

    bot: str | None


@dataclass(frozen=True, slots=True)
class Ping:
    """Keep-alive: answered with a pong."""


@dataclass(frozen=True, slots=True)
class Chat:
    """Write `text` in the table's chat (a spectator may give a `name`; see chat.py for the rules)."""

    text: str
    name: str | None = None


@dataclass(frozen=True, slots=True)
class SetMail:
    """Mail this seat when its turn comes and none of its pages is open, at `email` (None: no more mails).
    The address is checked by server/mail.py."""

    email: str | None


ClientMessage = Hello | Act | Ping | Want | Rename | Chat | Undo | Hint | SetMail


def _int_field(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if type(value) is not int:  # bool is not an action id, nor a float 3.0
        shown = "missing" if name not in data else quoted(value)
        raise Refusal("malformed", f"'{name}' must be a whole number, not {shown}")
    if not 0 <= value < 2**31:
        raise Refusal("malformed", f"'{name}' is out of range: {quoted(value)}")
    return value


def _want_field(data: dict[str, Any]) -> frozenset[str] | None:
    value = data.get("want")
    if value is None:
        return None
    if type(value) is not list or any(type(part) is not str or part not in PARTS for part in value):
        raise Refusal("malformed", f"'want' must be a list of the parts a state may carry: "
                                   f"{', '.join(sorted(PARTS))}")
    return frozenset(value)


def _name_field(data: dict[str, Any], required: bool) -> str | None:
    value = data.get("name")
    if value is None and not required:
        return None
    try:
        return clean_name(value)
    except OptionError as exc:
        raise Refusal("bad_name", f"{exc}") from None


def _layout_field(data: dict[str, Any]) -> str | None:
    value = data.get("layout")
    if value is None:
        return None
    if type(value) is not str or value not in LAYOUTS:
        raise Refusal("malformed", f"'layout' must be one of {', '.join(LAYOUTS)}")
    return value


def json_object(raw: str | bytes, limit: int) -> dict[str, Any]:
    """A client message's JSON object, at most `limit` bytes; Refusal (too_large, malformed) otherwise."""
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > limit:
        raise Refusal("too_large", f"a message may hold at most {limit} bytes; this one holds {size}")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: deeply nested arrays
        raise Refusal("malformed", "a message must be a JSON object") from None
    if not isinstance(data, dict):
        raise Refusal("malformed", "a message must be a JSON object")
    return data


def parse_client(raw: str | bytes) -> ClientMessage:
    """A client message from its text; Refusal (too_large, malformed, unknown_type) otherwise."""
    data = json_object(raw, MAX_MESSAGE)
    kind = data.get("type")
    if kind == "hello":
        token = data.get("token")
        if token is not None and (type(token) is not str or len(token) > 200):
            raise Refusal("malformed", "'token' must be the text after #seat= or #watch= in your link")
        # A name that is no name (an old browser's remembered one, say) is left out, not refused: the page
        # then asks for one, and the seat is opened all the same.
        try:
            name = _name_field(data, required=False)
        except Refusal:
            name = None
        return Hello(token or None, _want_field(data), name, _layout_field(data))
    if kind == "act":
        auto = data.get("auto", False)
        if type(auto) is not bool:
            raise Refusal("malformed", "'auto' must be true or false")
        return Act(_int_field(data, "action"), _int_field(data, "step"), auto)
    if kind == "undo":
        return Undo(_int_field(data, "step"))
    if kind == "hint":
        bot = data.get("bot")
        if bot is not None and (type(bot) is not str or len(bot) > 64):
            raise Refusal("malformed", "'bot' must name one of the table's bots")
        return Hint(bot)
    if kind == "ping":
        return Ping()
    if kind == "name":
        name = _name_field(data, required=True)
        assert name is not None
        return Rename(name)
    if kind == "chat":
        text, name = data.get("text"), data.get("name")
        if type(text) is not str:
            raise Refusal("malformed", "'text' must be the chat line, as text")
        if name is not None and type(name) is not str:
            raise Refusal("malformed", "'name' must be the name you write under, as text")
        return Chat(text, name)
    if kind == "want":
        parts = _want_field(data)
        if parts is None:
            raise Refusal("malformed", "'want' is missing: list the parts a state should carry")
        return Want(parts, _layout_field(data))
    if kind == "mail":
        email = data.get("email")
        if email is not None and type(email) is not str:
            raise Refusal("malformed", "'email' must be an e-mail address, or null for no more mails")
        return SetMail(email)
    shown = "missing" if kind is None else quoted(kind)
    raise Refusal("unknown_type", f"unknown message type {shown}; expected hello, act, ping, want, name, "
                                   "chat, undo, hint or mail")


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
    rules_help: str | None = None,
    undo: dict[str, Any] | None = None,
    ended: str | None = None,
    root: str = "",
) -> dict[str, Any]:
    """The state message for one seat (None: a spectator), from what that seat may see (`view`, `text` and
    `svg` None when the connection does not want them); `rules_help`: the rules of the decision in front of
    the seat to act (to that seat only), `undo`: the decision this seat may take back now (ingame.py);
    `ended`: "abandoned" when the host ended the game (then nobody is to act, and there is no result);
    `root`: the sub-path the server's links start with (server/subpath.py)."""
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
        "ended": ended,
        "replay": f"{root}/t/{table_id}/replay" if over else None,
        "rules_help": rules_help if seat is not None and seat == to_act else None,
        "undo": undo if seat is not None and not over else None,
    }


def encode(message: dict[str, Any]) -> str:
    """A message as the text sent on the wire."""
    return json.dumps(message, separators=(",", ":"))
