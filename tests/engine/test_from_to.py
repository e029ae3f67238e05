"""Ludii's ``FromTo``: ``(move (from ...) (to ...))`` and ``(fromTo ...)``, and the region
``(sites Occupied by:...)`` it usually starts from. Hand-built positions."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError
from ludeme.runtime.position import position


def make(play: str, piece_moves: str = ""):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square 4)) (piece "Disc" Each {piece_moves})}})
            (rules
                (start {{(place "Disc1" {{"a1"}}) (place "Disc2" {{"d4"}})}})
                (play {play})
                (end (if (>= (count Moves) 40) (result Mover Draw))))
        )""", file="test.lud")


def texts(s) -> list[str]:
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_any_own_piece_to_any_empty_site():
    g = make("(move (from (sites Occupied by:Mover)) (to (sites Empty)))")
    s = position(g, {"a1": "Disc1", "b1": "Disc1", "d4": "Disc2"}, 1)
    got = texts(s)
    # 2 pieces x 13 empty sites
    assert len(got) == 26 == len(set(got))
    assert "a1-c3" in got and "b1-a2" in got and not any(t.endswith("d4") for t in got)
    s.apply(s.parse_move("a1-c3"))
    assert s.board() == {"c3": "Disc1", "b1": "Disc1", "d4": "Disc2"}


def test_from_an_enemy_region_moves_the_enemy_piece_and_to_if_filters():
    # as in Ludii, the piece on the origin moves whoever owns it
    g = make('(fromTo (from (sites Occupied by:Next)) (to (sites Empty) if:(is In (to) '
             '(sites {"a4" "b4" "d1"}))))')
    s = position(g, {"a1": "Disc1", "d4": "Disc2", "d1": "Disc1"}, 1)
    assert texts(s) == ["d4-a4", "d4-b4"]
    s.apply(s.parse_move("d4-a4"))
    assert s.board() == {"a1": "Disc1", "a4": "Disc2", "d1": "Disc1"}


def test_to_a_site_takes_the_piece_there_and_then_runs():
    g = make('(move (from "a1") (to "d4") then:(remove "b2"))')
    s = position(g, {"a1": "Disc1", "b2": "Disc2", "d4": "Disc2"}, 1)
    assert texts(s) == ["a1-d4xb2"]
    s.apply(s.legal_moves()[0])
    assert s.board() == {"d4": "Disc1"}


def test_inside_a_piece_from_is_that_piece_and_to_sees_it():
    g = make("(forEach Piece)",
             "(move (from) (to (sites Around (from)) if:(is Empty (to))))")
    s = position(g, {"a1": "Disc1", "a2": "Disc2", "c3": "Disc1"}, 1)
    got = texts(s)
    assert "a1-b1" in got and "a1-b2" in got and "a1-a2" not in got
    assert len(got) == len(set(got)) == 2 + 8


def test_from_if_filters_origins():
    g = make('(move (from (sites Occupied by:Mover) if:(is In (from) (sites {"b1"}))) '
             '(to (sites Empty)))')
    s = position(g, {"a1": "Disc1", "b1": "Disc1"}, 1)
    assert {t.split("-")[0] for t in texts(s)} == {"b1"}


def test_occupied_by_all_and_by_a_player():
    g = make('(move (from (sites Occupied by:All)) (to "a4"))')
    s = position(g, {"a1": "Disc1", "b1": "Disc2"}, 1)
    assert texts(s) == ["a1-a4", "b1-a4"]
    with pytest.raises(LudemeError, match="names the players once"):
        make("(move (from (sites Occupied Mover by:Mover)) (to (sites Empty)))")


def test_a_misspelt_kind_is_still_an_unknown_kind():
    with pytest.raises(LudemeError, match="(?s)unknown kind 'Stepp'.*did you mean 'Step'"):
        make("(move Stepp (to if:(is Empty (to))))")


def test_sites_of_a_player_are_the_regions_it_owns():
    g = ludeme.loads("""
        (game "Test" (players 2)
            (equipment {(board (square 4)) (piece "Disc" Each)
                (regions P1 (sites {"a4" "b4"})) (regions P2 (sites {"a1"}))})
            (rules
                (start {(place "Disc1" {"c1"}) (place "Disc2" {"d4"})})
                (play (move (from (sites Occupied by:Mover)) (to (sites Mover))))
                (end (if (is In (last To) (sites P2)) (result P2 Win))))
        )""", file="test.lud")
    s = g.new_initial_state()
    assert texts(s) == ["c1-a4", "c1-b4"]
    s.apply(s.parse_move("c1-a4"))
    assert texts(s) == ["d4-a1"]  # (sites Mover) is now P2's
    s.apply(s.parse_move("d4-a1"))
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


@pytest.mark.parametrize("gen, expected", [
    # checked with the real Ludii (run.sh trace): Move:8->5 Move:8->7 on a 3x3 board
    ("(move Step (from (site)) Orthogonal (to if:(is Empty (to))))", ["d4-c4", "d4-d3"]),
    ("(move Slide (from (site)) Orthogonal)",
     ["d4-a4", "d4-b4", "d4-c4", "d4-d1", "d4-d2", "d4-d3"]),
])
def test_a_generator_from_a_given_site_moves_an_enemy_piece_there(gen, expected):
    # Ludii's step, slide, hop and leap move the piece on the site (from ...) gives,
    # whoever owns it: a player's rule may ask whether the next player's piece can move
    g = make(f"(forEach Site (sites Occupied by:Next) {gen})")
    s = position(g, {"a1": "Disc1", "d4": "Disc2"}, 1)
    assert texts(s) == expected


def test_can_move_asks_about_the_next_players_pieces():
    # a capture by blocking: the placed piece removes each enemy piece that cannot step
    g = make("""(move Add (to (sites Empty))
        (then (forEach Site (sites Occupied by:Next)
            (if (not (can Move (step (from (site)) Orthogonal (to if:(is Empty (to))))))
                (remove (site))))))""")
    s = position(g, {"d4": "Disc2", "d3": "Disc1", "b1": "Disc2"}, 1)
    s.apply(s.parse_move("c4"))
    assert s.board() == {"c4": "Disc1", "d3": "Disc1", "b1": "Disc2"}
