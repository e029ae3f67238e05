"""Board ludemes built as Ludii builds them: site counts, numbers, labels, positions and
neighbours of small boards, checked by hand against Ludii's own board dumps (the
``benchmarks.ludii_boards`` script compares every library board; these need no Java)."""

from __future__ import annotations

import pytest

from ludeme.api import loads
from ludeme.board import Board
from ludeme.errors import LudemeError


def board_of(form: str, types=("Vertex",)) -> Board:
    game = loads(f'(game "B" (players 2) (equipment {{ {form} (piece "Disc" Each) }}) '
                 f'(rules (play (move Pass)) (end (if (no Moves Mover) (result Mover Loss)))))')
    return Board(game.board.graph, types)


def vertex(b: Board, label: str) -> int:
    return b.site(label, "Vertex") - b.offset["Vertex"]


def orth(b: Board, i: int) -> list[int]:
    o = b.offset["Vertex"]
    return sorted(s - o for s in b.nbrs["Orthogonal"][o + i])


def test_wedge_is_a_fan_of_lines_numbered_from_its_point():
    b = board_of("(board (scale 1 2 (wedge 4)) use:Vertex)", ("Vertex", "Edge"))
    assert b.count == {"Vertex": 10, "Edge": 15}
    assert not b.graph.faces
    # Ludii: vertex 0 is the point (D4 at 3,6), then each row left to right
    assert [b.ludii_labels[i] for i in range(10)] == \
        ["D4", "C3", "D3", "E3", "B2", "D2", "F2", "A1", "D1", "G1"]
    assert b.coords[0] == (3.0, 6.0) and b.coords[7] == (0.0, 0.0)
    assert orth(b, 0) == [1, 2, 3]
    assert orth(b, 5) == [2, 4, 6, 8]
    assert b.steps_by_dir[b.offset["Vertex"] + 1]["NNE"] == (b.offset["Vertex"],)
    assert sorted(b.sides["Vertex"]["NW"]) == [b.offset["Vertex"] + i for i in (0, 1, 4, 7)]
    # every vertex turns about the wedge's point
    assert all(v.pivot is b.graph.vertices[0] for v in b.graph.vertices)


def test_wedges_merged_onto_a_square_keep_ludiis_numbers():
    b = board_of("(board (merge {(shift 0 2 (square 5 diagonals:Alternating)) (wedge 3) "
                 "(shift 0 6 (rotate 180 (wedge 3)))}) use:Vertex)", ("Vertex", "Cell"))
    assert b.count == {"Vertex": 37, "Cell": 40}
    o = b.offset["Vertex"]
    assert [b.ludii_labels[o + i] for i in (0, 12, 29, 32)] == ["A3", "C5", "C1", "C8"]
    assert orth(b, 12) == [6, 7, 8, 11, 13, 16, 17, 18]
    assert orth(b, 29) == [26, 28, 30]
    assert sorted(s - o for s in b.nbrs["Diagonal"][o + 29]) == [25, 27]


def test_wedge_needs_two_columns():
    with pytest.raises(LudemeError, match="2 columns"):
        board_of("(board (wedge 3 1) use:Vertex)")


def test_add_numbers_new_points_after_the_old_and_finds_no_new_cells():
    b = board_of("(board (add (rectangle 1 2) vertices:{{0.5 1} {1 0}} "
                 "edges:{{{0 0} {0.5 1}} {{1 0} {0.5 1}} {{0 0} {2 0}}}) use:Vertex)",
                 ("Vertex", "Edge"))
    # {1 0} is already vertex 1; {2 0} is new, numbered after {0.5 1}
    assert b.count == {"Vertex": 4, "Edge": 4}
    assert b.coords[:4] == ((0.0, 0.0), (1.0, 0.0), (0.5, 1.0), (2.0, 0.0))
    assert orth(b, 0) == [1, 2, 3] and orth(b, 2) == [0, 1]
    assert not b.graph.faces  # Ludii's add keeps the cells it was given: none here
    b = board_of("(board (add (rectangle 1 2) cells:{{{0 0} {0.5 1} {1 0}}}) use:Vertex)",
                 ("Vertex", "Cell"))
    assert b.count == {"Vertex": 3, "Cell": 1} and orth(b, 2) == [0, 1]
    with pytest.raises(LudemeError, match="not a line"):  # by numbers: lines must exist
        board_of("(board (add (rectangle 1 2) vertices:{{0.5 1}} cells:{{0 1 2}}) use:Vertex)")


def test_a_line_across_a_cell_is_not_also_a_diagonal():
    # Ludii: a diagonal step to a point already joined by a line is filed as the line only
    b = board_of("(board (add (rectangle 3 2) edges:{{0 3}}) use:Vertex)", ("Vertex", "Cell"))
    assert b.count == {"Vertex": 6, "Cell": 2}  # the cells are not cut by the new line
    o = b.offset["Vertex"]

    def diag(i):
        return sorted(s - o for s in b.nbrs["Diagonal"][o + i])

    assert orth(b, 0) == [1, 2, 3] and diag(0) == []
    assert diag(1) == [2]
    assert orth(b, 3) == [0, 1, 2, 5] and diag(3) == [4]


def test_add_rejects_an_edge_to_a_missing_vertex():
    with pytest.raises(LudemeError, match="two different vertices"):
        board_of("(board (add (rectangle 2 2) edges:{{0 9}}) use:Vertex)")


def test_morris_rings_are_numbered_by_position_and_have_no_cells():
    b = board_of("(board (morris 3) use:Vertex)", ("Vertex", "Edge"))
    assert b.count == {"Vertex": 24, "Edge": 32}
    assert [b.ludii_labels[i] for i in (0, 1, 2, 3, 22, 23)] == \
        ["A1", "D1", "G1", "B2", "D7", "G7"]
    assert orth(b, 0) == [1, 9] and orth(b, 1) == [0, 2, 4] and orth(b, 22) == [19, 21, 23]
    joined = board_of("(board (morris 3 joinCorners:True) use:Vertex)")
    assert orth(joined, 0) == [1, 3, 9] and orth(joined, 8) == [5, 7, 12]


def test_circle_points_run_from_the_centre_clockwise_from_the_top():
    b = board_of("(board (circle {8}) use:Vertex)", ("Vertex", "Edge"))
    assert b.count == {"Vertex": 9, "Edge": 16}
    assert [b.ludii_labels[i] for i in (0, 1, 2, 3, 7, 8)] == ["B2", "B3", "C3", "C2", "A2", "A3"]
    assert b.coords[1] == pytest.approx((0.0, 0.5)) and b.coords[2] == pytest.approx(
        (0.35355, 0.35355), abs=1e-4)
    assert orth(b, 0) == list(range(1, 9)) and orth(b, 1) == [0, 2, 8]
    assert b.steps_by_dir[b.offset["Vertex"] + 1]["ESE"] == (b.offset["Vertex"] + 2,)
    assert all(v.pivot is b.graph.vertices[0] for v in b.graph.vertices)
    cells = board_of("(board (circle {1 8}))", ("Cell",))
    assert cells.count == {"Cell": 9}


def test_a_star_split_where_its_lines_cross():
    b = board_of("(board (splitCrossings (shape Star 5)) use:Vertex)",
                 ("Vertex", "Edge", "Cell"))
    # the 5 tips keep their numbers; the 5 crossings come after them
    assert b.count == {"Vertex": 10, "Edge": 15, "Cell": 6}
    assert [b.ludii_labels[b.offset["Vertex"] + i] for i in range(10)] == \
        ["B1", "H1", "A4", "I4", "E5", "E2", "D4", "G3", "C3", "F4"]
    assert b.coords[b.offset["Vertex"] + 4] == pytest.approx((0.0, 5 / (2 * 3.141592653589793)))
    assert orth(b, 0) == [5, 8] and orth(b, 5) == [0, 1, 7, 8]
    o = b.offset["Vertex"]
    assert sorted(s - o for s in b.nbrs["Diagonal"][o + 5]) == [6]  # across the pentagon
    star = board_of("(board (shape Star 5) use:Vertex)", ("Vertex", "Edge"))
    assert star.count == {"Vertex": 5, "Edge": 5}


def test_complete_joins_every_point_and_finds_cells_without_crossings():
    b = board_of("(board (complete (shape Star 6)) use:Edge)", ("Edge", "Vertex", "Cell"))
    assert b.count == {"Edge": 15, "Vertex": 6, "Cell": 2}
    assert orth(b, 0) == [1, 2, 3, 4, 5]
    assert b.ludii_labels[b.offset["Vertex"] + 1] == "A2"


def test_remove_lines_given_by_their_end_points_positions():
    whole = board_of("(board (square 3 diagonals:Alternating) use:Vertex)")
    assert orth(whole, 0) == [1, 3, 4]
    b = board_of("(board (makeFaces (remove (square 3 diagonals:Alternating) "
                 "edges:{{{0 0} {1 1}} {{0 1} {1 1}}})) use:Vertex)", ("Vertex", "Cell"))
    assert orth(b, 0) == [1, 3] and orth(b, 4) == [1, 2, 5, 6, 7, 8]
    # makeFaces joins the three triangles the two lines divided: 0 1 4 6 3
    assert b.count["Cell"] == 6
    assert sorted(len(f.vertices) for f in b.graph.faces) == [3, 3, 3, 3, 3, 5]


def test_radiating_and_concentric_diagonals():
    b = board_of("(board (rectangle 5 5 diagonals:Radiating) use:Vertex)")
    assert orth(b, 12) == [6, 7, 8, 11, 13, 16, 17, 18]  # the middle: lines to the corners
    assert orth(b, 0) == [1, 5, 6] and orth(b, 1) == [0, 2, 6]
    # Ludii's Concentric on 4 x 4 points: the diagonals turn about the middle
    b = board_of("(board (square 4 diagonals:Concentric) use:Vertex)")
    assert orth(b, 1) == [0, 2, 4, 5] and orth(b, 5) == [1, 2, 4, 6, 8, 9]
    assert orth(b, 0) == [1, 4] and orth(b, 15) == [11, 14]


def test_boardless_is_a_large_field_of_cells():
    game = loads('(game "B" (players 2) (equipment {(boardless Square) (piece "Disc" Each)}) '
                 '(rules (play (move Pass)) (end (if (no Moves Mover) (result Mover Loss)))))')
    assert game.board.count == {"Cell": 41 * 41}
    assert game.board.ludii_labels[0] == "A1"


def test_keep_and_hole_cut_a_shape_with_a_polygon():
    b = board_of("(board (keep (square 4) (poly {{0 0} {0 2} {2 2} {2 0}})))",
                 ("Cell", "Vertex", "Edge"))
    # points on a clockwise outline count as inside (Ludii grows the polygon by 0.1 at
    # each corner; given anticlockwise, the same rule shrinks it)
    assert b.count == {"Cell": 4, "Vertex": 9, "Edge": 12}
    ccw = board_of("(board (keep (square 4) (poly {{0 0} {2 0} {2 2} {0 2}})) use:Vertex)")
    assert ccw.count == {"Vertex": 1}
    assert sorted(b.ludii_labels[:4]) == ["A1", "A2", "B1", "B2"]
    b = board_of("(board (hole (square 3) (poly {{1 1} {1 2} {2 2} {2 1}})))",
                 ("Cell", "Vertex", "Edge"))
    assert b.count == {"Cell": 8, "Vertex": 16, "Edge": 24}  # the hole's sides stay
    assert "B2" not in b.ludii_labels[:8]
    with pytest.raises(LudemeError, match="3 corners"):
        board_of("(board (keep (square 4) (poly {{0 0} {2 0}})))")


def test_hex_star_is_chinese_checkers_field():
    b = board_of("(board (hex Star 4))", ("Cell", "Vertex", "Edge"))
    assert b.count == {"Cell": 121, "Vertex": 294, "Edge": 414}
    assert [b.ludii_labels[i] for i in (0, 1, 60, 120)] == ["E1", "E2", "I9", "M17"]
    assert b.coords[60] == pytest.approx((6.9282, 12.0), abs=1e-4)
    assert sorted(b.nbrs["Adjacent"][60]) == [50, 51, 59, 61, 69, 70]
    assert sorted(b.nbrs["Adjacent"][0]) == [1, 2]


def test_subdivide_puts_a_point_in_each_cell_last_cell_first():
    b = board_of("(board (subdivide (hex 2)) use:Vertex)", ("Vertex", "Edge"))
    assert b.count == {"Vertex": 31, "Edge": 72}
    assert not b.graph.faces  # none kept on a vertex board
    # the middles are numbered after the corners, the last cell's first
    assert [b.ludii_labels[i] for i in (24, 25, 29, 30)] == ["F5", "E6", "C2", "B3"]
    assert b.coords[30] == pytest.approx((0.0, 0.0)) and b.coords[24] == pytest.approx(
        (1.7321, 3.0), abs=1e-4)
    assert orth(b, 30) == [0, 2, 3, 5, 6, 9] and orth(b, 0) == [2, 3, 30]


def test_skew_slants_by_height():
    b = board_of("(board (skew 0.5 (square 2)) use:Vertex)")
    assert b.coords[:4] == ((0.0, 0.0), (1.0, 0.0), (0.5, 1.0), (1.5, 1.0))


def test_hex_rectangle_rows_alternate_as_in_ludii():
    b = board_of("(board (hex Rectangle 4 3))", ("Cell",))
    assert b.count == {"Cell": 3 + 2 + 3 + 2}
    rows = sorted({round(y, 3) for _, y in b.coords})
    assert [sum(1 for _, y in b.coords if round(y, 3) == r) for r in rows] == [3, 2, 3, 2]


def test_limping_hexhex_has_sides_of_two_lengths_in_turn():
    # (hex Limping 2): sides of 2 and 3 cells; Ludii 1.0.8 builds 12 cells, 37 points
    b = board_of("(board (hex Limping 2))", ("Cell", "Vertex", "Edge"))
    assert b.count == {"Cell": 12, "Vertex": 37, "Edge": 48}
    assert b.ludii_labels[:8] == ("A1", "B1", "C1", "A2", "B2", "C2", "D2", "B3")
    assert b.coords[0] == pytest.approx((-0.8660, -4.5), abs=1e-4)
    assert sorted(b.nbrs["Orthogonal"][4]) == [0, 1, 3, 5, 7, 8]
    assert sorted(b.nbrs["Orthogonal"][6]) == [2, 5, 9]
    assert len(b.rows["Cell"]) == 4 and [len(r) for r in b.rows["Cell"]] == [3, 4, 3, 2]


def test_rhombitrihexagonal_tiling_numbers_points_as_ludii():
    # (rotate 90 (tiling T3464 2)): 7 hexagons with their squares and triangles; counts,
    # labels and neighbours as Ludii 1.0.8 prints them
    b = board_of("(board (rotate 90 (tiling T3464 2)) use:Vertex)", ("Vertex", "Cell", "Edge"))
    assert b.count == {"Vertex": 72, "Cell": 61, "Edge": 132}
    o = b.offset["Vertex"]
    assert b.ludii_labels[o:o + 3] == ("U8", "U9", "T6")
    assert b.ludii_labels[:2] == ("M7", "M8")        # cells 0 and 1
    assert b.coords[o] == pytest.approx((4.5981, 2.2321), abs=1e-4)
    assert orth(b, 0) == [1, 2, 4]
    assert orth(b, 2) == [0, 4, 7]
    assert sorted(s - o for s in b.nbrs["Diagonal"][o + 1]) == [4]


def test_tiling_parallelogram_is_refused_clearly():
    with pytest.raises(LudemeError, match="parallelogram"):
        board_of("(board (tiling T3464 2 3) use:Vertex)")


def test_dual_of_the_snub_hexagonal_tiling():
    # (dual (tiling T33336 3)): a point in each cell of the tiling, lines across shared
    # lines; counts, labels and neighbours as Ludii 1.0.8 prints them
    b = board_of("(board (dual (tiling T33336 3)))", ("Cell", "Vertex", "Edge"))
    assert b.count == {"Cell": 114, "Vertex": 217, "Edge": 330}
    assert b.ludii_labels[:3] == ("C1", "D1", "C2")
    assert b.coords[2] == pytest.approx((-1.0, 0.0), abs=1e-4)
    assert sorted(b.nbrs["Orthogonal"][2]) == [0, 7, 8]
    assert sorted(b.nbrs["Adjacent"][0]) == [1, 2, 3, 8, 9]
    o = b.offset["Vertex"]
    assert b.ludii_labels[o:o + 2] == ("K1", "M1")


def test_dual_of_a_square_is_the_square_of_its_middles():
    # on a vertex board (square 4) is 4 x 4 points, so 3 x 3 cells: their middles make a
    # 3 x 3 grid of points with 2 x 2 cells
    b = board_of("(board (dual (square 4)) use:Vertex)", ("Vertex", "Cell"))
    assert b.count == {"Vertex": 9, "Cell": 4}
    assert b.coords[b.offset["Vertex"]] == pytest.approx((0.5, 0.5))
    assert orth(b, 0) == [1, 3]
    assert orth(b, 4) == [1, 3, 5, 7]


def test_renumber_numbers_again_by_position():
    merged = "(merge (shift 0 1 (square 2)) (square 2))"      # 2 x 2 points each
    before = board_of(f"(board {merged} use:Vertex)", ("Vertex", "Cell"))
    after = board_of(f"(board (renumber {merged}) use:Vertex)", ("Vertex", "Cell"))
    only_points = board_of(f"(board (renumber Vertex {merged}) use:Vertex)", ("Vertex", "Cell"))
    o = before.offset["Vertex"]
    assert before.coords[o] == (0.0, 1.0)      # the upper square's points come first
    assert [after.coords[o + i] for i in range(3)] == [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]
    assert only_points.coords[o:] == after.coords[o:]
    assert after.count == {"Vertex": 6, "Cell": 2}
    assert after.coords[0] == (0.5, 0.5) and after.coords[1] == (0.5, 1.5)
    with pytest.raises(LudemeError, match="needs a shape"):
        board_of("(board (renumber Vertex) use:Vertex)")


def test_spiral_track_of_points_from_the_centre():
    # (spiral turns:5 sites:88) as Ludii 1.0.8 builds it: the centre, then 87 points
    # along the spiral, each joined to the next
    b = board_of("(board (spiral turns:5 sites:88) use:Vertex)", ("Vertex", "Edge"))
    assert b.count == {"Vertex": 88, "Edge": 87}
    assert b.coords[1] == pytest.approx((-3.3579, -4.2106), abs=1e-4)
    assert b.coords[4] == pytest.approx((5.3166, 6.6668), abs=1e-4)
    assert b.ludii_labels[:3] == ("AV42", "AO35", "AL44")
    assert orth(b, 0) == [1] and orth(b, 1) == [0, 2] and orth(b, 87) == [86]
    with pytest.raises(LudemeError, match="spiral"):
        board_of("(board (spiral turns:0 sites:5) use:Vertex)")


def test_repeat_draws_polygons_on_a_lattice():
    # unit squares repeated 2 rows x 3 columns are the 2 x 3 board, numbered alike
    rep = board_of("(board (repeat 2 3 step:{{1 0} {0 1}} (poly {{0 0} {1 0} {1 1} {0 1}})))",
                   ("Cell", "Vertex", "Edge"))
    grid = board_of("(board (rectangle 2 3))", ("Cell", "Vertex", "Edge"))
    assert rep.count == grid.count == {"Cell": 6, "Vertex": 12, "Edge": 17}
    assert rep.coords == grid.coords
    assert rep.ludii_labels[:6] == grid.ludii_labels[:6] == ("A1", "B1", "C1", "A2", "B2", "C2")
    # an upward and a downward triangle per step: 4 triangles in a strip, numbered by
    # their middles (the upward ones lower down, so first)
    tri = board_of("(board (repeat 1 2 step:{{1 0} {0.5 1}} {(poly {{0 0} {1 0} {0.5 1}}) "
                   "(poly {{1 0} {1.5 1} {0.5 1}})}))", ("Cell", "Vertex"))
    assert tri.count == {"Cell": 4, "Vertex": 6}
    assert [sorted(tri.nbrs["Orthogonal"][i]) for i in range(4)] == [[2], [2, 3], [0, 1], [1]]


def test_board_measures_may_be_arithmetic_on_numbers():
    b = board_of("(board (merge (shift (- 4 1) 0 (rectangle (* 2 2) 1)) (rectangle 1 (+ 1 2))))",
                 ("Cell",))
    assert b.count == {"Cell": 7}
    assert (3.5, 3.5) in b.coords and (2.5, 0.5) in b.coords
    with pytest.raises(LudemeError, match="known before play"):
        board_of("(board (shift (count Moves) 0 (square 2)))")


def test_surakarta_board_loops_are_tracks_round_the_corners():
    from ludeme.ludemes.equipment.boards import _corner_loops_square

    def passes(seq):     # the sites a loop lists, a corner twice, repeats in a row once
        out = []
        for i, a in enumerate(seq):
            out += [abs(a)] * (2 if a < 0 and seq[(i + 1) % len(seq)] < 0 else 1)
        return [x for i, x in enumerate(out) if i == len(out) - 1 or out[i + 1] != x]

    # the inner loop of a 6 x 6 grid of points, as Ludii 1.0.8 lists "Track1F"
    assert passes(_corner_loops_square(6, 6, 1)) == [
        6, 7, 8, 9, 10, 11, 4, 10, 16, 22, 28, 34, 29, 28, 27, 26, 25, 24, 31, 25, 19, 13, 7, 1]
    desc = ('(game "S" (players 2) (equipment { (surakartaBoard (square 6)) '
            '(piece "Disc" Each) }) (rules (start (place "Disc1" (sites Track "Track2B"))) '
            '(play (move Pass)) (end (if (no Moves Mover) (result Mover Loss)))))')
    import ludeme

    state = ludeme.loads(desc).new_initial_state()
    assert state.game.board.count == {"Vertex": 36}
    on = {s for s in range(36) if state.what[s] != 0}
    # the outer loop: rows and columns 2 and 3 (from each side) of the 6 x 6 points
    assert on == {2, 3, 8, 9, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 26, 27, 32, 33}
    with pytest.raises(LudemeError, match="does not fit"):
        ludeme.loads(desc.replace("(square 6)", "(square 6) loops:6"))


def test_intersect_keeps_what_every_shape_has():
    # two 3 x 3 boards one column apart share 2 columns of cells
    b = board_of("(board (intersect {(square 3) (shift 1 0 (square 3))}))", ("Cell", "Vertex"))
    assert b.count == {"Cell": 6, "Vertex": 12}
    assert b.coords[0] == (1.5, 0.5)
    o = b.offset["Vertex"]
    assert b.coords[o] == (1.0, 0.0) and b.coords[o + 2] == (3.0, 0.0)
    assert sorted(b.nbrs["Orthogonal"][0]) == [1, 2]


def test_trihex_from_its_side_lengths():
    # sides of 3 points all round: the hexagon of 19 points and 24 triangles
    b = board_of("(board (tri {3 3 3 3 3 3}) use:Vertex)", ("Vertex", "Cell", "Edge"))
    assert b.count == {"Vertex": 19, "Cell": 24, "Edge": 42}
    o = b.offset["Vertex"]
    assert sorted(len(b.nbrs["Orthogonal"][o + i]) for i in range(19)).count(6) == 7
    # sides of 2 and 3 points in turn: a triangle of 5-point sides less its 3 corners
    limp = board_of("(board (tri Limping 2) use:Vertex)", ("Vertex", "Cell"))
    assert limp.count == {"Vertex": 12, "Cell": 13}
    with pytest.raises(LudemeError, match="length 0"):
        board_of("(board (tri {3 0 3}) use:Vertex)")


def test_pyramidal_square_stacks_layers_in_the_hollows():
    # Ludii's (square 3 pyramidal:True): 3x3 points, 2x2 above them, 1 on top, each
    # raised point joined to the four below it (at distance 1 in space)
    b = board_of("(board (square 3 pyramidal:True) use:Vertex)", ("Vertex", "Edge"))
    assert b.count == {"Vertex": 14, "Edge": 12 + 4 + 20}
    g = b.graph
    assert sorted({round(v.z, 4) for v in g.vertices}) == [0.0, 0.7071, 1.4142]
    # numbered by position only (y * 100 + x): the ground point first where a raised
    # point stands above it (C3/0 then C3/2, Ludii's order)
    labels = [b.ludii_labels[i] for i in range(14)]
    assert labels[:4] == ["A1/0", "C1/0", "E1/0", "B2/1"]
    top = vertex(b, "C3/2")
    assert vertex(b, "C3/0") == top - 1
    assert top == 7 and orth(b, top) == [3, 4, 9, 10]  # the four it rests on, no others
    # a step up or down has no compass direction; in-layer steps keep theirs
    o = b.offset["Vertex"]
    assert b.steps_by_dir[o + top] == {}
    assert b.steps_by_dir[o + 3]["E"] == (o + 4,)
    # rows are the ground's rows, taking the raised points over them (Ludii's rule on
    # boards in three dimensions)
    assert [s - o for s in b.rows["Vertex"][1]] == [5, 6, 7, 8]
    assert len(b.rows["Vertex"]) == 3


def test_pyramidal_refuses_diagonals_too():
    with pytest.raises(LudemeError, match="only one of"):
        board_of("(board (square 3 diagonals:Alternating pyramidal:True) use:Vertex)")


def test_scale_and_shift_amounts_are_ludiis_32_bit_floats():
    # 1.414 reaches Ludii's geometry as 1.41400003...; on this merged board the two
    # candidates for a diagonal neighbour lie on one line, and that rounding decides
    from ludeme.board.tiling import Graph, scale
    g = Graph()
    g.add_vertex(1.0, 0.0)
    assert scale(g, 1.414, 1.414).vertices[0].x == pytest.approx(1.4140000343322754, abs=0)
    b = board_of("(board (merge (scale 1.414 (circle {8})) (shift -0.5 -0.5 (square 2))) "
                 "use:Edge)", ("Cell",))
    o = b.offset["Cell"]
    # Ludii's dump: cell 7's diagonal neighbours are 0, 4, 9 and 10
    assert sorted(s - o for s in b.nbrs["Diagonal"][o + 7]) == [0, 4, 9, 10]
