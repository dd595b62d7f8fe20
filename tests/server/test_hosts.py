"""The Host check and trusted proxies (issue 32; docs/server.md, "The Host check"; docs/security.md, "DNS
rebinding").

An outside probe reached a server on 127.0.0.1 from a page of another site by DNS rebinding: a WebSocket
handshake with `Host: evil.example:PORT` and `Origin: http://evil.example:PORT` was accepted (101). Here the
same handshake, raw, against `gangland serve`, is refused, and so is the lobby API for a foreign Host; the
hosts the server is configured with answer; X-Forwarded-For and -Proto are believed from --trusted-proxy
peers alone.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from gangland.cli import app as cli
from gangland.server.hosts import allowed_hosts_option, public_parts, trusted_proxies_option
from gangland.server.limits import Limits

from .realserver import RealServer
from .tables import Seat, create, server, token_of

EVIL = "evil.example"


def handshake(port: int, path: str, host: str, origin: str | None) -> tuple[int, str]:
    """(HTTP status, body) of a raw WebSocket handshake to 127.0.0.1:`port` that names `host` and `origin`,
    as a browser's page would send it (the socket is closed once the answer's head, and a refusal's body,
    are read)."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
             f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = raw.recv(4096)
            assert chunk, f"the server closed the connection without an answer: {answer!r}"
            answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), 0)
        while status != 101 and len(body) < length:
            chunk = raw.recv(4096)
            if not chunk:
                break
            body += chunk
    return status, body.decode(errors="replace")


def request(port: int, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, str]:
    """(status, body text) of an HTTP request to 127.0.0.1:`port` with these headers (Host among them)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        data = None if body is None else json.dumps(body)
        connection.request(method, path, body=data, headers={"Content-Type": "application/json", **headers})
        answer = connection.getresponse()
        return answer.status, answer.read().decode(errors="replace")
    finally:
        connection.close()


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealServer]:
    """`gangland serve` on 127.0.0.1 as the probe found it: no option about hosts or proxies (and a JSON
    log, to read what the refusals left in it)."""
    folder = tmp_path_factory.mktemp("probed")
    with RealServer(f"sqlite:///{folder}/g.db", folder / "server.log") as real:
        real.start(options=("--log-format", "json"))
        yield real


def test_the_rebinding_handshake_is_refused(probed: RealServer) -> None:
    """The probe's handshake, raw: Host and Origin evil.example:PORT, to a listed table's socket and to the
    lobby's, answer 400 with a sentence naming the host and --allowed-host, never 101. The same handshake
    naming the server as 127.0.0.1 or localhost is accepted (so the refusal is the Host's)."""
    port = probed.port
    status, created = probed.post("/api/tables", {"game": "razzia", "players": 2, "listed": True,
                                                  "seats": [{"bot": None}, {"bot": "heuristic"}]})
    assert status == 201, created
    for path in (f"/ws/{created['table_id']}", "/ws/lobby"):
        status, body = handshake(port, path, f"{EVIL}:{port}", f"http://{EVIL}:{port}")
        assert status == 400, (path, status, body)
        assert f"does not answer to the host '{EVIL}:{port}'" in body and f"--allowed-host {EVIL}" in body
        for name in ("127.0.0.1", "localhost"):
            assert handshake(port, path, f"{name}:{port}", f"http://{name}:{port}")[0] == 101, (path, name)
    # Each refusal is a line of the access log, and none is logged as an error of the server (uvicorn's
    # websockets-sansio logs one after every denial response: hosts.quiet_refused_handshakes).
    lines = [json.loads(line) for line in probed.output().splitlines() if line.startswith("{")]
    refused = [line["path"] for line in lines
               if line.get("status") == 400 and line["logger"] == "gangland.access"]
    assert refused == [f"/ws/{created['table_id']}", "/ws/lobby"], refused
    assert not [line for line in lines if line["level"] in ("ERROR", "CRITICAL")], lines


def test_the_lobby_api_is_refused_to_a_foreign_host(probed: RealServer) -> None:
    """A rebinding page cannot read the lobby nor make a table: every request naming evil.example is a 400
    with the sentence (plain text), and changes nothing; the same requests naming 127.0.0.1 answer."""
    port = probed.port
    before = probed.get("/api/tables")[1]
    table = {"game": "razzia", "players": 2, "seats": [{"bot": None}, {"bot": "heuristic"}]}
    for method, path, body in (("GET", "/api/tables", None), ("POST", "/api/tables", table),
                               ("GET", "/", None), ("GET", "/static/common.js", None)):
        status, text = request(port, method, path, body, Host=f"{EVIL}:{port}")
        assert status == 400 and f"--allowed-host {EVIL}" in text, (method, path, status, text)
    assert probed.get("/api/tables")[1] == before
    assert request(port, "GET", "/api/tables", Host=f"127.0.0.1:{port}")[0] == 200


ALLOWED = ["second.example", "Third.Example:8443"]
PUBLIC = "https://play.example.net/gangland"
ALWAYS = ["localhost", "localhost:8000", "LOCALHOST.", "127.0.0.1:8000", "[::1]:8000", "192.168.1.5",
          "10.0.0.7:8080", "[2001:db8::7]"]
"""Hosts every server answers to: loopback names and IP literals."""
CONFIGURED = ["second.example", "SECOND.example:1234", "third.example:8443", "play.example.net",
              "play.example.net:443"]
"""Hosts a server with --allowed-host ALLOWED and --public-url PUBLIC answers to besides."""
REFUSED = [EVIL, f"{EVIL}:8000", "third.example", "third.example:8444", "localhost.evil.example",
           "127.0.0.1.evil.example", "play.example.net.evil.example", "second.example.evil", "evil@127.0.0.1",
           "127.0.0.1/x", "x; script-src *", ""]
"""Hosts none of them does: foreign names, a name allowed on another port only, look-alikes, non-hosts."""


@pytest.mark.parametrize("allowed", [False, True])
def test_configured_hosts_answer_and_others_are_refused(tmp_path: Path, allowed: bool) -> None:
    """Loopback names and IP literals always answer; with --allowed-host and --public-url, their hosts too
    (a name alone on any port, a name with a port on that one), over HTTP and WebSocket alike; every other
    Host is refused (400, or the WebSocket's denial) before the app sees it."""
    limits = Limits(allowed_hosts=allowed_hosts_option(ALLOWED)) if allowed else Limits()
    with server(f"sqlite:///{tmp_path}/g.db", limits=limits, address=PUBLIC if allowed else None) as client:
        for host in ALWAYS + CONFIGURED + REFUSED:
            answers = host in ALWAYS or (allowed and host in CONFIGURED)
            http_status = client.get("/api/tables", headers={"host": host}).status_code
            assert http_status == (200 if answers else 400), (host, http_status)
            try:
                with client.websocket_connect("/ws/lobby", headers={"host": host}) as lobby:
                    lobby.send_text('{"type": "ping"}')
                    assert lobby.receive_json() == {"type": "pong"}
                    opened = True
            except WebSocketDenialResponse as denied:
                assert denied.status_code == 400 and b"does not answer" in denied.content, host
                opened = False
            assert opened == answers, host


def test_the_origin_is_compared_with_the_public_origin(tmp_path: Path) -> None:
    """A WebSocket's Origin may be the public URL's origin (the page as players reach it, through a proxy
    that passes the server's own address as Host, e.g. 127.0.0.1:8000), an --allow-origin one, or the
    request's own origin when its Host passed the check; not the public host on another scheme or port."""
    limits = Limits(allowed_origins=frozenset({"https://friends.example"}))
    with server(f"sqlite:///{tmp_path}/g.db", limits=limits, address=PUBLIC) as client:
        created = create(client, "razzia", 2, [None, None], listed=True)
        table_id, token = created["table_id"], token_of(created["creator_link"])
        proxied = {"host": "127.0.0.1:8000"}
        for origin in ("https://play.example.net", "https://PLAY.example.net:443", "https://friends.example",
                       "http://127.0.0.1:8000"):
            with client.websocket_connect(f"/ws/{table_id}", headers={**proxied, "origin": origin}) as socket:
                seat = Seat(socket)
                seat.send({"type": "hello", "token": token})
                assert seat.state()["seat"] == 0, origin
        for origin in ("http://play.example.net", "https://play.example.net:8443", f"http://{EVIL}",
                       "https://play.example.net.evil.example", "null"):
            with pytest.raises(WebSocketDisconnect) as refused, \
                    client.websocket_connect(f"/ws/{table_id}", headers={**proxied, "origin": origin}):
                pass
            assert refused.value.code == 4403, origin


def test_any_host_switches_the_check_off(tmp_path: Path) -> None:
    """`--allowed-host '*'` (documented as unsafe): any Host answers, and a page's own origin opens a
    socket, as before the check; that is what DNS rebinding needs, so it is off by default."""
    limits = Limits(allowed_hosts=allowed_hosts_option(["*"]))
    with server(f"sqlite:///{tmp_path}/g.db", limits=limits) as client:
        assert client.get("/api/tables", headers={"host": f"{EVIL}:8000"}).status_code == 200
        headers = {"host": f"{EVIL}:8000", "origin": f"http://{EVIL}:8000"}
        with client.websocket_connect("/ws/lobby", headers=headers) as lobby:
            lobby.send_text('{"type": "ping"}')
            assert lobby.receive_json() == {"type": "pong"}


def test_the_options_are_read_or_refused_with_a_sentence(tmp_path: Path) -> None:
    """--allowed-host takes names (with a port or not) and '*'; --trusted-proxy takes IP addresses and
    networks (a network's host bits cleared, which uvicorn would otherwise take for a name that never
    matches); --public-url's path must be able to be a sub-path. Anything else stops `gangland serve` with a
    sentence before it serves."""
    assert allowed_hosts_option(["Games.Example.org.", "games.example.org:8443", "*"]) == frozenset(
        {"games.example.org", "games.example.org:8443", "*"})
    assert trusted_proxies_option(["127.0.0.1", "10.1.2.3/8", "::1", "fd00::/8"]) == [
        "127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"]
    # An international name is answered in the ASCII form browsers send it in.
    assert public_parts("https://Bücher.example/gangland") == ("xn--bcher-kva.example",
                                                                "https://xn--bcher-kva.example")
    runner = CliRunner()
    database = f"sqlite:///{tmp_path}/g.db"
    for options, said in ((["--allowed-host", "games.example.org/x"], "is not a host name"),
                          (["--allowed-host", "a b"], "is not a host name"),
                          (["--trusted-proxy", "proxy.example"], "is not an IP address or network"),
                          (["--trusted-proxy", "10.0.0.0/33"], "is not an IP address or network"),
                          (["--public-url", "https://games.example/api"], "cannot start with /api"),
                          (["--public-url", "https://games.example/a b"], "cannot be the server's sub-path")):
        result = runner.invoke(cli, ["serve", "--db", database, *options])
        assert result.exit_code != 0 and said in result.output, (options, result.output)


# -- trusted proxies ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("trusted", [False, True])
def test_forwarded_headers_are_believed_from_trusted_proxies_only(tmp_path: Path, trusted: bool) -> None:
    """With --trusted-proxy 127.0.0.0/8, X-Forwarded-For names the client (each forwarded address may open
    its one table, --tables-per-address 1) and X-Forwarded-Proto its scheme (a page over https opens a
    socket); by default (uvicorn alone would trust 127.0.0.1) both are ignored: every request is
    127.0.0.1's, over http."""
    options = ("--tables-per-address", "1", *(("--trusted-proxy", "127.0.0.0/8") if trusted else ()))
    table = {"game": "razzia", "players": 2, "seats": [{"bot": None}, {"bot": "heuristic"}]}
    with RealServer(f"sqlite:///{tmp_path}/g.db", tmp_path / "server.log") as real:
        real.start(options=options)
        port = real.port
        statuses = [request(port, "POST", "/api/tables", table, **{"X-Forwarded-For": forwarded})[0]
                    for forwarded in ("203.0.113.1", "203.0.113.2", "203.0.113.1")]
        assert statuses == ([201, 201, 429] if trusted else [201, 429, 429])
        # A page at https://127.0.0.1:PORT behind a TLS proxy: its Origin is the request's own only if the
        # forwarded scheme is believed.
        key = base64.b64encode(os.urandom(16)).decode()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", "/ws/lobby", headers={
                "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Key": key,
                "Sec-WebSocket-Version": "13", "Origin": f"https://127.0.0.1:{port}",
                "X-Forwarded-Proto": "https"})
            assert connection.getresponse().status == (101 if trusted else 403)
        finally:
            connection.close()
