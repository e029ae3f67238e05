"""``(move Leap ...)`` along Ludii walks: the knight's ``{{F F R F} {F F L F}}`` from
every orthogonal direction, with the landing rule folded. Hand-built positions."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position

KNIGHT = '(move Leap "KnightWalk" (to if:(not (is Friend (who at:(to))))))'


def make(moves: str, size: int = 5):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square {size})) (piece "Knight" Each {moves})}})
            (rules
                (start {{(place "Knight1" {{"a1"}}) (place "Knight2" {{"e5"}})}})
                (play (forEach Piece))
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")


def texts(s) -> list[str]:
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_a_knight_in_the_centre_and_in_a_corner():
    g = make(KNIGHT)
    s = position(g, {"c3": "Knight1", "a1": "Knight1", "b5": "Knight2", "d1": "Knight1"}, 1)
    # c3: a2 a4 b1 b5 d1 d5 e2 e4, less d1 (a friend); a1: b3 c2; d1: b2 c3(friend) e3 f2(off)
    assert texts(s) == ["a1-b3", "a1-c2", "c3-a2", "c3-a4", "c3-b1", "c3-b5", "c3-d5",
                        "c3-e2", "c3-e4", "d1-b2", "d1-e3"]
    s.apply(s.parse_move("c3-b5"))
    assert s.board() == {"b5": "Knight1", "a1": "Knight1", "d1": "Knight1"}


def test_a_walk_without_rotations_goes_from_the_first_direction_only():
    g = make("(move Leap {{F F R F}} rotations:False (to if:(is Empty (to))))")
    s = position(g, {"c3": "Knight1"}, 1)
    # the first orthogonal direction is N: two up, then right: d5
    assert texts(s) == ["c3-d5"]


def test_apply_acts_on_the_site_reached():
    g = make('(move Leap {{F F}} (to if:(is Enemy (who at:(to))) (apply (remove "a2"))))')
    s = position(g, {"a1": "Knight1", "a3": "Knight2", "a2": "Knight2"}, 1)
    assert texts(s) == ["a1-a3"]
    s.apply(s.parse_move("a1-a3"))
    assert s.board() == {"a3": "Knight1"}


def test_forward_leaps_only_ahead_of_the_players_facing():
    g = ludeme.loads("""
        (game "Test" (players {(player N) (player S)})
            (equipment {(board (square 5)) (piece "Knight" Each
                (move Leap "KnightWalk" forward:true (to if:(is Empty (to)))))})
            (rules
                (start {(place "Knight1" "c3") (place "Knight2" "c4")})
                (play (forEach Piece))
                (end (if (>= (count Moves) 40) (result Mover Draw)))))""", file="test.lud")
    s = g.new_initial_state()
    assert texts(s) == ["c3-a4", "c3-b5", "c3-d5", "c3-e4"]   # P1 faces north
    s.apply(s.parse_move("c3-a4"))
    assert texts(s) == ["c4-a3", "c4-b2", "c4-d2", "c4-e3"]   # P2 faces south
