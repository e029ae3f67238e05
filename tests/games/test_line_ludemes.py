"""The line-drawing ludemes outside Branches: single-edge strokes (Dots and Boxes),
incidence between cells, edges and vertices, and the crossing test for any owner."""

from __future__ import annotations

from itertools import combinations

import ludeme
from ludeme.runtime.search import perft

GAME = """(game "Lines" (players 2)
  (equipment {{(board (square {n}) use:{use}) (piece "Pen" Each)}})
  (rules (play {play}) (end (if (no Moves Next) (result Next Loss)))))"""


def load(play: str, use: str = "{Vertex Edge}"):
    # 2 x 2 squares either way: as in Ludii, (square n) counts points on a vertex board
    n = 3 if use.startswith("{Vertex") else 2
    return ludeme.loads(GAME.format(use=use, play=play, n=n))


def test_one_edge_strokes_are_one_move_per_edge():
    g = load("(move Path length:1 from:(sites Board Vertex))")
    s = g.new_initial_state()
    texts = sorted(s.move_to_string(m) for m in s.legal_moves())
    assert len(texts) == 12                      # a 2x2 board has 12 edges
    assert texts[:3] == ["a1-a2", "a1-b1", "a2-a3"]
    assert perft(s, 2) == 12 * 11
    s.apply(s.parse_move("b1-a1"))               # either direction
    assert s.board() == {"a1-b1": "Pen1"}


def test_edges_around_a_cell():
    g = load('(move Add (to (intersection (sites Empty Edge) '
             '(sites Incident Edge of:Cell at:(sites {"a1"})))))', "{Cell Vertex Edge}")
    s = g.new_initial_state()
    assert sorted(s.move_to_string(m) for m in s.legal_moves()) == [
        "a1-a2", "a1-b1", "a2-b2", "b1-b2"]


def test_points_reached_by_the_movers_edges():
    # strokes may only start where the mover's own edges already reach (or at a1)
    g = load('(move Path length:1 from:(union (sites {"a1"}) '
             '(sites Incident Vertex of:Edge at:(sites Occupied Mover Edge))))')
    s = g.new_initial_state()
    assert sorted(s.move_to_string(m) for m in s.legal_moves()) == ["a1-a2", "a1-b1"]
    s.apply(s.parse_move("a1-b1"))               # P1
    s.apply(s.parse_move("a1-a2"))               # P2
    assert sorted(s.move_to_string(m) for m in s.legal_moves()) == ["b1-b2", "b1-c1"]


def test_no_crossing_at_all_counts_own_crossings_too():
    g = load("(do (move Path length:2 from:(sites Board Vertex)) "
             "ifAfterwards:(not (is Crossing)))")
    s = g.new_initial_state()
    assert len(s.legal_moves()) == 22            # sum over middle points of C(degree, 2)
    # independent count of two plies: disjoint pairs of 2-edge paths, except those that
    # give the centre point b2 two straight lines (whoever drew them)
    board = g.board
    v = {lab: board.site(lab, "Vertex") for lab in board.index["Vertex"]}
    paths = [frozenset(pair) for mid in board.sites["Vertex"]
             for pair in combinations(board.vertex_edges[mid], 2)]
    b2 = v["b2"]
    vertical = {board.edge_between[(b2, v["b1"])], board.edge_between[(b2, v["b3"])]}
    horizontal = {board.edge_between[(b2, v["a2"])], board.edge_between[(b2, v["c2"])]}

    def x_at_b2(first, second) -> bool:
        # a line of one owner is a straight path through b2 (one stroke)
        return any(vertical <= p for p in (first, second)) and \
            any(horizontal <= p for p in (first, second))

    expected = sum(1 for a in paths for b in paths if not a & b and not x_at_b2(a, b))
    assert perft(s, 2) == expected
