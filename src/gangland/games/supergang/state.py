"""The rules of Supergang (docs/rules/supergang.md, decisions S1-S39; fragment lines L1-L94).

A round: every gang plays a gang turn (S4): incomes (S33), the offer of the cops (S32), the dice, the
patrols moved first (S27) with their arrests (S30), then each character moving exactly its die without
turning back (S6-S10) and acting at its stop (S11): racket (S13), purchase (S14), stick-up (S15), traffic
(S16), recruiting (S17), gangland killing (S18), coward attack (S19), vamping (S20), attacking a patrol
(S30), killing in the clinic (S25). Duels use `duel.duel` (S21-S24). Crimes go on a character's record
when a witness notices them (S28-S29); arrested gangsters surrender or rebel (S30) and serve their years
in the jail (S31). Injured characters stay in the clinic (S25), dead ones in the graveyard until
recruited (S26, S17). The police-player variant (S36), the turn clock (S35) and the victories (S37).

This module is the State contract over the rule modules: `table` (what every rule shares), `movement`
S6-S10, S27; `shops` S13-S17 and the district win; `police` S27-S32, S36; `fights` S15, S18-S30; `stop`
S11; `turn` S4, S25, S31, S33, S35 (the turn's order and each phase's step); `victory` S37; their phase
table is `rules`.
"""

from __future__ import annotations

import random
from typing import Any, Self, cast

from gangland.engine import JSON, Result

from .fields import SupergangFields
from .fields_copy import copy_fields
from .hidden import determinize
from .rules import legal_now, step, why_illegal
from .start import set_up
from .turn import seat_to_act
from .victory import result
from .view import build_view


class SupergangState(SupergangFields):
    """A game of Supergang in progress: the State contract, each part a call into the rule modules."""

    __slots__ = ()

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any] | None = None) -> SupergangState:
        """A new game (`start.set_up`); OptionError for options or a player count the game refuses."""
        s = cls()
        set_up(s, players, seed, options)
        return s

    @property
    def to_act(self) -> int | None:
        return seat_to_act(self)

    @property
    def is_over(self) -> bool:
        return self.done

    def result(self) -> Result:
        return result(self)

    def _compute_legal(self) -> list[int]:
        return legal_now(self)

    def _apply(self, action: int, legal: list[int]) -> None:
        step(self, action, legal)

    def _why_illegal(self, action: object) -> str:
        return why_illegal(self, action)

    def _view(self, seat: int | None) -> dict[str, JSON]:
        return cast(dict[str, JSON], build_view(self, seat))

    def clone(self) -> Self:
        return copy_fields(self)  # fields_copy.py: written out, so that a compiled build compiles it

    def _determinize(self, seat: int, rng: random.Random) -> SupergangState:
        return determinize(self, seat, rng)
