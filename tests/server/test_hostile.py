"""Hostile clients (issue 18, "Hostile input"): the limits on what one client may ask, the WebSocket's Origin,
the security headers of every answer, and tokens that never reach a log or the database.

docs/server.md ("Limits") gives each number and each refusal; docs/security.md names the threat each test
here meets.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import logging
import os
import random
import re
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

import gangland.server.tables
from gangland.server.app import STATIC
from gangland.server.limits import Limits, OpenTables
from gangland.server.storage import token_hash

from .dbservers import free_port
from .tables import Seat, create, play_people, seated, server, token_of
from .test_refusals import assert_sentence, barrier, closed, facts, refused_hello

# -- messages per second -------------------------------------------------------------------------------------


def replies(seat: Seat, count: int) -> list[dict[str, Any]]:
    """The next `count` messages that are not states (another tab's coming is broadcast to all)."""
    found: list[dict[str, Any]] = []
    while len(found) < count:
        message = seat.receive()
        if message["type"] != "state":
            found.append(message)
    return found


def test_a_flooding_connection_is_refused_then_closed(tmp_path: Path) -> None:
    """docs/server.md, Limits: a connection may send `message_rate` messages a second and `message_burst`
    at once; beyond them a message is refused (rate_limited, not read), and after `flood_refusals` refused in
    a row the connection is closed with 4429. The table is unchanged and other connections are served."""
    limits = Limits(message_rate=0.5, message_burst=5, flood_refusals=8)
    with server(f"sqlite:///{tmp_path}/g.db", limits=limits) as client:
        created = create(client, "razzia", 2, [None, None], listed=False)
        table_id, token = created["table_id"], token_of(created["creator_link"])
        before = facts(client, table_id)
        with seated(client, table_id, token) as flood, seated(client, table_id, token) as calm:
            for _ in range(20):  # hello took one token of five: four pongs, then eight refusals
                flood.send({"type": "ping"})
            answers = replies(flood, 12)
            assert [m["type"] for m in answers] == ["pong"] * 4 + ["error"] * 8, answers
            assert {m["code"] for m in answers[4:]} == {"rate_limited"}
            assert_sentence(answers[4]["error"], "too many messages", "0.5 a second", "5 at once")
            assert "closed" in answers[-1]["error"]
            assert closed(flood) == 4429
            assert [m for m in barrier(calm) if m["type"] == "error"] == []  # the other tab: served
        # Before hello too: a stranger's flood is closed the same way.
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            stranger = Seat(socket)
            for _ in range(20):
                stranger.send({"type": "act", "action": 0, "step": 0})
            codes = [m["code"] for m in replies(stranger, 13)]
            assert codes == ["no_hello"] * 5 + ["rate_limited"] * 8, codes
            assert closed(stranger) == 4429
        assert facts(client, table_id) == before


def test_a_connection_within_its_rate_is_never_refused(tmp_path: Path) -> None:
    """docs/server.md, Limits: the bucket refills: a connection refused for a burst is read again once it
    keeps to the rate (here 50 a second: a pause of 0.2 s gives ten messages back)."""
    with server(f"sqlite:///{tmp_path}/g.db", limits=Limits(message_rate=50, message_burst=3)) as client:
        created = create(client, "razzia", 2, [None, None], listed=False)
        with seated(client, created["table_id"], token_of(created["creator_link"])) as seat:
            for _ in range(6):
                seat.send({"type": "ping"})
            kinds = [seat.receive()["type"] for _ in range(6)]
            assert "error" in kinds and "pong" in kinds, kinds
            time.sleep(0.2)
            for _ in range(3):
                seat.send({"type": "ping"})
                assert seat.receive()["type"] == "pong"


# -- open tables per address ---------------------------------------------------------------------------------


def test_open_tables_per_address(tmp_path: Path) -> None:
    """docs/server.md, Limits: one address may have `open_tables_per_address` unfinished tables; the next is
    refused with 429 and a sentence; a finished game frees its place (so a person who plays game after game
    is never refused)."""
    with server(f"sqlite:///{tmp_path}/g.db", limits=Limits(open_tables_per_address=3)) as client:
        first = create(client, "razzia", 2, [None, None], listed=False)
        for _ in range(2):
            create(client, "razzia", 2, [None, "heuristic"], listed=False)
        refused = client.post("/api/tables", json={"game": "razzia", "players": 2})
        assert refused.status_code == 429, refused.text
        assert_sentence(refused.json()["detail"], "3 unfinished tables", "finish")
        # A refused request (a bad body) does not use up a place either.
        assert client.post("/api/tables", json={"game": "chess", "players": 2}).status_code == 429
        tokens = [token_of(s["link"]) for s in first["seats"]]
        with seated(client, first["table_id"], tokens[0]) as zero, \
                seated(client, first["table_id"], tokens[1]) as one:
            assert play_people({0: zero, 1: one}, random.Random(18))["over"]
        create(client, "razzia", 2, [None, "heuristic"], listed=False)
        assert client.post("/api/tables", json={"game": "razzia", "players": 2}).status_code == 429


def test_open_tables_are_counted_per_address() -> None:
    """OpenTables: each address its own count; a creation that failed frees its place; a table that
    finished no longer counts."""
    tables = OpenTables(2)
    unfinished = {"a1", "a2", "b1"}
    for address, table in (("a", "a1"), ("a", "a2"), ("b", "b1")):
        tables.claim(address, unfinished.__contains__)
        tables.created(address, table)
    with pytest.raises(Exception, match="2 unfinished tables"):
        tables.claim("a", unfinished.__contains__)
    tables.claim("b", unfinished.__contains__)
    tables.created("b", None)  # its creation failed
    tables.claim("b", unfinished.__contains__)
    tables.created("b", "b2")
    unfinished.discard("a1")  # its game ended
    tables.claim("a", unfinished.__contains__)


# -- connections per seat ------------------------------------------------------------------------------------


def test_connections_per_seat(tmp_path: Path) -> None:
    """docs/server.md, Limits: a seat may be open in `sockets_per_seat` connections at once; the next hello
    is refused (too_many_connections) and closed with 4429, and one place freed lets a new one in.
    Spectators are not seats: they are not counted."""
    with server(f"sqlite:///{tmp_path}/g.db", limits=Limits(sockets_per_seat=2)) as client:
        created = create(client, "razzia", 2, [None, None], listed=True)
        table_id, token = created["table_id"], token_of(created["creator_link"])
        before = facts(client, table_id)
        with seated(client, table_id, token) as first, seated(client, table_id, token):
            error, code = refused_hello(client, table_id, token)
            assert error["code"] == "too_many_connections", error
            assert_sentence(error["error"], "2 places")
            assert code == 4429
            with contextlib.ExitStack() as watchers:
                for _ in range(4):
                    watchers.enter_context(seated(client, table_id, None))
            assert [m for m in barrier(first) if m["type"] == "error"] == []
        with seated(client, table_id, token) as again, seated(client, table_id, token):
            assert again.last is not None and again.last["seat"] == 0
        assert facts(client, table_id) == before


# -- the WebSocket's Origin ----------------------------------------------------------------------------------


def test_a_foreign_origin_is_refused_before_the_handshake(tmp_path: Path) -> None:
    """docs/security.md, cross-site WebSocket hijacking: a browser's socket whose Origin is not the server's
    own (scheme, host and port of its Host header, here localhost) is refused before it is accepted (close
    code 4403; on uvicorn an HTTP 403); no Origin at all (not a browser) is let in, and so is an origin
    allowed by `--allow-origin`."""
    allowed = frozenset({"https://games.example"})
    with server(f"sqlite:///{tmp_path}/g.db", limits=Limits(allowed_origins=allowed)) as client:
        created = create(client, "razzia", 2, [None, None], listed=True)
        table_id, token = created["table_id"], token_of(created["creator_link"])
        for origin in ("http://evil.example", "null", "http://localhost:8080", "https://localhost",
                       "http://localhost.evil.example", "https://games.example:8443", "ftp://localhost"):
            with pytest.raises(WebSocketDisconnect) as refused, \
                    client.websocket_connect(f"/ws/{table_id}", headers={"origin": origin}):
                pass
            assert refused.value.code == 4403, origin
        for origin in ("http://localhost", "http://LocalHost:80", "https://games.example"):
            with client.websocket_connect(f"/ws/{table_id}", headers={"origin": origin}) as socket:
                seat = Seat(socket)
                seat.send({"type": "hello", "token": token})
                assert seat.state()["seat"] == 0, origin


# -- security headers ----------------------------------------------------------------------------------------

PAGES = ["/", "/t/abc", "/t/abc/replay", "/rules/razzia", "/static/table.js", "/static/style.css",
         "/api/games", "/api/tables", "/api/tables/no-such-table", "/no/such/page"]


def test_every_answer_has_the_security_headers(tmp_path: Path) -> None:
    """docs/security.md: pages, files and API answers (refusals too) carry a Content-Security-Policy that
    allows the pages' own scripts and styles only (no inline script), sockets to this server only and no
    framing, and nosniff, no-referrer, DENY and a window of its own."""
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        for path in PAGES:
            response = client.get(path)
            headers = response.headers
            parts = headers["content-security-policy"].split(";")
            policy = dict(part.strip().split(" ", 1) for part in parts)
            assert policy["script-src"] == "'self'", path
            assert policy["style-src"] == "'self'", path
            assert policy["img-src"] == "'self' data:", path
            assert policy["connect-src"] == "'self' ws://localhost wss://localhost", path
            assert policy["frame-ancestors"] == "'none'" and policy["base-uri"] == "'none'", path
            assert policy["default-src"] == "'none'", path
            assert headers["x-content-type-options"] == "nosniff", path
            assert headers["referrer-policy"] == "no-referrer", path
            assert headers["x-frame-options"] == "DENY", path
            assert headers["cross-origin-opener-policy"] == "same-origin", path
    # A Host header that could break out of the policy is not written into it (with the Host check off:
    # it refuses such a Host before anything else).
    with server(f"sqlite:///{tmp_path}/g.db", limits=Limits(allowed_hosts=frozenset({"*"}))) as client:
        hostile = client.get("/", headers={"host": "x; script-src *"}).headers["content-security-policy"]
        assert "script-src *" not in hostile and "connect-src 'self';" in hostile


def test_the_pages_have_no_inline_script_or_style() -> None:
    """docs/security.md, XSS: the CSP forbids inline scripts, styles and event handlers, so the pages have
    none (else the browser would refuse them: test_browser.py also fails on any console error)."""
    for page in sorted(STATIC.glob("*.html")):
        html = page.read_text()
        for script in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in script, f"{page.name}: an inline script: {script}"
        assert "<style" not in html, f"{page.name}: an inline style sheet"
        assert not re.search(r"\sstyle=", html), f"{page.name}: an inline style attribute"
        assert not re.search(r"\son[a-z]+=", html), f"{page.name}: an inline event handler"
        assert "javascript:" not in html, page.name


# -- tokens --------------------------------------------------------------------------------------------------


@contextlib.contextmanager
def uvicorn_server(database_url: str, **kwargs: Any) -> Iterator[str]:
    """The app (`create_app`'s `kwargs`) on uvicorn in a thread of this process, its access log on and its
    records propagated (so that caplog sees them, as a log file would); the base URL."""
    from gangland.server.app import create_app

    with on_uvicorn(create_app(database_url, **kwargs)) as address:
        yield address


@contextlib.contextmanager
def on_uvicorn(app: Any, log_level: str = "debug") -> Iterator[str]:
    """`app` on uvicorn in a thread of this process (as `gangland serve` runs it); its address."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None, log_level=log_level,
                            access_log=True, ws_max_size=64 * 1024)
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(30)


@contextlib.contextmanager
def socket_to(address: str, table_id: str, token: str | None, **headers: str) -> Iterator[ClientConnection]:
    """A WebSocket to the table that said hello with `token`."""
    with connect(f"ws://{address}/ws/{table_id}", proxy=None, open_timeout=10,
                 additional_headers=headers or None) as socket:
        socket.send(json.dumps({"type": "hello", "token": token}))
        yield socket


def next_message(socket: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type `kind` (others passed over)."""
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=30))
        if message["type"] == kind:
            return message


CLIENT_LOGGERS = ("websockets.client", "httpx", "httpcore")
"""The test's own clients' loggers (a browser's, not the server's)."""


def test_tokens_never_reach_a_log_nor_the_database(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """docs/security.md, token theft: a game on uvicorn (access log on, every logger at DEBUG, SQL too)
    with every capability used: the creator's seat, an invitation opened and exchanged for a seat's own
    token, the spectator link, the host handing a seat to a bot, the browser's "your tables", a bad token,
    and a foreign page's socket (an HTTP 403). No token of any kind appears in any log record; the database
    holds only their SHA-256 hashes."""
    caplog.set_level(logging.DEBUG)
    database = tmp_path / "g.db"
    # away_seconds=0: the host hands seat 1 to a bot a moment after its page left.
    with uvicorn_server(f"sqlite:///{database}", limits=Limits(away_seconds=0)) as address:
        http = httpx.Client(base_url=f"http://{address}")
        created = http.post("/api/tables", json={"game": "razzia", "players": 2,
                                                 "seats": [{"bot": None}, {"bot": None}]}).json()
        table_id, host = created["table_id"], created["host_token"]
        creator, invitation = token_of(created["seats"][0]["link"]), token_of(created["seats"][1]["link"])
        spectator = token_of(created["spectator_link"])
        for link in (created["creator_link"], created["seats"][1]["link"], created["spectator_link"]):
            assert http.get(link).status_code == 200  # the page, as a browser opens the link
        with socket_to(address, table_id, invitation) as one:
            own = next_message(one, "seat_token")["token"]
        tokens = [host, creator, invitation, spectator, own]
        answer = http.post(f"/api/tables/{table_id}/seats/1/controller", json={"host_token": host,
                                                                               "bot": "heuristic"})
        assert answer.status_code == 200, answer.text
        assert http.post("/api/my-seats", json={"tokens": [creator, own, invitation]}).status_code == 200
        with socket_to(address, table_id, invitation) as stale:
            assert next_message(stale, "error")["code"] == "revoked"
        with pytest.raises(InvalidStatus) as foreign, \
                socket_to(address, table_id, creator, Origin="http://evil.example"):
            pass
        assert foreign.value.response.status_code == 403
        rng = random.Random(18)
        with socket_to(address, table_id, creator) as zero, socket_to(address, table_id, spectator):
            state = next_message(zero, "state")
            while not state["over"]:
                if state["your_turn"]:
                    zero.send(json.dumps({"type": "act", "action": rng.choice(state["legal"])["id"],
                                          "step": state["step"]}))
                state = next_message(zero, "state")
        http.close()
    logged = [(r.name, r.getMessage(), r.exc_text or "") for r in caplog.records
              if not r.name.startswith(CLIENT_LOGGERS)]
    assert any(name == "uvicorn.access" for name, _, _ in logged), "the access log was not captured"
    assert any(f"/ws/{table_id}" in message for _, message, _ in logged)
    for token in tokens:
        for name, message, trace in logged:
            assert token not in message and token not in trace, f"a token in {name}'s log: {message}"
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("g.db*"))
    for token in tokens:
        assert token.encode() not in stored, "a token is stored in the clear"
    with contextlib.closing(sqlite3.connect(database)) as db:
        hashes = {row[0] for row in db.execute("SELECT token_hash FROM seats WHERE token_hash IS NOT NULL")}
    assert hashes == {hashlib.sha256(t.encode()).hexdigest() for t in (creator, own)}


def test_secrets_are_compared_by_hash_in_constant_time(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/server.md, Links and tokens; issue 18, "tokens compared in constant time": every token is checked
    with hmac.compare_digest on its hash, against each hash it may match: no comparison in Python ever sees
    the token."""
    seen: list[tuple[Any, Any]] = []
    compare = gangland.server.tables.hmac.compare_digest

    def spy(a: Any, b: Any) -> bool:
        seen.append((a, b))
        return compare(a, b)

    monkeypatch.setattr(gangland.server.tables.hmac, "compare_digest", spy)
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, "razzia", 2, [None, None], listed=True)
        table_id = created["table_id"]
        guess = "g" * 32
        answer = client.post(f"/api/tables/{table_id}/seats/1/controller",
                             json={"host_token": guess, "bot": "heuristic"})
        assert answer.status_code == 403
        assert seen and all(guess not in (a, b) for a, b in seen)
        assert token_hash(guess) in seen[-1]
        with seated(client, table_id, token_of(created["seats"][1]["link"])):
            pass
        seen.clear()
        with client.websocket_connect(f"/ws/{table_id}") as socket:  # a guessed token in a hello
            socket.send_text(json.dumps({"type": "hello", "token": guess}))
            assert json.loads(socket.receive_text())["code"] == "bad_token"
        # Every seat's hash and the spectator's were compared with the guess's, each in constant time.
        assert sum(token_hash(guess) in pair for pair in seen) == 3
        assert all(len(a) == len(b) == 64 for a, b in seen)  # hex SHA-256 digests, never a token


# -- a client that does not read -----------------------------------------------------------------------------

SLOW_SECONDS = 2.0
"""The send limit of the server below: how long one message may take to go out."""


def raw_spectator(address: str, table_id: str) -> socket.socket:
    """A WebSocket opened by hand on a socket with a tiny receive buffer, that says hello as a spectator and
    then never reads (the handshake's answer is read, nothing after it)."""
    host, port = address.split(":")
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    raw.settimeout(10)
    raw.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall((f"GET /ws/{table_id} HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                 ).encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(1)  # byte by byte: nothing past the handshake's answer is read
    assert answer.startswith(b"HTTP/1.1 101"), answer
    hello, mask = json.dumps({"type": "hello"}).encode(), os.urandom(4)
    raw.sendall(bytes([0x81, 0x80 | len(hello)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(hello)))
    return raw


def test_a_client_that_does_not_read_is_closed_and_the_table_goes_on(tmp_path: Path) -> None:
    """docs/security.md, resource exhaustion: a spectator that never reads its socket holds up neither the
    table nor the others (its messages wait in a bounded queue), and the server closes it once a message
    could not go out within the send limit (here 2 s; the close itself gives up after 10 s): long before
    the WebSocket's own keep-alive (a ping every 20 s, 20 s to answer) would."""
    from gangland.server.app import create_app

    app = create_app(f"sqlite:///{tmp_path}/g.db", bot_delay=0.002, limits=Limits(send_seconds=SLOW_SECONDS))
    with on_uvicorn(app, log_level="warning") as address:
        base = f"http://{address}"
        created = httpx.post(f"{base}/api/tables", json={  # bots only: it plays itself, ~800 moves
            "game": "supergang", "players": 3, "listed": True, "seats": [{"bot": "heuristic"}] * 3})
        assert created.status_code == 201, created.text
        table_id = created.json()["table_id"]
        table = app.state.hub.live[table_id]
        stuck = raw_spectator(address, table_id)
        opened = time.monotonic()
        try:
            with connect(f"ws://{address}/ws/{table_id}", proxy=None, open_timeout=10) as watcher:
                watcher.send(json.dumps({"type": "hello"}))
                over, closed_after, last_step_seen = False, None, -1
                while not over or closed_after is None:  # a spectator that reads sees the game to its end
                    with contextlib.suppress(TimeoutError):
                        message = json.loads(watcher.recv(timeout=0.5))
                        if message["type"] == "state":
                            over, last_step_seen = over or message["over"], message["step"]
                    if closed_after is None and len(table.clients) == 1:  # only the watcher is left
                        closed_after = time.monotonic() - opened
                    assert time.monotonic() - opened < 90, (
                        f"after 90 s: the game over: {over}; the client that did not read let go: "
                        f"{closed_after is not None}")
            assert closed_after is not None and closed_after < SLOW_SECONDS + 10 + 8, (
                f"the client that did not read was closed only after {closed_after:.1f} s")
            summary = httpx.get(f"{base}/api/tables/{table_id}").json()
            # The game's length is chance's (no seed can be asked for): a short one filled the stuck
            # client's buffers too, or it would not have been closed above.
            assert summary["status"] == "finished", summary
            assert last_step_seen == summary["step"], (summary, last_step_seen)
            # What the server let through, then the end of the stream (no wait for a timeout).
            stuck.settimeout(30)
            received = 0
            with contextlib.suppress(ConnectionResetError):
                while chunk := stuck.recv(65536):
                    received += len(chunk)
            assert received < 10 * 2**20, f"{received} bytes reached the client that did not read"
        finally:
            stuck.close()
