"""benchmarks/pool.py, the pool and ladder harness: at tiny counts (random and heuristic agents, Razzia!) it
writes a line per game, resumes without playing a saved game again and refuses another run's file; on
hand-made results its intervals are Wilson's and the paired difference's, and its verdicts follow the
targets (a candidate that loses FAILs); benchmarks/strength.py puts the tables and the commands on the
page."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from gangland.games import get
from gangland.report.stats import paired_difference
from gangland.rl import openspiel_available
from gangland.sim import wilson_interval

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_script(name: str) -> ModuleType:
    """A benchmark script as a module (benchmarks/ on the path, as when it runs: strength.py imports pool)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


pool = load_script("pool")
TINY = ["pool", "razzia", "--candidate", "random", "--rollout-bot", "heuristic", "--pool", "random,heuristic"]


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_pool_run_writes_a_line_per_game_and_resumes_without_playing_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    results = tmp_path / "pool.jsonl"
    assert pool.main([*TINY, "--games", "2", "--results", str(results)]) == 0
    header, *games = lines(results)
    assert header["run"] == "pool" and header["agents"] == ["random", "heuristic", "random", "heuristic"]
    # A line-up is one game on a seed, whoever it is played for: random tested among random is the
    # all-random game in either seat, and random in seat 0 among heuristic is heuristic in seat 1 among
    # random. So 4 games a seed: all random, all heuristic and the two mixed seatings.
    assert len(games) == 2 * 4
    assert {(g["index"], tuple(g["seats"])) for g in games} == {
        (i, names) for i in range(2) for names in pool.seed_games(pool.Run.from_header(header), i)}
    before = results.read_text(encoding="utf-8")

    def no_replay(task: object) -> dict[str, Any]:
        raise AssertionError(f"a saved game was played again: {task}")

    monkeypatch.setattr(pool, "play_task", no_replay)
    assert pool.main([*TINY, "--games", "2", "--results", str(results)]) == 0
    assert results.read_text(encoding="utf-8") == before
    monkeypatch.undo()

    # A half-written last line is dropped and that game played again, the same game.
    text = before.splitlines(keepends=True)
    results.write_text("".join(text[:-1]) + text[-1][:20], encoding="utf-8")
    assert pool.main([*TINY, "--games", "3", "--results", str(results)]) == 0
    header_again, *more = lines(results)
    assert header_again == header and len(more) == 3 * 4
    last = json.loads(text[-1])
    again = next(g for g in more if (g["index"], g["seats"]) == (last["index"], last["seats"]))
    assert again["shares"] == last["shares"] and again["scores"] == last["scores"]


def test_another_run_in_the_same_file_is_refused(tmp_path: Path) -> None:
    results = tmp_path / "pool.jsonl"
    pool.main([*TINY, "--games", "1", "--results", str(results)])
    with pytest.raises(ValueError, match="another run"):
        pool.main([*TINY, "--games", "1", "--seed", "2", "--results", str(results)])
    # Nor one played with another version of the game (issue 35's review: the saved version was dropped).
    header, *games = results.read_text(encoding="utf-8").splitlines(keepends=True)
    old = json.loads(header) | {"game_version": "0.0-older"}
    results.write_text(json.dumps(old) + "\n" + "".join(games), encoding="utf-8")
    with pytest.raises(ValueError, match="another run"):
        pool.main([*TINY, "--games", "1", "--results", str(results)])


def test_a_ladder_plays_each_pair_in_both_seatings(tmp_path: Path) -> None:
    results = tmp_path / "ladder.jsonl"
    pool.main(["ladder", "razzia", "--players", "3", "--levels", "random,heuristic", "--games", "2",
               "--results", str(results)])
    _, *games = lines(results)
    assert sorted(tuple(g["seats"]) for g in games if g["index"] == 0) == [
        ("heuristic", "random", "heuristic"), ("random", "heuristic", "random")]
    run, rows = pool.load(results)
    (row,) = pool.ladder_rows(run, rows)
    assert (row.lower, row.higher, row.higher_share.games, row.higher_share.fair_share) == (
        "random", "heuristic", 4, 0.5)


def write_results(path: Path, run: Any, games: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in [run.header(), *games]), encoding="utf-8")
    return path


def pool_file(path: Path, candidate_wins: list[int], bot_wins: list[int]) -> tuple[Any, dict[Any, Any]]:
    """A two-player pool against the heuristic alone, seat-game n being seed n // 2, seat n % 2: the
    candidate's win (1 or 0) in that seat, and the heuristic's in that seat of the seed's all-heuristic game
    (one game for both seats, so bot_wins[2i] + bot_wins[2i + 1] is 1)."""
    run = pool.Run("pool", "razzia", 2, ("ismcts:10", "heuristic", "heuristic"))
    games = []
    for n, won in enumerate(candidate_wins):
        index, seat = divmod(n, 2)
        seats = pool.lineup("ismcts:10", "heuristic", seat, 2)
        games.append(result_line(index, seats, [float(won) if s == seat else 1.0 - won for s in range(2)]))
        if seat == 0:
            games.append(result_line(index, ("heuristic", "heuristic"), [bot_wins[n], bot_wins[n + 1]]))
    return pool.load(write_results(path, run, games))


def result_line(index: int, seats: Sequence[str], shares: Sequence[float]) -> dict[str, Any]:
    return {"index": index, "seats": list(seats), "shares": [float(x) for x in shares], "scores": [0, 0],
            "decisions": 1, "seconds": 0.0, "commit": "x"}


def test_a_candidate_that_loses_to_its_rollout_bot_fails(tmp_path: Path) -> None:
    candidate = [1, 0, 0, 1, 0, 0, 1, 0] * 10  # 30 of 80
    bot = [1, 0] * 40  # the all-heuristic games: seat 0 wins each, so 40 of 80
    run, rows = pool_file(tmp_path / "lose.jsonl", candidate, bot)
    (row,) = pool.pool_rows(run, rows)
    assert (row.candidate.wins, row.candidate.games, row.rollout_bot.wins) == (30, 80, 40)
    assert row.candidate.interval == wilson_interval(30, 80)
    assert row.difference == paired_difference(candidate, bot)
    assert row.difference.estimate == pytest.approx(-0.125)
    assert not row.at_least_bot and row.two_player_target is False
    assert "| FAIL | FAIL |" in pool.pool_table(run, rows)


def test_a_candidate_that_wins_enough_passes_and_a_small_sample_does_not(tmp_path: Path) -> None:
    candidate = [1, 1, 1, 0] * 20  # 60 of 80: 75%, Wilson 64.5-83.2%
    run, rows = pool_file(tmp_path / "win.jsonl", candidate, [1, 0] * 40)
    (row,) = pool.pool_rows(run, rows)
    assert row.candidate.interval[0] > pool.TARGET_LOW
    assert row.at_least_bot and row.two_player_target is True
    assert "| PASS | PASS |" in pool.pool_table(run, rows)
    # 3 of 4 is 75% too, but its interval reaches far below 55%.
    run, rows = pool_file(tmp_path / "small.jsonl", [1, 1, 1, 0], [1, 0, 1, 0])
    (row,) = pool.pool_rows(run, rows)
    assert row.candidate.win_rate == 0.75 and row.at_least_bot and row.two_player_target is False


def test_an_incomplete_seed_is_not_counted(tmp_path: Path) -> None:
    run, rows = pool_file(tmp_path / "cut.jsonl", [1, 0, 1, 0], [1, 0, 1, 0])
    del rows[(1, ("ismcts:10", "heuristic"))]
    assert pool.complete_seeds(run, rows) == [0]
    (row,) = pool.pool_rows(run, rows)
    assert row.candidate.games == 2
    # No complete seed: no verdict at all (not a PASS on nothing).
    del rows[(0, ("heuristic", "heuristic"))]
    (row,) = pool.pool_rows(run, rows)
    assert row.candidate.games == 0 and row.at_least_bot is None and row.two_player_target is None
    assert "PASS" not in pool.pool_table(run, rows) and "FAIL" not in pool.pool_table(run, rows)


@pytest.mark.parametrize(("won", "verdict"), [(30, "higher"), (22, "tie not excluded"), (10, "lower")])
def test_the_ladder_shows_an_order_only_when_the_interval_excludes_a_tie(
        tmp_path: Path, won: int, verdict: str) -> None:
    run = pool.Run("ladder", "razzia", 2, ("heuristic", "ismcts:10"))
    games = []
    for index in range(20):
        for turn in range(2):
            seats = pool.seating(("heuristic", "ismcts:10"), 2, turn)
            higher_won = 2 * index + turn < won
            shares = [float(higher_won == (name == "ismcts:10")) for name in seats]
            games.append(result_line(index, seats, shares))
    run, rows = pool.load(write_results(tmp_path / "ladder.jsonl", run, games))
    (row,) = pool.ladder_rows(run, rows)
    assert (row.higher_share.wins, row.higher_share.games, row.higher_share.fair_share) == (won, 40, 0.5)
    assert row.verdict == verdict
    assert ("| PASS |" in pool.ladder_table(run, rows)) == (verdict == "higher")


def test_the_page_has_the_tables_and_the_commands_that_play_them_again(tmp_path: Path) -> None:
    strength = load_script("strength")
    results = tmp_path / "pool.jsonl"
    pool.main([*TINY, "--games", "2", "--results", str(results)])
    page = tmp_path / "strength.md"
    strength.main(["--game", "razzia", "--games", "2", "--results", str(results), "--write", str(page)])
    text = page.read_text(encoding="utf-8")
    assert "## The search against a pool of opponents" in text
    assert ("python benchmarks/pool.py pool razzia --players 2 --candidate random --rollout-bot heuristic "
            f"--pool random,heuristic --games 2 --seed 1 --results {results.as_posix()}") in text
    assert "| Razzia! | `random` | 0 of 4, 0.0% (0.0-49.0%) | FAIL | 0 of 2 |" in text
    assert "| Downtown | | not played yet |" in text
    assert "(no two-player game" in text  # Supergang


def test_the_defaults_are_the_lobby_levels_and_a_pool_of_every_style() -> None:
    assert pool.lobby_levels("razzia") == ["heuristic", "ismcts:easy", "ismcts", "ismcts:hard"]
    assert pool.lobby_levels("supergang") == ["heuristic-careless", "heuristic", "ismcts"]
    game = get("razzia")
    members = pool.default_pool(game)
    assert members[:2] == ["random", "heuristic"]
    assert [m for m in members if m.startswith("heuristic-")] == sorted(
        name for name in game.bots if name.startswith("heuristic-"))
    assert ("openspiel-ismcts" in members) == openspiel_available(game)
    assert "openspiel-ismcts" not in pool.default_pool(get("downtown"))  # too slow there
