"""A game of Protection Racket in progress: the State contract, each part one line into the modules that
hold the rules (rulebook: protection-racket.txt; choices: docs/rules/protection_racket.md).

A round: the city is dealt (city.py); players take turns deploying mobsters from their hideouts onto one
site (deployment.py), may declare a Mob War there (war.py), and the controller may take the site's
action (effects.py); a player who cannot deploy is skipped; when nobody can, the revenue step pays the
controllers (rounds.py). Three rounds, most money wins, a tie plays another round. rules.py says which
function decides and carries out each phase; turn.py runs what follows a decision.
"""

from __future__ import annotations

import random
from typing import Any, Self, cast

from gangland.engine import JSON, Result

from .fields import ProtectionRacketFields
from .fields_copy import copy_fields
from .hidden import determinize
from .phases import OVER
from .rounds import result
from .rules import APPLY, LEGAL, why_illegal
from .start import set_up
from .view import build_view


class ProtectionRacketState(ProtectionRacketFields):
    """A game of Protection Racket in progress (its fields: fields.ProtectionRacketFields)."""

    __slots__ = ()

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> ProtectionRacketState:
        """Set up (rulebook "Quick Setup" and "Build the City") and deal the first round's city."""
        s = cls()
        set_up(s, players, seed, options)
        return s

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
        self.events = []  # the events of this step only
        APPLY[self.phase](self, action, legal)

    def _why_illegal(self, action: object) -> str:
        return why_illegal(self, action)

    def _view(self, seat: int | None) -> dict[str, JSON]:
        return cast(dict[str, JSON], build_view(self, seat))

    def clone(self) -> Self:
        return copy_fields(self)  # fields_copy.py: written out, so that a compiled build compiles it

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        return determinize(self, seat, rng)
