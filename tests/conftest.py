"""What every test shares: the `--full` switch (many-game tests play their full counts, see scale.py),
and a user data folder of each test's own, so that no test writes saves or a save key into the real
one."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from .server.dbservers import PostgresServer


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true",
                     help="play the full counts of the many-game tests (as GANGLAND_FULL_TESTS=1 does)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--full"):
        # Before any test module imports scale.py; xdist workers inherit the environment.
        os.environ["GANGLAND_FULL_TESTS"] = "1"


@pytest.fixture(autouse=True)
def user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user data folder of this test's own (saves and the save key go there), not the real one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("GANGLAND_SAVES", raising=False)
    return tmp_path / "data" / "gangland"


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PostgresServer]:
    """A PostgreSQL cluster of this test process's own (one per pytest-xdist worker), started on a free
    port of 127.0.0.1 in a temporary folder at its first use and stopped at the end of the session.

    If PostgreSQL cannot be started (scripts/services installs its server binaries), the tests using it
    FAIL with the reason, so that CI never silently loses them; with GANGLAND_NO_POSTGRES=1 in the
    environment they are skipped with that reason instead. A server that exists but will not start
    always fails."""
    from .server.dbservers import (  # here: psycopg only when PostgreSQL is used
        PostgresUnavailable,
        start_postgres,
    )

    try:
        server = start_postgres(tmp_path_factory.mktemp("postgres"))
    except PostgresUnavailable as e:
        reason = str(e)  # skipped or failed below, outside the except: no chained traceback
    else:
        yield server
        server.close()
        return
    if os.environ.get("GANGLAND_NO_POSTGRES") == "1":
        pytest.skip(f"PostgreSQL cannot be started (GANGLAND_NO_POSTGRES=1): {reason}")
    pytest.fail(f"PostgreSQL cannot be started: {reason}. Set GANGLAND_NO_POSTGRES=1 to skip the "
                f"PostgreSQL tests instead", pytrace=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The SQLAlchemy URL of a fresh, empty database of this test's own; each test using it runs twice:
    [sqlite] a file `gangland.db` in the test's tmp_path, [postgresql] a new database in the worker's
    `postgres_server` cluster, dropped after the test (its connections left open are closed).

    If PostgreSQL cannot be started, the [postgresql] runs FAIL with the reason (CI must not silently lose
    them), unless GANGLAND_NO_POSTGRES=1 is set, which skips them with the reason instead."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/gangland.db"
        return
    yield request.getfixturevalue("postgres_url")


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database of this test's own in the worker's `postgres_server`
    cluster, dropped after the test (its connections left open are closed)."""
    name = f"test_{uuid.uuid4().hex[:16]}"
    yield postgres_server.new_database(name)
    postgres_server.drop_database(name)
