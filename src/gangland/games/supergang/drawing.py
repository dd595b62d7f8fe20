"""Supergang's table as SVG, drawn from one seat's view alone (everything is public, S38).

At the top the round, whose turn it is and a line saying what is going on, with the buttons of the
decisions that have no object on the table (done, coward attack, no arrest, surrender, rebel, the cops,
the price of a recruit). Then the city: streets, manholes, bridges, the shops in their districts' colours
with their owners and racket tokens (colour and letter), the traffic pawns on the sidewalls, the jail,
the clinic and the graveyard, and every character and patrol where it stands. Under it a panel a gang:
its money, holdings and characters; then the bank, the cops and the patrols, and what just happened,
the duel's throws and volleys set apart.

A thing a player may act on carries `data-act` with the names of the actions it stands for, exactly as
`SupergangState.action_text` writes them: a character "move / attack / vamp / arrest / shoot ... in the
clinic" it, a square or a shop "stop at X from the Y" (one name a side it may be entered from), a manhole
"resurface at" / "put the patrol at", the shop a character stands in "racket", "purchase", "stick up ...",
"recruit", a shop of the gang "take the token off" it, a patrol "attack patrol N". Which of them are legal
the page knows; the drawing only works out, from the view, which could be (the squares a die reaches),
so that it highlights them and does not clutter the rest.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from xml.sax.saxutils import quoteattr

from ...engine.svg import INK, MUTED, button, document, group, rect, seat_colour, seat_letter, text
from . import constants as rule
from .actions import DIRECTIONS, MAX_PAIRS, PRICES
from .board import Board, Move, Place, section_bar
from .movement import arrival_heading, move_choices
from .render import option
from .textmap import (
    ROLE_LETTER,
    characters,
    gangs_of,
    glyph,
    patrol_glyph,
    patrols_of,
    shop_marks,
    view_board,
)

CELL = 36
PAD = 12
HEADER = 104
"""Height of the band above the board: title, phase line and the decision buttons."""
PANEL_HEIGHT = 150
ROW = 22
"""Height of a character's row in its gang's panel."""
POLICE = "#1a237e"
STREET = "#c9c6bd"
REACH = "#ffe28a"
"""A square or shop the moving piece may stop on."""
GOLD = "#b8860b"
ARROW = " \u2192 "
ARROW_INK = "#6b4a00"
"""The side a move enters a square by: dark, to show on the gold of a square and on every district."""
KIND_MARK = {"T": "T", "V": "V", "D": "D", "star": "\u2605"}
KIND_NAME = {"T": "recruits killers", "V": "recruits vamps", "D": "recruits dealers",
             "star": "sells traffic pawns", "basic": "one manager"}
DUEL_WORDS = (" throw ", "fire first", "volley ", " down: ", "no result after", "equal totals", "dart ")
"""Words of the events `duel.py` writes for a duel's throws and volleys (and a clinic shot's darts)."""
CHIP_SIZES = ((30.0, 20.0), (30.0, 16.0), (16.0, 16.0))
"""Sizes a piece is drawn at, the largest that lets every piece of a place fit."""


def _phase(view: Mapping[str, Any]) -> int:
    name = view.get("phase")
    return rule.PHASE_NAMES.index(name) if name in rule.PHASE_NAMES else -1


def _seat_label(view: Mapping[str, Any], seat: int | None) -> str:
    """"seat 1 (B)", with "police" and "you" where they hold."""
    if seat is None or seat < 0:
        return "nobody"
    notes = [seat_letter(seat)]
    if seat == view.get("police_seat"):
        notes.append("police")
    if seat == view.get("seat"):
        notes.append("you")
    return f"seat {seat} ({', '.join(notes)})"


def _tint(colour: str, amount: float) -> str:
    """`colour` mixed with white (`amount` of white), for fills dark text reads well on."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def _fit(content: str, width: float, size: int) -> str:
    """`content` cut to about `width` units of text of `size`, with an ellipsis where it was cut."""
    room = max(4, int(width / (size * 0.56)))
    return content if len(content) <= room else content[:room - 1] + "\u2026"


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'s' * (n != 1)}"


def _wrap(content: str, width: float, size: int = 12) -> list[str]:
    """`content` in lines of about `width` units of text of `size` (an average letter is 0.55 em)."""
    return textwrap.wrap(content, max(10, int(width / (size * 0.55))), break_on_hyphens=False) or [""]


# -- what may be acted on --------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """A character or a patrol as drawn: its label, its colour and what clicking it could do."""

    key: str
    label: str
    fill: str
    title: str
    acts: tuple[str, ...]
    patrol: bool = False
    vamp_colour: str | None = None
    """The captor's colour, drawn round a vamped character."""
    acting: bool = False
    glyph: str = ""
    """The piece's two letters on the text map (1K, P), kept as `data-glyph` for tools reading both."""


@dataclass
class Table:
    """The view read once: the board, the phase, who acts, and the action names each thing may carry."""

    view: Mapping[str, Any]
    board: Board
    phase: int
    actor: tuple[int, str] | None = None
    patrol: int | None = None
    here: str | None = None
    dests: dict[str, list[tuple[int, Move]]] = field(default_factory=dict)
    """Where the moving piece may stop: place -> (heading of the last step, the path) a side."""
    done: frozenset[str] = frozenset()
    """What the acting character did at its stop already (the view's `stop_done`): not offered again."""
    gang: int | None = None
    """The gang the acting character plays for (its vamp's while vamped, L41)."""


def _mover(view: Mapping[str, Any]) -> tuple[tuple[int, str] | None, int | None]:
    """The character or the patrol the view's `actor` names."""
    actor = view.get("actor")
    if not isinstance(actor, str):
        return None, None
    if actor.startswith("patrol "):
        number = actor.split()[1]
        return None, int(number) - 1 if number.isdigit() else None
    for g, gang in enumerate(gangs_of(view)):
        for role, _ in characters(gang):
            if actor == f"seat {g}'s {role}":
                return (g, role), None
    return None, None


def destinations(board: Board, view: Mapping[str, Any], here: str, before: str | None,
                 entry: str | None, die: int) -> dict[str, list[tuple[int, Move]]]:
    """Where a piece at `here` may stop with `die`, as the rules move it (movement.move_choices):
    place -> (heading of the last step, path) for each side it may arrive from, the first path in
    sorted order for each (the one the move takes)."""
    out: dict[str, list[tuple[int, Move]]] = {}
    for m in move_choices(board, here, before, entry, die, str(option(view, "shop_exit"))):
        heading = arrival_heading(board, here, m)
        sides = out.setdefault(m.end, [])
        if all(h != heading for h, _ in sides):
            sides.append((heading, m))
    return out


def read_table(view: Mapping[str, Any]) -> Table:
    board = view_board(view)
    table = Table(view, board, _phase(view))
    table.actor, table.patrol = _mover(view)
    table.done = frozenset(str(d) for d in view.get("stop_done") or [])
    gangs = gangs_of(view)
    patrols = patrols_of(view)
    if table.actor is not None:
        g, role = table.actor
        char = gangs[g]["characters"][role]
        table.here = char.get("at")
        vamp = char.get("vamped_by")
        table.gang = vamp if isinstance(vamp, int) else g
        if table.phase == rule.MOVE:
            table.dests = destinations(board, view, str(char.get("at")), char.get("from"),
                                       char.get("entrance"), int(char.get("die") or 0))
    elif table.patrol is not None and table.patrol < len(patrols):
        p = patrols[table.patrol]
        table.here = p.get("at")
        if table.phase == rule.PATROL_MOVE:
            table.dests = destinations(board, view, str(p.get("at")), p.get("from"), p.get("entrance"),
                                       int(p.get("die") or 0))
    return table


def stop_names(table: Table, place: str) -> list[str]:
    """The 'stop at' names of `place` for the piece moving, one a side it may be entered from."""
    return [f"stop at {place} from the {DIRECTIONS[(heading + 2) % 4]}"
            for heading, _ in sorted(table.dests.get(place, []), key=lambda hm: hm[0])]


def stop_hint(table: Table, place: str) -> str:
    """What the 'stop at' names of `place` do, with the path each takes."""
    ways = []
    for heading, move in sorted(table.dests.get(place, []), key=lambda hm: hm[0]):
        ways.append(f"from the {DIRECTIONS[(heading + 2) % 4]} (path {ARROW.join(move.path)})")
    return f"; click to stop here: {'; or '.join(ways)}" if ways else ""


def early(table: Table) -> bool:
    """L6: no harm among gangsters in the first rounds (no attacks, vamping, shots)."""
    return int(table.view.get("round") or 0) <= rule.EARLY_ROUNDS


def cops_here(table: Table) -> bool:
    """A patrol stands where the acting character is (L36: no duel among gangsters before it)."""
    return any(p.get("at") == table.here for p in patrols_of(table.view))


def vamp_free(table: Table) -> bool:
    """The acting character is a vamp neither vamped nor holding a captive (S20, L41-L43)."""
    if table.actor is None or table.actor[1] != "vamp":
        return False
    g, role = table.actor
    gangs = gangs_of(table.view)
    if gangs[g]["characters"][role].get("vamped_by") is not None:
        return False
    # A gang has one vamp, so a character held by gang g's colour is held by this vamp.
    return all(char.get("vamped_by") != g for gang in gangs for _, char in characters(gang))


def character_acts(table: Table, g: int, role: str, char: Mapping[str, Any]) -> list[str]:
    """What clicking a character could do in the view's phase."""
    name = f"seat {g}'s {role}"
    at = char.get("at")
    if table.phase == rule.CHOOSE and char.get("die") and not char.get("moved"):
        return [f"move {name}"]
    if table.phase == rule.ACT and table.actor is not None and table.actor != (g, role) and not early(table):
        duel = "duel" not in table.done and not cops_here(table)  # L36: no shots with cops by
        out = []
        if at == table.here and duel:
            out.append(f"attack {name}")
        if at == table.here and vamp_free(table) and "vamp" not in table.done:
            out.append(f"vamp {name}")
        if at == "clinic" and table.here in table.board.places["clinic"].entrances and duel:
            out.append(f"shoot {name} in the clinic")
        return out
    if table.phase == rule.PATROL_ACT and table.patrol is not None and at == table.here:
        return [f"arrest {name}"]
    return []


def shop_acts(table: Table, shop: str, owner: int, racket: int) -> list[str]:
    """What clicking a shop could do: stop there, the actions of the character standing in it, or take
    the gang's token off it (L85)."""
    out = stop_names(table, shop)
    if table.phase == rule.ACT and table.actor is not None:
        if shop == table.here:
            out += here_acts(table, shop, owner, racket)
        elif table.view.get("to_act") in (owner, racket) and table.view.get("to_act") is not None:
            out.append(f"take the token off {shop}")
    return out


def here_acts(table: Table, shop: str, owner: int, racket: int) -> list[str]:
    """The shop actions the view leaves open to the character standing in `shop` (S13-S17): none it
    did at this stop, a racket or purchase on a shop nobody owns, a stick-up of another's shop not
    stuck up this turn; the rules' other conditions (money, tokens, patrols) are the page's to check."""
    done, view = table.done, table.view
    out = []
    if owner < 0 and racket < 0 and "racket" not in done:
        out.append("racket")
    if owner < 0 and "purchase" not in done:
        out.append("purchase")
    robbed = shop in (view.get("stuck_up_this_turn") or [])
    may_rob = (not early(table) or option(view, "early_stickup")) and not cops_here(table)
    if may_rob and "duel" not in done and owner != table.gang and not robbed:
        out.append("stick up for money")
        if owner >= 0:
            out.append("stick up for ownership")
    if "recruit" not in done:
        out.append("recruit")
    return out


def square_acts(table: Table, square: str) -> list[str]:
    out = stop_names(table, square)
    if table.board.squares[square].manhole:
        if table.phase == rule.RESURFACE and square != table.here:
            out.append(f"resurface at {square}")
        elif table.phase == rule.PATROL_PLACE:
            out.append(f"put the patrol at {square}")
    return out


def whereabouts(char: Mapping[str, Any]) -> str:
    """Where a character is, with its years or turns to serve."""
    at = str(char.get("at"))
    if at == "jail" and char.get("jail_years"):
        years = char["jail_years"]
        return f"jail, {years} year{'s' * (years != 1)}"
    if at == "clinic" and char.get("clinic_turns"):
        turns = char["clinic_turns"]
        return f"clinic, {turns} turn{'s' * (turns != 1)}"
    return "graveyard (dead)" if at == "graveyard" else at


def character_piece(table: Table, g: int, role: str, char: Mapping[str, Any]) -> Piece:
    name = f"seat {g}'s {role}"
    vamp = char.get("vamped_by")
    acts = character_acts(table, g, role, char)
    notes = [whereabouts(char)]
    if char.get("die"):
        notes.append(f"die {char['die']}" + (", moved" if char.get("moved") else ""))
    if char.get("record") or char.get("pending"):
        notes.append(f"record {char.get('record', 0)}"
                     + (f" (+{char['pending']} unnoticed)" if char.get("pending") else ""))
    if isinstance(vamp, int):
        notes.append(f"vamped by {_seat_label(table.view, vamp)}")
    does = f"; click to {' or '.join(acts)}" if acts else ""
    letter = ROLE_LETTER[role] if role in ROLE_LETTER else role[:1].upper()
    return Piece(f"char:{g}:{role}", seat_letter(g) + (letter.lower() if isinstance(vamp, int) else letter),
                 seat_colour(g), f"{name} (gang {seat_letter(g)}): {', '.join(notes)}{does}", tuple(acts),
                 vamp_colour=seat_colour(vamp) if isinstance(vamp, int) else None,
                 acting=table.actor == (g, role), glyph=glyph(g, role, isinstance(vamp, int)))


def patrol_piece(table: Table, index: int, patrol: Mapping[str, Any]) -> Piece:
    acts = [f"attack patrol {index + 1}"] if (table.phase == rule.ACT and table.actor is not None
                                               and patrol.get("at") == table.here and not early(table)
                                               and "duel" not in table.done) else []
    notes = [str(patrol.get("at"))]
    if patrol.get("die"):
        notes.append(f"die {patrol['die']}")
    does = f"; click to {acts[0]}" if acts else ""
    return Piece(f"patrol:{index + 1}", f"P{index + 1}", POLICE,
                 f"patrol {index + 1} (two cops): {', '.join(notes)}{does}", tuple(acts), patrol=True,
                 acting=table.patrol == index, glyph=patrol_glyph(index))


def pieces_at(table: Table) -> dict[str, list[Piece]]:
    """Every piece by where it stands: the characters in seat and role order, then the patrols."""
    out: dict[str, list[Piece]] = {}
    for g, gang in enumerate(gangs_of(table.view)):
        for role, char in characters(gang):
            out.setdefault(str(char.get("at")), []).append(character_piece(table, g, role, char))
    for i, patrol in enumerate(patrols_of(table.view)):
        out.setdefault(str(patrol.get("at")), []).append(patrol_piece(table, i, patrol))
    return out


# -- drawing the pieces ----------------------------------------------------------------------------


def _chip_shape(piece: Piece, x: float, y: float, w: float, h: float) -> list[str]:
    """A piece: a rounded chip (a patrol's square-cornered) in its colour with its letters in white;
    the moving piece haloed in gold, a vamped one ringed in its captor's colour."""
    out = []
    if piece.acting:  # nested, so that the page's outline of a clickable thing does not restyle it
        out.append(f'<g>{rect(x - 3, y - 3, w + 6, h + 6, "#ffd54f", GOLD, h / 2 + 3)}</g>')
    if piece.vamp_colour:
        out.append(f'<g><rect x="{x - 1.5:g}" y="{y - 1.5:g}" width="{w + 3:g}" height="{h + 3:g}" '
                   f'rx="{h / 2 + 1.5:g}" fill="none" stroke="{piece.vamp_colour}" stroke-width="2.5" '
                   f'stroke-dasharray="3 2"/></g>')
    radius = 2 if piece.patrol else h / 2
    out.append(rect(x, y, w, h, piece.fill, "#ffffff" if piece.patrol else "#111", radius))
    out.append(text(x + w / 2, y + h / 2 + 4, piece.label, 11, "bold", "middle", "#ffffff"))
    return out


def _chip(piece: Piece, x: float, y: float, w: float, h: float) -> str:
    """A piece on the board, acting as what clicking it could do."""
    radius = 2 if piece.patrol else h / 2
    # The key is on an outline of its own: what a click may do changes with the phase, the piece not.
    marker = f'<g data-key="{piece.key}">{rect(x, y, w, h, "none", "none", radius)}</g>'
    drawn = group([*_chip_shape(piece, x, y, w, h), marker], title=piece.title, act=piece.acts, cls="piece")
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


def _street(table: Table, top: float, placed: Mapping[str, list[Piece]]) -> list[str]:
    board = table.board
    out = []
    for b in board.bridges.values():  # the street passing under a bridge: a dashed link, no square
        for a, z in b.under:
            sa, sz = board.squares[a], board.squares[z]
            out.append(f'<line x1="{PAD + (sa.x + 0.5) * CELL:g}" y1="{top + (sa.y + 0.5) * CELL:g}" '
                       f'x2="{PAD + (sz.x + 0.5) * CELL:g}" y2="{top + (sz.y + 0.5) * CELL:g}" '
                       f'stroke="#777" stroke-width="6" stroke-dasharray="5 4"/>')
    for sid in sorted(board.squares):
        acts = square_acts(table, sid)
        if acts or sid in placed or sid in table.dests:
            out.append(_square(table, sid, top, placed.get(sid, []), acts))
        else:
            out.append(_plain(table, sid, top, partial(_square, table, sid, top, [], [])))
    return out


def _square(table: Table, sid: str, top: float, here: Sequence[Piece], acts: list[str]) -> str:
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
    hint += "".join(f"; click to {a}" for a in acts if a.startswith(("resurface", "put the patrol")))
    if here:
        what.append("here: " + ", ".join(p.title.split(":")[0] for p in here))
    body = [rect(x + 1, y + 1, CELL - 2, CELL - 2, fill, GOLD if reach else "#8f8b80", 3)]
    if s.manhole:
        body.append(f'<circle cx="{x + CELL / 2:g}" cy="{y + CELL / 2:g}" r="12" fill="#4a4a4a" '
                    f'stroke="#eeeeee" stroke-width="2"/>')
    body += [_arrow(x, y, heading) for heading, _ in reach]
    # No key: a street square is only where pieces stand, and the pieces have theirs.
    body += chips(here, x + 1, y + 1, CELL - 2, CELL - 2)
    return group(body, title="; ".join(what) + hint, act=acts, cls="square")


def _shop_tags(view: Mapping[str, Any], sid: str, owner: int, racket: int, x: float, y: float) -> list[str]:
    """A shop's owner (a thick frame and a square tag) or racket token (a round tag), each in the gang's
    colour with its letter."""
    out = []
    tag_x, tag_y = x + CELL - 11, y + CELL - 11
    if owner >= 0:
        out.append(group([rect(x + 3, y + 3, CELL - 6, CELL - 6, "none", seat_colour(owner), 2,
                               'stroke-width="3"'),
                          rect(tag_x - 7.5, tag_y - 7.5, 15, 15, seat_colour(owner), "#111", 2),
                          text(tag_x, tag_y + 4, seat_letter(owner), 11, "bold", "middle", "#ffffff")],
                         title=f"{sid}: owned by {_seat_label(view, owner)}", cls="owner"))
    if racket >= 0:
        disc = f'<circle cx="{tag_x:g}" cy="{tag_y:g}" r="8" fill="{seat_colour(racket)}" stroke="#111"/>'
        out.append(group([disc, text(tag_x, tag_y + 4, seat_letter(racket), 11, "bold", "middle", "#ffffff")],
                         title=f"{sid}: racket token of {_seat_label(view, racket)}", cls="racket"))
    return out


def _shops(table: Table, top: float, placed: Mapping[str, list[Piece]]) -> list[str]:
    marks = shop_marks(table.view)
    robbed = table.view.get("stuck_up_this_turn") or []
    out = []
    for sid in sorted(table.board.shops):
        owner, racket = marks.get(sid, (-1, -1))
        acts = shop_acts(table, sid, owner, racket)
        if acts or sid in placed or owner >= 0 or racket >= 0 or sid in robbed:
            out.append(_shop(table, sid, top, placed.get(sid, []), acts))
        else:
            out.append(_plain(table, sid, top, partial(_shop, table, sid, top, [], [])))
    return out


def _shop(table: Table, sid: str, top: float, here: Sequence[Piece], acts: list[str]) -> str:
    board = table.board
    shop = board.shops[sid]
    district = board.districts[shop.district]
    x, y = PAD + shop.x * CELL, top + shop.y * CELL
    owner, racket = shop_marks(table.view).get(sid, (-1, -1))
    reach = table.dests.get(sid, [])
    what = [f"shop {sid}, {district.name} district, {KIND_NAME.get(shop.kind, shop.kind)}"]
    if owner >= 0:
        what.append(f"owned by {_seat_label(table.view, owner)}")
    if racket >= 0:
        what.append(f"racket token of {_seat_label(table.view, racket)}")
    if sid in (table.view.get("stuck_up_this_turn") or []):
        what.append("stuck up this turn")
    if here:
        what.append("inside: " + ", ".join(p.title.split(":")[0] for p in here))
    hint = stop_hint(table, sid)
    if sid == table.here and table.phase == rule.ACT:
        hint += "; click for what the character may do here (racket, buy, stick up, recruit)"
    elif any(a.startswith("take the token") for a in acts):
        hint += f"; click to take the token off {sid} (no token left, L85)"
    # A shop the move may end in keeps its district's colour (a yellow shop would hide the highlight of
    # a square) with a thick gold frame.
    frame = (GOLD, 'stroke-width="3.5"') if reach else (district.colour, 'stroke-width="2"')
    body = [rect(x + 1, y + 1, CELL - 2, CELL - 2, _tint(district.colour, 0.5), frame[0], 3, frame[1])]
    for e in shop.entrances:  # the notches the shop is entered by
        sq = board.squares[e]
        nx, ny = PAD + (shop.x + sq.x + 1) * CELL / 2, top + (shop.y + sq.y + 1) * CELL / 2
        body.append(f'<circle cx="{nx:g}" cy="{ny:g}" r="3" fill="#ffffff" stroke="#555"/>')
    body += [_arrow(x, y, heading) for heading, _ in reach]
    inner = [rect(x + 1, y + 1, CELL - 2, CELL - 2, "none", "none", 3),
             text(x + 4, y + 13, sid, 11, "bold", "start", INK)]
    if shop.kind in KIND_MARK:
        inner.append(text(x + CELL - 4, y + 13, KIND_MARK[shop.kind], 12, "bold", "end", INK))
    inner += _shop_tags(table.view, sid, owner, racket, x, y)
    inner += chips(here, x + 1, y + 15, CELL - 2, CELL - 16)
    body.append(group(inner, key=f"shop:{sid}"))
    return group(body, title="; ".join(what) + hint, act=acts, cls="shop")


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


def _places(table: Table, top: float, placed: Mapping[str, list[Piece]]) -> list[str]:
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
        out.append(group(body, title=title, cls="place"))
    return out


def _pawns(table: Table, top: float) -> list[str]:
    """The traffic pawns on the sidewall sections, a bar in the gang's colour (its letter in the title
    and the gang's panel: a sidewall has no room for it)."""
    out = []
    for section_id, gang in sorted((table.view.get("pawns") or {}).items()):
        section = table.board.sections.get(section_id)
        if section is None or not isinstance(gang, int):
            continue
        bar = section_bar(table.board, section.squares, section.shops, CELL)
        if bar is None:
            continue
        bx, by, bw, bh = bar
        shape = rect(PAD + bx, top + by, bw, bh, seat_colour(gang), "#111", 2)
        out.append(group(shape, title=f"sidewall {section_id}: a traffic pawn of "
                                       f"{_seat_label(table.view, gang)}", key=f"pawn:{section_id}",
                         cls="pawn"))
    return out


def board_layer(table: Table, top: float) -> list[str]:
    placed = pieces_at(table)
    width, height = table.board.width * CELL, table.board.height * CELL
    return [rect(PAD - 4, top - 4, width + 8, height + 8, "#e9e4d6", "#b5ad97", 8),
            *_street(table, top, placed), *_places(table, top, placed), *_shops(table, top, placed),
            *_pawns(table, top)]


# -- the header: what is going on and the buttons ---------------------------------------------------


def phase_line(table: Table) -> str:
    """One line saying whose decision it is and what it is about."""
    view, phase = table.view, table.phase
    if view.get("over"):
        winner = view.get("winner", -1)
        if isinstance(winner, int) and winner >= 0:
            return f"Game over: {_seat_label(view, winner)} wins."
        # No win by the rules (the turn limit): most shops, then most money ranks the gangs (S39).
        marks = shop_marks(view)
        keys = [(sum(1 for o, _ in marks.values() if o == g), int(gang.get("money") or 0))
                for g, gang in enumerate(gangs_of(view))]
        best = [g for g, key in enumerate(keys) if key == max(keys, default=None)]
        return (f"Game over, no gang won outright: most shops, then most money: "
                f"{' and '.join(_seat_label(view, g) for g in best) or 'nobody'}.")
    who = _seat_label(view, view.get("to_act"))
    actor = view.get("actor")
    die = ""
    if table.actor is not None:
        die = str(gangs_of(view)[table.actor[0]]["characters"][table.actor[1]].get("die") or "")
    elif table.patrol is not None and table.patrol < len(patrols_of(view)):
        die = str(patrols_of(view)[table.patrol].get("die") or "")
    lines = {
        rule.CHOOSE: f"{who}: choose the character that moves next (click it)",
        rule.RESURFACE: f"{who}: {actor} is on a manhole: stay, or resurface at another (click it)",
        rule.MOVE: f"{who}: {actor} moves {die}: click a highlighted square or shop to stop there",
        rule.ACT: f"{who}: {actor} acts at {table.here} (click a piece or the shop), then done",
        rule.COP_OFFER: f"{who}: buy the cops for ${option(view, 'cop_price')}?",
        rule.PATROL_PLACE: f"{who}: {actor} comes up from the sewers: click a manhole",
        rule.PATROL_MOVE: f"{who}: {actor} moves {die}: click a highlighted square or shop",
        rule.PATROL_ACT: f"{who}: {actor} at {table.here}: arrest a gangster there (click him), or no arrest",
        rule.ARRESTED: f"{who}: {view.get('arrested')} is arrested by {actor}: surrender or rebel?",
        rule.PRICE: f"{who}: {actor} wants to recruit in {table.here}: name the price, or refuse to sell",
        rule.OFFER: f"{who}: the owner asks ${view.get('asked_price')} for the recruit: pay or decline?",
    }
    return lines.get(phase, f"{who}: {view.get('phase', '?')}")


def decision_buttons(table: Table, x: float, y: float) -> list[str]:
    """The decisions with no object on the table, as buttons, left to right from (x, y)."""
    view, phase = table.view, table.phase
    wanted: list[tuple[str, list[str], str]] = []  # label, action names, hover text
    if view.get("over"):
        return []
    if phase == rule.CHOOSE and view.get("turn_clock"):
        wanted.append(("time is up", ["time is up"], "the turn clock ran out: the characters not moved "
                                                     "go to the jail for a turn (S35)"))
    elif phase == rule.RESURFACE:
        wanted.append(("stay", ["stay on the manhole"], "do not resurface: move from this manhole"))
    elif phase == rule.ACT and table.actor is not None:
        g, role = table.actor
        char = gangs_of(view)[g]["characters"][role]
        at = str(char.get("at"))
        if at in table.board.squares and "coward attack" not in table.done:
            wanted.append(("coward attack", ["coward attack"], "mug a passer-by: 10 from the bank, "
                                                              "a year on the record if noticed (S19)"))
        shop = table.board.shops.get(at)
        if role == "dealer" and shop is not None and shop.kind == "star" and "buy pawns" not in table.done:
            for k in range(1, MAX_PAIRS + 1):
                wanted.append((f"buy {2 * k}", [f"buy {2 * k} pawns"],
                               f"buy {2 * k} traffic pawns for ${5 * k} (S16)"))
        stock = int(gangs_of(view)[g].get("pawn_stock") or 0)
        if role == "dealer" and stock > 0 and "place pawns" not in table.done:
            wanted.append(("place pawns", ["place pawns"], "put a stocked pawn on each empty sidewall "
                                                          "section here (S16)"))
        wanted.append(("done", ["done"], "end this character's stop"))
    elif phase == rule.COP_OFFER:
        price = option(view, "cop_price")
        wanted += [(f"buy the cops ${price}", [f"buy the cops for {price}"], "move both patrols from now "
                                                                            "on (S32)"),
                   ("do not buy", ["do not buy the cops"], "leave the cops for sale")]
    elif phase == rule.PATROL_ACT:
        wanted.append(("no arrest", ["no arrest"], "the patrol arrests nobody"))
    elif phase == rule.ARRESTED:
        wanted += [("surrender", ["surrender"], "go to the jail for the years on the record (S30)"),
                   ("rebel", ["rebel"], "resist: a duel against the patrol (S30)")]
    elif phase == rule.PRICE:
        wanted += [(f"ask ${p}", [f"ask {p}"], f"ask {p} for the recruit") for p in PRICES]
        wanted.append(("refuse", ["refuse to sell"], "refuse to sell the recruit"))
    elif phase == rule.OFFER:
        wanted += [(f"pay ${view.get('asked_price')}", ["pay the price"], "pay the price asked"),
                   ("decline", ["decline the price"], "decline the price asked")]
    out = []
    for label, names, hover in wanted:
        width = max(56.0, len(label) * 7.5 + 20)
        out.append(button(x, y, width, label, names, title=hover))
        x += width + 8
    return out


def header(table: Table, width: float) -> list[str]:
    view = table.view
    limit = option(view, "turn_limit")
    rounds = f"round {view.get('round', '?')}" + (f" of {limit}" if limit else "")
    parts = [text(PAD, 26, f"Supergang \u2014 {rounds}", 18, "bold")]
    turn = view.get("turn_player")
    if isinstance(turn, int) and not view.get("over"):
        label = f"{_seat_label(view, turn)}'s gang turn"
        lx = width - PAD - len(label) * 7.6 - 36
        badge = rect(lx, 8, width - PAD - lx, 26, _tint(seat_colour(turn), 0.8), seat_colour(turn), 13)
        disc = f'<circle cx="{lx + 13:g}" cy="21" r="10" fill="{seat_colour(turn)}" stroke="#111"/>'
        letter = text(lx + 13, 25, seat_letter(turn), 11, "bold", "middle", "#ffffff")
        parts.append(group([badge, disc, letter, text(lx + 28, 26, label, 13, "bold", "start", INK)],
                           title=f"whose gang turn it is: {_seat_label(view, turn)}", key="turn"))
    parts.append(text(PAD, 52, phase_line(table), 14, "normal", "start", INK))
    parts += decision_buttons(table, PAD, 64)
    return parts


# -- the panels under the board --------------------------------------------------------------------


def _gang_panel(table: Table, g: int, gang: Mapping[str, Any], x: float, y: float, w: float) -> list[str]:
    view = table.view
    colour = seat_colour(g)
    to_act = view.get("to_act") == g and not view.get("over")
    turn = view.get("turn_player") == g and not view.get("over")
    marks = shop_marks(view)
    owned = sorted(s for s, (o, _) in marks.items() if o == g)
    rackets = sorted(s for s, (_, r) in marks.items() if r == g)
    placed = sum(1 for p in (view.get("pawns") or {}).values() if p == g)
    frame = rect(x, y, w, PANEL_HEIGHT, "#fff3c4" if to_act else "#fbfaf6", GOLD if to_act else "#bbbbbb", 8,
                 f'stroke-width="{3 if to_act else 1}"')
    head = [rect(x, y, w, 24, colour, colour, 8), rect(x, y + 12, w, 12, colour, colour, 0),
            text(x + 10, y + 17, _seat_label(view, g), 13, "bold", "start", "#ffffff")]
    if to_act or turn:
        head.append(text(x + w - 10, y + 17, "to act" if to_act else "its turn", 12, "bold", "end",
                         "#ffffff"))
    tokens, stock, supply = gang.get("tokens", 0), gang.get("pawn_stock", 0), gang.get("pawn_supply", 0)
    stats = [rect(x, y, w, PANEL_HEIGHT, "none", "none", 8),
             text(x + 10, y + 44, f"${gang.get('money', 0)}", 18, "bold", "start", INK),
             text(x + w - 10, y + 44, f"{_count(len(owned), 'shop')} \u00b7 {_count(len(rackets), 'racket')}",
                  12, "normal", "end", INK),
             text(x + 10, y + 60, _fit(f"{_count(tokens, 'token')} \u00b7 pawns {placed} out, {stock} in "
                                       f"stock, {supply} to buy", w - 20, 11), 11, "normal", "start", MUTED)]
    stats_title = (f"{_seat_label(view, g)}: ${gang.get('money', 0)}; shops: {' '.join(owned) or 'none'}; "
                   f"rackets: {' '.join(rackets) or 'none'}; {tokens} tokens left; traffic pawns: {placed} "
                   f"on the sidewalls, {stock} in stock, {supply} still to buy")
    parts = [frame, *head, group(stats, title=stats_title, key=f"seat:{g}")]
    for i, (role, char) in enumerate(characters(gang)):
        piece = character_piece(table, g, role, char)
        ry = y + 68 + i * (ROW + 4)
        record = int(char.get("record") or 0) + int(char.get("pending") or 0)
        notes = [f"rec {record}"] if record else []
        if char.get("die") and char.get("at") not in ("graveyard", "clinic", "jail"):
            notes.append("moved" if char.get("moved") else f"die {char['die']}")
        right = " \u00b7 ".join(notes)
        where = whereabouts(char).replace(" (dead)", "")
        row = [rect(x + 6, ry, w - 12, ROW, "#ffffff" if not piece.acting else "#ffe9a8", "#dddddd", 4),
               f"<g>{''.join(_chip_shape(piece, x + 10, ry + 2, 30, 18))}</g>",
               text(x + 46, ry + 15, _fit(f"{role}: {where}", w - 64 - len(right) * 6.6, 11), 11, "normal",
                    "start", INK)]
        if right:
            row.append(text(x + w - 12, ry + 15, right, 11, "bold", "end", "#8b1a1a" if record else INK))
        parts.append(group(row, title=piece.title, act=piece.acts, cls="row"))
    return parts


def _city_panel(table: Table, x: float, y: float, w: float, h: float) -> list[str]:
    view = table.view
    cops = view.get("cops_owner")
    police = view.get("police_seat")
    who = (f"played by {_seat_label(view, police)}" if police is not None
           else _seat_label(view, cops) if cops is not None else f"for sale (${option(view, 'cop_price')})")
    lines = [(f"bank ${view.get('bank', 0)}", 13, "bold"), (f"cops: {who}", 12, "normal")]
    for i, patrol in enumerate(patrols_of(view)):
        at = patrol.get("at")
        where = "in the sewers" if at == "sewer" else f"at {at}"
        more = f", die {patrol['die']}" if patrol.get("die") else ""
        if patrol.get("returns_with") is not None:
            more += f", back on seat {patrol['returns_with']}'s turn"
        lines.append((f"patrol {i + 1} {where}{more}", 12, "normal"))
    robbed = view.get("stuck_up_this_turn") or []
    if robbed:
        lines.append((f"stuck up this turn: {' '.join(robbed)}", 12, "normal"))
    clock = view.get("turn_clock")
    if isinstance(clock, Mapping):
        lines.append((f"turn clock: {clock.get('seconds')} s a gang turn", 12, "normal"))
    out = [rect(x, y, w, h, "#eef1f8", "#9aa5c4", 8), text(x + 10, y + 20, "The city", 13, "bold")]
    if police is not None:  # the police player's seat, by its colour and letter like a gang's
        out.append(f'<circle cx="{x + w - 20:g}" cy="{y + 16:g}" r="10" fill="{seat_colour(police)}" '
                   'stroke="#111"/>')
        out.append(text(x + w - 20, y + 20, seat_letter(police), 11, "bold", "middle", "#ffffff"))
        out.append(text(x + w - 36, y + 20, "police", 12, "bold", "end", INK))
    ty = y + 40
    for content, size, weight in lines:
        for line in _wrap(content, w - 20, size):
            out.append(text(x + 10, ty, line, size, weight, "start", INK))
            ty += 17
    return [group(out, key="city", title="the bank, the cops and the patrols")]


def split_duel(events: Sequence[str]) -> tuple[list[str], list[str], list[str]]:
    """The events before the duel, the duel's (from its first throw to its outcome), and after."""
    marks = [i for i, e in enumerate(events) if any(w in e for w in DUEL_WORDS)]
    if not marks:
        return list(events), [], []
    first, last = marks[0], marks[-1]
    return list(events[:first]), list(events[first:last + 1]), list(events[last + 1:])


def _events_panel(table: Table, x: float, y: float, w: float) -> tuple[list[str], float]:
    """What the last action did, the duel's throws and volleys in a box of their own."""
    events = [" ".join(str(e).split()) for e in table.view.get("events") or []]
    before, duel, after = split_duel(events)
    out = [text(x + 10, y + 20, "What just happened", 13, "bold")]
    ty = y + 40
    for event in before:
        for line in _wrap(event, w - 20):
            out.append(text(x + 10, ty, line, 12, "normal", "start", INK))
            ty += 16
    if duel:
        lines = [line for event in duel for line in _wrap(event, w - 44)]
        box = 26 + 16 * len(lines)
        out.append(rect(x + 8, ty - 10, w - 16, box, "#fdecea", "#c62828", 6))
        out.append(text(x + 18, ty + 6, "\u2694 Duel", 12, "bold", "start", "#8b1a1a"))
        ly = ty + 22
        for line in lines:
            out.append(text(x + 26, ly, line, 12, "bold" if line.startswith("all ") else "normal", "start",
                            INK))
            ly += 16
        ty += box + 6
    for event in after:
        for line in _wrap(event, w - 20):
            out.append(text(x + 10, ty, line, 12, "normal", "start", INK))
            ty += 16
    if not events:
        out.append(text(x + 10, ty, "nothing yet", 12, "normal", "start", MUTED))
        ty += 16
    height = ty - y + 4
    return [rect(x, y, w, height, "#ffffff", "#bbbbbb", 8), *out], height


def view_svg(view: dict[str, Any]) -> str:
    """The table as one seat's view shows it, as SVG (see the module docstring)."""
    table = read_table(view)
    board = table.board
    width = max(760.0, board.width * CELL + 2 * PAD)
    board_top = HEADER
    parts = header(table, width)
    parts += board_layer(table, board_top)
    y = board_top + board.height * CELL + 14
    gangs = gangs_of(view)
    if gangs:
        gap = 8.0
        w = (width - 2 * PAD - gap * (len(gangs) - 1)) / len(gangs)
        for g, gang in enumerate(gangs):
            parts += _gang_panel(table, g, gang, PAD + g * (w + gap), y, w)
        y += PANEL_HEIGHT + 10
    city_w = 290.0
    events, events_h = _events_panel(table, PAD + city_w + 10, y, width - 2 * PAD - city_w - 10)
    city_h = max(events_h, 40 + 17 * (4 + len(patrols_of(view))))
    parts += _city_panel(table, PAD, y, city_w, city_h)
    parts += events
    height = y + max(city_h, events_h) + PAD
    who = "a spectator" if view.get("seat") is None else f"seat {view['seat']}"
    return document(width, height, f"Supergang, round {view.get('round', '?')}, as {who} sees it", parts)

