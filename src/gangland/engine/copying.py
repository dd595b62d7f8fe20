"""How a state is copied: slot by slot, as its fields class declares (`PhaseState.COPIED` and `NESTED`).

The copy is written out as straight-line code from the declarations, in one of two ways:

- `copier(cls)`: a function made at run time (as `dataclasses` makes `__init__`), what
  `PhaseState.clone` uses for a class that has no copy of its own;
- `copier_source(cls)`: the text of a game's `fields_copy.py`, the same function as a module, which a
  compiled build compiles to C like the rest of the game (made at run time, a copy of a compiled state
  goes through Python's attribute look-ups and takes two to three times as long). Write it with
  `scripts/fields-copy`; `tests/test_shape.py` checks that
  every game's file is what this writes, so that it cannot drift from the declarations.

`scripts/fields-copy` writes every game's (`write_copier`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast


def slot_names(cls: type) -> list[str]:
    """Every slot of `cls` and its bases, bases first; TypeError for a name in `COPIED` or `NESTED` that
    is not a slot (a typo would otherwise share what must be copied)."""
    # Compiled by mypyc, a class keeps no __slots__ but lists every attribute, its bases' too, in
    # __mypyc_attrs__ (and "__dict__" where interpreted subclasses are allowed).
    slots: list[str] = []
    for klass in reversed(cls.__mro__):
        declared = klass.__dict__.get("__mypyc_attrs__") or klass.__dict__.get("__slots__", ())
        for name in [declared] if isinstance(declared, str) else declared:
            if not name.startswith("__") and name not in slots:
                if not name.isidentifier():
                    raise TypeError(f"{cls.__name__} has a slot {name!r} that is not a name")
                slots.append(name)
    copied: tuple[str, ...] = getattr(cls, "COPIED", ())
    nested: tuple[str, ...] = getattr(cls, "NESTED", ())
    unknown = sorted(set(copied + nested) - set(slots))
    if unknown:
        raise TypeError(f"{cls.__name__} declares {unknown} copied, but they are not among its slots")
    return slots


def copy_statements(cls: type) -> list[str]:
    """The statements that copy `state` into `new`, one per slot of `cls`, in a stable order."""
    copied: tuple[str, ...] = getattr(cls, "COPIED", ())
    nested: tuple[str, ...] = getattr(cls, "NESTED", ())
    statements = []
    for name in sorted(slot_names(cls)):
        if name in nested:
            statements.append(f"new.{name} = [part.copy() for part in state.{name}]")
        elif name in copied:
            statements.append(f"new.{name} = state.{name}.copy()")
        else:
            statements.append(f"new.{name} = state.{name}")
    return statements


def copier(cls: type) -> Callable[[Any], Any]:
    """A function that copies a `cls` state, made now from the class's declarations."""
    statements = [f"    {statement}" for statement in copy_statements(cls)]
    lines = ["def copy(state):", "    new = cls()", *statements, "    return new"]
    namespace: dict[str, Any] = {"cls": cls}
    exec("\n".join(lines), namespace)  # the text is made of the class's own slot names
    return cast(Callable[[Any], Any], namespace["copy"])


def copier_source(cls: type) -> str:
    """The text of the `fields_copy.py` module of `cls`, a game's fields class."""
    name = cls.__name__
    return "\n".join([
        f'"""Copies a {name} state slot by slot, as its COPIED and NESTED say.',
        "",
        "Written by scripts/fields-copy from fields.py: do not edit (tests/test_shape.py checks that it is",
        'what that writes)."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import TypeVar",
        "",
        f"from .fields import {name}",
        "",
        f'S = TypeVar("S", bound={name})',
        "",
        "",
        "def copy_fields(state: S) -> S:",
        '    """An independent copy of `state`."""',
        "    new = type(state)()",
        *(f"    {statement}" for statement in copy_statements(cls)),
        "    return new",
        "",
    ])


BOOTSTRAP = (
    '"""A stand-in until scripts/fields-copy writes this game\'s copy (it replaces this file)."""\n\n'
    "from typing import Any\n\nfrom gangland.engine.copying import copier\n\n\n"
    "def copy_fields(state: Any) -> Any:\n    return copier(type(state))(state)\n"
)
"""The fields_copy.py of a new game before its first copy is written: its state module imports one."""


def write_copier(cls: type) -> Path:
    """Write the fields_copy.py of `cls`, a game's fields class, beside the module that defines it; its
    path."""
    target = Path(str(sys.modules[cls.__module__].__file__)).with_name("fields_copy.py")
    target.write_text(copier_source(cls))
    return target
