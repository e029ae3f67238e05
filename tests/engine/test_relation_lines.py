"""Steps and lines along a relation (Adjacent, Orthogonal, ...) follow that relation's
own steps, as Ludii's ``steps``/``radials`` do, and a site with two steps in one compass
direction has a line through each. Boards of points where only some squares carry a
diagonal line show the difference: the diagonal of a square with no line drawn is a
Diagonal step but not an Adjacent one. Positions are built by hand and the expected
moves worked out on paper."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position


def make(board: str, moves: str, start: str = '(place "Disc1" {"A1"}) (place "Disc2" {"E5"})'):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{{board} (piece "Disc" Each {moves})}})
            (rules
                (start {{{start}}})
                (play (forEach Piece))
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")


def targets(s, frm: str) -> list[str]:
    b = s.game.board
    return sorted(b.labels[m.to] for m in s.legal_moves() if b.labels[m.frm] == frm)


RADIATING = "(board (rectangle 5 5 diagonals:Radiating) use:Vertex)"
STEP = "(move Step {dirs} (to if:(is Empty (to))))"
HOP = """(move Hop {dirs} (between if:(is Enemy (who at:(between)))
             (apply (remove (between)))) (to if:(is Empty (to))))"""


def test_an_adjacent_step_follows_the_lines_drawn():
    g = make(RADIATING, STEP.format(dirs=""))
    s = position(g, {"a2": "Disc1", "b2": "Disc1", "e5": "Disc2"}, 1)
    # a2 is on no diagonal line: up, right (b2: a friend) and down; b2 is on the long
    # diagonal a1-e5
    assert targets(s, "a2") == ["a1", "a3"]
    assert targets(s, "b2") == ["a1", "b1", "b3", "c2", "c3"]


def test_a_diagonal_step_crosses_a_square_with_no_line():
    g = make(RADIATING, STEP.format(dirs="Diagonal"))
    s = position(g, {"a2": "Disc1", "e5": "Disc2"}, 1)
    # the square a2-b2-b3-a3 has no line: b3 is a2's diagonal; the square below is cut
    # in two by the line a1-b2, so it has none
    assert targets(s, "a2") == ["b3"]


def test_a_compass_direction_takes_every_step_that_way():
    g = make(RADIATING, STEP.format(dirs="NE"))
    s = position(g, {"a2": "Disc1", "e5": "Disc2"}, 1)
    assert targets(s, "a2") == ["b3"]


def test_an_orthogonal_hop_follows_the_lines_drawn():
    g = make(RADIATING, HOP.format(dirs="Orthogonal"))
    # from a2 a hop to the north-east would cross b3 to c4, along no line
    s = position(g, {"a2": "Disc1", "b3": "Disc2", "a3": "Disc2", "e5": "Disc2"}, 1)
    assert targets(s, "a2") == ["a4"]
    # along the long diagonal, b2 over c3 lands on d4
    s = position(g, {"b2": "Disc1", "c3": "Disc2", "e5": "Disc2"}, 1)
    assert targets(s, "b2") == ["d4"]


# A fan of points: 0 on top, 1 and 2 just left and right below it (both south of 0),
# 3 and 4 further down on the lines 0-1 and 0-2.
FAN = """(board (graph vertices:{{0 4} {-0.3 2} {0.3 2} {-0.6 0} {0.6 0}}
                           edges:{{0 1} {0 2} {1 3} {2 4} {1 2}}) use:Vertex)"""


def test_two_steps_one_way_are_both_steps_and_both_lines():
    g = make(FAN, f"(or {STEP.format(dirs='')} {HOP.format(dirs='')})", start="")
    b = g.board
    top = b.labels[0]
    s = position(g, {b.labels[0]: "Disc1", b.labels[1]: "Disc2", b.labels[4]: "Disc2"}, 1)
    # a step to 2, a hop over 1 to 3 (the line 0-1-3; 2 lies on the other line, 0-2-4)
    assert targets(s, top) == sorted([b.labels[2], b.labels[3]])
