"""scripts/build: the build GANGLAND_BUILD asks for, which scripts/serve and scripts/play run (README)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gangland.engine.compiled import COMPILED, build

REPO = Path(__file__).resolve().parents[1]
BUILD = REPO / "scripts" / "build"


def run_build(value: str | None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHON": sys.executable}
    env.pop("GANGLAND_BUILD", None)
    if value is not None:
        env["GANGLAND_BUILD"] = value
    return subprocess.run([str(BUILD)], capture_output=True, text=True, timeout=600, env=env)


@pytest.mark.parametrize("value", ["bogus", "Compiled", "mypyc"])
def test_an_unknown_build_is_refused_before_anything_is_set_up(value: str) -> None:
    done = run_build(value)
    assert done.returncode == 2
    assert done.stdout == ""
    assert f"GANGLAND_BUILD must be pure or compiled, not '{value}'" in done.stderr


def test_the_default_build_is_the_pure_one_in_dot_venv() -> None:
    if not (REPO / ".venv" / "bin" / "gangland").exists():
        pytest.skip("needs the repository's .venv (scripts/setup makes it)")
    for value in (None, "", "pure"):  # empty is unset, as in the shell
        done = run_build(value)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == str(REPO / ".venv" / "bin")
        version = subprocess.run([done.stdout.strip() + "/gangland", "--version"], capture_output=True,
                                 text=True, timeout=60)
        assert "(pure Python)" in version.stdout


@pytest.mark.skipif(build() != COMPILED, reason="run with the compiled build, which scripts/test has just "
                    "built (on the pure build's run it would build it, minutes, inside the test)")
def test_the_compiled_build_is_the_one_in_dot_venv_compiled() -> None:
    done = run_build("compiled")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(REPO / ".venv-compiled" / "bin")
    version = subprocess.run([done.stdout.strip() + "/gangland", "--version"], capture_output=True, text=True,
                             timeout=60)
    assert "(compiled with mypyc)" in version.stdout
