"""Supergang's table in the narrow layout (a phone's, NARROW_WIDTH units wide), from the seat's view alone.

The city is 26 squares wide: at a thumb's TARGET a square it would be 1,250 units, at the drawing's width
a square would be 13, far too small to touch. So a narrow drawing shows the city twice: the whole of it
small (`overview`, nothing on it to touch) with a frame round the part drawn large under it, and that
part (`COLUMNS` columns, every row) at TARGET units a square (`board_layer` scaled by SCALE), chosen
round the piece that moves and the most things the seat may act on (`window`). A square or shop that
may be acted on outside that part is a tile of its own under it ("elsewhere"), and the pieces, too small
to touch there, are touched in their gangs' panels (a row a character) and the city panel (a row a
patrol). The header's buttons and those rows are TARGET high (drawing_panels.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine.seats import seat_ref
from ...engine.svg import INK, NARROW_WIDTH, TARGET, document, group, rect, seat_colour, text
from .drawing import CELL, board_layer
from .drawing_panels import header, panels_below
from .drawing_table import (
    GOLD,
    PAD,
    POLICE,
    Table,
    pieces_at,
    read_table,
    shop_acts,
    square_acts,
    stop_hint,
    tint,
)
from .render_map import characters, gangs_of, patrols_of, shop_marks
from .view import SupergangView

SCALE = TARGET / CELL
"""How much larger than in the wide drawing the close-up draws the city."""
COLUMNS = int((NARROW_WIDTH - 2 * PAD) // TARGET)
"""The columns of the city the close-up shows (7 of 26)."""
MAP_CELL = 13
"""A square of the overview (the whole city in 338 units)."""
STREET, PLACE = "#c9c6bd", "#555555"
ARROWS = {-1: "\u2190", 1: "\u2192"}


def targets(table: Table) -> dict[str, list[str]]:
    """Each square and shop the seat could act on (the drawing's names, from the view), with the names."""
    marks = shop_marks(table.view)
    out = {sid: acts for sid in table.board.squares if (acts := square_acts(table, sid))}
    for sid in table.board.shops:
        owner, racket = marks.get(sid, (-1, -1))
        if acts := shop_acts(table, sid, owner, racket):
            out[sid] = acts
    return out


def _column(table: Table, sid: str) -> int:
    cell = table.board.squares.get(sid) or table.board.shops[sid]
    return cell.x


def _here_columns(table: Table) -> list[int]:
    """The columns of where the moving piece stands (a square, a shop or a place)."""
    here, board = str(table.here), table.board
    if here in board.squares or here in board.shops:
        return [_column(table, here)]
    place = board.places.get(here)
    return list(range(place.x, place.x + place.width)) if place is not None else []


def _piece_columns(table: Table) -> list[int]:
    """The column of each square or shop, and the middle column of each place, where a piece stands
    that the seat could act on (move, attack, vamp, arrest)."""
    board, out = table.board, []
    for where, here in pieces_at(table).items():
        if not any(piece.acts for piece in here):
            continue
        place = board.places.get(where)
        if where in board.squares or where in board.shops:
            out.append(_column(table, where))
        elif place is not None:
            out.append(place.x + place.width // 2)
    return out


def window(table: Table, acted: Mapping[str, list[str]]) -> int:
    """The first column of the close-up: round the moving piece and the most things to act on (squares,
    shops, pieces); with none, round the pieces of the gang to act (or the middle of the city)."""
    board = table.board
    columns = min(COLUMNS, board.width)
    here = _here_columns(table)
    focus = [_column(table, sid) for sid in acted] + _piece_columns(table)
    centre = here or focus
    if not centre:
        to_act = table.view.get("to_act")
        gangs = gangs_of(table.view)
        if isinstance(to_act, int) and to_act < len(gangs):
            where = [str(char.get("at")) for _, char in characters(gangs[to_act])]
            centre = [_column(table, at) for at in where if at in board.squares or at in board.shops]
    middle = sum(centre) / len(centre) if centre else board.width / 2

    def score(first: int) -> tuple[int, int, float]:
        inside = range(first, first + columns)
        return (sum(x in inside for x in here), sum(x in inside for x in focus),
                -abs(first + (columns - 1) / 2 - middle))

    return max(range(board.width - columns + 1), key=score)


def overview(table: Table, y: float, first: int) -> tuple[list[str], float]:
    """The whole city small, from `y`: streets, shops in their districts' colours framed in their owners',
    the jail, clinic and graveyard, a dot a piece, and a gold frame round the close-up's columns."""
    board, view = table.board, table.view
    left = (NARROW_WIDTH - board.width * MAP_CELL) / 2
    top = y + 22
    size = MAP_CELL - 1
    streets = "".join(f"M{left + s.x * MAP_CELL:g} {top + s.y * MAP_CELL:g}h{size}v{size}h-{size}z"
                      for s in board.squares.values())
    body = [text(PAD, y + 14, "The city (the framed part is drawn large below)", 12, "bold"),
            rect(left - 3, top - 3, board.width * MAP_CELL + 6, board.height * MAP_CELL + 6, "#e9e4d6",
                 "#b5ad97", 4),
            f'<path d="{streets}" fill="{STREET}"/>']
    marks = shop_marks(view)
    for sid, shop in sorted(board.shops.items()):
        owner = marks.get(sid, (-1, -1))[0]
        colour = board.districts[shop.district].colour
        body.append(rect(left + shop.x * MAP_CELL, top + shop.y * MAP_CELL, size, size, tint(colour, 0.4),
                         seat_colour(owner) if owner >= 0 else colour, 1.5,
                         'stroke-width="2"' if owner >= 0 else ""))
    for place in board.places.values():
        body.append(rect(left + place.x * MAP_CELL, top + place.y * MAP_CELL, place.width * MAP_CELL - 1,
                         place.height * MAP_CELL - 1, PLACE, "#111", 2))
    crowd: dict[str, int] = {}
    dots = [(str(char.get("at")), seat_colour(g)) for g, gang in enumerate(gangs_of(view))
            for _, char in characters(gang)]
    dots += [(str(patrol.get("at")), POLICE) for patrol in patrols_of(view)]
    for at, colour in dots:
        cell = board.squares.get(at) or board.shops.get(at)
        spot = board.places.get(at)
        if cell is not None:
            cx, cy = cell.x, cell.y
        elif spot is not None:
            cx, cy = spot.x + crowd.get(at, 0) % spot.width, spot.y
        else:
            continue  # in the sewers
        n = crowd[at] = crowd.get(at, 0) + 1
        dx = (n - 1) % 2 * 6 - 3 if cell is not None and n > 1 else 0
        px, py = left + (cx + 0.5) * MAP_CELL + dx, top + (cy + 0.5) * MAP_CELL
        body.append(f'<circle cx="{px:g}" cy="{py:g}" r="3.5" fill="{colour}" stroke="#ffffff" '
                    'stroke-width="1"/>')
    columns = min(COLUMNS, board.width)
    body.append(rect(left + first * MAP_CELL - 2, top - 2, columns * MAP_CELL + 3,
                     board.height * MAP_CELL + 3, "none", GOLD, 3, 'stroke-width="2.5"'))
    hover = f"the whole city; columns {first + 1} to {first + columns} of {board.width} are drawn large below"
    return [group(body, title=hover, cls="overview")], 22 + board.height * MAP_CELL + 12


def elsewhere(table: Table, acted: Mapping[str, list[str]], first: int, y: float) -> tuple[list[str], float]:
    """A tile TARGET high for each square or shop to act on outside the close-up, with an arrow to the
    side it lies on; and the height they take."""
    outside = sorted((sid for sid in acted if not first <= _column(table, sid) < first + COLUMNS),
                     key=lambda sid: (_column(table, sid), sid))
    if not outside:
        return [], 0
    parts = [text(PAD, y + 14, "Also (outside the part drawn large):", 12, "bold")]
    width, gap = (NARROW_WIDTH - 2 * PAD - 16) / 3, 8
    for i, sid in enumerate(outside):
        x, top = PAD + i % 3 * (width + gap), y + 22 + i // 3 * (TARGET + gap)
        side = ARROWS[-1 if _column(table, sid) < first else 1]
        label = f"{side} {sid}" if side == ARROWS[-1] else f"{sid} {side}"
        fill = "#ffe28a" if sid in table.dests else "#fbfaf6"
        parts.append(group([rect(x, top, width, TARGET, fill, GOLD, 6),
                            text(x + width / 2, top + TARGET / 2 + 5, label, 13, "bold", "middle", INK)],
                           title=f"{sid}{stop_hint(table, sid)}", act=acted[sid], cls="elsewhere"))
    rows = -(-len(outside) // 3)
    return parts, 22 + rows * (TARGET + gap) + 4


def view_svg(view: SupergangView) -> str:
    """The table as one seat's view shows it, in the narrow layout (see the module docstring)."""
    table = read_table(view)
    board = table.board
    parts, y = header(table, NARROW_WIDTH, narrow=True)
    acted = targets(table)
    first = window(table, acted)
    drawn, used = overview(table, y, first)
    parts += drawn
    y += used
    # The close-up: the wide drawing's city (its own coordinates, from 0) scaled by SCALE and moved so
    # that column `first` starts at PAD; what lies beyond the drawing's edges is not drawn.
    moved = f"translate({PAD - (PAD + first * CELL) * SCALE:g} {y + 4 * SCALE:g}) scale({SCALE:g})"
    layer = board_layer(table, 0, (first, first + COLUMNS), touch_pieces=False)
    parts.append(f'<g transform="{moved}">\n' + "\n".join(layer) + "\n</g>")
    y += (board.height * CELL + 8) * SCALE + 8
    tiles, used = elsewhere(table, acted, first, y)
    parts += tiles
    y += used
    below, height = panels_below(table, y, NARROW_WIDTH, narrow=True)
    parts += below
    seat = view.get("seat")
    who = "a spectator" if seat is None else seat_ref(seat)
    title = f"Supergang, round {view.get('round', '?')}, as {who} sees it"
    return document(NARROW_WIDTH, height, title, parts)


__all__ = ["view_svg"]
