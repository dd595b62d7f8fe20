"""The board as the rules use it: places and shops numbered for action ids, the manholes, the sections
touching each square, the street distances (S29's sight), the headings of steps and a cache of moves."""

from __future__ import annotations

from typing import Final

from gangland.engine.errors import OptionError

from .board import Board, Move
from .board_file import load_board
from .constants import MAX_MANHOLES, MAX_PLACES, MAX_SHOPS


class Geometry:
    """A board and the tables the state needs from it; shared by every state on that board (read-only
    but for its move cache, which only ever grows with values that depend on the key alone)."""

    __slots__ = ("board", "clinic_entrances", "direction_of", "distance", "manholes", "move_cache",
                 "place_index", "places", "shop_index", "shops", "touching")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.places: tuple[str, ...] = tuple(sorted(board.squares)) + tuple(sorted(board.shops))
        if len(self.places) > MAX_PLACES:
            raise OptionError(f"{board.source}: {len(self.places)} squares and shops; at most {MAX_PLACES}")
        self.place_index = {p: i for i, p in enumerate(self.places)}
        self.shops: tuple[str, ...] = tuple(sorted(board.shops))
        self.shop_index = {s: i for i, s in enumerate(self.shops)}
        self.manholes = board.manholes()
        if len(self.manholes) > MAX_MANHOLES:
            raise OptionError(f"{board.source}: more than {MAX_MANHOLES} manholes")
        if len(self.shops) > MAX_SHOPS:
            raise OptionError(f"{board.source}: more than {MAX_SHOPS} shops")
        self.touching = {sq: board.sections_touching(sq) for sq in board.squares}
        self.move_cache: dict[tuple[str, str | None, str | None, int], dict[int, Move]] = {}
        self.direction_of: dict[tuple[str, str], int] = {}
        self.clinic_entrances = board.places["clinic"].entrances
        self.distance = self._distances()

    def _distances(self) -> dict[tuple[str, str], int]:
        """Street steps between every two places (a shop counts as its entrance squares), for S29's sight."""
        board = self.board
        near = {sq: board.neighbours(sq) for sq in board.squares}
        street: dict[str, dict[str, int]] = {}
        for origin in board.squares:
            seen, frontier, d = {origin: 0}, [origin], 0
            while frontier:
                d += 1
                frontier = [n for sq in frontier for n in near[sq] if n not in seen]
                for n in frontier:
                    seen.setdefault(n, d)
                frontier = list(dict.fromkeys(frontier))
            street[origin] = seen
        def feet(place: str) -> tuple[str, ...]:
            return board.shops[place].entrances if place in board.shops else (place,)
        far = len(board.squares)
        return {(a, b): (0 if a == b else min(street[x].get(y, far) for x in feet(a) for y in feet(b)))
                for a in self.places for b in self.places}

    def xy(self, place: str) -> tuple[int, int]:
        """The board coordinates of a square or a shop."""
        where = self.board.squares.get(place) or self.board.shops[place]
        return where.x, where.y

    def direction(self, before: str, end: str) -> int:
        """0 north, 1 east, 2 south, 3 west: the heading of the step from `before` to `end`."""
        key = (before, end)
        d = self.direction_of.get(key)
        if d is None:
            (x0, y0), (x1, y1) = self.xy(before), self.xy(end)
            d = 1 if x1 > x0 else 3 if x1 < x0 else 2 if y1 > y0 else 0
            self.direction_of[key] = d
        return d


_GEOMETRY: Final[dict[str, Geometry]] = {}


def geometry(path: str) -> Geometry:
    """The geometry of the board at `path` ("" = the packaged board), loaded once."""
    geo = _GEOMETRY.get(path)
    if geo is None:
        geo = _GEOMETRY[path] = Geometry(load_board(path or None))
    return geo
