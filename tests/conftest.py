"""The `--full` switch: many-game tests play their full counts (see scale.py)."""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true",
                     help="play the full counts of the many-game tests (as GANGLAND_FULL_TESTS=1 does)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--full"):
        # Before any test module imports scale.py; xdist workers inherit the environment.
        os.environ["GANGLAND_FULL_TESTS"] = "1"
