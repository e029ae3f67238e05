"""Lines through a site worked out during play: ``(row of:)``, ``(column of:)``,
``(sites Row/Column <int>)`` with a computed index, ``(sites Direction ...)``, and a hop
over exactly as many sites as a count says, ``(between (exact n))`` (Lines of Action's
move), on hand-built positions."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position

GAME = """
(define "InLine" (count Sites in:(difference #1 (sites Empty))))
(define "MoveTo"
    (move Hop #1 (between (exact (- #2 1)) if:(not (is Enemy (who at:(between)))))
        (to if:(not (is Friend (who at:(to))))
            (apply (if (is Enemy (who at:(to))) (remove (to)))))))
(game "Lines" (players 2)
    (equipment {(board (square 6))
        (piece "Disc" Each (or {
            ("MoveTo" (directions {N S}) ("InLine" (sites Column (column of:(from)))))
            ("MoveTo" (directions {W E}) ("InLine" (sites Row (row of:(from)))))
            ("MoveTo" (directions {NE SW})
                ("InLine" (sites Direction from:(from) (directions {NE SW}) included:true)))
            ("MoveTo" (directions {NW SE})
                ("InLine" (sites Direction from:(from) (directions {NW SE}) included:true)))}))})
    (rules (play (forEach Piece))))"""


def texts(s) -> list[str]:
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_a_lone_piece_steps_one_site_in_every_direction():
    g = ludeme.loads(GAME, file="lines.lud")
    s = position(g, {"c3": "Disc1"}, 1)
    assert texts(s) == ["c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"]


def test_the_distance_is_the_number_of_pieces_on_the_line():
    g = ludeme.loads(GAME, file="lines.lud")
    # column c holds c1 c3 c5 (3 pieces): c3 moves 3 along it, to c6 (south is off the
    # board); row 3 holds c3 only (1), and so do its diagonals
    s = position(g, {"c1": "Disc1", "c3": "Disc1", "c5": "Disc1"}, 1)
    got = [t for t in texts(s) if t.startswith("c3")]
    assert "c3-c6" in got and "c3-c2" not in got and "c3-c4" not in got
    assert {"c3-b3", "c3-d3", "c3-b2", "c3-d4", "c3-b4", "c3-d2"} <= set(got)
    # friends may be passed over: c1 goes north over c2 and c3 to c4
    assert "c1-c4" in texts(s)
    # an enemy in the way blocks
    s2 = position(g, {"c1": "Disc1", "c2": "Disc2", "c4": "Disc1"}, 1)
    assert not [t for t in texts(s2) if t.startswith("c1-c")]


def test_landing_on_an_enemy_takes_it_and_never_on_a_friend():
    g = ludeme.loads(GAME, file="lines.lud")
    s = position(g, {"a1": "Disc1", "c1": "Disc2"}, 1)      # row 1 holds 2 pieces
    assert "a1-c1" in texts(s)
    s.apply(next(m for m in s.legal_moves() if s.move_to_string(m) == "a1-c1"))
    assert s.board() == {"c1": "Disc1"}
    s = position(g, {"a1": "Disc1", "c1": "Disc1"}, 1)
    assert "a1-c1" not in texts(s)


def test_row_and_column_of_a_site():
    g = ludeme.loads(GAME.replace("(play (forEach Piece))",
                                  "(play (if (= (count Moves) 0) (move Add (to (sites Empty))) "
                                  "(move Add (to (sites Row (column of:(last To)))))))"),
                     file="lines.lud")
    s = g.new_initial_state()
    s.apply(s.parse_move("c5"))        # column 2: P2 may place on row 2 (the third row)
    assert texts(s) == ["a3", "b3", "c3", "d3", "e3", "f3"]
