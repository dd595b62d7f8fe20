"""Issue 32, "Behind a reverse proxy with TLS": Debian's Caddy on a loopback port, with its internal
certificate authority, in front of the real server under a sub-path (deploy/Caddyfile, the configuration
docs/deploy.md shows); a game played through it in Chromium over https and wss, with a reconnect after the
server restarts; and the DNS-rebinding handshake refused directly and through the proxy.

The server runs as docs/deploy.md says: `--public-url https://localhost:PORT/gangland --trusted-proxy
127.0.0.1`. Chromium ignores certificate errors (its trust store is not the test's to change); the
certificate chain is checked for real once, with Python's ssl against Caddy's root certificate.
"""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .browser import Window, play_to_end
from .caddy import Caddy
from .proxies import (
    SUB_PATH,
    behind_options,
    check_metrics_kept_behind,
    check_rebinding_refused,
    rebinding_handshake,
    serving_behind,
)
from .realserver import RealServer
from .test_browser import check_moves, open_table, record_of


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RealServer, Caddy]]:
    with serving_behind(Caddy, tmp_path_factory.mktemp("caddy")) as running:
        yield running


def test_a_game_through_caddy_over_https_and_wss_under_a_sub_path_across_a_restart(
        proxied: tuple[RealServer, Caddy], browser: Any) -> None:
    from playwright.sync_api import expect

    server, caddy = proxied
    # The certificate chain, checked for real: Caddy's root certificate makes it trusted (chain and name);
    # the system's trust store does not have that root (skip_install_trust kept it out).
    answer = httpx.get(f"{caddy.base}/api/games", verify=caddy.trusting_context(), trust_env=False)
    assert answer.status_code == 200, answer.text
    assert answer.json(), "no games listed through the proxy"
    with pytest.raises(httpx.ConnectError, match="CERTIFICATE_VERIFY_FAILED"):
        httpx.get(f"{caddy.base}/api/games", verify=ssl.create_default_context(), trust_env=False)
    check_metrics_kept_behind(caddy)

    windows = [Window(browser, "window A", 32, person="Anna", ignore_https_errors=True),
               Window(browser, "window B", 33, person="Boris", ignore_https_errors=True)]
    sockets: list[str] = []
    try:
        for w in windows:
            w.page.on("websocket", lambda ws: sockets.append(ws.url))
        a, b = windows
        table_id = open_table(caddy, a, b, "razzia", 3, {})
        for w in windows:
            assert w.page.url.startswith(f"{caddy.base}/t/"), f"{w.name} is at {w.page.url}"
        play_to_end(windows, stop=lambda: len(a.sent) >= 2 and len(b.sent) >= 2)
        assert not (a.is_over() or b.is_over()), "the game ended before the restart"

        server.stop()
        for w in windows:
            expect(w.page.locator("#conn")).to_contain_text("reconnecting")
        table_sockets = len(sockets)
        server.start(bot_delay=0, options=behind_options(caddy))
        for w in windows:
            expect(w.page.locator("#conn")).to_have_text("connected", timeout=30_000)
        play_to_end(windows)

        assert a.scores() == b.scores(), f"window A shows {a.scores()}, window B {b.scores()}"
        check_moves(record_of(server, table_id), windows)  # every move made, before and after the restart
        assert len(sockets) > table_sockets, "no new socket after the restart"
        own = f"wss://localhost:{caddy.port}{SUB_PATH}/ws/"
        assert all(url.startswith(own) for url in sockets), f"sockets not under {own}: {sockets}"
        for w in windows:
            assert not w.server_errors, f"{w.name}: the server refused: {w.server_errors}"
            errors = [e for e in w.errors if not reconnecting(e, caddy)]
            assert not errors, f"{w.name}: {errors}"
    finally:
        for w in windows:
            w.context.close()


def reconnecting(error: str, caddy: Caddy) -> bool:
    """Is `error` what Chromium logs while a page retries its socket through Caddy with the server down
    (Caddy answers the handshake with 502 Bad Gateway)?"""
    return error.startswith(f"console error: WebSocket connection to 'wss://localhost:{caddy.port}{SUB_PATH}"
                            "/ws/") and "failed" in error


def test_the_dns_rebinding_handshake_is_refused_directly_and_through_caddy(
        proxied: tuple[RealServer, Caddy]) -> None:
    """The outside probe's handshake (`Host: evil.example:PORT`, `Origin: http://evil.example:PORT`) to a
    listed table's socket, sent by hand: refused by the server directly; through Caddy's named site Caddy
    itself does not pass a foreign Host on (no site answers it); through a catch-all site, which passes
    any Host on, the server's own refusal comes back. The same handshake with the right Host and Origin is
    accepted (101) both ways."""
    server, caddy = proxied
    path = check_rebinding_refused(server, caddy, caddy.catch_all_port, None)
    named = rebinding_handshake(caddy.port, path, tls=caddy.trusting_context())
    assert named.status != 101 and "uvicorn" not in named.head.lower(), named
