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
lot of the row): see `gangland.engine.svg` for the contract with the page.
"""

from __future__ import annotations

import threading
from typing import Any

from ...engine.seats import seat_ref
from ...engine.svg import INK, button, document, group, rect, seat_badge, seat_letter, text
from .cards import BUSINESSES, KIND_NAMES, TRINKETS
from .screen import BUSINESS_LETTERS, TRINKET_LETTERS, or_list, turn_choices
from .view import auction_answers, breakdown_if_scored_now, cheque_sums, points_if_scored_now

WIDTH = 800
FELT, FELT_DARK, ON_FELT = "#24553a", "#1b4230", "#ffffff"
"""The table's cloth and the text on it (white on this green: contrast above 8:1)."""
ROW_TOP = 92
LOT_WIDTH, LOT_HEIGHT, LOT_STEP = 106, 66, 110
SEAT_TOP = 236
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
END_ONLY = ("businesses", "cheques")
"""razzia.txt "Scoring the third round": "Additionally there are now points for the businesses ... as well
as for the cheques" (before it they show what they would give at the end)."""


def _lines(parts: list[str]) -> str:
    """The pieces of a large group each on a line of its own: a server sends a drawing as the lines that
    changed since the one before (`gangland.server.tables.drawing_lines`), so a move that changes one
    lot, tile or turn mark sends that line, not the whole row or panel."""
    return "\n" + "\n".join(parts) + "\n"


def _family(kind: str) -> tuple[str, str]:
    return FAMILY.get(kind, ("", "#eeeeee"))


def _cheque(x: float, y: float, value: int, face_up: bool, key: str, act: str = "") -> str:
    """One cheque: a face-up one light with its value and a solid edge; one won this round dark, with a
    dashed edge and a turned-down corner (its value shown, as the view shows it to everyone), so that colour
    is never the only cue."""
    width = CHEQUE_WIDTH - 4
    label = f"cheque {value}, {'face up' if face_up else 'won this round, face down'}"
    if act:
        label = f"{act}: offer your cheque {value}"
    if face_up:
        card = [rect(x, y, width, 26, "#fff8dc", "#7a6a4f", 4)]
        ink = INK
    else:
        corner = f"{x + width - 9:g},{y:g} {x + width:g},{y:g} {x + width:g},{y + 9:g}"
        card = [rect(x, y, width, 26, "#5a3e2b", "#f3e3c3", 4, 'stroke-dasharray="3 2"'),
                f'<polygon points="{corner}" fill="#f3e3c3"/>']
        ink = "#ffffff"
    return group([*card, text(x + width / 2, y + 18, value, 14, "bold", "middle", ink)],
                 title=label, act=act, key=key, cls="cheque")


def _header(view: dict[str, Any]) -> list[str]:
    parts = [rect(0, 0, WIDTH, 58, FELT_DARK, FELT_DARK, 0),
             text(14, 26, "Razzia!", 20, "bold", fill=ON_FELT),
             text(14, 46, f"round {view['round']} of {view['rounds']}", 13, fill=ON_FELT)]
    limit, drawn = view["police_limit"], view["police"]
    police = [text(170, 26, f"police {drawn} of {limit}", 13, "bold", fill=ON_FELT)]
    for i in range(limit):  # a badge per police card that ends the round; filled when drawn
        cx = 178 + i * 24
        if i < drawn:
            police.append(f'<circle cx="{cx}" cy="40" r="9" fill="#2f6fdf" stroke="#ffffff"/>'
                          + text(cx, 44, "P", 12, "bold", "middle", "#ffffff"))
        else:
            police.append(f'<circle cx="{cx}" cy="40" r="9" fill="none" stroke="#ffffff" '
                          'stroke-dasharray="3 2"/>')
    parts.append(group(police, title=f"{drawn} police drawn this round; the {limit}th ends it",
                       key="police"))
    last = view.get("last_draw")
    if last:
        parts.append(text(360, 26, "last drawn", 12, fill=ON_FELT))
        who = f"{seat_ref(last['seat'])} ({seat_letter(last['seat'])})"
        parts.append(text(360, 44, f"{last['card']} by {who}", 13, "bold", fill=ON_FELT))
    left = sum(view["piles"])
    parts.append(button(WIDTH - 160, 7, 146, "draw a card", "draw a card", f"{left} cards left",
                        title=f"draw a card from the pile ({left} left): a lot joins the row, or the police"))
    return parts


def _lot(x: float, y: float, key: str, kind: str) -> str:
    family, colour = _family(kind)
    return group([rect(x, y, LOT_WIDTH, LOT_HEIGHT, colour, "#3a3a3a", 6),
                  text(x + LOT_WIDTH / 2, y + 30, kind, 13 if len(kind) <= 12 else 12, "bold", "middle"),
                  text(x + LOT_WIDTH / 2, y + 50, family if family != kind else "", 12, "normal", "middle",
                       CARD_MUTED)],
                 title=f"{kind} (a thief may steal it: steal {kind})", act=f"steal {kind}",
                 key=key, cls="lot")


def _row(view: dict[str, Any]) -> list[str]:
    limit, lots = view["row_limit"], view["row"]
    parts = [rect(0, 58, WIDTH, SEAT_TOP - 66, FELT, FELT, 0),
             text(14, ROW_TOP - 12, f"The row: {len(lots)} of {limit} lots", 13, "bold", fill=ON_FELT)]
    places = [rect(8, ROW_TOP - 4, 10 + limit * LOT_STEP, LOT_HEIGHT + 8, FELT_DARK, "#0f2a1e", 8)]
    for i in range(limit):
        x = 14 + i * LOT_STEP
        if i < len(lots):
            # A lot is known by its kind and how many of that kind come before it, so that a lot stolen
            # from the row does not make the others new to the page's eye (only those after it move).
            places.append(_lot(x, ROW_TOP, f"lot:{lots[i]}:{lots[:i].count(lots[i])}", lots[i]))
        else:  # an empty place of the row
            places.append(rect(x, ROW_TOP, LOT_WIDTH, LOT_HEIGHT, "none", "#9fc4ad", 6,
                               'stroke-dasharray="5 4"'))
    parts.append(group(_lines(places),
                       title=f"the row of lots ({len(lots)} of {limit}): call a court auction for it",
                       act="call a court auction", key="row", cls="row"))
    return parts


def _auction(view: dict[str, Any]) -> list[str]:
    y = ROW_TOP + LOT_HEIGHT + 24
    parts = [text(14, y + 4, "centre cheque", 12, fill=ON_FELT),
             _cheque(104, y - 14, view["centre_cheque"], True, "cheque:centre")]
    auction = view.get("auction")
    if auction:
        # Every answer so far, as the terminal shows them (passes and seats that could not beat the
        # high bid too), each seat by its letter (its badge's): five names would not fit one line.
        answers = ", ".join(f"{seat_letter(seat)} {answer}" for seat, answer in auction_answers(view))
        high = auction["high_bidder"]
        caller = auction["caller"]
        head = f"{auction['kind']} auction called by {seat_ref(caller)} ({seat_letter(caller)})"
        parts += [text(160, y - 2, head, 14, "bold", fill=ON_FELT),
                  text(160, y + 17, f"answers in turn: {answers}", 13, fill=ON_FELT),
                  text(160, y + 35, "no bid yet" if high is None else
                       f"high bid {auction['high_bid']} by {seat_ref(high)} ({seat_letter(high)})", 13,
                       fill=ON_FELT),
                  button(WIDTH - 100, y - 16, 86, "pass", "pass", title="pass: bid nothing in this auction")]
        return parts
    to_act = view.get("to_act")
    if to_act is None:
        head, line = "The game is over.", ""
    elif view["phase"] == "thieves":
        head, line = (f"{seat_ref(to_act)} ({seat_letter(to_act)}) uses thieves",
                      f"{view['thieves_left']} left: steal a lot or stop stealing")
    else:
        head, line = f"{seat_ref(to_act)} ({seat_letter(to_act)}) to play", or_list(turn_choices(view))
    parts.append(text(160, y - 2, head, 14, "bold", fill=ON_FELT))
    if line:
        parts.append(text(160, y + 17, line, 13, fill=ON_FELT))
    last = view.get("last_auction")
    if last:
        won = ", ".join(last["cards"]) or "nothing"
        who = ("nobody" if last["winner"] is None
               else f"{seat_ref(last['winner'])} ({seat_letter(last['winner'])})")
        parts.append(text(160, y + 35, f"last auction: {who} took {won}"
                          + (f" for {last['bid']}" if last.get("bid") else ""), 12, fill=ON_FELT))
    if view["phase"] == "thieves":
        parts.append(button(WIDTH - 150, y - 16, 136, "stop stealing", "stop stealing",
                            title="stop stealing: keep your remaining thieves"))
    return parts


def _breakdowns(view: dict[str, Any]) -> list[dict[str, int]]:
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


def _tile(view: dict[str, Any], seat: int, tile: tuple[str, str, int, str], points: int, x: float,
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


def _tiles(view: dict[str, Any], seat: int, top: float, points: dict[str, int]) -> str:
    """`seat`'s row of scoring tiles (the same whichever seat looks)."""
    parts = []
    left = 16
    for tile in TILES:
        parts.append(_tile(view, seat, tile, points[tile[0]], left, top))
        left += tile[2] + TILE_GAP
    return "\n".join(parts)


def _seat(view: dict[str, Any], seat: int, top: float, now: int, tiles: str) -> str:
    """`seat`'s panel as `view` shows it, around its `tiles` (`_tiles`)."""
    info = view["seats"][seat]
    me = view.get("seat") == seat
    to_act = view.get("to_act") == seat
    score = view["scores"][seat] if seat < len(view.get("scores", [])) else 0
    rounds = [sum(scores[seat].values()) for scores in view["round_scores"]]
    past = ", ".join(f"round {i} {p:+d}" for i, p in enumerate(rounds, start=1)) or "no round scored yet"
    if view["result"] is not None:
        round_line = f"round {view['round']} scored {rounds[-1]:+d}"
    else:
        round_line = f"round {view['round']} if it ended now {now:+d}"
    parts = [rect(8, top, WIDTH - 16, SEAT_HEIGHT - 8, "#fff3c4" if to_act else "#fbfaf6",
                  "#b8860b" if to_act else "#bbbbbb", 8, f'stroke-width="{3 if to_act else 1}"'),
             seat_badge(30, top + 19, seat, 12),
             text(50, top + 24, seat_ref(seat), 15, "bold"),
             # The seat's name (the page fills in up to NAME_CHARS characters) leaves no room on its line.
             *([text(50, top + 38, "to act", 12, "bold", "start", "#7a5200")] if to_act else []),
             group(text(WIDTH - 110, top + 24, round_line, 13, "normal", "end"),
                   title="what this round's scoring gives (businesses and cheques only after round 3)",
                   key=f"now:{seat}"),
             group(text(WIDTH - 22, top + 24, f"score {score}", 15, "bold", "end"),
                   title=f"score {score}: {past}", key=f"score:{seat}")]
    x = CHEQUES_LEFT
    for value in info["open_cheques"]:
        parts.append(_cheque(x, top + 7, value, True, f"cheque:{value}", f"bid {value}" if me else ""))
        x += CHEQUE_WIDTH
    for value in info["face_down_cheques"]:
        parts.append(_cheque(x, top + 7, value, False, f"cheque:{value}"))
        x += CHEQUE_WIDTH
    parts.append(tiles)
    return group(_lines(parts), key=f"seat:{seat}", cls="seat")


class _Table:
    """What the drawings of one table's views have in common: a seat's view is the spectator's plus which
    seat it is (see view.py), so the header, the row, the auction and each seat's panel (as its own seat
    and as anyone else's) are drawn once for all of them; and a panel that a move left as it was (most
    moves change one or two) is taken from `_PANELS`."""

    __slots__ = ("breakdowns", "now", "panels", "scoring", "tiles", "top")

    def __init__(self, view: dict[str, Any]) -> None:
        self.top = "\n".join([*_header(view), *_row(view), *_auction(view)])
        self.breakdowns, self.now = _breakdowns(view), points_if_scored_now(view)
        self.panels: dict[tuple[int, bool], str] = {}
        self.tiles: dict[int, str] = {}
        self.scoring = repr((view["round"], view["rounds"], view["result"] is None,
                             [info["estate"] for info in view["seats"]], cheque_sums(view)))
        """All that a row of tiles reads of the view besides its seat and points (`_tile`)."""

    def panel(self, view: dict[str, Any], seat: int) -> str:
        """`seat`'s panel as `view` shows it."""
        mine = view.get("seat") == seat
        drawn = self.panels.get((seat, mine))
        if drawn is None:
            drawn = self.panels[seat, mine] = self._panel(view, seat, mine)
        return drawn

    def _panel(self, view: dict[str, Any], seat: int, mine: bool) -> str:
        """`seat`'s panel, from `_PANELS` if it was drawn lately (keyed by all that `_seat` and `_tile`
        read of the view), else drawn (its tiles from `_TILE_ROWS` if only the panel changed)."""
        points = self.breakdowns[seat]
        tiles_key = f"{seat} {self.scoring} {points!r}"
        info = view["seats"][seat]
        panel_key = repr((tiles_key, mine, view.get("to_act") == seat, info["open_cheques"],
                          info["face_down_cheques"], view.get("scores"), view["round_scores"],
                          self.now[seat]))
        with _TABLES_LOCK:
            drawn = _PANELS.get(panel_key)
            tiles = _TILE_ROWS.get(tiles_key) if drawn is None else None
        if drawn is not None:
            return drawn
        top = SEAT_TOP + seat * SEAT_HEIGHT
        if tiles is None:
            tiles = _tiles(view, seat, top, points)
        drawn = _seat(view, seat, top, self.now[seat], tiles)
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


def _table(view: dict[str, Any]) -> _Table:
    # repr, not JSON: quicker, and as exact (a view holds only dicts, lists, strings, numbers and None).
    key = repr({name: value for name, value in view.items() if name != "seat"})
    with _TABLES_LOCK:
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = _Table(view)
            if len(_TABLES) > _TABLES_KEPT:
                del _TABLES[next(iter(_TABLES))]
    return table


def view_svg(view: dict[str, Any]) -> str:
    """The table as one seat's view shows it, as SVG (see the module docstring)."""
    players = view["players"]
    height = SEAT_TOP + players * SEAT_HEIGHT + 4
    who = "a spectator" if view.get("seat") is None else seat_ref(view["seat"])
    table = _table(view)
    parts = [table.top, *(table.panel(view, seat) for seat in range(players))]
    return document(WIDTH, height, f"Razzia! round {view['round']}, as {who} sees it", parts, "#efeae0")
