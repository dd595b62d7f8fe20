"""Idle and ended tables (issue 31: "Tables nobody plays any more leave the lobby's lists (no move by a person
for a period the host can set, default two weeks), and the host can end a table (an abandoned result, never
rated)."). docs/server.md, "Idle and ended tables", is the contract.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from gangland.server.storage import Storage

from .tables import Seat, create, seated, server, token_of
from .test_lobby import listed_in, summary, wait_for
from .test_refusals import barrier, person_turn, token_now

DAY = 24 * 3600.0


class Clock:
    """The hub's clock, moved on by hand: the time it says is the real one plus `ahead` seconds."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


def with_clock(client: TestClient) -> Clock:
    """Give the app's hub a clock the test moves on."""
    clock = Clock()
    client.app.state.hub.clock = clock  # type: ignore[attr-defined]
    return clock


def person_moves(seat: Seat, rng: random.Random) -> dict[str, Any]:
    """Wait for `seat`'s turn (its bots move meanwhile) and make a random legal move; the state after it."""
    mine = person_turn({0: seat})
    seat.send({"type": "act", "action": rng.choice(mine["legal"])["id"], "step": mine["step"]})
    return seat.until(mine["step"] + 1)


def stored_moves(database_url: str, table_id: str) -> list[Any]:
    """The table's moves as the database holds them."""
    storage = Storage(database_url)
    try:
        record = storage.load(table_id)
        assert record is not None
        return record.moves
    finally:
        storage.close()


def test_idle_tables_leave_the_lobby(tmp_path: Path) -> None:
    """A listed unfinished table no person moved at for the idle period (14 days by default) leaves the
    lobby's lists, and is still played by its links; a person's move brings it back. A bot's move does not
    count as activity; when a person last moved is kept with the move, across a restart."""
    database_url = f"sqlite:///{tmp_path}/gangland.db"
    rng = random.Random(3)
    with server(database_url) as client:
        clock = with_clock(client)
        created = create(client, "razzia", 2, [None, "heuristic"], listed=True)
        table_id, token = created["table_id"], token_of(created["creator_link"])
        bots = create(client, "razzia", 2, ["heuristic", "random"], listed=True)
        assert listed_in(client, table_id)[0] == "playing"
        first = summary(client, table_id)
        assert first["active"] == first["created"]  # nobody has moved yet: its making counts

        with seated(client, table_id, token) as anna:
            person_moves(anna, rng)
            barrier(anna)
            moved = [m for m in stored_moves(database_url, table_id) if m.by == "person"]
            assert summary(client, table_id)["active"] == moved[-1].at
            clock.ahead = 13.9 * DAY
            assert listed_in(client, table_id)[0] == "playing"
            clock.ahead = 14.1 * DAY
            assert listed_in(client, table_id) == (None, None)  # idle: out of the lobby's lists
            assert summary(client, table_id)["status"] == "playing"  # but there, and played by its link
            after = person_moves(anna, rng)
            assert not after["over"]
            assert listed_in(client, table_id)[0] == "playing"  # a person's move brings it back
            active = summary(client, table_id)["active"]

        # A table of bots alone: its bots' moves (the whole game) never make it active.
        bots_summary = wait_for("the bots' game to end", lambda: (
            (facts := summary(client, bots["table_id"]))["status"] == "finished" and facts))
        assert bots_summary["step"] > 10 and bots_summary["active"] == bots_summary["created"]

    with server(database_url, idle_days=1) as client:  # when a person last moved survives a restart
        clock = with_clock(client)
        assert summary(client, table_id)["active"] == active
        clock.ahead = 14.1 * DAY + 0.9 * DAY
        assert listed_in(client, table_id)[0] == "playing"
        clock.ahead = 14.1 * DAY + 1.1 * DAY  # `gangland serve --idle-days 1`
        assert listed_in(client, table_id) == (None, None)


def test_the_host_ends_a_table(database_url: str) -> None:
    """POST /api/tables/{id}/end: only with the host token (403 otherwise); every connection is told (over,
    ended "abandoned", no result); no move is made after it, its bots and clock stop; it is listed among the
    finished as abandoned, with no winners; its replay goes up to where it stopped; the seats' lists say it
    is over; it stays ended after a restart."""
    with server(database_url) as client:
        created = create(client, "razzia", 3, [None, None, "heuristic"], listed=True, move_seconds=3600)
        table_id = created["table_id"]
        anna_token, bea_invitation = (token_of(s["link"]) for s in created["seats"][:2])
        end = f"/api/tables/{table_id}/end"
        with seated(client, table_id, None) as spectator, seated(client, table_id, anna_token) as anna, \
                seated(client, table_id, bea_invitation) as bea:
            bea_token = token_now(bea, bea_invitation)
            people = {0: anna, 1: bea}
            first = person_turn(people)  # a person moves, so that the game stops after a step or more
            people[first["to_act"]].send({"type": "act", "action": first["legal"][0]["id"],
                                          "step": first["step"]})
            anna.until(first["step"] + 1)
            turn = person_turn(people)  # a person is to act: their move clock runs
            assert turn["clock"] is not None
            for wrong in [anna_token, bea_token, created["host_token"] + "x", ""]:
                refused = client.post(end, json={"host_token": wrong})
                assert refused.status_code == 403 and "host" in refused.json()["detail"], refused.text
            assert client.post(end, json={}).status_code == 400
            assert summary(client, table_id)["status"] == "playing"  # the refusals changed nothing

            ended = client.post(end, json={"host_token": created["host_token"]})
            assert ended.status_code == 200, ended.text
            facts = ended.json()
            assert (facts["status"], facts["ended"], facts["result"], facts["to_act"]) == \
                ("finished", "abandoned", None, None)
            for socket in [anna, bea, spectator]:
                told = socket.until(turn["step"])
                while told.get("ended") is None:
                    told = socket.state()
                assert told["over"] and told["ended"] == "abandoned" and told["result"] is None, told
                assert told["to_act"] is None and told["legal"] == [] and told["clock"] is None, told
                assert told["replay"] == f"/t/{table_id}/replay"
            mover = people[turn["to_act"]]
            mover.send({"type": "act", "action": turn["legal"][0]["id"], "step": turn["step"]})
            assert [m["code"] for m in barrier(mover) if m["type"] == "error"] == ["game_over"]
            hub = client.app.state.hub  # type: ignore[attr-defined]
            assert table_id not in hub.live  # given up like a finished table: its lease too
            wait_for("the lease to be given up", lambda: table_id not in hub.leases.held)
            live = hub.recent[table_id]
            assert live.driver is None and live.thinking is None and live.deadline is None

        again = client.post(end, json={"host_token": created["host_token"]})
        assert again.status_code == 409 and "over already" in again.json()["detail"]
        assert client.post(f"/api/tables/{table_id}/seats/1/controller",
                           json={"host_token": created["host_token"], "bot": "random"}).status_code == 409
        where, entry = listed_in(client, table_id)
        assert where == "finished" and entry is not None
        assert entry["ended"] == "abandoned" and entry["result"] is None
        replay = client.get(f"/api/tables/{table_id}/replay?step=100000&seat=0")
        assert replay.status_code == 200, replay.text
        frame = replay.json()
        assert frame["step"] == frame["total"] == turn["step"]
        assert frame["ended"] == "abandoned" and frame["result"] is None
        early = client.get(f"/api/tables/{table_id}/replay?step=0").json()
        assert early["ended"] is None
        record = client.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200 and len(record.json()["actions"]) == turn["step"]
        assert record.json()["result"] is None
        mine = client.post("/api/my-seats", json={"tokens": [anna_token, bea_token]}).json()
        assert [(m["over"], m["your_turn"]) for m in mine] == [(True, False), (True, False)]

    with server(database_url) as client:  # after a restart: still ended, not played again
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert table_id not in hub.live
        facts = summary(client, table_id)
        assert (facts["status"], facts["ended"], facts["step"]) == ("finished", "abandoned", turn["step"])
        with seated(client, table_id, anna_token) as anna:
            assert anna.last is not None and anna.last["over"] and anna.last["ended"] == "abandoned"
