"""Issue 32, docs/deploy.md's nginx site (deploy/nginx.conf) run for real: Debian's nginx on loopback ports,
with a self-signed certificate, in front of the real server under the sub-path. Pages, the API and a seat's
WebSocket go through it over TLS; the metrics stay behind it; the DNS-rebinding handshake, which nginx passes
on to its only site, gets the server's own refusal. (Not a browser test: the browser goes through Caddy in
test_browser_caddy.py; here the proxy's configuration is what is tested.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from websockets.sync.client import connect

from .nginx import Nginx
from .proxies import SUB_PATH, check_metrics_kept_behind, check_rebinding_refused, serving_behind
from .realserver import RealServer
from .tables import token_of


@pytest.fixture(scope="module")
def behind_nginx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RealServer, Nginx]]:
    with serving_behind(Nginx, tmp_path_factory.mktemp("nginx")) as running:
        yield running


def test_pages_api_and_a_seats_socket_through_nginx_under_the_sub_path(
        behind_nginx: tuple[RealServer, Nginx]) -> None:
    nginx = behind_nginx[1]
    with httpx.Client(verify=nginx.trusting_context(), trust_env=False, timeout=10) as client:
        lobby = client.get(f"{nginx.base}/")
        assert lobby.status_code == 200 and lobby.headers["content-type"].startswith("text/html"), lobby
        assert f'<meta name="gangland-root" content="{SUB_PATH}">' in lobby.text
        bare = client.get(nginx.base)
        assert (bare.status_code, bare.headers.get("location")) == (308, f"{nginx.base}/"), bare
        plain = client.get(f"http://127.0.0.1:{nginx.http_port}{SUB_PATH}/", headers={"host": "localhost"})
        assert (plain.status_code, plain.headers.get("location")) == (301, f"https://localhost{SUB_PATH}/")

        created = client.post(f"{nginx.base}/api/tables", json={
            "game": "razzia", "players": 3, "seats": [{"bot": None}, {"bot": "random"}, {"bot": "random"}]})
        assert created.status_code == 201, created.text
        table_id, link = created.json()["table_id"], created.json()["creator_link"]
        assert link.startswith(f"{SUB_PATH}/t/{table_id}#"), link

    check_metrics_kept_behind(nginx)
    with connect(f"wss://localhost:{nginx.port}{SUB_PATH}/ws/{table_id}", ssl=nginx.trusting_context(),
                 origin=nginx.origin, proxy=None, open_timeout=10, close_timeout=2) as socket:
        socket.send(json.dumps({"type": "hello", "token": token_of(link)}))
        state = json.loads(socket.recv(timeout=30))
        while state["type"] != "state" or not (state["your_turn"] or state["over"]):
            state = json.loads(socket.recv(timeout=30))
        assert state["seat"] == 0 and state["your_turn"], state
        step = state["step"]
        socket.send(json.dumps({"type": "act", "action": state["legal"][0]["id"], "step": step}))
        state = json.loads(socket.recv(timeout=30))
        while state["type"] != "state" or state["step"] == step:
            assert state["type"] != "error", state
            state = json.loads(socket.recv(timeout=30))
        assert any(line["seat"] == 0 and line["step"] == step + 1 for line in state["log"]), state["log"][-3:]


def test_the_dns_rebinding_handshake_through_nginx_gets_the_servers_refusal(
        behind_nginx: tuple[RealServer, Nginx]) -> None:
    """nginx gives a request for a name it has no site for to its default site, here the only one, and
    passes the Host on: the server itself refuses it, as it does directly."""
    server, nginx = behind_nginx
    check_rebinding_refused(server, nginx, nginx.port, nginx.trusting_context())
