"""The undo rule every front end shares (gangland.engine.undo): which steps an undo takes back, at a fair
table (people) and a practice one (the terminal against its bots), and the test of whether a step showed
anyone something new.

Issue 31: "a person may take back their last decision until another seat has acted or the decision showed
anyone something new (a drawn or looked-at card)".
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from gangland.engine import GameRecord, State
from gangland.engine.undo import UndoRefused, forced, plan_take_back, shows_something_new
from gangland.games import all_games, get


def record_until(game_id: str, players: int, seed: int, stop: Callable[[State, GameRecord], bool],
                 options: dict[str, object] | None = None, limit: int = 3000) -> tuple[GameRecord, State]:
    """A game of random moves (seeded) played until `stop(state, record)`: its record and state then."""
    game = get(game_id)
    record = GameRecord.start(game, players, seed, options, ["random"] * players)
    state = game.new_game(players, seed, record.options)
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(state, record):
            return record, state
        assert not state.is_over, "the game ended before the moment the test needs"
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(action)
    raise AssertionError("the moment the test needs never came")


def played(record: GameRecord, state: State, action: int) -> None:
    """`action` made in `state` and kept in `record`."""
    state.apply(action)
    record.actions.append(action)


def test_nothing_to_take_back_before_a_first_decision() -> None:
    record = GameRecord.start(get("razzia"), 3, 1, None, ["random"] * 3)
    for fair in (True, False):
        with pytest.raises(UndoRefused) as refused:
            plan_take_back(get("razzia"), record, 0, fair=fair)
        assert refused.value.code == "nothing" and "not made a decision" in str(refused.value)


def test_a_decision_that_showed_nothing_goes_back_and_single_choices_after_it_go_with_it() -> None:
    # Supergang is public: choosing which character moves shows nobody anything; the stop that follows is
    # often the only one the die allows, a step with one legal action that goes back with the decision.
    game = get("supergang")

    def decided_then_forced(state: State, record: GameRecord) -> bool:
        if len(record.actions) < 2 or state.is_over:
            return False
        before = game.new_game(3, record.seed, record.options)
        for action in record.actions[:-2]:
            before.apply(action)
        middle = before.clone()
        middle.apply(record.actions[-2])
        return (before.to_act == middle.to_act == state.to_act and len(before.legal_actions()) > 1
                and forced(middle.legal_actions()) and game.action_name(before, record.actions[-2])
                .startswith("move "))

    record, state = record_until("supergang", 3, 4, decided_then_forced, {"turn_limit": 3})
    seat = state.to_act
    assert seat is not None
    back = plan_take_back(game, record, seat, fair=True)
    assert back.step == len(record.actions) - 2
    assert back.name.startswith("move ") and len(back.later) == 1 and back.later[0][0] == seat


def test_a_fair_undo_is_refused_once_another_seat_moved() -> None:
    game = get("supergang")

    def another_moved(state: State, record: GameRecord) -> bool:
        # The last step is another seat's than the decision (not a single choice) before it.
        made = steps(record)
        return len(made) >= 2 and made[-1][0] != made[-2][0] and not made[-2][1]

    record, _ = record_until("supergang", 3, 2, another_moved, {"turn_limit": 3})
    previous = steps(record)[-2][0]
    with pytest.raises(UndoRefused) as refused:
        plan_take_back(game, record, previous, fair=True)
    assert refused.value.code == "not_now" and "another seat has moved since" in str(refused.value)
    # At the practice table the others' steps go back with it.
    back = plan_take_back(game, record, previous, fair=False)
    assert back.step == len(record.actions) - 2
    assert [actor for actor, _ in back.later] == [steps(record)[-1][0]]


def steps(record: GameRecord) -> list[tuple[int, bool]]:
    """The seat that made each step of the record, and whether the step was its only legal action."""
    state = get(record.game).new_game(record.players, record.seed, record.options)
    made = []
    for action in record.actions:
        assert state.to_act is not None
        made.append((state.to_act, forced(state.legal_actions())))
        state.apply(action)
    return made


def test_a_card_drawn_closes_the_undo_but_a_practice_table_takes_it_back() -> None:
    # Razzia!: drawing turns up the top card of the deck for everyone.
    game = get("razzia")

    def may_draw(state: State, record: GameRecord) -> bool:
        return any(game.action_name(state, a) == "draw a card" for a in state.legal_actions()) \
            and len(state.legal_actions()) > 1

    record, state = record_until("razzia", 3, 7, may_draw)
    seat = state.to_act
    assert seat is not None
    draw = next(a for a in state.legal_actions() if game.action_name(state, a) == "draw a card")
    assert shows_something_new(state, draw, 1) is not None
    played(record, state, draw)
    assert not state.is_over
    with pytest.raises(UndoRefused) as refused:
        plan_take_back(game, record, seat, fair=True)
    assert refused.value.code == "shown", str(refused.value)
    assert "showed" in str(refused.value) and "'draw a card'" in str(refused.value)
    assert plan_take_back(game, record, seat, fair=False).step == len(record.actions) - 1


def test_the_game_over_closes_the_undo() -> None:
    game = get("protection-racket")
    record, _ = record_until("protection-racket", 2, 3, lambda s, r: s.is_over)
    seat = steps(record)[-1][0]
    with pytest.raises(UndoRefused) as refused:
        plan_take_back(game, record, seat, fair=True)
    assert refused.value.code == "not_now" and "game is over" in str(refused.value)


REVEALING_TABLES: dict[str, tuple[int, dict[str, object]]] = {
    "razzia": (3, {}), "downtown": (3, {}), "protection-racket": (3, {}), "supergang": (3, {"turn_limit": 4})}
"""The table each game is checked at (Supergang's short); a game not named here is played at its default
player count with its default options."""


@pytest.mark.parametrize(("game_id", "players", "options"), [
    (game.id, *REVEALING_TABLES.get(game.id, (game.default_players, {}))) for game in all_games()])
def test_what_shows_something_new_in_every_game(game_id: str, players: int,
                                                options: dict[str, object]) -> None:
    """A step shows nothing new exactly when every seat's view after it follows from its view before and
    the action. Checked against what each game is known to reveal: a card drawn (Razzia!, Downtown's
    fence and stooge piles, Protection Racket's city), dice rolled (Supergang's next turn); and against
    what never reveals: the choice of a character in public Supergang, a Razzia! bid that leaves the
    auction open. The answer is repeatable (seeded)."""
    game = get(game_id)
    state = game.new_game(players, 11, options)
    rng = random.Random(11)
    shown = quiet = 0
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        name = game.action_name(state, action)
        seen = shows_something_new(state, action, len(name))
        assert seen == shows_something_new(state, action, len(name)), "not repeatable"
        if game_id == "razzia" and name == "draw a card":
            assert seen is not None, "a card drawn was not seen as shown"
        if game_id == "supergang" and name.startswith("move seat"):
            assert seen is None, f"choosing a character ({name}) was seen as showing something"
        if seen is None:
            quiet += 1
            # Whatever seat's view: the same after the action from any state that seat cannot tell apart.
            after = state.clone()
            after.apply(action)
            for seat in range(players):
                twin = state.determinize(seat, random.Random(quiet))
                if action in twin.legal_actions():
                    twin.apply(action)
                    assert twin.view(seat) == after.view(seat)
        else:
            shown += 1
        state.apply(action)
    assert shown and quiet, (shown, quiet)
