"""The command line with Protection Racket: games, play (piped input, bad input, quit and resume; the
board is the 80 x 24 screen, the deploy menu asks site then how many), simulate (the city and sites
options), replay, and one-line errors for bad option values and bad site files.

Games with heuristic bots are run under a deadline: some such games never end (see
test_bots.test_heuristic_games_against_random_end), and an endless game must fail a test, not hang it.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import signal
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gangland.cli import app
from gangland.engine import GameRecord
from gangland.games import get

GAME = get("protection-racket")
MANY_ONES = "1\n" * 2000
runner = CliRunner()


class Deadline(Exception):
    """A command ran past its deadline."""


@contextlib.contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Raise Deadline inside the command if it runs longer than `seconds` (the CliRunner then reports
    it as the result's exception)."""

    def expire(signum: int, frame: object) -> None:
        raise Deadline(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run(*args: str, input: str | None = None, seconds: int = 60) -> Any:
    """Invoke the command line in this process, on a wide terminal so that boards are not wrapped."""
    with deadline(seconds):
        return runner.invoke(app, list(args), input=input, env={"COLUMNS": "200"})


def assert_usage_error(result: Any, *words: str) -> None:
    """Exit code 2, one line `error: ...` on stderr naming `words`, and no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Deadline)


def sites_copy(folder: Path, name: str = "sites.toml") -> Path:
    """A copy of the built-in sites.toml in `folder`."""
    path = folder / name
    with resources.as_file(resources.files("gangland.games.protection_racket") / "sites.toml") as built_in:
        shutil.copy(built_in, path)
    return path


def play_pr(save: Path, *extra: str, input: str = MANY_ONES, players: str = "2", seed: str = "5",
            bots: str = "random") -> Any:
    return run("play", "protection-racket", "--players", players, "--seed", seed, "--bots", bots,
               "--save", str(save), *extra, input=input)


# -- games ----------------------------------------------------------------------------------------


def test_games_lists_protection_racket_with_its_options() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "protection-racket" in out and "Protection Racket" in out
    line = next(line for line in out.splitlines() if "protection-racket" in line)
    assert "2-4 players" in line and "version 1.1" in line and "heuristic" in line and "random" in line
    section = out.split("protection-racket", 1)[1]
    for name in ("first_seat", "city", "sites", "recommended", "seat0"):
        assert name in section


# -- play -----------------------------------------------------------------------------------------


def test_play_a_game_as_a_human_with_piped_input(tmp_path: Path) -> None:
    save = tmp_path / "pr.json"
    result = play_pr(save)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Protection Racket v1.1, 2 players" in out and "You are Seat 1; bots: Seat 2 random." in out
    # The board is the 80 x 24 screen (issue 15): the round, the turn and the question, a 3 x 3 grid (rows
    # opening with a rule of labels), one line per gang; then the menu, in two steps (site, how many).
    assert "- you are Seat 1, step" in out
    assert "Round 1 of 3, turn " in out and "Seat 1 (you): deploy from the hideout onto one site" in out
    assert re.search(r"^A1 .*┬B1 .*┬C1 ", out, re.MULTILINE)
    assert not re.search(r"^A1 .*┬D1 ", out, re.MULTILINE)
    assert "R Seat 1 (you): $1, hideout 5, supply 0" in out
    assert "Y Seat 2 (you)" not in out and "Seat 0" not in out
    assert "Your options, first choose" in out and "Your move> " in out
    assert re.search(r"Your options in [A-C][1-3] .+ \('back' returns\)", out)
    assert re.search(r"\b1 1 mobster +2 2 mobsters", out)
    # Narration: the person's steps marked, the bot's indented; a deploy told once, with what is left.
    assert re.search(r"» Seat 1 \(you\) deploys 1 mobster to .+ \([A-C][1-3]\), 4 left in the hideout", out)
    assert not re.search(r"^\s+Seat 1 \(you\) deploys", out, re.MULTILINE)
    assert re.search(r"^  Seat 2 ", out, re.MULTILINE)
    assert "revenue step of round 1" in out and "round 3" in out
    assert "Protection Racket - game over" in out and "Final result" in out
    assert "Game over: Seat" in out
    assert "You win" in out or "Winner" in out or "Shared win" in out
    record = GameRecord.load(save)
    assert record.game == "protection-racket" and record.players == 2 and record.seed == 5
    assert record.seats == ["human", "random"]
    assert record.result is not None and record.replay(GAME).is_over
    assert f"gangland replay {save} --seat 1" in "".join(out.split("\n"))


def test_play_four_players_on_the_recommended_city(tmp_path: Path) -> None:
    save = tmp_path / "pr4.json"
    result = play_pr(save, "--option", "city=recommended", "--seat", "3", players="4", seed="8")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Protection Racket v1.1, 4 players" in out and "You are Seat 3" in out
    assert "options: city=recommended" in out
    assert "G Seat 3 (you)" in out and "R Seat 1 (you)" not in out
    # A 4 x 3 city: each row opens with a rule of four cells.
    rules = re.findall(r"^[A-D][1-3] .*─$", out, re.MULTILINE)
    assert rules and {len(re.findall("[┬┼]", rule)) for rule in rules} == {3}, rules[:3]
    record = GameRecord.load(save)
    assert record.options["city"] == "recommended" and record.seats == ["random", "random", "human", "random"]
    assert record.result is not None


def test_play_against_the_default_heuristic_bots(tmp_path: Path) -> None:
    save = tmp_path / "heuristic.json"
    result = run("play", "protection-racket", "--players", "3", "--seed", "5", "--save", str(save),
                 input=MANY_ONES)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    record = GameRecord.load(save)
    assert record.seats == ["human", "heuristic", "heuristic"]
    assert record.result is not None


def _first_menu(out: str) -> list[str]:
    """The entries of the first menu shown (the sites, where a deploy asks in two steps)."""
    menu = out.split("Your options", 1)[1].split("\n", 1)[1].split("Type a number", 1)[0]
    return [name.strip() for name in re.split(r"(?:^|\s{2,})\d+ ", menu) if name.strip()]


def test_bad_input_gets_a_clear_message_and_the_game_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "bad.json"
    bad = [
        "",                      # nothing typed
        "bogus",                 # not an action
        "0",                     # numbers start at 1
        "999",                   # no such option
        "take the action",       # an action, but not one that is legal now (a deploy is asked)
        "deploy 1 to",           # ambiguous prefix
        "deploy 9 to Nowhere",   # malformed
        "?",                     # the rules of this decision
        "b",                     # the board again
    ]
    result = play_pr(save, input="\n".join(bad) + "\n" + MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    first_move = out.index("» Seat 1 (you) ")
    errors = out[:first_move]
    assert "type a number from 1 to" in errors
    # One line, not the list of every legal action (a review found 60 names over 20 lines).
    assert "'bogus' is not a legal action; type 1 to" in errors and "legal now:" not in errors
    assert "there is no option 0; choose 1 to" in errors
    assert "there is no option 999; choose 1 to" in errors
    assert "'take the action' is not a legal action" in errors
    assert "'deploy 1 to' is ambiguous" in errors
    assert "'deploy 9 to Nowhere' is not a legal action" in errors
    assert "Deploy: put any number of the mobsters in your hideout" in errors  # '?'
    assert errors.count("Your options, first choose") == 2  # 'b' showed the board again
    assert "Traceback" not in out
    # The game went on with the first legal action once it was typed (the first site, one mobster).
    site = _first_menu(out)[0]
    name = site.split(" ", 1)[1]
    assert out[first_move:].startswith(f"» Seat 1 (you) deploys 1 mobster to {name} ({site.split()[0]})")
    assert GameRecord.load(save).result is not None


def test_an_action_can_be_named(tmp_path: Path) -> None:
    save = tmp_path / "named.json"
    probe = play_pr(tmp_path / "probe.json", input="quit\n")
    site = _first_menu(probe.stdout)[-1]
    label, name = site.split(" ", 1)
    wanted = f"deploy 2 to {name} ({label})"
    result = play_pr(save, input=wanted.upper() + "\n" + MANY_ONES)
    assert result.exit_code == 0, result.output
    assert f"» Seat 1 (you) deploys 2 mobsters to {name} ({label})" in result.stdout


def test_quit_saves_and_resume_finishes(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    result = play_pr(save, input="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    # A mid-game save is sealed (it hides the seed and the moves): the step is read from the output.
    found = re.search(r"Game saved after step (\d+)", result.stdout)
    assert found, result.stdout
    steps = int(found.group(1))
    assert steps >= 2
    result = run("play", "--resume", str(save), input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert f"Resuming after step {steps}." in result.stdout
    record = GameRecord.load(save)
    assert record.result is not None and record.replay(GAME).is_over


def test_end_of_input_saves_the_game(tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    result = play_pr(save, input="1\n")
    assert result.exit_code == 0, result.output
    assert "Game saved after step" in result.stdout and save.exists()


# -- simulate -------------------------------------------------------------------------------------


def test_simulate_on_the_recommended_city(tmp_path: Path) -> None:
    out = tmp_path / "sim.jsonl"
    result = run("simulate", "protection-racket", "--players", "3", "--agents", "random", "--games", "12",
                 "--seed", "4", "--option", "city=recommended", "--out", str(out))
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Protection Racket: 12 games, 3 players, seed 4" in text and "options: city=recommended" in text
    assert "By agent" in text and "By seat" in text and "Game length: mean" in text
    assert "did not finish" not in text
    records = GameRecord.load_all(out)
    assert len(records) == 12
    assert all(r.result is not None and r.options["city"] == "recommended" for r in records)
    replayed = run("replay", str(out), "--game", "3", "--seat", "2", input="")  # --seat counts from 1
    assert replayed.exit_code == 0, replayed.output
    assert "as seen by Seat 2" in replayed.stdout
    assert "[Y] Seat 2 (you)" in replayed.stdout and "[R] Seat 1 (you)" not in replayed.stdout


def test_simulate_the_heuristic_bot_against_random(tmp_path: Path) -> None:
    # Games 0-3 of seed 1 end (games 10, 13, ... of that run do not: test_bots).
    result = run("simulate", "protection-racket", "--players", "2", "--agents", "heuristic,random",
                 "--games", "4", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "Protection Racket: 4 games, 2 players, seed 1" in result.stdout
    rows = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
    assert "heuristic" in rows and "random" in rows


def test_simulate_with_a_site_file(tmp_path: Path) -> None:
    sites = sites_copy(tmp_path)
    out = tmp_path / "sites.jsonl"
    result = run("simulate", "protection-racket", "--players", "4", "--agents", "random", "--games", "3",
                 "--option", f"sites={sites}", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert f"sites={sites}" in "".join(result.stdout.split())  # the line may be wrapped
    records = GameRecord.load_all(out)
    assert [r.options["sites"] for r in records] == [str(sites)] * 3
    # The same cards as the built-in set: the same games.
    built_in = run("simulate", "protection-racket", "--players", "4", "--agents", "random", "--games", "3",
                   "--out", str(tmp_path / "built-in.jsonl"))
    assert built_in.exit_code == 0, built_in.output
    same = GameRecord.load_all(tmp_path / "built-in.jsonl")
    assert [r.actions for r in records] == [r.actions for r in same]


def _first_face_of_kind(kind: str) -> tuple[str, str]:
    """("card C face F", its name) of the first face in the built-in file with an effect of `kind`."""
    text = (resources.files("gangland.games.protection_racket") / "sites.toml").read_text(encoding="utf-8")
    for c, card in enumerate(tomllib.loads(text)["card"]):
        for f, face in enumerate(card["face"]):
            if face.get("effect", {}).get("kind") == kind:
                return f"card {c} face {f}", face["name"]
    raise AssertionError(kind)


def _break(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


BROKEN: list[tuple[str, Any, tuple[str, ...]]] = [
    ("colour", lambda t: _break(t, 'colour = "light blue"', 'colour = "mauve"'),
     ("card 0 face 0", "Mom & Pop Shop", "colour", "mauve")),
    ("revenue", lambda t: _break(t, "revenue = 2", 'revenue = "two"'),
     ("card 0 face 0", "Mom & Pop Shop", "revenue", "two")),
    ("effect kind", lambda t: _break(t, 'kind = "recall"', 'kind = "teleport"'),
     (*_first_face_of_kind("recall"), "effect", "kind", "teleport")),
    ("deck", lambda t: _break(t, "deck = 1", "deck = 7"), ("card 0", "deck", "7")),
    ("toml", lambda t: t + "\n[[card]\n", ("not valid TOML",)),
    ("unknown key", lambda t: _break(t, 'name = "Mom & Pop Shop"', 'name = "Mom & Pop Shop"\nprice = 3'),
     ("card 0 face 0", "unknown key", "price")),
]


@pytest.mark.parametrize(("case", "edit", "words"), BROKEN, ids=[b[0] for b in BROKEN])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_broken_site_file_is_a_one_line_error(tmp_path: Path, command: str, case: str, edit: Any,
                                                words: tuple[str, ...]) -> None:
    sites = sites_copy(tmp_path, "broken.toml")
    sites.write_text(edit(sites.read_text(encoding="utf-8")), encoding="utf-8")
    save = tmp_path / "x.json"
    if command == "play":
        result = run("play", "protection-racket", "--bots", "random", "--save", str(save),
                     "--option", f"sites={sites}", input="1\n")
    else:
        result = run("simulate", "protection-racket", "--agents", "random", "--games", "1",
                     "--option", f"sites={sites}")
    assert_usage_error(result, "broken.toml", *words)
    assert not save.exists()


@pytest.mark.parametrize(("option", "words"), [
    ("city=planned", ("city", "planned", "random", "recommended")),
    ("first_seat=seat3", ("first_seat", "seat3", "seat0")),
    ("sites=/nonexistent/sites.toml", ("/nonexistent/sites.toml", "site")),
    ("mobsters=6", ("no option 'mobsters'", "city")),
    ("city", ("name=value",)),
])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_bad_option_is_a_one_line_error(tmp_path: Path, command: str, option: str,
                                          words: tuple[str, ...]) -> None:
    if command == "play":
        result = run("play", "protection-racket", "--bots", "random", "--save", str(tmp_path / "x.json"),
                     "--option", option, input="1\n")
    else:
        result = run("simulate", "protection-racket", "--agents", "random", "--games", "1",
                     "--option", option)
    assert_usage_error(result, *words)
    assert not (tmp_path / "x.json").exists()


def test_a_bad_player_count_is_a_one_line_error() -> None:
    result = run("simulate", "protection-racket", "--players", "5", "--agents", "random", "--games", "1")
    assert_usage_error(result, "5")


# -- replay ---------------------------------------------------------------------------------------


def test_replay_a_played_game_as_a_seat_and_as_a_spectator(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    assert play_pr(save, players="3", seed="6").exit_code == 0
    record = GameRecord.load(save)
    steps = len(record.actions)
    as_seat = run("replay", str(save), "--seat", "3", input="")  # --seat counts from 1
    assert as_seat.exit_code == 0, as_seat.output
    out = as_seat.stdout
    assert "Replay of Protection Racket v1.1, as seen by Seat 3" in out
    assert f"3 players, seed 6, {steps} steps; seats: Seat 1 human, Seat 2 random, Seat 3 random" in out
    assert "Protection Racket - start" in out and f"Step {steps}/{steps}" in out
    assert "[G] Seat 3 (you)" in out and "[R] Seat 1 (you)" not in out
    assert "Final result" in out and "Game over: Seat" in out
    # Every step is narrated: the actor and the action (or the event that tells it), then the events.
    assert len(re.findall(r"Step \d+/\d+  Seat \d( \(you\))?[: ]", out)) == steps
    assert "revenue step of round 3" in out
    spectator = run("replay", str(save), input="")
    assert spectator.exit_code == 0, spectator.output
    assert "as seen by a spectator" in spectator.stdout and "(you)" not in spectator.stdout
    # What a seat sees is what a spectator sees (everything in Protection Racket is public).
    def public(text: str) -> str:
        text = re.sub(r"\s\(you\)|as seen by (Seat 3|a spectator)", "", text)
        return re.sub(r"[\s─│]+", " ", text)  # a box is as wide as its widest line, wraps wider ones

    assert public(spectator.stdout) == public(out)


def finished(tmp_path: Path) -> GameRecord:
    """The record of a finished game (a mid-game save is sealed, for its player only)."""
    save = tmp_path / "whole.json"
    assert play_pr(save).exit_code == 0
    return GameRecord.load(save)


def test_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    record = finished(tmp_path)
    record.actions = record.actions[:5]
    record.result = None
    save = tmp_path / "part.json"
    record.save(save)
    result = run("replay", str(save), "--seat", "1", input="")
    assert result.exit_code == 0, result.output
    assert "the game was not finished" in result.stdout


def test_replay_of_a_corrupt_record_is_a_one_line_error(tmp_path: Path) -> None:
    record = finished(tmp_path)
    record.actions.append(100_000)
    save = tmp_path / "c.json"
    record.save(save)
    result = run("replay", str(save), input="")
    assert_usage_error(result)
