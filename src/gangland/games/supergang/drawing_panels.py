"""Supergang's table drawing, around the board: the header (round, whose turn, the phase line, the buttons
of the decisions with no object on the table) and the panels under the board (a gang each, the city,
what just happened with the duel set apart). A narrow drawing (a phone's) wraps the header's lines and
buttons, and stacks the panels, the seat's gang first, every row that may be touched TARGET high."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine.seats import seat_ref
from ...engine.svg import (
    INK,
    MUTED,
    NARROW_WIDTH,
    TARGET,
    button,
    group,
    rect,
    seat_colour,
    seat_letter,
    text,
    text_width,
)
from .actions import (
    ACCEPT,
    COWARD,
    DECLINE,
    FIRE,
    MAX_PAIRS,
    PLACE,
    PRICES,
    REBEL,
    REFUSE,
    STAY,
    SURRENDER,
    TIME_UP,
    WORDS,
    ask_text,
    buy_cops_text,
    buy_pawns_text,
    done_text,
)
from .drawing_table import (
    GOLD,
    PAD,
    Table,
    character_piece,
    chip_shape,
    count,
    fit,
    patrol_piece,
    pawn_bar,
    pawn_mark,
    seat_label,
    tint,
    whereabouts,
    wrap,
)
from .phases import Phase
from .render_map import characters, gangs_of, option, patrols_of, shop_marks
from .view import GangView

PANEL_HEIGHT = 164
"""A gang's panel: its name (as long as the page lets a name be) on its colour, its money, whether it
acts, its holdings on two lines, and a row per character."""
HEADER = 104
"""Height of the band above the board: title, phase line and the decision buttons."""
ROW = 22
"""Height of a character's row in its gang's panel."""
DUEL_WORDS = (" throw ", "fire first", "volley ", " down: ", "no result after", "equal totals", "dart ")
"""Words of the events `duel.py` writes for a duel's throws and volleys (and a clinic shot's darts)."""



# -- the header: what is going on and the buttons ---------------------------------------------------


def phase_line(table: Table) -> str:
    """One line saying whose decision it is and what it is about."""
    view, phase = table.view, table.phase
    if view.get("over"):
        winner = view.get("winner", -1)
        if isinstance(winner, int) and winner >= 0:
            return f"Game over: {seat_label(view, winner)} wins."
        # No win by the rules (the safety limit, or every character dead): a draw of the gangs (S46).
        gangs = " and ".join(seat_label(view, g) for g in range(len(gangs_of(view))))
        return f"Game over: no gang won by the rules, a draw shared by {gangs}."
    to_act = view.get("to_act")
    who = seat_label(view, to_act)
    actor = view.get("actor")
    if table.actor is not None and table.actor[0] == to_act:
        actor = f"its {table.actor[1]}"  # (the seat's name once on the line is enough)
    die = ""
    if table.actor is not None:
        die = str(gangs_of(view)[table.actor[0]]["characters"][table.actor[1]].get("die") or "")
    elif table.patrol is not None and table.patrol < len(patrols_of(view)):
        die = str(patrols_of(view)[table.patrol].get("die") or "")
    lines: dict[int, str] = {
        Phase.CHOOSE: f"{who}: choose the character that moves next (click it)",
        Phase.RESURFACE: f"{who}: {actor} is on a manhole: stay, or resurface at another (click it)",
        Phase.MOVE: f"{who}: {actor} moves {die}: click a highlighted square or shop to stop there",
        Phase.ACT: f"{who}: {actor} acts at {table.here} (click a piece or the shop), then done",
        Phase.COP_OFFER: f"{who}: buy the cops for ${option(view, 'cop_price')}?",
        Phase.PATROL_PLACE: f"{who}: {actor} comes up from the sewers: click a manhole",
        Phase.PATROL_MOVE: f"{who}: {actor} moves {die}: click a highlighted square or shop",
        Phase.PATROL_ACT: f"{who}: {actor} at {table.here}: arrest a gangster there (click him), or no "
                          "arrest",
        Phase.ARRESTED: f"{who}: {view.get('arrested')} is arrested by {actor}: surrender or rebel?",
        Phase.PRICE: f"{who}: {actor} wants to recruit in {table.here}: name the price, or refuse to sell",
        Phase.OFFER: f"{who}: the owner asks ${view.get('asked_price')} for the recruit: pay or decline?",
    }
    if phase == Phase.ACT and view.get("aim"):
        aimed = ", ".join(f"{seat_label(view, int(a['gang']))}'s {a['role']}" for a in view.get("aim") or [])
        return f"{who}: {actor} aims at {aimed}: click another piece here to add it, or open fire"
    return lines.get(phase, f"{who}: {view.get('phase', '?')}")


def decision_buttons(table: Table, x: float, y: float, narrow: bool = False) -> tuple[list[str], float]:
    """The decisions with no object on the table, as buttons, left to right from (x, y); in a narrow
    drawing TARGET high, in as many rows as they need. And the bottom of the last row (y: none)."""
    view, phase = table.view, table.phase
    wanted: list[tuple[str, list[str], str]] = []  # label, action names, hover text
    if view.get("over"):
        return [], y
    if phase == Phase.CHOOSE and view.get("turn_clock"):
        wanted.append(("time is up", [WORDS[TIME_UP]], "the turn clock ran out: the characters not moved "
                                                     "go to the jail for a turn (S35)"))
    elif phase == Phase.RESURFACE:
        wanted.append(("stay", [WORDS[STAY]], "do not resurface: move from this manhole"))
    elif phase == Phase.ACT and table.actor is not None and view.get("aim"):
        wanted.append(("open fire", [WORDS[FIRE]], "the side's one dice throw against the characters "
                                                   "aimed at (L38, L68; S40)"))
    elif phase == Phase.ACT and table.actor is not None:
        g, role = table.actor
        char = gangs_of(view)[g]["characters"][role]
        at = str(char.get("at"))
        if at in table.board.squares and "coward attack" not in table.done:
            wanted.append(("coward attack", [WORDS[COWARD]], "mug a passer-by: 10 from the bank, "
                                                              "a year on the record if noticed (S19)"))
        shop = table.board.shops.get(at)
        if role == "dealer" and shop is not None and shop.kind == "star" and "buy pawns" not in table.done:
            for k in range(1, MAX_PAIRS + 1):
                wanted.append((f"buy {2 * k}", [buy_pawns_text(k)],
                               f"buy {2 * k} traffic pawns for ${5 * k} (S16)"))
        stock = int(gangs_of(view)[g].get("pawn_stock") or 0)
        if role == "dealer" and stock > 0 and "place pawns" not in table.done:
            wanted.append(("place pawns", [WORDS[PLACE]], "put a stocked pawn on each empty sidewall "
                                                          "section here (S16)"))
        wanted.append(("done", [done_text(Phase.ACT)], "end this character's stop"))
    elif phase == Phase.COP_OFFER:
        price = option(view, "cop_price")
        wanted += [(f"buy the cops ${price}", [buy_cops_text(price)], "move both patrols from now "
                                                                            "on (S32)"),
                   ("do not buy", [done_text(Phase.COP_OFFER)], "leave the cops for sale")]
    elif phase == Phase.PATROL_ACT:
        wanted.append(("no arrest", [done_text(Phase.PATROL_ACT)], "the patrol arrests nobody"))
    elif phase == Phase.ARRESTED:
        wanted += [("surrender", [WORDS[SURRENDER]], "go to the jail for the years on the record (S30)"),
                   ("rebel", [WORDS[REBEL]], "resist: a duel against the patrol (S30)")]
    elif phase == Phase.PRICE:
        wanted += [(f"ask ${p}", [ask_text(p)], f"ask {p} for the recruit") for p in PRICES]
        wanted.append(("refuse", [WORDS[REFUSE]], "refuse to sell the recruit"))
    elif phase == Phase.OFFER:
        wanted += [(f"pay ${view.get('asked_price')}", [WORDS[ACCEPT]], "pay the price asked"),
                   ("decline", [WORDS[DECLINE]], "decline the price asked")]
    out = []
    left, height = x, TARGET if narrow else 28
    for label, names, hover in wanted:
        width = max(56.0, len(label) * 7.5 + 20)
        if narrow and x > left and x + width > NARROW_WIDTH - PAD:
            x, y = left, y + height + 8
        out.append(button(x, y, width, label, names, title=hover, height=height if narrow else 0))
        x += width + 8
    return out, y + height if out else y


def header(table: Table, width: float, narrow: bool = False) -> tuple[list[str], float]:
    """The round, whose gang turn it is, what is going on and the buttons; and the height they take (in
    a narrow drawing the turn under the round, the phase line wrapped and the buttons in rows under it)."""
    view = table.view
    limit = option(view, "turn_limit")
    rounds = f"round {view.get('round', '?')}" + (f" of {limit}" if limit else "")
    parts = [text(PAD, 26, f"Supergang \u2014 {rounds}", 18, "bold")]
    turn = view.get("turn_player")
    if isinstance(turn, int) and not view.get("over"):
        # Narrow: the seat by its marker alone (its letter is on the disc), so that the longest name fits.
        label = f"gang turn of {seat_ref(turn) if narrow else seat_label(view, turn)}"
        lx, ly = (PAD, 38) if narrow else (width - PAD - text_width(label, 13, "bold") - 36, 8)
        right = lx + text_width(label, 13, "bold") + 36 if narrow else width - PAD
        badge = rect(lx, ly, right - lx, 26, tint(seat_colour(turn), 0.8), seat_colour(turn), 13)
        disc = f'<circle cx="{lx + 13:g}" cy="{ly + 13:g}" r="10" fill="{seat_colour(turn)}" stroke="#111"/>'
        letter = text(lx + 13, ly + 17, seat_letter(turn), 11, "bold", "middle", "#ffffff")
        parts.append(group([badge, disc, letter, text(lx + 28, ly + 18, label, 13, "bold", "start", INK)],
                           title=f"whose gang turn it is: {seat_label(view, turn)}", key="turn"))
    if not narrow:
        parts.append(text(PAD, 52, phase_line(table), 14, "normal", "start", INK))
        parts += decision_buttons(table, PAD, 64)[0]
        return parts, HEADER
    y = 86.0
    for line in wrap(phase_line(table), width - 2 * PAD, 14):
        parts.append(text(PAD, y, line, 14, "normal", "start", INK))
        y += 18
    buttons, bottom = decision_buttons(table, PAD, y - 4, narrow=True)
    parts += buttons
    return parts, (bottom + 12 if buttons else y) + 4


# -- the panels under the board --------------------------------------------------------------------


def _gang_panel(table: Table, g: int, gang: GangView, x: float, y: float, w: float,
                row_height: float = ROW) -> list[str]:
    """A gang's panel: its money and holdings, and a row a character (`row_height` high: TARGET in a
    narrow drawing, where a row is touched to move, attack or vamp its character)."""
    view = table.view
    colour = seat_colour(g)
    to_act = view.get("to_act") == g and not view.get("over")
    turn = view.get("turn_player") == g and not view.get("over")
    marks = shop_marks(view)
    owned = sorted(s for s, (o, _) in marks.items() if o == g)
    rackets = sorted(s for s, (_, r) in marks.items() if r == g)
    placed = sum(1 for p in (view.get("pawns") or {}).values() if p == g)
    height = PANEL_HEIGHT + 3 * (row_height - ROW)
    frame = rect(x, y, w, height, "#fff3c4" if to_act else "#fbfaf6", GOLD if to_act else "#bbbbbb", 8,
                 f'stroke-width="{3 if to_act else 1}"')
    # The band holds the name alone (the page fills in up to NAME_CHARS characters and " (you)"); the
    # gang's letter is on its characters' chips below.
    head = [rect(x, y, w, 24, colour, colour, 8), rect(x, y + 12, w, 12, colour, colour, 0),
            text(x + 10, y + 17, seat_ref(g), 13, "bold", "start", "#ffffff")]
    status = "to act" if to_act else "its turn" if turn else ""
    if status:
        head.append(text(x + w - 10, y + 44, status, 12, "bold", "end", INK))
    # A sample of the gang's pawn bar, so that its mark on the sidewalls reads as this gang's.
    sx = x + w - 10 - (text_width(status, 12, "bold") + 8 if status else 0) - 34
    sample = [rect(sx, y + 31, 34, 14, "#ffffff", "#bbbbbb", 7), *pawn_bar(sx + 4, y + 35, 26, 6, g)]
    head.append(group(sample,
                      title=f"the traffic pawns of {seat_label(view, g)} on the sidewalls: a bar drawn "
                            f"{pawn_mark(g)}", cls="legend"))
    tokens, stock, supply = gang.get("tokens", 0), gang.get("pawn_stock", 0), gang.get("pawn_supply", 0)
    stats = [rect(x, y, w, height, "none", "none", 8),
             text(x + 10, y + 46, f"${gang.get('money', 0)}", 18, "bold", "start", INK),
             text(x + 10, y + 62, fit(f"{count(len(owned), 'shop')} \u00b7 {count(len(rackets), 'racket')} "
                                       f"\u00b7 {count(tokens, 'token')}", w - 20, 11), 11, "normal", "start",
                  INK),
             text(x + 10, y + 77, fit(f"pawns: {placed} out, {stock} stock, {supply} to buy", w - 20, 11),
                  11, "normal", "start", MUTED)]
    stats_title = (f"{seat_label(view, g)}: ${gang.get('money', 0)}; shops: {' '.join(owned) or 'none'}; "
                   f"rackets: {' '.join(rackets) or 'none'}; {tokens} tokens left; traffic pawns: {placed} "
                   f"on the sidewalls, {stock} in stock, {supply} still to buy")
    parts = [frame, *head, group(stats, title=stats_title, key=f"seat:{g}")]
    for i, (role, char) in enumerate(characters(gang)):
        piece = character_piece(table, g, role, char)
        ry = y + 84 + i * (row_height + 4)
        mid = ry + (row_height - ROW) / 2  # the row's chip and text, centred in it
        record = int(char.get("record") or 0) + int(char.get("pending") or 0)
        notes = [f"rec {record}"] if record else []
        if char.get("die") and char.get("at") not in ("graveyard", "clinic", "jail"):
            notes.append("moved" if char.get("moved") else f"die {char['die']}")
        right = " \u00b7 ".join(notes)
        where = whereabouts(char).replace(" (dead)", "")
        fill = "#ffffff" if not piece.acting else "#ffe9a8"
        row = [rect(x + 6, ry, w - 12, row_height, fill, "#dddddd", 4),
               f"<g>{''.join(chip_shape(piece, x + 10, mid + 2, 30, 18))}</g>",
               text(x + 46, mid + 15, fit(f"{role}: {where}", w - 64 - len(right) * 6.6, 11), 11, "normal",
                    "start", INK)]
        if right:
            row.append(text(x + w - 12, mid + 15, right, 11, "bold", "end", "#8b1a1a" if record else INK))
        parts.append(group(row, title=piece.title, act=piece.acts, cls="row"))
    return parts


Line = tuple[str, int, str]
"""A line of text, its size and its weight."""


def _city_lines(table: Table, w: float, narrow: bool) -> tuple[list[Line], list[tuple[int, str]]]:
    """The city panel's lines wrapped to its width `w` (line, size, weight), and in a narrow drawing the
    patrols' rows (patrol, what it says), which the wide one has among the lines."""
    view = table.view
    cops = view.get("cops_owner")
    police = view.get("police_seat")
    who = (f"played by {seat_label(view, police)}" if police is not None
           else seat_label(view, cops) if cops is not None else f"for sale (${option(view, 'cop_price')})")
    lines = [(f"bank ${view.get('bank', 0)}", 13, "bold"), (f"cops: {who}", 12, "normal")]
    rows: list[tuple[int, str]] = []
    for i, patrol in enumerate(patrols_of(view)):
        at = patrol.get("at")
        where = "in the sewers" if at == "sewer" else f"at {at}"
        more = f", die {patrol['die']}" if patrol.get("die") else ""
        returns_with = patrol.get("returns_with")
        if returns_with is not None:
            more += f", back in the turn of {seat_ref(returns_with)}"
        if narrow:
            rows.append((i, f"patrol {i + 1} {where}{more}"))
        else:
            lines.append((f"patrol {i + 1} {where}{more}", 12, "normal"))
    robbed = view.get("stuck_up_this_turn") or []
    if robbed:
        lines.append((f"stuck up this turn: {' '.join(robbed)}", 12, "normal"))
    clock = view.get("turn_clock")
    if isinstance(clock, Mapping):
        lines.append((f"turn clock: {clock.get('seconds')} s a gang turn", 12, "normal"))
    return [(line, size, weight) for content, size, weight in lines
            for line in wrap(content, w - 20, size)], rows


def city_height(table: Table, w: float, narrow: bool = False) -> float:
    """How tall the city panel `w` wide is: its lines (a name as long as the page lets it be may take a
    line of its own) and a narrow drawing's patrol rows."""
    lines, rows = _city_lines(table, w, narrow)
    kept = 4 if narrow else 4 + len(patrols_of(table.view))  # (the lines kept whatever they say)
    return 40 + 17 * max(len(lines), kept) + len(rows) * (TARGET + 4)


def _city_panel(table: Table, x: float, y: float, w: float, h: float, narrow: bool = False) -> list[str]:
    """The bank, the cops and the patrols; in a narrow drawing each patrol a row TARGET high, touched to
    attack it (its chip on the board is too small for a thumb there)."""
    view = table.view
    police = view.get("police_seat")
    lines, rows = _city_lines(table, w, narrow)
    out = [rect(x, y, w, h, "#eef1f8", "#9aa5c4", 8), text(x + 10, y + 20, "The city", 13, "bold")]
    if police is not None:  # the police player's seat, by its colour and letter like a gang's
        out.append(f'<circle cx="{x + w - 20:g}" cy="{y + 16:g}" r="10" fill="{seat_colour(police)}" '
                   'stroke="#111"/>')
        out.append(text(x + w - 20, y + 20, seat_letter(police), 11, "bold", "middle", "#ffffff"))
        out.append(text(x + w - 36, y + 20, "police", 12, "bold", "end", INK))
    ty = y + 40
    for line, size, weight in lines:
        out.append(text(x + 10, ty, line, size, weight, "start", INK))
        ty += 17
    drawn = [group(out, key="city", title="the bank, the cops and the patrols")]
    patrols = patrols_of(view)
    for i, content in rows:
        piece = patrol_piece(table, i, patrols[i])
        ry = ty - 12
        said = wrap(content, w - 56, 12)  # (two lines at most: a seat's name in the second)
        said = [*said[:1], fit(" ".join(said[1:]), w - 56, 12)] if len(said) > 1 else said
        first = ry + 29 - 8 * (len(said) - 1)  # the row's one or two lines, centred in it
        drawn.append(group([rect(x + 6, ry, w - 12, TARGET, "#ffffff", "#dddddd", 4),
                            f"<g>{''.join(chip_shape(piece, x + 10, ry + 15, 30, 18))}</g>",
                            *(text(x + 46, first + 16 * k, line, 12, "normal", "start", INK)
                              for k, line in enumerate(said))],
                           title=piece.title, act=piece.acts, cls="row"))
        ty += TARGET + 4
    return drawn


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
        for line in wrap(event, w - 20):
            out.append(text(x + 10, ty, line, 12, "normal", "start", INK))
            ty += 16
    if duel:
        lines = [line for event in duel for line in wrap(event, w - 44)]
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
        for line in wrap(event, w - 20):
            out.append(text(x + 10, ty, line, 12, "normal", "start", INK))
            ty += 16
    if not events:
        out.append(text(x + 10, ty, "nothing yet", 12, "normal", "start", MUTED))
        ty += 16
    height = ty - y + 4
    return [rect(x, y, w, height, "#ffffff", "#bbbbbb", 8), *out], height



def gang_panels(table: Table, y: float, width: float) -> tuple[list[str], float]:
    """A panel a gang, side by side from `y` down (above the board, so that the seat's own gang is on the
    first screen); and the height they take."""
    parts: list[str] = []
    gangs = gangs_of(table.view)
    if not gangs:
        return parts, 0
    gap = 8.0
    w = (width - 2 * PAD - gap * (len(gangs) - 1)) / len(gangs)
    for g, gang in enumerate(gangs):
        parts += _gang_panel(table, g, gang, PAD + g * (w + gap), y, w)
    return parts, PANEL_HEIGHT + 10


def panels_below(table: Table, y: float, width: float, narrow: bool = False) -> tuple[list[str], float]:
    """The panels under the board from `y` down: the city and what just happened side by side (narrow: a
    gang each first, the seat's own first, then those one under another); and the drawing's height below
    them."""
    view = table.view
    parts: list[str] = []
    gangs = gangs_of(view)
    if narrow:
        mine = view.get("seat")
        order = sorted(range(len(gangs)), key=lambda g: g != mine)
        for g in order:
            parts += _gang_panel(table, g, gangs[g], PAD, y, width - 2 * PAD, TARGET)
            y += PANEL_HEIGHT + 3 * (TARGET - ROW) + 10
        city = city_height(table, width - 2 * PAD, narrow=True)
        parts += _city_panel(table, PAD, y, width - 2 * PAD, city, narrow=True)
        events, events_h = _events_panel(table, PAD, y + city + 10, width - 2 * PAD)
        parts += events
        return parts, y + city + 10 + events_h + PAD
    city_w = 290.0
    events, events_h = _events_panel(table, PAD + city_w + 10, y, width - 2 * PAD - city_w - 10)
    city_h = max(events_h, city_height(table, city_w))
    parts += _city_panel(table, PAD, y, city_w, city_h)
    parts += events
    return parts, y + max(city_h, events_h) + PAD
