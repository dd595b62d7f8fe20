"""`gangland backup` while the real server plays and writes, `gangland restore` once it is stopped, and the
games go on from the backup (issue 32, "Observable and recoverable").

issue 32: "`gangland backup FILE`: a consistent copy of a SQLite database while the server runs (SQLite's
online backup), and a restore that a test exercises: back up mid-game, stop, restore, start, the games go on
from the backup."
"""

from __future__ import annotations

import random
import sqlite3
import subprocess
import time
from contextlib import closing
from pathlib import Path
from typing import Any

from gangland.engine import GameRecord
from gangland.games import get

from .realserver import Person, RealServer, gangland_executable
from .tables import token_of
from .test_restart import BOT, SEEDED_BOT, WAIT_SECONDS, check_bot_moves, play_moves

BOTS_ONLY = [{"bot": SEEDED_BOT}, {"bot": BOT}, {"bot": SEEDED_BOT}, {"bot": BOT}]
"""A table of bots alone: it writes a move every --bot-delay, all through the backup."""


def gangland(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the `gangland` command (as a host would, beside the running server); bounded."""
    return subprocess.run([str(gangland_executable()), *args], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


def stored(database: Path, table_id: str) -> tuple[int, bool, list[int], int]:
    """(step, finished, actions, bot seed) of a table in an SQLite file, read without writing to it."""
    with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        step, finished, bot_seed = db.execute("SELECT step, finished, bot_seed FROM tables WHERE id = ?",
                                              (table_id,)).fetchone()
        actions = [row[0] for row in db.execute("SELECT action FROM moves WHERE table_id = ? ORDER BY step",
                                                (table_id,))]
    return step, bool(finished), actions, bot_seed


def wait_finished(real: RealServer, table_id: str) -> dict[str, Any]:
    """The table's summary once its game is over (its bots play it); bounded."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        status, summary = real.get(f"/api/tables/{table_id}")
        assert status == 200, summary
        if summary["status"] == "finished":
            return summary
        assert time.monotonic() < deadline, f"table {table_id} is not over {WAIT_SECONDS} s on: {summary}"
        time.sleep(0.05)


def test_a_backup_taken_mid_game_is_restored_and_the_games_go_on(tmp_path: Path) -> None:
    database = tmp_path / "g.db"
    url = f"sqlite:///{database}"
    backup = tmp_path / "backup.db"
    rng = random.Random(3232)
    known: dict[str, int] = {}
    over: set[str] = set()
    with RealServer(url, tmp_path / "server.log") as real:
        real.start(bot_delay=0.05)
        status, bots_table = real.post("/api/tables", {"game": "razzia", "players": 4, "listed": False,
                                                       "seats": BOTS_ONLY})
        assert status == 201, bots_table
        bots_id = bots_table["table_id"]
        seats = [{"bot": None}, {"bot": SEEDED_BOT}, {"bot": BOT}]
        status, created = real.post("/api/tables", {"game": "razzia", "players": 3, "listed": False,
                                                    "seats": seats})
        assert status == 201, created
        person = Person(real, created["table_id"], 0, token_of(created["seats"][0]["link"]))
        person.connect()
        play_moves(person, rng, 3, known, over)
        at_backup = person.to_turn()  # the person's turn: that table waits for them
        assert not at_backup["over"]

        before = real.get(f"/api/tables/{bots_id}")[1]["step"]
        made = gangland("backup", str(backup), "--db", url)
        after = real.get(f"/api/tables/{bots_id}")[1]["step"]
        assert made.returncode == 0, made.stderr
        assert made.stdout.startswith(f"Backed up {url} to {backup}: 2 tables, "), made.stdout
        # One committed moment of a database written all along: the bots' table was somewhere between,
        # with as many moves as steps; the person's table where the person was to move.
        assert after > before, "the bots' table did not move on while the backup was taken"
        bots_step, bots_over, bots_actions, _ = stored(backup, bots_id)
        assert before <= bots_step <= after and not bots_over and len(bots_actions) == bots_step
        person_step, _, person_actions, _ = stored(backup, person.table_id)
        assert person_step == at_backup["step"] == len(person_actions)
        with closing(sqlite3.connect(backup)) as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # a file of its own

        play_moves(person, rng, 3, known, over)  # made after the backup: the restore takes them back
        lost = person.to_turn()  # the table waits for the person again
        assert not lost["over"] and lost["step"] > person_step
        refused = gangland("restore", str(backup), "--db", url)
        assert refused.returncode == 2 and "is in use, by a running server" in refused.stderr, refused.stderr
        assert real.get(f"/api/tables/{person.table_id}")[1]["step"] == lost["step"], "the refusal changed it"
        person.drop()
        real.stop()

        restored = gangland("restore", str(backup), "--db", url)
        assert restored.returncode == 0, restored.stderr
        assert restored.stdout.startswith(f"Restored {backup} to {url}: 2 tables"), restored.stdout
        real.start(bot_delay=0)
        state = person.connect()  # the seat's link opens the table where the backup had it
        assert (state["step"], state["your_turn"]) == (person_step, True), state
        play_moves(person, rng, 10**6, known, over)
        assert person.last is not None and person.last["over"]
        bots_summary = wait_finished(real, bots_id)
        records = {table: real.get(f"/api/tables/{table}/record")[1] for table in (bots_id, person.table_id)}
        person.drop()

    game = get("razzia")
    for table_id, kept, bot_seats, sent in ((bots_id, bots_actions, {0, 1, 2, 3}, None),
                                           (person.table_id, person_actions, {1, 2}, person.sent)):
        record = GameRecord.from_json(records[table_id])
        assert record.actions[: len(kept)] == kept, f"table {table_id} does not go on from the backup"
        # ...and on from there as uninterrupted: every bot move its bot's seeded choice, every person's
        # move one the person sent at that step (after the restore: sent again).
        bot_seed = stored(database, table_id)[3]
        assert check_bot_moves(game, record, bot_seed, bot_seats, sent) > 0
    assert bots_summary["step"] == len(GameRecord.from_json(records[bots_id]).actions)
