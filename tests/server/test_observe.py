"""Health and metrics (issue 32, "Observable and recoverable"): GET /health/live and /health/ready (503 with a
sentence while the database is out of reach), and GET /metrics in the Prometheus text format, read after a
game: the numbers are the ones that game made; the token, when there is one, is needed.

issue 32: "Health: a liveness answer and a readiness answer that checks the database." and "Metrics in the
Prometheus format (`prometheus-client`), optionally behind a token: moves made, move latency
(acknowledgement) as a histogram, open connections, tables by state, bot thinking time, database commit
time. A test reads them after a game."
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from gangland.engine import GameRecord
from gangland.games import get
from gangland.server.connections import Client
from gangland.server.metrics import ServerMetrics

from .dbservers import PostgresServer
from .tables import create, play_people, seated, server, token_of

TOKEN = "metrics-3f9a1c7e5b"
"""A metrics token (create_app's `metrics_token`)."""
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]
WAIT_SECONDS = 10.0
"""The longest a test waits for the server to let a closed connection go."""


def scrape(client: TestClient, **headers: str) -> Samples:
    """GET /metrics, parsed: each sample's value by (name, its labels sorted)."""
    answer = client.get("/metrics", headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4"), answer.headers
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(answer.text) for sample in family.samples}


def value(samples: Samples, name: str, **labels: str) -> float:
    """The value of one sample (AssertionError naming it if there is none)."""
    key = (name, tuple(sorted(labels.items())))
    assert key in samples, f"no sample {name}{labels} in the metrics"
    return samples[key]


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum of the samples named `name` whose labels include `labels`."""
    return sum(v for (n, found), v in samples.items()
               if n == name and set(labels.items()) <= set(found))


def eventually(client: TestClient, check: Callable[[Samples], bool]) -> Samples:
    """Scrape until `check` holds (a closed connection is let go a moment later); bounded."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        samples = scrape(client)
        if check(samples):
            return samples
        assert time.monotonic() < deadline, f"the metrics did not come to it within {WAIT_SECONDS} s"
        time.sleep(0.02)


def test_health_answers_while_the_server_runs(database_url: str) -> None:
    with server(database_url) as client:
        assert client.get("/health/live").json() == {"status": "ok"}
        ready = client.get("/health/ready")
        assert ready.status_code == 200 and ready.json() == {"status": "ok", "database": "ok"}
        # Both are in the API's schema, as the fuzz test reads it.
        paths = client.get("/openapi.json").json()["paths"]
        assert {"/health/live", "/health/ready"} <= set(paths) and "/metrics" not in paths


def test_readiness_says_when_the_database_is_out_of_reach(postgres_url: str,
                                                         postgres_server: PostgresServer) -> None:
    """The database server stopped under the app: not ready (503, a sentence), yet alive; ready again once
    the database is back."""
    with server(postgres_url) as client:
        assert client.get("/health/ready").status_code == 200
        postgres_server.stop()
        try:
            answer = client.get("/health/ready")
            assert answer.status_code == 503, answer.text
            assert answer.json()["detail"].startswith("the database cannot be reached ("), answer.text
            assert "cannot serve now" in answer.json()["detail"]
            assert client.get("/health/live").json() == {"status": "ok"}
            # The metrics still answer, without the database's count of tables (never a stale one).
            samples = scrape(client)
            assert not any(name == "gangland_stored_tables" for name, _ in samples)
            assert value(samples, "gangland_connections", kind="seat") == 0
        finally:
            postgres_server.start()
        deadline = time.monotonic() + WAIT_SECONDS
        while client.get("/health/ready").status_code != 200:  # its pool's connections are new ones now
            assert time.monotonic() < deadline, "not ready again after the database came back"
            time.sleep(0.1)


def test_the_metrics_count_what_a_game_made(tmp_path: Path) -> None:
    """Two people, a bot and a spectator play a game; a lobby page is open. While they are connected the
    metrics count their sockets; after the game every count is the game's: its moves by whom, one
    acknowledgement timed per person's move, one bot choice timed per bot move, the commits; and once
    they leave, no connection is counted. Tables: one waiting, one ended by its host, one finished."""
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        before = scrape(client)
        for kind in ("seat", "spectator", "lobby"):
            assert value(before, "gangland_connections", kind=kind) == 0
        assert total(before, "gangland_moves_total") == 0
        waiting = create(client, "razzia", 2, [None, None], listed=True)  # its second seat never taken
        ended = create(client, "razzia", 2, [None, None], listed=False)  # no bot: no move
        assert client.post(f"/api/tables/{ended['table_id']}/end",
                           json={"host_token": ended["host_token"]}).status_code == 200
        created = create(client, "razzia", 3, [None, None, "heuristic"], listed=True)
        table_id = created["table_id"]
        tokens = [token_of(created["seats"][seat]["link"]) for seat in (0, 1)]
        with seated(client, table_id, tokens[0]) as zero, seated(client, table_id, tokens[1]) as one, \
                seated(client, table_id, token_of(created["spectator_link"])), \
                client.websocket_connect("/ws/lobby") as lobby:
            lobby.send_json({"type": "watch", "tokens": tokens})
            assert lobby.receive_json()["type"] == "my_seats"
            during = scrape(client)
            assert value(during, "gangland_connections", kind="seat") == 2
            assert value(during, "gangland_connections", kind="spectator") == 1
            assert value(during, "gangland_connections", kind="lobby") == 1
            assert value(during, "gangland_live_tables", state="playing") == 1
            assert value(during, "gangland_live_tables", state="waiting") == 1
            final = play_people({0: zero, 1: one}, random.Random(32))
            # Each acknowledgement is timed once it went out: the last one too, with nothing sent after it.
            people_moves = value(scrape(client), "gangland_moves_total", game="razzia", by="person")
            acks = eventually(client, lambda s: value(s, "gangland_move_ack_seconds_count") >= people_moves)
            assert value(acks, "gangland_move_ack_seconds_count") == people_moves
        assert final["over"]
        record = GameRecord.from_json(client.get(f"/api/tables/{table_id}/record").json())
        after = eventually(client, lambda s: total(s, "gangland_connections") == 0)
        assert client.get(f"/api/tables/{waiting['table_id']}").json()["invited_seats"] == [1]

    people = sum(1 for seat in movers(record) if seat in (0, 1))
    bots = len(record.actions) - people
    assert people > 0 and bots > 0
    assert value(after, "gangland_moves_total", game="razzia", by="person") == people
    assert value(after, "gangland_moves_total", game="razzia", by="bot") == bots
    assert total(after, "gangland_moves_total") == len(record.actions) == final["step"]
    # Each person's move was acknowledged on its connection, and that acknowledgement timed once.
    assert value(after, "gangland_move_ack_seconds_count") == people
    assert 0 < value(after, "gangland_move_ack_seconds_sum") < WAIT_SECONDS * people
    assert value(after, "gangland_bot_think_seconds_count", bot="heuristic") == bots
    # Moves are committed in batches: at least one commit, at most one per move.
    assert 1 <= value(after, "gangland_db_commit_seconds_count") <= len(record.actions)
    assert value(after, "gangland_db_commit_seconds_sum") > 0
    for state, count in {"unfinished": 1, "finished": 1, "abandoned": 1}.items():
        assert value(after, "gangland_stored_tables", state=state) == count, state
    assert value(after, "gangland_live_tables", state="waiting") == 1
    assert value(after, "gangland_live_tables", state="playing") == 0


def movers(record: GameRecord) -> list[int]:
    """The seat that made each move of a record (replayed)."""
    game = get(record.game)
    state = game.new_game(record.players, record.seed, record.options)
    seats = []
    for action in record.actions:
        assert state.to_act is not None
        seats.append(state.to_act)
        state.apply(action)
    return seats


def test_an_acknowledgement_is_timed_once_it_went_out() -> None:
    """The writer may send a move's acknowledgement before the reader learns the move was made: it is
    timed at once then; else when the message that acknowledges it is sent, and not before."""
    metrics = ServerMetrics()

    def timed() -> float:
        return next(sample.value for sample in metrics.move_seconds.collect()[0].samples
                    if sample.name == "gangland_move_ack_seconds_count")

    already = Client(seat=0)
    for _ in range(3):
        already.push("a state")
        metrics.sent(already)
    metrics.acknowledge(already, time.perf_counter())
    assert timed() == 1
    waiting = Client(seat=1)
    waiting.push("another seat's move")
    waiting.push("the acknowledgement")
    metrics.acknowledge(waiting, time.perf_counter())
    metrics.sent(waiting)
    assert timed() == 1
    metrics.sent(waiting)
    assert timed() == 2
    assert waiting.ack_due is None


def test_the_metrics_token_is_needed_when_there_is_one(tmp_path: Path) -> None:
    """create_app(metrics_token=...) (`gangland serve --metrics-token-file`): without the header, with
    another scheme or another token, a 401 that says what is needed; with the token, the metrics. The
    health answers need no token."""
    with server(f"sqlite:///{tmp_path}/g.db", metrics_token=TOKEN) as client:
        for headers in ({}, {"Authorization": "Basic " + TOKEN}, {"Authorization": "Bearer " + TOKEN[:-1]},
                        {"Authorization": "Bearer " + TOKEN + "x"}, {"Authorization": "Bearer"}):
            refused = client.get("/metrics", headers=headers)
            assert refused.status_code == 401, (headers, refused.text)
            assert refused.headers["www-authenticate"] == "Bearer"
            assert "Authorization: Bearer" in refused.json()["detail"]
            assert "gangland_" not in refused.text
        samples = scrape(client, Authorization=f"Bearer {TOKEN}")
        assert value(samples, "gangland_connections", kind="seat") == 0
        assert client.get("/health/ready").status_code == 200
