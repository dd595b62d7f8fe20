"""What a seat may see of a Razzia! game, as JSON-ready data, and its text rendering.

Everything in Razzia! is public except the order of the face-down piles: estates, open cheques,
face-down cheques (everyone saw which centre cheque a winner took) and the row. So a seat's view is
the spectator's view plus which seat it is. The counts of unseen cards are public too: they are the
120-card manifest less every card turned up so far.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .cards import BOOTY_KINDS, KIND_NAMES, POLICE, ROUNDS, ROW_LIMIT
from .scoring import CATEGORIES

if TYPE_CHECKING:
    from .state import RazziaState


def build_view(state: RazziaState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of `state` for `seat` (None: a spectator)."""
    from .state import AUCTION, AUCTION_NAMES, NOBODY, OVER, PHASE_NAMES, THIEF_USE

    unseen = Counter(state.deck)
    result = state.result()
    view: dict[str, Any] = {
        "game": "razzia",
        "seat": seat,
        "players": state.players,
        "options": dict(state.options),
        "round": state.round,
        "rounds": ROUNDS,
        "phase": PHASE_NAMES[state.phase],
        "to_act": state.to_act,
        "turn": state.turn if state.phase != OVER else None,
        "police": state.police,
        "police_limit": state.police_limit,
        "row": [KIND_NAMES[k] for k in state.row],
        "row_limit": ROW_LIMIT,
        "centre_cheque": state.centre,
        "piles": list(state.piles),
        "unseen": {KIND_NAMES[k]: unseen[k] for k in range(POLICE + 1) if unseen[k]},
        "seats": [
            {
                "open_cheques": list(state.up[s]),
                "face_down_cheques": list(state.down[s]),
                "estate": {KIND_NAMES[k]: n for k in range(BOOTY_KINDS) if (n := state.estate[s][k])},
            }
            for s in range(state.players)
        ],
        "auction": None,
        "thieves_left": state.thieves_left if state.phase == THIEF_USE else 0,
        "round_scores": [[dict(points) for points in scores] for scores in state.round_scores],
        "scores": list(result.scores),
        "last_draw": None,
        "last_auction": None,
        "result": result.to_json() if state.phase == OVER else None,
    }
    if state.phase == AUCTION:
        view["auction"] = {
            "kind": AUCTION_NAMES[state.a_kind],
            "caller": state.a_caller,
            "high_bid": state.a_bid,
            "high_bidder": None if state.a_bidder == NOBODY else state.a_bidder,
            "to_bid": list(state.a_queue),
        }
    if state.last_draw is not None:
        drawer, kind = state.last_draw
        view["last_draw"] = {"seat": drawer, "card": KIND_NAMES[kind]}
    if state.last_auction is not None:
        number, kind, winner, bid, took, cards = state.last_auction
        view["last_auction"] = {
            "number": number,
            "kind": AUCTION_NAMES[kind],
            "winner": None if winner == NOBODY else winner,
            "bid": bid,
            "took_cheque": took,
            "cards": [KIND_NAMES[k] for k in cards],
        }
    return view


def _cards(counts: dict[str, int]) -> str:
    return ", ".join(f"{n}x {name}" if n > 1 else name for name, n in counts.items()) or "-"


def _seat_name(view: dict[str, Any], seat: int) -> str:
    return f"Seat {seat}" + (" (you)" if seat == view["seat"] else "")


def render_view(view: dict[str, Any]) -> str:
    """Plain text of a Razzia! view for the terminal."""
    lines = []
    header = (f"Razzia!  round {view['round']}/{view['rounds']}"
              f"   police {view['police']}/{view['police_limit']}")
    header += f"   centre cheque {view['centre_cheque']}   piles {view['piles'][0]}+{view['piles'][1]}"
    lines.append(header)
    lines.append(f"Row ({len(view['row'])}/{view['row_limit']}): " + (", ".join(view["row"]) or "empty"))
    for seat, info in enumerate(view["seats"]):
        marker = ">" if view["to_act"] == seat else " "
        cheques = " ".join(str(c) for c in info["open_cheques"]) or "spent"
        down = " ".join(str(c) for c in info["face_down_cheques"])
        lines.append(f"{marker} {_seat_name(view, seat):<14} score {view['scores'][seat]:>4}   "
                     f"cheques {cheques}" + (f"   won [{down}]" if down else ""))
        lines.append(f"    estate: {_cards(info['estate'])}")
    auction = view["auction"]
    if auction is not None:
        high = (f"high bid {auction['high_bid']} by seat {auction['high_bidder']}"
                if auction["high_bidder"] is not None else "no bid yet")
        lines.append(f"{auction['kind'].capitalize()} auction called by seat {auction['caller']}: {high}; "
                     f"to bid: {', '.join(str(s) for s in auction['to_bid'])}")
    if view["thieves_left"]:
        lines.append(f"Thieves left to use this turn: {view['thieves_left']}")
    if view["to_act"] is not None:
        lines.append(f"To act: {_seat_name(view, view['to_act'])}")
    return "\n".join(lines)


def render_scores(view: dict[str, Any]) -> str:
    """A table of every scoring so far by category, and the totals."""
    rounds = view["round_scores"]
    if not rounds:
        return "No scoring yet."
    players = view["players"]
    width = 2 + max(len(_seat_name(view, s)) for s in range(players))
    head = f"{'':<22}" + "".join(f"{_seat_name(view, s):>{width}}" for s in range(players))
    lines = [head]
    for number, scores in enumerate(rounds, start=1):
        lines.append(f"Round {number}")
        for category in CATEGORIES:
            values = [scores[s][category] for s in range(players)]
            if any(values):
                lines.append(f"  {category:<20}" + "".join(f"{v:>{width}}" for v in values))
        totals = [sum(scores[s].values()) for s in range(players)]
        lines.append(f"  {'round total':<20}" + "".join(f"{v:>{width}}" for v in totals))
    lines.append(f"{'TOTAL':<22}" + "".join(f"{v:>{width}}" for v in view["scores"]))
    result = view["result"]
    if result is not None:
        lines.append(f"{'rank':<22}" + "".join(f"{r:>{width}}" for r in result["ranks"]))
        names = " and ".join(_seat_name(view, s) for s in result["winners"])
        lines.append(f"Winner: {names}" + (" (shared)" if len(result["winners"]) > 1 else ""))
    return "\n".join(lines)


def narrate(before: dict[str, Any], actor: int, action_text: str, after: dict[str, Any]) -> str:
    """One line of what a step did, from one seat's views before and after it."""
    who = _seat_name(after, actor)
    parts = [f"{who}: {action_text}"]
    draw = after["last_draw"]
    if action_text.startswith("draw") and draw is not None:
        parts[0] = f"{who} draws {draw['card']}"
        if draw["card"] == "police":
            parts[0] += f" ({before['police'] + 1}/{before['police_limit']})"
    auction = after["last_auction"]
    if auction is not None and auction != before["last_auction"]:
        if auction["winner"] is not None:
            cards = ", ".join(auction["cards"]) or "no booty"
            parts.append(f"{_seat_name(after, auction['winner'])} wins {cards} with cheque "
                         f"{auction['bid']} and takes cheque {auction['took_cheque']}")
        elif auction["cards"]:
            parts.append(f"nobody bids: {', '.join(auction['cards'])} go to the box")
        else:
            parts.append("nobody bids")
    if after["round"] != before["round"] or (after["result"] is not None and before["result"] is None):
        parts.append(f"round {before['round']} ends and is scored")
    return "; ".join(parts)
