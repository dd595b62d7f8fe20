"""The registry of games by id. Game packages register themselves; the engine never imports them."""

from __future__ import annotations

from typing import Final

from .errors import UnknownGame, quoted
from .game import Game

_GAMES: Final[dict[str, Game]] = {}


def register(game: Game) -> Game:
    """Add a game under its id (registering the same object twice is harmless)."""
    existing = _GAMES.get(game.id)
    if existing is not None and existing is not game:
        raise ValueError(f"a different game is already registered as {game.id!r}")
    _GAMES[game.id] = game
    return game


def get(game_id: str) -> Game:
    """The game registered as `game_id`; UnknownGame naming the registered ids otherwise."""
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game {quoted(game_id)}; registered games: {known}") from None


def all_games() -> list[Game]:
    """Every registered game, by id."""
    return [_GAMES[k] for k in sorted(_GAMES)]
