"""The Razzia! board as the terminal shows it at a decision (`screen`), and the rules of that
decision (`rules_help`), both built from a seat's view only.

The screen puts first what a decision needs: the round, the police, the centre cheque and the
cards left; the row of lots with its empty places; the auction under way and every answer so far;
then one line per player (cheques open and [face down], and the estate as the counts that score);
then a legend and who is to act. `render` (the person's 'more') keeps the whole view in words.
"""

from __future__ import annotations

import textwrap

from gangland.engine import HELP_ROWS, SCREEN_WIDTH, seat_column, seat_ref, terminal_len, terminal_wrap

from .actions import COURT, DRAW, action_text
from .cards import BUSINESSES, KIND_NAMES, TRINKETS
from .render import auction_answers, cheque_text, lots_text
from .view import AuctionView, RazziaView, points_if_scored_now

TRINKET_LETTERS = "RWBCD"
"""Ring, watch, brooch, chain, diamond: the trinket column shows the letter of each kind held."""
BUSINESS_LETTERS = "CTFHENR"
"""Casino, transportation, film, horse racing, real Estate, night club, restaurant: the business
column shows how many of each kind are held, in this order."""
LEGEND = ("RWBCD ring watch brooch chain diamond   now: points if the round ended now",
          "CTFHENR casino transport film horse racing real estate night club restaurant")

COLUMNS: tuple[tuple[str, int, str], ...] = (
    # (heading, width, alignment): the estate table, one line per player, after the seat's name.
    ("score", 5, ">"), ("cheques [won]", 13, "<"), ("guard", 5, ">"),
    ("car", 3, ">"), ("drv", 3, ">"), ("thief", 5, ">"), ("gold", 4, ">"),
    (TRINKET_LETTERS, 5, "<"), (BUSINESS_LETTERS, 7, "<"), ("now", 4, ">"),
)
GAPS = (2, 2, 1, 1, 1, 1, 1, 1, 1, 1)
"""Spaces before each column (after the marker of the seat to act, a space and the seat's name)."""


def _table_line(name: str, cells: list[str], marker: str, keep: int) -> str:
    parts = [marker, " ", name]
    for (_, width, align), gap, cell in list(zip(COLUMNS, GAPS, cells, strict=True))[:keep]:
        parts.append(" " * gap + f"{cell:{align}{width}}")
    return "".join(parts).rstrip()


def _table_width(keep: int, name_width: int) -> int:
    columns = list(zip(COLUMNS, GAPS, strict=True))[:keep]
    return 2 + name_width + sum(width + gap for (_, width, _), gap in columns)


def _seat_cells(view: RazziaView, seat: int, now: int) -> list[str]:
    info = view["seats"][seat]
    estate = info["estate"]
    trinkets = "".join(letter if estate.get(KIND_NAMES[kind]) else "."
                       for letter, kind in zip(TRINKET_LETTERS, TRINKETS, strict=True))
    businesses = "".join(str(n) if (n := estate.get(KIND_NAMES[kind], 0)) else "."
                         for kind in BUSINESSES)
    return [str(view["scores"][seat]), cheque_text(info), str(estate.get("bodyguard", 0)),
            str(estate.get("car", 0)), str(estate.get("driver", 0)), str(estate.get("thief", 0)),
            str(estate.get("gold coin", 0)), trinkets, businesses, f"{now:+d}"]


def estate_table(view: RazziaView, width: int) -> list[str]:
    """The players' table: a heading and one line per player, named as the terminal names seats
    (`seat_column`), with as many columns as `width` holds (the 'now' column goes first; a narrower
    terminal folds each line)."""
    you = view["seat"]
    name_width = max(terminal_len(seat_ref(seat), you) for seat in range(view["players"]))
    keep = len(COLUMNS) if _table_width(len(COLUMNS), name_width) <= width else len(COLUMNS) - 1
    now = points_if_scored_now(view)
    lines = [_table_line(f"{'seat':<{name_width}}", [heading for heading, _, _ in COLUMNS], " ", keep)]
    for seat in range(view["players"]):
        marker = ">" if seat == view["to_act"] else " "
        lines.append(_table_line(seat_column(seat, name_width, you), _seat_cells(view, seat, now[seat]),
                                 marker, keep))
    if _table_width(keep, name_width) <= width:
        return lines
    return [folded for line in lines for folded in _fold(line, width, you, indent=6)]


def _fold(text: str, width: int, you: int | None, indent: int = 2) -> list[str]:
    """`text` wrapped to `width` columns as the terminal shows it (seats filled in for `you`), later
    lines indented (a single line if it fits; Razzia!'s text is ASCII, one column a character)."""
    if terminal_len(text, you) <= width:
        return [text]
    return terminal_wrap(text, max(width, indent + 10), you, subsequent_indent=" " * indent,
                         break_on_hyphens=False)


def _header(view: RazziaView) -> str:
    police, limit = view["police"], view["police_limit"]
    piles = view["piles"]
    return (f"Round {view['round']}/{view['rounds']}   police {police}/{limit} "
            f"[{'P' * police}{'.' * (limit - police)}]   centre cheque {view['centre_cheque']}   "
            f"cards left {sum(piles)} ({piles[0]}+{piles[1]})")


def auction_origin(auction: AuctionView) -> str:
    """Which auction is under way and whose it is: "Court auction called by ⟨s2⟩"."""
    caller = seat_ref(auction["caller"])
    return {"court": f"Court auction called by {caller}",
            "normal": f"Normal auction ({caller} drew police)",
            "full row": f"Full-row auction ({caller} drew the 7th lot)"}[auction["kind"]]


def _auction_lines(view: RazziaView) -> list[str]:
    auction = view["auction"]
    if auction is None:
        return []
    head = f"{auction_origin(auction)}: top bid takes the lots and cheque {view['centre_cheque']}"
    answers = ", ".join(f"{seat_ref(seat)} {answer}" for seat, answer in auction_answers(view))
    return [head, f"  bids in turn: {answers}"]


def can_steal(view: RazziaView) -> bool:
    """Whether the seat to act may use a thief now: one in its estate and a lot it may take."""
    seat = view["to_act"]
    if seat is None:
        return False
    takes_thief = view["options"]["thief_takes_thief"]
    return bool(view["seats"][seat]["estate"].get("thief")) and any(
        takes_thief or lot != "thief" for lot in view["row"])


def turn_choices(view: RazziaView) -> list[str]:
    """What the seat to act may do on its turn (no auction, no thieves in use), as the rules in play
    and the view allow it: "draw a card" (cards left), "call a court auction" (lots, or the rules allow
    an empty row) and "use a thief" (only with a thief and a lot it may take: `can_steal`)."""
    choices = [action_text(DRAW)] if sum(view["piles"]) else []
    if view["row"] or view["options"]["court_on_empty_row"]:
        choices.append(action_text(COURT))
    if can_steal(view):
        choices.append("use a thief")
    return choices


def or_list(items: list[str]) -> str:
    """"a, b or c".

    >>> or_list(["draw a card", "call a court auction", "use a thief"])
    'draw a card, call a court auction or use a thief'
    """
    return " or ".join(part for part in (", ".join(items[:-1]), items[-1] if items else "") if part)


def _to_act_line(view: RazziaView) -> str:
    seat = view["to_act"]
    if seat is None:
        return "The game is over: 'more' shows the scores."
    who = seat_ref(seat)
    if view["auction"] is not None:
        auction = view["auction"]
        if auction["high_bidder"] is not None:
            return f"To act: {who}, bid above {auction['high_bid']} or pass."
        if auction["kind"] == "court" and auction["to_bid"] == [auction["caller"]]:
            return f"To act: {who}: all others passed, so the caller must bid (any cheque)."
        return f"To act: {who}, bid any cheque or pass."
    if view["phase"] == "thieves":
        left = view["thieves_left"]
        thieves = "thief" if left == 1 else "thieves"
        return f"To act: {who}, {left} {thieves} left to use: steal a lot or stop."
    return f"To act: {who}, {or_list(turn_choices(view))}."


def screen(view: RazziaView, width: int = SCREEN_WIDTH) -> str:
    """The Razzia! board for the terminal: at most BOARD_ROWS lines of at most `width` columns at
    SCREEN_WIDTH."""
    you = view["seat"]
    lines = [*_fold(_header(view), width, you), *_fold(lots_text(view), width, you, indent=4)]
    for line in _auction_lines(view):
        lines.extend(_fold(line, width, you, indent=4))
    lines.extend(estate_table(view, width))
    for line in LEGEND:
        lines.extend(_fold(line, width, you))
    lines.extend(_fold(_to_act_line(view), width, you))
    return "\n".join(lines)


SCORING_HELP = (
    "Each round scores: unused thief 2; most bodyguards +5, fewest -2; car and driver 1 each (cars "
    "only with a driver); trinkets: none -5, 3/4/5 kinds 5/10/15; gold 3. Trinkets, drivers, thieves "
    "and gold then leave; after round 3 also businesses and cheque sums (most +5, least -5).")


def _help(items: list[str], *extra: str, you: int | None = None) -> str:
    """Help text: each item wrapped to SCREEN_WIDTH as the terminal shows it to `you` ("- " items
    hang), then the `extra` paragraphs as far as HELP_ROWS lines allow."""
    lines: list[str] = []
    for item in items:
        hang = "  " if item.startswith("- ") else ""
        lines += terminal_wrap(item, SCREEN_WIDTH, you, subsequent_indent=hang)
    for paragraph in extra:
        more = textwrap.wrap(paragraph, SCREEN_WIDTH)
        if len(lines) + len(more) <= HELP_ROWS:
            lines += more
    return "\n".join(lines)


def _turn_help(view: RazziaView) -> str:
    limit = view["police_limit"]
    empty = ("the lots may be empty: then it trades cheques" if view["options"]["court_on_empty_row"]
             else "only with lots on the table, under the rules in play")
    items = [
        f"Your turn: do one of these. Police so far: {view['police']} of {limit}.",
        "- draw a card: booty goes to the lots, and the 7th lot starts an auction; police starts an "
        f"auction, but police card {limit} ends the round at once (unsold lots go to the box).",
        f"- call a court auction: everyone bids once, you last; if all others pass, you must bid ({empty}).",
    ]
    if can_steal(view):
        items.append("- steal <card>: a thief from your estate takes that lot and goes to the box; use "
                     "as many of your thieves as you like; that is your whole turn.")
    return _help(items, SCORING_HELP, "'more' shows the whole table and the scores so far.")


def _auction_help(view: RazziaView, auction: AuctionView) -> str:
    if_all_pass = {"normal": "the lots stay on the table",
                   "full row": "the lots go to the box",
                   "court": "the caller must bid"}[auction["kind"]]
    beat = (f"above the high bid, {auction['high_bid']}" if auction["high_bidder"] is not None
            else "any of them")
    items = [
        f"{auction_origin(auction)}. Each player with open cheques answers once, in turn, "
        f"{'you' if auction['caller'] == view['seat'] else 'the caller'} last.",
        f"- bid N: offer your open cheque N ({beat}). The highest bid wins every lot and the centre "
        f"cheque ({view['centre_cheque']}), which the winner keeps face down until the next round; the "
        "winning cheque becomes the centre cheque.",
        "- pass: keep your cheques" + (" (not open to the caller when all others passed)."
                                       if auction["kind"] == "court" else "."),
        f"If all pass, {if_all_pass}. Play goes on left of the caller.",
    ]
    return _help(items, "A player with no open cheques takes no more turns this round; the round "
                 "ends when all are spent or the last police comes.", SCORING_HELP, you=view["seat"])


def _thief_help(view: RazziaView) -> str:
    steal = "any lot" if view["options"]["thief_takes_thief"] else "any lot but a thief"
    items = [
        f"Using thieves: {view['thieves_left']} of those you began the turn with can still steal.",
        f"- steal <card>: take {steal} into your estate; the thief goes to the box.",
        "- stop stealing: end your turn; thieves you keep score 2 points each.",
        "Thieves taken this turn wait for a later turn. Using thieves is your whole turn: no card is "
        "drawn. The turn ends by itself when no thief or no lot is left to take.",
    ]
    return _help(items, SCORING_HELP)


def rules_help(view: RazziaView) -> str:
    """The rules of the decision `view` shows, in at most HELP_ROWS lines of at most SCREEN_WIDTH columns."""
    if view["to_act"] is None:
        ties = ("the tied player with the highest single cheque wins"
                if view["options"]["tiebreak"] == "highest_cheque" else "tied players share the win")
        return _help([f"The game is over: the most points after round 3 wins; {ties}."], SCORING_HELP)
    if view["auction"] is not None:
        return _auction_help(view, view["auction"])
    if view["phase"] == "thieves":
        return _thief_help(view)
    return _turn_help(view)
