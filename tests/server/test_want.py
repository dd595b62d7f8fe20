"""What a state message carries: a connection may say which of the view, its text and its drawing it wants
(docs/server.md, `want`), and the server then neither makes nor sends the others; a connection that says
nothing gets them all."""

from __future__ import annotations

import json
from typing import Any

from gangland.games import get
from gangland.server.tables import drawing

from .tables import Seat, create, seated, server, token_of

GAME = get("razzia")


def people_table(client: Any) -> tuple[str, list[str]]:
    """A 3-player Razzia! table of people: its id and each seat's token."""
    created = create(client, "razzia", 3, [None, None, None])
    links = {s["seat"]: s["link"] for s in created["seats"]}
    return created["table_id"], [token_of(links[s]) for s in range(3)]


def hello(seat: Seat, token: str, want: Any) -> dict[str, Any]:
    seat.send({"type": "hello", "token": token, "want": want})
    return seat.state()


def test_a_connection_gets_only_the_parts_it_wants(database_url: str) -> None:
    with server(database_url) as client:
        table_id, tokens = people_table(client)
        to_act = client.get(f"/api/tables/{table_id}").json()["to_act"]
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            seat = Seat(socket)
            state = hello(seat, tokens[to_act], ["drawing"])
            assert state["view"] is None and state["text"] is None
            assert isinstance(state["svg"], str) and state["legal"]
            seat.send({"type": "act", "action": state["legal"][0]["id"], "step": 0})
            moved = seat.until(1)
            assert moved["view"] is None and moved["text"] is None and isinstance(moved["svg"], str)
            # Asking for the text (as the page does when its box is opened) sends a state with it at once.
            seat.send({"type": "want", "want": ["drawing", "text", "view"]})
            full = seat.state()
            assert full["step"] == 1 and full["log"] == moved["log"]  # no line sent twice
            assert full["text"] == GAME.render(full["view"]) and full["svg"] == drawing(GAME, full["view"])
            # Giving the drawing up: the next states carry none.
            seat.send({"type": "want", "want": []})
            seat.send({"type": "ping"})
            assert seat.receive()["type"] == "pong"  # nothing was added, so no state came


def test_a_connection_that_names_no_parts_gets_them_all(database_url: str) -> None:
    with server(database_url) as client:
        table_id, tokens = people_table(client)
        with seated(client, table_id, tokens[1]) as seat:
            state = seat.last
            assert state is not None
            assert state["view"] is not None and state["text"] == GAME.render(state["view"])
            assert state["svg"] == drawing(GAME, state["view"])


def test_a_want_is_refused_unless_it_lists_known_parts(database_url: str) -> None:
    with server(database_url) as client:
        table_id, tokens = people_table(client)
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            seat = Seat(socket)
            seat.send({"type": "want", "want": ["text"]})
            assert seat.receive()["code"] == "no_hello"
            hello(seat, tokens[0], None)
            for bad in (["board"], "text", [1], {"text": True}):
                seat.send({"type": "want", "want": bad})
                refusal = seat.receive()
                assert refusal["type"] == "error" and refusal["code"] == "malformed", refusal
                assert "view, text" in refusal["error"] or "drawing, text, view" in refusal["error"]
            seat.send({"type": "want"})
            assert seat.receive()["code"] == "malformed"
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            socket.send_text(json.dumps({"type": "hello", "token": tokens[1], "want": ["text", "sound"]}))
            assert json.loads(socket.receive_text())["code"] == "malformed"
