"""`gangland backup`, `gangland restore` and `gangland db upgrade` refuse what they cannot do, in one line,
and change nothing then; and `gangland serve`'s options of issue 32's observability (--log-format,
--metrics-token-file, GANGLAND_METRICS_TOKEN). The backup of a running server and its restore are tested on
the real server in tests/server/test_backup.py.
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from .server.tables import create, server
from .test_cli import assert_usage_error, run


def digest(database: Path) -> str:
    """The SHA-256 of a database's files (the file and any -wal or -shm beside it)."""
    found = hashlib.sha256()
    for path in sorted(database.parent.glob(database.name + "*")):
        found.update(path.name.encode() + path.read_bytes())
    return found.hexdigest()


def schema(database: Path) -> list[tuple[str, str]]:
    """The database's tables and indexes, as SQLite keeps them, and its schema revision."""
    with closing(sqlite3.connect(database)) as db:
        kept = sorted(db.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL").fetchall())
        return [*kept, ("revision", db.execute("SELECT version_num FROM alembic_version").fetchone()[0])]


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """An SQLite database with a finished game (four bots) and a table waiting for its person."""
    database = tmp_path / "g.db"
    with server(f"sqlite:///{database}") as client:
        create(client, "razzia", 4, ["random"] * 4)
        create(client, "razzia", 2, [None, "random"])
    return database


def test_db_upgrade_creates_the_schema_then_has_nothing_to_do(tmp_path: Path) -> None:
    database = tmp_path / "new.db"
    url = f"sqlite:///{database}"
    first = run("db", "upgrade", "--db", url)
    assert first.exit_code == 0, first.output
    assert first.stdout.startswith(f"The database {url} was given its schema (revision "), first.stdout
    made = schema(database)
    assert {"tables", "seats", "moves", "chat", "revoked_links"} <= {name for name, _ in made}
    again = run("db", "upgrade", "--db", url)
    assert again.exit_code == 0, again.output
    assert "has the newest schema" in again.stdout and "nothing to do" in again.stdout, again.stdout
    assert schema(database) == made
    assert_usage_error(run("db", "upgrade", "--db", f"sqlite:///{tmp_path}/no/such/folder/g.db"),
                       "cannot open the database")


def test_db_upgrade_uses_the_servers_database_by_default(user_data: Path) -> None:
    """Without --db: the file `gangland serve` uses, gangland.db in the user data folder."""
    answer = run("db", "upgrade")
    assert answer.exit_code == 0, answer.output
    assert str(user_data / "gangland.db") in answer.stdout
    assert "tables" in {name for name, _ in schema(user_data / "gangland.db")}


def test_a_backup_is_a_whole_database_of_its_own(played: Path, tmp_path: Path) -> None:
    url = f"sqlite:///{played}"
    copy = tmp_path / "copy.db"
    made = run("backup", str(copy), "--db", url)
    assert made.exit_code == 0, made.output
    assert made.stdout.startswith(f"Backed up {url} to {copy}: 2 tables, "), made.stdout
    with closing(sqlite3.connect(copy)) as db, closing(sqlite3.connect(played)) as original:
        for query in ("SELECT * FROM tables ORDER BY id", "SELECT * FROM moves ORDER BY table_id, step"):
            assert db.execute(query).fetchall() == original.execute(query).fetchall()
    assert not Path(f"{copy}-wal").exists()
    assert copy.stat().st_mode & 0o777 == 0o600  # the seeds of unfinished games: its owner's alone
    # A file that exists is replaced only when asked; the database itself never; nothing half-written.
    copy.write_bytes(b"an older backup")
    assert_usage_error(run("backup", str(copy), "--db", url), "exists already", "--force")
    assert copy.read_bytes() == b"an older backup"
    replaced = run("backup", str(copy), "--db", url, "--force")
    assert replaced.exit_code == 0, replaced.output
    assert sqlite3.connect(copy).execute("SELECT count(*) FROM tables").fetchone()[0] == 2
    assert_usage_error(run("backup", str(played), "--db", url, "--force"), "must not be the database itself")
    assert_usage_error(run("backup", str(tmp_path / "b.db"), "--db", f"sqlite:///{tmp_path}/none.db"),
                       "there is no database at")
    assert_usage_error(run("backup", str(tmp_path / "no" / "b.db"), "--db", url), "there is no folder")
    assert sorted(p.name for p in tmp_path.iterdir() if "partial" in p.name) == []


def test_a_restore_refuses_what_is_no_backup_and_changes_nothing(played: Path, tmp_path: Path) -> None:
    url = f"sqlite:///{played}"
    good = tmp_path / "good.db"
    assert run("backup", str(good), "--db", url).exit_code == 0
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"PK\x03\x04 a zip file, not a database" * 100)
    cut = tmp_path / "cut.db"
    cut.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    stranger = tmp_path / "stranger.db"
    with closing(sqlite3.connect(stranger)) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.commit()
    newer = tmp_path / "newer.db"
    shutil.copyfile(good, newer)
    with closing(sqlite3.connect(newer)) as db:
        db.execute("UPDATE alembic_version SET version_num = '9999'")
        db.commit()
    before = digest(played)
    refusals = {
        junk: ("is not an SQLite database", "nothing was changed"),
        cut: ("cannot be restored", "nothing was changed"),
        stranger: ("it is not a Gangland database", "nothing was changed"),
        newer: ("made by a newer Gangland", "'9999'", "nothing was changed"),
        tmp_path / "missing.db": ("there is no backup file",),
    }
    for backup, words in refusals.items():
        assert_usage_error(run("restore", str(backup), "--db", url), *words)
        assert digest(played) == before, f"the refused restore of {backup.name} changed the database"
    assert_usage_error(run("restore", str(played), "--db", url), "is the database itself")
    # The good one is taken (and a database it replaces may be a fresh one: nothing there yet).
    fresh = tmp_path / "fresh.db"
    restored = run("restore", str(good), "--db", f"sqlite:///{fresh}")
    assert restored.exit_code == 0, restored.output
    assert schema(fresh) == schema(played)
    with closing(sqlite3.connect(fresh)) as db, closing(sqlite3.connect(played)) as original:
        query = "SELECT * FROM moves ORDER BY table_id, step"
        assert db.execute(query).fetchall() == original.execute(query).fetchall()


def test_postgresql_is_backed_up_with_its_own_tools() -> None:
    for command in ("backup", "restore"):
        refused = run(command, "b.db", "--db", "postgresql+psycopg://me:s3cret@127.0.0.1:1/gangland")
        assert_usage_error(refused, "pg_dump", "pg_restore", "docs/deploy.md", "me:***@127.0.0.1:1/gangland")
        assert "s3cret" not in refused.output


def test_the_serve_options_of_logs_and_metrics_are_checked(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Each refused before the server starts, in one line (a token never shown)."""
    db = f"sqlite:///{tmp_path}/g.db"
    assert_usage_error(run("serve", "--db", db, "--log-format", "xml"), "--log-format must be text or json")
    token_file = tmp_path / "token"
    token_file.write_text("\n")
    assert_usage_error(run("serve", "--db", db, "--metrics-token-file", str(token_file)),
                       "one word of printable characters")
    assert_usage_error(run("serve", "--db", db, "--metrics-token-file", str(tmp_path / "none")),
                       "cannot read it")
    token_file.write_text("s3cret-token\n")
    monkeypatch.setenv("GANGLAND_METRICS_TOKEN", "other-s3cret")
    both = run("serve", "--db", db, "--metrics-token-file", str(token_file))
    assert_usage_error(both, "both give a metrics token")
    assert "s3cret" not in both.output
    monkeypatch.setenv("GANGLAND_METRICS_TOKEN", "two words")
    assert_usage_error(run("serve", "--db", db), "GANGLAND_METRICS_TOKEN", "one word")
