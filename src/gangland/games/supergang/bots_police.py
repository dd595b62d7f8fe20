"""The Supergang bot's police decisions: where the patrols it moves go (S27, S32, S36), whom they arrest,
whether an arrested character of its gang rebels (S30), and whether it buys the cops (S32)."""

from __future__ import annotations

from typing import Final

from .actions import ARREST0, BUY_COPS, DONE, MANHOLE0, REBEL, SURRENDER, dest_parts
from .bots_odds import duel_odds
from .bots_planner import MIN_WIN, REACH, Planner
from .bots_tables import DECAY, FAR
from .constants import KILLER, NEUTRALIZED
from .table import gang_of

COPS_SPARE: Final = 300
"""Money the bot keeps beyond the cops' price before it buys them (S32): shops rank first."""


def rebel_or_surrender(plan: Planner) -> int:
    """S30: rebel only with good odds and a long stay ahead; else surrender."""
    s = plan.s
    c = s.arrested
    win, _ = duel_odds(s.duel_options, plan.side_of(c), (0, False, 0, 1))
    if win >= MIN_WIN and s.record[c] >= 2:
        return REBEL
    return SURRENDER


def arrest(plan: Planner) -> int:
    """S30, S36: arrest the rival with the longest record first; never one's own."""
    s = plan.s
    best, best_value = DONE, 0.0
    for a in plan.legal:
        if a == DONE:
            continue
        t = a - ARREST0
        if not plan.police and gang_of(s, t) == plan.seat:
            continue
        value = 1.0 + s.record[t] + plan.character_worth(t) / 100
        if value > best_value:
            best, best_value = a, value
    return best


def buy_cops(plan: Planner) -> int:
    """S32: the cops move both patrols every gang turn; bought only with money to spare."""
    if plan.money >= plan.s.options["cop_price"] + COPS_SPARE and plan.left >= 5:
        return BUY_COPS
    return DONE


# ---- patrols ----


def _patrol_value(plan: Planner, place: str) -> float:
    """A patrol's stop: rival gangsters it may arrest there (a gang's patrol: those with a record or
    unnoticed crimes, which it notices on arrival; the police: everyone) and near, and the bot's own
    criminals kept out of sight."""
    s = plan.s
    value = 0.0
    manhole = place in plan.geo.manholes
    if manhole:
        return -1.0  # L61: down the manhole and off the board for a turn
    for t in range(len(s.pos)):
        where = s.pos[t]
        if where not in plan.t.index:
            continue
        guilt = s.record[t] + s.pending[t]
        d = plan.t.distance(place, where)
        if not plan.police and gang_of(s, t) == plan.seat:
            if guilt and plan.geo.distance.get((place, where), FAR) <= max(1, plan.sight):
                value -= 10.0 * guilt
            elif d == 0 and not plan.early and _killer_near(plan, where):
                value += 5.0  # L36: no duel with a patrol on the square, a bodyguard
            continue
        wanted = guilt + (1 if plan.police else 0)
        if not wanted:
            continue
        if d == 0 and where not in plan.geo.manholes:
            value += 20.0 * wanted
        elif d <= 2 * REACH:
            value += 3.0 * wanted * DECAY ** d
    return value


def _killer_near(plan: Planner, place: str) -> bool:
    """A free rival killer within one move of `place`."""
    s = plan.s
    return any(gang_of(s, k) != plan.seat and s.pos[k] not in NEUTRALIZED
               and plan.t.distance(s.pos[k], place) <= REACH for k in range(KILLER, len(s.pos), 3))


def patrol_move(plan: Planner) -> int:
    """A patrol moved by the bot: to the stop `_patrol_value` scores highest."""
    best, best_value = plan.legal[0], -float("inf")
    places = plan.geo.places
    for a in plan.legal:
        value = _patrol_value(plan, places[dest_parts(a)[0]])
        if value > best_value:
            best, best_value = a, value
    return best


def patrol_place(plan: Planner) -> int:
    """L61: the patrol comes up at the manhole nearest the gangsters it is after."""
    best, best_value = plan.legal[0], -float("inf")
    for a in plan.legal:
        place = plan.geo.manholes[a - MANHOLE0]
        value = sum(0.5 ** plan.t.distance(place, plan.s.pos[t]) * (1 + plan.s.record[t])
                    for t in range(len(plan.s.pos)) if plan.police or gang_of(plan.s, t) != plan.seat)
        if value > best_value:
            best, best_value = a, value
    return best
