"""Razzia! in words: the whole view as plain text (`render`), a step in one line (`narrate`), and the
pieces the terminal's screen and the drawing share (the row, cheques, an auction's answers so far)."""

from __future__ import annotations

from typing import Final

from gangland.engine import seat_ref, terminal_wrap
from gangland.engine.svg import seat_letter

from .cards import BUSINESSES, KIND_NAMES, TRINKETS
from .scoring import CATEGORIES
from .view import AuctionOutcomeView, RazziaView, SeatView

RENDER_WIDTH: Final = 76
"""Columns `render` keeps to: the terminal's 'more' shows it in a box on an 80-column screen."""


def cheque_text(info: SeatView) -> str:
    """A player's open cheques, then the face-down ones in brackets: "2 7 16 [1 9]"."""
    open_ = " ".join(str(c) for c in info["open_cheques"])
    down = " ".join(str(c) for c in sorted(info["face_down_cheques"]))
    return " ".join(part for part in (open_, f"[{down}]" if down else "") if part) or "-"


def lots_text(view: RazziaView) -> str:
    """The row of lots with its empty places: "Lots 2/7: watch, car, _, _, _, _, _"."""
    row, limit = view["row"], view["row_limit"]
    return f"Lots {len(row)}/{limit}: " + ", ".join([*row, *["_"] * (limit - len(row))])


def auction_answers(view: RazziaView) -> list[tuple[int, str]]:
    """Each seat in the bidding order of the auction under way, with its answer so far: "bid 7",
    "passed", "can't beat" (skipped: no open cheque above the high bid when its turn came), "to bid"
    (the seat to act) or "waiting". Bids are in the view; a seat before the one to act that did not
    bid passed if it could have beaten the high bid of its turn, and was skipped if not."""
    auction = view["auction"]
    if auction is None:
        return []
    bids = {seat: value for seat, value in auction["bids"]}
    to_bid = auction["to_bid"]
    answers, high = [], 0
    for seat in auction["order"]:
        if seat in bids:
            answer, high = f"bid {bids[seat]}", bids[seat]
        elif seat in to_bid:
            answer = "to bid" if seat == to_bid[0] else "waiting"
        else:
            cheques = view["seats"][seat]["open_cheques"]
            answer = "passed" if cheques and cheques[-1] > high else "can't beat"
        answers.append((seat, answer))
    return answers


def estate_words(estate: dict[str, int]) -> str:
    """An estate grouped by kind as it scores: "bodyguards 3; cars 2, drivers 1; trinkets 2 kinds:
    ring 2, watch; ..."."""
    def some(kinds: tuple[int, ...], title: str) -> str:
        held = [(KIND_NAMES[k], estate[KIND_NAMES[k]]) for k in kinds if estate.get(KIND_NAMES[k])]
        items = ", ".join(f"{name} {n}" if n > 1 else name for name, n in held)
        return f"{title} {len(held)} kind{'s' if len(held) != 1 else ''}: {items}" if held else ""

    parts = [f"{label} {estate[name]}" for name, label in
             (("thief", "thieves"), ("bodyguard", "bodyguards")) if estate.get(name)]
    if estate.get("car") or estate.get("driver"):
        parts.append(f"cars {estate.get('car', 0)}, drivers {estate.get('driver', 0)}")
    parts.append(some(TRINKETS, "trinkets") or "no trinkets")
    if estate.get("gold coin"):
        parts.append(f"gold coins {estate['gold coin']}")
    parts.append(some(BUSINESSES, "businesses"))
    return "; ".join(part for part in parts if part)


def wrap(text: str, width: int, indent: str = "", later: str = "    ", you: int | None = None) -> list[str]:
    """`text` wrapped to `width` columns as the terminal shows it to `you` (seats filled in), the first
    line indented by `indent`, later ones by `later`."""
    return terminal_wrap(text, width, you, initial_indent=indent, subsequent_indent=later,
                         break_on_hyphens=False) or [indent]


def render(view: RazziaView) -> str:
    """The view in words (`render_view`), and the scores by category once a round has been scored."""
    text = render_view(view)
    if view["round_scores"]:
        text += "\n\n" + render_scores(view, RENDER_WIDTH)
    return text


def render_view(view: RazziaView) -> str:
    """Plain text of a Razzia! view for the terminal: everything in it, in words."""
    piles = view["piles"]
    lines = [f"Razzia!  round {view['round']}/{view['rounds']}   "
             f"police {view['police']}/{view['police_limit']}   centre cheque {view['centre_cheque']}   "
             f"cards left {sum(piles)} ({piles[0]}+{piles[1]})"]
    lines += wrap(lots_text(view), RENDER_WIDTH)
    for seat, info in enumerate(view["seats"]):
        # The seat's name (of any length, once a front end fills it in) ends its part of the line.
        marker = ">" if view["to_act"] == seat else " "
        cheques = " ".join(str(c) for c in info["open_cheques"]) or "spent"
        down = " ".join(str(c) for c in sorted(info["face_down_cheques"]))
        lines.append(f"{marker} {seat_ref(seat)}: score {view['scores'][seat]}   "
                     f"cheques {cheques}" + (f"   won [{down}]" if down else ""))
        lines += wrap(estate_words(info["estate"]), RENDER_WIDTH, indent="    ", later="      ")
    auction = view["auction"]
    if auction is not None:
        high = (f"high bid {auction['high_bid']} by {seat_ref(auction['high_bidder'])}"
                if auction["high_bidder"] is not None else "no bid yet")
        caller = seat_ref(auction["caller"])
        lines.append(f"{auction['kind'].capitalize()} auction called by {caller}: {high}")
        answers = ", ".join(f"{seat_ref(seat)} {answer}" for seat, answer in auction_answers(view))
        lines += wrap(f"bids in turn: {answers}", RENDER_WIDTH, indent="  ", you=view["seat"])
    if view["thieves_left"]:
        lines.append(f"Thieves left to use this turn: {view['thieves_left']}")
    unseen = ", ".join(f"{n} {name}" for name, n in view["unseen"].items())
    lines += wrap(f"Unseen cards: {unseen or 'none'}", RENDER_WIDTH)
    last = view["last_auction"]
    if last is not None:
        lines += wrap(f"Last auction ({last['kind']}): {auction_outcome(last)}", RENDER_WIDTH,
                      you=view["seat"])
    if view["to_act"] is not None:
        lines.append(f"To act: {seat_ref(view['to_act'])}")
    return "\n".join(lines)


def auction_outcome(auction: AuctionOutcomeView) -> str:
    """What an ended auction did: "⟨s1⟩ wins car with cheque 9 and takes cheque 1"."""
    if auction["winner"] is not None:
        cards = ", ".join(auction["cards"]) or "no booty"
        return (f"{seat_ref(auction['winner'])} wins {cards} with cheque {auction['bid']} "
                f"and takes cheque {auction['took_cheque']}")
    if auction["cards"]:
        return f"nobody bids: {', '.join(auction['cards'])} go to the box"
    return "nobody bids"


def render_scores(view: RazziaView, width: int = 80) -> str:
    """A table of every scoring so far by category, and the totals, in at most `width` columns: one
    column per seat, headed by its letter (a line under the table names the seats: names of any length
    fit no column), in as many blocks of seats as the width needs."""
    rounds = view["round_scores"]
    if not rounds:
        return "No scoring yet."
    players = view["players"]
    labels = [seat_letter(s) for s in range(players)]
    rows: list[tuple[str, list[int] | None]] = []
    for number, scores in enumerate(rounds, start=1):
        rows.append((f"Round {number}", None))
        for category in CATEGORIES:
            points = [scores[s][category] for s in range(players)]
            if any(points):
                rows.append((f"  {category}", points))
        rows.append(("  round total", [sum(scores[s].values()) for s in range(players)]))
    rows.append(("TOTAL", list(view["scores"])))
    result = view["result"]
    if result is not None:
        rows.append(("rank", list(result["ranks"])))
    column = 1 + max(4, *(len(str(v)) for _, values in rows for v in values or ()))
    label_width = min(max(len(label) for label, _ in rows) + 1, max(width - column, 8))
    rows = [(label[:label_width - 1], values) for label, values in rows]  # cut only when very narrow
    per_block = max(1, (width - label_width) // column)
    lines: list[str] = []
    for first in range(0, players, per_block):
        seats = range(first, min(players, first + per_block))
        if lines:
            lines.append("")
        lines.append(" " * label_width + "".join(f"{labels[s]:>{column}}" for s in seats))
        for label, values in rows:
            cells = "".join(f"{values[s]:>{column}}" for s in seats) if values is not None else ""
            lines.append(f"{label:<{label_width}}{cells}".rstrip())
    lines += wrap("Columns: " + ", ".join(f"{labels[s]} {seat_ref(s)}" for s in range(players)), width,
                  you=view["seat"])
    if result is not None:
        names = " and ".join(seat_ref(s) for s in result["winners"])
        lines.append(f"Winner: {names}" + (" (shared)" if len(result["winners"]) > 1 else ""))
    return "\n".join(lines)


def narrate(before: RazziaView, actor: int, action_text: str, after: RazziaView) -> str:
    """One line of what a step did, from one seat's views before and after it."""
    who = seat_ref(actor)
    parts = [f"{who}: {action_text}"]
    draw = after["last_draw"]
    if action_text.startswith("draw") and draw is not None:
        parts[0] = f"{who} draws {draw['card']}"
        if draw["card"] == "police":
            parts[0] += f" ({before['police'] + 1}/{before['police_limit']})"
    auction = after["last_auction"]
    if auction is not None and auction != before["last_auction"]:
        parts.append(auction_outcome(auction))
    if after["round"] != before["round"] or (after["result"] is not None and before["result"] is None):
        parts.append(f"round {before['round']} ends and is scored")
    return "; ".join(parts)
