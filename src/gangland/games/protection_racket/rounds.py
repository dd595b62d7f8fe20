"""Turns and rounds (rulebook "Play", "Revenue Step", "End of the Game"; docs/rules/protection_racket.md
C5, C7, C14): the next seat that can deploy, the revenue step when nobody can, the next round, the end."""

from __future__ import annotations

from typing import Final

from gangland.engine import Result, rank_by
from gangland.engine.seats import SEAT_REFS

from .city import new_round
from .control import site_revenue
from .deployment import can_deploy
from .fields import ProtectionRacketFields
from .phases import DEPLOY, OVER

ROUNDS: Final = 3
"""Rounds in a game, ties apart ("the most money at the end of 3 rounds")."""
MAX_EXTRA_ROUNDS: Final = 7
"""Not a rule: ties play another round (rulebook), at most this many times; then the tied share the
win (docs C14), so that every game ends."""


def start_round(s: ProtectionRacketFields) -> None:
    """A new round (city.new_round), and the first seat that can deploy asked to."""
    new_round(s)
    end_turn(s)


def start_turn(s: ProtectionRacketFields, seat: int) -> None:
    """`seat`'s turn begins: it is asked to deploy."""
    s.turn += 1
    s.turn_player = s.actor = seat
    s.deployed = 0
    s.phase = DEPLOY
    s._legal = None


def end_turn(s: ProtectionRacketFields) -> None:
    """"Play then alternates ... If a player is unable to deploy a Mobster their turn is skipped";
    "If no player can make another turn, the round ends"."""
    n = s._players
    for step in range(1, n + 1):
        seat = (s.turn_player + step) % n
        if can_deploy(s, seat):
            start_turn(s, seat)
            return
    revenue_step(s)
    leaders = [seat for seat, m in enumerate(s.money) if m == max(s.money)]
    if s.round + 1 < ROUNDS or (len(leaders) > 1 and s.round + 1 < ROUNDS + MAX_EXTRA_ROUNDS):
        if s.round + 1 >= ROUNDS:
            s.events.append("a tie for the most money: another round (\"If there is a tie then "
                            "play another round\")")
        start_round(s)
        return
    s.phase = OVER
    s._legal = None
    s.events.append("the game is over: " + ", ".join(
        f"{SEAT_REFS[seat]} ${m}" for seat, m in enumerate(s.money)))


def revenue_step(s: ProtectionRacketFields) -> None:
    """"each city site is checked to see if it yields any revenue to the Mobsters controlling that
    site" - from the bank, which never runs out (C7)."""
    paid = [0] * s._players
    for site in range(len(s.city)):
        who, amount = site_revenue(s, site)
        if amount:
            paid[who] += amount
    for seat, amount in enumerate(paid):
        s.money[seat] += amount
        s.earned[seat]["revenue"] += amount
    s.events.append(f"revenue step of round {s.round + 1}: " + ", ".join(
        f"{SEAT_REFS[seat]} +${a}" for seat, a in enumerate(paid)))


def result(s: ProtectionRacketFields) -> Result:
    """"The player with the most money at the end of 3 rounds wins" (scores so far while the game runs);
    the breakdown is where each seat's money came from."""
    scores = tuple(s.money)
    ranks = rank_by([(m,) for m in scores])
    winners = tuple(seat for seat, r in enumerate(ranks) if r == 1)
    return Result(scores, ranks, winners, tuple(dict(e) for e in s.earned))
