"""The Protection Racket heuristic bot plans to the end of the round (bots_round.py): it knows who
deploys after it and with how many mobsters, it draws among equal actions with its own generator
instead of taking the first site of the grid, and nothing it holds best depends on its seat's number."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, TypeVar, cast

import pytest

from gangland.agents.ismcts import rollout_cutoff
from gangland.games.protection_racket import GAME
from gangland.games.protection_racket.actions import deploy_action
from gangland.games.protection_racket.bots import (
    ROLLOUT_HORIZON,
    SHARPNESS,
    ProtectionRacketHeuristicBot,
    round_chances,
)
from gangland.games.protection_racket.bots_round import (
    HAND_TURN,
    RevenueTable,
    round_end_totals,
    round_end_value,
)
from gangland.games.protection_racket.phases import DEPLOY
from gangland.games.protection_racket.state import ProtectionRacketState

from .helpers import new_state, put, set_city, set_hideouts, site_of, to_move

T = TypeVar("T")


def _last_round_race() -> ProtectionRacketState:
    """The last round, an empty city with Gambling Den ($6), Dance Hall ($4), Lunch Counter ($3) and
    Mom & Pop Shop ($2) among fillers; seat 0 ($4) to deploy with 3 mobsters, seat 1 ($7) with 2."""
    state = new_state(2, 1)
    state.round = 2
    set_city(state, ["Gambling Den", "Dance Hall", "Lunch Counter", None, None, None, None, None,
                     "Mom & Pop Shop"])
    set_hideouts(state, [3, 2])
    state.money = [4, 7]
    to_move(state, 0)
    return state


def test_keeps_the_last_move_of_the_round() -> None:
    # Seat 0 is $3 behind. The bot before this change saw the Gambling Den's $6 made safe by three
    # mobsters (more than seat 1 holds) and deployed all three there; seat 1 then took the Dance Hall
    # and the Lunch Counter with one mobster each and won $14 to $10. Deploying one mobster at a time
    # keeps seat 0 the last to deploy, so every site seat 1 takes can be taken back. An exhaustive
    # search of this position (every legal action of both seats to the end of the game, with the rules
    # engine) finds exactly these winning first moves: one mobster onto the Gambling Den, the Dance
    # Hall, the Mom & Pop Shop or a filler other than Fair Exchange; every deploy of 2 or 3 loses.
    state = _last_round_race()
    den = site_of(state, "Gambling Den")
    old_choice = deploy_action(den, 3, 0)
    losing = {deploy_action(site, count, 0) for site in range(9) for count in (2, 3)}
    assert old_choice in losing
    for seed in range(4):
        bots = [ProtectionRacketHeuristicBot(seed), ProtectionRacketHeuristicBot(seed + 10)]
        first = bots[0].choose(state, 0)
        assert first not in losing
        assert first in {deploy_action(site, 1, 0) for site in range(9)}
        game = state.clone()
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game, seat))
        assert game.result().winners == (0,), game.money


def _den_held_by_seat_0(standing: int) -> ProtectionRacketState:
    """Seat 0 ($5) holds the Gambling Den ($6) with `standing` mobsters and has none left; seat 1 ($5)
    deploys next with two."""
    state = new_state(2, 1)
    set_city(state, ["Gambling Den", None, None, None, None, None, None, None, None])
    put(state, site_of(state, "Gambling Den"), 0, standing=standing)
    set_hideouts(state, [0, 2])
    state.money = [5, 5]
    to_move(state, 1)
    return state


def test_the_sketch_lets_the_last_mover_take_what_it_can() -> None:
    # Held by one, the Den falls to seat 1's two, which deploy after it: the round ends $6 seat 1's
    # way (the bot before this change counted it $6 x 0.55 to seat 0). Held by three, two cannot take it.
    held = _den_held_by_seat_0(1)
    assert round_end_value(held, 0, RevenueTable(held), HAND_TURN) == 5 - (5 + 6 + HAND_TURN * 2)
    held = _den_held_by_seat_0(3)
    assert round_end_value(held, 0, RevenueTable(held), HAND_TURN) == 5 + 6 - (5 + HAND_TURN * 2)


def test_win_chances_judge_the_sketchs_round_end_totals_sharper_as_the_game_ends() -> None:
    # What a search's rollout cut short is judged by (issue 35): the Den held by three, seat 0 ends the
    # round $6 + $5 against seat 1's $5 and two mobsters in hand, so it is the likelier winner; the same
    # lead counts for more in the last round than in the first.
    held = _den_held_by_seat_0(3)
    assert round_end_totals(held, RevenueTable(held), HAND_TURN) == [5 + 6, 5 + HAND_TURN * 2]
    bot = ProtectionRacketHeuristicBot()
    first = bot.win_chances(held)
    lead = 6 - HAND_TURN * 2
    assert first[0] == pytest.approx(1 / (1 + math.exp(-SHARPNESS[2] * lead)))
    assert first[0] + first[1] == pytest.approx(1.0)
    held.round = 2
    last = bot.win_chances(held)
    assert last[0] == pytest.approx(1 / (1 + math.exp(-SHARPNESS[0] * lead)))
    assert 0.5 < first[0] < last[0] < 1.0
    # Rounds played for a tie count as the last one.
    held.round = 4
    assert bot.win_chances(held) == last
    assert round_chances([3.0, 3.0, 3.0], 1) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_win_chances_of_a_finished_game_are_the_winners_shares() -> None:
    # Not a sketch of the last round again (its revenue is paid already): who won.
    state = new_state(3, 2)
    bots = [ProtectionRacketHeuristicBot(20 + seat) for seat in range(3)]
    while (seat := state.to_act) is not None:
        state.apply(bots[seat].choose(state, seat))
    winners = state.result().winners
    assert ProtectionRacketHeuristicBot().win_chances(state) == tuple(
        1 / len(winners) if seat in winners else 0.0 for seat in range(3))


def test_the_search_cuts_its_rollouts_short_by_the_bots_win_chances() -> None:
    cutoff = rollout_cutoff(GAME, "heuristic")
    assert cutoff is not None and cutoff[0] == ROLLOUT_HORIZON > 0
    state = _den_held_by_seat_0(3)
    assert cutoff[1](state) == ProtectionRacketHeuristicBot().win_chances(state)


def test_equal_sites_are_drawn_not_taken_in_grid_order() -> None:
    # Seat 0 has one mobster left and seat 1 none: the Steam Laundry and the Lunch Counter ($3 each,
    # nothing else on them) are worth the same. The bot before this change always took the first of
    # equal actions, the site nearer the grid's top left; now the bot's seed decides, and the same
    # seed decides alike.
    state = new_state(2, 1)
    set_city(state, ["Steam Laundry", None, None, None, None, None, None, None, "Lunch Counter"])
    set_hideouts(state, [1, 0])
    to_move(state, 0)
    options = {deploy_action(site_of(state, name), 1, 0) for name in ("Steam Laundry", "Lunch Counter")}
    chosen = [ProtectionRacketHeuristicBot(seed).choose(state, 0) for seed in range(16)]
    assert set(chosen) == options
    assert chosen == [ProtectionRacketHeuristicBot(seed).choose(state, 0) for seed in range(16)]


class _Equals(random.Random):
    """A generator that records the equal actions the bot draws among (and takes the first)."""

    drawn: list[int] | None = None

    def choice(self, seq: Sequence[T]) -> T:
        self.drawn = sorted(cast(Sequence[int], seq))
        return seq[0]


def _best_actions(state: ProtectionRacketState, seat: int) -> list[int]:
    """The actions the bot holds best for `seat` (one, or the equals it would draw among)."""
    bot = ProtectionRacketHeuristicBot(0)
    bot.rng = equals = _Equals()
    chosen = bot.choose(state, seat)
    return equals.drawn or [chosen]


def _seats_turned(state: ProtectionRacketState, k: int) -> ProtectionRacketState:
    """`state` with every seat's part moved k seats on (seat g's mobsters, money and turn are seat
    g + k's): the same position seen from other chairs."""
    n = state.players

    def turned(values: list[Any]) -> list[Any]:
        return [values[(g - k) % n] for g in range(n)]

    twin = state.clone()
    twin.hideout, twin.supply, twin.money = turned(state.hideout), turned(state.supply), turned(state.money)
    twin.earned = turned([dict(e) for e in state.earned])
    twin.stand = [turned(row) for row in state.stand]
    twin.lie = [turned(row) for row in state.lie]
    if state.m_owner >= 0:
        twin.m_owner = (state.m_owner + k) % n
    twin.actor, twin.turn_player = (state.actor + k) % n, (state.turn_player + k) % n
    twin.first, twin.first_seat = (state.first + k) % n, (state.first_seat + k) % n
    twin._legal = None
    return twin


@pytest.mark.parametrize("players", [3, 4])
def test_no_seat_is_favoured_by_its_number(players: int) -> None:
    # The same deployment decision with every seat's part moved k chairs on: the bot holds the same
    # deployments best (deploy ids name sites, not seats), whatever number its seat has.
    rng = random.Random(players)
    compared = 0
    for seed in range(2):
        state = GAME.new_game(players, seed, {})
        assert isinstance(state, ProtectionRacketState)
        bot = ProtectionRacketHeuristicBot(seed)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            if state.phase == DEPLOY and rng.random() < 0.4:
                best = _best_actions(state, seat)
                for k in range(1, players):
                    twin = _seats_turned(state, k)
                    assert twin.legal_actions() == state.legal_actions()
                    assert _best_actions(twin, (seat + k) % players) == best
                    compared += 1
            state.apply(bot.choose(state, seat) if rng.random() < 0.7 else rng.choice(state.legal_actions()))
    assert compared > 40
