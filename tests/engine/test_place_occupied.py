"""``(place ...)`` in ``(start ...)`` on a site that already holds a piece leaves that
piece there, as Ludii's ActionAdd does: a later placement over a region does not
replace an earlier one."""

from __future__ import annotations

import ludeme


def test_a_later_placement_does_not_replace_an_earlier_one():
    g = ludeme.loads("""
        (game "Test" (players 2)
            (equipment {(board (square 3)) (piece "Disc" Each)})
            (rules
                (start {(place "Disc2" coord:"B1") (place "Disc1" (sites Bottom))})
                (play (move Add (to (sites Empty))))
                (end (if (is Full) (result Mover Draw))))
        )""", file="test.lud")
    s = g.new_initial_state()
    assert s.board() == {"a1": "Disc1", "b1": "Disc2", "c1": "Disc1"}
    # the incremental hash is that of the pieces on the board
    assert s.hash == g._full_hash(s)
