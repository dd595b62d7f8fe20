"""Fixtures of the server tests: the real server and Debian's Chromium for the browser tests."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import CHROMIUM_ARGS, Server, running_server


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
