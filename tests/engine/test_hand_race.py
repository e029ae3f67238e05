"""Pieces entering a track from a hand, ``(forEach Piece container:)``, a capture that
sends the taken piece back to its owner's hand (``(to <region> (apply ...))``),
``(count Pieces)`` counting hands, and passes in a game with dice, on small
descriptions written for these tests."""

from __future__ import annotations

import ludeme

# hand sites: P1's is 4, P2's is 5 (after the board's four); each track starts there
ENTER = """
(game "Enter"
    (players 2)
    (equipment {
        (board (rectangle 1 4)
            { (track "Track1" "4,0,E,End" P1 directed:True)
              (track "Track2" "5,3,W,End" P2 directed:True) })
        (hand Each)
        (piece "Disc" Each
            (if (= (trackSite Move steps:1) End)
                (move Remove (from))
                (if (!= (trackSite Move steps:1) Off)
                    (if (not (is Friend (who at:(trackSite Move steps:1))))
                        (move (from)
                            (to (trackSite Move steps:1)
                                (apply if:(is Enemy (who at:(to)))
                                    (fromTo (from (to)) (to (handSite Next))))))))))
    })
    (rules
        (start { (place "Disc1" (handSite P1) count:2) (place "Disc2" (handSite P2) count:1)
                 (place "Disc2" {"A1"}) })
        (play (or (forEach Piece) (forEach Piece container:(mover))))
        (end (if (= (count Pieces Next) 0) (result Mover Win)))
    )
)
"""

ROLL = """
(game "Roll Or Pass"
    (players 2)
    (equipment { (board (square 1)) (dice d:2 from:0 num:1) })
    (rules
        (play (do (roll) next:(if (!= (count Pips) 0) (move Pass))))
        (end (if (>= (count Moves) 40) (result Mover Win)))
    )
)
"""


def test_a_piece_enters_from_the_hand_and_sends_the_taken_piece_home():
    state = ludeme.loads(ENTER).new_initial_state()
    got = [(m.frm, m.to) for m in state.legal_moves()]
    assert got == [(4, 0)]  # from P1's hand onto A1, where P2's disc stands
    state.apply(state.legal_moves()[0])
    assert state.hand[1] == [1] and state.hand[2] == [2]
    assert state.what[0] != 0 and state.what[0] != state.what[3]
    # P2 has no piece on the board but two in hand: (count Pieces Next) counts them
    assert not state.is_terminal()
    assert [(m.frm, m.to) for m in state.legal_moves()] == [(5, 3)]


def test_players_passing_in_turn_do_not_draw_a_game_with_dice():
    state = ludeme.loads(ROLL).new_initial_state()
    for _ in range(4):
        assert state.is_chance_node()
        state.apply_chance((0,))
        moves = state.legal_moves()
        assert len(moves) == 1 and moves[0].kind == "pass"
        state.apply(moves[0])
        assert not state.is_terminal()
