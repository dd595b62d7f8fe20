"""Reading a game's data file (an authored deck, a set of site cards): the packaged one or a user's.

A game ships its authored data inside its package and lets a user point it at their own file in the
same format. Both are read here, once, and cached: the packaged file for the life of the process, a
user's file by path, modification time and size (one user file at a time). Parsing and checking the
text is the game's business (`parse`); this module only finds and reads the text, and turns every
failure to read into the game's own error type naming the file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Final, TypeVar

T = TypeVar("T")

BUILT_IN: Final = "built-in"
"""The source name of a packaged file in messages."""

_builtin_cache: dict[tuple[str, str], object] = {}
_file_cache: dict[tuple[str, str, int, int], object] = {}


def load_data_file(path: str | None, package: str, resource: str, what: str,
                   parse: Callable[[str, str], T], error: type[Exception]) -> T:
    """`parse(text, source)` of the packaged `package`/`resource` when `path` is None or empty, else
    of the file at `path` (source: its resolved path). Cached; `error(message)` when unreadable.

    `what` names the kind of file in messages ("stooge deck", "site file").
    """
    if not path:
        key = (package, resource)
        if key not in _builtin_cache:
            try:
                text = resources.files(package).joinpath(resource).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise error(f"{BUILT_IN}: cannot read the packaged {resource}: {exc}") from None
            _builtin_cache[key] = parse(text, BUILT_IN)
        return _builtin_cache[key]  # type: ignore[return-value]
    resolved = Path(path).expanduser().resolve()
    try:
        stat = os.stat(resolved)
    except OSError as exc:
        raise error(f"{path}: cannot read the {what} file: {exc.strerror or exc}") from None
    file_key = (what, str(resolved), stat.st_mtime_ns, stat.st_size)
    if file_key not in _file_cache:
        try:
            text = resolved.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise error(f"{resolved}: cannot read the {what} file: {exc}") from None
        value = parse(text, str(resolved))
        # One user file per kind is plenty; keeps stale versions from piling up.
        for stale in [k for k in _file_cache if k[0] == what]:
            del _file_cache[stale]
        _file_cache[file_key] = value
    return _file_cache[file_key]  # type: ignore[return-value]
