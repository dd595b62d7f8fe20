"""Downtown's players in a drawing: each seat's public panel, and the seat's own table (cash by notes,
gangsters in hand, stooge cards, face-down choices); drawn from one seat's view, laid out by drawing.py."""

from __future__ import annotations

from ...engine.seats import seat_ref
from ...engine.svg import (
    MUTED,
    NARROW_WIDTH,
    TARGET,
    fit_lines,
    group,
    rect,
    seat_badge,
    text,
    text_width,
)
from .cards import (
    DENOMINATIONS,
    GANGSTER_NAMES,
    GANGSTER_PLURALS,
    LOCATION_NAMES,
    LOCATION_SHORT,
    NOTE_LABELS,
    notes_text,
)
from .drawing_parts import (
    CARD_BACK,
    GANGSTER_FILL,
    LOOT_BAND,
    LOOT_FILL,
    NOTE_FILL,
    SEAT_HEIGHT,
    STOOGE_CARD_BACK,
    WIDTH,
    Acts,
    card_backs,
    gangster_card,
    hover,
    note_backs,
    note_chip,
    seat_tag,
    stooge_label,
)
from .render import dollars, kilo, plural
from .render import gangsters as gangster_count
from .view import DowntownView

PANEL_PAD = 8
"""How far a seat panel's texts keep from its right edge."""
CHIP_GAP = 4

# -- the players ------------------------------------------------------------------------------------

def seat_panel(view: DowntownView, acts: Acts, seat: int, x: float, y: float, width: float) -> str:
    """A player's panel: tokens, hand size, the display face up and what lies in it face down. Every text
    is laid out by its estimated width (`text_width`), so that it stays inside the panel at 4 players."""
    player = view["players"][seat]
    to_act = view.get("to_act") == seat
    active = view.get("active") == seat and view.get("result") is None
    fill = "#fff3c4" if to_act else "#fbfaf6"
    stroke, thick = ("#b8860b", 3) if to_act else ("#8f8a7c", 1.5 if active else 1)
    tags = [t for t, on in (("to act", to_act), ("turn", active and not to_act),
                            ("next", view.get("next") == seat)) if on]
    right = x + width - PANEL_PAD
    # The seat's name (the page fills the marker in, " (you)" for the viewer's own) beside its badge, which
    # carries its letter; its tags go after the longest name the page lets be where they fit (2 and 3
    # players), else on the line of the display's total, which is short.
    label = seat_ref(seat)
    display = player["display"]
    total = f"display {dollars(display['money'])}"
    body = [rect(x, y, width, SEAT_HEIGHT, fill, stroke, 8, f'stroke-width="{thick}"'),
            seat_badge(x + 18, y + 18, seat, 11),
            text(x + 36, y + 23, label, 13, "bold")]
    if tags:
        beside = x + 44 + text_width(label, 13, "bold")
        if beside + text_width(" · ".join(tags), 11, "bold") <= right:
            body.append(_tags(tags, beside, right, y + 23))
        else:
            body.append(_tags(tags, x + 18 + text_width(total, 12, "bold"), right, y + 94))
    # The frame and the turn tags above change with the turn; the keyed piece is what the seat has, so that
    # the page marks a panel as changed only when that does.
    frame, body = body, []
    tokens = ", ".join(LOCATION_SHORT[LOCATION_NAMES.index(t)] for t in player["tokens"] if t is not None)
    body.append(text(x + 10, y + 42, f"tokens: {tokens or 'none yet'}", 11))
    hand = player["hand"]
    backs = ((hand["gangsters"], CARD_BACK), (hand["stooge_cards"], STOOGE_CARD_BACK))
    for i, (count, colour) in enumerate(backs):  # (two fans of five at most, 28 wide each)
        body.append(card_backs(x + 10 + 34 * i, y + 50, count, colour, 3) if count else
                    rect(x + 10 + 34 * i, y + 50, 16, 22, "none", "#999", 2, 'stroke-dasharray="3 2"'))
    held = ["hand:", plural(hand["gangsters"], "gangster") + ",", plural(hand["stooge_cards"], "stooge card"),
            f"(limit {player['hand_limit']})"]
    lines = fit_lines(held, right - x - 78, 11)  # (three lines only at 4 players with a long hand)
    body.extend(_lines(x + 78, y + (67 if len(lines) > 2 else 61), lines))
    body.append(text(x + 10, y + 94, total, 12, "bold"))
    notes = [(NOTE_FILL[i], f"{kilo(d * 1000)} x{n}")
             for i, (d, n) in enumerate(zip(DENOMINATIONS, display["notes"], strict=True)) if n]
    gangsters = [(GANGSTER_FILL[k], plural(n, GANGSTER_NAMES[k], GANGSTER_PLURALS[k]))
                 for k, n in enumerate(display["gangsters"]) if n]
    for row, chips in enumerate((notes, gangsters)):
        body.extend(_chips(x + 10, y + 101 + 22 * row, width - 16, chips))  # (chips pad their text)
    if not notes and not gangsters:
        body.append(text(x + 10, y + 114, "empty", 11, "normal", "start", MUTED))
    down = player["face_down"]
    if down["notes"] or down["gangsters"]:
        hidden = ["face down:", plural(down["notes"], "note") + ",", plural(down["gangsters"], "gangster")]
        body.append(note_backs(x + 10, y + 146, min(down["notes"] + down["gangsters"], 4), ""))
        body.extend(_lines(x + 72, y + 160, fit_lines(hidden, right - x - 72, 11)))
    names = acts.seat_panel(seat)
    what = (f"{seat_tag(seat)}: display {dollars(display['money'])} and "
            f"{gangster_count(display['gangsters'])}; hand {hand['gangsters']} gangsters, "
            f"{hand['stooge_cards']} stooge cards")
    return group([*frame, group(body, key=f"seat:{seat}")], title=hover(what, names), act=names,
                 key=f"panel:{seat}", cls="seat")


def _tags(tags: list[str], left: float, right: float, y: float) -> str:
    """The seat's tags ("to act · next"), right-aligned at `right`: smaller, then closer, when they would
    run into the seat's name ending at `left`."""
    for size, joint in ((12, " · "), (11, " · "), (11, "·")):
        line = joint.join(tags)
        if left + text_width(line, size, "bold") <= right:
            break
    return text(right, y, line, size, "bold", "end", "#7a5200")


def _lines(x: float, middle: float, lines: list[str], size: int = 11) -> list[str]:
    """Lines of text centred on `middle` (the baseline of a lone line): two 13 px apart, three 12."""
    step = size + 2 if len(lines) < 3 else size + 1
    top = middle - step * (len(lines) - 1) / 2
    return [text(x, top + step * i, line, size) for i, line in enumerate(lines)]


def _chips(x: float, y: float, room: float, chips: list[tuple[str, str]]) -> list[str]:
    """Labelled chips (fill, label) side by side within `room`; those that do not fit are one "+N more"
    chip whose hover lists them, so that nothing in a display is left out unsaid."""
    labels = [label for _, label in chips]
    for shown in range(len(chips), -1, -1):  # as many as fit beside the "+N more" chip the rest need
        row = [*labels[:shown], f"+{len(chips) - shown} more"] if shown < len(chips) else labels
        if sum(_chip_width(label) for label in row) + CHIP_GAP * (len(row) - 1) <= room:
            break
    parts = []
    for fill_colour, label in chips[:shown]:
        w = _chip_width(label)
        parts.append(rect(x, y, w, 18, fill_colour, "#7a6a4f", 3))
        parts.append(text(x + w / 2, y + 13, label, 11, "normal", "middle"))
        x += w + CHIP_GAP
    if shown < len(chips):
        more = f"+{len(chips) - shown} more"
        w = _chip_width(more)
        parts.append(group([rect(x, y, w, 18, "#ffffff", "#7a6a4f", 3, 'stroke-dasharray="3 2"'),
                            text(x + w / 2, y + 13, more, 11, "normal", "middle")],
                           title="also in the display: " + ", ".join(labels[shown:])))
    return parts


def _chip_width(label: str) -> float:
    return text_width(label, 11) + 8


def own_table(view: DowntownView, acts: Acts, y0: float, narrow: bool = False) -> tuple[list[str], float]:
    """The seat's own cash by notes, gangsters in hand, stooge cards and face-down choices; and the height
    they take. It keeps room for a line of stooge cards when there are none, so that the table under it
    does not move when the first comes. Narrow: the notes TARGET high, then the gangsters, the lines
    wrapped, the cards two a line."""
    seat = view.get("seat")
    if seat is None:
        return [], 0
    me = view["players"][seat]
    cards = me["stooge_cards"]
    across, cards_top = (2, 276) if narrow else (7, 150)
    rows = max(1, -(-len(cards) // across))
    height = cards_top + rows * 72
    title = f"Your table: cash {dollars(me['cash']['money'])}"
    parts = [rect(8, y0, (NARROW_WIDTH if narrow else WIDTH) - 16, height, "#eef3f8", "#7d93ab", 10),
             seat_badge(26, y0 + 20, seat, 11),
             *(text(44, y0 + 25 + 18 * i, line, 14, "bold")
               for i, line in enumerate(fit_lines(title.split(" "), NARROW_WIDTH - 64 if narrow else WIDTH,
                                                  14, "bold")))]
    for i, count in enumerate(me["cash"]["notes"]):
        names = acts.note(i)
        what = f"your {NOTE_LABELS[i]} notes: {count}"
        if not count:
            what += " (the current rules let you change notes at the bank for one)" \
                if view["edition"] == "current" else ""
        if narrow:
            parts.append(note_chip(20 + i * 64, y0 + 54, i, count, names, what, f"cash:{i}", (60, TARGET)))
        else:
            parts.append(note_chip(20 + i * 76, y0 + 36, i, count, names, what, f"cash:{i}"))
    for k, name in enumerate(GANGSTER_NAMES):
        count = me["gangsters"][k]
        names = acts.hand_gangster(k)
        x, y = (20 + k * 108, y0 + 110) if narrow else (420 + k * 118, y0 + 32)
        parts.append(gangster_card(x, y, k, count, "in your hand", names,
                                   f"{plural(count, name)} in your hand", f"hand:{name}",
                                   104 if narrow else 110))
    extra = []
    down = me["face_down"]
    if down["notes"] or down["gangsters"]:
        notes = [f"{n} x {NOTE_LABELS[i]}" for i, n in enumerate(down["notes_detail"]) if n]
        if any(down["gangsters_detail"]):
            notes.append(gangster_count(down["gangsters_detail"]))
        extra.append("your face-down display: " + ", ".join(notes))
    if "casino_note" in me:
        extra.append(f"your casino note: {dollars(me['casino_note'])}")
    pending = me.get("pending_exchange")
    if pending:
        extra.append(f"your exchange at the bank, told to the others when the note is turned up: handed "
                     f"{notes_text(pending['handed'])}, took {notes_text(pending['taken'])}")
    if narrow:  # wrapped, five lines at most, under the gangsters
        extra = [part for line in extra[:3] for part in fit_lines(line.split(" "), NARROW_WIDTH - 44, 11)][:5]
    for i, line in enumerate(extra[:3] if not narrow else extra):
        parts.append(text(20, y0 + (190 if narrow else 92) + i * 14, line, 11))
    heading = f"Your stooge cards ({len(cards)}):" if cards else "No stooge cards in hand"
    parts.append(text(20, y0 + cards_top - 8, heading, 12, "bold"))
    width = 156 if narrow else 128
    for i, card in enumerate(cards):
        x, y = 20 + (i % across) * (width + 8), y0 + cards_top + (i // across) * 72
        names = acts.hand_stooge(card)
        loot = card["loot"]
        body = [rect(x, y, width, 64, LOOT_FILL[loot], "#6d6a60", 5),
                rect(x, y, width, 18, LOOT_BAND[loot], LOOT_BAND[loot], 5),
                text(x + 6, y + 13, f"{card['stooge']}: {loot}", 11, "bold", "start", "#ffffff"),
                text(x + 6, y + 34, f"worth {dollars(card['value'])}", 12, "bold"),
                text(x + 6, y + 52, f"promised {kilo(card['promise'])} · #{card['id']}", 11, "normal",
                     "start", MUTED)]
        parts.append(group(body, title=hover(f"your {stooge_label(card)}", names), act=names,
                           key=f"card:{card['id']}", cls="stooge-card"))
    return parts, height + 8

