"""Helpers of the server tests: an app in-process, tables made over the API, seats played over WebSockets.

Every message a seat's socket receives is kept (`Seat.texts`) so that tests can search the bytes. A state
message carries the log lines its connection was not sent yet, and its drawing whole or as lines of the one
the connection was last sent; `Seat` keeps them as the page does, and gives each state message's `log` as
the page shows it then (the last LOG_LINES lines) and its `svg` whole (`drawing_of`).
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from gangland.server.app import create_app
from gangland.server.protocol import LOG_LINES


class LocalClient(TestClient):
    """A test client that reaches the app as localhost, its WebSockets too: the test client's own name,
    "testserver", is no host the app answers to (server/hosts.py)."""

    def __init__(self, app: Any, base_url: str = "http://localhost", **kwargs: Any) -> None:
        super().__init__(app, base_url=base_url, **kwargs)

    def websocket_connect(self, url: str, *args: Any, **kwargs: Any) -> WebSocketTestSession:
        """A WebSocket to `url`, which a path ("/ws/...") takes below the base URL (and its path, if any)."""
        base = str(self.base_url).replace("http", "ws", 1).rstrip("/")
        return super().websocket_connect(base + url if url.startswith("/") else url, *args, **kwargs)


@contextmanager
def server(database_url: str, **kwargs: Any) -> Iterator[TestClient]:
    """The app on `database_url`, started (its lifespan run) for the block, reached as http://localhost."""
    with LocalClient(create_app(database_url, **kwargs)) as client:
        yield client


def create(client: TestClient, game: str, players: int, bots: list[str | None],
           open_seats: tuple[int, ...] = (), **extra: Any) -> dict[str, Any]:
    """Make a table over the API (the person's seats in `open_seats` open to the lobby, the others
    invited); the answer (links, tokens), checked to be a 201."""
    answer = client.post("/api/tables", json={"game": game, "players": players,
                                              "seats": [{"bot": b, "open": i in open_seats}
                                                        for i, b in enumerate(bots)], **extra})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def token_of(link: str) -> str:
    """The token in a seat or spectator link's fragment."""
    return link.partition("#")[2].partition("=")[2]


class StateReader(ABC):
    """Reading a seat's messages for the next state, over any kind of socket: a subclass gives `receive`."""

    @abstractmethod
    def receive(self) -> dict[str, Any]:
        """The next message."""

    def until(self, step: int) -> dict[str, Any]:
        """The first state message at `step` or later read from now on (those before are passed over);
        `last` may already be at `step`: a caller that has it need not wait."""
        while True:
            message = self.receive()
            if message["type"] == "state" and message["step"] >= step:
                return message

    def state(self) -> dict[str, Any]:
        """The next state message (errors and pongs are kept but passed over)."""
        return self.until(0)


@dataclass
class Seat(StateReader):
    """One open WebSocket: what it received, and the last state message."""

    socket: WebSocketTestSession
    texts: list[str] = field(default_factory=list)
    last: dict[str, Any] | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    """The log as the page holds it: the first state's lines, then each state's new lines; the last
    LOG_LINES of them."""
    drawn: str | None = None
    """The drawing as the page holds it (the last state's)."""
    whole: bool = True
    """The next state carries the log and drawing whole (a connection's first; the first after an undo)."""

    def receive(self) -> dict[str, Any]:
        """The next message (its text kept in `texts`), a state's `log` made the log as the page shows it
        then (the last LOG_LINES lines), not only the lines new to this connection, and its `svg` the
        drawing whole."""
        text = self.socket.receive_text()
        self.texts.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "undone":  # a move taken back: the next state brings the log and drawing whole
            self.whole = True
        if message["type"] == "state":
            self.log = message["log"] if self.whole else [*self.log, *message["log"]][-LOG_LINES:]
            message["log"] = self.log
            self.drawn = message["svg"] = drawing_of(message["svg"], None if self.whole else self.drawn)
            self.last, self.whole = message, False
        return message

    def send(self, message: dict[str, Any]) -> None:
        """Send a message as JSON."""
        self.socket.send_text(json.dumps(message))


def drawing_of(svg: str | list[str | int] | None, held: str | None) -> str | None:
    """A state message's drawing whole, as the page makes it: sent whole (or null), or as its lines, each a
    line or the number of a line of `held`, the drawing the connection was sent last."""
    if not isinstance(svg, list):
        return svg
    assert held is not None, "a drawing sent as lines of one the connection was never sent"
    lines = held.split("\n")
    return "\n".join(lines[line] if isinstance(line, int) else line for line in svg)


@contextmanager
def seated(client: TestClient, table_id: str, token: str | None, name: str | None = None) -> Iterator[Seat]:
    """A socket that said hello with `token` (and, given one, the `name` its person goes by) and got its
    first state."""
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": token, **({} if name is None else {"name": name})})
        seat.state()
        yield seat


def play_people(seats: dict[int, Seat], rng: random.Random) -> dict[str, Any]:
    """Play the people's seats with random legal actions until the game is over; the last state seen.

    Reads each person's socket only when that seat is to act (the others' messages wait in their queues),
    so several people and bots play one game from one thread."""
    current = next(iter(seats.values())).last
    assert current is not None
    while True:
        if current["over"]:
            return current
        to_act, step = current["to_act"], current["step"]
        if to_act in seats:
            seat = seats[to_act]
            message = seat.last if seat.last is not None and seat.last["step"] == step else seat.until(step)
            if message["your_turn"] and message["step"] == step:
                action = rng.choice(message["legal"])["id"]
                seat.send({"type": "act", "action": action, "step": step})
                current = seat.until(step + 1)
            else:
                current = message
        else:  # a bot's turn: wait on any person's socket for the table to move on
            current = next(iter(seats.values())).until(step + 1)
