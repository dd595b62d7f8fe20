"""Razzia!'s observation encoding says what the view says: segments decoded back (layout.span) and
compared with the view, for hand-built and seeded positions, from seat 0 and from seat 2 (seat-relative
order). The generic checks (size, bounds, equal views, the documented table) are tests/test_encoding.py.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from gangland.games.razzia import GAME, RazziaState
from gangland.games.razzia.actions import PASS, bid_action, steal_action
from gangland.games.razzia.cards import (
    BODYGUARD,
    BOOTY_KINDS,
    CAR,
    CARD_COUNTS,
    DRIVER,
    GOLD,
    KIND_NAMES,
    POLICE,
    POLICE_LIMIT,
    RING,
    ROW_LIMIT,
    THIEF,
    WATCH,
)
from gangland.games.razzia.encoding import (
    ENCODING,
    MAX_SCORE,
    MIN_SCORE,
    SCORE_SCALE,
    cheque_total,
    max_cheque,
)
from gangland.games.razzia.view import points_if_scored_now

from .helpers import DENNIS, ELKE, FELIX, MIRIAM, draw, finish_round, give, new_state, set_row

DEFAULTS = GAME.resolve_options(None)


def encode(state: RazziaState, seat: int) -> tuple[list[float], dict[str, Any]]:
    """The vector of `seat`'s view, and the view."""
    view: dict[str, Any] = state.view(seat)
    return ENCODING.encode(view, state.players, GAME.resolve_options(state.options)), view


def part(vector: list[float], players: int, name: str) -> list[float]:
    """Segment `name` of a vector at a table of `players`."""
    return vector[ENCODING.layout(players, DEFAULTS).span(name)]


def blocks(values: list[float], size: int) -> list[list[float]]:
    """A per-seat segment cut into its seats' blocks (own seat first)."""
    return [values[i:i + size] for i in range(0, len(values), size)]


def hot(values: list[float]) -> int | None:
    """The place of the 1 in a one-hot segment (None if all 0), checking it is one-hot."""
    ones = [i for i, x in enumerate(values) if x]
    assert all(values[i] == 1.0 for i in ones) and len(ones) <= 1, values
    return ones[0] if ones else None


def mask_values(mask: list[float]) -> list[int]:
    """The cheque values a 0/1 mask over 1..N holds."""
    assert set(mask) <= {0.0, 1.0}
    return [i + 1 for i, x in enumerate(mask) if x]


def seeded(players: int, seed: int, until: Any) -> RazziaState:
    """A random game at `players` with the default options, played until `until(state)` holds."""
    state = GAME.new_game(players, seed, None)
    assert isinstance(state, RazziaState)
    rng = random.Random(seed)
    while not until(state):
        assert not state.is_over, "the game ended before the wanted position"
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_layout_depends_on_the_player_count_only() -> None:
    # Sizes 55 + N + P(2N + 26), N the highest cheque in play (docs/rl/razzia.md "How the layout varies").
    sizes = {players: ENCODING.layout(players, DEFAULTS).size for players in GAME.player_counts}
    assert sizes == {2: 152, 3: 224, 4: 276, 5: 361}
    assert [max_cheque(p) for p in GAME.player_counts] == [9, 13, 13, 16]
    other = GAME.resolve_options({"all_tied": "nobody", "thief_takes_thief": False,
                                  "court_on_empty_row": False, "tiebreak": "shared",
                                  "cheque_sets": "by_seat"})
    for players in GAME.player_counts:
        assert ENCODING.layout(players, other).segments == ENCODING.layout(players, DEFAULTS).segments
    # The documented score scale and bounds (-26..224 points, / 50).
    scores = ENCODING.layout(5, DEFAULTS).segment("scores")
    assert (MIN_SCORE, MAX_SCORE, SCORE_SCALE) == (-26, 224, 50.0)
    assert (scores.low, scores.high) == (-26 / 50, 224 / 50)


def test_the_options_are_flags_in_their_documented_order() -> None:
    assert part(encode(new_state(), 0)[0], 4, "options") == [0.0, 1.0, 1.0, 0.0, 1.0]  # by_seat from helpers
    state = new_state(all_tied="nobody", thief_takes_thief=False, court_on_empty_row=False,
                      tiebreak="shared", cheque_sets="shuffled")
    assert part(encode(state, 0)[0], 4, "options") == [1.0, 0.0, 0.0, 1.0, 0.0]


def test_round_phase_turn_and_seat_to_act_are_one_hot_and_seat_relative() -> None:
    state = new_state()  # Dennis holds the 13 and starts
    for seat, dennis in ((0, 0), (2, 2)):  # Dennis is seat+0 for seat 0, seat+2 for seat 2
        vector, view = encode(state, seat)
        assert hot(part(vector, 4, "round")) == view["round"] - 1 == 0
        assert hot(part(vector, 4, "phase")) == 0 and view["phase"] == "turn"
        assert hot(part(vector, 4, "to_act")) == hot(part(vector, 4, "turn")) == dennis
    draw(state, POLICE)  # a normal auction: Miriam bids first, the turn stays Dennis's
    for seat, dennis, miriam in ((0, 0, 1), (2, 2, 3)):
        vector, view = encode(state, seat)
        assert view["phase"] == "auction" and view["to_act"] == MIRIAM and view["turn"] == DENNIS
        assert hot(part(vector, 4, "phase")) == 1
        assert hot(part(vector, 4, "to_act")) == miriam
        assert hot(part(vector, 4, "turn")) == dennis
        assert part(vector, 4, "police") == [1 / POLICE_LIMIT[4]]
        assert part(vector, 4, "deck") == [sum(view["piles"]) / 120] == [119 / 120]
    finish_round(state)
    vector, view = encode(state, 0)
    assert view["round"] == 2 and hot(part(vector, 4, "round")) == 1
    assert part(vector, 4, "police") == [0.0]


def test_cheques_decode_to_each_seats_cheques_in_seat_relative_order() -> None:
    # Five players, mid-game, once some seats hold face-down cheques and others are spent or not.
    state = seeded(5, 11, lambda s: sum(len(d) for d in s.down) >= 3)
    top = max_cheque(5)
    for seat in (0, 2):
        vector, view = encode(state, seat)
        opened = blocks(part(vector, 5, "open_cheques"), top)
        down = blocks(part(vector, 5, "face_down_cheques"), top)
        sums = part(vector, 5, "cheque_sums")
        for r in range(5):
            info = view["seats"][(seat + r) % 5]
            assert mask_values(opened[r]) == sorted(info["open_cheques"])
            assert mask_values(down[r]) == sorted(info["face_down_cheques"])
            expected = sum(info["open_cheques"]) + sum(info["face_down_cheques"])
            assert sums[r] * cheque_total(5) == pytest.approx(expected)
        assert hot(part(vector, 5, "centre_cheque")) == view["centre_cheque"] - 1
    # Seat 2's own block is seat 0's block seat+2, and so on round the table.
    mine, _ = encode(state, 0)
    theirs, _ = encode(state, 2)
    assert blocks(part(theirs, 5, "open_cheques"), top) == [
        blocks(part(mine, 5, "open_cheques"), top)[(2 + r) % 5] for r in range(5)]
    assert sum(part(mine, 5, "face_down_cheques")) >= 3


def test_estates_row_and_unseen_cards_decode_to_the_views_counts() -> None:
    state = new_state()
    give(state, MIRIAM, CAR, 3)
    give(state, MIRIAM, BODYGUARD)
    give(state, FELIX, THIEF, 2)
    set_row(state, [WATCH, GOLD, WATCH])
    for seat in (0, 2):
        vector, view = encode(state, seat)
        estates = blocks(part(vector, 4, "estates"), BOOTY_KINDS)
        for r in range(4):
            decoded = {KIND_NAMES[k]: round(x * CARD_COUNTS[k]) for k, x in enumerate(estates[r]) if x}
            assert decoded == view["seats"][(seat + r) % 4]["estate"]
        row = {KIND_NAMES[k]: round(x * ROW_LIMIT) for k, x in enumerate(part(vector, 4, "row")) if x}
        assert row == dict(Counter(view["row"])) == {"watch": 2, "gold coin": 1}
        assert part(vector, 4, "row_size") == [3 / ROW_LIMIT]
        unseen = part(vector, 4, "unseen")
        assert {KIND_NAMES[k]: round(x * CARD_COUNTS[k]) for k, x in enumerate(unseen) if x} == view["unseen"]
        assert unseen[CAR] == 13 / 16 and unseen[WATCH] == 2 / 4 and unseen[POLICE] == 1.0
    # Miriam is seat+1 for seat 0 and seat+3 for seat 2.
    for seat, r in ((0, 1), (2, 3)):
        estates = blocks(part(encode(state, seat)[0], 4, "estates"), BOOTY_KINDS)
        assert estates[r][CAR] == 3 / 16 and estates[r][BODYGUARD] == 1 / 16


def test_the_auction_under_way_decodes_for_seat_0_and_seat_2() -> None:
    # The rulebook's auction example, stopped when Elke is to answer: Dennis drew the police, Miriam
    # bid 7, Felix passed; Elke and Dennis are still to answer.
    state = new_state()
    vector, _ = encode(state, 0)
    for name in ("auction_kind", "auction_caller", "auction_high_bid", "auction_high_bidder",
                 "auction_to_bid", "auction_bids"):
        assert not any(part(vector, 4, name)), f"{name} set with no auction under way"
    set_row(state, [WATCH, CAR, BODYGUARD])
    draw(state, POLICE)
    state.apply(bid_action(7))
    state.apply(PASS)
    assert state.to_act == ELKE
    top = max_cheque(4)
    for seat in (0, 2):
        vector, view = encode(state, seat)
        auction = view["auction"]

        def rel(s: int, seat: int = seat) -> int:
            return (s - seat) % 4

        assert auction["kind"] == "normal" and hot(part(vector, 4, "auction_kind")) == 0
        assert hot(part(vector, 4, "auction_caller")) == rel(auction["caller"]) == rel(DENNIS)
        assert part(vector, 4, "auction_high_bid") == [7 / top]
        assert hot(part(vector, 4, "auction_high_bidder")) == rel(auction["high_bidder"]) == rel(MIRIAM)
        to_bid = part(vector, 4, "auction_to_bid")
        assert [r for r, x in enumerate(to_bid) if x] == sorted(rel(s) for s in auction["to_bid"])
        assert sorted(auction["to_bid"]) == [DENNIS, ELKE]
        bids = part(vector, 4, "auction_bids")
        assert bids == [7 / top if r == rel(MIRIAM) else 0.0 for r in range(4)]
        assert hot(part(vector, 4, "to_act")) == rel(ELKE)
    # Seat 0 sees the caller as itself; seat 2 sees it two seats on.
    assert hot(part(encode(state, 0)[0], 4, "auction_caller")) == 0
    assert hot(part(encode(state, 2)[0], 4, "auction_caller")) == 2


def test_thieves_left_while_using_thieves() -> None:
    state = new_state()
    give(state, DENNIS, THIEF, 2)
    set_row(state, [RING, CAR])
    state.apply(steal_action(RING))  # one of the two thieves used: one left, and the car to take
    vector, view = encode(state, DENNIS)
    assert view["phase"] == "thieves" and view["thieves_left"] == 1
    assert hot(part(vector, 4, "phase")) == 2
    assert part(vector, 4, "thieves_left") == [1 / 6]
    assert blocks(part(vector, 4, "estates"), BOOTY_KINDS)[0][RING] == 1 / 4


def test_scores_and_points_now_decode_in_seat_relative_order() -> None:
    state = new_state()
    give(state, MIRIAM, BODYGUARD, 3)
    give(state, FELIX, GOLD, 2)
    finish_round(state)  # round 1 scored: Miriam +5 bodyguards, Felix +6 gold, everyone -5 trinkets...
    give(state, ELKE, CAR, 2)
    give(state, ELKE, DRIVER)  # a driver: Elke's cars count now
    for seat in (0, 2):
        vector, view = encode(state, seat)
        assert len(set(view["scores"])) > 1
        scores = part(vector, 4, "scores")
        assert [round(x * SCORE_SCALE) for x in scores] == [view["scores"][(seat + r) % 4] for r in range(4)]
        now = points_if_scored_now(view)
        assert [round(x * SCORE_SCALE) for x in part(vector, 4, "points_now")] == [
            now[(seat + r) % 4] for r in range(4)]
    assert round(part(encode(state, ELKE)[0], 4, "points_now")[0] * SCORE_SCALE) == now[ELKE]


def test_the_points_now_bounds_are_met_by_a_seat_holding_every_booty_card_in_the_final_round() -> None:
    # The segment's bounds are the best and worst single scoring (152 and -12 points): a seat with every
    # booty card and the highest cheque sum reaches the top; one with nothing and the lowest the bottom.
    state = new_state(5)  # by_seat: seat 4 holds the 6, 11, 12 (sum 29, the highest), seat 0 the lowest
    state.round = 3
    for kind in range(BOOTY_KINDS):
        give(state, 4, kind, CARD_COUNTS[kind])
    segment = ENCODING.layout(5, DEFAULTS).segment("points_now")
    vector, _ = encode(state, 4)  # no ValueError: the bounds hold the extremes
    assert part(vector, 5, "points_now")[0] == segment.high == 152 / SCORE_SCALE
    vector, _ = encode(state, 0)
    assert part(vector, 5, "points_now")[0] == segment.low == -12 / SCORE_SCALE
    assert all(x == 1.0 for x in blocks(part(vector, 5, "estates"), BOOTY_KINDS)[4])
    assert part(vector, 5, "unseen") == [0.0] * POLICE + [1.0]  # only the 21 police are left


def test_a_finished_game_has_no_seat_to_act_and_its_final_scores() -> None:
    state = seeded(3, 5, lambda s: s.is_over)
    for seat in (0, 2):
        vector, view = encode(state, seat)
        assert hot(part(vector, 3, "phase")) == 3
        assert hot(part(vector, 3, "to_act")) is None and hot(part(vector, 3, "turn")) is None
        assert part(vector, 3, "points_now") == [0.0] * 3
        assert [round(x * SCORE_SCALE) for x in part(vector, 3, "scores")] == [
            view["result"]["scores"][(seat + r) % 3] for r in range(3)]
