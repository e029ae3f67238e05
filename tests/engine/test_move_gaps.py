"""Small gaps in the move vocabulary, each against Ludii's meaning: ``All`` as a set of
directions, ``(id ...)`` and ``(where ...)`` of a player known only in play, ``(is
Empty ...)`` of a site off the board, and ``(move Add ...)`` onto an occupied site."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position


def make(equipment: str, play: str, start: str = "", size: int = 5):
    return ludeme.loads(f"""
        (game "Test" (players 2)
            (equipment {{(board (square {size})) {equipment}}})
            (rules (start {{{start}}}) (play {play})
                (end (if (>= (count Moves) 20) (result Mover Draw)))))""", file="test.lud")


def texts(s) -> list[str]:
    return sorted(s.move_to_string(m) for m in s.legal_moves())


def test_slide_all_reads_all_as_every_direction():
    all_ = make('(piece "Queen" Each (move Slide All))', "(forEach Piece)",
                '(place "Queen1" "c3") (place "Queen2" "a5")')
    adjacent = make('(piece "Queen" Each (move Slide Adjacent))', "(forEach Piece)",
                    '(place "Queen1" "c3") (place "Queen2" "a5")')
    got = texts(all_.new_initial_state())
    assert got == texts(adjacent.new_initial_state())
    assert len(got) == 15 and "c3-e5" in got and "c3-a1" in got


def test_all_still_names_every_player_where_a_player_is_asked():
    g = make('(piece "Disc" Each) (hand All)', "(move Add (handSite Mover) (to (sites Empty)))",
             '(place "Disc" (handSite All) count:1)', size=3)
    s = g.new_initial_state()
    assert len(s.legal_moves()) == 9
    s.apply(s.legal_moves()[0])
    assert len(s.legal_moves()) == 8  # P2 has its own piece in hand


def test_id_and_where_of_the_mover():
    g = make('(piece "Queen" Each (move Slide Orthogonal))',
             '(if (is In (where "Queen" Mover) (sites {"c3"})) (forEach Piece) (move Pass))',
             '(place "Queen1" "c3") (place "Queen2" "a5")')
    s = g.new_initial_state()
    assert "c3-c4" in texts(s)
    s.apply(s.parse_move("c3-c4"))
    assert texts(s) == ["pass"]  # P2's queen is not on c3
    g = make('(piece "Queen" Each (move Slide Orthogonal))',
             '(if (= (what at:"a5") (id "Queen" Mover)) (forEach Piece) (move Pass))',
             '(place "Queen1" "c3") (place "Queen2" "a5")')
    s = g.new_initial_state()
    assert texts(s) == ["pass"]
    s.apply(s.legal_moves()[0])
    assert "a5-a4" in texts(s)


def test_is_empty_off_the_board_is_false():
    # no move yet: (last To) is off the board, which is not empty
    g = make('(piece "Disc" Each)', '(if (is Empty (last To)) (move Pass) '
             '(move Add (to (sites Empty))))', size=3)
    assert "pass" not in texts(g.new_initial_state())
    g = make('(piece "Disc" Each)', "(move Add (to (sites Board) if:(not (is Occupied "
             "(last To)))))", size=3)
    # off the board is not occupied either
    assert len(texts(g.new_initial_state())) == 9


def test_ahead_off_the_board_is_the_site_itself():
    # as in Ludii's Ahead: where the line ends, (ahead ...) is the site it starts from
    g = make('(piece "Disc" Each)', '(move Add (to (sites Board) if:(= (to) (ahead (to) N))))',
             size=3)
    assert texts(g.new_initial_state()) == ["a3", "b3", "c3"]
    g = make('(piece "Disc" Each)', '(move Add (to (sites Board) if:(= (to) (ahead (to) E '
             'steps:2))))', size=3)
    # two steps east exist from column a only; (ahead ... steps:0) is the site itself
    assert texts(g.new_initial_state()) == ["b1", "b2", "b3", "c1", "c2", "c3"]
    g = make('(piece "Disc" Each)', '(move Add (to (sites Board) if:(= (ahead (to) E '
             'steps:2) (ahead (to) steps:(- 3 1) E))))', size=3)
    assert len(texts(g.new_initial_state())) == 9  # a constant and a computed count agree


def test_add_never_replaces_a_piece():
    g = make('(piece "Disc" Each)', "(move Add (to (sites Board)))", '(place "Disc1" {"a1" "b2"})',
             size=3)
    s = g.new_initial_state()
    got = texts(s)
    assert "a1" not in got and "b2" not in got and len(got) == 7
    s = position(g, {"c3": "Disc2"}, 1)
    assert "c3" not in texts(s)


def test_add_from_a_hand_never_replaces_a_piece():
    g = make('(piece "Disc" Each) (hand Each)',
             '(move Add (handSite Mover) (to (sites {"a1" "b1" "c1"})))',
             '(place "Disc" (handSite Each) count:3) (place "Disc2" "b1")', size=3)
    assert texts(g.new_initial_state()) == ["a1", "c1"]


def test_ahead_takes_any_direction_of_the_board():
    # a hexagonal board's NNE: the centre has a neighbour that way, the edge cells not
    g = ludeme.loads('(game "H" (players 2) (equipment {(board (hex 2)) (piece "Disc" Each)}) '
                     '(rules (play (move Add (to (sites Empty) if:(= (to) (ahead (to) NNE))))) '
                     '(end (if (is Full) (result Mover Win)))))')
    got = texts(g.new_initial_state())
    centre = g.board.labels[g.board.centre[g.board.default_type][0]]
    assert got and centre not in got and len(got) < 7
