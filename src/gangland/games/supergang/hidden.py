"""What a seat of Supergang cannot see (S38): nothing but the future dice, since this gang turn's dice
are thrown and public; a determinized copy has its generator re-seeded."""

from __future__ import annotations

import random
from typing import TypeVar

from .fields import SupergangFields

F = TypeVar("F", bound=SupergangFields)


def determinize(s: F, seat: int, rng: random.Random) -> F:
    """A copy of `s` with the generator re-seeded from `rng` (the future dice re-drawn)."""
    copy = s.clone()
    copy._rng = rng.getrandbits(64)
    return copy
