"""Relative directions from each player's facing (``(players {(player N) (player S)})``),
``(directions {...})`` and ``(expand ...)``, with Ludii's meaning."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.compile.directions import relative
from ludeme.errors import LudemeError
from ludeme.runtime.position import position

SQUARE = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
HEX = ("NNE", "E", "SSE", "SSW", "W", "NNW")


def test_relative_directions_on_a_square_grid():
    assert relative("Forward", "N", SQUARE) == ("N",)
    assert relative("Backward", "N", SQUARE) == ("S",)
    assert relative("FR", "N", SQUARE) == ("NE",)
    assert relative("FL", "N", SQUARE) == ("NW",)
    assert relative("FR", "S", SQUARE) == ("SW",)
    assert relative("BL", "N", SQUARE) == ("SE",)
    assert relative("Rightward", "N", SQUARE) == ("E",)
    assert relative("Leftward", "S", SQUARE) == ("E",)
    assert relative("Forwards", "N", SQUARE) == ("NW", "N", "NE")
    assert relative("Backwards", "N", SQUARE) == ("SE", "S", "SW")
    assert relative("Rightwards", "N", SQUARE) == ("NE", "E", "SE")
    assert relative("Leftwards", "N", SQUARE) == ("NW", "W", "SW")
    # Ludii 1.0.8: FRR is FR (its second turn never runs)
    assert relative("FRR", "N", SQUARE) == ("NE",)


def test_relative_directions_on_hexagons_take_the_first_supported_turn():
    assert relative("Forward", "N", HEX) == ()
    assert relative("FR", "N", HEX) == ("NNE",)
    assert relative("FL", "N", HEX) == ("NNW",)


PAWNS = """
(game "Pawns" (players {(player N) (player S)})
    (equipment {(board (square 5))
        (piece "Pawn" Each (or (move Step Forward (to if:(is Empty (to))))
                               (move Step (directions {FR FL})
                                   (to if:(is Enemy (who at:(to))) (apply (remove (to)))))))})
    (rules (start {(place "Pawn1" (expand (sites Bottom) steps:0))
                   (place "Pawn2" (sites Top))})
           (play (forEach Piece))))"""


def texts(s) -> list[str]:
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_each_player_steps_forward_and_captures_diagonally_forward_by_its_facing():
    g = ludeme.loads(PAWNS, file="pawns.lud")
    s = position(g, {"c2": "Pawn1", "b3": "Pawn2", "d3": "Pawn2", "c4": "Pawn2"}, 1)
    assert texts(s) == ["c2-b3", "c2-c3", "c2-d3"]
    s = position(g, {"c2": "Pawn1", "b3": "Pawn2", "c4": "Pawn1", "d5": "Pawn2"}, 2)
    # P2 faces south: b3 steps to b2 or takes c2 (its forward-left); d5 takes c4
    assert texts(s) == ["b3-b2", "b3-c2", "d5-c4", "d5-d4"]


def test_a_player_without_a_facing_faces_north():
    g = ludeme.loads(PAWNS.replace("(players {(player N) (player S)})", "(players 2)"),
                     file="pawns.lud")
    s = position(g, {"c2": "Pawn2"}, 2)
    assert texts(s) == ["c2-c3"]


def test_expand_adds_the_neighbours_of_a_region():
    g = ludeme.loads(PAWNS, file="pawns.lud")
    s = g.new_initial_state()
    assert len([x for x in s.what if x]) == 10   # bottom row (steps:0) and the top row
    g2 = ludeme.loads(PAWNS.replace("(expand (sites Bottom) steps:0)",
                                    "(expand (sites {\"c3\"}) steps:2 Orthogonal)"),
                      file="pawns.lud")
    s2 = g2.new_initial_state()
    own = sorted(g2.board.labels[x] for x, p in enumerate(s2.what) if p == 1)
    # c5 is also in the top row P2 places on after: a placement keeps the piece there
    assert own == sorted(["c3", "c4", "c2", "b3", "d3", "c1", "a3", "e3",
                          "b4", "d4", "b2", "d2", "c5"])


def test_a_step_outside_a_piece_moves_each_piece_by_its_own_facing():
    g = ludeme.loads(PAWNS.replace("(play (forEach Piece))",
                                   "(play (move Step Forward (to if:(is Empty (to)))))"),
                     file="pawns.lud")
    s = position(g, {"c2": "Pawn1", "b4": "Pawn2"}, 1)
    assert texts(s) == ["c2-c3"]
    s = position(g, {"c2": "Pawn1", "b4": "Pawn2"}, 2)
    assert texts(s) == ["b4-b3"]


def test_relative_directions_outside_moves_with_players_facing_apart_are_refused():
    with pytest.raises(LudemeError, match="relative direction"):
        ludeme.loads(PAWNS.replace(
            "(play (forEach Piece))",
            "(play (move Add (to (sites Direction from:(centrePoint) Forward))))"),
            file="pawns.lud")
