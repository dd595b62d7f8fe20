"""The phases' `Final` int aliases, which the rules' hot code compares with, are the `Phase` members."""

from __future__ import annotations

from gangland.games.downtown import phases
from gangland.games.downtown.phases import PHASE_NAMES, Phase


def test_every_alias_equals_its_member() -> None:
    for member in Phase:
        assert getattr(phases, member.name) == member.value


def test_every_phase_is_named() -> None:
    assert len(PHASE_NAMES) == len(Phase)
