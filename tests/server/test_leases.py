"""Leases (server/leases.py): one holder per table, so that several server processes share one PostgreSQL
database without two of them ever advancing the same game.

issue 18: "Several server processes on one PostgreSQL must be able to share the tables without two processes
ever advancing the same game (a lease or advisory lock per table, taken over when its holder dies)."
Here two `Storage`s on one database stand for two processes; test_scale_out.py runs two real ones.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError

from gangland.server.leases import Leases, Taken
from gangland.server.storage import LeaseLost, MoveRecord, SeatRecord, StepConflict, Storage, TableRecord, now

from .tables import create, server


def new_table(storage: Storage, table_id: str) -> None:
    storage.create_table(TableRecord(
        id=table_id, game="razzia", game_version="1", players=2, options={}, seed=1, bot_seed=2,
        move_seconds=None, listed=False, host_hash="h" * 64, spectator_hash="s" * 64, created_at=now(),
        seats=[SeatRecord(0, None, None), SeatRecord(1, "random", None)]))


def orphans_once_settled(leases: Leases, expected: list[str]) -> list[str]:
    """`leases.orphans()` once it is `expected` (sorted), or after 10 s: a closed connection's locks go when
    its server process notices, a moment after the close."""
    deadline = time.monotonic() + 10
    while sorted(found := leases.orphans()) != sorted(expected) and time.monotonic() < deadline:
        time.sleep(0.05)
    return sorted(found)


def move(step: int) -> MoveRecord:
    return MoveRecord(step, step % 2, 0, "person", ["a", "b", "c"], now())


@pytest.fixture
def two_processes(database_url: str) -> Iterator[tuple[Storage, Storage]]:
    """Two storages on one database, as two server processes have: each a holder of its own."""
    first, second = Storage(database_url, "http://first:1"), Storage(database_url, "http://second:2")
    first.migrate()
    try:
        yield first, second
    finally:
        first.close()
        second.close()


def test_a_table_is_written_only_by_its_holder(two_processes: tuple[Storage, Storage]) -> None:
    """The holder column fences every write: a process that no longer holds a table writes nothing to it,
    on either database (on SQLite there is one process, but the rule is the same)."""
    first, second = two_processes
    new_table(first, "t1")
    first.append_move("t1", move(0), None, 1)
    with pytest.raises(LeaseLost):  # the second never took the table
        second.append_move("t1", move(1), None, 1)
    assert second.claim("t1") and second.holds("t1") and not first.holds("t1")
    with pytest.raises(LeaseLost):  # the first lost it: not even the next step goes in
        first.append_move("t1", move(1), None, 1)
    second.append_move("t1", move(1), None, 1)
    with pytest.raises(StepConflict) as conflict:  # the holder's own stale step is a plain conflict
        second.append_move("t1", move(1), None, 1)
    assert not isinstance(conflict.value, LeaseLost)
    record = first.load("t1")
    assert record is not None and record.step == 2 and [m.step for m in record.moves] == [0, 1]
    stored = first.load("t1", moves=False)
    assert stored is not None and stored.holder_address == "http://second:2"


def test_sqlite_has_one_process_so_every_table_is_taken_at_once(tmp_path: object) -> None:
    storage = Storage(f"sqlite:///{tmp_path}/g.db")
    storage.migrate()
    try:
        leases = Leases(storage)
        new_table(storage, "t1")
        assert not leases.shared and leases.take("t1") is Taken.TAKEN and leases.orphans() == []
        assert leases.take("nope") is Taken.NOT_LIVE and leases.alive()
    finally:
        storage.close()


@pytest.fixture
def on_postgres(postgres_url: str) -> Iterator[tuple[Leases, Leases]]:
    url = postgres_url
    first, second = Storage(url, "http://first:1"), Storage(url, "http://second:2")
    first.migrate()
    leases = Leases(first), Leases(second)
    try:
        yield leases
    finally:
        for lease in leases:
            lease.close()
        first.close()
        second.close()


def test_one_process_holds_a_table_and_another_takes_it_over_when_it_dies(
        on_postgres: tuple[Leases, Leases]) -> None:
    first, second = on_postgres
    assert first.shared and second.shared
    ids = [f"table-{n}" for n in range(12)]  # keys of either sign (hashtextextended) in pg_locks' halves
    for table_id in ids:
        new_table(first.storage, table_id)
    assert sorted(second.orphans()) == sorted(ids), "nobody holds the new tables yet"
    for table_id in ids[:6]:
        assert first.take(table_id) is Taken.TAKEN
        assert first.take(table_id) is Taken.TAKEN  # taking a held lease again changes nothing
        assert second.take(table_id) is Taken.ELSEWHERE
    for table_id in ids[6:]:
        assert second.take(table_id) is Taken.TAKEN
    assert first.orphans() == second.orphans() == []
    assert second.take("no-such-table") is Taken.NOT_LIVE
    assert second.orphans() == [], "a table that does not exist leaves no lease behind"

    first.storage.append_move(ids[0], move(0), None, 1)
    first.close()  # the process dies: its connection, and every lock with it, is gone
    assert orphans_once_settled(second, ids[:6]) == sorted(ids[:6])
    assert second.take(ids[0]) is Taken.TAKEN
    with pytest.raises(LeaseLost):  # the dead holder's last word arrives late: refused
        first.storage.append_move(ids[0], move(1), None, 1)
    second.storage.append_move(ids[0], move(1), None, 1)
    record = second.storage.load(ids[0])
    assert record is not None and [m.step for m in record.moves] == [0, 1]


def test_a_lease_is_given_up_when_its_game_ends_and_taken_again_after_an_outage(
        on_postgres: tuple[Leases, Leases]) -> None:
    first, second = on_postgres
    for table_id in ("a", "b", "c"):
        new_table(first.storage, table_id)
        assert first.take(table_id) is Taken.TAKEN
    first.release("c")
    assert second.take("c") is Taken.TAKEN, "a released lease is free at once"
    assert first.alive()
    # The lock connection is cut (as a restart of the database cuts it): the locks are gone with it.
    assert first._connection is not None
    first._connection.invalidate()
    assert not first.alive()
    assert orphans_once_settled(second, ["a", "b"]) == ["a", "b"]
    # While the database cannot be reached, renewing fails and forgets nothing: the leases are still to be
    # taken again, and the connection still counts as lost.
    def unreachable() -> Connection:
        raise OperationalError("SELECT 1", {}, OSError("connection refused"))

    real_locks = first._locks
    first._locks = unreachable  # type: ignore[method-assign]
    for _ in range(2):
        with pytest.raises(OperationalError):
            first.renew()
        assert first.held == {"a", "b"} and not first.alive()
    first._locks = real_locks  # type: ignore[method-assign]
    # Meanwhile the second process took "b" over: renewing gives "b" up and keeps "a".
    assert second.take("b") is Taken.TAKEN
    assert first.renew() == ["b"]
    assert first.held == {"a"} and first.alive() and second.orphans() == []


def test_a_seat_is_changed_only_by_the_tables_holder(two_processes: tuple[Storage, Storage]) -> None:
    """Seat changes are fenced like moves: a process that lost a table (a host handing a seat to a bot, a
    person spending an invitation, there in the seconds before it noticed) changes none of its seats."""
    first, second = two_processes
    new_table(first, "t1")
    first.update_seat("t1", 0, away_bot="random")
    with pytest.raises(LeaseLost):
        second.update_seat("t1", 0, away_bot=None)
    assert second.claim("t1")
    with pytest.raises(LeaseLost):
        first.update_seat("t1", 0, token_hash="x" * 64, joined=True)
    record = second.load("t1", moves=False)
    assert record is not None
    unchanged = record.seats[0]
    assert (unchanged.away_bot, unchanged.token_hash, unchanged.joined) == ("random", None, False)
    second.update_seat("t1", 0, away_bot=None)
    record = first.load("t1", moves=False)
    assert record is not None and record.seats[0].away_bot is None


def test_a_hosts_seat_change_on_a_table_taken_over_meanwhile_changes_nothing(database_url: str) -> None:
    """The host hands a seat to a bot on a process that lost the table a moment ago (it has not noticed
    yet): the answer is a 421 (played elsewhere), the seat is unchanged in the database, and this process
    gives the table up rather than go on playing it."""
    with server(database_url) as http:
        created = create(http, "razzia", 2, [None, None])
        table_id, host = created["table_id"], created["host_token"]
        other = Storage(database_url, "http://other:1")
        try:
            assert other.claim(table_id)  # another process took the table over
            answer = http.post(f"/api/tables/{table_id}/seats/1/controller",
                               json={"host_token": host, "bot": "heuristic"})
            assert answer.status_code == 421, answer.text
            assert "another server process" in answer.json()["detail"]
            stored = other.load(table_id, moves=False)
            assert stored is not None and stored.seats[1].away_bot is None
            hub = http.app.state.hub  # type: ignore[attr-defined]
            assert table_id not in hub.live
        finally:
            other.close()
