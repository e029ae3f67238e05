"""In a game with stacks, as in Ludii (checked with the real Ludii on this
description): ``(move (from) (to) stack:true)`` without ``count:`` moves the top piece
alone (Ludii's FromTo makes a one-piece move), and ``(count Pieces ...)`` counts every
piece of a stack, not only the top ones."""

from __future__ import annotations

import ludeme

GAME = """(game "Stacks" (players 2)
  (equipment {(board (rectangle 1 4)) (piece "Disc" Each)})
  (rules (start {(place Stack "Disc1" 0 count:2) (place Stack "Disc2" 3)})
    (play (move (from (sites Occupied by:Mover)) (to (sites Board) if:(!= (from) (to)))
                stack:true))
    (end (if (= (count Pieces Next) 0) (result Mover Win)))))"""


def test_a_stack_move_without_count_moves_the_top_piece():
    s = ludeme.loads(GAME).new_initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 3))
    assert s.what[0] == s.what[3] == s.game.pieces.find("Disc", 1)
    assert s.stack[0] == () and s.stack[3] == (s.game.pieces.find("Disc", 2),)


def test_pieces_under_the_top_are_counted():
    s = ludeme.loads(GAME).new_initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == 3))
    # P2's only piece is under P1's: it still has a piece, so the game goes on
    assert not s.is_terminal()
