"""The ludemes Ludii's draughts files are made of, on hand-built positions: pieces that
face a direction and move relative to it ((piece ... N), (directions {FR FL})),
(forEach Piece "Kind" <moves>), (remove ... at:EndOfTurn) with (sites ToClear), and
(no Moves Next) asked with the player who has just moved as the previous one."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.errors import LudemeError
from ludeme.runtime.position import position

MEN = """
(game "Men" (players 2)
    (equipment {
        (board (square 5))
        (piece "Man" P1 N)
        (piece "Man" P2 S)
        (piece "King" Each)
    })
    (rules
        (play (or
            (forEach Piece "Man" (move Step (directions {FR FL}) (to if:(is Empty (to)))))
            (forEach Piece "King" (move Step Orthogonal (to if:(is Empty (to)))))))
        (end (if (no Moves Next) (result Mover Win)))
    )
)"""


def moves(s) -> set[str]:
    return {s.move_to_string(m) for m in s.legal_moves()}


def test_forward_right_and_left_turn_with_the_way_the_piece_faces():
    g = ludeme.loads(MEN, file="test.lud")
    s = position(g, {"c3": "Man1", "a5": "Man2"}, 1)
    assert moves(s) == {"c3-b4", "c3-d4"}                    # facing N: NE and NW
    s = position(g, {"c3": "Man2", "a1": "Man1"}, 2)
    assert moves(s) == {"c3-b2", "c3-d2"}                    # facing S: SW and SE
    s = position(g, {"c3": "King1", "a5": "Man2"}, 1)
    assert moves(s) == {"c3-c4", "c3-c2", "c3-b3", "c3-d3"}  # only the named kind steps so


def test_each_relative_direction_of_a_piece_facing_north_or_east():
    from ludeme.compile.directions import relative

    eight = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

    def resolve(names, facing, supported):
        return tuple(d for name in names for d in relative(name, facing, supported))

    assert resolve(("Forward", "Backward", "Leftward", "Rightward"), "N", eight) == \
        ("N", "S", "W", "E")
    assert resolve(("FR", "FL", "BR", "BL"), "N", eight) == ("NE", "NW", "SW", "SE")
    assert resolve(("FR", "FL"), "E", eight) == ("SE", "NE")
    assert resolve(("Forwards",), "N", eight) == ("NW", "N", "NE")
    assert resolve(("Rightwards",), "N", eight) == ("NE", "E", "SE")
    # on a board of four directions, forward right of north is the next one clockwise
    assert resolve(("FR", "FL"), "N", ("N", "E", "S", "W")) == ("E", "W")


def test_a_players_direction_comes_before_the_pieces_own():
    g = ludeme.loads(MEN.replace("(players 2)", "(players {(player S) (player N)})"),
                     file="test.lud")
    s = position(g, {"c3": "Man1", "a5": "Man2"}, 1)
    assert moves(s) == {"c3-b2", "c3-d2"}                    # P1 faces S, not its man's N


def test_relative_directions_slide_too_and_turn_per_piece_outside_forEach_Piece():
    slide = MEN.replace("(move Step Orthogonal (to if:(is Empty (to))))",
                        "(move Slide (directions {Forward}))")
    g = ludeme.loads(slide, file="test.lud")
    s = position(g, {"c3": "King1", "a5": "Man2"}, 1)
    assert moves(s) == {"c3-c4", "c3-c5"}                    # a king faces N by default
    # a step written outside (forEach Piece): each man by the way it faces
    loose = MEN.replace('(forEach Piece "Man" (move Step (directions {FR FL}) '
                        '(to if:(is Empty (to)))))',
                        "(move Step (directions {FR FL}) (to if:(is Empty (to))))")
    g = ludeme.loads(loose, file="test.lud")
    s = position(g, {"c3": "Man1", "a5": "Man2"}, 1)
    assert moves(s) == {"c3-b4", "c3-d4"}
    s = position(g, {"c3": "Man2", "a1": "Man1"}, 2)
    assert moves(s) == {"c3-b2", "c3-d2"}


SEQUENCE = """
(game "Sequence" (players 2)
    (equipment { (board (square 6)) (piece "Man" Each) })
    (rules
        (play (if (is Prev Mover)
            (move Hop (from (last To)) Orthogonal
                (between if:(and (not (is In (between) (sites ToClear)))
                                 (is Enemy (who at:(between))))
                         (apply (remove (between) at:EndOfTurn)))
                (to if:(is Empty (to)))
                (then (if (can Move (hop (from (last To)) Orthogonal
                        (between if:(and (not (is In (between) (sites ToClear)))
                                         (is Enemy (who at:(between)))))
                        (to if:(is Empty (to)))))
                    (moveAgain))))
            (priority {
                (forEach Piece "Man" (move Hop (from (from)) Orthogonal
                    (between if:(is Enemy (who at:(between)))
                             (apply (remove (between) at:EndOfTurn)))
                    (to if:(is Empty (to)))
                    (then (if (can Move (hop (from (last To)) Orthogonal
                            (between if:(and (not (is In (between) (sites ToClear)))
                                             (is Enemy (who at:(between)))))
                            (to if:(is Empty (to)))))
                        (moveAgain)))))
                (forEach Piece "Man" (move Step Orthogonal (to if:(is Empty (to)))))
            })))
        (end (if (no Moves Next) (result Mover Win)))
    )
)"""


def test_pieces_taken_at_the_end_of_the_turn_stay_until_the_sequence_ends():
    g = ludeme.loads(SEQUENCE, file="test.lud")
    # a1 hops b1 to c1, then c2 to c3, then may not hop back over b1 (marked to clear)
    s = position(g, {"a1": "Man1", "b1": "Man2", "c2": "Man2", "f6": "Man2"}, 1)
    assert moves(s) == {"a1-c1"}          # the capture is put off: the notation has no x
    s.apply(s.legal_moves()[0])
    assert s.current_player() == 1                             # the sequence goes on
    assert set(s.board()) == {"c1", "b1", "c2", "f6"}          # b1 still stands
    assert {s.game.board.labels[m.to] for m in s.legal_moves()} == {"c3"}
    s.apply(s.legal_moves()[0])
    assert s.current_player() == 2                             # the turn is over:
    assert s.board() == {"c3": "Man1", "f6": "Man2"}           # both taken at once


def test_max_moves_keeps_the_moves_that_begin_the_longest_sequence():
    g = ludeme.loads(SEQUENCE.replace("(priority {", "(priority { (max Moves")
                     .replace("(moveAgain)))))\n                (forEach Piece",
                              "(moveAgain))))))\n                (forEach Piece"),
                     file="test.lud")
    # a1 can take b1 (then c2: two in all); e1 can take e2 only (one): a1 must
    s = position(g, {"a1": "Man1", "b1": "Man2", "c2": "Man2", "e1": "Man1",
                     "e2": "Man2", "f6": "Man2"}, 1)
    assert moves(s) == {"a1-c1"}
    # without the longer sequence both single captures are kept
    s = position(g, {"a1": "Man1", "b1": "Man2", "e1": "Man1", "e2": "Man2",
                     "f6": "Man2"}, 1)
    assert moves(s) == {"a1-c1", "e1-e3"}


def test_a_players_direction_is_the_way_its_pieces_face():
    g = ludeme.loads(MEN.replace("(players 2)", "(players {(player S) (player N)})"),
                     file="test.lud")
    s = position(g, {"c3": "Man1", "a5": "Man2"}, 1)
    assert moves(s) == {"c3-b2", "c3-d2"}                    # P1 faces S, over its N
    s = position(g, {"c3": "Man2", "a1": "Man1"}, 2)
    assert moves(s) == {"c3-b4", "c3-d4"}


def test_a_hop_continues_in_the_direction_of_the_last_move():
    g = ludeme.loads("""(game "Line" (players 2)
        (equipment {(board (square 7)) (piece "Man" Each)})
        (rules (play (if (is Prev Mover)
                   (move Hop (from (last To)) SameDirection
                       (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                       (to if:(is Empty (to))))
                   (forEach Piece "Man" (move Hop (from) Orthogonal
                       (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                       (to if:(is Empty (to)))
                       (then (moveAgain))))))
               (end (if (no Moves Next) (result Mover Win)))))""", file="test.lud")
    # a1 hops b1 eastwards; then only eastwards (d1), not northwards (c2 over... c3)
    s = position(g, {"a1": "Man1", "b1": "Man2", "d1": "Man2", "c2": "Man2",
                     "g7": "Man2"}, 1)
    s.apply(s.parse_move("a1-c1"))
    assert moves(s) == {"c1-e1xd1"}
    with pytest.raises(LudemeError) as err:
        ludeme.loads(MEN.replace("(directions {FR FL})", "SameDirection"), file="test.lud")
    assert "(move Hop ...) only" in str(err.value)
