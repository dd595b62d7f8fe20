"""Two styles of the Protection Racket heuristic bot, for a search's pool of opponents unlike its
rollout bot: the same bot (bots.py) with another weight on a mobster kept in the hideout
(`hand_turn`, the heuristic's `bots_round.HAND_TURN`, 1.5 dollars).

* `heuristic-aggressive` counts a mobster in the hideout at `AGGRESSIVE_HAND_TURN`: it spends its gang
  early, on sites and wars now, and seldom keeps the last move of a round;
* `heuristic-cautious` counts it at `CAUTIOUS_HAND_TURN`: it deploys a few at a time and holds its gang
  back for the end of the round, giving up sites early.

Measured in 2-player self-play (30 games each, seeds 0-29, first_seat=seat0): 1.52 mobsters a deployment
for the aggressive style, 1.17 for the heuristic, 1.06 for the cautious. Against the heuristic (`gangland
simulate protection-racket --players 2 --agents heuristic,heuristic-STYLE --games 300 --seed 5`) the
aggressive style wins 30.3% (25.4-35.8%), the cautious 54.0% (48.3-59.6%).
"""

from __future__ import annotations

from typing import Final

from .bots import ProtectionRacketHeuristicBot

AGGRESSIVE_HAND_TURN: Final = 0.25
"""`heuristic-aggressive`'s dollars for a mobster still in the hideout."""
CAUTIOUS_HAND_TURN: Final = 3.0
"""`heuristic-cautious`'s dollars for a mobster still in the hideout."""


class ProtectionRacketAggressiveBot(ProtectionRacketHeuristicBot):
    """The heuristic bot that spends its mobsters early (module docstring)."""

    name = "heuristic-aggressive"
    hand_turn = AGGRESSIVE_HAND_TURN


class ProtectionRacketCautiousBot(ProtectionRacketHeuristicBot):
    """The heuristic bot that holds its mobsters back (module docstring)."""

    name = "heuristic-cautious"
    hand_turn = CAUTIOUS_HAND_TURN
