"""The same games in both builds: fixed games of every game, edition and player count, with random and
with heuristic agents, must give the digests the pure build wrote (tests/game_digests.py, the script that
writes them, says when and how). CI runs this on the pure build and on the compiled one (scripts/test),
so a compiled build that plays one move differently, or draws one card differently, fails here.
"""

from __future__ import annotations

import json

import pytest

from gangland.engine.compiled import build

from .game_digests import DIGESTS, Case, cases, digest

CASES = cases()
STORED: dict[str, str] = json.loads(DIGESTS.read_text(encoding="utf-8"))
REWRITE = ("if the change was meant to change games, write the digests again from the pure build: "
           ".venv/bin/python tests/game_digests.py")


def test_every_case_has_a_stored_digest() -> None:
    assert sorted(STORED) == sorted(case[0] for case in CASES), REWRITE


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_game_is_the_one_the_pure_build_played(case: Case) -> None:
    case_id = case[0]
    assert digest(*case) == STORED.get(case_id), (
        f"{case_id} played differently on this build ({build()}); {REWRITE}")
