"""scripts/build: the build GANGLAND_BUILD asks for, which scripts/serve and scripts/play run (README); and
scripts/setup's levels (serve for those two, dev for scripts/test)."""

from __future__ import annotations

import hashlib
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


def setup_in(folder: Path, level: str | None, stamp: str | None) -> subprocess.CompletedProcess[str]:
    """scripts/setup LEVEL in a copy of the scripts beside this pyproject.toml, with .venv's stamp `stamp`
    ("LEVEL HASH", HASH standing for pyproject.toml's) and no Python to install with (PYTHON names none)."""
    (folder / "scripts").mkdir(exist_ok=True)
    (folder / "scripts" / "setup").write_bytes((REPO / "scripts" / "setup").read_bytes())
    (folder / "scripts" / "setup").chmod(0o755)
    (folder / "pyproject.toml").write_bytes((REPO / "pyproject.toml").read_bytes())
    (folder / ".venv").mkdir(exist_ok=True)
    kept = folder / ".venv" / ".gangland-installed"
    kept.unlink(missing_ok=True)
    if stamp is not None:
        digest = hashlib.sha256((REPO / "pyproject.toml").read_bytes()).hexdigest()
        kept.write_text(stamp.replace("HASH", digest) + "\n")
    env = {**os.environ, "PYTHON": str(folder / "no-such-python")}
    return subprocess.run([str(folder / "scripts" / "setup"), *([level] if level else [])],
                          capture_output=True, text=True, timeout=60, env=env)


def test_setup_installs_a_level_once_and_the_dev_level_serves_too(tmp_path: Path) -> None:
    """scripts/serve asks for the serve level, scripts/test for dev (the default): a stamp that says a level
    for this pyproject.toml is enough, dev is enough for serve, and anything else sets .venv up (here it
    stops at once: PYTHON names no interpreter)."""
    for level, stamp in (("serve", "serve HASH"), ("serve", "dev HASH"), (None, "dev HASH"),
                         ("dev", "dev HASH")):
        done = setup_in(tmp_path, level, stamp)
        assert (done.returncode, done.stderr) == (0, ""), (level, stamp, done.stderr)
    for level, stamp in (("dev", "serve HASH"), (None, "serve HASH"), ("serve", "serve 0123"),
                         ("serve", None), ("serve", "HASH")):
        done = setup_in(tmp_path, level, stamp)
        assert done.returncode == 1 and "gangland needs Python 3.11 or newer" in done.stderr, (level, stamp)
    assert [path.name for path in (tmp_path / ".venv").iterdir()] == [".gangland-installed"]  # nothing made


def test_setup_refuses_an_unknown_level_and_changes_nothing(tmp_path: Path) -> None:
    done = setup_in(tmp_path, "everything", "serve HASH")
    assert done.returncode == 2
    assert "scripts/setup takes serve or dev (the default), not 'everything'" in done.stderr
    assert (tmp_path / ".venv" / ".gangland-installed").read_text().startswith("serve ")
