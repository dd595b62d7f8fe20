"""Razzia! hidden information, narration and auction flow details not covered by the rules tests."""

from __future__ import annotations

import random

import pytest

from gangland.cli.common import shown
from gangland.engine import seat_ref
from gangland.games.razzia import GAME, RazziaState
from gangland.games.razzia.actions import COURT, DRAW, PASS, bid_action
from gangland.games.razzia.cards import POLICE
from gangland.games.razzia.phases import AUCTION, TURN

from .helpers import KIND, draw, force_next, new_state, set_cheques


def test_unseen_cards_stay_sorted_so_their_order_tells_nothing() -> None:
    # The deck list is the multiset of unseen cards. If drawing reordered it (swap-remove), its order
    # would record which positions earlier draws took, i.e. the hidden generator's past, and a
    # determinized state would carry it. Kept sorted, the list is fixed by the cards seen so far.
    for seed in range(40):
        state = GAME.new_game(2 + seed % 4, seed)
        assert isinstance(state, RazziaState)
        rng = random.Random(seed)
        while not state.is_over:
            assert state.deck == sorted(state.deck)
            state.apply(rng.choice(state.legal_actions()))


def test_two_true_states_with_the_same_public_history_determinize_alike() -> None:
    # The same public history (the same cards turned up) reached with different hidden generators.
    first, second = new_state(3, seed=1), new_state(3, seed=2)
    for kind in ("car", "ring", "police", "bodyguard"):
        for state in (first, second):
            if state.phase == AUCTION:  # the auction after the police card: everyone passes
                while state.phase == AUCTION:
                    state.apply(PASS)
            draw(state, KIND[kind])
    assert first.view(0) == second.view(0) and first._rng != second._rng
    a = first.determinize(0, random.Random(5))
    b = second.determinize(0, random.Random(5))
    for _ in range(30):
        action = a.legal_actions()[0]
        a.apply(action)
        b.apply(action)
        assert a.view(None) == b.view(None)


def test_every_seat_sees_the_same_apart_from_who_it_is() -> None:
    state = new_state(4)
    rng = random.Random(3)
    for _ in range(60):
        spectator = {k: v for k, v in state.view(None).items() if k != "seat"}
        for seat in range(4):
            view = state.view(seat)
            assert view["seat"] == seat
            assert {k: v for k, v in view.items() if k != "seat"} == spectator
        state.apply(rng.choice(state.legal_actions()))


def test_the_auction_ends_once_no_one_left_can_outbid() -> None:
    # docs/rules/razzia.md: bidders holding no cheque above the high bid are skipped, not asked.
    state = new_state(3)
    set_cheques(state, 0, [2, 5])
    set_cheques(state, 1, [13, 3])
    set_cheques(state, 2, [4, 6])
    state.turn = 0
    state._legal = None
    draw(state, POLICE)  # seat 0 drew: seat 1 bids first, seat 0 last
    assert state.to_act == 1
    state.apply(bid_action(13))
    # Nobody holds more than 13: seat 2 and the drawer are not asked; seat 1 wins and play goes on.
    assert state.phase == TURN and state.to_act == 1
    assert state.down[1] == [1] and state.centre == 13


def narrated(state: RazziaState, seat: int, action: int) -> str:
    actor = state.to_act
    assert actor is not None
    before = state.view(seat)
    name = GAME.public_action_name(state, action, seat)
    state.apply(action)
    return GAME.narrate(before, actor, name, state.view(seat))


def told(state: RazziaState, seat: int, action: int) -> str:
    """The narration of `action` as the terminal tells it to `seat`."""
    return shown(narrated(state, seat, action), state.players, seat)


def test_narration_tells_draws_wins_and_every_auction_nobody_bid_in() -> None:
    state = new_state(3)
    state.turn = 0
    state._legal = None
    force_next(state, KIND["car"])
    assert narrated(state, 2, DRAW) == f"{seat_ref(0)} draws car"  # the engine names seats by marker
    force_next(state, POLICE)
    assert told(state, 2, DRAW) == "Seat 2 draws police (1/7)"
    assert told(state, 2, PASS) == "Seat 3 (you): pass"
    assert told(state, 2, PASS) == "Seat 1: pass"
    assert told(state, 2, PASS) == "Seat 2: pass; nobody bids"
    force_next(state, POLICE)
    assert told(state, 2, DRAW) == "Seat 3 (you) draws police (2/7)"
    told(state, 2, PASS)
    told(state, 2, PASS)
    # A second auction in a row that nobody bids in is still told.
    assert told(state, 2, PASS) == "Seat 3 (you): pass; nobody bids"
    assert told(state, 2, COURT) == "Seat 1: call a court auction"
    line = told(state, 2, PASS)
    assert line == "Seat 2: pass"
    line = told(state, 2, PASS)
    assert line == "Seat 3 (you): pass"
    caller_bid = state.legal_actions()[0]
    assert told(state, 2, caller_bid) == (
        f"Seat 1: bid {caller_bid - bid_action(0)}; Seat 1 wins car with cheque {caller_bid - bid_action(0)} "
        "and takes cheque 1")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_narration_never_fails_over_whole_games(players: int) -> None:
    state = new_state(players, seed=players)
    rng = random.Random(players)
    while not state.is_over:
        assert narrated(state, rng.randrange(players), rng.choice(state.legal_actions()))


@pytest.mark.parametrize("seat", [0, 1, 4])
def test_the_score_table_header_keeps_every_seat_apart(seat: int) -> None:
    from gangland.games.razzia.render import render_scores

    state = new_state(5)
    rng = random.Random(seat)
    while state.round == 1:
        state.apply(rng.choice(state.legal_actions()))
    table = shown(render_scores(state.view(seat)), 5, seat)
    assert table.splitlines()[0].split() == ["A", "B", "C", "D", "E"]
    names = [f"Seat {s + 1} (you)" if s == seat else f"Seat {s + 1}" for s in range(5)]
    columns = ", ".join(f"{letter} {name}" for letter, name in zip("ABCDE", names, strict=True))
    assert f"Columns: {columns}" in table
