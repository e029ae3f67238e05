"""``(is Line n exact:True)``: a line of exactly n through the last piece (Gomoku's
rule against overlines), on hand-built positions."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position


def make(exact: str):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square 7)) (piece "Ball" Each)}})
            (rules (play (move Add (to (sites Empty))))
                (end (if (is Line 3 All {exact}) (result Mover Win)))))""", file="test.lud")


def after(game, pieces: dict[str, str], move: str):
    s = position(game, pieces, 1)
    s.apply(s.parse_move(move))
    return s


def test_exact_line_wins_but_an_overline_does_not():
    exact = make("exact:true")
    free = make("")
    # a1 b1 _ d1: playing c1 makes four in a row
    four = {"a1": "Ball1", "b1": "Ball1", "d1": "Ball1"}
    assert after(free, four, "c1").returns() == [1.0, -1.0]
    assert not after(exact, four, "c1").is_terminal()
    # exactly three in a row, and a diagonal of three
    assert after(exact, {"a1": "Ball1", "b1": "Ball1"}, "c1").returns() == [1.0, -1.0]
    assert after(exact, {"a1": "Ball1", "b2": "Ball1"}, "c3").returns() == [1.0, -1.0]


def test_an_overline_on_one_axis_does_not_hide_an_exact_line_on_another():
    exact = make("exact:true")
    # c1 completes a1-d1 (four, not a win) and c1-c2-c3 (three, a win)
    pieces = {"a1": "Ball1", "b1": "Ball1", "d1": "Ball1", "c2": "Ball1", "c3": "Ball1"}
    assert after(exact, pieces, "c1").returns() == [1.0, -1.0]


def test_exact_false_is_the_free_rule():
    s = after(make("exact:false"), {"a1": "Ball1", "b1": "Ball1", "d1": "Ball1"}, "c1")
    assert s.returns() == [1.0, -1.0]


def test_all_on_a_grid_of_points_includes_the_diagonals():
    # Ludii: on a square board's vertices Adjacent is orthogonal, All adds diagonals
    def game(dirs: str):
        return ludeme.loads(f"""
            (game "T" (players 2)
                (equipment {{(board (square 7) use:Vertex) (piece "Ball" Each)}})
                (rules (play (move Add (to (sites Empty))))
                    (end (if (is Line 3 {dirs}) (result Mover Win)))))""", file="t.lud")

    diagonal = {"a1": "Ball1", "b2": "Ball1"}
    assert after(game("All exact:true"), diagonal, "c3").returns() == [1.0, -1.0]
    assert not after(game(""), diagonal, "c3").is_terminal()
    assert after(game(""), {"a1": "Ball1", "a2": "Ball1"}, "a3").is_terminal()
