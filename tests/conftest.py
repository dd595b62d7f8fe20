"""What every test shares: the `--full` switch (many-game tests play their full counts, see scale.py),
and a user data folder of each test's own, so that no test writes saves or a save key into the real
one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


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
