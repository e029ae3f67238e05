"""Descriptions the interop tests run on: every bundled description (on its smallest
board where it has one, to keep the tests fast), and a tiny game written here."""

from __future__ import annotations

from ludeme.library import bundled

# options that shrink a game without changing its rules
SMALL = {
    "hex": ["Board Size/7x7"],
    "branches": ["Board Size/6x6"],
    "branching-coral": ["Board/Hexagon 4"],
    "brain-coral": ["Board/Hexagon 4"],
}

BUNDLED = sorted(bundled())

# two players place discs on a 2x2 board; two in an orthogonal line wins
TINY = """
(game "Two by Two"
    (players 2)
    (equipment { (board (square 2)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end {
            (if (is Line 2 Orthogonal) (result Mover Win))
            (if (is Full) (result Mover Draw))
        })
    )
)
"""


def options(name: str) -> list[str]:
    return SMALL.get(name, [])

# two players race two discs each along a line with two four-sided dice, each die moving
# one disc; a disc that reaches the last cell wins
DICE = """
(game "Dice Line"
    (players 2)
    (equipment {
        (board (rectangle 1 12))
        (dice d:4 num:2)
        (piece "Disc" Each
            (if (!= (ahead (from) steps:(pips) E) -1)
                (move (from) (to (ahead (from) steps:(pips) E) if:(is Empty (to))))))
    })
    (rules
        (start { (place "Disc1" {"A1" "C1"}) (place "Disc2" {"B1" "D1"}) })
        (play (do (if (not (is Prev Mover)) (roll))
               next:(forEach Die if:(!= (pips) 0) (forEach Piece)
                      (then (if (not (all DiceUsed)) (moveAgain))))))
        (end (if (is In (last To) (sites Right)) (result Mover Win)))
    )
)
"""
