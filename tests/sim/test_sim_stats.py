"""The statistics behind reports, against values worked out by hand or by SciPy."""

from __future__ import annotations

import math

import pytest

from ludeme.sim import stats


def test_wilson_interval():
    # p = 0.5, n = 10: centre 0.5, half-width 1.96 * sqrt(0.025 + 0.0096) / 1.384
    lo, hi = stats.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4)
    assert hi == pytest.approx(0.7634, abs=1e-4)
    # at 0% the interval starts at 0 and is not degenerate (the Wald interval would be)
    lo, hi = stats.wilson(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(0.2775, abs=1e-4)
    assert stats.wilson(0, 0) == (0.0, 1.0)
    assert stats.wilson(0, 100)[0] == 0.0 and stats.wilson(100, 100)[1] == 1.0


def test_student_t_p_values():
    assert stats.t_two_sided_p(2.228, 10) == pytest.approx(0.05, abs=2e-4)
    assert stats.t_two_sided_p(0.0, 7) == pytest.approx(1.0)
    # many degrees of freedom: the normal distribution
    assert stats.t_two_sided_p(1.959964, 1e7) == pytest.approx(0.05, abs=1e-5)


def test_welch_t_matches_scipy():
    t = stats.welch_t([1, 2, 3, 4, 5], [2, 4, 6, 8, 10])
    assert t.statistic == pytest.approx(-1.8973665961010275)
    assert t.p == pytest.approx(0.10753119493062728, rel=1e-9)


def test_mann_whitney_matches_scipy():
    u = stats.mann_whitney_u([1, 2, 3], [4, 5, 6])
    assert u.statistic == 0
    assert u.p == pytest.approx(0.08085559837005224, rel=1e-9)
    # with ties (tie-corrected variance)
    u = stats.mann_whitney_u([1, 2, 2, 3, 5], [2, 3, 3, 4, 6, 7])
    assert u.statistic == 7
    assert u.p == pytest.approx(0.16304505585423734, rel=1e-9)


def test_two_proportion_z():
    t = stats.two_proportion_z(30, 100, 45, 100)
    assert t.statistic == pytest.approx(-2.19089, abs=1e-5)
    assert t.p == pytest.approx(0.028460, abs=1e-6)
    assert t.significant()
    same = stats.two_proportion_z(10, 10, 20, 20)
    assert same.p == 1.0 and not same.significant()


def test_quantiles():
    assert stats.median([3, 1, 2]) == 2
    assert stats.median([4, 1, 2, 3]) == 2.5
    assert stats.quantile([1, 2, 3, 4, 5], 0.25) == 2
    assert math.isnan(stats.median([]))
