"""The Downtown state: the State contract, each part one line into the module that holds it.

The fields are fields.py's; the set-up start.py's; the rules are functions in the modules named after
the rulebook's sections (opening, moves, locations, casino, displays, turns, ending), which rules.py's
phase table names for each phase. Every decision in docs/rules/downtown.md (D1..D31) is applied in those
modules; its number is quoted where it matters.
"""

from __future__ import annotations

import random
from typing import Any, Self, cast

from gangland.engine import Result

from .ending import result
from .fields import DowntownFields
from .fields_copy import copy_fields
from .hidden import determinize
from .phases import OVER
from .rules import LEGAL, step, why_illegal
from .start import set_up
from .view import build_view


class DowntownState(DowntownFields):
    """A game of Downtown in progress."""

    __slots__ = ()

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> DowntownState:
        return set_up(cls(), players, seed, options)

    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.actor

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        return result(self)

    def _compute_legal(self) -> list[int]:
        return LEGAL[self.phase](self)

    def _apply(self, action: int, legal: list[int]) -> None:
        step(self, action, legal)

    def _why_illegal(self, action: object) -> str:
        return why_illegal(self, action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], build_view(self, seat))

    def clone(self) -> Self:
        return copy_fields(self)  # fields_copy.py: written out, so that a compiled build compiles it

    def _determinize(self, seat: int, rng: random.Random) -> DowntownState:
        return determinize(self, seat, rng)
