"""Razzia!'s table as SVG, drawn from one seat's view (never the true state).

What a player sees at the table: the round and the police drawn so far, the draw piles, the row of lots
with its empty places, the centre cheque, the auction (who called it, the bids so far), the last card drawn
and the last auction, and each player's cheques (face up, and won this round face down) and estate grouped
by kind with the counts that score.

Things a player may act on carry `data-act` with the action's name ("draw a card", "bid 8", "steal car" on a
lot of the row): see `gangland.engine.svg` for the contract with the page.
"""

from __future__ import annotations

from typing import Any

from ...engine.svg import INK, MUTED, button, document, group, rect, seat_badge, seat_letter, text

WIDTH = 800
FELT, FELT_DARK, ON_FELT = "#24553a", "#1b4230", "#ffffff"
"""The table's cloth and the text on it (white on this green: contrast above 8:1)."""
ROW_TOP = 92
LOT_WIDTH, LOT_HEIGHT = 98, 66
SEAT_TOP = 236
SEAT_HEIGHT = 104
CHEQUE_WIDTH = 36
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


def _family(kind: str) -> tuple[str, str]:
    return FAMILY.get(kind, ("", "#eeeeee"))


def _cheque(x: float, y: float, value: int, face_up: bool, key: str, act: str = "") -> str:
    """One cheque: a face-up one light with its value; one won this round dark (its value shown, as the
    view shows it to everyone)."""
    fill, ink = ("#fff8dc", INK) if face_up else ("#5a3e2b", "#ffffff")
    label = f"cheque {value}, {'face up' if face_up else 'won this round, face down'}"
    if act:
        label = f"{act}: offer your cheque {value}"
    return group([rect(x, y, CHEQUE_WIDTH - 4, 26, fill, "#7a6a4f", 4),
                  text(x + (CHEQUE_WIDTH - 4) / 2, y + 18, value, 14, "bold", "middle", ink)],
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
                          + text(cx, 44, "P", 11, "bold", "middle", "#ffffff"))
        else:
            police.append(f'<circle cx="{cx}" cy="40" r="9" fill="none" stroke="#ffffff" '
                          'stroke-dasharray="3 2"/>')
    parts.append(group(police, title=f"{drawn} police drawn this round; the {limit}th ends it",
                       key="police"))
    last = view.get("last_draw")
    if last:
        parts.append(text(360, 26, "last drawn", 12, fill=ON_FELT))
        parts.append(text(360, 44, f"{last['card']} (seat {last['seat']}, {seat_letter(last['seat'])})", 13,
                          "bold", fill=ON_FELT))
    left = sum(view["piles"])
    parts.append(button(WIDTH - 160, 7, 146, "draw a card", "draw a card", f"{left} cards left",
                        title=f"draw a card from the pile ({left} left): a lot joins the row, or the police"))
    return parts


def _lot(x: float, y: float, key: str, kind: str) -> str:
    family, colour = _family(kind)
    return group([rect(x, y, LOT_WIDTH, LOT_HEIGHT, colour, "#3a3a3a", 6),
                  text(x + LOT_WIDTH / 2, y + 30, kind, 13, "bold", "middle"),
                  text(x + LOT_WIDTH / 2, y + 50, family if family != kind else "", 11, "normal", "middle",
                       MUTED)],
                 title=f"{kind} (a thief may steal it: steal {kind})", act=f"steal {kind}",
                 key=key, cls="lot")


def _row(view: dict[str, Any]) -> list[str]:
    limit, lots = view["row_limit"], view["row"]
    parts = [rect(0, 58, WIDTH, SEAT_TOP - 66, FELT, FELT, 0),
             text(14, ROW_TOP - 12, f"The row: {len(lots)} of {limit} lots", 13, "bold", fill=ON_FELT)]
    places = [rect(8, ROW_TOP - 4, 14 + limit * (LOT_WIDTH + 6), LOT_HEIGHT + 8, FELT_DARK, "#0f2a1e", 8)]
    for i in range(limit):
        x = 14 + i * (LOT_WIDTH + 6)
        if i < len(lots):
            # A lot is known by its kind and how many of that kind come before it, so that a lot stolen
            # from the row does not make the others new to the page's eye (only those after it move).
            places.append(_lot(x, ROW_TOP, f"lot:{lots[i]}:{lots[:i].count(lots[i])}", lots[i]))
        else:  # an empty place of the row
            places.append(rect(x, ROW_TOP, LOT_WIDTH, LOT_HEIGHT, "none", "#9fc4ad", 6,
                               'stroke-dasharray="5 4"'))
    parts.append(group(places, title=f"the row of lots ({len(lots)} of {limit}): call a court auction for it",
                       act="call a court auction", key="row", cls="row"))
    return parts


def _auction(view: dict[str, Any]) -> list[str]:
    y = ROW_TOP + LOT_HEIGHT + 24
    parts = [text(14, y + 4, "centre cheque", 12, fill=ON_FELT),
             _cheque(104, y - 14, view["centre_cheque"], True, "cheque:centre")]
    auction = view.get("auction")
    if auction:
        bids = ", ".join(f"{seat_letter(seat)} {value}" for seat, value in auction["bids"]) or "none yet"
        high = auction["high_bidder"]
        caller = auction["caller"]
        head = (f"{auction['kind']} auction called by seat {caller} ({seat_letter(caller)})"
                f"; high bid {auction['high_bid'] or '-'}"
                f"{'' if high is None else f' by seat {high} ({seat_letter(high)})'}")
        parts += [text(160, y - 2, head, 14, "bold", fill=ON_FELT),
                  text(160, y + 18, f"bids so far: {bids}", 13, fill=ON_FELT),
                  button(WIDTH - 100, y - 16, 86, "pass", "pass", title="pass: bid nothing in this auction")]
        return parts
    to_act = view.get("to_act")
    if to_act is None:
        line = "The game is over."
    elif view["phase"] == "thieves":
        line = f"Seat {to_act} ({seat_letter(to_act)}) may use a thief: {view['thieves_left']} left"
    else:
        line = (f"Seat {to_act} ({seat_letter(to_act)}) to play: draw a card, call a court auction or use "
                "a thief")
    parts.append(text(160, y + 4, line, 14, "bold", fill=ON_FELT))
    last = view.get("last_auction")
    if last:
        won = ", ".join(last["cards"]) or "nothing"
        who = "nobody" if last["winner"] is None else f"seat {last['winner']} ({seat_letter(last['winner'])})"
        parts.append(text(160, y + 24, f"last auction: {who} took {won}"
                          + (f" for {last['bid']}" if last.get("bid") else ""), 12, fill=ON_FELT))
    if view["phase"] == "thieves":
        parts.append(button(WIDTH - 150, y - 16, 136, "stop stealing", "stop stealing",
                            title="stop stealing: keep your remaining thieves"))
    return parts


def _seat(view: dict[str, Any], seat: int, top: float) -> str:
    info = view["seats"][seat]
    me = view.get("seat") == seat
    to_act = view.get("to_act") == seat
    score = view["scores"][seat] if seat < len(view.get("scores", [])) else 0
    parts = [rect(8, top, WIDTH - 16, SEAT_HEIGHT - 8, "#fff3c4" if to_act else "#fbfaf6",
                  "#b8860b" if to_act else "#bbbbbb", 8, f'stroke-width="{3 if to_act else 1}"'),
             seat_badge(30, top + 22, seat, 12),
             text(50, top + 27, f"Seat {seat}{' (you)' if me else ''}{'  - to act' if to_act else ''}", 15,
                  "bold"),
             text(WIDTH - 24, top + 27, f"score {score}", 14, "bold", "end")]
    x = 20.0
    for value in info["open_cheques"]:
        parts.append(_cheque(x, top + 42, value, True, f"cheque:{value}", f"bid {value}" if me else ""))
        x += CHEQUE_WIDTH
    for value in info["face_down_cheques"]:
        parts.append(_cheque(x, top + 42, value, False, f"cheque:{value}"))
        x += CHEQUE_WIDTH
    estate = [(kind, count) for kind, count in sorted(info["estate"].items(), key=lambda kc: _family(kc[0]))
              if count]
    ex = max(x + 16, 260.0)
    if not estate:
        parts.append(text(ex, top + 60, "no lots yet", 12, "normal", "start", MUTED))
    per_row = int((WIDTH - 24 - ex) // 116)
    for i, (kind, count) in enumerate(estate):
        cx = ex + (i % per_row) * 116
        cy = top + 38 + (i // per_row) * 26
        parts.append(group([rect(cx, cy, 112, 22, _family(kind)[1], "#6b6b6b", 4),
                            text(cx + 56, cy + 16, f"{kind} x{count}", 12, "normal", "middle")],
                           title=f"{kind}: {count}", key=f"estate:{seat}:{kind}", cls="estate"))
    return group(parts, key=f"seat:{seat}", cls="seat")


def view_svg(view: dict[str, Any]) -> str:
    """The table as one seat's view shows it, as SVG (see the module docstring)."""
    players = view["players"]
    height = SEAT_TOP + players * SEAT_HEIGHT + 4
    who = "a spectator" if view.get("seat") is None else f"seat {view['seat']}"
    parts = [*_header(view), *_row(view), *_auction(view)]
    for seat in range(players):
        parts.append(_seat(view, seat, SEAT_TOP + seat * SEAT_HEIGHT))
    return document(WIDTH, height, f"Razzia! round {view['round']}, as {who} sees it", parts, "#efeae0")
