"""Turn mails: an e-mail to a person whose turn came while none of their seat's pages was open.

A person gives an address on their seat's own connection (`{"type": "mail", "email": ...}`); it is kept in
the seat's row and seen by the server alone: it never goes to another seat, a spectator, the lobby, a
replay or the log. When the turn of a seat with an address comes (`TurnMails.turn`, from the table's one
`drive`), and none of the seat's connections is open after a short grace (a page that is reconnecting is
not away), the server sends one mail for that turn through the operator's SMTP server
(`gangland serve --smtp URL`), in a thread, retried a few times, never holding up a move. The seat's
`mailed_step` is written before the mail goes, in the same write that claims it, so that a restart or a
second server process never sends a turn twice (a crash between the two loses that mail: at most once).

Every mail has a link that stops the mails: `PUBLIC/mail/stop#TOKEN`, the token in the fragment (browsers
never send it, so it reaches no access log); its page posts it to `/api/mail/stop`. Each mail has a token of
its own, stored only as its hash (as every token is), so the link of the latest mail is the one that stops
them; the table page's form stops them too. See docs/server.md, "Turn mails".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import smtplib
import socket
import ssl
import unicodedata
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from gangland.engine import OptionError

from .connections import Client
from .hub import Hub
from .protocol import Refusal, encode
from .schema import PROBLEMS
from .storage import LeaseLost, token_hash
from .subpath import page
from .tables import LiveTable, new_token

MAX_ADDRESS = 254
"""The longest address a seat may give (RFC 5321's limit of a path, less its angle brackets)."""
GRACE_SECONDS = 30.0
"""How long a seat's turn waits with no page of the seat open before it is mailed: a page reconnecting
(after a restart of the server, a network change) is back well within it."""
RETRY_DELAYS = (10.0, 60.0, 300.0)
"""The waits before each new try of a mail the SMTP server did not take (then it is given up, logged)."""
SMTP_SECONDS = 20.0
"""How long one conversation with the SMTP server may wait for an answer."""
_SPECIALS = r"\s@<>()\[\],;:\"\\"
ADDRESS = re.compile(rf"[^{_SPECIALS}]{{1,64}}@(?:[^{_SPECIALS}.]+\.)+[^{_SPECIALS}.]+")
"""A plain sanity check of an address: a local part, "@", a domain of two labels or more; no spaces, no
quoting, no brackets or separators (nothing a mail header could be made of)."""
log = logging.getLogger("gangland.server")


def clean_address(text: object) -> str:
    """An address fit to keep: NFC, the spaces around it dropped, at most MAX_ADDRESS characters, shaped
    like local@domain.tld; OptionError saying what is wrong otherwise (never repeating it).

    >>> clean_address("  anna@example.org ")
    'anna@example.org'
    """
    if not isinstance(text, str):
        raise OptionError("an e-mail address must be text")
    address = unicodedata.normalize("NFC", text).strip()
    if not address:
        raise OptionError("the e-mail address is empty")
    if len(address) > MAX_ADDRESS:
        raise OptionError(f"an e-mail address has at most {MAX_ADDRESS} characters, not {len(address)}")
    if any(unicodedata.category(c).startswith("C") for c in address) or not ADDRESS.fullmatch(address):
        raise OptionError("that is not an e-mail address: write it as name@example.org, without spaces, "
                          "quotes or brackets")
    return address


@dataclass(frozen=True)
class SmtpServer:
    """Where the mails go out: an SMTP server by URL, and the address they come from."""

    host: str
    port: int
    security: str
    """"plain", "starttls" (upgraded with STARTTLS) or "tls" (TLS from the start, smtps://)."""
    sender: str
    user: str | None = None
    password: str | None = field(default=None, repr=False)

    @classmethod
    def parse(cls, url: str, sender: str | None = None) -> SmtpServer:
        """The server of `url`: smtp://[user:password@]host[:port] (port 25; `?starttls=1` upgrades the
        connection with STARTTLS, port 587 then) or smtps://... (TLS from the start, port 465); user and
        password percent-encoded. `sender`: the From address (default gangland@ this machine's name).
        ValueError saying what is wrong (never showing the password)."""
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError("an SMTP server is smtp://[user:password@]host[:port] or smtps://..., "
                             "with ?starttls=1 to upgrade a plain connection")
        query = parse_qs(parts.query, keep_blank_values=True)
        unknown = sorted(set(query) - {"starttls"})
        if unknown:
            raise ValueError(f"an SMTP URL takes only ?starttls=1, not {unknown[0]!r}")
        starttls = query.get("starttls", ["0"])[-1]
        if starttls not in ("0", "1", "true", "false"):
            raise ValueError("?starttls= is 1 or 0")
        if parts.scheme == "smtps":
            if starttls in ("1", "true"):
                raise ValueError("smtps:// is TLS from the start: it takes no ?starttls")
            security = "tls"
        else:
            security = "starttls" if starttls in ("1", "true") else "plain"
        try:
            port = parts.port or {"plain": 25, "starttls": 587, "tls": 465}[security]
        except ValueError:
            raise ValueError("the SMTP URL's port is not a port number") from None
        address = clean_address(sender or f"gangland@{socket.getfqdn()}")
        return cls(parts.hostname, port, security, address,
                   unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password else None)

    def describe(self) -> str:
        """The server as the operator reads it (never its password)."""
        scheme = "smtps" if self.security == "tls" else "smtp"
        user = f"{self.user}@" if self.user else ""
        tls = "?starttls=1" if self.security == "starttls" else ""
        return f"{scheme}://{user}{self.host}:{self.port}{tls}"

    def deliver(self, message: EmailMessage) -> None:
        """Hand `message` to the server (blocking: run it in a thread); an SMTP or socket error if it
        was not taken."""
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if self.security == "tls":
            smtp = smtplib.SMTP_SSL(self.host, self.port, timeout=SMTP_SECONDS, context=context)
        else:
            smtp = smtplib.SMTP(self.host, self.port, timeout=SMTP_SECONDS)
        with smtp:
            if self.security == "starttls":
                smtp.starttls(context=context)
            if self.user is not None:
                smtp.login(self.user, self.password or "")
            smtp.send_message(message)


def permanent(error: BaseException) -> bool:
    """True if the SMTP server refused a mail for good (a 5xx answer): trying again would not help."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _text in error.recipients.values())
    if isinstance(error, smtplib.SMTPResponseException):
        return 500 <= error.smtp_code < 600
    return isinstance(error, smtplib.SMTPNotSupportedError)


def mail_message(hub: Hub, table: LiveTable, seat: int) -> dict[str, Any]:
    """What a seat's connections are told of its turn mails: whether the server sends them, and to which
    address (theirs alone)."""
    return {"type": "mail", "available": hub.mail is not None, "seat": seat,
            "email": table.record.seats[seat].email}


def tell_seat(table: LiveTable, seat: int, message: dict[str, Any]) -> None:
    """Send `message` to the connections of `seat` alone (its person's pages: their address is theirs)."""
    text = encode(message)
    for client in list(table.clients):
        if client.seat == seat:
            client.push(text)


class TurnMails:
    """The turn mails of one server process: when to send them, what they say, and sending them."""

    def __init__(self, server: SmtpServer, public_url: str, hub: Hub, *, grace: float = GRACE_SECONDS,
                 retry_delays: tuple[float, ...] = RETRY_DELAYS) -> None:
        self.server = server
        self.public_url = public_url.rstrip("/")
        self.hub = hub
        self.grace = grace
        self.retry_delays = retry_delays
        self.pending: set[tuple[str, int, int]] = set()
        """(table, seat, step) of the turns waiting out their grace or being sent now."""
        self.sent = 0
        """Mails the SMTP server took since the process started."""

    @property
    def idle(self) -> bool:
        """True when no turn mail waits or is being sent."""
        return not self.pending

    # -- when ------------------------------------------------------------------------------------------

    def away(self, table: LiveTable, seat: int, step: int) -> bool:
        """True if `seat`'s person is to act at `step` of the live `table` and none of their pages is open:
        no bot plays the seat (its own or a stand-in), the game goes on, the seat has an address."""
        record = table.record.seats[seat]
        return (self.hub.live.get(table.id) is table and not table.over and table.step == step
                and table.state.to_act == seat and table.controller(seat) is None and record.email is not None
                and record.mailed_step != step and not any(c.seat == seat for c in table.clients))

    def turn(self, table: LiveTable, seat: int) -> None:
        """`seat`'s person is to act (the table's `drive` says so at every step, on a reload, when the host
        takes the seat back from a bot): mail them once the grace is over if they are away then."""
        step = table.step
        key = (table.id, seat, step)
        if key in self.pending or not self.away(table, seat, step):
            return
        self.pending.add(key)
        self.hub.background(self._mail_if_away(table, seat, step, key))

    async def _mail_if_away(self, table: LiveTable, seat: int, step: int, key: tuple[str, int, int]) -> None:
        try:
            if self.grace:
                await asyncio.sleep(self.grace)
            if not self.away(table, seat, step):
                return
            token = new_token()
            try:
                address = await asyncio.to_thread(self.hub.storage.claim_turn_mail, table.id, seat, step,
                                                  token_hash(token))
            except Exception as exc:  # the database is out: this turn goes unmailed, the game goes on
                log.warning("table %s: the turn mail of seat %d was not claimed: %s", table.id, seat + 1,
                            type(exc).__name__)
                return
            table.record.seats[seat].mailed_step = step
            if address is None:  # mailed already (before a restart, or by another process), or stopped
                return
            await self._send(table.id, seat, self.compose(table, seat, address, token))
        finally:
            self.pending.discard(key)

    async def _send(self, table_id: str, seat: int, message: EmailMessage) -> None:
        """Send `message`, trying again after each of `retry_delays` while the failure may pass; a failure
        is logged with its kind and SMTP code, never the address."""
        tries = len(self.retry_delays) + 1
        for attempt in range(1, tries + 1):
            try:
                await asyncio.to_thread(self.server.deliver, message)
            except Exception as exc:
                code = getattr(exc, "smtp_code", None)
                final = attempt == tries or permanent(exc)
                log.warning("table %s: the turn mail of seat %d was not sent (try %d of %d, %s%s)%s",
                            table_id, seat + 1, attempt, tries, type(exc).__name__,
                            f" {code}" if code else "", "; given up" if final else "; trying again")
                if final:
                    return
                await asyncio.sleep(self.retry_delays[attempt - 1])
            else:
                self.sent += 1
                return

    def compose(self, table: LiveTable, seat: int, address: str, token: str) -> EmailMessage:
        """The mail of `seat`'s turn: the game, the table, whose turn, a link to the table's page and the
        link that stops the mails. Plain text."""
        game = table.game.name
        facts = table.seats_info()
        names = ", ".join(f"{s['label']}{' (you)' if s['seat'] == seat else ''}" for s in facts)
        page = f"{self.public_url}/t/{table.id}"
        body = (
            f"{facts[seat]['label']}, it is your turn in {game} (table {table.id}, after {table.step} "
            f"moves).\n\n"
            f"Play on: {page}\n"
            "In the browser that holds your seat's link, this page opens your seat; anywhere else, open the "
            "seat's link you were given (or copied from the table's page).\n\n"
            f"At the table: {names}.\n\n"
            "You get this mail because you asked for one when your turn comes and none of your pages of the "
            "table is open; at most one a turn.\n"
            f"No more of these mails: {self.public_url}/mail/stop#{token}\n"
        )
        message = EmailMessage()
        message["Subject"] = f"Your turn in {game}"
        message["From"] = self.server.sender
        message["To"] = address
        message["Date"] = formatdate(localtime=False)
        message["Message-ID"] = make_msgid(domain=self.server.sender.rpartition("@")[2])
        message["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation replies to it
        message.set_content(body)
        return message

    # -- the address -----------------------------------------------------------------------------------

    async def greet(self, table: LiveTable, client: Client) -> None:
        """Tell a seat's new connection that mails are offered, and the address they go to (as stored:
        another process may have stopped them)."""
        seat = client.seat
        if seat is None:
            return
        with contextlib.suppress(Exception):  # the database is out: the form shows what the table holds
            table.record.seats[seat].email = await asyncio.to_thread(
                self.hub.storage.mail_address, table.id, seat)
        client.push(encode(mail_message(self.hub, table, seat)))


async def set_address(hub: Hub, table: LiveTable, client: Client, email: str | None) -> None:
    """`client`'s seat wants its turn mails at `email` (None: no more mails). Refusal (nothing changed) if
    the server sends no mails, the connection is a spectator's, or the address is not one. Each address set
    forgets the stop link of the mails before. Its seat's pages alone are told."""
    if hub.mail is None:
        raise Refusal("no_mail", "this server sends no mails: its operator gave it no SMTP server")
    seat = client.seat
    if seat is None:
        raise Refusal("spectator", "a spectator has no turn to be mailed about")
    try:
        address = None if email is None else clean_address(email)
    except OptionError as exc:
        raise Refusal("bad_address", str(exc)) from None
    async with table.lock:
        try:
            await table.save_seat(seat, email=address, mail_stop_hash=None)
        except LeaseLost:
            raise Refusal("elsewhere", "this table is now played by another server process, so the "
                                       "address was not kept here; reconnect to reach it") from None
        table.record.seats[seat].email = address
        table.record.seats[seat].mail_stop_hash = None
    tell_seat(table, seat, mail_message(hub, table, seat))


class StopRequest(BaseModel):
    """The token of a mail's stop link (after /mail/stop#)."""

    token: str = Field(max_length=200)


class MailsStopped(BaseModel):
    """The mails of a seat stopped."""

    stopped: bool
    table_id: str
    seat: int


def mail_routes(hub: Hub) -> APIRouter:
    """The stop link's page and its API (they work whether or not this process sends mails)."""
    router = APIRouter()

    @router.get("/mail/stop", include_in_schema=False)
    async def stop_page() -> HTMLResponse:
        return page("mail-stop.html", hub.root)

    @router.post("/api/mail/stop", responses=PROBLEMS)
    async def stop(request: StopRequest) -> MailsStopped:
        """Stop the turn mails of the seat whose latest mail holds this stop link: its address is
        forgotten. 404 if the link stops nothing now (stopped already, or replaced by a newer mail's)."""
        place = await asyncio.to_thread(hub.storage.stop_mails, token_hash(request.token))
        if place is None:
            raise HTTPException(404, "this link stops no mails now: they were stopped already, or a newer "
                                     "mail (each has its own link) or a new address replaced it; the table's "
                                     "page stops them too")
        table_id, seat = place
        table = hub.live.get(table_id)
        if table is not None:  # played here: its seat's pages see the form say so at once
            table.record.seats[seat].email = table.record.seats[seat].mail_stop_hash = None
            tell_seat(table, seat, mail_message(hub, table, seat))
        log.info("table %s: the turn mails of seat %d were stopped by their link", table_id, seat + 1)
        return MailsStopped(stopped=True, table_id=table_id, seat=seat)

    return router
