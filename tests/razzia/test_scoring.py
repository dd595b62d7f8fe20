"""Razzia! scoring: every example in razzia.txt, through the pure functions and through score_round.

Seats in the four-player examples are Dennis 0, Miriam 1, Felix 2, Elke 3 (clockwise, as in
tests/razzia/helpers.py).
"""

from __future__ import annotations

import pytest

from gangland.games.razzia.cards import BUSINESSES, CASINO, RESTAURANT
from gangland.games.razzia.scoring import (
    CATEGORIES,
    business_points,
    cars_and_drivers_points,
    gold_points,
    most_and_fewest,
    score_round,
    thief_points,
    trinket_points,
)

from .helpers import DENNIS, ELKE, FELIX, MIRIAM, counts


def business_counts(**by_name: int) -> list[int]:
    """Counts of the seven businesses, in catalogue order."""
    estate = counts(**by_name)
    return [estate[k] for k in BUSINESSES]


# -- thieves --------------------------------------------------------------------------------------


def test_thieves_example() -> None:
    # razzia.txt: "Thieves: Each thief brings 2 points to his owner (not used)."
    # razzia.txt: "Example: Elke has two thieves in her family estate. She receives 4 points for them."
    assert thief_points(2) == 4
    estates = [counts(), counts(), counts(), counts(thief=2)]
    assert score_round(estates, None, "literal")[ELKE]["thieves"] == 4
    assert [b["thieves"] for b in score_round(estates, None, "literal")] == [0, 0, 0, 4]


def test_no_thief_scores_nothing() -> None:
    # razzia.txt: "Each thief brings 2 points to his owner (not used)."
    assert thief_points(0) == 0
    assert thief_points(6) == 12


# -- bodyguards -----------------------------------------------------------------------------------


def test_bodyguards_example() -> None:
    # razzia.txt: "Example: Miriam and Felix have four bodyguards each, Dennis has two and Elke only
    # one. Miriam and Felix get 5 points each. Elke gets -2 points. Dennis gets 0 points."
    bodyguards = [2, 4, 4, 1]  # Dennis, Miriam, Felix, Elke
    assert most_and_fewest(bodyguards, 5, -2, "literal") == [0, 5, 5, -2]
    estates = [counts(bodyguard=n) for n in bodyguards]
    breakdown = score_round(estates, None, "literal")
    assert breakdown[MIRIAM]["bodyguards"] == breakdown[FELIX]["bodyguards"] == 5
    assert breakdown[ELKE]["bodyguards"] == -2
    assert breakdown[DENNIS]["bodyguards"] == 0


def test_bodyguards_tied_fewest_all_get_the_penalty() -> None:
    # razzia.txt: "If several players should have equally most and/or few bodyguards, all players
    # involved get the appropriate points. All other players get no points."
    assert most_and_fewest([3, 1, 1, 2, 5], 5, -2, "literal") == [0, -2, -2, 0, 5]
    assert most_and_fewest([3, 3, 0, 0], 5, -2, "literal") == [5, 5, -2, -2]


def test_bodyguards_none_is_the_fewest() -> None:
    # razzia.txt: "the one with the fewest gets -2 points" -- holding none at all is the fewest.
    estates = [counts(bodyguard=1), counts(), counts()]
    assert [b["bodyguards"] for b in score_round(estates, None, "literal")] == [5, -2, -2]


def test_bodyguards_two_players() -> None:
    # razzia.txt: "The player with most bodyguards gets 5 points and the one with the fewest gets -2"
    assert most_and_fewest([1, 0], 5, -2, "literal") == [5, -2]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_all_tied_literal_gives_both_awards(players: int) -> None:
    # razzia.txt: "If several players should have equally most and/or few bodyguards, all players
    # involved get the appropriate points." When everyone ties, everyone is both "most" and
    # "fewest": option all_tied="literal" (the default) gives 5 - 2 = 3 each.
    assert most_and_fewest([2] * players, 5, -2, "literal") == [3] * players
    estates = [counts(bodyguard=2) for _ in range(players)]
    assert [b["bodyguards"] for b in score_round(estates, None, "literal")] == [3] * players
    # ... and for the cheque sums +5 - 5 = 0 each.
    assert [b["cheques"] for b in score_round(estates, [20] * players, "literal")] == [0] * players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_all_tied_nobody_gives_no_award(players: int) -> None:
    # Option all_tied="nobody" (Ra's custom): when everyone ties, no one scores either award.
    assert most_and_fewest([2] * players, 5, -2, "nobody") == [0] * players
    assert most_and_fewest([0] * players, 5, -2, "nobody") == [0] * players
    estates = [counts() for _ in range(players)]
    assert [b["bodyguards"] for b in score_round(estates, [20] * players, "nobody")] == [0] * players
    assert [b["cheques"] for b in score_round(estates, [20] * players, "nobody")] == [0] * players


def test_all_tied_option_changes_nothing_unless_everyone_ties() -> None:
    # The all_tied option only matters when every player ties.
    for values in ([2, 4, 4, 1], [0, 1], [3, 3, 1], [5, 1, 1, 1, 1]):
        assert most_and_fewest(values, 5, -2, "literal") == most_and_fewest(values, 5, -2, "nobody")


# -- cars and drivers -----------------------------------------------------------------------------


def test_cars_and_drivers_example() -> None:
    # razzia.txt: "Car and Driver: For each car and for each Driver the owner receives one point.
    # Note: If a player does not possess at least one Driver, then he does not receive points for
    # any cars."
    # razzia.txt: "Example: Felix has one car and three Drivers. He gets for this 4 points. Elke has
    # five cars, but no Driver. She gets no points. Miriam has two Drivers. She gets 2 points.
    # Dennis has three cars and a Driver. He gets 4 points."
    assert cars_and_drivers_points(1, 3) == 4  # Felix
    assert cars_and_drivers_points(5, 0) == 0  # Elke
    assert cars_and_drivers_points(0, 2) == 2  # Miriam
    assert cars_and_drivers_points(3, 1) == 4  # Dennis
    estates = [counts(car=3, driver=1), counts(driver=2), counts(car=1, driver=3), counts(car=5)]
    assert [b["cars and drivers"] for b in score_round(estates, None, "literal")] == [4, 2, 4, 0]


def test_cars_and_drivers_edges() -> None:
    # razzia.txt: "For each car and for each Driver the owner receives one point."
    assert cars_and_drivers_points(0, 0) == 0
    assert cars_and_drivers_points(16, 10) == 26


# -- trinkets -------------------------------------------------------------------------------------


def test_trinkets_example() -> None:
    # razzia.txt: "Example: Felix possesses two watches, three chains and two rings. He therefore has
    # three different trinkets and receives 5 points. Elke possesses two brooches and a ring. She
    # does not get points. Dennis and Miriam do not have any trinkets. They get -5 points each."
    assert trinket_points(3, 7) == 5  # Felix
    assert trinket_points(2, 3) == 0  # Elke
    assert trinket_points(0, 0) == -5  # Dennis, Miriam
    estates = [counts(), counts(), counts(watch=2, chain=3, ring=2), counts(brooch=2, ring=1)]
    assert [b["trinkets"] for b in score_round(estates, None, "literal")] == [-5, -5, 5, 0]


@pytest.mark.parametrize(("held", "points"), [
    ({}, -5),
    ({"ring": 1}, 0),
    ({"ring": 4}, 0),
    ({"ring": 1, "watch": 1}, 0),
    ({"ring": 1, "watch": 1, "brooch": 1}, 5),
    ({"ring": 1, "watch": 1, "brooch": 1, "chain": 1}, 10),
    ({"ring": 1, "watch": 1, "brooch": 1, "chain": 1, "diamond": 1}, 15),
    ({"ring": 4, "watch": 4, "brooch": 4, "chain": 4, "diamond": 4}, 15),
])
def test_trinket_table(held: dict[str, int], points: int) -> None:
    # razzia.txt: "If a player does not possess any trinkets, then he gets -5 points. For one or two
    # different trinkets he gains no points. If a player possesses three different trinkets, he gets
    # 5 points. Four different trinkets bring 10 points and five different give 15 points."
    estate = counts(**held)
    assert score_round([estate, counts()], None, "literal")[0]["trinkets"] == points


# -- gold -----------------------------------------------------------------------------------------


def test_gold_example() -> None:
    # razzia.txt: "Gold coins: For each gold coin card a player possesses, he receives 3 points."
    # razzia.txt: "Example: Dennis possesses two gold coin cards and receives 6 points."
    assert gold_points(2) == 6
    estates = [counts(gold_coin=2), counts(), counts(), counts()]
    assert [b["gold"] for b in score_round(estates, None, "literal")] == [6, 0, 0, 0]
    assert gold_points(0) == 0 and gold_points(3) == 9


# -- businesses -----------------------------------------------------------------------------------

DENNIS_BUSINESSES = {"restaurant": 4, "casino": 3, "film": 1, "horse_racing": 1, "night_club": 1}
"""razzia.txt: 5 different businesses, 4 restaurants and 3 casinos."""


def test_businesses_example() -> None:
    # razzia.txt: "Example: Dennis has 5 different businesses. He gets 5 points. In addition Dennis
    # has one lot of four identical businesses (4 restaurants) and one lot of three identical
    # businesses (3 Casinos). For the restaurants he receives 10 points, for the Casinos 5 points.
    # Altogether that is 20 points."
    held = business_counts(**DENNIS_BUSINESSES)
    assert sum(1 for n in held if n) == 5
    assert held[BUSINESSES.index(RESTAURANT)] == 4 and held[BUSINESSES.index(CASINO)] == 3
    assert business_points(held) == 20
    estates = [counts(**DENNIS_BUSINESSES), counts(), counts(), counts()]
    assert score_round(estates, [10, 10, 10, 11], "literal")[DENNIS]["businesses"] == 20


@pytest.mark.parametrize(("different", "points"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5),
                                                     (6, 6), (7, 10)])
def test_business_different_table(different: int, points: int) -> None:
    # razzia.txt: "For 1, 2, 3, 4, 5, 6 different businesses the owner receives 1, 2, 3, 4, 5, 6
    # points respectively. For 7 different businesses a player receives 10 points."
    assert business_points([1] * different + [0] * (7 - different)) == points


@pytest.mark.parametrize(("held", "points"), [
    ([3, 0, 0, 0, 0, 0, 0], 1 + 5),
    ([4, 0, 0, 0, 0, 0, 0], 1 + 10),
    ([2, 2, 2, 2, 2, 2, 2], 10),
    ([3, 3, 0, 0, 0, 0, 0], 2 + 5 + 5),           # two sets of three identical: +5 each
    ([4, 4, 0, 0, 0, 0, 0], 2 + 10 + 10),         # two sets of four identical: +10 each
    ([3, 3, 3, 0, 0, 0, 0], 3 + 15),
    ([3, 1, 1, 1, 1, 1, 1], 10 + 5),              # all seven different and one triple
    ([4, 4, 4, 4, 4, 4, 4], 10 + 70),             # every business card
])
def test_business_sets(held: list[int], points: int) -> None:
    # razzia.txt: "In addition three identical businesses bring in additionally 5 points and four
    # identical businesses, 10 points. If a player has several times three or four identical
    # business, in each case he receives the appropriate points."
    assert business_points(held) == points


def test_businesses_only_in_the_final_scoring() -> None:
    # razzia.txt: "Each player receives points for each of the booty cards in their family estate
    # except for the Business cards which are only scored in the final round."
    estates = [counts(**DENNIS_BUSINESSES), counts(casino=1)]
    assert [b["businesses"] for b in score_round(estates, None, "literal")] == [0, 0]
    assert [b["businesses"] for b in score_round(estates, [20, 25], "literal")] == [20, 1]


# -- cheques --------------------------------------------------------------------------------------


def test_cheques_example() -> None:
    # razzia.txt: "Example: Miriam's three cheques have the total value of 25.000, those from Felix
    # 21.000 and from Elke and Dennis in each case the 17.000. Miriam gets 5 points. Dennis and Elke
    # receive -5 points each."
    sums = [17, 25, 21, 17]  # Dennis, Miriam, Felix, Elke
    assert most_and_fewest(sums, 5, -5, "literal") == [-5, 5, 0, -5]
    estates = [counts() for _ in range(4)]
    assert [b["cheques"] for b in score_round(estates, sums, "literal")] == [-5, 5, 0, -5]


def test_cheques_only_in_the_final_scoring() -> None:
    # razzia.txt: "Score the third round as you did the first two rounds. Additionally there are now
    # points for the businesses ... as well as for the cheques."
    estates = [counts(), counts()]
    assert [b["cheques"] for b in score_round(estates, None, "literal")] == [0, 0]
    assert [b["cheques"] for b in score_round(estates, [10, 12], "literal")] == [-5, 5]


# -- every example at once ------------------------------------------------------------------------


def rulebook_table() -> list[list[int]]:
    """The four estates that hold every example of the rulebook at once."""
    return [
        counts(bodyguard=2, car=3, driver=1, gold_coin=2, **DENNIS_BUSINESSES),  # Dennis
        counts(bodyguard=4, driver=2),                                           # Miriam
        counts(bodyguard=4, car=1, driver=3, watch=2, chain=3, ring=2),          # Felix
        counts(thief=2, bodyguard=1, car=5, brooch=2, ring=1),                   # Elke
    ]


def test_every_example_together_in_a_final_scoring() -> None:
    breakdown = score_round(rulebook_table(), [17, 25, 21, 17], "literal")
    assert [list(b) for b in breakdown] == [list(CATEGORIES)] * 4
    assert breakdown[DENNIS] == {"thieves": 0, "bodyguards": 0, "cars and drivers": 4, "trinkets": -5,
                                 "gold": 6, "businesses": 20, "cheques": -5}
    assert breakdown[MIRIAM] == {"thieves": 0, "bodyguards": 5, "cars and drivers": 2, "trinkets": -5,
                                 "gold": 0, "businesses": 0, "cheques": 5}
    assert breakdown[FELIX] == {"thieves": 0, "bodyguards": 5, "cars and drivers": 4, "trinkets": 5,
                                "gold": 0, "businesses": 0, "cheques": 0}
    assert breakdown[ELKE] == {"thieves": 4, "bodyguards": -2, "cars and drivers": 0, "trinkets": 0,
                               "gold": 0, "businesses": 0, "cheques": -5}
    assert [sum(b.values()) for b in breakdown] == [20, 7, 14, -3]


def test_every_example_together_in_an_early_scoring() -> None:
    # Rounds 1 and 2 score neither businesses nor cheques.
    breakdown = score_round(rulebook_table(), None, "literal")
    assert [sum(b.values()) for b in breakdown] == [5, 2, 14, 2]
    assert all(b["businesses"] == 0 and b["cheques"] == 0 for b in breakdown)


def test_score_round_does_not_change_its_input() -> None:
    estates = rulebook_table()
    before = [e[:] for e in estates]
    score_round(estates, [17, 25, 21, 17], "nobody")
    assert estates == before
