"""`gangland backup`, `gangland restore` and `gangland db upgrade`: the server's database kept safe.

A backup is SQLite's online backup of the database (the server may go on playing and writing meanwhile: in
WAL mode a reader sees one committed moment), written to a file of its own in one step and made
self-contained (no -wal file beside it). A restore checks the backup (an SQLite file, whole, a Gangland
schema this version knows) before it touches anything, takes the database for itself (refused while a
server has it open), and copies the backup in with SQLite's backup API, in one transaction: the database
is either the old one or the backup, never half of each; then it brings the schema up to date. PostgreSQL
has its own tools (pg_dump, pg_restore): docs/deploy.md.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path
from typing import Annotated
from urllib.parse import quote

import typer

from .common import fail
from .saves import data_folder

DB_OPTION = typer.Option(
    "--db", metavar="URL", show_default=False,
    help="The server's database URL (default: gangland.db in the user data folder, as `gangland serve`).")
SQLITE_HEADER = b"SQLite format 3\x00"
LOCK_SECONDS = 2.0
"""How long a restore waits for the database to be free before it says a server is using it."""
SERVER_TABLES = ("tables", "seats", "moves", "alembic_version")
"""Tables every Gangland database has."""


DEFAULT_DB = "gangland.db"
"""The SQLite file in the user data folder that `serve` uses unless --db names a database."""


def default_database() -> str:
    """The SQLite URL of <data folder>/gangland.db (the folder is made if missing)."""
    folder = data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DEFAULT_DB}"


def database_url(db: str | None) -> tuple[str, str]:
    """(URL, the URL as it may be shown: without its password) of `--db` (default: the SQLite file `gangland
    serve` uses); a URL that names no database is refused."""
    from sqlalchemy.engine import make_url

    url = db or default_database()
    try:
        shown = make_url(url).render_as_string(hide_password=True)  # never print a password
    except Exception:
        fail(f"--db {url!r} is not a database URL: use sqlite:////path/to/file.db or "
             "postgresql+psycopg://user@host/dbname")
    return url, shown


def upgrade_database(url: str, shown: str) -> tuple[str | None, str | None]:
    """Run the migrations on the database at `url` (creating its schema if it has none): (its schema
    revision before, after). A database that cannot be opened is one line of error."""
    if url.startswith("postgresql"):
        try:
            import psycopg  # noqa: F401
        except ImportError:
            fail("a PostgreSQL database needs its driver: pip install 'gangland[postgresql]'")
    from alembic.runtime.migration import MigrationContext

    from gangland.server.storage import Storage

    def revision(storage: Storage) -> str | None:
        with storage.engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()

    try:
        storage = Storage(url)
        try:
            before = revision(storage)
            storage.migrate()
            return before, revision(storage)
        finally:
            storage.close()
    except Exception as exc:
        first = str(exc).splitlines()[0] if str(exc) else ""
        fail(f"cannot open the database {shown}: {type(exc).__name__}: {first}")


def sqlite_file(url: str, shown: str, what: str) -> Path:
    """The file of an SQLite database URL; any other database is refused, saying what to use instead."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        fail(f"gangland {what} works on an SQLite database, and {shown} is not one: for PostgreSQL use "
             "pg_dump to back up and pg_restore (or psql) to restore, as docs/deploy.md shows")
    if not parsed.database or parsed.database == ":memory:" or parsed.database.startswith("file:"):
        fail(f"{shown} names no database file")
    return Path(parsed.database)


def _open_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to the SQLite file at `path` (nothing is written to it, nor created)."""
    return sqlite3.connect(f"file:{quote(str(path.absolute()))}?mode=ro", uri=True, timeout=10)


def describe(connection: sqlite3.Connection) -> tuple[str, int, int]:
    """(schema revision, tables, moves) of a Gangland database; ValueError saying why it is not one."""
    names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = [name for name in SERVER_TABLES if name not in names]
    if missing:
        raise ValueError(f"it is not a Gangland database (it has no {missing[0]!r} table)")
    revisions = [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]
    if len(revisions) != 1:
        raise ValueError("it is not a Gangland database (its schema revision is not one)")
    tables = connection.execute("SELECT count(*) FROM tables").fetchone()[0]
    moves = connection.execute("SELECT count(*) FROM moves").fetchone()[0]
    return revisions[0], tables, moves


def check_backup(path: Path) -> tuple[str, int, int]:
    """(schema revision, tables, moves) of the backup at `path`, after checking that it is an SQLite file,
    whole (SQLite's integrity check), of a Gangland schema this version knows; else one line of error."""
    from alembic.script import ScriptDirectory

    from gangland.server.storage import alembic_config

    if not path.is_file():
        fail(f"there is no backup file {path}")
    with path.open("rb") as file:
        if file.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            fail(f"{path} is not an SQLite database, so not a Gangland backup (`gangland backup FILE` makes "
                 "one); nothing was changed")
    try:
        with contextlib.closing(_open_read_only(path)) as backup:
            verdict = backup.execute("PRAGMA integrity_check").fetchone()[0]
            if verdict != "ok":
                raise ValueError(f"it is damaged (SQLite's integrity check: {verdict})")
            revision, tables, moves = describe(backup)
    except (sqlite3.Error, ValueError) as exc:
        fail(f"{path} cannot be restored: {exc}; nothing was changed")
    scripts = ScriptDirectory.from_config(alembic_config())
    if revision not in {script.revision for script in scripts.walk_revisions()}:
        fail(f"{path} has a database schema this version of Gangland does not know (revision {revision!r}): "
             "it was made by a newer Gangland; upgrade Gangland, then restore; nothing was changed")
    return revision, tables, moves


def backup_command(
    file: Annotated[Path, typer.Argument(help="The backup file to write (an SQLite database).")],
    db: Annotated[str | None, DB_OPTION] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
) -> None:
    """Copy the server's SQLite database to FILE, consistently, also while the server runs and writes."""
    url, shown = database_url(db)
    source_path = sqlite_file(url, shown, "backup")
    if not source_path.is_file():
        fail(f"there is no database at {source_path} to back up")
    if file.exists() and file.resolve() == source_path.resolve():
        fail("the backup file must not be the database itself")
    if file.exists() and not force:
        fail(f"{file} exists already: name another file, or add --force to replace it")
    if not file.parent.is_dir():
        fail(f"there is no folder {file.parent} to write the backup in")
    partial = file.with_name(f".{file.name}.{os.getpid()}.partial")
    try:
        # Readable by its owner alone, whatever the umask: a backup holds the unfinished games' seeds and
        # the people's e-mail addresses.
        os.close(os.open(partial, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        with contextlib.closing(sqlite3.connect(source_path, timeout=10)) as source:
            describe(source)  # a Gangland database, and readable now (a restore holding it is waited for)
            with contextlib.closing(sqlite3.connect(partial)) as copy:
                source.backup(copy)  # in one step: one committed moment of the database, however busy
                copy.execute("PRAGMA journal_mode=DELETE")  # a file of its own, no -wal beside it
                revision, tables, moves = describe(copy)
        os.replace(partial, file)
    except (sqlite3.Error, ValueError, OSError) as exc:
        partial.unlink(missing_ok=True)
        fail(f"the backup of {shown} failed: {exc}")
    typer.echo(f"Backed up {shown} to {file}: {tables} tables, {moves} moves, schema revision {revision}, "
               f"{file.stat().st_size // 1024} KiB")


def restore_command(
    file: Annotated[Path, typer.Argument(help="The backup to restore (made by `gangland backup`).")],
    db: Annotated[str | None, DB_OPTION] = None,
) -> None:
    """Put the backup FILE in place of the server's SQLite database (stop the server first)."""
    url, shown = database_url(db)
    target_path = sqlite_file(url, shown, "restore")
    if target_path.exists() and target_path.resolve() == file.resolve():
        fail("the backup file is the database itself: there is nothing to restore")
    revision, tables, moves = check_backup(file)
    if not target_path.parent.is_dir():
        fail(f"there is no folder {target_path.parent} for the database")
    try:
        with contextlib.closing(sqlite3.connect(target_path, timeout=LOCK_SECONDS,
                                                isolation_level=None)) as target:
            # Held from the first lock on until closed: no server can open the database meanwhile, and
            # one that has it open (an idle connection holds a shared lock in WAL mode) keeps it from us.
            target.execute("PRAGMA locking_mode=EXCLUSIVE")
            try:
                target.execute("BEGIN EXCLUSIVE")
                target.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc):
                    raise
                fail(f"the database {shown} is in use, by a running server as far as can be told: stop "
                     "the server, then restore; nothing was changed")
            with contextlib.closing(_open_read_only(file)) as backup:
                backup.backup(target)  # one transaction: the old database or the backup, never a mix
    except sqlite3.Error as exc:
        fail(f"the database {shown} could not be restored ({exc}); nothing was changed")
    _, now = upgrade_database(url, shown)
    upgraded = "" if now == revision else f", its schema upgraded from revision {revision} to {now}"
    typer.echo(f"Restored {file} to {shown}: {tables} tables, {moves} moves{upgraded}. Start the server "
               "again.")


db_app = typer.Typer(name="db", help="The server's database: `gangland db upgrade`.", no_args_is_help=True)


@db_app.command("upgrade")
def upgrade_command(db: Annotated[str | None, DB_OPTION] = None) -> None:
    """Bring the database's schema up to date (creating it if the database has none); `gangland serve` does
    it too when it starts."""
    url, shown = database_url(db)
    before, after = upgrade_database(url, shown)
    if before == after:
        typer.echo(f"The database {shown} has the newest schema (revision {after}) already: nothing to do")
    elif before is None:
        typer.echo(f"The database {shown} was given its schema (revision {after})")
    else:
        typer.echo(f"The database {shown} was upgraded from schema revision {before} to {after}")
