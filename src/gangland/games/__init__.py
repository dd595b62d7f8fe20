"""The registered games. Importing this package registers every game with the engine registry."""

from __future__ import annotations

from gangland.engine import Game, all_games, register
from gangland.engine import get as _get

from .downtown import GAME as DOWNTOWN
from .protection_racket import GAME as PROTECTION_RACKET
from .razzia import GAME as RAZZIA

register(RAZZIA)
register(DOWNTOWN)
register(PROTECTION_RACKET)


def get(game_id: str) -> Game:
    """The game registered as `game_id` (e.g. "razzia"); UnknownGame otherwise."""
    return _get(game_id)


__all__ = ["all_games", "get"]
