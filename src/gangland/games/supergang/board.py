"""The Supergang city board: its squares, shops, sections and places, the moves along its streets, and
two renderings (a text map and an SVG picture). The authored board.toml is read and checked by
board_file.py."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from gangland.engine.errors import OptionError


class BoardError(OptionError):
    """A board file that cannot be used; the message names the file, the element and the field."""


@dataclass(frozen=True)
class Square:
    """A street square at (x, y); a manhole links it to every other manhole."""

    id: str
    x: int
    y: int
    manhole: bool = False


@dataclass(frozen=True)
class District:
    """A coloured district of 7-8 shops; `id` is the letter shown on the text map."""

    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class Shop:
    """A shop: a square of its own, entered from the street squares beside its notches (`entrances`)."""

    id: str
    district: str
    kind: str
    x: int
    y: int
    entrances: tuple[str, ...]

    @property
    def managers(self) -> int:
        """One manager for a basic shop, two for a shop with initials (T, V, D) or a star."""
        return 1 if self.kind == "basic" else 2


@dataclass(frozen=True)
class Section:
    """A section of sidewall: the street squares it touches and the shops it lines (0, 1 or 2)."""

    id: str
    squares: tuple[str, ...]
    shops: tuple[str, ...]


@dataclass(frozen=True)
class Place:
    """An off-street place (jail, clinic, graveyard): a rectangle of cells for drawing; `entrances` are
    the street squares from which it is reached (the clinic's: S25)."""

    id: str
    x: int
    y: int
    width: int
    height: int
    entrances: tuple[str, ...] = ()

    def cells(self) -> frozenset[tuple[int, int]]:
        """The (x, y) cells the place covers."""
        return frozenset((x, y) for x in range(self.x, self.x + self.width)
                         for y in range(self.y, self.y + self.height))


@dataclass(frozen=True)
class JailExit:
    """A way out of the jail, picked by a die face: the move's first square, then `heading` (straight on)."""

    face: int
    square: str
    heading: str


@dataclass(frozen=True)
class Bridge:
    """A bridge: `deck` is the street square on it; the links in `under` pass beneath it (no square)."""

    id: str
    deck: str
    under: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Move:
    """One way to spend a die: the squares entered in order (the last may be a shop id)."""

    path: tuple[str, ...]

    @property
    def end(self) -> str:
        """The square (or shop) where the character stops and acts."""
        return self.path[-1]


@dataclass(frozen=True)
class Board:
    """The whole city: streets, links, shops, sidewall sections, places, jail exits and bridges."""

    source: str
    name: str
    width: int
    height: int
    squares: Mapping[str, Square]
    links: frozenset[frozenset[str]]
    districts: Mapping[str, District]
    shops: Mapping[str, Shop]
    sections: Mapping[str, Section]
    places: Mapping[str, Place]
    jail_exits: Mapping[int, JailExit]
    bridges: Mapping[str, Bridge]

    def neighbours(self, square: str) -> tuple[str, ...]:
        """The street squares linked to `square`, sorted."""
        return tuple(sorted(other for link in self.links if square in link
                            for other in link if other != square))

    def shops_at(self, square: str) -> tuple[str, ...]:
        """The shops entered from street square `square`, sorted."""
        return tuple(sorted(s.id for s in self.shops.values() if square in s.entrances))

    def manholes(self) -> tuple[str, ...]:
        """The manhole squares, sorted."""
        return tuple(sorted(s.id for s in self.squares.values() if s.manhole))

    def sections_touching(self, square: str) -> tuple[str, ...]:
        """The sidewall sections touching street square `square` (where a dealer may put pawns)."""
        return tuple(sorted(s.id for s in self.sections.values() if square in s.squares))

    def sections_lining(self, shop: str) -> tuple[str, ...]:
        """The sidewall sections lining shop `shop`."""
        return tuple(sorted(s.id for s in self.sections.values() if shop in s.shops))


def _paths(board: Board, here: str, previous: str | None, left: int,
           barred_shop: str | None) -> Iterator[tuple[str, ...]]:
    """Paths of exactly `left` squares from street square `here`, never back to `previous`."""
    for nxt in board.neighbours(here):
        if nxt == previous:
            continue
        if left == 1:
            yield (nxt,)
        else:
            for rest in _paths(board, nxt, here, left - 1, barred_shop):
                yield (nxt, *rest)
    if left == 1:
        for shop in board.shops_at(here):
            if shop != barred_shop:
                yield (shop,)


def moves(board: Board, start: str, came_from: str | None, steps: int) -> tuple[Move, ...]:
    """Every way to move exactly `steps` squares from `start` without turning back, sorted by path.

    `start` is a street square or a shop; `came_from` is the square entered just before it (None: any
    direction, as after a move of one out of a shop or out of a manhole). A step never goes back to
    the square just left ("never turns back"); a shop is entered only at the last step, from one of
    its entrances, and never the shop the move started in ("he may never cross the shop square twice
    in the same turn"). Out of a shop, the first step is onto one of its entrances.
    """
    if steps < 1:
        raise ValueError(f"a move is at least one square, not {steps}")
    found: set[tuple[str, ...]] = set()
    if start in board.shops:
        for entrance in board.shops[start].entrances:
            if steps == 1:
                found.add((entrance,))
            else:
                found.update((entrance, *rest) for rest in _paths(board, entrance, None, steps - 1, start))
    elif start in board.squares:
        found.update(_paths(board, start, came_from, steps, None))
    else:
        raise ValueError(f"unknown square or shop {start!r}")
    return tuple(Move(path) for path in sorted(found))


def moves_from_jail(board: Board, face: int, steps: int) -> tuple[Move, ...]:
    """The moves of a character leaving the jail by the exit of die `face`, `steps` squares long.

    "Each character starts straight ahead, in the direction shown by its dice": the first square is the
    exit's square, the second its heading; after that the usual rules apply.
    """
    if steps < 1:
        raise ValueError(f"a move is at least one square, not {steps}")
    exit_ = board.jail_exits[face]
    if steps == 1:
        return (Move((exit_.square,)),)
    if steps == 2:
        return (Move((exit_.square, exit_.heading)),)
    return tuple(Move((exit_.square, exit_.heading, *rest)) for rest in
                 sorted(_paths(board, exit_.heading, exit_.square, steps - 2, None)))


def step_heading(board: Board, before: str, end: str) -> int:
    """0 north, 1 east, 2 south, 3 west: the heading of the step from `before` to `end` (squares or
    shops; y grows southwards)."""
    a = board.squares.get(before) or board.shops[before]
    b = board.squares.get(end) or board.shops[end]
    return 1 if b.x > a.x else 3 if b.x < a.x else 2 if b.y > a.y else 0


# --- Rendering ------------------------------------------------------------------------------------

KIND_MARK = {"basic": ".", "T": "T", "V": "V", "D": "D", "star": "*"}
PLACE_MARK = {"jail": "j", "clinic": "c", "graveyard": "g"}


def text_map(board: Board) -> str:
    """A plain-text map, three columns a cell: streets '.', manholes 'o', bridge decks '=', shops as
    district letter and kind (T, V, D, '*' star, '.' basic), places j(ail), c(linic), g(raveyard)."""
    grid = [["   "] * board.width for _ in range(board.height)]
    decks = {b.deck for b in board.bridges.values()}
    for s in board.squares.values():
        grid[s.y][s.x] = " = " if s.id in decks else " o " if s.manhole else " . "
    for shop in board.shops.values():
        grid[shop.y][shop.x] = f"{shop.district}{KIND_MARK[shop.kind]} "
    for place in board.places.values():
        for x, y in place.cells():
            grid[y][x] = f" {PLACE_MARK[place.id]} "
    lines = ["".join(row).rstrip() for row in grid]
    legend = ["", ". street  o manhole  = bridge deck (the street across passes under it, no square)",
              "shop: district letter + T, V, D, * (star) or . (basic)  j jail  c clinic  g graveyard",
              "districts: " + ", ".join(f"{d.id} {d.name}" for d in board.districts.values())]
    return "\n".join(lines + legend) + "\n"


CELL = 24


def board_svg(board: Board) -> str:
    """An SVG drawing of the board: street squares, links under bridges, manholes, bridge decks, shops
    coloured by district with their kind and notches, and the jail, clinic and graveyard."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{board.width * CELL}" '
           f'height="{board.height * CELL}" viewBox="0 0 {board.width * CELL} {board.height * CELL}">',
           f"<title>{escape(board.name)}</title>",
           f'<rect width="{board.width * CELL}" height="{board.height * CELL}" fill="#f4f1ea"/>']

    def centre(x: int, y: int) -> tuple[float, float]:
        return x * CELL + CELL / 2, y * CELL + CELL / 2

    for s in board.squares.values():
        out.append(f'<rect x="{s.x * CELL + 1}" y="{s.y * CELL + 1}" width="{CELL - 2}" '
                   f'height="{CELL - 2}" fill="#9a9a9a"><title>{s.id}</title></rect>')
        if s.manhole:
            cx, cy = centre(s.x, s.y)
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL / 3}" fill="#333" stroke="#ddd"/>')
    for b in board.bridges.values():
        d = board.squares[b.deck]
        for a, z in b.under:
            (x1, y1), (x2, y2) = centre(board.squares[a].x, board.squares[a].y), \
                centre(board.squares[z].x, board.squares[z].y)
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#555" '
                       f'stroke-dasharray="3,3"/>')
        out.append(f'<rect x="{d.x * CELL - 2}" y="{d.y * CELL + 3}" width="{CELL + 4}" '
                   f'height="{CELL - 6}" fill="#8b5a2b" stroke="#3b2a1b">'
                   f"<title>{escape(b.id)}</title></rect>")
    for shop in board.shops.values():
        colour = board.districts[shop.district].colour
        out.append(f'<rect x="{shop.x * CELL + 2}" y="{shop.y * CELL + 2}" width="{CELL - 4}" '
                   f'height="{CELL - 4}" fill="{colour}" stroke="#222"><title>{shop.id}</title></rect>')
        cx, cy = centre(shop.x, shop.y)
        mark = "\u2605" if shop.kind == "star" else "" if shop.kind == "basic" else shop.kind
        if mark:
            out.append(f'<text x="{cx}" y="{cy + 4}" font-size="12" text-anchor="middle">{mark}</text>')
        for e in shop.entrances:
            ex, ey = centre(board.squares[e].x, board.squares[e].y)
            mx, my = (cx + ex) / 2, (cy + ey) / 2
            out.append(f'<circle cx="{mx}" cy="{my}" r="2" fill="#fff"/>')
    fills = {"jail": "#555", "clinic": "#fff", "graveyard": "#222"}
    for place in board.places.values():
        tx, ty = (place.x + place.width / 2) * CELL, (place.y + place.height / 2) * CELL
        text = "#000" if place.id == "clinic" else "#fff"
        out.append(f'<rect x="{place.x * CELL}" y="{place.y * CELL}" width="{place.width * CELL}" '
                   f'height="{place.height * CELL}" fill="{fills[place.id]}" stroke="#000"/>')
        out.append(f'<text x="{tx}" y="{ty + 4}" font-size="11" text-anchor="middle" '
                   f'fill="{text}">{place.id}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def section_bar(board: Board, squares: Sequence[str], shops: Sequence[str],
                cell: float = CELL) -> tuple[float, float, float, float] | None:
    """The sidewall of a section as a thin rectangle (x, y, w, h) in board units: on the side of its
    squares away from the street, towards its shops when it has some; `cell` units a cell."""
    cells = [board.squares[s] for s in squares if s in board.squares]
    if not cells:
        return None
    street = {(s.x, s.y) for s in board.squares.values()}
    lined = {(s.x, s.y) for s in (board.shops.get(i) for i in shops) if s is not None}

    def off_street(dx: int, dy: int) -> bool:
        return all((c.x + dx, c.y + dy) not in street and 0 <= c.x + dx < board.width
                   and 0 <= c.y + dy < board.height for c in cells)

    def towards_shops(dx: int, dy: int) -> bool:
        return not lined or any((c.x + dx, c.y + dy) in lined for c in cells)

    side = next((d for d in ((0, -1), (0, 1), (-1, 0), (1, 0)) if off_street(*d) and towards_shops(*d)), None)
    if side is None:
        return None
    dx, dy = side
    x0, x1 = min(c.x for c in cells), max(c.x for c in cells)
    y0, y1 = min(c.y for c in cells), max(c.y for c in cells)
    thick = 6.0
    if dy:
        edge = (y0 + (1 if dy > 0 else 0)) * cell
        return x0 * cell + 4, edge - thick / 2, (x1 - x0 + 1) * cell - 8, thick
    edge = (x0 + (1 if dx > 0 else 0)) * cell
    return edge - thick / 2, y0 * cell + 4, thick, (y1 - y0 + 1) * cell - 8
