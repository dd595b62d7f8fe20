"""A refused value is never echoed whole, and a request body has a size limit (issue 32, "Findings of the
outside probe": creating a Downtown table with a 4 MiB `edition` option answered with a 4 MiB 400).

Every error quotes at most a short prefix of what it refuses (`quoted`, QUOTED_CHARS); an HTTP request body
over `Limits.body_bytes` is refused with a 413 before more of it is read (`BodyLimit`).
"""

from __future__ import annotations

import json
import re
import select
import socket
import time
from pathlib import Path
from typing import Any

from gangland.engine import QUOTED_CHARS
from gangland.server.app import create_app
from gangland.server.limits import Limits

from .tables import create, seated, server, token_of
from .test_hostile import on_uvicorn
from .test_refusals import assert_sentence, barrier

MARK = "Q"
"""The letter every long value is made of: a run of it in an answer is an echo of the value."""
LONG = MARK * 8000
"""A value far longer than any refusal may quote, small enough to fit a request (and a WebSocket
message of 4 KiB: `SOCKET_LONG`)."""
SOCKET_LONG = MARK * 3000


def longest_echo(text: str) -> int:
    """The longest run of MARK in `text`."""
    return max((len(run) for run in re.findall(f"{MARK}+", text)), default=0)


def test_the_probes_4_mib_edition_gets_a_short_refusal(tmp_path: Path) -> None:
    """The probe's exact request: a Downtown table whose `edition` option is 4 MiB of text."""
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        body = {"game": "downtown", "players": 3, "options": {"edition": "x" * (4 * 1024 * 1024)}}
        answer = client.post("/api/tables", json=body)
        assert 400 <= answer.status_code < 500 and len(answer.content) < 1024, answer.status_code
        assert answer.status_code == 413
        assert_sentence(answer.json()["detail"], "body", "64 KiB", "nothing was changed")
        assert client.get("/api/tables").json()["waiting"] == []  # and no table was made


def test_a_refused_option_is_quoted_by_a_short_prefix(tmp_path: Path) -> None:
    """Under the body limit, the option's refusal names it and quotes its value's first characters only."""
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        answer = client.post("/api/tables", json={"game": "downtown", "players": 3,
                                                  "options": {"edition": "2013" + LONG}})
        assert answer.status_code == 400, answer.text
        detail = answer.json()["detail"]
        assert_sentence(detail, "option 'edition'", "'2013QQQ", "...", "allowed: 'current', '2013'")
        assert 0 < longest_echo(detail) < QUOTED_CHARS and len(detail) < 300, detail


def test_the_largest_legitimate_request_fits_the_body_limit(tmp_path: Path) -> None:
    """my-seats with its most tokens (200) of their most characters (200) is under the limit."""
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        body = {"tokens": ["t" * 200] * 200}
        assert len(json.dumps(body)) < Limits().body_bytes
        answer = client.post("/api/my-seats", json=body)
        assert answer.status_code == 200 and answer.json() == [None] * 200


def http_answer(sock: socket.socket, seconds: float) -> bytes:
    """What the server sent on `sock` within `seconds`, up to the end of its answer's head and body (the
    server closes the connection after a 413)."""
    sock.settimeout(seconds)
    received = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            break
        received += chunk
        if b"\r\n\r\n" in received and b'"}' in received:
            break
    return received


def test_a_large_body_is_refused_with_413_without_being_read_whole(tmp_path: Path) -> None:
    """On uvicorn, as `gangland serve` runs: a body that says it is 100 MB is refused at once, before the
    client sends any of it; a body sent in chunks (no length) is refused once the bytes read pass the limit,
    while the client still has most of it to send."""
    limit = Limits().body_bytes
    with on_uvicorn(create_app(f"sqlite:///{tmp_path}/g.db"), log_level="warning") as address:
        host, port = address.split(":")
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: " + address.encode() + b"\r\n"
                         b"Content-Type: application/json\r\nContent-Length: 100000000\r\n\r\n")
            answer = http_answer(sock, 10)
        assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
        assert b"larger than the 64 KiB" in answer and len(answer) < 2048

        planned, chunk, sent = 16 * 1024 * 1024, 8 * 1024, 0
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(b"POST /api/my-seats HTTP/1.1\r\nHost: " + address.encode() + b"\r\n"
                         b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
            # A chunk at a time, looking for an answer after each (briefly: the server answers within a
            # moment of the limit), so that the socket buffers do not hide how much the server took.
            while sent < planned and not select.select([sock], [], [], 0.05)[0]:
                try:
                    sock.sendall(f"{chunk:x}\r\n".encode() + b" " * chunk + b"\r\n")
                except (BrokenPipeError, ConnectionResetError):
                    break  # closed after its answer
                sent += chunk
            answer = http_answer(sock, 10)
        assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
        assert b"larger than the 64 KiB" in answer
        # Refused within a few chunks past the limit (what the sockets' buffers hold), not at the end.
        assert limit < sent < limit + 16 * chunk, sent


def sweep_http(client: Any, table_id: str, host: str) -> list[str]:
    """The text of every answer to requests that put LONG in each field, key and path part of the API."""
    texts = []
    schema = client.get("/openapi.json").json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            url = path.replace("{table_id}", table_id).replace("{seat}", "1").replace("{game_id}", LONG)
            for variant in body_variants(schema, operation):
                texts.append(client.request(method.upper(), url, json=variant).text)
            if "{table_id}" in path:
                texts.append(client.request(method.upper(), path.replace("{table_id}", LONG[:200])
                                            .replace("{seat}", "1"), json={"host_token": host}).text)
            if "{seat}" in path:
                texts.append(client.request(method.upper(), url.replace("/seats/1/", f"/seats/{LONG}/"),
                                            json={"host_token": host}).text)
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query":
                    texts.append(client.request(method.upper(), url,
                                                params={parameter["name"]: LONG}).text)
    texts.append(client.get(f"/rules/{LONG}").text)
    texts.append(client.get(f"/t/{LONG}").text)
    return texts


def body_variants(schema: dict[str, Any], operation: dict[str, Any]) -> list[dict[str, Any]]:
    """Bodies for `operation`: each field LONG in turn (the others valid where the host token is needed),
    an unknown field named LONG, and LONG as a key and a value of each object inside."""
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if content is None:
        return []
    ref = content["schema"]["$ref"].rsplit("/", 1)[1]
    fields = schema["components"]["schemas"][ref]["properties"]
    variants: list[dict[str, Any]] = [{LONG: 1}]
    for name in fields:
        variants.append({name: LONG})
        variants.append({name: [LONG]})
        variants.append({name: {LONG: LONG}})
    return variants


def test_no_refusal_echoes_more_than_a_short_prefix(tmp_path: Path) -> None:
    """A sweep over the error paths: LONG in every field of every API request (and as a key, in a list,
    in the path and the query), in every field of every WebSocket message of a seat, a spectator and the
    lobby; no answer holds a run of it longer than QUOTED_CHARS."""
    texts: list[str] = []
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, "downtown", 3, [None, None, "heuristic"])
        table_id, host = created["table_id"], created["host_token"]
        for good in ({"game": "downtown", "players": 3, "options": {"edition": LONG}},
                     {"game": "downtown", "players": 3, "options": {LONG: "current"}},
                     {"game": "downtown", "players": 3, "settings": {LONG: True}},
                     {"game": "downtown", "players": 3, "seats": [{"bot": LONG}] * 3},
                     {"game": LONG, "players": 3}):
            texts.append(client.post("/api/tables", json=good).text)
        for bot in (LONG, "ismcts:" + LONG):
            texts.append(client.post(f"/api/tables/{table_id}/seats/1/controller",
                                     json={"host_token": host, "bot": bot}).text)
        texts += sweep_http(client, table_id, host)

        messages: list[dict[str, Any]] = [
            {"type": SOCKET_LONG}, {"type": "act", "action": SOCKET_LONG, "step": 0},
            {"type": "act", "action": int("9" * 60), "step": 0},
            {"type": "act", "action": 0, "step": SOCKET_LONG}, {"type": "want", "parts": [SOCKET_LONG]},
            {"type": "want", "parts": ["view"], "layout": SOCKET_LONG},
            {"type": "name", "name": SOCKET_LONG}, {"type": "chat", "text": SOCKET_LONG},
            {"type": "chat", "text": "hi", "name": SOCKET_LONG}, {"type": "hint", "bot": SOCKET_LONG},
            {"type": "undo", "step": SOCKET_LONG}, {"type": "mail", "email": SOCKET_LONG + "@example.org"},
            {"type": "hello", "token": SOCKET_LONG}, {SOCKET_LONG: 1},
        ]
        for token in (token_of(created["creator_link"]), token_of(created["spectator_link"])):
            with seated(client, table_id, token) as seat:
                for message in messages:
                    seat.send(message)
                barrier(seat)
                texts += seat.texts
        for token in (SOCKET_LONG, None):
            with client.websocket_connect(f"/ws/{table_id}") as raw:
                raw.send_text(json.dumps({"type": "hello", "token": token, "name": SOCKET_LONG}))
                texts.append(raw.receive_text())
        with client.websocket_connect(f"/ws/{LONG[:1000]}") as raw:
            raw.send_text(json.dumps({"type": "hello", "token": None}))
            texts.append(raw.receive_text())
        with client.websocket_connect("/ws/lobby") as lobby:
            for message in ({"type": SOCKET_LONG}, {"type": "watch", "tokens": [SOCKET_LONG]},
                            {"type": "watch", "tokens": SOCKET_LONG}):
                lobby.send_text(json.dumps(message))
            lobby.send_text(json.dumps({"type": "ping"}))
            while (text := lobby.receive_text()) and json.loads(text)["type"] != "pong":
                texts.append(text)
    assert len(texts) > 100
    refusals = [t for t in texts if MARK * 10 in t]
    assert refusals, "no answer quoted the long values at all: the sweep reached no refusal that quotes"
    worst = max(texts, key=longest_echo)
    assert longest_echo(worst) <= QUOTED_CHARS, worst[:300]
