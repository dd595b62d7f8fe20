"""`gangland serve --log-format json` (issue 32): one JSON object a line, with what a host wants to see, and
no token, seed, name or chat text in it, over a whole game on the real server.

issue 32: "Logs: an option for one JSON object a line, with no token, seed or chat text in them (a test
searches the log of a whole game for planted secrets)."
"""

from __future__ import annotations

import json
import random
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from .realserver import Person, RealServer
from .tables import token_of

CREATOR = "Ottoline Quarrender"
GUEST = "Barnabus Wexcombe"
CHAT = "the-plum-is-under-the-floorboard-7731"
"""Secrets planted in the game: the people's names and a chat line (each unlike anything else)."""
HARNESS = "=== start "
"""The lines RealServer writes into the log itself (the command it starts), not the server's."""


def play_to_the_end(people: dict[int, Person], rng: random.Random) -> dict[str, Any]:
    """Each person moves at their turn (random legal moves) until the game is over; the last state."""
    current = next(iter(people.values())).last
    assert current is not None
    while not current["over"]:
        to_act, step = current["to_act"], current["step"]
        if to_act in people:
            person = people[to_act]
            seen = person.last if person.last is not None and person.last["step"] >= step else \
                person.until(step)
            moved = person.move(rng) if seen["your_turn"] and seen["step"] == step else None
            current = moved or seen
        else:  # a bot's turn: wait on any person's socket for the table to move on
            current = next(iter(people.values())).until(step + 1)
    return current


def test_the_json_log_of_a_whole_game_holds_no_secret(tmp_path: Path) -> None:
    database = tmp_path / "g.db"
    log_file = tmp_path / "server.log"
    with RealServer(f"sqlite:///{database}", log_file) as real:
        real.start(bot_delay=0, options=("--log-format", "json"))
        status, created = real.post("/api/tables", {
            "game": "razzia", "players": 3, "listed": False, "name": CREATOR,
            "seats": [{"bot": None}, {"bot": None}, {"bot": "heuristic"}]})
        assert status == 201, created
        table_id, host = created["table_id"], created["host_token"]
        creator = Person(real, table_id, 0, token_of(created["seats"][0]["link"]))
        invitation = token_of(created["seats"][1]["link"])
        guest = Person(real, table_id, 1, invitation)
        spectator = Person(real, table_id, None, token_of(created["spectator_link"]))
        creator.connect()
        guest.connect()  # spends the invitation: the seat's own token comes in a seat_token message
        own = guest.token
        assert own != invitation
        assert guest.socket is not None and creator.socket is not None
        guest.socket.send(json.dumps({"type": "name", "name": GUEST}))
        creator.socket.send(json.dumps({"type": "chat", "text": CHAT}))
        while (message := creator.receive())["type"] != "chat" or message["history"]:
            pass  # until the line comes back from the server: it was taken and kept
        assert [line["text"] for line in message["lines"]] == [CHAT]
        status, _ = real.post(f"/api/tables/{table_id}/seats/1/mute", {"host_token": host, "muted": True})
        assert status == 200
        spectator.connect()
        final = play_to_the_end({0: creator, 1: guest}, random.Random(32))
        assert final["over"]
        assert [seat["label"] for seat in final["seats"]][:2] == [CREATOR, GUEST]
        status, record = real.get(f"/api/tables/{table_id}/record")
        assert status == 200, record
        for person in (creator, guest, spectator):
            person.drop()
        real.stop()

    with closing(sqlite3.connect(database)) as db:
        seed, bot_seed = db.execute("SELECT seed, bot_seed FROM tables WHERE id = ?", (table_id,)).fetchone()
    assert record["seed"] == seed
    text = log_file.read_text()
    secrets = {"host token": host, "creator's token": creator.token, "invitation": invitation,
               "guest's own token": own, "spectator token": spectator.token, "seed": str(seed),
               "bot seed": str(bot_seed), "creator's name": CREATOR, "guest's name": GUEST, "chat line": CHAT}
    for what, secret in secrets.items():
        assert secret not in text, f"the {what} is in the server's log"

    lines = [json.loads(line) for line in text.splitlines() if line and not line.startswith(HARNESS)]
    for line in lines:
        assert isinstance(line, dict) and {"time", "level", "logger", "message"} <= set(line), line
    events = [(line.get("event"), line.get("seat")) for line in lines if line.get("table") == table_id]
    # What a host wants to see: the table made, each connection opened and closed by seat, its end.
    assert events[0] == ("table_created", None)
    for seat in (1, 2, None):
        assert ("connected", seat) in events and ("disconnected", seat) in events, (seat, events)
    assert ("table_finished", None) in events
    access = [line for line in lines if line["logger"] == "gangland.access"]
    assert {"method": "POST", "path": "/api/tables", "status": 201} in [
        {key: line[key] for key in ("method", "path", "status")} for line in access]
    assert {"method": "GET", "path": f"/ws/{table_id}", "status": 101} in [
        {key: line[key] for key in ("method", "path", "status")} for line in access]
    assert any("is serving at" in line["message"] for line in lines)

