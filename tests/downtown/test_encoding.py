"""Downtown's observation encoding says what the view says (docs/rl/downtown.md).

The generic tests (tests/test_encoding.py) check sizes, bounds and that equal views give equal vectors;
these decode particular segments of hand-built positions and compare them with the view and the state.
"""

from __future__ import annotations

import random

import pytest

from gangland.engine import Layout
from gangland.games.downtown.actions import BUY0, LOOK_FENCE0, LOOK_STOOGE0, OFFER0
from gangland.games.downtown.cards import (
    BANK,
    CASINO,
    DOWNTOWN,
    EAST_SIDE,
    FENCES,
    GHETTO,
    LOCATIONS,
    LOOKOUT,
    NOTE_COUNTS,
    SPY,
    VILLA,
    WEST_SIDE,
)
from gangland.games.downtown.deck import load_deck
from gangland.games.downtown.encoding import DowntownEncoding, deck_scale
from gangland.games.downtown.money import value
from gangland.games.downtown.phases import BUYING, FENCE_BACK, MOVE, OFFERING, PHASE_NAMES, STOOGE_BACK
from gangland.games.downtown.state import DowntownState

from .helpers import GAME, give_stooge, phase3, set_cash, set_display, set_hand, setup

ENCODING = GAME.encoding
assert isinstance(ENCODING, DowntownEncoding)


def encode(state: DowntownState, seat: int) -> tuple[Layout, list[float]]:
    options = GAME.resolve_options(state.options)
    return ENCODING.layout(state.players, options), ENCODING.encode(state.view(seat), state.players, options)


def part(layout: Layout, vector: list[float], name: str) -> list[float]:
    return vector[layout.span(name)]


def per_seat(layout: Layout, vector: list[float], name: str, players: int) -> list[list[float]]:
    """A per-seat segment cut into its seats' slices (the observer's first)."""
    values = part(layout, vector, name)
    k = len(values) // players
    return [values[r * k:(r + 1) * k] for r in range(players)]


def counts(fractions: list[float], totals: tuple[int, ...]) -> list[int]:
    return [round(f * t) for f, t in zip(fractions, totals, strict=True)]


def test_layout_sizes_depend_on_the_player_count_and_the_edition_only() -> None:
    # Fence piles are 13 deep in the current edition (a looked-at fence may go onto any pile) and 5 in
    # 2013 (nothing leaves its pile); everything per seat grows with the player count.
    sizes = {(n, edition): ENCODING.layout(n, GAME.resolve_options({"edition": edition})).size
             for n in (2, 3, 4) for edition in ("current", "2013")}
    assert sizes == {(2, "current"): 1012, (3, "current"): 1041, (4, "current"): 1070,
                     (2, "2013"): 820, (3, "2013"): 849, (4, "2013"): 878}
    other = GAME.resolve_options({"villa": True, "casino_skip": "active", "first_seat": "seat0"})
    assert ENCODING.layout(4, other).markdown() == ENCODING.layout(4, GAME.resolve_options(None)).markdown()


def test_card_values_are_scaled_by_the_decks_largest_value() -> None:
    cards = load_deck().cards
    assert deck_scale("") == max(max(c.promise, *c.possible) for c in cards) == 60
    assert "/ $60,000" in ENCODING.layout(3, GAME.resolve_options(None)).segment("stooge_piles").doc


def test_my_cash_hand_and_face_down_notes_are_my_own_view() -> None:
    state = setup(3)
    set_cash(state, 0, [2, 1, 0, 1, 1])
    set_hand(state, 0, [3, 0, 2])
    layout, vector = encode(state, 0)
    assert part(layout, vector, "my_cash") == [pytest.approx(34 / 100)]
    assert counts(part(layout, vector, "my_cash_notes"), NOTE_COUNTS) == [2, 1, 0, 1, 1]
    assert counts(part(layout, vector, "my_gangsters"), (26, 11, 11)) == [3, 0, 2]
    # Everyone's hand counts are public: mine first, then seats 1 and 2.
    hands = per_seat(layout, vector, "hand_counts", 3)
    assert [round(h[0] * 48) for h in hands] == [sum(state.hands[s]) for s in (0, 1, 2)]


def test_another_seats_cash_and_hand_do_not_move_my_vector() -> None:
    # Seats 1 and 2 swap their cash, and seat 1's gangsters change kinds: the bank, the draw pile's size
    # and the hand sizes (all public) stay as they were, so seat 0's vector must not change.
    state = setup(3)
    set_cash(state, 1, [0, 0, 0, 2, 0])
    set_cash(state, 2, [4, 3, 0, 0, 0])
    set_hand(state, 1, [3, 0, 0])
    _, before = encode(state, 0)
    _, theirs_before = encode(state, 1)
    set_cash(state, 1, [4, 3, 0, 0, 0])
    set_cash(state, 2, [0, 0, 0, 2, 0])
    set_hand(state, 1, [1, 1, 1])
    _, after = encode(state, 0)
    layout, theirs_after = encode(state, 1)
    assert after == before
    assert part(layout, theirs_after, "my_cash") != part(layout, theirs_before, "my_cash")
    assert part(layout, theirs_after, "my_gangsters") != part(layout, theirs_before, "my_gangsters")


def test_seats_are_listed_from_the_observer_in_turn_order() -> None:
    # Seat 0 and seat 2 of four players see the same table; each sees itself first.
    state = setup(4, placements=[(DOWNTOWN, GHETTO), (WEST_SIDE, VILLA), (EAST_SIDE, BANK),
                                 (DOWNTOWN, WEST_SIDE)])
    for seat in range(4):
        set_display(state, seat, [int(i == seat) for i in range(5)], [seat, seat % 2, 0])
    for observer in (0, 2):
        layout, vector = encode(state, observer)
        tokens = per_seat(layout, vector, "tokens", 4)
        money = part(layout, vector, "display_money")
        gangsters = per_seat(layout, vector, "display_gangsters", 4)
        for r in range(4):
            seat = (observer + r) % 4
            assert [i for i in range(LOCATIONS) if tokens[r][i]] == sorted(state.tokens[seat])
            assert money[r] == pytest.approx(value(state.disp_n[seat]) / 100)
            assert counts(gangsters[r], (26, 11, 11)) == state.disp_g[seat]
        active = part(layout, vector, "active")
        assert active.index(1.0) == (state.active - observer) % 4
    # The public per-seat segments of seat 2 are seat 0's, turned by two places.
    layout, zero = encode(state, 0)
    _, two = encode(state, 2)
    for name in ("tokens", "display_money", "display_notes", "display_gangsters", "hand_counts", "active"):
        mine, theirs = per_seat(layout, zero, name, 4), per_seat(layout, two, name, 4)
        assert theirs == mine[2:] + mine[:2], name


def test_phase_and_who_is_to_act_are_one_hot() -> None:
    state = setup(2)  # with two players, two locations are free: phase 1 is asked
    assert state.phase == MOVE
    for seat in range(2):
        layout, vector = encode(state, seat)
        phase = part(layout, vector, "phase")
        assert sum(phase) == 1 and PHASE_NAMES[phase.index(1.0)] == "phase 1: move tokens"
        assert state.to_act is not None
        assert part(layout, vector, "to_act").index(1.0) == (state.to_act - seat) % 2


def test_a_purchase_under_way_shows_what_was_bought_its_prices_and_the_money_spent() -> None:
    state = setup(3)
    phase3(state, 0, {0: (DOWNTOWN, GHETTO)}, 1)
    set_cash(state, 0, [5, 2, 1, 0, 0])
    prices = [0, 0, 0]
    for kind in (LOOKOUT, SPY):
        prices[kind] = (0, 4, 3, 2)[state.downtown[kind]] if state.downtown[kind] < 4 else 1
    state.apply(BUY0 + LOOKOUT)
    state.apply(BUY0 + SPY)
    assert state.phase == BUYING
    layout, vector = encode(state, 0)
    assert PHASE_NAMES[part(layout, vector, "phase").index(1.0)] == "Downtown: buying gangsters"
    buying = part(layout, vector, "buying")
    assert [round(b * 10) for b in buying[:3]] == [1, 0, 1]
    assert [round(p * 4) for p in buying[3:]][0::2] == [prices[LOOKOUT], prices[SPY]]
    assert part(layout, vector, "buying_spent") == [pytest.approx((prices[LOOKOUT] + prices[SPY]) / 100)]
    # The others see the purchase too (it is made in the open).
    other_layout, other = encode(state, 1)
    assert part(other_layout, other, "buying") == buying


def test_a_stooge_pile_top_shows_its_front_and_a_look_its_back_to_the_looker_only() -> None:
    state = setup(3)
    phase3(state, 0, {0: (WEST_SIDE, GHETTO)}, 1)
    pile = 1
    card = state.cards[state.spiles[pile][-1]]
    scale = 1000 * deck_scale("")
    state.apply(LOOK_STOOGE0 + pile)
    assert state.phase == STOOGE_BACK
    for seat in range(3):
        layout, vector = encode(state, seat)
        piles = part(layout, vector, "stooge_piles")
        at = pile * (1 + 9 * 13)
        assert piles[at] == pytest.approx(len(state.spiles[pile]) / 9)
        top = piles[at + 1:at + 14]
        assert top[0] == 1.0 and top[1 + card.loot] == 1.0
        assert top[4] == pytest.approx(card.promise * 1000 / scale)
        assert [round(x * 7) for x in top[5:8]] == list(card.needs)
        assert top[8:11] == pytest.approx([v * 1000 / scale for v in card.possible])
        assert part(layout, vector, "look")[:3] == [float(p == pile) for p in range(3)]
        if seat == 0:
            assert top[11:] == [1.0, pytest.approx(card.back * 1000 / scale)]
        else:
            assert top[11:] == [0.0, 0.0]


def test_a_fence_pile_shows_its_top_front_its_casino_card_and_a_looked_at_cop() -> None:
    state = setup(3)
    phase3(state, 0, {0: (EAST_SIDE, GHETTO)}, 1)
    pile = 2
    fence = state.fpiles[pile][-1]
    kind, half, cop = FENCES[fence]
    state.apply(LOOK_FENCE0 + pile)
    assert state.phase == FENCE_BACK
    for seat in range(3):
        layout, vector = encode(state, seat)
        piles = part(layout, vector, "fence_piles")
        at = pile * (1 + 13 * 8)
        size = len(state.fpiles[pile])
        assert piles[at] == pytest.approx(size / 13)
        top = piles[at + 1:at + 9]
        assert top[:2] == [1.0, 0.0] and top[2 + kind] == 1.0 and top[5] == float(half)
        bottom = piles[at + 1 + (size - 1) * 8:at + 1 + size * 8]
        assert state.fpiles[pile][0] == CASINO and bottom[1] == 1.0
        assert part(layout, vector, "look")[3:] == [float(p == pile) for p in range(3)]
        assert top[6:] == ([float(not cop), float(cop)] if seat == 0 else [0.0, 0.0])


def test_stooge_cards_by_id_in_my_hand_and_offered_for_sale() -> None:
    state = setup(3)
    phase3(state, 0, {0: (EAST_SIDE, GHETTO)}, 1)
    buys = FENCES[state.fpiles[0][-1]][0]
    mine = [c.id for c in state.cards if c.loot == buys][:2]
    other = next(c.id for c in state.cards if c.loot != buys)
    for card in (*mine, other):
        give_stooge(state, 0, card)
    scale = 1000 * deck_scale("")
    layout, vector = encode(state, 0)
    cards = part(layout, vector, "stooge_cards")
    for card in (*mine, other):
        block = cards[card * 7:card * 7 + 7]
        assert block[:3] == [1.0, 0.0, 0.0]
        assert block[3:6] == [float(loot == state.cards[card].loot) for loot in range(3)]
        assert block[6] == pytest.approx(state.cards[card].back * 1000 / scale)
    assert sum(cards[0::7]) == 3
    # The others see no card of my hand, only how many I hold.
    layout1, theirs = encode(state, 1)
    assert sum(part(layout1, theirs, "stooge_cards")) == 0
    assert per_seat(layout1, theirs, "hand_counts", 3)[2][1] == pytest.approx(3 / 27)
    # An offered card leaves my hand and lies open: everyone sees it offered, with its back.
    state.apply(OFFER0 + mine[0])
    assert state.phase == OFFERING
    for seat in range(3):
        layout, vector = encode(state, seat)
        block = part(layout, vector, "stooge_cards")[mine[0] * 7:mine[0] * 7 + 7]
        assert block[:3] == [0.0, 1.0, 0.0]
        assert block[6] == pytest.approx(state.cards[mine[0]].back * 1000 / scale)


def test_a_finished_game_shows_scores_and_winners_from_the_observer() -> None:
    state = GAME.new_game(3, 5, {"turn_limit": 12})
    assert isinstance(state, DowntownState)
    rng = random.Random(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    for seat in range(3):
        layout, vector = encode(state, seat)
        scores = part(layout, vector, "result")
        for r in range(3):
            other = (seat + r) % 3
            assert scores[r] == pytest.approx(result.scores[other] / 100_000)
            assert scores[3 + r] == float(other in result.winners)
        assert PHASE_NAMES[part(layout, vector, "phase").index(1.0)] == "game over"
        assert sum(part(layout, vector, "to_act")) == 0


def test_the_turn_is_in_the_view_and_encoded_against_the_turn_limit() -> None:
    # The option turn_limit ends a game after that many turns (docs/rules/downtown.md): the view says which
    # turn it is, and the vector how near the limit is (0 without one).
    for limit in (0, 40):
        state = GAME.new_game(3, 5, {"turn_limit": limit})
        assert isinstance(state, DowntownState)
        rng = random.Random(5)
        seen = set()
        while not state.is_over and state.turn < 12:
            view = state.view(0)
            assert view["turn"] == state.turn and view["turn_limit"] == limit
            layout, vector = encode(state, 0)
            assert part(layout, vector, "turn_limit") == [pytest.approx(state.turn / limit if limit else 0.0)]
            seen.add(view["turn"])
            state.apply(rng.choice(state.legal_actions()))
        assert {0, 1, 11} <= seen
