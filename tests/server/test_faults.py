"""What the server does when a database write fails, a stored table is damaged, a message is deeply nested,
or an invitation link is opened: nothing acknowledged is lost, nothing is made twice, no table stalls.

issue 16: "Durability: an action is committed to the database together with the game's new step before
anyone is told of it. ... No acknowledged action is ever lost." "A seat link holds an unguessable token
(capability URL ...): whoever has it plays that seat."
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from gangland.server import tables
from gangland.server.storage import Storage, TableRow

from .tables import create, seated, server, token_of


def wait_for_step(client: Any, table_id: str, step: int, tries: int = 400) -> dict[str, Any]:
    """The table's summary once it reached `step` (bounded: fails after `tries` looks)."""
    for _ in range(tries):
        summary: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if summary["step"] >= step:
            return summary
        client.portal.call(__import__("anyio").sleep, 0.02)
    raise AssertionError(f"table {table_id} did not reach step {step}")


def test_an_invitation_link_is_spent_when_first_opened(database_url: str) -> None:
    with server(database_url) as client:
        created = create(client, "razzia", 3, [None, None, "heuristic"], listed=False)
        table_id, invitation = created["table_id"], token_of(created["seats"][1]["link"])
        with seated(client, table_id, invitation) as friend:
            given = [json.loads(t) for t in friend.texts if json.loads(t)["type"] == "seat_token"]
            assert len(given) == 1 and given[0]["seat"] == 1
            assert given[0]["link"] == f"/t/{table_id}#seat={given[0]['token']}"
            # The sender of the invitation cannot open the seat with it any more ...
            with client.websocket_connect(f"/ws/{table_id}") as sender:
                sender.send_text(json.dumps({"type": "hello", "token": invitation}))
                refused = json.loads(sender.receive_text())
                assert refused["code"] == "bad_token" and "revoked" in refused["error"]
            # ... while the friend's own link opens it in another tab, with no new token.
            with seated(client, table_id, given[0]["token"]) as tab:
                assert tab.last is not None and tab.last["seat"] == 1
                assert not any(json.loads(t)["type"] == "seat_token" for t in tab.texts)
        # The creator's own link is theirs from the start: opening it spends nothing.
        with seated(client, table_id, token_of(created["creator_link"])) as me:
            assert me.last is not None and me.last["seat"] == 0
            assert not any(json.loads(t)["type"] == "seat_token" for t in me.texts)


def test_a_move_whose_commit_failed_is_refused_and_not_made(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, "razzia", 2, [None, None], listed=False)
        table_id = created["table_id"]
        storage = client.app.state.hub.storage  # type: ignore[attr-defined]
        with seated(client, table_id, token_of(created["creator_link"])) as me, \
                seated(client, table_id, token_of(created["seats"][1]["link"])) as friend:
            assert me.last is not None and friend.last is not None
            seat = me.last["to_act"]
            mover = {0: me, 1: friend}[seat]
            state = mover.last if mover.last["step"] == 0 and mover.last["your_turn"] else mover.until(0)
            real = storage.append_move
            monkeypatch.setattr(storage, "append_move", lambda *a: (_ for _ in ()).throw(OSError("disk")))
            mover.send({"type": "act", "action": state["legal"][0]["id"], "step": 0})
            refused = mover.receive()
            while refused["type"] == "state":  # a seat's connecting may have sent one before
                assert refused["step"] == 0, "the move was made though its commit failed"
                refused = mover.receive()
            assert refused["type"] == "error" and refused["code"] == "storage"
            assert "could not be saved, so it was not made" in refused["error"]
            assert client.get(f"/api/tables/{table_id}").json()["step"] == 0
            # A COMMIT that reached the database though the driver said it failed: the move is made.
            def saved_then_lost(*args: Any) -> None:
                real(*args)
                raise OSError("connection lost after COMMIT")
            monkeypatch.setattr(storage, "append_move", saved_then_lost)
            mover.send({"type": "act", "action": state["legal"][0]["id"], "step": 0})
            after = mover.until(1)
            assert after["step"] == 1 and after["log"][-1]["seat"] == seat
            monkeypatch.setattr(storage, "append_move", real)
        stored = storage.load(table_id)
        assert [m.action for m in stored.moves] == [state["legal"][0]["id"]]


def test_a_bot_tries_again_after_the_database_refused_its_move(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "RETRY_SECONDS", 0.05)
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        storage = client.app.state.hub.storage  # type: ignore[attr-defined]
        real, failures = storage.append_move, []

        def fail_three_times(*args: Any) -> None:
            if len(failures) < 3:
                failures.append(args[1].step)
                raise OSError("the database is restarting")
            real(*args)

        monkeypatch.setattr(storage, "append_move", fail_three_times)
        created = create(client, "razzia", 2, ["heuristic", "heuristic"], listed=True)
        summary = wait_for_step(client, created["table_id"], 10)
    assert failures == [0, 0, 0] and summary["step"] >= 10


def test_a_damaged_table_is_set_aside_and_the_server_starts(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/g.db"
    with server(url) as client:
        damaged = create(client, "razzia", 2, [None, "heuristic"], listed=False)["table_id"]
        sound = create(client, "razzia", 2, [None, "heuristic"], listed=False)["table_id"]
    storage = Storage(url)
    claimed = storage.load(damaged).step + 3  # the table claims three steps whose moves are missing
    with storage.sessions.begin() as session:
        session.execute(update(TableRow).where(TableRow.id == damaged).values(step=claimed))
    storage.close()
    with server(url) as client:
        assert client.get(f"/api/tables/{damaged}").status_code == 404
        assert "moves are not steps" in client.app.state.hub.unplayable[damaged]  # type: ignore[attr-defined]
        assert client.get(f"/api/tables/{sound}").status_code == 200


def test_a_deeply_nested_message_is_refused_and_the_connection_goes_on(tmp_path: Path) -> None:
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        created = create(client, "razzia", 2, [None, "heuristic"], listed=False)
        with seated(client, created["table_id"], token_of(created["creator_link"])) as me:
            me.socket.send_text("[" * 3000)
            refused = me.receive()
            while refused["type"] != "error":
                refused = me.receive()
            assert refused["code"] == "malformed"
            me.send({"type": "ping"})
            while me.receive()["type"] != "pong":
                pass
