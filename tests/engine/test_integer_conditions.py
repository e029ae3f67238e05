"""``(is Even ...)`` and ``(is Odd ...)``: alternate two kinds of move by the move count
(Amazons' move then shot), on a hand-built game."""

from __future__ import annotations

import ludeme


def test_even_and_odd_move_counts_alternate_the_moves():
    g = ludeme.loads("""
        (game "T" (players 2)
            (equipment {(board (square 3)) (piece "Disc" Each) (piece "Dot" Neutral)})
            (rules (play (if (is Even (count Moves))
                             (move Add (to (sites Empty)) (then (moveAgain)))
                             (move Add "Dot" (to (sites Empty)))))
                   (end (if (is Odd 2) (result Mover Win)))))""", file="t.lud")
    s = g.new_initial_state()
    s.apply(s.parse_move("a1"))
    assert s.current_player() == 1          # after an even count: moves again
    s.apply(s.parse_move("b1"))             # odd count: a dot, then the turn passes
    assert s.board() == {"a1": "Disc1", "b1": "Dot"}
    assert s.current_player() == 2
    assert not s.is_terminal()              # (is Odd 2) never holds
