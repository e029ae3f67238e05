"""Statistics for batches of games: confidence intervals and two-sample tests.

Pure Python (no SciPy): the distributions needed are the normal and Student's t,
and both are a few lines given ``math.erfc`` and the regularized incomplete beta
function.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion k/n (default 95%); (0, 1) when n is 0.

    Chosen over the normal (Wald) interval because it stays inside [0, 1] and keeps its
    coverage near 0% and 100%, which is where first-mover and draw rates often sit.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # at k = 0 (or n) the bound is exactly 0 (or 1); rounding would leave 1e-18
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def _betacf(a: float, b: float, x: float) -> float:
    # Lentz's continued fraction for the incomplete beta function (Numerical Recipes 6.4)
    tiny = 1e-300

    def nz(v: float) -> float:
        return v if abs(v) > tiny else tiny

    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 / nz(1 - qab * x / qap)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 / nz(1 + aa * d)
        c = nz(1 + aa / c)
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 / nz(1 + aa * d)
        c = nz(1 + aa / c)
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-14:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    front = math.exp(lbeta + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """Two-sided p-value of Student's t statistic with ``df`` degrees of freedom."""
    if math.isnan(t) or df <= 0:
        return 1.0
    if math.isinf(t):
        return 0.0
    return betainc(df / 2, 0.5, df / (df + t * t))


@dataclass(frozen=True)
class Test:
    """A two-sample test: its name, statistic and two-sided p-value."""

    name: str
    statistic: float
    p: float

    def significant(self, alpha: float = 0.05) -> bool:
        return self.p < alpha

    def as_dict(self) -> dict:
        return {"test": self.name, "statistic": _finite(self.statistic), "p": self.p}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def two_proportion_z(k1: int, n1: int, k2: int, n2: int) -> Test:
    """Two-proportion z-test with the pooled proportion (H0: p1 = p2)."""
    if n1 == 0 or n2 == 0:
        return Test("two-proportion z", math.nan, 1.0)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        # both samples all-success or all-failure: identical, nothing to test
        return Test("two-proportion z", 0.0, 1.0)
    z = (k1 / n1 - k2 / n2) / se
    return Test("two-proportion z", z, 2 * normal_sf(abs(z)))


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


def variance(xs: Sequence[float]) -> float:
    """Sample variance (n - 1 in the denominator); 0 for fewer than two values."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = sum(xs) / n
    return sum((x - m) ** 2 for x in xs) / (n - 1)


def welch_t(a: Sequence[float], b: Sequence[float]) -> Test:
    """Welch's unequal-variances t-test on the means (H0: equal means)."""
    n1, n2 = len(a), len(b)
    if n1 < 2 or n2 < 2:
        return Test("Welch t", math.nan, 1.0)
    v1, v2 = variance(a) / n1, variance(b) / n2
    diff = mean(a) - mean(b)
    if v1 + v2 == 0:
        return Test("Welch t", 0.0 if diff == 0 else math.copysign(math.inf, diff),
                    1.0 if diff == 0 else 0.0)
    t = diff / math.sqrt(v1 + v2)
    df = (v1 + v2) ** 2 / ((v1 * v1 / (n1 - 1) if v1 else 0) + (v2 * v2 / (n2 - 1) if v2 else 0))
    return Test("Welch t", t, t_two_sided_p(t, df))


def mann_whitney_u(a: Sequence[float], b: Sequence[float]) -> Test:
    """Mann-Whitney U test (normal approximation with tie and continuity corrections).

    The statistic reported is U for the first sample; H0: neither sample tends to have
    larger values. Good for game lengths, whose distributions are skewed.
    """
    n1, n2 = len(a), len(b)
    if n1 == 0 or n2 == 0:
        return Test("Mann-Whitney U", math.nan, 1.0)
    pooled = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    n = n1 + n2
    rank_sum_a = 0.0
    tie_term = 0.0
    i = 0
    while i < n:
        j = i
        while j + 1 < n and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        avg_rank = (i + j) / 2 + 1
        t = j - i + 1
        tie_term += t ** 3 - t
        rank_sum_a += avg_rank * sum(1 for k in range(i, j + 1) if pooled[k][1] == 0)
        i = j + 1
    u = rank_sum_a - n1 * (n1 + 1) / 2
    mu = n1 * n2 / 2
    var = n1 * n2 / 12 * ((n + 1) - tie_term / (n * (n - 1))) if n > 1 else 0.0
    if var <= 0:
        return Test("Mann-Whitney U", u, 1.0)
    z = (abs(u - mu) - 0.5) / math.sqrt(var)
    return Test("Mann-Whitney U", u, min(1.0, 2 * normal_sf(max(z, 0.0))))


def median(xs: Sequence[float]) -> float:
    return quantile(xs, 0.5)


def quantile(xs: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile (NumPy's default method)."""
    if not xs:
        return math.nan
    s = sorted(xs)
    pos = (len(s) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)
