"""The weights of the Supergang heuristic bot that its styles of play change (`Style`): the bot's own are
`PLAIN` (bots.py), its variants' are in bots_styles.py; the planner (bots_planner.py) reads them."""

from __future__ import annotations

from typing import Final, NamedTuple


class Style(NamedTuple):
    """The weights a style of play changes."""

    odds_margin: float
    """Added to each win chance the bot asks of a fight before it starts one (`bots_planner.MIN_WIN`,
    `MIN_STICKUP`, `MIN_HUNT`): below 0 it fights at worse odds, above 0 only at better ones."""
    risk_weight: float
    """Times what its own side risks counts: its characters' falls in a fight, its crimes (the jail they
    may bring), the danger of ending a move near a patrol or a rival killer."""
    reserve: int
    """Money the gang keeps in hand while the bank still holds money (S34): it spends only the rest. With
    the bank empty the gangs hold all the money, and a reserve kept then could stall a game."""


PLAIN: Final = Style(odds_margin=0.0, risk_weight=1.0, reserve=0)
"""The heuristic bot's weights: its thresholds as they are, its risks at their worth, no reserve."""
