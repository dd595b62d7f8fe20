"""Supergang in the terminal and as SVG, built only from a view (everything is public, S38).

The text is the map of `textmap` (the terminal's screen shows the same map) with its key, then the
status block: every gang's money, holdings and characters, the patrols and the events. The SVG composes
`board.board_svg` with the same pieces.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from .board import CELL, Board, board_svg
from .options import DEFAULTS
from .textmap import (
    MAP_KEY,
    PATROL_GLYPHS,
    ROLE_LETTER,
    ROLES,
    characters,
    gangs_of,
    glyph,
    map_lines,
    patrol_glyph,
    patrols_of,
    pieces,
    shop_marks,
    view_board,
)

LINE = 78
"""Width of the status block: the map is 80 columns (row labels and 26 cells), the rest fits 78."""
__all__ = ["glyph", "narrate", "pieces", "render_view", "view_board", "view_svg"]
GANG_COLOURS = ("#ff7f00", "#00bcd4", "#e91e63", "#7cb342", "#8d6e63")
"""Piece colours by seat, unlike every district colour so that a piece stands out on a shop."""
POLICE_COLOUR = "#1a237e"
MAX_EVENTS = 6
"""Narration keeps a step to one readable line: a long duel is cut to its first and last events."""


def patrol_name(index: int) -> str:
    """How the status block and the SVG name patrol `index`: 'patrol 1 (P)', as the events say."""
    return f"patrol {index + 1} ({patrol_glyph(index)})"


def shop_kind_lines(view: Mapping[str, Any]) -> list[str]:
    """Which shops are which kind (the map shows ids only): T, V, D (recruits), star (pawns), basic."""
    board = view_board(view)
    kinds: dict[str, list[str]] = {}
    for shop in sorted(board.shops.values(), key=lambda s: s.id):
        kinds.setdefault(shop.kind, []).append(shop.id)
    order = [k for k in ("T", "V", "D", "star", "basic") if k in kinds] + sorted(
        k for k in kinds if k not in ("T", "V", "D", "star", "basic"))
    text = "shops: " + "; ".join(f"{kind} {' '.join(kinds[kind])}" for kind in order)
    return textwrap.wrap(text, LINE, subsequent_indent="  ")


def crowded_lines(view: Mapping[str, Any]) -> list[str]:
    """The squares and shops where several pieces stand (the map shows the first and '+', or '+N')."""
    board = view_board(view)
    crowds = [f"{where} {' '.join(glyphs)}" for where, glyphs in sorted(pieces(view).items())
              if len(glyphs) > 1 and (where in board.squares or where in board.shops)]
    return textwrap.wrap("together: " + "; ".join(crowds), LINE, subsequent_indent="  ") if crowds else []


# -- the status block ------------------------------------------------------------------------------


def seat_name(view: Mapping[str, Any], seat: int | None) -> str:
    """A seat as the person reads it: "seat 2", with " (police)" and " (you)" where they hold;
    "nobody" for None or a negative seat."""
    if seat is None or seat < 0:
        return "nobody"
    police = " (police)" if seat == view.get("police_seat") else ""
    you = " (you)" if seat == view.get("seat") else ""
    return f"seat {seat}{police}{you}"


def whereabouts(char: Mapping[str, Any]) -> str:
    """Where a character is and what holds it there, e.g. 'jail, 3 years to serve'."""
    at = char.get("at")
    if at == "jail":
        years = char.get("jail_years", 0)
        text = f"jail, {years} year{'s' if years != 1 else ''} to serve" if years else "jail"
    elif at == "clinic":
        turns = char.get("clinic_turns", 0)
        text = f"clinic, {turns} turn{'s' if turns != 1 else ''} to stay" if turns else "clinic"
    elif at == "graveyard":
        text = "graveyard (dead)"
    else:
        text = str(at)
        if char.get("entrance"):
            text += f" (in by {char['entrance']})"
        elif char.get("from"):
            text += f" (from {char['from']})"
    return text


def option(view: Mapping[str, Any], name: str) -> Any:
    """An option of the game the view shows (the view lists only those that differ from the defaults)."""
    options = view.get("options") or {}
    return options.get(name, DEFAULTS[name]) if isinstance(options, Mapping) else DEFAULTS[name]


def character_line(view: Mapping[str, Any], gang: int, role: str, char: Mapping[str, Any]) -> str:
    """One character's line of the status block."""
    parts = [f"  {glyph(gang, role)} {role:<6} {whereabouts(char)}"]
    record, pending = char.get("record", 0), char.get("pending", 0)
    if record or pending:
        parts.append(f"record {record}" + (f" (+{pending} unnoticed)" if pending else ""))
    vamp = char.get("vamped_by")
    if vamp is not None:
        served = char.get("vamp_turns_served", 0)
        over = "; free when he next moves" if served >= option(view, "vamp_turns") else ""
        parts.append(f"vamped by seat {vamp} ({served} turn{'s' if served != 1 else ''} served{over})")
    if char.get("die"):
        parts.append(f"die {char['die']}")
    if char.get("moved"):
        parts.append("moved")
    return ", ".join(parts)


def gang_lines(view: Mapping[str, Any], gang: int, info: Mapping[str, Any]) -> list[str]:
    """A gang's money, tokens, pawns, shops and rackets, then one line a character."""
    shops = shop_marks(view)
    owned = sorted(s for s, (o, _) in shops.items() if o == gang)
    rackets = sorted(s for s, (_, r) in shops.items() if r == gang)
    placed = sum(1 for g in (view.get("pawns") or {}).values() if g == gang)
    head = (f"{seat_name(view, gang)}: ${info.get('money', 0)}, {info.get('tokens', 0)} tokens, pawns "
            f"{placed} placed/{info.get('pawn_stock', 0)} stock/{info.get('pawn_supply', 0)} to buy")
    holdings = (f"  shops {len(owned)}: {' '.join(owned) or '-'}; "
                f"rackets {len(rackets)}: {' '.join(rackets) or '-'}")
    lines = [head, *textwrap.wrap(holdings, LINE, subsequent_indent="    ")]
    for role, char in characters(info):
        lines += textwrap.wrap(character_line(view, gang, role, char), LINE, subsequent_indent="      ")
    return lines


def patrol_text(index: int, patrol: Mapping[str, Any]) -> str:
    """A patrol's place, die and, when shot down, whose gang turn brings it back."""
    at = patrol.get("at")
    text = f"{patrol_name(index)} {'in the sewers' if at == 'sewer' else 'at ' + str(at)}"
    if patrol.get("die"):
        text += f" (die {patrol['die']})"
    if patrol.get("returns_with") is not None:
        text += f" (back on seat {patrol['returns_with']}'s turn)"
    return text


def dice_text(view: Mapping[str, Any]) -> str:
    """The turn player's dice: K4 V2 D6, and a vamped captive's as 2v3 (seat 2's vamp, die 3)."""
    turn = view.get("turn_player")
    dice = view.get("dice")
    parts: list[str] = []
    if isinstance(dice, Mapping):  # the first slice's view: {role: die} of the turn player
        parts = [f"{ROLE_LETTER.get(r, r)}{d}" for r, d in dice.items() if d]
    gangs = gangs_of(view)
    if not parts and isinstance(turn, int) and 0 <= turn < len(gangs):
        parts = [f"{ROLE_LETTER.get(r, r)}{c['die']}" for r, c in characters(gangs[turn]) if c.get("die")]
    for g, gang in enumerate(gangs):
        for role, char in characters(gang):
            if char.get("vamped_by") == turn and turn is not None and char.get("die"):
                parts.append(f"{glyph(g, role, True)}{char['die']}")
    return " ".join(parts) or "-"


def status_lines(view: Mapping[str, Any]) -> list[str]:
    """Round, turn, phase, dice, bank, cops, patrols, then each gang, then the last events."""
    out = [f"Supergang - round {view.get('round', '?')}, turn of {seat_name(view, view.get('turn_player'))} "
           f"(first player: seat {view.get('first', '?')})"]
    if view.get("over"):
        winner = view.get("winner", -1)
        out.append(f"Game over: {seat_name(view, winner)} wins." if isinstance(winner, int) and winner >= 0
                   else "Game over: no gang won outright (the result ranks the seats).")
    else:
        actor = f"; acting: {view['actor']}" if view.get("actor") else ""
        out += textwrap.wrap(f"{seat_name(view, view.get('to_act'))} to act: {view.get('phase', '?')}{actor}",
                             LINE, subsequent_indent="  ")
        price = view.get("asked_price")
        # A recruit in another gang's shop waits on the price its owner named (S17).
        asked = f"; price asked for the recruit: ${price}" if price is not None else ""
        out.append(f"dice: {dice_text(view)}{asked}")
    robbed = view.get("stuck_up_this_turn") or []
    cops = view.get("cops_owner")
    police = view.get("police_seat")
    who = (f"played by {seat_name(view, police)}" if police is not None
           else seat_name(view, cops) if cops is not None else "nobody (for sale)")
    out.append(f"bank ${view.get('bank', 0)}; cops: {who}"
               + (f"; stuck up this turn: {' '.join(robbed)}" if robbed else ""))
    patrols = patrols_of(view)
    if patrols:
        out += textwrap.wrap("patrols: " + "; ".join(patrol_text(i, p) for i, p in enumerate(patrols)),
                             LINE, subsequent_indent="  ")
    for g, gang in enumerate(gangs_of(view)):
        out += gang_lines(view, g, gang)
    if police is not None:
        out.append(f"{seat_name(view, police)}: moves both patrols (no money)")
    events = [str(e) for e in view.get("events") or []]
    if events:
        out.append("events:")
        for event in events:
            # Not at hyphens: "s05_04 -> s05_05" must stay whole.
            out += textwrap.wrap(event, LINE, initial_indent="  ", subsequent_indent="    ",
                                 break_on_hyphens=False)
    return out


def render_view(view: dict[str, Any]) -> str:
    """Plain text of a view: the map with the pieces on it (the screen's), its key, the shops' kinds,
    the crowded cells, then the status block."""
    return "\n".join([*map_lines(view), *MAP_KEY, *shop_kind_lines(view), *crowded_lines(view),
                      *status_lines(view)])


# -- narration -------------------------------------------------------------------------------------


def narrate(before: dict[str, Any], actor: int, action_text: str, after: dict[str, Any]) -> str:
    """One line of what a step did: the seat and its action, then what followed (the after view's
    events; a long run of them, such as a duel's volleys, keeps its first and last ones)."""
    police = " (police)" if actor == before.get("police_seat") else ""
    line = f"Seat {actor}{police}: {action_text}"
    events = [" ".join(str(e).split()) for e in after.get("events") or []]
    if len(events) > MAX_EVENTS:
        skipped = len(events) - MAX_EVENTS + 1
        events = [*events[:2], f"... {skipped} more ...", *events[-(MAX_EVENTS - 3):]]
    if events:
        line += " \u2014 " + "; ".join(events)
    return line


# -- SVG -------------------------------------------------------------------------------------------


LEGEND_LINE = 16


def _centre(board: Board, place: str) -> tuple[float, float] | None:
    where = board.squares.get(place) or board.shops.get(place)
    if where is None:
        return None
    return where.x * CELL + CELL / 2, where.y * CELL + CELL / 2


def _piece_svg(text: str, cx: float, cy: float, radius: float, where: str) -> str:
    """A gangster (a disc in its gang's colour, labelled 1K) or a patrol (a dark square, labelled P1:
    on the drawing no shop id is written, so the number is clear)."""
    if text[:1].isdigit():
        gang = int(text[0])
        shape = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" '
                 f'fill="{GANG_COLOURS[gang % len(GANG_COLOURS)]}" stroke="#000"/>')
        colour, label = "#000", text
        title = f"seat {gang}'s {next((r for r in ROLES if ROLE_LETTER[r] == text[1:].upper()), text)}"
        title += " (vamped)" if text[1:].islower() else ""
    else:
        index = PATROL_GLYPHS.index(text) if text in PATROL_GLYPHS else 0
        shape = (f'<rect x="{cx - radius:.1f}" y="{cy - radius:.1f}" width="{2 * radius:.1f}" '
                 f'height="{2 * radius:.1f}" fill="{POLICE_COLOUR}" stroke="#fff"/>')
        colour, label, title = "#fff", f"P{index + 1}", f"patrol {index + 1}"
    size = max(6.0, radius * 1.1)
    return (f'<g class="piece" data-glyph={quoteattr(text)}><title>{escape(title)} at {escape(where)}</title>'
            f'{shape}<text x="{cx:.1f}" y="{cy + size / 3:.1f}" font-size="{size:.1f}" text-anchor="middle" '
            f'fill="{colour}">{escape(label)}</text></g>')


def _grid(count: int, x: float, y: float, width: float, height: float) -> list[tuple[float, float, float]]:
    """Centres and radius for `count` pieces packed in a box, in rows."""
    cols = 1
    while cols * cols < count:
        cols += 1
    rows = -(-count // cols)
    step = min(width / cols, height / rows)
    radius = step / 2 - 1
    return [(x + (i % cols + 0.5) * width / cols, y + (i // cols + 0.5) * height / rows, radius)
            for i in range(count)]


def _section_bar(board: Board, squares: Sequence[str],
                 shops: Sequence[str]) -> tuple[float, float, float, float] | None:
    """The sidewall of a section as a thin rectangle (x, y, w, h): on the side of its squares away from
    the street, towards its shops when it has some."""
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
    thick = 4.0
    if dy:
        edge = (y0 + (1 if dy > 0 else 0)) * CELL
        return x0 * CELL + 3, edge - thick / 2, (x1 - x0 + 1) * CELL - 6, thick
    edge = (x0 + (1 if dx > 0 else 0)) * CELL
    return edge - thick / 2, y0 * CELL + 3, thick, (y1 - y0 + 1) * CELL - 6


def overlay_svg(view: Mapping[str, Any], board: Board) -> list[str]:
    """SVG elements for the state: owners and rackets on shops, pawns on sidewalls, then the pieces."""
    out: list[str] = []
    for shop_id, (owner, racket) in sorted(shop_marks(view).items()):
        shop = board.shops.get(shop_id)
        if shop is None:
            continue
        x, y = shop.x * CELL, shop.y * CELL
        if owner >= 0:
            out.append(f'<rect class="owner" x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                       f'fill="none" stroke="{GANG_COLOURS[owner % len(GANG_COLOURS)]}" stroke-width="3">'
                       f"<title>{escape(shop_id)}: owned by seat {owner}</title></rect>")
            out.append(f'<text x="{x + CELL - 4}" y="{y + 9}" font-size="8" text-anchor="end">{owner}</text>')
        if racket >= 0:
            out.append(f'<circle class="racket" cx="{x + 6}" cy="{y + 6}" r="4" '
                       f'fill="{GANG_COLOURS[racket % len(GANG_COLOURS)]}" stroke="#000">'
                       f"<title>{escape(shop_id)}: racket token of seat {racket}</title></circle>")
    for section_id, gang in sorted((view.get("pawns") or {}).items()):
        section = board.sections.get(section_id)
        if section is None or not isinstance(gang, int):
            continue
        bar = _section_bar(board, section.squares, section.shops)
        if bar is None:
            continue
        bx, by, bw, bh = bar
        out.append(f'<rect class="pawn" x="{bx:.1f}" y="{by:.1f}" width="{bw:.1f}" height="{bh:.1f}" '
                   f'fill="{GANG_COLOURS[gang % len(GANG_COLOURS)]}" stroke="#000" stroke-width="0.5">'
                   f"<title>{escape(section_id)}: traffic pawn of seat {gang}</title></rect>")
    for where, glyphs in sorted(pieces(view).items()):
        centre = _centre(board, where)
        if centre is not None:
            boxes = _grid(len(glyphs), centre[0] - CELL / 2, centre[1] - CELL / 2, CELL, CELL)
        elif where in board.places:
            p = board.places[where]
            # The pieces cover the place's name in the middle, so it is written again along the bottom.
            boxes = _grid(len(glyphs), p.x * CELL, p.y * CELL, p.width * CELL, p.height * CELL - 10)
            out.append(f'<text x="{(p.x + p.width / 2) * CELL}" y="{(p.y + p.height) * CELL - 2}" '
                       f'font-size="8" text-anchor="middle" fill="{"#000" if where == "clinic" else "#fff"}">'
                       f"{escape(where)}</text>")
        else:
            continue  # the sewers: nowhere on the board (the legend says so)
        for text, (cx, cy, radius) in zip(glyphs, boxes, strict=True):
            out.append(_piece_svg(text, cx, cy, max(radius, 3.0), where))
    return out


def legend_svg(view: Mapping[str, Any], top: float, width: float) -> tuple[list[str], float]:
    """Lines under the board: round and turn, then each gang's colour, money, shops and tokens; the
    elements and their height."""
    lines: list[tuple[str, str | None]] = []
    turn = f"round {view.get('round', '?')}, {seat_name(view, view.get('turn_player'))}'s turn"
    if view.get("over"):
        winner = view.get("winner", -1)
        turn += f"; game over, {seat_name(view, winner)} wins" if isinstance(winner, int) and winner >= 0 \
            else "; game over"
    cops = view.get("cops_owner")
    police = view.get("police_seat")
    lines.append((f"{turn}; bank ${view.get('bank', 0)}; cops: "
                  f"{seat_name(view, police if police is not None else cops)}", None))
    shops = shop_marks(view)
    for g, gang in enumerate(gangs_of(view)):
        owned = sum(1 for o, _ in shops.values() if o == g)
        placed = sum(1 for p in (view.get("pawns") or {}).values() if p == g)
        lines.append((f"{seat_name(view, g)}: ${gang.get('money', 0)}, {owned} shops, "
                      f"{gang.get('tokens', 0)} tokens, {placed} pawns placed",
                      GANG_COLOURS[g % len(GANG_COLOURS)]))
    sewer = [patrol_name(i) for i, p in enumerate(patrols_of(view)) if p.get("at") == "sewer"]
    if sewer:
        lines.append((f"in the sewers: {', '.join(sewer)}", POLICE_COLOUR))
    height = LEGEND_LINE * len(lines) + 8
    out = [f'<g class="legend"><rect x="0" y="{top}" width="{width}" height="{height}" fill="#fff"/>']
    for i, (text, colour) in enumerate(lines):
        y = top + 4 + LEGEND_LINE * i
        x = 6
        if colour is not None:
            out.append(f'<rect x="{x}" y="{y + 2}" width="10" height="10" fill="{colour}" stroke="#000"/>')
            x += 16
        out.append(f'<text x="{x}" y="{y + 11}" font-size="11">{escape(text)}</text>')
    out.append("</g>")
    return out, height


def view_svg(view: dict[str, Any]) -> str:
    """The board with the state on it, as SVG: `board_svg` nested unchanged, then the overlay and a
    legend with each gang's money under it."""
    board = view_board(view)
    width, height = board.width * CELL, board.height * CELL
    legend, extra = legend_svg(view, height, width)
    total = height + extra
    inner = board_svg(board).strip()
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
        f'viewBox="0 0 {width} {total}">',
        f"<title>{escape(board.name)}: round {view.get('round', '?')}</title>",
        inner,
        '<g class="state">', *overlay_svg(view, board), "</g>",
        *legend,
        "</svg>",
    ]) + "\n"
