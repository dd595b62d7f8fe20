"""Moving on the board (S6-S10, S27): the stops a character or a patrol may reach with its die, from the
street, a shop, the jail or the clinic, without turning back; and where a path leaves it."""

from __future__ import annotations

from .actions import dest_action
from .board import Move, moves, moves_from_jail
from .constants import CLINIC, JAIL
from .fields import StateFields


class MovementRules(StateFields):
    """Where characters and patrols may go (S6-S10, S27)."""

    __slots__ = ()

    def move_options(self, character: int) -> dict[int, Move]:
        """Destination id -> the move, for the character and its die (S6-S9); for several paths to the
        same end from the same direction, the first path in sorted order."""
        return self._move_options(self.pos[character], self.prev[character], self.entry[character],
                                  self.dice[character])

    def patrol_options(self, p: int) -> dict[int, Move]:
        """The moves of patrol `p` with its die (S27: as a character's)."""
        return self._move_options(self.ppos[p], self.pprev[p], self.pentry[p], self.pdice[p])

    def _move_options(self, here: str, before: str | None, entry: str | None, die: int) -> dict[int, Move]:
        board, geo = self.geo.board, self.geo
        if self.options["shop_exit"] == "free" or here not in board.shops:
            entry = None
            if here in board.shops:
                before = None
        key = (here, before, entry, die)
        cached = geo.move_cache.get(key)
        if cached is not None:
            return cached
        if here == JAIL:
            found = moves_from_jail(board, die, die)
        elif here == CLINIC:  # S25: out by one of the clinic's entrance squares, which is the first step
            found = tuple(Move((e, *m.path)) for e in geo.clinic_entrances
                          for m in (moves(board, e, None, die - 1) if die > 1 else (Move(()),)))
        elif here in board.shops:
            found = moves(board, here, None, die)
            if entry is not None:  # S9 "keep": out by the entrance it came in by, then straight on
                found = tuple(m for m in found if m.path[0] == entry
                              and (len(m.path) == 1 or m.path[1] != before))
        else:
            found = moves(board, here, before, die)
        options: dict[int, Move] = {}
        for m in found:
            last = m.path[-2] if len(m.path) > 1 else here
            d = geo.direction(last, m.end) if last in board.squares or last in board.shops else 0
            options.setdefault(dest_action(geo.place_index[m.end], d), m)
        geo.move_cache[key] = options
        return options

    def _arrival(self, start: str, before: str | None,
                 path: tuple[str, ...]) -> tuple[str, str | None, str | None]:
        """(where, the square before it, the entrance used) after moving along `path` from `start`."""
        board = self.geo.board
        end = path[-1]
        street_start = start in board.squares
        if end in board.shops:  # S9: it keeps the heading it had on the entrance square
            if len(path) >= 2:
                return end, (path[-3] if len(path) >= 3 else (start if street_start else None)), path[-2]
            return end, (before if street_start else None), start
        if len(path) >= 2:
            return end, path[-2], None
        return end, (start if street_start else None), None  # out of the jail or a shop with a one (L14)
