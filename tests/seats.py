"""Seats in game text as people read them (issue 31): a game names a seat by a marker (⟨s2⟩) that each front
end fills in (`gangland.engine.seats`). Tests of a drawing's layout fill it in with LONG_NAMES, as long as
the page lets a name be in a drawing; tests of text scan for seats named any other way."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from gangland.engine import SEAT_REF, fill_seats, plain_names
from gangland.engine.svg import NAME_CHARS, SVG_NS, fill_drawing

SVG = f"{{{SVG_NS}}}"

LONG_NAMES = ("Maximilianos", "Anna-Mariaaa", "Christophine", "Bartholomews", "Wolfgang Max")
"""Names of NAME_CHARS characters, one per seat: the longest the page fills into a drawing."""
assert all(len(name) == NAME_CHARS for name in LONG_NAMES)

BARE_SEAT = re.compile(r"\b[Ss]eats? \d")
"""A seat named by its number in game text: a game names seats only by their markers."""


def with_long_names(svg: str, players: int, you: int | None) -> str:
    """A drawing as the page shows it to `you` when every seat's name is NAME_CHARS characters long."""
    return fill_drawing(svg, LONG_NAMES[:players], you)


def bare_seats(texts: Iterable[str]) -> list[str]:
    """The texts that name a seat by its number rather than by its marker."""
    return [text for text in texts if BARE_SEAT.search(SEAT_REF.sub("", text))]


def counted_from_zero(texts: Iterable[str], players: int) -> list[str]:
    """The texts that, filled in as the terminal fills them, still say "Seat 0" (or "seat 0")."""
    return [text for text in texts if re.search(r"\b[Ss]eat 0\b", fill_seats(text, plain_names(players)))]


def drawing_texts(svg: str) -> list[str]:
    """Every text a person reads in a drawing: its texts and its titles (hover text)."""
    return [node.text for node in ET.fromstring(svg).iter()
            if node.tag in (f"{SVG}text", f"{SVG}title", f"{SVG}tspan") and node.text]
