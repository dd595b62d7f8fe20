"""The database server restarted under the real game server (PostgreSQL): every connection is told of the
outage, a move sent meanwhile is refused and not made, and once the database is back the connections are
told so and the game goes on to its end with nothing lost and nothing applied twice.

issue 18: "The same with the database server restarted under it (PostgreSQL), where the server must report
the outage to clients and go on when the database is back."
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from gangland.engine import GameRecord
from gangland.games import get

from .dbservers import PostgresServer
from .realserver import Person, RealServer
from .tables import token_of
from .test_restart import BOT, SEEDED_BOT, bot_seed_of, check_bot_moves, plain, play_moves


def next_status(person: Person) -> dict[str, Any]:
    """The next status message (states and errors in between are read and kept); bounded by the socket's
    own wait."""
    while True:
        message = person.receive()
        if message["type"] == "status":
            return message


def test_a_restart_of_postgresql_is_reported_and_the_games_go_on(
        postgres_url: str, postgres_server: PostgresServer, tmp_path: Path) -> None:
    database = postgres_url
    rng = random.Random(1819)
    known: dict[str, int] = {}
    over: set[str] = set()
    with RealServer(database, tmp_path / "server.log") as real:
        real.start(bot_delay=0)
        status, created = real.post("/api/tables", {
            "game": "razzia", "players": 3, "listed": False,
            "seats": [{"bot": None}, {"bot": SEEDED_BOT}, {"bot": BOT}]})
        assert status == 201, created
        person = Person(real, created["table_id"], 0, token_of(created["seats"][0]["link"]))
        watcher = Person(real, created["table_id"], 0, person.token)  # a second tab of the same seat
        person.connect()
        watcher.connect()
        play_moves(person, rng, 3, known, over)
        assert not over
        state = person.to_turn()
        step = state["step"]

        postgres_server.stop()
        try:
            for tab in (person, watcher):
                told = next_status(tab)
                assert told["database"] == "out" and "no move can be saved" in told["message"], told
            # A move now is refused, with a reason, and not made.
            person.move(rng, wait=False)
            while not person.errors:
                person.receive()
            assert person.errors[-1]["code"] == "storage", person.errors
            status, summary = real.get(f"/api/tables/{person.table_id}")
            assert status == 200 and summary["step"] == step, summary
            # A request that needs the database is a clean 503, not a 500.
            status, answer = real.post("/api/tables", {"game": "razzia", "players": 2, "listed": False})
            assert status == 503 and "the database cannot be reached" in answer["detail"], (status, answer)
        finally:
            postgres_server.start()
        for tab in (person, watcher):
            told = next_status(tab)
            assert told["database"] == "back", told
        refused = person.errors.pop()
        assert refused["code"] == "storage"
        # The refused move was not made (the table showed it still at its step): the person plays again.
        del person.sent[step]
        play_moves(person, rng, 10**6, known, over)
        final = person.last
        assert final is not None and final["over"]
        status, record_json = real.get(f"/api/tables/{person.table_id}/record")
        assert status == 200, record_json
        person.drop()
        watcher.drop()

    record = GameRecord.from_json(record_json)
    assert person.errors == []
    assert len(record.actions) == final["step"]
    for acked_step, action in person.acked.items():
        assert record.actions[acked_step] == action
    replayed = record.replay(get("razzia"))
    assert replayed.is_over and plain(replayed.result().to_json()) == plain(final["result"])
    check_bot_moves(get("razzia"), record, bot_seed_of(database, person.table_id), {1, 2}, person.sent)
