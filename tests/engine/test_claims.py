"""Edges and claims, the vocabulary of Dots and Boxes, on hand-built positions:
(move Add (to Edge ...)), (forEach Site ...) with (site), (claim ...), (count Cells),
(/ ...), and the "Ball" pieces Ludii gives a game that declares none. The description
is a small game written for these tests."""

import ludeme
from ludeme.runtime.position import position

GAME = """
(game "Boxes"
    (players 2)
    (equipment { (board (square 2)) })
    (rules
        (play (move Add (to Edge (sites Empty Edge))
                  (then (forEach Site (sites Incident Cell of:Edge at:(last To))
                            (if (= 0 (count Sites in:(intersection
                                        (sites Incident Edge of:Cell at:(site))
                                        (sites Empty Edge))))
                                (claim (to Cell (site))
                                       (then (and (addScore Mover 1) (moveAgain)))))))))
        (end (if (> (score Mover) (/ (count Cells) 2)) (result Mover Win)))))
"""


def game():
    return ludeme.loads(GAME)


def edges_of(g, cell: int) -> tuple[int, ...]:
    return g.board.cell_edges[g.board.sites["Cell"][cell]]


def add_edge(s, edge: int) -> None:
    (m,) = [m for m in s.legal_moves() if m.to == edge]
    s.apply(m)


def test_a_game_without_pieces_has_a_ball_per_player():
    g = game()
    assert g.pieces.names[1:] == ["Ball1", "Ball2"]
    assert g.board.count["Cell"] == 4 and g.board.count["Edge"] == 12


def test_edges_are_the_moves():
    g = game()
    s = g.new_initial_state()
    assert sorted(m.to for m in s.legal_moves()) == list(g.board.sites["Edge"])


def test_completing_a_box_claims_it_scores_and_moves_again():
    g = game()
    s = g.new_initial_state()
    first = edges_of(g, 0)
    s.apply([m for m in s.legal_moves() if m.to == first[0]][0])      # P1
    for e in first[1:3]:
        add_edge(s, e)                                                # P2, P1
    assert s.current_player() == 2
    add_edge(s, first[3])                                             # P2 closes the box
    cell = g.board.sites["Cell"][0]
    assert g.pieces.names[s.what[cell]] == "Ball2"
    assert s.score[2] == 1
    assert s.current_player() == 2                                    # and moves again


def test_one_edge_can_complete_two_boxes():
    g = game()
    a, b = set(edges_of(g, 0)), set(edges_of(g, 1))
    (shared,) = a & b
    # every other edge of the two boxes is drawn (who drew them does not matter)
    s = position(g, {g.board.labels[e]: "Ball2" for e in (a | b) - {shared}}, mover=1)
    add_edge(s, shared)
    cells = g.board.sites["Cell"]
    assert s.what[cells[0]] == s.what[cells[1]] == 1
    assert s.score[1] == 2
    assert s.current_player() == 1


def test_more_than_half_the_boxes_wins():
    g = game()
    # (/ (count Cells) 2) is 2: a third box wins, a second does not
    assert _wins_with(g, 3) and not _wins_with(g, 2)
    e0 = edges_of(g, 3)
    s = position(g, {g.board.labels[e]: "Ball2" for e in e0[1:]}, mover=1)
    s.score[1] = 2
    add_edge(s, e0[0])
    assert s.returns() == [1.0, -1.0]


def test_integer_division_rounds_towards_zero():
    for text, value in (("(/ 7 2)", 3), ("(/ -7 2)", -3), ("(/ 7 -2)", -3), ("(/ 6 3)", 2)):
        desc = GAME.replace("(/ (count Cells) 2)", text)
        g = ludeme.loads(desc)
        # the end rule reads the quotient: the mover wins once its score exceeds it
        assert _wins_with(g, value + 1) and not _wins_with(g, value), text


def _wins_with(g, score: int) -> bool:
    """Whether P1 has won once closing a box brings its score to ``score``."""
    e0 = edges_of(g, 3)
    s = position(g, {g.board.labels[e]: "Ball2" for e in e0[1:]}, mover=1)
    s.score[1] = score - 1            # closing the box adds one
    add_edge(s, e0[0])
    return s.is_terminal()
