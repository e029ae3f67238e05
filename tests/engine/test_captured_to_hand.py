"""Captured pieces go to the captor's hand (Ludii's ``(add (piece ...) (to (handSite ...)))``),
with the hand sites named in a map before ``(hand ...)`` is declared, as Ludii's shogi
descriptions do; and ``(do ... ifAfterwards:)`` after a move that says ``(moveAgain)``."""

from __future__ import annotations

import ludeme

# a rook that captures into its owner's hand, the hand sites named by a map declared
# before the hand; a captured rook is played back from the hand
CAPTURE = """
(game "CaptureToHand"
    (players 2)
    (equipment {
        (board (square 3))
        (piece "Pawn" Each (move Step Orthogonal (to if:(is Empty (to)))))
        (piece "Rook" Each
            (move Slide Orthogonal
                (to if:(is Enemy (who at:(to)))
                    (apply (if (is Enemy (who at:(to)))
                        (add (piece (mapEntry "Captured" (what at:(to))))
                             (to (mapEntry "Where" (what at:(to))))))))))
        (map "Where" { (pair (id "Rook" P1) (handSite P2 1)) (pair (id "Rook" P2) (handSite P1 1))
                       (pair (id "Pawn" P1) (handSite P2)) (pair (id "Pawn" P2) (handSite P1)) })
        (map "Captured" { (pair (id "Rook" P1) (id "Rook" P2)) (pair (id "Rook" P2) (id "Rook" P1))
                          (pair (id "Pawn" P1) (id "Pawn" P2)) (pair (id "Pawn" P2) (id "Pawn" P1)) })
        (hand Each size:2)
    })
    (rules
        (start { (place "Rook1" coord:"A1") (place "Rook2" coord:"C1") (place "Pawn2" coord:"A3") })
        (play (or (move (from (sites Occupied by:Mover container:"Hand")) (to (sites Empty)))
                  (forEach Piece)))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def test_hand_sites_named_before_the_hand_is_declared():
    g = ludeme.loads(CAPTURE)
    # 9 cells, then P1's two hand sites (9, 10), P2's (11, 12)
    assert g.hands.first == {1: 9, 2: 11}


def test_a_captured_piece_goes_to_the_hand_site_the_map_names():
    g = ludeme.loads(CAPTURE)
    s = g.new_initial_state()
    s.apply(s.parse_move(next(s.move_to_string(m) for m in s.legal_moves()
                              if m.frm == 0 and m.to == 2)))  # A1 takes the rook on C1
    rook, pawn = g.pieces.kind_index("Rook"), g.pieces.kind_index("Pawn")
    assert s.hand[1][rook] == 1 and s.hand[1][pawn] == 0
    assert g.hands.kind[1] == rook  # P1's second hand site now stands for rooks
    assert s.board() == {"c1": "Rook1", "a3": "Pawn2"}
    # P2's pawn steps down; P1 may then drop the rook on every empty cell
    s.apply(s.parse_move("a3-a2"))
    drops = [m for m in s.legal_moves() if m.frm == 10]
    assert {m.frm for m in s.legal_moves()} == {2, 10}  # the rook on C1, the hand
    assert sorted(m.to for m in drops) == [0, 1, 4, 5, 6, 7, 8]
    s.apply(drops[0])
    assert s.hand[1][rook] == 0 and list(s.board().values()).count("Rook1") == 2


# a step that lands on the top row moves again; a move is kept only when, afterwards,
# the next player is not the mover (Ludii's Do takes the previous player as the next one
# when the move said (moveAgain), so such a move is kept)
AGAIN = """
(game "AgainAfterwards"
    (players 2)
    (equipment { (board (square 3)) (piece "Man" Each) })
    (rules
        (start { (place "Man1" coord:"A2") (place "Man1" coord:"C1") })
        (play
            (if (is Prev Mover)
                (move Pass)
                (do (forEach Piece "Man"
                        (move Step (directions {N}) (to if:(is Empty (to)))
                            (then (if (is In (last To) (sites Top)) (moveAgain)))))
                    ifAfterwards:(not (= (next) (mover))))))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def test_if_afterwards_after_a_move_again_takes_the_previous_player_as_next():
    g = ludeme.loads(AGAIN)
    s = g.new_initial_state()
    # a2-a3 says (moveAgain); the condition still sees another player as the next one
    assert sorted(s.move_to_string(m) for m in s.legal_moves()) == ["a2-a3", "c1-c2"]
    s.apply(s.parse_move("a2-a3"))
    assert s.current_player() == 1  # the move again itself still happens


# pieces entering from a hand n at a time, on sites that keep counts
ENTER = """
(game "EnterTwo"
    (players 2)
    (equipment { (board (square 2)) (piece "Ball" Each) (hand Each) })
    (rules
        (start { (place "Ball" "Hand" count:3) })
        (play (move (from (handSite Mover)) (to (sites Empty)) count:2))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def test_pieces_enter_from_a_hand_n_at_a_time():
    g = ludeme.loads(ENTER)
    s = g.new_initial_state()
    legal = s.legal_moves()
    assert sorted((m.frm, m.to) for m in legal) == [(4, 0), (4, 1), (4, 2), (4, 3)]
    s.apply(next(m for m in legal if m.to == 0))
    ball = g.pieces.kind_index("Ball")
    assert s.hand[1][ball] == 1 and s.count[0] == 2 and s.board() == {"a1": "Ball1"}
    s.apply(next(m for m in s.legal_moves() if m.to == 3))  # P2's two
    s.apply(next(m for m in s.legal_moves() if m.to == 1))  # P1's last one only
    assert s.hand[1][ball] == 0 and s.count[1] == 1
