"""Fuzzing (issue 18, "Hostile input"): the WebSocket protocol with hypothesis, the HTTP API with schemathesis
against the app's own OpenAPI schema.

issue 18: "Every answer is a clean refusal message (or a close with a documented code), never a traceback or
a server_error, and the game is unchanged"; the API answers "a 2xx/4xx with a JSON `detail`, never a 500, and
conforms to the schema". A few examples by default; GANGLAND_FULL_TESTS=1 (or --full) runs many more.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.websockets import WebSocketDisconnect

from gangland.server.limits import Limits

from .tables import Seat, create, play_people, seated, server, token_of
from .test_refusals import barrier, person_turn

UNLIMITED = Limits(message_burst=10**9, open_tables_per_address=10**9)
"""The fuzzers send thousands of messages and requests from one address; the limits have tests of their own
(test_hostile.py)."""
CODES = {"malformed", "too_large", "unknown_type", "no_hello", "spectator", "not_your_turn", "stale_step",
         "illegal", "game_over", "rate_limited",
         "chat_muted", "chat_spectators", "chat_rate", "chat_too_long", "chat_empty", "bad_name", "no_mail",
         "bad_address"}
"""docs/server.md: the refusals a seated client may get for a message it sent (never server_error)."""
FULL = os.environ.get("GANGLAND_FULL_TESTS", "") not in ("", "0")
"""As tests/scale.py (which this package cannot import): the full counts, for `--full`."""


def fuzz_settings(quick: int, full: int) -> Any:
    """Hypothesis settings of a fuzzer: `quick` examples by default, `full` for GANGLAND_FULL_TESTS=1."""
    return settings(max_examples=full if FULL else quick, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


# -- what a hostile client sends ---------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=12,
)
"""Any JSON value (NaN and Infinity too, which Python's json writes and reads)."""
FIELD = JSON | st.integers(min_value=-3, max_value=60) | st.sampled_from([2**31 - 1, 2**31, 2**63, -(2**63)])
"""A value of a message's field: anything, and often a number a game could take."""
MESSAGES = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "act", "ping", "chat"]) | JSON},
    optional={"action": FIELD, "step": FIELD, "token": FIELD | st.text(max_size=300), "pad": JSON,
              "text": FIELD | st.text(max_size=600), "name": FIELD | st.text(max_size=30)},
)
"""Messages shaped like the protocol's: a type (often a real one) and fields of any type, some missing."""
DEEP = st.builds(lambda n, opening: opening * n, st.integers(1, 5000),
                 st.sampled_from(["[", '{"a":', '[{"b":']))
"""Nesting deeper than any parser's stack (and unterminated)."""
RAW = (
    MESSAGES.map(lambda m: json.dumps(m))
    | JSON.map(json.dumps)
    | st.text(max_size=300)
    | st.binary(max_size=300)
    | DEEP
    | st.integers(4000, 9000).map(lambda n: '{"type": "ping", "pad": "' + "x" * n + '"}')
)
"""One frame as sent: JSON of protocol-like and arbitrary shapes, text, bytes, deep nesting, near the size
limit."""


def send_raw(seat: Seat, frame: str | bytes) -> None:
    """Send one text or binary frame."""
    if isinstance(frame, bytes):
        seat.socket.send_bytes(frame)
    else:
        seat.socket.send_text(frame)


MARKS = iter(range(10**6, 10**9))


def synced(seat: Seat) -> list[dict[str, Any]]:
    """Every message this socket was sent until now. A ping's pong would not do, as a fuzzed frame may
    be a ping too: the mark is a message refused with a number of its own in the refusal's sentence."""
    mark = -next(MARKS)
    seat.send({"type": "act", "action": 0, "step": mark})
    before = []
    while True:
        message = seat.receive()
        if message["type"] == "error" and str(mark) in message["error"]:
            return before
        before.append(message)


def would_move(frame: str | bytes, state: dict[str, Any]) -> bool:
    """True if `frame` is a legal move of the seat to act at the present step (which the game must take)."""
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        return False
    if not isinstance(message, dict) or message.get("type") != "act":
        return False
    action, step = message.get("action"), message.get("step")
    legal = {a["id"] for a in state["legal"]}
    return type(action) is int and type(step) is int and action in legal and step == state["step"]


def snapshot(client: TestClient, table_id: str) -> tuple[int, list[int], list[Any], bool]:
    """What no refused message may change: the live table's step, its record's actions, every seat's view
    and the spectator's, and whether it is over."""
    table = client.app.state.hub.live.get(table_id) or client.app.state.hub.recent[table_id]  # type: ignore[attr-defined]
    views = [table.state.view(s) for s in range(table.record.players)] + [table.state.view(None)]
    return table.step, list(table.game_record.actions), views, table.state.is_over


# -- the WebSocket -----------------------------------------------------------------------------------------


def test_fuzzed_websocket_messages_are_refused_cleanly(tmp_path: Path) -> None:
    """issue 18: "Fuzz the WebSocket protocol with hypothesis: malformed JSON, wrong types, huge numbers,
    missing fields, unknown types, deep nesting, a 10 MB message, floods. Every answer is a clean refusal
    message (or a close with a documented code), never a traceback or a server_error, and the game is
    unchanged." The mover, the other person and a spectator each get every kind of frame; a flood of them
    is sent back to back on one socket."""
    with server(f"sqlite:///{tmp_path}/g.db", limits=UNLIMITED) as client:
        # Two people, no bot: nothing moves the table but a person's legal move.
        created = create(client, "razzia", 2, [None, None], listed=True)
        table_id = created["table_id"]
        tokens = [token_of(s["link"]) for s in created["seats"]]
        with seated(client, table_id, tokens[0]) as zero, seated(client, table_id, tokens[1]) as one, \
                seated(client, table_id, None) as watcher:
            seats = {0: zero, 1: one}
            now = person_turn(seats)
            before = snapshot(client, table_id)
            sockets = [seats[now["to_act"]], seats[1 - now["to_act"]], watcher]

            def answers(seat: Seat, frames: list[str | bytes]) -> None:
                synced(seat)  # what an earlier example left unread (a failing one, while shrinking)
                for frame in frames:
                    send_raw(seat, frame)
                received = synced(seat)
                for message in received:
                    assert message["type"] in ("error", "pong", "state", "chat"), message
                    if message["type"] == "error":
                        assert message["code"] in CODES, (frames, message)
                        assert isinstance(message["error"], str) and "Traceback" not in message["error"]
                    if message["type"] == "state":
                        assert message["step"] == now["step"], (frames, message)
                errors = [m for m in received if m["type"] == "error"]
                assert len(errors) <= len(frames), (frames, received)

            @fuzz_settings(60, 1500)
            @given(which=st.integers(0, 2), frames=st.lists(RAW, min_size=1, max_size=8))
            def fuzz(which: int, frames: list[str | bytes]) -> None:
                assume(not any(would_move(frame, now) for frame in frames))
                answers(sockets[which], frames)

            fuzz()
            # A 10 MB message (uvicorn refuses frames over 64 KiB; in-process it arrives whole): too_large.
            answers(sockets[0], ["x" * (10 * 1024 * 1024)])
            # A flood: a thousand frames back to back, answered in order, the socket still usable.
            rng = random.Random(18)
            answers(sockets[0], [rng.choice(['{"type": "act"}', "[", '{"type": "ping"}', "{}"])
                                 for _ in range(1000)])
            assert snapshot(client, table_id) == before
            # The table plays on: the mover's legal move is taken.
            mover = sockets[0]
            mover.send({"type": "act", "action": now["legal"][0]["id"], "step": now["step"]})
            assert mover.until(now["step"] + 1)["step"] == now["step"] + 1


def test_fuzzed_hello_and_close(tmp_path: Path) -> None:
    """issue 18: a first message of any shape, on a fresh socket, gets a clean refusal (and, for a bad
    token, the documented close 4403), or makes a spectator of a listed table; the table never changes."""
    with server(f"sqlite:///{tmp_path}/g.db", limits=UNLIMITED) as client:
        created = create(client, "razzia", 2, [None, None], listed=True)
        table_id = created["table_id"]
        before = snapshot(client, table_id)

        @fuzz_settings(25, 400)
        @given(frame=RAW | MESSAGES.map(lambda m: json.dumps({**m, "type": "hello"})))
        def fuzz(frame: str | bytes) -> None:
            with client.websocket_connect(f"/ws/{table_id}") as socket:
                seat = Seat(socket)
                send_raw(seat, frame)
                try:
                    received = barrier(seat)
                except WebSocketDisconnect as closing:
                    assert closing.code == 4403, (frame, closing.code)
                    assert [json.loads(t)["code"] for t in seat.texts] == ["bad_token"], seat.texts
                    return
                for message in received:
                    kind = message["type"]
                    assert kind in ("state", "chat") or message.get("code") in CODES, (frame, message)
                    if message["type"] == "state":
                        assert message["seat"] is None, message  # a spectator, never a seat

        fuzz()
        assert snapshot(client, table_id) == before


# -- the HTTP API ------------------------------------------------------------------------------------------

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
"""schemathesis's checks: no 500, a documented status and content type, an answer that fits the schema.
(Not "positive data acceptance": the schema cannot say which games take which players and options, so a
request that fits it may still be refused with a 400 saying why.)"""


def has_detail(response: Any) -> None:
    """docs/server.md: every refusal is JSON whose `detail` is one sentence."""
    assert response.status_code < 500, (response.status_code, response.text)
    if response.status_code >= 400:
        detail = response.json().get("detail")
        assert isinstance(detail, str) and detail, response.text


def finished_and_playing(client: TestClient) -> list[str]:
    """The ids of a finished table, one being played and one with an open seat (for the paths to name)."""
    created = create(client, "razzia", 2, [None, None], listed=True)
    tokens = [token_of(s["link"]) for s in created["seats"]]
    with seated(client, created["table_id"], tokens[0]) as zero, \
            seated(client, created["table_id"], tokens[1]) as one:
        assert play_people({0: zero, 1: one}, random.Random(18))["over"]
    playing = create(client, "downtown", 3, [None, "random", "random"], listed=True)
    waiting = create(client, "razzia", 3, [None, None, "heuristic"], listed=True)
    return [created["table_id"], playing["table_id"], waiting["table_id"]]


def fuzz_operation(client: TestClient, cases: st.SearchStrategy[Any], checks: list[Any]) -> int:
    """Send the requests schemathesis makes of one operation (`cases`) and check each answer; how many."""
    tried = 0

    @fuzz_settings(10, 300)
    @given(case=cases)
    def fuzz(case: Any) -> None:
        nonlocal tried
        request = case.as_transport_kwargs(base_url=str(client.base_url))
        if not request.get("cookies"):
            request.pop("cookies", None)  # (per-request cookies are deprecated in the test client)
        response = client.request(**request)
        has_detail(response)
        case.validate_response(response, checks=checks)
        tried += 1

    fuzz()
    return tried


def test_the_api_conforms_to_its_schema_under_fuzzing(tmp_path: Path) -> None:
    """issue 18: "Fuzz the HTTP API with schemathesis against the app's own OpenAPI schema: every answer is
    a 2xx/4xx with a JSON `detail`, never a 500, and conforms to the schema." Requests that fit the schema
    and requests that do not (which must be refused with a 4xx), on real tables too."""
    with server(f"sqlite:///{tmp_path}/g.db", limits=UNLIMITED) as client:
        schema = schemathesis.openapi.from_dict(client.get("/openapi.json").json())
        tables = finished_and_playing(client)
        tried = 0
        for result in schema.get_all_operations():
            operation = result.ok()
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                strategies = [operation.as_strategy(mode)]
                if "{table_id}" in operation.path:
                    strategies += [operation.as_strategy(mode, path_parameters={"table_id": table})
                                   for table in tables]
                checks = CHECKS + ([negative_data_rejection] if mode is GenerationMode.NEGATIVE else [])
                try:
                    tried += fuzz_operation(client, st.one_of(strategies), checks)
                except Unsatisfiable:  # nothing to get wrong (GET /api/games has no parameters)
                    assert mode is GenerationMode.NEGATIVE
        assert tried >= 100


@fuzz_settings(30, 600)
@given(body=JSON | st.binary(max_size=200), path=st.sampled_from(
    ["/api/tables", "/api/my-seats", "/api/tables/{}/join", "/api/tables/{}/seats/0/controller",
     "/api/tables/{}/seats/99999999999999999999/controller"]))
def fuzz_bodies(client: TestClient, table_id: str, body: Any, path: str) -> None:
    """Any body at all to a route that takes one: a 2xx or a 4xx with a `detail`, never a 500."""
    if isinstance(body, bytes):
        response = client.post(path.format(table_id), content=body,
                               headers={"content-type": "application/json"})
    else:
        response = client.post(path.format(table_id), json=body)
    has_detail(response)


def test_any_body_is_answered_with_a_detail(tmp_path: Path) -> None:
    """issue 18: JSON of any shape and bytes that are not JSON, as the body of every POST route (schemathesis
    makes only near misses of the schema): never a 500, a refusal always a sentence."""
    with server(f"sqlite:///{tmp_path}/g.db", limits=UNLIMITED) as client:
        table_id = create(client, "razzia", 3, [None, None, "heuristic"], listed=True)["table_id"]
        fuzz_bodies(client, table_id)
