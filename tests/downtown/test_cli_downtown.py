"""The command line with Downtown: games, play (piped input, quit and resume), simulate, replay, and
one-line errors for bad option values. Random games are bounded by the `turn_limit` option."""

from __future__ import annotations

import re
import shutil
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gangland.cli import app
from gangland.engine import GameRecord
from gangland.games import get

GAME = get("downtown")
MANY_ONES = "1\n" * 3000
runner = CliRunner()


def run(*args: str, input: str | None = None) -> Any:
    """Invoke the command line in this process."""
    return runner.invoke(app, list(args), input=input)


def assert_usage_error(result: Any, *words: str) -> None:
    """Exit code 2, one line `error: ...` on stderr naming `words`, and no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for word in words:
        assert word in lines[0]
    assert "Traceback" not in result.output


def test_games_lists_downtown_with_its_options() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "downtown" in out and "Downtown" in out and "2-4 players" in out
    for name in ("edition", "villa", "casino_skip", "first_seat", "turn_limit", "stooge_deck"):
        assert name in out


def play_downtown(save: Path, *extra: str, input: str = MANY_ONES) -> Any:
    return run("play", "downtown", "--players", "3", "--seed", "5", "--bots", "random", "--save", str(save),
               *extra, input=input)


def test_play_a_game_as_a_human_with_piped_input(tmp_path: Path) -> None:
    save = tmp_path / "dt.json"
    result = play_downtown(save, "--option", "turn_limit=12")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"Downtown v{GAME.version}, 3 players" in out and "you are Seat 1" in out
    # the board is the 80 x 24 screen (issue 15): the turn, the players' table, your own money and cards
    assert "placing tokens · casino cards 0/2" in out and "Seat 2       " in out
    assert "You: cash $10,000 ($5k + $2k + 3 x $1k)" in out and "stooge pile" in out
    assert "» Seat 1 (you): place a token at Downtown" in out and "Seat 0" not in out
    assert "Seat 2: put a note face down" in out or "Seat 3: put a note face down" in out
    assert "the turn limit of 12 turns is reached" in out
    assert "game over" in out and "Final result" in out and ("You win" in out or "Winner" in out
                                                             or "Shared win" in out)
    record = GameRecord.load(save)
    assert record.game == "downtown" and record.options["turn_limit"] == 12
    assert record.seats == ["human", "random", "random"]
    assert record.result is not None and record.replay(GAME).is_over


def test_play_the_2013_edition(tmp_path: Path) -> None:
    save = tmp_path / "dt2013.json"
    result = play_downtown(save, "--option", "edition=2013", "--option", "turn_limit=6")
    assert result.exit_code == 0, result.output
    assert "options: edition=2013, turn_limit=6" in result.stdout
    assert "casino cards 0/3 · 2013 rules" in result.stdout
    assert GameRecord.load(save).options["edition"] == "2013"


def test_play_against_the_default_heuristic_bots(tmp_path: Path) -> None:
    save = tmp_path / "heuristic.json"
    result = run("play", "downtown", "--players", "3", "--seed", "5", "--option", "turn_limit=8",
                 "--save", str(save), input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert GameRecord.load(save).seats == ["human", "heuristic", "heuristic"]


def test_quit_saves_and_resume_finishes(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    result = play_downtown(save, "--option", "turn_limit=6", input="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    found = re.search(r"Game saved after step (\d+)", result.stdout)
    assert found, result.stdout
    steps = int(found.group(1))
    assert steps >= 2
    result = run("play", "--resume", str(save), input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert f"Resuming after step {steps}." in result.stdout
    record = GameRecord.load(save)
    assert record.result is not None and record.replay(GAME).is_over


def test_simulate_random_games_under_a_turn_limit(tmp_path: Path) -> None:
    out = tmp_path / "sim.jsonl"
    result = run("simulate", "downtown", "--players", "2", "--agents", "random", "--games", "20",
                 "--option", "turn_limit=50", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "Downtown: 20 games, 2 players" in result.stdout and "options: turn_limit=50" in result.stdout
    records = GameRecord.load_all(out)
    assert len(records) == 20 and all(r.result is not None for r in records)
    replayed = run("replay", str(out), "--game", "3", "--seat", "2", input="")  # --seat counts from 1
    assert replayed.exit_code == 0, replayed.output
    assert "Your cash: $" in replayed.stdout and "Seat 2 (you)" in replayed.stdout
    assert "Seat 1 (you)" not in replayed.stdout


def test_replay_a_played_game_as_a_seat_and_as_a_spectator(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    assert play_downtown(save, "--option", "turn_limit=6").exit_code == 0
    steps = len(GameRecord.load(save).actions)
    as_seat = run("replay", str(save), "--seat", "2", input="")
    assert as_seat.exit_code == 0, as_seat.output
    out = as_seat.stdout
    assert "as seen by Seat 2" in out and f"Step {steps}/{steps}" in out and "Final result" in out
    assert "Your cash: $" in out and "Seat 2 (you):" in out and "Seat 1 (you)" not in out
    spectator = run("replay", str(save), input="")
    assert spectator.exit_code == 0, spectator.output
    assert "as seen by a spectator" in spectator.stdout and "Your cash" not in spectator.stdout
    assert "(you)" not in spectator.stdout
    # A face-down opening bid is named without its notes to everyone but the bidder.
    assert "put a note face down" in spectator.stdout and "add a $" not in spectator.stdout.split(
        "seats: ")[1].split("Tokens")[0]


def test_a_stooge_deck_file_is_taken_as_a_path(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    with resources.as_file(resources.files("gangland.games.downtown") / "stooges.toml") as built_in:
        shutil.copy(built_in, deck)
    result = run("simulate", "downtown", "--players", "2", "--agents", "random", "--games", "2",
                 "--option", "turn_limit=5", "--option", f"stooge_deck={deck}")
    assert result.exit_code == 0, result.output
    assert f"stooge_deck={deck}" in "".join(result.stdout.split())  # the line may be wrapped


@pytest.mark.parametrize(("option", "words"), [
    ("edition=1999", ("edition", "1999", "current", "2013")),
    ("stooge_deck=/nonexistent.toml", ("/nonexistent.toml", "stooge deck")),
    ("turn_limit=abc", ("turn_limit", "abc")),
    ("turn_limit=true", ("turn_limit",)),
    ("turn_limit=-5", ("turn_limit", "-5", "0 or more")),
    ("villa_victim=false", ("villa_victim", "no effect without villa=true")),
    ("villa=maybe", ("villa", "maybe")),
    ("colour=red", ("no option 'colour'", "edition")),
    ("edition", ("name=value",)),
])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_bad_option_is_a_one_line_error(tmp_path: Path, command: str, option: str,
                                          words: tuple[str, ...]) -> None:
    if command == "play":
        result = run("play", "downtown", "--bots", "random", "--save", str(tmp_path / "x.json"),
                     "--option", option, input="1\n")
    else:
        result = run("simulate", "downtown", "--agents", "random", "--games", "1", "--option", option)
    assert_usage_error(result, *words)
    assert not (tmp_path / "x.json").exists()


def test_a_bad_deck_file_names_the_file(tmp_path: Path) -> None:
    deck = tmp_path / "broken.toml"
    deck.write_text("this is = not [valid toml\n", encoding="utf-8")
    result = run("play", "downtown", "--bots", "random", "--option", f"stooge_deck={deck}", input="1\n")
    assert_usage_error(result, "broken.toml")
