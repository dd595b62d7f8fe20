"""`gangland serve`: the game server (lobby, tables, bots) on uvicorn, with SQLite or PostgreSQL."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import fail
from .saves import data_folder

DEFAULT_DB = "gangland.db"
"""The SQLite file in the user data folder that `serve` uses unless --db names a database."""


def default_database() -> str:
    """The SQLite URL of <data folder>/gangland.db (the folder is made if missing)."""
    folder = data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DEFAULT_DB}"


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
) -> None:
    """Run the game server: open http://HOST:PORT/ to make tables, invite friends and play in the browser."""
    try:
        import uvicorn

        from gangland.server.app import create_app
    except ImportError as exc:  # pragma: no cover - the web parts are dependencies of the package
        fail(f"the server needs its web packages: {exc}")
    if not 0 <= bot_delay <= 60 or not 1 <= (search_workers or 1) <= 64:
        fail("--bot-delay must be 0 to 60 seconds and --search-workers 1 to 64")
    from sqlalchemy.engine import make_url

    from gangland.server.storage import Storage

    url = db or default_database()
    try:
        database = make_url(url).render_as_string(hide_password=True)  # never print a password
    except Exception:
        fail(f"--db {url!r} is not a database URL: use sqlite:////path/to/file.db or "
             "postgresql+psycopg://user@host/dbname")
    if url.startswith("postgresql"):
        try:
            import psycopg  # noqa: F401
        except ImportError:
            fail("a PostgreSQL database needs its driver: pip install 'gangland[postgresql]'")
    try:  # here, so that a database that cannot be opened is one line, not a server's traceback
        storage = Storage(url)
        try:
            storage.migrate()
        finally:
            storage.close()
    except Exception as exc:
        first = str(exc).splitlines()[0] if str(exc) else ""
        fail(f"cannot open the database {database}: {type(exc).__name__}: {first}")
    app = create_app(url, bot_delay=bot_delay, search_workers=search_workers)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    typer.echo(f"Gangland is serving at http://{shown}:{port}/  (database: {database}; Ctrl-C stops it)")
    # Client messages are at most 4 KiB (protocol.MAX_MESSAGE): refuse frames far above that outright.
    uvicorn.run(app, host=host, port=port, ws_max_size=64 * 1024, log_level="warning")
