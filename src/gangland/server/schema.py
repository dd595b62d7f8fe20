"""The shapes of the lobby API's answers, for its OpenAPI schema (`/openapi.json`, `/docs`).

The routes build plain dicts (tables.py); FastAPI checks each answer against these models, so the schema
and the answers cannot drift apart.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


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
