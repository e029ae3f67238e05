"""Turn order: phases with fixed orders, cycles, skipping stuck players, end rules."""

from __future__ import annotations

import pytest

import ludeme
from ludeme.runtime.search import perft

PHASED = """
(game "Phased"
    (players 3)
    (equipment { (board (square 4)) (piece "Stone" Each) (piece "Marker" Shared) })
    (rules
        phases:{
            (phase "Setup" (play (move Add "Marker" (to (sites Empty)))) order:{P2 P2 P1})
            (phase "Play" (play (move Add "Stone" (to (sites Empty)))))
        }
        (end (if (is Full) (result Mover Draw)))
    )
)
"""


def test_fixed_order_phase_then_cycle():
    g = ludeme.loads(PHASED)
    s = g.new_initial_state()
    movers = []
    while not s.is_terminal():
        movers.append(s.current_player())
        s.apply(s.legal_moves()[0])
    # setup P2 P2 P1, then the cycle continues after P1: P2 P3 P1 P2 ...
    assert movers[:3] == [2, 2, 1]
    assert movers[3:9] == [2, 3, 1, 2, 3, 1]
    assert len(movers) == 16
    assert s.returns() == [0.0, 0.0, 0.0]


def test_setup_moves_place_the_shared_piece():
    g = ludeme.loads(PHASED)
    s = g.new_initial_state()
    s.apply(s.parse_move("a1"))
    assert s.board() == {"a1": "Marker"}
    s.apply(s.parse_move("marker b1"))
    s.apply(s.parse_move("c1"))
    s.apply(s.parse_move("d1"))
    assert s.board()["d1"] == "Stone2"


SKIPPING = """
(game "Skipping"
    (players 3)
    (equipment { (board (rectangle 1 5)) (piece "Stone" Each) })
    (rules
        (play
            (if (< (count Pieces Mover) 1) (move Add (to (sites Empty))))
            skipStuck:True)
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"""


def test_players_with_no_move_are_skipped_and_the_game_ends_when_nobody_can_move():
    # each player may place one stone only; after three placements nobody can move
    g = ludeme.loads(SKIPPING)
    s = g.new_initial_state()
    movers = []
    while not s.is_terminal():
        movers.append(s.current_player())
        s.apply(s.legal_moves()[0])
    assert movers[:3] == [1, 2, 3]
    # as in Ludii with three players, the winner (P3, whose next player cannot move)
    # leaves the game and the others play on: P1 wins next when P2 cannot move
    assert s.standing.rank[1:] == (2.0, 3.0, 1.0)
    assert s.returns() == [0.0, -1.0, 1.0]


def test_a_stuck_player_passes_and_the_game_is_drawn_once_everybody_has_passed():
    # Ludii's rule: a player with no legal move gets a pass; once every player has
    # passed in a row the game ends in a draw
    text = """(game "Stuck" (players 2)
        (equipment { (board (square 2)) (piece "Stone" Each) })
        (rules (play (move Add (to (sites Empty))))))"""
    s = ludeme.loads(text).new_initial_state()
    assert perft(s, 4) == 24
    assert perft(s, 6) == 24   # two forced passes each, then drawn
    for _ in range(4):
        s.apply(s.legal_moves()[0])
    assert not s.is_terminal()
    assert [m.kind for m in s.legal_moves()] == ["pass"]
    s.apply(s.legal_moves()[0])
    assert not s.is_terminal() and s.current_player() == 2
    s.apply(s.legal_moves()[0])
    assert s.is_terminal() and s.returns() == [0.0, 0.0]


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_any_player_count_cycles(players):
    text = f"""(game "Many" (players {players})
        (equipment {{ (board (square 3)) (piece "Stone" Each) }})
        (rules (play (move Add (to (sites Empty))))
               (end (if (is Full) (result Mover Win)))))"""
    s = ludeme.loads(text).new_initial_state()
    movers = []
    while not s.is_terminal():
        movers.append(s.current_player())
        s.apply(s.legal_moves()[0])
    assert movers[:9] == [(i % players) + 1 for i in range(9)]
    if players <= 2:
        assert len(movers) == 9 and s.winners() == [movers[-1]]
        return
    # with more players, as in Ludii, the game goes on after the first win: the board
    # stays full, so each next player wins in turn (passing) and takes the next rank,
    # until one player is left, ranked last (checked against the real Ludii)
    assert len(movers) == 9 + players - 2
    order = [(movers[8] - 1 + k) % players + 1 for k in range(players)]
    assert [s.standing.rank[p] for p in order] == [float(r) for r in range(1, players + 1)]


def test_repetition_counts_positions_with_the_side_to_move():
    text = """(game "Shuffle" (players 2)
        (equipment { (board (rectangle 1 4)) (piece "Stone" Each (move Step (to if:(is Empty (to))))) })
        (rules (start { (place "Stone1" "a1") (place "Stone2" "d1") })
               (play (forEach Piece))
               (end (if (is Repeat 3) (result Mover Draw)))))"""
    s = ludeme.loads(text).new_initial_state()
    assert s.repetitions() == 1
    s.apply(s.parse_move("a1-b1"))  # a different position
    assert s.repetitions() == 1
    s.apply(s.parse_move("d1-c1"))
    s.apply(s.parse_move("b1-a1"))
    assert s.repetitions() == 1     # the same pieces, but P2 to move
    s.apply(s.parse_move("c1-d1"))  # back to the start with P1 to move: second time
    assert s.repetitions() == 2 and not s.is_terminal()
    for text_move in ("a1-b1", "d1-c1", "b1-a1", "c1-d1"):
        s.apply(s.parse_move(text_move))
    assert s.is_terminal() and s.returns() == [0.0, 0.0]   # third time: drawn


def test_two_passes_in_a_row_end_the_game_drawn():
    # as in Ludii, also when the passes are the game's own (move Pass)
    text = """(game "Passing" (players 2)
        (equipment { (board (rectangle 1 3)) (piece "Stone" Each) })
        (rules (play (or (move Add (to (sites Empty))) (move Pass)))
               (end (if (is Full) (result Mover Win)))))"""
    s = ludeme.loads(text).new_initial_state()
    pass_move = next(m for m in s.legal_moves() if m.kind == "pass")
    s.apply(pass_move)
    assert not s.is_terminal()
    s.apply(pass_move)
    assert s.is_terminal() and s.returns() == [0.0, 0.0]
