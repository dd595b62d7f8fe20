"""The pages at a sub-path, in Debian's Chromium (issue 32; docs/server.md, "Behind a reverse proxy"):
`gangland serve --public-url http://127.0.0.1:PORT/gangland`, reached directly (no proxy) at /gangland/, so
that the pages' own scripts are what is checked: the lobby's form makes a table, two windows take their seats
and play the start of a game over the prefixed WebSocket, the lobby lists the seat, and every request the
pages make stays under /gangland/.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import Server, Window
from .test_browser import open_table
from .test_browser_people import moves

ROOT = "/gangland"
MOVES_EACH = 3


@pytest.fixture
def served_under_root(tmp_path: Path) -> Iterator[Server]:
    """`gangland serve` with a public URL at ROOT on its own port; `base` is the URL with ROOT."""
    with Server(f"sqlite:///{tmp_path}/g.db", tmp_path / "server.log") as real:
        real.base += ROOT
        real.start(bot_delay=0, options=("--public-url", real.base))
        yield real


def test_a_game_starts_at_a_sub_path(served_under_root: Server, browser: Any) -> None:
    from playwright.sync_api import expect

    base = served_under_root.base
    anna = Window(browser, "Anna", 3201, person="Anna")
    boris = Window(browser, "Boris", 3202, person="Boris")
    requested: dict[str, list[str]] = {anna.name: [], boris.name: []}
    sockets: dict[str, list[str]] = {anna.name: [], boris.name: []}
    try:
        for w in (anna, boris):
            w.page.on("request", lambda request, name=w.name: requested[name].append(request.url))
            w.page.on("websocket", lambda socket, name=w.name: sockets[name].append(socket.url))
        table_id = open_table(served_under_root, anna, boris, "razzia", 4, {})
        for w in (anna, boris):
            assert w.page.url.startswith(f"{base}/t/{table_id}#seat="), w.page.url
        moves(anna, MOVES_EACH, [boris])
        moves(boris, MOVES_EACH, [anna])
        rules = anna.page.locator("#rules-link")
        expect(rules).to_have_attribute("href", f"{ROOT}/rules/razzia")
        # The lobby lists Anna's seat (its link under the root), pushed over its own socket.
        anna.page.goto(f"{base}/")
        mine = anna.page.locator(f"#mine a[href^='{ROOT}/t/{table_id}']")
        expect(mine.first).to_be_visible()
        for w in (anna, boris):
            assert not w.errors, f"{w.name}: {w.errors}"
            assert not w.server_errors, f"{w.name}: {w.server_errors}"
            outside = [url for url in requested[w.name] if not url.startswith((f"{base}/", "data:"))]
            assert outside == [], f"{w.name} asked for addresses outside {ROOT}/: {outside}"
            assert any(url.startswith(f"{base}/static/") for url in requested[w.name]), requested[w.name]
            socket_base = base.replace("http", "ws", 1)
            assert sockets[w.name] and all(url.startswith(f"{socket_base}/ws/") for url in sockets[w.name]), \
                sockets[w.name]
        assert f"{base.replace('http', 'ws', 1)}/ws/lobby" in sockets[anna.name]
    finally:
        for w in (anna, boris):
            w.context.close()
