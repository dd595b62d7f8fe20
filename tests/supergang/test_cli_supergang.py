"""The command line with Supergang: games, play (piped input, the police variant, the turn clock),
simulate, replay, and one-line errors for bad option values and player counts."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gangland.cli import app
from gangland.cli.human import HumanAgent
from gangland.engine import Decision, GameRecord
from gangland.games import get
from gangland.games.supergang.actions import TIME_UP

from ..test_cli import assert_usage_error

GAME = get("supergang")
MANY_ONES = "1\n" * 5000
runner = CliRunner()


def run(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input, env={"COLUMNS": "200"})


def test_games_lists_supergang_with_its_options() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    line = next(line for line in result.stdout.splitlines() if "supergang" in line)
    assert "3-5 players" in line and "heuristic" in line
    section = result.stdout.split("supergang", 1)[1]
    for name in ("police_player", "killer_bonus", "turn_clock", "turn_limit", "arrest_choice", "board"):
        assert name in section


@pytest.mark.parametrize(("players", "police"), [("3", "false"), ("4", "true")])
def test_play_a_short_game_as_a_human_with_piped_input(tmp_path: Path, players: str, police: str) -> None:
    save = tmp_path / "sg.json"
    result = run("play", "supergang", "--players", players, "--seed", "3", "--bots", "random",
                 "--option", "turn_limit=5", "--option", f"police_player={police}", "--save", str(save),
                 input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert "Your move> " in result.stdout and "Your options" in result.stdout
    record = GameRecord.loads(save.read_text())
    state = record.replay(GAME)
    assert state.is_over and record.result == state.result()
    assert record.options["police_player"] is (police == "true")


def test_simulate_and_replay(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run("simulate", "supergang", "--players", "3", "--agents", "random", "--games", "6",
                 "--seed", "2", "--option", "turn_limit=4", "--jobs", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    assert len(lines) == 6 and all(json.loads(line)["game"] == "supergang" for line in lines)
    replayed = run("replay", str(out), "--game", "2", "--seat", "1", input="")
    assert replayed.exit_code == 0, replayed.output
    assert "round 4" in replayed.stdout


@pytest.mark.parametrize(("option", "words"), [
    ("police_player=maybe", ("police_player",)),
    ("turn_limit=-1", ("turn_limit",)),
    ("dart_hit=2.0", ("dart_hit",)),
    ("killer_bonus=gun", ("killer_bonus",)),
])
def test_a_bad_option_is_a_one_line_error(option: str, words: tuple[str, ...]) -> None:
    result = run("simulate", "supergang", "--agents", "random", "--games", "1", "--option", option)
    assert_usage_error(result, *words)


@pytest.mark.parametrize(("players", "police", "words"), [
    ("2", "false", "3, 4, 5 players"), ("6", "true", "3, 4, 5 players"),
    ("5", "false", "3 or 4 gangs"), ("3", "true", "3 or 4 gangs"),
])
def test_a_bad_player_count_is_a_one_line_error(players: str, police: str, words: str) -> None:
    # L1 "For 3 - 4 players."; L92 the police player "enables a game with five players" (S36).
    result = run("simulate", "supergang", "--players", players, "--agents", "random", "--games", "1",
                 "--option", f"police_player={police}")
    assert_usage_error(result, words)


def test_the_turn_clock_plays_time_is_up_for_a_slow_person(monkeypatch: pytest.MonkeyPatch) -> None:
    # L86 "each non moved character goes for the next turn in jail"; S35: the host plays "time is up".
    state = GAME.new_game(3, 1, {"first_seat": "seat0", "turn_clock": 240})
    agent = HumanAgent(GAME, 0, console=_silent_console())
    now = [1000.0]
    monkeypatch.setattr("gangland.cli.human.time.monotonic", lambda: now[0])
    decision = Decision(GAME, state, 0, tuple(state.legal_actions()))
    assert TIME_UP in decision.legal_actions
    assert agent.time_is_up(decision) is None  # the clock starts
    now[0] += 239
    assert agent.time_is_up(decision) is None
    now[0] += 2
    assert agent.time_is_up(decision) == TIME_UP
    # Off by default: no clock in the view, no "time is up".
    plain = GAME.new_game(3, 1, {"first_seat": "seat0"})
    assert agent.time_is_up(Decision(GAME, plain, 0, tuple(plain.legal_actions()))) is None
    assert TIME_UP not in plain.legal_actions()


def _silent_console() -> Console:
    return Console(file=io.StringIO())
