"""Downtown's table in a drawing: the city and its locations, the Downtown display with the bank, the
stooge and fence piles, what is out of the game, and the situation (the loot on offer, a casino visit,
what just happened); drawn from one seat's view, laid out by drawing.py."""

from __future__ import annotations

from ...engine.svg import (
    INK,
    MUTED,
    NARROW_WIDTH,
    TARGET,
    button,
    fit_lines,
    group,
    rect,
    seat_badge,
    text,
)
from .actions import CASINO_PLAY_TEXT, CASINO_SKIP_TEXT, PUT_TOP_TEXT, PUT_UNDER_TEXT
from .cards import (
    GANGSTER_NAMES,
    LOCATION_NAMES,
    LOCATION_SHORT,
    NOTE_LABELS,
)
from .drawing_parts import (
    CITY_TOP,
    FENCE_ROW,
    LOOT_BAND,
    LOOT_FILL,
    NARROW_PILE,
    PILE_WIDTH,
    PILES_TOP,
    STOOGE_ROW,
    WIDTH,
    Acts,
    card_backs,
    casino_face,
    fence_face,
    gangster_card,
    hover,
    note_chip,
    seat_tag,
    stooge_face,
    token_row,
)
from .render import dollars, kilo, plural
from .render import gangsters as gangster_count
from .view import DowntownView

LOCATION_FILL = ("#f3d9a4", "#cfe6c6", "#c9dcef", "#e2d3c1", "#e8e6c4", "#efd3e8")


def _uses(edition: str) -> tuple[tuple[str, str], ...]:
    """What each location does, two short lines each (the Ghetto and the Bank differ by edition)."""
    ghetto = ("another does a job", "draws gangster cards") if edition == "2013" else \
        ("another buys Downtown:", "draws gangster cards")
    bank = ("shares what the others", "spend at Downtown") if edition == "2013" else \
        ("shares every purchase", "made at Downtown")
    return (("buy gangsters at", "today's prices"), ("do a stooge's job, or", "look at a top card"),
            ("look at a fence card,", "or sell loot"), ghetto, bank,
            ("hand limit 10; a second", "West/East Side action"))



# -- the city and the Downtown display -------------------------------------------------------------

def city(view: DowntownView, acts: Acts, narrow: bool = False) -> list[str]:
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


def downtown_display(view: DowntownView, acts: Acts, narrow: bool = False) -> list[str]:
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


def stooge_piles(view: DowntownView, acts: Acts, looked: tuple[str, int] | None,
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
    return [button(x, y, 72, "on top", PUT_TOP_TEXT, title="put the card back on top of its pile",
                   height=height),
            button(x + 78, y, 72, "under", PUT_UNDER_TEXT, title="put the card under its pile",
                   height=height)]


def fence_piles(view: DowntownView, acts: Acts, looked: tuple[str, int] | None,
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
            if isinstance(top, dict):
                body.extend(fence_face(x, y + 22, top, width - 4 * narrow))
                what = f"fence pile {p} ({plural(pile['size'], 'card')}): {top['kind']}, takes {top['takes']}"
            else:  # "casino"
                body.extend(casino_face(x, y + 22, width - 4 * narrow))
                what = f"fence pile {p}: the casino card on top"
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


def out_of_game(view: DowntownView, y: float, width: float = WIDTH) -> list[str]:
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

def situation_box(view: DowntownView, acts: Acts, y0: float,
                  narrow: bool = False) -> tuple[list[str], float]:
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


def _casino(view: DowntownView, acts: Acts, y0: float, narrow: bool = False) -> list[str]:
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
        parts.append(button(24, y0 + 80, 140, "play the casino", CASINO_PLAY_TEXT, height=height))
        parts.append(button(176, y0 + 80, 140, "skip the casino", CASINO_SKIP_TEXT, height=height))
    else:
        rule = ["The active player wins the notes matching his; higher notes go back,",
                "lower ones (and his, if none matches) to the bank."]
        if narrow:
            rule = fit_lines(" ".join(rule).split(" "), NARROW_WIDTH - 48, 11)
        parts.extend(text(24, y0 + 94 + 14 * i, line, 11, "normal", "start", MUTED)
                     for i, line in enumerate(rule))
    return parts

