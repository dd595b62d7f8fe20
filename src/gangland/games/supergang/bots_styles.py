"""Three styles of the Supergang heuristic bot, for a search's pool of opponents unlike its rollout bot: the
same bot (bots.py) with other weights (`bots_weights.Style`; the heuristic's are `PLAIN`).

* `heuristic-aggressive` asks `AGGRESSIVE_ODDS_MARGIN` less win chance of a fight before it starts one
  (`bots_planner.MIN_WIN`, `MIN_STICKUP`, `MIN_HUNT`) and counts what its own side risks (its
  characters' falls, its crimes, the danger of a stop) at `AGGRESSIVE_RISK_WEIGHT` of its worth: more
  stick-ups and killings, at worse odds;
* `heuristic-cautious` counts what its own side risks `CAUTIOUS_RISK_WEIGHT` times and keeps
  `CAUTIOUS_RESERVE` in hand while the bank still holds money: fewer fights, its characters kept further
  from patrols and rival killers, money kept, fewer shops bought;
* `heuristic-wary` asks `WARY_ODDS_MARGIN` more win chance of every fight (a stick-up at 0.75, a duel at
  0.85): the plain bot's even-odds stick-ups are a habit that costs it (below), and this style is the one
  that declines them. It is stronger than the heuristic among heuristic bots, and among its like the games
  stall (docs/rules/supergang.md S55), so the lobby does not offer it as a level ("Other").

In self-play (3 gangs, 15 rounds, the six games of tests/supergang/test_bots.py
`test_the_styles_fight_as_their_weights_say`) the aggressive style starts 62 fights (stick-ups and
killings), the heuristic 46, the cautious 12; the cautious style buys 56 shops to the heuristic's 127.

Neither of the first two is stronger than the heuristic (the lobby calls them Easy). Share of games won by the
style in one seat against the heuristic in the others, seats rotating, with the Wilson 95% interval (`gangland
simulate supergang --players 3 --agents heuristic-STYLE,heuristic,heuristic --games 150 --seed 5 --option
turn_limit=100 --jobs 1`, and `--players 4 --agents heuristic-STYLE,heuristic,heuristic,heuristic --games
100`): aggressive 29.3% (22.6-37.1%) with 3 players, 16.0% (10.1-24.4%) with 4; cautious 29.8% (23.0-37.5%)
and 29.2% (21.2-38.8%). The heuristic itself in the same seats of the same games (`--agents
heuristic,heuristic,heuristic --out FILE`, seat -i mod 3 of game i; mod 4 with 4 players) wins 36.2%
(29.0-44.2%) and 29.0% (21.0-38.5%).

Fighting less is what wins most among heuristic bots: with `CAUTIOUS` set to `Style(odds_margin=0.15,
risk_weight=1.0, reserve=0)` (0.15 more win chance asked of a fight, nothing else) the same two commands
give 55.8% (47.8-63.5%) and 54.2% (44.5-63.7%); with `Style(0.0, 2.0, 0)` (risks counted double) 36.0%
(27.3-45.8%) with 4 players. The cautious style's reserve is what keeps it no stronger than the
heuristic.

The wary style alone among heuristic bots (the same commands with `heuristic-wary`) wins 56.7% (48.7-64.3%)
of 150 three-gang games and 63.2% (53.5-72.0%) of 100 four-gang games, where the heuristic in its seats wins
36.2% and 29.0% (above). Yet among its like the games do not end by the rules: the heuristic bots' games end
by them because their even-odds stick-ups wear their own gangs down (S55).
"""

from __future__ import annotations

from typing import Final

from .bots import SupergangHeuristicBot
from .bots_weights import Style

AGGRESSIVE_ODDS_MARGIN: Final = -0.15
"""`heuristic-aggressive`'s change to the win chance it asks of a fight."""
AGGRESSIVE_RISK_WEIGHT: Final = 0.5
"""`heuristic-aggressive`'s weight on what its own side risks."""
CAUTIOUS_RISK_WEIGHT: Final = 2.0
"""`heuristic-cautious`'s weight on what its own side risks."""
CAUTIOUS_RESERVE: Final = 400
"""`heuristic-cautious`'s money kept in hand while the bank can pay."""

WARY_ODDS_MARGIN: Final = 0.25
"""`heuristic-wary`'s change to the win chance it asks of a fight."""

AGGRESSIVE: Final = Style(odds_margin=AGGRESSIVE_ODDS_MARGIN, risk_weight=AGGRESSIVE_RISK_WEIGHT,
                         reserve=0)
"""`heuristic-aggressive`'s weights."""
CAUTIOUS: Final = Style(odds_margin=0.0, risk_weight=CAUTIOUS_RISK_WEIGHT, reserve=CAUTIOUS_RESERVE)
"""`heuristic-cautious`'s weights."""
WARY: Final = Style(odds_margin=WARY_ODDS_MARGIN, risk_weight=1.0, reserve=0)
"""`heuristic-wary`'s weights."""


class SupergangAggressiveBot(SupergangHeuristicBot):
    """The heuristic bot that fights at worse odds and minds its risks less (module docstring)."""

    name = "heuristic-aggressive"
    style = AGGRESSIVE


class SupergangCautiousBot(SupergangHeuristicBot):
    """The heuristic bot that fights only at better odds and keeps money in hand (module docstring)."""

    name = "heuristic-cautious"
    style = CAUTIOUS


class SupergangWaryBot(SupergangHeuristicBot):
    """The heuristic bot that fights only at odds well above its thresholds (module docstring)."""

    name = "heuristic-wary"
    style = WARY
