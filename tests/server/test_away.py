"""The host hands only an away person's seat to a bot (issue 32, "Findings of the outside probe": with both
people connected, the host's `POST .../seats/1/controller` answered 200 and seat 1's move was made `by:
"host"` within a second). See server/away.py and docs/server.md, "The host's bot"."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from gangland.server.limits import Limits

from .tables import Seat, create, seated, server, token_of
from .test_refusals import assert_sentence, barrier, person_turn, token_now

AWAY = 0.3
"""The tests' `away_seconds`: short, so that "away long enough" takes a moment, not a minute."""


@contextmanager
def two_people(client: TestClient, **extra: Any) -> Iterator[tuple[dict[str, Any], dict[int, Seat]]]:
    """A Razzia! table of two people, both connected, and seat 1 to act."""
    created = create(client, "razzia", 2, [None, None], listed=False, **extra)
    table_id = created["table_id"]
    with ExitStack() as stack:
        seats = {seat: stack.enter_context(seated(client, table_id, token_of(created["seats"][seat]["link"])))
                 for seat in (0, 1)}
        while (now := person_turn(seats))["to_act"] != 1:
            seats[0].send({"type": "act", "action": now["legal"][0]["id"], "step": now["step"]})
            seats[0].until(now["step"] + 1)
        yield created, seats


def hand(client: TestClient, created: dict[str, Any], bot: str | None) -> Any:
    """The host's request to hand seat 1 to `bot` (None: give it back)."""
    return client.post(f"/api/tables/{created['table_id']}/seats/1/controller",
                       json={"host_token": created["host_token"], "bot": bot})


def stored_away(client: TestClient, table_id: str) -> str | None:
    """Seat 1's stand-in bot as the database holds it."""
    stored = client.app.state.hub.storage.load(table_id, False)  # type: ignore[attr-defined]
    assert stored is not None
    away: str | None = stored.seats[1].away_bot
    return away


def test_the_host_cannot_hand_a_connected_persons_seat_to_a_bot(tmp_path: Path) -> None:
    """The probe's scenario: both people connected, seat 1 to act, the host hands seat 1 to a bot: a 409
    that says why and when it would be allowed; nothing changes and seat 1's move waits for its person."""
    with server(f"sqlite:///{tmp_path}/g.db") as client, two_people(client) as (created, seats):
        table_id = created["table_id"]
        before = seats[1].last
        assert before is not None and before["to_act"] == 1
        answer = hand(client, created, "heuristic")
        assert answer.status_code == 409, answer.text
        assert_sentence(answer.json()["detail"], "Seat 2 has the table open now",
                        "no page of it has been open for 60 seconds", "try again once they have left")
        time.sleep(1.0)  # the probe saw the host's bot move within a second
        for seat in seats.values():
            messages = barrier(seat)
            assert all(m["step"] == before["step"] for m in messages if m["type"] == "state"), messages
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["step"] == before["step"] and summary["to_act"] == 1
        assert summary["seats"][1]["away"] is None and stored_away(client, table_id) is None
        # Seat 1's person still plays their own move.
        seats[1].send({"type": "act", "action": before["legal"][0]["id"], "step": before["step"]})
        after = seats[1].until(before["step"] + 1)
        assert after["log"][-1]["seat"] == 1 and after["log"][-1]["by"] == "person"


def test_a_seat_away_long_enough_is_handed_and_given_back(tmp_path: Path) -> None:
    """Seat 1's page closes: at once the hand-over is refused with how long to wait; once no page of the
    seat has been open for `away_seconds` it is allowed, and its move is made by the host's bot. Giving it
    back is allowed at any time, its person there or not."""
    with server(f"sqlite:///{tmp_path}/g.db", limits=Limits(away_seconds=AWAY)) as client, \
            two_people(client) as (created, seats):
        table_id = created["table_id"]
        step = seats[1].last["step"] if seats[1].last else -1
        own = token_now(seats[1], token_of(created["seats"][1]["link"]))
        seats.pop(1).socket.close()
        hub = client.app.state.hub  # type: ignore[attr-defined]
        deadline = time.monotonic() + 10
        while any(c.seat == 1 for c in hub.live[table_id].clients):  # the server has seen it go
            assert time.monotonic() < deadline, "the closed page's connection stayed"
            time.sleep(0.01)
        early = hand(client, created, "heuristic")
        assert early.status_code == 409, early.text
        assert_sentence(early.json()["detail"], "Seat 2 left the table", "ago", "0.3 seconds",
                        "try again in 1 second if they are still away")
        time.sleep(AWAY)
        handed = hand(client, created, "heuristic")
        assert handed.status_code == 200, handed.text
        assert handed.json()["seats"][1]["away"] == "heuristic"
        assert stored_away(client, table_id) == "heuristic"
        moved = seats[0].until(step + 1)
        assert moved["log"][-1]["seat"] == 1 and moved["log"][-1]["by"] == "host", moved["log"][-1]

        with seated(client, table_id, own):  # back, and given back
            back = hand(client, created, None)
            assert back.status_code == 200, back.text
            assert back.json()["seats"][1]["away"] is None and stored_away(client, table_id) is None


def test_a_seat_whose_clock_ran_out_is_handed_though_its_page_is_open(tmp_path: Path) -> None:
    """Seat 1's person is connected but does not move: its clock runs out, the stand-in moves, the seat's
    facts say `timed_out`, and the host may hand it to a bot though its page is open; once its person has
    moved again, it is theirs again (refused)."""
    with server(f"sqlite:///{tmp_path}/g.db") as client:
        client.app.state.hub.move_seconds_range = (2, 60)  # type: ignore[attr-defined]
        with two_people(client, move_seconds=2) as (created, seats):
            table_id = created["table_id"]
            waiting = seats[1].last
            assert waiting is not None and not waiting["seats"][1]["timed_out"]
            out = seats[1].until(waiting["step"] + 1)
            assert out["log"][-1]["seat"] == 1 and out["log"][-1]["by"] == "timeout", out["log"][-1]
            assert out["seats"][1]["timed_out"] and out["seats"][1]["connected"]
            handed = hand(client, created, "random")
            assert handed.status_code == 200, handed.text
            assert stored_away(client, table_id) == "random"
            assert hand(client, created, None).status_code == 200

            # Seat 1's person moves again by themselves: their seat is theirs (and here) again.
            while (now := person_turn(seats))["to_act"] != 1:
                seats[0].send({"type": "act", "action": now["legal"][0]["id"], "step": now["step"]})
                seats[0].until(now["step"] + 1)
            seats[1].send({"type": "act", "action": now["legal"][0]["id"], "step": now["step"]})
            mine = seats[1].until(now["step"] + 1)
            assert not mine["seats"][1]["timed_out"]
            refused = hand(client, created, "random")
            assert refused.status_code == 409, refused.text
            assert_sentence(refused.json()["detail"], "has the table open now",
                            "or once its move clock ran out")


def test_the_host_hands_their_own_seat_whenever_they_ask(tmp_path: Path) -> None:
    """The host's own seat is theirs to give a bot, page open or not: the request carries the seat's own
    token (the page's link). Another seat's token, or none, does not make a seat the host's own."""
    with server(f"sqlite:///{tmp_path}/g.db") as client, two_people(client) as (created, seats):
        table_id, host = created["table_id"], created["host_token"]
        url = f"/api/tables/{table_id}/seats/0/controller"
        theirs = token_now(seats[1], token_of(created["seats"][1]["link"]))
        for token in (None, theirs, "not-a-token"):
            answer = client.post(url, json={"host_token": host, "bot": "heuristic", "seat_token": token})
            assert answer.status_code == 409, answer.text
            assert_sentence(answer.json()["detail"], "Seat 1 has the table open now")
        mine = client.post(url, json={"host_token": host, "bot": "heuristic",
                                      "seat_token": token_of(created["creator_link"])})
        assert mine.status_code == 200, mine.text
        assert mine.json()["seats"][0]["away"] == "heuristic"
