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


def test_hexagon_labels_are_row_letter_then_position():
    b = Board(hex_shape(6))
    assert labels(b, b.centre["Cell"]) == ["f6"]
    row_a = [lab for lab in b.index["Cell"] if lab[0] == "a"]
    row_f = [lab for lab in b.index["Cell"] if lab[0] == "f"]
    assert len(row_a) == 6 and len(row_f) == 11
    assert "k6" in b.index["Cell"] and "k7" not in b.index["Cell"]
    f6 = b.site("f6")
    assert labels(b, b.nbrs["Adjacent"][f6]) == ["e5", "e6", "f5", "f7", "g5", "g6"]


def test_hex_diamond_sides():
    b = Board(hex_shape(11, "Diamond"))
    assert b.count["Cell"] == 121
    for d in ("N", "S", "E", "W"):
        assert len(b.side("Cell", d)) == 11
    assert labels(b, b.side("Cell", "S")) == sorted(f"{c}1" for c in "abcdefghijk")


def test_merged_sections_with_one_missing():
    # a 12 x 8 board of 4 x 4 sections without the top-right one
    shape = merge(rectangle(4, 12), shift(0, 4, rectangle(4, 8)))
    b = Board(shape)
    assert b.count["Cell"] == 80
    assert "i5" not in b.index["Cell"] and "h8" in b.index["Cell"] and "l4" in b.index["Cell"]
    # the missing section makes h5..h8 and i4..l4 perimeter cells
    assert b.site("h6") in b.perimeter["Cell"] and b.site("j4") in b.perimeter["Cell"]


def test_remove_cells():
    b = Board(remove(rectangle(3, 3), {(1, 1)}))
    assert b.count["Cell"] == 8 and "b2" not in b.index["Cell"]
    assert b.site("b1") in b.perimeter["Cell"]


def test_board_size_limit_is_an_error():
    with pytest.raises(LudemeError, match="too large"):
        rectangle(10_000, 10_000)
