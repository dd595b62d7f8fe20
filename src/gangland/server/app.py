"""The FastAPI app: the lobby's JSON API, the pages, and one WebSocket per connected seat or spectator.

See docs/server.md for the API and the messages. `create_app(database_url)` makes the app; `gangland serve`
runs it on uvicorn.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

import segno
from fastapi import FastAPI, HTTPException, Query, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gangland.engine import QUOTED_CHARS, Game, GanglandError, OptionError, all_games, quoted

from . import ingame, takeback
from .away import NotAway
from .bots import BotRunner, bot_names
from .connections import Client
from .ending import IDLE_DAYS, end_table
from .hosts import HostCheck, quiet_refused_handshakes
from .hub import ELSEWHERE_CLOSE, HeldElsewhere, Hub
from .limits import (
    FLOOD_CLOSE,
    SLOW_CLOSE,
    BodyLimit,
    Limits,
    MessageBudget,
    OpenTables,
    SeatSockets,
    TooManyTables,
    accept_own_page,
    keep_frames_out_of_logs,
    next_frame,
    served_at,
)
from .lobbysocket import serve_lobby
from .logs import AccessLog
from .mail import SmtpServer, TurnMails, mail_routes, set_address
from .metrics import ServerMetrics
from .observe import observe_routes
from .people import TableSettings, bot_detail, bot_level, clean_name
from .protocol import (
    PARTS,
    Act,
    Chat,
    Hello,
    Hint,
    Ping,
    Refusal,
    Rename,
    SetMail,
    Undo,
    Want,
    encode,
    parse_client,
)
from .rules import decisions_page, rules_page
from .schema import (
    PROBLEMS,
    ControllerRequest,
    CreateTable,
    EndRequest,
    GameInfo,
    GameRecordData,
    HostRequest,
    Joined,
    JoinRequest,
    Lobby,
    MuteRequest,
    MySeat,
    MySeatsRequest,
    Problem,
    QrCode,
    QrRequest,
    Rematch,
    RematchRequest,
    ReplayFrame,
    SeatChoice,
    SeatLink,
    TableCreated,
    TableSummary,
)
from .storage import LeaseLost, Storage, StorageError
from .subpath import page, rooted_html, route_path, serve_under
from .tables import LiveTable, seat_facts, summary

STATIC = Path(__file__).with_name("static")
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id looks like (`secrets.token_urlsafe`); anything else is no table, unread."""
log = logging.getLogger("gangland.server")
RECENT_FINISHED = 20
"""How many finished games the lobby lists."""
TOO_MANY: dict[int | str, dict[str, Any]] = {
    429: {"model": Problem, "description": "This address has as many unfinished tables as it may open"}
}
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'{sockets}; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
"""The Content-Security-Policy of every answer but /docs: the pages' own scripts and style sheet only (no
inline script, style or event attribute, no javascript: address), sockets to this server only, never in a
frame."""
DOCS_POLICY = ("default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
               "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
               "img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self'; "
               "frame-ancestors 'none'; base-uri 'none'")
"""/docs is FastAPI's Swagger UI: an inline script and files from its CDN; nothing of a table's."""
SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}
HOST = re.compile(r"[A-Za-z0-9.:\[\]-]{1,255}")
"""A Host header fit to name in a policy (anything else: the policy says 'self' alone)."""


NO_TABLE = ("There is no table at this address. The link may be cut off (copy the whole link), or the table "
            "may have been made on another server. Ask whoever sent you the link, or start a table of your "
            "own in the lobby.")


def notice_page(status: int, title: str, text: str, link: tuple[str, str] | None = None, root: str = ""
                ) -> HTMLResponse:
    """A page that says what happened and what to do, with a way back to the lobby (and `link`: (address,
    label)), its addresses under `root`; it runs no script."""
    more = "" if link is None else f'<a class="btn" href="{html.escape(link[0])}">{html.escape(link[1])}</a> '
    body = (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(title)} · Gangland</title><link rel="icon" href="data:,">'
            f'<link rel="stylesheet" href="/static/style.css"></head><body>'
            f'<header class="site"><a href="/">Gangland</a></header><main>'
            f'<section class="panel notice"><h1>{html.escape(title)}</h1><p>{html.escape(text)}</p>'
            f'<p>{more}<a class="btn secondary" href="/">Go to the lobby</a></p></section></main>'
            '</body></html>')
    return HTMLResponse(rooted_html(body, root), status_code=status)


def seat_link(root: str, table_id: str, token: str) -> str:
    """The address that plays a seat, under `root` (the token in the fragment, which browsers never send to
    a server)."""
    return f"{root}/t/{table_id}#seat={token}"


class SecurityHeaders:
    """Every HTTP answer (pages, files, the API) gets docs/security.md's headers: the Content-Security-Policy,
    no MIME sniffing, no Referer, never framed, a window of its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = route_path(scope)
        if path == "/docs" or path.startswith("/docs/"):
            policy = DOCS_POLICY
        else:
            host = Headers(scope=scope).get("host", "")
            sockets = f" ws://{host} wss://{host}" if HOST.fullmatch(host) else ""
            policy = PAGE_POLICY.format(sockets=sockets)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["content-security-policy"] = policy
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(database_url: str, *, bot_delay: float = 0.0, search_workers: int | None = None,
               limits: Limits | None = None, address: str | None = None, mail: SmtpServer | None = None,
               idle_days: float = IDLE_DAYS, metrics_token: str | None = None) -> FastAPI:
    """The server's app on the database at `database_url`; bot moves wait `bot_delay` seconds so that
    people can follow them; `limits` (default: `Limits()`) bound what one client may ask; `address` is
    where this process answers, told to the clients of its tables that reach another process and written
    in the links of the turn mails, sent through `mail` (None: no mails); a table no person moved at for
    `idle_days` leaves the lobby's lists; GET /metrics needs `metrics_token` as a bearer token, if given."""
    hub = Hub(Storage(database_url, address), BotRunner(search_workers), bot_delay)
    turn_mails: TurnMails | None = None
    if mail is not None:
        if address is None:
            raise ValueError("turn mails need the server's public address (their links say where it answers)")
        hub.mail = turn_mails = TurnMails(mail, address, hub)
    hub.idle_seconds = idle_days * 24 * 3600
    limits = served_at(limits or Limits(), address)
    keep_frames_out_of_logs()
    quiet_refused_handshakes()
    open_tables = OpenTables(limits.open_tables_per_address)
    seat_sockets = SeatSockets(limits.sockets_per_seat)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="Gangland",
        summary="Play Gangland's games with friends and bots",
        version="1",
        lifespan=lifespan,
        redoc_url=None,
    )
    app.state.hub = hub
    app.state.limits = limits
    app.add_middleware(BodyLimit, limit=limits.body_bytes)  # inside SecurityHeaders: its 413 gets them
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(RequestValidationError)
    async def _malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # One sentence, like every other refusal, rather than FastAPI's list of error objects.
        problems = []
        for error in exc.errors()[:5]:
            if error.get("type") == "json_invalid":
                problems.append("the request's body is not valid JSON")
                continue
            # A key of the request's own (an option's, a house rule's) is quoted short, never whole.
            where = ".".join(str(part)[:QUOTED_CHARS] for part in error.get("loc", ()) if part != "body")
            where = where or "the request"
            problems.append(f"{where}: {error.get('msg', 'is not valid')}")
        return JSONResponse({"detail": "; ".join(problems) or "the request is not valid"}, status_code=400)

    @app.exception_handler(SQLAlchemyError)
    @app.exception_handler(StorageError)
    async def _database_out(_request: Request, exc: Exception) -> JSONResponse:
        # The database is out of reach (or refused): nothing was changed; a clean 503, never a traceback.
        log.warning("a request failed on the database: %s", type(exc).__name__)
        return JSONResponse({"detail": f"the database cannot be reached ({type(exc).__name__}); nothing was "
                                       "changed, try again in a moment"}, status_code=503)

    @app.exception_handler(HeldElsewhere)
    @app.exception_handler(LeaseLost)  # taken over while this request ran: it changed nothing
    async def _elsewhere(_request: Request, exc: HeldElsewhere | LeaseLost) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=421)

    @app.exception_handler(GanglandError)
    async def _bad_request(_request: Request, exc: GanglandError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    async def _table(table_id: str) -> LiveTable:
        if not TABLE_ID.fullmatch(table_id):
            raise HTTPException(404, "no such table: a table id is letters, digits, - and _")
        try:
            table = await hub.table(table_id)
        except StorageError as exc:
            raise HTTPException(503, f"{exc}; try again in a moment") from None
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    async def _hosted(table_id: str, host_token: str, seat: int | None = None, what: str = "do this"
                      ) -> LiveTable:
        """The table of a request only its host may make (403 for any other token), and `seat` one of its
        seats (404 otherwise)."""
        table = await _table(table_id)
        if not table.is_host(host_token):
            raise HTTPException(403, f"only the table's creator (with the host token) may {what}")
        if seat is not None and not 0 <= seat < table.record.players:
            raise HTTPException(404, f"there is no seat {seat}")
        return table

    # -- pages ------------------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> HTMLResponse:
        return page("lobby.html", hub.root)

    async def _page_table(table_id: str) -> LiveTable | HTMLResponse | None:
        """The table a page is for; a 404 page when there is none; None when it cannot be known now (the
        database is out of reach, another process plays it): the page itself then says what it can."""
        if not TABLE_ID.fullmatch(table_id):
            return notice_page(404, "No such table", NO_TABLE, root=hub.root)
        try:
            table = await hub.table(table_id)
        except (StorageError, SQLAlchemyError, HeldElsewhere):
            return None
        return notice_page(404, "No such table", NO_TABLE, root=hub.root) if table is None else table

    @app.get("/t/{table_id}", include_in_schema=False, response_model=None)
    async def table_page(table_id: str) -> HTMLResponse:
        found = await _page_table(table_id)
        return found if isinstance(found, HTMLResponse) else page("table.html", hub.root)

    @app.get("/t/{table_id}/replay", include_in_schema=False, response_model=None)
    async def replay_page(table_id: str) -> HTMLResponse:
        found = await _page_table(table_id)
        if isinstance(found, HTMLResponse):
            return found
        if found is not None and not found.over:
            return notice_page(409, "This game is not over yet",
                               "A game can be replayed step by step once it is over. Until then, open the "
                               "table to watch or play it.", (f"/t/{table_id}", "Open the table"), hub.root)
        return page("replay.html", hub.root)

    def game_named(game_id: str) -> Game:
        for game in all_games():
            if game.id == game_id:
                return game
        raise HTTPException(404, f"no game {quoted(game_id)}")

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def game_rules(game_id: str) -> HTMLResponse:
        return HTMLResponse(rooted_html(rules_page(game_named(game_id)), hub.root))

    @app.get("/rules/{game_id}/decisions", include_in_schema=False)
    async def game_decisions(game_id: str) -> HTMLResponse:
        return HTMLResponse(rooted_html(decisions_page(game_named(game_id)), hub.root))

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(mail_routes(hub))
    app.include_router(observe_routes(hub, metrics_token))

    # -- the lobby's API --------------------------------------------------------------------------------

    @app.get("/api/games", response_model=list[GameInfo], responses=PROBLEMS)
    async def games() -> list[dict[str, Any]]:
        """Every game: id, name, version, player counts, rule options, and the bots a seat may have."""
        return [{**game.describe(), "bots": bot_names(game),
                 "bot_levels": [{"bot": bot, "level": bot_level(bot, game.id), "detail": bot_detail(bot)}
                                for bot in bot_names(game)]}
                for game in all_games()]

    @app.post("/api/tables", status_code=201, responses={**PROBLEMS, **TOO_MANY})
    async def create_table(request: CreateTable, http: Request) -> TableCreated:
        """Open a table. The answer holds every link; they are not shown again."""
        seats = request.seats
        if seats is None:
            seats = [SeatChoice(bot=None)] + [SeatChoice(bot="heuristic")] * (request.players - 1)
        bots = [s.bot for s in seats]
        address = http.client.host if http.client else ""
        try:
            open_tables.claim(address, hub.live.__contains__)
        except TooManyTables as exc:
            raise HTTPException(429, str(exc)) from None
        made = None
        try:
            created = await hub.create(
                request.game, request.players, request.options, bots, request.move_seconds, request.listed,
                request.creator_seat, creator_name=request.name,
                open_seats=frozenset(i for i, s in enumerate(seats) if s.open),
                settings=TableSettings(**request.settings.model_dump()),
            )
            made = created.table.id
        finally:
            open_tables.created(address, made)
        table_id = created.table.id
        creator = created.creator_seat
        links = {seat: seat_link(hub.root, table_id, token) for seat, token in created.seat_tokens.items()}
        return TableCreated(
            table_id=table_id,
            host_token=created.host_token,
            creator_seat=creator,
            creator_link=None if creator is None else links[creator],
            seats=[SeatLink(seat=s, bot=b, link=links.get(s)) for s, b in enumerate(bots)],
            spectator_link=f"{hub.root}/t/{table_id}#watch={created.spectator_token}",
            table_url=f"{hub.root}/t/{table_id}",
        )

    @app.get("/api/tables", response_model=Lobby, responses=PROBLEMS)
    async def lobby() -> dict[str, list[dict[str, Any]]]:
        """Listed tables: waiting for players, being played, and recently finished."""
        listing = await hub.lobby()
        finished = []
        for record in await asyncio.to_thread(hub.storage.recent_finished, RECENT_FINISHED):
            game = hub.game_of(record)
            if game is not None:
                finished.append(summary(record, game, record.step, None, seat_facts(record, set())))
        return {**listing, "finished": finished}

    @app.get("/api/tables/{table_id}", response_model=TableSummary, responses=PROBLEMS)
    async def table_summary(table_id: str) -> dict[str, Any]:
        """One table's public facts."""
        return (await _table(table_id)).summary()

    @app.post("/api/tables/{table_id}/join", responses=PROBLEMS)
    async def join(table_id: str, request: JoinRequest) -> Joined:
        """Take a person's seat nobody has taken at a listed table; its invitation link stops working."""
        table = await _table(table_id)
        name = None if request.name is None else clean_name(request.name)  # a bad name: 400
        try:
            seat, token = await hub.join_open_seat(table, request.seat, name)
        except GanglandError as exc:
            raise HTTPException(409, str(exc)) from None
        return Joined(seat=seat, link=seat_link(hub.root, table_id, token))

    @app.post("/api/tables/{table_id}/seats/{seat}/link", responses=PROBLEMS)
    async def new_link(table_id: str, seat: int, request: HostRequest) -> Joined:
        """The host makes a new link for a person's seat (a lost or leaked one): the seat's present link
        stops working at once, and the new one is an invitation, spent at its first use."""
        table = await _hosted(table_id, request.host_token, seat)
        if table.over:
            raise HTTPException(409, "the game is over")
        token = await table.reissue(seat)
        return Joined(seat=seat, link=seat_link(hub.root, table_id, token))

    @app.post("/api/qr", responses=PROBLEMS)
    async def qr_code(request: QrRequest) -> QrCode:
        """A QR code of a link (the page shows a seat's own link this way, to open it on a phone). The
        text is neither kept nor logged."""
        code = segno.make(request.text, error="m")
        return QrCode(image=code.svg_data_uri(scale=4, border=2, dark="#111", light="#fff"))

    @app.post("/api/tables/{table_id}/seats/{seat}/controller", response_model=TableSummary,
              responses=PROBLEMS)
    async def controller(table_id: str, seat: int, request: ControllerRequest) -> dict[str, Any]:
        """The host hands an away person's seat to a bot (docs/server.md: no page of it open for a while, or
        its clock ran out; 409 otherwise), or takes it back (bot null)."""
        table = await _hosted(table_id, request.host_token, seat)
        if table.over:
            raise HTTPException(409, "the game is over")
        try:
            await table.set_away(seat, request.bot, limits.away_seconds, request.seat_token)
        except NotAway as exc:
            raise HTTPException(409, str(exc)) from None
        return table.summary()

    @app.post("/api/tables/{table_id}/seats/{seat}/mute", response_model=TableSummary, responses=PROBLEMS)
    async def mute(table_id: str, seat: int, request: MuteRequest) -> dict[str, Any]:
        """The host mutes a person's seat in the table's chat (muted false: lets it write again)."""
        table = await _hosted(table_id, request.host_token, seat)
        try:
            await table.set_muted(seat, request.muted)
        except OptionError as exc:
            raise HTTPException(400, str(exc)) from None
        return table.summary()


    @app.post("/api/tables/{table_id}/rematch", responses={**PROBLEMS, **TOO_MANY})
    async def rematch(table_id: str, request: RematchRequest, http: Request) -> Rematch:
        """The host starts a new game with the same people, bots, options and house rules (docs/server.md,
        "Rematch"); asked again, the same one."""
        table = await _hosted(table_id, request.host_token, what="start a rematch")
        if not table.over:
            raise HTTPException(409, "the game is not over yet: a rematch starts once it is")
        made = table.record.rematch
        if made is None:
            address = http.client.host if http.client else ""
            try:
                open_tables.claim(address, hub.live.__contains__)
            except TooManyTables as exc:
                raise HTTPException(429, str(exc)) from None
            try:
                made = await ingame.rematch(hub, table)
            except Refusal as refusal:
                raise HTTPException(503, refusal.message) from None
            finally:
                open_tables.created(address, made if made in hub.live else None)
        return Rematch(table_id=made, table_url=f"{hub.root}/t/{made}")

    @app.post("/api/tables/{table_id}/end", response_model=TableSummary, responses=PROBLEMS)
    async def end(table_id: str, request: EndRequest) -> dict[str, Any]:
        """The host ends an unfinished game: abandoned, with no result (never rated). Everyone at the table
        is told; its bots and clock stop; the lobby lists it among the finished."""
        table = await _hosted(table_id, request.host_token, what="end its game")
        try:
            await end_table(table)
        except GanglandError as exc:
            raise HTTPException(409, str(exc)) from None
        return table.summary()

    @app.post("/api/my-seats", response_model=list[MySeat | None], responses=PROBLEMS)
    async def my_seats(request: MySeatsRequest) -> list[dict[str, Any] | None]:
        """For each seat token, its table and seat and whether it is that seat's turn (null: unknown)."""
        return await hub.my_seats(request.tokens)

    @app.get("/api/tables/{table_id}/record", response_model=GameRecordData, responses=PROBLEMS)
    async def record(table_id: str) -> dict[str, Any]:
        """A finished game's record: seed, options, seats and every action."""
        table = await _table(table_id)
        if not table.over:
            raise HTTPException(409, "the record is shown once the game is over")
        return table.game_record.to_json()

    @app.get("/api/tables/{table_id}/replay", response_model=ReplayFrame, responses=PROBLEMS)
    async def replay(
        table_id: str, step: Annotated[int, Query(ge=0)] = 0, seat: Annotated[int | None, Query(ge=0)] = None,
        layout: Annotated[Literal["wide", "narrow"], Query()] = "wide",
    ) -> dict[str, Any]:
        """A finished game at `step` as `seat` (or, without one, a spectator) saw it, drawn in `layout`."""
        table = await _table(table_id)
        if not table.over:
            raise HTTPException(409, "a game can be replayed once it is over")
        if seat is not None and seat >= table.record.players:
            raise HTTPException(404, f"there is no seat {seat}")
        return table.replay_frame(min(step, table.step), seat, layout)

    # -- play -------------------------------------------------------------------------------------------

    @app.websocket("/ws/lobby")  # before /ws/{table_id}: no table id is "lobby" (they have 12 letters)
    async def lobby_socket(socket: WebSocket) -> None:
        await serve_lobby(socket, hub, limits)

    @app.websocket("/ws/{table_id}")
    async def play(socket: WebSocket, table_id: str) -> None:
        # A page of another site must not play (or watch) with a visitor's links: refused before the
        # handshake completes (an HTTP 403). Clients that are not browsers send no Origin.
        if not await accept_own_page(socket, limits):
            return
        try:
            table = await hub.table(table_id) if TABLE_ID.fullmatch(table_id) else None
        except StorageError as exc:
            await socket.send_text(encode(Refusal("storage", f"{exc}; try again in a moment").to_message()))
            await socket.close(1013)  # try again later
            return
        except HeldElsewhere as exc:
            await socket.send_text(encode(Refusal("elsewhere", str(exc)).to_message()))
            await socket.close(ELSEWHERE_CLOSE)
            return
        if table is None:
            await socket.send_text(
                encode(Refusal("no_table", f"there is no table {quoted(table_id)}").to_message())
            )
            await socket.close(4404)
            return
        await serve_socket(table, hub, socket, MessageBudget(limits), seat_sockets, turn_mails)

    hub.root = serve_under(app, address)  # after every route: the root may not start like one of them
    app.add_middleware(HostCheck, allowed=limits.allowed_hosts)  # before anything else of the app's
    app.add_middleware(AccessLog)  # outside it, so that a refused Host has its line in the log too
    return app


async def send_outbox(socket: WebSocket, client: Client, send_seconds: float,
                      metrics: ServerMetrics | None = None) -> bool:
    """Send `client`'s queued messages until a close is queued or the client leaves (each counted in
    `metrics`). False if a message could not go out within `send_seconds`: the client does not read."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):  # the client left
        while True:
            text = await client.outbox.get()
            if text is None:
                await socket.close(client.close_code)
                return True
            try:
                # asyncio.timeout, not wait_for: Python 3.11's wait_for loses a cancel that comes as the
                # send finishes (CPython gh-86296), and this writer then waited on its queue for ever.
                async with asyncio.timeout(send_seconds):
                    await socket.send_text(text)
            except TimeoutError:
                return False
            if metrics is not None:
                metrics.sent(client)
    return True


async def serve_socket(table: LiveTable, hub: Hub, socket: WebSocket, budget: MessageBudget,
                       seat_sockets: SeatSockets, turn_mails: TurnMails | None = None) -> None:
    """Read one connection's messages until it closes: hello first, then moves and pings; each message
    within the connection's `budget`, and the seat held by at most `seat_sockets.limit` connections; a
    seat's own connection is told of the `turn_mails` (None: the server sends none)."""
    client: Client | None = None
    writer: asyncio.Task[None] | None = None
    held: tuple[str, int] | None = None
    reader = asyncio.current_task()
    too_slow = False

    async def write(client: Client) -> None:
        if not await send_outbox(socket, client, budget.limits.send_seconds, hub.metrics):
            # It does not read. The reading side waits for a message that may never come: it is stopped,
            # so that the table lets the connection go now (see the end of serve_socket).
            nonlocal too_slow
            too_slow = True
            if reader is not None:
                reader.cancel()

    async def answer(message: dict[str, Any]) -> None:
        if client is not None:
            client.push(encode(message))
        else:
            await socket.send_text(encode(message))

    try:
        while (data := await next_frame(socket)) is not None:
            try:
                budget.admit()
                message = parse_client(data)
                if client is not None and client.revoked:  # its link stopped working a moment ago
                    raise Refusal("revoked", "this link no longer opens the seat: nothing was done")
                if isinstance(message, Hello):
                    if client is not None:
                        raise Refusal("malformed", "this connection has already said hello")
                    moved = await ingame.moved_on(hub, table, message.token)
                    if moved is not None:  # a seat link of a finished table whose rematch it opens now
                        await socket.send_text(encode(ingame.rematch_message(moved, False)))
                        await socket.close(1000)
                        return
                    try:
                        seat = await hub.who(table, message.token)
                        if seat is not None:  # counted before an invitation is spent on it
                            seat_sockets.acquire((table.id, seat))
                            held = (table.id, seat)
                        own_token = None if seat is None else await table.take_seat(
                            seat, message.token or "", message.name)
                    except Refusal as refusal:
                        await socket.send_text(encode(refusal.to_message()))
                        await socket.close({"too_many_connections": FLOOD_CLOSE,
                                            "elsewhere": ELSEWHERE_CLOSE}.get(refusal.code, 4403))
                        return
                    client = Client(seat, want=PARTS if message.want is None else message.want,
                                    name=message.name,
                                    layout=message.layout or "wide")
                    writer = asyncio.create_task(write(client))
                    if own_token is not None:  # to this connection alone: the seat's link from now on
                        client.push(encode({"type": "seat_token", "seat": seat, "token": own_token,
                                            "link": seat_link(hub.root, table.id, own_token)}))
                    client.push(encode(table.chat.history()))  # the chat so far, before its first state
                    table.clients.add(client)
                    hub.metrics.seat_connected(table.id, client.seat, True)
                    table.broadcast()
                    if table.record.rematch is not None:  # the table is over, and its rematch is on
                        client.push(encode(ingame.rematch_message(table.record.rematch, False)))
                    if hub.outage is not None:
                        client.push(encode(hub.status_message()))
                    if turn_mails is not None:  # to a seat's own connection: mails offered, its address
                        await turn_mails.greet(table, client)
                elif isinstance(message, Ping):
                    await answer({"type": "pong"})
                elif isinstance(message, Rename):
                    if client is None:
                        raise Refusal("no_hello", "say hello with your link's token before you give a name")
                    client.name = message.name
                    if client.seat is not None:
                        try:
                            await table.rename(client.seat, message.name)
                        except LeaseLost:
                            raise Refusal("elsewhere", "this table is now played by another server process; "
                                                       "reconnect to reach it") from None
                elif isinstance(message, Want):
                    if client is None:
                        raise Refusal("no_hello", "say hello with your link's token before you ask for parts")
                    added = message.parts - client.want
                    client.want = message.parts
                    if message.layout is not None and message.layout != client.layout:
                        client.layout = message.layout  # the drawing in it, at once
                        added = added | {"drawing"} & message.parts
                    if added:  # what it lacks now, at once (a part it gave up waits for the next state)
                        table.broadcast(client)
                elif isinstance(message, Act):
                    if client is None:
                        raise Refusal("no_hello", "say hello with your link's token before you move")
                    if client.seat is None:
                        raise Refusal("spectator", "a spectator watches; only a seat's link may move")
                    arrived = time.perf_counter()
                    await table.play(client.seat, message.action, message.step,
                                     takeback.AUTO if message.auto else "person")
                    hub.metrics.acknowledge(client, arrived)
                elif isinstance(message, Chat):
                    if client is None:
                        raise Refusal("no_hello", "say hello with your link's token before you write")
                    await table.chat.say(client, message.text, message.name)
                elif isinstance(message, Undo | Hint):
                    if client is None:
                        raise Refusal("no_hello", "say hello with your link's token first")
                    if client.seat is None:
                        raise Refusal("spectator", "a spectator watches; only a seat may take back or ask")
                    if isinstance(message, Undo):
                        await ingame.take_back(table, client.seat, message.step)
                    else:
                        client.push(encode(await ingame.hint(table, client, message.bot)))
                elif isinstance(message, SetMail):
                    if client is None:
                        raise Refusal("no_hello", "say hello with your seat's token before giving an address")
                    await set_address(hub, table, client, message.email)
            except Refusal as refusal:
                await answer(refusal.to_message())
                if budget.flooding:  # the refusal goes out first, then the close
                    if client is None:
                        await socket.close(FLOOD_CLOSE)
                    else:
                        client.close_code = FLOOD_CLOSE
                        client.push(None)
                        if writer is not None:
                            with contextlib.suppress(Exception):
                                async with asyncio.timeout(5):
                                    await asyncio.shield(writer)
                    return
            except (WebSocketDisconnect, asyncio.CancelledError):
                raise
            except (SQLAlchemyError, StorageError) as exc:  # the database is out of reach: nothing changed
                log.warning("table %s: a message failed on the database: %s", table.id, type(exc).__name__)
                await answer(Refusal("storage", f"the database cannot be reached ({type(exc).__name__}); "
                                                "nothing was changed, try again in a moment").to_message())
            except Exception:  # never a traceback to the client, nor a dropped connection for it
                log.exception("table %s: a message failed", table.id)
                await answer({"type": "error", "code": "server_error",
                              "error": "the server failed on that message; it is logged, please try again"})
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        # Stopped by its own writer, not by the server (whose own cancel, if one came too, goes on up): it
        # ends as a closed connection does.
        if not too_slow or reader is None or reader.uncancel() > 0:
            raise
        log.info("table %s: a connection too slow to take its messages is let go", table.id)
        with contextlib.suppress(Exception):  # a close frame, if it can still go out
            async with asyncio.timeout(1.0):
                await socket.close(SLOW_CLOSE)
    finally:
        if held is not None:
            seat_sockets.release(held)
        if client is not None:
            table.clients.discard(client)
            hub.metrics.seat_connected(table.id, client.seat, False)
            table.broadcast()
        if writer is not None:
            writer.cancel()
            with contextlib.suppress(BaseException):
                await writer
