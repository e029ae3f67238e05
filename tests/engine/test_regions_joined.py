"""Ludii's (is Connected {<regions>}): the group of the last placed piece touches every
region of the list (Cross, Y, Havannah's forks and bridges)."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position

JOIN = """(game "Join" (players 2) (equipment {(board (square 4)) (piece "Disc" Each)})
  (rules (play (move Add (to (sites Empty))))
    (end (if (is Connected %s {(sites Bottom) (sites Top)}) (result Mover Win)))))"""


def test_the_last_pieces_group_must_touch_every_region():
    g = ludeme.loads(JOIN % "")
    s = g.new_initial_state()
    for mv in ("a1", "d4", "a2", "d3", "a3", "d2"):
        s.apply(s.parse_move(mv))
        assert not s.is_terminal()        # P2's d2-d4 touches Top only
    s.apply(s.parse_move("a4"))
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_the_group_follows_the_same_piece_only_and_the_directions_given():
    g = ludeme.loads(JOIN % "Orthogonal")
    # P1 on a1, b2, c3 (diagonal only) and an enemy between: no orthogonal chain
    s = position(g, {"a1": "Disc1", "b2": "Disc1", "c3": "Disc1", "a2": "Disc2"}, 1)
    s.apply(s.parse_move("d4"))
    assert not s.is_terminal()
    g = ludeme.loads(JOIN % "Diagonal")
    s = position(g, {"a1": "Disc1", "b2": "Disc1", "c3": "Disc1", "a2": "Disc2"}, 1)
    s.apply(s.parse_move("d4"))
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_a_single_region_without_braces_is_still_the_one_group_test():
    g = ludeme.loads("""(game "Cut" (players 2)
      (equipment {(board (square 3)) (piece "Disc" Each)})
      (rules (play (do (move Add (to (sites Empty)))
                       ifAfterwards:(is Connected (sites Empty) Orthogonal)))
        (end (if (is Full) (result Mover Draw)))))""")
    s = g.new_initial_state()
    s.apply(s.parse_move("b2"))
    legal = {s.move_to_string(m) for m in s.legal_moves()}
    # taking an edge cell next to a corner isolates nothing yet: all 8 remain legal
    assert legal == {"a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"}
    s.apply(s.parse_move("b1"))
    legal = {s.move_to_string(m) for m in s.legal_moves()}
    # a2 would cut a1 off from the rest of the empty cells
    assert "a2" not in legal and "c2" not in legal and "a1" in legal
