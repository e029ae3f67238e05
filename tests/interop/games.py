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
