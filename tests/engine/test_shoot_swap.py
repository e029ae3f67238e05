"""``(move Shoot ...)`` (an Amazon's arrow) and ``(move Swap Pieces ...)`` with Ludii's
meaning, on hand-built positions."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position


def make(play: str):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square 4)) (piece "Queen" Each) (piece "Dot" Shared)}})
            (rules
                (start {{(place "Queen1" {{"a1"}}) (place "Queen2" {{"d4"}})}})
                (play {play})
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")


def texts(s) -> list[str]:
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_shoot_from_a_site_as_far_as_the_sites_are_empty():
    # Ludii names the shared piece of kind Dot "Dot0"
    g = make('(move Shoot (piece "Dot0") (from "a1") Orthogonal)')
    s = position(g, {"a1": "Queen1", "a3": "Queen2", "c1": "Queen1"}, 1)
    # north: a2 (a3 blocks); east: b1 (c1 blocks)
    assert texts(s) == ["a2", "b1"]
    s.apply(s.parse_move("b1"))
    assert s.board() == {"a1": "Queen1", "a3": "Queen2", "c1": "Queen1", "b1": "Dot"}


def test_shoot_from_where_the_last_move_landed_by_default():
    g = make('(if (= (count Moves) 0) (move Slide Orthogonal) '
             '(move Shoot (piece "Dot") Orthogonal))')
    s = position(g, {"a1": "Queen1", "b2": "Queen2"}, 1)
    s.apply(s.parse_move("a1-a2"))
    # from a2: a3 and a4 north, a1 south; b2 blocks the east
    assert texts(s) == ["a1", "a3", "a4"]
    s.apply(s.parse_move("a3"))
    assert s.board() == {"a2": "Queen1", "b2": "Queen2", "a3": "Dot"}


def test_swap_pieces_exchanges_two_sites():
    g = make('(move Swap Pieces "a1" "d4")')
    s = position(g, {"a1": "Queen1", "d4": "Queen2"}, 1)
    assert texts(s) == ["a1<>d4"]
    h = s.hash
    s.apply(s.legal_moves()[0])
    assert s.board() == {"a1": "Queen2", "d4": "Queen1"}
    t = position(g, {"a1": "Queen2", "d4": "Queen1"}, 2)
    assert t.hash == s.hash != h


def test_swap_pieces_carries_the_first_pieces_state_value():
    # as Ludii's swap (a move of the first piece, then an add of the second): the
    # first piece keeps its state, the second arrives with none
    g = ludeme.loads("""
        (game "Test" (players 2)
            (equipment {(board (square 4)) (piece "Queen" Each)})
            (rules
                (start {(place "Queen1" {"a1"} state:3) (place "Queen2" {"d4"} state:5)})
                (play (move Swap Pieces "a1" "d4"))
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")
    s = g.new_initial_state()
    a1, d4 = s.parse_move("a1<>d4").frm, s.parse_move("a1<>d4").to
    assert (s.site_state[a1], s.site_state[d4]) == (3, 5)
    s.apply(s.legal_moves()[0])
    assert (s.site_state[a1], s.site_state[d4]) == (0, 3)
    assert s.hash == g._full_hash(s)
