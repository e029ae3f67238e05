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
