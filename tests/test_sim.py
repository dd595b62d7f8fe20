"""The simulation core: seeds, seat rotation, aggregates, confidence intervals, and --jobs independence."""

from __future__ import annotations

import doctest
import math
from collections import Counter

import pytest

import gangland.sim
from gangland.engine import GameRecord, GanglandError, OptionError, Result
from gangland.games import get
from gangland.sim import (
    SimConfig,
    Tally,
    game_seed,
    iter_records,
    play_game,
    seating,
    simulate,
    wilson_interval,
)

RAZZIA = get("razzia")


@pytest.mark.parametrize(("agents", "players"), [(["a"], 3), (["a", "b"], 3), (["a", "b", "c"], 3),
                                                 (["a", "b"], 4), (["a", "b", "c", "d", "e"], 2)])
def test_every_agent_sits_in_every_seat_equally_often(agents: list[str], players: int) -> None:
    # Over a number of games that any fair rotation completes (agents x players), every agent holds
    # every seat the same number of times as every other agent: no agent is favoured by its place
    # in the list (an agent listed first must not hold more seats).
    counts: Counter[tuple[str, int]] = Counter()
    for index in range(len(agents) * players):
        seats = seating(agents, players, index)
        assert len(seats) == players
        counts.update((name, seat) for seat, name in enumerate(seats))
    per_agent_and_seat = {counts[name, seat] for name in agents for seat in range(players)}
    assert len(per_agent_and_seat) == 1, counts
    assert per_agent_and_seat.pop() > 0


def test_seating_rotates_each_game() -> None:
    assert seating(["x", "y", "z"], 3, 0) == ["x", "y", "z"]
    assert seating(["x", "y", "z"], 3, 1) == ["y", "z", "x"]
    # A shorter list repeats cyclically.
    assert seating(["x", "y"], 4, 0) == ["x", "y", "x", "y"]
    with pytest.raises(OptionError):
        seating([], 3, 0)


def test_game_seeds_are_deterministic_and_distinct() -> None:
    seeds = [game_seed(42, i) for i in range(1000)]
    assert seeds == [game_seed(42, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert game_seed(43, 0) != game_seed(42, 0)


def test_wilson_interval_matches_known_values() -> None:
    # Known values (e.g. statsmodels proportion_confint(method="wilson")).
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and math.isclose(high, 0.2775, abs_tol=1e-4)
    low, high = wilson_interval(10, 10)
    assert math.isclose(low, 0.7225, abs_tol=1e-4) and high == 1.0
    low, high = wilson_interval(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    # Fractional successes (shared wins) lie between their neighbours.
    assert wilson_interval(4, 10)[0] < wilson_interval(4.5, 10)[0] < wilson_interval(5, 10)[0]


def fake_record(winners: tuple[int, ...], scores: tuple[int, ...], seats: list[str],
                steps: int) -> GameRecord:
    ranks = tuple(1 if s in winners else 2 for s in range(len(seats)))
    result = Result(scores, ranks, winners, tuple({"points": x} for x in scores))
    return GameRecord("razzia", RAZZIA.version, len(seats), {}, 0, seats, list(range(steps)), result)


def test_tally_counts_a_shared_win_as_a_fraction() -> None:
    tally = Tally("razzia", 3)
    tally.add(fake_record((0, 2), (10, 4, 10), ["a", "b", "a"], steps=30))
    tally.add(fake_record((1,), (3, 9, 1), ["b", "a", "a"], steps=50))
    summary = tally.summary()
    by_agent = {s.label: s for s in summary.by_agent}
    assert by_agent["a"].seats_played == 4 and by_agent["b"].seats_played == 2
    assert by_agent["a"].games == 2 and by_agent["b"].games == 2
    assert by_agent["a"].wins == pytest.approx(1.0 + 1.0)  # two halves of a shared win, then a win
    assert by_agent["a"].win_rate == 1.0 and by_agent["a"].fair_share == pytest.approx(4 / 6)
    assert by_agent["b"].wins == 0
    assert by_agent["a"].mean_score == pytest.approx((10 + 10 + 9 + 1) / 4)
    assert [s.wins for s in summary.by_seat] == [0.5, 1.0, 0.5]
    assert summary.mean_length == 40 and (summary.min_steps, summary.max_steps) == (30, 50)
    assert sum(s.wins for s in summary.by_seat) == summary.games


def test_simulate_records_replay_to_their_results() -> None:
    config = SimConfig("razzia", 3, ("random", "heuristic"), games=6, seed=5)
    run = simulate(config)
    assert len(run.records) == 6
    for index, record in enumerate(run.records):
        assert record.seed == game_seed(5, index)
        assert record.seats == seating(["random", "heuristic"], 3, index)
        assert record.result is not None
        again = GameRecord.loads(record.dumps())
        state = again.replay(RAZZIA)
        assert state.is_over and state.result() == record.result
    assert run.summary.games == 6
    assert sum(s.seats_played for s in run.summary.by_agent) == 18
    assert sum(s.wins for s in run.summary.by_seat) == pytest.approx(6)
    assert run.summary.mean_length == sum(len(r.actions) for r in run.records) / 6


def test_play_game_is_reproducible() -> None:
    config = SimConfig("razzia", 4, ("random",), games=3, seed=9)
    assert play_game(config, 2).dumps() == play_game(config, 2).dumps()
    assert play_game(config, 1).dumps() != play_game(config, 2).dumps()


def test_results_do_not_depend_on_jobs() -> None:
    config = SimConfig("razzia", 3, ("random", "heuristic"), games=8, seed=21,
                       options={"tiebreak": "shared"})
    one = simulate(config, jobs=1)
    two = simulate(config, jobs=2)
    assert [r.dumps() for r in one.records] == [r.dumps() for r in two.records]
    assert one.summary == two.summary
    assert one.summary.to_json() == two.summary.to_json()


def test_on_record_is_called_in_order_and_records_can_be_dropped() -> None:
    seen: list[int] = []
    config = SimConfig("razzia", 2, ("random",), games=4, seed=1)
    run = simulate(config, on_record=lambda index, record: seen.append(index), keep_records=False)
    assert seen == [0, 1, 2, 3]
    assert run.records == [] and run.summary.games == 4


@pytest.mark.parametrize("config", [
    SimConfig("chess", 2, ("random",), 1),
    SimConfig("razzia", 9, ("random",), 1),
    SimConfig("razzia", 3, ("nobody",), 1),
    SimConfig("razzia", 3, ("random",), 1, options={"tiebreak": "coin"}),
    SimConfig("razzia", 3, ("random",), -1),
    SimConfig("razzia", 3, (), 1),
])
def test_bad_configs_are_refused_before_any_game(config: SimConfig) -> None:
    with pytest.raises(GanglandError):
        config.check()
    with pytest.raises(GanglandError):
        next(iter_records(config))


def test_doctests() -> None:
    assert doctest.testmod(gangland.sim).failed == 0
