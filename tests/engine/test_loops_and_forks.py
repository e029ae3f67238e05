"""Havannah's winning shapes with Ludii's ludemes: ``(is Loop)`` (a ring around at least
one site), ``(is Connected 3 SidesNoCorners)`` (a fork) and ``(is Connected 2 Corners)``
(a bridge), on hand-built positions of a hexagon of side 4."""

from __future__ import annotations

import ludeme
from ludeme.runtime.position import position


def make(cond: str):
    return ludeme.loads(f"""
        (game "H" (players 2) (equipment {{(board (hex 4)) (piece "Ball" Each)}})
            (rules (play (move Add (to (sites Empty))))
                (end (if {cond} (result Mover Win)))))""", file="h.lud")


def after(game, pieces: dict[str, str], move: str):
    s = position(game, pieces, 1)
    s.apply(s.parse_move(move))
    return s


RING = ["c3", "d3", "c4", "e4", "d5"]   # five of the six neighbours of d4


def test_a_ring_around_a_site_is_a_loop():
    g = make("(is Loop)")
    own = {x: "Ball1" for x in RING}
    assert after(g, own, "e5").returns() == [1.0, -1.0]
    # the enclosed site may hold an enemy piece
    assert after(g, {**own, "d4": "Ball2"}, "e5").returns() == [1.0, -1.0]
    # five stones are no ring, nor is a ring filled with the mover's own stones
    assert not after(g, {x: "Ball1" for x in RING[:4]}, "e5").is_terminal()
    assert not after(g, {**own, "d4": "Ball1"}, "e5").is_terminal()


def test_a_ring_around_a_site_of_the_edge_is_no_loop():
    g = make("(is Loop)")
    # the neighbours of b2 but a1, which is on the edge: b2 is then not enclosed
    assert not after(g, {x: "Ball1" for x in ["b1", "a2", "c2", "b3"]}, "c3").is_terminal()


def test_a_fork_joins_three_sides_not_counting_corners():
    g = make("(is Connected 3 SidesNoCorners)")
    # a2 (south-west side), row 2 to e2 (south-east side), b1 (south side)
    row = {x: "Ball1" for x in ["a2", "b2", "c2", "d2"]}
    assert after(g, {**row, "b1": "Ball1"}, "e2").returns() == [1.0, -1.0]
    assert not after(g, row, "e2").is_terminal()            # two sides only
    # a corner is on two sides but counts for neither
    assert not after(g, {"a1": "Ball1", "b2": "Ball1"}, "c2").is_terminal()


def test_a_bridge_joins_two_corners():
    g = make("(is Connected 2 Corners)")
    assert after(g, {"a1": "Ball1", "b1": "Ball1", "c1": "Ball1"}, "d1").returns() == [1.0, -1.0]
    assert not after(g, {"b1": "Ball1", "c1": "Ball1"}, "d1").is_terminal()
