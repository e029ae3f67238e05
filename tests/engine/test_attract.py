"""``(attract (from ...))``: the pieces on every line out of a site close up towards it,
in their order, as Ludii's Attract."""

from __future__ import annotations

import ludeme

GAME = """(game "Crumbs" (players 2)
  (equipment {(board (square 5)) (piece "Disc" Each) (piece "Bread" Neutral)})
  (rules (start {(place "Disc1" {"A1" "C1" "E1" "C4"}) (place "Disc2" {"C5" "E5" "A3"})})
    (play (move Add (piece "Bread0") (to (sites Empty)) (then (attract (from (last To))))))
    (end (if (is Full) (result Mover Win)))))"""


def test_pieces_close_up_towards_the_site():
    g = ludeme.loads(GAME)
    s = g.new_initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == g.board.site("c3")))
    assert s.board() == {
        "b2": "Disc1", "c2": "Disc1", "d2": "Disc1",    # from a1, c1, e1 (diagonals too)
        "c4": "Disc1", "c5": "Disc2",                    # already next to it, in order
        "d4": "Disc2", "b3": "Disc2", "c3": "Bread",
    }


def test_orthogonal_lines_only():
    g = ludeme.loads(GAME.replace("(attract (from (last To)))",
                                  "(attract (from (last To)) Orthogonal)"))
    s = g.new_initial_state()
    s.apply(next(m for m in s.legal_moves() if m.to == g.board.site("c3")))
    assert s.board() == {"a1": "Disc1", "c2": "Disc1", "e1": "Disc1", "c4": "Disc1",
                         "c5": "Disc2", "e5": "Disc2", "b3": "Disc2", "c3": "Bread"}
