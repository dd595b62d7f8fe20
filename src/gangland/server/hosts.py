"""The Host check: the server answers only to the host names it is configured with (docs/server.md, "The
Host check"; docs/security.md, "DNS rebinding").

A page on another site can reach a server on 127.0.0.1 by DNS rebinding: its own name, first resolved to its
own server, is made to resolve to 127.0.0.1, and the visitor's browser then sends the page's requests (and its
WebSockets) here, as same-origin requests of that page. The browser still names the page's host in `Host` (and
in the WebSocket's `Origin`), and that is the one thing such a page cannot choose: so a request is answered
only when its Host names

- a loopback name (`localhost`) or an IP-address literal (`127.0.0.1`, `[::1]`, `192.168.1.5:8000`): a
  rebinding page can only send its own domain name;
- the public URL's host (`gangland serve --public-url`), on any port;
- a name given with `--allowed-host` (`games.example.org` on any port, `games.example.org:8443` on that one);

and `--allowed-host '*'` switches the check off (unsafe: see docs/security.md). `HostCheck` applies it to
every HTTP request and WebSocket, before the app sees them.
"""

from __future__ import annotations

import ipaddress
import logging
import re
from contextvars import ContextVar
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

ANY_HOST = "*"
"""The `--allowed-host` value that switches the Host check off."""
LOOPBACK_NAMES = frozenset({"localhost"})
"""Names that are always this machine (a browser never asks DNS for them)."""
HOST_HEADER = re.compile(r"(?P<name>[A-Za-z0-9_-][A-Za-z0-9._-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])"
                         r"(?::(?P<port>[0-9]{1,5}))?")
"""A Host header value: a name or IPv4 address, or an IPv6 address in brackets, and maybe a port (no user
part, no path: `urlsplit` would read `evil@127.0.0.1` as 127.0.0.1)."""
REFUSED_STATUS = 400
"""Bad Request, as Django and Starlette's TrustedHostMiddleware answer a foreign Host. RFC 9110's 421
(Misdirected Request: an authority this server is not configured for) would fit the words too, but here 421
already means "another server process plays this table, try another" (docs/server.md, "Several
processes"), and a proxy told to retry on it would try every process for each refused request."""
HOST_CLOSE = 4400
"""The close code a WebSocket to a foreign host gets when the server cannot answer its handshake with an HTTP
status (an ASGI server without the `websocket.http.response` extension)."""


def split_host(value: str) -> tuple[str, int | None] | None:
    """(name in lower case without a final dot, port or None) of a Host header value or an `--allowed-host`;
    None if it is not one.

    >>> split_host("Games.Example.org.:8443")
    ('games.example.org', 8443)
    >>> split_host("[::1]")
    ('[::1]', None)
    >>> split_host("evil.example@127.0.0.1") is None
    True
    """
    match = HOST_HEADER.fullmatch(value.strip())
    if match is None:
        return None
    name = match["name"].lower()
    if name.endswith(".") and not name.startswith("["):
        name = name[:-1]
    port = None if match["port"] is None else int(match["port"])
    if not name or (port is not None and not 0 < port < 65536):
        return None
    return name, port


def is_ip_literal(name: str) -> bool:
    """Is `name` (as `split_host` gives it) an IPv4 address or a bracketed IPv6 one?"""
    try:
        ipaddress.ip_address(name[1:-1] if name.startswith("[") and name.endswith("]") else name)
    except ValueError:
        return False
    return True


def host_allowed(host: str | None, allowed: frozenset[str]) -> bool:
    """Does the server answer to a request whose Host header is `host`? Yes for a loopback name or an IP
    literal, a name of `allowed` (an entry with a port: on that port only; entries as `allowed_hosts_option`
    writes them), or anything if `allowed` holds ANY_HOST.

    >>> host_allowed("localhost:8000", frozenset())
    True
    >>> host_allowed("evil.example:8000", frozenset())
    False
    >>> host_allowed("games.example.org", frozenset({"games.example.org:8443"}))
    False
    """
    if ANY_HOST in allowed:
        return True
    seen = None if host is None else split_host(host)
    if seen is None:
        return False
    name, port = seen
    # The entries are written as split_host writes them (allowed_hosts_option, public_parts): "name" or
    # "name:port", so a request needs two set look-ups, not a parse of every entry.
    return (name in LOOPBACK_NAMES or name in allowed or (port is not None and f"{name}:{port}" in allowed)
            or is_ip_literal(name))


def public_parts(url: str) -> tuple[str, str]:
    """(host name, origin) of a public URL: `https://Example.org:8443/gangland` -> ('example.org',
    'https://example.org:8443'). ValueError if it is not an http(s) URL with a host."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url[:200]!r} is not an http(s) address with a host")
    name = parts.hostname.lower()
    if not name.isascii():  # browsers send an international name in its ASCII (punycode) form
        try:
            name = name.encode("idna").decode("ascii")
        except UnicodeError:
            raise ValueError(f"{url[:200]!r}: its host name cannot be written in ASCII for DNS") from None
    shown = f"[{name}]" if ":" in name else name
    port = parts.port  # ValueError for a port out of range
    return shown, f"{parts.scheme}://{shown}" + ("" if port is None else f":{port}")


def allowed_hosts_option(values: list[str]) -> frozenset[str]:
    """The hosts `gangland serve --allowed-host` names, as `host_allowed` compares them (lower case);
    ValueError with a sentence for a value that is not a host name (with a port, maybe) nor ANY_HOST."""
    hosts = set()
    for value in values:
        if value.strip() == ANY_HOST:
            hosts.add(ANY_HOST)
            continue
        seen = split_host(value)
        if seen is None:
            raise ValueError(f"--allowed-host {value[:100]!r} is not a host name: give a name, or a name and "
                             "its port, e.g. games.example.org or games.example.org:8443 ('*' answers to any "
                             "host, which DNS rebinding can use: see docs/security.md)")
        hosts.add(seen[0] if seen[1] is None else f"{seen[0]}:{seen[1]}")
    return frozenset(hosts)


def trusted_proxies_option(values: list[str]) -> list[str]:
    """The addresses and networks `gangland serve --trusted-proxy` names, written as uvicorn's
    `forwarded_allow_ips` reads them (a network with its host bits cleared); ValueError with a sentence for
    a value that is neither (uvicorn itself would take it for a name and silently never match it)."""
    proxies = []
    for value in values:
        try:
            if "/" in value:
                proxies.append(str(ipaddress.ip_network(value.strip(), strict=False)))
            else:
                proxies.append(str(ipaddress.ip_address(value.strip())))
        except ValueError:
            raise ValueError(f"--trusted-proxy {value[:100]!r} is not an IP address or network: give the "
                             "proxy's address as the server sees it, e.g. 127.0.0.1, ::1 or 10.0.0.0/8"
                             ) from None
    return proxies


def refusal_text(host: str | None) -> str:
    """The sentence a request to a foreign host gets (the Host is the sender's text: cut short, and only
    its printable ASCII shown)."""
    if not host:
        return "This Gangland server does not answer a request without a Host header naming it.\n"
    shown = "".join(c if c.isprintable() and c.isascii() else "?" for c in host[:80])
    seen = split_host(host)
    if seen is None:
        return f"This Gangland server does not answer this request: its Host {shown!r} is no host name.\n"
    return (f"This Gangland server does not answer to the host {shown!r}. If {seen[0]!r} is a name of "
            f"this server, start it with --allowed-host {seen[0]} (or with --public-url and the address its "
            "players use).\n")


_refused_here: ContextVar[bool] = ContextVar("gangland_refused_handshake", default=False)
"""Set in the task of a WebSocket that HostCheck refused with an HTTP answer (`_SpuriousHandshakeError`)."""
SPURIOUS_HANDSHAKE_ERROR = "ASGI callable returned without completing handshake."


class _SpuriousHandshakeError(logging.Filter):
    """uvicorn's websockets-sansio protocol logs this ERROR after every WebSocket refused with an HTTP
    answer (the ASGI denial-response extension): it sends the answer but never marks the handshake done
    (uvicorn pull request 3138, open). A refused rebinding handshake is no error of the server, and anyone
    could fill the log with them, so the record is dropped, but only in the task whose WebSocket HostCheck
    refused: the same words from any other WebSocket still reach the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (_refused_here.get() and record.getMessage() == SPURIOUS_HANDSHAKE_ERROR)


def quiet_refused_handshakes() -> None:
    """Drop uvicorn's spurious error after a WebSocket refused by HostCheck (`_SpuriousHandshakeError`)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _SpuriousHandshakeError) for f in logger.filters):
        logger.addFilter(_SpuriousHandshakeError())


class HostCheck:
    """ASGI middleware: an HTTP request or a WebSocket whose Host the server does not answer to
    (`host_allowed`) gets a 400 and `refusal_text`, and never reaches the app; a WebSocket is refused before
    the handshake completes."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host")
        if host_allowed(host, self.allowed):
            await self.app(scope, receive, send)
            return
        body = refusal_text(host).encode()
        headers = [(b"content-type", b"text/plain; charset=utf-8"),
                   (b"content-length", str(len(body)).encode()), (b"x-content-type-options", b"nosniff")]
        if scope["type"] == "websocket":
            if "websocket.http.response" not in scope.get("extensions", {}):
                await send({"type": "websocket.close", "code": HOST_CLOSE})
                return
            _refused_here.set(True)  # uvicorn logs from this task once the app returns
            await send({"type": "websocket.http.response.start", "status": REFUSED_STATUS,
                        "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
            return
        await send({"type": "http.response.start", "status": REFUSED_STATUS, "headers": headers})
        await send({"type": "http.response.body", "body": body})
