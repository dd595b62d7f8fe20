"""Razzia!'s table as SVG, drawn from one seat's view (never the true state).

What a player sees at the table: the round and the police drawn so far, the draw piles, the row of lots
with its empty places, the centre cheque, the auction (who called it, the bids so far, who may still bid),
and each player's cheques (face up, and won this round face down) and estate grouped by kind.

Things a player may act on carry `data-act` with the action's name ("draw a card", "bid 8", "steal car" on a
lot of the row): the page makes an element clickable when the seat has a legal action of that name, so the
drawing needs no knowledge of the legal actions and stays a function of the view alone.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ...engine.svg import button, document, text

WIDTH = 760
ROW_TOP = 70
SEAT_TOP = 190
SEAT_HEIGHT = 96
LOT_WIDTH = 96
CHEQUE_WIDTH = 34


def _cheque(x: float, y: float, value: int, face_up: bool, act: str | None = None) -> str:
    """One cheque: a face-up one light with its value, one won this round dark (its value shown, as the
    view shows it to everyone)."""
    fill, ink = ("#fff8dc", "#1b1b1b") if face_up else ("#5a3e2b", "#ffffff")
    data = f" data-act={quoteattr(act)}" if act else ""
    label = f"cheque {value}, {'face up' if face_up else 'won this round, face down'}"
    return (f'<g class="cheque"{data}><title>{escape(label)}</title>'
            f'<rect x="{x}" y="{y}" width="{CHEQUE_WIDTH - 4}" height="24" rx="4" fill="{fill}" '
            f'stroke="#7a6a4f"/>{text(x + (CHEQUE_WIDTH - 4) / 2, y + 17, value, 13, "bold", "middle", ink)}'
            "</g>")


def _header(view: dict[str, Any]) -> list[str]:
    parts = [text(12, 24, f"Razzia!  round {view['round']} of {view['rounds']}", 16, "bold")]
    limit, drawn = view["police_limit"], view["police"]
    parts.append(text(250, 24, "police", 13))
    for i in range(limit):  # a filled badge per police card drawn this round
        fill = "#1f3a93" if i < drawn else "none"
        parts.append(f'<circle cx="{304 + i * 18}" cy="19" r="7" fill="{fill}" stroke="#1f3a93"/>')
    parts.append(text(304 + limit * 18 + 4, 24, f"{drawn}/{limit}", 13))
    left = sum(view["piles"])
    parts.append(button(WIDTH - 150, 6, 138, "draw pile", "draw a card", f"{left} cards left"))
    return parts


def _row(view: dict[str, Any]) -> list[str]:
    parts = [text(12, ROW_TOP - 8, "Lots", 13, "bold")]
    limit = view["row_limit"]
    lots = view["row"]
    parts.append(f'<g class="row" data-act="call a court auction"><title>the row of lots '
                 f'({len(lots)} of {limit}); call a court auction for it</title>')
    for i in range(limit):
        x = 12 + i * (LOT_WIDTH + 4)
        if i < len(lots):
            # A thief steals a lot from the row: each lot is also "steal KIND".
            label = text(x + LOT_WIDTH / 2, ROW_TOP + 27, lots[i], 12, "bold", "middle")
            steal = quoteattr("steal " + lots[i])
            parts.append(f'<g class="lot" data-act={steal}><title>{escape(lots[i])}</title>'
                         f'<rect x="{x}" y="{ROW_TOP}" width="{LOT_WIDTH}" height="44" rx="5" fill="#f4efe1" '
                         f'stroke="#555"/>{label}</g>')
        else:  # an empty place of the row
            parts.append(f'<rect x="{x}" y="{ROW_TOP}" width="{LOT_WIDTH}" height="44" rx="5" fill="none" '
                         f'stroke="#999" stroke-dasharray="4 3"/>')
    parts.append("</g>")
    centre = view["centre_cheque"]
    parts.append(text(12, ROW_TOP + 68, "centre cheque", 12))
    parts.append(_cheque(100, ROW_TOP + 52, centre, True))
    return parts


def _auction(view: dict[str, Any]) -> list[str]:
    auction = view.get("auction")
    y = ROW_TOP + 68
    if not auction:
        to_act = view.get("to_act")
        whose = "the game is over" if to_act is None else f"Seat {to_act} to act ({view['phase']})"
        parts = [text(160, y, whose, 13)]
        if view["phase"] == "thieves":  # a thief steals lots from the others' estates, or stops
            parts.append(button(WIDTH - 130, y - 22, 118, "stop stealing", "stop stealing"))
        return parts
    bids = ", ".join(f"seat {seat} bid {value}" for seat, value in auction["bids"]) or "none yet"
    high = auction["high_bidder"]
    head = (f"{auction['kind']} auction called by seat {auction['caller']}; high bid "
            f"{auction['high_bid'] or '-'}{'' if high is None else f' (seat {high})'}")
    parts = [text(160, y - 8, head, 13, "bold"), text(160, y + 10, f"bids: {bids}", 12)]
    parts.append(button(WIDTH - 90, y - 22, 78, "pass", "pass"))
    return parts


def _seat(view: dict[str, Any], seat: int, top: float) -> list[str]:
    info = view["seats"][seat]
    me = view.get("seat") == seat
    to_act = view.get("to_act") == seat
    fill = "#fff3c4" if to_act else "#fbfaf6"
    name = f"Seat {seat}{' (you)' if me else ''}"
    score = view["scores"][seat] if seat < len(view.get("scores", [])) else 0
    parts = [f'<g class="seat" data-seat="{seat}">',
             f'<rect x="8" y="{top}" width="{WIDTH - 16}" height="{SEAT_HEIGHT - 8}" rx="8" fill="{fill}" '
             f'stroke="{"#b8860b" if to_act else "#bbb"}" stroke-width="{3 if to_act else 1}"/>',
             text(20, top + 22, name + ("  - to act" if to_act else ""), 14, "bold"),
             text(WIDTH - 24, top + 22, f"score {score}", 13, "normal", "end")]
    x = 20.0
    for value in info["open_cheques"]:
        parts.append(_cheque(x, top + 32, value, True, act=f"bid {value}" if me else None))
        x += CHEQUE_WIDTH
    for value in info["face_down_cheques"]:
        parts.append(_cheque(x, top + 32, value, False))
        x += CHEQUE_WIDTH
    estate = info["estate"]
    items = [f"{kind} x{count}" for kind, count in sorted(estate.items()) if count]
    ex = max(x + 16, 300.0)
    if not items:
        parts.append(text(ex, top + 50, "no lots yet", 12, "normal", "start", "#666"))
    for i, (kind, count) in enumerate((k, c) for k, c in sorted(estate.items()) if c):
        cx = ex + (i % 4) * 108
        cy = top + 34 + (i // 4) * 24
        label = text(cx + 52, cy + 14, f"{kind} x{count}", 11, "normal", "middle")
        parts.append(f'<g class="estate"><title>{escape(f"{kind}: {count}")}</title>'
                     f'<rect x="{cx}" y="{cy}" width="104" height="20" rx="4" fill="#eef2f7" '
                     f'stroke="#8899aa"/>{label}</g>')
    parts.append("</g>")
    return parts


def view_svg(view: dict[str, Any]) -> str:
    """The table as one seat's view shows it, as SVG (see the module docstring)."""
    players = view["players"]
    height = SEAT_TOP + players * SEAT_HEIGHT + 10
    who = "a spectator" if view.get("seat") is None else f"seat {view['seat']}"
    parts = [*_header(view), *_row(view), *_auction(view)]
    for seat in range(players):
        parts.extend(_seat(view, seat, SEAT_TOP + seat * SEAT_HEIGHT))
    return document(WIDTH, height, f"Razzia! round {view['round']}, as {who} sees it", parts)
