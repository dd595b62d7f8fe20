"""The game-agnostic core: the State contract, errors, registry, agents, match runner and records.

Standard library only; nothing here imports a game.
"""

from .agent import Agent, Decision, DecisionGame, DeterminizingBot, softmax
from .encoding import Layout, LayoutWriter, Segment, ViewEncoding
from .errors import (
    QUOTED_CHARS,
    ActionParseError,
    GanglandError,
    IllegalAction,
    OptionError,
    RecordError,
    SeatError,
    UnknownGame,
    quoted,
)
from .facts import GameFacts, replay_steps
from .game import BOARD_ROWS, HELP_ROWS, MENU_ROWS, SCREEN_WIDTH, Game, OptionSpec
from .match import play_match, run_match
from .record import GameRecord
from .registry import all_games, get, register
from .rng import mix_seed, splitmix64
from .seats import (
    SEAT_REF,
    SEAT_REFS,
    fill_seats,
    plain_names,
    seat_column,
    seat_label,
    seat_ref,
    terminal_len,
    terminal_wrap,
)
from .state import JSON, CachedLegalState, PhaseState, Result, State, rank_by

__all__ = [
    "BOARD_ROWS",
    "HELP_ROWS",
    "JSON",
    "MENU_ROWS",
    "QUOTED_CHARS",
    "SCREEN_WIDTH",
    "SEAT_REF",
    "SEAT_REFS",
    "ActionParseError",
    "Agent",
    "CachedLegalState",
    "Decision",
    "DecisionGame",
    "DeterminizingBot",
    "Game",
    "GameFacts",
    "GameRecord",
    "GanglandError",
    "IllegalAction",
    "Layout",
    "LayoutWriter",
    "OptionError",
    "OptionSpec",
    "PhaseState",
    "RecordError",
    "Result",
    "SeatError",
    "Segment",
    "State",
    "UnknownGame",
    "ViewEncoding",
    "all_games",
    "fill_seats",
    "get",
    "mix_seed",
    "plain_names",
    "play_match",
    "quoted",
    "rank_by",
    "register",
    "replay_steps",
    "run_match",
    "seat_column",
    "seat_label",
    "seat_ref",
    "softmax",
    "splitmix64",
    "terminal_len",
    "terminal_wrap",
]
