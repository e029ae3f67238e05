"""Ludii's ``(and ...)`` of effects makes every effect before it applies any: the
conditions of its ``(if ...)`` effects see the position before the effects ahead of
them in the list."""

from __future__ import annotations

import ludeme

GAME = """
(game "AndFirst"
    (players 2)
    (equipment { (board (square 2)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))
                  (then (and #1))))
        (end (if (is Full) (result Mover Win)))
    )
)
"""


def _score_after_one_move(effects: str) -> int:
    g = ludeme.loads(GAME.replace("#1", effects))
    s = g.new_initial_state()
    s.apply(s.legal_moves()[0])
    return s.scores()[0]  # P1's


def test_a_condition_after_a_removal_sees_the_piece_still_there():
    # the disc just placed is removed, but the condition was read before: occupied
    assert _score_after_one_move(
        "(remove (last To)) (if (is Empty (last To)) (addScore Mover 1) (addScore Mover 10))"
    ) == 10
    # nested (if ...)s are decided first as well
    assert _score_after_one_move(
        "(remove (last To)) (if (is Empty (last To)) (addScore Mover 1) "
        "(if (is Occupied (last To)) (addScore Mover 100)))") == 100


def test_effects_still_apply_in_order():
    g = ludeme.loads(GAME.replace("#1", "(remove (last To)) (if (is Empty (last To)) "
                                        "(addScore Mover 1) (addScore Mover 10))"))
    s = g.new_initial_state()
    s.apply(s.legal_moves()[0])
    assert s.board() == {}  # the removal happened


# (count Moves) in a move's consequences counts the move itself, as Ludii adds the move
# to the trial before its consequences
COUNT = """
(game "CountInThen"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))
                  (then (if (= (count Moves) 1) (moveAgain)))))
        (end (if (is Full) (result Mover Win)))
    )
)
"""


def test_count_moves_in_a_consequence_includes_the_move():
    s = ludeme.loads(COUNT).new_initial_state()
    s.apply(s.legal_moves()[0])
    assert s.current_player() == 1  # (count Moves) was 1: P1 moves again
    s.apply(s.legal_moves()[0])
    assert s.current_player() == 2


# P1's placements that would leave P2 without a move are not allowed: (no Moves Next)
# asked in (do ... ifAfterwards:) is about P2's moves after the placement
STUCK = """
(game "NoMovesAfterwards"
    (players 2)
    (equipment { (board (rectangle 1 3)) (piece "Disc" Each (move Step (to if:(is Empty (to))))) })
    (rules
        (start (place "Disc2" coord:"A1"))
        (play (if (= (mover) 1)
                  (do (move Add (to (sites Empty))) ifAfterwards:(not (no Moves Next)))
                  (forEach Piece)))
        (end (if (is Full) (result Mover Win)))
    )
)
"""


def test_no_moves_next_after_a_move_asks_about_the_next_player():
    s = ludeme.loads(STUCK).new_initial_state()
    # on B1, P1's disc would leave P2's disc on A1 stuck; C1 leaves it B1
    assert [s.move_to_string(m) for m in s.legal_moves()] == ["c1"]


CAPTURES = """
(game "AndCaptures" (players 2)
  (equipment {(board (rectangle 2 7))
    (piece "Wall" P1)
    (piece "Ball" Each (move Slide (directions {N S})
      (then (and
        (intervene (from (last To)) Orthogonal
            (to if:(is Enemy (who at:(to))) (apply (remove (to)))))
        (custodial (from (last To)) Orthogonal
            (between if:(is Enemy (who at:(between))) (apply (remove (between))))
            (to if:(is Friend (who at:(to)))))))))})
  (rules
    (start {(place "Ball1" 9) (place "Wall1" 5) (place "Ball2" {1 3 4})})
    (play (forEach Piece))
    (end (if (= (count Pieces Next) 0) (result Mover Win)))))
"""


def test_captures_of_an_and_are_found_before_any_is_made():
    # the real Ludii (run.sh trace) plays Move:9->2 and P1 wins: the intervention takes
    # b1 and d1, and the flanking line d1-e1 closed by the wall was found before d1 went
    g = ludeme.loads(CAPTURES)
    s = g.new_initial_state()
    (m,) = s.legal_moves()
    assert s.move_to_string(m) == "c2-c1xb1xd1xe1"
    s.apply(m)
    assert s.board() == {"c1": "Ball1", "f1": "Wall1"}
    assert s.is_terminal() and s.winners() == [1]
