"""Doctests read from a module's source and run in the module: the same tests in both builds.

A module compiled by mypyc keeps no docstrings, so doctest finds nothing in it; reading them from the
source (the .py file installed beside the compiled module) and running them in the module's namespace
tests the compiled code with the pure build's doctests. conftest.py collects them this way for every
compiled module in a run on the compiled build.
"""

from __future__ import annotations

import ast
import doctest
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType


def source_path(module: ModuleType) -> Path:
    """The .py file of a module, pure or compiled (whose .py is installed beside it)."""
    file = Path(module.__file__ or "")
    if file.suffix == ".py":
        return file
    name = "__init__" if hasattr(module, "__path__") else module.__name__.rpartition(".")[2]
    return file.with_name(f"{name}.py")


def source_doctests(module: ModuleType, path: Path | None = None) -> list[doctest.DocTest]:
    """The doctests of `module`'s docstrings as its source (`path`, by default `source_path`) has them,
    each to run in a copy of the module's namespace, in doctest's order (by name)."""
    path = path or source_path(module)
    parser = doctest.DocTestParser()
    tests = []
    for name, lineno, text in _docstrings(ast.parse(path.read_text(encoding="utf-8")), module.__name__):
        test = parser.get_doctest(text, module.__dict__.copy(), name, str(path), lineno)
        if test.examples:
            tests.append(test)
    return sorted(tests)


def _docstrings(node: ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef,
                name: str) -> Iterator[tuple[str, int, str]]:
    """(name, line, docstring) of a module and of the functions and classes doctest looks in."""
    text = ast.get_docstring(node, clean=False)
    if text is not None:
        yield name, (0 if isinstance(node, ast.Module) else node.lineno - 1), text
    if isinstance(node, ast.Module | ast.ClassDef):
        for child in node.body:
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                yield from _docstrings(child, f"{name}.{child.name}")
