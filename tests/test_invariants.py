"""Invariants every registered game must pass, for every player count and every rule option value.

DESIGN.md "Invariants every game must pass, tested once for all games". Hypothesis chooses the
seeds of the game and of the random move sequence played through it.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gangland.engine import Game, GameRecord, IllegalAction, SeatError, State
from gangland.games import all_games

from .scale import FULL, many


def configurations(game: Game) -> list[tuple[int, dict[str, object]]]:
    """The game's configurations: in the default run every player count with the defaults and each
    other option value at one of its player counts (taken in turn); with --full, every option value
    at every player count (tests/scale.py)."""
    configs: list[tuple[int, dict[str, object]]] = list(game.configurations())
    if FULL:
        return configs
    base = json.dumps(configs[0][1], sort_keys=True)  # the defaults (under a game's test turn limit)
    counts: dict[str, list[int]] = {}
    options_of: dict[str, dict[str, object]] = {}
    for players, options in configs:
        key = json.dumps(options, sort_keys=True)
        counts.setdefault(key, []).append(players)
        options_of[key] = options
    chosen = [(players, options_of[base]) for players in counts.pop(base)]
    for turn, (key, players) in enumerate(counts.items()):
        chosen.append((players[turn % len(players)], options_of[key]))
    return chosen


CONFIGS = [
    pytest.param(game, players, options, id=f"{game.id}-{players}p-" + "-".join(
        f"{k}={v}" for k, v in options.items() if v != game.resolve_options(None)[k]) or "defaults")
    for game in all_games() for players, options in configurations(game)
]
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
FEW = settings(max_examples=many(4, 8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_STEPS = 20_000


def random_playout(game: Game, players: int, options: dict[str, object], seed: int,
                   policy_seed: int, stop_at: int | None = None) -> tuple[State, list[int]]:
    """Play random legal actions until the end (or `stop_at` steps); return the state and actions."""
    state = game.new_game(players, seed, options)
    rng = random.Random(policy_seed)
    actions: list[int] = []
    while not state.is_over and (stop_at is None or len(actions) < stop_at):
        assert len(actions) < MAX_STEPS, "a random playout did not end"
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return state, actions


def fingerprint(state: State) -> str:
    """Everything observable of a state: every seat's view and the spectator's, as JSON."""
    return json.dumps([state.view(s) for s in (None, *range(state.players))], sort_keys=True)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
@FEW
@given(seed=SEEDS, policy_seed=SEEDS)
def test_random_playouts_end_with_a_consistent_result(game: Game, players: int, options: dict[str, object],
                                                       seed: int, policy_seed: int) -> None:
    state = game.new_game(players, seed, options)
    rng = random.Random(policy_seed)
    steps = 0
    while not state.is_over:
        seat = state.to_act
        legal = state.legal_actions()
        assert seat is not None and 0 <= seat < players
        assert legal, "a seat to act must have a legal action"
        assert legal == sorted(set(legal)) and all(0 <= a < game.num_actions for a in legal)
        state.apply(rng.choice(legal))
        steps += 1
        assert steps < MAX_STEPS
    assert state.legal_actions() == []
    result = state.result()
    assert len(result.scores) == len(result.ranks) == len(result.breakdown) == players
    assert all(sum(b.values()) == score for b, score in zip(result.breakdown, result.scores, strict=True))
    assert result.winners and all(result.ranks[w] == 1 for w in result.winners)
    assert all(1 <= r <= players for r in result.ranks)
    scores = result.scores
    better = {s: sum(1 for o in range(players) if scores[o] > scores[s]) for s in range(players)}
    # A seat's rank can only be worse than the number of seats with strictly more points plus one
    # through a tie-break among equal scores; never better.
    assert all(result.ranks[s] >= better[s] + 1 for s in range(players))


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
@FEW
@given(seed=SEEDS, policy_seed=SEEDS)
def test_nothing_is_created_or_lost(game: Game, players: int, options: dict[str, object],
                                    seed: int, policy_seed: int) -> None:
    state = game.new_game(players, seed, options)
    start = game.inventory(state)
    rng = random.Random(policy_seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        assert game.inventory(state) == start


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
@FEW
@given(seed=SEEDS, policy_seed=SEEDS, cut=st.floats(0.0, 1.0))
def test_determinize_keeps_what_the_seat_sees(game: Game, players: int, options: dict[str, object],
                                              seed: int, policy_seed: int, cut: float) -> None:
    _, full = random_playout(game, players, options, seed, policy_seed)
    state, _ = random_playout(game, players, options, seed, policy_seed, stop_at=int(cut * len(full)))
    before = fingerprint(state)
    rng = random.Random(seed ^ 0x5EED)
    for seat in range(players):
        for _ in range(3):
            sample = state.determinize(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert sample.to_act == state.to_act
            if seat == state.to_act:  # a seat knows its own choices; others' may hang on its hidden cards
                assert sample.legal_actions() == state.legal_actions()
    assert fingerprint(state) == before, "determinize changed the state it was called on"


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_determinize_redraws_what_the_seat_cannot_see(game: Game, players: int,
                                                      options: dict[str, object]) -> None:
    # Late in a game the hidden cards may no longer matter, so this asks it of most states, not all:
    # from states in the first half of a game, determinized copies and the true state, all played on
    # with one fixed policy, must not all have the same future.
    diverged = 0
    trials = 20
    for seed in range(trials):
        _, full = random_playout(game, players, options, seed, seed)
        cut = seed * len(full) // (2 * trials)
        state, _ = random_playout(game, players, options, seed, seed, stop_at=cut)
        rng = random.Random(seed)
        seat = seed % players
        futures = {future_of(state.clone())}
        futures.update(future_of(state.determinize(seat, rng)) for _ in range(8))
        diverged += len(futures) > 1
    assert diverged >= trials * 0.8, f"only {diverged} of {trials} states had a re-drawn future"


def future_of(state: State, steps: int = 200) -> str:
    """What the spectator sees after `steps` moves of a fixed policy (random choices from a fixed seed).

    Identical states give identical futures. (Always taking the first legal action would be fixed
    too, but in some games, Downtown for one, it is "done" at every step and reveals nothing.)
    """
    rng = random.Random(0)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return json.dumps(state.view(None), sort_keys=True)


def whole_future(game: Game, state: State, policy_seed: int) -> list[str]:
    """Every view and inventory along a random playout to the end: what a state holds, hidden parts too."""
    state = state.clone()
    rng = random.Random(policy_seed)
    trace = [fingerprint(state) + json.dumps(game.inventory(state), sort_keys=True)]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        trace.append(fingerprint(state) + json.dumps(game.inventory(state), sort_keys=True))
    return trace


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
@FEW
@given(seed=SEEDS, policy_seed=SEEDS, cut=st.integers(0, 300), sample_seed=SEEDS)
def test_determinize_depends_only_on_what_the_seat_sees(game: Game, players: int, options: dict[str, object],
                                                        seed: int, policy_seed: int, cut: int,
                                                        sample_seed: int) -> None:
    # Two true states the seat cannot tell apart (the second is a determinization of the first) must
    # give the same determinization for the same rng: hidden parts of the true state, including
    # traces of how hidden cards were drawn, cannot reach a bot.
    state, _ = random_playout(game, players, options, seed, policy_seed, stop_at=cut)
    for seat in range(players):
        lookalike = state.determinize(seat, random.Random(sample_seed ^ seat))
        mine = state.determinize(seat, random.Random(sample_seed))
        theirs = lookalike.determinize(seat, random.Random(sample_seed))
        assert whole_future(game, mine, policy_seed) == whole_future(game, theirs, policy_seed)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
@FEW
@given(seed=SEEDS, policy_seed=SEEDS, cut=st.integers(0, 300))
def test_clones_are_independent_both_ways(game: Game, players: int, options: dict[str, object],
                                          seed: int, policy_seed: int, cut: int) -> None:
    state, _ = random_playout(game, players, options, seed, policy_seed, stop_at=cut)
    expected = whole_future(game, state, policy_seed)
    copy = state.clone()
    assert whole_future(game, copy, policy_seed) == expected
    rng = random.Random(policy_seed + 1)
    played = state.clone()
    while not played.is_over:  # play a clone to the end: the original must not move
        played.apply(rng.choice(played.legal_actions()))
    assert whole_future(game, state, policy_seed) == expected
    while not state.is_over:  # and play the original to the end: the earlier clone must not move
        state.apply(rng.choice(state.legal_actions()))
    assert whole_future(game, copy, policy_seed) == expected


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_views_and_determinize_refuse_seats_the_game_does_not_have(game: Game) -> None:
    players = game.player_counts[0]
    state = game.new_game(players, 1)
    for seat in (-1, players, 1.0, "0"):
        with pytest.raises(SeatError):
            state.view(seat)  # type: ignore[arg-type]
        with pytest.raises(SeatError):
            state.determinize(seat, random.Random(0))  # type: ignore[arg-type]


BAD_IDS: list[object] = [-1, None, "0", 1.0, True]


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
@FEW
@given(seed=SEEDS, policy_seed=SEEDS, cut=st.integers(0, 400))
def test_an_illegal_action_changes_nothing(game: Game, players: int, options: dict[str, object],
                                           seed: int, policy_seed: int, cut: int) -> None:
    state, _ = random_playout(game, players, options, seed, policy_seed, stop_at=cut)
    twin = state.clone()
    before = fingerprint(state)
    legal = set(state.legal_actions())
    illegal = [a for a in range(game.num_actions) if a not in legal]
    for action in [*illegal, game.num_actions, *BAD_IDS]:
        with pytest.raises(IllegalAction) as caught:
            state.apply(action)  # type: ignore[arg-type]
        assert str(caught.value), "an illegal action needs a reason"
        assert fingerprint(state) == before
    # Hidden parts too: the state and its untouched twin have the same future.
    rng = random.Random(policy_seed)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        twin.apply(action)
    assert state.result() == twin.result() and fingerprint(state) == fingerprint(twin)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
@FEW
@given(seed=SEEDS, policy_seed=SEEDS)
def test_records_replay_and_round_trip_through_json(game: Game, players: int, options: dict[str, object],
                                                    seed: int, policy_seed: int) -> None:
    state, actions = random_playout(game, players, options, seed, policy_seed)
    record = GameRecord.start(game, players, seed, options, ["random"] * players)
    record.actions = actions
    record.result = state.result()
    loaded = GameRecord.loads(record.dumps())
    assert loaded == record
    replayed = loaded.replay(game)
    assert fingerprint(replayed) == fingerprint(state)
    assert replayed.result() == state.result()
    middle = len(actions) // 2
    partial = loaded.replay(game, upto=middle)
    # The partial replay equals a playout stopped at the same step.
    stopped, _ = random_playout(game, players, options, seed, policy_seed, stop_at=middle)
    assert fingerprint(partial) == fingerprint(stopped)


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
@FEW
@given(seed=SEEDS, policy_seed=SEEDS, cut=st.integers(0, 400))
def test_views_are_json_and_render(game: Game, players: int, options: dict[str, object],
                                   seed: int, policy_seed: int, cut: int) -> None:
    state, _ = random_playout(game, players, options, seed, policy_seed, stop_at=cut)
    for seat in (None, *range(players)):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert isinstance(game.render(view), str)
