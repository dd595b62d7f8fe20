"""The shapes of the lobby API's requests and answers, for its OpenAPI schema (`/openapi.json`, `/docs`).

FastAPI checks each request against its model before a route sees it. The routes build plain dicts
(tables.py); FastAPI checks each answer against these models, so the schema and the answers cannot drift
apart.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field


class Problem(BaseModel):
    """Why a request was refused: one sentence."""

    detail: str


PROBLEMS: dict[int | str, dict[str, Any]] = {
    400: {"model": Problem, "description": "The request is malformed or asks for something the game refuses"},
    403: {"model": Problem, "description": "The token does not give that right"},
    404: {"model": Problem, "description": "No such table or seat"},
    409: {"model": Problem, "description": "Not now: the game is not over, or the seat is taken"},
    503: {"model": Problem, "description": "The database cannot be reached; try again"},
}
"""The error answers every API route may give."""


class OptionInfo(BaseModel):
    """A rule option of a game."""

    name: str
    default: Any
    choices: list[Any]
    doc: str
    free: bool = Field(description="Takes any value of its default's type (not only the choices)")
    type: str = Field(description='The type of its values: "int", "float", "str" or "bool"')


class BotLevel(BaseModel):
    """A bot as a person chooses it: its level ("Easy", "Hard", ...) and what it is exactly."""

    bot: str
    level: str
    detail: str


class GameInfo(BaseModel):
    """A game a table may play."""

    id: str
    name: str
    version: str
    players: list[int]
    options: list[OptionInfo]
    bots: list[str] = Field(description="The bots a seat may have")
    bot_levels: list[BotLevel] = Field(description="Each bot's level as a person reads it, and what it is")


class SeatFacts(BaseModel):
    """The public facts of a seat."""

    seat: int = Field(description="The seat's number from 0 (people read it from 1: seat 0 is Seat 1)")
    kind: str = Field(description='"person" or "bot"')
    bot: str | None = Field(description="The bot's agent name (a bot's seat)")
    level: str | None = Field(description='The bot\'s level as a person reads it: "Beginner", "Easy", '
                                          '"Medium", "Hard", "Expert" or "Other"')
    bot_detail: str | None = Field(description="What the bot is, exactly")
    name: str | None = Field(description="The seat's name: its person's own (null until they give one), "
                                         "or its bot's")
    joined: bool = Field(description="A person has opened this seat's link (always true for a bot)")
    open: bool = Field(description="Anyone may take this person's seat from the lobby (else: invited, only "
                                   "its link opens it)")
    connected: bool
    away: str | None = Field(description="The bot the host handed this person's seat to, if any")
    away_level: str | None = Field(description="That bot's level")
    timed_out: bool = Field(default=False, description="The seat's move clock ran out at its latest turn and "
                                                       "its person has not moved since (the host may hand "
                                                       "it to a bot)")
    muted: bool = Field(description="The host muted this seat's chat")
    label: str = Field(description="What to call the seat: its name, else \"Seat N\" counted from 1")


class TableSummary(BaseModel):
    """The public facts of a table: never its seed, tokens or anything a seat's view would hide."""

    table_id: str
    game: str
    game_name: str
    players: int
    options: dict[str, Any]
    status: str = Field(description='"playing" or "finished"')
    step: int = Field(description="Moves played")
    to_act: int | None
    move_seconds: int | None
    listed: bool
    created: float = Field(description="Seconds since the epoch")
    finished: float | None
    seats: list[SeatFacts]
    open_seats: list[int] = Field(description="Open person's seats nobody has taken yet (the lobby offers "
                                              "Join)")
    invited_seats: list[int] = Field(description="Invited person's seats whose link nobody has opened yet")
    settings: dict[str, bool] = Field(description="The host's house rules: undo, hint, spectator_chat")
    ended: str | None = Field(description='"abandoned" when the host ended the table (never rated)')
    rematch: str | None = Field(description="The id of this table's rematch, once the host started it")
    active: float = Field(description="When a person last moved (else when the table was made), seconds "
                                      "since the epoch")
    result: dict[str, Any] | None = Field(description="Scores, ranks, winners, breakdown, once over")


class Lobby(BaseModel):
    """The listed tables."""

    waiting: list[TableSummary]
    playing: list[TableSummary]
    finished: list[TableSummary]


class MySeat(BaseModel):
    """A seat a token plays."""

    table_id: str
    seat: int
    game: str
    game_name: str
    your_turn: bool
    over: bool
    step: int


class ChatLine(BaseModel):
    """A line of a table's chat (docs/server.md, "Chat")."""

    number: int = Field(description="Its number at the table, from 1")
    kind: str = Field(description='"chat" (a person wrote it) or "note" (the table says it)')
    seat: int | None = Field(description="The seat that wrote it (null: a spectator, or the table)")
    name: str = Field(description="Who wrote it (empty for a note); text, never markup")
    text: str = Field(description="What was written; text, never markup")
    step: int = Field(description="The table's step when it was written")
    at: float = Field(description="When, in seconds since the epoch")


class ReplayFrame(BaseModel):
    """A finished game at one step, as one seat (or a spectator) saw it."""

    table_id: str
    game: dict[str, str]
    players: int
    seat: int | None
    step: int
    total: int = Field(description="Moves in the whole game")
    to_act: int | None
    view: dict[str, Any]
    text: str
    svg: str | None = Field(description="The game's drawing of the view (docs/server.md: The drawn table)")
    log: list[dict[str, Any]] = Field(description="The last 100 log lines up to this step")
    chat: list[ChatLine] = Field(description="The chat written up to this step (the last 200 lines)")
    seats: list[SeatFacts]
    result: dict[str, Any] | None = Field(description="Only at the last step")
    ended: str | None = Field(default=None, description='"abandoned" at the last step of a game the host '
                                                    "ended (it has no result)")


class GameRecordData(BaseModel):
    """A finished game's record (gangland.engine.GameRecord's JSON): replays with `gangland replay`."""

    model_config = {"extra": "allow"}

    format: str
    game: str
    game_version: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[str]
    actions: list[int]
    result: dict[str, Any] | None


# -- requests ---------------------------------------------------------------------------------------------


class SeatChoice(BaseModel):
    """Who sits in a seat: a bot by name, or (null) a person; a person's seat other than the creator's is
    invited (only its link opens it) unless `open` (anyone may take it from the lobby)."""

    bot: str | None = Field(default=None, max_length=64)
    open: bool = Field(default=False, description="Anyone in the lobby may take this person's seat")


class HouseRules(BaseModel):
    """The host's house rules for the table."""

    model_config = ConfigDict(extra="forbid", strict=True)

    undo: bool = Field(default=False, description="A person may take back their last decision (see docs)")
    hint: bool = Field(default=False, description="A person may ask a bot which move it would make")
    spectator_chat: bool = Field(default=False, description="Spectators may write in the chat")


class CreateTable(BaseModel):
    """A request for a new table."""

    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict, max_length=64)
    seats: list[SeatChoice] | None = Field(
        default=None,
        max_length=16,
        description="One per player; default: seat 0 a person, the others heuristic",
    )
    move_seconds: int | None = Field(
        default=None, description="Seconds a person has for each move; null: no limit"
    )
    listed: bool = Field(default=True, description="Shown in the lobby (else only its links open it)")
    creator_seat: int | None = Field(
        default=None, description="The creator's seat; default: the first person's"
    )
    name: str | None = Field(default=None, max_length=200, description="The creator's name at the table")
    settings: HouseRules = Field(default_factory=HouseRules)


class SeatLink(BaseModel):
    """A seat of a new table: its bot, or the link that plays it."""

    seat: int
    bot: str | None
    link: str | None


class TableCreated(BaseModel):
    """A new table: the creator's seat and every link (each shown only this once)."""

    table_id: str
    host_token: str
    creator_seat: int | None
    creator_link: str | None
    seats: list[SeatLink]
    spectator_link: str
    table_url: str


class JoinRequest(BaseModel):
    """Take an open seat of a listed table (null: the first open one), going by `name`."""

    seat: int | None = None
    name: str | None = Field(default=None, max_length=200)


class HostRequest(BaseModel):
    """A request only the table's host may make."""

    host_token: str = Field(max_length=200)


class QrRequest(BaseModel):
    """Text (a link) to draw as a QR code."""

    text: str = Field(min_length=1, max_length=600)


class QrCode(BaseModel):
    """A QR code as an SVG image in a data: address (for an <img>)."""

    image: str


class Joined(BaseModel):
    """The seat taken and the link that plays it."""

    seat: int
    link: str


class ControllerRequest(BaseModel):
    """The host hands a person's seat to a bot, or (bot null) gives it back."""

    host_token: str = Field(max_length=200)
    bot: str | None = Field(default=None, max_length=64)
    seat_token: str | None = Field(default=None, max_length=200,
                                   description="The seat's own token: the host hands their own seat")


class MuteRequest(BaseModel):
    """The host mutes a person's seat in the chat, or lets it write again."""

    host_token: str = Field(max_length=200)
    muted: bool


class RematchRequest(BaseModel):
    """The host starts a finished table's rematch."""

    host_token: str = Field(max_length=200)


class EndRequest(BaseModel):
    """The host ends the table's game."""

    host_token: str = Field(max_length=200)


class Rematch(BaseModel):
    """The rematch table: every seat link of the finished table opens its seat there."""

    table_id: str
    table_url: str


class MySeatsRequest(BaseModel):
    """Seat tokens this browser holds."""

    tokens: list[Annotated[str, Field(max_length=200)]] = Field(max_length=200)
