"""Ludii's turn bookkeeping: ``(count Turns)``, ``(count MovesThisTurn)`` and ``(is
Visited ...)``, on a hand-built game where a piece steps twice a turn and may not come
back to a site it left in that turn."""

from __future__ import annotations

import ludeme

GAME = """
(game "T" (players 2)
    (equipment {
        (board (square 4))
        (piece "Disc" Each
            (move Step Orthogonal
                (to if:(and (is Empty (to)) (not (is Visited (to)))))
                (then (if (= (count MovesThisTurn) 0) (moveAgain)))))})
    (rules
        (start {(place "Disc1" "a1") (place "Disc2" "d4")})
        (play (forEach Piece))
        (end (if (= (count Turns) 3) (result Mover Win)))))
"""


def _targets(s) -> set[str]:
    return {s.move_to_string(m).split("-")[-1] for m in s.legal_moves()}


def test_moves_this_turn_and_visited_sites_within_a_turn():
    g = ludeme.loads(GAME, file="t.lud")
    s = g.new_initial_state()
    assert _targets(s) == {"a2", "b1"}
    s.apply(s.parse_move("a1-a2"))
    assert s.current_player() == 1          # first move of the turn: moves again
    assert _targets(s) == {"a3", "b2"}      # a1 was visited this turn
    s.apply(s.parse_move("a2-b2"))
    assert s.current_player() == 2          # second move: the turn passes
    assert _targets(s) == {"d3", "c4"}
    s.apply(s.parse_move("d4-d3"))
    assert _targets(s) == {"d2", "c3"}      # d4 visited by this player's turn
    s.apply(s.parse_move("d3-c3"))
    # a new turn for P1: nothing visited any more, a1 is reachable again
    assert s.current_player() == 1
    assert _targets(s) == {"a2", "b1", "b3", "c2"}


def test_turns_count_player_changes_not_moves():
    g = ludeme.loads(GAME, file="t.lud")
    s = g.new_initial_state()
    for text in ("a1-a2", "a2-b2", "d4-d3"):
        s.apply(s.parse_move(text))
        assert not s.is_terminal()
    # the end rule sees the turn of the move just made: turn 2 until P2's turn is over,
    # then turn 3 begins (P1's second turn) and the game ends after its first move there
    s.apply(s.parse_move("d3-c3"))
    assert not s.is_terminal()
    s.apply(s.parse_move("b2-b3"))
    assert s.is_terminal()
    assert s.winners() == [1]


def test_count_moves_counts_the_move_whose_consequences_run():
    """Ludii stores a move in its trial before running its consequences: in a then:
    effect (count Moves) already counts it (Connect6's "every even move, again")."""
    g = ludeme.loads("""(game "Pairs" (players 2)
      (equipment {(board (square 4)) (piece "Disc" Each)})
      (rules (play (move Add (to (sites Empty))
                     (then (if (is Even (count Moves)) (moveAgain)))))
             (end (if (is Full) (result Mover Draw)))))""")
    s = g.new_initial_state()
    movers = []
    for _ in range(7):
        movers.append(s.current_player())
        s.apply(s.legal_moves()[0])
    assert movers == [1, 2, 2, 1, 1, 2, 2]
