"""How many games the many-game tests play: a few by default, the full count on request.

The default run keeps CI inside its time; `GANGLAND_FULL_TESTS=1 scripts/test` (or
`scripts/test --full`) plays the full counts, for a change to a game's rules or bots.
"""

from __future__ import annotations

import os

FULL = os.environ.get("GANGLAND_FULL_TESTS", "") not in ("", "0")
"""True when the full counts were asked for (set by `--full` too, see conftest.py)."""


def many(quick: int, full: int) -> int:
    """`full` when the full counts were asked for, else `quick`.

    >>> many(3, 300) in (3, 300)
    True
    """
    return full if FULL else quick
