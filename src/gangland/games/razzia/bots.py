"""The Razzia! heuristic bot (being written)."""

from __future__ import annotations

import random

from gangland.engine import Decision


class RazziaHeuristicBot:
    """Placeholder until the heuristic bot lands: plays randomly."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, decision: Decision) -> int:
        return self.rng.choice(decision.legal_actions)
