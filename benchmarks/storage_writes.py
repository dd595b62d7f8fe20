"""The database's cost of recording moves (`Storage.append_move`), without the rest of the server.

Run from the repository root:

    .venv/bin/python benchmarks/storage_writes.py [--tables 40] [--moves 25] [--db URL]

It opens a throwaway SQLite file (or the PostgreSQL of `--db`), creates N tables and appends M moves to
each, one after the other (no other thread writes, so each move is its own transaction), and prints the
CPU time and the wall time per move. A benchmark prints; it is not a test.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from gangland.server.storage import MoveRecord, SeatRecord, Storage, TableRecord, now

NARRATION = ["Seat 2 draws a card: a thief (the police are 3 of 6 now)"] * 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--moves", type=int, default=25, help="moves appended to each table")
    parser.add_argument("--db", metavar="URL", help="database URL (default: a throwaway SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(args.db or f"sqlite:///{Path(folder) / 'writes.db'}")
        storage.migrate()
        prefix = f"w{time.time_ns() % 10**9}-"  # new tables on a database that is not throwaway
        for table in range(args.tables):
            storage.create_table(TableRecord(
                id=f"{prefix}{table}", game="razzia", game_version="1", players=4, options={}, seed=1,
                bot_seed=2, move_seconds=None, listed=False, host_hash="h" * 64, spectator_hash="s" * 64,
                created_at=now(), seats=[SeatRecord(seat, None, None) for seat in range(4)]))
        wall, cpu = time.perf_counter(), time.process_time()
        for step in range(args.moves):
            for table in range(args.tables):
                move = MoveRecord(step, step % 4, 1, "person", NARRATION, now())
                storage.append_move(f"{prefix}{table}", move, None, (step + 1) % 4)
        moves = args.tables * args.moves
        print(f"{moves} moves appended on {storage.engine.dialect.name}: "
              f"{1000 * (time.process_time() - cpu) / moves:.3f} ms of CPU and "
              f"{1000 * (time.perf_counter() - wall) / moves:.3f} ms of wall time per move")
        storage.close()


if __name__ == "__main__":
    main()
