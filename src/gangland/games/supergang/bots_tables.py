"""Tables the Supergang bot works out once per board: the street distance between every two places,
the districts and kinds of the shops, and where a dealer of a colour may put pawns (bots_planner.py reads
them)."""

from __future__ import annotations

from collections import deque
from operator import itemgetter
from typing import Final

from .constants import JAIL
from .geometry import Geometry

DECAY: Final = 0.8
"""Discount of a target's value per square of street distance."""
FAR: Final = 99


class Tables:
    """Street distances between every two places of one board (a shop is one step from its entrances)."""

    __slots__ = ("decay", "dist", "district", "district_sizes", "free", "geo", "index", "jail_starts",
                 "kinds", "shop_places", "shop_targets")

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        board = geo.board
        names = list(geo.places)
        self.index = {p: i for i, p in enumerate(names)}
        adj: list[list[int]] = [[] for _ in names]
        for link in board.links:
            a, b = tuple(link)
            adj[self.index[a]].append(self.index[b])
            adj[self.index[b]].append(self.index[a])
        for shop in board.shops.values():
            for e in shop.entrances:
                adj[self.index[shop.id]].append(self.index[e])
                adj[self.index[e]].append(self.index[shop.id])
        self.dist: list[list[int]] = []
        for src in range(len(names)):
            d = [FAR] * len(names)
            d[src] = 0
            queue = deque([src])
            while queue:
                x = queue.popleft()
                for y in adj[x]:
                    if d[y] == FAR:
                        d[y] = d[x] + 1
                        queue.append(y)
            self.dist.append(d)
        self.decay = tuple(DECAY ** d for d in range(max(map(max, self.dist)) + 1))
        """DECAY ** d for every distance d in `dist` (FAR included)."""
        # The jail and the clinic are left by their exit squares (S6, S25).
        self.jail_starts = tuple(self.index[e.square] for e in board.jail_exits.values())
        districts: dict[str, list[int]] = {}
        for i, sid in enumerate(geo.shops):
            districts.setdefault(board.shops[sid].district, []).append(i)
        names_of_districts = list(districts)
        self.district = [names_of_districts.index(board.shops[sid].district) for sid in geo.shops]
        """Per shop (Geometry.shops order): the index of its district."""
        self.district_sizes = [len(districts[name]) for name in names_of_districts]
        """Per district: its number of shops."""
        self.kinds = [board.shops[sid].kind for sid in geo.shops]
        self.shop_places = [self.index[sid] for sid in geo.shops]
        self.free: dict[tuple[int, tuple[int, ...], frozenset[str]], Dealing] = {}
        """`free_sections` by (colour, shop owners, sections with a pawn): the same few recur for
        many decisions (cleared when large)."""
        self.shop_targets: dict[tuple[object, ...], list[tuple[int, float]]] = {}
        """The shop part of `Planner._targets` by what it reads (cleared when large)."""

    def free_sections(self, colour: int, owner: list[int], pawns: dict[str, int]) -> Dealing:
        """Where a dealer of `colour` may put pawns (`Dealing`)."""
        key = (colour, tuple(owner), frozenset(pawns))
        found = self.free.get(key)
        if found is None:
            if len(self.free) >= CACHE_SIZE:
                self.free.clear()
            found = self.free[key] = Dealing(self, colour, owner, pawns)
        return found

    def distance(self, a: str, b: str) -> int:
        """Street steps from place `a` (or the jail) to place `b`."""
        j = self.index.get(b)
        if j is None:
            return FAR
        if a == JAIL:
            return 1 + min(self.dist[i][j] for i in self.jail_starts)
        i = self.index.get(a)
        return FAR if i is None else self.dist[i][j]


class Dealing:
    """Where a dealer of one colour may put pawns, for one set of shop owners and pawns placed."""

    __slots__ = ("runs", "sections", "squares")

    def __init__(self, t: Tables, colour: int, owner: list[int], pawns: dict[str, int]) -> None:
        geo = t.geo
        shop_index = geo.shop_index
        self.sections = frozenset(sec for sec, section in geo.board.sections.items() if sec not in pawns
                                  and all(owner[shop_index[x]] in (-1, colour) for x in section.shops))
        """The sections it may put a pawn on, wherever it stands: no pawn there, no rival's shop along
        it (L30, L33)."""
        squares = []
        for sq, secs in geo.touching.items():
            count = sum(1 for sec in secs if sec in self.sections)
            if count:
                squares.append((t.index[sq], count))
        squares.sort(key=itemgetter(1), reverse=True)
        self.squares = squares
        """(place index, free sections it touches) of every square touching any, most first."""
        self.runs: dict[tuple[int, int], list[tuple[int, float]]] = {}

    def targets(self, stock: int, per_pawn: int) -> list[tuple[int, float]]:
        """The squares as targets of a dealer with `stock` pawns, worth `per_pawn` each: (place index,
        value), most valuable first."""
        run = self.runs.get((stock, per_pawn))
        if run is None:
            run = self.runs[stock, per_pawn] = [(place, min(free, stock) * per_pawn)
                                                for place, free in self.squares]
        return run


_TABLES: Final[dict[int, Tables]] = {}
CACHE_SIZE: Final = 20_000
"""Most entries of each table a board keeps of what recurs from decision to decision."""


def tables(geo: Geometry) -> Tables:
    """The tables of `geo`'s board, worked out on its first decision."""
    t = _TABLES.get(id(geo))
    if t is None or t.geo is not geo:
        t = _TABLES[id(geo)] = Tables(geo)
    return t
