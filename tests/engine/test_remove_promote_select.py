"""``(move Remove ...)``, ``(move Promote ...)`` and ``(move Select ...)`` with Ludii's
meaning, on hand-built positions."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError
from ludeme.runtime.position import position


def make(play: str, extra: str = ""):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square 4)) (piece "Disc" Each) {extra}}})
            (rules
                (start {{(place "Disc1" {{"a1"}}) (place "Disc2" {{"d4"}})}})
                (play {play})
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")


def texts(s) -> list[str]:
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_remove_one_enemy_piece_of_a_region():
    g = make("(move Remove (sites Occupied by:Next))")
    s = position(g, {"a1": "Disc1", "b2": "Disc2", "c3": "Disc2"}, 1)
    assert texts(s) == ["xb2", "xc3"]
    s.apply(s.parse_move("xc3"))
    assert s.board() == {"a1": "Disc1", "b2": "Disc2"}
    assert s.history[-1].frm == s.history[-1].to  # Ludii's removal: from the site to itself


def test_remove_from_a_site_only_when_it_holds_a_piece():
    g = make('(or (move Remove "b2") (move Pass))')
    assert texts(position(g, {"a1": "Disc1"}, 1)) == ["pass"]
    assert texts(position(g, {"b2": "Disc1"}, 1)) == ["pass", "xb2"]


def test_promote_the_last_moved_piece_to_the_movers_kind():
    g = make('(move Step N (to if:(is Empty (to))) then:(if (is In (last To) (sites {"a4"})) '
             '(move Promote (last To) (piece "King") Mover)))',
             '(piece "King" Each)')
    s = position(g, {"a3": "Disc1", "d1": "Disc2"}, 1)
    s.apply(s.parse_move("a3-a4"))
    assert s.board() == {"a4": "King1", "d1": "Disc2"}


def test_promote_as_a_move_is_one_move_whatever_stands_there():
    g = make('(move Promote "b2" (piece "King") Next)', '(piece "King" Each)')
    s = position(g, {"b2": "Disc1"}, 1)
    assert len(s.legal_moves()) == 1
    s.apply(s.legal_moves()[0])
    assert s.board() == {"b2": "King2"}
    with pytest.raises(LudemeError, match="no piece 'Kong'"):
        make('(move Promote "b2" (piece "Kong") Mover)', '(piece "King" Each)')


def test_select_a_site_then_act_on_it():
    g = make("(move Select (from (sites Occupied by:Mover)) then:(remove (last To)))")
    s = position(g, {"a1": "Disc1", "b1": "Disc1", "c3": "Disc2"}, 1)
    assert texts(s) == ["select a1", "select b1"]
    s.apply(s.parse_move("select b1"))
    assert s.board() == {"a1": "Disc1", "c3": "Disc2"}


def test_select_a_pair_of_sites():
    g = make('(move Select (from "a1") (to (sites Around (from)) if:(is Empty (to))))')
    s = position(g, {"a1": "Disc1", "a2": "Disc2"}, 1)
    assert texts(s) == ["select a1-b1", "select a1-b2"]
    before = s.board()
    s.apply(s.parse_move("select a1-b2"))
    assert s.board() == before  # a selection changes nothing by itself


def test_counts_at_a_site_in_a_region_and_of_rows():
    g = make('(if (and {(= (count at:"b2") 1) (= (count at:"a4") 0) '
             '(= (count in:(sites {"a1" "b2" "c3" "a4"})) 2) (= (count Rows) 4) '
             '(= (count Columns) 4)}) (move Remove "b2") (move Pass))')
    assert texts(position(g, {"a1": "Disc1", "b2": "Disc2"}, 1)) == ["xb2"]
    assert texts(position(g, {"a1": "Disc1", "b2": "Disc2", "c3": "Disc1"}, 1)) == ["pass"]


def test_remove_at_a_site_given_by_any_integer():
    """Ludii's sites are integers: (remove (var)) takes the piece on the site the
    variable holds, here the one just past the piece that moved."""
    g = ludeme.loads("""
    (game "Var" (players 2)
        (equipment { (board (rectangle 1 4))
                     (piece "Disc" Each (move Step E (to if:(is Empty (to)))
                                          (then (and (set Var (+ (last To) 1)) (remove (var)))))) })
        (rules (start { (place "Disc1" "a1") (place "Disc2" "c1") })
               (play (forEach Piece))
               (end (if (no Moves Next) (result Mover Win)))))""")
    s = g.new_initial_state()
    s.apply(s.parse_move("a1-b1"))
    assert s.board() == {"b1": "Disc1"}
