"""``(move Hop ...)`` with Ludii's meaning: a hurdle next to the piece (or up to
``before:`` sites away), one site long (or a ``(range ...)``), landing just behind it (or
up to ``after:`` sites further), with effects on the hurdle and on the landing site.
Positions are built by hand and the expected moves worked out on paper."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position
from ludeme.runtime.search import perft


def make(hop: str, size: int = 5, piece_moves: bool = True):
    moves = "(forEach Piece)" if piece_moves else hop
    inside = hop if piece_moves else ""
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square {size})) (piece "Disc" Each {inside})}})
            (rules
                (start {{(place "Disc1" {{"a1"}}) (place "Disc2" {{"e5"}})}})
                (play {moves})
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")


CAPTURE = """(move Hop {dirs} (between {between} if:(is Enemy (who at:(between)))
                 (apply (remove (between)))) (to if:(is Empty (to))))"""


def texts(s) -> list[str]:
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_capture_over_an_adjacent_enemy_to_an_empty_site():
    g = make(CAPTURE.format(dirs="", between=""))
    s = position(g, {"c3": "Disc1", "c4": "Disc2", "d4": "Disc2", "b2": "Disc2",
                     "a1": "Disc2", "d3": "Disc1", "e3": "Disc2"}, 1)
    # c3 over c4 to c5, over d4 to e5, over b2 to a1 (occupied: no); d3 over d4 to d5,
    # over c4 to b5, over e3: off the board
    assert texts(s) == ["c3-c5xc4", "c3-e5xd4", "d3-b5xc4", "d3-d5xd4"]
    s.apply(s.parse_move("c3-e5"))
    assert s.board() == {"e5": "Disc1", "c4": "Disc2", "b2": "Disc2", "a1": "Disc2",
                         "d3": "Disc1", "e3": "Disc2"}


def test_directions_and_play_level_hop_agree():
    hop = CAPTURE.format(dirs="Orthogonal", between="")
    a, b = make(hop), make(hop, piece_moves=False)
    pieces = {"c3": "Disc1", "c4": "Disc2", "d4": "Disc2", "d3": "Disc2", "a3": "Disc1",
              "b3": "Disc2"}
    sa, sb = position(a, pieces, 1), position(b, pieces, 1)
    # c3 over c4 and over d3; over b3 to a3 (a friend there) no; a3 over b3 to c3 no
    assert texts(sa) == texts(sb) == ["c3-c5xc4", "c3-e3xd3"]


def test_a_friend_is_not_a_hurdle_and_no_landing_on_a_piece():
    g = make(CAPTURE.format(dirs="", between=""))
    s = position(g, {"a1": "Disc1", "b2": "Disc1", "a2": "Disc2", "a3": "Disc1"}, 1)
    # a1 over a2 lands on a3: a friend stands there; b2 over a2: off the board; with
    # no hop the mover passes, as in Ludii
    assert texts(s) == ["pass"]


def test_hop_over_any_site_without_a_condition():
    g = make("(move Hop Orthogonal (to if:(is Empty (to))))")
    s = position(g, {"b2": "Disc1", "b3": "Disc1", "c2": "Disc2"}, 1)
    # as in Ludii, with no condition any site is a hurdle, even an empty one
    assert texts(s) == ["b2-b4", "b2-d2", "b3-b1", "b3-b5", "b3-d3"]
    s.apply(s.parse_move("b2-d2"))  # nothing is taken without an effect
    assert s.board() == {"d2": "Disc1", "b3": "Disc1", "c2": "Disc2"}


def test_before_and_after_let_a_flying_king_capture_from_afar():
    g = make(CAPTURE.format(dirs="Orthogonal", between="before:4 after:4"))
    s = position(g, {"a1": "Disc1", "a4": "Disc2", "c1": "Disc2", "e1": "Disc2"}, 1)
    # north: a2, a3 empty, a4 the hurdle, lands on a5; east: b1 empty, c1 the hurdle,
    # lands on d1 (e1 is occupied: the flight behind the hurdle stops there)
    assert texts(s) == ["a1-a5xa4", "a1-d1xc1"]
    s.apply(s.parse_move("a1-a5"))
    assert s.board() == {"a5": "Disc1", "c1": "Disc2", "e1": "Disc2"}


def test_without_before_the_hurdle_must_be_adjacent():
    g = make(CAPTURE.format(dirs="Orthogonal", between="after:4"))
    s = position(g, {"a1": "Disc1", "a3": "Disc2", "b1": "Disc2"}, 1)
    assert texts(s) == ["a1-c1xb1", "a1-d1xb1", "a1-e1xb1"]


def test_a_range_hops_over_a_line_of_enemies_taking_them_all():
    g = make(CAPTURE.format(dirs="E", between="(range 1 3)"))
    s = position(g, {"a1": "Disc1", "b1": "Disc2", "c1": "Disc2", "a2": "Disc1",
                     "b2": "Disc2"}, 1)
    # a1: over b1 c1 to d1 (both taken) or over b1 only to c1 (occupied: no)
    assert texts(s) == ["a1-d1xb1xc1", "a2-c2xb2"]
    s.apply(s.parse_move("a1-d1"))
    assert s.board() == {"d1": "Disc1", "a2": "Disc1", "b2": "Disc2"}


def test_to_apply_if_lands_on_the_first_site_that_fails_the_landing_rule():
    # peg-solitaire-like rule written with Ludii's stop rule: go over empty sites,
    # stop on the first occupied one when it is an enemy
    g = make("""(move Hop E (between before:4 after:4 if:(is Friend (who at:(between))))
                (to if:(is Empty (to)) (apply if:(is Enemy (who at:(to))))))""")
    s = position(g, {"a1": "Disc1", "b1": "Disc1", "d1": "Disc2"}, 1)
    # a1: hurdle b1 (friend), then c1 empty (no landing: it meets the landing rule),
    # d1 an enemy: lands there, taking it. b1: passes c1, d1 is no friend: no hurdle
    assert texts(s) == ["a1-d1"]
    s.apply(s.parse_move("a1-d1"))
    assert s.board() == {"d1": "Disc1", "b1": "Disc1"}


def test_perft_of_a_tiny_hop_game():
    # on 3x3, P1 at a1, P2 at b2: P1 hops a1 over b2 to c3 (capture) or steps
    g = ludeme.loads("""
        (game "Test" (players 2)
            (equipment {(board (square 3))
                (piece "Disc" Each (or (move Step (to if:(is Empty (to))))
                    (move Hop (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                              (to if:(is Empty (to))))))})
            (rules (start {(place "Disc1" {"a1"}) (place "Disc2" {"b2"})})
                (play (forEach Piece))
                (end (if (no Moves Next) (result Mover Win)))))""", file="test.lud")
    s = g.new_initial_state()
    # P1: steps a2, b1 (b2 occupied) and the hop to c3 -> 3 moves
    assert perft(s, 1) == 3
    # after a1-a2: P2 at b2 steps to 7 empty sites (a1 b1 c1 a3 b3 c3 c2) + hop over a2? off
    # the board -> 7; after a1-b1: 7 steps, hop over b1 to b0: off -> 7; after the hop
    # P2 has no piece: 0
    assert perft(s, 2) == 14


# two wolves on a line; after a capture the wolf that hopped may hop again, and only it
SEQUENCE = """
(game "Sequence"
  (players 2)
  (equipment {
    (board (rectangle 1 8))
    (piece "Wolf" P1
      (if (is Prev Mover)
        (or (move Pass)
            (move Hop (from (last To))
                      (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                      (to if:(is Empty (to))) (then (moveAgain))))
        (move Hop (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                  (to if:(is Empty (to))) (then (moveAgain)))))
    (piece "Sheep" P2)
  })
  (rules
    (start { (place "Wolf1" (sites {0 5})) (place "Sheep2" (sites {1 3 6})) })
    (play (forEach Piece))
    (end (if (= (count Pieces P2) 0) (result P1 Win)))))
"""


def test_a_piece_move_from_another_site_starts_there_not_at_each_piece():
    import ludeme

    s = ludeme.loads(SEQUENCE).new_initial_state()
    assert sorted((m.frm, m.to) for m in s.legal_moves()) == [(0, 2), (5, 7)]
    s.apply([m for m in s.legal_moves() if m.frm == 0][0])
    # (from (last To)) in the wolves' moves: the hop goes on from 2, wolf 5 waits
    assert sorted((m.kind, m.frm, m.to) for m in s.legal_moves()) == \
        [("move", 2, 4), ("pass", -1, -1)]
