"""The statistics a balance report needs, in pure Python (no SciPy): intervals and significance tests.

Proportions use the Wilson score interval (`gangland.sim.wilson_interval`, re-exported here); seat
balance is Pearson's chi-square goodness of fit against equal shares, its p-value from the regularized
upper incomplete gamma function; comparisons are a difference of proportions (independent samples) or a
mean of per-game differences (paired, when both sides played the same seeds).

>>> round(chi_square_sf(3.841458820694124, 1), 6)
0.05
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from gangland.sim import Z95, wilson_interval

__all__ = [
    "Z95", "Comparison", "FitTest", "MeanInterval", "chi_square_sf", "first_seat_test", "mean_interval",
    "normal_two_sided_p", "paired_difference", "proportion_difference", "regularized_gamma_q",
    "seat_balance_test", "wilson_interval",
]

_EPS = 1e-15
_MAX_ITERATIONS = 10_000


def regularized_gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Gamma(a, x) / Gamma(a), the regularized upper incomplete gamma function.

    A series for x < a + 1, else a continued fraction (Lentz), as in Numerical Recipes 6.2.

    >>> round(regularized_gamma_q(1.0, 2.0), 12) == round(math.exp(-2.0), 12)
    True
    """
    if a <= 0:
        raise ValueError(f"a must be positive, not {a}")
    if x < 0:
        raise ValueError(f"x must be 0 or more, not {x}")
    if x == 0:
        return 1.0
    log_prefix = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        # P(a, x) = x^a e^-x / Gamma(a+1) * sum x^n / ((a+1)...(a+n))
        term = total = 1.0 / a
        denominator = a
        for _ in range(_MAX_ITERATIONS):
            denominator += 1
            term *= x / denominator
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, _MAX_ITERATIONS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            break
    return min(1.0, math.exp(log_prefix) * h)


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with `df` degrees of freedom (the test's p-value)."""
    if df <= 0:
        raise ValueError(f"degrees of freedom must be positive, not {df}")
    return regularized_gamma_q(df / 2, max(0.0, statistic) / 2)


def normal_two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z.

    >>> round(normal_two_sided_p(1.959963984540054), 6)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True)
class FitTest:
    """A chi-square goodness-of-fit test: the statistic, its degrees of freedom and p-value."""

    statistic: float
    df: int
    p_value: float

    def to_json(self) -> dict[str, float | int]:
        """As JSON-ready data."""
        return {"chi_square": self.statistic, "df": self.df, "p_value": self.p_value}


def seat_balance_test(wins: Sequence[float], games: int) -> FitTest:
    """Pearson's chi-square test of "every seat wins an equal share" from the wins of each seat.

    Shared wins count 1/k per seat (as `gangland.sim.Tally` counts them), so the wins sum to the games
    with a winner; that sum is shared equally under the hypothesis.

    >>> test = seat_balance_test([30, 20, 25, 25], 100)
    >>> test.statistic, test.df, round(test.p_value, 6)
    (2.0, 3, 0.572407)
    """
    seats = len(wins)
    if seats < 2:
        raise ValueError("a seat balance test needs two seats or more")
    total = sum(wins)
    if total <= 0 or games <= 0:
        return FitTest(0.0, seats - 1, 1.0)
    expected = total / seats
    statistic = sum((w - expected) ** 2 / expected for w in wins)
    return FitTest(statistic, seats - 1, chi_square_sf(statistic, seats - 1))


@dataclass(frozen=True)
class Comparison:
    """An estimate (a rate, a difference) with its 95% interval, a z statistic and a two-sided p-value."""

    estimate: float
    low: float
    high: float
    z: float
    p_value: float

    def to_json(self) -> dict[str, float]:
        """As JSON-ready data."""
        return {"estimate": self.estimate, "ci95": [self.low, self.high],  # type: ignore[dict-item]
                "z": self.z, "p_value": self.p_value}


def first_seat_test(wins: float, games: int, players: int) -> Comparison:
    """The first seat's win rate against the fair share 1/players: the Wilson interval of the rate and
    the score test (z against the binomial under the fair share; two-sided p).

    >>> test = first_seat_test(30, 100, 4)
    >>> round(test.z, 6), round(test.p_value, 6)
    (1.154701, 0.248213)
    """
    if games <= 0:
        return Comparison(0.0, 0.0, 1.0, 0.0, 1.0)
    fair = 1 / players
    rate = wins / games
    low, high = wilson_interval(wins, games)
    z = (rate - fair) / math.sqrt(fair * (1 - fair) / games)
    return Comparison(rate, low, high, z, normal_two_sided_p(z))


def proportion_difference(x1: float, n1: int, x2: float, n2: int) -> Comparison:
    """p1 - p2 for independent samples: the Wald 95% interval (unpooled) and the pooled two-proportion
    z-test.

    >>> d = proportion_difference(60, 100, 50, 100)
    >>> round(d.estimate, 6), round(d.z, 5), round(d.p_value, 5)
    (0.1, 1.42134, 0.15522)
    """
    if n1 <= 0 or n2 <= 0:
        return Comparison(0.0, -1.0, 1.0, 0.0, 1.0)
    p1, p2 = x1 / n1, x2 / n2
    diff = p1 - p2
    se = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    pooled = (x1 + x2) / (n1 + n2)
    se0 = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    z = diff / se0 if se0 > 0 else 0.0
    return Comparison(diff, max(-1.0, diff - Z95 * se), min(1.0, diff + Z95 * se), z, normal_two_sided_p(z))


@dataclass(frozen=True)
class MeanInterval:
    """A sample's mean with its normal-approximation 95% interval (fine for the hundreds of games a
    report plays; for a handful the interval is too narrow)."""

    n: int
    mean: float
    sd: float
    low: float
    high: float

    def to_json(self) -> dict[str, float | int]:
        """As JSON-ready data."""
        return {"n": self.n, "mean": self.mean, "sd": self.sd, "ci95_low": self.low, "ci95_high": self.high}


def mean_interval(values: Sequence[float]) -> MeanInterval:
    """Mean, sample standard deviation and mean +- Z95 * sd / sqrt(n).

    >>> m = mean_interval([2, 4, 4, 4, 5, 5, 7, 9])
    >>> m.mean, round(m.sd, 6), round(m.high - m.mean, 6)
    (5.0, 2.13809, 1.481594)
    """
    n = len(values)
    if n == 0:
        return MeanInterval(0, 0.0, 0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return MeanInterval(n, mean, sd, mean - half, mean + half)


def paired_difference(first: Sequence[float], second: Sequence[float]) -> Comparison:
    """mean(first - second) over pairs played on the same seed: its 95% interval and the z-test of
    "no difference" (normal approximation to the paired t-test, fine for hundreds of pairs).

    With 0/1 outcomes the z statistic is McNemar's: (b - c) / sqrt(b + c - (b - c)^2 / n), b and c
    the pairs won by one side only.

    >>> d = paired_difference([1, 1, 0, 1, 0, 1], [0, 1, 0, 0, 0, 1])
    >>> round(d.estimate, 6), round(d.z, 6)
    (0.333333, 1.581139)
    """
    if len(first) != len(second):
        raise ValueError(f"paired samples differ in size: {len(first)} and {len(second)}")
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    m = mean_interval(diffs)
    if m.n == 0:
        return Comparison(0.0, 0.0, 0.0, 0.0, 1.0)
    se = m.sd / math.sqrt(m.n)
    z = m.mean / se if se > 0 else 0.0
    p = normal_two_sided_p(z) if se > 0 else (1.0 if m.mean == 0 else 0.0)
    return Comparison(m.mean, m.low, m.high, z, p)
