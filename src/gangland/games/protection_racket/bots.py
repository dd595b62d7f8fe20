"""The Protection Racket heuristic bot.

Everything in Protection Racket is on the table except the order of the draw piles, so the bot reads
a determinized state (`Decision.determinize`): the deck order, and so any city it might glimpse by
looking past the end of a round, is a fresh shuffle, never the true one.

How it plays: each legal action is tried on a copy of the state; the bot's own follow-up decisions in
the same turn (the war it may declare, the action it may take and its choices) are made greedily the
same way; the position reached is scored by `position_value`. That weighs

* control and revenue: what each site pays its controller in the revenue step now, discounted when
  the control is not secure (rivals still have enough mobsters in their hideouts to take it over);
* war outcomes: a war is tried out, so the mobsters each side loses and who is left to control the
  site show in the score;
* mobsters in hand: a mobster still in the hideout is worth something (it can take or defend a site
  later in the round), one in the supply nothing;
* money, which is the score.

A position is worth the bot's total less the best rival's total. `choose(state, seat)` is
deterministic and reads the state only through public fields, so a search bot can use it as a
rollout policy.
"""

from __future__ import annotations

from typing import Final

from gangland.engine import DeterminizingBot

from .common import DEPLOY, HIDEOUT, PINK
from .state import ProtectionRacketState

HIDEOUT_MOBSTER: Final = 0.9
"""Dollars a mobster still in the hideout is worth during a round."""
HIDEOUT_MUSCLE: Final = 1.5
UNSAFE: Final = 0.55
"""Share of a site's revenue counted when rivals could still outnumber its controller there."""
WIN: Final = 1000.0
FOLLOW_UPS: Final = 8
"""Most decisions of its own turn the bot plays out after the one it is choosing."""


def position_value(s: ProtectionRacketState, me: int) -> float:
    """How good a position is for `me`: its expected total less the best rival's (module docstring)."""
    if s.is_over:
        winners = s.result().winners
        return WIN / len(winners) if me in winners else -WIN
    worth = [float(m) for m in s.money]
    spare = list(s.hideout)
    for seat in range(s.players):
        worth[seat] += HIDEOUT_MOBSTER * spare[seat]
    if s.muscle >= 0 and s.m_where == HIDEOUT and s.m_owner >= 0:
        worth[s.m_owner] += HIDEOUT_MUSCLE
        spare[s.m_owner] += 1
    for site in range(len(s.city)):
        who, revenue = s.site_revenue(site)
        if who < 0 or not revenue:
            continue
        margin = s.strength(site, who) - max(
            (s.strength(site, g) for g in (*range(s.players), PINK) if g != who), default=0)
        threat = max((spare[g] for g in range(s.players) if g != who), default=0)
        worth[who] += revenue * (1.0 if margin > threat else UNSAFE)
    best_rival = max(w for seat, w in enumerate(worth) if seat != me)
    return worth[me] - best_rival


class ProtectionRacketHeuristicBot(DeterminizingBot[ProtectionRacketState]):
    """A hand-written Protection Racket player (see the module docstring).

    >>> from gangland.engine import play_match
    >>> from gangland.games.protection_racket import GAME
    >>> record = play_match(GAME, [ProtectionRacketHeuristicBot(1), ProtectionRacketHeuristicBot(2)], seed=3)
    >>> record.result is not None
    True
    """

    state_type = ProtectionRacketState
    plays = "Protection Racket"

    def choose(self, state: ProtectionRacketState, seat: int) -> int:
        """The bot's action for `seat`, which must be the seat to act. Deterministic."""
        if state.to_act != seat:
            raise ValueError(f"seat {seat} is not to act")
        return self._best(state, seat, FOLLOW_UPS)

    def _best(self, state: ProtectionRacketState, seat: int, follow_ups: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best, best_value = legal[0], -float("inf")
        for action in legal:
            trial = state.clone()
            trial.apply(action)
            if follow_ups:
                self._follow_up(trial, seat, follow_ups)
            value = position_value(trial, seat)
            if value > best_value:
                best, best_value = action, value
        return best

    def _follow_up(self, state: ProtectionRacketState, seat: int, budget: int) -> None:
        """Play the rest of `seat`'s turn greedily (one-step lookahead), up to `budget` decisions."""
        while budget and not state.is_over and state.to_act == seat and state.phase != DEPLOY:
            state.apply(self._best(state, seat, 0))
            budget -= 1
