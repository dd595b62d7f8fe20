"""The State contract every game implements, and the Result of a finished game."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Self, cast

from .compiled import mypyc_attr, own_abc_caches
from .copying import copier
from .errors import IllegalAction, RecordError, SeatError

JSON = Any
"""A JSON-ready value: dicts with str keys, lists, str, int, float, bool, None."""


@mypyc_attr(native_class=False)  # compiled as a Python class: pickled (process pools) as a dataclass is
@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game.

    `ranks[seat]` is 1 for the best; seats still tied after the game's tie-break share a rank, and
    `winners` lists every seat ranked 1 (a shared win when there are several). `breakdown[seat]`
    maps a scoring category to the points that seat got from it; its values sum to `scores[seat]`.
    Where more than the score ranks the seats, `standing[seat]` gives what else counted, in the order
    it counts (Supergang: shops, then money); `ending` says how the game ended, where the game says it.
    Both are left out of the JSON when empty, so that other games' results read as they always did.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    standing: tuple[dict[str, int], ...] = ()
    ending: str = ""

    def to_json(self) -> dict[str, JSON]:
        """The result as JSON-ready data."""
        data: dict[str, JSON] = {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "breakdown": [dict(b) for b in self.breakdown],
        }
        if self.standing:
            data["standing"] = [dict(s) for s in self.standing]
        if self.ending:
            data["ending"] = self.ending
        return data

    @classmethod
    def from_json(cls, data: JSON) -> Result:
        """Read a result written by `to_json`; RecordError if it is malformed."""
        try:
            result = cls(
                scores=tuple(int(x) for x in data["scores"]),
                ranks=tuple(int(x) for x in data["ranks"]),
                winners=tuple(int(x) for x in data["winners"]),
                breakdown=tuple({str(k): int(v) for k, v in b.items()} for b in data["breakdown"]),
                standing=tuple({str(k): int(v) for k, v in s.items()} for s in data.get("standing", ())),
                ending=str(data.get("ending", "")),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"malformed result: {exc!r}") from None
        return result


def rank_by(keys: list[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition ranks (1 = best) for per-seat sort keys, higher keys better; equal keys share a rank.

    >>> rank_by([(10,), (12,), (10,)])
    (2, 1, 2)
    """
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


@mypyc_attr(allow_interpreted_subclasses=True)  # a test game or a user's may subclass it
class State(ABC):
    """One moment of one game: whose decision it is, what they may do, and everything needed to go on.

    A state is mutated only by `apply`, one atomic decision at a time. Chance lives inside the state
    (a seeded generator), so a game is fully determined by its game id, options, seed and actions.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: object) -> None:
        # mypyc calls this for a compiled subclass too, which ABCMeta.__new__ did not make.
        super().__init_subclass__(**kwargs)
        own_abc_caches(cls)

    @property
    @abstractmethod
    def players(self) -> int:
        """Number of seats, numbered 0..players-1."""

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""

    def check_seat(self, seat: object) -> int:
        """`seat` if it is one of this game's seats, else SeatError."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise SeatError(f"there is no seat {seat!r}: seats are 0 to {self.players - 1}")
        return seat

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.to_act is None

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The legal action ids for the seat to act, in increasing order; empty when the game is over."""

    @abstractmethod
    def apply(self, action: object) -> None:
        """Carry out one decision of the seat to act.

        Raises IllegalAction, naming the action and the reason, and leaves the state unchanged when
        the action is not legal now, or not an action id at all (`True` is not 1). The parameter is
        typed `object`, not `int`, for that: compiled by mypyc (README, "Compiled build") an `int`
        parameter would take `True` for 1 and refuse a float with a TypeError.
        """

    @abstractmethod
    def result(self) -> Result:
        """Scores, ranks, winners and score breakdown; scores so far while the game is running."""

    @abstractmethod
    def view(self, seat: object) -> dict[str, JSON]:
        """JSON-ready data holding exactly what `seat` may know; `None` is a spectator (public only).
        SeatError for anything else than a seat or None (`seat` is typed `object` for that, as in
        `apply`)."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy."""

    @abstractmethod
    def determinize(self, seat: object, rng: random.Random) -> Self:
        """A full state consistent with `view(seat)`, with everything that seat cannot see re-drawn
        (SeatError if `seat` is not a seat).

        The copy's own generator is re-seeded from `rng`, so the future it holds is not the true one.
        """


own_abc_caches(State)


@mypyc_attr(allow_interpreted_subclasses=True)  # so that PhaseState may allow them
class CachedLegalState(State):
    """A State that works out its legal actions once per decision: a game supplies `_compute_legal`
    and `_why_illegal` (`PhaseState.apply` checks each applied action against them).

    `_legal` is None until worked out for this decision; a subclass sets it to None in set-up and
    copies it in `clone` (the list is never changed in place, so copies may share it).
    """

    __slots__ = ("_legal",)

    _legal: list[int] | None

    @abstractmethod
    def _compute_legal(self) -> list[int]:
        """The legal actions now, in increasing order."""

    @abstractmethod
    def _why_illegal(self, action: object) -> str:
        """Why `action` is not legal now, naming it and the legal choices."""

    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)


@mypyc_attr(allow_interpreted_subclasses=True)  # a test game or a user's may subclass it
class PhaseState(CachedLegalState):
    """The parts of the State contract every game writes alike, written once (docs/architecture.md).

    A game's fields class (`fields.py`) subclasses this and declares the state's slots; its state class
    (`state.py`) subclasses the fields and supplies `to_act`, `result`, and the four hooks below, each
    a look-up in the game's phase table or a call into the module that holds the rule:

    - `_compute_legal` and `_apply`: the legal actions and the step of the phase the state is in;
    - `_why_illegal`: the error's sentence for an action that is not legal now;
    - `_view` and `_determinize`: given a seat already checked.

    `clone` copies the slots by what the fields class declares: `COPIED` fields hold a container changed
    in place (a list, set or dict) and are copied one level deep; `NESTED` fields hold a list of such
    containers and are copied two levels deep; every other slot is shared by the copies (numbers, text,
    tuples, and containers never changed in place, such as the options). A game's state class calls the
    copy written out for its fields (`fields_copy.py`, see `gangland.engine.copying`), which a compiled
    build compiles; this default makes the same copy at run time.
    """

    __slots__ = ("_players", "phase")

    _players: int
    phase: int
    """The phase the game is in: a value of the game's `Phase` (an IntEnum, kept here as its int)."""

    COPIED: ClassVar[tuple[str, ...]] = ()
    NESTED: ClassVar[tuple[str, ...]] = ()

    @property
    def players(self) -> int:
        return self._players

    def apply(self, action: object) -> None:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        # bool and float compare equal to ints (True == 1): only a real int is an action id.
        if type(action) is not int or action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self._legal = None  # the state is about to change
        self._apply(action, legal)

    @abstractmethod
    def _apply(self, action: int, legal: list[int]) -> None:
        """Carry out `action`, one of this decision's `legal` actions (`_legal` is None on entry: a
        step after which the same seat decides again may set it from `legal`)."""

    def view(self, seat: object) -> dict[str, JSON]:
        return self._view(None if seat is None else self.check_seat(seat))

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, JSON]:
        """What `seat` (None: a spectator) may know; the seat is already checked."""

    def determinize(self, seat: object, rng: random.Random) -> Self:
        return self._determinize(self.check_seat(seat), rng)

    @abstractmethod
    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """`determinize` for a seat already checked."""

    def clone(self) -> Self:
        copy = _COPIERS.get(type(self))
        if copy is None:
            copy = _COPIERS[type(self)] = copier(type(self))
        return cast(Self, copy(self))


_COPIERS: dict[type, Callable[[Any], Any]] = {}
"""Per state class without a copy of its own, the function that copies one of its states."""
