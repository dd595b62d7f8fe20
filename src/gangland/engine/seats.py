"""How game text names a seat: a marker every front end fills in with what it calls that seat.

A game never writes "seat 2" into text a person reads (narration, the events of a view, action names,
`render`, `screen`, `rules_help`, result texts, the words of a drawing). It writes `seat_ref(2)`, the
marker ``⟨s2⟩``: U+27E8 MATHEMATICAL LEFT ANGLE BRACKET, the letter ``s``, the seat's number counted from
0 as the state counts it (one or two digits), U+27E9 MATHEMATICAL RIGHT ANGLE BRACKET. Nothing else in
game text uses those brackets.

A front end fills every marker in with `fill_seats`: the web page with the people's and bots' names, the
terminal with `seat_label` ("Seat 3": a person counts seats from 1), and either adds " (you)" to the
seat of the person looking. So "(you)" is never the game's to write, and the same line reads "⟨s2⟩ bids 9"
in the engine, "Anna (you) bids 9" on Anna's page and "Seat 3 bids 9" in a spectator's terminal.

Data stays data: a view's seat fields (`"to_act": 2`) are numbers counted from 0; only text has markers.
In a drawing a marker may stand in text and in `<title>` text, never in an attribute but `data-act`
(which holds action names exactly as `Game.public_action_name` gives them, markers and all).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import Any, Final

SEAT_OPEN: Final = "\u27e8"
"""The first character of every seat marker (⟨)."""
SEAT_CLOSE: Final = "\u27e9"
"""The last character of every seat marker (⟩)."""
SEAT_REF: Final = re.compile("\u27e8s(\\d{1,2})\u27e9")
"""A seat marker in text; its group 1 is the seat's number counted from 0."""
YOU: Final = " (you)"
"""What `fill_seats` adds to the name of the seat of the person looking."""
_PAD: Final = "\x01"
"""Stands in for the columns a marker gains when the terminal fills it in, while `terminal_wrap` wraps."""


def seat_ref(seat: int) -> str:
    """The marker that stands for `seat` (counted from 0) in game text.

    >>> seat_ref(2)
    '⟨s2⟩'
    >>> seat_ref(2) + " bids 9"
    '⟨s2⟩ bids 9'
    """
    return f"\u27e8s{seat}\u27e9"


SEAT_REFS: Final = tuple(seat_ref(seat) for seat in range(100))
"""`seat_ref` of every seat a marker can name, made once: what the rules' events use on the path of `apply`
(an index is quicker than a call)."""


def seat_label(seat: int) -> str:
    """What a person calls `seat` (counted from 0) where it has no other name: "Seat 1" for seat 0.

    >>> seat_label(0), seat_label(3)
    ('Seat 1', 'Seat 4')
    """
    return f"Seat {seat + 1}"


def plain_names(players: int) -> list[str]:
    """The `seat_label` of every seat of a `players`-player game: the terminal's names.

    >>> plain_names(3)
    ['Seat 1', 'Seat 2', 'Seat 3']
    """
    return [seat_label(seat) for seat in range(players)]


def fill_seats(text: str, names: Sequence[str], you: int | None = None) -> str:
    """`text` with every seat marker replaced by the seat's entry in `names`, and " (you)" after the name
    of seat `you` (the person looking; None: nobody, as for a spectator). A marker of a seat beyond
    `names` is left as it is.

    >>> fill_seats("⟨s2⟩ robs ⟨s0⟩", plain_names(3))
    'Seat 3 robs Seat 1'
    >>> fill_seats("⟨s1⟩ bids 9; ⟨s0⟩ passes", ["Anna", "Ben"], you=1)
    'Ben (you) bids 9; Anna passes'
    >>> fill_seats("no seat named here", ["Anna"])
    'no seat named here'
    """
    if SEAT_OPEN not in text:  # most text names no seat: no need for the regular expression
        return text

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if seat >= len(names):
            return match.group(0)
        return names[seat] + YOU if seat == you else names[seat]

    return SEAT_REF.sub(name, text)


def seat_column(seat: int, width: int, you: int | None = None) -> str:
    """`seat`'s marker padded with spaces to take `width` columns once the terminal fills it in
    (`seat_label`, with " (you)" for `you`): for the fixed columns of a game's `screen`, which only the
    terminal shows. Text that other front ends show (with names of any length) never aligns anything
    after a seat's name.

    >>> fill_seats(seat_column(1, 14, you=1) + "|", plain_names(2), you=1)
    'Seat 2 (you)  |'
    """
    shown = len(seat_label(seat)) + (len(YOU) if seat == you else 0)
    return seat_ref(seat) + " " * max(0, width - shown)


def _terminal_padded(text: str, you: int | None) -> str:
    """`text` with each marker followed by as many _PAD as the terminal's name for it is wider."""
    def padded(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        shown = len(seat_label(seat)) + (len(YOU) if seat == you else 0)
        return match.group(0) + _PAD * (shown - len(match.group(0)))

    return SEAT_REF.sub(padded, text)


def terminal_len(text: str, you: int | None = None) -> int:
    """The columns `text` (of one column a character) takes once the terminal fills its markers in.

    >>> terminal_len("To act: ⟨s1⟩"), terminal_len("To act: ⟨s1⟩", you=1)
    (14, 20)
    """
    return len(_terminal_padded(text, you)) if SEAT_OPEN in text else len(text)


def terminal_wrap(text: str, width: int, you: int | None = None, **options: Any) -> list[str]:
    """`text` wrapped as `textwrap.wrap(text, width, **options)` would wrap it once the terminal fills
    its markers in (a name never broken), the markers kept: for a game's `screen` and `rules_help`.

    >>> lines = terminal_wrap("⟨s0⟩ bids 9 and ⟨s1⟩ passes", 20, you=1)
    >>> lines, [fill_seats(line, plain_names(2), you=1) for line in lines]
    (['⟨s0⟩ bids 9 and', '⟨s1⟩ passes'], ['Seat 1 bids 9 and', 'Seat 2 (you) passes'])
    """
    if SEAT_OPEN not in text:
        return textwrap.wrap(text, width, **options)
    return [line.replace(_PAD, "") for line in textwrap.wrap(_terminal_padded(text, you), width, **options)]
