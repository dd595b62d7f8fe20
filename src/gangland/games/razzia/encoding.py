"""The observation encoding of Razzia! (issue 20): a seat's view as a fixed-size vector of floats.

Everything is read from the view alone (`RazziaState.view(seat)`, or the same dict after a JSON round
trip), so two states a seat cannot tell apart give equal vectors. The vector is seat-relative: every
per-seat segment holds the observing seat first, then the seats after it in turn order (seat + 1,
seat + 2, ...), and every seat named in the view (to act, whose turn, the caller, the high bidder) is
one-hot in that same relative order. docs/rl/razzia.md describes the layout and its scales.

The layout depends on the player count only (the number of seats, and the highest cheque in play:
9, 13 or 16); the rule options are public and are encoded as flags, but they do not change the layout.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from gangland.engine import JSON, Layout, Segment, ViewEncoding

from .cards import (
    ALL_KINDS,
    BOOTY_KINDS,
    CAR,
    CARD_COUNTS,
    CENTRE_CHEQUE,
    CHEQUE_SETS,
    DRIVER,
    KIND_INDEX,
    POLICE_LIMIT,
    ROUNDS,
    ROW_LIMIT,
    THIEF,
)
from .phases import AUCTION_NAMES, PHASE_NAMES
from .scoring import CATEGORIES, cars_and_drivers_points, score_round
from .view import razzia_view

PHASE_INDEX: Final[dict[str, int]] = {name: phase for phase, name in enumerate(PHASE_NAMES)}
AUCTION_INDEX: Final[dict[str, int]] = {name: kind for kind, name in enumerate(AUCTION_NAMES)}
TOTAL_CARDS: Final = sum(CARD_COUNTS)
"""The 120 cards of the deck: the scale of the cards left in the piles."""

SCORE_SCALE: Final = 50.0
"""Points are divided by 50: a final score of a good player is a few tens of points, so most scaled
scores lie in -0.5..1.5; the hard bounds below are wider."""


def _round_extremes() -> tuple[dict[str, int], dict[str, int], dict[str, int], dict[str, int]]:
    """The best and the worst points one seat can get from one scoring, by category, in rounds 1-2 and
    in the final round: taken from the game's own scoring by scoring a seat that holds every booty card
    (and the higher cheque sum) against one holding none. Every category's points grow with the cards
    held (trinket and business kinds, counts of a kind, cars, drivers...), and the awards for most and
    fewest bodyguards or cheques are at their extremes between two unequal seats (a tie of every seat
    gives each a value between them), so these are the extremes of each category."""
    everything = list(CARD_COUNTS[:BOOTY_KINDS])
    nothing = [0] * BOOTY_KINDS
    best = score_round([everything, nothing], None, "literal")[0]
    worst = score_round([nothing, everything], None, "literal")[0]
    best_final = score_round([everything, nothing], [1, 0], "literal")[0]
    worst_final = score_round([nothing, everything], [0, 1], "literal")[0]
    return best, worst, best_final, worst_final


_BEST, _WORST, _BEST_FINAL, _WORST_FINAL = _round_extremes()

MIN_ROUND_POINTS: Final = min(sum(_WORST.values()), sum(_WORST_FINAL.values()))
"""The fewest points one scoring can give a seat (-12: fewest bodyguards -2, no trinket -5, lowest
cheque sum -5 in the final round)."""
MAX_ROUND_POINTS: Final = max(sum(_BEST.values()), sum(_BEST_FINAL.values()))
"""The most points one scoring can give a seat (152, holding every booty card in the final round)."""

MIN_SCORE: Final = (ROUNDS - 1) * sum(_WORST.values()) + sum(_WORST_FINAL.values())
"""The lowest total a seat can reach (-26): every scoring at its worst."""
MAX_SCORE: Final = (
    # The cards with the black cross (thieves, drivers, gold coins, trinkets) leave the estates after
    # each scoring, so each such card scores at most once in a game: the thieves' and gold coins'
    # points of all their cards together bound their game total.
    _BEST["thieves"] + _BEST["gold"]
    # Cars stay and may score in every round, drivers once each.
    + cars_and_drivers_points(ROUNDS * CARD_COUNTS[CAR], CARD_COUNTS[DRIVER])
    # Bodyguards and trinkets: at most the best of one scoring in every round.
    + ROUNDS * (_BEST["bodyguards"] + _BEST["trinkets"])
    # Businesses and cheques are scored once, at the end.
    + _BEST_FINAL["businesses"] + _BEST_FINAL["cheques"]
)
"""The highest total a seat can reach (224; a bound, not a score seen in play)."""
assert set(CATEGORIES) == {"thieves", "gold", "cars and drivers", "bodyguards", "trinkets", "businesses",
                           "cheques"}, "a new scoring category needs a place in MAX_SCORE"


def max_cheque(players: int) -> int:
    """The highest cheque value in play at a table of `players` (9, 13 or 16)."""
    return max(CENTRE_CHEQUE, *(value for cheques in CHEQUE_SETS[players] for value in cheques))


def cheque_total(players: int) -> int:
    """The sum of every cheque in play at a table of `players`, the centre's included: the scale of a
    seat's cheque sum, which can never reach it (the centre cheque is nobody's)."""
    return CENTRE_CHEQUE + sum(value for cheques in CHEQUE_SETS[players] for value in cheques)


class RazziaEncoding(ViewEncoding):
    """Razzia!'s observation encoding (module doc; docs/rl/razzia.md)."""

    def __init__(self) -> None:
        self._layouts: dict[int, Layout] = {}
        self._scale: dict[int, tuple[int, int]] = {}

    def layout(self, players: int, options: Mapping[str, JSON]) -> Layout:
        layout = self._layouts.get(players)
        if layout is None:
            layout = self._layouts[players] = self._make_layout(players)
        return layout

    def _scales(self, players: int) -> tuple[int, int]:
        """The highest cheque in play and the sum of all cheques in play (cached)."""
        scales = self._scale.get(players)
        if scales is None:
            scales = self._scale[players] = (max_cheque(players), cheque_total(players))
        return scales

    @staticmethod
    def _make_layout(players: int) -> Layout:
        top = max_cheque(players)
        limit = POLICE_LIMIT[players]
        per = f"per seat, own seat first then seat+1..seat+{players - 1}"
        low_score, high_score = MIN_SCORE / SCORE_SCALE, MAX_SCORE / SCORE_SCALE
        return Layout([
            Segment("options", 5, "rule options as flags: all_tied is 'nobody', thief_takes_thief, "
                    "court_on_empty_row, tiebreak is 'shared', cheque_sets is 'by_seat'"),
            Segment("round", ROUNDS, f"the round 1..{ROUNDS}, one-hot"),
            Segment("phase", len(PHASE_NAMES), "the phase, one-hot: " + ", ".join(PHASE_NAMES)),
            Segment("to_act", players, "the seat to act, one-hot seat-relative (own seat first); all 0 "
                    "when the game is over"),
            Segment("turn", players, "whose turn it is (the drawer or caller during an auction), one-hot "
                    "seat-relative; all 0 when the game is over"),
            Segment("police", 1, f"police drawn this round / {limit} (the {limit}th ends the round)"),
            Segment("deck", 1, f"cards left in the two piles / {TOTAL_CARDS}"),
            Segment("unseen", ALL_KINDS, "unseen cards by kind (ring..restaurant, police) / the number "
                    "of cards of that kind"),
            Segment("row", BOOTY_KINDS, f"booty in the row by kind (ring..restaurant) / {ROW_LIMIT}"),
            Segment("row_size", 1, f"cards in the row / {ROW_LIMIT}"),
            Segment("centre_cheque", top, f"the centre cheque 1..{top}, one-hot"),
            Segment("thieves_left", 1, f"thieves the seat to act may still use this turn / "
                    f"{CARD_COUNTS[THIEF]}"),
            Segment("auction_kind", len(AUCTION_NAMES), "the auction under way, one-hot: "
                    + ", ".join(AUCTION_NAMES) + "; all 0 when there is none"),
            Segment("auction_caller", players, "who called it (drew the police or the 7th card, or "
                    "called the court), one-hot seat-relative"),
            Segment("auction_high_bid", 1, f"the highest bid so far / {top}; 0 before any bid"),
            Segment("auction_high_bidder", players, "who made it, one-hot seat-relative"),
            Segment("auction_to_bid", players, "seats still to answer, 0/1 seat-relative (the first "
                    "of them in turn order after the caller acts; the caller answers last)"),
            Segment("auction_bids", players, f"each seat's bid in this auction / {top}, "
                    "seat-relative; 0 if it has not bid"),
            Segment("open_cheques", players * top, f"open cheques, {per}: a 0/1 mask over the values "
                    f"1..{top}"),
            Segment("face_down_cheques", players * top, f"face-down cheques (won this round), {per}: "
                    f"a 0/1 mask over 1..{top}"),
            Segment("cheque_sums", players, f"open + face-down cheques added up, {per}, / "
                    f"{cheque_total(players)} (all cheques in play)"),
            Segment("estates", players * BOOTY_KINDS, f"estates, {per}: the count of each booty kind "
                    "(ring..restaurant) / the number of cards of that kind"),
            Segment("scores", players, f"points scored so far, {per}, / {SCORE_SCALE:g}",
                    low=low_score, high=high_score),
            Segment("points_now", players, f"the points this round would give if it were scored now "
                    f"(the final round with businesses and cheques), {per}, / {SCORE_SCALE:g}; 0 when "
                    "the game is over", low=MIN_ROUND_POINTS / SCORE_SCALE,
                    high=MAX_ROUND_POINTS / SCORE_SCALE),
        ])

    def encode(self, data: Mapping[str, JSON], players: int, options: Mapping[str, JSON]) -> list[float]:
        view = razzia_view(data)
        layout = self.layout(players, options)
        out = layout.writer()
        top, total = self._scales(players)
        me: int = view["seat"] if view["seat"] is not None else 0  # a spectator sees from seat 0
        over = view["phase"] == "over"

        def rel(seat: int) -> int:
            return (seat - me) % players

        def cheque_mask(lists: list[list[int]]) -> list[float]:
            mask = [0.0] * (players * top)
            for r, cheques in enumerate(lists):
                for value in cheques:
                    mask[r * top + value - 1] = 1.0
            return mask

        out.put("options", [
            1.0 if options["all_tied"] == "nobody" else 0.0,
            1.0 if options["thief_takes_thief"] else 0.0,
            1.0 if options["court_on_empty_row"] else 0.0,
            1.0 if options["tiebreak"] == "shared" else 0.0,
            1.0 if options["cheque_sets"] == "by_seat" else 0.0,
        ])
        out.one_hot("round", int(view["round"]) - 1)
        out.one_hot("phase", PHASE_INDEX[view["phase"]])
        to_act = view["to_act"]
        out.one_hot("to_act", None if to_act is None else rel(to_act))
        turn = view["turn"]
        out.one_hot("turn", None if turn is None else rel(turn))
        out.put("police", [view["police"] / POLICE_LIMIT[players]])
        out.put("deck", [(view["piles"][0] + view["piles"][1]) / TOTAL_CARDS])
        unseen = [0.0] * ALL_KINDS
        for name, count in view["unseen"].items():
            kind = KIND_INDEX[name]
            unseen[kind] = count / CARD_COUNTS[kind]
        out.put("unseen", unseen)
        row = [0.0] * BOOTY_KINDS
        for name in view["row"]:
            row[KIND_INDEX[name]] += 1.0 / ROW_LIMIT
        out.put("row", row)
        out.put("row_size", [len(view["row"]) / ROW_LIMIT])
        out.one_hot("centre_cheque", int(view["centre_cheque"]) - 1)
        out.put("thieves_left", [view["thieves_left"] / CARD_COUNTS[THIEF]])

        auction = view["auction"]
        bids = [0.0] * players
        to_bid = [0.0] * players
        if auction is None:
            out.one_hot("auction_kind", None)
            out.one_hot("auction_caller", None)
            out.put("auction_high_bid", [0.0])
            out.one_hot("auction_high_bidder", None)
        else:
            out.one_hot("auction_kind", AUCTION_INDEX[auction["kind"]])
            out.one_hot("auction_caller", rel(auction["caller"]))
            out.put("auction_high_bid", [auction["high_bid"] / top])
            bidder = auction["high_bidder"]
            out.one_hot("auction_high_bidder", None if bidder is None else rel(bidder))
            for seat in auction["to_bid"]:
                to_bid[rel(seat)] = 1.0
            for seat, value in auction["bids"]:
                bids[rel(seat)] = value / top
        out.put("auction_to_bid", to_bid)
        out.put("auction_bids", bids)

        seats = view["seats"]
        order = [seats[(me + r) % players] for r in range(players)]
        out.put("open_cheques", cheque_mask([info["open_cheques"] for info in order]))
        out.put("face_down_cheques", cheque_mask([info["face_down_cheques"] for info in order]))
        out.put("cheque_sums", [(sum(info["open_cheques"]) + sum(info["face_down_cheques"])) / total
                                for info in order])
        estates: list[list[int]] = []
        scaled = [0.0] * (players * BOOTY_KINDS)
        for r, info in enumerate(order):
            counts = [0] * BOOTY_KINDS
            for name, count in info["estate"].items():
                kind = KIND_INDEX[name]
                counts[kind] = count
                scaled[r * BOOTY_KINDS + kind] = count / CARD_COUNTS[kind]
            estates.append(counts)
        out.put("estates", scaled)
        scores = view["scores"]
        out.put("scores", [scores[(me + r) % players] / SCORE_SCALE for r in range(players)])
        if over:
            out.put("points_now", [0.0] * players)
        else:
            # As view.points_if_scored_now, on the estates already read (in seat-relative order).
            final = view["round"] == ROUNDS
            sums = ([sum(info["open_cheques"]) + sum(info["face_down_cheques"]) for info in order]
                    if final else None)
            breakdown = score_round(estates, sums, options["all_tied"])
            out.put("points_now", [sum(points.values()) / SCORE_SCALE for points in breakdown])
        return out.done()


ENCODING: Final = RazziaEncoding()
"""The encoding Razzia!'s Game object gives."""

__all__ = ["ENCODING", "MAX_SCORE", "MIN_SCORE", "SCORE_SCALE", "RazziaEncoding", "max_cheque"]
