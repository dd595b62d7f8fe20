"""Supergang's text map: one line a board row, three columns a cell, with the pieces drawn in the cells,
so that the whole board fits an 80 x 24 terminal (issue 15) with room for the decision under it.

The edges carry the coordinates the names use: square s05_12 is in column 05 (the numbers along the
top) and row 12 (the numbers down the left side). A gang's digit is its seat's number counted from 1, as
a person counts seats (gang 2 is the second seat's). A shop shows its id (R1) and a mark: its owner's gang
as a superscript digit (R1²), a racket token's gang as a subscript digit (R1₂). A gangster is its gang's
digit and its role letter (2K: gang 2's killer; V vamp, D dealer; lower case while vamped), a patrol P
or p, and '+' ends a cell holding more. Pieces in a shop stand in its yard, an empty cell beside it,
behind an arrow pointing at the shop (^2K: in the shop above); the jail, the clinic and the graveyard
list theirs in their own cells and around them (+3: three more).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gangland.engine.seats import seat_ref

from .board import Board
from .board_file import load_board
from .options import DEFAULTS
from .view import CharacterView, GangView, PatrolView, SupergangView

ROLES = ("killer", "vamp", "dealer")
ROLE_LETTER = {"killer": "K", "vamp": "V", "dealer": "D"}
PLACE_LABEL = {"jail": "jail", "clinic": "clinic", "graveyard": "grave"}
PATROL_GLYPHS = ("P", "p")
"""Patrols 1 and 2 on the map: one letter, since "P1" and "P2" name shops of the purple district."""
OWNER_MARK = str.maketrans("0123456789", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")
"""An owner's gang (its seat counted from 1) as a superscript digit."""
RACKET_MARK = str.maketrans("0123456789", "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089")
"""A racketeer's gang (its seat counted from 1) as a subscript digit."""
ARROWS = {(0, 1): "^", (0, -1): "v", (1, 0): "<", (-1, 0): ">"}
"""A yard's arrow by the yard's offset from its shop: below the shop '^' (the shop is above), ..."""
ROW_LABEL = 3
"""Columns before the first cell: the row number and a space. With 26 cells of three columns the last
cell keeps two, so that a line is 80 columns at most."""
MAP_KEY = (
    "map: s05_12 is column 05 (top), row 12 (left); . street, o manhole, = bridge",
    "R1 a shop: R1\u00b2 owned by gang 2, R1\u2082 gang 2's racket; 2K gang 2's killer (V vamp,",
    "D dealer; 2k vamped); P p patrols; 2K+ more; ^2K in the shop above (v < > also)",
)

"""The map's key in three lines of at most 80 columns (the screen's '?' and the whole table's legend)."""


@functools.lru_cache(maxsize=8)
def _board(path: str) -> Board:
    """The board a view was played on, loaded once (the view carries its path as option `board`)."""
    return load_board(path or None)


def view_board(view: SupergangView) -> Board:
    """The board of `view`: its `board` option, else the packaged board."""
    options = view.get("options") or {}
    path = options.get("board", "") if isinstance(options, Mapping) else ""
    return _board(path if isinstance(path, str) else "")


# -- pieces ----------------------------------------------------------------------------------------


def glyph(gang: int, role: str, vamped: bool = False) -> str:
    """Two characters for a gangster: its gang's digit (its seat counted from 1) and role letter, lower
    case while vamped.

    >>> glyph(1, "killer"), glyph(2, "dealer", vamped=True)
    ('2K', '3d')
    """
    letter = ROLE_LETTER.get(role, role[:1].upper() or "?")
    return f"{gang + 1}{letter.lower() if vamped else letter}"


def patrol_glyph(index: int) -> str:
    """The map's letter for patrol `index` (from 0): P, then p."""
    return PATROL_GLYPHS[index] if index < len(PATROL_GLYPHS) else str(index + 1)


def gangs_of(view: SupergangView) -> list[GangView]:
    """The view's gangs in seat order (the entries that are not dicts left out)."""
    gangs = view.get("gangs") or []
    return [g for g in gangs if isinstance(g, dict)]


def characters(gang: GangView) -> list[tuple[str, CharacterView]]:
    """A gang's characters in role order (killer, vamp, dealer), then any other the view names."""
    chars = gang.get("characters") or {}
    order = [r for r in ROLES if r in chars] + sorted(r for r in chars if r not in ROLES)
    return [(r, chars[r]) for r in order if isinstance(chars[r], dict)]


def patrols_of(view: SupergangView) -> list[PatrolView]:
    """The view's patrols in order, patrol 1 first (the entries that are not dicts left out)."""
    return [p for p in view.get("patrols") or [] if isinstance(p, dict)]


def pieces(view: SupergangView) -> dict[str, list[str]]:
    """Where every piece is: square, shop or place id -> glyphs, gangsters first then patrols."""
    where: dict[str, list[str]] = {}
    for g, gang in enumerate(gangs_of(view)):
        for role, char in characters(gang):
            at = char.get("at")
            if isinstance(at, str):
                where.setdefault(at, []).append(glyph(g, role, char.get("vamped_by") is not None))
    for i, patrol in enumerate(patrols_of(view)):
        at = patrol.get("at")
        if isinstance(at, str):
            where.setdefault(at, []).append(patrol_glyph(i))
    return where


def shop_marks(view: SupergangView) -> dict[str, tuple[int, int]]:
    """Shop id -> (owner, racketeer), -1 for none, for the shops the view lists."""
    out: dict[str, tuple[int, int]] = {}
    for shop, info in (view.get("shops") or {}).items():
        if isinstance(info, dict):
            out[shop] = (int(info.get("owner", -1)), int(info.get("racket", -1)))
    return out


# -- the layout of a board -------------------------------------------------------------------------


Slot = tuple[int, int, str]
"""A cell (x, y) where pieces are drawn for a shop or a place, and its arrow ('' inside a place)."""


@dataclass(frozen=True)
class Layout:
    """A board's cells without pieces, and where each shop's and place's pieces go."""

    base: tuple[tuple[str, ...], ...]
    slots: Mapping[str, tuple[Slot, ...]]


def _label_cells(label: str, width: int) -> list[str]:
    """A place's name across the cells of its first row: as many cells as it needs, at most `width`."""
    used = min(width, -(-len(label) // 3))
    text = label[:3 * used].ljust(3 * used)
    return [text[3 * i:3 * i + 3] for i in range(used)]


_LAYOUTS: dict[int, tuple[Board, Layout]] = {}


def layout(board: Board) -> Layout:
    """The cells of `board` and the slots of its shops (one yard each, the first free cell beside it:
    below, above, left, right) and places (their cells after the name, then the free cells around);
    made once a board."""
    known = _LAYOUTS.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    if len(_LAYOUTS) >= 8:
        _LAYOUTS.clear()
    made = _layout(board)
    _LAYOUTS[id(board)] = (board, made)
    return made


def _layout(board: Board) -> Layout:
    grid = [["   "] * board.width for _ in range(board.height)]
    taken: set[tuple[int, int]] = set()
    decks = {b.deck for b in board.bridges.values()}
    for s in board.squares.values():
        grid[s.y][s.x] = " = " if s.id in decks else " o " if s.manhole else " . "
        taken.add((s.x, s.y))
    for shop in board.shops.values():
        grid[shop.y][shop.x] = shop.id[:2].ljust(3)
        taken.add((shop.x, shop.y))
    inside: dict[str, list[Slot]] = {}
    for place in board.places.values():
        taken |= place.cells()
        label = _label_cells(PLACE_LABEL.get(place.id, place.id), place.width)
        for i, text in enumerate(label):
            grid[place.y][place.x + i] = text
        inside[place.id] = [(x, y, "") for y in range(place.y, place.y + place.height)
                            for x in range(place.x, place.x + place.width)
                            if y > place.y or x >= place.x + len(label)]

    def free(x: int, y: int) -> bool:
        return 0 <= x < board.width and 0 <= y < board.height and (x, y) not in taken

    slots: dict[str, tuple[Slot, ...]] = {}
    for shop in sorted(board.shops.values(), key=lambda s: s.id):
        for (dx, dy), arrow in ARROWS.items():
            if free(shop.x + dx, shop.y + dy):
                taken.add((shop.x + dx, shop.y + dy))
                slots[shop.id] = ((shop.x + dx, shop.y + dy, arrow),)
                break
    for place in sorted(board.places.values(), key=lambda p: p.id):
        around: list[Slot] = []
        for x, y in sorted(place.cells(), key=lambda c: (c[1], c[0])):
            for (dx, dy), arrow in ARROWS.items():
                if free(x + dx, y + dy):
                    taken.add((x + dx, y + dy))
                    around.append((x + dx, y + dy, arrow))
        slots[place.id] = tuple(sorted(inside[place.id] + around, key=lambda s: (s[1], s[0])))
    return Layout(tuple(tuple(row) for row in grid), slots)


# -- drawing ---------------------------------------------------------------------------------------


def _in_cell(glyphs: Sequence[str]) -> str:
    """A street cell: one glyph, or the first and '+' when several share the square."""
    return glyphs[0][:2].ljust(2) + ("+" if len(glyphs) > 1 else " ")


def _fill(slots: Sequence[Slot], glyphs: Sequence[str], grid: list[list[str]]) -> None:
    """Put a shop's or a place's pieces in its slots; with too few slots the last one says '+N' (N more).
    A single yard holds one piece, or '+N' for N of them."""
    for n, (x, y, arrow) in enumerate(slots):
        if n >= len(glyphs):
            return
        room = 3 - len(arrow)
        left = len(glyphs) - n
        last = n == len(slots) - 1
        text = glyphs[n] if not last or left == 1 else f"+{left}"
        grid[y][x] = (arrow + text[:room]).ljust(3)


def map_lines(view: SupergangView) -> list[str]:
    """The map: a line of column numbers, then one line a board row, its number first, with the shops'
    marks and every piece on it (the sewers are off the map)."""
    board = view_board(view)
    plan = layout(board)
    grid = [list(row) for row in plan.base]
    marks = shop_marks(view)
    for shop in board.shops.values():
        owner, racket = marks.get(shop.id, (-1, -1))
        mark = str(owner + 1).translate(OWNER_MARK) if owner >= 0 else (
            str(racket + 1).translate(RACKET_MARK) if racket >= 0 else " ")
        grid[shop.y][shop.x] = shop.id[:2].ljust(2) + mark[-1]
    for where, glyphs in pieces(view).items():
        spot = board.squares.get(where)
        if spot is not None:
            grid[spot.y][spot.x] = _in_cell(glyphs)
            continue
        slots = plan.slots.get(where, ())
        if slots:
            _fill(slots, glyphs, grid)
        elif where in board.shops:  # a shop with no free cell beside it (another board): '+' on it
            shop = board.shops[where]
            grid[shop.y][shop.x] = shop.id[:2].ljust(2) + "+"
    last = board.width - 1
    for where, glyphs in pieces(view).items():
        spot = board.squares.get(where)
        if spot is not None and spot.x == last and len(glyphs) > 1:
            grid[spot.y][last] = f"+{len(glyphs)}"[:2]  # the last cell has two columns: "+N" for N here
    lines = [ROW_LABEL * " " + "".join(f"{x:>2} " for x in range(board.width)).rstrip()]
    lines += [f"{y:02d} " + "".join(grid[y])[:3 * last + 2].rstrip() for y in range(board.height)]
    return lines


def map_cell(lines: Sequence[str], x: int, y: int) -> str:
    """The three characters of cell (x, y) in `map_lines` (for tests)."""
    start = ROW_LABEL + 3 * x
    return lines[1 + y][start:start + 3].ljust(3)


# -- characters and options as every text and drawing names them ---------------------------------


def character_name(gang: int, role: str) -> str:
    """A character as the events, the actions and the view's `actor` name it: "⟨s1⟩'s vamp"."""
    return f"{seat_ref(gang)}'s {role}"


def option(view: SupergangView, name: str) -> Any:
    """An option of the game the view shows (the view lists only those that differ from the defaults)."""
    options = view.get("options") or {}
    return options.get(name, DEFAULTS[name]) if isinstance(options, Mapping) else DEFAULTS[name]


def vamping_notes(char: CharacterView) -> list[str]:
    """What a character's view says about vamping beyond who holds it: freed and not yet moved (L43), and
    for a vamp the character it may not vamp next (L42)."""
    notes = ["freed: no vamping it until it moves"] if char.get("protected") else []
    victim = char.get("last_victim")
    if isinstance(victim, Mapping):
        notes.append(f"may not vamp {character_name(victim['gang'], victim['role'])} next")
    return notes
