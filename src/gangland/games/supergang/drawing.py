"""Supergang's table as SVG, drawn from one seat's view alone (everything is public, S38).

At the top the round, whose turn it is and a line saying what is going on, with the buttons of the
decisions that have no object on the table (done, coward attack, no arrest, surrender, rebel, the cops,
the price of a recruit). Then the city: streets, manholes, bridges, the shops in their districts' colours
with their managers (one or two small grey busts), owners and racket tokens (colour and letter), the
traffic pawns on the sidewalls (colour and a mark a gang: plain, dashed, dotted, barred), the jail, the
clinic and the graveyard, and every character and patrol where it stands. Under it a panel a gang: its
money, holdings and characters; then the bank, the cops and the patrols, and what just happened, the
duel's throws and volleys set apart.

A thing a player may act on carries `data-act` with the names of the actions it stands for, made by the
small functions `actions.action_text` is made of: a character "move / attack / vamp / arrest / shoot ... in
the clinic" it, a square or a shop "stop at X from the Y" (one name a side it may be entered from, each with
the route the move takes drawn inside it, `class="route"` and hidden, for the page to show), a manhole
"resurface at" / "put the patrol at", the shop a character stands in "racket", "purchase", "stick up ...",
"recruit", a shop of the gang "take the token off" it, a patrol "attack patrol N". Which of them are legal
the page knows; the drawing only works out, from the view, which could be (the squares a die reaches,
nothing done at the stop already), so that it highlights them and does not clutter the rest.

This module draws the board and puts the drawing together; drawing_table.py reads the view and names
what each thing may do, drawing_panels.py draws the header and the panels (imports go that way: this
module -> panels -> table).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from xml.sax.saxutils import quoteattr

from ...engine.seats import seat_ref
from ...engine.svg import INK, document, group, rect, seat_colour, seat_letter, text
from .actions import patrol_place_text, recall_text, resurface_text
from .board import Board, Move, Place, section_bar
from .drawing_panels import HEADER, gang_panels, header, panels_below
from .drawing_table import (
    GOLD,
    PAD,
    Piece,
    Table,
    chip_shape,
    pawn_bar,
    pawn_mark,
    pieces_at,
    read_table,
    seat_label,
    shop_acts,
    square_acts,
    stop_hint,
    tint,
)
from .phases import Phase
from .render_map import shop_marks
from .view import SupergangView

CELL = 36
STREET = "#c9c6bd"
REACH = "#ffe28a"
"""A square or shop the moving piece may stop on."""
ARROW_INK = "#6b4a00"
"""The side a move enters a square by: dark, to show on the gold of a square and on every district."""
KIND_MARK = {"T": "T", "V": "V", "D": "D", "star": "\u2605"}
KIND_NAME = {"T": "recruits killers", "V": "recruits vamps", "D": "recruits dealers",
             "star": "sells traffic pawns", "basic": "basic"}
MANAGERS = ("no manager", "one manager", "two managers")
"""A shop's managers in words (board.Shop.managers: one in a basic shop, two in the others, L20-L21)."""
MANAGER_INK = "#5d5850"
"""A manager's figure: a neutral grey, no gang's colour nor the patrols' blue."""
ROUTE_INK = "#0d3a8c"
"""The path a move takes to a stop, drawn over the board while the stop is hovered, focused or hinted."""
ROUTE_STROKES = (("#ffffff", 9), (ROUTE_INK, 5))
"""A route's line: a white casing under the blue, so that it reads on every square, shop and piece."""
CHIP_SIZES = ((30.0, 20.0), (30.0, 16.0), (16.0, 16.0))
"""Sizes a piece is drawn at, the largest that lets every piece of a place fit."""



def _chip(piece: Piece, x: float, y: float, w: float, h: float) -> str:
    """A piece on the board, acting as what clicking it could do."""
    radius = 2 if piece.patrol else h / 2
    # The key is on an outline of its own: what a click may do changes with the phase, the piece not.
    marker = f'<g data-key="{piece.key}">{rect(x, y, w, h, "none", "none", radius)}</g>'
    drawn = group([*chip_shape(piece, x, y, w, h), marker], title=piece.title, act=piece.acts, cls="piece")
    return drawn.replace('<g class="piece"', f'<g class="piece" data-glyph={quoteattr(piece.glyph)}', 1)


def _overflow(hidden: Sequence[Piece], x: float, y: float, w: float, h: float) -> str:
    """The pieces a place has no room for, as one chip '+N' standing for all of them."""
    acts = [a for p in hidden for a in p.acts]
    title = "; ".join(p.title for p in hidden)
    return group([rect(x, y, w, h, "#ffffff", "#111", h / 2),
                  text(x + w / 2, y + h / 2 + 4, f"+{len(hidden)}", 11, "bold", "middle", INK)],
                 title=title, act=list(dict.fromkeys(acts)), cls="more")


def chips(placed: Sequence[Piece], x: float, y: float, w: float, h: float) -> list[str]:
    """The pieces of one place packed into the box (x, y, w, h), the largest size that fits them all;
    when none does, the last room holds '+N' for the rest."""
    if not placed:
        return []
    n = len(placed)
    for cw, ch in CHIP_SIZES:
        cols, rows = int((w + 1) // (cw + 1)), int((h + 1) // (ch + 1))
        if cols * rows >= n:
            break
    cols, rows = max(cols, 1), max(rows, 1)
    room = cols * rows
    shown = list(placed) if n <= room else list(placed[:room - 1])
    used_rows = -(-min(n, room) // cols)
    used_cols = min(n, cols)
    left = x + (w - used_cols * (cw + 1) + 1) / 2
    top = y + (h - used_rows * (ch + 1) + 1) / 2
    out = []
    for i, piece in enumerate(shown):
        out.append(_chip(piece, left + (i % cols) * (cw + 1), top + (i // cols) * (ch + 1), cw, ch))
    if n > room:
        i = room - 1
        out.append(_overflow(placed[room - 1:], left + (i % cols) * (cw + 1), top + (i // cols) * (ch + 1),
                             cw, ch))
    return out


# -- the board -------------------------------------------------------------------------------------


def _arrow(x: float, y: float, heading: int) -> str:
    """A small triangle on the side of the cell at (x, y) a piece arrives from, pointing the way it goes."""
    c = CELL / 2
    tips = {0: ((c, CELL - 9), (c - 5, CELL - 2), (c + 5, CELL - 2)),  # heading north: from the south
            1: ((9, c), (2, c - 5), (2, c + 5)),
            2: ((c, 9), (c - 5, 2), (c + 5, 2)),
            3: ((CELL - 9, c), (CELL - 2, c - 5), (CELL - 2, c + 5))}
    points = " ".join(f"{x + px:g},{y + py:g}" for px, py in tips[heading])
    return f'<polygon points="{points}" fill="{ARROW_INK}" stroke="none"/>'


def _centre(board: Board, top: float, sid: str) -> tuple[float, float]:
    """The middle of square or shop `sid` on the drawing."""
    cell = board.squares.get(sid) or board.shops[sid]
    return PAD + (cell.x + 0.5) * CELL, top + (cell.y + 0.5) * CELL


def route_points(table: Table, top: float, move: Move) -> list[tuple[float, float]]:
    """The points a move's route is drawn through: the middle of the moving piece's square or shop (from
    the jail or the clinic, the edge of the place nearest the first step), then of each square entered."""
    board = table.board
    steps = [_centre(board, top, sid) for sid in move.path]
    here = str(table.here)
    if here in board.squares or here in board.shops:
        return [_centre(board, top, here), *steps]
    place = board.places.get(here)
    if place is None:
        return steps
    rows = _place_rows(board, place)
    (fx, fy) = steps[0]
    left, right = PAD + place.x * CELL + 1, PAD + (place.x + place.width) * CELL - 1
    upper, lower = top + rows[0] * CELL + 1, top + rows[1] * CELL - 1
    return [(min(max(fx, left), right), min(max(fy, upper), lower)), *steps]


def _routes(table: Table, top: float, sid: str) -> list[str]:
    """The path of each way to stop at `sid`, hidden (`opacity="0"`) until the page shows the stop's
    `.route`: a thick blue line cased in white, a dot a step, a larger one at the stop."""
    hidden = 'class="route" opacity="0"'
    out = []
    for _, move in sorted(table.dests.get(sid, []), key=lambda hm: hm[0]):
        points = route_points(table, top, move)
        line = " ".join(f"{x:g},{y:g}" for x, y in points)
        out += [f'<polyline {hidden} points="{line}" fill="none" stroke="{ink}" stroke-width="{width}" '
                f'stroke-linejoin="round" stroke-linecap="round"/>' for ink, width in ROUTE_STROKES]
        last = len(points) - 1
        out += [f'<circle {hidden} cx="{x:g}" cy="{y:g}" r="{5 if i == last else 3.5}" fill="{ROUTE_INK}" '
                f'stroke="#ffffff" stroke-width="1.5"/>' for i, (x, y) in enumerate(points) if i]
    return out


_PLAIN: dict[tuple[int, str, float], tuple[Board, str]] = {}
"""The drawing of each square and shop with nothing on it nor to do with it, by board, id and top: most
of the city on any view, so made once (it is some two thirds of the drawing's time)."""


def _plain(table: Table, ident: str, top: float, draw: Callable[[], str]) -> str:
    key = (id(table.board), ident, top)
    known = _PLAIN.get(key)
    if known is not None and known[0] is table.board:
        return known[1]
    if len(_PLAIN) > 4000:  # boards read from files come and go
        _PLAIN.clear()
    drawn = draw()
    _PLAIN[key] = (table.board, drawn)
    return drawn


Window = tuple[int, int]
"""The columns of the board whose squares and shops may be touched (first, past the last): a narrow
drawing's close-up shows 7 of them (the rest is drawn too, beyond the drawing's edges, so that every piece
keeps its drawing from one view to the next whatever part is shown)."""
WHOLE: Window = (0, 1 << 16)


def _hit(x: float, y: float) -> str:
    """A close-up's cell to touch, whole: a clear box the size of the cell under what is drawn on it (in
    a group of its own, so that the page's outline of a thing to touch goes round the square, not it)."""
    clear = 'fill-opacity="0"'
    return f'<g>{rect(x, y, CELL, CELL, "#ffffff", "none", 0, clear)}</g>'


def _street(table: Table, top: float, placed: Mapping[str, list[Piece]], stops: list[str],
            window: Window = WHOLE, pooled: Mapping[str, list[str]] | None = None) -> list[str]:
    """The streets, bridges and squares (only those in `window` to be touched, each also acting as what
    its pieces could do when they are `pooled`); the squares the move may stop on go to `stops`, drawn
    last."""
    board = table.board
    out = []
    for b in board.bridges.values():  # the street passing under a bridge: a dashed link, no square
        for a, z in b.under:
            sa, sz = board.squares[a], board.squares[z]
            out.append(f'<line x1="{PAD + (sa.x + 0.5) * CELL:g}" y1="{top + (sa.y + 0.5) * CELL:g}" '
                       f'x2="{PAD + (sz.x + 0.5) * CELL:g}" y2="{top + (sz.y + 0.5) * CELL:g}" '
                       f'stroke="#777" stroke-width="6" stroke-dasharray="5 4"/>')
    closeup = window != WHOLE
    for sid in sorted(board.squares):
        inside = window[0] <= board.squares[sid].x < window[1]
        acts = [*square_acts(table, sid), *(pooled or {}).get(sid, [])] if inside else []
        if sid in table.dests:
            stops.append(_square(table, sid, top, placed.get(sid, []), acts, closeup and bool(acts)))
        elif acts or sid in placed:
            out.append(_square(table, sid, top, placed.get(sid, []), acts, closeup and bool(acts)))
        else:
            out.append(_plain(table, sid, top, partial(_square, table, sid, top, [], [])))
    return out


def _square(table: Table, sid: str, top: float, here: Sequence[Piece], acts: list[str],
            hit: bool = False) -> str:
    board = table.board
    s = board.squares[sid]
    decks = {b.deck: b.id for b in board.bridges.values()}
    x, y = PAD + s.x * CELL, top + s.y * CELL
    reach = table.dests.get(sid, [])
    fill = REACH if reach else "#a9825a" if sid in decks else STREET
    what = [sid]
    if s.manhole:
        what.append("a manhole (the sewers link every manhole)")
    if sid in decks:
        what.append(f"the deck of {decks[sid]} (the street across passes under it)")
    hint = stop_hint(table, sid)
    manhole_acts = (resurface_text(sid), patrol_place_text(sid))
    hint += "".join(f"; click to {a}" for a in acts if a in manhole_acts)
    if here:
        what.append("here: " + ", ".join(p.title.split(":")[0] for p in here))
    body = [rect(x + 1, y + 1, CELL - 2, CELL - 2, fill, GOLD if reach else "#8f8b80", 3)]
    if hit:
        body.insert(0, _hit(x, y))
    if s.manhole:
        body.append(f'<circle cx="{x + CELL / 2:g}" cy="{y + CELL / 2:g}" r="12" fill="#4a4a4a" '
                    f'stroke="#eeeeee" stroke-width="2"/>')
    body += [_arrow(x, y, heading) for heading, _ in reach]
    # No key: a street square is only where pieces stand, and the pieces have theirs.
    body += chips(here, x + 1, y + 1, CELL - 2, CELL - 2)
    body += _routes(table, top, sid)
    return group(body, title="; ".join(what) + hint, act=acts, cls="square")


def _shop_tags(view: SupergangView, sid: str, owner: int, racket: int, x: float, y: float) -> list[str]:
    """A shop's owner (a thick frame and a square tag) or racket token (a round tag), each in the gang's
    colour with its letter."""
    out = []
    tag_x, tag_y = x + CELL - 11, y + CELL - 11
    if owner >= 0:
        out.append(group([rect(x + 3, y + 3, CELL - 6, CELL - 6, "none", seat_colour(owner), 2,
                               'stroke-width="3"'),
                          rect(tag_x - 7.5, tag_y - 7.5, 15, 15, seat_colour(owner), "#111", 2),
                          text(tag_x, tag_y + 4, seat_letter(owner), 11, "bold", "middle", "#ffffff")],
                         title=f"{sid}: owned by {seat_label(view, owner)}", cls="owner"))
    if racket >= 0:
        disc = f'<circle cx="{tag_x:g}" cy="{tag_y:g}" r="8" fill="{seat_colour(racket)}" stroke="#111"/>'
        out.append(group([disc, text(tag_x, tag_y + 4, seat_letter(racket), 11, "bold", "middle", "#ffffff")],
                         title=f"{sid}: racket token of {seat_label(view, racket)}", cls="racket"))
    return out


def _shops(table: Table, top: float, placed: Mapping[str, list[Piece]], stops: list[str],
           window: Window = WHOLE, pooled: Mapping[str, list[str]] | None = None) -> list[str]:
    """The shops (only those in `window` to be touched); those the move may stop on go to `stops`, drawn
    last."""
    marks = shop_marks(table.view)
    robbed = table.view.get("stuck_up_this_turn") or []
    out = []
    closeup = window != WHOLE
    for sid in sorted(table.board.shops):
        owner, racket = marks.get(sid, (-1, -1))
        inside = window[0] <= table.board.shops[sid].x < window[1]
        acts = [*shop_acts(table, sid, owner, racket), *(pooled or {}).get(sid, [])] if inside else []
        if sid in table.dests:
            stops.append(_shop(table, sid, top, placed.get(sid, []), acts, closeup and bool(acts)))
        elif acts or sid in placed or owner >= 0 or racket >= 0 or sid in robbed:
            out.append(_shop(table, sid, top, placed.get(sid, []), acts, closeup and bool(acts)))
        else:
            out.append(_plain(table, sid, top, partial(_shop, table, sid, top, [], [])))
    return out


def _shop(table: Table, sid: str, top: float, here: Sequence[Piece], acts: list[str],
          hit: bool = False) -> str:
    board = table.board
    shop = board.shops[sid]
    district = board.districts[shop.district]
    x, y = PAD + shop.x * CELL, top + shop.y * CELL
    owner, racket = shop_marks(table.view).get(sid, (-1, -1))
    reach = table.dests.get(sid, [])
    what = [f"shop {sid}, {district.name} district, {KIND_NAME.get(shop.kind, shop.kind)}, "
            f"{MANAGERS[shop.managers]}"]
    if owner >= 0:
        what.append(f"owned by {seat_label(table.view, owner)}")
    if racket >= 0:
        what.append(f"racket token of {seat_label(table.view, racket)}")
    if sid in (table.view.get("stuck_up_this_turn") or []):
        what.append("stuck up this turn")
    if here:
        what.append("inside: " + ", ".join(p.title.split(":")[0] for p in here))
    hint = stop_hint(table, sid)
    if sid == table.here and table.phase == Phase.ACT:
        hint += "; click for what the character may do here (racket, buy, stick up, recruit)"
    elif recall_text(sid) in acts:
        hint += f"; click to {recall_text(sid)} (no token left, L85)"
    # A shop the move may end in keeps its district's colour (a yellow shop would hide the highlight of
    # a square) with a thick gold frame.
    frame = (GOLD, 'stroke-width="3.5"') if reach else (district.colour, 'stroke-width="2"')
    body = [rect(x + 1, y + 1, CELL - 2, CELL - 2, tint(district.colour, 0.5), frame[0], 3, frame[1])]
    if hit:
        body.insert(0, _hit(x, y))
    for e in shop.entrances:  # the notches the shop is entered by
        sq = board.squares[e]
        nx, ny = PAD + (shop.x + sq.x + 1) * CELL / 2, top + (shop.y + sq.y + 1) * CELL / 2
        body.append(f'<circle cx="{nx:g}" cy="{ny:g}" r="3" fill="#ffffff" stroke="#555"/>')
    body += [_arrow(x, y, heading) for heading, _ in reach]
    inner = [rect(x + 1, y + 1, CELL - 2, CELL - 2, "none", "none", 3),
             text(x + 4, y + 13, sid, 11, "bold", "start", INK)]
    if shop.kind in KIND_MARK:
        inner.append(text(x + CELL - 4, y + 13, KIND_MARK[shop.kind], 12, "bold", "end", INK))
    inner += [_manager(x + 8 + 7 * i, y + CELL - 4) for i in range(shop.managers)]
    inner += _shop_tags(table.view, sid, owner, racket, x, y)
    inner += chips(_with_shop_acts(here, acts), x + 1, y + 15, CELL - 2, CELL - 16)
    body.append(group(inner, key=f"shop:{sid}"))
    body += _routes(table, top, sid)  # outside the shop's key: the route comes and goes with the move
    return group(body, title="; ".join(what) + hint, act=acts, cls="shop")


def _with_shop_acts(here: Sequence[Piece], acts: list[str]) -> list[Piece]:
    """The pieces in a shop, each one a click may act on standing also for the shop's own `acts`: a
    piece covers most of its shop, and a click on it is the innermost thing clicked, so that an enemy
    standing where the acting character is would else hide the stick-up (issue 31). The chooser the page
    opens for the piece then offers both (attack him, or stick up the shop)."""
    if not acts:
        return list(here)
    return [replace(p, acts=(*p.acts, *(a for a in acts if a not in p.acts))) if p.acts else p for p in here]


def _manager(cx: float, bottom: float) -> str:
    """A shop's manager (who is not a piece, L50): a small grey bust, head and shoulders, standing on
    `bottom` (the characters who come in are drawn over it)."""
    return (f'<g class="manager"><circle cx="{cx:g}" cy="{bottom - 7:g}" r="2.2" fill="{MANAGER_INK}"/>'
            f'<path d="M{cx - 3:g} {bottom:g}v-1.5a3 3 0 0 1 6 0v1.5z" fill="{MANAGER_INK}"/></g>')


PLACE_LOOK = {"jail": ("#4a4a4a", "#ffffff", "jail"), "clinic": ("#ffffff", INK, "clinic"),
              "graveyard": ("#2f3b2f", "#ffffff", "graveyard")}


def _place_rows(board: Board, place: Place) -> tuple[int, int]:
    """The rows a place is drawn over (first, past the last): a place one cell high takes in the free
    row above or below it, so that its name and the pieces in it (the dead pile up) have room."""
    if place.height > 1:
        return place.y, place.y + place.height
    taken = {(s.x, s.y) for s in board.squares.values()} | {(s.x, s.y) for s in board.shops.values()}
    taken |= {cell for other in board.places.values() if other is not place for cell in other.cells()}
    for row in (place.y - 1, place.y + 1):
        if 0 <= row < board.height and all((x, row) not in taken
                                           for x in range(place.x, place.x + place.width)):
            return min(row, place.y), max(row, place.y) + 1
    return place.y, place.y + 1


def _places(table: Table, top: float, placed: Mapping[str, list[Piece]], window: Window = WHOLE,
            pooled: Mapping[str, list[str]] | None = None) -> list[str]:
    out = []
    for pid in sorted(table.board.places):
        place = table.board.places[pid]
        fill, ink, label = PLACE_LOOK.get(pid, ("#777777", "#ffffff", pid))
        rows = _place_rows(table.board, place)
        x, y = PAD + place.x * CELL, top + rows[0] * CELL
        w, h = place.width * CELL, (rows[1] - rows[0]) * CELL
        here = placed.get(pid, [])
        title = f"the {label}" + (f": {', '.join(p.title.split(':')[0] for p in here)}" if here else
                                  ", empty")
        if pid == "clinic":
            title += "; its entrances: " + ", ".join(place.entrances)
        if pid == "jail":
            title += "; the six exits are picked by the die"
        body = [rect(x + 1, y + 1, w - 2, h - 2, fill, "#111", 4)]
        if pid == "clinic":  # a red cross, so the clinic reads at a glance
            body.append(f'<path d="M{x + w - 14:g} {y + 4:g}h6v5h5v6h-5v5h-6v-5h-5v-6h5z" fill="#c62828"/>')
        inner = [rect(x + 1, y + 1, w - 2, h - 2, "none", "none", 4),
                 text(x + 5, y + 13, f"{label} ({len(here)})" if here and w > 100 else label, 11, "bold",
                      "start", ink)]
        inner += chips(here, x + 2, y + 15, w - 4, h - 17)
        body.append(group(inner, key=f"place:{pid}"))
        inside = window[0] <= place.x and place.x + place.width <= window[1]  # (whole, or not to touch)
        out.append(group(body, title=title, act=(pooled or {}).get(pid, []) if inside else [], cls="place"))
    return out


def _pawns(table: Table, top: float) -> list[str]:
    """The traffic pawns on the sidewall sections, a bar in the gang's colour with its mark (a sidewall
    has no room for the gang's letter: it is in the title, and the gang's panel shows its mark)."""
    out = []
    for section_id, gang in sorted((table.view.get("pawns") or {}).items()):
        section = table.board.sections.get(section_id)
        if section is None or not isinstance(gang, int):
            continue
        bar = section_bar(table.board, section.squares, section.shops, CELL)
        if bar is None:
            continue
        bx, by, bw, bh = bar
        shape = pawn_bar(PAD + bx, top + by, bw, bh, gang)
        title = (f"sidewall {section_id}: a traffic pawn of {seat_label(table.view, gang)} "
                 f"(drawn {pawn_mark(gang)})")
        out.append(group(shape, title=title, key=f"pawn:{section_id}", cls="pawn"))
    return out


def board_layer(table: Table, top: float, window: Window = WHOLE, touch_pieces: bool = True) -> list[str]:
    """The city from `top` down, its squares and shops to be touched only in `window` (a narrow drawing's
    close-up shows 7 columns, each square a whole cell to touch), its pieces acting as what clicking them
    could do unless `touch_pieces` is false: a close-up's pieces are smaller than a thumb, so the square,
    shop or place they stand in acts as what they could do (a chooser asks which when several could), as
    do their rows in their gangs' panels."""
    placed = pieces_at(table)
    pooled: dict[str, list[str]] = {}
    if not touch_pieces:  # what the pieces of a square, shop or place could do is touched on it, whole
        pooled = {where: list(dict.fromkeys(name for piece in here for name in piece.acts))
                  for where, here in placed.items()}
        placed = {where: [replace(piece, acts=()) for piece in here] for where, here in placed.items()}
    width, height = table.board.width * CELL, table.board.height * CELL
    # The squares and shops the move may stop on come last, so that the route each holds, when the page
    # shows it, is not hidden under the squares drawn after it (the pawns' thin bars still go over).
    stops: list[str] = []
    city = [*_street(table, top, placed, stops, window, pooled), *_places(table, top, placed, window, pooled),
            *_shops(table, top, placed, stops, window, pooled)]
    return [rect(PAD - 4, top - 4, width + 8, height + 8, "#e9e4d6", "#b5ad97", 8), *city, *stops,
            *_pawns(table, top)]



def view_svg(view: SupergangView) -> str:
    """The table as one seat's view shows it, as SVG (see the module docstring)."""
    table = read_table(view)
    board = table.board
    width = max(760.0, board.width * CELL + 2 * PAD)
    board_top = HEADER
    parts, _ = header(table, width)
    # The gangs' panels under the header, the board under them: moved down as a whole (its pieces keep
    # their drawing), the city's bank and what just happened under it.
    gangs, lift = gang_panels(table, board_top, width)
    parts += gangs
    city = "\n".join(board_layer(table, board_top))
    parts.append(f'<g transform="translate(0 {lift:g})">\n{city}\n</g>')
    y = board_top + lift + board.height * CELL + 14
    below, height = panels_below(table, y, width)
    parts += below
    seat = view.get("seat")
    who = "a spectator" if seat is None else seat_ref(seat)
    return document(width, height, f"Supergang, round {view.get('round', '?')}, as {who} sees it", parts)

