"""Gangland's import graph, read from the source (nothing is imported): its circles and its layer breaches.

Every `import` statement counts wherever it stands: at the top, inside a function (a lazy import that only
dodges a circle at run time still ties the two modules together), and under `if TYPE_CHECKING:`. A
type-only import counts because it is a dependency all the same: the importer cannot be read, type-checked
or compiled (mypyc compiles an import circle as one group, and reads the types it imports) without the
module it names, so a circle of annotations is a circle for a reader and for the build.

An edge goes to the module an import names, not to the packages above it: `from .state import State` in
`gangland.engine.agent` is an edge to `gangland.engine.state` only, although Python runs
`gangland/engine/__init__.py` first. A package's `__init__` that gathers its modules is no circle; a
module that imports its own package's `__init__` (`from gangland.engine import X` inside the engine) is.

`python tests/imports.py` lists the circles and the breaches; tests/test_imports.py fails on any.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Container, Iterator, Mapping
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
"""The folder that holds the `gangland` package."""

Graph = dict[str, set[str]]
"""Each gangland module's name, and the gangland modules it imports."""


def module_files(src: Path = SRC) -> dict[str, Path]:
    """Every module of the gangland package under `src`, by its dotted name (a package by its own name)."""
    files = {}
    for path in sorted((src / "gangland").rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        files[".".join(parts)] = path
    return files


def imported_names(module: str, path: Path, modules: Container[str]) -> Iterator[str]:
    """The dotted names `module` (at `path`) imports, made absolute: for `from X import a`, X.a if that is
    one of `modules`, else X."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            for alias in node.names:
                yield f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in modules else origin


def import_graph(src: Path = SRC) -> Graph:
    """Gangland's modules under `src`, each with the gangland modules it imports (itself left out)."""
    files = module_files(src)
    return {module: {name for name in imported_names(module, path, files) if name in files and name != module}
            for module, path in files.items()}


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import circles: each strongly connected group of two or more modules, sorted (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph.get(module, ())):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def within(module: str, package: str) -> bool:
    """True if `module` is `package` or inside it."""
    return module == package or module.startswith(package + ".")


def allowed(importer: str, imported: str) -> bool:
    """Whether the layers let `importer` import `imported` (engine <- games <- agents <- front ends):
    the engine imports only itself; a game only the engine and its own package; the agents only the
    engine and themselves (they see a game through the State contract, and know nothing of rl, the
    server or the command line)."""
    if within(importer, "gangland.engine"):
        return within(imported, "gangland.engine")
    if within(importer, "gangland.games") and importer != "gangland.games":
        own = ".".join(importer.split(".")[:3])
        return within(imported, "gangland.engine") or within(imported, own)
    if within(importer, "gangland.agents"):
        return within(imported, "gangland.engine") or within(imported, "gangland.agents")
    return True


def breaches(graph: Mapping[str, set[str]]) -> list[tuple[str, str]]:
    """Each import (importer, imported) that the layers forbid, sorted."""
    return sorted((importer, imported) for importer, targets in graph.items() for imported in targets
                  if not allowed(importer, imported))


def main() -> int:
    """Print the circles and the layer breaches; 1 if there are any."""
    graph = import_graph()
    found, wrong = circles(graph), breaches(graph)
    for group in found:
        print("circle:", ", ".join(group))
        for module in group:
            print(f"  {module} -> {', '.join(sorted(graph[module] & set(group)))}")
    for importer, imported in wrong:
        print(f"layer breach: {importer} imports {imported}")
    print(f"{len(graph)} modules, {len(found)} circles, {len(wrong)} layer breaches")
    return 1 if found or wrong else 0


if __name__ == "__main__":
    sys.exit(main())
