"""Chance: shuffling and the gangster draw pile, all from the state's own generator (`splitmix64`), so a
game is fully determined by its seed and actions."""

from __future__ import annotations

from gangland.engine.rng import splitmix64

from .fields import DowntownFields


def shuffled(s: DowntownFields, items: list[int]) -> list[int]:
    """`items` shuffled in place by the state's generator (and returned)."""
    for i in range(len(items) - 1, 0, -1):
        s._rng, r = splitmix64(s._rng)
        j = r % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def draw_gangster(s: DowntownFields) -> int:
    """The top gangster of the draw pile, or -1 when the draw and discard piles are both empty.

    "If the pile is used up, all gangster cards of the discard pile are shuffled" (D14): the pile is
    a multiset drawn at random, so shuffling is pouring the discard pile into it.
    """
    draw = s.draw
    total = draw[0] + draw[1] + draw[2]
    if not total:
        _reshuffle(s)
        total = draw[0] + draw[1] + draw[2]
        if not total:
            return -1
    s._rng, r = splitmix64(s._rng)
    r %= total
    kind = 0 if r < draw[0] else 1 if r < draw[0] + draw[1] else 2
    draw[kind] -= 1
    if total == 1:
        _reshuffle(s)
    return kind


def _reshuffle(s: DowntownFields) -> None:
    if sum(s.discard):
        for k in range(3):
            s.draw[k] += s.discard[k]
            s.discard[k] = 0
        s.events.append((None, "the gangster discard pile is shuffled into a new draw pile"))
