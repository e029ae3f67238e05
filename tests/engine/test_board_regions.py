"""Region ludemes over Ludii's board measurements, on small boards whose sites were
checked against the real Ludii 1.0.8 (ludii-reference `board` mode prints every region
but the phases; phase 0/1 are a chessboard's colouring starting from site 0)."""

from __future__ import annotations

import pytest

import ludeme

GAME = """
(game "Regions"
    (players 2)
    (equipment {
        %s
        (piece "Disc" Each)
        (regions "Here" %s)
    })
    (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw))))
)
"""


def _here(g) -> list[int]:
    return list(g.named_regions["Here"][1].static)


@pytest.mark.parametrize("sites,want", [
    ("(sites Top)", [6, 7, 8]),
    ("(sites Bottom)", [0, 1, 2]),
    ("(sites Left)", [0, 3, 6]),
    ("(sites Right)", [2, 5, 8]),
    ("(sites Outer)", [0, 1, 2, 3, 5, 6, 7, 8]),
    ("(sites Inner)", [4]),
    ("(sites Corners)", [0, 2, 6, 8]),
    ("(sites Centre)", [4]),
    ("(sites Phase 0)", [0, 2, 4, 6, 8]),
    ("(sites Phase 1)", [1, 3, 5, 7]),
    ("(sites Row 1)", [3, 4, 5]),
    ("(sites Column 2)", [2, 5, 8]),
])
def test_square_regions(sites, want):
    g = ludeme.loads(GAME % ("(board (square 3))", sites))
    assert sorted(_here(g)) == want


@pytest.mark.parametrize("sites,want", [
    ("(sites Side SE)", [0, 2, 5, 9, 14]),
    ("(sites Side NW)", [10, 15, 19, 22, 24]),
    ("(sites Top)", [24]),
    ("(sites Corners)", [0, 10, 14, 24]),
    ("(sites Row 0)", [0, 2, 5, 9, 14]),
    ("(sites Column 0)", [0, 1, 3, 6, 10]),
])
def test_hex_diamond_regions(sites, want):
    g = ludeme.loads(GAME % ("(board (hex Diamond 5))", sites))
    assert sorted(_here(g)) == want


def test_vertex_board_of_three_points_a_side():
    g = ludeme.loads(GAME % ("(board (square 3) use:Vertex)", "(sites Corners)"))
    assert g.board.count == {"Vertex": 9}
    assert sorted(_here(g)) == [0, 2, 6, 8]
