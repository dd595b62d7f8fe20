"""Razzia!'s table as SVG, drawn from one seat's view (never the true state).

What a player sees at the table: the round and the police drawn so far, the draw piles, the row of lots
with its empty places, the centre cheque, the auction (who called it, the bids so far), the last card drawn
and the last auction, and each player's panel: score, what the round would give if it ended now (as the
terminal's `now` column), cheques (face up, and won this round face down: dark, dashed, a corner turned), and
the estate grouped by kind in a tile per way it scores (razzia.txt "Scoring for the first two rounds" and
"...third round"): the counts that score (bodyguards and whether most or fewest, cars and drivers, the kinds
of trinket, gold coins, businesses by kind, the sum of cheques) and the points each gives. Every panel has
the same fixed layout, so no estate can make it spill into the next.

Things a player may act on carry `data-act` with the action's name ("draw a card", "bid 8", "steal car" on a
lot of the row), made by actions.py's `action_text` and its parts: see `gangland.engine.svg` for the
contract with the page.

The narrow layout (a phone's) stacks the same pieces NARROW_WIDTH wide: the header in four lines (the
title, the police, who drew the last card and the card), the row three lots a line, the auction's lines
wrapped, then the seat's own panel first and the others after it, each panel's cheques TARGET high (a seat
bids by touching one) and its tiles in three rows (`_Geometry`). A seat's name, as long as the page lets it
be (NAME_CHARS), has room in both layouts.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ...engine.seats import seat_ref
from ...engine.svg import (
    INK,
    NARROW_WIDTH,
    TARGET,
    button,
    check_layout,
    document,
    fit_lines,
    group,
    rect,
    seat_badge,
    seat_letter,
    text,
    without_actions,
)
from .actions import COURT, DONE, DRAW, PASS, action_text, bid_text, steal_text
from .cards import BUSINESSES, KIND_INDEX, KIND_NAMES, TRINKETS
from .render import auction_answers
from .screen import BUSINESS_LETTERS, TRINKET_LETTERS, or_list, turn_choices
from .view import RazziaView, breakdown_if_scored_now, cheque_sums, points_if_scored_now

WIDTH = 800
FELT, FELT_DARK, ON_FELT = "#24553a", "#1b4230", "#ffffff"
"""The table's cloth and the text on it (white on this green: contrast above 8:1)."""
ROW_TOP = 92
LOT_WIDTH, LOT_HEIGHT, LOT_STEP = 106, 66, 110
SEAT_TOP = 252
"""The top of the first seat's panel: under the auction's three lines and a fourth that a long last
auction wraps into (the names of the seats in it up to NAME_CHARS characters)."""
SEAT_HEIGHT = 118
"""A seat's panel and the gap below it: the panel's content has a fixed place (a header line and one row of
scoring tiles), so no estate can make it taller."""
CHEQUES_LEFT = 262
CHEQUE_WIDTH = 36
CARD_MUTED = "#444444"
"""Secondary text on a filled card or tile: above 5.7:1 on every FAMILY colour (MUTED is not, on all)."""
FAMILY = {
    # kind -> (family shown on the card, card colour): light fills, so dark ink reads on all of them.
    **{kind: ("jewel", "#f6df9b") for kind in ("ring", "watch", "brooch", "chain", "diamond")},
    "gold coin": ("gold", "#f2c94c"),
    "bodyguard": ("bodyguard", "#c9d6e8"),
    "car": ("car", "#f4b9b2"),
    "driver": ("driver", "#f8d3c5"),
    "thief": ("thief", "#d9c7ef"),
    **{kind: ("business", "#bfe3c5") for kind in (
        "casino", "transportation", "film", "horse racing", "real estate", "night club", "restaurant")},
}

TILE_TOP, TILE_HEIGHT = 42, 62
"""Where the scoring tiles sit in a seat's panel, and how tall they are."""
TILES: tuple[tuple[str, str, int, str], ...] = (
    # (category of scoring.CATEGORIES, title, width, fill): one tile per way the estate scores, in the
    # rulebook's order, with the counts that score and the points they give.
    ("thieves", "thieves", 82, FAMILY["thief"][1]),
    ("bodyguards", "bodyguards", 92, FAMILY["bodyguard"][1]),
    ("cars and drivers", "car & driver", 100, FAMILY["car"][1]),
    ("trinkets", "trinkets", 110, FAMILY["ring"][1]),
    ("gold", "gold coins", 84, FAMILY["gold coin"][1]),
    ("businesses", "businesses", 166, FAMILY["casino"][1]),
    ("cheques", "cheques", 108, "#fff8dc"),
)
TILE_GAP = 4
NARROW_TILE_ROWS: tuple[tuple[tuple[str, int], ...], ...] = (
    # The tiles of a narrow panel, three rows of (category, width) filling its 328 units.
    (("thieves", 104), ("bodyguards", 104), ("cars and drivers", 112)),
    (("trinkets", 114), ("gold", 92), ("cheques", 114)),
    (("businesses", 170),),
)
NARROW_TILES_TOP = 112
"""Where a narrow panel's tiles begin, under its two lines and its cheques."""
END_ONLY = ("businesses", "cheques")
"""razzia.txt "Scoring the third round": "Additionally there are now points for the businesses ... as well
as for the cheques" (before it they show what they would give at the end)."""


@dataclass(frozen=True)
class _Geometry:
    """Where the pieces of a layout go: the wide one's numbers are the module's constants."""

    narrow: bool
    width: float
    header: float
    """The height of the dark band at the top."""
    lots_a_line: int
    seat_height: float
    cheque: tuple[float, float]
    """A cheque's width and height on a seat's panel."""

    def row_lines(self, limit: int) -> int:
        return -(-limit // self.lots_a_line)

    def row_top(self) -> float:
        return self.header + 34

    def auction_y(self, limit: int) -> float:
        """The baseline of the auction's first line (the centre cheque's)."""
        return self.row_top() + self.row_lines(limit) * (LOT_HEIGHT + 4) + 20

    def seat_top(self, limit: int) -> float:
        """The top of the first seat's panel: a narrow drawing keeps AUCTION_LINES lines of the auction
        under the centre cheque, whatever it says, so that the panels stay in place from move to move."""
        if not self.narrow:
            return SEAT_TOP
        return self.auction_y(limit) + 40 + AUCTION_LINES * 18


AUCTION_LINES = 5
"""The lines a narrow drawing keeps for the auction: its longest take five with names of NAME_CHARS
characters (the head and the answers two each and the high bid; or the turn, what the seat may do and a
last auction of seven lots in three)."""
WIDE = _Geometry(False, WIDTH, 58, 7, SEAT_HEIGHT, (CHEQUE_WIDTH - 4, 26))
NARROW = _Geometry(True, NARROW_WIDTH, 128, 3, 322, (TARGET, TARGET))


def _geometry(layout: str) -> _Geometry:
    return NARROW if layout == "narrow" else WIDE


def _wrapped(x: float, y: float, content: str, size: int, weight: str, width: float, fill: str,
             step: float) -> tuple[list[str], float]:
    """`content` in lines at most `width` wide from baseline `y`, `step` apart; and the next baseline."""
    out = []
    for line in fit_lines(content.split(" "), width, size, weight):
        out.append(text(x, y, line, size, weight, fill=fill))
        y += step
    return out, y


def _lines(parts: list[str]) -> str:
    """The pieces of a large group each on a line of its own: a server sends a drawing as the lines that
    changed since the one before (`gangland.server.tables.drawing_lines`), so a move that changes one
    lot, tile or turn mark sends that line, not the whole row or panel."""
    return "\n" + "\n".join(parts) + "\n"


def _family(kind: str) -> tuple[str, str]:
    return FAMILY.get(kind, ("", "#eeeeee"))


def _cheque(x: float, y: float, value: int, face_up: bool, key: str, act: str = "",
            size: tuple[float, float] = WIDE.cheque) -> str:
    """One cheque: a face-up one light with its value and a solid edge; one won this round dark, with a
    dashed edge and a turned-down corner (its value shown, as the view shows it to everyone), so that colour
    is never the only cue."""
    width, height = size
    base = y + height / 2 + 5
    label = f"cheque {value}, {'face up' if face_up else 'won this round, face down'}"
    if act:
        label = f"{act}: offer your cheque {value}"
    if face_up:
        card = [rect(x, y, width, height, "#fff8dc", "#7a6a4f", 4)]
        ink = INK
    else:
        corner = f"{x + width - 9:g},{y:g} {x + width:g},{y:g} {x + width:g},{y + 9:g}"
        card = [rect(x, y, width, height, "#5a3e2b", "#f3e3c3", 4, 'stroke-dasharray="3 2"'),
                f'<polygon points="{corner}" fill="#f3e3c3"/>']
        ink = "#ffffff"
    return group([*card, text(x + width / 2, base, value, 14, "bold", "middle", ink)],
                 title=label, act=act, key=key, cls="cheque")


def _header(view: RazziaView, g: _Geometry = WIDE) -> list[str]:
    # Narrow: the title, then the police and the last card drawn on lines of their own.
    px, py, bx, by = (12, 72, 140, 68) if g.narrow else (170, 26, 178, 40)
    lx, ly, vx, vy = (12, 100, 12, 118) if g.narrow else (360, 26, 360, 44)
    parts = [rect(0, 0, g.width, g.header, FELT_DARK, FELT_DARK, 0),
             text(14, 26, "Razzia!", 20, "bold", fill=ON_FELT),
             text(14, 46, f"round {view['round']} of {view['rounds']}", 13, fill=ON_FELT)]
    limit, drawn = view["police_limit"], view["police"]
    police = [text(px, py, f"police {drawn} of {limit}", 13, "bold", fill=ON_FELT)]
    for i in range(limit):  # a badge per police card that ends the round; filled when drawn
        cx = bx + i * 24
        if i < drawn:
            police.append(f'<circle cx="{cx}" cy="{by}" r="9" fill="#2f6fdf" stroke="#ffffff"/>'
                          + text(cx, by + 4, "P", 12, "bold", "middle", "#ffffff"))
        else:
            police.append(f'<circle cx="{cx}" cy="{by}" r="9" fill="none" stroke="#ffffff" '
                          'stroke-dasharray="3 2"/>')
    parts.append(group(police, title=f"{drawn} police drawn this round; the {limit}th ends it",
                       key="police"))
    last = view["last_draw"]
    if last:
        # Who drew it on the first line, the card on the second: a name of NAME_CHARS characters and the
        # longest card's would not fit one line beside the draw button.
        who = f"{seat_ref(last['seat'])} ({seat_letter(last['seat'])})"
        parts.append(text(lx, ly, f"last drawn by {who}", 12, fill=ON_FELT))
        parts.append(text(vx, vy, last["card"], 13, "bold", fill=ON_FELT))
    left = sum(view["piles"])
    parts.append(button(g.width - (152 if g.narrow else 160), 7, 140 if g.narrow else 146, action_text(DRAW),
                        action_text(DRAW), f"{left} cards left",
                        title=f"draw a card from the pile ({left} left): a lot joins the row, or the police",
                        height=TARGET if g.narrow else 0))
    return parts


def _lot(x: float, y: float, key: str, kind: str) -> str:
    family, colour = _family(kind)
    steal = steal_text(KIND_INDEX[kind])
    return group([rect(x, y, LOT_WIDTH, LOT_HEIGHT, colour, "#3a3a3a", 6),
                  text(x + LOT_WIDTH / 2, y + 30, kind, 13 if len(kind) <= 12 else 12, "bold", "middle"),
                  text(x + LOT_WIDTH / 2, y + 50, family if family != kind else "", 12, "normal", "middle",
                       CARD_MUTED)],
                 title=f"{kind} (a thief may steal it: {steal})", act=steal,
                 key=key, cls="lot")


def _row(view: RazziaView, g: _Geometry = WIDE) -> list[str]:
    limit, lots = view["row_limit"], view["row"]
    top, across, lines = g.row_top(), min(limit, g.lots_a_line), g.row_lines(limit)
    parts = [rect(0, g.header, g.width, g.seat_top(limit) - g.header - 8, FELT, FELT, 0),
             text(14, top - 12, f"The row: {len(lots)} of {limit} lots", 13, "bold", fill=ON_FELT)]
    places = [rect(8, top - 4, 10 + across * LOT_STEP, lines * (LOT_HEIGHT + 4) + 4, FELT_DARK, "#0f2a1e", 8)]
    for i in range(limit):
        x, y = 14 + i % across * LOT_STEP, top + i // across * (LOT_HEIGHT + 4)
        if i < len(lots):
            # A lot is known by its kind and how many of that kind come before it, so that a lot stolen
            # from the row does not make the others new to the page's eye (only those after it move).
            places.append(_lot(x, y, f"lot:{lots[i]}:{lots[:i].count(lots[i])}", lots[i]))
        else:  # an empty place of the row
            places.append(rect(x, y, LOT_WIDTH, LOT_HEIGHT, "none", "#9fc4ad", 6,
                               'stroke-dasharray="5 4"'))
    parts.append(group(_lines(places),
                       title=f"the row of lots ({len(lots)} of {limit}): call a court auction for it",
                       act=action_text(COURT), key="row", cls="row"))
    return parts


def _auction(view: RazziaView, g: _Geometry = WIDE) -> list[str]:
    y = g.auction_y(view["row_limit"])
    parts = [text(14, y + 4, "centre cheque", 12, fill=ON_FELT),
             _cheque(104, y - 14, view["centre_cheque"], True, "cheque:centre")]
    below = [y + 42]  # a narrow drawing's next line: under the centre cheque and the buttons

    def say(wide_y: float, content: str, size: int, weight: str = "normal") -> list[str]:
        """A line of the auction: right of the centre cheque (wide: from `wide_y`, wrapped to the drawing's
        edge, which only the last line of all may need), or wrapped under it (narrow)."""
        if not g.narrow:
            return _wrapped(160, wide_y, content, size, weight, WIDTH - 174, ON_FELT, 16)[0]
        said, below[0] = _wrapped(14, below[0], content, size, weight, g.width - 28, ON_FELT, 18)
        return said

    bx, by, bh = (g.width - 112, y - 20, TARGET) if g.narrow else (WIDTH - 100, y - 16, 0)
    auction = view["auction"]
    if auction:
        # Every answer so far, as the terminal shows them (passes and seats that could not beat the
        # high bid too), each seat by its letter (its badge's): five names would not fit one line.
        answers = ", ".join(f"{seat_letter(seat)} {answer}" for seat, answer in auction_answers(view))
        high = auction["high_bidder"]
        caller = auction["caller"]
        head = f"{auction['kind']} auction called by {seat_ref(caller)} ({seat_letter(caller)})"
        parts += [*say(y - 2, head, 14, "bold"),
                  *say(y + 17, f"answers in turn: {answers}", 13),
                  *say(y + 35, "no bid yet" if high is None else
                       f"high bid {auction['high_bid']} by {seat_ref(high)} ({seat_letter(high)})", 13),
                  button(bx, by, 86, action_text(PASS), action_text(PASS),
                         title="pass: bid nothing in this auction", height=bh)]
        return parts
    to_act = view["to_act"]
    if to_act is None:
        head, line = "The game is over.", ""
    elif view["phase"] == "thieves":
        head, line = (f"{seat_ref(to_act)} ({seat_letter(to_act)}) uses thieves",
                      f"{view['thieves_left']} left: steal a lot or stop stealing")
    else:
        head, line = f"{seat_ref(to_act)} ({seat_letter(to_act)}) to play", or_list(turn_choices(view))
    parts += say(y - 2, head, 14, "bold")
    if line:
        parts += say(y + 17, line, 13)
    last = view["last_auction"]
    if last:
        won = ", ".join(last["cards"]) or "nothing"
        who = ("nobody" if last["winner"] is None
               else f"{seat_ref(last['winner'])} ({seat_letter(last['winner'])})")
        parts += say(y + 35, f"last auction: {who} took {won}"
                     + (f" for {last['bid']}" if last["bid"] else ""), 12)
    if view["phase"] == "thieves":
        stop = action_text(DONE)
        parts.append(button(bx - 50 if g.narrow else WIDTH - 150, by, 136, stop, stop,
                            title=f"{stop}: keep your remaining thieves", height=bh))
    return parts


def _breakdowns(view: RazziaView) -> list[dict[str, int]]:
    """Each seat's points by category: the final scoring when the game is over, else what each category
    would give if the round were scored now (businesses and cheque sums as if it were the last)."""
    if view["result"] is not None:
        return [dict(points) for points in view["round_scores"][-1]]
    return breakdown_if_scored_now(view, as_last_round=True)


def _standing(values: list[int], seat: int) -> str:
    """"most", "fewest" or "all tied" for a most/fewest award (razzia.txt "Bodyguard", "Cheques")."""
    if max(values) == min(values):
        return "all tied"
    return "most" if values[seat] == max(values) else "fewest" if values[seat] == min(values) else ""


def _held(estate: dict[str, int], kinds: tuple[int, ...]) -> str:
    """The kinds of a family held, with counts: "ring 1, chain 2" (or "none")."""
    return ", ".join(f"{KIND_NAMES[k]} {estate[KIND_NAMES[k]]}" for k in kinds if estate.get(KIND_NAMES[k])) \
        or "none"


def _cells(x: float, y: float, letters: str, kinds: tuple[int, ...], estate: dict[str, int], width: int,
           counts: bool) -> list[str]:
    """A cell per kind of a family: held kinds solid (with the count when `counts`), missing ones dashed
    and empty, so that colour is never the only cue."""
    parts = []
    for i, (letter, kind) in enumerate(zip(letters, kinds, strict=True)):
        n = estate.get(KIND_NAMES[kind], 0)
        cx = x + i * (width + 2)
        if n:
            parts += [rect(cx, y, width, 18, "#ffffff", "#555555", 3),
                      text(cx + width / 2, y + 14, f"{letter}{n if counts and n > 1 else ''}", 12, "bold",
                           "middle")]
        else:
            parts += [rect(cx, y, width, 18, "none", "#6b6b6b", 3, 'stroke-dasharray="2 2"'),
                      text(cx + width / 2, y + 14, letter, 12, "normal", "middle", CARD_MUTED)]
    return parts


def _tile(view: RazziaView, seat: int, tile: tuple[str, str, int, str], points: int, x: float,
          top: float) -> str:
    """One way `seat`'s estate scores (a row of TILES): its title and points, the counts that score, and
    in words on hover how the rulebook scores them."""
    category, title, width, fill = tile
    estate = view["seats"][seat]["estate"]
    over = view["result"] is not None
    later = category in END_ONLY and view["round"] < view["rounds"]
    y = top + TILE_TOP
    lines: tuple[str, str] = ("", "")
    body: list[str] = []
    held = 0
    if category == "thieves":
        held = estate.get("thief", 0)
        lines = (f"{held} held", "2 each")
        hover = "each thief not used brings 2 points"
    elif category == "bodyguards":
        held = estate.get("bodyguard", 0)
        lines = (f"{held} held",
                 _standing([info["estate"].get("bodyguard", 0) for info in view["seats"]], seat))
        hover = "most bodyguards +5, fewest -2 (ties share)"
    elif category == "cars and drivers":
        cars, drivers = estate.get("car", 0), estate.get("driver", 0)
        held = cars + drivers
        lines = (f"cars {cars}" + (" (idle)" if cars and not drivers else ""), f"drivers {drivers}")
        hover = "1 point per car and per driver; cars only with a driver"
    elif category == "trinkets":
        held = sum(1 for kind in TRINKETS if estate.get(KIND_NAMES[kind]))
        body = _cells(x + 6, y + 22, TRINKET_LETTERS, TRINKETS, estate, 18, False)
        lines = ("", f"{held} kind{'s' if held != 1 else ''}")
        hover = f"none -5, 1-2 kinds 0, 3/4/5 kinds 5/10/15; held: {_held(estate, TRINKETS)}"
    elif category == "gold":
        held = estate.get("gold coin", 0)
        lines = (f"{held} held", "3 each")
        hover = "each gold coin card brings 3 points"
    elif category == "businesses":
        held = sum(1 for kind in BUSINESSES if estate.get(KIND_NAMES[kind]))
        body = _cells(x + 6, y + 22, BUSINESS_LETTERS, BUSINESSES, estate, 20, True)
        lines = ("", f"{held} kind{'s' if held != 1 else ''}" + (", at end" if later else ""))
        hover = ("after round 3: 1-6 kinds 1-6, all 7 10; +5 for three alike, +10 for four; held: "
                 + _held(estate, BUSINESSES))
    else:  # cheques
        sums = cheque_sums(view)
        held = 1
        lines = (f"sum {sums[seat]}" + (", at end" if later else ""), _standing(sums, seat))
        hover = "after round 3: highest sum of cheques +5, lowest -5 (ties share)"
    if over and category in ("thieves", "trinkets", "gold"):
        lines, body = ("scored", "boxed"), []
    shown = f"({points:+d})" if later else f"{points:+d}" if points else "0"
    hover = (f"{title}: {points:+d} " + ("at the end of the game" if later else
                                         "in the final scoring" if over else "if the round ended now")
             + f"; {hover}")
    empty = not held and not over
    # A tile with nothing that counts is white with a dashed edge: what a seat holds shows without colour.
    parts = [rect(x, y, width, TILE_HEIGHT, "#ffffff", "#8a8a8a", 5, 'stroke-dasharray="4 3"') if empty
             else rect(x, y, width, TILE_HEIGHT, fill, "#6b6b6b", 5),
             text(x + 6, y + 15, title, 12, "bold"),
             text(x + width - 6, y + 54, shown, 14, "bold" if not later else "normal", "end",
                  CARD_MUTED if later else INK),
             *body]
    if lines[0]:
        parts.append(text(x + 6, y + 34, lines[0], 12))
    if lines[1]:
        parts.append(text(x + 6, y + 54, lines[1], 12, "normal", "start", CARD_MUTED))
    return group(parts, title=hover, key=f"estate:{seat}:{category}", cls="estate")


def _tiles(view: RazziaView, seat: int, top: float, points: dict[str, int], g: _Geometry = WIDE) -> str:
    """`seat`'s row of scoring tiles (the same whichever seat looks); a narrow panel's three rows."""
    parts = []
    if g.narrow:
        tiles = {tile[0]: tile for tile in TILES}
        for row, line in enumerate(NARROW_TILE_ROWS):
            left = 16
            for category, width in line:
                category, title, _, fill = tiles[category]
                row_top = top + NARROW_TILES_TOP - TILE_TOP + row * (TILE_HEIGHT + TILE_GAP)
                parts.append(_tile(view, seat, (category, title, width, fill), points[category], left,
                                   row_top))
                left += width + TILE_GAP
        return "\n".join(parts)
    left = 16
    for tile in TILES:
        parts.append(_tile(view, seat, tile, points[tile[0]], left, top))
        left += tile[2] + TILE_GAP
    return "\n".join(parts)


def _seat(view: RazziaView, seat: int, top: float, now: int, tiles: str, g: _Geometry = WIDE) -> str:
    """`seat`'s panel as `view` shows it, around its `tiles` (`_tiles`)."""
    info = view["seats"][seat]
    me = view["seat"] == seat
    to_act = view["to_act"] == seat
    score = view["scores"][seat]
    rounds = [sum(scores[seat].values()) for scores in view["round_scores"]]
    past = ", ".join(f"round {i} {p:+d}" for i, p in enumerate(rounds, start=1)) or "no round scored yet"
    if view["result"] is not None:
        round_line = f"round {view['round']} scored {rounds[-1]:+d}"
    else:
        round_line = f"round {view['round']} if it ended now {now:+d}"
    # Narrow: the round's line under the name, the cheques (TARGET high) under it.
    rx, ry, anchor = (16, top + 46, "start") if g.narrow else (WIDTH - 110, top + 24, "end")
    parts = [rect(8, top, g.width - 16, g.seat_height - 8, "#fff3c4" if to_act else "#fbfaf6",
                  "#b8860b" if to_act else "#bbbbbb", 8, f'stroke-width="{3 if to_act else 1}"'),
             seat_badge(30, top + 19, seat, 12),
             text(50, top + 24, seat_ref(seat), 15, "bold"),
             # The seat's name (the page fills in up to NAME_CHARS characters) leaves no room on its line:
             # "to act" goes under it (wide), or at the end of the round's line (narrow).
             *([text(g.width - 22, top + 46, "to act", 12, "bold", "end", "#7a5200") if g.narrow
                else text(50, top + 38, "to act", 12, "bold", "start", "#7a5200")] if to_act else []),
             group(text(rx, ry, round_line, 13, "normal", anchor),
                   title="what this round's scoring gives (businesses and cheques only after round 3)",
                   key=f"now:{seat}"),
             group(text(g.width - 22, top + 24, f"score {score}", 15, "bold", "end"),
                   title=f"score {score}: {past}", key=f"score:{seat}")]
    x, y, step = (16, top + 56, TARGET + 6) if g.narrow else (CHEQUES_LEFT, top + 7, CHEQUE_WIDTH)
    for value in info["open_cheques"]:
        parts.append(_cheque(x, y, value, True, f"cheque:{value}", bid_text(value) if me else "", g.cheque))
        x += step
    for value in info["face_down_cheques"]:
        parts.append(_cheque(x, y, value, False, f"cheque:{value}", size=g.cheque))
        x += step
    parts.append(tiles)
    return group(_lines(parts), key=f"seat:{seat}", cls="seat")


class _Table:
    """What the drawings of one table's views have in common: a seat's view is the spectator's plus which
    seat it is (see view.py), so the header, the row, the auction and each seat's panel (as its own seat
    and as anyone else's) are drawn once for all of them; and a panel that a move left as it was (most
    moves change one or two) is taken from `_PANELS`."""

    __slots__ = ("breakdowns", "geometry", "now", "panels", "scoring", "tiles", "top")

    def __init__(self, view: RazziaView, g: _Geometry = WIDE) -> None:
        self.geometry = g
        self.top = "\n".join([*_header(view, g), *_row(view, g), *_auction(view, g)])
        self.breakdowns, self.now = _breakdowns(view), points_if_scored_now(view)
        self.panels: dict[tuple[int, bool, float], str] = {}
        self.tiles: dict[int, str] = {}
        self.scoring = repr((view["round"], view["rounds"], view["result"] is None,
                             [info["estate"] for info in view["seats"]], cheque_sums(view)))
        """All that a row of tiles reads of the view besides its seat and points (`_tile`)."""

    def panel(self, view: RazziaView, seat: int, top: float) -> str:
        """`seat`'s panel as `view` shows it, its top at `top`."""
        mine = view["seat"] == seat
        drawn = self.panels.get((seat, mine, top))
        if drawn is None:
            drawn = self.panels[seat, mine, top] = self._panel(view, seat, mine, top)
        return drawn

    def _panel(self, view: RazziaView, seat: int, mine: bool, top: float) -> str:
        """`seat`'s panel, from `_PANELS` if it was drawn lately (keyed by all that `_seat` and `_tile`
        read of the view), else drawn (its tiles from `_TILE_ROWS` if only the panel changed)."""
        points, g = self.breakdowns[seat], self.geometry
        tiles_key = f"{seat} {top} {g.narrow} {self.scoring} {points!r}"
        info = view["seats"][seat]
        panel_key = repr((tiles_key, mine, view["to_act"] == seat, info["open_cheques"],
                          info["face_down_cheques"], view["scores"], view["round_scores"],
                          self.now[seat]))
        with _TABLES_LOCK:
            drawn = _PANELS.get(panel_key)
            tiles = _TILE_ROWS.get(tiles_key) if drawn is None else None
        if drawn is not None:
            return drawn
        if tiles is None:
            tiles = _tiles(view, seat, top, points, g)
        drawn = _seat(view, seat, top, self.now[seat], tiles, g)
        with _TABLES_LOCK:
            _keep(_TILE_ROWS, tiles_key, tiles)
            _keep(_PANELS, panel_key, drawn)
        return drawn


_PANELS: dict[str, str] = {}
"""Seats' panels drawn lately, by all that drawing one reads of a view (oldest first)."""
_TILE_ROWS: dict[str, str] = {}
"""Seats' rows of scoring tiles drawn lately, likewise: a panel changes with the turn, its tiles only with
the scoring (an estate, the cheques, the round)."""
_PIECES_KEPT = 2048


def _keep(cache: dict[str, str], key: str, drawn: str) -> None:
    """Keep `drawn` in `cache` (under _TABLES_LOCK), forgetting the oldest beyond _PIECES_KEPT."""
    cache[key] = drawn
    if len(cache) > _PIECES_KEPT:
        del cache[next(iter(cache))]


_TABLES: dict[str, _Table] = {}
"""The latest tables drawn, by their view without its seat (a server draws each seat's view of a move in
turn); oldest first."""
_TABLES_KEPT = 64
_TABLES_LOCK = threading.Lock()
"""Drawings may be made in several threads (a server's workers): the cache changes under this lock."""


def _table(view: RazziaView, g: _Geometry) -> _Table:
    # repr, not JSON: quicker, and as exact (a view holds only dicts, lists, strings, numbers and None).
    key = repr({name: value for name, value in view.items() if name != "seat"})
    key += "|narrow" if g.narrow else ""
    with _TABLES_LOCK:
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = _Table(view, g)
            if len(_TABLES) > _TABLES_KEPT:
                del _TABLES[next(iter(_TABLES))]
    return table


def view_svg(view: RazziaView, layout: str = "wide") -> str:
    """The table as one seat's view shows it, as SVG, in `layout` (see the module docstring)."""
    check_layout(layout)
    g = _geometry(layout)
    players = view["players"]
    top = g.seat_top(view["row_limit"])
    height = top + players * g.seat_height + 4
    mine = view["seat"]
    who = "a spectator" if mine is None else seat_ref(mine)
    table = _table(view, g)
    order = list(range(players))
    if g.narrow and mine is not None:  # the seat's own panel first, right under the auction
        order = [mine, *(seat for seat in order if seat != mine)]
    parts = [table.top, *(table.panel(view, seat, top + i * g.seat_height) for i, seat in enumerate(order))]
    drawing = document(g.width, height, f"Razzia! round {view['round']}, as {who} sees it", parts, "#efeae0")
    # The turn's choices are drawn for all to see, but a spectator makes none.
    return drawing if mine is not None else without_actions(drawing)
