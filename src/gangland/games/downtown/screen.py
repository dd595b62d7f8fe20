"""The Downtown board for an 80 x 24 terminal, the rules of each decision ('?'), and two-step menus.

Built from a seat's view only (`view.build_view`), like `render.render_view`, which stays the whole
view (the terminal's 'more'). The screen keeps what the decision needs: every decision shows the turn,
the players (tokens, hands, displays) and the seat's own money and cards; then the parts of the table
that matter most for the phase, as many as fit in BOARD_ROWS lines.
"""

from __future__ import annotations

from gangland.engine import BOARD_ROWS, SCREEN_WIDTH, seat_column, seat_ref, terminal_len, terminal_wrap

from . import phases
from .actions import (
    ADD_GANGSTER0,
    ADD_NOTE0,
    BUY0,
    CASINO_PLAY,
    DISCARD_GANGSTER0,
    JOB0,
    LOOK_FENCE0,
    MOVE0,
    MOVES,
    NUM_ACTIONS,
    OFFER0,
    PUT_TOP,
    ROB0,
    SELL_AT0,
    SHED_STOOGE0,
    action_text,
)
from .cards import DENOMINATIONS, LOCATION_NAMES, LOCATION_SHORT
from .deck import LOOT_NAMES, STOOGE_NAMES
from .fields import DowntownFields
from .render import dollars, gangsters, kilo, needs, offer_and_casino, ordinal, plural
from .view import DowntownView

__all__ = ["menu_choice", "rules_help", "screen"]

_PHASE = {name: number for number, name in enumerate(phases.PHASE_NAMES)}


def _fit(text: str, width: int, indent: str = "    ", you: int | None = None) -> list[str]:
    """`text` as lines of at most `width` columns as the terminal shows them to `you` (seats filled in),
    broken between words (later lines indented)."""
    return terminal_wrap(text, width, you, subsequent_indent=indent, break_on_hyphens=False) or [""]


# -- sections ---------------------------------------------------------------------------------------

def _header(view: DowntownView, width: int) -> list[str]:
    parts = [view["phase"]]
    active = view.get("active")
    you = view.get("seat")
    if active is not None:
        parts.append(f"turn: {seat_ref(active)}")
    following = view["next"]
    if following is not None:
        parts.append(f"next: {seat_ref(following)}")
    parts.append(f"casino cards {view['casinos']}/{3 if view['edition'] == '2013' else 2}")
    if view["edition"] == "2013":
        parts.append("2013 rules")
    while len(parts) > 1 and terminal_len(" · ".join(parts), you) > width:
        parts.pop()
    return _fit(" · ".join(parts), width, you=you)


_TOKEN = ("Downtown", "West", "East", "Ghetto", "Bank", "Villa")
_TOKEN_OF = dict(zip(LOCATION_NAMES, _TOKEN, strict=True))
_ROW = "{:<2}{}{:<16}{:>9}{:>8}{:>9}{:>9}{:>8}{:>6}"
"""A row of the players' table: the seat's name comes padded to 13 columns (`seat_column`)."""


def _players(view: DowntownView, width: int) -> list[str]:
    """One row a seat: tokens, hand sizes, display (money and gangsters by kind); then face-down counts."""
    rows = [_ROW.format("", f"{'seat':<13}", "tokens", "gangsters", "stooges", "display", "lookouts",
                        "safecr.", "spies")]
    over = view.get("result") is not None
    you = view.get("seat")
    down = []
    for seat, player in enumerate(view["players"]):
        active = seat == view.get("active") and not over
        marker = ">" if view.get("to_act") == seat else "*" if active else ""
        tokens = "+".join(_TOKEN_OF[t] for t in player["tokens"] if t is not None) or "-"
        hand = player["hand"]
        shown = player["display"]
        counts = [str(n) if n else "-" for n in shown["gangsters"]]
        # The seat's name padded to its column as the terminal fills it in ("Seat 2 (you)").
        rows.append(_ROW.format(marker, seat_column(seat, 13, you), tokens, hand["gangsters"],
                                hand["stooge_cards"], dollars(shown["money"]), *counts).rstrip())
        face_down = player["face_down"]
        if face_down["notes"] or face_down["gangsters"]:
            down.append(f"{seat_ref(seat)} {plural(face_down['notes'], 'note')}, "
                        f"{plural(face_down['gangsters'], 'card')}")
    rows = [row[:width - (terminal_len(row, you) - len(row))] for row in rows]
    if down:
        rows.extend(_fit("Face down in displays: " + "; ".join(down), width, you=you))
    return rows


def _notes(counts: list[int]) -> str:
    """'$20k + 3 x $1k': notes in the screen's short form."""
    return " + ".join((f"{n} x " if n > 1 else "") + kilo(DENOMINATIONS[i] * 1000)
                      for i, n in reversed(list(enumerate(counts))) if n)


def _own(view: DowntownView, width: int) -> list[str]:
    """The seat's own cash (its notes), gangsters, face-down additions and stooge cards."""
    seat = view.get("seat")
    if seat is None or "cash" not in view["players"][seat]:
        return []
    me = view["players"][seat]
    cash = me["cash"]
    text = f"You: cash {dollars(cash['money'])}"
    if cash["money"]:
        text += f" ({_notes(cash['notes'])})"
    text += f"; in hand {gangsters(me['gangsters'])}"
    if "casino_note" in me:
        text += f"; casino note {dollars(me['casino_note'])}"
    down = me["face_down"]
    if down["notes"] or down["gangsters"]:
        parts = ([_notes(down["notes_detail"])] if down["notes"] else []) + (
            [gangsters(down["gangsters_detail"])] if down["gangsters"] else [])
        text += "; your face-down display " + ", ".join(parts)
    lines = _fit(text, width)
    by_loot: dict[str, list[str]] = {}
    for card in me["stooge_cards"]:
        by_loot.setdefault(card["loot"], []).append(kilo(card["value"]))
    cards = "; ".join(f"{loot} {' '.join(worths)}" for loot, worths in by_loot.items()) or "none"
    lines.extend(_fit(f"Your stooge cards (hand limit {me['hand_limit']} cards): {cards}", width))
    return lines


def _market(view: DowntownView, width: int) -> list[str]:
    buying = view.get("buying")
    prices = buying["prices"] if buying is not None else view["downtown"]["prices"]
    offer = [f"{gangsters([n if j == k else 0 for j in range(3)])} at {kilo(prices[k] or 0)}"
             for k, n in enumerate(view["downtown"]["gangsters"]) if n]  # (a kind on display has a price)
    lines = _fit(f"Downtown: {', '.join(offer) or 'no gangsters'} (draw pile {view['draw_pile']}, discard "
                 f"pile {gangsters(view['discard_pile'])})", width)
    if buying is not None:
        lines.extend(_fit(f"  bought so far: {gangsters(buying['bought'])} for {dollars(buying['spent'])}",
                          width))
    return lines


_STOOGE_ROW = "  {:<13}{:<10}{:>7}  {:<11}{}"


def _stooge_piles(view: DowntownView, width: int) -> list[str]:
    """A row a stooge pile: its size and its top card's front (or back, if this seat knows it)."""
    lines = [_STOOGE_ROW.format("stooge pile", "top loot", "promise", "worth", "the job needs")]
    for pile in view["stooge_piles"]:
        top = pile["cards"][0] if pile["cards"] else None
        if top is None:
            lines.append(f"  {pile['stooge']} (empty)")
            continue
        worth = (f"is {kilo(top['value'])}" if "value" in top
                 else "$" + "/".join(str(v // 1000) for v in top["possible"]) + "k")
        name = f"{pile['stooge']} ({pile['size']})"
        lines.append(_STOOGE_ROW.format(name, top["loot"], kilo(top["promise"]), worth, needs(top)))
    return [line if len(line) <= width else line[:width - 1] + "…" for line in lines]


def _fence_piles(view: DowntownView, width: int) -> list[str]:
    """A line a fence pile: its top fence's front (or back, if known), size and the casino card's place."""
    lines = []
    for p, pile in enumerate(view["fence_piles"]):
        cards = pile["cards"]
        top = cards[0] if cards else None
        if top is None:
            lines.append(f"  Fence pile {p}: gone")
            continue
        if isinstance(top, dict):
            text = f"{top['kind']} takes {top['takes']}"
            if "cop" in top:
                text += ": an UNDERCOVER COP" if top["cop"] else ": honest"
        else:  # "casino"
            text = "the casino card"
        where = f", casino card {ordinal(cards.index('casino'))}" if "casino" in cards[1:] else ""
        lines.extend(_fit(f"  Fence pile {p}: {text} ({pile['size']} cards{where})", width))
    return lines


def _bank(view: DowntownView, width: int) -> list[str]:
    counts = view["bank"]["notes"]
    notes = ", ".join(f"{n} x {kilo(d * 1000)}" for d, n in zip(DENOMINATIONS, counts, strict=True))
    return _fit(f"Bank {dollars(view['bank']['money'])} in notes: {notes}", width)


def _situation(view: DowntownView, width: int) -> list[str]:
    return [part for line in offer_and_casino(view) for part in _fit(line, width, you=view.get("seat"))]


_SECTIONS = {"market": _market, "stooges": _stooge_piles, "fences": _fence_piles, "bank": _bank,
             "situation": _situation}
_ORDER = ("situation", "market", "stooges", "fences", "bank")
"""Where each optional section goes on the screen, top to bottom (after the header)."""

_WANTED = {
    phases.PLACE: ("market", "stooges", "fences", "bank"),
    phases.BID: ("market", "stooges", "fences", "bank"),
    phases.MOVE: ("market", "stooges", "fences", "bank"),
    phases.ROBPAY: ("market", "stooges", "fences", "bank"),
    phases.PAYMOVE: ("market", "stooges", "fences", "bank"),
    phases.LOCATION: ("market", "stooges", "fences", "bank"),
    phases.BUYING: ("market", "bank", "stooges", "fences"),
    phases.STOOGE_BACK: ("stooges", "fences", "market", "bank"),
    phases.AFTER_STOOGE_LOOK: ("stooges", "fences", "market", "bank"),
    phases.FENCE_BACK: ("fences", "stooges", "market", "bank"),
    phases.AFTER_FENCE_LOOK: ("fences", "stooges", "market", "bank"),
    phases.OFFERING: ("situation", "fences", "bank", "stooges", "market"),
    phases.CASINO_VOTE: ("situation", "bank", "fences", "market", "stooges"),
    phases.CASINO_BET: ("situation", "bank", "fences", "market", "stooges"),
    phases.WINDOW: ("bank", "market", "stooges", "fences"),
    phases.REFRESH: ("bank", "market", "stooges", "fences"),
    phases.HANDLIMIT: ("stooges", "market", "fences", "bank"),
}
"""The optional sections each phase wants, most needed first (as many as fit are shown)."""


_NEEDS = {"Downtown": "market", "West Side": "stooges", "East Side": "fences"}
"""The section each active location needs in phase 3."""


def screen(view: DowntownView, width: int = SCREEN_WIDTH) -> str:
    """The board at a decision: at most BOARD_ROWS lines of at most `width` columns (80 or more)."""
    width = max(width, 40)
    head = _header(view, width)
    players = _players(view, width)
    own = _own(view, width)
    budget = BOARD_ROWS - len(head) - len(players) - len(own)
    phase = _PHASE.get(view["phase"])
    wanted = _WANTED.get(phase, _ORDER) if phase is not None else _ORDER
    active = view["active"]
    if phase == phases.LOCATION and active is not None:
        # Phase 3: first what the active player's own locations need.
        mine = view["players"][active]["tokens"]
        first = [name for loc, name in _NEEDS.items() if loc in mine]
        wanted = (*first, *[name for name in wanted if name not in first])
    chosen: dict[str, list[str]] = {}
    for name in wanted:
        lines = _SECTIONS[name](view, width)
        if lines and len(lines) <= budget:
            chosen[name] = lines
            budget -= len(lines)
    out = list(head)
    out.extend(chosen.get("situation", []))
    out.extend(players)
    out.extend(own)
    for name in _ORDER[1:]:
        out.extend(chosen.get(name, []))
    return "\n".join(out)


# -- rules help ('?') -------------------------------------------------------------------------------

_HELP = {
    phases.PLACE: ["Place your two tokens, one at a time, on the six locations (they may share).",
            "Downtown: buy gangsters. West Side: do a stooge's job or look at a stooge card.",
            "East Side: sell loot to a fence or look at a fence. Ghetto: draw gangsters when",
            "others buy (current) or do jobs (2013). Bank: share what others pay Downtown.",
            "Villa: hand limit 10, and look first, then act, at the West and East Side.",
            "The first to place on the East Side starts (with 2 players: the first placer)."],
    phases.BID: ["Opening bid: put $1,000 to $3,000 face down in $1,000 and $2,000 notes, then",
          "'done'. All bids are turned up at once and lie in your display, where the",
          "active player can rob them or must pay the same to come to you."],
    phases.MOVE: ["Phase 1: move each of your tokens at most once, onto a location where no",
           "token stands, or 'done'. Then phase 2: rob or pay another player."],
    phases.ROBPAY: ["Phase 2: rob a player (take his whole display: money and gangsters) or pay him",
             "(give him exactly what lies in his display: the same money and the same",
             "gangsters), if you can. The player you rob or pay takes the next turn.",
             "With 2 players robbing skips phase 3; with 3-4, paying moves a token onto him."],
    phases.PAYMOVE: ["You paid: now move one of your tokens onto a location where the paid player",
              "has a token (not onto your own other token). With 2 players this is optional."],
    phases.LOCATION: ["Phase 3: use a location where you have a token (3-4 players: one; 2: each).",
               "Downtown: buy gangsters at the prices shown. West Side: do the top card's job",
               "(discard the gangsters it needs, take the card) or look at a pile's top card.",
               "East Side: offer loot of one kind and sell it to a fence of that kind, or look",
               "at a fence. A 1/2 fence pays half the loot's worth, an honest 1/4 fence 3/4, a",
               "cop 1/4. 'done' ends phase 3."],
    phases.BUYING: ["Buying: each gangster costs what its kind cost when buying began. Buy more or",
             "'done' to pay: Bank holders share the payment, then 3 cards are turned up."],
    phases.STOOGE_BACK: ["You looked at a stooge card: put it back on top or under its pile."],
    phases.AFTER_STOOGE_LOOK: ["Villa: after the look you may still do a job at the West Side, or 'done'."],
    phases.FENCE_BACK: ["You looked at a fence: put it back (2013: on top or under its pile; current:",
                 "onto any fence pile). A casino card that comes on top starts a casino visit."],
    phases.AFTER_FENCE_LOOK: ["Villa: after the look you may still offer loot and sell it, or 'done'."],
    phases.OFFERING: ["Offer more loot of the same kind, or sell what is offered to a fence pile whose",
               "top fence buys that kind. The fence is then turned: a 1/2 fence pays half the",
               "worth, an honest 1/4 fence 3/4, an undercover cop 1/4."],
    phases.CASINO_VOTE: ["A casino card appeared: vote to play or skip (by default all must agree to",
                  "skip). Each player with money then puts one note face down."],
    phases.CASINO_BET: ["Casino: put one note face down. Notes equal to the active player's go to him;",
                 "higher notes go back to their owners, lower ones to the bank; if nobody",
                 "matches, his own note goes to the bank."],
    phases.WINDOW: ["While phase 3 lasts you may add money and gangsters from your hand to your",
             "display face down, one at a time, then 'done'. They are turned up after the",
             "active player's phase 4, and can be robbed or must be paid from then on."],
    phases.REFRESH: ["Phase 4: add money and gangsters to your display face up, one at a time, then",
              "'done'. Your display came back to you at the start of your turn. Others may",
              "rob it or must pay the same to come to you."],
    phases.HANDLIMIT: ["Hand limit: you may keep 7 cards (10 with a token at the Villa). Put gangsters",
                "into your display (2013: or discard them), or put away a stooge card unseen."],
}


def rules_help(view: DowntownView) -> str:
    """The rules of the decision the view shows, in a few lines (the terminal's '?')."""
    phase = _PHASE.get(view["phase"])
    lines = list(_HELP.get(phase, ["The game is over."]) if phase is not None else ["The game is over."])
    if phase in (phases.BID, phases.WINDOW, phases.REFRESH, phases.CASINO_BET) and view["edition"] != "2013":
        lines.append("A note you do not hold you get by exchange at the bank: everyone sees the notes")
        lines.append("you hand over and take, not the rest of your money.")
    lines.append("The game ends at once when someone has $100,000 (display included); else after"
                 if view["edition"] != "2013" else
                 "The game ends at once when someone has $100,000 (display included), or after")
    lines.append("the turn of the 2nd casino card: the richest wins." if view["edition"] != "2013"
                 else "the 3rd casino card's visit: the richest wins.")
    return "\n".join(lines)


# -- two-step menus -----------------------------------------------------------------------------------

def menu_choice(state: DowntownFields, action: int) -> tuple[str, str]:
    """(group, item) of an action, for the terminal to use where a menu is long (it decides): phase 1's
    moves are grouped by the token moved, phase 3 by location, the hand limit by kind of card; any other
    action is a group of its own."""
    text = action_text(state, action)
    if MOVE0 <= action < ROB0:
        origin, target = MOVES[action]
        return f"move the token on {LOCATION_SHORT[origin]}", f"to {LOCATION_SHORT[target]}"
    for first, end, group in _GROUPS:
        if first <= action < end:
            if OFFER0 <= action < SELL_AT0 or action >= SHED_STOOGE0:
                card = state.cards[action - (OFFER0 if action < SELL_AT0 else SHED_STOOGE0)]
                text = (f"{STOOGE_NAMES[card.stooge]}'s {LOOT_NAMES[card.loot]} {kilo(card.back * 1000)} "
                        f"(card {card.id})")
            return group, text
    return text, text


_GROUPS = (
    (BUY0, JOB0, "buy at Downtown"),
    (JOB0, LOOK_FENCE0, "West Side: a job or a look"),
    (LOOK_FENCE0, PUT_TOP, "East Side: look at a fence"),
    (OFFER0, SELL_AT0, "East Side: offer loot"),
    (SELL_AT0, CASINO_PLAY, "sell the loot offered"),
    (ADD_NOTE0, ADD_GANGSTER0, "add a note"),
    (ADD_GANGSTER0, DISCARD_GANGSTER0, "put a gangster into your display"),
    (DISCARD_GANGSTER0, SHED_STOOGE0, "discard a gangster"),
    (SHED_STOOGE0, NUM_ACTIONS, "put away a stooge card unseen"),
)
"""(first id, end id, group) of the actions a long menu groups; the rest are groups of their own."""
