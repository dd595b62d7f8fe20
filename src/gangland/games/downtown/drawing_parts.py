"""Downtown's drawn pieces: cards, notes, piles and what each thing on the table acts as.

The pieces are drawn from parts of one seat's view (never the true state); `drawing.py` lays them out.
`Acts` says which action names the drawing puts on which thing, from the view's phase alone: the page
makes a thing clickable only when one of its names is legal, so listing a name that is not legal now
is harmless, and leaving a legal one out is the mistake the tests look for.
"""

from __future__ import annotations

from ...engine.seats import seat_ref
from ...engine.svg import INK, MUTED, group, rect, seat_badge, seat_letter, text
from .actions import (
    add_gangster_text,
    add_note_text,
    bet_text,
    buy_text,
    discard_text,
    job_text,
    look_fence_text,
    look_stooge_text,
    move_text,
    offer_text,
    pay_text,
    place_text,
    put_onto_text,
    rob_text,
    sell_text,
    shed_text,
    stooge_card_label,
)
from .cards import DENOMINATIONS, GANGSTER_NAMES, GANGSTER_PLURALS, NOTE_LABELS
from .phases import (
    AFTER_FENCE_LOOK,
    AFTER_STOOGE_LOOK,
    BID,
    BUYING,
    CASINO_BET,
    CASINO_VOTE,
    FENCE_BACK,
    HANDLIMIT,
    LOCATION,
    MOVE,
    OFFERING,
    PAYMOVE,
    PHASE_NAMES,
    PLACE,
    REFRESH,
    ROBPAY,
    STOOGE_BACK,
    WINDOW,
)
from .render import dollars, kilo, plural
from .view import DowntownView, FenceView, StoogeCardView

LOOT_FILL = {"money": "#d4ecd0", "jewellery": "#f7d9e0", "art": "#e2dbf3"}
LOOT_BAND = {"money": "#2e6b34", "jewellery": "#9c2f52", "art": "#5b3f99"}
"""Dark bands (white text on them) naming a card's loot kind."""
GANGSTER_FILL = ("#fbe6b0", "#d3e3f4", "#e6d6ef")
NOTE_FILL = ("#e4efd6", "#d6e7f3", "#f3e1c6", "#e8d6ef", "#f5d3d3")
WIDTH = 980
CITY_TOP = 92
PILES_TOP = 352
PILE_WIDTH = 150
OUT_TOP = PILES_TOP + 238
"""Where the line of what is out of the game begins: right under the most the piles list below their tops
(a stooge pile four lines, a fence pile six)."""
SITUATION_TOP = OUT_TOP + 36
"""Where the offer, the casino and the events begin: under the two lines kept for what is out of the game."""
SEAT_HEIGHT = 172
PLAYERS = "Players (displays face up; hands and cash are secret)"
"""The heading of the players' panels."""
NARROW_PILE = 164
"""A pile's width in a narrow drawing (two a line)."""
STOOGE_ROW, FENCE_ROW = 244, 236
"""The height of a line of two piles in a narrow drawing, with the lists under them (`_pile_notes`)."""

CARD_BACK = "#6b4f3a"
STOOGE_CARD_BACK = "#7c5b8f"

# What each phase lets the seat to act do, as kinds of action (see `Acts`).
_PHASE_KINDS: dict[str, frozenset[str]] = {PHASE_NAMES[phase]: frozenset(kinds) for phase, kinds in (
    (PLACE, {"place"}),
    (BID, {"done", "add_note"}),
    (MOVE, {"done", "move"}),
    (ROBPAY, {"rob", "pay"}),
    (PAYMOVE, {"done", "move"}),
    (LOCATION, {"done", "buy", "job", "look_stooge", "look_fence", "offer"}),
    (BUYING, {"done", "buy"}),
    (STOOGE_BACK, {"put_back"}),
    (AFTER_STOOGE_LOOK, {"done", "job"}),
    (FENCE_BACK, {"put_back", "put_onto"}),
    (AFTER_FENCE_LOOK, {"done", "offer"}),
    (OFFERING, {"offer", "sell"}),
    (CASINO_VOTE, {"vote"}),
    (CASINO_BET, {"bet"}),
    (WINDOW, {"done", "add_note", "add_gangster"}),
    (REFRESH, {"done", "add_note", "add_gangster"}),
    (HANDLIMIT, {"add_gangster", "discard", "shed"}),
)}


def seat_tag(seat: int) -> str:
    """A seat by its marker and its letter: '⟨s1⟩ (B)' (the page fills the marker in with a name)."""
    return f"{seat_ref(seat)} ({seat_letter(seat)})"


def stooge_label(card: StoogeCardView) -> str:
    """A card in its owner's hand as the action names say it: 'stooge card 14 (Luigi, art, $52,000)'."""
    return stooge_card_label(card["id"], card["stooge"], card["loot"], card["value"] // 1000)


def needs_lines(card: StoogeCardView) -> list[str]:
    return [plural(int(n), GANGSTER_NAMES[k], GANGSTER_PLURALS[k])
            for k, n in enumerate(card["needs"].values()) if n]


class Acts:
    """The action names the drawing puts on each thing, for the seat whose view it is.

    Names are given only when that seat is to act, and only of the kinds its phase allows: the hover
    text then says what a click does, and a thing's chooser lists only what the phase can mean.
    """

    def __init__(self, view: DowntownView) -> None:
        self.seat: int | None = view.get("seat")
        mine = self.seat is not None and view.get("to_act") == self.seat
        self.kinds = _PHASE_KINDS.get(view["phase"], frozenset()) if mine else frozenset()
        if view["edition"] == "2013":  # put a fence card back on top/under (2013) or onto a pile (current)
            self.kinds -= {"put_onto"}
        else:
            self.kinds -= {"put_back"} if view["phase"] == PHASE_NAMES[FENCE_BACK] else set()
        self.tokens: list[str] = ([t for t in view["players"][self.seat]["tokens"] if t is not None]
                                  if self.seat is not None else [])

    def on(self, kind: str) -> bool:
        return kind in self.kinds

    def location(self, name: str) -> list[str]:
        """A location: place a token there, or move one of one's tokens there from where it stands."""
        names = [place_text(name)] if self.on("place") else []
        if self.on("move"):
            names += [move_text(origin, name) for origin in self.tokens if origin != name]
        return names

    def seat_panel(self, seat: int) -> list[str]:
        if seat == self.seat:
            return []
        return [words(seat) for kind, words in (("rob", rob_text), ("pay", pay_text)) if self.on(kind)]

    def gangster_for_sale(self, kind: int) -> list[str]:
        return [buy_text(kind)] if self.on("buy") else []

    def stooge_pile(self, stooge: str) -> list[str]:
        return ([job_text(stooge)] if self.on("job") else []) + \
            ([look_stooge_text(stooge)] if self.on("look_stooge") else [])

    def fence_pile(self, pile: int) -> list[str]:
        return ([look_fence_text(pile)] if self.on("look_fence") else []) + \
            ([put_onto_text(pile)] if self.on("put_onto") else []) + \
            ([sell_text(pile)] if self.on("sell") else [])

    def note(self, index: int) -> list[str]:
        """A note in one's cash: added to a display or a bid, or bet at the casino."""
        return ([add_note_text(index)] if self.on("add_note") else []) + \
            ([bet_text(index)] if self.on("bet") else [])

    def hand_gangster(self, kind: int) -> list[str]:
        return ([add_gangster_text(kind)] if self.on("add_gangster") else []) + \
            ([discard_text(kind)] if self.on("discard") else [])

    def hand_stooge(self, card: StoogeCardView) -> list[str]:
        label = stooge_label(card)
        return [words(label) for kind, words in (("offer", offer_text), ("shed", shed_text)) if self.on(kind)]


def hover(what: str, names: list[str]) -> str:
    """A thing's hover text: what it is, and what a click does when it does something."""
    return what + (f". Click: {' or '.join(names)}" if names else "")


def note_chip(x: float, y: float, index: int, count: int | None, names: list[str], what: str,
              key: str = "", size: tuple[float, float] = (70, 34)) -> str:
    """A note of one denomination, with how many of it (None: a lone note). Dashed when there are none.
    `size`: its width and height (a narrow drawing's notes to touch are TARGET high)."""
    width, height = size
    empty = count == 0
    fill = "#fbfaf6" if empty else NOTE_FILL[index]
    extra = 'stroke-dasharray="4 3"' if empty else ""
    body = [rect(x, y, width, height, fill, "#7a6a4f", 4, extra),
            text(x + width / 2, y + height / 2 - 2, NOTE_LABELS[index], 12, "bold", "middle",
                 MUTED if empty else INK)]
    if count is not None:
        body.append(text(x + width / 2, y + height / 2 + 12, f"x{count}", 11, "normal", "middle",
                         MUTED if empty else INK))
    return group(body, title=hover(what, names), act=names, key=key, cls="note")


def note_backs(x: float, y: float, count: int, label: str) -> str:
    """`count` notes lying face down, shown only by their number (what the view tells)."""
    body = []
    for i in range(min(count, 4)):
        body.append(rect(x + i * 6, y + i * 2, 34, 20, "#3f6b4a", "#22392a", 3))
    body.append(text(x + 64, y + 15, label, 11, "normal", "start", INK))
    return "".join(body)


def card_backs(x: float, y: float, count: int, fill: str = CARD_BACK, step: float = 5) -> str:
    """A fan of up to five card backs standing for `count` cards, `step` apart."""
    return "".join(rect(x + i * step, y, 16, 22, fill, "#2b2018", 2) for i in range(min(count, 5)))


def gangster_card(x: float, y: float, kind: int, count: int, detail: str, names: list[str], what: str,
                  key: str, width: float = 110) -> str:
    """A stack of gangster cards of one kind: its name, how many, and a line of detail (a price)."""
    empty = count == 0
    ink = MUTED if empty else INK
    body = [rect(x, y, width, 62, "#fbfaf6" if empty else GANGSTER_FILL[kind], "#6d6a60", 6,
                 'stroke-dasharray="4 3"' if empty else ""),
            text(x + width / 2, y + 17, GANGSTER_PLURALS[kind], 12, "bold", "middle", ink),
            text(x + width / 2, y + 37, f"x{count}", 15, "bold", "middle", ink)]
    if detail:
        body.append(text(x + width / 2, y + 55, detail, 11, "normal", "middle", ink))
    return group(body, title=hover(what, names), act=names, key=key, cls="gangsters")


def stooge_face(x: float, y: float, card: StoogeCardView, width: float = 150) -> list[str]:
    """A stooge card's face (and what its back says it is really worth, when the seat knows it): loot,
    promise, possible values, needs."""
    loot = card["loot"]
    parts = [rect(x, y, width, 132, LOOT_FILL[loot], "#6d6a60", 6),
             rect(x, y, width, 20, LOOT_BAND[loot], LOOT_BAND[loot], 6),
             text(x + 8, y + 15, f"{card['stooge']}: {loot}", 12, "bold", "start", "#ffffff"),
             text(x + 8, y + 36, f"promised {kilo(card['promise'])}", 12, "bold"),
             text(x + 8, y + 52, "worth " + " / ".join(kilo(v) for v in card["possible"]), 11, "normal",
                  "start", MUTED),
             text(x + 8, y + 68, "needs:", 11, "normal", "start", MUTED)]
    for i, line in enumerate(needs_lines(card)):
        parts.append(text(x + 50, y + 68 + i * 14, line, 11))
    if "value" in card:
        parts.append(rect(x + 4, y + 110, width - 8, 18, "#fffdf3", "#b8860b", 3))
        parts.append(text(x + width / 2, y + 123, f"really {dollars(card['value'])}", 11, "bold", "middle"))
    return parts


def fence_face(x: float, y: float, fence: FenceView, width: float = 150) -> list[str]:
    """A fence card's face: whom it buys from and what it takes (and honest or cop when known)."""
    loot = fence["buys"]
    parts = [rect(x, y, width, 96, LOOT_FILL[loot], "#6d6a60", 6),
             rect(x, y, width, 20, LOOT_BAND[loot], LOOT_BAND[loot], 6),
             text(x + 8, y + 15, fence["kind"], 12, "bold", "start", "#ffffff"),
             text(x + 8, y + 38, f"buys {loot}", 12),
             text(x + 8, y + 56, f"takes {fence['takes']}", 12, "bold")]
    if "cop" in fence:
        label, colour = ("a COP!", "#8b1a1a") if fence["cop"] else ("honest", INK)
        parts.append(rect(x + 4, y + 70, width - 8, 20, "#fffdf3", "#b8860b", 3))
        parts.append(text(x + width / 2, y + 84, f"known: {label}", 11, "bold", "middle", colour))
    return parts


def casino_face(x: float, y: float, width: float = 150) -> list[str]:
    return [rect(x, y, width, 96, "#1e4d2b", "#0f2a17", 6),
            text(x + width / 2, y + 44, "CASINO", 16, "bold", "middle", "#ffffff"),
            text(x + width / 2, y + 64, "turns up: a visit", 11, "normal", "middle", "#ffffff")]


def token_row(x: float, y: float, seats: list[int]) -> str:
    """Seat badges of the tokens standing somewhere, side by side."""
    return "".join(seat_badge(x + 13 + i * 26, y, seat, 11) for i, seat in enumerate(seats))


def note_total(notes: list[int]) -> int:
    """Dollars in a list of note counts."""
    return sum(n * d * 1000 for n, d in zip(notes, DENOMINATIONS, strict=True))
