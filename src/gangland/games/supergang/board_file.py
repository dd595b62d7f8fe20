"""Reading a Supergang board file: the authored board.toml (or a file in its format), checked.

The printed board is unknown (only a fragment of the rules survives: rulebooks/supergang-en-fragment.txt),
so the built-in board is authored as data. The loader refuses any file that breaks a known fact of the
game, naming the file, the element and the field: 36 shops in 5 districts of 7-8, 5 manholes, no square
under a bridge, no dead end (a character never turns back), every square and shop reachable from the jail.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections import deque
from collections.abc import Iterable
from typing import Any, Never

from gangland.engine.datafile import load_data_file

from .board import Board, BoardError, Bridge, District, JailExit, Place, Section, Shop, Square

PACKAGE = "gangland.games.supergang"
RESOURCE = "board.toml"
COMPACT = "compact"
"""The `board` option's name for the packaged compact city (S57), `board_compact.toml`."""
COMPACT_RESOURCE = "board_compact.toml"

SHOP_COUNT = 36
DISTRICT_COUNT = 5
DISTRICT_SIZES = (7, 8)
MANHOLE_COUNT = 5
KINDS = ("basic", "T", "V", "D", "star")
"""Shop kinds: a basic shop has one manager; a shop with initials (T, V, D) or a star has two."""
PLACES = ("jail", "clinic", "graveyard")
DIE_FACES = range(1, 7)

_ID = re.compile(r"^[A-Za-z0-9_-]+$")


def _show(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value).lower() if isinstance(value, bool) \
        else type(value).__name__ if isinstance(value, dict | list) else str(value)


class _Reader:
    """Reads one element's fields, raising BoardError naming the file, the element and the field."""

    def __init__(self, source: str, element: str, data: object) -> None:
        self.source = source
        self.element = element
        if not isinstance(data, dict):
            self.fail("", f"must be a table, got {_show(data)}")
        self.data: dict[str, Any] = data

    def fail(self, field: str, message: str) -> Never:
        where = f"{self.element}: {field}: " if field else f"{self.element}: "
        raise BoardError(f"{self.source}: {where}{message}")

    def fields(self, allowed: Iterable[str]) -> None:
        extra = sorted(set(self.data) - set(allowed))
        if extra:
            self.fail(extra[0], "unknown field")

    def _get(self, field: str, default: object) -> object:
        if field not in self.data:
            if default is None:
                self.fail(field, "missing")
            return default
        return self.data[field]

    def text(self, field: str) -> str:
        value = self._get(field, None)
        if not isinstance(value, str) or not _ID.match(value):
            self.fail(field, f"must be a name of letters, digits, '-' or '_', got {_show(value)}")
        return value

    def string(self, field: str) -> str:
        value = self._get(field, None)
        if not isinstance(value, str) or not value.strip():
            self.fail(field, f"must be a non-empty string, got {_show(value)}")
        return value

    def number(self, field: str, low: int, high: int | None = None) -> int:
        value = self._get(field, None)
        if not isinstance(value, int) or isinstance(value, bool) or value < low or \
                (high is not None and value > high):
            top = f" and at most {high}" if high is not None else ""
            self.fail(field, f"must be an integer at least {low}{top}, got {_show(value)}")
        return value

    def flag(self, field: str, default: bool) -> bool:
        value = self._get(field, default)
        if not isinstance(value, bool):
            self.fail(field, f"must be true or false, got {_show(value)}")
        return value

    def names(self, field: str) -> tuple[str, ...]:
        value = self._get(field, None)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(field, f"must be a list of names, got {_show(value)}")
        if len(set(value)) != len(value):
            self.fail(field, "lists a name twice")
        return tuple(value)


def _tables(source: str, data: dict[str, Any], key: str) -> list[object]:
    value = data.get(key)
    if not isinstance(value, list) or not value:
        raise BoardError(f"{source}: {key}: must be a non-empty list of tables, got {_show(value)}")
    return value


def _unique(reader: _Reader, seen: set[str], ident: str) -> None:
    if ident in seen:
        reader.fail("id", f"{ident!r} is used twice")
    seen.add(ident)


def _adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


TOP_LEVEL = ("authored", "name", "version", "width", "height", "square", "link", "shop", "section",
             "district", "place", "jail_exit", "bridge")


def parse_board(text: str, source: str) -> Board:
    """Parse and check a board file's text; `source` names it in messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"{source}: not valid TOML: {exc}") from None
    top = _Reader(source, "board", data)
    top.fields(TOP_LEVEL)
    if not top.flag("authored", False):
        top.fail("authored", "must be true: the printed board is unknown, so every board is authored")
    name = top.string("name")
    top.number("version", 1)
    width, height = top.number("width", 1), top.number("height", 1)

    squares: dict[str, Square] = {}
    at: dict[tuple[int, int], str] = {}
    for i, raw in enumerate(_tables(source, data, "square")):
        r = _Reader(source, f"square #{i + 1}", raw)
        r.fields(("id", "x", "y", "manhole"))
        ident = r.text("id")
        r.element = f"square {ident}"
        _unique(r, set(squares), ident)
        square = Square(ident, r.number("x", 0, width - 1), r.number("y", 0, height - 1),
                        r.flag("manhole", False))
        if (square.x, square.y) in at:
            r.fail("x", f"({square.x}, {square.y}) is already square {at[square.x, square.y]}")
        squares[ident] = square
        at[square.x, square.y] = ident

    def pos(ident: str) -> tuple[int, int]:
        return squares[ident].x, squares[ident].y

    bridges: dict[str, Bridge] = {}
    raw_bridges = data.get("bridge", [])
    if not isinstance(raw_bridges, list):
        raise BoardError(f"{source}: bridge: must be a list of tables, got {_show(raw_bridges)}")
    for i, raw in enumerate(raw_bridges):
        r = _Reader(source, f"bridge #{i + 1}", raw)
        r.fields(("id", "deck", "under"))
        ident = r.text("id")
        r.element = f"bridge {ident}"
        _unique(r, set(bridges), ident)
        deck = r.text("deck")
        if deck not in squares:
            r.fail("deck", f"{deck!r} is not a street square")
        under_raw = r.data.get("under")
        if not isinstance(under_raw, list) or not under_raw or not all(
                isinstance(u, list) and len(u) == 2 and all(isinstance(v, str) for v in u)
                for u in under_raw):
            r.fail("under", f"must be a non-empty list of [square, square] links, got {_show(under_raw)}")
        under: list[tuple[str, str]] = []
        for a, b in under_raw:
            for end in (a, b):
                if end not in squares:
                    r.fail("under", f"{end!r} is not a street square")
            (ax, ay), (bx, by), (dx, dy) = pos(a), pos(b), pos(deck)
            if (ax + bx, ay + by) != (2 * dx, 2 * dy) or abs(ax - bx) + abs(ay - by) != 2:
                r.fail("under", f"the link {a}-{b} does not pass straight under the deck {deck}: "
                                "there is no square under a bridge")
            under.append((a, b))
        bridges[ident] = Bridge(ident, deck, tuple(under))
    passing_under = {frozenset(link): b.id for b in bridges.values() for link in b.under}

    links: set[frozenset[str]] = set()
    for i, raw in enumerate(_tables(source, data, "link")):
        element = f"link #{i + 1}"
        if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(v, str) for v in raw):
            raise BoardError(f"{source}: {element}: must be [square, square], got {_show(raw)}")
        for end in raw:
            if end not in squares:
                raise BoardError(f"{source}: {element}: {end!r} is not a street square")
        link = frozenset(raw)
        if len(link) != 2:
            raise BoardError(f"{source}: {element}: links square {raw[0]} to itself")
        if link in links:
            raise BoardError(f"{source}: {element}: links {raw[0]} and {raw[1]} twice")
        if link not in passing_under and not _adjacent(pos(raw[0]), pos(raw[1])):
            raise BoardError(f"{source}: {element}: {raw[0]} and {raw[1]} are not side by side "
                             "(only a link passing under a bridge may skip a square)")
        links.add(link)
    for link, bridge in passing_under.items():
        a, b = sorted(link)
        if link not in links:
            raise BoardError(f"{source}: bridge {bridge}: under: {a}-{b} is not a link")
        deck = bridges[bridge].deck
        if frozenset((deck, a)) in links or frozenset((deck, b)) in links:
            raise BoardError(f"{source}: bridge {bridge}: deck: {deck} is linked to the street passing "
                             "under it; there is no square under a bridge")

    degree = {ident: 0 for ident in squares}
    for link in links:
        for end in link:
            degree[end] += 1
    for ident, count in degree.items():
        if count < 2:
            raise BoardError(f"{source}: square {ident}: links: a dead end ({count} link(s)); a character "
                             "never turns back, so every square needs at least two links")
    manholes = [s.id for s in squares.values() if s.manhole]
    if len(manholes) != MANHOLE_COUNT:
        raise BoardError(f"{source}: square: manhole: {len(manholes)} manholes, the city has "
                         f"{MANHOLE_COUNT}")

    places: dict[str, Place] = {}
    for i, raw in enumerate(_tables(source, data, "place")):
        r = _Reader(source, f"place #{i + 1}", raw)
        r.fields(("id", "x", "y", "width", "height", "entrances"))
        ident = r.text("id")
        r.element = f"place {ident}"
        if ident not in PLACES:
            r.fail("id", f"must be one of {', '.join(PLACES)}, got {ident!r}")
        _unique(r, set(places), ident)
        entrances = r.names("entrances") if isinstance(raw, dict) and "entrances" in raw else ()
        for e in entrances:
            if e not in squares:
                r.fail("entrances", f"{e!r} is not a street square")
        if ident == "clinic" and not entrances:
            r.fail("entrances", "the clinic needs at least one entrance square (S25)")
        place = Place(ident, r.number("x", 0, width - 1), r.number("y", 0, height - 1),
                      r.number("width", 1), r.number("height", 1), entrances)
        for cell in place.cells():
            if cell in at:
                r.fail("x", f"covers street square {at[cell]}; places are off the street")
            if not (0 <= cell[0] < width and 0 <= cell[1] < height):
                r.fail("width", "runs off the board")
        places[ident] = place
    for ident in PLACES:
        if ident not in places:
            raise BoardError(f"{source}: place {ident}: missing")
    taken = {cell: p.id for p in places.values() for cell in p.cells()}
    if len(taken) != sum(len(p.cells()) for p in places.values()):
        raise BoardError(f"{source}: place: places overlap")

    jail = places["jail"]
    exits: dict[int, JailExit] = {}
    for i, raw in enumerate(_tables(source, data, "jail_exit")):
        r = _Reader(source, f"jail_exit #{i + 1}", raw)
        r.fields(("face", "square", "heading"))
        face = r.number("face", 1, 6)
        r.element = f"jail_exit {face}"
        if face in exits:
            r.fail("face", f"face {face} picks two exits")
        first, heading = r.text("square"), r.text("heading")
        if first not in squares:
            r.fail("square", f"{first!r} is not a street square")
        if not any(_adjacent(pos(first), cell) for cell in jail.cells()):
            r.fail("square", f"{first} is not beside the jail")
        if frozenset((first, heading)) not in links:
            r.fail("heading", f"{heading!r} is not linked to {first}")
        exits[face] = JailExit(face, first, heading)
    missing = [f for f in DIE_FACES if f not in exits]
    if missing:
        raise BoardError(f"{source}: jail_exit {missing[0]}: face: no exit for this die face")

    districts: dict[str, District] = {}
    for i, raw in enumerate(_tables(source, data, "district")):
        r = _Reader(source, f"district #{i + 1}", raw)
        r.fields(("id", "name", "colour"))
        ident = r.text("id")
        r.element = f"district {ident}"
        _unique(r, set(districts), ident)
        if len(ident) != 1 or not ident.isupper():
            r.fail("id", f"must be one capital letter (shown on the map), got {ident!r}")
        colour = r.string("colour")
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
            r.fail("colour", f"must be #rrggbb, got {colour!r}")
        districts[ident] = District(ident, r.string("name"), colour)
    if len(districts) != DISTRICT_COUNT:
        raise BoardError(f"{source}: district: {len(districts)} districts, the city has {DISTRICT_COUNT}")

    shops: dict[str, Shop] = {}
    for i, raw in enumerate(_tables(source, data, "shop")):
        r = _Reader(source, f"shop #{i + 1}", raw)
        r.fields(("id", "district", "kind", "x", "y", "entrances"))
        ident = r.text("id")
        r.element = f"shop {ident}"
        _unique(r, set(shops) | set(squares), ident)
        district = r.text("district")
        if district not in districts:
            r.fail("district", f"{district!r} is not a district")
        kind = r.string("kind")
        if kind not in KINDS:
            r.fail("kind", f"must be one of {', '.join(KINDS)}, got {kind!r}")
        x, y = r.number("x", 0, width - 1), r.number("y", 0, height - 1)
        if (x, y) in at:
            r.fail("x", f"({x}, {y}) is street square {at[x, y]}; a shop is a square of its own")
        if (x, y) in taken:
            r.fail("x", f"({x}, {y}) is already {taken[x, y]}")
        entrances = r.names("entrances")
        if not entrances:
            r.fail("entrances", "a shop needs at least one notch to enter it by")
        for e in entrances:
            if e not in squares:
                r.fail("entrances", f"{e!r} is not a street square")
            if not _adjacent(pos(e), (x, y)):
                r.fail("entrances", f"{e} is not beside the shop at ({x}, {y})")
        shops[ident] = Shop(ident, district, kind, x, y, entrances)
        taken[x, y] = f"shop {ident}"
    if len(shops) != SHOP_COUNT:
        raise BoardError(f"{source}: shop: {len(shops)} shops, the city has {SHOP_COUNT}")
    for d in districts.values():
        size = sum(1 for s in shops.values() if s.district == d.id)
        if not DISTRICT_SIZES[0] <= size <= DISTRICT_SIZES[1]:
            raise BoardError(f"{source}: district {d.id}: shops: {size} shops, a district has "
                             f"{DISTRICT_SIZES[0]}-{DISTRICT_SIZES[1]}")

    sections: dict[str, Section] = {}
    for i, raw in enumerate(_tables(source, data, "section")):
        r = _Reader(source, f"section #{i + 1}", raw)
        r.fields(("id", "squares", "shops"))
        ident = r.text("id")
        r.element = f"section {ident}"
        _unique(r, set(sections), ident)
        touched, lined = r.names("squares"), r.names("shops")
        if not touched:
            r.fail("squares", "a section touches at least one street square")
        for sq in touched:
            if sq not in squares:
                r.fail("squares", f"{sq!r} is not a street square")
        for a, b in itertools.pairwise(touched):
            if not _adjacent(pos(a), pos(b)):
                r.fail("squares", f"{a} and {b} are not side by side; a section is one stretch of sidewall")
        if len(lined) > 2:
            r.fail("shops", "a section lines at most two shops")
        for shop in lined:
            if shop not in shops:
                r.fail("shops", f"{shop!r} is not a shop")
            s = shops[shop]
            if not any(_adjacent(pos(sq), (s.x, s.y)) for sq in touched):
                r.fail("shops", f"shop {shop} is not beside any square of the section")
        sections[ident] = Section(ident, touched, lined)
    lined_shops = {shop for s in sections.values() for shop in s.shops}
    for shop in shops:
        if shop not in lined_shops:
            raise BoardError(f"{source}: shop {shop}: sections: no section of sidewall lines it")

    board = Board(source, name, width, height, squares, frozenset(links), districts, shops, sections,
                  places, exits, bridges)
    reached = reachable(board)
    for ident in squares:
        if ident not in reached:
            raise BoardError(f"{source}: square {ident}: links: cannot be reached from the jail")
    return board


def reachable(board: Board) -> frozenset[str]:
    """The street squares and shops reachable from the jail's exits."""
    seen = {e.square for e in board.jail_exits.values()}
    queue = deque(seen)
    while queue:
        for nxt in board.neighbours(queue.popleft()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    shops = {s.id for s in board.shops.values() if any(e in seen for e in s.entrances)}
    return frozenset(seen | shops)


def load_board(path: str | None = None) -> Board:
    """The packaged board (path None or empty), the packaged compact city (`COMPACT`, S57) or the board
    file at `path`; BoardError if unusable."""
    if path == COMPACT:
        return load_data_file(None, PACKAGE, COMPACT_RESOURCE, "board", parse_board, BoardError)
    return load_data_file(path, PACKAGE, RESOURCE, "board", parse_board, BoardError)
