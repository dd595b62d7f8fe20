"""The errors the engine raises. All are ValueErrors: bad input, never a crash."""

from __future__ import annotations

import reprlib

QUOTED_CHARS = 60
"""The most characters of a refused value an error message quotes: a long one is cut, never repeated whole
(a request of megabytes must not come back as an answer of megabytes)."""


def _short_repr() -> reprlib.Repr:
    short = reprlib.Repr()
    short.maxstring = short.maxlong = short.maxother = QUOTED_CHARS
    short.maxlist = short.maxtuple = short.maxdict = short.maxset = short.maxfrozenset = 4
    short.maxlevel = 2
    return short


_SHORT = _short_repr()


def quoted(value: object) -> str:
    """`value` as an error message quotes it: its repr, a long one cut ("..." where it is), at most
    QUOTED_CHARS characters, made without writing a long value out whole first (reprlib).

    >>> quoted("nord")
    "'nord'"
    >>> quoted("x" * 4_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    >>> quoted([["deep"] * 9] * 9)
    "[['deep', 'deep', 'deep', 'deep', ...], ['deep', 'deep', ..."
    """
    try:
        text = _SHORT.repr(value)
    except ValueError:  # an int too long to write out in decimal at all
        return "(a value too long to show)"
    return text if len(text) <= QUOTED_CHARS else text[: QUOTED_CHARS - 3] + "..."


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
