"""What a seat cannot see in Protection Racket: only the order of the draw piles (and so every future
city and flip). Everything on the table is public."""

from __future__ import annotations

import random
from typing import TypeVar

from .fields import ProtectionRacketFields

S = TypeVar("S", bound=ProtectionRacketFields)


def determinize(s: S, seat: int, rng: random.Random) -> S:
    """A copy of `s` with the draw piles shuffled from `rng` and the generator re-seeded from it."""
    copy = s.clone()
    for pile in copy.draw:
        pile.sort()  # the order before the shuffle must not carry the true order through
        rng.shuffle(pile)
    copy._rng = rng.getrandbits(64)
    return copy
