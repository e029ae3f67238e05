"""``(move (from ...) (to ...) copy:True)``: Ludii's Copy action. The piece stays where it
is (on the board, or in a hand that never empties) and a copy of it lands."""

from __future__ import annotations

import ludeme


def _game(source: str, extra: str = "", start: str = ""):
    return ludeme.loads(f"""(game "Copies" (players 2)
      (equipment {{(board (square 3)) (piece "Disc" Each) {extra}}})
      (rules (start {{{start}}})
        (play (move (from {source}) (to (sites Empty)) copy:True))
        (end (if (is Line 3) (result Mover Win)))))""")


def test_copy_from_the_board_leaves_the_piece():
    state = _game("(sites Occupied by:Mover)", start='(place "Disc1" 4)').new_initial_state()
    moves = state.legal_moves()
    assert {m.kind for m in moves} == {"copy"}
    assert sorted(m.to for m in moves) == [0, 1, 2, 3, 5, 6, 7, 8]
    state.apply(next(m for m in moves if m.to == 0))
    assert state.what[4] == state.what[0] != 0


def test_copy_from_a_hand_never_empties_it():
    g = _game("(handSite Mover)", extra="(hand Each)",
              start='(place "Disc" (handSite Each) count:1)')
    state = g.new_initial_state()
    for _ in range(4):
        state.apply(state.legal_moves()[0])
    # each player played twice from a hand holding one piece: it still holds it
    assert state.hand[1] == state.hand[2] and sum(state.hand[1]) == 1
    assert sum(1 for x in range(9) if state.what[x]) == 4
