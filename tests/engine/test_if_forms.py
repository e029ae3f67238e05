"""Ludii's ``(if ...)`` among conditions, regions and directions, and ``(phase of:...)``."""

from __future__ import annotations

import ludeme

PLACE = """
(game "Sides"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (if (is Mover P1) (sites Bottom) (sites Top))
                            if:(if (is Mover P1) (is Empty (to)) (not (is In (to) (sites Left)))))))
        (end (if (no Moves Next) (result Mover Win)))))
"""


def _moves(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def test_region_and_condition_chosen_by_the_mover():
    g = ludeme.loads(PLACE)
    s = g.new_initial_state()
    assert _moves(s) == {"a1", "b1", "c1"}        # P1: the bottom row, empty sites
    s.apply(s.parse_move("b1"))
    assert _moves(s) == {"b3", "c3"}              # P2: the top row, not on the left


def test_without_else_a_region_is_empty_and_a_condition_false():
    g = ludeme.loads(PLACE.replace("(sites Bottom) (sites Top)", "(sites Bottom)")
                     .replace("(is Empty (to)) (not (is In (to) (sites Left)))",
                              "(is Empty (to))"))
    s = g.new_initial_state()
    assert _moves(s) == {"a1", "b1", "c1"}
    s.apply(s.parse_move("a1"))
    # P2's region is empty: it has no move, and the end rule gives P1 the win
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


STEPS = """
(game "Ways"
    (players 2)
    (equipment { (board (square 3))
                 (piece "Disc" Each (move Step (if (is Mover P1) (directions {N NE}) S)
                                          (to if:(is Empty (to))))) })
    (rules
        (start { (place "Disc1" "b1") (place "Disc2" "b3") })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))
"""


def test_directions_chosen_by_the_mover():
    g = ludeme.loads(STEPS)
    s = g.new_initial_state()
    assert _moves(s) == {"b1-b2", "b1-c2"}        # P1: north and north-east
    s.apply(s.parse_move("b1-c2"))
    assert _moves(s) == {"b3-b2"}                 # P2: south


def test_directions_chosen_outside_a_move_generator_is_an_error():
    import pytest

    bad = STEPS.replace("(move Step (if (is Mover P1) (directions {N NE}) S)",
                        "(move Step (directions (if (is Mover P1) N S))")
    with pytest.raises(ludeme.LudemeError, match="chooses the directions of a move"):
        ludeme.loads(bad)


def test_the_phase_of_a_site_is_its_colour():
    g = ludeme.loads("""
    (game "Colours" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })
        (rules (play (move Add (to (sites Empty) if:(= (phase of:(to)) (phase of:0)))))
               (end (if (no Moves Next) (result Mover Win)))))""")
    s = g.new_initial_state()
    # the sites coloured as a1, as (sites Phase 0) has them
    assert _moves(s) == {"a1", "c1", "b2", "a3", "c3"}
    assert {g.board.labels[x] for x in g.board.phases["Cell"][0]} == _moves(s)
