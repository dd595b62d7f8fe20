"""The registered games. Importing this package registers every game with the engine registry."""

from __future__ import annotations

from gangland.engine import Game, all_games, register
from gangland.engine import get as _get

from .downtown import GAME as DOWNTOWN
from .protection_racket import GAME as PROTECTION_RACKET
from .razzia import GAME as RAZZIA
from .supergang import GAME as SUPERGANG

register(RAZZIA)
register(DOWNTOWN)
register(PROTECTION_RACKET)
register(SUPERGANG)


def get(game_id: str) -> Game:
    """The game registered as `game_id` (e.g. "razzia"); UnknownGame otherwise."""
    return _get(game_id)


__all__ = ["all_games", "get"]
