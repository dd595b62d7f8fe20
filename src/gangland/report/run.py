"""Playing a report's games: one or two sides (a comparison), records saved as they come, resumed.

A side is a `SimConfig`. Both sides of a comparison share the base seed, so game i of each is dealt the
same seed and the same seating: differences are paired game by game. Records go to
`DIR/records-<side>.jsonl` one line per game as each comes in; a rerun reads them back, keeps the games
it would have played itself (same seed, seats and options, in order), and plays only the rest.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gangland.engine import JSON, Game, GameRecord, GanglandError, OptionError, RecordError
from gangland.games import get
from gangland.sim import SimConfig, game_seed, iter_records

__all__ = ["GameDidNotEnd", "Side", "load_saved", "parse_compare", "play_sides", "records_path", "write_json"]



@dataclass(frozen=True)
class Side:
    """One side of a report: a label ("edition=2013", or "all" when nothing is compared) and its run."""

    label: str
    config: SimConfig
    changed: Mapping[str, JSON] = field(default_factory=dict)
    """What this side sets differently from the other (an option, or the agents)."""


def parse_compare(spec: str, game: Game, base: SimConfig) -> tuple[Side, Side]:
    """`edition=2013,current` (an option and two values) or `agents=heuristic/random,heuristic` (two
    agent line-ups, separated by '/') to the two sides; OptionError naming what is wrong."""
    name, sep, values = spec.partition("=")
    name = name.strip()
    if not sep or not name:
        raise OptionError(f"--compare takes name=value1,value2 (or agents=line-up/line-up), not {spec!r}")
    if name == "agents":
        lineups = [tuple(a.strip() for a in part.split(",") if a.strip()) for part in values.split("/")]
        if len(lineups) != 2 or not all(lineups):
            raise OptionError(f"--compare agents= takes two agent line-ups separated by '/', not {values!r}")
        sides = tuple(Side("agents=" + ",".join(lineup),
                           SimConfig(base.game, base.players, lineup, base.games, base.seed,
                                     dict(base.options)),
                           {"agents": ",".join(lineup)}) for lineup in lineups)
    else:
        from gangland.cli.common import parse_options  # how the command line reads a value, once

        raw = [v.strip() for v in values.split(",")]
        if len(raw) != 2 or not all(raw) or raw[0] == raw[1]:
            raise OptionError(f"--compare {name}= takes two different values separated by a comma, "
                              f"not {values!r}")
        if name in base.options:
            raise OptionError(f"option {name!r} is both set with --option and compared")
        parsed = [parse_options([f"{name}={v}"], game)[name] for v in raw]
        sides = tuple(Side(f"{name}={text}",
                           SimConfig(base.game, base.players, base.agents, base.games, base.seed,
                                     {**base.options, name: value}), {name: value})
                      for text, value in zip(raw, parsed, strict=True))
    for side in sides:
        side.config.check()
    return sides[0], sides[1]


def records_path(out: Path, side: Side, sides: int) -> Path:
    """Where a side's records are saved: records.jsonl, or records-<n>.jsonl for side n of two."""
    if sides == 1:
        return out / "records.jsonl"
    return out / f"records-{side.label.partition('=')[0]}-{_slug(side.label.partition('=')[2])}.jsonl"


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in text)[:60] or "_"


def _expected(config: SimConfig, game: Game, index: int) -> dict[str, Any]:
    return {"game": game.id, "game_version": game.version, "players": config.players,
            "seed": game_seed(config.seed, index), "seats": config.seats(index),
            "options": game.resolve_options(config.options)}


def load_saved(path: Path, config: SimConfig) -> list[GameRecord]:
    """The saved records at the start of `path` that this run would play itself, in order (at most
    config.games); the file is cut back to them, so that a half-written last line is dropped.

    RecordError if the file holds games of another run (another seed, options or agents): a report
    folder holds one report.
    """
    if not path.exists():
        return []
    game = get(config.game)
    kept: list[GameRecord] = []
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    good_text = []
    for index, line in enumerate(lines):
        if index >= config.games:
            break
        try:
            record = GameRecord.loads(line)
        except RecordError:
            break  # an interrupted write: the games from here on are played again
        found = {"game": record.game, "game_version": record.game_version, "players": record.players,
                 "seed": record.seed, "seats": record.seats, "options": record.options}
        if found != _expected(config, game, index):
            raise RecordError(f"{path} line {index + 1} is a game of another run (another game, version, "
                              "seed, agents or options): give this report its own --out folder")
        if record.result is None:
            break
        kept.append(record)
        good_text.append(line if line.endswith("\n") else line + "\n")
    if len(good_text) != len(lines):
        path.write_text("".join(good_text), encoding="utf-8")
    return kept


class GameDidNotEnd(GanglandError):
    """A game of a report went on past the match runner's step limit (its bots never end it)."""


def play_sides(sides: tuple[Side, ...], out: Path, jobs: int, backend: str,
               on_record: Callable[[int], None] | None = None) -> tuple[list[list[GameRecord]], int]:
    """Every side's records, saved ones first, the rest played (and appended to the side's file as
    each comes in); `on_record(done)` after each game played. Returns the records and the number of
    games loaded from saved records."""
    out.mkdir(parents=True, exist_ok=True)
    results: list[list[GameRecord]] = []
    loaded = 0
    for side in sides:
        path = records_path(out, side, len(sides))
        records = load_saved(path, side.config)
        loaded += len(records)
        results.append(records)
    done = loaded
    if on_record is not None and loaded:
        on_record(done)
    for side, records in zip(sides, results, strict=True):
        path = records_path(out, side, len(sides))
        with path.open("a", encoding="utf-8") as sink:
            try:
                for record in iter_records(side.config, jobs, backend, start=len(records)):
                    sink.write(record.dumps() + "\n")
                    sink.flush()  # a record on disk is a game a rerun need not play again
                    records.append(record)
                    done += 1
                    if on_record is not None:
                        on_record(done)
            except RuntimeError as exc:  # run_match's step limit: the bots never end this game
                index = len(records)
                raise GameDidNotEnd(
                    f"{side.label if len(sides) > 1 else side.config.game} game {index} (seed "
                    f"{game_seed(side.config.seed, index)}) did not end: {exc}. A report needs every game to "
                    "end; where the game has a turn_limit option, --option turn_limit=N ends such games "
                    "(the report counts them among its endings)") from exc
    return results, loaded


def write_json(path: Path, data: Mapping[str, Any]) -> None:
    """JSON with two-space indents, keys in the order the report builds them: a diffable report.json."""
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
