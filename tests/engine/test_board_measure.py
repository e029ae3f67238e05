"""The vectorised point-in-polygon test agrees with the one-point test (Ludii's crossing
rule), points on corners, sides and level sides included."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ludeme.board.measure import point_in_polygon, points_in_polygon

COORD = st.sampled_from([0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 0.3])


@settings(max_examples=200, deadline=None)
@given(poly=st.lists(st.tuples(COORD, COORD), min_size=3, max_size=8),
       pts=st.lists(st.tuples(COORD, COORD), min_size=1, max_size=30))
def test_many_points_at_once_agree_with_one_at_a_time(poly, pts):
    xs = np.array([p[0] for p in pts])
    ys = np.array([p[1] for p in pts])
    assert points_in_polygon(xs, ys, poly).tolist() == [point_in_polygon(x, y, poly)
                                                        for x, y in pts]


def test_a_square_holds_its_middle_not_a_point_outside():
    square = [(0.0, 0.0), (0.0, 2.0), (2.0, 2.0), (2.0, 0.0)]
    got = points_in_polygon(np.array([1.0, 3.0]), np.array([1.0, 1.0]), square)
    assert got.tolist() == [True, False]
