"""``(difference <directions> <directions>)`` as the directions of a move generator: the
first set without the second, the last move's line (OppositeDirection, SameDirection)
found when the moves are generated. Positions are built by hand."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position


def make(moves: str, play: str = "(forEach Piece)"):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square 5)) (piece "Disc" Each {moves})}})
            (rules
                (play {play})
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")


def targets(s) -> list[str]:
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_a_fixed_difference():
    g = make("(move Step (difference Orthogonal N) (to if:(is Empty (to))))")
    s = position(g, {"c3": "Disc1"}, 1)
    assert targets(s) == ["c3-b3", "c3-c2", "c3-d3"]
    # a relation becomes its compass directions: Adjacent but the diagonals
    g = make("(move Step (difference Adjacent Diagonal) (to if:(is Empty (to))))")
    s = position(g, {"c3": "Disc1"}, 1)
    assert targets(s) == ["c3-b3", "c3-c2", "c3-c4", "c3-d3"]


AGAIN = """(if (is Prev Mover)
              (or (move Step (from (last To)) (difference Orthogonal {along})
                             (to if:(is Empty (to))))
                  (move Pass))
              (forEach Piece))"""


def test_every_way_but_back_along_the_last_move():
    g = make("(move Step Orthogonal (to if:(is Empty (to))) (then (moveAgain)))",
             AGAIN.format(along="OppositeDirection"))
    s = position(g, {"c3": "Disc1"}, 1)
    s.apply(s.parse_move("c3-c4"))
    # from c4 on: north, east and west, not back south to c3
    assert [t for t in targets(s) if t != "pass"] == ["c4-b4", "c4-c5", "c4-d4"]
    # after a move west, every way but back east
    s = position(g, {"c3": "Disc1"}, 1)
    s.apply(s.parse_move("c3-b3"))
    assert [t for t in targets(s) if t != "pass"] == ["b3-a3", "b3-b2", "b3-b4"]


def test_every_way_but_on_along_the_last_move():
    g = make("(move Step Orthogonal (to if:(is Empty (to))) (then (moveAgain)))",
             AGAIN.format(along="SameDirection"))
    s = position(g, {"c3": "Disc1"}, 1)
    s.apply(s.parse_move("c3-c4"))
    assert [t for t in targets(s) if t != "pass"] == ["c4-b4", "c4-c3", "c4-d4"]
