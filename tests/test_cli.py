"""The command line: play (with piped input, bad entries, EOF, Ctrl-C and resume), simulate, replay, games.

Besides Razzia! the tests register a tiny game with secrets ("sealed") for their duration, to check
that the commands work for any registered game and never show a seat what it may not see.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import signal
import subprocess
import sys
import threading
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, Self

import pytest
from typer.testing import CliRunner

import gangland
import gangland.engine.registry as registry
import gangland.engine.state
from gangland.cli import app
from gangland.cli.saves import read_save
from gangland.engine import JSON, Game, GameRecord, IllegalAction, OptionSpec, Result, State, rank_by
from gangland.games import get
from gangland.sim import SimConfig, simulate

RAZZIA = get("razzia")
MANY_ONES = "1\n" * 600
runner = CliRunner()


# -- a tiny game with hidden information ---------------------------------------------------------

WORDS = ("AMBER", "BASALT", "COBALT", "DUNE", "EMBER", "FLINT", "GARNET", "HERON", "INDIGO")
KNOCK, FOLD = 0, 1


class SealedState(State):
    """Each seat holds a secret word; in turn each knocks or folds (`rounds` times round the table).
    The knocker holding the word latest in WORDS wins. Words are never shown to anyone else."""

    __slots__ = ("_players", "folded", "moves", "rounds", "words")

    def __init__(self, players: int, words: list[int], rounds: int) -> None:
        self._players = players
        self.words = words
        self.rounds = rounds
        self.moves = 0
        self.folded = [False] * players

    @property
    def players(self) -> int:
        return self._players

    @property
    def to_act(self) -> int | None:
        return None if self.moves >= self.rounds * self._players else self.moves % self._players

    def legal_actions(self) -> list[int]:
        return [] if self.is_over else [KNOCK, FOLD]

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not legal now")
        seat = self.to_act
        assert seat is not None
        if action == FOLD:
            self.folded[seat] = True
        self.moves += 1

    def result(self) -> Result:
        keys: list[tuple[int, ...]] = [(0 if self.folded[s] else 1, self.words[s])
                                       for s in range(self._players)]
        ranks = rank_by(keys)
        winners = tuple(s for s in range(self._players) if ranks[s] == 1) if self.is_over else ()
        scores = tuple(1 if s in winners else 0 for s in range(self._players))
        return Result(scores, ranks, winners, tuple({"pot": x} for x in scores))

    def view(self, seat: int | None) -> dict[str, JSON]:
        return {"seat": seat, "to_act": self.to_act, "folded": list(self.folded), "moves": self.moves,
                "mine": None if seat is None else WORDS[self.words[seat]]}

    def clone(self) -> Self:
        copy = type(self)(self._players, list(self.words), self.rounds)
        copy.moves, copy.folded = self.moves, list(self.folded)
        return copy

    def determinize(self, seat: int, rng: random.Random) -> Self:
        copy = self.clone()
        others = rng.sample([w for w in range(len(WORDS)) if w != self.words[seat]], self._players - 1)
        copy.words = [self.words[s] if s == seat else others.pop() for s in range(self._players)]
        return copy


class SealedGame(Game):
    id = "sealed"
    name = "Sealed"
    version = "0.1"
    player_counts = (2, 3)
    num_actions = 2
    options = (OptionSpec("rounds", 1, (1, 2), "How many times round the table."),)

    def _new_game(self, players: int, seed: int, options: dict[str, JSON]) -> State:
        words = random.Random(seed).sample(range(len(WORDS)), players)
        return SealedState(players, words, int(options["rounds"]))

    def action_name(self, state: State, action: int) -> str:
        return ("knock", "fold")[action] if action in (KNOCK, FOLD) else f"unknown {action}"

    def inventory(self, state: State) -> dict[str, int]:
        return {"words": state.players}

    def render(self, view: dict[str, Any]) -> str:
        lines = [f"Sealed, move {view['moves']}"]
        if view["mine"] is not None:
            lines.append(f"Your word: {view['mine']}")
        lines.append("Folded: " + (", ".join(str(s) for s, f in enumerate(view["folded"]) if f) or "nobody"))
        return "\n".join(lines)


SEALED = SealedGame()


@pytest.fixture
def sealed(monkeypatch: pytest.MonkeyPatch) -> SealedGame:
    """The sealed game, registered for one test only."""
    monkeypatch.setitem(registry._GAMES, SEALED.id, SEALED)
    return SEALED


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


# -- play ----------------------------------------------------------------------------------------

def test_play_a_full_game_with_piped_input(tmp_path: Path) -> None:
    save = tmp_path / "full.json"
    result = run("play", "razzia", "--seed", "3", "--players", "3", "--bots", "random",
                 "--save", str(save), input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    # Issue 31: seats are counted from 1 wherever a person reads them, and the terminal names them alike.
    assert "you are Seat 1" in out and "Your options" in out
    assert "Seat 1 (you)" in out and "Seat 0" not in out and "seat 0" not in out
    assert "game over" in out and "Final result" in out
    assert "TOTAL" in out  # Razzia's own score breakdown, from its render of the final view
    assert "Winner" in out or "You win" in out or "Shared win" in out
    record = GameRecord.load(save)
    assert record.seats == ["human", "random", "random"]
    assert record.result is not None and record.replay(RAZZIA).is_over


def test_bad_entries_re_prompt_with_a_reason_and_change_nothing(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    entries = "nonsense\n0\n99\n\n?\nbid 99\n" + MANY_ONES
    result = run("play", "razzia", "--seed", "3", "--bots", "random", "--save", str(save), input=entries)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "'nonsense' is not a legal action; legal now:" in out
    assert "there is no option 0" in out and "there is no option 99" in out
    assert "type a number from 1 to" in out
    assert "is not a legal action" in out.split("bid 99", 1)[1]
    # The bad entries changed nothing: the game is the one the same good entries give.
    plain = tmp_path / "plain.json"
    again = run("play", "razzia", "--seed", "3", "--bots", "random", "--save", str(plain), input=MANY_ONES)
    assert again.exit_code == 0
    assert GameRecord.load(save).actions == GameRecord.load(plain).actions


def test_eof_saves_and_resume_finishes_as_an_uninterrupted_game(tmp_path: Path, user_data: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 15: a save goes to the user data folder, not the folder the person is in (that was the
    # repository under scripts/play); the resume command names it by its absolute path.
    monkeypatch.chdir(tmp_path)
    full = run("play", "razzia", "--seed", "11", "--bots", "random,heuristic", "--save", "full.json",
               input=MANY_ONES)
    assert full.exit_code == 0, full.output
    complete = GameRecord.load("full.json")

    cut = run("play", "razzia", "--seed", "11", "--bots", "random,heuristic", input="1\n" * 6)
    assert cut.exit_code == 0, cut.output
    saved = user_data / "saves" / "gangland-razzia-11.json"
    assert saved.exists() and not Path("gangland-razzia-11.json").exists()
    assert "Game saved after step" in cut.stdout
    assert f" play --resume {shlex.quote(str(saved))}" in cut.stdout
    partial = read_save(saved)
    assert partial.result is None and partial.seats == ["human", "random", "heuristic"]
    assert 0 < len(partial.actions) < len(complete.actions)
    assert partial.actions == complete.actions[:len(partial.actions)]

    resumed = run("play", "--resume", str(saved), input=MANY_ONES)
    assert resumed.exit_code == 0, resumed.output
    assert f"Resuming after step {len(partial.actions)}" in resumed.stdout
    finished = GameRecord.load(saved)  # a finished game is saved in full
    assert finished.actions == complete.actions
    assert finished.result == complete.result


def test_quit_saves_to_the_given_file(tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    result = run("play", "razzia", "--seed", "2", "--bots", "random", "--save", str(save), input="1\nquit\n")
    assert result.exit_code == 0, result.output
    record = read_save(save)
    assert record.result is None and record.seats[0] == "human"
    resume = f"{shlex.quote(sys.executable)} -m gangland play --resume {shlex.quote(str(save))}"
    assert f"Resume with:\n{resume}\n" in result.stdout


def test_ctrl_c_saves_the_game(tmp_path: Path, user_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    answers = iter(["1", "1", "1"])

    def read(console: Any, prompt: str = "", **kwargs: Any) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr("rich.console.Console.input", read)
    result = run("play", "razzia", "--seed", "8", "--seat", "2", "--bots", "random")  # --seat counts from 1
    assert result.exit_code == 130, result.output
    record = read_save(user_data / "saves" / "gangland-razzia-8.json")
    assert record.seats == ["random", "human", "random"]
    assert record.actions and record.result is None
    record.replay(RAZZIA)


def default_sigint() -> None:
    """In the child, before exec: Ctrl-C as a terminal-started process has it (default action, not
    blocked). An ignored or blocked SIGINT is inherited through exec from the test process, whatever
    earlier tests in the same worker did to it, and would make the child deaf to the signal."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_sigint_in_a_real_process_saves_the_game(tmp_path: Path) -> None:
    save = tmp_path / "sig.json"
    command = [sys.executable, "-c", "from gangland.cli import main; main()", "play", "razzia", "--seed", "5",
               "--bots", "random", "--save", str(save)]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            preexec_fn=default_sigint)
    assert proc.stdin is not None and proc.stdout is not None
    seen: list[str] = []
    reader = threading.Thread(target=lambda: seen.extend(iter(lambda: proc.stdout.read(1), "")),  # type: ignore[union-attr]
                              daemon=True)
    reader.start()
    proc.stdin.write("1\n1\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while "".join(seen).count("Your move>") < 3 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    code = proc.wait(timeout=30)
    reader.join(timeout=5)
    out = "".join(seen)
    assert code == 130, out
    assert "Game saved after step" in out
    record = read_save(save)
    assert record.result is None and record.seats == ["human", "random", "random"]
    assert len(record.actions) >= 2


def test_play_any_registered_game(sealed: SealedGame, tmp_path: Path) -> None:
    save = tmp_path / "sealed.json"
    result = run("play", "sealed", "--players", "3", "--seat", "3", "--seed", "1", "--option", "rounds=2",
                 "--save", str(save), input="knock\nf\n")
    assert result.exit_code == 0, result.output
    record = GameRecord.load(save)
    assert record.options == {"rounds": 2} and record.seats == ["random", "random", "human"]
    assert record.actions[2] == KNOCK and record.actions[5] == FOLD
    state = SEALED.new_game(3, 1, {"rounds": 2})
    mine = state.view(2)["mine"]
    others = {WORDS[w] for w in state.words} - {mine}  # type: ignore[attr-defined]
    assert f"Your word: {mine}" in result.stdout
    assert not any(word in result.stdout for word in others)


def test_resume_a_record_without_a_human_seat(sealed: SealedGame, tmp_path: Path) -> None:
    record = GameRecord.start(SEALED, 2, 4, None, ["random", "random"])
    path = tmp_path / "bots.json"
    record.save(path)
    assert_usage_error(run("play", "--resume", str(path)), "no human seat", "--seat")
    result = run("play", "--resume", str(path), "--seat", "2", input="1\n")
    assert result.exit_code == 0, result.output
    assert read_save(path).seats == ["random", "human"]


# -- simulate ------------------------------------------------------------------------------------

def test_simulate_prints_the_tables_and_writes_records(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run("simulate", "razzia", "--games", "6", "--players", "3", "--agents", "heuristic,random",
                 "--seed", "4", "--out", str(out))
    assert result.exit_code == 0, result.output
    text = result.stdout
    for word in ("By agent", "By seat", "win rate", "95% CI", "score", "fair share", "heuristic", "random",
                 "seat 2", "Game length: mean"):
        assert word in text
    lines = out.read_text().splitlines()
    assert len(lines) == 6
    for line in lines:
        record = GameRecord.loads(line)
        state = record.replay(RAZZIA)  # also checks the stored result
        assert state.is_over and state.result() == record.result


def test_simulate_jobs_do_not_change_the_results(tmp_path: Path) -> None:
    outputs = []
    for jobs in ("1", "2"):
        (tmp_path / jobs).mkdir()
        out = tmp_path / jobs / "games.jsonl"
        result = run("simulate", "razzia", "-n", "8", "-p", "4", "-a", "random,heuristic", "-s", "7",
                     "-j", jobs, "--out", str(out))
        assert result.exit_code == 0, result.output
        tables = result.stdout.split("By agent", 1)[1].split("records written")[0]
        outputs.append((tables, out.read_text()))
    assert outputs[0] == outputs[1]


def test_simulate_matches_the_core(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    result = run("simulate", "razzia", "-n", "3", "-p", "2", "-a", "random", "-s", "1",
                 "-o", "tiebreak=shared", "--out", str(out))
    assert result.exit_code == 0, result.output
    core = simulate(SimConfig("razzia", 2, ("random",), 3, 1, {"tiebreak": "shared"}))
    assert out.read_text().splitlines() == [r.dumps() for r in core.records]


def test_simulate_any_registered_game(sealed: SealedGame) -> None:
    result = run("simulate", "sealed", "-n", "5", "-p", "2")
    assert result.exit_code == 0, result.output
    assert "By agent" in result.stdout and "random" in result.stdout


# -- replay --------------------------------------------------------------------------------------

def test_replay_prints_every_step(tmp_path: Path) -> None:
    record = simulate(SimConfig("razzia", 3, ("random",), 1, seed=2)).records[0]
    path = tmp_path / "r.json"
    record.save(path)
    result = run("replay", str(path), "--seat", "2")  # the second seat: --seat counts from 1
    assert result.exit_code == 0, result.output
    total = len(record.actions)
    assert f"Step {total}/{total}" in result.stdout and "as seen by Seat 2" in result.stdout
    assert "Seat 2 (you)" in result.stdout and "Seat 1 (you)" not in result.stdout
    assert "Seat 0" not in result.stdout
    assert "Final result" in result.stdout
    spectator = run("replay", str(path))
    assert spectator.exit_code == 0
    assert "(you)" not in spectator.stdout and "as seen by a spectator" in spectator.stdout


def test_replay_shows_only_the_seats_view(sealed: SealedGame, tmp_path: Path) -> None:
    record = simulate(SimConfig("sealed", 3, ("random",), 1, seed=3, options={"rounds": 2})).records[0]
    path = tmp_path / "s.json"
    record.save(path)
    state = SEALED.new_game(3, record.seed, record.options)
    words = [state.view(s)["mine"] for s in range(3)]
    for seat in range(3):
        result = run("replay", str(path), "--seat", str(seat + 1))
        assert result.exit_code == 0, result.output
        assert result.stdout.count(f"Your word: {words[seat]}") == len(record.actions) + 1
        assert not any(word in result.stdout for s, word in enumerate(words) if s != seat)
    spectator = run("replay", str(path))
    assert spectator.exit_code == 0
    assert not any(word in spectator.stdout for word in words)


def test_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    record = GameRecord.start(RAZZIA, 2, 1, None, ["human", "random"])
    record.actions = [0, 0, 0]
    path = tmp_path / "u.json"
    record.save(path)
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "not finished" in result.stdout


def corrupt_records(tmp_path: Path) -> list[tuple[Path, str]]:
    good = simulate(SimConfig("razzia", 2, ("random",), 1)).records[0].to_json()
    cases: list[tuple[str, str, str]] = [
        ("notjson", "{not json", "not valid JSON"),
        ("format", json.dumps({**good, "format": "chess-pgn"}), "not a gangland game record"),
        ("field", json.dumps({**good, "seed": "seven"}), "'seed'"),
        ("game", json.dumps({**good, "game": "chess"}), "no game 'chess'"),
        ("version", json.dumps({**good, "game_version": "0.0"}), "version"),
        ("illegal", json.dumps({**good, "actions": [*good["actions"][:3], 999]}), "step 3"),
        ("result", json.dumps({**good, "result": {**good["result"], "winners": [7]}}), "result"),
        ("option", json.dumps({**good, "options": {"colour": "red"}}), "colour"),
    ]
    paths = []
    for name, text, reason in cases:
        path = tmp_path / f"{name}.json"
        path.write_text(text)
        paths.append((path, reason))
    return paths


def test_corrupt_or_mismatching_records_are_refused(tmp_path: Path) -> None:
    for path, reason in corrupt_records(tmp_path):
        assert_usage_error(run("replay", str(path)), reason)
        assert_usage_error(run("play", "--resume", str(path)), reason)
    assert_usage_error(run("replay", str(tmp_path / "missing.json")), "cannot read record")


# -- bad input -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "words"), [
    (["play", "monopoly"], ["no game 'monopoly'", "razzia"]),
    (["simulate", "monopoly"], ["no game 'monopoly'"]),
    (["play", "razzia", "--players", "7"], ["2, 3, 4, 5 players", "7"]),
    (["simulate", "razzia", "--players", "1"], ["players"]),
    (["play", "razzia", "--option", "colour=red"], ["no option 'colour'"]),
    (["play", "razzia", "--option", "tiebreak=coin"], ["tiebreak", "coin"]),
    (["play", "razzia", "--option", "tiebreak"], ["name=value"]),
    (["simulate", "razzia", "-o", "thief_takes_thief=maybe"], ["thief_takes_thief"]),
    (["play", "razzia", "--bots", "random,genius"], ["no agent 'genius'"]),
    (["play", "razzia", "--bots", "human"], ["one seat can be human"]),
    (["play", "razzia", "-p", "2", "--bots", "random,random"], ["2 bots", "1 other seats"]),
    (["simulate", "razzia", "--agents", "genius"], ["no agent 'genius'"]),
    (["simulate", "razzia", "--agents", ","], ["no agent"]),
    (["simulate", "razzia", "--games", "-3"], ["--games"]),
    (["play", "razzia", "--players", "3", "--seat", "4"], ["--seat must be 1..3"]),
    (["play", "razzia", "--players", "3", "--seat", "0"], ["--seat must be 1..3"]),
    (["play"], ["name a game"]),
    (["play", "--resume", "x.json", "--players", "3"], ["--players", "--resume"]),
    (["replay", "x.json", "--seat", "1"], ["cannot read record"]),
])
def test_bad_input_is_a_one_line_error(args: list[str], words: list[str]) -> None:
    assert_usage_error(run(*args, input=""), *words)


def test_replay_refuses_a_seat_that_is_not_in_the_game(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    simulate(SimConfig("razzia", 2, ("random",), 1)).records[0].save(path)
    assert_usage_error(run("replay", str(path), "--seat", "3"), "--seat must be 1..2")
    assert_usage_error(run("replay", str(path), "--seat", "0"), "--seat must be 1..2")


@pytest.mark.parametrize(("false", "true"), [("false", "true"), ("FALSE", "True")])
def test_bool_and_number_options_are_parsed_as_json(tmp_path: Path, false: str, true: str) -> None:
    # Issue 15: "`true`/`false` options accept any case and the error shows the spelling it accepts."
    save = tmp_path / "o.json"
    result = run("play", "razzia", "-p", "2", "-s", "1", "-b", "random", "-o", f"thief_takes_thief={false}",
                 "-o", f"court_on_empty_row={true}", "--save", str(save), input="quit\n")
    assert result.exit_code == 0, result.output
    options = read_save(save).options
    assert options["thief_takes_thief"] is False and options["court_on_empty_row"] is True


def test_a_bad_true_or_false_option_names_the_spelling_it_takes() -> None:
    assert_usage_error(run("play", "razzia", "-o", "thief_takes_thief=maybe", input=""),
                       "option 'thief_takes_thief' must be true or false, not 'maybe'")
    assert_usage_error(run("simulate", "razzia", "-o", "thief_takes_thief=1"), "must be true or false, not 1")


# -- games and the console script ----------------------------------------------------------------

def test_games_lists_every_registered_game(sealed: SealedGame) -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    for word in ("razzia", "Razzia!", "2-5 players", RAZZIA.version, "tiebreak", "highest_cheque", "shared",
                 "heuristic", "sealed", "2-3 players", "rounds"):
        assert word in result.stdout


def test_the_console_script_runs() -> None:
    proc = subprocess.run([sys.executable, "-c", "from gangland.cli import main; main()", "games"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "razzia" in proc.stdout
    proc = subprocess.run([sys.executable, "-c", "from gangland.cli import main; main()", "play", "nope"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == ("error: no game 'nope'; registered games: downtown, protection-racket, "
                                   "razzia, supergang")


def test_version_says_which_build_runs() -> None:
    # Issue 19: "`gangland --version` saying which build runs", told by the engine's module itself: an
    # extension module in the compiled build (mypyc), a .py file in the pure one.
    compiled = Path(gangland.engine.state.__file__).name.endswith(tuple(EXTENSION_SUFFIXES))
    expected = f"gangland {gangland.__version__} ({'compiled with mypyc' if compiled else 'pure Python'})"
    if os.environ.get("GANGLAND_EXPECT_BUILD"):  # scripts/test says which build this run is for
        assert compiled == (os.environ["GANGLAND_EXPECT_BUILD"] == "compiled")
    assert run("--version").stdout.strip() == expected
    proc = subprocess.run([sys.executable, "-m", "gangland", "--version"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == expected


def test_replay_reads_one_game_of_a_simulate_out_file(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    made = run("simulate", "razzia", "-n", "3", "-p", "3", "-a", "heuristic,random", "--out", str(out))
    assert made.exit_code == 0, made.output
    second = GameRecord.load_all(out)[1]
    shown = run("replay", str(out), "--game", "2", "--seat", "1")
    assert shown.exit_code == 0, shown.output
    assert f"{len(second.actions)} steps" in shown.output and "Winner" in shown.output
    beyond = run("replay", str(out), "--game", "4")
    assert beyond.exit_code == 2 and "holds 3 record(s); --game must be 1 to 3" in beyond.output


def test_a_save_path_that_cannot_be_written_is_refused_before_the_game(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "game.json"
    refused = run("play", "razzia", "--seed", "4", "--save", str(missing), input="1\n")
    assert refused.exit_code == 2 and "cannot save to" in refused.output
    assert "Your move" not in refused.output


def test_simulate_win_rates_are_per_game_with_a_fair_share() -> None:
    # An agent holding every seat wins every game: 100% of its games, fair share 100%.
    shown = run("simulate", "razzia", "-n", "4", "-p", "3", "-a", "random")
    assert shown.exit_code == 0, shown.output
    row = next(line for line in shown.output.splitlines() if line.startswith("random"))
    cells = [cell.strip() for cell in row.split("│")]
    # games, seats, wins, win rate, Wilson 95% interval of 4 out of 4, fair share
    assert cells[1:7] == ["4", "12", "4", "100.0%", "51.0-100.0%", "100.0%"]


def test_the_result_table_says_what_ranked_the_seats_and_how_the_game_ended() -> None:
    # Issue 31: "Supergang today shows scores 0/0/0/1 without the shops, money and ending that decided it".
    import io

    from rich.console import Console

    from gangland.agents import make_agent
    from gangland.cli.common import result_table
    from gangland.engine import play_match
    from gangland.games import get

    game = get("supergang")
    record = play_match(game, [make_agent("heuristic", game, s) for s in range(3)], 5, {"turn_limit": 2})
    result = record.replay(game).result()
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(result_table(result, ["Seat 1", "Seat 2", "Seat 3"]))
    shown = " ".join(console.export_text().split())
    assert "then: shops" in shown and "then: money" in shown
    assert "How it ended: stopped at the safety limit of 2 rounds (not a rule)" in shown
    for shops in (str(s["shops"]) for s in result.to_json()["standing"]):
        assert shops in shown
