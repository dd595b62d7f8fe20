"""The heuristic bot's view of the rest of a round: the deployments still to come played out on a sketch.

A round is scored once nobody can deploy, so what a deployment is worth depends on who moves after it:
a seat that still holds mobsters when its rivals have none takes, one turn after another, whatever
site it can outnumber. `round_end_value` plays the rest of the round out on a sketch of the city, in
the turn order of the rules (the seat to deploy, then clockwise, a seat with an empty hideout skipped),
every seat with the same simple rule (`_sketch_move`), and returns what the revenue step would then pay.

The sketch holds only what decides the revenue step: each revenue site's standing strength per party
(control.strength: the Hitman and the Cleaner count two, the unrecruited Hired Muscle one), the mobsters
in each hideout (the Hired Muscle in one counts as one more), the sites one may deploy onto
(deployment.open_sites_now, without those where mobsters arrive lying down) and their deploy limits.
Site actions, wars and lying mobsters are left out: taking a site needs one mobster more than the
strongest party there, with or without a war, and a tie leaves it to nobody.

The rule of the sketch: a seat deploys where it gains most revenue for the fewest mobsters (a site
taken, a rival denied by a tie, a site of its own made safe), counting a gain not yet safe (a rival
still holds enough mobsters to take it back) at `SKETCH_UNSAFE`; with nothing to gain it spends one
mobster where it changes nothing. Of equal sketch moves it makes the first in site order: it predicts
the others' moves, it chooses nothing. Everything it reads is on the table.

A round's total is money, the sketch's revenue and `HAND_TURN` for each mobster still in a hideout.
"""

from __future__ import annotations

from typing import Final

from .control import counter, strength
from .deployment import open_sites_now
from .mobsters import HIDEOUT, PINK
from .phases import DEPLOY
from .state import ProtectionRacketState

HAND_TURN: Final = 1.5
"""Dollars each mobster still in a hideout adds to its seat's total besides the revenue the sketch gives
it: the site actions and immediate payments of the turns it is still good for, which the sketch leaves
out. Without it (and with `SKETCH_MOBSTER` 0.4) the bot lost to the bot before the sketch (34.5% of 200
two-player seats); with 1.0, 1.5 and 2.0 it won 69.5%, 73.0% and 73.5% (`benchmarks/bot_change.py
protection-racket --old 42e2d44 --games 100`, seed 1); with 2.0 seat 0 won 63 of the run's 100
self-play games (p = 0.009), with 1.5 and 1.0 55 and 52."""
SKETCH_UNSAFE: Final = 0.5
"""Share of a gain the sketch's rule counts while a rival still holds enough mobsters to undo it (0.35
and 0.75 won 59% and 57% in the measurement of `HAND_TURN`)."""
SKETCH_MOBSTER: Final = 0.8
"""Dollars the sketch's rule charges for each mobster a deployment spends (0.4: 8 points fewer wins in
the measurement of `HAND_TURN`; 1.2: the same)."""
SKETCH_DENY: Final = 0.9
"""Share of a rival's lost revenue the sketch's rule counts as its own gain (with 2 players the loss is
all gain; with more it helps the other rivals too)."""


class RevenueTable:
    """What each revenue site would pay each seat controlling it, worked out from one position.

    `fixed[i][g] + per_own[i] * strength` is site `sites[i]`'s revenue for seat g (at least 0): its
    printed revenue, its neighbours' aura and its bonus, the bonus counted as in that position except a
    bonus per own mobster there, which grows with the sketch. The Accountant's doubling is left out.
    """

    __slots__ = ("aura_at", "city", "fixed", "muscle", "per_own", "sites")

    def __init__(self, s: ProtectionRacketState) -> None:
        self.city = s.city[:]
        self.aura_at = s.aura_at[:]
        self.muscle = s.muscle
        players = range(s.players)
        sites: list[int] = []
        fixed: list[list[int]] = []
        per_own: list[int] = []
        faces = s.faces
        for site, face_id in enumerate(s.city):
            face = faces[face_id]
            base = face.revenue + s.aura_at[site]
            effect = face.effect
            rate = 0
            row = [base] * s.players
            if effect is not None and effect.kind == "bonus":
                if effect.per == "own_here":
                    rate = effect.amount
                else:
                    row = [base + effect.amount * counter(s, effect.per, site, g) for g in players]
            if rate > 0 or max(row) > 0:
                sites.append(site)
                fixed.append(row)
                per_own.append(rate)
        self.sites = sites
        self.fixed = fixed
        self.per_own = per_own

    def fits(self, s: ProtectionRacketState) -> bool:
        """Whether `s` shows the city this table was worked out for (faces, auras, Hired Muscle)."""
        return s.city == self.city and s.aura_at == self.aura_at and s.muscle == self.muscle


def round_end_value(s: ProtectionRacketState, me: int, table: RevenueTable, hand_turn: float) -> float:
    """`me`'s total less the richest rival's once the rest of the round is played out on the sketch and
    its revenue step paid, `hand_turn` (`HAND_TURN` or a style's) for each mobster still in a hideout
    (module docstring). `s` is a position of a round still running."""
    total = round_end_totals(s, table, hand_turn)
    return total[me] - max(total[:me] + total[me + 1:])


def round_end_totals(s: ProtectionRacketState, table: RevenueTable, hand_turn: float) -> list[float]:
    """Every seat's total once the rest of the round is played out on the sketch and its revenue step
    paid (`round_end_value`, for all seats). `s` is a position of a round still running."""
    players = s.players
    hands = s.hideout[:]
    if s.muscle >= 0 and s.m_where == HIDEOUT and s.m_owner >= 0:
        hands[s.m_owner] += 1
    sites = table.sites
    # Each revenue site's strength per party; the last slot is the unrecruited Hired Muscle's.
    force = [[strength(s, site, g) for g in range(players)] + [strength(s, site, PINK)] for site in sites]
    open_now = set(open_sites_now(s))
    lying = s.lie_down_at
    targets = [i for i, site in enumerate(sites) if site in open_now and not lying[site]]
    caps = [s.max_deploy[site] for site in sites]
    total = [money + hand_turn * hand for money, hand in zip(s.money, hands, strict=True)]
    mover = s.actor if s.phase == DEPLOY else (s.turn_player + 1) % players
    left = sum(hands)
    while left > 0:
        hand = hands[mover]
        if hand:
            spent = _sketch_move(force, hands, mover, targets, caps, table) if targets else 1
            hands[mover] = hand - spent
            left -= spent
        mover = mover + 1 if mover + 1 < players else 0
    fixed, per_own = table.fixed, table.per_own
    for i, row in enumerate(force):
        who = _controller(row)
        if 0 <= who < players:
            total[who] += max(0, fixed[i][who] + per_own[i] * row[who])
    return total


def _controller(row: list[int]) -> int:
    """The index of the unique strongest party of a sketch site, else -1."""
    top = max(row)
    if not top or row.count(top) > 1:
        return -1
    return row.index(top)


def _sketch_move(force: list[list[int]], hands: list[int], mover: int, targets: list[int],
                 caps: list[int], table: RevenueTable) -> int:
    """`mover`'s deployment by the sketch's rule (module docstring), made on `force`; the mobsters spent."""
    hand = hands[mover]
    threat = max(hands[:mover] + hands[mover + 1:])
    fixed, per_own = table.fixed, table.per_own
    best_score, best_site, best_count = 0.0, -1, 1
    for i in targets:
        row = force[i]
        mine = row[mover]
        top = max(row[:mover] + row[mover + 1:])
        cap = caps[i]
        most = hand if not cap or cap > hand else cap
        rate = per_own[i]
        owner = _controller(row)
        if owner == mover:
            if mine - top > threat:
                continue  # safe already
            count = top + threat + 1 - mine
            if count > most:
                continue
            revenue = max(0, fixed[i][mover] + rate * (mine + count))
            score = revenue * (1.0 - SKETCH_UNSAFE) - SKETCH_MOBSTER * count
        else:
            lost = 0.0
            if 0 <= owner < len(hands):
                lost = SKETCH_DENY * max(0, fixed[i][owner] + per_own[i] * row[owner])
            take = top - mine + 1
            if take > most:
                # Not enough to take it: a tie at least denies the owner its revenue.
                if take - 1 > most or take == 1 or not lost:
                    continue
                count = take - 1
                score = lost * SKETCH_UNSAFE - SKETCH_MOBSTER * count
            else:
                # Taken safely if the hand allows, else taken as cheaply as it can be.
                count = top + threat + 1 - mine
                safe = count <= most
                if not safe:
                    count = take
                revenue = max(0, fixed[i][mover] + rate * (mine + count))
                score = (revenue + lost) * (1.0 if safe else SKETCH_UNSAFE) - SKETCH_MOBSTER * count
        if score > best_score:
            best_score, best_site, best_count = score, i, count
    if best_site >= 0:
        force[best_site][mover] += best_count
    return best_count
