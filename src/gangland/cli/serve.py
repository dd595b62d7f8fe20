"""`gangland serve`: the game server (lobby, tables, bots) on uvicorn, with SQLite or PostgreSQL."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Annotated

import typer

from .common import fail


def _metrics_token(path: Path | None) -> str | None:
    """The token GET /metrics needs: the text of `path` (--metrics-token-file), else $GANGLAND_METRICS_TOKEN,
    else None (no token: /metrics is open). Both at once, an unreadable file or a token that is not one
    word of printable characters: an error."""
    from gangland.server.observe import TOKEN_ENV

    given = os.environ.get(TOKEN_ENV)
    where = TOKEN_ENV
    if path is not None:
        if given is not None:
            fail(f"--metrics-token-file and {TOKEN_ENV} both give a metrics token: give it one way")
        where = f"--metrics-token-file {path}"
        try:
            given = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            fail(f"{where}: cannot read it ({exc})")
    if given is None:
        return None
    token = given.strip()
    if not token or not token.isprintable() or any(c.isspace() for c in token):
        fail(f"{where}: the metrics token must be one word of printable characters")
    return token


def serve_command(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0: every network interface).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            show_default=False,
            help="Database URL, e.g. sqlite:////srv/gangland.db or postgresql+psycopg://user@host/db "
            "(default: gangland.db in the user data folder).",
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before it moves, so that people can follow the game.")
    ] = 0.6,
    search_workers: Annotated[int | None, typer.Option(
        show_default=False,
        help="Processes that run search bots (IS-MCTS) side by side (default: one per CPU).")] = None,
    allow_origin: Annotated[list[str] | None, typer.Option(
        show_default=False, metavar="ORIGIN",
        help="A page origin (scheme://host[:port]) besides the server's own and --public-url's that may open "
        "game sockets, e.g. a second public address; repeatable.")] = None,
    public_url: Annotated[str | None, typer.Option(
        show_default=False, metavar="URL",
        help="Where this server answers for its players, e.g. https://example.org/gangland behind a reverse "
        "proxy (default: http://HOST:PORT unless HOST is every interface). Its path is the sub-path the "
        "pages are served under, its host is one the server answers to, and its origin may open game "
        "sockets; links in turn mails start with it. Several servers on one PostgreSQL tell a table's "
        "players which one plays it. See docs/deploy.md.")] = None,
    tables_per_address: Annotated[int, typer.Option(
        help="Unfinished tables one client address may have opened (a club behind one address, or a load "
        "benchmark, may need more).")] = 20,
    deflate: Annotated[int, typer.Option(
        min=0, max=9, metavar="LEVEL",
        help="zlib level of the WebSockets' permessage-deflate: 1 fastest to 9 smallest; 0 sends the "
        "messages uncompressed (a few KiB a move for each player instead of a few hundred bytes; a LAN "
        "does not mind).")] = 6,
    smtp: Annotated[str | None, typer.Option(
        show_default=False, metavar="URL", envvar="GANGLAND_SMTP", show_envvar=True,
        help="Send a person an e-mail when their turn comes and no page of their seat is open (if they gave "
        "an address) through this SMTP server: smtp://[user:password@]host[:port] (?starttls=1 to upgrade "
        "with STARTTLS) or smtps://... (TLS). The mails' links use --public-url. A password on the command "
        "line shows in `ps`: the environment variable keeps it out of sight.")] = None,
    mail_from: Annotated[str | None, typer.Option(
        show_default=False, metavar="ADDRESS",
        help="The address the turn mails come from (default: gangland@ this machine's name).")] = None,
    allowed_host: Annotated[list[str] | None, typer.Option(
        show_default=False, metavar="HOST",
        help="Another Host the server answers to, e.g. games.example.org (any port) or "
        "games.example.org:8443; it always answers to localhost, IP addresses and --public-url's host, and "
        "to no other name (a page of another site could reach it by DNS rebinding). '*' answers to any host "
        "(unsafe); repeatable.")] = None,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        show_default=False, metavar="ADDRESS",
        help="The IP address or network (127.0.0.1, 10.0.0.0/8) of a reverse proxy in front of the server: "
        "its X-Forwarded-For and X-Forwarded-Proto headers are believed, from any other peer ignored "
        "(default: none); repeatable.")] = None,
    idle_days: Annotated[float, typer.Option(
        help="An unfinished table no person moved at for this many days leaves the lobby's lists (its links "
        "still play it).")] = 14.0,
    away_seconds: Annotated[float, typer.Option(
        help="Seconds no page of a person's seat must have been open before the table's host may hand the "
        "seat to a bot (a phone whose screen locks drops its socket for a few seconds; a seat whose move "
        "clock ran out may be handed at once; 0: any seat at once).")] = 60.0,
    log_format: Annotated[str, typer.Option(
        metavar="text|json",
        help="How the log on stderr is written: text, or json (one JSON object a line: time, level, logger, "
        "message and fields, with a line per HTTP request; never a token, seed or chat text).")] = "text",
    metrics_token_file: Annotated[Path | None, typer.Option(
        show_default=False, metavar="FILE",
        help="GET /metrics then needs 'Authorization: Bearer TOKEN', TOKEN being this file's text (or set "
        "the environment variable GANGLAND_METRICS_TOKEN; without either, /metrics is open).")] = None,
) -> None:
    """Run the game server: open http://HOST:PORT/ to make tables, invite friends and play in the browser."""
    try:
        import uvicorn

        from gangland.server.app import create_app
    except ImportError as exc:  # pragma: no cover - the web parts are dependencies of the package
        fail(f"the server needs its web packages: {exc}")
    if not 0 <= bot_delay <= 60 or not 1 <= (search_workers or 1) <= 64:
        fail("--bot-delay must be 0 to 60 seconds and --search-workers 1 to 64")
    if not 1 <= tables_per_address <= 100_000:
        fail("--tables-per-address must be 1 to 100000")
    if not 0 < idle_days <= 36_500:
        fail("--idle-days must be more than 0 and at most 36500")
    if not 0 <= away_seconds <= 7 * 24 * 3600:
        fail("--away-seconds must be 0 to 604800 (a week)")
    mail = None
    if smtp is not None:
        from gangland.engine import OptionError
        from gangland.server.mail import SmtpServer

        try:
            mail = SmtpServer.parse(smtp, mail_from)
        except (ValueError, OptionError) as exc:
            fail(f"--smtp or --mail-from: {exc}")
    elif mail_from is not None:
        fail("--mail-from needs --smtp: the SMTP server that sends the mails")
    from gangland.server.hosts import allowed_hosts_option, trusted_proxies_option

    try:
        hosts, proxies = allowed_hosts_option(allowed_host or []), trusted_proxies_option(trusted_proxy or [])
    except ValueError as exc:
        fail(str(exc))
    from gangland.server.logs import FORMATS, configure

    if log_format not in FORMATS:
        fail(f"--log-format must be {' or '.join(FORMATS)}, not {log_format!r}")
    metrics_token = _metrics_token(metrics_token_file)
    for origin in allow_origin or ():
        if not origin.startswith(("http://", "https://")) or origin.count("/") != 2:
            fail(f"--allow-origin {origin!r} is not an origin: use scheme://host[:port], e.g. https://example.org")
    from .database import database_url, upgrade_database

    url, database = database_url(db)
    upgrade_database(url, database)  # here, so that a database that cannot be opened is one line of error
    from gangland.server.limits import Limits

    if public_url is None and host not in ("0.0.0.0", "::"):
        public_url = f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
    if public_url is not None and (len(public_url) > 200 or not public_url.startswith(("http://", "https://"))):
        fail(f"--public-url {public_url!r} is not an address: use http(s)://host[:port][/path], at most 200 "
             "characters")
    if mail is not None and public_url is None:
        fail("--smtp needs --public-url when the server listens on every interface: the mails' links must "
             "say where it answers")
    try:
        app = create_app(url, bot_delay=bot_delay, search_workers=search_workers, address=public_url,
                         limits=Limits(allowed_origins=frozenset(allow_origin or ()), allowed_hosts=hosts,
                                       open_tables_per_address=tables_per_address,
                                       away_seconds=away_seconds),
                         mail=mail, idle_days=idle_days, metrics_token=metrics_token)
    except ValueError as exc:  # a public URL whose path cannot be the sub-path
        fail(f"--public-url: {exc}")
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    from gangland.engine.compiled import build

    # The log is set up once every check has passed: a refusal is a line on stderr in any format, and a
    # command run in-process (the tests' CliRunner) that is refused leaves the process's logging alone.
    configure(log_format)
    # In a JSON log, what the server says is a line of the log too.
    say = typer.echo if log_format == "text" else logging.getLogger("gangland.server").info
    say(f"Gangland ({build()}) is serving at http://{shown}:{port}/  (database: {database}; Ctrl-C stops it)")
    if public_url is not None and public_url.rstrip("/") != f"http://{host}:{port}":
        say(f"Its players reach it at {public_url.rstrip('/')}/")
    if mail is not None:
        say(f"Turn mails go out through {mail.describe()} from {mail.sender}")
    # Client messages are at most 4 KiB (protocol.MAX_MESSAGE): refuse frames far above that outright.
    from gangland.server.deflate import websocket_protocol

    protocol = websocket_protocol(deflate)
    # Logging: server/logs.py. Forwarded headers are believed from the --trusted-proxy peers alone (uvicorn
    # by itself believes 127.0.0.1's).
    uvicorn.run(app, host=host, port=port, ws_max_size=64 * 1024, log_level="warning", log_config=None,
                ws=protocol or "auto", ws_per_message_deflate=deflate > 0,
                proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None)
