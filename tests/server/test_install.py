"""Issue 32: "`pip install .` (or pipx) and then `gangland serve` work outside the repository, with the page,
rules pages and migrations inside the package (test it from a wheel in a fresh venv)."

Offline and in seconds: an sdist of the checkout (so that what MANIFEST.in adds is tested too), a wheel built
from the unpacked sdist without build isolation (the setuptools of the tests' own environment, which the dev
set holds), and a fresh venv holding that wheel alone. The other packages (FastAPI, ...) the fresh venv sees
through a .pth file naming the tests' site-packages, whose editable gangland it does not see: .pth files are
read only in a venv's own site-packages (scripts/setup-compiled does the same).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import sysconfig
import tarfile
from importlib.metadata import version
from pathlib import Path

import pytest

from gangland.engine import all_games
from gangland.engine.compiled import COMPILED, build
from gangland.server.storage import Base

from .realserver import RealServer

REPO = Path(__file__).resolve().parents[2]
BUILD_SETUPTOOLS = 77
"""The setuptools that pyproject.toml's build-system asks for (its license field)."""

pytestmark = pytest.mark.skipif(
    build() == COMPILED, reason="the wheel built here is the pure one whichever build runs the tests: once, "
    "on the pure build's run, is enough")


def run(command: list[str | Path], cwd: Path) -> str:
    """Run `command` in `cwd`, without PYTHONPATH (which would put the checkout's src/ first); its output."""
    done = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True,
                          timeout=180, env=environment())
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def environment() -> dict[str, str]:
    """This process's environment without what would make Python find gangland outside the fresh venv."""
    return {key: value for key, value in os.environ.items()
            if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PIP_REQUIRE_VIRTUALENV")}


def wheel_from_sdist(work: Path) -> Path:
    """gangland's wheel, built from an sdist of the checkout, offline."""
    setuptools = version("setuptools")
    assert int(setuptools.split(".")[0]) >= BUILD_SETUPTOOLS, (
        f"setuptools {setuptools} here cannot build gangland (it needs 77 or newer, which the "
        "dev set installs: run scripts/setup)")
    dist, metadata = work / "dist", work / "egg-info"
    metadata.mkdir(parents=True)
    # The metadata in a folder of its own: setuptools would add the files listed by a SOURCES.txt left in
    # src/ by an earlier build, whatever MANIFEST.in says.
    run([sys.executable, "setup.py", "--quiet", "egg_info", "--egg-base", metadata,
         "sdist", "--dist-dir", dist], cwd=REPO)
    sdists = list(dist.glob("gangland-*.tar.gz"))
    assert len(sdists) == 1, sdists
    with tarfile.open(sdists[0]) as archive:
        archive.extractall(work / "unpacked", filter="data")
    source = next((work / "unpacked").iterdir())
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
         "--wheel-dir", dist, source], cwd=work)
    wheels = list(dist.glob("gangland-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def fresh_venv(folder: Path, wheel: Path) -> Path:
    """A venv in `folder` holding `wheel` alone, seeing the tests' other packages; its bin folder."""
    run([sys.executable, "-m", "venv", "--without-pip", folder], cwd=folder.parent)
    python = folder / "bin" / "python"
    own = run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=folder).strip()
    Path(own, "_gangland_test_packages.pth").write_text(sysconfig.get_path("purelib") + "\n")
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index",
         wheel], cwd=folder)
    return folder / "bin"


def test_a_wheel_in_a_fresh_venv_serves_the_lobby_rules_and_migrations_outside_the_repository(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wheel = wheel_from_sdist(tmp_path / "build")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    bin_folder = fresh_venv(tmp_path / "fresh", wheel)
    where = run([bin_folder / "python", "-c", "import gangland.server.rules as r; print(r.__file__)"],
                cwd=outside).strip()
    assert Path(where).is_relative_to(tmp_path / "fresh"), f"gangland came from {where}, not the fresh venv"

    # The server and its children run from `outside`, without PYTHONPATH.
    monkeypatch.chdir(outside)
    for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"):
        monkeypatch.delenv(name, raising=False)
    database = outside / "gangland.db"
    with RealServer(f"sqlite:///{database}", outside / "serve.log",
                    executable=bin_folder / "gangland") as server:
        server.start()
        status, kind, lobby = server.page("/")
        assert (status, kind.split(";")[0]) == (200, "text/html"), lobby[:300]
        assert "/static/lobby.js" in lobby
        status, kind, script = server.page("/static/lobby.js")
        assert status == 200 and "javascript" in kind and "import" in script, (status, kind, script[:200])
        for game in all_games():
            status, _, rules = server.page(f"/rules/{game.id}")
            assert status == 200 and f'href="/rules/{game.id}/decisions"' in rules, (game.id, status)
            status, _, decisions = server.page(f"/rules/{game.id}/decisions")
            source = (REPO / "docs" / "rules" / f"{type(game).__module__.rsplit('.', 1)[-1]}.md").read_text()
            heading = next(line.lstrip("# ").strip() for line in source.splitlines() if line.startswith("#"))
            assert status == 200 and heading in decisions, (game.id, status, decisions[:500])
            assert "neither this server's package" not in decisions
    with sqlite3.connect(database) as connection:
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert set(Base.metadata.tables) | {"alembic_version"} <= tables, tables
