"""Ludii's consequences and turn queries: positional (then ...), (moveAgain), (is Prev ...),
(is Mover ...), (is Next ...), (mover), (next), (prev), (can Move ...)."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError

# Each player places two stones per turn: the first placement of a turn is followed by
# (moveAgain); the second one (the mover moving again: (is Prev Mover)) is not.
TWO_PER_TURN = """
(game "Two per turn"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (play
            (move Add (to (sites Empty))
                (then (if (not (is Prev Mover)) (moveAgain)))))
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


def test_move_again_gives_the_same_player_a_second_move():
    g = ludeme.loads(TWO_PER_TURN)
    s = g.new_initial_state()
    movers = []
    while not s.is_terminal():
        movers.append(s.current_player())
        s.apply(s.legal_moves()[0])
    assert movers == [1, 1, 2, 2, 1, 1, 2, 2, 1]
    assert s.board()["a1"] == "Disc1" and s.board()["c1"] == "Disc2"


def test_prev_is_the_player_who_made_the_last_move():
    g = ludeme.loads(TWO_PER_TURN.replace(
        "(end (if (is Full) (result Mover Draw)))",
        "(end { (if (is Full) (result Mover Draw)) "
        "(if (and (= (prev) 2) (= (mover) 1)) (result P1 Win)) })"))
    s = g.new_initial_state()
    assert s.prev_mover == 0
    s.apply(s.legal_moves()[0])       # P1, first of two: prev is still nobody
    assert (s.current_player(), s.prev_mover) == (1, 1)
    s.apply(s.legal_moves()[0])       # P1 again
    s.apply(s.legal_moves()[0])       # P2
    s.apply(s.legal_moves()[0])       # P2 again
    assert s.outcome is None
    # P1's move: in the end rules (mover) is P1 and (prev) still P2, who moved before
    s.apply(s.legal_moves()[0])
    assert s.returns() == [1.0, -1.0]


def test_then_positional_and_named_are_one_parameter():
    text = """
    (game "Clash"
        (players 2)
        (equipment { (board (square 3)) (piece "Disc" Each) })
        (rules (play (move Add (to (sites Empty)) then:(moveAgain) (then (moveAgain))))
               (end (if (is Full) (result Mover Draw)))))
    """
    with pytest.raises(LudemeError, match="given twice"):
        ludeme.loads(text)


def test_then_elsewhere_than_last_is_an_error():
    text = """
    (game "Misplaced"
        (players 2)
        (equipment { (board (square 3)) (piece "Disc" Each) })
        (rules (play (move Add (then (moveAgain)) (to (sites Empty))))
               (end (if (is Full) (result Mover Draw)))))
    """
    with pytest.raises(LudemeError, match="Then"):
        ludeme.loads(text)


# A step game: each step is followed by a capture of an enemy piece in front of the
# destination, then the same player moves again if a capture was made.
STEPS = """
(game "Steps"
    (players 2)
    (equipment { (board (rectangle 1 5)) (piece "Pawn" Each) })
    (rules
        (start { (place "Pawn1" "a1") (place "Pawn2" {"c1" "e1"}) })
        (play
            (if (is Mover P1)
                (move Step E (to if:(is Empty (to)))
                    (then (if (is Enemy (who at:(ahead (last To) E)))
                              (remove (ahead (last To) E)))))
                (move Pass)))
        (end (if (= (count Pieces P2) 0) (result P1 Win)))
    )
)
"""


def test_positional_then_on_a_step_runs_after_the_move():
    g = ludeme.loads(STEPS)
    s = g.new_initial_state()
    s.apply(s.parse_move(s.move_to_string(s.legal_moves()[0])))   # a1-b1 takes c1
    assert s.board() == {"b1": "Pawn1", "e1": "Pawn2"}
    assert s.current_player() == 2


CAN_MOVE = """
(game "Can move"
    (players 2)
    (equipment { (board (rectangle 1 3)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end (if (not (can Move (move Add (to (sites Empty))))) (result Mover Win)))
    )
)
"""


def test_can_move_asks_whether_a_generator_has_a_move():
    g = ludeme.loads(CAN_MOVE)
    s = g.new_initial_state()
    for _ in range(3):
        assert s.outcome is None
        s.apply(s.legal_moves()[0])
    assert s.returns() == [1.0, -1.0]   # P1 filled the last site


@pytest.mark.parametrize(("query", "p1_wins"), [
    ("(is Mover P1)", True), ("(is Mover (next))", False), ("(is Next P2)", True),
    ("(is Prev Mover)", False), ("(is Next Mover)", False)])
def test_player_queries_in_end_rules(query, p1_wins):
    # evaluated after P1's first move: the mover is P1, the next player P2, and the
    # previous mover nobody yet
    text = CAN_MOVE.replace("(not (can Move (move Add (to (sites Empty)))))", query)
    s = ludeme.loads(text).new_initial_state()
    s.apply(s.legal_moves()[0])
    assert (s.outcome is not None) == p1_wins


PLACE_THEN_STEP = """
(game "Place then step"
    (players 2)
    (equipment { (board (rectangle 1 7)) (piece "Disc" Each) })
    (rules
        phases:{
            (phase "Placement" (play (move Add (to (sites Empty))))
                (nextPhase Mover (= (count Pieces Mover) 2) "Movement"))
            (phase "Movement" (play (move Step (to if:(is Empty (to)))))
                {(nextPhase (>= (count Moves) 12) "Placement")})
        }
        (end (if (>= (count Moves) 14) (result Mover Draw)))
    )
)
"""


def test_next_phase_moves_each_player_on_separately():
    g = ludeme.loads(PLACE_THEN_STEP)
    s = g.new_initial_state()
    for label in ("a1", "g1", "b1"):                   # P1, P2, P1
        s.apply(s.parse_move(label))
    # P1 has placed two discs: P1 is in Movement, P2 still places
    assert s.player_phase[1:] == [1, 0]
    assert s.current_player() == 2
    assert all(m.kind == "add" for m in s.legal_moves())
    s.apply(s.parse_move("f1"))
    assert s.player_phase[1:] == [1, 1]
    assert s.current_player() == 1
    assert {m.kind for m in s.legal_moves()} == {"move"}
    assert sorted(s.move_to_string(m) for m in s.legal_moves()) == ["b1-c1"]


def test_next_phase_without_a_role_moves_every_player():
    g = ludeme.loads(PLACE_THEN_STEP)
    s = g.new_initial_state()
    for label in ("a1", "g1", "c1", "e1"):
        s.apply(s.parse_move(label))
    while s.ply < 12:
        s.apply(s.legal_moves()[0])
    # after the 12th move the shared rule sends both players back to Placement
    assert s.player_phase[1:] == [0, 0]
    assert all(m.kind == "add" for m in s.legal_moves())


def test_next_phase_to_an_unknown_phase_is_an_error():
    with pytest.raises(LudemeError, match="Movment"):
        ludeme.loads(PLACE_THEN_STEP.replace('"Movement"))', '"Movment"))'))


COMBINED = """
(game "Combined"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (play
            (%s
                (move Add (to (sites Empty)) (then (set Score Mover 1)))
                (then (addScore Mover 2))))
        (end (if (is Full) (byScore)))
    )
)
"""


@pytest.mark.parametrize("combinator", ["or", "priority", "and"])
def test_then_on_a_combinator_runs_after_each_moves_own_consequences(combinator):
    g = ludeme.loads(COMBINED % combinator)
    s = g.new_initial_state()
    s.apply(s.legal_moves()[0])
    assert s.score[1] == 3   # set to 1, then 2 added: the combinator's come last
    s.apply(s.legal_moves()[0])
    assert s.score[2] == 3


def test_then_on_if_and_on_for_each_piece():
    text = """
    (game "Walkers"
        (players 2)
        (equipment { (board (rectangle 1 6))
                     (piece "Pawn" Each (move Step (to if:(is Empty (to))))) })
        (rules
            (start { (place "Pawn1" "a1") (place "Pawn2" "f1") })
            (play (if (is Mover P1) (forEach Piece (then (addScore Mover 1)))
                      (forEach Piece) (then (addScore Mover 10))))
            (end (if (>= (count Moves) 4) (byScore)))))
    """
    s = ludeme.loads(text).new_initial_state()
    for _ in range(4):
        s.apply(s.legal_moves()[0])
    assert s.score[1:] == [22, 20]
