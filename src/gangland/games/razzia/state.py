"""A game of Razzia! (`RazziaState`): the State contract, each part one line into the module that holds
it. The fields are in fields.py, the rules in the rule modules, dispatched by rules.py's phase table."""

from __future__ import annotations

import random
from typing import Self, cast

from gangland.engine import JSON, Result

from .fields import RazziaFields
from .fields_copy import copy_fields
from .hidden import determinize
from .phases import OVER
from .rounds import result, seat_to_act
from .rules import legal_now, step, why_illegal
from .start import set_up
from .view import build_view


class RazziaState(RazziaFields):
    """A game of Razzia! in progress."""

    __slots__ = ()

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, JSON]) -> Self:
        """A new game of `players` seats, its chances drawn from `seed`, under the rule `options`."""
        s = cls()
        set_up(s, players, seed, options)
        return s

    @property
    def to_act(self) -> int | None:
        return seat_to_act(self)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        return result(self)

    def _compute_legal(self) -> list[int]:
        return legal_now(self)

    def _apply(self, action: int, legal: list[int]) -> None:
        step(self, action, legal)

    def _why_illegal(self, action: object) -> str:
        return why_illegal(self, action)

    def _view(self, seat: int | None) -> dict[str, JSON]:
        return cast(dict[str, JSON], build_view(self, seat))  # a TypedDict is a dict at run time

    def clone(self) -> Self:
        return copy_fields(self)  # fields_copy.py: written out, so that a compiled build compiles it

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        return determinize(self, seat, rng)
