"""What a seat may see of a Razzia! game (`build_view`), typed (`RazziaView`), and the figures a seat can
work out from it.

Everything in Razzia! is public except the order of the face-down piles: estates, open cheques,
face-down cheques (everyone saw which centre cheque a winner took) and the row. So a seat's view is
the spectator's view plus which seat it is. The counts of unseen cards are public too: they are the
120-card manifest less every card turned up so far.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, TypedDict, cast

from .cards import BOOTY_KINDS, KIND_NAMES, POLICE, ROUNDS, ROW_LIMIT
from .fields import NOBODY, RazziaFields, RazziaOptions
from .phases import AUCTION, AUCTION_NAMES, OVER, PHASE_NAMES, THIEF_USE
from .rounds import result, seat_to_act
from .scoring import score_round


class SeatView(TypedDict):
    """One seat's cheques and estate."""

    open_cheques: list[int]
    """Sorted."""
    face_down_cheques: list[int]
    """Won this round, in the order won."""
    estate: dict[str, int]
    """Booty held, by kind name (kinds held only), in the kinds' order."""


class AuctionView(TypedDict):
    """The auction under way."""

    kind: str
    """One of phases.AUCTION_NAMES."""
    caller: int
    high_bid: int
    """0 before any bid."""
    high_bidder: int | None
    to_bid: list[int]
    """The seats still to answer, the first to act."""
    order: list[int]
    """Everyone in the bidding order (the caller last); the seats before `to_bid` that did not bid
    passed or were skipped."""
    bids: list[list[int]]
    """The bids so far, in order: [seat, cheque]."""


class DrawView(TypedDict):
    """The last card turned up, and by whom."""

    seat: int
    card: str


class AuctionOutcomeView(TypedDict):
    """The outcome of the last auction ended."""

    number: int
    """1, 2, ...: two alike are told apart."""
    kind: str
    winner: int | None
    bid: int
    took_cheque: int
    cards: list[str]
    """The booty the winner took, or that went to the box (a full row nobody bid for)."""


class ResultView(TypedDict):
    """`Result.to_json()` of a finished game (Razzia! gives neither standing nor ending)."""

    scores: list[int]
    ranks: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]


class RazziaView(TypedDict):
    """What one seat (or a spectator) may know of a Razzia! game, JSON-ready."""

    game: str
    seat: int | None
    """The seat that sees it; None for a spectator."""
    players: int
    options: RazziaOptions
    round: int
    rounds: int
    phase: str
    """One of phases.PHASE_NAMES."""
    to_act: int | None
    turn: int | None
    """Whose turn it is (the drawer or caller during an auction); None when the game is over."""
    police: int
    police_limit: int
    row: list[str]
    row_limit: int
    centre_cheque: int
    piles: list[int]
    unseen: dict[str, int]
    """The unseen cards by kind name (kinds with some only)."""
    seats: list[SeatView]
    auction: AuctionView | None
    thieves_left: int
    round_scores: list[list[dict[str, int]]]
    scores: list[int]
    last_draw: DrawView | None
    last_auction: AuctionOutcomeView | None
    result: ResultView | None


def razzia_view(view: Mapping[str, Any]) -> RazziaView:
    """A view the engine hands over as plain data (the Game's hooks, the encoding), as what it is."""
    return cast(RazziaView, view)


def build_view(s: RazziaFields, seat: int | None) -> RazziaView:
    """The JSON-ready view of `s` for `seat` (None: a spectator)."""
    unseen = Counter(s.deck)
    outcome = result(s)
    players = s.players
    view: RazziaView = {
        "game": "razzia",
        "seat": seat,
        "players": players,
        "options": s.options.copy(),
        "round": s.round,
        "rounds": ROUNDS,
        "phase": PHASE_NAMES[s.phase],
        "to_act": seat_to_act(s),
        "turn": s.turn if s.phase != OVER else None,
        "police": s.police,
        "police_limit": s.police_limit,
        "row": [KIND_NAMES[k] for k in s.row],
        "row_limit": ROW_LIMIT,
        "centre_cheque": s.centre,
        "piles": list(s.piles),
        "unseen": {KIND_NAMES[k]: unseen[k] for k in range(POLICE + 1) if unseen[k]},
        "seats": [
            {
                "open_cheques": list(s.up[other]),
                "face_down_cheques": list(s.down[other]),
                "estate": {KIND_NAMES[k]: n for k in range(BOOTY_KINDS) if (n := s.estate[other][k])},
            }
            for other in range(players)
        ],
        "auction": None,
        "thieves_left": s.thieves_left if s.phase == THIEF_USE else 0,
        "round_scores": [[dict(points) for points in scores] for scores in s.round_scores],
        "scores": list(outcome.scores),
        "last_draw": None,
        "last_auction": None,
        # Result.to_json gives these four keys for a game without standing or ending, as Razzia! is.
        "result": cast(ResultView, outcome.to_json()) if s.phase == OVER else None,
    }
    if s.phase == AUCTION:
        view["auction"] = {
            "kind": AUCTION_NAMES[s.a_kind],
            "caller": s.a_caller,
            "high_bid": s.a_bid,
            "high_bidder": None if s.a_bidder == NOBODY else s.a_bidder,
            "to_bid": list(s.a_queue),
            "order": [other for other in s.clockwise[s.a_caller] if s.up[other]],
            "bids": [[bidder, value] for bidder, value in s.a_bids],
        }
    if s.last_draw is not None:
        drawer, kind = s.last_draw
        view["last_draw"] = {"seat": drawer, "card": KIND_NAMES[kind]}
    if s.last_auction is not None:
        number, auction_kind, winner, bid, took, cards = s.last_auction
        view["last_auction"] = {
            "number": number,
            "kind": AUCTION_NAMES[auction_kind],
            "winner": None if winner == NOBODY else winner,
            "bid": bid,
            "took_cheque": took,
            "cards": [KIND_NAMES[k] for k in cards],
        }
    return view


def cheque_sums(view: RazziaView) -> list[int]:
    """Each seat's cheques added up, face up and face down (razzia.txt "Cheques")."""
    return [sum(info["open_cheques"]) + sum(info["face_down_cheques"]) for info in view["seats"]]


def breakdown_if_scored_now(view: RazziaView, as_last_round: bool = False) -> list[dict[str, int]]:
    """Each seat's points by category for this round if it were scored now, from the view alone: with
    businesses and cheque sums in the last round, or in any round with `as_last_round`."""
    estates = [[info["estate"].get(KIND_NAMES[kind], 0) for kind in range(BOOTY_KINDS)]
               for info in view["seats"]]
    last = as_last_round or view["round"] == view["rounds"]
    return score_round(estates, cheque_sums(view) if last else None, view["options"]["all_tied"])


def points_if_scored_now(view: RazziaView) -> list[int]:
    """Each seat's points for this round if it were scored now (in the last round with businesses
    and cheque sums): the counts that score, from the view alone."""
    return [sum(points.values()) for points in breakdown_if_scored_now(view)]
