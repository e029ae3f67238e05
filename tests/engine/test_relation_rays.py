"""Moves in a relation's directions (Adjacent by default, Orthogonal, Diagonal) keep to
that relation's neighbours, as Ludii's steps and radials of those absolute directions
do: on a board of vertices with one diagonal line drawn, no other diagonal is a step."""

from __future__ import annotations

import ludeme

BOARD = """
(game "OneDiagonal"
    (players 2)
    (equipment { (board (add (square 3) edges:{{0 4}}) use:Vertex)
                 (piece "Ball" Each #1) })
    (rules
        (start { (place "Ball1" {"A1" "B1" "C1"}) (place "Ball2" {"B2"}) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def _moves(piece_moves: str) -> list[str]:
    g = ludeme.loads(BOARD.replace("#1", piece_moves))
    s = g.new_initial_state()
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_a_step_goes_along_lines_only():
    # A1 has the drawn diagonal to B2 (occupied); B1 has no diagonal line to A2 or C2
    assert _moves("(move Step (to if:(is Empty (to))))") == ["a1-a2", "c1-c2"]
    assert _moves("(move Step Adjacent (to if:(is Empty (to))))") == ["a1-a2", "c1-c2"]


def test_a_named_compass_direction_is_not_a_relation():
    # NW is a direction of the board (A1-B2 has its opposite): B1 steps to A2 along it
    assert _moves("(move Step (directions {NW}) (to if:(is Empty (to))))") == ["b1-a2"]


def test_hops_and_slides_keep_to_the_relation():
    # the enemy on B2 is hopped along B's column from B1 only: the line drawn from A1
    # ends at B2 (B2-C3 is no Adjacent step), and no line runs from C1 through B2
    # (checked with Ludii 1.0.8: its one legal move is Move:1->7)
    assert _moves("(move Hop (between if:(is Enemy (who at:(between)))) "
                  "(to if:(is Empty (to))))") == ["b1-b3"]
    # B1 has no line but to B2: it cannot slide
    assert _moves("(move Slide)") == ["a1-a2", "a1-a3", "c1-c2", "c1-c3"]
