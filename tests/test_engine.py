"""The engine contract: registry, options, records, the match runner and the agent boundary."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gangland.agents import RandomAgent, make_agent
from gangland.engine import (
    Decision,
    GameRecord,
    IllegalAction,
    OptionError,
    OptionSpec,
    PhaseState,
    RecordError,
    Result,
    SeatError,
    UnknownGame,
    ViewEncoding,
    mix_seed,
    play_match,
    rank_by,
    run_match,
    splitmix64,
)
from gangland.games import all_games, get

RAZZIA = get("razzia")


def finished_record(seed: int = 3, players: int = 3) -> GameRecord:
    return play_match(RAZZIA, [RandomAgent(s) for s in range(players)], seed=seed)


# -- registry and options ----------------------------------------------------------------------

def test_registry_finds_games_and_names_the_known_ones() -> None:
    assert get("razzia") is RAZZIA and RAZZIA in all_games()
    with pytest.raises(UnknownGame, match="razzia"):
        get("monopoly")


def test_every_game_has_a_version_and_declares_its_options() -> None:
    for game in all_games():
        assert game.version and game.player_counts and game.num_actions > 0
        described = json.loads(json.dumps(game.describe()))
        assert described["id"] == game.id
        for spec in game.options:
            assert spec.default in spec.choices and spec.doc


def test_unknown_option_and_bad_values_are_refused_with_the_choices() -> None:
    with pytest.raises(OptionError, match="no option 'speed'"):
        RAZZIA.new_game(4, 1, {"speed": "fast"})
    with pytest.raises(OptionError, match="allowed: 'literal', 'nobody'"):
        RAZZIA.new_game(4, 1, {"all_tied": "everyone"})
    with pytest.raises(OptionError, match="thief_takes_thief"):
        RAZZIA.new_game(4, 1, {"thief_takes_thief": 1})  # 1 is not True
    with pytest.raises(OptionError, match="2, 3, 4, 5 players"):
        RAZZIA.new_game(6, 1)
    with pytest.raises(OptionError, match="seed"):
        RAZZIA.new_game(4, "7")  # type: ignore[arg-type]


def test_defaults_are_filled_in() -> None:
    options = RAZZIA.resolve_options({"tiebreak": "shared"})
    assert options["tiebreak"] == "shared" and options["all_tied"] == "literal"


def test_configurations_cover_every_player_count_and_option_value() -> None:
    configs = list(RAZZIA.configurations())
    assert {p for p, _ in configs} == set(RAZZIA.player_counts)
    for spec in RAZZIA.options:
        assert {o[spec.name] for _, o in configs} == set(spec.choices)


# -- random numbers ----------------------------------------------------------------------------

def test_splitmix64_is_deterministic_and_spreads() -> None:
    seed, values = 42, []
    for _ in range(1000):
        seed, value = splitmix64(seed)
        values.append(value)
    assert len(set(values)) == 1000
    assert sum(v % 6 == 0 for v in values) in range(120, 220)  # a fair die shows six ~167 times
    assert mix_seed(1, 2) == mix_seed(1, 2) != mix_seed(2, 1)


def test_rank_by_shares_ranks_on_ties() -> None:
    assert rank_by([(5, 1), (5, 3), (2, 9)]) == (2, 1, 3)
    assert rank_by([(5,), (5,), (2,)]) == (1, 1, 3)


# -- actions -----------------------------------------------------------------------------------

def test_parse_action_accepts_names_and_prefixes_and_explains_refusals() -> None:
    state = RAZZIA.new_game(4, 1)
    for action in state.legal_actions():
        assert RAZZIA.parse_action(state, RAZZIA.action_name(state, action).upper()) == action
    assert RAZZIA.parse_action(state, "  draw ") == state.legal_actions()[0]
    with pytest.raises(IllegalAction, match="not a legal action; legal now: draw a card"):
        RAZZIA.parse_action(state, "bid 99")


# -- records -----------------------------------------------------------------------------------

def test_record_round_trips_and_replays_to_its_result(tmp_path: Path) -> None:
    record = finished_record()
    assert record.result is not None and record.seats == ["random"] * 3
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    assert loaded.replay(RAZZIA).result() == record.result


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.pop("seed"), "'seed' must be int"),
    (lambda d: d.update(actions="0,1,2"), "'actions' must be list"),
    (lambda d: d.update(actions=[0, "draw"]), "holds 'draw'"),
    (lambda d: d.update(format="chess-pgn"), "not a gangland game record"),
    (lambda d: d.update(format_version=99), "format version 99"),
    (lambda d: d.update(result={"scores": "high"}), "malformed result"),
])
def test_malformed_records_fail_naming_the_field(mutate: object, message: str) -> None:
    data = finished_record().to_json()
    mutate(data)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data)


def test_records_that_do_not_match_their_game_fail_clearly(tmp_path: Path) -> None:
    record = finished_record()
    with pytest.raises(RecordError, match="version"):
        GameRecord(**{**record.__dict__, "game_version": "0.1"}).replay(RAZZIA)
    with pytest.raises(RecordError, match="step 5"):
        bad = GameRecord(**{**record.__dict__, "actions": [*record.actions[:5], 999]})
        bad.replay(RAZZIA)
    with pytest.raises(RecordError, match="do not end the game"):
        GameRecord(**{**record.__dict__, "actions": record.actions[:-3]}).replay(RAZZIA)
    assert record.result is not None
    other = finished_record(seed=4).result
    if other != record.result:
        with pytest.raises(RecordError, match="does not match"):
            GameRecord(**{**record.__dict__, "result": other}).replay(RAZZIA)
    with pytest.raises(RecordError, match="cannot set up"):
        GameRecord(**{**record.__dict__, "options": {"speed": 1}}).replay(RAZZIA)
    broken = tmp_path / "broken.json"
    broken.write_text(record.dumps()[:-10])
    with pytest.raises(RecordError, match=r"broken\.json: record is not valid JSON"):
        GameRecord.load(broken)
    with pytest.raises(RecordError, match="cannot read record"):
        GameRecord.load(tmp_path / "missing.json")


# -- the match runner and agents ---------------------------------------------------------------

class Cheater:
    """Returns an action that is not legal."""

    name = "cheater"

    def act(self, decision: Decision) -> int:
        return 999


def test_runner_refuses_an_agent_choosing_an_illegal_action() -> None:
    agents = [Cheater(), RandomAgent(1), RandomAgent(2)]
    record = GameRecord.start(RAZZIA, 3, 1, None, [a.name for a in agents])
    with pytest.raises(IllegalAction, match="agent 'cheater' in seat"):
        run_match(RAZZIA, agents, record)


class Spy:
    """Records what each decision showed it."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[tuple[int, tuple[int, ...], dict[str, object]]] = []
        self.rng = random.Random(0)

    def act(self, decision: Decision) -> int:
        self.seen.append((decision.seat, decision.legal_actions, decision.view))
        sample = decision.determinize(self.rng)
        assert sample.view(decision.seat) == decision.view
        return decision.legal_actions[0]


def test_agents_are_asked_only_for_their_own_seat_with_their_own_view() -> None:
    spies = [Spy(), Spy(), Spy()]
    play_match(RAZZIA, spies, seed=9)
    for seat, spy in enumerate(spies):
        assert spy.seen
        assert all(s == seat and view["seat"] == seat for s, _, view in spy.seen)


def test_run_match_resumes_an_interrupted_record_to_the_same_end() -> None:
    full = finished_record(seed=11)
    partial = GameRecord(**{**full.__dict__, "actions": full.actions[:20], "result": None})

    class Replayer:
        name = "random"

        def act(self, decision: Decision) -> int:
            return full.actions[len(partial.actions)]

    run_match(RAZZIA, [Replayer()] * 3, partial)
    assert partial.actions == full.actions and partial.result == full.result


def test_make_agent_knows_generic_and_game_agents() -> None:
    assert make_agent("random", RAZZIA, 1).name == "random"
    assert make_agent("heuristic", RAZZIA, 1).name == "heuristic"
    choices = "choose from: heuristic, heuristic-aggressive, heuristic-careless, heuristic-cautious, random"
    with pytest.raises(OptionError, match=choices):
        make_agent("genius", RAZZIA, 1)


def test_load_all_reads_one_record_or_json_lines_and_names_a_bad_line(tmp_path: Path) -> None:
    records = [finished_record(seed=s) for s in (1, 2)]
    single = tmp_path / "one.json"
    records[0].save(single)
    assert GameRecord.load_all(single) == [records[0]]
    lines = tmp_path / "many.jsonl"
    lines.write_text("".join(r.dumps() + "\n" for r in records))
    assert GameRecord.load_all(lines) == records
    lines.write_text(records[0].dumps() + "\n" + '{"format": "gangland-record"}\n')
    with pytest.raises(RecordError, match=r"many\.jsonl line 2: record format version"):
        GameRecord.load_all(lines)


def test_a_free_number_option_takes_a_whole_number_for_a_decimal_one() -> None:
    # `--option dart_hit=1` and a browser's JSON both give 1 for 1.0; a bool is still not a number.
    spec = OptionSpec("dart_hit", 0.5, (0.5,), "chance", free=True)
    assert spec.validate(1) == 1.0 and type(spec.validate(1)) is float
    with pytest.raises(OptionError, match="must be a number"):
        spec.validate(True)
    assert RAZZIA.describe()["options"][0]["type"] == type(RAZZIA.options[0].default).__name__


class _Counting(PhaseState):
    """A toy PhaseState: seats take turns adding 1 or 2 to a total; the one who reaches 5 wins."""

    __slots__ = ("history", "tallies", "total")
    COPIED = ("history",)
    NESTED = ("tallies",)
    history: list[int]
    total: int
    tallies: list[list[int]]

    @classmethod
    def new(cls, players: int) -> _Counting:
        s = cls()
        s._players, s._legal, s.phase, s.total, s.history = players, None, 0, 0, []
        s.tallies = [[] for _ in range(players)]
        return s

    @property
    def to_act(self) -> int | None:
        return None if self.phase else len(self.history) % self._players

    def result(self) -> Result:
        scores = tuple(sum(tally) for tally in self.tallies)
        ranks = rank_by([(score,) for score in scores])
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        return Result(scores, ranks, winners, tuple({} for _ in scores))

    def _compute_legal(self) -> list[int]:
        return [] if self.phase else [1, 2]

    def _why_illegal(self, action: object) -> str:
        return f"{action!r} is not 1 or 2"

    def _apply(self, action: int, legal: list[int]) -> None:
        self.tallies[len(self.history) % self._players].append(action)
        self.history.append(action)
        self.total += action
        self.phase = int(self.total >= 5)

    def _view(self, seat: int | None) -> dict[str, object]:
        return {"total": self.total, "seat": seat}

    def _determinize(self, seat: int, rng: random.Random) -> _Counting:
        return self.clone()


def test_phase_state_checks_actions_and_seats_and_clones_as_declared() -> None:
    """docs/architecture.md, "What the engine gives every game": the checked apply, the checked seat, and a
    clone that copies the declared fields and shares the rest."""
    state = _Counting.new(2)
    state.apply(2)
    with pytest.raises(IllegalAction, match="3 is not 1 or 2"):
        state.apply(3)
    with pytest.raises(IllegalAction):
        state.apply(True)
    assert state.history == [2] and state.players == 2 and state.legal_actions() == [1, 2]
    with pytest.raises(SeatError):
        state.view(2)
    assert state.view(None) == {"total": 2, "seat": None} and state.view(1)["seat"] == 1
    copy = state.clone()
    copy.apply(1)
    assert (state.history, state.tallies, state.total) == ([2], [[2], []], 2)
    assert (copy.history, copy.tallies, copy.total) == ([2, 1], [[2], [1]], 3)
    copy.apply(2)
    assert copy.is_over and copy.legal_actions() == [] and not state.is_over
    assert copy.result().scores == (4, 1)


def test_a_copied_field_that_is_no_slot_is_refused() -> None:
    class Misnamed(_Counting):
        __slots__ = ()
        COPIED = ("histroy",)

    with pytest.raises(TypeError, match="histroy"):
        Misnamed.new(2).clone()


def package(cls: type) -> str:
    return cls.__module__.rpartition(".")[0]


def test_subclass_answers_do_not_depend_on_the_questions_asked_before() -> None:
    """Each game's state, fields and encoding classes answer `issubclass` and `isinstance` by what they are,
    in both builds. The compiled build's classes are made without `ABCMeta.__new__`, so they shared one
    cache of answers kept per class asked about: `issubclass(RazziaState, DowntownState)` (False) then made
    `issubclass(RazziaState, PhaseState)` False, and the other order made a Downtown state a RazziaState."""
    states = [game.new_game(game.default_players, 1) for game in all_games()]
    encodings = [game.encoding for game in all_games() if game.encoding is not None]
    assert len(encodings) == len(states), "every game has an encoding to check"
    for family, base, objects in (("state", PhaseState, states), ("encoding", ViewEncoding, encodings)):
        # each game's own classes: its state or encoding class and the ones above it in its package
        classes = [parent for value in objects for parent in type(value).__mro__
                   if package(parent) == package(type(value))]
        for value in objects:
            for cls in classes:
                mine = cls in type(value).__mro__
                for _ in range(2):  # asked again after every other question of the round
                    assert issubclass(type(value), cls) is mine, f"{family}: {type(value)} against {cls}"
                    assert isinstance(value, cls) is mine, f"{family}: one of {type(value)} against {cls}"
                    assert issubclass(type(value), base) and isinstance(value, base)
