"""What a balance report reads from one finished game beyond its result: length and events.

Each game computes its facts from the game record by replaying it (`replay_steps`), never from
anything a record does not determine. The score breakdown is the result's own (`Result.breakdown`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .errors import RecordError
from .record import GameRecord, RecordedGame
from .state import JSON, State


@dataclass(frozen=True)
class GameFacts:
    """One game's facts for a report.

    `length`: decisions, and turns and rounds where the game has them. `events`: counts per game (a
    report shows their means and distributions), e.g. {"police drawn": 19}. `values`: the sizes of
    repeated events, e.g. {"mob war size": (4, 2)}. `ending`: how the game ended, where it can end in
    more than one way. `seat_events`: per seat, what it did (a report compares winners with the rest),
    e.g. ({"robberies": 6}, {"robberies": 2}, ...).
    """

    length: dict[str, int]
    events: dict[str, float] = field(default_factory=dict)
    values: dict[str, tuple[float, ...]] = field(default_factory=dict)
    ending: str | None = None
    seat_events: tuple[dict[str, float], ...] = ()

    def to_json(self) -> dict[str, JSON]:
        """As JSON-ready data."""
        return {"length": dict(self.length), "events": dict(self.events),
                "values": {k: list(v) for k, v in self.values.items()}, "ending": self.ending,
                "seat_events": [dict(e) for e in self.seat_events]}


def replay_steps(game: RecordedGame, record: GameRecord) -> Iterator[tuple[State, int | None, int]]:
    """Replay `record` step by step: (the state after the step, the seat that acted, the action).

    The state is the same object throughout (read it, do not keep it). RecordError if the record is of
    another game or version.
    """
    if record.game != game.id or record.game_version != game.version:
        raise RecordError(f"a record of {record.game} {record.game_version} cannot be replayed by "
                          f"{game.id} {game.version}")
    state = game.new_game(record.players, record.seed, record.options)
    for action in record.actions:
        actor = state.to_act
        state.apply(action)
        yield state, actor, action
