"""`gangland render`: a view as text or SVG, of a new game or of a record at some step, and one-line
errors for bad input. Supergang is put in the registry for each test (the same object, so this is
harmless once the games package registers it)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import gangland.engine.registry as registry
from gangland.cli import app
from gangland.cli.common import shown
from gangland.engine import Game, GameRecord, OptionError, all_games, get, plain_names
from gangland.engine.svg import fill_drawing
from gangland.games.supergang import GAME

from .seats import drawing_texts

runner = CliRunner()
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def supergang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, GAME.id, GAME)


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def assert_error(result: Result, *words: str) -> None:
    """Exit code 2, one line `error: ...` on stderr naming `words`, and no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])
    assert "Traceback" not in result.output


def random_record(path: Path, players: int = 3, seed: int = 4, steps: int = 40) -> GameRecord:
    """A record of `steps` random actions of a Supergang game, saved to `path`."""
    record = GameRecord.start(GAME, players, seed, {}, ["random"] * players)
    state = GAME.new_game(players, seed, record.options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.to_act is None:
            break
        action = rng.choice(list(state.legal_actions()))
        state.apply(action)
        record.actions.append(action)
    record.save(path)
    return record


def test_text_of_a_new_game() -> None:
    result = run("render", "supergang")
    assert result.exit_code == 0, result.output
    first, rest = result.stdout.split("\n", 1)
    assert first == "Supergang (reconstructed): new game, 3 players, seed 1, as seen by a spectator"
    state = GAME.new_game(3, 1)
    assert rest.rstrip("\n") == shown(GAME.render(state.view(None)), 3)
    assert rest.splitlines()[0].startswith("    0  1  2")  # the map's column numbers first


def test_seat_players_seed_and_options() -> None:
    result = run("render", "supergang", "--players", "4", "--seed", "9", "--seat", "3",  # counted from 1
                 "--option", "first_seat=seat0")
    assert result.exit_code == 0, result.output
    state = GAME.new_game(4, 9, {"first_seat": "seat0"})
    assert result.stdout.split("\n", 1)[1].rstrip("\n") == shown(GAME.render(state.view(2)), 4, you=2)
    assert "Seat 3 (you)" in result.stdout and "as seen by Seat 3" in result.stdout
    assert "Seat 0" not in result.stdout and "\u27e8" not in result.stdout


def test_svg_file_is_written_and_parses(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = run("render", "supergang", "--seed", "3", "--svg", str(out))
    assert result.exit_code == 0, result.output
    assert str(out) in result.stdout
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag == f"{SVG}svg"
    pieces = [g for g in root.iter(f"{SVG}g") if g.get("class") == "piece"]
    assert len(pieces) == 11  # three gangs of three and the two patrols, all in the jail at the start
    assert sorted(str(g.get("data-glyph")) for g in pieces)[-2:] == ["P", "p"]
    # Seats named as the terminal names them (a file a person opens), the actions' names kept.
    assert out.read_text(encoding="utf-8") == fill_drawing(GAME.svg(GAME.new_game(3, 3).view(None)),
                                                           plain_names(3))


def test_record_at_a_step_and_at_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = random_record(path)
    for step in (0, 7, None):
        args = ["render", "supergang", "--record", str(path), "--seat", "2"]
        if step is not None:
            args += ["--step", str(step)]
        result = run(*args)
        assert result.exit_code == 0, result.output
        upto = len(record.actions) if step is None else step
        assert f"step {upto} of {len(record.actions)}" in result.stdout.splitlines()[0]
        state = record.replay(GAME, upto)
        assert result.stdout.split("\n", 1)[1].rstrip("\n") == shown(GAME.render(state.view(1)), 3, you=1)
    svg = tmp_path / "step.svg"
    result = run("render", "supergang", "--record", str(path), "--step", "5", "--svg", str(svg),
                 "--seat", "1")
    assert result.exit_code == 0, result.output
    drawing = svg.read_text(encoding="utf-8")
    assert drawing == fill_drawing(GAME.svg(record.replay(GAME, 5).view(0)), plain_names(3), you=0)
    assert "Seat 1 (you)" in drawing and "Seat 0" not in drawing
    # No marker is left where a person reads (the actions' names keep theirs, for tools matching them).
    assert all("\u27e8" not in t for t in drawing_texts(drawing))


def test_every_game_is_drawn(tmp_path: Path) -> None:
    for game in all_games():
        out = tmp_path / f"{game.id}.svg"
        result = run("render", game.id, "--svg", str(out))
        assert result.exit_code == 0, result.output
        assert ET.fromstring(out.read_text(encoding="utf-8")).tag == f"{SVG}svg"
    assert "draw a card" in (tmp_path / "razzia.svg").read_text(encoding="utf-8")
    # A phone's layout (issue 31), and a layout that is not one refused in a line.
    narrow = tmp_path / "narrow.svg"
    assert run("render", "razzia", "--svg", str(narrow), "--layout", "narrow", "--seat", "2").exit_code == 0
    drawn = narrow.read_text(encoding="utf-8")
    assert ET.fromstring(drawn).attrib["width"] == "360"
    assert "Seat 2 (you)" in drawn and "\u27e8" not in drawn  # (filled in as the terminal names seats)
    assert_error(run("render", "razzia", "--svg", str(narrow), "--layout", "tall"), "--layout",
                 "wide or narrow")


def test_a_game_without_a_drawing_says_so() -> None:
    """The default `Game.svg` (a game that has no drawing) is a bad choice, not a crash."""
    with pytest.raises(OptionError, match="downtown has no SVG drawing"):
        Game.svg(get("downtown"), {})


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = random_record(path, steps=10)
    assert_error(run("render", "nosuchgame"), "nosuchgame")
    assert_error(run("render", "supergang", "--record", str(path), "--step", "11"), "--step", "0 to 10")
    assert_error(run("render", "supergang", "--record", str(path), "--step", "-1"), "--step")
    assert_error(run("render", "supergang", "--record", str(path), "--seat", "4"), "--seat must be 1..3")
    assert_error(run("render", "supergang", "--seat", "0"), "--seat must be 1..3")
    assert_error(run("render", "supergang", "--players", "7"), "7")
    assert_error(run("render", "supergang", "--option", "nope=1"), "nope")
    assert_error(run("render", "supergang", "--step", "2"), "--record")
    assert_error(run("render", "supergang", "--record", str(path), "--players", "3"), "--players")
    assert_error(run("render", "razzia", "--record", str(path)), "supergang", "razzia")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    assert_error(run("render", "supergang", "--record", str(garbage)), "garbage.json")
    assert_error(run("render", "supergang", "--record", str(tmp_path / "missing.json")), "missing.json")
    bad = GameRecord(record.game, record.game_version, 3, {}, 4, ["random"] * 3, [GAME.num_actions + 5])
    bad.save(tmp_path / "illegal.json")
    assert_error(run("render", "supergang", "--record", str(tmp_path / "illegal.json")), "step 0")


def test_unwritable_svg_path(tmp_path: Path) -> None:
    result = run("render", "supergang", "--svg", str(tmp_path / "no" / "such" / "dir.svg"))
    assert result.exit_code == 1
    assert result.stderr.startswith("error: cannot write") and "Traceback" not in result.output
