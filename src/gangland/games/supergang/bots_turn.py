"""The Supergang bot's decisions on its gang's turn: which character moves (S5), where it goes and
resurfaces (S10), what it does at its stop (peaceful actions first, then one good fight), and the price of
a recruit in the bot's shop (L49), asked of it or paid by it."""

from __future__ import annotations

from .actions import (
    ACCEPT,
    ATTACK_PATROL0,
    BUY0,
    BUY_COPS,
    CHAR0,
    CLINIC_KILL0,
    DECLINE,
    DONE,
    MANHOLE0,
    PLACE,
    PRICE0,
    PRICES,
    RECRUIT,
    REFUSE,
    STAY,
    TIME_UP,
)
from .bots_duel import kill_values
from .bots_odds import duel_odds
from .bots_planner import DEAD_FACTOR, RECRUIT_VALUE, ROLE_WORTH, Planner, pick_best
from .constants import KILLER, RECRUITS
from .movement import move_options
from .table import gang_of


def choose_character(plan: Planner) -> int:
    """S5: the character with the best prospects moves first (the turn clock is never let run out); of
    equal ones, any."""
    characters = [a for a in plan.legal if a != TIME_UP]
    if not characters:
        return plan.safe_default()
    return pick_best(characters, [_character_prospect(plan, a - CHAR0) for a in characters], plan.rng)


def _character_prospect(plan: Planner, c: int) -> float:
    """The best destination score of character c with its die (from a manhole: without
    resurfacing)."""
    options = move_options(plan.s, c)
    if not options:
        return -1.0
    return max(plan.destination_scores(c, options).values())


def move_character(plan: Planner) -> int:
    """S7: the destination whose stop and prospects score highest; of equal ones, any (not the first
    heading)."""
    c = plan.s.actor
    options = move_options(plan.s, c)
    scores = plan.destination_scores(c, {a: options[a] for a in plan.legal})
    return pick_best(plan.legal, [scores[a] for a in plan.legal], plan.rng)


def resurface(plan: Planner) -> int:
    """S10: resurface where the best destination is, or stay; of equal ones, any."""
    s, c = plan.s, plan.s.actor
    values: list[float] = []
    trial = s.clone()  # only the character's position is changed on it: no action is applied
    for a in plan.legal:
        if a != STAY:
            trial.pos[c], trial.prev[c], trial.entry[c] = plan.geo.manholes[a - MANHOLE0], None, None
        if s.options["manhole_move"] == "instead":
            value = plan.stop_value(c, trial.pos[c]) if a != STAY else 0.0
        else:
            # S10: from the manhole chosen, with a free heading.
            value = max(plan.destination_scores(c, move_options(trial, c)).values(), default=-5.0)
        values.append(value)
    return pick_best(plan.legal, values, plan.rng)


def act_at_stop(plan: Planner) -> int:
    """At a stop: the best peaceful action with a positive value, then the best fight with a positive
    expected value (and a good chance), then done."""
    s = plan.s
    c = s.actor
    place = s.pos[c]
    values = plan.peaceful(c, place)
    for a in plan.legal:
        if BUY0 <= a < PLACE:
            # Pawns pay for themselves within two turns once placed: the most pawns allowed.
            pairs = a - BUY0 + 1
            values[a] = pairs * (2 * min(2.5 * plan.left, 25) - 5)
        elif a == RECRUIT:
            values[a] = max(values.get(a, 0.0), 1.0)
    earning = [a for a in plan.legal if values.get(a, 0.0) > 0.0]
    if earning:
        return pick_best(earning, [values[a] for a in earning], plan.rng)
    fights = plan.fights(c, place)
    fights.update(kill_values(plan))  # S40: a killing is judged side against side
    for a in plan.legal:
        if CLINIC_KILL0 <= a < BUY_COPS:
            fights[a] = _clinic_kill_value(plan, c, a - CLINIC_KILL0, place)
        elif ATTACK_PATROL0 <= a < CLINIC_KILL0:
            win, _ = duel_odds(s.duel_options, plan.side_of(c), (0, False, 0, 1))
            fights[a] = 1.0 if win >= plan.min_win and s.record[c] >= 2 else -1.0
    # Of equal fights, any: the targets are numbered by seat.
    worth_it = [a for a in plan.legal if fights.get(a, 0.0) > 0.0]
    if worth_it:
        return pick_best(worth_it, [fights[a] for a in worth_it], plan.rng)
    if DONE in plan.legal:
        return DONE
    # DONE is not legal yet (option shop_action_required, L12 "must"): the least bad action, a
    # peaceful one if there is one.
    peaceful = [a for a in plan.legal if a in values]
    if peaceful:
        return pick_best(peaceful, [values[a] for a in peaceful], plan.rng)
    return pick_best(plan.legal, [fights.get(a, -1e9) for a in plan.legal], plan.rng)


def _clinic_kill_value(plan: Planner, c: int, t: int, place: str) -> float:
    """S25: darts = the die (+ the killer's bonus), any hit kills the defenceless target; a murder."""
    s = plan.s
    hit = float(s.duel_options.dart_hit)
    bonus = {"dice": 2, "shot": 1}.get(s.options["killer_bonus"], 0)
    darts = s.dice[c] + (bonus if c % 3 == KILLER else 0)
    win = 1 - (1 - hit) ** max(1, darts)
    if win < plan.min_win:
        return -1.0
    gain = plan.character_worth(t) * DEAD_FACTOR + plan.clinic_bonus(t)
    return win * gain - plan.crime_cost(place, 2 * win, c)


# ---- recruiting ----


def ask_price(plan: Planner) -> int:
    """L49: a rival's recruit strengthens a rival: refuse, unless it can pay a lot for it."""
    s = plan.s
    recruiter_money = s.money[gang_of(s, s.actor)]
    asks = [(PRICES[a - PRICE0], a) for a in plan.legal if PRICE0 <= a < REFUSE]
    affordable = [(p, a) for p, a in asks if 100 <= p <= recruiter_money]
    return max(affordable)[1] if affordable else REFUSE


def accept_price(plan: Planner) -> int:
    """Pay for one's own recruit up to about what the character is worth."""
    s = plan.s
    price = PRICES[s.asked_price]
    role = RECRUITS.get(plan.board.shops[s.pos[s.actor]].kind, KILLER)
    if ACCEPT in plan.legal and price <= RECRUIT_VALUE * ROLE_WORTH[role]:
        return ACCEPT
    return DECLINE
