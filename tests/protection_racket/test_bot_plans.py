"""The Protection Racket heuristic bot plans to the end of the round (bots_round.py): it knows who
deploys after it and with how many mobsters, and it draws among equal actions with its own generator
instead of taking the first site of the grid."""

from __future__ import annotations

from gangland.games.protection_racket.actions import deploy_action
from gangland.games.protection_racket.bots import ProtectionRacketHeuristicBot
from gangland.games.protection_racket.bots_round import HAND_TURN, RevenueTable, round_end_value
from gangland.games.protection_racket.state import ProtectionRacketState

from .helpers import new_state, put, set_city, set_hideouts, site_of, to_move


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
