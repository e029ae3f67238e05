"""The ludemes Ludii's tafl files are made of, on small hand-built positions:
(centrePoint), (expand ...), (trigger ...) with (is Triggered ...), (is Within ...) and
an (or {...}) of capture rules as one consequence."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position

KING = """
(define "KingFlanked" (and (= (what at:(between)) (id "King2"))
    (not (is In (between) (expand origin:(centrePoint) Orthogonal)))))
(game "Mini Tafl" (players 2)
    (equipment {
        (board (square 7))
        (piece "Pawn" P1 (move Slide Orthogonal (to (apply if:(!= (to) (centrePoint))))
            (then (or {
                (custodial (from (last To)) Orthogonal
                    (between (max 1) if:(= (what at:(between)) (id "Pawn2")))
                    (to if:(is Friend (who at:(to)))))
                (custodial (from (last To)) Orthogonal
                    (between (max 1) if:"KingFlanked" (apply (trigger "Captured" P2)))
                    (to if:(is Friend (who at:(to)))))
            }))))
        (piece "Pawn" P2 (move Slide Orthogonal))
        (piece "King" P2 (move Slide Orthogonal))
    })
    (rules
        (start (place "King2" (centrePoint)))
        (play (forEach Piece))
        (end {
            (if (is Within (id "King2") in:(sites Outer)) (result P2 Win))
            (if (is Triggered "Captured" P2) (result P1 Win))
        })
    )
)"""


def game():
    return ludeme.loads(KING, file="test.lud")


def moves(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def test_centre_point_is_the_middle_site_and_expand_grows_it():
    g = game()
    s = g.new_initial_state()
    assert s.board() == {"d4": "King2"}                       # (centrePoint) of 7x7
    # a pawn slides through the centre's row but never stops on the centre
    s = position(g, {"a4": "Pawn1", "g7": "Pawn2"}, 1)
    got = moves(s)
    assert "a4-c4" in got and "a4-d4" not in got


def test_king_next_to_the_centre_is_not_flanked_but_elsewhere_is():
    g = game()
    # d5 is in (expand origin:(centrePoint) Orthogonal): flanking does not trigger
    s = position(g, {"d5": "King2", "c5": "Pawn1", "e7": "Pawn1", "g7": "Pawn2"}, 1)
    s.apply(s.parse_move("e7-e5"))
    assert not s.is_terminal()
    s = position(g, {"c3": "King2", "b3": "Pawn1", "d6": "Pawn1", "g7": "Pawn2"}, 1)
    s.apply(s.parse_move("d6-d3"))                            # b3 and d3 flank c3
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert s.board()["c3"] == "King2"                         # triggered, not removed


def test_or_of_captures_applies_every_one():
    g = game()
    s = position(g, {"b2": "Pawn2", "a2": "Pawn1", "c6": "Pawn1", "d2": "Pawn2",
                     "e2": "Pawn1", "g7": "King2"}, 1)
    s.apply(s.parse_move("c6-c2"))                            # flanks b2 and d2 at once
    assert "b2" not in s.board() and "d2" not in s.board()


def test_is_within_ends_when_the_king_reaches_the_edge():
    g = game()
    s = position(g, {"c3": "King2", "a7": "Pawn1"}, 2)
    s.apply(s.parse_move("c3-c1"))
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]
    s = position(g, {"c3": "King2", "a7": "Pawn1"}, 2)
    s.apply(s.parse_move("c3-c2"))
    assert not s.is_terminal()


def test_trigger_marks_the_player_whatever_the_event():
    g = ludeme.loads(KING.replace('(is Triggered "Captured" P2)',
                                  '(is Triggered "AnyOtherName" P2)'), file="test.lud")
    s = position(g, {"c3": "King2", "b3": "Pawn1", "d6": "Pawn1", "g7": "Pawn2"}, 1)
    s.apply(s.parse_move("d6-d3"))
    assert s.is_terminal() and s.returns() == [1.0, -1.0]     # one flag per player, as Ludii


def test_expand_by_layers_of_any_adjacency_or_in_given_directions():
    def placed(region: str) -> int:
        g = ludeme.loads(f"""(game "E" (players 2)
            (equipment {{(board (square 7)) (piece "Pawn" Each)}})
            (rules (start (place "Pawn1" {region})) (play (move Pass))
                   (end (if (is Full) (result Mover Draw)))))""", file="test.lud")
        return len(g.new_initial_state().board())

    assert placed("(expand (sites Centre))") == 9                     # Adjacent: a 3x3
    assert placed("(expand (sites Centre) steps:2)") == 25
    assert placed("(expand origin:(centrePoint) steps:2 Orthogonal)") == 13   # a diamond
    assert placed("(expand (sites Corners) Orthogonal)") == 12


def test_count_steps_is_the_shortest_way_between_adjacent_sites():
    # a hop over a hurdle exactly two steps away: (count Steps (from) (between)) = 2
    g = ludeme.loads("""(game "S" (players 2)
        (equipment {(board (square 5)) (piece "Pawn" Each)})
        (rules (play (forEach Piece "Pawn" (move Hop (from) Orthogonal
                    (between before:3 if:(and (= 2 (count Steps (from) (between)))
                                              (is Enemy (who at:(between)))))
                    (to if:(is Empty (to))))))
               (end (if (no Moves Next) (result Mover Win)))))""", file="test.lud")
    s = position(g, {"a1": "Pawn1", "a3": "Pawn2", "d1": "Pawn2", "e5": "Pawn2"}, 1)
    assert moves(s) == {"a1-a4"}       # a3 is two steps away; d1 three: not a hurdle
    s = position(g, {"a1": "Pawn1", "c1": "Pawn2", "e5": "Pawn2"}, 1)
    assert moves(s) == {"a1-d1"}       # passing b1 (before:) to the hurdle c1
