"""What every test shares: the `--full` switch (many-game tests play their full counts, see scale.py),
a user data folder of each test's own, so that no test writes saves or a save key into the real
one, and the check that the build under test is the one meant (GANGLAND_EXPECT_BUILD, see
`CompiledBuild`)."""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from _pytest.doctest import (
    DoctestItem,
    DoctestModule,
    _get_checker,
    _get_continue_on_failure,
    _get_runner,
    get_optionflags,
)

import gangland
from gangland.engine.compiled import COMPILED, PURE, build, is_compiled

if TYPE_CHECKING:
    from .server.dbservers import PostgresServer


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true",
                     help="play the full counts of the many-game tests (as GANGLAND_FULL_TESTS=1 does)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--full"):
        # Before any test module imports scale.py; xdist workers inherit the environment.
        os.environ["GANGLAND_FULL_TESTS"] = "1"
    expected = os.environ.get("GANGLAND_EXPECT_BUILD")
    builds = {"compiled": COMPILED, "pure": PURE}
    if expected is not None and expected not in builds:
        raise pytest.UsageError(f"GANGLAND_EXPECT_BUILD must be compiled or pure, not {expected!r}")
    if expected is not None and build() != builds[expected]:
        raise pytest.UsageError(f"GANGLAND_EXPECT_BUILD={expected}, but the gangland imported from "
                                f"{Path(gangland.__file__).parent} is {build()}")
    if build() == COMPILED:
        config.pluginmanager.register(CompiledBuild(config.rootpath), "gangland-compiled-build")


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


class CompiledBuild:
    """The checks and the doctests of a run on the compiled build (README, "Compiled build"), a plugin
    registered by `pytest_configure` when the gangland imported is compiled.

    * The installed package must hold the source under test: every .py file of `src/gangland` the same
      as the one installed beside its compiled module. A build older than the source is refused.
    * The server's rules pages read the checkout's docs/rules, as when run from a checkout.
    * Every gangland module is imported from the installed package before collection: pytest's
      `--import-mode=importlib` would otherwise import a `src/gangland` file that no test imported yet
      (a doctest path) from the source, as a pure Python module under the compiled one's name. After
      collection, a gangland module imported from anywhere else than the installed package stops the run.
    * mypyc keeps no docstrings, so `--doctest-modules` finds no doctest in a compiled module: here
      each compiled module's doctests are read from its source, as doctest would, and run in the
      compiled module's namespace, so that they test the compiled code under the same names.
    """

    def __init__(self, rootpath: Path) -> None:
        self.installed = Path(gangland.__file__).parent
        self.source = rootpath / "src" / "gangland"
        if self.source.is_dir():
            stale = sorted(str(path.relative_to(self.source)) for path in self.source.rglob("*.py")
                           if "__pycache__" not in path.parts and not self._same(path))
            if stale:
                more = f" and {len(stale) - 5} more" if len(stale) > 5 else ""
                raise pytest.UsageError(f"the compiled build in {self.installed} is not built from "
                                        f"{self.source}: these files differ: {', '.join(stale[:5])}{more}; "
                                        "rebuild it (scripts/test does)")
        for module in pkgutil.walk_packages(gangland.__path__, "gangland."):
            name = module.name
            if name != "gangland.__main__" and not name.startswith("gangland.server.migrations"):
                importlib.import_module(name)
        # The server serves the rules decisions from the checkout's docs/rules, found beside src/ (as
        # scripts/serve runs it); the installed build is not in a checkout: show it this one's.
        rules = importlib.import_module("gangland.server.rules")
        rules.DOCS_RULES = rootpath / "docs" / "rules"

    def _same(self, path: Path) -> bool:
        installed = self.installed / path.relative_to(self.source)
        return installed.is_file() and installed.read_bytes() == path.read_bytes()

    def pytest_collect_file(self, file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
        if (file_path.suffix != ".py" or not parent.config.option.doctestmodules
                or not file_path.is_relative_to(self.source)):
            return None
        parts = file_path.relative_to(self.source.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name not in sys.modules or not is_compiled(name):
            return None
        return CompiledDoctests.from_parent(parent, path=file_path)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        strays = sorted(f"{name} ({module.__file__})" for name, module in list(sys.modules.items())
                        if name.partition(".")[0] == "gangland" and getattr(module, "__file__", None)
                        and not Path(module.__file__).is_relative_to(self.installed))  # type: ignore[arg-type]
        if strays:
            pytest.exit(f"the compiled build's run imported gangland modules from elsewhere than "
                        f"{self.installed}: {', '.join(strays)}", returncode=3)


class CompiledDoctests(DoctestModule):
    """The doctests of a compiled module: read from its source, run in the compiled module."""

    def collect(self) -> Iterable[DoctestItem]:
        from .doctests import source_doctests

        self.session._fixturemanager.parsefactories(self)
        runner = _get_runner(verbose=False, optionflags=get_optionflags(self.config), checker=_get_checker(),
                             continue_on_failure=_get_continue_on_failure(self.config))
        for test in source_doctests(self.obj, self.path):
            yield DoctestItem.from_parent(self, name=test.name, runner=runner, dtest=test)
