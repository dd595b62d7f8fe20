"""The phases: the Final int aliases the hot code compares with are the Phase members, and the table has
a legal-actions function and a step for each."""

from __future__ import annotations

from gangland.games.protection_racket import phases
from gangland.games.protection_racket.phases import PHASE_NAMES, Phase
from gangland.games.protection_racket.rules import APPLY, LEGAL


def test_each_alias_is_its_phase() -> None:
    for phase in Phase:
        assert getattr(phases, phase.name) == phase
    assert len(PHASE_NAMES) == len(Phase)


def test_the_phase_table_has_an_entry_per_phase() -> None:
    assert len(LEGAL) == len(APPLY) == len(Phase)
