"""Downtown's table as SVG, drawn from one seat's view (never the true state).

From top to bottom: the phase and what is going on (with a "done" button when the seat may end a
step); the city's six locations with every token on them, beside the Downtown display with today's
prices, the gangster piles and the bank's notes; the West Side's stooge piles and the East Side's
fence piles with their face-up tops and what the seat has learnt by looking; the loot on offer, the
casino visit and what just happened; each player's public display; and the seat's own cash by notes,
gangsters and stooge cards.

Things a player may act on carry `data-act` with the actions' names, in actions.py's words
(`drawing_parts.Acts` says which name goes on which thing): a location is where a token is placed or
moved to, a seat's panel is robbed or paid, a gangster kind for sale is bought, a pile is looked at,
sold to or has its job done, a note or gangster of one's own is added, bet or discarded, a stooge card
in hand is offered or shed.

The pieces are drawing_table.py's (the city, the display, the piles, the situation) and
drawing_players.py's (the seats' panels, the seat's own table); the shapes and the layout's measures
are drawing_parts.py's. The seat's own cash and cards come right under the status lines, so that they
are on the first screen (the rest of the table follows, moved down as a whole: a `<g transform>`,
which changes no piece's drawing). The narrow layout (a phone's) stacks the same sections NARROW_WIDTH
wide, each a `<g>` moved to its place: the status lines wrapped with the buttons TARGET high, the
seat's own cash and cards, the city two locations a line, the Downtown display, the offer or casino
and what just happened, the piles two a line, what is out of the game, and the players' panels one
under another.
"""

from __future__ import annotations

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
    text,
)
from .actions import DONE_TEXT, PUT_TOP_TEXT, PUT_UNDER_TEXT
from .cards import (
    LOCATION_NAMES,
)
from .drawing_parts import (
    CITY_TOP,
    FENCE_ROW,
    OUT_TOP,
    PILES_TOP,
    PLAYERS,
    SEAT_HEIGHT,
    SITUATION_TOP,
    STOOGE_ROW,
    WIDTH,
    Acts,
    seat_tag,
)
from .drawing_players import own_table, seat_panel
from .drawing_table import city, downtown_display, fence_piles, out_of_game, situation_box, stooge_piles
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
from .render import dollars
from .render import gangsters as gangster_count
from .view import DowntownView

_PHASE = {name: number for number, name in enumerate(PHASE_NAMES)}
_DONE_NOTE = {BID: "end your bid", MOVE: "move no more", PAYMOVE: "move no token", LOCATION: "end phase 3",
              BUYING: "stop buying", AFTER_STOOGE_LOOK: "do no job", AFTER_FENCE_LOOK: "sell nothing",
              WINDOW: "add nothing more", REFRESH: "end the turn"}


# -- what is going on ------------------------------------------------------------------------------

def _status(view: DowntownView) -> tuple[str, str]:
    """Two lines: who does what now, and the turn (active and next seat)."""
    result = view.get("result")
    if result is not None:
        winners = " and ".join(seat_tag(s) for s in result["winners"])
        scores = ", ".join(f"{seat_tag(s)} {dollars(v)}" for s, v in enumerate(result["scores"]))
        return f"Game over: {'shared win' if len(result['winners']) > 1 else 'winner'} {winners}", scores
    phase = _PHASE[view["phase"]]
    actor = view["to_act"]
    assert actor is not None  # (a game not over has a seat to act)
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
    active, following, starter = view["active"], view["next"], view["starter"]
    if active is not None:
        # The turn's number (and the option's limit, which ends the game) with the seat whose turn it is.
        number = f"turn {view['turn']}" + (f" of {view['turn_limit']}" if view.get("turn_limit") else "")
        turn.append(f"{number}: {seat_tag(active)}" if view.get("turn") else f"turn of {seat_tag(active)}")
    if following is not None:
        turn.append(f"next: {seat_tag(following)}")
    if starter is not None and phase in (PLACE, BID):
        turn.append(f"{seat_tag(starter)} starts")
    elif phase == PLACE:
        turn.append(f"{seat_tag(view['first_placer'])} placed first")
    line = "; ".join(turn)
    return f"{who} {doing}{_detail(view, phase, actor)}.", line[:1].upper() + line[1:]


def _detail(view: DowntownView, phase: int, actor: int) -> str:
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


def _seat_or(view: DowntownView, seat: int | None) -> str:
    return "the paid player" if seat is None else seat_tag(seat)


def _looked_pile(view: DowntownView) -> tuple[str, int] | None:
    """Which pile's top card is being put back ("stooge"/"fence", number), None if none."""
    looking_at = view.get("looking_at")
    return None if looking_at is None else (looking_at["pile"], looking_at["index"])


def _header(view: DowntownView, acts: Acts, narrow: bool = False) -> tuple[list[str], float]:
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
        parts.append(button(WIDTH - 172, 32, 160, "done", DONE_TEXT, _DONE_NOTE.get(phase, "")))
    looked = _looked_pile(view)
    if acts.on("put_back") and looked is None:  # (the view names the pile; just in case)
        parts.append(button(WIDTH - 336, 32, 160, "back on top", PUT_TOP_TEXT))
        parts.append(button(WIDTH - 172, 32, 160, "under the pile", PUT_UNDER_TEXT))
    return parts, CITY_TOP


def _narrow_header(view: DowntownView, acts: Acts,
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
        parts.append(button(NARROW_WIDTH - 172, y, 160, "done", DONE_TEXT, _DONE_NOTE.get(phase, ""),
                            height=TARGET))
    if acts.on("put_back") and _looked_pile(view) is None:
        parts.append(button(12, y, 160, "back on top", PUT_TOP_TEXT, height=TARGET))
        parts.append(button(NARROW_WIDTH - 172, y, 160, "under the pile", PUT_UNDER_TEXT,
                            height=TARGET))
    if acts.on("done") or acts.on("put_back"):
        y += TARGET + 8
    return parts, y



def _moved(parts: list[str], dy: float) -> str:
    """`parts` moved down by `dy`, each on a line of its own (a server sends the lines that changed)."""
    return f'<g transform="translate(0 {dy:g})">\n' + "\n".join(parts) + "\n</g>"


def view_svg(view: DowntownView, layout: str = "wide") -> str:
    """The table as one seat's view shows it, as SVG, in `layout` (see the module docstring)."""
    check_layout(layout)
    if layout == "narrow":
        return _narrow(view)
    acts = Acts(view)
    looked = _looked_pile(view)
    header, _ = _header(view, acts)
    own, lift = own_table(view, acts, CITY_TOP)  # the seat's own cards under the status, the rest under them
    table = [*city(view, acts), *downtown_display(view, acts), *stooge_piles(view, acts, looked),
             *fence_piles(view, acts, looked)]
    table.extend(out_of_game(view, OUT_TOP + 10))
    y: float = SITUATION_TOP  # (the out-of-game room is kept when there is none: see situation)
    situation, used = situation_box(view, acts, y)
    table.extend(situation)
    y += used
    players = len(view["players"])
    width = (WIDTH - 16 - (players - 1) * 8) / players
    y += 8
    table.append(text(12, y + 14, PLAYERS, 14, "bold"))
    for seat in range(players):
        table.append(seat_panel(view, acts, seat, 8 + seat * (width + 8), y + 22, width))
    y += SEAT_HEIGHT + 32
    parts = [*header, *own, _moved(table, lift) if lift else "\n".join(table)]
    viewer = view["seat"]
    who = "a spectator" if viewer is None else seat_ref(viewer)
    return document(WIDTH, y + lift + 4, f"Downtown, {view['phase']}, as {who} sees it", parts)


def _narrow(view: DowntownView) -> str:
    """The narrow layout: each section drawn as the wide one is (or narrowed) and moved under the one
    before (see the module docstring)."""
    acts = Acts(view)
    looked = _looked_pile(view)
    header, y = _header(view, acts, narrow=True)
    own, used = own_table(view, acts, 0, narrow=True)
    sections = [(own, used + 4 if used else 0, 0.0),
                (city(view, acts, narrow=True), 22 + 3 * 112, float(CITY_TOP)),
                (downtown_display(view, acts, narrow=True), 272, float(CITY_TOP))]
    situation, used = situation_box(view, acts, 0, narrow=True)
    sections.append((situation, used, 0.0))
    sections.append((stooge_piles(view, acts, looked, narrow=True), 20 + 2 * STOOGE_ROW, float(PILES_TOP)))
    sections.append((fence_piles(view, acts, looked, narrow=True), 38 + 2 * FENCE_ROW, float(PILES_TOP)))
    out = out_of_game(view, 14, NARROW_WIDTH)
    sections.append((out, 10 + 14 * out[0].count("<text") if out else 0, 0.0))
    players = fit_lines(PLAYERS.split(" "), NARROW_WIDTH - 24,
                        14, "bold")
    seats = [text(12, 14 + 18 * i, line, 14, "bold") for i, line in enumerate(players)]
    top = 18 * len(players) + 4
    for seat in range(len(view["players"])):
        seats.append(seat_panel(view, acts, seat, 8, top + seat * (SEAT_HEIGHT + 8), NARROW_WIDTH - 16))
    sections.append((seats, top + len(view["players"]) * (SEAT_HEIGHT + 8), 0.0))
    parts = list(header)
    for drawn, height, origin in sections:
        if height:
            parts.append(_moved(drawn, y - origin))
            y += height
    viewer = view["seat"]
    who = "a spectator" if viewer is None else seat_ref(viewer)
    return document(NARROW_WIDTH, y + 4, f"Downtown, {view['phase']}, as {who} sees it", parts)


__all__ = ["view_svg"]
