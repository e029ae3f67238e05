"""``(results from: to: <int>)``: the values of a number for every pair of sites, as a
list for ``(min ...)``, ``(max ...)`` and ``(size Array ...)``. Positions are built by
hand and the numbers worked out on paper."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position


def score_after(number: str, move: str, pieces: dict | None = None) -> int:
    g = ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square 5)) (piece "Disc" Each)}})
            (rules
                (play (move Add (to (sites Empty)) (then (addScore Mover {number}))))
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")
    s = position(g, pieces or {}, 1)
    s.apply(s.parse_move(move))
    return s.score[1]


NEAREST_CORNER = "(min (results from:(last To) to:(sites Corners) (count Steps (from) (to))))"


def test_the_fewest_steps_to_a_corner():
    # steps are Adjacent ones, diagonals included: b2 is one step from a1
    assert score_after(NEAREST_CORNER, "b2") == 1
    assert score_after(NEAREST_CORNER, "c3") == 2
    assert score_after(NEAREST_CORNER, "c1") == 2


def test_every_pair_is_one_result():
    # from the two occupied sites to the four corners: eight results
    number = "(size Array (results from:(sites Occupied by:All) to:(sites Corners) 1))"
    assert score_after(number, "c3", {"a1": "Disc2"}) == 8
    # the farthest corner from the move (e5 from a1: four diagonal steps)
    number = "(max (results from:(last To) to:(sites Corners) (count Steps (from) (to))))"
    assert score_after(number, "a1") == 4


def test_from_and_to_are_bound_for_the_number():
    # the column of each corner reached, through (to): the largest is e1's and e5's (4,
    # columns counted from 0)
    number = "(max (results from:(last To) to:(sites Corners) (column of:(to))))"
    assert score_after(number, "c3") == 4
