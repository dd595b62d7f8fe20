"""Supergang's table drawing, what it is drawn from: the view read once (`Table`), the action names each
drawn thing may carry (from the view alone: the page knows which are legal), the pieces and their look,
and the small text helpers the board and the panels share (drawing.py puts it together)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.seats import SEAT_OPEN, SEAT_REF, seat_ref
from ...engine.svg import fit_lines, rect, seat_colour, seat_letter, text, text_width
from . import constants as rule
from .actions import (
    DIRECTIONS,
    PURCHASE,
    RACKET,
    RECRUIT,
    ROLES,
    STICKUP_MONEY,
    STICKUP_OWNERSHIP,
    WORDS,
    arrest_text,
    attack_patrol_text,
    attack_text,
    clinic_kill_text,
    move_text,
    patrol_place_text,
    recall_text,
    resurface_text,
    stop_text,
    vamp_text,
)
from .board import Board, Move
from .movement import arrival_heading, move_choices
from .phases import PHASE_NAMES, Phase
from .render_map import (
    ROLE_LETTER,
    character_name,
    characters,
    gangs_of,
    glyph,
    option,
    patrol_glyph,
    patrols_of,
    vamping_notes,
    view_board,
)
from .view import CharacterView, PatrolView, SupergangView

PAD = 12
"""The margin round the drawing (and the board's left edge)."""
POLICE = "#1a237e"
GOLD = "#b8860b"
"""The acting piece's halo, the frame of what the move may reach, the panel of the seat to act."""
ARROW = " \u2192 "




def _phase(view: SupergangView) -> int:
    name = view.get("phase")
    return PHASE_NAMES.index(name) if name in PHASE_NAMES else -1


def seat_label(view: SupergangView, seat: int | None) -> str:
    """"⟨s1⟩ (B)": the seat's marker (the page fills its name in, and "(you)") and its letter, with
    "police" where it holds."""
    if seat is None or seat < 0:
        return "nobody"
    notes = [seat_letter(seat)]
    if seat == view.get("police_seat"):
        notes.append("police")
    return f"{seat_ref(seat)} ({', '.join(notes)})"


def tint(colour: str, amount: float) -> str:
    """`colour` mixed with white (`amount` of white), for fills dark text reads well on."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def fit(content: str, width: float, size: int) -> str:
    """`content` cut to about `width` units of text of `size`, with an ellipsis where it was cut. A seat's
    marker counts as the longest name the page fills in (`text_width`) and is never cut."""
    if SEAT_OPEN in content:
        if text_width(content, size) <= width:
            return content
        atoms: list[str] = []  # its characters, a marker as one
        at = 0
        for marker in SEAT_REF.finditer(content):
            atoms += [*content[at:marker.start()], marker.group(0)]
            at = marker.end()
        atoms += content[at:]
        while atoms and text_width("".join(atoms) + "\u2026", size) > width:
            atoms.pop()
        return "".join(atoms).rstrip() + "\u2026"
    room = max(4, int(width / (size * 0.56)))
    return content if len(content) <= room else content[:room - 1] + "\u2026"


def count(n: int, thing: str) -> str:
    return f"{n} {thing}{'s' * (n != 1)}"


def wrap(content: str, width: float, size: int = 12) -> list[str]:
    """`content` in lines of at most `width` units of text of `size` (`text_width`'s estimate: a seat's
    name as long as the page lets it be)."""
    return fit_lines(content.split(), width, size) or [""]


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

    view: SupergangView
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


def _mover(view: SupergangView) -> tuple[tuple[int, str] | None, int | None]:
    """The character or the patrol the view's `actor` names."""
    actor = view.get("actor")
    if not isinstance(actor, str):
        return None, None
    if actor.startswith("patrol "):
        number = actor.split()[1]
        return None, int(number) - 1 if number.isdigit() else None
    for g, gang in enumerate(gangs_of(view)):
        for role, _ in characters(gang):
            if actor == character_name(g, role):
                return (g, role), None
    return None, None


def destinations(board: Board, view: SupergangView, here: str, before: str | None,
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


def read_table(view: SupergangView) -> Table:
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
        if table.phase == Phase.MOVE:
            table.dests = destinations(board, view, str(char.get("at")), char.get("from"),
                                       char.get("entrance"), int(char.get("die") or 0))
    elif table.patrol is not None and table.patrol < len(patrols):
        p = patrols[table.patrol]
        table.here = p.get("at")
        if table.phase == Phase.PATROL_MOVE:
            table.dests = destinations(board, view, str(p.get("at")), p.get("from"), p.get("entrance"),
                                       int(p.get("die") or 0))
    return table


def stop_names(table: Table, place: str) -> list[str]:
    """The 'stop at' names of `place` for the piece moving, one a side it may be entered from."""
    return [stop_text(place, heading)
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


def character_acts(table: Table, g: int, role: str, char: CharacterView) -> list[str]:
    """What clicking a character could do in the view's phase."""
    character = 3 * g + ROLES.index(role)
    at = char.get("at")
    if table.phase == Phase.CHOOSE and char.get("die") and not char.get("moved"):
        return [move_text(character)]
    if table.phase == Phase.ACT and table.actor is not None and table.actor != (g, role) and not early(table):
        aim = table.view.get("aim") or []
        if aim:  # S40: declaring an attack: any other piece here may be added to the targets
            aimed = {"gang": g, "role": role} in aim
            return [attack_text(character)] if at == table.here and not aimed else []
        duel = "duel" not in table.done and not cops_here(table)  # L36: no shots with cops by
        out = []
        if at == table.here and duel:
            out.append(attack_text(character))
        if at == table.here and vamp_free(table) and "vamp" not in table.done:
            out.append(vamp_text(character))
        if at == "clinic" and table.here in table.board.places["clinic"].entrances and duel:
            out.append(clinic_kill_text(character))
        return out
    if table.phase == Phase.PATROL_ACT and table.patrol is not None and at == table.here:
        return [arrest_text(character)]
    return []


def shop_acts(table: Table, shop: str, owner: int, racket: int) -> list[str]:
    """What clicking a shop could do: stop there, the actions of the character standing in it, or take
    the gang's token off it (L85)."""
    out = stop_names(table, shop)
    if table.phase == Phase.ACT and table.actor is not None:
        if shop == table.here:
            out += here_acts(table, shop, owner, racket)
        elif table.view.get("to_act") in (owner, racket) and table.view.get("to_act") is not None:
            out.append(recall_text(shop))
    return out


def here_acts(table: Table, shop: str, owner: int, racket: int) -> list[str]:
    """The shop actions the view leaves open to the character standing in `shop` (S13-S17): none it
    did at this stop, a racket or purchase on a shop nobody owns, a stick-up of another's shop not
    stuck up this turn; the rules' other conditions (money, tokens, patrols) are the page's to check."""
    done, view = table.done, table.view
    out = []
    if owner < 0 and racket < 0 and "racket" not in done:
        out.append(WORDS[RACKET])
    if owner < 0 and "purchase" not in done:
        out.append(WORDS[PURCHASE])
    robbed = shop in (view.get("stuck_up_this_turn") or [])
    may_rob = (not early(table) or option(view, "early_stickup")) and not cops_here(table)
    if may_rob and "duel" not in done and owner != table.gang and not robbed:
        out.append(WORDS[STICKUP_MONEY])
        if owner >= 0:
            out.append(WORDS[STICKUP_OWNERSHIP])
    if "recruit" not in done:
        out.append(WORDS[RECRUIT])
    return out


def square_acts(table: Table, square: str) -> list[str]:
    out = stop_names(table, square)
    if table.board.squares[square].manhole:
        if table.phase == Phase.RESURFACE and square != table.here:
            out.append(resurface_text(square))
        elif table.phase == Phase.PATROL_PLACE:
            out.append(patrol_place_text(square))
    return out


def whereabouts(char: CharacterView) -> str:
    """Where a character is, with its years or turns to serve."""
    at = str(char.get("at"))
    if at == "jail" and char.get("jail_years"):
        years = char["jail_years"]
        return f"jail, {years} year{'s' * (years != 1)}"
    if at == "clinic" and char.get("clinic_turns"):
        turns = char["clinic_turns"]
        return f"clinic, {turns} turn{'s' * (turns != 1)}"
    return "graveyard (dead)" if at == "graveyard" else at


def character_piece(table: Table, g: int, role: str, char: CharacterView) -> Piece:
    name = character_name(g, role)
    vamp = char.get("vamped_by")
    acts = character_acts(table, g, role, char)
    notes = [whereabouts(char)]
    if char.get("die"):
        notes.append(f"die {char['die']}" + (", moved" if char.get("moved") else ""))
    if char.get("record") or char.get("pending"):
        notes.append(f"record {char.get('record', 0)}"
                     + (f" (+{char['pending']} unnoticed)" if char.get("pending") else ""))
    if isinstance(vamp, int):
        notes.append(f"vamped by {seat_label(table.view, vamp)}")
    notes += vamping_notes(char)
    does = f"; click to {' or '.join(acts)}" if acts else ""
    letter = ROLE_LETTER[role] if role in ROLE_LETTER else role[:1].upper()
    return Piece(f"char:{g}:{role}", seat_letter(g) + (letter.lower() if isinstance(vamp, int) else letter),
                 seat_colour(g), f"{name} (gang {seat_letter(g)}): {', '.join(notes)}{does}", tuple(acts),
                 vamp_colour=seat_colour(vamp) if isinstance(vamp, int) else None,
                 acting=table.actor == (g, role), glyph=glyph(g, role, isinstance(vamp, int)))


def patrol_piece(table: Table, index: int, patrol: PatrolView) -> Piece:
    acts = [attack_patrol_text(index)] if (table.phase == Phase.ACT and table.actor is not None
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


def chip_shape(piece: Piece, x: float, y: float, w: float, h: float) -> list[str]:
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


PAWN_MARKS = (("solid", ""), ("dashed", 'stroke-dasharray="7 4"'),
              ("dotted", 'stroke-dasharray="0.1 4.5" stroke-linecap="round"'),
              ("barred", 'stroke-dasharray="2 4" stroke-width="4.5"'),
              ("dash-dotted", 'stroke-dasharray="8 3 0.1 3" stroke-linecap="round"'))
"""A seat's mark on its traffic pawns, white over its colour (seat 0 plain): a sidewall bar is too thin
for a letter, so the mark tells the gangs apart where colours alone would (the gang's panel shows it)."""


def pawn_mark(gang: int) -> str:
    """The name of the mark on seat `gang`'s pawn bars ("dashed")."""
    return PAWN_MARKS[gang % len(PAWN_MARKS)][0]


def pawn_bar(x: float, y: float, w: float, h: float, gang: int) -> list[str]:
    """A traffic pawn: a bar in the gang's colour with its mark, a white line along the bar."""
    out = [rect(x, y, w, h, seat_colour(gang), "#111", 2)]
    style = PAWN_MARKS[gang % len(PAWN_MARKS)][1]
    if style:
        x1, y1, x2, y2 = (x + 3, y + h / 2, x + w - 3, y + h / 2) if w >= h else (x + w / 2, y + 3, x + w / 2,
                                                                                   y + h - 3)
        width = "" if "stroke-width" in style else ' stroke-width="2"'
        out.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#ffffff"{width} {style}/>')
    return out

