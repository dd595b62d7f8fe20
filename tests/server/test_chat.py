"""Table chat, the host's mute, and the lobby's pushed "your turn" (issue 31).

issue 31: "Table chat beside the log: messages from the people at the table (spectators may read, and write
only where the host allows), kept with the table so that they survive a restart and appear in the replay,
size- and rate-limited, shown as text (never as markup) ... The host can mute a seat."
issue 31: "The lobby's "your turn" list follows within two seconds, not on a five-second poll."
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gangland.server.chat import CHAT_RATE, MAX_CHAT

from .tables import Seat, create, play_people, seated, server, token_of
from .test_refusals import assert_sentence, barrier, person_turn

HOSTILE = '<img src=x onerror="alert(1)"><svg onload=alert(2)><script>alert(3)</script>'
"""Markup in a chat line: kept and sent as the text it is (the page shows it as text)."""


def chat_of(seat: Seat) -> list[dict[str, Any]]:
    """Every new chat line this socket was sent until now (a ping's pong closes what it was sent before),
    its chat history aside."""
    barrier(seat)
    lines = []
    for text in seat.texts:
        message = json.loads(text)
        if message["type"] == "chat" and not message["history"]:
            lines.extend(message["lines"])
    return lines


def said(seat: Seat, text: str, **extra: Any) -> list[dict[str, Any]]:
    """`seat` writes `text`; the messages it gets until its pong (its own line comes back to it)."""
    seat.send({"type": "chat", "text": text, **extra})
    return barrier(seat)


def refusal(seat: Seat, text: Any, code: str, *words: str, **extra: Any) -> None:
    """`seat` writes `text` and gets exactly one error, `code`, a sentence with `words`; no chat line."""
    answer = said(seat, text, **extra)
    errors = [m for m in answer if m["type"] == "error"]
    assert len(errors) == 1 and errors[0]["code"] == code, errors
    assert_sentence(errors[0]["error"], *words)
    sent = [m for m in answer if m["type"] == "chat" and not m["history"]]
    assert not sent, f"a refused line was sent: {sent}"


def history(seat: Seat) -> dict[str, Any]:
    """The chat message a connection gets before its first state."""
    for text in seat.texts:
        message = json.loads(text)
        if message["type"] == "chat":
            assert message["history"], message
            return dict(message)
    while True:
        message = seat.receive()
        if message["type"] == "chat":
            assert message["history"], message
            return message


def two_people(client: TestClient, spectator_chat: bool = False, **extra: Any) -> dict[str, Any]:
    """A Razzia! table of two people (seats 0 and 1) and a heuristic bot (seat 2)."""
    return create(client, "razzia", 3, [None, None, "heuristic"],
                  settings={"spectator_chat": spectator_chat}, **extra)


def test_chat_reaches_the_people_and_the_spectators(database_url: str) -> None:
    """Lines from the seats reach everyone at the table, in order, numbered, named, as the text written
    (markup included: the page shows it as text), spaces tidied; a spectator writes where the host allows,
    under a name of their own; a connection that comes later gets the chat so far."""
    with server(database_url) as client:
        created = two_people(client, spectator_chat=True, name="Anna")
        table_id = created["table_id"]
        watch = token_of(created["spectator_link"])
        with seated(client, table_id, token_of(created["creator_link"])) as anna, \
                seated(client, table_id, token_of(created["seats"][1]["link"])) as ben, \
                seated(client, table_id, watch) as spectator:
            for seat in (anna, ben, spectator):
                first = history(seat)
                assert first["lines"] == [] and first["spectators_write"] is True
            said(anna, "  Hello   there\n\tBen ")
            said(ben, HOSTILE)
            said(spectator, "Go on!", name="  Zoë  ")
            said(spectator, "and again")
            refusal(spectator, "hi", "malformed", "name", "24", name="Zoë" * 10)  # a name has 24 at most
            seen = [[(line["number"], line["kind"], line["seat"], line["name"], line["text"])
                     for line in chat_of(seat)] for seat in (anna, ben, spectator)]
            expected = [(1, "chat", 0, "Anna", "Hello there Ben"), (2, "chat", 1, "Seat 2", HOSTILE),
                        (3, "chat", None, "Zoë", "Go on!"), (4, "chat", None, "Spectator", "and again")]
            for got in seen:
                assert got == expected, got
            step = anna.last["step"] if anna.last else -1
            with seated(client, table_id, None) as late:  # a listed table: anyone may watch
                lines = history(late)["lines"]
                assert [(line["number"], line["name"], line["text"]) for line in lines] == [
                    (n, name, text) for n, _, _, name, text in expected]
                assert all(line["step"] <= step and isinstance(line["at"], float) for line in lines)


def test_every_chat_refusal(database_url: str) -> None:
    """docs/server.md "Chat": chat_spectators, chat_empty, chat_too_long, chat_rate, malformed, no_hello;
    each to the writer alone, and nothing is kept or sent."""
    with server(database_url) as client:
        created = two_people(client)  # spectators may not write
        table_id = created["table_id"]
        with seated(client, table_id, token_of(created["creator_link"])) as anna, \
                seated(client, table_id, token_of(created["spectator_link"])) as spectator:
            assert history(spectator)["spectators_write"] is False
            refusal(spectator, "hi", "chat_spectators", "spectators", "host")
            refusal(anna, "", "chat_empty", "at least one")
            refusal(anna, " \n\t\u200b\u202e ", "chat_empty", "at least one")
            refusal(anna, "x" * (MAX_CHAT + 1), "chat_too_long", str(MAX_CHAT), str(MAX_CHAT + 1))
            refusal(anna, 7, "malformed", "text")
            refusal(anna, "hi", "malformed", "name", name=["Anna"])
            # A line of MAX_CHAT characters is kept (spaces tidied first: a long run of them counts one).
            answer = said(anna, "y" * MAX_CHAT + " " * 50)
            kept = [m["lines"][0]["text"] for m in answer if m["type"] == "chat"]
            assert kept == ["y" * MAX_CHAT]
            for number in range(2, CHAT_RATE + 1):
                said(anna, f"line {number}")
            refusal(anna, "one too many", "chat_rate", str(CHAT_RATE), "seconds")
            # Every connection of a seat counts together: a second tab of Anna's is refused too.
            with seated(client, table_id, token_of(created["creator_link"])) as tab:
                refusal(tab, "from my phone", "chat_rate", "wait")
            lines = chat_of(spectator)
            assert [line["text"] for line in lines] == ["y" * MAX_CHAT] + [
                f"line {n}" for n in range(2, CHAT_RATE + 1)]
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            early = Seat(socket)
            early.send({"type": "chat", "text": "before hello"})
            answer = early.receive()
            assert answer["type"] == "error" and answer["code"] == "no_hello", answer
        stored = client.app.state.hub.storage.load(table_id)  # type: ignore[attr-defined]
        assert stored is not None and len(stored.chat) == CHAT_RATE


def test_the_host_mutes_a_seat(database_url: str) -> None:
    """Only the host (its token) mutes; a bot's seat and a seat that is not there are refused; everyone is
    told (the seat facts say muted, and a note of the table's says who); the muted seat may read but is
    refused `chat_muted`; unmuted, it writes again."""
    with server(database_url) as client:
        created = two_people(client)
        table_id, host = created["table_id"], created["host_token"]
        mute = f"/api/tables/{table_id}/seats/1/mute"
        with seated(client, table_id, token_of(created["creator_link"])) as anna, \
                seated(client, table_id, token_of(created["seats"][1]["link"])) as ben:
            wrong = client.post(mute, json={"host_token": token_of(created["creator_link"]), "muted": True})
            assert wrong.status_code == 403 and "host" in wrong.json()["detail"], wrong.text
            bot = client.post(f"/api/tables/{table_id}/seats/2/mute",
                              json={"host_token": host, "muted": True})
            assert bot.status_code == 400 and "bot" in bot.json()["detail"], bot.text
            nowhere = client.post(f"/api/tables/{table_id}/seats/3/mute", json={"host_token": host,
                                                                                   "muted": True})
            assert nowhere.status_code == 404, nowhere.text
            assert chat_of(anna) == [] and not ben.last["seats"][1]["muted"]  # type: ignore[index]

            answer = client.post(mute, json={"host_token": host, "muted": True})
            assert answer.status_code == 200, answer.text
            assert [s["muted"] for s in answer.json()["seats"]] == [False, True, False]
            for seat in (anna, ben):
                lines = [(line["kind"], line["seat"], line["name"], line["text"]) for line in chat_of(seat)]
                assert lines == [("note", None, "", "Seat 2 was muted by the host")]
                assert seat.last is not None and seat.last["seats"][1]["muted"] is True
            refusal(ben, "let me speak", "chat_muted", "muted")
            said(anna, "still here")
            again = client.post(mute, json={"host_token": host, "muted": True})  # muted already: no new note
            assert again.status_code == 200
            assert [line["text"] for line in chat_of(ben)][1:] == ["still here"]
            assert client.post(mute, json={"host_token": host, "muted": False}).status_code == 200
            said(ben, "thanks")
            assert [line["text"] for line in chat_of(anna)] == [
                "Seat 2 was muted by the host", "still here", "Seat 2 may write in the chat again", "thanks"]
    # Kept: a server started again on the database still knows the seat was unmuted, and the notes.
    with server(database_url) as client:
        summary = client.get(f"/api/tables/{table_id}").json()
        assert [s["muted"] for s in summary["seats"]] == [False, False, False]


def test_chat_survives_a_restart_and_shows_in_the_replay(database_url: str) -> None:
    """The chat is kept with the table: a server started again sends it on hello, the game goes on, and
    the replay's frame at each step carries the lines written by then (the notes too); chat goes on after
    the game ended ("Good game")."""
    rng = random.Random(31)
    with server(database_url) as client:
        created = create(client, "razzia", 2, [None, "heuristic"], listed=False)
        table_id, token = created["table_id"], token_of(created["creator_link"])
        with seated(client, table_id, token) as me:
            said(me, "before the first move")
            state = person_turn({0: me})
            me.send({"type": "act", "action": state["legal"][0]["id"], "step": state["step"]})
            me.until(state["step"] + 1)
            said(me, "after a move")
            first_step = state["step"]
    with server(database_url) as client:
        with seated(client, table_id, token) as me:
            lines = history(me)["lines"]
            assert [(line["number"], line["text"]) for line in lines] == [
                (1, "before the first move"), (2, "after a move")]
            assert lines[0]["step"] <= first_step < lines[1]["step"]
            final = play_people({0: me}, rng)
            assert final["over"]
            said(me, "Good game")
            client.post(f"/api/tables/{table_id}/seats/0/mute", json={"host_token": created["host_token"],
                                                                      "muted": True})
            assert [line["text"] for line in chat_of(me)][-2:] == [
                "Good game", "Seat 1 was muted by the host"]
        total = final["step"]

        def replay_chat(step: int) -> list[str]:
            answer = client.get(f"/api/tables/{table_id}/replay", params={"step": step})
            assert answer.status_code == 200, answer.text
            return [line["text"] for line in answer.json()["chat"]]

        if lines[0]["step"] > 0:
            assert replay_chat(lines[0]["step"] - 1) == []
        assert replay_chat(lines[0]["step"]) == replay_chat(first_step) == ["before the first move"]
        assert replay_chat(lines[1]["step"]) == ["before the first move", "after a move"]
        assert replay_chat(total) == ["before the first move", "after a move", "Good game",
                                      "Seat 1 was muted by the host"]


def test_two_processes_showing_one_table_number_its_chat_in_turn(database_url: str) -> None:
    """A finished table shown by two server processes (each loads it on request): a line the second writes
    after the first wrote one takes the next number (it reads the first's line, and sends it on), so no
    number is taken twice and no line is lost."""
    with server(database_url) as first:
        created = create(first, "razzia", 2, [None, "heuristic"], listed=False)
        table_id, token = created["table_id"], token_of(created["creator_link"])
        with seated(first, table_id, token) as here:
            assert play_people({0: here}, random.Random(7))["over"]
            with server(database_url) as second, seated(second, table_id, token) as there:
                said(here, "from the first")
                said(there, "from the second")
                said(here, "the first again")
                assert [(line["number"], line["text"]) for line in chat_of(here)] == [
                    (1, "from the first"), (2, "from the second"), (3, "the first again")]
                # The second process learnt the first's line when it wrote; the first's later line reaches
                # its connections when they reconnect (or it writes again).
                assert [(line["number"], line["text"]) for line in chat_of(there)] == [
                    (1, "from the first"), (2, "from the second")]
        stored = first.app.state.hub.storage.load(table_id)  # type: ignore[attr-defined]
        assert stored is not None
        assert [(line.number, line.text) for line in stored.chat] == [
            (1, "from the first"), (2, "from the second"), (3, "the first again")]


def lobby_message(socket: Any, kind: str = "my_seats") -> dict[str, Any]:
    """The next message of a lobby socket of `kind` (pongs and others passed over)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message


def test_the_lobby_socket_pushes_the_turn(database_url: str) -> None:
    """/ws/lobby: the seats a browser holds, answered at once as POST /api/my-seats answers, then pushed
    whenever one of them's turn comes or goes (here within moments, not on a poll); unknown tokens are
    null; bad messages are refused; a page of another site is refused before the handshake."""
    with server(database_url) as client:
        created = two_people(client, listed=False)
        table_id = created["table_id"]
        tokens = [token_of(created["creator_link"]), token_of(created["seats"][1]["link"])]
        with seated(client, table_id, tokens[0]) as anna, seated(client, table_id, tokens[1]) as ben:
            tokens[1] = json.loads(next(t for t in ben.texts if '"seat_token"' in t))["token"]
            people = {0: anna, 1: ben}
            state = person_turn(people)
            with client.websocket_connect("/ws/lobby") as lobby:
                lobby.send_json({"type": "watch", "tokens": [*tokens, "no-such-token"]})
                pushed = lobby_message(lobby)["seats"]
                assert pushed == client.post("/api/my-seats", json={"tokens": [*tokens, "no-such-token"]}
                                             ).json()
                assert [s["your_turn"] for s in pushed[:2]] == [state["to_act"] == 0, state["to_act"] == 1]
                assert pushed[2] is None
                # The person to act moves; the turn moves on (maybe through the bot) to a person again.
                for _ in range(3):
                    mover = people[state["to_act"]]
                    before = (state["to_act"], state["step"])
                    started = time.monotonic()
                    mover.send({"type": "act", "action": state["legal"][0]["id"], "step": state["step"]})
                    mover.until(state["step"] + 1)
                    pushed = lobby_message(lobby)["seats"]
                    assert time.monotonic() - started < 2.0, "the lobby was not told within two seconds"
                    assert pushed[before[0]]["your_turn"] is False or pushed[before[0]]["step"] > before[1]
                    state = person_turn(people)
                    turn = [state["to_act"] == 0, state["to_act"] == 1]
                    while [s["your_turn"] for s in pushed[:2]] != turn:
                        pushed = lobby_message(lobby)["seats"]  # one push per change: the bot's move too
                lobby.send_json({"type": "ping"})
                assert lobby_message(lobby, "pong") == {"type": "pong"}
                for bad, code in (({"type": "watch", "tokens": "abc"}, "malformed"),
                                  ({"type": "watch", "tokens": ["x"] * 201}, "malformed"),
                                  ({"type": "dance"}, "unknown_type")):
                    lobby.send_json(bad)
                    error = lobby_message(lobby, "error")
                    assert error["code"] == code, error
                    assert_sentence(error["error"])
                lobby.send_text("{not json")
                assert lobby_message(lobby, "error")["code"] == "malformed"
            with pytest.raises(WebSocketDisconnect) as refused, \
                    client.websocket_connect("/ws/lobby", headers={"origin": "http://evil.example"}):
                pass
            assert refused.value.code == 4403
