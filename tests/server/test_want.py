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


# Issue 31, "A page that fits": a phone's page asks for the table drawn for a narrow screen (docs/server.md,
# "The drawn table"); it gets that drawing from the first state on, and a page that turns (or a window
# that is resized) gets the other at once.
def test_a_connection_gets_its_drawing_in_the_layout_it_asks_for(database_url: str) -> None:
    with server(database_url) as client:
        table_id, tokens = people_table(client)
        to_act = client.get(f"/api/tables/{table_id}").json()["to_act"]
        other = (to_act + 1) % 3
        with client.websocket_connect(f"/ws/{table_id}") as phone_socket, \
                client.websocket_connect(f"/ws/{table_id}") as laptop_socket:
            phone, laptop = Seat(phone_socket), Seat(laptop_socket)
            phone.send({"type": "hello", "token": tokens[to_act], "want": ["drawing", "view"],
                        "layout": "narrow"})
            state = phone.state()
            assert state["svg"] == drawing(GAME, state["view"], "narrow") != drawing(GAME, state["view"])
            wide = hello(laptop, tokens[other], ["drawing", "view"])
            assert wide["svg"] == drawing(GAME, wide["view"])
            # A move: each connection's next drawing is in its own layout (sent as the lines it changed).
            phone.send({"type": "act", "action": state["legal"][0]["id"], "step": 0})
            moved = phone.until(1)
            assert moved["svg"] == drawing(GAME, moved["view"], "narrow")
            seen = laptop.until(1)
            assert seen["svg"] == drawing(GAME, seen["view"])
            # The phone turned: the wide drawing at once, the log not sent again.
            phone.send({"type": "want", "want": ["drawing", "view"], "layout": "wide"})
            turned = phone.state()
            assert turned["step"] == 1 and turned["svg"] == drawing(GAME, turned["view"])
            assert turned["log"] == moved["log"]
            # The same layout again asks for nothing new: no state comes.
            phone.send({"type": "want", "want": ["drawing", "view"], "layout": "wide"})
            phone.send({"type": "ping"})
            assert phone.receive()["type"] == "pong"
            for bad in ("tall", 1, ["narrow"]):
                phone.send({"type": "want", "want": ["drawing"], "layout": bad})
                refusal = phone.receive()
                assert refusal["code"] == "malformed", refusal
                assert "'layout' must be one of wide, narrow" in refusal["error"]
