"""The Supergang bot's police decisions: where the patrols it moves go (S27, S32, S36), whom they arrest,
whether an arrested character of its gang rebels (S30), and whether it buys the cops (S32).

A gang moving the patrols (its own turn, or as the cops' owner) sends them after its rivals' criminals
and away from its own. The police player (S36) plays for L91, every gangster out of play at once
(S50-S52): a gangster caught is worth the turns it will stay out, the last free ones count more the fewer
they are, the stop that would take the last of them wins outright, and a gang one shop short of a
district is watched (its win would end the game first)."""

from __future__ import annotations

from typing import Final

from .actions import ARREST0, BUY_COPS, DONE, MANHOLE0, REBEL, SURRENDER, dest_parts
from .bots_odds import duel_odds
from .bots_planner import REACH, Planner, pick_best
from .bots_tables import DECAY, FAR
from .constants import CUSTODY_YEARS, KILLER, NEUTRALIZED, REBELLION_YEARS
from .table import gang_of

REBEL_MARGIN: Final = 1.0
"""Turns a rebellion must be expected to save before the bot's gangster rebels (S30): its risk."""
DEAD_ROUNDS: Final = 6
"""Turns a dead gangster is counted out by his own gang when it weighs a rebellion: until recruited
(L78), with the price to pay."""
COPS_SPARE: Final = 300
"""Money the bot keeps beyond the cops' price before it buys them (S32): for shops and recruits."""
CAPTURE: Final = 20.0
"""S50: what the police player's catch of one gangster is worth, per turn it will stay out (+1)."""
TERM_CAP: Final = 4
"""S50: turns out beyond which a longer stay is worth no more (the others will be back by then)."""
HUNT: Final = 6.0
"""S50: with n gangsters free, a catch counts (1 + HUNT / n) times: the last ones matter most."""
LAST_CATCH: Final = 5000.0
"""S50: a stop at which the patrol can take every gangster still free: L91's win at once."""
CHASE: Final = 0.15
"""S50: a free gangster within two moves of a stop counts this share of a catch, less by distance."""
THREAT: Final = 2.0
"""S51: a gang owning all but one shop of a district: its gangsters count this many times more."""
BLOCK: Final = 60.0
"""S51: a patrol on the missing shop of such a district, owned by another gang, bars the stick-up
for ownership that would complete it (L36)."""
PATROL_OUT: Final = 40.0
"""S52: what a patrol shot out of a rebellion costs the police (it waits in the jail, L80, L88)."""


def rebel_or_surrender(plan: Planner) -> int:
    """S30: rebel when the turns it is expected to cost are fewer than the surrender's (his record's
    years), by a margin: a rebel who loses goes to the clinic, then to the jail for his record and the
    rebellion (L77), or to the graveyard until recruited (L78); one who wins stays free. Against a
    patrol's two dice (L59) only a long record makes it worth it."""
    s = plan.s
    c = s.arrested
    win, _ = duel_odds(s.duel_options, plan.side_of(c), (0, False, 0, 1))
    dead = float(s.duel_options.dart_dead)
    years = s.record[c]
    injured = s.options["clinic_turns"] + years + REBELLION_YEARS
    lost = (1 - win) * (dead * DEAD_ROUNDS + (1 - dead) * injured)
    return REBEL if lost + REBEL_MARGIN < years else SURRENDER


def arrest(plan: Planner) -> int:
    """S30, S36: a gang arrests the rival with the longest record first, never one of its own; the
    police player takes every gangster it may, the sure ones (custody, L87: no rebellion) first, then
    the criminals least likely to win a rebellion, and none whose rebellion costs more than the catch
    (S52)."""
    s = plan.s
    hunt = Hunt(plan) if plan.police else None
    arrests: list[int] = []
    values: list[float] = []
    for a in plan.legal:
        if a == DONE:
            continue
        t = a - ARREST0
        if hunt is not None:
            p = hunt.rebel_win(t)
            value = (1 - p) * hunt.catch(t) - p * PATROL_OUT
        elif gang_of(s, t) == plan.seat:
            continue
        else:
            value = 1.0 + s.record[t] + plan.character_worth(t) / 100
        if value > 0.0:
            arrests.append(a)
            values.append(value)
    # Of equal gangsters, any: they are numbered by seat.
    return pick_best(arrests, values, plan.rng) if arrests else DONE


def buy_cops(plan: Planner) -> int:
    """S32: the cops move both patrols every gang turn; bought only with money to spare and five rounds
    or more to use them (before a turn limit that is near; not by the bot's income horizon, `Planner.left`,
    which stops at EXPECTED_END while games go on long after it)."""
    s = plan.s
    limit = s.options["turn_limit"]
    if plan.money >= s.options["cop_price"] + COPS_SPARE and (not limit or limit - s.round + 1 >= 5):
        return BUY_COPS
    return DONE


# ---- the police player's reckoning (S50-S52) ----


class Hunt:
    """The police player's view of one decision (S50-S52): how many gangsters are free, which gangs
    are one shop short of a district and the shops they lack."""

    __slots__ = ("free", "lacking", "plan", "threats")

    def __init__(self, plan: Planner) -> None:
        s = plan.s
        self.plan = plan
        self.free = sum(1 for where in s.pos if where not in NEUTRALIZED)
        self.threats: set[int] = set()
        self.lacking: set[int] = set()
        sizes, district = plan.t.district_sizes, plan.t.district
        for d, row in enumerate(plan.district_counts()):
            for g in range(s.gangs):
                if row[g] == sizes[d] - 1:
                    self.threats.add(g)
                    self.lacking.update(i for i in range(len(s.owner))
                                        if district[i] == d and s.owner[i] != g)

    def rebel_win(self, t: int) -> float:
        """S52: the chance that gangster t, arrested with a record, rebels and wins (0 for an
        innocent in custody, L87, or with `arrest_choice` "surrender")."""
        s = self.plan.s
        if s.record[t] + s.pending[t] == 0 or s.options["arrest_choice"] != "surrender_or_rebel":
            return 0.0
        return duel_odds(s.duel_options, self.plan.side_of(t), (0, False, 0, 1))[0]

    def catch(self, t: int) -> float:
        """S50: the catch of gangster t now: the turns he will stay out (his record's years, or
        custody's one, L87; one more if his gang has yet to move him this turn, S36), capped at
        `TERM_CAP`, the more the fewer gangsters are free; more for a gang near a district (S51)."""
        s = self.plan.s
        years = s.record[t] + s.pending[t] or CUSTODY_YEARS
        if gang_of(s, t) == s.turn_player and not s.moved[t]:
            years += 1
        value = CAPTURE * (1 + min(years, TERM_CAP)) * (1 + HUNT / max(1, self.free))
        return value * THREAT if t // 3 in self.threats else value

    def stop_value(self, place: str) -> float:
        """S50-S51: a patrol's stop: the gangsters it may take there (any free one not on a manhole,
        L16), a win outright if they are the last free ones, those within two moves by distance, and
        a district's missing shop held."""
        plan = self.plan
        s = plan.s
        if place in plan.geo.manholes:
            return -1.0  # L61: down the manhole and off the board for a turn
        here = 0
        value = 0.0
        for t in range(len(s.pos)):
            where = s.pos[t]
            if where not in plan.t.index:
                continue
            d = plan.t.distance(place, where)
            if d == 0:
                here += 1
                value += (1 - self.rebel_win(t)) * self.catch(t)
            elif d <= 2 * REACH:
                value += CHASE * self.catch(t) * DECAY ** d
        if here and here == self.free:
            value += LAST_CATCH
        i = plan.geo.shop_index.get(place)
        if i is not None and i in self.lacking and s.owner[i] >= 0:
            value += BLOCK
        return value


# ---- patrols ----


def _patrol_value(plan: Planner, place: str) -> float:
    """A gang's patrol stop: rival gangsters it may arrest there (those with a record or unnoticed
    crimes, which it notices on arrival) and near, and the bot's own criminals kept out of sight."""
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
        if gang_of(s, t) == plan.seat:
            if guilt and plan.geo.distance.get((place, where), FAR) <= max(1, plan.sight):
                value -= 10.0 * guilt
            elif d == 0 and not plan.early and _killer_near(plan, where):
                value += 5.0  # L36: no duel with a patrol on the square, a bodyguard
            continue
        if not guilt:
            continue
        if d == 0 and where not in plan.geo.manholes:
            value += 20.0 * guilt
        elif d <= 2 * REACH:
            value += 3.0 * guilt * DECAY ** d
    return value


def _killer_near(plan: Planner, place: str) -> bool:
    """A free rival killer within one move of `place`."""
    s = plan.s
    return any(gang_of(s, k) != plan.seat and s.pos[k] not in NEUTRALIZED
               and plan.t.distance(s.pos[k], place) <= REACH for k in range(KILLER, len(s.pos), 3))


def patrol_move(plan: Planner) -> int:
    """A patrol moved by the bot: to the stop `_patrol_value` scores highest; of equal ones, any."""
    places = plan.geo.places
    hunt = Hunt(plan) if plan.police else None
    values = [hunt.stop_value(places[dest_parts(a)[0]]) if hunt is not None
              else _patrol_value(plan, places[dest_parts(a)[0]]) for a in plan.legal]
    return pick_best(plan.legal, values, plan.rng)


def patrol_place(plan: Planner) -> int:
    """L61: the patrol comes up at the manhole nearest the gangsters it is after (the police player:
    weighed by their catch, S50); of equal ones, any."""
    s = plan.s
    hunt = Hunt(plan) if plan.police else None
    values: list[float] = []
    for a in plan.legal:
        place = plan.geo.manholes[a - MANHOLE0]
        if hunt is not None:
            value = sum(0.5 ** plan.t.distance(place, s.pos[t]) * hunt.catch(t)
                        for t in range(len(s.pos)) if s.pos[t] not in NEUTRALIZED)
        else:
            value = sum(0.5 ** plan.t.distance(place, s.pos[t]) * (1 + s.record[t])
                        for t in range(len(s.pos)) if gang_of(s, t) != plan.seat)
        values.append(value)
    return pick_best(plan.legal, values, plan.rng)
