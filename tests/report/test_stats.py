"""The report's statistics against values known from outside (each expected number says where from)."""

from __future__ import annotations

import math

import pytest

from gangland.report.stats import (
    chi_square_sf,
    first_seat_test,
    mean_interval,
    paired_difference,
    proportion_difference,
    regularized_gamma_q,
    seat_balance_test,
    wilson_interval,
)


def test_wilson_newcombe_example() -> None:
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in
    # Medicine 17:857-872, Table I: 81/263, score method (Wilson) without correction: 0.2553 to 0.3662.
    low, high = wilson_interval(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    # The same table: 0/20 gives 0 to 0.1611.
    low, high = wilson_interval(0, 20)
    assert (low, round(high, 4)) == (0.0, 0.1611)


@pytest.mark.parametrize(("x", "df", "expected", "source"), [
    # Closed forms: df=2 gives exp(-x/2); df=4 gives exp(-x/2)(1 + x/2); df=1 gives erfc(sqrt(x/2)).
    (2.0, 2, math.exp(-1.0), "exp(-x/2)"),
    (4.0, 4, 3 * math.exp(-2.0), "exp(-x/2)(1+x/2)"),
    (10.0, 1, math.erfc(math.sqrt(5.0)), "erfc(sqrt(x/2))"),
    # Critical values from the chi-square table (NIST/SEMATECH e-Handbook 1.3.6.7.4): upper 5% and 1%.
    (3.841, 1, 0.05, "table"),
    (7.815, 3, 0.05, "table"),
    (11.070, 5, 0.05, "table"),
    (15.086, 5, 0.01, "table"),
    (13.277, 4, 0.01, "table"),
    (124.342, 100, 0.05, "table"),
])
def test_chi_square_sf(x: float, df: int, expected: float, source: str) -> None:
    tolerance = 1e-12 if source != "table" else 5e-5  # the table's values are rounded to 3 decimals
    assert chi_square_sf(x, df) == pytest.approx(expected, abs=tolerance), source


def test_gamma_both_branches_agree_with_closed_form() -> None:
    # Q(3, x) = exp(-x)(1 + x + x^2/2): x below a + 1 takes the series, above it the continued fraction.
    for x in (0.5, 3.9, 4.1, 20.0):
        assert regularized_gamma_q(3.0, x) == pytest.approx(math.exp(-x) * (1 + x + x * x / 2), rel=1e-12)
    assert regularized_gamma_q(2.5, 0.0) == 1.0
    with pytest.raises(ValueError):
        regularized_gamma_q(0.0, 1.0)


def test_seat_balance() -> None:
    # Hand computation: expected 25 each, chi2 = (25 + 25) / 25 = 2 with 3 df; p = erfc(1) +
    # sqrt(4/pi) exp(-1) = 0.5724067 (the df=3 closed form; scipy.stats.chi2.sf(2, 3) = 0.5724067).
    test = seat_balance_test([30, 20, 25, 25], 100)
    assert test.statistic == 2.0 and test.df == 3
    assert test.p_value == pytest.approx(0.5724067, abs=1e-7)
    # A clear imbalance: 600 / 400 of 1000 two-player games, chi2 = 40, p = exp-free df=1 form.
    test = seat_balance_test([600, 400], 1000)
    assert test.statistic == 40.0
    assert test.p_value == pytest.approx(math.erfc(math.sqrt(20.0)), rel=1e-9)
    assert test.p_value < 1e-9


def test_first_seat_against_fair_share() -> None:
    # z = (0.3 - 0.25) / sqrt(0.25 * 0.75 / 100) = 1.1547005 by hand; p = erfc(z / sqrt 2) = 0.2482131.
    test = first_seat_test(30, 100, 4)
    assert test.z == pytest.approx(1.1547005, abs=1e-7)
    assert test.p_value == pytest.approx(0.2482131, abs=1e-7)
    assert (test.low, test.high) == wilson_interval(30, 100)


def test_difference_of_proportions() -> None:
    # Pooled p = 0.55, SE0 = sqrt(0.55 * 0.45 * 0.02) = 0.0703562, z = 0.1 / SE0 = 1.4213381;
    # the Wald SE = sqrt(0.24/100 + 0.25/100) = 0.07, so the interval is 0.1 +- 1.959964 * 0.07.
    d = proportion_difference(60, 100, 50, 100)
    assert d.z == pytest.approx(1.4213381, abs=1e-7)
    assert d.p_value == pytest.approx(math.erfc(1.4213381 / math.sqrt(2)), abs=1e-7)
    assert (d.low, d.high) == pytest.approx((0.1 - 0.1371975, 0.1 + 0.1371975), abs=1e-7)


def test_paired_difference_is_mcnemar_for_binary_outcomes() -> None:
    # 6 pairs; b = 2 (first side only), c = 0: McNemar's z (with the n correction of the paired
    # t form) = 2 / sqrt(2 - 4/6) = 1.7320508; the paired form divides by sqrt(n-1)/sqrt(n) more:
    # sd of d = sqrt(((2/3)^2 * 2 + (1/3)^2 * 4) / 5) = 0.5163978, z = (1/3) / (sd / sqrt 6) = 1.5811388.
    d = paired_difference([1, 1, 0, 1, 0, 1], [0, 1, 0, 0, 0, 1])
    assert d.estimate == pytest.approx(1 / 3)
    assert d.z == pytest.approx(1.5811388, abs=1e-7)
    same = paired_difference([1, 0, 1], [1, 0, 1])
    assert (same.estimate, same.p_value) == (0.0, 1.0)
    with pytest.raises(ValueError):
        paired_difference([1], [1, 0])


def test_mean_interval() -> None:
    # The sample 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample sd sqrt(32/7) = 2.1380899.
    m = mean_interval([2, 4, 4, 4, 5, 5, 7, 9])
    assert m.mean == 5.0 and m.sd == pytest.approx(math.sqrt(32 / 7))
    assert m.high - m.mean == pytest.approx(1.959964 * math.sqrt(32 / 7) / math.sqrt(8), abs=1e-6)
    assert mean_interval([]).n == 0
