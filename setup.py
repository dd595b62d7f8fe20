"""Build gangland: pure Python, as pyproject.toml describes it, unless GANGLAND_MYPYC=1 asks for the
compiled build (README, "Compiled build").

Either way the built package carries each game's rules decisions: docs/rules/<game>.md (their source,
which the sdist holds too: MANIFEST.in) is copied to gangland/games/<game>/decisions.md, which the
server's decisions page reads (server/rules.py). An editable install reads them from the checkout.

With GANGLAND_MYPYC=1 the modules that do the work of a game (the engine, every game's rules and bots,
the IS-MCTS agent) are compiled to C extensions by mypyc; the .py files are installed beside them
(Python imports the extension first). The command line, the server and the drawings stay Python: they
gain little and cost compile time. Without a working C compiler, or for an editable install (whose
extensions would shadow every later edit of the source), the install is pure Python with a message
that says why. Without the variable this file changes nothing: setup() gets no extension at all.
"""

from __future__ import annotations

import functools
import os
import sys
import sysconfig
import tempfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Distribution, Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

SRC = Path("src")
DECISIONS = Path("docs", "rules")
"""The rules decisions, one <game>.md for each game package under src/gangland/games/."""
DECISIONS_FILE = "decisions.md"
"""Their name in the built package, beside the game's rules.md (server/rules.py reads it)."""
COMPILED = ("gangland/engine", "gangland/games", "gangland/agents")
"""The folders whose modules are compiled, less NOT_COMPILED."""
NOT_COMPILED = (
    "gangland/engine/compiled.py",    # plain Python in both builds (it says which build runs)
    "gangland/engine/game.py",        # Game: the registry's objects, subclassed by test games
    "gangland/engine/record.py",      # GameRecord: a dataclass pickled by the process pools
    "gangland/engine/facts.py",       # a report's facts: replays a record once per game, not the hot path
    "gangland/engine/svg.py",         # drawing, the terminal and text: a few calls per move
    "gangland/engine/undo.py",        # an undo: a few calls per game, not the hot path
    "gangland/games/__init__.py",
    "gangland/games/*/__init__.py",   # each game's Game object (options, names): not the hot path
    "gangland/games/*/drawing*.py",
    "gangland/games/*/screen.py",
    "gangland/games/*/render.py",
    "gangland/games/*/report.py",     # a report's facts of a finished game: once per game
    "gangland/games/supergang/render_map.py",
    # Frozen dataclasses a state holds: compiled (native) they could not be pickled or copied (mypyc
    # 2.4 sets their fields on unpickling through the frozen __setattr__), nor refuse a wrong type
    # with OptionError. Mostly data read from TOML, set up once.
    "gangland/games/downtown/deck.py",
    "gangland/games/protection_racket/sites.py",
    "gangland/games/supergang/board.py",
    "gangland/games/supergang/board_file.py",  # the board's reader, with board.py's dataclasses: read once
    "gangland/games/supergang/duel.py",
)
BUILD = Path("build", "mypyc")
"""The compiled build's build folder (C sources in c/, objects, extensions)."""
MYPY = "mypy==2.4.1"
"""The mypy (it ships mypyc) a compiled build is made with: pinned, so that a build is reproducible."""
CHECKED_IMPORTS = ("numpy>=1.26",)
"""What mypyc's type check may read besides gangland and the standard library, installed in the build's own
environment beside mypy. The agents reached gangland.rl.policy, typed with numpy, which an environment set
up only to serve (scripts/setup serve) does not hold; they no longer import gangland.rl (a type check of
the compiled modules reads no numpy now), so numpy may go once a compiled build without it has passed."""


def wanted() -> bool:
    """True if GANGLAND_MYPYC asks for the compiled build."""
    value = os.environ.get("GANGLAND_MYPYC", "").strip().lower()
    if value in ("", "0", "false", "no"):
        return False
    if value in ("1", "true", "yes"):
        return True
    sys.exit(f"GANGLAND_MYPYC must be 1 (compiled build) or 0 (pure Python), not {value!r}")


def compiled_modules() -> list[str]:
    """Paths (relative to src/) of the modules to compile, sorted."""
    skip = {path for pattern in NOT_COMPILED for path in SRC.glob(pattern)}
    return sorted(str(path.relative_to(SRC)) for folder in COMPILED for path in (SRC / folder).rglob("*.py")
                  if path not in skip)


def say(message: str) -> None:
    """A line for the person installing (pip shows a build's output with -v, and when it fails)."""
    print(f"gangland: {message}", file=sys.stderr, flush=True)


def compiler_problem() -> str | None:
    """None if a C compiler builds a Python extension here, else what went wrong."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder, "probe.c")
        source.write_text("#include <Python.h>\nint probe(void) { return Py_IsInitialized(); }\n")
        try:
            objects = compiler.compile([str(source)], output_dir=folder,
                                       include_dirs=[sysconfig.get_paths()["include"]])
            compiler.link_shared_object(objects, str(Path(folder, "probe.so")))
        except Exception as exc:  # CompileError, LinkError, DistutilsExecError: no compiler, or no headers
            return f"{type(exc).__name__}: {exc}".strip()
    return None


_EXTENSIONS: list[Extension] | None = None
"""mypyc's extensions, once made."""


@functools.cache
def compiler_works() -> bool:
    """True if a C compiler builds extensions here; if not, say so (once) and why."""
    problem = compiler_problem()
    if problem is not None:
        say(f"GANGLAND_MYPYC=1 but no working C compiler ({problem}). Installing pure Python instead "
            "(the same games, at the pure build's speed); install gcc and Python's headers for the "
            "compiled build.")
    return problem is None


class BuildExt(build_ext):
    """build_ext that compiles with mypyc when asked, or says why the build stays pure Python.

    mypyc runs here, not when setup.py is read, so that pip's metadata steps stay quick."""

    def finalize_options(self) -> None:
        # Before build_ext's own: it prepares each extension it is given.
        self.distribution.ext_modules = self.mypyc_extensions()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1  # mypyc writes one C file per module
        super().finalize_options()

    def mypyc_extensions(self) -> list[Extension]:
        """mypyc's extensions, or none (after saying why) where the build stays pure Python."""
        if set(self.distribution.commands) <= {"egg_info", "dist_info", "sdist"}:
            return []  # metadata and sources only (pip asks for them first): nothing is compiled
        if self.inplace or self.editable_mode:
            say("GANGLAND_MYPYC=1 is ignored for an editable install: compiled modules in src/ would "
                "shadow every later edit of their .py files. Installing pure Python; for the compiled "
                "build use `GANGLAND_MYPYC=1 pip install .`")
            return []
        if not compiler_works():
            return []
        global _EXTENSIONS
        if _EXTENSIONS is not None:  # build_ext may be set up more than once in one build
            return _EXTENSIONS
        from mypyc.build import mypycify

        modules = compiled_modules()
        say(f"compiling {len(modules)} modules with mypyc (a minute or two)...")
        # mypy names a module by the packages above its file: src/gangland/engine/state.py is
        # gangland.engine.state.
        _EXTENSIONS = mypycify([str(SRC / m) for m in modules], opt_level="3", debug_level="0",
                               multi_file=True, target_dir=str(BUILD / "c"))
        return _EXTENSIONS

    def run(self) -> None:
        # An extension built before with another list of modules would be packed too: out with it.
        wanted = {Path(self.get_ext_fullpath(ext.name)).resolve() for ext in self.extensions}
        for path in Path(self.build_lib).rglob("*"):
            if path.name.endswith(tuple(EXTENSION_SUFFIXES)) and path.resolve() not in wanted:
                path.unlink()
        super().run()


class BuildPy(build_py):
    """build_py that also copies each game's rules decisions into the built package."""

    def decisions(self) -> dict[Path, Path]:
        """docs/rules/<game>.md -> <build_lib>/gangland/games/<game>/decisions.md, for every game package."""
        games = sorted(path.parent.name for path in (SRC / "gangland" / "games").glob("*/__init__.py"))
        missing = [game for game in games if not (DECISIONS / f"{game}.md").is_file()]
        if missing:
            sys.exit(f"gangland: no rules decisions for {', '.join(missing)} in {DECISIONS}/: build from a "
                     "checkout of gangland or from its sdist, which hold them")
        target = Path(self.build_lib, "gangland", "games")
        return {DECISIONS / f"{game}.md": target / game / DECISIONS_FILE for game in games}

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # the server reads docs/rules from the checkout itself
        for source, target in self.decisions().items():
            self.copy_file(str(source), str(target))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        shipped = [] if self.editable_mode else [str(target) for target in self.decisions().values()]
        return [*super().get_outputs(include_bytecode), *shipped]


class GanglandDistribution(Distribution):
    """A distribution that has extension modules exactly when the compiled build is asked for and a C
    compiler works (so that the wheel of a compiled build is tagged for this platform, and a pure one
    stays py3-none-any)."""

    def has_ext_modules(self) -> bool:
        return (wanted() and compiler_works()) or super().has_ext_modules()


if wanted():
    # In a build folder of its own: the pure build's (build/lib) never holds an extension.
    setup(distclass=GanglandDistribution, cmdclass={"build_ext": BuildExt, "build_py": BuildPy},
          setup_requires=[MYPY, *CHECKED_IMPORTS], options={"build": {"build_base": str(BUILD)}})
else:
    setup(cmdclass={"build_py": BuildPy})
