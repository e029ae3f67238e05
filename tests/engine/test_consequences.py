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
