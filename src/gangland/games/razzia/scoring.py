"""Pure Razzia! scoring functions (razzia.txt "Scoring for the first two rounds" and "...third round").

Each takes plain per-seat counts and returns per-seat points, so every rulebook example can be
checked directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import BODYGUARD, BUSINESSES, CAR, DRIVER, GOLD, THIEF, TRINKETS

CATEGORIES: Final = ("thieves", "bodyguards", "cars and drivers", "trinkets", "gold", "businesses", "cheques")
"""Score breakdown categories, in the rulebook's order."""

ALL_TIED_CHOICES: Final = ("literal", "nobody")


def most_and_fewest(values: Sequence[int], top: int, bottom: int, all_tied: str) -> list[int]:
    """Points for a "most gets `top`, fewest gets `bottom`" award; tied seats all get the award.

    When every seat is tied, "literal" gives each both awards (the text's reading) and "nobody"
    gives nothing (Ra's custom).

    >>> most_and_fewest([4, 4, 2, 1], 5, -2, "literal")
    [5, 5, 0, -2]
    >>> most_and_fewest([3, 3], 5, -2, "nobody")
    [0, 0]
    """
    high, low = max(values), min(values)
    if high == low:
        return [top + bottom] * len(values) if all_tied == "literal" else [0] * len(values)
    return [top if v == high else bottom if v == low else 0 for v in values]


def thief_points(thieves: int) -> int:
    """2 points per unused thief.

    >>> thief_points(2)
    4
    """
    return 2 * thieves


def cars_and_drivers_points(cars: int, drivers: int) -> int:
    """1 point per car and per driver, but cars count only with at least one driver.

    >>> [cars_and_drivers_points(1, 3), cars_and_drivers_points(5, 0), cars_and_drivers_points(0, 2)]
    [4, 0, 2]
    """
    return drivers + (cars if drivers else 0)


def trinket_points(distinct: int, total: int) -> int:
    """-5 with no trinket at all; 0 for 1-2 different; 5, 10, 15 for 3, 4, 5 different.

    >>> [trinket_points(3, 7), trinket_points(2, 3), trinket_points(0, 0)]
    [5, 0, -5]
    """
    if total == 0:
        return -5
    return 0 if distinct < 3 else 5 * (distinct - 2)


def gold_points(gold: int) -> int:
    """3 points per gold coin card.

    >>> gold_points(2)
    6
    """
    return 3 * gold


def business_points(counts: Sequence[int]) -> int:
    """Final round only: 1-6 points for 1-6 different businesses, 10 for all 7; plus 5 for each kind
    held three times and 10 for each kind held four times.

    >>> business_points([3, 1, 0, 0, 1, 1, 4])   # 5 different, 4 restaurants, 3 casinos
    20
    """
    distinct = sum(1 for c in counts if c)
    points = 10 if distinct == 7 else distinct
    for count in counts:
        if count == 3:
            points += 5
        elif count >= 4:
            points += 10
    return points


def score_round(estates: Sequence[Sequence[int]], cheque_sums: Sequence[int] | None,
                all_tied: str) -> list[dict[str, int]]:
    """Each seat's points for one scoring, by category.

    `estates[seat]` counts booty by kind. `cheque_sums` is given only for the final scoring, which
    adds businesses and cheques.
    """
    bodyguards = most_and_fewest([e[BODYGUARD] for e in estates], 5, -2, all_tied)
    cheques = (most_and_fewest(list(cheque_sums), 5, -5, all_tied) if cheque_sums is not None
               else [0] * len(estates))
    final = cheque_sums is not None
    breakdowns = []
    for seat, estate in enumerate(estates):
        trinkets = [estate[k] for k in TRINKETS]
        breakdowns.append({
            "thieves": thief_points(estate[THIEF]),
            "bodyguards": bodyguards[seat],
            "cars and drivers": cars_and_drivers_points(estate[CAR], estate[DRIVER]),
            "trinkets": trinket_points(sum(1 for t in trinkets if t), sum(trinkets)),
            "gold": gold_points(estate[GOLD]),
            "businesses": business_points([estate[k] for k in BUSINESSES]) if final else 0,
            "cheques": cheques[seat],
        })
    return breakdowns
