"""The match runner: seats agents, asks the seat to act for its decision, and keeps the record."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .agent import Agent, Decision
from .errors import IllegalAction
from .game import Game
from .record import GameRecord
from .state import State

StepCallback = Callable[[State, int, int, State], None]
"""Called after each step with (state before, seat, action, state after)."""


def run_match(game: Game, agents: Sequence[Agent], record: GameRecord,
              on_step: StepCallback | None = None, max_steps: int = 1_000_000) -> State:
    """Play `record` to the end: replay its actions, then ask each seat's agent until the game is over.

    Actions are appended to `record.actions` as they are made, so a record interrupted (say by
    Ctrl-C) holds every step so far. Agents only ever see a Decision for their own seat. Returns the
    final state; `record.result` is filled in.
    """
    if len(agents) != record.players:
        raise ValueError(f"{record.players} seats but {len(agents)} agents")
    state = record.replay(game)
    steps = len(record.actions)
    while not state.is_over:
        if steps >= max_steps:
            raise RuntimeError(f"{game.id} did not end within {max_steps} steps")
        seat = state.to_act
        assert seat is not None
        legal = tuple(state.legal_actions())
        action = agents[seat].act(Decision(game, state, seat, legal))
        if action not in legal:
            raise IllegalAction(f"agent {agents[seat].name!r} in seat {seat} chose "
                                f"{game.action_name(state, action)!r} (id {action}), which is not legal")
        before = state.clone() if on_step is not None else state
        state.apply(action)
        record.actions.append(action)
        steps += 1
        if on_step is not None:
            on_step(before, seat, action, state)
    record.result = state.result()
    return state


def play_match(game: Game, agents: Sequence[Agent], seed: int, options: dict[str, object] | None = None,
               on_step: StepCallback | None = None) -> GameRecord:
    """Play a new game between `agents` (one per seat) and return its record."""
    record = GameRecord.start(game, len(agents), seed, options, [a.name for a in agents])
    run_match(game, agents, record, on_step)
    return record
