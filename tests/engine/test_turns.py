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
    assert movers == [1, 2, 3]
    assert s.winners() == [3]


def test_a_stuck_player_without_end_rule_ends_the_game_drawn():
    text = """(game "Stuck" (players 2)
        (equipment { (board (square 2)) (piece "Stone" Each) })
        (rules (play (move Add (to (sites Empty))))))"""
    s = ludeme.loads(text).new_initial_state()
    assert perft(s, 4) == 24
    for _ in range(4):
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
    assert movers == [(i % players) + 1 for i in range(9)]
    assert s.winners() == [movers[-1]]


def test_repetition_counts_positions_with_the_side_to_move():
    text = """(game "Shuffle" (players 2)
        (equipment { (board (rectangle 1 3)) (piece "Stone" Each) })
        (rules (play (or (move Add (to (sites Empty))) (move Pass)))
               (end (if (is Repeat 3) (result Mover Draw)))))"""
    s = ludeme.loads(text).new_initial_state()
    assert s.repetitions() == 1
    pass_move = next(m for m in s.legal_moves() if m.kind == "pass")
    s.apply(pass_move)          # P2 to move: a different position
    assert s.repetitions() == 1
    s.apply(pass_move)          # back to the start with P1 to move: second time
    assert s.repetitions() == 2 and not s.is_terminal()
    s.apply(pass_move)
    s.apply(pass_move)          # third time: drawn
    assert s.is_terminal() and s.returns() == [0.0, 0.0]
