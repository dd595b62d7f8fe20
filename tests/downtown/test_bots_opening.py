"""The Downtown heuristic bot without blind habits (issue 35): it bids by what the next turn is worth, not
always $1,000; it contests the start on the East Side, which it never did; and it robs the display worth
most, drawing among equals with its own generator instead of robbing the next seat clockwise. Each test
fails on the bot before these changes (42e2d44)."""

from __future__ import annotations

from gangland.engine import Decision
from gangland.games.downtown import GAME, DowntownState
from gangland.games.downtown.actions import DONE, PLACE0, ROB0
from gangland.games.downtown.bots import DowntownHeuristicBot
from gangland.games.downtown.bots_knowledge import knowledge_from_state
from gangland.games.downtown.bots_valuation import Valuation
from gangland.games.downtown.cards import BANK, EAST_SIDE, WEST_SIDE
from gangland.games.downtown.phases import BID, MOVE, PLACE, ROBPAY

from .helpers import new_state, place_all, play, set_display, set_hand, setup


def _decision(state: DowntownState, seat: int) -> Decision:
    return Decision(GAME, state, seat, tuple(state.legal_actions()))


def _both_paths(state: DowntownState, seat: int, bot_seed: int = 0) -> int:
    """The action of a bot seeded `bot_seed`, asserted the same through `choose` and `act`."""
    action = DowntownHeuristicBot(bot_seed).choose(state, seat)
    assert DowntownHeuristicBot(bot_seed).act(_decision(state, seat)) == action
    return action


def _job_now(state: DowntownState, seat: int) -> float:
    return Valuation(knowledge_from_state(state, seat), state.legal_actions()).best_job_now()[0]


def _bid_of(state: DowntownState) -> int:
    """The whole opening bid, in thousands, the bot makes for the seat to bid (played on a copy)."""
    state = state.clone()
    seat = state.actor
    while state.phase == BID and state.actor == seat:
        state.apply(_both_paths(state, seat))
    # Face down until every seat has bid, then face up in the display.
    notes = [a + b for a, b in zip(state.down_n[seat], state.disp_n[seat], strict=True)]
    return sum(count * d for count, d in zip(notes, (1, 2, 5, 10, 20), strict=True))


def _at_the_bids(players: int) -> DowntownState:
    state = new_state(players, seed=3)
    place_all(state, [(WEST_SIDE, BANK)] * players)
    assert state.phase == BID
    return state


def _can_do_a_job(state: DowntownState, seat: int) -> None:
    """Give the seat exactly the gangsters the first top job needs (the rest of a 5-card hand lookouts)."""
    front = state.cards[state.spiles[0][-1]].front
    needs = list(front[3])
    needs[0] += 5 - sum(needs) if sum(needs) < 5 else 0
    set_hand(state, seat, needs)


def test_bids_more_when_the_next_turn_is_worth_a_job() -> None:
    # Four players: the seat whose hand can do a top job now bids $3,000 (robbed first, it does the job
    # before the others can); a seat with no job bids $1,000. The old bot bid $1,000 whatever it held.
    state = _at_the_bids(4)
    bidder = state.actor
    _can_do_a_job(state, bidder)
    assert _job_now(state, bidder) > 2
    assert _bid_of(state) == 3
    set_hand(state, bidder, [0, 0, 0])
    assert _job_now(state, bidder) < 0
    assert _bid_of(state) == 1


def test_two_players_bid_the_least_whatever_the_hand() -> None:
    # With two players the one bid is robbed or paid for sure: it buys nothing, so $1,000.
    state = _at_the_bids(2)
    _can_do_a_job(state, state.actor)
    assert _job_now(state, state.actor) > 2
    assert _bid_of(state) == 1


def test_first_placer_takes_the_east_side_and_starts() -> None:
    # Three or four players: the first to place a token on the East Side starts. The old bot never did
    # (West Side and Bank always), so the first placer started every game uncontested.
    for players in (3, 4):
        state = new_state(players, seed=5)
        chosen = []
        for _ in range(2):
            action = _both_paths(state, 0)
            chosen.append(action - PLACE0)
            state.apply(action)
        assert sorted(chosen) == sorted([WEST_SIDE, EAST_SIDE])
        # A later seat finds the East Side taken: starting is no longer to be had there.
        for _ in range(2):
            assert _both_paths(state, 1) - PLACE0 != EAST_SIDE
            state.apply(_both_paths(state, 1))


def test_a_later_seat_contests_a_start_left_open() -> None:
    # The first placer leaves the East Side empty: the next seat takes it and so starts the game.
    state = new_state(4, seed=5)
    place_all(state, [(WEST_SIDE, BANK)])
    while state.phase == PLACE and state.actor == 1:
        state.apply(_both_paths(state, 1))
    assert EAST_SIDE in state.tokens[1]
    while state.phase == PLACE:
        state.apply(DowntownHeuristicBot(0).choose(state, state.actor))
    assert state.starter == 1


def _at_the_robbery(displays: dict[int, int]) -> DowntownState:
    """Four players, the starter (seat 0) in phase 2; each other seat's display holds the given thousands
    as $1,000 notes."""
    state = setup(4, placements=[(WEST_SIDE, BANK)] * 4, bids=1)
    assert state.phase == MOVE and state.active == 0
    play(state, DONE)
    assert state.phase == ROBPAY
    for seat, thousands in displays.items():
        set_display(state, seat, [thousands, 0, 0, 0, 0])
    return state


def test_robs_among_equal_displays_at_random_not_the_next_seat() -> None:
    # Every other display holds $1,000: the old bot, finding none worth robbing, always robbed the next
    # seat clockwise (seat 1). Now each is robbed by some bot seeds, and act and choose draw alike.
    state = _at_the_robbery({1: 1, 2: 1, 3: 1})
    victims = {_both_paths(state, 0, bot_seed) - ROB0 for bot_seed in range(40)}
    assert victims == {1, 2, 3}


def test_robs_the_display_worth_most() -> None:
    # Values differ: the richest display, for every bot seed (the old bot's threshold treated $1,000
    # as nothing and robbed the next seat, seat 1, instead of seat 3's $1,000).
    state = _at_the_robbery({1: 0, 2: 0, 3: 1})
    assert {_both_paths(state, 0, bot_seed) for bot_seed in range(20)} == {ROB0 + 3}
    state = _at_the_robbery({1: 2, 2: 3, 3: 1})
    assert {_both_paths(state, 0, bot_seed) for bot_seed in range(20)} == {ROB0 + 2}


def test_the_same_bot_seed_draws_the_same_victim() -> None:
    # The draw comes from the bot's own generator: reproducible from the agent seed.
    state = _at_the_robbery({1: 1, 2: 1, 3: 1})
    assert [_both_paths(state, 0, s) for s in range(10)] == [_both_paths(state, 0, s) for s in range(10)]

