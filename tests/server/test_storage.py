"""The database: the Alembic migrations make exactly the schema the models describe, on SQLite and
PostgreSQL; a step is recorded once; a stored table reads back as written.

issue 16: "Storage with SQLAlchemy 2 and Alembic migrations (tables, seats with hashed tokens, actions,
results). The same test suite runs against SQLite and against a real PostgreSQL server."
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from gangland.server.storage import (
    MIGRATIONS,
    Base,
    MoveRecord,
    SeatRecord,
    StepConflict,
    Storage,
    TableRecord,
    token_hash,
)

from .tables import create, server


def a_table(table_id: str = "t1", seat_token: str = "seat0") -> TableRecord:
    return TableRecord(id=table_id, game="razzia", game_version="1", players=2, options={"x": True},
                       seed=2**62 + 5, bot_seed=2**63 - 1, move_seconds=None, listed=True,
                       host_hash=token_hash("host"), spectator_hash=token_hash("watch"), created_at=1.5,
                       seats=[SeatRecord(0, None, token_hash(seat_token), joined=True),
                              SeatRecord(1, "heuristic", None)])


def test_the_migrations_make_the_models_schema(database_url: str) -> None:
    storage = Storage(database_url)
    storage.migrate()
    storage.migrate()  # a second run finds the schema up to date
    with storage.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
        assert {"tables", "seats", "moves", "alembic_version"} <= set(inspect(connection).get_table_names())
    storage.close()


def test_undoing_the_holder_migration_keeps_every_table_seat_and_move(database_url: str) -> None:
    """Migration 0002 taken back (alembic downgrade to 0001) drops its columns and nothing else: on SQLite a
    rebuilt `tables` would take every seat and move with it (ON DELETE CASCADE)."""
    from alembic import command
    from alembic.config import Config

    storage = Storage(database_url)
    storage.migrate()
    storage.create_table(TableRecord(
        id="t1", game="razzia", game_version="1", players=2, options={}, seed=1, bot_seed=2,
        move_seconds=None, listed=False, host_hash="h" * 64, spectator_hash="s" * 64, created_at=1.0,
        seats=[SeatRecord(0, None, None), SeatRecord(1, "random", None)]))
    storage.append_move("t1", MoveRecord(0, 0, 7, "person", ["a", "b", "c"], 2.0), None, 1)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with storage.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
    with storage.engine.connect() as connection:
        columns = {c["name"] for c in inspect(connection).get_columns("tables")}
        counts = [connection.execute(text(f"SELECT count(*) FROM {name}")).scalar_one()
                  for name in ("tables", "seats", "moves")]
    assert not columns & {"holder", "holder_address", "to_act"} and counts == [1, 2, 1], (columns, counts)
    storage.migrate()  # and up again
    record = storage.load("t1")
    assert record is not None and len(record.seats) == 2 and [m.action for m in record.moves] == [7]
    storage.close()


def test_a_table_and_its_moves_read_back_and_a_step_is_taken_once(database_url: str) -> None:
    storage = Storage(database_url)
    storage.migrate()
    storage.create_table(a_table())
    storage.append_move("t1", MoveRecord(0, 0, 7, "person", ["a", "b", "c"], 2.0), None, 1)
    with pytest.raises(StepConflict):  # the same step again: another writer got there first
        storage.append_move("t1", MoveRecord(0, 0, 8, "person", ["a", "b", "c"], 2.0), None, 1)
    storage.append_move("t1", MoveRecord(1, 1, 3, "bot", ["d", "e", "f"], 3.0), {"scores": [1, 2]}, None)
    with pytest.raises(StepConflict):  # the game is over: no step after the last
        storage.append_move("t1", MoveRecord(2, 0, 1, "person", ["g", "h", "i"], 4.0), None, 1)
    loaded = storage.load("t1")
    assert loaded is not None
    assert [(m.step, m.action, m.by, m.narration) for m in loaded.moves] == [
        (0, 7, "person", ["a", "b", "c"]), (1, 3, "bot", ["d", "e", "f"])]
    assert loaded.finished and loaded.result == {"scores": [1, 2]} and loaded.step == 2
    assert (loaded.seed, loaded.bot_seed, loaded.options) == (2**62 + 5, 2**63 - 1, {"x": True})
    assert [(s.bot, s.joined) for s in loaded.seats] == [(None, True), ("heuristic", False)]
    assert storage.seat_by_token(token_hash("seat0")) == ("t1", 0)
    assert storage.seat_by_token(token_hash("nobody")) is None
    assert storage.unfinished_ids() == []
    assert [t.id for t in storage.recent_finished(5)] == ["t1"]
    storage.close()


def test_a_table_this_server_cannot_replay_does_not_stop_it(tmp_path: Path) -> None:
    """A stored game of another rules version (or a damaged one) is left aside with the reason logged;
    the server starts and plays the others."""
    url = f"sqlite:///{tmp_path}/g.db"
    storage = Storage(url)
    storage.migrate()
    storage.create_table(a_table("old"))  # version "1" of Razzia!, which this server does not have
    storage.close()
    with server(url) as client:
        assert client.get("/api/tables/old").status_code == 404
        assert "old" in client.app.state.hub.unplayable  # type: ignore[attr-defined]
        created = create(client, "razzia", 2, [None, "heuristic"])
        assert client.get(f"/api/tables/{created['table_id']}").status_code == 200


# Moves of several tables that arrive while a commit is under way wait for it and go in the next
# transaction together (Storage.append_move). Each still has its own outcome: a conflict keeps out only its
# own move, and a failed transaction refuses the moves it held and only those.
def test_moves_waiting_for_a_commit_go_in_together_each_with_its_outcome(database_url: str) -> None:
    import threading

    storage = Storage(database_url)
    storage.migrate()
    for table_id in ("a", "b", "c", "d"):
        storage.create_table(a_table(table_id, f"seat0 of {table_id}"))
    batches: list[list[str]] = []
    first_commit, queued = threading.Event(), threading.Event()
    write = storage._append_moves
    fail_next = False

    def slow_write(batch: list[Any]) -> None:
        nonlocal fail_next
        batches.append([w.table_id for w in batch])
        if len(batches) == 1:  # hold the first commit until the others wait behind it
            first_commit.set()
            assert queued.wait(10)
        if fail_next:
            fail_next = False
            for waiting in batch:
                waiting.error = OSError("the disk is full")
            for waiting in batch:
                if not waiting.lead:
                    waiting.done.set()
            return
        write(batch)

    storage._append_moves = slow_write  # type: ignore[method-assign]
    outcomes: dict[str, BaseException | None] = {}

    def append(table_id: str, step: int, action: int) -> None:
        try:
            storage.append_move(table_id, MoveRecord(step, 0, action, "person", ["x", "y", "z"], 1.0),
                                None, 1)
            outcomes[f"{table_id}{step}:{action}"] = None
        except Exception as exc:
            outcomes[f"{table_id}{step}:{action}"] = exc

    lead = threading.Thread(target=append, args=("a", 0, 1))
    lead.start()
    assert first_commit.wait(10)
    others = [threading.Thread(target=append, args=args) for args in (("b", 0, 2), ("c", 0, 3), ("a", 0, 9))]
    for thread in others:
        thread.start()
    deadline = time.monotonic() + 10
    while len(storage._waiting) < 3:
        assert time.monotonic() < deadline, "the moves did not queue behind the commit"
        time.sleep(0.01)
    queued.set()
    for thread in [lead, *others]:
        thread.join(10)
    assert batches == [["a"], ["b", "c", "a"]], batches
    assert outcomes["a0:1"] is None and outcomes["b0:2"] is None and outcomes["c0:3"] is None
    assert isinstance(outcomes["a0:9"], StepConflict)  # step 0 of a was taken by the first commit
    assert [m.action for m in storage.load("b").moves] == [2]  # type: ignore[union-attr]
    assert [m.action for m in storage.load("a").moves] == [1]  # type: ignore[union-attr]

    # A failed transaction: its moves are refused, the next one's are made.
    fail_next = True
    append("d", 0, 4)
    assert isinstance(outcomes["d0:4"], OSError)
    assert storage.load("d").moves == []  # type: ignore[union-attr]
    append("d", 0, 5)
    assert outcomes["d0:5"] is None and [m.action for m in storage.load("d").moves] == [5]  # type: ignore[union-attr]
    storage.close()
