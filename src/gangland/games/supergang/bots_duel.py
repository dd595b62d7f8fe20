"""The Supergang bot's duels side against side (S40-S43): whom to aim at and when to open fire.

A line-up (the attacking side, the characters attacked and everyone they bring: L45 accomplices, the
managers of L27/L55) is judged by its odds from `bots_odds.side_stats`, worked out once per line-up with a
fixed seed, never with the game's generator: what the rival gangs are expected to lose, less what the
bot's side is expected to lose and the crimes its members are charged with (S42)."""

from __future__ import annotations

from .actions import FIRE, KILL0, VAMP0
from .bots_odds import side_stats
from .bots_planner import Planner, pick_best
from .constants import KILLER
from .fights import attacking_side, defending_side, killing_managers


def line_up_value(plan: Planner, c: int, targets: list[int]) -> float:
    """The expected worth to the bot of character c's side attacking `targets` (and who they bring),
    or -1 when the side's win chance is below the bot's threshold (`Planner.min_win`, or `min_hunt` for
    a fight that brings an end nearer)."""
    s = plan.s
    place = s.pos[c]
    side, attacked = attacking_side(s, c), defending_side(s, targets)
    helpers = killing_managers(s, place, side, attacked)
    win, own_share, their_share = side_stats(
        s.duel_options, (len(side), sum(t % 3 == KILLER for t in side), helpers[0]),
        (len(attacked), sum(t % 3 == KILLER for t in attacked), helpers[1], 0))
    # The end a rival's fall brings nearer (S37 (2), `Planner.knockout`) makes a closer fight worth taking.
    knockout = sum(plan.knockout(t) for t in attacked if t // 3 != plan.seat)
    if win < (plan.min_hunt if knockout else plan.min_win):
        return -1.0
    # A rival's fall is the bot's gain; one of the bot's own characters held by a rival vamp is a loss.
    gain = their_share * sum(plan.fall_cost(t) if t // 3 != plan.seat else -plan.fall_cost(t)
                             for t in attacked) + win * knockout
    loss = plan.risk * own_share * (sum(plan.fall_cost(t) for t in side) + plan.exposure(c))
    # S42: each member of the side is charged with each injury (1 year) and murder (2 years).
    years = their_share * (len(attacked) + helpers[1]) * (1 + float(s.duel_options.dart_dead))
    crimes = sum(plan.crime_cost(place, years, t) for t in side)
    return gain - loss - crimes


def kill_values(plan: Planner) -> dict[int, float]:
    """The value of opening an attack on each legal target (`KILL0 + t`) at the acting character's stop."""
    c = plan.s.actor
    return {a: line_up_value(plan, c, [a - KILL0]) for a in plan.legal if KILL0 <= a < VAMP0}


def aim(plan: Planner) -> int:
    """While declaring an attack (S40): add the target that raises the line-up's value most (of equal ones,
    any: the targets are numbered by seat), or open fire when none does."""
    s = plan.s
    c = s.actor
    fire = line_up_value(plan, c, s.aim)
    targets: list[int] = []
    values: list[float] = []
    for a in plan.legal:
        if KILL0 <= a < VAMP0:
            value = line_up_value(plan, c, [*s.aim, a - KILL0])
            if value > fire:
                targets.append(a)
                values.append(value)
    return pick_best(targets, values, plan.rng) if targets else FIRE
