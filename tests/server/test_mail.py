"""Turn mails (issue 31: "an optional e-mail when it is your turn and you are not connected, sent through an
SMTP server the operator names ... the address is seen by the server only, never by other seats; every mail
has a link that stops the mails. The tests start a local SMTP server."), against aiosmtpd on a loopback port.

docs/server.md, "Turn mails", is the contract: exactly one mail when the turn comes to a person none of whose
pages is open, none to a connected one, none twice for one turn (a restart, a second process), the stop link,
and the address nowhere but in its own seat's messages.
"""

from __future__ import annotations

import email
import email.policy
import logging
import random
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from gangland.server.mail import SmtpServer, clean_address
from gangland.server.storage import SeatRecord, Storage, TableRecord, token_hash

from .tables import Seat, create, seated, server, token_of
from .test_refusals import barrier, token_now

PUBLIC = "http://gangland.test:8000"
ADDRESS = "bea.turns@example.org"
WAIT_SECONDS = 30.0
"""The bound of every wait for the server to do something by itself."""


@dataclass
class Inbox:
    """An aiosmtpd handler that keeps every mail it takes; the first `refuse` it answers with 451 (later)."""

    mails: list[tuple[list[str], email.message.EmailMessage]] = field(default_factory=list)
    refuse: int = 0

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        if self.refuse:
            self.refuse -= 1
            return "451 4.3.0 not now, try again later"
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, email.message.EmailMessage)
        self.mails.append((list(envelope.rcpt_tos), message))
        return "250 OK"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, SmtpServer]]:
    """A local SMTP server (aiosmtpd in a thread of its own) and the `SmtpServer` that sends to it."""
    with socket.socket() as probe:  # a free loopback port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, SmtpServer.parse(f"smtp://127.0.0.1:{port}", "gangland@example.org")
    finally:
        controller.stop()


@contextmanager
def mailing_server(database_url: str, mail: SmtpServer) -> Iterator[TestClient]:
    """The app sending turn mails through `mail`, without the grace (a test's page does not reconnect) and
    with quick retries."""
    with server(database_url, address=PUBLIC, mail=mail) as client:
        turn_mails = client.app.state.hub.mail  # type: ignore[attr-defined]
        turn_mails.grace, turn_mails.retry_delays = 0.0, (0.01, 0.01)
        yield client


def settled(client: TestClient) -> None:
    """Wait until no turn mail waits or is being sent (a mail the SMTP server took is in the inbox then)."""
    turn_mails = client.app.state.hub.mail  # type: ignore[attr-defined]
    deadline = time.monotonic() + WAIT_SECONDS
    while not turn_mails.idle:
        assert time.monotonic() < deadline, f"a turn mail was still pending after {WAIT_SECONDS:.0f} s"
        time.sleep(0.02)


def mail_messages(seat: Seat) -> list[dict[str, Any]]:
    """The `mail` messages this socket was sent until now."""
    return [m for m in barrier(seat) if m["type"] == "mail"]


def errors(seat: Seat) -> list[str]:
    """The codes of the errors this socket was sent until now."""
    return [m["code"] for m in barrier(seat) if m["type"] == "error"]


def play_until(seats: dict[int, Seat], watcher: Seat, to_act: int, rng: random.Random) -> dict[str, Any]:
    """Play the seats in `seats` (random legal moves) until `to_act` is to act; the state then, as `watcher`
    (a connection that stays) sees it. Bots move by themselves meanwhile."""
    barrier(watcher)
    for _ in range(500):
        current = watcher.last
        assert current is not None and not current["over"], "the game ended first"
        if current["to_act"] == to_act:
            return current
        if current["to_act"] in seats:
            mover = seats[current["to_act"]]
            mine = mover.last if mover.last is not None and mover.last["step"] == current["step"] \
                else mover.until(current["step"])
            mover.send({"type": "act", "action": rng.choice(mine["legal"])["id"], "step": current["step"]})
        watcher.until(current["step"] + 1)
    raise AssertionError(f"seat {to_act} never came to act")


def test_one_mail_to_an_absent_person_none_to_a_connected_one(database_url: str,
                                                             smtp: tuple[Inbox, SmtpServer]) -> None:
    """The turn of a seat with an address comes while its page is open: no mail. It comes again after the
    page was closed: exactly one mail, to that address, with the table's page and the stop link, and none more
    for that turn (the same step driven again, a restart of the server). The stop link stops the mails. The
    address reaches its own seat's connections alone: never the other person's, a spectator's, the lobby,
    a summary, a replay or the record."""
    inbox, mail = smtp
    rng = random.Random(5)
    with mailing_server(database_url, mail) as client:
        created = create(client, "razzia", 2, [None, None], listed=True)
        table_id = created["table_id"]
        anna_token, bea_invitation = (token_of(s["link"]) for s in created["seats"])
        with seated(client, table_id, None) as spectator, seated(client, table_id, anna_token) as anna:
            with seated(client, table_id, bea_invitation) as bea:
                bea_token = token_now(bea, bea_invitation)
                offered = {"type": "mail", "available": True, "seat": 1}
                assert mail_messages(bea) == [{**offered, "email": None}]
                bea.send({"type": "mail", "email": f"  {ADDRESS} "})
                assert mail_messages(bea) == [{**offered, "email": ADDRESS}]
                # Her turn comes while she is here (by Anna's move): no mail.
                play_until({0: anna, 1: bea}, anna, 0, rng)
                play_until({0: anna, 1: bea}, anna, 1, rng)
                play_until({0: anna, 1: bea}, anna, 0, rng)
                settled(client)
                assert inbox.mails == []
            # She has gone: her turn comes by Anna's move, and exactly one mail goes out.
            turn = play_until({0: anna}, anna, 1, rng)
            settled(client)
            assert len(inbox.mails) == 1, [m["Subject"] for _, m in inbox.mails]
            recipients, message = inbox.mails[0]
            assert recipients == [ADDRESS] and message["To"] == ADDRESS
            assert message["From"] == "gangland@example.org" and message["Subject"] == "Your turn in Razzia!"
            body = message.get_content().replace("\r\n", "\n")
            assert f"Seat 2, it is your turn in Razzia! (table {table_id}, after {turn['step']} moves)" \
                in body
            assert f"Play on: {PUBLIC}/t/{table_id}\n" in body
            assert bea_token not in body and bea_invitation not in body  # never the seat's capability
            stop_link = next(line for line in body.splitlines() if "/mail/stop#" in line).split()[-1]
            assert stop_link.startswith(f"{PUBLIC}/mail/stop#")
            # The same turn driven again (the host "takes the seat back", which it never left): no mail.
            again = client.post(f"/api/tables/{table_id}/seats/1/controller",
                                json={"host_token": created["host_token"], "bot": None})
            assert again.status_code == 200, again.text
            settled(client)
            assert len(inbox.mails) == 1
            barrier(anna)
            barrier(spectator)
            seen = [*anna.texts, *spectator.texts]
        seen += [client.get("/api/tables").text, client.get(f"/api/tables/{table_id}").text]

    # A restart: the table is reloaded with Bea's turn unanswered, and she is not mailed again.
    with mailing_server(database_url, mail) as client:
        settled(client)
        assert len(inbox.mails) == 1
        assert client.app.state.hub.live[table_id].state.to_act == 1  # type: ignore[attr-defined]
        # The stop link's page, and its API: the mails stop; the link then stops nothing.
        page = client.get("/mail/stop")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        token = stop_link.partition("#")[2]
        stopped = client.post("/api/mail/stop", json={"token": token})
        assert stopped.status_code == 200, stopped.text
        assert stopped.json() == {"stopped": True, "table_id": table_id, "seat": 1}
        again = client.post("/api/mail/stop", json={"token": token})
        assert again.status_code == 404 and "stops no mails now" in again.json()["detail"]
        with seated(client, table_id, anna_token) as anna:
            with seated(client, table_id, bea_token) as bea:
                assert mail_messages(bea) == [{"type": "mail", "available": True, "seat": 1, "email": None}]
                play_until({0: anna, 1: bea}, anna, 0, rng)
            play_until({0: anna}, anna, 1, rng)  # her turn again, away, and no address: no mail
            settled(client)
            assert len(inbox.mails) == 1
            # The host ends the game, so that its replay and record can be read too.
            ended = client.post(f"/api/tables/{table_id}/end", json={"host_token": created["host_token"]})
            assert ended.status_code == 200, ended.text
            barrier(anna)
            seen += anna.texts
        seen += [client.get(f"/api/tables/{table_id}/record").text,
                 client.get(f"/api/tables/{table_id}/replay?step=3&seat=1").text,
                 client.get(f"/api/tables/{table_id}/replay?step=3").text,
                 client.get("/api/tables").text]
    leaked = [text for text in seen if ADDRESS in text or "bea.turns" in text]
    assert leaked == [], leaked[:2]


def test_bad_addresses_and_wrong_askers_are_refused(tmp_path: Path, smtp: tuple[Inbox, SmtpServer]) -> None:
    """An address is checked (a plain sanity check, at most 254 characters) and a bad one refused with the
    reason, the address kept unchanged; a spectator has no turn to be mailed about; a server without an
    SMTP server offers no mails and refuses an address."""
    _inbox, mail = smtp
    with mailing_server(f"sqlite:///{tmp_path}/gangland.db", mail) as client:
        created = create(client, "razzia", 2, [None, "heuristic"], listed=True)
        table_id, token = created["table_id"], token_of(created["creator_link"])
        with seated(client, table_id, token) as anna:
            anna.send({"type": "mail", "email": ADDRESS})
            assert mail_messages(anna)[-1]["email"] == ADDRESS
            too_long = "a" * 64 + "@" + "b" * 186 + ".org"
            assert len(too_long) == 255
            for bad in ["", "   ", "anna", "anna@", "@example.org", "anna@example", "an na@example.org",
                        "anna@example.org\r\nBcc: eve@example.org", "<anna@example.org>",
                        "anna@example.org, eve@example.org", "anna\x00@example.org", too_long]:
                anna.send({"type": "mail", "email": bad})
                messages = barrier(anna)
                codes = [m["code"] for m in messages if m["type"] == "error"]
                assert codes == ["bad_address"], (bad, messages)
                assert not [m for m in messages if m["type"] == "mail"], bad
                refusal = next(m for m in messages if m["type"] == "error")["error"]
                assert "anna" not in refusal and "eve" not in refusal  # the refusal never repeats it
            anna.send({"type": "mail", "email": 12})
            assert errors(anna) == ["malformed"]
        with seated(client, table_id, token) as anna:  # the address it had is still the one kept
            assert mail_messages(anna)[-1]["email"] == ADDRESS
            anna.send({"type": "mail", "email": None})
            assert mail_messages(anna)[-1]["email"] is None
        with seated(client, table_id, None) as spectator:
            assert mail_messages(spectator) == []
            spectator.send({"type": "mail", "email": ADDRESS})
            assert errors(spectator) == ["spectator"]
    with server(f"sqlite:///{tmp_path}/gangland.db") as client, seated(client, table_id, token) as anna:
        assert mail_messages(anna) == []  # no SMTP server: the page offers no mails
        anna.send({"type": "mail", "email": ADDRESS})
        assert errors(anna) == ["no_mail"]


def test_a_mail_the_smtp_server_defers_is_tried_again_and_logged_without_the_address(
        tmp_path: Path, smtp: tuple[Inbox, SmtpServer], caplog: pytest.LogCaptureFixture) -> None:
    """A mail the SMTP server does not take now (451) is tried again and goes out once; the failure is logged
    with its kind and code, never the address; the move was made regardless."""
    inbox, mail = smtp
    inbox.refuse = 1
    caplog.set_level(logging.INFO, logger="gangland.server")
    with mailing_server(f"sqlite:///{tmp_path}/gangland.db", mail) as client:
        created = create(client, "razzia", 2, [None, None], listed=False)
        table_id = created["table_id"]
        anna_token, bea_invitation = (token_of(s["link"]) for s in created["seats"])
        rng = random.Random(2)
        with seated(client, table_id, anna_token) as anna:
            with seated(client, table_id, bea_invitation) as bea:
                bea.send({"type": "mail", "email": ADDRESS})
                assert mail_messages(bea)[-1]["email"] == ADDRESS
                play_until({0: anna, 1: bea}, anna, 0, rng)
            play_until({0: anna}, anna, 1, rng)
            settled(client)
    assert [to for to, _message in inbox.mails] == [[ADDRESS]]
    tried = [r.getMessage() for r in caplog.records if "turn mail" in r.getMessage()]
    assert any("try 1 of 3, SMTPDataError 451" in line and "trying again" in line for line in tried), tried
    assert not any(ADDRESS in r.getMessage() or "bea.turns" in r.getMessage() for r in caplog.records)


def test_a_turn_is_claimed_for_one_mail_once(database_url: str) -> None:
    """storage.claim_turn_mail: the address is handed out once per step of a seat (a second claim of the
    same step, by this process after a restart or by another process, gets nothing), only by the table's
    holder, and never once the mails were stopped."""
    storage = Storage(database_url)
    other = Storage(database_url)  # another server process on the same database
    try:
        storage.migrate()
        storage.create_table(TableRecord(
            id="mailtable", game="razzia", game_version="1", players=2, options={}, seed=1, bot_seed=2,
            move_seconds=None, listed=False, host_hash="h" * 64, spectator_hash="s" * 64, created_at=0.0,
            seats=[SeatRecord(0, None, "a" * 64, joined=True), SeatRecord(1, None, "b" * 64, joined=True)]))
        assert storage.claim_turn_mail("mailtable", 1, 3, token_hash("x")) is None  # no address yet
        storage.update_seat("mailtable", 1, email=ADDRESS)
        assert storage.mail_address("mailtable", 1) == ADDRESS
        assert other.claim_turn_mail("mailtable", 1, 3, token_hash("x")) is None  # not its table
        assert storage.claim_turn_mail("mailtable", 1, 3, token_hash("x")) == ADDRESS
        assert storage.claim_turn_mail("mailtable", 1, 3, token_hash("y")) is None  # that turn is mailed
        assert storage.claim_turn_mail("mailtable", 1, 4, token_hash("y")) == ADDRESS
        assert other.stop_mails(token_hash("x")) is None  # an older mail's link: a newer one replaced it
        assert other.stop_mails(token_hash("y")) == ("mailtable", 1)  # any process may stop them
        assert storage.mail_address("mailtable", 1) is None
        assert storage.claim_turn_mail("mailtable", 1, 5, token_hash("z")) is None
    finally:
        other.close()
        storage.close()


def test_smtp_urls_and_addresses() -> None:
    """`gangland serve --smtp URL`: smtp:// (port 25, or 587 with ?starttls=1), smtps:// (465), a user and
    password percent-encoded and never shown; anything else refused with the form to use."""
    plain = SmtpServer.parse("smtp://mail.example.org", "g@example.org")
    assert (plain.host, plain.port, plain.security, plain.user) == ("mail.example.org", 25, "plain", None)
    upgraded = SmtpServer.parse("smtp://anna%40x:p%3Ass@mail.example.org?starttls=1", "g@example.org")
    assert (upgraded.port, upgraded.security, upgraded.user, upgraded.password) == (587, "starttls", "anna@x",
                                                                                   "p:ss")
    assert "p:ss" not in upgraded.describe() and "p:ss" not in repr(upgraded)
    assert upgraded.describe() == "smtp://anna@x@mail.example.org:587?starttls=1"
    tls = SmtpServer.parse("smtps://mail.example.org:2465", "g@example.org")
    assert (tls.port, tls.security) == (2465, "tls")
    for bad in ["http://mail.example.org", "smtp://", "smtp://h?tls=1", "smtps://h?starttls=1",
                "smtp://h:notaport", "smtp://h?starttls=maybe"]:
        with pytest.raises(ValueError):
            SmtpServer.parse(bad, "g@example.org")
    with pytest.raises(ValueError, match="not an e-mail address"):
        SmtpServer.parse("smtp://h", "not an address")
    assert clean_address("Zoë@exämple.org") == "Zoë@exämple.org"  # any script; the server may refuse it
    assert clean_address(" a@b.co\n") == "a@b.co"
