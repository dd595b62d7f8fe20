"""The errors the engine raises. All are ValueErrors: bad input, never a crash."""

from __future__ import annotations


class GanglandError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(GanglandError):
    """An action that is not legal now; the state is left unchanged."""


class ActionParseError(IllegalAction):
    """Text that does not name a legal action."""


class SeatError(GanglandError):
    """A seat number that the game does not have."""


class OptionError(GanglandError):
    """An unknown rule option, a bad option value, or an unsupported player count."""


class UnknownGame(GanglandError):
    """A game id that is not registered."""


class RecordError(GanglandError):
    """A game record that is corrupt, or that does not match the game it names."""
