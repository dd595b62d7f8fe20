"""Which unfinished tables this server process advances: one holder per table, so that several processes can
share one PostgreSQL database without two of them ever advancing the same game.

A process leases a table by taking a PostgreSQL session-level advisory lock on the table's id, on a
connection of its own that it keeps open, and then writing itself into the table's `holder` column. The
lock dies with that connection, so the tables of a killed process are free at once, and another process
takes them over (`Leases.orphans`). The `holder` column fences the writes: a move is written only
`WHERE holder = this process` (storage.py), so a process cut off from the database while another took its
tables over can write nothing more to them, whatever it still believes.

SQLite has no advisory locks and serialises its writers anyway: there a server is one process, and a lease
is only the `holder` column (taken at once).

All calls block; the server runs them in a thread.
"""

from __future__ import annotations

import contextlib
import enum
import threading

from sqlalchemy import TextClause, text
from sqlalchemy.engine import Connection

from .storage import Storage

LOCK = text("SELECT pg_try_advisory_lock(hashtextextended(:id, 0))")
UNLOCK = text("SELECT pg_advisory_unlock(hashtextextended(:id, 0))")
# The unfinished tables whose lock nobody holds: pg_locks shows a bigint advisory key as its high half
# (classid) and low half (objid), with objsubid 1.
ORPHANS = text(
    """
    SELECT t.id FROM tables AS t
    WHERE NOT t.finished AND NOT EXISTS (
        SELECT 1 FROM pg_locks AS l
        WHERE l.locktype = 'advisory' AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended(t.id, 0))
    ORDER BY t.created_at
    """
)


class Taken(enum.Enum):
    """What became of an attempt to lease a table."""

    TAKEN = "taken"
    """This process holds it now (or held it already)."""
    ELSEWHERE = "elsewhere"
    """Another process holds it."""
    NOT_LIVE = "not live"
    """There is no such unfinished table: it is over, or unknown."""


class Leases:
    """This process's leases on tables (see the module's docstring)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.shared = storage.engine.dialect.name == "postgresql"
        """True where several processes may share the database (PostgreSQL): leases are advisory locks."""
        self.held: set[str] = set()
        self._connection: Connection | None = None
        self._lock = threading.Lock()  # one statement at a time on the lock connection

    def _locks(self) -> Connection:
        if self._connection is None:
            self._connection = self.storage.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        return self._connection

    def take(self, table_id: str) -> Taken:
        """Lease the table, and become its holder in the database."""
        if table_id in self.held:
            return Taken.TAKEN
        if self.shared and not self._run(LOCK, table_id):
            return Taken.ELSEWHERE
        try:
            claimed = self.storage.claim(table_id)
        except BaseException:
            self._unlock(table_id)
            raise
        if not claimed:
            self._unlock(table_id)
            return Taken.NOT_LIVE
        self.held.add(table_id)
        return Taken.TAKEN

    def release(self, table_id: str) -> None:
        """Give the table's lease up (its game ended, or this process no longer holds it)."""
        if table_id in self.held:
            self.held.discard(table_id)
            self._unlock(table_id)

    def _unlock(self, table_id: str) -> None:
        if self.shared:
            with contextlib.suppress(Exception):  # the connection is gone, and its locks with it
                self._run(UNLOCK, table_id)

    def _run(self, statement: TextClause, table_id: str) -> bool:
        """A lock statement's answer. A connection that failed is dropped (its locks die with it), so
        that `alive` says so and the leases are taken again."""
        with self._lock:
            try:
                return bool(self._locks().execute(statement, {"id": table_id}).scalar())
            except BaseException:
                self._drop_connection()
                raise

    def alive(self) -> bool:
        """True if the database answers and (on PostgreSQL) the connection holding the locks is the one
        that took them; False after an outage, when the leases must be taken again (`renew`)."""
        with self._lock:  # a failed connection is dropped under the lock: never one just opened elsewhere
            try:
                if self.shared:
                    if self._connection is None:
                        return not self.held
                    self._connection.execute(text("SELECT 1"))
                else:
                    self.storage.ping()
                return True
            except Exception:
                self._drop_connection()
                return False

    def renew(self) -> list[str]:
        """After an outage: take every lease again on a new connection, and return the tables this process
        no longer holds (another took them over meanwhile). Raises if the database cannot be reached yet."""
        before, self.held = set(self.held), set()
        lost = []
        try:
            for table_id in sorted(before):
                if self.take(table_id) is not Taken.TAKEN or not self.storage.holds(table_id):
                    self.release(table_id)
                    lost.append(table_id)
        except BaseException:
            # Still out of reach: every lease is still this process's to take again next time (a failed
            # statement dropped the connection, and with it the locks taken so far).
            self.held = before - set(lost)
            raise
        return lost

    def orphans(self) -> list[str]:
        """The unfinished tables no process holds (their holder died), oldest first; none on SQLite, where
        this process is the only one."""
        if not self.shared:
            return []
        with self._lock:
            try:
                found = [row[0] for row in self._locks().execute(ORPHANS)]
            except BaseException:
                self._drop_connection()
                raise
        return [table_id for table_id in found if table_id not in self.held]

    def close(self) -> None:
        """Give every lease up (closing the connection ends its locks)."""
        self.held.clear()
        self._drop_connection()

    def _drop_connection(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(Exception):  # it is being thrown away
                connection.invalidate()
                connection.close()
