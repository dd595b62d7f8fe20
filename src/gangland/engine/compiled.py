"""What the compiled build (mypyc, setup.py) needs from the source, and which build runs.

This module itself is never compiled: it holds what must behave as plain Python in both builds.
"""

from __future__ import annotations

import abc
import sys
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    def mypyc_attr(*args: object, **kwargs: object) -> Callable[[type], type]:
        """mypyc's options for a class (here `allow_interpreted_subclasses`): read by mypyc when it
        compiles; in Python, a decorator that changes nothing."""
        return lambda cls: cls


def own_abc_caches(cls: type) -> None:
    """Give `cls`, an abstract class, the caches of `issubclass` answers of its own.

    mypyc makes a compiled class without calling `ABCMeta.__new__`, so the class would share its nearest
    initialised ancestor's caches (here `abc.ABC`'s), which remember an answer per class asked about, not
    per pair: once `issubclass(RazziaState, DowntownState)` was False, `issubclass(RazziaState,
    PhaseState)` would be False too, and `isinstance` would follow. A class that has its own is left as it
    is, so this is idempotent and changes nothing in the pure build.
    """
    init = getattr(abc, "_abc_init", None)  # the C implementation's; the pure-Python fallback has none
    if init is not None and "_abc_impl" not in vars(cls):
        init(cls)


COMPILED = "compiled with mypyc"
PURE = "pure Python"


def is_compiled(module: str) -> bool:
    """True if the module named `module` (imported) is an extension module, as the compiled build's are.

    >>> is_compiled("gangland.engine.compiled")
    False
    """
    path = getattr(sys.modules[module], "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def build() -> str:
    """Which build of gangland runs: "compiled with mypyc" if its engine is an extension module (the
    compiled build, README "Compiled build"), else "pure Python".

    The engine's state module is found, not imported (it imports this module): the file an import of it
    loads, or loaded, is the one the import system finds first.
    """
    spec = find_spec(f"{__package__}.state")
    origin = spec.origin if spec is not None else None
    return COMPILED if (origin or "").endswith(tuple(EXTENSION_SUFFIXES)) else PURE
