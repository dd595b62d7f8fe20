"""Fixtures of the server tests: the real server and Debian's Chromium for the browser tests."""

from __future__ import annotations

import shutil
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import CHROMIUM_ARGS, Server, running_server
from .proxies import ProxyProcess
from .realserver import RealServer


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed test's report ends with what its real servers and proxies logged: a failure seen once in CI
    (a stall behind a proxy, say) is then explained by the report itself."""
    report = yield
    if report.failed and call.when == "call":
        for name, value in getattr(item, "funcargs", {}).items():
            for part in value if isinstance(value, tuple) else (value,):
                if isinstance(part, RealServer | ProxyProcess):
                    whose = part.name if isinstance(part, ProxyProcess) else "the server"
                    report.sections.append((f"{name}: {whose}'s log (its end)", part.output()))
    return report


@pytest.fixture(scope="module")
def browser_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a module's games (each game has a table of its own)."""
    with running_server(tmp_path_factory.mktemp("server")) as running:
        yield running


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of this test's own (for a test that kills and restarts it)."""
    with running_server(tmp_path / "own-server") as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright; one per test process (xdist worker)."""
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Chromium is not installed (no `chromium` on PATH): `scripts/services` installs Debian's "
                    "chromium, which the browser tests use; they never download a browser", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        pytest.fail(f"Playwright for Python is not installed in this environment ({error}); the browser "
                    "tests need the `playwright` package (never its downloaded browsers)", pytrace=False)
    playwright = sync_playwright().start()
    try:
        launched = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
    finally:
        playwright.stop()
