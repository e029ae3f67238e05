"""Coordinate labels, rows and columns as Ludii numbers them where its clustering is
fragile: near ties decided by Ludii's 32-bit points, the positional fallback when two
sites would share a label, and boardless fields (which keep the measured labels).
Expectations are hand-checked against Ludii 1.0.8's board dumps; no Java needed."""

from __future__ import annotations

from ludeme.api import loads
from ludeme.board import Board, hex_shape


def board_of(form: str, types=("Vertex",)) -> Board:
    game = loads(f'(game "B" (players 2) (equipment {{ {form} (piece "Disc" Each) }}) '
                 f'(rules (play (move Pass)) (end (if (no Moves Mover) (result Mover Loss)))))')
    return Board(game.board.graph, types)


def test_turned_star_is_labelled_by_position_like_ludii():
    # Ludii's star points are 32-bit floats; turned by 30 degrees, its rows tie and it
    # takes the sloping rows, whose labels repeat, so it labels every point by position
    b = board_of("(board (rotate 30 (hex Star 2)))", ("Cell", "Vertex"))
    assert b.count == {"Cell": 37, "Vertex": 102}
    o = b.offset["Vertex"]
    assert [b.ludii_labels[o + i] for i in range(4)] == ["O1", "N1", "P2", "M2"]
    assert b.ludii_labels[o + 22] == "T8"
    # cells keep their clustered rows and columns
    assert b.ludii_labels[:3] == ("C1", "C2", "D2")


def test_a_point_near_two_columns_is_in_both_and_named_by_the_higher():
    # two points at one place share a label, so Ludii falls back to positions: x values
    # 0 and 0.0018 are the columns, and the point at 0.0009 is within 0.001 of both
    b = board_of("(board (graph vertices:{{0 0} {0.0009 0} {0.0018 0} {0 0}} "
                 "edges:{{0 1} {1 2} {2 3}}) use:Vertex)")
    assert b.ludii_labels == ("A1", "B1", "B1", "A1")
    assert b.columns["Vertex"] == ((0, 1, 3), (1, 2))
    assert b.rows["Vertex"] == ((0, 1, 2, 3),)


def test_boardless_keeps_the_measured_labels_even_where_they_repeat():
    on_board = Board(hex_shape(3), ["Vertex"])
    boardless = Board(hex_shape(3), ["Vertex"], boardless=True)
    assert on_board.graph.duplicate["Vertex"]
    assert on_board.ludii_labels[:3] == ("D1", "F1", "H1")
    assert boardless.ludii_labels[:3] == ("A1", "B1", "C1")
    # rows and columns are positional either way
    assert boardless.columns["Vertex"] == on_board.columns["Vertex"]


def test_boardless_ludeme_builds_a_boardless_board():
    game = loads('(game "B" (players 2) (equipment { (boardless Hexagonal) '
                 '(piece "Disc" Each) }) (rules (play (move Pass)) '
                 '(end (if (no Moves Mover) (result Mover Loss)))))')
    assert game.board.boardless
    assert game.board.count["Cell"] == 1261
