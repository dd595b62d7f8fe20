"""The Supergang bot between equal choices (issue 35): it draws at random with its own generator, never the
first by index. The characters are numbered by seat (3 * gang + role), so the first of equal targets was
always the lowest rival seat's character; the first of equal destinations, always the same heading. Each
test below failed on the bot that kept the first of equals."""

from __future__ import annotations

import random
from collections import defaultdict

from gangland.games.supergang.actions import kill_action
from gangland.games.supergang.bots import SupergangHeuristicBot
from gangland.games.supergang.bots_planner import TIE, pick_best
from gangland.games.supergang.constants import KILLER, VAMP
from gangland.games.supergang.movement import patrol_options
from gangland.games.supergang.phases import ACT, MOVE, PATROL_ACT, PATROL_MOVE
from gangland.games.supergang.table import patrols_at

from .test_bots import _fight_position, _walk
from .test_police import NEAR, STREET, arrest, hunt_state, police_patrol_from

SEEDS = range(16)
"""Bot seeds tried on each position: with two equal choices, the chance that 16 seeds all draw the same one
is 2 ** -15."""


def test_pick_best_draws_only_among_equals() -> None:
    rng = random.Random(1)
    assert pick_best([5, 6, 7], [1.0, 3.0, 2.0], rng) == 6
    # A single best draws nothing: the bot's generator (and so its later choices) is left as it was.
    assert rng.getstate() == random.Random(1).getstate()
    drawn = {pick_best([5, 6, 7], [3.0, 3.0 - TIE / 2, 2.0], random.Random(seed)) for seed in SEEDS}
    assert drawn == {5, 6}


def test_a_killer_between_two_equal_rivals_shoots_either_not_the_lower_seat() -> None:
    # Seat 0's killer stops where the vamps of seats 1 and 2 stand, alike in everything but their seat:
    # the old bot always opened on seat 1's (the lower character number).
    position = _fight_position(KILLER, VAMP)
    position.pos[3 * 2 + VAMP] = position.pos[3 * 1 + VAMP]
    position._legal = None
    assert not patrols_at(position, position.pos[KILLER])
    targets = {kill_action(1, VAMP), kill_action(2, VAMP)}
    assert targets <= set(position.legal_actions())
    first_shots = set()
    for seed in SEEDS:
        state, bot = position.clone(), SupergangHeuristicBot(seed)
        while state.to_act == 0 and state.phase == ACT:
            action = bot.choose(state, 0)
            if action in targets:
                first_shots.add(action)
                break
            state.apply(action)
    assert first_shots == targets


def test_the_police_arrests_equal_gangsters_in_any_order() -> None:
    # Two innocents of seats 1 and 2 on the patrol's stop: custody (L87) is worth the same for each
    # (S50). The old police bot always took seat 1's first.
    position = hunt_state({3 + VAMP: STREET, 6 + VAMP: STREET})
    police_patrol_from(position, NEAR)
    position.apply(next(a for a, m in patrol_options(position, position.patrol).items() if m.end == STREET))
    assert position.phase == PATROL_ACT
    seat = position.police_seat
    first = {SupergangHeuristicBot(seed).choose(position.clone(), seat) for seed in SEEDS}
    assert first == {arrest(3 + VAMP), arrest(6 + VAMP)}


def test_bots_of_other_seeds_differ_only_where_moves_are_equal() -> None:
    # Over a game's positions, bots of different seeds choose the same action where one is best and
    # differ where destinations or patrol stops are equal: the old bot never differed. Every choice is legal.
    differs: defaultdict[int, int] = defaultdict(int)
    positions = 0
    for state in _walk(3, {}, seed=2, bot_share=0.9)[::3]:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        chosen = {SupergangHeuristicBot(seed).choose(state, seat) for seed in range(4)}
        assert chosen <= set(legal)
        positions += 1
        differs[state.phase] += len(chosen) > 1
    assert positions > 100
    assert differs[MOVE] > 0 and differs[PATROL_MOVE] > 0
    # Most decisions have one best action: the draw breaks ties, it does not replace the valuation.
    assert sum(differs.values()) < positions // 3
