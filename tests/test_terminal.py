"""The person's prompt in `gangland play` (issue 15, "Terminal play"): the screen fits 80 x 24, long
menus ask in two steps, a forced single choice is played without asking, '?' explains the decision,
'more' shows the whole table."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from gangland.cli.human import HumanAgent, Menu, UndoMove
from gangland.engine import Decision, Game, GanglandError, Result, State
from gangland.games import all_games, get

from .scale import many


class ScriptedConsole(Console):
    """A console 80 x 24 that answers the prompt from a script and keeps what it printed."""

    def __init__(self, answers: list[str], width: int = 80) -> None:
        super().__init__(file=io.StringIO(), width=width, height=24, color_system=None, highlight=False)
        self.answers = list(answers)
        self.prompts = 0

    def input(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        self.prompts += 1
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    @property
    def text(self) -> str:
        file = self.file
        assert isinstance(file, io.StringIO)
        return file.getvalue()


class ToyGame(Game):
    """Forty actions in four groups of ten: too long for one menu."""

    id = "toy"
    name = "Toy"
    version = "0"
    player_counts = (2,)
    num_actions = 40

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> Any:
        raise NotImplementedError

    def action_name(self, state: Any, action: int) -> str:
        return f"deploy {action % 10 + 1} mobsters to the site called {'ABCD'[action // 10]}"

    def menu_choice(self, state: Any, action: int) -> tuple[str, str] | None:
        return f"site {'ABCD'[action // 10]}", f"{action % 10 + 1} mobsters"

    def inventory(self, state: Any) -> dict[str, int]:
        return {}

    def render(self, view: dict[str, Any]) -> str:
        return "the whole toy table"

    def screen(self, view: dict[str, Any], width: int = 80) -> str:
        return "toy board"

    def rules_help(self, view: dict[str, Any]) -> str:
        return "Deploy mobsters: the rules of toy."


class ToyState(State):
    """Only what the prompt asks of a state: its legal actions and its view."""

    def __init__(self, legal: tuple[int, ...]) -> None:
        self.legal = legal

    def legal_actions(self) -> list[int]:
        return list(self.legal)

    def view(self, seat: object) -> dict[str, Any]:
        return {"phase": "deploy"}

    players = 2
    to_act = 0

    def apply(self, action: object) -> None:
        raise NotImplementedError

    def result(self) -> Result:
        raise NotImplementedError

    def clone(self) -> ToyState:
        raise NotImplementedError

    def determinize(self, seat: object, rng: random.Random) -> ToyState:
        raise NotImplementedError


def toy_decision(legal: tuple[int, ...] = tuple(range(40))) -> Decision:
    return Decision(ToyGame(), ToyState(legal), 0, legal)


def test_a_long_menu_asks_for_the_group_then_the_item() -> None:
    # Issue 15: "Choose in two steps where a list gets long (Protection Racket: site, then how many)".
    decision = toy_decision()
    top = Menu.of(decision, 80)
    assert top.labels == ["site A", "site B", "site C", "site D"]
    console = ScriptedConsole(["3", "7"])
    assert HumanAgent(ToyGame(), 0, console).act(decision) == 26  # site C, 7 mobsters
    assert "Your options in site C" in console.text and "7 mobsters" in console.text


def test_back_returns_to_the_groups_and_a_full_name_works_at_once() -> None:
    console = ScriptedConsole(["2", "back", "4", "1"])
    assert HumanAgent(ToyGame(), 0, console).act(toy_decision()) == 30
    console = ScriptedConsole(["deploy 5 mobsters to the site called B"])
    assert HumanAgent(ToyGame(), 0, console).act(toy_decision()) == 14


def test_the_second_step_takes_its_labels_as_typed() -> None:
    # A review found "3 mobsters" refused in the second step, with every legal action listed.
    console = ScriptedConsole(["2", "3 MOBSTERS"])
    assert HumanAgent(ToyGame(), 0, console).act(toy_decision()) == 12
    console = ScriptedConsole(["1", "10 mob"])
    assert HumanAgent(ToyGame(), 0, console).act(toy_decision()) == 9


def test_a_wrong_name_in_a_long_menu_is_a_one_line_error() -> None:
    console = ScriptedConsole(["3 mob", "1", "1"])
    HumanAgent(ToyGame(), 0, console).act(toy_decision())
    errors = [line for line in console.text.splitlines() if "'3 mob'" in line and "Your move" not in line]
    assert errors == ["  '3 mob' is not a legal action; type 1 to 4, a name, or '?'"]


def test_a_group_of_one_says_what_it_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    # A review found a group with one action shown as the group alone, though picking it plays the
    # action: "every choice says what is being chosen".
    legal = (*range(10), 20, *range(30, 40))
    top = Menu.of(toy_decision(legal), 80)
    assert top.labels == ["site A", "site C: 1 mobsters", "site D"] and top.entries[1] == 20
    # Where such labels would not fit, the group of one opens a second step of one item, which says it.
    monkeypatch.setattr("gangland.cli.human.MENU_ROWS", 3)
    top = Menu.of(toy_decision(legal), 14)
    single = top.entries[1]
    assert top.labels == ["site A", "site C", "site D"] and isinstance(single, Menu)
    assert single.labels == ["1 mobsters"] and single.entries == [20]


class ToyWithDone(ToyGame):
    """Action 39 is "done", a group of its own: group and item read the same."""

    def action_name(self, state: Any, action: int) -> str:
        return "done" if action == 39 else super().action_name(state, action)

    def menu_choice(self, state: Any, action: int) -> tuple[str, str] | None:
        return ("done", "done") if action == 39 else super().menu_choice(state, action)


def test_an_action_that_is_a_group_of_its_own_is_named_once() -> None:
    legal = tuple(range(40))
    top = Menu.of(Decision(ToyWithDone(), ToyState(legal), 0, legal), 80)
    assert top.labels[-1] == "done" and top.entries[-1] == 39


def test_a_short_menu_is_one_step() -> None:
    decision = toy_decision((0, 11, 22))
    assert Menu.of(decision, 80).entries == [0, 11, 22]
    console = ScriptedConsole(["2"])
    assert HumanAgent(ToyGame(), 0, console).act(decision) == 11


def test_a_single_choice_is_played_without_asking_and_said_so() -> None:
    # Issue 15: "play a forced single choice without asking (say so in the log)".
    console = ScriptedConsole([])
    agent = HumanAgent(ToyGame(), 0, console)
    assert agent.act(toy_decision((17,))) == 17
    assert console.prompts == 0 and agent.played_for_you
    console.answers = ["1"]
    assert agent.act(toy_decision((3, 17))) == 3 and not agent.played_for_you


def test_the_log_says_a_forced_choice_was_played_for_the_person() -> None:
    # Issue 15: "play a forced single choice without asking (say so in the log)": the session's
    # narration of the person's step carries the note.
    from gangland.cli.play import PlaySession
    from gangland.engine import GameRecord

    game = get("razzia")
    record = GameRecord.start(game, 2, 5, None, ["human", "random"])
    console = ScriptedConsole([])
    session = PlaySession(game, record, 0, console, Path("unused.json"))
    state = game.new_game(2, 5)
    before, action = state.clone(), state.legal_actions()[0]
    state.apply(action)
    session.human.played_for_you = True
    session.on_step(before, 0, action, state)
    session.human.played_for_you = False
    session.on_step(before, 0, action, state)
    lines = console.text.splitlines()
    assert lines[0].endswith("(your only choice, played for you)")
    assert "only choice" not in lines[1]


def test_question_mark_shows_the_rules_of_the_decision_and_more_the_whole_table() -> None:
    # Issue 15: "`?` or `help` shows the rules summary for the present decision."
    console = ScriptedConsole(["?", "more", "help", "1", "1"])
    HumanAgent(ToyGame(), 0, console).act(toy_decision())
    assert console.text.count("Deploy mobsters: the rules of toy.") == 2
    assert "the whole toy table" in console.text


def test_bad_entries_get_an_error_and_the_prompt_again() -> None:
    console = ScriptedConsole(["9", "", "fly away", "1", "0", "12", "2"])
    assert HumanAgent(ToyGame(), 0, console).act(toy_decision()) == 1
    assert "there is no option 9; choose 1 to 4" in console.text
    assert "there is no option 0; choose 1 to 10" in console.text


def test_undo_only_where_the_table_allows_it() -> None:
    console = ScriptedConsole(["undo", "1", "1"])
    assert HumanAgent(ToyGame(), 0, console).act(toy_decision()) == 0
    assert "undo is off" in console.text
    agent = HumanAgent(ToyGame(), 0, ScriptedConsole(["undo"]))
    agent.can_undo = True
    with pytest.raises(UndoMove):
        agent.act(toy_decision())


def game_decisions(game: Game, seed: int, steps: int) -> Iterator[Decision]:
    """Decisions of a random game at the game's largest player count (its first set-up there)."""
    players, options = max(game.configurations(), key=lambda config: config[0])
    state = game.new_game(players, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.to_act is None:
            return
        legal = tuple(state.legal_actions())
        yield Decision(game, state, state.to_act, legal)
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_the_whole_screen_fits_80_by_24_with_the_largest_table(game_id: str) -> None:
    # Issue 15: "Fit 80 x 24: every game's screen must fit, with the board and the options visible
    # together." The board, the rule line, the menu (its first step) and the prompt line: <= 24 lines.
    game = get(game_id)
    agent = HumanAgent(game, 0, ScriptedConsole([]))
    for seed in range(many(2, 10)):
        for decision in game_decisions(game, seed, many(300, 2000)):
            if len(decision.legal_actions) == 1:
                continue
            console = ScriptedConsole([])
            agent.console, agent.seat = console, decision.seat
            agent.shown_help = False  # the one-line hint under the first menu of a game counts too
            agent.show_board(decision)
            lines = console.text.splitlines()
            assert len(lines) + 1 <= 24, "\n".join(lines)
            assert max(len(line) for line in lines) <= 80
            rule = next(line for line in lines if line.startswith("Your options"))
            assert "you are Seat" in rule and "…" not in rule, rule  # the rule line is not cut short


def test_choose_refuses_an_illegal_name() -> None:
    with pytest.raises(GanglandError):
        HumanAgent(ToyGame(), 0, ScriptedConsole([])).choose(toy_decision((1, 2)), "nothing like it")
