"""Board tables: counts, labels, relations and regions of each tiling."""

from __future__ import annotations

import pytest

from ludeme.board import Board, hex_shape, merge, rectangle, remove, shift
from ludeme.errors import LudemeError


def labels(board: Board, sites) -> list[str]:
    return sorted(board.labels[s] for s in sites)


@pytest.mark.parametrize("n,vertices,edges", [(6, 49, 84), (8, 81, 144), (10, 121, 220)])
def test_square_grid_vertices_and_edges(n, vertices, edges):
    b = Board(rectangle(n, n), use=("Vertex", "Edge"))
    assert b.count == {"Vertex": vertices, "Edge": edges}
    assert len(b.edge_ends) == edges
    # every edge joins two orthogonally adjacent vertices, and each vertex knows it
    for e, (a, c) in enumerate(b.edge_ends):
        site = b.offset["Edge"] + e
        assert c in b.nbrs["Orthogonal"][a]
        assert site in b.vertex_edges[a] and site in b.vertex_edges[c]
        assert b.edge_between[(a, c)] == site


def test_vertex_labels_run_like_chess_squares():
    b = Board(rectangle(8, 8), use=("Vertex", "Edge"))
    assert b.labels[0] == "a1" and b.site("i9", "Vertex") == b.offset["Vertex"] + 80
    assert labels(b, b.corners["Vertex"]) == ["a1", "a9", "i1", "i9"]
    assert labels(b, b.centre["Vertex"]) == ["e5"]
    assert len(b.perimeter["Vertex"]) == 32
    e5 = b.site("e5", "Vertex")
    assert len(b.vertex_edges[e5]) == 4
    assert len(b.vertex_edges[b.site("a1", "Vertex")]) == 2


def test_square_cells_relations_and_rays():
    b = Board(rectangle(7, 7))
    d4 = b.site("d4")
    assert labels(b, b.nbrs["Orthogonal"][d4]) == ["c4", "d3", "d5", "e4"]
    assert labels(b, b.nbrs["Diagonal"][d4]) == ["c3", "c5", "e3", "e5"]
    assert [b.labels[x] for x in b.ray["N"][d4]] == ["d5", "d6", "d7"]
    assert b.step["Orthogonal"]["W"][b.site("a4")] == -1
    assert labels(b, b.corners["Cell"]) == ["a1", "a7", "g1", "g7"]
    assert labels(b, b.centre["Cell"]) == ["d4"]
    assert len(b.perimeter["Cell"]) == 24
    assert labels(b, b.side("Cell", "N")) == [f"{c}7" for c in "abcdefg"]


def test_rectangle_is_rows_by_columns():
    b = Board(rectangle(4, 8))
    assert b.count["Cell"] == 32
    assert "h4" in b.index["Cell"] and "a5" not in b.index["Cell"]


@pytest.mark.parametrize("side,cells,perimeter", [(4, 37, 18), (6, 91, 30), (9, 217, 48)])
def test_hexagon_of_hexagons(side, cells, perimeter):
    b = Board(hex_shape(side))
    assert b.count["Cell"] == cells == 3 * side * (side - 1) + 1
    assert len(b.perimeter["Cell"]) == perimeter
    inner = [s for s in b.sites["Cell"] if s not in b.perimeter["Cell"]]
    assert all(len(b.nbrs["Adjacent"][s]) == 6 for s in inner)
    assert len(b.corners["Cell"]) == 6


# The expectations below were read from the real Ludii 1.0.8 (ludii-reference, `board`
# mode), site by site; they are Ludii's numbering, labels and regions.

def test_hexagon_side_4_is_numbered_and_labelled_as_in_ludii():
    b = Board(hex_shape(4))
    lab = b.ludii_labels
    assert lab[:6] == ("A1", "B1", "C1", "D1", "A2", "B2")
    assert b.coords[1] == pytest.approx((1.7321, 0.0), abs=1e-4)
    assert b.coords[4] == pytest.approx((-0.8660, 1.5), abs=1e-4)
    assert lab[18] == "D4" and b.centre["Cell"] == (18,)
    assert b.directions["Adjacent"] == ("NNE", "E", "SSE", "SSW", "W", "NNW")
    assert b.steps_by_dir[0] == {"N": (10,), "NNE": (5,), "ENE": (6,), "E": (1,), "NNW": (4,)}
    assert b.nbrs["Orthogonal"][18] == (11, 12, 17, 19, 24, 25)
    assert b.nbrs["Diagonal"][18] == (6, 10, 13, 23, 26, 30)
    assert b.corners["Cell"] == (0, 3, 15, 21, 33, 36)
    assert b.side("Cell", "S") == (0, 1, 2, 3) and b.side("Cell", "N") == (33, 34, 35, 36)
    assert b.side("Cell", "SW") == (0, 4, 9, 15) and b.side("Cell", "NE") == (21, 27, 32, 36)


def test_hex_diamond_is_ludiis_rhombus_with_four_distinct_sides():
    b = Board(hex_shape(5, "Diamond"))
    assert b.count["Cell"] == 25
    # A1 at the bottom (an obtuse corner), columns up to the right, rows up to the left
    assert b.ludii_labels[:6] == ("A1", "A2", "B1", "A3", "B2", "C1")
    assert b.coords[1] == pytest.approx((-1.5, 0.8660), abs=1e-4)
    assert b.directions["Adjacent"] == ("N", "ENE", "ESE", "S", "WSW", "WNW")
    assert b.steps_by_dir[1] == {"N": (7,), "NNE": (12,), "ENE": (4,), "E": (2,), "ESE": (0,),
                                 "WNW": (3,), "NNW": (11,)}
    # each side of the rhombus is one side of five cells (the old bug: two sides each)
    assert b.side("Cell", "SE") == (0, 2, 5, 9, 14)
    assert b.side("Cell", "SW") == (0, 1, 3, 6, 10)
    assert b.side("Cell", "NW") == (10, 15, 19, 22, 24)
    assert b.side("Cell", "NE") == (14, 18, 21, 23, 24)
    assert b.side("Cell", "N") == (24,) and b.side("Cell", "S") == (0,)
    assert b.corners["Cell"] == (0, 10, 14, 24) and b.centre["Cell"] == (12,)
    assert b.rows["Cell"][0] == (0, 2, 5, 9, 14) and b.columns["Cell"][0] == (0, 1, 3, 6, 10)
    assert b.labels[b.site("E5")] == "e5" and b.site("e5") == 24


def test_three_by_three_cells_vertices_and_edges_as_in_ludii():
    b = Board(rectangle(3, 3), use=("Cell", "Vertex", "Edge"))
    assert b.count == {"Cell": 9, "Vertex": 16, "Edge": 24}
    ov, oe = b.offset["Vertex"], b.offset["Edge"]
    assert b.steps_by_dir[4] == {"N": (7,), "NE": (8,), "E": (5,), "SE": (2,), "S": (1,),
                                 "SW": (0,), "W": (3,), "NW": (6,)}
    # a vertex's diagonal steps are not adjacent in Ludii
    assert [x - ov for x in b.nbrs["Adjacent"][ov + 5]] == [1, 4, 6, 9]
    assert [x - ov for x in b.nbrs["Diagonal"][ov + 5]] == [0, 2, 8, 10]
    assert b.directions["Adjacent"] == ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    # edges are numbered by their midpoints, bottom row first
    assert b.coords[oe + 3] == (0.0, 0.5) and b.coords[oe + 7] == (0.5, 1.0)
    assert [x - oe for x in b.nbrs["Orthogonal"][oe + 4]] == [0, 1, 7, 8, 11]
    assert b.ludii_labels[oe + 4] == "4" and b.labels[oe + 4] == "b1-b2"
    rel = {t: {k: tuple(x - b.offset[t] for x in v) for k, v in b.regions[t].items()}
           for t in b.use}
    assert rel["Edge"]["Perimeter"] == (0, 1, 2, 3, 6, 10, 13, 17, 20, 21, 22, 23)
    assert rel["Edge"]["Centre"] == (8, 11, 12, 15)
    assert rel["Vertex"]["Corners"] == (0, 3, 12, 15) and rel["Vertex"]["Inner"] == (5, 6, 9, 10)
    # sides by the fixed rule (Ludii 1.0.8 turns them on this board, a known bug)
    assert b.side("Cell", "N") == (6, 7, 8) and b.side("Cell", "W") == (0, 3, 6)


def test_vertex_board_counts_points():
    from ludeme.board.shapes import rectangle as grid

    b = Board(grid(3, 3, counts="Site"), use=("Vertex",))
    assert b.count == {"Vertex": 9}
    assert Board(grid(3, 3, counts="Site")).count == {"Cell": 9}


def test_tri_hexagon_vertices():
    from ludeme.board.shapes import tri_shape

    b = Board(tri_shape(2, "Hexagon"), use=("Vertex",))
    assert b.count["Vertex"] == 7
    assert b.directions["Adjacent"] == ("NNE", "E", "SSE", "SSW", "W", "NNW")
    assert b.centre["Vertex"] == (3,)


def test_merged_sections_with_one_missing():
    # a 12 x 8 board of 4 x 4 sections without the top-right one
    shape = merge(rectangle(4, 12), shift(0, 4, rectangle(4, 8)))
    b = Board(shape)
    assert b.count["Cell"] == 80
    assert "i5" not in b.index["Cell"] and "h8" in b.index["Cell"] and "l4" in b.index["Cell"]
    # the missing section makes h5..h8 and i4..l4 perimeter cells
    assert b.site("h6") in b.perimeter["Cell"] and b.site("j4") in b.perimeter["Cell"]


def test_remove_cells():
    b = Board(remove(rectangle(3, 3), lambda g: {4}))
    assert b.count["Cell"] == 8 and "b2" not in b.index["Cell"]
    assert b.site("b1") in b.perimeter["Cell"]


def test_board_size_limit_is_an_error():
    with pytest.raises(LudemeError, match="too large"):
        rectangle(10_000, 10_000)
