"""What a seat cannot see, re-drawn (`determinize`).

The only thing hidden in Razzia! is which unseen card comes next: every cheque (open or face down) and
every estate is public. The unseen cards are the deck multiset, kept sorted (fields.py), so the deck
says nothing a seat does not know; a fresh generator re-draws their order.
"""

from __future__ import annotations

import random
from typing import TypeVar

from .fields import RazziaFields

S = TypeVar("S", bound=RazziaFields)


def determinize(s: S, seat: int, rng: random.Random) -> S:
    """A copy of `s` as `seat` may imagine it: the order of the unseen cards re-drawn from `rng`."""
    copy = s.clone()
    copy._rng = rng.getrandbits(64)
    return copy
