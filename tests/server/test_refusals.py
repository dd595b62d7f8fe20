"""Refusals (issue 16): every WebSocket message and API request the server must refuse is answered with a
clear sentence, to the asker only, and leaves the game as it was.

issue 16: "An action message carries the action id and the step it answers. Refused with a clear error to
that client only, the game unchanged: not your turn, a stale step, an illegal action, an unknown or revoked
token, a malformed or oversized message, a finished game."
issue 16: "Each refusal above has a test that checks the error text and that the game did not change."
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .tables import Seat, create, play_people, seated, server, token_of

# -- helpers ---------------------------------------------------------------------------------------------


def barrier(seat: Seat) -> list[dict[str, Any]]:
    """Every message this socket has been sent until now: a ping, then what arrives before its pong (a
    socket's messages arrive in order, so nothing sent to it earlier can still be on its way)."""
    seat.send({"type": "ping"})
    return until_pong(seat)


def until_pong(seat: Seat) -> list[dict[str, Any]]:
    """The messages before the next pong."""
    before = []
    while True:
        message = seat.receive()
        if message["type"] == "pong":
            return before
        before.append(message)


def no_error(seat: Seat) -> None:
    """This socket was sent no error (another client's refusals are not told to it)."""
    errors = [m for m in barrier(seat) if m["type"] == "error"]
    assert errors == [], f"an error reached a client that did not cause it: {errors}"


def refused(seat: Seat, message: dict[str, Any] | str, code: str, *words: str) -> dict[str, Any]:
    """Send `message` (an object, or raw text); exactly one error comes back, with `code` and a sentence
    holding each of `words`; no state change reaches this client with it."""
    barrier(seat)  # read what was sent before: `seat.last` is the present state
    seat.socket.send_text(message if isinstance(message, str) else json.dumps(message))
    answer = barrier(seat)
    errors = [m for m in answer if m["type"] == "error"]
    assert len(errors) == 1, f"{message!r:.80}: expected one {code} error, got {answer}"
    error = errors[0]
    assert error["code"] == code, f"{message!r:.80}: {error}"
    assert_sentence(error["error"], *words)
    steps = {m["step"] for m in answer if m["type"] == "state"}
    assert steps <= ({seat.last["step"]} if seat.last else set()), f"the game moved on a refusal: {answer}"
    return error


def assert_sentence(text: Any, *words: str) -> None:
    """A clear sentence: text of a few words, naming what is wrong."""
    assert isinstance(text, str) and len(text.split()) >= 3, f"not a sentence: {text!r}"
    for word in words:
        assert word.lower() in text.lower(), f"{word!r} not in {text!r}"


def facts(client: TestClient, table_id: str) -> tuple[int, int | None, int, list[int]]:
    """What a refusal must not change: the table's step and seat to act (GET /api/tables/{id}), and the
    moves stored in the database (their count and actions)."""
    summary = client.get(f"/api/tables/{table_id}").json()
    stored = client.app.state.hub.storage.load(table_id)  # type: ignore[attr-defined]
    assert stored is not None
    return summary["step"], summary["to_act"], len(stored.moves), [m.action for m in stored.moves]


def token_now(seat: Seat, token: str) -> str:
    """The token that plays this socket's seat now: the one it said hello with, or the seat's own token the
    server gave it on opening an invitation (a `seat_token` message), if it did."""
    for text in seat.texts:
        message = json.loads(text)
        if message["type"] == "seat_token":
            token = message["token"]
    return token


def closed(seat: Seat) -> int:
    """The close code of a socket the server closed (after any messages still queued)."""
    with pytest.raises(WebSocketDisconnect) as closing:
        while True:
            seat.receive()
    return closing.value.code


def refused_hello(client: TestClient, table_id: str, token: str | None) -> tuple[dict[str, Any], int]:
    """A new connection to the table says hello with `token`: the refusal it gets and the code the server
    then closes it with."""
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": token})
        error = seat.receive()
        return error, closed(seat)


def person_turn(seats: dict[int, Seat]) -> dict[str, Any]:
    """The present state once a person is to act (bots move on by themselves until then), as that person
    sees it. While a person is to act nothing changes until they move, so it stays the present state."""
    watcher = next(iter(seats.values()))
    for _ in range(1000):
        for seat in seats.values():  # read what each was sent: their `last` is the present state
            barrier(seat)
        current = watcher.last
        assert current is not None
        if current["over"]:
            raise AssertionError("the game ended before a person was to act")
        if current["to_act"] in seats:
            mine = seats[current["to_act"]].last
            assert mine is not None and mine["step"] == current["step"] and mine["your_turn"], mine
            return mine
        watcher.until(current["step"] + 1)
    raise AssertionError("no person was to act after 1000 states")


def three_seats(client: TestClient, **extra: Any) -> dict[str, Any]:
    """A Razzia! table of two people (seats 0 and 1) and a heuristic bot (seat 2)."""
    return create(client, "razzia", 3, [None, None, "heuristic"], **extra)


# -- the WebSocket ----------------------------------------------------------------------------------------


def test_turn_step_action_and_malformed_refusals(database_url: str) -> None:
    """issue 16: "Refused with a clear error to that client only, the game unchanged: not your turn, a stale
    step, an illegal action, ... a malformed ... message"; docs/server.md: codes not_your_turn, stale_step,
    illegal, malformed, unknown_type."""
    with server(database_url) as client:
        created = three_seats(client, listed=False)
        table_id = created["table_id"]
        tokens = {s["seat"]: token_of(s["link"]) for s in created["seats"] if s["link"]}
        with seated(client, table_id, tokens[0]) as zero, seated(client, table_id, tokens[1]) as one:
            seats = {0: zero, 1: one}
            tokens = {0: token_now(zero, tokens[0]), 1: token_now(one, tokens[1])}
            now = person_turn(seats)
            step, mover_seat = now["step"], now["to_act"]
            mover, other = seats[mover_seat], seats[1 - mover_seat]
            legal = [a["id"] for a in now["legal"]]
            before = facts(client, table_id)
            assert before[:3] == (step, mover_seat, step)

            # issue 16: "not your turn": the other person answers the present step with a legal action.
            refused(other, {"type": "act", "action": legal[0], "step": step}, "not_your_turn",
                    f"seat {mover_seat + 1}", "turn")  # (issue 31: seats counted from 1)
            # issue 16: "an illegal action": an id that is not among the legal ones, named with them.
            not_legal = max(legal) + 1
            error = refused(mover, {"type": "act", "action": not_legal, "step": step}, "illegal",
                            str(not_legal), "not legal")
            assert all(str(a) in error["error"] for a in legal)
            # issue 16: "a malformed ... message": not JSON, not an object, fields missing or mistyped, and
            # action ids no game has (huge, negative), refused before any table is asked.
            for raw, words in [
                ("this is not json", ("JSON object",)),
                ("[1, 2, 3]", ("JSON object",)),
                ('"act"', ("JSON object",)),
                (b"\xff\xfe".decode("latin-1"), ("JSON object",)),
                ("[" * 4000, ("JSON object",)),  # nested too deep for the parser: still only malformed
                ('{"type": "act", "action": 1' + "0" * 4000 + ', "step": 0}', ("action", "range")),
            ]:
                refused(mover, raw, "malformed", *words)
            for message, words in [
                ({"type": "act", "step": step}, ("action", "missing")),
                ({"type": "act", "action": legal[0]}, ("step", "missing")),
                ({"type": "act", "action": str(legal[0]), "step": step}, ("action", "whole number")),
                ({"type": "act", "action": True, "step": step}, ("action", "whole number")),
                ({"type": "act", "action": 1.5, "step": step}, ("action", "whole number")),
                ({"type": "act", "action": float(legal[0]), "step": step}, ("action", "whole number")),
                ({"type": "act", "action": None, "step": step}, ("action",)),
                ({"type": "act", "action": 10**12, "step": step}, ("action", "range")),
                ({"type": "act", "action": -1, "step": step}, ("action", "range")),
                ({"type": "act", "action": legal[0], "step": str(step)}, ("step", "whole number")),
                ({"type": "act", "action": legal[0], "step": -1}, ("step", "range")),
                ({"type": "hello", "token": tokens[mover_seat]}, ("hello",)),  # a second hello
            ]:
                refused(mover, message, "malformed", *words)
            # docs/server.md: unknown_type.
            refused(mover, {"type": "dance"}, "unknown_type", "dance", "expected hello, act")
            refused(mover, {"action": legal[0], "step": step}, "unknown_type", "missing")
            refused(mover, {"type": 7}, "unknown_type", "7")

            # Only the client that erred was told; the game did not move.
            no_error(other)
            assert facts(client, table_id) == before
            # A new tab of the mover's seat sees the very state of before (same step and view).
            with seated(client, table_id, tokens[mover_seat]) as tab:
                assert tab.last is not None
                seen = (tab.last["step"], tab.last["view"], tab.last["legal"])
                assert seen == (step, now["view"], now["legal"])

            # The refused messages took nothing: the mover's legal move at that step is made, and the next
            # step the table shows is that step + 1.
            mover.send({"type": "act", "action": legal[0], "step": step})
            after = mover.until(step + 1)
            assert after["step"] == step + 1

            # issue 16: "a stale step": the next person to act answers an old step.
            later = person_turn(seats)  # (the table waits for a person: its stored moves stay put)
            assert facts(client, table_id)[3][: step + 1] == [*before[3], legal[0]]
            assert later["step"] > step
            actor = seats[later["to_act"]]
            before = facts(client, table_id)
            refused(actor, {"type": "act", "action": later["legal"][0]["id"], "step": step}, "stale_step",
                    f"step {step}", f"step {later['step']}")
            refused(actor, {"type": "act", "action": later["legal"][0]["id"], "step": later["step"] + 1},
                    "stale_step", f"step {later['step'] + 1}")
            no_error(seats[1 - later["to_act"]])
            assert facts(client, table_id) == before


def test_token_refusals(database_url: str) -> None:
    """issue 16: "Refused ... an unknown or revoked token"; docs/server.md: no_table and bad_token (the socket
    is then closed), no_hello, spectator ("a spectator cannot act"; a listed table may be watched without a
    token, a private one not)."""
    with server(database_url) as client:
        # Two people and no bot: the table cannot move by itself, so its facts must stay as they are.
        created = create(client, "razzia", 2, [None, None], open_seats=(1,), listed=True)
        table_id = created["table_id"]
        assert created["creator_seat"] == 0
        invitation = token_of(created["seats"][1]["link"])
        spectator_token = token_of(created["spectator_link"])
        with seated(client, table_id, token_of(created["creator_link"])) as zero:
            before = facts(client, table_id)

            # no_table: an unknown table id; the socket is closed after.
            with client.websocket_connect("/ws/no-such-table") as socket:
                nowhere = Seat(socket)
                error = nowhere.receive()
                assert error["type"] == "error" and error["code"] == "no_table", error
                assert_sentence(error["error"], "no table", "no-such-table")
                assert closed(nowhere) == 4404

            # bad_token: an unknown token; the socket is closed after.
            error, code = refused_hello(client, table_id, "x" * 32)
            assert error["code"] == "bad_token", error
            assert_sentence(error["error"], "link", "unknown")
            assert code == 4403

            # revoked: seat 1 (open) taken from the lobby revokes its invitation link; issue 31: the
            # refusal says what happened and who can help.
            joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
            assert joined.status_code == 200, joined.text
            assert joined.json()["seat"] == 1
            error, code = refused_hello(client, table_id, invitation)
            assert error["code"] == "revoked", error
            assert_sentence(error["error"], "seat 2", "taken from the lobby", "host")
            assert code == 4403
            with seated(client, table_id, token_of(joined.json()["link"])) as one:  # the new link: seat 1
                assert one.last is not None and one.last["seat"] == 1

                # no_hello: an action before hello; the socket stays open and may then say hello.
                with client.websocket_connect(f"/ws/{table_id}") as socket:
                    early = Seat(socket)
                    refused(early, {"type": "act", "action": 0, "step": before[0]}, "no_hello", "hello")
                    early.send({"type": "hello", "token": spectator_token})
                    assert early.state()["seat"] is None

                # spectator: the spectator link, and no token at all on a listed table, watch but never act.
                for token in (spectator_token, None):
                    with seated(client, table_id, token) as watcher:
                        assert watcher.last is not None
                        assert watcher.last["seat"] is None and watcher.last["legal"] == []
                        step = watcher.last["step"]
                        refused(watcher, {"type": "act", "action": 0, "step": step}, "spectator", "spectator")

                no_error(zero)
                no_error(one)
            assert facts(client, table_id) == before

        # A private table is not watched without its spectator link: no token is a bad token.
        private = create(client, "razzia", 2, [None, None], listed=False)
        private_before = facts(client, private["table_id"])
        for token in (None, "", spectator_token):  # another table's spectator link opens nothing here
            error, code = refused_hello(client, private["table_id"], token)
            assert error["code"] == "bad_token", (token, error)
            assert_sentence(error["error"], "link")
            assert code == 4403
        assert facts(client, private["table_id"]) == private_before


def test_oversized_messages(database_url: str) -> None:
    """issue 16: "Refused ... an oversized message"; docs/server.md: "A client message may be at most 4 KiB"
    (too_large); the connection stays usable, and a message of megabytes neither stops the server nor the
    table."""
    with server(database_url) as client:
        created = create(client, "razzia", 2, [None, "heuristic"], listed=False)
        table_id = created["table_id"]
        token = token_of(created["creator_link"])
        with seated(client, table_id, token) as zero:
            now = person_turn({0: zero})
            before = facts(client, table_id)
            legal = now["legal"][0]["id"]

            # 5 KB: too_large, naming the limit; then the same connection plays on.
            padded = json.dumps({"type": "act", "action": legal, "step": now["step"], "pad": "x" * 5000})
            refused(zero, padded, "too_large", "4096")
            # Just within the limit: read as usual (here an unknown field is ignored, the ping answered).
            fits = json.dumps({"type": "ping", "pad": ""})
            fits = fits.replace('""', '"' + "y" * (4096 - len(fits)) + '"')
            assert len(fits.encode()) == 4096
            zero.socket.send_text(fits)
            assert until_pong(zero) == []
            # The limit is in bytes: 3000 three-byte characters (9000 bytes) are too many.
            wide = json.dumps({"type": "ping", "pad": "\u20ac" * 3000}, ensure_ascii=False)
            assert len(wide) < 4096 < len(wide.encode())
            refused(zero, wide, "too_large", "4096", str(len(wide.encode())))
            assert facts(client, table_id) == before

            # Megabytes: a clean error or a clean close, never the server's end.
            with client.websocket_connect(f"/ws/{table_id}") as socket:
                flood = Seat(socket)
                flood.send({"type": "hello", "token": token})  # a second tab of seat 0
                flood.state()
                flood.socket.send_text("x" * (10 * 1024 * 1024))
                try:
                    answer = barrier(flood)
                except WebSocketDisconnect:
                    pass  # closed: fine
                else:
                    errors = [m for m in answer if m["type"] == "error"]
                    assert [e["code"] for e in errors] == ["too_large"], answer
            no_error(zero)
            assert facts(client, table_id) == before

            # The table is served on: a new connection gets the present state, and the move is made.
            with seated(client, table_id, token) as tab:
                assert tab.last is not None and tab.last["step"] == now["step"]
                tab.send({"type": "act", "action": legal, "step": now["step"]})
                assert tab.until(now["step"] + 1)["step"] == now["step"] + 1
            person_turn({0: zero})  # (the table waits for seat 0: its stored moves stay put)
            assert facts(client, table_id)[3][: now["step"] + 1] == [*before[3], legal]


def test_a_finished_game_refuses_moves(database_url: str) -> None:
    """issue 16: "Refused ... a finished game" (game_over), to that client only, the record unchanged."""
    with server(database_url) as client:
        created = create(client, "razzia", 2, [None, None], listed=False)
        table_id = created["table_id"]
        tokens = [token_of(s["link"]) for s in created["seats"]]
        with seated(client, table_id, tokens[0]) as zero, seated(client, table_id, tokens[1]) as one:
            last = play_people({0: zero, 1: one}, random.Random(16))
            assert last["over"]
            for seat in (zero, one):  # both sockets have read up to the end
                barrier(seat)
                assert seat.last is not None and seat.last["over"]
            record = client.get(f"/api/tables/{table_id}/record").json()
            before = facts(client, table_id)
            assert before[1] is None
            for action in (0, 1):
                for step in (last["step"], last["step"] - 1):
                    refused(zero, {"type": "act", "action": action, "step": step}, "game_over", "over")
            no_error(one)
            refused(one, {"type": "act", "action": 0, "step": last["step"]}, "game_over", "over")
            no_error(zero)
            assert facts(client, table_id) == before
            assert client.get(f"/api/tables/{table_id}/record").json() == record


# -- the HTTP API ------------------------------------------------------------------------------------------


def answer(response: Any, status: int, *words: str) -> str:
    """A refusal's status and its one-sentence `detail` (a string, never FastAPI's list)."""
    assert response.status_code == status, (response.status_code, response.text)
    detail = response.json().get("detail")
    assert isinstance(detail, str), f"detail is not a sentence: {response.text}"
    assert_sentence(detail, *words)
    return detail


def test_http_refusals(database_url: str) -> None:
    """docs/server.md: "Errors are {"detail": "a sentence saying what is wrong"} with status 400 (bad
    request), 403 (bad token), 404 (no such table), 409 (not now ...)"; "A body that does not fit the schema
    is a 400 too, its detail naming each field at fault"; none is a 500."""
    with server(database_url) as client:
        def post(body: Any) -> Any:
            return client.post("/api/tables", json=body)

        razzia = {"game": "razzia", "players": 3}
        # A table that cannot be made: 400 with the reason.
        answer(post({"game": "chess", "players": 2}), 400, "chess")
        answer(post({**razzia, "players": 9}), 400, "9", "players")
        answer(post({**razzia, "players": 1}), 400, "1")
        answer(post({**razzia, "players": 2**62}), 400, "players")  # no seat list of that length is built
        answer(post({**razzia, "options": {"colour": "red"}}), 400, "colour")
        answer(post({**razzia, "options": {"tiebreak": "coin toss"}}), 400, "tiebreak", "coin toss")
        answer(post({**razzia, "options": {"thief_takes_thief": "yes"}}), 400, "thief_takes_thief")
        answer(post({**razzia, "seats": [{"bot": None}, {"bot": "deep-blue"}, {"bot": None}]}), 400,
               "deep-blue", "heuristic")
        answer(post({**razzia, "seats": [{"bot": None}]}), 400, "3", "seats")
        # A file option would read the server's disk: refused with that reason, the file never read.
        for game, option in (("downtown", "stooge_deck"), ("protection-racket", "sites")):
            detail = answer(post({"game": game, "players": 3, "options": {option: "/etc/passwd"}}), 400,
                            option, "file")
            assert "root:" not in detail
        # The creator's seat must be a person's.
        answer(post({**razzia, "seats": [{"bot": None}, {"bot": "heuristic"}, {"bot": None}],
                     "creator_seat": 1}), 400, "creator_seat", "1")
        answer(post({**razzia, "creator_seat": 7}), 400, "creator_seat")
        # The move time limit's range (5 s to a week).
        for seconds in (0, 1, 4, 7 * 24 * 3600 + 1, 10**12):
            answer(post({**razzia, "move_seconds": seconds}), 400, "move time limit", str(seconds))
        # Bodies that do not fit the schema: 400, one sentence naming the fields.
        answer(post({}), 400, "game", "players")
        answer(post({"game": "razzia"}), 400, "players")
        answer(post({"game": 3, "players": "three"}), 400, "game", "players")
        answer(post({**razzia, "listed": "maybe"}), 400, "listed")
        answer(post({**razzia, "seats": "all bots"}), 400, "seats")
        answer(post({**razzia, "options": ["tiebreak"]}), 400, "options")
        answer(post([razzia]), 400)
        answer(client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"}),
               400)
        answer(client.post("/api/my-seats", json={"tokens": "abc"}), 400, "tokens")
        assert client.get("/api/tables").json() == {"waiting": [], "playing": [], "finished": []}

        # Joining: a private table (409), a table with no open seat (409), a seat that is not open (409).
        private = create(client, "razzia", 3, [None, None, "heuristic"], listed=False)
        answer(client.post(f"/api/tables/{private['table_id']}/join", json={"seat": None}), 409, "private")
        full = create(client, "razzia", 2, [None, "heuristic"], listed=True)  # the creator holds seat 0
        answer(client.post(f"/api/tables/{full['table_id']}/join", json={}), 409, "taken")
        listed = create(client, "razzia", 3, [None, None, "heuristic"], open_seats=(1,), listed=True)
        table_id = listed["table_id"]
        for seat in (0, 2, 3, -1):  # the creator's, a bot's, none at all (issue 31: a person reads seat 0
            # as seat 1)
            answer(client.post(f"/api/tables/{table_id}/join", json={"seat": seat}), 409,
                   f"seat {seat + 1 if seat >= 0 else seat}", "not open")
        answer(client.post(f"/api/tables/{table_id}/join", json={"seat": "one"}), 400, "seat")
        assert client.get(f"/api/tables/{table_id}").json()["open_seats"] == [1]

        # The controller: a wrong host token (403), a bot's seat (400), no such seat (404), bad bot (400).
        host = listed["host_token"]
        url = f"/api/tables/{table_id}/seats/{{}}/controller"
        answer(client.post(url.format(1), json={"host_token": "guess", "bot": "heuristic"}), 403, "host")
        answer(client.post(url.format(1), json={"host_token": full["host_token"], "bot": "heuristic"}), 403,
               "host")
        answer(client.post(url.format(2), json={"host_token": host, "bot": "random"}), 400, "seat 3", "bot")
        answer(client.post(url.format(5), json={"host_token": host, "bot": "heuristic"}), 404, "seat 5")
        answer(client.post(url.format(1), json={"host_token": host, "bot": "deep-blue"}), 400, "deep-blue")
        answer(client.post(url.format(1), json={"bot": "heuristic"}), 400, "host_token")
        assert all(s["away"] is None for s in client.get(f"/api/tables/{table_id}").json()["seats"])

        # The record and the replay only once the game is over.
        answer(client.get(f"/api/tables/{table_id}/record"), 409, "over")
        answer(client.get(f"/api/tables/{table_id}/replay"), 409, "over")
        answer(client.get(f"/api/tables/{table_id}/replay?step=0&seat=0"), 409, "over")
        answer(client.get(f"/api/tables/{table_id}/replay?step=-1"), 400, "step")

        # An unknown table: 404 everywhere.
        for response in (
            client.get("/api/tables/no-such-table"),
            client.get("/api/tables/" + "z" * 200),
            client.post("/api/tables/no-such-table/join", json={}),
            client.post("/api/tables/no-such-table/seats/0/controller",
                        json={"host_token": host, "bot": None}),
            client.get("/api/tables/no-such-table/record"),
            client.get("/api/tables/no-such-table/replay?step=0"),
        ):
            answer(response, 404, "table")

        # None of it changed a table.
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["open_seats"] == [1] and summary["status"] == "playing"
