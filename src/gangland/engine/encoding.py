"""Observation encodings: a seat's view as a fixed-size vector of numbers, for learning agents.

A game that can be learned from gives its `Game.encoding`, a `ViewEncoding`: the `Layout` of the
vector for a player count and options (named segments, each with its size, its bounds and what it
means), and `encode(view, players, options)`, which fills that layout from a view alone. Since only
the view goes in, two states a seat cannot tell apart (equal `view(seat)`) give equal vectors: no leak
can enter here.

Standard library only (lists of floats); `gangland.rl` turns them into numpy arrays.

>>> layout = Layout([Segment("round", 3, "the round, one-hot"), Segment("money", 2, "money / 100", high=5.0)])
>>> layout.size, layout.span("money")
(5, slice(3, 5, None))
>>> out = layout.writer()
>>> out.one_hot("round", 1)
>>> out.put("money", [0.5, 1.25])
>>> out.done()
[0.0, 1.0, 0.0, 0.5, 1.25]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import isfinite

from .compiled import mypyc_attr, own_abc_caches
from .state import JSON


@dataclass(frozen=True, slots=True)
class Segment:
    """A named run of values in an observation vector: `size` numbers between `low` and `high`."""

    name: str
    size: int
    doc: str
    low: float = 0.0
    high: float = 1.0


class Layout:
    """The ordered segments of an observation vector, and where each lies in it."""

    def __init__(self, segments: Iterable[Segment]) -> None:
        self.segments = tuple(segments)
        self._spans: dict[str, slice] = {}
        self._by_name: dict[str, Segment] = {}
        start = 0
        for segment in self.segments:
            if segment.name in self._spans:
                raise ValueError(f"two segments named {segment.name!r}")
            if segment.size < 0 or not segment.low <= segment.high:
                raise ValueError(f"segment {segment.name!r}: size {segment.size}, bounds "
                                 f"{segment.low}..{segment.high}")
            self._spans[segment.name] = slice(start, start + segment.size)
            self._by_name[segment.name] = segment
            start += segment.size
        self.size = start
        """Length of the vector."""

    def span(self, name: str) -> slice:
        """Where segment `name` lies in the vector; KeyError if there is none."""
        return self._spans[name]

    def segment(self, name: str) -> Segment:
        """Segment `name`; KeyError if there is none."""
        return self._by_name[name]

    def bounds(self) -> tuple[list[float], list[float]]:
        """Each value's least and greatest, in vector order (a gymnasium Box's low and high)."""
        low = [s.low for s in self.segments for _ in range(s.size)]
        high = [s.high for s in self.segments for _ in range(s.size)]
        return low, high

    def writer(self) -> LayoutWriter:
        """A fresh writer for one vector of this layout."""
        return LayoutWriter(self)

    def markdown(self) -> str:
        """The layout as a Markdown table: offset, size, bounds, name and meaning of each segment."""
        lines = ["| offset | size | range | segment | meaning |", "|---|---|---|---|---|"]
        for segment in self.segments:
            span = self._spans[segment.name]
            lines.append(f"| {span.start} | {segment.size} | {segment.low:g}..{segment.high:g} | "
                         f"`{segment.name}` | {segment.doc} |")
        lines.append(f"| {self.size} | | | (end) | |")
        return "\n".join(lines)


class LayoutWriter:
    """Fills one vector of a `Layout`, segment by segment, checking each value against its bounds.

    Every segment must be written exactly once, in any order; `done` returns the vector. A value out of
    its segment's bounds, or a segment written twice or never, is a bug in the encoding: ValueError.
    """

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._values = [0.0] * layout.size
        self._written: set[str] = set()

    def _segment(self, name: str) -> tuple[Segment, slice]:
        if name in self._written:
            raise ValueError(f"segment {name!r} written twice")
        return self.layout.segment(name), self.layout.span(name)

    def put(self, name: str, values: Sequence[float]) -> None:
        """Segment `name` holds `values` (exactly its size of them)."""
        segment, span = self._segment(name)
        if len(values) != segment.size:
            raise ValueError(f"segment {name!r} holds {segment.size} values, not {len(values)}")
        floats = [float(v) for v in values]
        # Whole-list passes, not a Python loop: an encode writes thousands of values.
        if floats and not (all(map(isfinite, floats)) and segment.low <= min(floats)
                           and max(floats) <= segment.high):
            wrong = next(v for v in floats if not (isfinite(v) and segment.low <= v <= segment.high))
            raise ValueError(f"segment {name!r}: {wrong!r} is outside {segment.low:g}..{segment.high:g}")
        self._values[span] = floats
        self._written.add(name)

    def one_hot(self, name: str, index: int | None) -> None:
        """Segment `name` is all 0 but 1 at `index` (all 0 for None)."""
        segment, span = self._segment(name)
        if index is not None:
            if not 0 <= index < segment.size:
                raise ValueError(f"segment {name!r} has {segment.size} places, not {index}")
            self._values[span.start + index] = 1.0
        self._written.add(name)

    def done(self) -> list[float]:
        """The vector; ValueError if a segment was not written."""
        missing = [s.name for s in self.layout.segments if s.name not in self._written]
        if missing:
            raise ValueError(f"segments not written: {', '.join(missing)}")
        return self._values


@mypyc_attr(allow_interpreted_subclasses=True)  # a game's encoding may stay Python in a compiled build
class ViewEncoding(ABC):
    """A game's observation encoding: the layout for a table, and a view encoded in it."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        # mypyc calls this for a compiled subclass too, which ABCMeta.__new__ did not make.
        super().__init_subclass__(**kwargs)
        own_abc_caches(cls)

    @abstractmethod
    def layout(self, players: int, options: Mapping[str, JSON]) -> Layout:
        """The layout of every vector at a table of `players` with these (resolved) options."""

    @abstractmethod
    def encode(self, view: Mapping[str, JSON], players: int, options: Mapping[str, JSON]) -> list[float]:
        """`view`, a seat's view at a table of `players` with these (resolved) options, as a vector of
        `layout(players, options)`: read from the view alone (the table's size and options are public)."""


own_abc_caches(ViewEncoding)
