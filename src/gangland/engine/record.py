"""Game records: what is needed to replay a game exactly (game, version, options, seed, actions)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from .errors import GanglandError, RecordError
from .state import JSON, Result, State

FORMAT = "gangland-record"
FORMAT_VERSION = 1


class RecordedGame(Protocol):
    """What a record asks of its game to start and replay it. Every `Game` is one: engine.game imports
    this module (a Game's `facts` read a record), so this module names the game by what it is asked."""

    @property
    def id(self) -> str:
        """The game's registry key."""
        ...

    @property
    def version(self) -> str:
        """The rules-engine version that wrote or replays a record."""
        ...

    def check_players(self, players: int) -> None:
        """OptionError unless `players` is a supported player count."""
        ...

    def resolve_options(self, options: Mapping[str, JSON] | None) -> dict[str, JSON]:
        """All options with defaults filled in."""
        ...

    def new_game(self, players: int, seed: int, options: Mapping[str, JSON] | None = None) -> State:
        """Set up a new game."""
        ...


@dataclass
class GameRecord:
    """A game as JSON: game id and version, options, seed, seats (agent names) and the action ids.

    The record is the referee's copy: with the seed it determines every hidden card, so it is for
    replay and study, not for handing to a player mid-game.

    `undo` says the table allowed a person to take moves back (`gangland play --undo`) and `undos`
    how many times they did: such a game is not a fair one for study or rating. Both are written
    only when undo was allowed, so records of other games (simulate's) are as they always were.
    """

    game: str
    game_version: str
    players: int
    options: dict[str, JSON]
    seed: int
    seats: list[str]
    actions: list[int] = field(default_factory=list)
    result: Result | None = None
    undo: bool = False
    undos: int = 0

    @classmethod
    def start(cls, game: RecordedGame, players: int, seed: int, options: dict[str, JSON] | None,
              seats: list[str]) -> GameRecord:
        """A record of a game not yet played (options resolved, seats checked)."""
        game.check_players(players)
        if len(seats) != players:
            raise RecordError(f"{players} players but {len(seats)} seats given")
        return cls(game.id, game.version, players, game.resolve_options(options), seed, list(seats))

    def to_json(self) -> dict[str, JSON]:
        """The record as JSON-ready data."""
        data: dict[str, JSON] = {
            "format": FORMAT, "format_version": FORMAT_VERSION,
            "game": self.game, "game_version": self.game_version, "players": self.players,
            "options": dict(self.options), "seed": self.seed, "seats": list(self.seats),
            "actions": list(self.actions),
            "result": None if self.result is None else self.result.to_json(),
        }
        if self.undo or self.undos:
            data.update(undo=self.undo, undos=self.undos)
        return data

    @classmethod
    def from_json(cls, data: JSON) -> GameRecord:
        """Read a record; RecordError naming the first field that is missing or malformed."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a gangland game record (format is {data.get('format')!r})")
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(f"record format version {data.get('format_version')!r} is not supported "
                              f"(this gangland reads version {FORMAT_VERSION})")
        expect: list[tuple[str, type]] = [("game", str), ("game_version", str), ("players", int),
                                          ("options", dict), ("seed", int), ("seats", list),
                                          ("actions", list)]
        for name, kind in expect:
            value = data.get(name)
            if type(value) is not kind:
                raise RecordError(f"record field {name!r} must be {kind.__name__}, not {value!r}")
        if not all(type(a) is int for a in data["actions"]):
            bad = next(a for a in data["actions"] if type(a) is not int)
            raise RecordError(f"record field 'actions' holds {bad!r}, not an action id")
        if not all(type(s) is str for s in data["seats"]):
            raise RecordError("record field 'seats' must hold agent names")
        undo, undos = data.get("undo", False), data.get("undos", 0)
        if type(undo) is not bool:
            raise RecordError(f"record field 'undo' must be true or false, not {undo!r}")
        if type(undos) is not int or undos < 0 or (undos and not undo):
            raise RecordError(f"record field 'undos' must count undos where undo is on, not {undos!r}")
        result = None if data.get("result") is None else Result.from_json(data["result"])
        return cls(data["game"], data["game_version"], data["players"], data["options"], data["seed"],
                   list(data["seats"]), list(data["actions"]), result, undo, undos)

    def dumps(self) -> str:
        """The record as one line of JSON."""
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Parse a record from JSON text; RecordError if it is not valid JSON or not a record."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @staticmethod
    def read_text(path: str | Path) -> str:
        """The text of a record file; RecordError naming the file if it cannot be read."""
        try:
            return Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"cannot read record {str(path)!r}: {exc}") from None

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record written by `save`; RecordError (naming the file) if it is unreadable or corrupt."""
        text = cls.read_text(path)
        try:
            return cls.loads(text)
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from None

    @classmethod
    def read_lines(cls, path: str | Path) -> list[tuple[int, GameRecord | RecordError]]:
        """Every record in a file with the number of the line it is on: one record as `save` writes it,
        or one per non-blank line (JSON Lines).

        A damaged line of a JSON Lines file stands in its place as its RecordError (naming the file
        and line), so one bad line leaves the others readable and game numbers never shift. RecordError
        if the file cannot be read, or if not one of its lines is a record (one damaged record).
        """
        text = cls.read_text(path)
        lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
        try:
            return [(lines[0][0] if lines else 1, cls.loads(text))]
        except RecordError as whole:
            if len(lines) < 2:
                raise RecordError(f"{path}: {whole}") from None
            error = whole
        entries: list[tuple[int, GameRecord | RecordError]] = []
        for number, line in lines:
            try:
                entries.append((number, cls.loads(line)))
            except RecordError as exc:
                entries.append((number, RecordError(f"{path} line {number}: {exc}")))
        if all(isinstance(entry, RecordError) for _, entry in entries):
            try:  # one JSON document over many lines: its own error says more than its lines'
                json.loads(text)
            except json.JSONDecodeError:
                raise RecordError(f"no line is a game record; the first: {entries[0][1]}") from None
            raise RecordError(f"{path}: {error}")
        return entries

    @classmethod
    def load_all(cls, path: str | Path) -> list[GameRecord]:
        """Every record in a file (see `read_lines`); RecordError naming the file, and the line for JSON
        Lines, if any record is damaged."""
        records = []
        for _, entry in cls.read_lines(path):
            if isinstance(entry, RecordError):
                raise entry
            records.append(entry)
        return records

    def replay(self, game: RecordedGame, upto: int | None = None) -> State:
        """The state after the first `upto` actions (all by default), checking the record as it goes.

        RecordError if the record names another game or version, has bad options, holds an illegal
        action, or claims a result the replay does not reach.
        """
        if game.id != self.game:
            raise RecordError(f"record is of game {self.game!r}, not {game.id!r}")
        if game.version != self.game_version:
            raise RecordError(f"record was written by {self.game} version {self.game_version}; "
                              f"this is version {game.version}, which may replay it differently")
        if len(self.seats) != self.players:
            raise RecordError(f"record has {self.players} players but {len(self.seats)} seats")
        try:
            state = game.new_game(self.players, self.seed, self.options)
        except GanglandError as exc:
            raise RecordError(f"record cannot set up its game: {exc}") from None
        actions = self.actions if upto is None else self.actions[:upto]
        for step, action in enumerate(actions):
            try:
                state.apply(action)
            except GanglandError as exc:
                raise RecordError(f"record step {step}: {exc}") from None
        if upto is None and self.result is not None:
            if not state.is_over:
                raise RecordError(f"record claims a result but its {len(actions)} actions "
                                  "do not end the game")
            if state.result() != self.result:
                raise RecordError("record's result does not match the replayed game")
        return state
