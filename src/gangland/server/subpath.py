"""The sub-path: the server served under a path of its host, e.g. https://example.org/gangland/
(docs/server.md, "Behind a reverse proxy").

`gangland serve --public-url https://example.org/gangland` makes `/gangland` the server's root. Requests are
answered with the root and without it alike (`SubPath`), so that a proxy that strips it (Caddy's `handle_path
/gangland/*`) and one that passes it on both work; `/gangland` itself is sent to `/gangland/`. Every link
the server writes starts with the root: its HTML goes through `rooted_html`, which also tells the pages'
scripts the root in `<meta name="gangland-root">` (static/common.js prefixes every fetch and WebSocket with
it), and the links of API answers and messages are made with it (`Hub.root`).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from starlette.types import ASGIApp, Receive, Scope, Send

PAGES = Path(__file__).with_name("static")
"""The folder of the pages' HTML."""
ROOT = re.compile(r"(?:/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*")
"""A root fit to put in links and pages unescaped: path segments of letters, digits and `._~-`, none of
them `.` or `..` (a segment may not start with a dot)."""
ABSOLUTE_LINK = re.compile(r'(\s(?:href|src|action)=")/(?!/)')
"""An attribute holding an address on this server (`href="/static/style.css"`, not `href="//other"`)."""
ROOT_META = '<meta name="gangland-root" content="">'
"""The line of each page (static/*.html) whose content `rooted_html` fills in with the root."""


def root_of(public_url: str | None, taken: frozenset[str] = frozenset()) -> str:
    """The root of a public URL: its path without the final slash ("" for none). ValueError with a sentence
    if it cannot be one: odd characters, or a first segment that is one of the server's own (`taken`,
    e.g. "t" or "api": `/t/abc` would then be ambiguous).

    >>> root_of("https://example.org/gangland/")
    '/gangland'
    >>> root_of("http://127.0.0.1:8000")
    ''
    """
    if public_url is None:
        return ""
    parts = urlsplit(public_url)
    root = parts.path.rstrip("/")
    if parts.query or parts.fragment or not ROOT.fullmatch(root):
        raise ValueError(f"the path of the public URL {public_url[:200]!r} cannot be the server's sub-path: "
                         "use letters, digits and ._~- between slashes, e.g. https://example.org/gangland, "
                         "with no query or fragment")
    first = root.split("/")[1] if root else ""
    if first in taken:
        raise ValueError(f"the public URL's path cannot start with /{first}: the server's own addresses "
                         "start with it; choose another, e.g. /gangland")
    return root


def first_segments(paths: list[str]) -> frozenset[str]:
    """The first segments of the server's own paths ("/t/{table_id}" -> "t"): a root may not be one."""
    return frozenset(path.split("/")[1] for path in paths if path.count("/") >= 1 and path.split("/")[1])


def route_path(scope: Scope) -> str:
    """The path of a request below the root (`SubPath` puts the root in front of every path)."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    return path[len(root):] if root and path.startswith(root + "/") else path


def rooted_html(text: str, root: str) -> str:
    """An HTML page of the server with its root in front of every address on this server, and in its
    `ROOT_META` line (a page without that line gets none)."""
    if not root:
        return text
    return ABSOLUTE_LINK.sub(rf"\g<1>{root}/", text).replace(
        ROOT_META, f'<meta name="gangland-root" content="{root}">')


def page(name: str, root: str) -> HTMLResponse:
    """The page static/`name` (e.g. "lobby.html") served under `root` (read at each request, as a file
    answer would be: an edited page shows at once)."""
    return HTMLResponse(rooted_html((PAGES / name).read_text(encoding="utf-8"), root))


class SubPath:
    """ASGI middleware: serves the app under `root`, with the root in the request's path or without it.

    It puts the root in `root_path` and in front of a path that lacks it, as the ASGI spec has it (the path
    holds the root; Starlette routes on what follows it, and FastAPI's /docs finds its schema there), and
    sends `root` itself to `root/` (308, the method kept)."""

    def __init__(self, app: ASGIApp, root: str) -> None:
        self.app = app
        self.root = root

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        root = self.root
        if not root or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if path == root and scope["type"] == "http":
            query = scope.get("query_string", b"")
            location = (root + "/").encode() + (b"?" + query if query else b"")
            await send({"type": "http.response.start", "status": 308,
                        "headers": [(b"location", location), (b"content-length", b"0")]})
            await send({"type": "http.response.body", "body": b""})
            return
        scope = dict(scope, root_path=root)
        if not path.startswith(root + "/"):
            scope["path"] = root + path
            raw = scope.get("raw_path")
            if raw is not None:
                scope["raw_path"] = root.encode() + raw
        await self.app(scope, receive, send)


def serve_under(app: FastAPI, public_url: str | None) -> str:
    """Serve `app` (every route of it made) under its public URL's root with `SubPath`; the root.
    ValueError (a sentence) if the URL's path cannot be a root (`root_of`)."""
    root = root_of(public_url, first_segments([getattr(route, "path", "") for route in app.routes]))
    app.add_middleware(SubPath, root=root)
    return root
