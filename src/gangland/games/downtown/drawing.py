"""Downtown's table as SVG, drawn from one seat's view (never the true state).

From top to bottom: the phase and what is going on (with a "done" button when the seat may end a
step); the city's six locations with every token on them, beside the Downtown display with today's
prices, the gangster piles and the bank's notes; the West Side's stooge piles and the East Side's
fence piles with their face-up tops and what the seat has learnt by looking; the loot on offer, the
casino visit and what just happened; each player's public display; and the seat's own cash by notes,
gangsters and stooge cards.

Things a player may act on carry `data-act` with the actions' names (`drawing_parts.Acts` says which
name goes on which thing): a location is where a token is placed or moved to, a seat's panel is robbed
or paid, a gangster kind for sale is bought, a pile is looked at, sold to or has its job done, a note
or gangster of one's own is added, bet or discarded, a stooge card in hand is offered or shed.

The seat's own cash and cards come right under the status lines, so that they are on the first screen
(the rest of the table follows, moved down as a whole: a `<g transform>`, which changes no piece's
drawing). The narrow layout (a phone's) stacks the same sections NARROW_WIDTH wide, each a `<g>` moved to
its place: the status lines wrapped with the buttons TARGET high, the seat's own cash and cards, the city
two locations a line, the Downtown display, the offer or casino and what just happened, the piles two a
line, what is out of the game, and the players' panels one under another.
"""

from __future__ import annotations

from typing import Any

from ...engine.seats import seat_ref
from ...engine.svg import (
    INK,
    MUTED,
    NARROW_WIDTH,
    TARGET,
    button,
    check_layout,
    document,
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
    STOOGE_CARD_BACK,
    Acts,
    card_backs,
    casino_face,
    fence_face,
    gangster_card,
    hover,
    note_backs,
    note_chip,
    seat_tag,
    stooge_face,
    stooge_label,
    token_row,
)
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
from .render import gangsters as gangster_count

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
PANEL_PAD = 8
"""How far a seat panel's texts keep from its right edge."""
CHIP_GAP = 4
LOCATION_FILL = ("#f3d9a4", "#cfe6c6", "#c9dcef", "#e2d3c1", "#e8e6c4", "#efd3e8")
_PHASE = {name: number for number, name in enumerate(PHASE_NAMES)}
_DONE_NOTE = {BID: "end your bid", MOVE: "move no more", PAYMOVE: "move no token", LOCATION: "end phase 3",
              BUYING: "stop buying", AFTER_STOOGE_LOOK: "do no job", AFTER_FENCE_LOOK: "sell nothing",
              WINDOW: "add nothing more", REFRESH: "end the turn"}


def _uses(edition: str) -> tuple[tuple[str, str], ...]:
    """What each location does, two short lines each (the Ghetto and the Bank differ by edition)."""
    ghetto = ("another does a job", "draws gangster cards") if edition == "2013" else \
        ("another buys Downtown:", "draws gangster cards")
    bank = ("shares what the others", "spend at Downtown") if edition == "2013" else \
        ("shares every purchase", "made at Downtown")
    return (("buy gangsters at", "today's prices"), ("do a stooge's job, or", "look at a top card"),
            ("look at a fence card,", "or sell loot"), ghetto, bank,
            ("hand limit 10; a second", "West/East Side action"))


# -- what is going on ------------------------------------------------------------------------------

def _status(view: dict[str, Any]) -> tuple[str, str]:
    """Two lines: who does what now, and the turn (active and next seat)."""
    result = view.get("result")
    if result is not None:
        winners = " and ".join(seat_tag(s) for s in result["winners"])
        scores = ", ".join(f"{seat_tag(s)} {dollars(v)}" for s, v in enumerate(result["scores"]))
        return f"Game over: {'shared win' if len(result['winners']) > 1 else 'winner'} {winners}", scores
    phase = _PHASE[view["phase"]]
    actor = view["to_act"]
    who = seat_tag(actor)
    doing = {
        PLACE: "places a token in the city",
        BID: "puts an opening bid of $1,000-$3,000 face down",
        MOVE: "may move each token to an empty location",
        ROBPAY: "robs a player's display, or pays one what lies in it",
        PAYMOVE: f"may move a token onto a location of {_seat_or(view, view.get('next'))}",
        LOCATION: "may use a location: buy at Downtown, a job or a look at the West Side, a look or a sale "
                  "at the East Side",
        BUYING: "is buying gangsters at Downtown",
        STOOGE_BACK: "puts the stooge card looked at back on top or under its pile",
        AFTER_STOOGE_LOOK: "may do a job after the look (Villa)",
        FENCE_BACK: "puts the fence card looked at back" + (" on top or under its pile"
                                                            if view["edition"] == "2013" else " on a pile"),
        AFTER_FENCE_LOOK: "may sell loot after the look (Villa)",
        OFFERING: "offers loot: more of the same kind, or sell to a fence of that kind",
        CASINO_VOTE: "votes to play or skip the casino",
        CASINO_BET: "puts one note face down for the casino",
        WINDOW: "may add notes and gangsters to the display, face down",
        REFRESH: "refreshes the display: add notes and gangsters face up, then end the turn",
        HANDLIMIT: f"is over the hand limit: puts cards away until {view['players'][actor]['hand_limit']}",
    }[phase]
    turn = []
    if view.get("active") is not None:
        # The turn's number (and the option's limit, which ends the game) with the seat whose turn it is.
        number = f"turn {view['turn']}" + (f" of {view['turn_limit']}" if view.get("turn_limit") else "")
        turn.append(f"{number}: {seat_tag(view['active'])}" if view.get("turn")
                    else f"turn of {seat_tag(view['active'])}")
    if view.get("next") is not None:
        turn.append(f"next: {seat_tag(view['next'])}")
    if view.get("starter") is not None and phase in (PLACE, BID):
        turn.append(f"{seat_tag(view['starter'])} starts")
    elif phase == PLACE:
        turn.append(f"{seat_tag(view['first_placer'])} placed first")
    line = "; ".join(turn)
    return f"{who} {doing}{_detail(view, phase, actor)}.", line[:1].upper() + line[1:]


def _detail(view: dict[str, Any], phase: int, actor: int) -> str:
    """What the status line adds in a few phases: a placing rule, where to click, the money spent."""
    if phase == PLACE and view["edition"] == "current":
        first = view["players"][actor]["tokens"][0]
        if first in LOCATION_NAMES[3:]:  # (current rules: the second token goes to an active location)
            return f" (the first stands at {first}: the second goes to Downtown, the West or the East Side)"
    if phase == ROBPAY and actor == view.get("seat"):
        return " (click that player's panel below)"
    buying = view.get("buying")
    if phase == BUYING and buying is not None:
        cash = view["players"][actor].get("cash")
        left = f"; {dollars(cash['money'] - buying['spent'])} left to spend" if cash is not None else ""
        return f" ({gangster_count(buying['bought'])} for {dollars(buying['spent'])} so far{left})"
    return ""


def _seat_or(view: dict[str, Any], seat: int | None) -> str:
    return "the paid player" if seat is None else seat_tag(seat)


def _looked_pile(view: dict[str, Any]) -> tuple[str, int] | None:
    """Which pile's top card is being put back ("stooge"/"fence", number), None if none."""
    looking_at = view.get("looking_at")
    return None if looking_at is None else (looking_at["pile"], looking_at["index"])


def _header(view: dict[str, Any], acts: Acts, narrow: bool = False) -> tuple[list[str], float]:
    """The phase, the edition, what is going on and the buttons; and the height they take."""
    edition = ("2013 English rules" if view["edition"] == "2013" else "current rules") + " · $100,000 wins"
    first, second = _status(view)
    title = f"Downtown  ·  {view['phase']}"
    if narrow:
        return _narrow_header(view, acts, (title, edition, first, second))
    parts = [text(12, 26, title, 18, "bold"),
             text(WIDTH - 12, 24, edition, 12, "normal", "end", MUTED)]
    weight = "bold" if acts.kinds else "normal"
    # Beside the done button (or the two put-back buttons), seats' names as long as the page lets them be.
    room = WIDTH - 24 - (336 if acts.on("put_back") else 172 if acts.on("done") else 0)
    lines = fit_lines(first.split(" "), room, 13, weight)[:2]
    for i, line in enumerate(lines):
        parts.append(text(12, 48 + i * 16, line, 13, weight))
    parts.append(text(12, 48 + 16 * len(lines), second, 12, "normal", "start", MUTED))
    if acts.on("done"):
        phase = _PHASE[view["phase"]]
        parts.append(button(WIDTH - 172, 32, 160, "done", "done", _DONE_NOTE.get(phase, "")))
    looked = _looked_pile(view)
    if acts.on("put_back") and looked is None:  # (the view names the pile; just in case)
        parts.append(button(WIDTH - 336, 32, 160, "back on top", "put it back on top"))
        parts.append(button(WIDTH - 172, 32, 160, "under the pile", "put it under the pile"))
    return parts, CITY_TOP


def _narrow_header(view: dict[str, Any], acts: Acts,
                   lines: tuple[str, str, str, str]) -> tuple[list[str], float]:
    """`_header` in a narrow drawing: its lines (title, edition, what is going on, the turn) wrapped, the
    buttons under them, TARGET high."""
    title, edition, first, second = lines
    room = NARROW_WIDTH - 24
    parts, y = [], 24.0
    for size, weight, fill, content, step in ((16, "bold", INK, title, 20),
                                              (12, "normal", MUTED, edition, 18),
                                              (13, "bold" if acts.kinds else "normal", INK, first, 16),
                                              (12, "normal", MUTED, second, 15)):
        for line in fit_lines(content.split(), room, size, weight):
            parts.append(text(12, y, line, size, weight, "start", fill))
            y += step
    y += 2
    if acts.on("done"):
        phase = _PHASE[view["phase"]]
        parts.append(button(NARROW_WIDTH - 172, y, 160, "done", "done", _DONE_NOTE.get(phase, ""),
                            height=TARGET))
    if acts.on("put_back") and _looked_pile(view) is None:
        parts.append(button(12, y, 160, "back on top", "put it back on top", height=TARGET))
        parts.append(button(NARROW_WIDTH - 172, y, 160, "under the pile", "put it under the pile",
                            height=TARGET))
    if acts.on("done") or acts.on("put_back"):
        y += TARGET + 8
    return parts, y


# -- the city and the Downtown display -------------------------------------------------------------

def _city(view: dict[str, Any], acts: Acts, narrow: bool = False) -> list[str]:
    parts = [text(12, CITY_TOP + 12, "The city", 14, "bold")]
    holders: dict[str, list[int]] = {name: [] for name in LOCATION_NAMES}
    for seat, player in enumerate(view["players"]):
        for loc in player["tokens"]:
            if loc is not None:
                holders[loc].append(seat)
    for i, (name, (one, two)) in enumerate(zip(LOCATION_NAMES, _uses(view["edition"]), strict=True)):
        across, w = (2, 164) if narrow else (3, 176)
        x, y = 12 + (i % across) * (w + 8), CITY_TOP + 22 + (i // across) * 112
        names = acts.location(name)
        here = holders[name]
        who = ", ".join(seat_tag(s) for s in here) or "no token"
        body = [rect(x, y, w, 104, LOCATION_FILL[i], "#7a6a4f", 8, 'stroke-width="1.5"'),
                text(x + 10, y + 20, LOCATION_SHORT[i] if i == 5 else name, 14, "bold"),
                text(x + 10, y + 38, one, 11, "normal", "start", MUTED),
                text(x + 10, y + 52, two, 11, "normal", "start", MUTED)]
        if here:
            body.append(token_row(x + 4, y + 80, here))
        else:
            body.append(text(x + 10, y + 85, "empty", 11, "normal", "start", MUTED))
        parts.append(group(body, title=hover(f"{name}: {one} {two}; tokens: {who}", names), act=names,
                           key=f"location:{LOCATION_SHORT[i]}", cls="location"))
    return parts


def _display(view: dict[str, Any], acts: Acts, narrow: bool = False) -> list[str]:
    # Narrow: the width of the drawing, the cards and the bank's notes closer, the prices in two lines.
    x0, y0 = (8, CITY_TOP) if narrow else (576, CITY_TOP)
    right, card, note = (NARROW_WIDTH - 8, 112, 66) if narrow else (WIDTH - 12, 128, 76)
    buying = view.get("buying")
    prices = buying["prices"] if buying is not None else view["downtown"]["prices"]
    counts = view["downtown"]["gangsters"]
    parts = [rect(x0, y0, right - x0, 264 if narrow else 250, "#fbf3e0", "#b9a57a", 8),
             text(x0 + 10, y0 + 18, "Downtown display: today's prices", 14, "bold")]
    for k, name in enumerate(GANGSTER_NAMES):
        cost = prices[k]
        detail = f"{dollars(cost)} each" if counts[k] and cost else "none left"
        names = acts.gangster_for_sale(k)
        parts.append(gangster_card(x0 + 10 - 4 * narrow + k * card, y0 + 28, k, counts[k], detail, names,
                                   f"{plural(counts[k], name)} for sale at Downtown, {detail}",
                                   f"downtown:{name}", card - 8))
    if buying is not None:
        line = f"bought so far: {gangster_count(buying['bought'])} for {dollars(buying['spent'])}"
        parts.append(group(text(x0 + 10, y0 + 108, line, 12, "bold"), key="buying",
                           title=line + " (at the prices fixed when buying began)"))
    draw = view["draw_pile"]
    parts.append(group([card_backs(x0 + 10, y0 + 120, min(draw, 5)),
                        text(x0 + 48, y0 + 136, f"gangster draw pile: {plural(draw, 'card')}", 12)],
                       title=f"the gangster draw pile, {plural(draw, 'card')} face down", key="pile:draw"))
    parts.append(group(text(x0 + 10, y0 + 160, f"discard pile: {gangster_count(view['discard_pile'])}", 12),
                       title="the gangster discard pile, face up", key="pile:discard"))
    bank = view["bank"]
    parts.append(text(x0 + 10, y0 + 184, f"Bank: {dollars(bank['money'])}", 12, "bold"))
    for i, count in enumerate(bank["notes"]):
        parts.append(note_chip(x0 + 10 + i * note, y0 + 192, i, count, [],
                               f"the bank holds {count} x {NOTE_LABELS[i]}", f"bank:{i}", (note - 6, 34)))
    prices_line = "price each: 1 out $4,000 · 2 out $3,000 · 3 out $2,000 · more $1,000"
    prices_lines = fit_lines(prices_line.split(" "), right - x0 - 20, 11) if narrow else [prices_line]
    parts.extend(text(x0 + 10, y0 + 242 + 14 * i, line, 11, "normal", "start", MUTED)
                 for i, line in enumerate(prices_lines))
    return parts


# -- the stooge and fence piles --------------------------------------------------------------------

def _ordinal(depth: int) -> str:
    n = depth + 1
    return {1: "top", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _stooge_piles(view: dict[str, Any], acts: Acts, looked: tuple[str, int] | None,
                  narrow: bool = False) -> list[str]:
    parts = [text(12, PILES_TOP + 12, "West Side: stooge piles", 14, "bold")]
    width = NARROW_PILE if narrow else PILE_WIDTH
    for p, pile in enumerate(view["stooge_piles"]):
        x, y = 12 + p * (PILE_WIDTH + 8), PILES_TOP + 20
        if narrow:  # two a line
            x, y = 12 + p % 2 * (width + 8), PILES_TOP + 20 + p // 2 * STOOGE_ROW
        names = acts.stooge_pile(pile["stooge"])
        top = pile["cards"][0] if pile["cards"] else None
        body = [text(x, y + 14, f"{pile['stooge']}'s pile · {plural(pile['size'], 'card')}", 12, "bold")]
        if top is None:
            body.append(rect(x, y + 22, width, 132, "none", "#999", 6, 'stroke-dasharray="5 4"'))
            body.append(text(x + width / 2, y + 92, "empty", 12, "normal", "middle", MUTED))
            what = f"{pile['stooge']}'s stooge pile, empty"
        else:
            if pile["size"] > 1:  # the pile's depth, as card edges under the top
                body.append(rect(x + 4, y + 26, width - 4 * narrow, 132, "#ddd6c6", "#8a8270", 6))
            body.extend(stooge_face(x, y + 22, top, width - 4 * narrow))
            what = (f"{pile['stooge']}'s pile ({plural(pile['size'], 'card')}): top card {top['loot']}, "
                    f"promised {dollars(top['promise'])}")
        known = [f"{_ordinal(d)}: {c['loot']} really {kilo(c['value'])}" for d, c in enumerate(pile["cards"])
                 if d and c is not None and "value" in c]
        putting = looked == ("stooge", p) and acts.on("put_back")
        # Known cards below the top: one seat may know 7 in a real game (measured over bots' games), so the
        # four lines kept here (two under the put-back buttons) end at the out-of-game line's room.
        body.extend(_pile_notes(x, y + (194 + 20 * narrow if putting else 168), known, 2 if putting else 4))
        if known:
            what += "; known below: " + ", ".join(known)
        parts.append(group(body, title=hover(what, names), act=names, key=f"stooge:{pile['stooge']}",
                           cls="pile"))
        if putting:
            parts.extend(_put_back_buttons(x, y + 158, narrow))
    return parts


def _pile_notes(x: float, y: float, lines: list[str], room: int) -> list[str]:
    """Lines under a pile (what is known of its cards), as many as there is room for."""
    if len(lines) > room:
        lines = [*lines[:room - 1], f"and {len(lines) - room + 1} more (hover)"]
    return [text(x, y + 14 * i, line, 11, "normal", "start", MUTED) for i, line in enumerate(lines)]


def _put_back_buttons(x: float, y: float, narrow: bool = False) -> list[str]:
    """The two places a card looked at may go, under its pile (its object); TARGET high in a narrow
    drawing."""
    height = TARGET if narrow else 0
    return [button(x, y, 72, "on top", "put it back on top", title="put the card back on top of its pile",
                   height=height),
            button(x + 78, y, 72, "under", "put it under the pile", title="put the card under its pile",
                   height=height)]


def _fence_piles(view: dict[str, Any], acts: Acts, looked: tuple[str, int] | None,
                 narrow: bool = False) -> list[str]:
    x0 = 12 if narrow else 500
    parts = [text(x0, PILES_TOP + 12, "East Side: fence piles", 14, "bold")]
    width = NARROW_PILE if narrow else PILE_WIDTH
    for p, pile in enumerate(view["fence_piles"]):
        x, y = x0 + p * (PILE_WIDTH + 8), PILES_TOP + 20
        if narrow:  # two a line, under the casino cards' line
            x, y = x0 + p % 2 * (width + 8), PILES_TOP + 38 + p // 2 * FENCE_ROW
        names = acts.fence_pile(p)
        cards = pile["cards"]
        top = cards[0] if cards else None
        body = [text(x, y + 14, f"fence pile {p} · {plural(pile['size'], 'card')}", 12, "bold")]
        if top is None:
            body.append(rect(x, y + 22, width, 96, "none", "#999", 6, 'stroke-dasharray="5 4"'))
            body.append(text(x + width / 2, y + 74, "gone", 12, "normal", "middle", MUTED))
            what = f"fence pile {p}, gone"
        else:
            if pile["size"] > 1:
                body.append(rect(x + 4, y + 26, width - 4 * narrow, 96, "#ddd6c6", "#8a8270", 6))
            if top == "casino":
                body.extend(casino_face(x, y + 22, width - 4 * narrow))
                what = f"fence pile {p}: the casino card on top"
            else:
                body.extend(fence_face(x, y + 22, top, width - 4 * narrow))
                what = f"fence pile {p} ({plural(pile['size'], 'card')}): {top['kind']}, takes {top['takes']}"
        lines = []
        if "casino" in cards and cards.index("casino"):
            lines.append(f"casino card under {plural(cards.index('casino'), 'card')}")
        known = [f"{_ordinal(d)}: {c['kind'].split()[0]} {c['takes']}{', a COP' if c['cop'] else ', honest'}"
                 for d, c in enumerate(cards) if d and isinstance(c, dict) and "cop" in c]
        putting = looked == ("fence", p) and acts.on("put_back")
        body.extend(_pile_notes(x, y + (166 + 20 * narrow if putting else 134), lines + known,
                                4 if putting else 6))
        if known:
            what += "; known below: " + ", ".join(known)
        parts.append(group(body, title=hover(what, names), act=names, key=f"fence:{p}", cls="pile"))
        if putting:
            parts.extend(_put_back_buttons(x, y + 124, narrow))
    limit, rule = (3, "the 3rd ends the game") if view["edition"] == "2013" else (2, "the 2nd: last turn")
    line = f"casino cards up: {view['casinos']} of {limit} ({rule})"
    where = (x0, PILES_TOP + 30, "start") if narrow else (WIDTH - 12, PILES_TOP + 12, "end")
    parts.append(group(text(where[0], where[1], line, 12, "normal", where[2]), key="casinos",
                       title="casino cards turned up: " + ("the 3rd ends the game after its visit"
                                                           if limit == 3 else
                                                           "the game ends after the turn of the 2nd")))
    return parts


def _out_of_game(view: dict[str, Any], y: float, width: float = WIDTH) -> list[str]:
    out = view["out_of_game"]
    items = [f"{f['kind']} {f['takes']} ({'cop' if f['cop'] else 'honest'})" for f in out["fences"]]
    cards = out["stooge_cards"]
    if cards:
        seen = [f"{c['stooge']}'s {c['loot']} {kilo(c['value'])}" for c in cards if c is not None]
        unseen = len(cards) - len(seen)
        items.append(f"{plural(len(cards), 'stooge card')}" + (f": {', '.join(seen)}" if seen else "")
                     + (f" ({unseen} unseen)" if seen and unseen else ""))
    if not items:
        return []
    line = "Out of the game: " + "; ".join(items)
    return [group([text(12, y + 14 * i, part, 11, "normal", "start", MUTED)
                   for i, part in enumerate(fit_lines(line.split(" "), width - 24, 11)[:2 if width == WIDTH
                                                                                        else 4])],
                  title=line, key="out")]


# -- the offer, the casino, the events --------------------------------------------------------------

def _situation(view: dict[str, Any], acts: Acts, y0: float, narrow: bool = False) -> tuple[list[str], float]:
    """What is on the table this step: loot offered, a casino visit, what just happened (in a narrow
    drawing, under the offer or the casino, the offer's loot three a line)."""
    parts: list[str] = []
    x_events, y_events = 12, y0
    offer = view.get("offer")
    casino = view.get("casino")
    box = 190 if narrow and offer else 156 if narrow else 118
    if offer or casino or acts.on("vote"):
        parts.append(rect(12, y0, NARROW_WIDTH - 24 if narrow else 470, box, "#f1efe4", "#a89f86", 8))
        x_events, y_events = (12, y0 + box + 8) if narrow else (500, y0)
    if offer:
        offered = "Loot offered at the East Side (sold to a fence pile of its kind)"
        heading = fit_lines(offered.split(" "),
                            NARROW_WIDTH - 48 if narrow else WIDTH, 12, "bold")
        parts.extend(text(24, y0 + 20 + 16 * i, line, 12, "bold") for i, line in enumerate(heading))
        for i, card in enumerate(offer[:5]):
            x, y = (24 + i % 3 * 90, y0 + 46 + i // 3 * 60) if narrow else (24 + i * 90, y0 + 30)
            loot = card["loot"]
            parts.append(group([rect(x, y, 84, 54, LOOT_FILL[loot], "#6d6a60", 5),
                                rect(x, y, 84, 16, LOOT_BAND[loot], LOOT_BAND[loot], 5),
                                text(x + 42, y + 12, f"{card['stooge']}: {loot}", 11, "bold", "middle",
                                     "#ffffff"),
                                text(x + 42, y + 36, dollars(card["value"]), 12, "bold", "middle")],
                               title=f"offered: {card['stooge']}'s {loot} worth {dollars(card['value'])}",
                               key=f"offer:{card['id']}"))
        total = sum(card["value"] for card in offer)
        parts.append(text(24, y0 + (176 if narrow else 104), f"worth {dollars(total)} in all", 12))
    elif casino is not None or acts.on("vote"):
        parts.extend(_casino(view, acts, y0, narrow))
    lines = view["events"][-6:]
    right = NARROW_WIDTH - 12 if narrow else WIDTH - 12
    events_box = 136 if narrow else 118
    parts.append(rect(x_events, y_events, right - x_events, events_box, "#fbfaf6", "#c9c4b8", 8))
    parts.append(text(x_events + 12, y_events + 20, "What just happened", 12, "bold"))
    room = right - x_events - 24
    shown = [line for event in lines for line in fit_lines(event.split(" "), room, 11)][:6 if narrow else 5]
    if not shown:
        shown = ["nothing yet this turn"]
    parts.append(group([text(x_events + 12, y_events + 40 + 15 * i, line, 11, "normal", "start",
                             INK if lines else MUTED)
                        for i, line in enumerate(shown)], title="; ".join(lines), key="events"))
    # Always the same height, so that the players below stay in place from one move to the next (the
    # page marks what changed by comparing drawings).
    return parts, (y_events - y0 + events_box + 8) if narrow else 126


def _casino(view: dict[str, Any], acts: Acts, y0: float, narrow: bool = False) -> list[str]:
    casino = view.get("casino") or {"seats": [], "bet": []}
    visit = "Casino visit: each player puts one note face down"
    heading = fit_lines(visit.split(" "), NARROW_WIDTH - 48 if narrow else WIDTH, 12, "bold")
    parts = [text(24, y0 + 20 + 16 * i, line, 12, "bold") for i, line in enumerate(heading)]
    y0 += 16 * (len(heading) - 1)  # what follows, under the heading's lines
    for i, seat in enumerate(casino["seats"]):
        x = 24 + i * (80 if narrow else 110)
        down = seat in casino["bet"]
        mine = view["players"][seat].get("casino_note")
        label = (f"your {kilo(mine)}" if mine is not None else "note down") if down else "no note yet"
        parts.append(group([seat_badge(x + 10, y0 + 44, seat, 10),
                            rect(x + 26, y0 + 34, 34, 20, "#3f6b4a" if down else "none", "#22392a", 3,
                                 "" if down else 'stroke-dasharray="3 3"'),
                            text(x, y0 + 72, label, 11, "normal", "start", INK if down else MUTED)],
                           title=f"{seat_tag(seat)} at the casino: {label}", key=f"casino:{seat}"))
    if acts.on("vote"):
        height = TARGET if narrow else 0
        parts.append(button(24, y0 + 80, 140, "play the casino", "play the casino", height=height))
        parts.append(button(176, y0 + 80, 140, "skip the casino", "skip the casino", height=height))
    else:
        rule = ["The active player wins the notes matching his; higher notes go back,",
                "lower ones (and his, if none matches) to the bank."]
        if narrow:
            rule = fit_lines(" ".join(rule).split(" "), NARROW_WIDTH - 48, 11)
        parts.extend(text(24, y0 + 94 + 14 * i, line, 11, "normal", "start", MUTED)
                     for i, line in enumerate(rule))
    return parts


# -- the players ------------------------------------------------------------------------------------

def _seat_panel(view: dict[str, Any], acts: Acts, seat: int, x: float, y: float, width: float) -> str:
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


def _own(view: dict[str, Any], acts: Acts, y0: float, narrow: bool = False) -> tuple[list[str], float]:
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


def _moved(parts: list[str], dy: float) -> str:
    """`parts` moved down by `dy`, each on a line of its own (a server sends the lines that changed)."""
    return f'<g transform="translate(0 {dy:g})">\n' + "\n".join(parts) + "\n</g>"


def view_svg(view: dict[str, Any], layout: str = "wide") -> str:
    """The table as one seat's view shows it, as SVG, in `layout` (see the module docstring)."""
    check_layout(layout)
    if layout == "narrow":
        return _narrow(view)
    acts = Acts(view)
    looked = _looked_pile(view)
    header, _ = _header(view, acts)
    own, lift = _own(view, acts, CITY_TOP)  # the seat's own cards under the status, the rest under them
    table = [*_city(view, acts), *_display(view, acts), *_stooge_piles(view, acts, looked),
             *_fence_piles(view, acts, looked)]
    table.extend(_out_of_game(view, OUT_TOP + 10))
    y: float = SITUATION_TOP  # (the out-of-game room is kept when there is none: see _situation)
    situation, used = _situation(view, acts, y)
    table.extend(situation)
    y += used
    players = len(view["players"])
    width = (WIDTH - 16 - (players - 1) * 8) / players
    y += 8
    table.append(text(12, y + 14, PLAYERS, 14, "bold"))
    for seat in range(players):
        table.append(_seat_panel(view, acts, seat, 8 + seat * (width + 8), y + 22, width))
    y += SEAT_HEIGHT + 32
    parts = [*header, *own, _moved(table, lift) if lift else "\n".join(table)]
    who = "a spectator" if view.get("seat") is None else seat_ref(view["seat"])
    return document(WIDTH, y + lift + 4, f"Downtown, {view['phase']}, as {who} sees it", parts)


def _narrow(view: dict[str, Any]) -> str:
    """The narrow layout: each section drawn as the wide one is (or narrowed) and moved under the one
    before (see the module docstring)."""
    acts = Acts(view)
    looked = _looked_pile(view)
    header, y = _header(view, acts, narrow=True)
    own, used = _own(view, acts, 0, narrow=True)
    sections = [(own, used + 4 if used else 0, 0.0),
                (_city(view, acts, narrow=True), 22 + 3 * 112, float(CITY_TOP)),
                (_display(view, acts, narrow=True), 272, float(CITY_TOP))]
    situation, used = _situation(view, acts, 0, narrow=True)
    sections.append((situation, used, 0.0))
    sections.append((_stooge_piles(view, acts, looked, narrow=True), 20 + 2 * STOOGE_ROW, float(PILES_TOP)))
    sections.append((_fence_piles(view, acts, looked, narrow=True), 38 + 2 * FENCE_ROW, float(PILES_TOP)))
    out = _out_of_game(view, 14, NARROW_WIDTH)
    sections.append((out, 10 + 14 * out[0].count("<text") if out else 0, 0.0))
    players = fit_lines(PLAYERS.split(" "), NARROW_WIDTH - 24,
                        14, "bold")
    seats = [text(12, 14 + 18 * i, line, 14, "bold") for i, line in enumerate(players)]
    top = 18 * len(players) + 4
    for seat in range(len(view["players"])):
        seats.append(_seat_panel(view, acts, seat, 8, top + seat * (SEAT_HEIGHT + 8), NARROW_WIDTH - 16))
    sections.append((seats, top + len(view["players"]) * (SEAT_HEIGHT + 8), 0.0))
    parts = list(header)
    for drawn, height, origin in sections:
        if height:
            parts.append(_moved(drawn, y - origin))
            y += height
    who = "a spectator" if view.get("seat") is None else seat_ref(view["seat"])
    return document(NARROW_WIDTH, y + 4, f"Downtown, {view['phase']}, as {who} sees it", parts)


__all__ = ["view_svg"]
