"""The database: tables, seats (token hashes only), moves and results, with SQLAlchemy 2.

The database is the log of every game: a move is committed, with the table's new step, before anyone is
told of it, and the live state in memory is only a cache of replaying these moves. All calls here are
blocking; the server runs them in a thread.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

if TYPE_CHECKING:  # Alembic is imported only when the schema is migrated
    from alembic.config import Config

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x47616E676C616E64
"""The advisory lock key ("Gangland" in ASCII) under which a process migrates a PostgreSQL database."""


SEAT_COLUMNS = frozenset({"token_hash", "joined", "away_bot", "name", "open", "fresh", "muted", "email",
                          "mail_stop_hash", "mailed_step"})
"""The columns of a seat that `Storage.update_seat` writes."""
TABLE_COLUMNS = frozenset({"settings", "active_at", "ended", "rematch", "finished", "finished_at", "listed"})
"""The columns of a table that `Storage.update_table` writes (not its moves' step: see `append_move`)."""


class StorageError(Exception):
    """The database refused or lost a write (the move was not made)."""


class DamagedTable(StorageError):
    """A stored table whose moves do not make up its steps: it cannot be replayed."""


class StepConflict(StorageError):
    """Another writer already recorded this table's step: the move was not made."""


class LeaseLost(StepConflict):
    """Another server process holds the table now (see leases.py): this one may no longer advance it, and
    the move was not made."""


def token_hash(token: str) -> str:
    """The stored form of a token: its SHA-256, hex. Tokens are 192 random bits, so a plain hash is enough
    (no password stretching), and a lookup by hash compares no secret in Python."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class TableRow(Base):
    """A table: one game, its set-up, and where it has got to."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    game_version: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    bot_seed: Mapped[int] = mapped_column(BigInteger)
    move_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    listed: Mapped[bool] = mapped_column(Boolean)
    host_hash: Mapped[str] = mapped_column(String(64))
    spectator_hash: Mapped[str] = mapped_column(String(64))
    step: Mapped[int] = mapped_column(Integer, default=0)
    finished: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    holder: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The server process that advances the table (see leases.py): a move is written only by it."""
    holder_address: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """Where the holder answers (its public address), to send clients of the table there."""
    to_act: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat to act (None: nobody, the game is over), for the lobbies of the processes that do not hold
    the table."""
    settings: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The host's house rules (`TableSettings`); None: the defaults (a table made before they existed)."""
    active_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When a person last moved (None: nobody yet; the creation time counts): idle tables leave the lobby."""
    ended: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """How a finished table ended when not by its rules: "abandoned" (the host ended it; never rated)."""
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The table of this one's rematch, once the host started it."""


class SeatRow(Base):
    """A seat of a table: a bot's name, or a person's token hash; who has taken it; a bot standing in."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    away_bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The name shown for the seat: its person's own, or its bot's."""
    open: Mapped[bool] = mapped_column(Boolean, default=False)
    """Anyone may take it from the lobby (else only its invitation link opens it)."""
    fresh: Mapped[bool] = mapped_column(Boolean, default=False)
    """Its token is an invitation not used yet: at its first use the seat gets a token of its own."""
    muted: Mapped[bool] = mapped_column(Boolean, default=False)
    """The host muted the seat's chat."""
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    """Where the seat's person wants a mail when their turn comes and they are away (the server's alone)."""
    mail_stop_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the token of the link in every mail that stops the mails."""
    mailed_step: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The step whose turn was last mailed (one mail a turn)."""


class ChatRow(Base):
    """A line of a table's chat (or a note of the table's own, such as a move taken back), kept with it."""

    __tablename__ = "chat"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """"chat" (a person wrote it) or "note" (the table says it: a move taken back, a seat muted)."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that wrote it (None: a spectator, or the table)."""
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(2000))
    step: Mapped[int] = mapped_column(Integer)
    """The table's step when it was written (a replay shows it from there on)."""
    at: Mapped[float] = mapped_column(Float)


class RevokedLinkRow(Base):
    """A seat link that stopped working, and why, so that opening it says what happened and who can help."""

    __tablename__ = "revoked_links"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    why: Mapped[str] = mapped_column(String(16))
    """"used" (an invitation spent at its first use), "reissued" (the host made a new link), "joined" (the
    seat was taken from the lobby)."""
    at: Mapped[float] = mapped_column(Float)


class MoveRow(Base):
    """One move of a table's game: the step it made, the action, who made it, and what each seat was told."""

    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(16))
    narration: Mapped[list[str]] = mapped_column(JSON)
    """One line per seat, then the spectator's."""
    at: Mapped[float] = mapped_column(Float)


@dataclass(slots=True)
class SeatRecord:
    """A seat as the server keeps it."""

    seat: int
    bot: str | None
    token_hash: str | None
    joined: bool = False
    away_bot: str | None = None
    name: str | None = None
    open: bool = False
    fresh: bool = False
    muted: bool = False
    email: str | None = None
    mail_stop_hash: str | None = None
    mailed_step: int | None = None


@dataclass(slots=True)
class ChatRecord:
    """A chat line (or a note of the table's) as stored."""

    number: int
    kind: str
    seat: int | None
    name: str
    text: str
    step: int
    at: float


@dataclass(slots=True)
class MoveRecord:
    """A move as stored."""

    step: int
    seat: int
    action: int
    by: str
    narration: list[str]
    at: float


@dataclass(slots=True)
class TableRecord:
    """A table with its seats and moves, as loaded."""

    id: str
    game: str
    game_version: str
    players: int
    options: dict[str, Any]
    seed: int
    bot_seed: int
    move_seconds: int | None
    listed: bool
    host_hash: str
    spectator_hash: str
    created_at: float
    seats: list[SeatRecord]
    moves: list[MoveRecord] = field(default_factory=list)
    finished: bool = False
    result: dict[str, Any] | None = None
    finished_at: float | None = None
    step: int = 0
    """Moves played (as stored: also known when the moves were not loaded)."""
    to_act: int | None = None
    """The seat to act after them (as stored)."""
    holder_address: str | None = None
    """Where the process that holds the table answers, if it said."""
    settings: dict[str, Any] = field(default_factory=dict)
    """The host's house rules, as stored (`TableSettings` reads them)."""
    active_at: float | None = None
    ended: str | None = None
    rematch: str | None = None
    chat: list[ChatRecord] = field(default_factory=list)
    """The chat so far (loaded with the moves)."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers go on while a move is written; synchronous=FULL makes a commit durable before the
    # server tells anyone of the move, even if the machine (not only the server) stops.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for a database URL (sqlite:///FILE or postgresql+psycopg://...)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10},
                               hide_parameters=True)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # hide_parameters: an error's text (which may reach a log) must never hold a seed or a token hash.
    # Timeouts and keepalives: a database host that vanishes must fail a move in seconds, not hold the
    # table's lock for as long as TCP takes to give up.
    postgres = {"connect_timeout": 10, "keepalives": 1, "keepalives_idle": 30, "keepalives_interval": 10,
                "keepalives_count": 3, "options": "-c statement_timeout=15000"}
    connect_args = postgres if url.startswith("postgresql") else {}
    return create_engine(url, pool_pre_ping=True, hide_parameters=True, connect_args=connect_args)


def alembic_config() -> Config:
    """The Alembic configuration of the migrations shipped in the package."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def migrate(engine: Engine) -> None:
    """Bring the database's schema up to date with the Alembic migrations shipped in the package."""
    from alembic import command

    config = alembic_config()
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Server processes started together on one database migrate one after the other.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


_TABLES: Table = TableRow.__table__  # type: ignore[assignment]
_MOVES: Table = MoveRow.__table__  # type: ignore[assignment]
# A move's advance of its table, built once (Core, not the ORM: a move is written in a fraction of the
# time): only at the step the move answers, unfinished, and by the table's holder. A person's move also
# sets when a person last moved (`active_at`; None keeps it: a bot's move), in the same write.
_ADVANCE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("of_table"), _TABLES.c.step == bindparam("at_step"),
           _TABLES.c.finished.is_(False), _TABLES.c.holder == bindparam("by_holder"))
    .values(step=bindparam("new_step"), to_act=bindparam("new_to_act"),
            active_at=func.coalesce(bindparam("new_active_at", type_=Float), _TABLES.c.active_at))
)
_FINISH = _ADVANCE.values(finished=True, result=bindparam("new_result", type_=JSON),
                          finished_at=bindparam("new_finished_at"))


@dataclass(eq=False)
class _Waiting:
    """A move waiting for its commit (`Storage.append_move`): what became of it, once `done` is set."""

    table_id: str
    move: MoveRecord
    result: dict[str, Any] | None
    to_act: int | None
    done: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None
    lead: bool = False
    """Woken to write the moves waiting then (its own among them), not with its outcome."""


class Storage:
    """The repository: every read and write the server makes."""

    def __init__(self, url: str, address: str | None = None) -> None:
        self.url = url
        self.holder = secrets.token_hex(8)
        """This process's name as a table's holder: new at every start, so that a table a killed process
        held is never written by its successor under the old name."""
        self.address = address
        """Where this process answers (written beside the tables it holds), if it was given one."""
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._waiting: list[_Waiting] = []
        self._writing = False
        self._lock = threading.Lock()
        self.timed_commit: Callable[[float], None] = _unmeasured
        """Told the seconds each batch of moves took to write and commit (the server's metrics)."""

    def migrate(self) -> None:
        """Create or upgrade the schema."""
        migrate(self.engine)

    def ping(self) -> None:
        """Read one row of the tables: raises if the database cannot be reached (or has no schema)."""
        with self.engine.connect() as connection:
            connection.execute(select(_TABLES.c.id).limit(1)).all()

    def count_tables(self) -> dict[str, int]:
        """How many tables the database holds, by state: "unfinished", "finished" (by its rules), and how
        the others ended ("abandoned"), in one query."""
        counts = {"unfinished": 0, "finished": 0, "abandoned": 0}
        query = select(_TABLES.c.finished, _TABLES.c.ended, func.count()).group_by(_TABLES.c.finished,
                                                                                  _TABLES.c.ended)
        with self.engine.connect() as connection:
            for finished, ended, count in connection.execute(query):
                state = "unfinished" if not finished else ended or "finished"
                counts[state] = counts.get(state, 0) + count
        return counts

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    def create_table(self, table: TableRecord) -> None:
        """Write a new table and its seats."""
        with self.sessions.begin() as session:
            self._add_table(session, table)

    def _add_table(self, session: Session, table: TableRecord) -> None:
        """Add a new table and its seats to `session`'s transaction, held by this process."""
        session.add(
            TableRow(
                id=table.id,
                game=table.game,
                game_version=table.game_version,
                players=table.players,
                options=table.options,
                seed=table.seed,
                bot_seed=table.bot_seed,
                move_seconds=table.move_seconds,
                listed=table.listed,
                host_hash=table.host_hash,
                spectator_hash=table.spectator_hash,
                step=0,
                finished=False,
                result=None,
                created_at=table.created_at,
                finished_at=None,
                holder=self.holder,
                holder_address=self.address,
                to_act=table.to_act,
                settings=table.settings,
                active_at=table.active_at,
            )
        )
        session.flush()
        for seat in table.seats:
            session.add(
                SeatRow(
                    table_id=table.id,
                    seat=seat.seat,
                    bot=seat.bot,
                    token_hash=seat.token_hash,
                    joined=seat.joined,
                    away_bot=seat.away_bot,
                    name=seat.name,
                    open=seat.open,
                    fresh=seat.fresh,
                    muted=seat.muted,
                    email=seat.email,
                    mail_stop_hash=seat.mail_stop_hash,
                )
            )

    def append_move(self, table_id: str, move: MoveRecord, result: dict[str, Any] | None,
                    to_act: int | None) -> None:
        """Record `move` as the table's step `move.step` and advance the table, in one transaction; with
        `result`, the game ended with it; `to_act` is the seat to act after it. StepConflict if that step is
        taken (the table moved on), LeaseLost if another process holds the table now; any other error if the
        transaction failed (the move may yet have been made if its COMMIT's answer was lost).

        Moves of other tables that arrive (in other threads) while a commit is under way wait for it, then
        go in one transaction together: one commit (one flush to the disk) for them all. A conflict keeps
        out only its own move; a failed commit refuses the moves it held, and only those."""
        waiting = _Waiting(table_id, move, result, to_act)
        with self._lock:
            self._waiting.append(waiting)
            waiting.lead = not self._writing
            self._writing = True
        if not waiting.lead:
            waiting.done.wait()
        if waiting.lead:  # no commit under way, or the one before handed over: write what waits
            with self._lock:
                batch, self._waiting = self._waiting, []
            try:
                self._append_moves(batch)
            finally:
                with self._lock:
                    if self._waiting:  # arrived meanwhile: the first of them writes them all next
                        self._waiting[0].lead = True
                        self._waiting[0].done.set()
                    else:
                        self._writing = False
        if waiting.error is not None:
            raise waiting.error

    def _append_moves(self, batch: list[_Waiting]) -> None:
        """Write `batch` in one transaction, and give each its outcome (its `error`, None if made)."""
        started = time.perf_counter()
        try:
            with self.engine.begin() as connection:
                made: list[dict[str, Any]] = []
                for waiting in batch:
                    move = waiting.move
                    # The holder fences the write: a process that lost the table (to another that took it
                    # over while this one was cut off from the database) writes nothing more to it.
                    values = {"of_table": waiting.table_id, "at_step": move.step, "by_holder": self.holder,
                              "new_step": move.step + 1, "new_to_act": waiting.to_act,
                              "new_active_at": move.at if move.by == "person" else None}
                    if waiting.result is not None:
                        values.update(new_result=waiting.result, new_finished_at=move.at)
                    changed = connection.execute(_ADVANCE if waiting.result is None else _FINISH, values)
                    if changed.rowcount != 1:
                        holder = connection.scalar(
                            select(TableRow.holder).where(TableRow.id == waiting.table_id))
                        waiting.error = (
                            StepConflict(f"table {waiting.table_id} is no longer at step {move.step}")
                            if holder == self.holder
                            else LeaseLost(f"table {waiting.table_id} is held by another server process"))
                        continue
                    made.append({"table_id": waiting.table_id, "step": move.step, "seat": move.seat,
                                 "action": move.action, "by": move.by, "narration": move.narration,
                                 "at": move.at})
                if made:
                    connection.execute(insert(_MOVES), made)
            self.timed_commit(time.perf_counter() - started)
        except BaseException as exc:  # the transaction failed: none of its moves is known to be made
            for waiting in batch:
                if waiting.error is None:
                    waiting.error = (StepConflict(f"table {waiting.table_id} step {waiting.move.step} is "
                                                  "already recorded") if isinstance(exc, IntegrityError)
                                     else exc)
        finally:
            for waiting in batch:
                if not waiting.lead:
                    waiting.done.set()

    def claim(self, table_id: str) -> bool:
        """Make this process the holder of the unfinished table `table_id` (call it only while holding its
        lease, see leases.py); False if there is no such unfinished table."""
        with self.sessions.begin() as session:
            changed = session.execute(
                update(TableRow).where(TableRow.id == table_id, TableRow.finished.is_(False))
                .values(holder=self.holder, holder_address=self.address)
            )
            return bool(changed.rowcount == 1)  # type: ignore[attr-defined]

    def holds(self, table_id: str) -> bool:
        """True if this process is still the table's holder in the database."""
        with self.sessions() as session:
            return session.scalar(select(TableRow.holder).where(TableRow.id == table_id)) == self.holder

    def update_seat(self, table_id: str, seat: int, revoked: tuple[str, str] | None = None,
                    **columns: Any) -> None:
        """Write some of a seat's columns (SEAT_COLUMNS), and only those; `revoked`: (the hash of a link
        that stops working with this change, why), remembered in the same transaction. Fenced by the
        holder like a move (LeaseLost if another process holds the table now), unless the game is over (its
        chat goes on: the host may still mute a seat)."""
        unknown = set(columns) - SEAT_COLUMNS
        if unknown:
            raise ValueError(f"a seat has no column {sorted(unknown)[0]!r} to update")
        held = select(TableRow.id).where(
            TableRow.id == table_id, (TableRow.holder == self.holder) | TableRow.finished.is_(True)).exists()
        with self.sessions.begin() as session:
            changed = session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat, held)
                .values(**columns)
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                raise LeaseLost(f"table {table_id} is held by another server process")
            if revoked is not None:
                old_hash, why = revoked
                session.merge(RevokedLinkRow(token_hash=old_hash, table_id=table_id, seat=seat, why=why,
                                             at=now()))

    def update_table(self, table_id: str, **columns: Any) -> None:
        """Write some of a table's columns (TABLE_COLUMNS), and only those. Fenced by the holder for an
        unfinished table (LeaseLost if another process holds it now)."""
        unknown = set(columns) - TABLE_COLUMNS
        if unknown:
            raise ValueError(f"a table has no column {sorted(unknown)[0]!r} to update")
        with self.sessions.begin() as session:
            changed = session.execute(
                update(TableRow).where(TableRow.id == table_id,
                                       (TableRow.holder == self.holder) | TableRow.finished.is_(True))
                .values(**columns)
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                raise LeaseLost(f"table {table_id} is held by another server process")

    def take_back(self, table_id: str, at_step: int, back_to: int, to_act: int | None) -> None:
        """Take back a table's moves from step `back_to` on (an undo: server/ingame.py): delete them and set
        the table's step back, in one transaction, only while the table is at step `at_step`, unfinished,
        and held by this process. StepConflict if it moved on, LeaseLost if another process holds it."""
        with self.engine.begin() as connection:
            changed = connection.execute(
                update(_TABLES)
                .where(_TABLES.c.id == table_id, _TABLES.c.step == at_step, _TABLES.c.finished.is_(False),
                       _TABLES.c.holder == self.holder)
                .values(step=back_to, to_act=to_act)
            )
            if changed.rowcount != 1:
                holder = connection.scalar(select(TableRow.holder).where(TableRow.id == table_id))
                if holder != self.holder:
                    raise LeaseLost(f"table {table_id} is held by another server process")
                raise StepConflict(f"table {table_id} is no longer at step {at_step}")
            connection.execute(delete(_MOVES).where(_MOVES.c.table_id == table_id, _MOVES.c.step >= back_to))

    def start_rematch(self, old_id: str, table: TableRecord) -> bool:
        """Write `table` as the rematch of the finished table `old_id`, in one transaction: the old table
        names it (its `rematch`), its seats' links move to the new table's seats (the seats' token hashes,
        set in `table`, are taken off the old seats), and the new table is written, held by this process.
        False, and nothing written, if the old table is not finished or has a rematch already."""
        with self.sessions.begin() as session:
            changed = session.execute(
                update(TableRow).where(TableRow.id == old_id, TableRow.finished.is_(True),
                                       TableRow.rematch.is_(None)).values(rematch=table.id)
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                return False
            session.execute(update(SeatRow).where(SeatRow.table_id == old_id).values(token_hash=None))
            session.flush()  # a token hash is unique: off the old seat before it is on the new one
            self._add_table(session, table)
        return True

    def add_chat(self, table_id: str, line: ChatRecord) -> None:
        """Keep a chat line; StepConflict if its number is taken (another writer was first)."""
        try:
            with self.sessions.begin() as session:
                session.add(ChatRow(table_id=table_id, number=line.number, kind=line.kind, seat=line.seat,
                                    name=line.name, text=line.text, step=line.step, at=line.at))
        except IntegrityError:
            raise StepConflict(f"table {table_id}: chat line {line.number} is already kept") from None

    def claim_turn_mail(self, table_id: str, seat: int, step: int, stop_hash: str) -> str | None:
        """Make the turn mail of `seat` at `step` this call's to send: the seat's address, with `stop_hash`
        (the hash of the stop link's token the mail carries) and `step` as its mailed step written first
        in one transaction; None if the seat has no address, its turn at `step` was mailed already (by this
        process before a restart, or by another), or another process holds the table now. So a turn is
        mailed at most once, whatever restarts or processes come between."""
        held = select(TableRow.id).where(TableRow.id == table_id, TableRow.holder == self.holder).exists()
        with self.sessions.begin() as session:
            changed = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.email.is_not(None),
                       SeatRow.mailed_step.is_distinct_from(step), held)
                .values(mailed_step=step, mail_stop_hash=stop_hash)
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                return None
            return session.scalar(
                select(SeatRow.email).where(SeatRow.table_id == table_id, SeatRow.seat == seat))

    def stop_mails(self, stop_hash: str) -> tuple[str, int] | None:
        """Forget the address of the seat whose latest mail's stop link has the token hashing to
        `stop_hash`: (table id, seat), or None if no seat has it (stopped already, or a newer mail or a new
        address replaced it). Any process may do it: it touches the address alone, never the game."""
        with self.sessions.begin() as session:
            row = session.scalars(select(SeatRow).where(SeatRow.mail_stop_hash == stop_hash)).first()
            if row is None:
                return None
            row.email, row.mail_stop_hash = None, None
            return row.table_id, row.seat

    def mail_address(self, table_id: str, seat: int) -> str | None:
        """The address a seat's turn mails go to (None: none), as stored."""
        with self.sessions() as session:
            return session.scalar(
                select(SeatRow.email).where(SeatRow.table_id == table_id, SeatRow.seat == seat))

    def revoked_link(self, digest: str) -> tuple[str, int, str, float] | None:
        """(table id, seat, why, when) of a seat link that stopped working, by its token's hash, or None."""
        with self.sessions() as session:
            row = session.get(RevokedLinkRow, digest)
            return None if row is None else (row.table_id, row.seat, row.why, row.at)

    def load(self, table_id: str, moves: bool = True) -> TableRecord | None:
        """A table with its seats and (unless `moves` is False) its moves, or None."""
        with self.sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return self._record(session, row, moves)

    def unfinished_ids(self) -> list[str]:
        """The id of every table whose game is not over (reloaded when the server starts), oldest first."""
        with self.sessions() as session:
            return list(session.scalars(
                select(TableRow.id).where(TableRow.finished.is_(False)).order_by(TableRow.created_at)
            ).all())

    def listed_elsewhere(self, limit: int, active_since: float | None = None) -> list[TableRecord]:
        """The listed unfinished tables other processes hold, oldest first, without their moves; with
        `active_since`, only those a person moved at since then (or made since then, when nobody has)."""
        wanted = [TableRow.finished.is_(False), TableRow.listed.is_(True),
                  TableRow.holder.is_distinct_from(self.holder)]
        if active_since is not None:
            wanted.append(func.coalesce(TableRow.active_at, TableRow.created_at) >= active_since)
        with self.sessions() as session:
            rows = session.scalars(
                select(TableRow)
                .where(*wanted)
                .order_by(TableRow.created_at)
                .limit(limit)
            ).all()
            return [self._record(session, row, moves=False) for row in rows]

    def recent_finished(self, limit: int) -> list[TableRecord]:
        """The listed tables that finished last, newest first, without their moves."""
        with self.sessions() as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.finished.is_(True), TableRow.listed.is_(True))
                .order_by(TableRow.finished_at.desc())
                .limit(limit)
            ).all()
            return [self._record(session, row, moves=False) for row in rows]

    def seat_by_token(self, digest: str) -> tuple[str, int] | None:
        """(table id, seat) of the seat whose token hashes to `digest`, or None."""
        with self.sessions() as session:
            row = session.scalars(select(SeatRow).where(SeatRow.token_hash == digest)).first()
            return None if row is None else (row.table_id, row.seat)

    @staticmethod
    def _record(session: Session, row: TableRow, moves: bool = True) -> TableRecord:
        seats = session.scalars(
            select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)
        ).all()
        record = TableRecord(
            id=row.id,
            game=row.game,
            game_version=row.game_version,
            players=row.players,
            options=dict(row.options),
            seed=row.seed,
            bot_seed=row.bot_seed,
            move_seconds=row.move_seconds,
            listed=row.listed,
            host_hash=row.host_hash,
            spectator_hash=row.spectator_hash,
            created_at=row.created_at,
            seats=[SeatRecord(s.seat, s.bot, s.token_hash, s.joined, s.away_bot, s.name, s.open, s.fresh,
                              s.muted, s.email, s.mail_stop_hash, s.mailed_step) for s in seats],
            finished=row.finished,
            result=row.result,
            finished_at=row.finished_at,
            step=row.step,
            to_act=row.to_act,
            holder_address=row.holder_address,
            settings=dict(row.settings or {}),
            active_at=row.active_at,
            ended=row.ended,
            rematch=row.rematch,
        )
        if moves:
            found = session.scalars(
                select(MoveRow).where(MoveRow.table_id == row.id).order_by(MoveRow.step)
            ).all()
            # The table's row was read first: a move committed since may add a step the row does not
            # count yet, never take one away. The row's step is the table's.
            stored = [MoveRecord(m.step, m.seat, m.action, m.by, list(m.narration), m.at) for m in found]
            record.moves = stored[: row.step]
            if [m.step for m in record.moves] != list(range(row.step)):
                raise DamagedTable(f"table {row.id}: its moves are not steps 0 to {row.step - 1}")
            lines = session.scalars(
                select(ChatRow).where(ChatRow.table_id == row.id).order_by(ChatRow.number)
            ).all()
            record.chat = [ChatRecord(c.number, c.kind, c.seat, c.name, c.text, c.step, c.at) for c in lines]
        return record


def _unmeasured(_seconds: float) -> None:
    """`Storage.timed_commit` of a storage whose commits nobody measures."""


def now() -> float:
    """Seconds since the epoch (what the tables store)."""
    return time.time()
